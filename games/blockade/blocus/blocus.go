// Package blocus implements Le Blocus, the first of the six Blockade games
// (Sid Sackson, 1979): two kings wait on their circles while their players
// place and move six guards each; a king leaves as soon as a path of straight
// runs, turning only at guards, takes it out through the opposite edge.
//
// The rules as implemented, with every reconstruction and decision, are in
// docs/rules/blocus.md.
package blocus

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/blockade/board"
)

// Seats: South moves first.
const (
	South = 0
	North = 1
)

// Guards is the number of guards of each player.
const Guards = 6

// Cell contents.
const (
	empty  uint8 = iota
	kingS        // South's king
	kingN        // North's king
	guardS       // a South guard
	guardN       // a North guard
)

var (
	kingPiece  = [2]uint8{kingS, kingN}
	guardPiece = [2]uint8{guardS, guardN}
	// kingCells are the start (and, until it leaves, only) cells of each
	// king: the circle of the second section from the player's own left in
	// his home row of sections, e2 for South, h11 for North (kings=own-left,
	// the default); or from South's left for both (kings=same-file): North
	// on e11.
	kingCells = [2][2]board.Cell{{board.At(4, 1), board.At(7, 10)}, {board.At(4, 1), board.At(4, 10)}}
	// forward is the direction in which each king leaves the board.
	forward = [2]board.Direction{board.North, board.South}
	// pieceLetters are the letters of the position text, by cell content.
	pieceLetters = [5]byte{'.', 'K', 'k', 'G', 'g'}
	sideLetters  = [2]byte{'S', 'N'}
)

// Precomputed geometry.
var (
	// next[c][d] is the neighbour of c in direction d, or -1 off the board.
	next     [board.Cells][4]int16
	isCircle [board.Cells]bool
	// hashKeys: 4 piece kinds on each cell, then the side to move, then the
	// pass counter (1 and 2).
	hashKeys = game.HashKeys(0xb10c05, board.Cells*4+3)
)

// Moves: a placement is kindPlace|cell, a guard move kindSlide|from|to<<8,
// and the king's exit the single move moveExit.
const (
	kindPlace game.Move = 1 << 16
	kindSlide game.Move = 2 << 16
	moveExit  game.Move = 3 << 16
	kindMask  game.Move = 3 << 16
)

func place(c int) game.Move        { return kindPlace | game.Move(c) }
func slide(from, to int) game.Move { return kindSlide | game.Move(from) | game.Move(to)<<8 }
func moveFrom(m game.Move) int     { return int(m & 0xff) }
func moveTo(m game.Move) int       { return int(m >> 8 & 0xff) }

// The readings of the rule text that the options choose (DECISIONS.md,
// "Alternative readings"); each option's first value is the default.
var (
	exitValues     = []string{"forced", "optional"}
	kingsValues    = []string{"own-left", "same-file"}
	kingpathValues = []string{"sideways", "any", "straight"}
)

// King paths (option kingpath).
const (
	pathSideways = iota // sets off left or right, turns at guards
	pathAny             // may also set off forward
	pathStraight        // a straight run forward, no turns
)

// Readings are the values of the reading options, as indexes in their
// value lists (0 the default).
type Readings struct{ Exit, Kings, KingPath int }

// rules is everything a variant fixes.
type rules struct {
	exitOptional bool
	kingPath     int
	kingCell     [2]board.Cell
	// kingSection marks the cells of the two kings' sections.
	kingSection [board.Cells]bool
	variant     *game.Variant
}

var (
	theGame  *game.Game
	variants = map[Readings]*rules{}
)

func newRules(k Readings) *rules {
	r := &rules{exitOptional: k.Exit == 1, kingPath: k.KingPath, kingCell: kingCells[k.Kings]}
	for c := 0; c < board.Cells; c++ {
		sec := board.Cell(c).Section()
		r.kingSection[c] = sec == r.kingCell[South].Section() || sec == r.kingCell[North].Section()
	}
	// Only the readings that differ from the default are options of the
	// variant, so that the default keeps its name ("blocus").
	opts := game.Options{}
	for _, o := range []struct {
		name   string
		values []string
		i      int
	}{{"exit", exitValues, k.Exit}, {"kings", kingsValues, k.Kings}, {"kingpath", kingpathValues, k.KingPath}} {
		if o.i != 0 {
			opts[o.name] = o.values[o.i]
		}
	}
	r.variant = &game.Variant{
		Game:       theGame,
		Options:    opts,
		Players:    2,
		Seats:      []game.Text{{EN: "South", FR: "Sud"}, {EN: "North", FR: "Nord"}},
		PlyLimit:   400,
		Repetition: 3,
		Start:      func() game.State { return r.newState() },
		Decode:     func(s string) (game.State, error) { return r.decode(s) },
	}
	return r
}

