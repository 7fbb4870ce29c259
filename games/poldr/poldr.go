// Package poldr implements POLD.R (Guilain Dorsimont, I.G.O.R., 2015) for 2
// or 3 players: each player fills with his bricks the cells between his
// marker and the shared black pawn, until a player is blocked; then the
// whole game turns round and the players race to take their bricks back.
//
// The rules as implemented are in docs/rules/poldr.md.
package poldr

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/plateau-games/plateau/game"
)

// Board sizes accepted by the size option, and the bricks of each player.
const (
	MinSize = 4
	MaxSize = 12
	Bricks  = 16

	maxCells   = MaxSize * MaxSize
	maxPlayers = 3
)

// Cell contents: empty, a brick of seat k (brick+k), the marker of seat k
// (marker+k) or the black pawn.
const (
	empty  = 0
	brick  = 1
	marker = 4
	pawn   = 7
)

// none marks a piece that is not on the board.
const none = 255

// Phases of a round.
const (
	phaseFill   = 1 // phase 1: bricks are placed
	phaseReturn = 2 // phase 2: bricks go back to the reserves
)

var seatNames = [maxPlayers]game.Text{{EN: "Blue", FR: "Bleu"}, {EN: "Yellow", FR: "Jaune"}, {EN: "Red", FR: "Rouge"}}

// seatLetters are the seats' letters in position texts: upper case for
// the marker and the player to move, lower case for bricks.
var seatLetters = [maxPlayers]byte{'B', 'Y', 'R'}

// rules is a variant's geometry and options.
type rules struct {
	v       *game.Variant
	players int
	size    int
	cells   int
	match   bool
	form    string // what a position text looks like
}

var theGame = &game.Game{
	ID:      "poldr",
	Name:    game.Text{EN: "POLD.R", FR: "POLD.R"},
	Summary: game.Text{EN: "Fill the cells between your marker and the black pawn with your bricks; once someone is blocked, race to take them back.", FR: "Remplir de ses briques les cases entre son marqueur et le pion noir ; dès qu'un joueur est bloqué, tout reprendre au plus vite."},
	Author:  "Guilain Dorsimont, I.G.O.R., 2015",
	Options: []game.Option{
		{Name: "players", Default: "2", Values: []string{"2", "3"}, Doc: game.Text{EN: "number of players", FR: "nombre de joueurs"}},
		{Name: "size", Default: "6 with 2 players, 7 with 3", Doc: game.Text{
			EN: fmt.Sprintf("side of the square board, %d to %d", MinSize, MaxSize),
			FR: fmt.Sprintf("côté du plateau carré, de %d à %d", MinSize, MaxSize)}},
		{Name: "match", Default: "false", Values: []string{"false", "true"}, Doc: game.Text{
			EN: "play a match of as many rounds as players, each colour starting one round; most rounds won, then most bricks in all, wins",
			FR: "jouer une rencontre d'autant de manches que de joueurs, chaque couleur commençant une manche ; le plus de manches gagnées, puis le plus de briques au total, l'emporte"}},
	},
	Variants: []game.Options{
		{"players": "2"},
		{"players": "3"},
		{"players": "2", "size": "7"},
		{"players": "3", "size": "6"},
		{"players": "2", "match": "true"},
		{"players": "3", "match": "true"},
	},
	MinPlayers: 2,
	MaxPlayers: 3,
}

func init() {
	theGame.Setup = setup
	game.Register(theGame)
}

// Game is POLD.R's catalogue entry.
func Game() *game.Game { return theGame }

// NewVariant builds the variant with the given options, e.g.
// NewVariant(game.Options{"players": "3", "match": "true"}).
func NewVariant(opts game.Options) (*game.Variant, error) { return theGame.Variant(opts) }

func setup(opts game.Options) (*game.Variant, error) {
	players, err := opts.Int("players", 2, 2, 3)
	if err != nil {
		return nil, err
	}
	size, err := opts.Int("size", 4+players, MinSize, MaxSize)
	if err != nil {
		return nil, err
	}
	match, err := opts.Bool("match", false)
	if err != nil {
		return nil, err
	}
	r := &rules{players: players, size: size, cells: size * size, match: match}
	v := &game.Variant{
		Game: theGame,
		Options: game.Options{
			"players": strconv.Itoa(players),
			"size":    strconv.Itoa(size),
			"match":   strconv.FormatBool(match),
		},
		Players: players,
		Seats:   append([]game.Text(nil), seatNames[:players]...),
		// POLD.R always ends by itself: every phase-1 move places a brick,
		// every phase-2 move takes one back and none is placed again, and a
		// player passes only while another can take a brick back.
		PlyLimit:   0,
		Repetition: 0,
		ScoreName:  game.Text{EN: "bricks in reserve", FR: "briques en réserve"},
	}
	if match {
		v.ScoreName = game.Text{EN: "bricks in reserve, all rounds", FR: "briques en réserve, toutes manches"}
	}
	r.v = v
	r.form = r.describe()
	v.Start = func() game.State { return newState(r) }
	v.Decode = func(text string) (game.State, error) { return decode(r, text) }
	return v, nil
}

// State is a POLD.R position: the board, where the markers and the pawn
// stand, the reserves, the phase, the seat to move, the ply at which each
// reserve last changed (the tie-break), and in a match the round and the
// totals of the rounds already played.
type State struct {
	r       *rules
	board   [maxCells]uint8
	markers [maxPlayers]uint8 // cell, or none
	pawn    uint8             // cell, or none
	reserve [maxPlayers]uint8
	reached [maxPlayers]int32 // ply at which each reserve last changed
	toMove  uint8
	phase   uint8
	over    bool  // the game is over (in a match: its last round is over)
	round   uint8 // 0-based; always 0 outside a match
	wins    [maxPlayers]uint8
	totals  [maxPlayers]uint16
	ply     int
	bhash   uint64 // Zobrist hash of the board
}

// zobrist[cell*8+content] keys one cell's content (content 0, empty, has
// no key).
var zobrist = game.HashKeys(0x706f6c6472, maxCells*8)

