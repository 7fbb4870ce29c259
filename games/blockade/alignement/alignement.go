// Package alignement implements Alignement, the fourth game of Blockade
// (Sid Sackson, 1979): two players place and then move five pieces each on
// the 16 circles of the board, in a fixed order of piece kinds, to line up
// four of them.
//
// The rules as implemented are in docs/rules/alignement.md.
package alignement

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/blockade/board"
)

// Players: A (seat 0, Red) moves first, B (seat 1, Blue).
const (
	A = 0
	B = 1
)

// The 16 circles form a 4x4 grid: point = row*4 + col, col 0..3 = files b,
// e, h, k, row 0..3 = ranks 2, 5, 8, 11.
const Points = 16

// pointCell is the board cell of each point.
var pointCell = func() (out [Points]board.Cell) {
	for p := range out {
		out[p] = board.At(p%4*3+1, p/4*3+1)
	}
	return
}()

var pointNames = func() (out [Points]string) {
	for p := range out {
		out[p] = pointCell[p].String()
	}
	return
}()

// A step of the schedule: who acts, with which kind of piece, placing or
// moving.
type step struct {
	player int
	shape  board.Shape
	place  bool
}

// schedule is the opening (*reconstruction* of the garbled table, as
// DECISIONS.md lists it: steps 0-11) followed by the movement cycle (steps
// 12-17, repeated). Replace this one table when the real figure is found.
var schedule = [18]step{
	{A, board.Square, true},
	{B, board.Square, true},
	{A, board.Cylinder, true},
	{B, board.Cylinder, true},
	{A, board.Triangle, true},
	{B, board.Triangle, true},
	{A, board.Square, true},
	{B, board.Square, true},
	{A, board.Cylinder, false},
	{B, board.Triangle, true},
	{A, board.Triangle, true},
	{B, board.Cylinder, false},
	// The cycle: A square, B triangle, A cylinder, B square, A triangle, B cylinder.
	{A, board.Square, false},
	{B, board.Triangle, false},
	{A, board.Cylinder, false},
	{B, board.Square, false},
	{A, board.Triangle, false},
	{B, board.Cylinder, false},
}

const (
	openingSteps = 12
	cycleSteps   = 6
)

// nextStep follows the schedule: the opening once, then the cycle forever.
func nextStep(i int) int {
	if i == openingSteps+cycleSteps-1 {
		return openingSteps
	}
	return i + 1
}

// stepName is the schedule step in the position text: o1..o12, c1..c6.
func stepName(i int) string {
	if i < openingSteps {
		return "o" + strconv.Itoa(i+1)
	}
	return "c" + strconv.Itoa(i-openingSteps+1)
}

// lines are the 10 lines of four points: ranks, files, long diagonals.
var lines = func() (out [10]uint16) {
	for i := 0; i < 4; i++ {
		for j := 0; j < 4; j++ {
			out[i] |= 1 << uint(i*4+j) // row i
			out[4+i] |= 1 << uint(j*4+i)
		}
		out[8] |= 1 << uint(i*5)
		out[9] |= 1 << uint(i*4+3-i)
	}
	return
}()

// The 8 directions on the grid (col, row).
var dirs8 = [8][2]int{{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}}

// Outcome reasons.
const (
	reasonNone uint8 = iota
	reasonLine
	reasonStuck
)

var reasonText = [...]string{"", "four in a line", "opponent cannot make the required move"}

// State is an Alignement position. A point holds 0 (empty) or shape +
// 3*player (1..6).
type State struct {
	points [Points]uint8
	step   uint8 // index into schedule
	winner int8  // -1 while the game is on
	reason uint8
	// global: the cylinder=global reading (see destinations).
	global bool
	ply    int
}

func code(player int, shape board.Shape) uint8 { return uint8(shape) + 3*uint8(player) }
func codePlayer(c uint8) int                   { return int(c-1) / 3 }
func codeShape(c uint8) board.Shape            { return board.Shape((c-1)%3 + 1) }

var seatNames = [2]string{"Red", "Blue"}

var variant = &game.Variant{
	Options:    game.Options{},
	Players:    2,
	Seats:      []game.Text{{EN: "Red", FR: "Rouge"}, {EN: "Blue", FR: "Bleu"}},
	PlyLimit:   300,
	Repetition: 3,
	Start:      func() game.State { return New() },
	Decode:     func(s string) (game.State, error) { return Decode(s) },
}