func init() {
	for c := 0; c < board.Cells; c++ {
		cell := board.Cell(c)
		for _, d := range board.Directions {
			next[c][d] = int16(cell.Step(d))
		}
		isCircle[c] = cell.IsCircle()
	}
	theGame = &game.Game{
		ID:         "blocus",
		Name:       game.Text{EN: "Le Blocus", FR: "Le Blocus"},
		Summary:    game.Text{EN: "Blockade: place and move six guards to open a path for your king and block your opponent's (2 players).", FR: "Blockade : placer et déplacer six gardes pour ouvrir le chemin de son roi et barrer celui de l'adversaire (2 joueurs)."},
		Author:     "Sid Sackson, 1979 (Blockade)",
		MinPlayers: 2,
		MaxPlayers: 2,
		Options: []game.Option{
			{Name: "exit", Default: "forced", Values: exitValues, Doc: game.Text{
				EN: "reading of the rule text: a king with an exit path must leave (forced) or may also let its player place or move a guard instead (optional)",
				FR: "lecture de la règle : un roi qui a un chemin de sortie doit sortir (forced) ou son joueur peut aussi poser ou déplacer un garde à la place (optional)",
			}},
			{Name: "kings", Default: "own-left", Values: kingsValues, Doc: game.Text{
				EN: "reading of the rule text: each king starts on the circle of the second section from its own player's left (own-left: North on h11) or from South's left for both (same-file: North on e11)",
				FR: "lecture de la règle : chaque roi part du cercle de la deuxième section à partir de la gauche de son joueur (own-left : Nord en h11) ou de la gauche de Sud pour les deux (same-file : Nord en e11)",
			}},
			{Name: "kingpath", Default: "sideways", Values: kingpathValues, Doc: game.Text{
				EN: "reconstruction of the king's path: it sets off left or right, turning at guards (sideways); may also set off forward (any); or runs straight forward without turning (straight)",
				FR: "reconstitution du chemin du roi : il part à gauche ou à droite et tourne devant les gardes (sideways) ; il peut aussi partir tout droit vers l'avant (any) ; ou il file tout droit vers l'avant sans tourner (straight)",
			}},
		},
		Setup: setup,
	}
	for e := range exitValues {
		for k := range kingsValues {
			for p := range kingpathValues {
				key := Readings{e, k, p}
				variants[key] = newRules(key)
			}
		}
	}
	// The default first, then one variant a reading (the conformance
	// suite and the catalogue go through them).
	theGame.Variants = []game.Options{{}, {"exit": "optional"}, {"kings": "same-file"}, {"kingpath": "any"}, {"kingpath": "straight"}}
	game.Register(theGame)
}

func setup(opts game.Options) (*game.Variant, error) {
	var k Readings
	for _, o := range []struct {
		name   string
		values []string
		i      *int
	}{{"exit", exitValues, &k.Exit}, {"kings", kingsValues, &k.Kings}, {"kingpath", kingpathValues, &k.KingPath}} {
		if v, ok := opts[o.name]; ok {
			// Game.Variant has checked the value against the list.
			for i, allowed := range o.values {
				if v == allowed {
					*o.i = i
				}
			}
		}
	}
	return variants[k].variant, nil
}

// Variant is Le Blocus with the default readings.
func Variant() *game.Variant { return variants[Readings{}].variant }

// VariantOf is Le Blocus with the readings k.
func VariantOf(k Readings) *game.Variant { return variants[k].variant }

// State is a position of Le Blocus.
type State struct {
	r      *rules
	cells  [board.Cells]uint8
	placed [2]uint8 // guards each side has on the board
	toMove uint8
	passes uint8 // passes played in a row; 2 ends the game in a draw
	winner int8  // the side whose king has left, or -1
	exit   bool  // the side to move has an exit path (derived from the board)
	ply    int
}

// New returns the start position of the default readings: both kings on
// their circles, no guard, South to move.
func New() *State { return variants[Readings{}].newState() }