func newState(r *rules) *State {
	s := &State{r: r}
	s.startRound(0, 0)
	return s
}

// startRound clears the board for round k, first player colour k.
func (s *State) startRound(k int, ply int) {
	s.board = [maxCells]uint8{}
	s.bhash = 0
	s.pawn = none
	for p := 0; p < maxPlayers; p++ {
		s.markers[p] = none
		s.reserve[p] = 0
		s.reached[p] = int32(ply)
		if p < s.r.players {
			s.reserve[p] = Bricks
		}
	}
	s.round = uint8(k)
	s.toMove = uint8(k)
	s.phase = phaseFill
	s.over = false
}

func (s *State) set(c int, v uint8) {
	if old := s.board[c]; old != empty {
		s.bhash ^= zobrist[c*8+int(old)]
	}
	if v != empty {
		s.bhash ^= zobrist[c*8+int(v)]
	}
	s.board[c] = v
}

// Variant implements game.State.
func (s *State) Variant() *game.Variant { return s.r.v }

// ToMove implements game.State.
func (s *State) ToMove() int {
	if s.over {
		return -1
	}
	return int(s.toMove)
}

// Ply implements game.State.
func (s *State) Ply() int { return s.ply }

// Reserve returns the bricks seat has in reserve.
func (s *State) Reserve(seat int) int { return int(s.reserve[seat]) }

// Phase returns 1 (bricks are placed) or 2 (bricks are taken back).
func (s *State) Phase() int { return int(s.phase) }

// Size returns the side of the board.
func (s *State) Size() int { return s.r.size }

// Cells returns the number of cells of the board.
func (s *State) Cells() int { return s.r.cells }

// Round returns the round being played, from 1 (always 1 outside a match).
func (s *State) Round() int { return int(s.round) + 1 }

// Clone implements game.State.
func (s *State) Clone() game.State {
	c := *s
	return &c
}

// Moves pack a kind, a destination and, for the opening, the pawn's cell:
// dst | pawnCell<<8 | kind<<16.
const (
	kindMarker  = 1 // M-<cell>: the mover's marker is placed or moved there
	kindPawn    = 2 // P-<cell>: the black pawn is moved there
	kindOpening = 3 // P-<cell>,M-<cell>: a round's first move
)

func mkMove(kind, dst, pawnCell int) game.Move {
	return game.Move(dst | pawnCell<<8 | kind<<16)
}

func unpack(m game.Move) (kind, dst, pawnCell int) {
	return int(m >> 16 & 3), int(m & 0xff), int(m >> 8 & 0xff)
}

// dirs are the 8 directions (dx, dy).
var dirs = [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, -1}, {1, -1}, {-1, 1}}

// cellSet is a set of cells.
type cellSet [3]uint64

func (cs *cellSet) add(c int) { cs[c>>6] |= 1 << uint(c&63) }
func (cs *cellSet) appendTo(buf []game.Move, kind, pawnCell int) []game.Move {
	for w := 0; w < 3; w++ {
		for x := cs[w]; x != 0; x &= x - 1 {
			buf = append(buf, mkMove(kind, w*64+bits.TrailingZeros64(x), pawnCell))
		}
	}
	return buf
}

// targets collects into set the empty cells where the piece standing on
// origin (or none, for a marker not yet placed) can be put so that its
// interval with the fixed piece on f makes a legal move for seat p in
// phase: in phase 1, the interval holds 1 to reserve empty cells (origin
// counts as empty); in phase 2, at least one brick of p. With stop, it
// returns at the first target found. It reports whether any was found.
func (s *State) targets(f, origin, p int, phase uint8, set *cellSet, stop bool) bool {
	n := s.r.size
	fx, fy := f%n, f/n
	limit := int(s.reserve[p])
	own := uint8(brick + p)
	found := false
	for _, d := range dirs {
		x, y := fx+d[0], fy+d[1]
		count := 0
		for k := 1; x >= 0 && x < n && y >= 0 && y < n; k++ {
			c := y*n + x
			v := s.board[c]
			if k >= 2 && v == empty {
				ok := count >= 1
				if phase == phaseFill {
					ok = ok && count <= limit
				}
				if ok {
					if stop {
						return true
					}
					set.add(c)
					found = true
				}
			}
			if phase == phaseFill {
				if v == empty || c == origin {
					count++
				}
			} else if v == own {
				count++
			}
			x += d[0]
			y += d[1]
		}
	}
	return found
}

// canFill reports whether seat p has a phase-1 move (a move that places at
// least one brick and no more than his reserve).
func (s *State) canFill(p int) bool {
	if s.pawn == none {
		return true
	}
	var set cellSet
	m := int(s.markers[p])
	if s.markers[p] == none {
		return s.targets(int(s.pawn), -1, p, phaseFill, &set, true)
	}
	return s.targets(int(s.pawn), m, p, phaseFill, &set, true) ||
		s.targets(m, int(s.pawn), p, phaseFill, &set, true)
}

// canReturn reports whether seat p has a phase-2 move (one that takes back
// at least one of his bricks).
func (s *State) canReturn(p int) bool {
	if s.pawn == none || s.markers[p] == none {
		return false
	}
	var set cellSet
	m := int(s.markers[p])
	return s.targets(int(s.pawn), m, p, phaseReturn, &set, true) ||
		s.targets(m, int(s.pawn), p, phaseReturn, &set, true)
}

func (s *State) anyCanReturn() bool {
	for p := 0; p < s.r.players; p++ {
		if s.canReturn(p) {
			return true
		}
	}
	return false
}