// globalVariant is the cylinder=global reading (DECISIONS.md, "Alternative
// readings"): the cylinder goes only to the nearest of the first empty
// circles of the 8 directions.
var globalVariant = &game.Variant{
	Options:    game.Options{"cylinder": "global"},
	Players:    2,
	Seats:      variant.Seats,
	PlyLimit:   300,
	Repetition: 3,
	Start:      func() game.State { return &State{winner: -1, global: true} },
	Decode:     func(s string) (game.State, error) { return decode(s, true) },
}

func init() {
	variant.Game = &game.Game{
		ID:         "alignement",
		Name:       game.Text{EN: "Alignement", FR: "Alignement"},
		Summary:    game.Text{EN: "Blockade: place then move five pieces on the 16 circles in a fixed order of kinds; line up four to win.", FR: "Blockade : poser puis déplacer cinq pions sur les 16 cercles dans un ordre fixe ; aligner quatre pions pour gagner."},
		Author:     "Sid Sackson, 1979 (Blockade)",
		MinPlayers: 2,
		MaxPlayers: 2,
		Options: []game.Option{{Name: "cylinder", Default: "ray", Values: []string{"ray", "global"}, Doc: game.Text{
			EN: "reading of the rule text: the cylinder goes to the first empty circle of any of the 8 directions (ray), or only to the nearest of those circles, counted in circles along its direction, ties being separate moves (global)",
			FR: "lecture de la règle : le cylindre va au premier cercle vide de n'importe laquelle des 8 directions (ray), ou seulement au plus proche de ces cercles, compté en cercles le long de sa direction, les ex æquo étant des coups distincts (global)",
		}}},
		Setup: func(opts game.Options) (*game.Variant, error) {
			if opts["cylinder"] == "global" {
				return globalVariant, nil
			}
			return variant, nil
		},
	}
	globalVariant.Game = variant.Game
	// The default, then the other reading (DECISIONS.md, "Alternative
	// readings").
	variant.Game.Variants = []game.Options{{}, {"cylinder": "global"}}
	game.Register(variant.Game)
}

// Variant is Alignement's variant with the default reading.
func Variant() *game.Variant { return variant }

// GlobalVariant is the variant with the cylinder=global reading.
func GlobalVariant() *game.Variant { return globalVariant }

// New returns the start position: an empty board, Red to place a square.
func New() *State { return &State{winner: -1} }

// Variant implements game.State.
func (s *State) Variant() *game.Variant {
	if s.global {
		return globalVariant
	}
	return variant
}

// ToMove implements game.State.
func (s *State) ToMove() int {
	if s.winner >= 0 {
		return -1
	}
	return schedule[s.step].player
}

// Ply implements game.State.
func (s *State) Ply() int { return s.ply }

// Required gives what the schedule asks of the player to move: the piece
// kind and whether it is placed (true) or moved.
func (s *State) Required() (player int, shape board.Shape, place bool) {
	st := schedule[s.step]
	return st.player, st.shape, st.place
}

// Piece returns the owner and shape on a board cell (-1, NoShape if empty
// or not a circle).
func (s *State) Piece(c board.Cell) (player int, shape board.Shape) {
	for p, pc := range pointCell {
		if pc == c && s.points[p] != 0 {
			return codePlayer(s.points[p]), codeShape(s.points[p])
		}
	}
	return -1, board.NoShape
}

// Moves pack a placement as shape | to<<4 and a movement as from | to<<4 |
// 1<<8.
const moveFlag = 1 << 8

func placeMove(shape board.Shape, to int) game.Move { return game.Move(int(shape) | to<<4) }
func stepMove(from, to int) game.Move               { return game.Move(from | to<<4 | moveFlag) }

func decodeMove(m game.Move) (isMove bool, from int, shape board.Shape, to int) {
	if m&moveFlag != 0 {
		return true, int(m & 15), board.NoShape, int(m >> 4 & 15)
	}
	return false, -1, board.Shape(m & 15), int(m >> 4 & 15)
}