func (r *rules) newState() *State {
	s := &State{r: r, winner: -1}
	s.cells[r.kingCell[South]] = kingS
	s.cells[r.kingCell[North]] = kingN
	s.exit = s.HasExitPath(South)
	return s
}

// Variant implements game.State.
func (s *State) Variant() *game.Variant { return s.r.variant }

// KingCell is the cell of side's king while it is on the board.
func (s *State) KingCell(side int) board.Cell { return s.r.kingCell[side] }

func (s *State) over() bool { return s.winner >= 0 || s.passes >= 2 }

// ToMove implements game.State.
func (s *State) ToMove() int {
	if s.over() {
		return -1
	}
	return int(s.toMove)
}

// Ply implements game.State.
func (s *State) Ply() int { return s.ply }

// Placed returns the number of guards side has placed.
func (s *State) Placed(side int) int { return int(s.placed[side]) }

// HasExitPath reports whether side's king, if it set off now, could leave
// the board through the opposite edge: it sets off left or right, runs
// straight, turns a quarter turn left or right (its choice) when the next
// cell holds a guard, and fails when it would run into the other king, leave
// by a side edge or its own back edge, meet a guard right after a turn, or
// come back to a cell in a direction it already had there. The search visits
// each (cell, direction) once and does not allocate. The other readings of
// kingpath: the king may also set off forward (any), or only runs straight
// forward without turning (straight).
func (s *State) HasExitPath(side int) bool {
	k := int(s.r.kingCell[side])
	if s.cells[k] != kingPiece[side] {
		return false
	}
	fwd := forward[side]
	if s.r.kingPath == pathStraight {
		for n := int(next[k][fwd]); n >= 0; n = int(next[n][fwd]) {
			if s.cells[n] != empty {
				return false
			}
		}
		return true
	}
	var seen [board.Cells]uint8 // bit d: the king was on the cell heading d
	// The stack holds each (cell, heading) once at most, 576 entries; a
	// search needs far fewer, and an array that large, zeroed on every
	// call, cost a quarter of the function: 64 on the stack, more from
	// the heap when a path needs them.
	var room [64]int16
	stack := room[:0]
	other := kingPiece[side^1]
	for _, d := range [3]board.Direction{board.West, board.East, fwd} {
		if d == fwd && s.r.kingPath != pathAny {
			break
		}
		seen[k] |= 1 << d
		stack = append(stack, int16(k*4+int(d)))
	}
	for len(stack) > 0 {
		top := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		p, d := int(top)/4, board.Direction(top%4)
		for {
			n := int(next[p][d])
			if n < 0 { // leaving the board
				if d == fwd {
					return true
				}
				break
			}
			v := s.cells[n]
			if v == other {
				break
			}
			if v >= guardS { // a guard ahead: turn a quarter left or right
				for _, t := range [2]board.Direction{d.Left(), d.Right()} {
					m := int(next[p][t])
					if m < 0 {
						if t == fwd {
							return true
						}
						continue
					}
					if w := s.cells[m]; w == other || w >= guardS {
						continue
					}
					if seen[m]&(1<<t) == 0 {
						seen[m] |= 1 << t
						stack = append(stack, int16(m*4+int(t)))
					}
				}
				break
			}
			// An empty cell (or the king's own start cell, left behind).
			if seen[n]&(1<<d) != 0 {
				break
			}
			seen[n] |= 1 << d
			p = n
		}
	}
	return false
}

// LegalMoves implements game.State: `exit` alone when the mover's king has
// an exit path; otherwise every placement (cells in order) while the mover
// has guards to place, else every guard move (guards in cell order,
// directions north, east, south, west, nearest first); pass when there is
// nothing else. With exit=optional, `exit` comes first, then the others.
func (s *State) LegalMoves(buf []game.Move) []game.Move {
	buf = buf[:0]
	if s.over() {
		return buf
	}
	if s.exit {
		buf = append(buf, moveExit)
		if !s.r.exitOptional {
			return buf
		}
	}
	me := s.toMove
	kingSection := &s.r.kingSection
	if s.placed[me] < Guards {
		first := s.placed[me] == 0
		for c := 0; c < board.Cells; c++ {
			if s.cells[c] == empty && !kingSection[c] && !(first && isCircle[c]) {
				buf = append(buf, place(c))
			}
		}
	} else {
		mine := guardPiece[me]
		for c := 0; c < board.Cells; c++ {
			if s.cells[c] != mine {
				continue
			}
			for d := 0; d < 4; d++ {
				for n := int(next[c][d]); n >= 0 && s.cells[n] == empty; n = int(next[n][d]) {
					if !kingSection[n] {
						buf = append(buf, slide(c, n))
					}
				}
			}
		}
	}
	if len(buf) == 0 {
		buf = append(buf, game.Pass)
	}
	return buf
}