// LegalMoves implements game.State. The order: a round's first move by
// pawn cell then marker cell; otherwise the marker's moves, then the
// pawn's, each by destination cell (a1, b1, ..., then rank 2, ...).
func (s *State) LegalMoves(buf []game.Move) []game.Move {
	buf = buf[:0]
	if s.over {
		return buf
	}
	p := int(s.toMove)
	if s.pawn == none {
		n := s.r.size
		for a := 0; a < s.r.cells; a++ {
			var set cellSet
			ax, ay := a%n, a/n
			for _, d := range dirs {
				x, y := ax+2*d[0], ay+2*d[1]
				for x >= 0 && x < n && y >= 0 && y < n {
					set.add(y*n + x)
					x += d[0]
					y += d[1]
				}
			}
			buf = set.appendTo(buf, kindOpening, a)
		}
		return buf
	}
	m := int(s.markers[p])
	var ms, ps cellSet
	if s.markers[p] == none {
		if s.phase == phaseFill {
			s.targets(int(s.pawn), -1, p, phaseFill, &ms, false)
		}
	} else {
		s.targets(int(s.pawn), m, p, s.phase, &ms, false)
		s.targets(m, int(s.pawn), p, s.phase, &ps, false)
	}
	buf = ms.appendTo(buf, kindMarker, 0)
	buf = ps.appendTo(buf, kindPawn, 0)
	if len(buf) == 0 {
		// Only in phase 2: another player can take a brick back (else the
		// game would be over), so this one passes.
		buf = append(buf, game.Pass)
	}
	return buf
}

// Apply implements game.State.
func (s *State) Apply(mv game.Move) {
	p := int(s.toMove)
	if mv != game.Pass {
		kind, dst, pawnCell := unpack(mv)
		switch kind {
		case kindOpening:
			s.set(pawnCell, pawn)
			s.pawn = uint8(pawnCell)
			s.set(dst, uint8(marker+p))
			s.markers[p] = uint8(dst)
		case kindMarker:
			if s.markers[p] != none {
				s.set(int(s.markers[p]), empty)
			}
			s.set(dst, uint8(marker+p))
			s.markers[p] = uint8(dst)
		case kindPawn:
			s.set(int(s.pawn), empty)
			s.set(dst, pawn)
			s.pawn = uint8(dst)
		}
		s.work(p)
	}
	s.ply++
	if mv != game.Pass {
		s.reached[p] = int32(s.ply)
	}
	s.toMove = uint8((p + 1) % s.r.players)
	if s.phase == phaseFill && s.reserve[p] == 0 {
		s.endRound()
		return
	}
	if s.phase == phaseFill && !s.canFill(int(s.toMove)) {
		s.phase = phaseReturn // blockage: the blocked player keeps the turn
	}
	if s.phase == phaseReturn && !s.anyCanReturn() {
		s.endRound()
	}
}