// destinations appends the circles the piece on point p can move to.
func (s *State) destinations(buf []game.Move, p int) []game.Move {
	col, row := p%4, p/4
	if codeShape(s.points[p]) == board.Cylinder && s.global {
		return s.nearest(buf, p)
	}
	if codeShape(s.points[p]) == board.Cylinder {
		for _, d := range dirs8 {
			c, r := col+d[0], row+d[1]
			for c >= 0 && c < 4 && r >= 0 && r < 4 {
				if q := r*4 + c; s.points[q] == 0 {
					buf = append(buf, stepMove(p, q))
					break
				}
				c, r = c+d[0], r+d[1]
			}
		}
		return buf
	}
	for _, d := range dirs8 {
		if d[0] != 0 && d[1] != 0 {
			continue
		}
		c, r := col+d[0], row+d[1]
		if c >= 0 && c < 4 && r >= 0 && r < 4 && s.points[r*4+c] == 0 {
			buf = append(buf, stepMove(p, r*4+c))
		}
	}
	return buf
}

// nearest appends the moves of the cylinder on p with cylinder=global: of
// the first empty circles of the 8 directions, only those at the smallest
// distance (in circles along the direction); ties are separate moves.
func (s *State) nearest(buf []game.Move, p int) []game.Move {
	col, row := p%4, p/4
	var dist [8]int8
	best := int8(4)
	for i, d := range dirs8 {
		dist[i] = -1
		c, r := col+d[0], row+d[1]
		for n := int8(1); c >= 0 && c < 4 && r >= 0 && r < 4; n++ {
			if s.points[r*4+c] == 0 {
				dist[i] = n
				best = min(best, n)
				break
			}
			c, r = c+d[0], r+d[1]
		}
	}
	for i, d := range dirs8 {
		if dist[i] == best {
			n := int(best)
			buf = append(buf, stepMove(p, (row+n*d[1])*4+col+n*d[0]))
		}
	}
	return buf
}

// LegalMoves implements game.State: the placements on every empty circle
// (b2, e2, ..., k11), or the movements of each piece of the required kind,
// in the directions north, north-east, east, ... clockwise.
func (s *State) LegalMoves(buf []game.Move) []game.Move {
	buf = buf[:0]
	if s.winner >= 0 {
		return buf
	}
	return s.moves(buf)
}

func (s *State) moves(buf []game.Move) []game.Move {
	st := schedule[s.step]
	if st.place {
		for p := 0; p < Points; p++ {
			if s.points[p] == 0 {
				buf = append(buf, placeMove(st.shape, p))
			}
		}
		return buf
	}
	want := code(st.player, st.shape)
	for p := 0; p < Points; p++ {
		if s.points[p] == want {
			buf = s.destinations(buf, p)
		}
	}
	return buf
}

// Apply implements game.State.
func (s *State) Apply(m game.Move) {
	isMove, from, shape, to := decodeMove(m)
	me := schedule[s.step].player
	if isMove {
		s.points[to] = s.points[from]
		s.points[from] = 0
	} else {
		s.points[to] = code(me, shape)
	}
	s.ply++
	s.step = uint8(nextStep(int(s.step)))
	s.judge()
}

// judge sets the result: the player who just moved wins with four in a
// line; otherwise the player to move loses if he cannot make the move the
// schedule requires.
func (s *State) judge() {
	s.winner, s.reason = -1, reasonNone
	if s.step == 0 { // nobody has played yet
		return
	}
	me := 1 - schedule[s.step].player
	if s.hasLine(me) {
		s.winner, s.reason = int8(me), reasonLine
		return
	}
	var buf [32]game.Move
	if len(s.moves(buf[:0])) == 0 {
		s.winner, s.reason = int8(me), reasonStuck
	}
}

func (s *State) mask(player int) uint16 {
	var m uint16
	for p := 0; p < Points; p++ {
		if c := s.points[p]; c != 0 && codePlayer(c) == player {
			m |= 1 << uint(p)
		}
	}
	return m
}

func (s *State) hasLine(player int) bool {
	m := s.mask(player)
	for _, l := range lines {
		if m&l == l {
			return true
		}
	}
	return false
}

// Outcome implements game.State.
func (s *State) Outcome() game.Outcome {
	if s.winner < 0 {
		return game.Outcome{}
	}
	return game.Outcome{Status: game.Win, Winners: 1 << uint(s.winner), Reason: reasonText[s.reason]}
}

// Key is an exact code of the position: three bits a circle and the
// schedule step.
func (s *State) Key() uint64 {
	var k uint64
	for p := 0; p < Points; p++ {
		k = k<<3 | uint64(s.points[p])
	}
	return k<<5 | uint64(s.step)
}