// Apply implements game.State.
func (s *State) Apply(m game.Move) {
	me := s.toMove
	switch {
	case m == game.Pass:
		s.passes++
	case m == moveExit:
		s.cells[s.r.kingCell[me]] = empty
		s.winner = int8(me)
		s.passes = 0
	case m&kindMask == kindPlace:
		s.cells[moveFrom(m)] = guardPiece[me]
		s.placed[me]++
		s.passes = 0
	default:
		s.cells[moveTo(m)] = s.cells[moveFrom(m)]
		s.cells[moveFrom(m)] = empty
		s.passes = 0
	}
	s.ply++
	s.toMove ^= 1
	s.exit = !s.over() && s.HasExitPath(int(s.toMove))
}

// Outcome implements game.State.
func (s *State) Outcome() game.Outcome {
	switch {
	case s.winner >= 0:
		return game.Outcome{Status: game.Win, Winners: 1 << uint(s.winner), Reason: "king left the board"}
	case s.passes >= 2:
		return game.Outcome{Status: game.Draw, Reason: "two passes in a row"}
	}
	return game.Outcome{}
}

// Hash implements game.State: Zobrist keys of the pieces, the side to move
// and the pass counter.
func (s *State) Hash() uint64 {
	var h uint64
	for c, v := range s.cells {
		if v != empty {
			h ^= hashKeys[c*4+int(v)-1]
		}
	}
	if s.toMove == North {
		h ^= hashKeys[board.Cells*4]
	}
	if s.passes > 0 {
		h ^= hashKeys[board.Cells*4+int(min(s.passes, 2))]
	}
	return h
}

// Clone implements game.State.
func (s *State) Clone() game.State {
	c := *s
	return &c
}

// Encode implements game.State. The position text is four fields: the
// ranks from 12 down to 1 separated by "/", twelve cells each from file a to
// l (. empty, K South's king, k North's king, G a South guard, g a North
// guard; a king that has left the board is no longer drawn), the side that
// moves next (S or N), the passes just played in a row (0, 1 or 2) and the
// ply.
func (s *State) Encode() string {
	var b strings.Builder
	b.Grow(board.Cells + 24)
	for r := board.Size - 1; r >= 0; r-- {
		for f := 0; f < board.Size; f++ {
			b.WriteByte(pieceLetters[s.cells[board.At(f, r)]])
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteByte(' ')
	b.WriteByte(sideLetters[s.toMove])
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(int(s.passes)))
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(s.ply))
	return b.String()
}

const positionForm = `a Le Blocus position is "ranks side passes ply": ranks 12 down to 1 separated by "/", 12 cells each from a to l (. empty, K/k South/North king, G/g South/North guard), the side to move S or N, the passes just played in a row (0, 1 or 2) and the ply, e.g. the start: "............/.......k..../............/............/............/............/............/............/............/............/....K......./............ S 0 0"`

// Decode reads a position text written by Encode, with the default
// readings. It refuses malformed text and positions that cannot arise in a
// game.
func Decode(text string) (*State, error) { return variants[Readings{}].decode(text) }