// work fills (phase 1) or empties of p's bricks (phase 2) the interval
// between p's marker and the pawn.
func (s *State) work(p int) {
	n := s.r.size
	a, b := int(s.markers[p]), int(s.pawn)
	dx, dy := sign(b%n-a%n), sign(b/n-a/n)
	step := dy*n + dx
	own := uint8(brick + p)
	for c := a + step; c != b; c += step {
		if s.phase == phaseFill {
			if s.board[c] == empty {
				s.set(c, own)
				s.reserve[p]--
			}
		} else if s.board[c] == own {
			s.set(c, empty)
			s.reserve[p]++
		}
	}
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// endRound ends the round being played: in a match that is not in its last
// round, its result is added up and the next round begins; otherwise the
// game is over.
func (s *State) endRound() {
	if s.r.match && int(s.round) < s.r.players-1 {
		if w := s.roundWinner(); w >= 0 {
			s.wins[w]++
		}
		for p := 0; p < s.r.players; p++ {
			s.totals[p] += uint16(s.reserve[p])
		}
		s.startRound(int(s.round)+1, s.ply)
		return
	}
	s.over = true
}

// roundOver reports whether the round on the board is finished: a player
// placed his last brick, or nobody can take a brick back in phase 2.
func (s *State) roundOver() bool {
	if s.phase == phaseFill {
		for p := 0; p < s.r.players; p++ {
			if s.reserve[p] == 0 {
				return true
			}
		}
		return false
	}
	return !s.anyCanReturn()
}

// roundWinner gives the winner of the finished round on the board, or -1
// for a full tie.
func (s *State) roundWinner() int {
	w, _ := s.roundResult()
	return w
}

// roundResult gives the winner of the finished round on the board (-1 for
// a full tie): in phase 1 the player with no brick left; in phase 2 the
// most bricks in reserve, then the earlier ply at which that reserve was
// reached. tieBreak says whether the top reserve was shared.
func (s *State) roundResult() (winner int, tieBreak bool) {
	if s.phase == phaseFill {
		for p := 0; p < s.r.players; p++ {
			if s.reserve[p] == 0 {
				return p, false
			}
		}
		return -1, false
	}
	best := 0
	tied := false
	for p := 1; p < s.r.players; p++ {
		switch {
		case s.reserve[p] > s.reserve[best]:
			best, tied, tieBreak = p, false, false
		case s.reserve[p] == s.reserve[best]:
			tieBreak = true
			switch {
			case s.reached[p] < s.reached[best]:
				best, tied = p, false
			case s.reached[p] == s.reached[best]:
				tied = true
			}
		}
	}
	if tied {
		return -1, true
	}
	return best, tieBreak
}

// Outcome implements game.State.
func (s *State) Outcome() game.Outcome {
	if !s.over {
		return game.Outcome{}
	}
	var o game.Outcome
	w, tieBreak := s.roundResult()
	if !s.r.match {
		for p := 0; p < s.r.players; p++ {
			o.Scores[p] = int(s.reserve[p])
		}
		switch {
		case w < 0:
			o.Status, o.Reason = game.Draw, "full tie"
		case s.phase == phaseFill:
			o.Status, o.Winners, o.Reason = game.Win, 1<<uint(w), "last brick placed"
		case tieBreak:
			o.Status, o.Winners, o.Reason = game.Win, 1<<uint(w), "most bricks, reached first"
		default:
			o.Status, o.Winners, o.Reason = game.Win, 1<<uint(w), "most bricks in reserve"
		}
		return o
	}
	var wins [maxPlayers]int
	for p := 0; p < s.r.players; p++ {
		wins[p] = int(s.wins[p])
		if p == w {
			wins[p]++
		}
		o.Scores[p] = int(s.totals[p]) + int(s.reserve[p])
	}
	best, tied, byBricks := 0, false, false
	for p := 1; p < s.r.players; p++ {
		switch {
		case wins[p] > wins[best]:
			best, tied, byBricks = p, false, false
		case wins[p] == wins[best]:
			byBricks = true
			switch {
			case o.Scores[p] > o.Scores[best]:
				best, tied = p, false
			case o.Scores[p] == o.Scores[best]:
				tied = true
			}
		}
	}
	switch {
	case tied:
		o.Status, o.Reason = game.Draw, "tied match"
	case byBricks:
		o.Status, o.Winners, o.Reason = game.Win, 1<<uint(best), "match: most bricks"
	default:
		o.Status, o.Winners, o.Reason = game.Win, 1<<uint(best), "match: most rounds won"
	}
	return o
}

// Hash implements game.State: the board, the seat to move, the phase, the
// order in which the reserves reached their values (all the tie-break
// needs), and in a match the round, wins and totals. The reserves follow
// from the board.
func (s *State) Hash() uint64 {
	code := uint64(s.toMove) | uint64(s.phase)<<2 | uint64(s.round)<<4
	order := uint64(0)
	for i := 0; i < s.r.players; i++ {
		for j := i + 1; j < s.r.players; j++ {
			order *= 3
			switch {
			case s.reached[i] < s.reached[j]:
				order++
			case s.reached[i] > s.reached[j]:
				order += 2
			}
		}
	}
	code |= order << 6
	for p := 0; p < s.r.players; p++ {
		code |= uint64(s.wins[p]) << (12 + 2*p)
		code |= uint64(s.totals[p]) << (18 + 6*p)
	}
	if s.over {
		code |= 1 << 40
	}
	return s.bhash ^ game.Mix64(code^0x504f4c44)
}

// CellName names cell c of a board of side n: file letter and rank.
func CellName(c, n int) string {
	return string(rune('a'+c%n)) + strconv.Itoa(c/n+1)
}

func (s *State) cellName(c int) string { return CellName(c, s.r.size) }

// MoveString implements game.State: M-c4 (the mover's marker to c4), P-c4
// (the black pawn to c4), P-c3,M-c5 (a round's first move) or pass.
func (s *State) MoveString(mv game.Move) string {
	if mv == game.Pass {
		return game.PassNotation
	}
	kind, dst, pawnCell := unpack(mv)
	switch kind {
	case kindMarker:
		return "M-" + s.cellName(dst)
	case kindPawn:
		return "P-" + s.cellName(dst)
	case kindOpening:
		return "P-" + s.cellName(pawnCell) + ",M-" + s.cellName(dst)
	}
	return fmt.Sprintf("move(%d)", uint64(mv))
}

// moveForm says what a move looks like, for error messages.
func (s *State) moveForm() game.Text {
	last := s.cellName(s.r.cells - 1)
	return game.Texts("a POLD.R move is M-<cell> (place or move your marker), P-<cell> (move the black pawn), "+
		"P-<cell>,M-<cell> (a round's first move: the black pawn's cell and your marker's cell, also written c3-c5) or pass; "+
		"a bare cell stands for whichever of M or P can go there; cells run from a1 to %s",
		"un coup de POLD.R s'écrit M-<case> (poser ou déplacer votre marqueur), P-<case> (déplacer le pion noir), "+
			"P-<case>,M-<case> (le premier coup d'une manche : la case du pion noir et celle de votre marqueur, aussi écrit c3-c5) ou pass ; "+
			"une case seule vaut pour celui de M ou P qui peut y aller ; les cases vont de a1 à %s", last)
}

// ParseMove implements game.State.
func (s *State) ParseMove(text string) (game.Move, error) {
	if len(text) > 64 {
		return 0, game.NotAMove(text, s.moveForm())
	}
	in := strings.ToLower(strings.TrimSpace(text))
	if in == game.PassNotation {
		if s.over {
			return 0, game.IllegalMove(s, text, game.Text{})
		}
		if s.isLegal(game.Pass) {
			return game.Pass, nil
		}
		why := game.Text{EN: "you can fill an interval: passing is only for a player who cannot take back a brick in phase 2", FR: "vous pouvez remplir un intervalle : on ne passe que si l'on ne peut reprendre aucune brique en phase 2"}
		if s.phase == phaseReturn {
			why = game.Text{EN: "you can take back a brick, so you must", FR: "vous pouvez reprendre une brique, vous devez donc le faire"}
		}
		return 0, game.IllegalMove(s, text, why)
	}
	type item struct {
		piece byte // 'm', 'p' or 0 for a bare cell
		cell  int
	}
	var items [2]item
	count := 0
	n := s.r.size
	i := 0
	isSep := func(b byte) bool {
		return b == ' ' || b == '\t' || b == ',' || b == ';' || b == '+' || b == '/' || b == '-'
	}
	for {
		for i < len(in) && isSep(in[i]) {
			i++
		}
		if i == len(in) {
			break
		}
		if count == 2 {
			return 0, game.NotAMove(text, s.moveForm())
		}
		var it item
		if in[i] == 'm' || in[i] == 'p' {
			it.piece = in[i]
			i++
			for i < len(in) && (in[i] == ' ' || in[i] == '\t') {
				i++
			}
			if i < len(in) && (in[i] == '-' || in[i] == ':') {
				i++
			}
			for i < len(in) && (in[i] == ' ' || in[i] == '\t') {
				i++
			}
		}
		if i >= len(in) || in[i] < 'a' || in[i] > 'z' {
			return 0, game.NotAMove(text, s.moveForm())
		}
		file := int(in[i] - 'a')
		i++
		j := i
		for j < len(in) && in[j] >= '0' && in[j] <= '9' && j-i < 3 {
			j++
		}
		rank, err := strconv.Atoi(in[i:j])
		if err != nil || (j < len(in) && !isSep(in[j]) && in[j] != 'm' && in[j] != 'p') {
			return 0, game.NotAMove(text, s.moveForm())
		}
		if file >= n || rank < 1 || rank > n {
			return 0, game.Errorf(game.Text{EN: "%s is not a move: %s is off the board (cells run from a1 to %s)", FR: "%s n'est pas un coup : %s est hors du plateau (les cases vont de a1 à %s)"}, game.Quote(text), in[i-1:j], s.cellName(s.r.cells-1))
		}
		it.cell = (rank-1)*n + file
		i = j
		items[count] = it
		count++
	}
	if count == 0 {
		return 0, game.NotAMove(text, s.moveForm())
	}
	var mv game.Move
	switch {
	case count == 2:
		// The pawn first, the marker second, unless the letters say
		// otherwise.
		a, b := items[0], items[1]
		if a.piece == 'm' || b.piece == 'p' {
			a, b = b, a
		}
		if a.piece == 'm' || b.piece == 'p' {
			return 0, game.Errorf(game.Text{EN: "%s is not a move: a round's first move names the black pawn's cell and the marker's cell, e.g. P-c3,M-c5", FR: "%s n'est pas un coup : le premier coup d'une manche nomme la case du pion noir et celle du marqueur, par exemple P-c3,M-c5"}, game.Quote(text))
		}
		mv = mkMove(kindOpening, b.cell, a.cell)
	case items[0].piece == 'm':
		mv = mkMove(kindMarker, items[0].cell, 0)
	case items[0].piece == 'p':
		mv = mkMove(kindPawn, items[0].cell, 0)
	default:
		c := items[0].cell
		mm, pm := mkMove(kindMarker, c, 0), mkMove(kindPawn, c, 0)
		okM, okP := s.isLegal(mm), s.isLegal(pm)
		switch {
		case okM && okP:
			return 0, game.Errorf(game.Text{EN: "%s is ambiguous: both your marker and the black pawn can go to %s; write M-%s or P-%s", FR: "%s est ambigu : votre marqueur et le pion noir peuvent tous deux aller en %s ; écrivez M-%s ou P-%s"}, game.Quote(text), s.cellName(c), s.cellName(c), s.cellName(c))
		case okM:
			return mm, nil
		case okP:
			return pm, nil
		}
		wm, wp := s.whyIllegal(mm), s.whyIllegal(pm)
		return 0, game.IllegalMove(s, text, game.Text{
			EN: "neither your marker nor the black pawn can go to " + s.cellName(c) + ": " + wm.EN + "; " + wp.EN,
			FR: "ni votre marqueur ni le pion noir ne peuvent aller en " + s.cellName(c) + " : " + wm.FR + " ; " + wp.FR,
		})
	}
	if s.isLegal(mv) {
		return mv, nil
	}
	if s.pawn == none {
		// Listing the hundreds of opening moves would drown the reason.
		return 0, game.Errorf(game.Text{
			EN: "%s is not a legal move here (%s); the round's first move puts the black pawn on any cell and the marker on a cell of one of its ranks, files or diagonals with at least one cell between, e.g. P-c3,M-c5",
			FR: "%s n'est pas un coup possible ici (%s) ; le premier coup d'une manche pose le pion noir sur n'importe quelle case et le marqueur sur une case d'une de ses rangées, colonnes ou diagonales, avec au moins une case entre eux, par exemple P-c3,M-c5"},
			game.Quote(text), s.whyIllegal(mv))
	}
	return 0, game.IllegalMove(s, text, s.whyIllegal(mv))
}

// isLegal reports whether mv is legal here, without listing the moves.
func (s *State) isLegal(mv game.Move) bool {
	if s.over {
		return false
	}
	if mv == game.Pass {
		return s.phase == phaseReturn && !s.canReturn(int(s.toMove))
	}
	if mv>>18 != 0 {
		return false
	}
	kind, dst, pawnCell := unpack(mv)
	if dst >= s.r.cells || pawnCell >= s.r.cells || kind == 0 || (kind != kindOpening && pawnCell != 0) {
		return false
	}
	return s.whyIllegal(mv).EN == ""
}

// whyIllegal explains why mv, well formed, is not legal.
func (s *State) whyIllegal(mv game.Move) game.Text {
	if s.over {
		return game.Text{EN: "the game is over", FR: "la partie est terminée"}
	}
	p := int(s.toMove)
	kind, dst, pawnCell := unpack(mv)
	if s.pawn == none {
		if kind != kindOpening {
			return game.Text{EN: "the round begins: name the black pawn's cell and your marker's cell, e.g. P-c3,M-c5", FR: "la manche commence : nommez la case du pion noir et celle de votre marqueur, par exemple P-c3,M-c5"}
		}
		if pawnCell == dst {
			return game.Text{EN: "the black pawn and the marker need two different cells", FR: "le pion noir et le marqueur demandent deux cases différentes"}
		}
		_, dist, ok := s.line(pawnCell, dst)
		if !ok {
			return game.Texts("%s and %s are not on one rank, file or diagonal", "%s et %s ne sont pas sur une même rangée, colonne ou diagonale", s.cellName(pawnCell), s.cellName(dst))
		}
		if dist < 2 {
			return game.Text{EN: "the marker must leave at least one cell between itself and the black pawn", FR: "le marqueur doit laisser au moins une case entre lui et le pion noir"}
		}
		return game.Text{}
	}
	if kind == kindOpening {
		return game.Text{EN: "the black pawn is already on the board: move it with P-<cell> or your marker with M-<cell>", FR: "le pion noir est déjà sur le plateau : déplacez-le avec P-<case> ou votre marqueur avec M-<case>"}
	}
	if s.markers[p] == none && kind == kindPawn {
		if s.phase == phaseFill {
			return game.Text{EN: "on his first turn a player places his marker (M-<cell>)", FR: "à son premier tour un joueur pose son marqueur (M-<case>)"}
		}
		return game.Text{EN: "you have no marker on the board, so you cannot take back a brick: pass", FR: "vous n'avez pas de marqueur sur le plateau, vous ne pouvez donc pas reprendre de brique : passez"}
	}
	if s.phase == phaseReturn && !s.canReturn(p) {
		return game.Text{EN: "you cannot take back any brick: pass", FR: "vous ne pouvez reprendre aucune brique : passez"}
	}
	piece, fixed := game.Text{EN: "your marker", FR: "votre marqueur"}, int(s.pawn)
	origin := int(s.markers[p])
	if s.markers[p] == none {
		origin = -1
	}
	other := game.Text{EN: "the black pawn", FR: "le pion noir"}
	if kind == kindPawn {
		piece, other = other, piece
		fixed, origin = origin, int(s.pawn)
	}
	if dst == origin {
		return game.Text{EN: piece.EN + " is already on " + s.cellName(dst) + ": it must move", FR: piece.FR + " est déjà en " + s.cellName(dst) + " : il doit bouger"}
	}
	if s.board[dst] != empty {
		return game.Texts("%s is not empty", "%s n'est pas vide", s.cellName(dst))
	}
	_, dist, ok := s.line(fixed, dst)
	if !ok {
		return game.Text{
			EN: fmt.Sprintf("%s is not on one rank, file or diagonal with %s (%s)", s.cellName(dst), other.EN, s.cellName(fixed)),
			FR: fmt.Sprintf("%s n'est pas sur une même rangée, colonne ou diagonale que %s (%s)", s.cellName(dst), other.FR, s.cellName(fixed)),
		}
	}
	if dist < 2 {
		return game.Text{
			EN: fmt.Sprintf("%s is next to %s: no cell between them", s.cellName(dst), other.EN),
			FR: fmt.Sprintf("%s est à côté de %s : aucune case entre eux", s.cellName(dst), other.FR),
		}
	}
	emptyCells, own := s.countInterval(fixed, dst, origin, p)
	if s.phase == phaseFill {
		if emptyCells == 0 {
			return game.Text{EN: "the interval would hold no empty cell", FR: "l'intervalle ne contiendrait aucune case vide"}
		}
		if emptyCells > int(s.reserve[p]) {
			return game.Texts("the interval would hold %d empty cells but you have only %d bricks left", "l'intervalle contiendrait %d cases vides mais il ne vous reste que %d briques", emptyCells, s.reserve[p])
		}
		return game.Text{}
	}
	if own == 0 {
		return game.Text{EN: "the interval would hold none of your bricks", FR: "l'intervalle ne contiendrait aucune de vos briques"}
	}
	return game.Text{}
}

// line gives the step and the distance from a to b when they share a rank,
// file or diagonal.
func (s *State) line(a, b int) (step, dist int, ok bool) {
	n := s.r.size
	dx, dy := b%n-a%n, b/n-a/n
	if (dx == 0 && dy == 0) || (dx != 0 && dy != 0 && abs(dx) != abs(dy)) {
		return 0, 0, false
	}
	return sign(dy)*n + sign(dx), max(abs(dx), abs(dy)), true
}

// countInterval counts the empty cells (origin counting as empty) and the
// bricks of p strictly between a and b, which are aligned.
func (s *State) countInterval(a, b, origin, p int) (emptyCells, own int) {
	step, _, _ := s.line(a, b)
	for c := a + step; c != b; c += step {
		switch {
		case s.board[c] == empty || c == origin:
			emptyCells++
		case s.board[c] == uint8(brick+p):
			own++
		}
	}
	return
}

// String implements game.State: the board, then the reserves, the phase and
// who is to move.
func (s *State) String() string { return s.StringIn("en") }

// StringIn is String with its legend in lang (see game.StateText).
func (s *State) StringIn(lang string) string {
	t := func(en, fr string) string { return game.Text{EN: en, FR: fr}.In(lang) }
	var b strings.Builder
	n := s.r.size
	files := "    "
	for f := 0; f < n; f++ {
		files += string(rune('a'+f)) + " "
	}
	b.WriteString(files + "\n")
	for r := n - 1; r >= 0; r-- {
		fmt.Fprintf(&b, "%2d  ", r+1)
		for f := 0; f < n; f++ {
			b.WriteByte(s.cellChar(r*n + f))
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, " %d\n", r+1)
	}
	b.WriteString(files + "\n")
	b.WriteString(t("reserves:", "réserves :"))
	for p := 0; p < s.r.players; p++ {
		fmt.Fprintf(&b, " %s %d", seatNames[p].In(lang), s.reserve[p])
	}
	fmt.Fprintf(&b, t("; phase %d", " ; phase %d"), s.phase)
	if s.phase == phaseFill {
		b.WriteString(t(" (placing bricks)", " (pose des briques)"))
	} else {
		b.WriteString(t(" (taking bricks back)", " (reprise des briques)"))
	}
	if s.r.match {
		fmt.Fprintf(&b, t("\nmatch: round %d of %d; rounds won", "\nmatch : manche %d sur %d ; manches gagnées"), s.round+1, s.r.players)
		for p := 0; p < s.r.players; p++ {
			fmt.Fprintf(&b, " %s %d", seatNames[p].In(lang), s.wins[p])
		}
		b.WriteString(t("; bricks of the rounds before", " ; briques des manches précédentes"))
		for p := 0; p < s.r.players; p++ {
			fmt.Fprintf(&b, " %s %d", seatNames[p].In(lang), s.totals[p])
		}
	}
	b.WriteString(t("\n(bricks b y r, markers B Y R, black pawn P)\n", "\n(briques b y r, marqueurs B Y R, pion noir P)\n"))
	return b.String()
}

func (s *State) cellChar(c int) byte {
	v := s.board[c]
	switch {
	case v == empty:
		return '.'
	case v == pawn:
		return 'P'
	case v >= marker:
		return seatLetters[v-marker]
	default:
		return seatLetters[v-brick] + 'a' - 'A'
	}
}

// Encode implements game.State. See decode for the format.
func (s *State) Encode() string {
	var b strings.Builder
	n := s.r.size
	for r := n - 1; r >= 0; r-- {
		run := 0
		for f := 0; f < n; f++ {
			c := r*n + f
			if s.board[c] == empty {
				run++
				continue
			}
			if run > 0 {
				b.WriteString(strconv.Itoa(run))
				run = 0
			}
			b.WriteByte(s.cellChar(c))
		}
		if run > 0 {
			b.WriteString(strconv.Itoa(run))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteByte(' ')
	b.WriteByte(seatLetters[s.toMove])
	b.WriteByte(' ')
	s.writeList(&b, func(p int) int { return int(s.reserve[p]) })
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(int(s.phase)))
	b.WriteByte(' ')
	s.writeList(&b, func(p int) int { return int(s.reached[p]) })
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(s.ply))
	if s.r.match {
		b.WriteByte(' ')
		b.WriteString(strconv.Itoa(int(s.round) + 1))
		b.WriteByte(' ')
		s.writeList(&b, func(p int) int { return int(s.wins[p]) })
		b.WriteByte(' ')
		s.writeList(&b, func(p int) int { return int(s.totals[p]) })
	}
	return b.String()
}

func (s *State) writeList(b *strings.Builder, f func(int) int) {
	for p := 0; p < s.r.players; p++ {
		if p > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(f(p)))
	}
}