// Hash implements game.State; collision-free since Key is exact.
func (s *State) Hash() uint64 { return game.Mix64(s.Key()) }

// Clone implements game.State.
func (s *State) Clone() game.State {
	c := *s
	return &c
}

var pieceLetters = [7]byte{'.', 'C', 'T', 'S', 'c', 't', 's'}

// Encode implements game.State. The position text is the four rows of
// circles from rank 11 down to rank 2 separated by "/", each from file b to
// k ("." empty, C T S Red's cylinder, triangle, square, c t s Blue's), then
// the schedule step (o1..o12 in the opening, c1..c6 in the cycle) and the
// ply: "..../..../..../.... o1 0".
func (s *State) Encode() string {
	b := make([]byte, 0, 32)
	for row := 3; row >= 0; row-- {
		for col := 0; col < 4; col++ {
			b = append(b, pieceLetters[s.points[row*4+col]])
		}
		if row > 0 {
			b = append(b, '/')
		}
	}
	b = append(b, ' ')
	b = append(b, stepName(int(s.step))...)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(s.ply), 10)
	return string(b)
}

const positionForm = `an Alignement position text is "circles step ply", e.g. "..../..../..../.... o1 0": the circles of ranks 11, 8, 5, 2 separated by "/", each rank files b, e, h, k ("." empty, C T S Red's cylinder, triangle, square, c t s Blue's), the schedule step (o1 to o12 in the opening, c1 to c6 in the movement cycle) and the ply`

// placedBefore counts, for each player and shape, the pieces placed before
// schedule step i.
func placedBefore(i int) (n [2][4]int) {
	for j := 0; j < i && j < openingSteps; j++ {
		if st := schedule[j]; st.place {
			n[st.player][st.shape]++
		}
	}
	return
}

// Decode reads a position text written by Encode. It refuses positions
// that cannot arise: pieces that do not match the schedule step, a ply
// that does not match it, a line of four for the player to move.
func Decode(text string) (*State, error) { return decode(text, false) }

func decode(text string, global bool) (*State, error) {
	if len(text) > game.MaxInput {
		return nil, fmt.Errorf("%s; got %d bytes", positionForm, len(text))
	}
	fields := strings.Fields(text)
	if len(fields) != 3 {
		return nil, fmt.Errorf("%s; got %d fields in %s", positionForm, len(fields), game.Quote(text))
	}
	rows := strings.Split(fields[0], "/")
	if len(rows) != 4 {
		return nil, fmt.Errorf("%s; got %d ranks of circles", positionForm, len(rows))
	}
	s := &State{winner: -1, global: global}
	var count [2][4]int
	for i, row := range rows {
		if len(row) != 4 {
			return nil, fmt.Errorf("%s; rank %d has %s, not 4 circles", positionForm, 11-3*i, game.Quote(row))
		}
		for col := 0; col < 4; col++ {
			c := strings.IndexByte(string(pieceLetters[:]), row[col])
			if c < 0 {
				return nil, fmt.Errorf("%s; %q on %s is not a piece", positionForm, row[col], pointNames[(3-i)*4+col])
			}
			s.points[(3-i)*4+col] = uint8(c)
			if c > 0 {
				count[codePlayer(uint8(c))][codeShape(uint8(c))]++
			}
		}
	}
	st := -1
	for i := range schedule {
		if stepName(i) == fields[1] {
			st = i
		}
	}
	if st < 0 {
		return nil, fmt.Errorf("%s; the step must be o1 to o12 or c1 to c6, got %s", positionForm, game.Quote(fields[1]))
	}
	s.step = uint8(st)
	ply, err := strconv.Atoi(fields[2])
	if err != nil || ply < 0 || ply > 1_000_000 {
		return nil, fmt.Errorf("%s; the ply must be a whole number from 0 to 1000000, got %s", positionForm, game.Quote(fields[2]))
	}
	switch {
	case st < openingSteps && ply != st:
		return nil, fmt.Errorf("opening step %s is played at ply %d, not %d", stepName(st), st, ply)
	case st >= openingSteps && (ply < openingSteps || (ply-openingSteps)%cycleSteps != st-openingSteps):
		return nil, fmt.Errorf("cycle step %s is played at ply %d + 6k (%d, %d, ...), not %d", stepName(st), st, st, st+6, ply)
	}
	s.ply = ply
	want := placedBefore(st)
	for pl := 0; pl < 2; pl++ {
		for sh := board.Cylinder; sh <= board.Square; sh++ {
			if count[pl][sh] != want[pl][sh] {
				return nil, fmt.Errorf("impossible position: at step %s, %s's %ss on the board: %d, but the schedule has placed %d", stepName(st), seatNames[pl], sh, count[pl][sh], want[pl][sh])
			}
		}
	}
	if s.hasLine(schedule[st].player) {
		return nil, fmt.Errorf("impossible position: %s, to move, already has four in a line (the game ended when it was made)", seatNames[schedule[st].player])
	}
	s.judge()
	return s, nil
}