func (r *rules) decode(text string) (*State, error) {
	variant, kingCell, kingSection := r.variant, r.kingCell, &r.kingSection
	if len(text) > game.MaxInput {
		return nil, fmt.Errorf("position text too long (%d bytes); %s", len(text), positionForm)
	}
	fields := strings.Fields(text)
	if len(fields) != 4 {
		return nil, fmt.Errorf("%s; got %d fields in %s", positionForm, len(fields), game.Quote(text))
	}
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != board.Size {
		return nil, fmt.Errorf("%s; got %d ranks", positionForm, len(ranks))
	}
	s := &State{r: r, winner: -1}
	var onCircle [2]int
	for i, rank := range ranks {
		r := board.Size - 1 - i
		if len(rank) != board.Size {
			return nil, fmt.Errorf("%s; rank %d has %d characters, not 12", positionForm, r+1, len(rank))
		}
		for f := 0; f < board.Size; f++ {
			c := board.At(f, r)
			v := uint8(strings.IndexByte(string(pieceLetters[:]), rank[f]))
			if v > guardN {
				return nil, fmt.Errorf("%s; cell %s has %q", positionForm, c, rank[f])
			}
			switch v {
			case kingS, kingN:
				side := int(v - kingS)
				if c != kingCell[side] {
					return nil, fmt.Errorf("impossible position: %s's king is on %s; it stays on %s until it leaves the board", variant.Seats[side].EN, c, kingCell[side])
				}
			case guardS, guardN:
				side := int(v - guardS)
				if kingSection[c] {
					return nil, fmt.Errorf("impossible position: a guard on %s, in a king's section", c)
				}
				s.placed[side]++
				if s.placed[side] > Guards {
					return nil, fmt.Errorf("impossible position: %s has more than %d guards", variant.Seats[side].EN, Guards)
				}
				if isCircle[c] {
					onCircle[side]++
				}
			}
			s.cells[c] = v
		}
	}
	switch fields[1] {
	case "S":
		s.toMove = South
	case "N":
		s.toMove = North
	default:
		return nil, fmt.Errorf("the side to move must be S (South) or N (North), got %s", game.Quote(fields[1]))
	}
	switch fields[2] {
	case "0", "1", "2":
		s.passes = fields[2][0] - '0'
	default:
		return nil, fmt.Errorf("the passes in a row must be 0, 1 or 2, got %s", game.Quote(fields[2]))
	}
	ply, err := strconv.Atoi(fields[3])
	if err != nil || ply < 0 || ply > 1_000_000 {
		return nil, fmt.Errorf("the ply must be a whole number from 0 to 1000000, got %s", game.Quote(fields[3]))
	}
	s.ply = ply
	// Kings: one missing means that side left the board and won with the
	// move just played.
	left := [2]bool{s.cells[kingCell[South]] != kingS, s.cells[kingCell[North]] != kingN}
	mover := int(s.toMove) // the side whose turn it is, or was when its king left
	switch {
	case left[South] && left[North]:
		return nil, fmt.Errorf("impossible position: both kings have left the board")
	case left[South] || left[North]:
		s.winner = South
		if left[North] {
			s.winner = North
		}
		if int(s.toMove) != int(s.winner)^1 {
			return nil, fmt.Errorf("impossible position: %s's king has left the board, so %s moves next", variant.Seats[s.winner].EN, variant.Seats[s.winner^1].EN)
		}
		if s.passes != 0 {
			return nil, fmt.Errorf("impossible position: a king has left the board, so no pass was just played")
		}
		mover = int(s.winner)
	}
	nS, nN := s.placed[South], s.placed[North]
	if nS < Guards || nN < Guards {
		if !(mover == South && nS == nN) && !(mover == North && nS == nN+1) {
			return nil, fmt.Errorf("impossible position: South has placed %d guards and North %d, which does not fit %s to move (guards are placed in turn, South first)", nS, nN, variant.Seats[mover].EN)
		}
		for side := 0; side < 2; side++ {
			if s.placed[side] > 0 && onCircle[side] == int(s.placed[side]) {
				return nil, fmt.Errorf("impossible position: all of %s's guards stand on circles, but a first guard may not and guards do not move before all six are placed", variant.Seats[side].EN)
			}
		}
		if s.passes != 0 {
			return nil, fmt.Errorf("impossible position: a player who still has guards to place never passes")
		}
	}
	if min := int(nS) + int(nN) + int(s.passes); s.ply < min {
		return nil, fmt.Errorf("impossible position: ply %d is less than the %d turns this position needs", s.ply, min)
	}
	// A pass is played only by a side that can do nothing on this very
	// board: no exit and no guard move.
	for i := 0; i < int(s.passes); i++ {
		side := s.toMove ^ 1 ^ uint8(i&1)
		if s.HasExitPath(int(side)) || s.canMoveGuard(side) {
			return nil, fmt.Errorf("impossible position: %s passed, but has a legal move on this board", variant.Seats[side].EN)
		}
	}
	s.exit = !s.over() && s.HasExitPath(int(s.toMove))
	return s, nil
}

// canMoveGuard says whether side has a legal guard move (all six placed).
func (s *State) canMoveGuard(side uint8) bool {
	mine := guardPiece[side]
	kingSection := &s.r.kingSection
	for c := 0; c < board.Cells; c++ {
		if s.cells[c] != mine {
			continue
		}
		for d := 0; d < 4; d++ {
			for n := int(next[c][d]); n >= 0 && s.cells[n] == empty; n = int(next[n][d]) {
				if !kingSection[n] {
					return true
				}
			}
		}
	}
	return false
}