// describe says what a position text of the variant looks like.
func (r *rules) describe() string {
	letters, list, zeros := "B or Y", "16,16", "0,0"
	if r.players == 3 {
		letters, list, zeros = "B, Y or R", "16,16,16", "0,0,0"
	}
	fields := "board to-move reserves phase reached ply"
	if r.match {
		fields += " round wins totals"
	}
	form := fmt.Sprintf("POLD.R position text (%d players, %dx%d board) is %q, e.g. %q: "+
		"the board lists ranks %d down to 1 separated by \"/\", each from file a, with b/y/r for a brick, "+
		"B/Y/R for a marker, P for the black pawn and a number for a run of empty cells; "+
		"to-move is %s; reserves are the bricks in reserve (0 to %d) as a list like %s; phase is 1 or 2; "+
		"reached gives the ply at which each reserve last changed, as a list like %s; ply is the number of turns played",
		r.players, r.size, r.size, fields, newState(r).Encode(), r.size, letters, Bricks, list, zeros)
	if r.match {
		form += fmt.Sprintf("; round is 1 to %d; wins and totals count the rounds won and the bricks in reserve at the end of the rounds before, as lists like %s", r.players, zeros)
	}
	return form
}

func parseList(field string, players, lo, hi int) ([maxPlayers]int, bool) {
	var out [maxPlayers]int
	parts := strings.Split(field, ",")
	if len(parts) != players {
		return out, false
	}
	for i, part := range parts {
		v, err := strconv.Atoi(part)
		if err != nil || v < lo || v > hi || (len(part) > 1 && part[0] == '0') || part[0] == '+' || part[0] == '-' {
			return out, false
		}
		out[i] = v
	}
	return out, true
}