// MoveString implements game.State: "S@e5" for a placement (shape letter
// C, T or S, then the circle), "e5-h5" for a movement.
func (s *State) MoveString(m game.Move) string {
	isMove, from, shape, to := decodeMove(m)
	if isMove {
		return moveNames[from][to]
	}
	return placeNames[shape][to]
}

var (
	moveNames  [Points][Points]string
	placeNames [4][Points]string
)

func init() {
	for a := 0; a < Points; a++ {
		for b := 0; b < Points; b++ {
			moveNames[a][b] = pointNames[a] + "-" + pointNames[b]
		}
		for sh := board.Cylinder; sh <= board.Square; sh++ {
			placeNames[sh][a] = string(sh.Letter()) + "@" + pointNames[a]
		}
	}
}

var moveForm = game.Text{
	EN: "an Alignement move is a placement, the shape letter (C cylinder, T triangle, S square) @ an empty circle, e.g. S@e5 (or just @e5 or e5: the schedule decides the shape), or a movement from a circle to a circle, e.g. e5-h5; the circles are b2 e2 h2 k2, b5 ... k11",
	FR: "un coup d'Alignement est une pose, la lettre de la forme (C cylindre, T triangle, S carré) @ un cercle vide, par exemple S@e5 (ou simplement @e5 ou e5 : le programme décide de la forme), ou un déplacement d'un cercle à un cercle, par exemple e5-h5 ; les cercles sont b2 e2 h2 k2, b5 ... k11",
}

// shapeNamesFR are the shapes in French (board.Shape.String in English).
var shapeNamesFR = [...]string{"aucune", "cylindre", "triangle", "carré"}

// seatTexts are seatNames in both languages.
var seatTexts = [2]game.Text{{EN: "Red", FR: "Rouge"}, {EN: "Blue", FR: "Bleu"}}