// MoveString implements game.State: `@d4` places a guard on d4, `d4-d8`
// moves one, `exit` takes the king out, `pass` passes.
func (s *State) MoveString(m game.Move) string {
	switch {
	case m == game.Pass:
		return game.PassNotation
	case m == moveExit:
		return "exit"
	case m&kindMask == kindPlace:
		return "@" + board.Cell(moveFrom(m)).String()
	}
	return board.Cell(moveFrom(m)).String() + "-" + board.Cell(moveTo(m)).String()
}

var moveForm = game.Text{
	EN: "a Le Blocus move is exit (the king leaves), @d4 (place a guard on d4; G@d4 or d4 also do), d4-d8 (move a guard like a rook) or pass; cells run from a1 to l12",
	FR: "un coup du Blocus s'écrit exit ou sortie (le roi sort), @d4 (poser un garde en d4 ; G@d4 ou d4 aussi), d4-d8 (déplacer un garde comme une tour) ou pass ; les cases vont de a1 à l12",
}

// ParseMove implements game.State. Besides the notation of MoveString it
// accepts any case, spaces, "G@d4", "S@d4" and a bare cell for a placement,
// "d4d8" for a guard move and "sortie" for exit.
func (s *State) ParseMove(text string) (game.Move, error) {
	if len(text) > 64 {
		return 0, game.NotAMove(text, moveForm)
	}
	in := strings.ToLower(strings.Join(strings.Fields(text), ""))
	var m game.Move
	switch {
	case in == game.PassNotation || in == "passe":
		m = game.Pass
	case in == "exit" || in == "sortie":
		m = moveExit
	case strings.Contains(in, "@"):
		who, cell, _ := strings.Cut(in, "@")
		c, err := board.ParseCell(cell)
		if (who != "" && who != "s" && who != "g") || err != nil {
			return 0, game.NotAMove(text, moveForm)
		}
		m = place(int(c))
	default:
		if c, err := board.ParseCell(in); err == nil {
			m = place(int(c))
			break
		}
		from, to, ok := splitCells(in)
		if !ok {
			return 0, game.NotAMove(text, moveForm)
		}
		m = slide(int(from), int(to))
	}
	if s.over() {
		return 0, game.MoveAfterEnd(text)
	}
	if why := s.whyIllegal(m); why.EN != "" {
		return 0, game.IllegalMove(s, text, why)
	}
	return m, nil
}

// splitCells reads "d4-d8" or "d4d8" (already lower case, no spaces).
func splitCells(in string) (from, to board.Cell, ok bool) {
	if a, b, found := strings.Cut(in, "-"); found {
		f, err1 := board.ParseCell(a)
		t, err2 := board.ParseCell(b)
		return f, t, err1 == nil && err2 == nil
	}
	for i := 2; i <= 3 && i < len(in); i++ {
		f, err1 := board.ParseCell(in[:i])
		t, err2 := board.ParseCell(in[i:])
		if err1 == nil && err2 == nil {
			return f, t, true
		}
	}
	return 0, 0, false
}