func parseNumber(field string, lo, hi int) (int, bool) {
	v, err := strconv.Atoi(field)
	if err != nil || v < lo || v > hi || (len(field) > 1 && field[0] == '0') || field[0] == '+' || field[0] == '-' {
		return 0, false
	}
	return v, true
}

const maxPly = 1_000_000

// decode reads a position text. It refuses texts that are malformed or
// describe a position no game reaches; a phase-1 position whose player to
// move is blocked is read as phase 2, as the game would have switched.
func decode(r *rules, text string) (*State, error) {
	form := r.form
	if len(text) > game.MaxInput {
		return nil, fmt.Errorf("%s; got %d bytes", form, len(text))
	}
	fields := strings.Fields(text)
	want := 6
	if r.match {
		want = 9
	}
	if len(fields) != want {
		return nil, fmt.Errorf("%s; got %d fields in %s", form, len(fields), game.Quote(text))
	}
	s := &State{r: r}
	s.startRound(0, 0)
	n := r.size
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != n {
		return nil, fmt.Errorf("%s; the board has %d ranks instead of %d", form, len(ranks), n)
	}
	var onBoard [maxPlayers]int
	for i, rank := range ranks {
		y := n - 1 - i
		x := 0
		for j := 0; j < len(rank); {
			ch := rank[j]
			if ch >= '1' && ch <= '9' {
				k := j
				for k < len(rank) && rank[k] >= '0' && rank[k] <= '9' {
					k++
				}
				run, ok := parseNumber(rank[j:k], 1, n)
				if !ok || x+run > n {
					return nil, fmt.Errorf("%s; rank %d does not have %d cells", form, y+1, n)
				}
				x += run
				j = k
				continue
			}
			if x >= n {
				return nil, fmt.Errorf("%s; rank %d has more than %d cells", form, y+1, n)
			}
			c := y*n + x
			var v uint8
			switch ch {
			case 'P':
				if s.pawn != none {
					return nil, fmt.Errorf("the board holds two black pawns (%s and %s)", CellName(int(s.pawn), n), CellName(c, n))
				}
				v, s.pawn = pawn, uint8(c)
			default:
				seat := strings.IndexByte("BYR", ch)
				lower := strings.IndexByte("byr", ch)
				switch {
				case seat >= 0 && seat < r.players:
					if s.markers[seat] != none {
						return nil, fmt.Errorf("the board holds two %s markers (%s and %s)", seatNames[seat].EN, CellName(int(s.markers[seat]), n), CellName(c, n))
					}
					v, s.markers[seat] = uint8(marker+seat), uint8(c)
				case lower >= 0 && lower < r.players:
					v = uint8(brick + lower)
					onBoard[lower]++
				default:
					return nil, fmt.Errorf("%s; rank %d holds %q", form, y+1, ch)
				}
			}
			s.set(c, v)
			x++
			j++
		}
		if x != n {
			return nil, fmt.Errorf("%s; rank %d has %d cells instead of %d", form, y+1, x, n)
		}
	}
	seat := strings.IndexByte("BYR"[:r.players], fields[1][0])
	if len(fields[1]) != 1 || seat < 0 {
		return nil, fmt.Errorf("%s; the player to move %s is not one of the seat letters", form, game.Quote(fields[1]))
	}
	s.toMove = uint8(seat)
	reserves, ok := parseList(fields[2], r.players, 0, Bricks)
	if !ok {
		return nil, fmt.Errorf("%s; the reserves %s are not %d numbers from 0 to %d", form, game.Quote(fields[2]), r.players, Bricks)
	}
	phase, ok := parseNumber(fields[3], 1, 2)
	if !ok {
		return nil, fmt.Errorf("%s; the phase %s is not 1 or 2", form, game.Quote(fields[3]))
	}
	s.phase = uint8(phase)
	ply, ok := parseNumber(fields[5], 0, maxPly)
	if !ok {
		return nil, fmt.Errorf("%s; the ply %s is not a number from 0 to %d", form, game.Quote(fields[5]), maxPly)
	}
	s.ply = ply
	reached, ok := parseList(fields[4], r.players, 0, ply)
	if !ok {
		return nil, fmt.Errorf("%s; the reached plies %s are not %d numbers from 0 to the ply (%d)", form, game.Quote(fields[4]), r.players, ply)
	}
	first := 0
	if r.match {
		round, ok := parseNumber(fields[6], 1, r.players)
		if !ok {
			return nil, fmt.Errorf("%s; the round %s is not a number from 1 to %d", form, game.Quote(fields[6]), r.players)
		}
		s.round = uint8(round - 1)
		first = round - 1
		wins, ok := parseList(fields[7], r.players, 0, round-1)
		if !ok {
			return nil, fmt.Errorf("%s; the wins %s are not %d numbers from 0 to %d (the rounds played before)", form, game.Quote(fields[7]), r.players, round-1)
		}
		totals, ok := parseList(fields[8], r.players, 0, Bricks*(round-1))
		if !ok {
			return nil, fmt.Errorf("%s; the totals %s are not %d numbers from 0 to %d (16 bricks per round played before)", form, game.Quote(fields[8]), r.players, Bricks*(round-1))
		}
		sum := 0
		for p := 0; p < r.players; p++ {
			s.wins[p], s.totals[p] = uint8(wins[p]), uint16(totals[p])
			sum += wins[p]
		}
		if sum > round-1 {
			return nil, fmt.Errorf("impossible match: %d rounds won in all before round %d", sum, round)
		}
	}
	for p := 0; p < r.players; p++ {
		s.reserve[p] = uint8(reserves[p])
		s.reached[p] = int32(reached[p])
		if onBoard[p]+reserves[p] != Bricks {
			return nil, fmt.Errorf("%s has %d bricks on the board and %d in reserve: they must make %d", seatNames[p].EN, onBoard[p], reserves[p], Bricks)
		}
	}
	if err := s.check(first); err != nil {
		return nil, err
	}
	// The game's own rules, as Apply would have applied them.
	if s.phase == phaseFill && !s.roundOver() && !s.canFill(int(s.toMove)) {
		s.phase = phaseReturn
	}
	if s.roundOver() {
		if r.match && int(s.round) < r.players-1 {
			return nil, fmt.Errorf("impossible position: round %d is over, so round %d would have begun", s.round+1, s.round+2)
		}
		s.over = true
	}
	return s, nil
}