// ParseMove implements game.State.
func (s *State) ParseMove(text string) (game.Move, error) {
	if len(text) > 32 {
		return 0, game.NotAMove(text, moveForm)
	}
	in := strings.ToLower(strings.Join(strings.Fields(text), ""))
	if s.winner >= 0 {
		return 0, game.MoveAfterEnd(text)
	}
	st := schedule[s.step]
	verb := game.Text{EN: "move", FR: "déplacer"}
	if st.place {
		verb = game.Text{EN: "place", FR: "poser"}
	}
	required := game.Text{
		EN: fmt.Sprintf("%s must %s a %s now (step %s of the schedule)", seatNames[st.player], verb.EN, st.shape, stepName(int(s.step))),
		FR: fmt.Sprintf("%s doit %s un %s maintenant (étape %s du programme)", seatTexts[st.player].FR, verb.FR, shapeNamesFR[st.shape], stepName(int(s.step))),
	}
	// with joins a reason to required in both languages.
	with := func(en, fr string) game.Text {
		return game.Text{EN: fmt.Sprintf(en, required.EN), FR: fmt.Sprintf(fr, required.FR)}
	}
	if a, b, ok := strings.Cut(in, "-"); ok {
		from, ok1 := parsePoint(a)
		to, ok2 := parsePoint(b)
		if !ok1 || !ok2 {
			return 0, game.NotAMove(text, moveForm)
		}
		if st.place {
			return 0, game.IllegalMove(s, text, with("%s; the schedule asks for a placement, written like "+string(st.shape.Letter())+"@e5",
				"%s ; le programme demande une pose, qui s'écrit comme "+string(st.shape.Letter())+"@e5"))
		}
		c := s.points[from]
		switch {
		case c == 0:
			return 0, game.IllegalMove(s, text, with(pointNames[from]+" is empty; %s", pointNames[from]+" est vide ; %s"))
		case codePlayer(c) != st.player || codeShape(c) != st.shape:
			return 0, game.IllegalMove(s, text, game.Text{
				EN: fmt.Sprintf("%s holds %s's %s; %s", pointNames[from], seatNames[codePlayer(c)], codeShape(c), required.EN),
				FR: fmt.Sprintf("%s porte le %s de %s ; %s", pointNames[from], shapeNamesFR[codeShape(c)], seatTexts[codePlayer(c)].FR, required.FR),
			})
		}
		var buf [8]game.Move
		for _, m := range s.destinations(buf[:0], from) {
			if _, _, _, t := decodeMove(m); t == to {
				return m, nil
			}
		}
		why := game.Text{EN: "a square or triangle moves one circle along a rank or file, to an empty circle", FR: "un carré ou un triangle avance d'un cercle le long d'une rangée ou d'une colonne, vers un cercle vide"}
		if st.shape == board.Cylinder {
			why = game.Text{EN: "a cylinder moves, in one of the 8 directions, to the first empty circle in that direction", FR: "un cylindre va, dans l'une des 8 directions, jusqu'au premier cercle vide dans cette direction"}
			if s.global {
				why = game.Text{EN: "a cylinder moves to the nearest of the first empty circles of the 8 directions (cylinder=global)", FR: "un cylindre va au plus proche des premiers cercles vides des 8 directions (cylinder=global)"}
			}
		}
		return 0, game.IllegalMove(s, text, why)
	}
	shape := board.NoShape
	if at := strings.IndexByte(in, '@'); at >= 0 {
		switch at {
		case 0:
		case 1:
			var ok bool
			if shape, ok = board.ParseShape(in[0]); !ok {
				return 0, game.NotAMove(text, moveForm)
			}
		default:
			return 0, game.NotAMove(text, moveForm)
		}
		in = in[at+1:]
	}
	to, ok := parsePoint(in)
	if !ok {
		return 0, game.NotAMove(text, moveForm)
	}
	if !st.place {
		return 0, game.IllegalMove(s, text, with("%s; the schedule asks for a movement, written like e5-h5", "%s ; le programme demande un déplacement, qui s'écrit comme e5-h5"))
	}
	if shape != board.NoShape && shape != st.shape {
		return 0, game.IllegalMove(s, text, with("this is not the kind of piece the schedule asks for: %s", "ce n'est pas la pièce que demande le programme : %s"))
	}
	if s.points[to] != 0 {
		return 0, game.IllegalMove(s, text, game.Texts("%s is taken", "%s est pris", pointNames[to]))
	}
	return placeMove(st.shape, to), nil
}

// parsePoint reads a circle name (b2 ... k11, lowercase).
func parsePoint(t string) (int, bool) {
	for p, n := range pointNames {
		if n == t {
			return p, true
		}
	}
	return 0, false
}

// String implements game.State: the whole board with the pieces on their
// circles, then what the schedule asks for.
func (s *State) String() string { return s.StringIn("en") }

// StringIn is String with its legend in lang (see game.StateText).
func (s *State) StringIn(lang string) string {
	out := board.Draw(func(c board.Cell) string {
		if !c.IsCircle() {
			return ""
		}
		for p, pc := range pointCell {
			if pc == c && s.points[p] != 0 {
				return string(pieceLetters[s.points[p]])
			}
		}
		return ""
	})
	if lang == "fr" {
		out += "(C T S cylindre, triangle, carré de Rouge ; c t s ceux de Bleu ; o un cercle vide)\n"
		if s.winner >= 0 {
			return out + fmt.Sprintf("partie terminée : %s gagne (%s)\n", seatTexts[s.winner].FR, game.ReasonText(reasonText[s.reason], lang))
		}
		st := schedule[s.step]
		verb := "déplace"
		if st.place {
			verb = "pose"
		}
		return out + fmt.Sprintf("étape %s : %s %s un %s\n", stepName(int(s.step)), seatTexts[st.player].FR, verb, shapeNamesFR[st.shape])
	}
	out += "(C T S Red's cylinder, triangle, square; c t s Blue's; o an empty circle)\n"
	if s.winner >= 0 {
		return out + fmt.Sprintf("game over: %s wins (%s)\n", seatNames[s.winner], reasonText[s.reason])
	}
	st := schedule[s.step]
	verb := "moves"
	if st.place {
		verb = "places"
	}
	return out + fmt.Sprintf("step %s: %s %s a %s\n", stepName(int(s.step)), seatNames[st.player], verb, st.shape)
}