// whyIllegal explains why m is not legal for the side to move, or returns
// an empty Text when it is.
func (s *State) whyIllegal(m game.Move) game.Text {
	me := s.toMove
	name := s.r.variant.Seats[me]
	kingSection := &s.r.kingSection
	both := func(en, fr string) game.Text {
		return game.Text{EN: fmt.Sprintf(en, name.EN), FR: fmt.Sprintf(fr, name.FR)}
	}
	if s.exit {
		if m == moveExit {
			return game.Text{}
		}
		if s.r.exitOptional && m == game.Pass {
			return both("%s's king has an exit path: take it (exit) or place or move a guard; passing is only for a player with no move", "le roi de %s a un chemin de sortie : sortir (exit) ou poser ou déplacer un garde ; on ne passe que sans aucun coup possible")
		}
	}
	if s.exit && !s.r.exitOptional {
		return both("%s's king has an exit path: the only legal move is exit", "le roi de %s a un chemin de sortie : le seul coup possible est exit")
	}
	switch {
	case m == moveExit:
		return both("%s's king has no path out through the opposite edge", "le roi de %s n'a pas de chemin de sortie par le bord opposé")
	case m == game.Pass:
		if moves := s.LegalMoves(nil); len(moves) == 1 && moves[0] == game.Pass {
			return game.Text{}
		}
		return game.Text{EN: "a player may pass only when he can neither place nor move a guard", FR: "on ne peut passer que sans pouvoir ni poser ni déplacer de garde"}
	case m&kindMask == kindPlace:
		c := board.Cell(moveFrom(m))
		switch {
		case s.placed[me] >= Guards:
			return both("%s has placed all six guards and now moves one of them (e.g. d4-d8)", "%s a posé ses six gardes et en déplace maintenant un (par exemple d4-d8)")
		case s.cells[c] != empty:
			return game.Texts("%s is not empty", "%s n'est pas vide", c)
		case kingSection[c]:
			return game.Texts("%s is in a section holding a king", "%s est dans une section qui contient un roi", c)
		case s.placed[me] == 0 && isCircle[c]:
			return game.Text{EN: "a player's first guard may not go on a circle", FR: "le premier garde d'un joueur ne peut pas aller sur un cercle"}
		}
		return game.Text{}
	}
	from, to := moveFrom(m), moveTo(m)
	fc, tc := board.Cell(from), board.Cell(to)
	switch {
	case s.placed[me] < Guards:
		return both("%s still has guards to place (e.g. @d4); guards move once all six are placed", "%s a encore des gardes à poser (par exemple @d4) ; les gardes bougent une fois les six posés")
	case s.cells[from] != guardPiece[me]:
		return game.Text{EN: fmt.Sprintf("%s holds no %s guard", fc, name.EN), FR: fmt.Sprintf("%s ne porte aucun garde de %s", fc, name.FR)}
	case from == to || (fc.File() != tc.File() && fc.Rank() != tc.Rank()):
		return game.Text{EN: "a guard moves along its rank or file, like a rook", FR: "un garde se déplace le long de sa rangée ou de sa colonne, comme une tour"}
	case s.cells[to] != empty:
		return game.Texts("%s is not empty", "%s n'est pas vide", tc)
	case kingSection[to]:
		return game.Text{EN: "a guard may not end its move in a section holding a king", FR: "un garde ne peut pas finir son coup dans une section qui contient un roi"}
	}
	d := directionTo(fc, tc)
	for n := int(next[from][d]); n != to; n = int(next[n][d]) {
		if s.cells[n] != empty {
			return game.Texts("a guard may not jump over a guard or a king (%s is in the way)", "un garde ne peut pas sauter par-dessus un garde ou un roi (%s est sur le chemin)", board.Cell(n))
		}
	}
	return game.Text{}
}

// directionTo is the direction from a to b on one line.
func directionTo(a, b board.Cell) board.Direction {
	switch {
	case b.Rank() > a.Rank():
		return board.North
	case b.Rank() < a.Rank():
		return board.South
	case b.File() > a.File():
		return board.East
	}
	return board.West
}

// String implements game.State.
func (s *State) String() string { return s.StringIn("en") }

// StringIn is String with its legend in lang (see game.StateText).
func (s *State) StringIn(lang string) string {
	variant := s.r.variant
	glyphs := [5]string{"", "K", "k", "G", "g"}
	out := board.Draw(func(c board.Cell) string { return glyphs[s.cells[c]] })
	out += game.Text{
		EN: "K/G South king and guards, k/g North king and guards; o an empty circle\n",
		FR: "K/G roi et gardes de Sud, k/g roi et gardes de Nord ; o un cercle vide\n",
	}.In(lang)
	switch o := s.Outcome(); o.Status {
	case game.Win:
		w := variant.Seats[s.winner].In(lang)
		out += fmt.Sprintf(game.Text{EN: "%s's king has left the board: %s wins\n", FR: "le roi de %s a quitté le plateau : %s gagne\n"}.In(lang), w, w)
	case game.Draw:
		out += game.Text{EN: "drawn: two passes in a row\n", FR: "nulle : deux passes de suite\n"}.In(lang)
	default:
		out += fmt.Sprintf(game.Text{EN: "%s to move; guards placed: South %d, North %d", FR: "%s au trait ; gardes posés : Sud %d, Nord %d"}.In(lang), variant.Seats[s.toMove].In(lang), s.placed[South], s.placed[North])
		if s.exit {
			out += game.Text{EN: "; the king has an exit path", FR: " ; le roi a un chemin de sortie"}.In(lang)
		}
		out += "\n"
	}
	return out
}