// check refuses positions that no game reaches. first is the seat that
// began the round.
func (s *State) check(first int) error {
	r := s.r
	n := r.size
	players := r.players
	before := func(p int) int { return (p + players - 1) % players }
	if s.pawn == none {
		for c := 0; c < r.cells; c++ {
			if s.board[c] != empty {
				return fmt.Errorf("impossible position: %s is taken before the black pawn is on the board", CellName(c, n))
			}
		}
		if s.phase != phaseFill || int(s.toMove) != first {
			return fmt.Errorf("impossible position: a round with no black pawn on the board is at its start: phase 1, %s to move", seatNames[first].EN)
		}
		return nil
	}
	// The markers on the board are those of the seats from the first one
	// on, in turn order.
	placed := 0
	for k := 0; k < players; k++ {
		if s.markers[(first+k)%players] == none {
			break
		}
		placed++
	}
	for k := placed; k < players; k++ {
		p := (first + k) % players
		if s.markers[p] != none {
			return fmt.Errorf("impossible position: the %s marker is on the board but the %s one, placed before it, is not", seatNames[p].EN, seatNames[(first+placed)%players].EN)
		}
		if s.reserve[p] != Bricks {
			return fmt.Errorf("impossible position: %s has bricks on the board but no marker", seatNames[p].EN)
		}
	}
	if placed == 0 {
		return fmt.Errorf("impossible position: the black pawn is on the board without the %s marker", seatNames[first].EN)
	}
	for p := 0; p < players; p++ {
		if s.reserve[p] < Bricks && s.reached[p] == 0 {
			return fmt.Errorf("impossible position: %s has placed bricks, so his reserve changed at some ply (reached cannot be 0)", seatNames[p].EN)
		}
		if !r.match {
			if s.reached[p] == 0 && s.reserve[p] != Bricks {
				return fmt.Errorf("impossible position: %s's reserve never changed but is not %d", seatNames[p].EN, Bricks)
			}
			for q := p + 1; q < players; q++ {
				if s.reached[p] != 0 && s.reached[p] == s.reached[q] {
					return fmt.Errorf("impossible position: two reserves changed at the same ply %d", s.reached[p])
				}
			}
		}
	}
	zero := -1
	for p := 0; p < players; p++ {
		if s.reserve[p] == 0 {
			if zero >= 0 {
				return fmt.Errorf("impossible position: two players have placed all their bricks")
			}
			zero = p
		}
	}
	if s.phase == phaseFill {
		if placed < players && int(s.toMove) != (first+placed)%players {
			return fmt.Errorf("impossible position: in phase 1 the player to move is %s, the first without a marker", seatNames[(first+placed)%players].EN)
		}
		for k := 0; k < placed; k++ {
			p := (first + k) % players
			if s.reserve[p] == Bricks {
				return fmt.Errorf("impossible position: in phase 1 %s has a marker on the board but no brick", seatNames[p].EN)
			}
		}
		if zero >= 0 && zero != before(int(s.toMove)) {
			return fmt.Errorf("impossible position: %s placed his last brick, so he must have just moved (%s would be to move)", seatNames[zero].EN, seatNames[(zero+1)%players].EN)
		}
	} else if zero >= 0 {
		return fmt.Errorf("impossible position: %s has no brick in reserve in phase 2 (placing the last brick ends the game in phase 1)", seatNames[zero].EN)
	}
	if s.ply == 0 {
		return fmt.Errorf("impossible position: pieces are on the board at ply 0")
	}
	return nil
}
