// Package porte implements La Porte, the sixth of the six Blockade games
// (Sid Sackson, 1979), for 2, 3 or 4 players (4 may play as two teams):
// pieces move like rooks that jump freely; a piece that stops on a line with
// two pieces of one opponent, the three pieces being a cylinder, a triangle
// and a square, brings a new piece in through the circle (the door) of its
// section. The first to bring in all eight reserve pieces wins.
//
// The rules as implemented, with every reconstruction and decision, are in
// docs/rules/porte.md.
package porte

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/blockade/board"
)

// Colours. A colour's number is the board seat it sits at: red South,
// yellow West, green North, blue East.
const (
	Red    = int(board.SouthSeat)
	Yellow = int(board.WestSeat)
	Green  = int(board.NorthSeat)
	Blue   = int(board.EastSeat)
)

// Pieces of each player: 1 cylinder, 4 triangles and 6 squares, of which
// 3 triangles and 5 squares are in reserve at the start.
const (
	StartTriangles = 3 // in reserve at the start
	StartSquares   = 5
	TotalTriangles = 4 // a player's triangles, board and reserve together
	TotalSquares   = 6
	ReservePieces  = StartTriangles + StartSquares
)

var (
	colourLetters = [4]byte{'r', 'y', 'g', 'b'}
	colourNames   = [4]game.Text{{EN: "Red", FR: "Rouge"}, {EN: "Yellow", FR: "Jaune"}, {EN: "Green", FR: "Vert"}, {EN: "Blue", FR: "Bleu"}}
	// seatColours gives the colour of each seat, in playing order (clockwise
	// from South: South, West, North, East), by number of players.
	seatColours = map[int][]int{
		2: {Red, Green},
		3: {Red, Green, Blue},
		4: {Red, Yellow, Green, Blue},
	}
)

// StartLayout is the *reconstruction* of the start position (Illustration 14
// is lost; DECISIONS.md, La Porte): the three pieces each colour has on the
// board at the start. Replace this table when the real figure is found.
var StartLayout = [4][3]struct {
	Shape board.Shape
	Cell  string
}{
	Red:    {{board.Triangle, "e1"}, {board.Cylinder, "f1"}, {board.Square, "g1"}},
	Yellow: {{board.Triangle, "a8"}, {board.Cylinder, "a7"}, {board.Square, "a6"}},
	Green:  {{board.Triangle, "h12"}, {board.Cylinder, "g12"}, {board.Square, "f12"}},
	Blue:   {{board.Triangle, "l5"}, {board.Cylinder, "l6"}, {board.Square, "l7"}},
}

// A cell holds 0 (empty) or seat<<2 | shape (shape 1..3, see board.Shape).
func piece(seat int, shape board.Shape) uint8 { return uint8(seat<<2) | uint8(shape) }
func pieceSeat(v uint8) int                   { return int(v >> 2) }
func pieceShape(v uint8) board.Shape          { return board.Shape(v & 3) }

// Precomputed geometry.
var (
	isCircle [board.Cells]bool
	// door[c] is the circle of c's section.
	door [board.Cells]uint8
	// sectionOthers[s] lists the eight cells of section s around its circle.
	sectionOthers [16][8]uint8
	circles       [16]uint8
	// next[c][d] is the neighbour of c in direction d, or -1 off the board.
	next [board.Cells][4]int16
	// cellNames are the cells' names, a1 to l12.
	cellNames [board.Cells]string
	// moveNames[from][k][entry] is the notation of the move from from to
	// its k-th cell along rank or file (see lineIndex), so that MoveString
	// does not allocate.
	moveNames [board.Cells][2 * (board.Size - 1)][3]string
	// hashKeys: a key for each cell content (16) on each cell, then one per
	// seat to move.
	hashKeys = game.HashKeys(0x9027e, board.Cells*16+4)
)

// A move packs from | to<<8 | entry<<16, entry being 0 (none), 1 (a
// triangle enters) or 2 (a square enters).
const (
	entryNone = 0
	entryT    = 1
	entryS    = 2
)

func mkMove(from, to, entry int) game.Move { return game.Move(from | to<<8 | entry<<16) }
func moveParts(m game.Move) (from, to, entry int) {
	return int(m & 0xff), int(m >> 8 & 0xff), int(m >> 16 & 3)
}

// entryShape is the shape that enters with entry e.
func entryShape(e int) board.Shape {
	if e == entryT {
		return board.Triangle
	}
	return board.Square
}

// Readings are the alternative readings of the rule text that options
// choose (DECISIONS.md, "Alternative readings"); the zero value is the
// default of each.
type Readings struct {
	// EntryOptional: an earned entry may be declined (entry=optional).
	EntryOptional bool
	// OrderListed: with 3 players the order is red, blue, green, the
	// text's listing order (order=listed), not clockwise.
	OrderListed bool
}

// readingsKey is one variant: a seating and the readings.
type readingsKey struct {
	seating  board.Seating
	readings Readings
}

// rules holds what is fixed in one variant.
type rules struct {
	players  int
	teams    bool
	partner  [4]int8 // with teams, each seat's partner
	readings Readings
	colours  []int // colour of each seat
	opposing [4]uint8
	variant  *game.Variant
	start    State
	letters  [16]string // position-text letters of each cell value, "" empty
}

var (
	theGame  *game.Game
	variants *board.SeatingTable[*rules]
	// readingVariants are the variants with a non-default reading.
	readingVariants = map[readingsKey]*rules{}
)

func newRules(k board.Seating) *rules { return newReadingRules(k, Readings{}) }

func newReadingRules(k board.Seating, rd Readings) *rules {
	players, teams := k.Players, k.Teams
	r := &rules{players: players, teams: teams, colours: seatColours[players], readings: rd}
	if rd.OrderListed {
		r.colours = []int{Red, Blue, Green}
	}
	seats := make([]game.Text, players)
	for seat := 0; seat < players; seat++ {
		seats[seat] = colourNames[r.colours[seat]]
		for other := 0; other < players; other++ {
			if other != seat && !(teams && k.TeamOf(other) == k.TeamOf(seat)) {
				r.opposing[seat] |= 1 << other
			}
			if teams && other != seat && k.TeamOf(other) == k.TeamOf(seat) {
				r.partner[seat] = int8(other)
			}
		}
	}
	r.start = State{r: r}
	for seat := 0; seat < players; seat++ {
		for _, p := range StartLayout[r.colours[seat]] {
			c, err := board.ParseCell(p.Cell)
			if err != nil {
				panic(err)
			}
			r.start.cells[c] = piece(seat, p.Shape)
		}
		for _, shape := range []board.Shape{board.Cylinder, board.Triangle, board.Square} {
			r.letters[piece(seat, shape)] = string(colourLetters[r.colours[seat]]) + string(shape.Letter())
		}
		r.start.reserve[seat] = [2]uint8{StartTriangles, StartSquares}
	}
	r.start.derive()
	v := k.Variant(seats)
	// Only the readings that differ from the default are options of the
	// variant, so that the default variants keep their names.
	if rd.EntryOptional {
		v.Options["entry"] = "optional"
	}
	if rd.OrderListed {
		v.Options["order"] = "listed"
	}
	v.PlyLimit = 600
	v.Repetition = 3
	v.Start = func() game.State {
		s := r.start
		return &s
	}
	v.Decode = func(text string) (game.State, error) { return r.decode(text) }
	r.variant = v
	return r
}

func init() {
	for c := 0; c < board.Cells; c++ {
		cell := board.Cell(c)
		isCircle[c] = cell.IsCircle()
		door[c] = uint8(board.Circle(cell.Section()))
		cellNames[c] = cell.String()
		for _, d := range board.Directions {
			next[c][d] = int16(cell.Step(d))
		}
	}
	for from := 0; from < board.Cells; from++ {
		for to := 0; to < board.Cells; to++ {
			if k := lineIndex(from, to); k >= 0 {
				plain := cellNames[from] + "-" + cellNames[to]
				moveNames[from][k] = [3]string{plain, plain + "+T", plain + "+S"}
			}
		}
	}
	for s := 0; s < 16; s++ {
		circles[s] = uint8(board.Circle(s))
		i := 0
		for _, c := range board.SectionCells(s) {
			if !c.IsCircle() {
				sectionOthers[s][i] = uint8(c)
				i++
			}
		}
	}
	theGame = &game.Game{
		ID:      "porte",
		Name:    game.Text{EN: "La Porte", FR: "La Porte"},
		Summary: game.Text{EN: "Blockade: line up with an opponent's pieces to bring your eight reserve pieces in through the doors (2 to 4 players, teams with 4).", FR: "Blockade : s'aligner avec les pièces d'un adversaire pour faire entrer ses huit pièces de réserve par les portes (2 à 4 joueurs, équipes à 4)."},
		Author:  "Sid Sackson, 1979 (Blockade)",
		Options: []game.Option{
			board.PlayersOption(game.Text{EN: "number of players: 2 red and green, 3 red, green and blue, 4 red, yellow, green and blue", FR: "nombre de joueurs : 2 rouge et vert, 3 rouge, vert et bleu, 4 rouge, jaune, vert et bleu"}),
			board.TeamsOption(game.Text{EN: "with 4 players: red and green against yellow and blue", FR: "à 4 joueurs : rouge et vert contre jaune et bleu"}),
			board.SeatingOption(),
			{Name: "entry", Default: "mandatory", Values: []string{"mandatory", "optional"}, Doc: game.Text{
				EN: "reading of the rule text: an earned entry must be made (mandatory) or may be declined, a separate move without the entry (optional)",
				FR: "lecture de la règle : une entrée gagnée doit être faite (mandatory) ou peut être refusée, un coup à part sans l'entrée (optional)"}},
			{Name: "order", Default: "cw", Values: []string{"cw", "listed"}, Doc: game.Text{
				EN: "reading of the rule text, 3 players: red, green, blue, clockwise (cw), or red, blue, green in the text's listing order (listed)",
				FR: "lecture de la règle, à 3 joueurs : rouge, vert, bleu dans le sens des aiguilles d'une montre (cw), ou rouge, bleu, vert dans l'ordre où le texte les cite (listed)"}},
			game.StartOption("5gSgCgT4/12/12/12/12/12/12/12/12/12/12/4rTrCrS5_r_0"),
		},
	}
	variants = board.NewSeatingTable(theGame, newRules, func(r *rules) *game.Variant { return r.variant })
	seatingSetup := theGame.Setup
	// The seatings, then one variant a reading (DECISIONS.md, "Alternative
	// readings").
	theGame.Variants = append(theGame.Variants, game.Options{"players": "2", "entry": "optional"}, game.Options{"players": "3", "order": "listed"})
	for _, s := range append(board.Seatings[:len(board.Seatings):len(board.Seatings)], board.Adjacent) {
		for _, rd := range []Readings{{EntryOptional: true}, {OrderListed: true}, {EntryOptional: true, OrderListed: true}} {
			if rd.OrderListed && s.Players != 3 {
				continue
			}
			r := newReadingRules(s, rd)
			r.variant.Game = theGame
			readingVariants[readingsKey{s, rd}] = r
		}
	}
	theGame.Setup = func(opts game.Options) (*game.Variant, error) {
		v, err := readingsSetup(seatingSetup, opts)
		if err != nil {
			return nil, err
		}
		if text, custom := game.StartPosition(opts["start"]); custom {
			return withStart(v, text)
		}
		return v, nil
	}

	game.Register(theGame)
}

// readingsSetup gives the variant of the seating and readings options.
func readingsSetup(seatingSetup func(game.Options) (*game.Variant, error), opts game.Options) (*game.Variant, error) {
	rd, rest, err := readReadings(opts)
	if err != nil {
		return nil, err
	}
	v, err := seatingSetup(rest)
	if err != nil || rd == (Readings{}) {
		return v, err
	}
	s, err := board.ReadSeating(rest)
	if err != nil {
		return nil, err
	}
	if rd.OrderListed && s.Players != 3 {
		return nil, game.Errorf(game.Text{EN: "order=listed needs players=3: it orders red, blue and green (got players=%d)", FR: "order=listed demande players=3 : il ordonne rouge, bleu et vert (reçu players=%d)"}, s.Players)
	}
	return readingVariants[readingsKey{s, rd}].variant, nil
}

// withStart is variant v with another start position (option start,
// DECISIONS.md "Alternative readings"): text, decoded and checked by the
// decoder (each player's pieces counted, no cylinder on a circle, at ply 0
// every reserve full).
func withStart(v *game.Variant, text string) (*game.Variant, error) {
	var r *rules
	if st, ok := v.Start().(*State); ok {
		r = st.r
	}
	nr := *r
	nv := *r.variant
	nv.Options = game.Options{}
	for k, x := range r.variant.Options {
		nv.Options[k] = x
	}
	nr.variant = &nv
	start, err := nr.decode(text)
	if err != nil {
		return nil, game.StartDecodeError(err)
	}
	if err := game.CheckStart(start); err != nil {
		return nil, err
	}
	nr.start = *start
	nv.Options["start"] = game.StartValue(start.Encode())
	nv.Start = func() game.State {
		s := nr.start
		return &s
	}
	nv.Decode = func(text string) (game.State, error) { return nr.decode(text) }
	return &nv, nil
}

// readReadings reads the options entry and order, returning the other
// options for the seating.
func readReadings(opts game.Options) (Readings, game.Options, error) {
	var rd Readings
	rest := game.Options{}
	for k, v := range opts {
		switch {
		case k == "entry" && (v == "" || v == "mandatory"):
		case k == "entry" && v == "optional":
			rd.EntryOptional = true
		case k == "entry":
			return rd, nil, game.Errorf(game.Text{EN: "option entry=%q must be mandatory or optional", FR: "l'option entry=%q doit valoir mandatory ou optional"}, v)
		case k == "order" && (v == "" || v == "cw"):
		case k == "order" && v == "listed":
			rd.OrderListed = true
		case k == "order":
			return rd, nil, game.Errorf(game.Text{EN: "option order=%q must be cw or listed", FR: "l'option order=%q doit valoir cw ou listed"}, v)
		case k == "start":
		default:
			rest[k] = v
		}
	}
	return rd, rest, nil
}

// VariantOf returns the variant of a seating with the given readings.
func VariantOf(s board.Seating, rd Readings) *game.Variant {
	if rd == (Readings{}) {
		return variants.RulesOf(s).variant
	}
	return readingVariants[readingsKey{s, rd}].variant
}

// Variant returns the variant for players (2, 3, 4) and teams (4 only).
func Variant(players int, teams bool) *game.Variant {
	return variants.Rules(players, teams).variant
}

// State is a position of La Porte.
type State struct {
	r       *rules
	cells   [board.Cells]uint8
	reserve [4][2]uint8 // triangles and squares each seat still has to bring in
	toMove  uint8
	winners uint8 // seats that won; 0 while the game is on
	ply     int
	// Derived from the above for the side to move (see derive), so that
	// move generation and checking a single move are cheap.
	lines lines  // shapes of opposing pieces on each rank and file
	doors uint16 // sections whose door piece the door rule binds
}

// derive recomputes the fields derived from the board for the side to move.
func (s *State) derive() {
	if s.winners != 0 {
		s.lines, s.doors = lines{}, 0
		return
	}
	me := int(s.toMove)
	s.lines = s.opposingLines(me)
	s.doors = s.doorPieces(me)
}

// Variant implements game.State.
func (s *State) Variant() *game.Variant { return s.r.variant }

// ToMove implements game.State.
func (s *State) ToMove() int {
	if s.winners != 0 {
		return -1
	}
	return int(s.toMove)
}

// Ply implements game.State.
func (s *State) Ply() int { return s.ply }

// Reserve returns the triangles and squares seat still has in reserve.
func (s *State) Reserve(seat int) (triangles, squares int) {
	return int(s.reserve[seat][0]), int(s.reserve[seat][1])
}

// Piece returns the seat and shape on c; seat -1 when c is empty.
func (s *State) Piece(c board.Cell) (seat int, shape board.Shape) {
	v := s.cells[c]
	if v == 0 {
		return -1, board.NoShape
	}
	return pieceSeat(v), pieceShape(v)
}

// lines holds, for each rank and each file, the shapes of opposing pieces
// on it: bit seat*4+shape.
type lines struct{ rank, file [board.Size]uint16 }

func (s *State) opposingLines(me int) (l lines) {
	opp := s.r.opposing[me]
	for c, v := range s.cells {
		if v != 0 && opp&(1<<pieceSeat(v)) != 0 {
			bit := uint16(1) << (pieceSeat(v)*4 + int(pieceShape(v)))
			l.rank[c/board.Size] |= bit
			l.file[c%board.Size] |= bit
		}
	}
	return l
}

// earns says whether a piece of shape stopping on c earns an entry: for
// some opponent, a piece of his on c's rank and one on c's file make with
// it a cylinder, a triangle and a square.
func (l *lines) earns(shape board.Shape, c int) bool {
	a, b := 1, 2 // the two other shapes
	switch shape {
	case board.Cylinder:
		a, b = 2, 3
	case board.Triangle:
		a, b = 1, 3
	}
	const seats = 0x1111
	rk, fl := l.rank[c/board.Size], l.file[c%board.Size]
	return ((rk>>a)&(fl>>b)|(rk>>b)&(fl>>a))&seats != 0
}

// doorPieces returns the mover's pieces that the door rule obliges him to
// move: his pieces on circles whose section holds two or more opposing
// pieces, as a mask over the 16 sections, and only if one of them can move.
func (s *State) doorPieces(me int) uint16 {
	var mask uint16
	movable := false
	opp := s.r.opposing[me]
	for sec := 0; sec < 16; sec++ {
		v := s.cells[circles[sec]]
		if v == 0 || pieceSeat(v) != me {
			continue
		}
		n := 0
		for _, c := range sectionOthers[sec] {
			if w := s.cells[c]; w != 0 && opp&(1<<pieceSeat(w)) != 0 {
				n++
			}
		}
		if n >= 2 {
			mask |= 1 << sec
			if !movable && s.canMove(int(circles[sec])) {
				movable = true
			}
		}
	}
	if !movable {
		return 0
	}
	return mask
}

// canMove says whether the piece on c has an empty cell that is not a
// circle on its rank or file.
func (s *State) canMove(c int) bool {
	f0, r0 := c%board.Size, c/board.Size
	for i := 0; i < board.Size; i++ {
		if x := r0*board.Size + i; i != f0 && s.cells[x] == 0 && !isCircle[x] {
			return true
		}
		if x := i*board.Size + f0; i != r0 && s.cells[x] == 0 && !isCircle[x] {
			return true
		}
	}
	return false
}

// entries says which shapes may enter with the move from from to to: none
// when the move earns no entry, when the door is taken or when the reserve
// is empty.
func (s *State) entries(l *lines, me, from, to int) (t, sq bool) {
	if !l.earns(pieceShape(s.cells[from]), to) {
		return false, false
	}
	if d := int(door[to]); s.cells[d] != 0 && d != from {
		return false, false // the door is taken: the right is lost
	}
	return s.reserve[me][0] > 0, s.reserve[me][1] > 0
}

// LegalMoves implements game.State: the mover's pieces in cell order (only
// those the door rule designates, if any), destinations north, east, south,
// west, nearest first; a move that earns an entry comes as one move per
// shape left in reserve (triangle first). Pass when nothing can move.
func (s *State) LegalMoves(buf []game.Move) []game.Move {
	buf = buf[:0]
	if s.winners != 0 {
		return buf
	}
	me := int(s.toMove)
	l := &s.lines
	doors := s.doors
	// One pass over the board: the cells a piece cannot stop on (occupied,
	// or a circle) of each rank (bit file) and file (bit rank), and the
	// mover's pieces in cell order. Each ray's stops are then a mask walked
	// nearest first.
	rankBlock, fileBlock := circleRanks, circleFiles
	var mine [board.Cells]uint8
	n := 0
	for r := 0; r < board.Size; r++ {
		for f, v := range s.cells[r*board.Size : (r+1)*board.Size] {
			if v == 0 {
				continue
			}
			rankBlock[r] |= 1 << uint(f)
			fileBlock[f] |= 1 << uint(r)
			if int(v>>2) == me {
				mine[n] = uint8(r*board.Size + f)
				n++
			}
		}
	}
	hasT, hasS := s.reserve[me][0] > 0, s.reserve[me][1] > 0
	optional := s.r.readings.EntryOptional
	for _, c8 := range mine[:n] {
		c := int(c8)
		if doors != 0 && (!isCircle[c] || doors&(1<<board.Cell(c).Section()) == 0) {
			continue
		}
		r, f := c/board.Size, c%board.Size
		// entries, inlined: earns with this piece's shape, the door, the
		// reserve.
		sh := otherShapes[s.cells[c]&3]
		a, b := sh[0], sh[1]
		// The stops north, east (nearest first: lowest bit), south, west
		// (highest bit first).
		var stops [4 * (board.Size - 1)]uint8
		k := 0
		for t := ^fileBlock[f] & above[r]; t != 0; t &= t - 1 {
			stops[k] = uint8(bits.TrailingZeros16(t)*board.Size + f)
			k++
		}
		for t := ^rankBlock[r] & above[f]; t != 0; t &= t - 1 {
			stops[k] = uint8(r*board.Size + bits.TrailingZeros16(t))
			k++
		}
		for t := ^fileBlock[f] & below[r]; t != 0; {
			x := 15 - bits.LeadingZeros16(t)
			stops[k] = uint8(x*board.Size + f)
			k++
			t &^= 1 << uint(x)
		}
		for t := ^rankBlock[r] & below[f]; t != 0; {
			x := 15 - bits.LeadingZeros16(t)
			stops[k] = uint8(r*board.Size + x)
			k++
			t &^= 1 << uint(x)
		}
		from := game.Move(c)
		for _, to := range stops[:k] {
			const seats = 0x1111
			rk, fl := l.rank[to/board.Size], l.file[to%board.Size]
			t, sq := false, false
			if ((rk>>a)&(fl>>b)|(rk>>b)&(fl>>a))&seats != 0 {
				if dr := int(door[to]); s.cells[dr] == 0 || dr == c {
					t, sq = hasT, hasS
				}
			}
			mv := from | game.Move(to)<<8
			if t {
				buf = append(buf, mv|entryT<<16)
			}
			if sq {
				buf = append(buf, mv|entryS<<16)
			}
			if (!t && !sq) || optional {
				buf = append(buf, mv)
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
	me := int(s.toMove)
	if m != game.Pass {
		from, to, e := moveParts(m)
		s.cells[to] = s.cells[from]
		s.cells[from] = 0
		if e != entryNone {
			s.cells[door[to]] = piece(me, entryShape(e))
			s.reserve[me][e-1]--
			s.winners = s.finished(me)
		}
	}
	s.ply++
	s.toMove = uint8((me + 1) % s.r.players)
	s.derive()
}

// finished returns the winners if seat's reserve being empty ends the
// game: seat alone, or with teams seat and his partner once both are done.
func (s *State) finished(seat int) uint8 {
	if s.reserve[seat] != [2]uint8{} {
		return 0
	}
	if !s.r.teams {
		return 1 << seat
	}
	partner := s.r.partner[seat]
	if s.reserve[partner] != [2]uint8{} {
		return 0
	}
	return 1<<seat | 1<<partner
}

// Outcome implements game.State.
func (s *State) Outcome() game.Outcome {
	if s.winners == 0 {
		return game.Outcome{}
	}
	return game.Outcome{Status: game.Win, Winners: s.winners, Reason: "all reserve pieces brought in"}
}

// Hash implements game.State: Zobrist keys of the pieces and the seat to
// move (the reserves follow from the pieces on the board).
func (s *State) Hash() uint64 {
	h := hashKeys[board.Cells*16+int(s.toMove)]
	for c, v := range s.cells {
		if v != 0 {
			h ^= hashKeys[c*16+int(v)]
		}
	}
	return h
}

// Clone implements game.State.
func (s *State) Clone() game.State {
	c := *s
	return &c
}

// Encode implements game.State. The position text is three fields: the
// ranks from 12 down to 1 separated by "/", each written from file a to l
// with a number for a run of empty cells and two letters for a piece (its
// colour r, y, g or b, then its shape C, T or S); the colour that moves
// next; the ply. Reserves follow from the board: 4 triangles and 6 squares
// a player, minus those on the board.
func (s *State) Encode() string {
	// What board.AppendRanks writes, without a call per cell: positions
	// are written on every check of the conformance suite.
	var text [320]byte
	b := board.AppendCellRanks(text[:0], &s.cells, s.r.letters[:])
	b = append(b, ' ', colourLetters[s.r.colours[s.toMove]], ' ')
	b = strconv.AppendInt(b, int64(s.ply), 10)
	return string(b)
}

const positionForm = `a La Porte position is "ranks colour ply": ranks 12 down to 1 separated by "/", each from file a to l with a number (1-12) for empty cells and a colour letter (r, y, g, b) plus a shape letter (C, T, S) for a piece, then the colour to move and the ply, e.g. "5gSgCgT4/12/12/12/12/12/12/12/12/12/12/4rTrCrS5 r 0"`

// decode reads a position text written by Encode and refuses positions
// that cannot arise in a game.
func (r *rules) decode(text string) (*State, error) {
	if len(text) > game.MaxInput {
		return nil, fmt.Errorf("position text too long (%d bytes); %s", len(text), positionForm)
	}
	fields := strings.Fields(text)
	if len(fields) != 3 {
		return nil, fmt.Errorf("%s; got %d fields in %s", positionForm, len(fields), game.Quote(text))
	}
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != board.Size {
		return nil, fmt.Errorf("%s; got %d ranks", positionForm, len(ranks))
	}
	seatOf := [4]int{-1, -1, -1, -1} // seat of each colour
	for seat, col := range r.colours {
		seatOf[col] = seat
	}
	s := &State{r: r}
	var count [4][4]int // pieces of each seat by shape
	var onCircles [4]int
	for i, rank := range ranks {
		rk := board.Size - 1 - i
		f := 0
		for j := 0; j < len(rank); {
			ch := rank[j]
			if ch >= '1' && ch <= '9' {
				n := 0
				for j < len(rank) && rank[j] >= '0' && rank[j] <= '9' && n <= board.Size {
					n = n*10 + int(rank[j]-'0')
					j++
				}
				if f+n > board.Size {
					return nil, fmt.Errorf("%s; rank %d is longer than 12 cells", positionForm, rk+1)
				}
				f += n
				continue
			}
			if j+1 >= len(rank) || f >= board.Size {
				return nil, fmt.Errorf("%s; rank %d is malformed at %s", positionForm, rk+1, game.Quote(rank[j:]))
			}
			col := strings.IndexByte("rygb", rank[j])
			shape, ok := board.ParseShape(rank[j+1])
			if col < 0 || !ok || rank[j+1] < 'A' || rank[j+1] > 'Z' {
				return nil, fmt.Errorf("%s; %s on rank %d is not a piece", positionForm, game.Quote(rank[j:j+2]), rk+1)
			}
			seat := seatOf[col]
			if seat < 0 {
				return nil, fmt.Errorf("%s is not playing with %d players (colours: %s)", colourNames[col].EN, r.players, r.colourList())
			}
			c := board.At(f, rk)
			s.cells[c] = piece(seat, shape)
			count[seat][shape]++
			if c.IsCircle() {
				if shape == board.Cylinder {
					return nil, fmt.Errorf("impossible position: a cylinder on the circle %s (only entering pieces stand on circles)", c)
				}
				onCircles[seat]++
			}
			f++
			j += 2
		}
		if f != board.Size {
			return nil, fmt.Errorf("%s; rank %d has %d cells, not 12", positionForm, rk+1, f)
		}
	}
	for seat := 0; seat < r.players; seat++ {
		n := count[seat]
		name := r.variant.Seats[seat].EN
		if n[board.Cylinder] != 1 || n[board.Triangle] < 1 || n[board.Triangle] > TotalTriangles || n[board.Square] < 1 || n[board.Square] > TotalSquares {
			return nil, fmt.Errorf("impossible position: %s has on the board cylinders: %d, triangles: %d, squares: %d; a player has 1 cylinder, 1 to 4 triangles and 1 to 6 squares there", name, n[board.Cylinder], n[board.Triangle], n[board.Square])
		}
		s.reserve[seat] = [2]uint8{uint8(TotalTriangles - n[board.Triangle]), uint8(TotalSquares - n[board.Square])}
		if entered := n[board.Triangle] + n[board.Square] - 2; onCircles[seat] > entered {
			return nil, fmt.Errorf("impossible position: %s has %d pieces on circles but has brought in only %d", name, onCircles[seat], entered)
		}
	}
	col := strings.Index("rygb", fields[1])
	if len(fields[1]) != 1 || col < 0 || seatOf[col] < 0 {
		return nil, fmt.Errorf("the colour to move must be one of %s, got %s", r.colourList(), game.Quote(fields[1]))
	}
	s.toMove = uint8(seatOf[col])
	ply, err := strconv.Atoi(fields[2])
	if err != nil || ply < 0 || ply > 1_000_000 {
		return nil, fmt.Errorf("the ply must be a whole number from 0 to 1000000, got %s", game.Quote(fields[2]))
	}
	s.ply = ply
	entries := 0
	for seat := 0; seat < r.players; seat++ {
		entries += ReservePieces - int(s.reserve[seat][0]) - int(s.reserve[seat][1])
	}
	if ply < entries {
		return nil, fmt.Errorf("impossible position: %d pieces were brought in, which takes at least %d plies, not %d", entries, entries, ply)
	}
	// The game is over when the player who just moved completed it.
	last := (int(s.toMove) + r.players - 1) % r.players
	for seat := 0; seat < r.players; seat++ {
		w := s.finished(seat)
		if w == 0 {
			continue
		}
		if w&(1<<last) == 0 {
			return nil, fmt.Errorf("impossible position: %s has brought in every reserve piece, which ends the game, yet %s moved last", r.variant.Seats[seat].EN, r.variant.Seats[last].EN)
		}
		s.winners = w
	}
	s.derive()
	return s, nil
}

func (r *rules) colourList() string {
	var b []string
	for _, col := range r.colours {
		b = append(b, string(colourLetters[col]))
	}
	return strings.Join(b, ", ")
}

// MoveString implements game.State: `f1-f4`, with `+T` or `+S` when a
// triangle or a square enters, e.g. `f1-f4+S`; `pass`.
func (s *State) MoveString(m game.Move) string {
	if m == game.Pass {
		return game.PassNotation
	}
	from, to, e := moveParts(m)
	if k := lineIndex(from, to); k >= 0 && e <= entryS {
		return moveNames[from][k][e]
	}
	return fmt.Sprintf("move(%d)", uint64(m)) // not a move of this game
}

// lineIndex numbers the other cells of from's rank and file: 0 to 10 along
// the rank (by file, skipping from), 11 to 21 along the file; -1 when to is
// not on them.
func lineIndex(from, to int) int {
	ff, fr, tf, tr := from%board.Size, from/board.Size, to%board.Size, to/board.Size
	switch {
	case from == to || from < 0 || to < 0 || from >= board.Cells || to >= board.Cells:
		return -1
	case fr == tr:
		if tf > ff {
			tf--
		}
		return tf
	case ff == tf:
		if tr > fr {
			tr--
		}
		return board.Size - 1 + tr
	}
	return -1
}

var moveForm = game.Text{
	EN: "a La Porte move is the start cell, a dash and the end cell (f1-f4), followed by +T or +S when the move brings in a triangle or a square (f1-f4+S), or pass; cells run from a1 to l12",
	FR: "un coup de La Porte s'écrit avec la case de départ, un tiret et la case d'arrivée (f1-f4), suivis de +T ou +S quand le coup fait entrer un triangle ou un carré (f1-f4+S), ou pass ; les cases vont de a1 à l12",
}

// ParseMove implements game.State. It accepts any case and spaces, the dash
// may be left out, and the entry suffix may be left out when only one shape
// can enter.
func (s *State) ParseMove(text string) (game.Move, error) {
	// Normalise into a small buffer: no spaces, lower case.
	var buf [16]byte
	n := 0
	for i := 0; i < len(text); i++ {
		ch := text[i]
		switch {
		case ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r':
			continue
		case ch >= 'A' && ch <= 'Z':
			ch += 'a' - 'A'
		}
		if n == len(buf) {
			return 0, game.NotAMove(text, moveForm)
		}
		buf[n] = ch
		n++
	}
	in := buf[:n]
	if string(in) == game.PassNotation || string(in) == "passe" {
		if s.winners != 0 {
			return 0, game.MoveAfterEnd(text)
		}
		if moves := s.LegalMoves(nil); len(moves) == 1 && moves[0] == game.Pass {
			return game.Pass, nil
		}
		return 0, game.IllegalMove(s, text, game.Text{EN: "a player passes only when none of his pieces can move", FR: "on ne passe que quand aucune de ses pièces ne peut bouger"})
	}
	entry, suffix := entryNone, false
	if k := n - 2; k > 0 && in[k] == '+' {
		switch in[k+1] {
		case 't':
			entry = entryT
		case 's':
			entry = entryS
		default:
			return 0, game.NotAMove(text, moveForm)
		}
		in, suffix = in[:k], true
	}
	from, to, ok := splitCells(in)
	if !ok {
		return 0, game.NotAMove(text, moveForm)
	}
	if s.winners != 0 {
		return 0, game.MoveAfterEnd(text)
	}
	if why := s.whyIllegal(from, to); why.EN != "" {
		return 0, game.IllegalMove(s, text, why)
	}
	me := int(s.toMove)
	earned := s.lines.earns(pieceShape(s.cells[from]), to)
	t, sq := false, false
	d := int(door[to])
	if earned && (s.cells[d] == 0 || d == from) {
		t, sq = s.reserve[me][0] > 0, s.reserve[me][1] > 0
	}
	switch {
	case !t && !sq && suffix:
		why := game.Text{EN: "this move brings no piece in", FR: "ce coup ne fait entrer aucune pièce"}
		if earned {
			if s.cells[d] != 0 && d != from {
				why = game.Texts("the door %s is taken, so the right to bring a piece in is lost", "la porte %s est prise, le droit de faire entrer une pièce est donc perdu", cellNames[d])
			} else {
				why = game.Text{EN: "the reserve is empty", FR: "la réserve est vide"}
			}
		}
		return 0, game.IllegalMove(s, text, why)
	case !t && !sq, !suffix && s.r.readings.EntryOptional:
		// entry=optional: the plain move declines the entry.
		return mkMove(from, to, entryNone), nil
	case !suffix && t && sq:
		plain := cellNames[from] + "-" + cellNames[to]
		return 0, game.Errorf(game.Text{EN: "%s brings a piece in: write %s+T or %s+S to choose a triangle or a square", FR: "%s fait entrer une pièce : écrivez %s+T ou %s+S pour choisir un triangle ou un carré"}, game.Quote(text), plain, plain)
	case !suffix && t:
		return mkMove(from, to, entryT), nil
	case !suffix:
		return mkMove(from, to, entryS), nil
	case entry == entryT && !t:
		return 0, game.IllegalMove(s, text, game.Text{EN: "no triangle is left in reserve", FR: "plus aucun triangle en réserve"})
	case entry == entryS && !sq:
		return 0, game.IllegalMove(s, text, game.Text{EN: "no square is left in reserve", FR: "plus aucun carré en réserve"})
	}
	return mkMove(from, to, entry), nil
}

// parseCell reads a cell name (lower case) without allocating.
func parseCell(b []byte) (int, bool) {
	if len(b) < 2 || len(b) > 3 || b[0] < 'a' || b[0] > 'l' || b[1] < '1' || b[1] > '9' {
		return 0, false
	}
	r := int(b[1] - '0')
	if len(b) == 3 {
		if b[2] < '0' || b[2] > '9' {
			return 0, false
		}
		r = r*10 + int(b[2]-'0')
	}
	if r > board.Size {
		return 0, false
	}
	return (r-1)*board.Size + int(b[0]-'a'), true
}

// splitCells reads "d4-d8" or "d4d8" (already lower case, no spaces).
func splitCells(in []byte) (from, to int, ok bool) {
	for i := 2; i <= 3 && i < len(in); i++ {
		rest := in[i:]
		if rest[0] == '-' {
			rest = rest[1:]
		}
		f, ok1 := parseCell(in[:i])
		t, ok2 := parseCell(rest)
		if ok1 && ok2 {
			return f, t, true
		}
	}
	return 0, 0, false
}

// whyIllegal explains why moving the piece on from to to is illegal for the
// side to move (entries aside), or returns an empty Text.
func (s *State) whyIllegal(from, to int) game.Text {
	me := int(s.toMove)
	fc, tc := board.Cell(from), board.Cell(to)
	if s.cells[from] != 0 && pieceSeat(s.cells[from]) == me && s.cells[to] == 0 && !isCircle[to] && from != to &&
		(fc.File() == tc.File() || fc.Rank() == tc.Rank()) && s.doors == 0 {
		return game.Text{} // the common case, without building messages
	}
	v := s.cells[from]
	switch {
	case v == 0 || pieceSeat(v) != me:
		seat := s.r.variant.Seats[me]
		return game.Text{EN: fmt.Sprintf("%s holds no %s piece", fc, seat.EN), FR: fmt.Sprintf("%s ne porte aucune pièce de %s", fc, seat.FR)}
	case from == to || (fc.File() != tc.File() && fc.Rank() != tc.Rank()):
		return game.Text{EN: "a piece moves along its rank or file", FR: "une pièce bouge le long de sa rangée ou de sa colonne"}
	case s.cells[to] != 0:
		return game.Texts("%s is not empty", "%s n'est pas vide", tc)
	case isCircle[to]:
		return game.Text{EN: "a piece may not stop on a circle", FR: "une pièce ne peut pas s'arrêter sur un cercle"}
	}
	if doors := s.doors; doors != 0 && (!isCircle[from] || doors&(1<<fc.Section()) == 0) {
		var list []string
		for sec := 0; sec < 16; sec++ {
			if doors&(1<<sec) != 0 {
				list = append(list, board.Cell(circles[sec]).String())
			}
		}
		return game.Text{
			EN: "the door rule: first move your piece off the circle " + strings.Join(list, " or ") + ", whose section holds two or more opposing pieces",
			FR: "la règle de la porte : sortez d'abord votre pièce du cercle " + strings.Join(list, " ou ") + ", dont la section porte deux pièces adverses ou plus",
		}
	}
	return game.Text{}
}

// String implements game.State: the board as board.Draw draws it, then the
// reserves and the player to move.
func (s *State) String() string { return s.StringIn("en") }

// StringIn is String with its legend in lang (see game.StateText).
func (s *State) StringIn(lang string) string {
	var b strings.Builder
	b.Grow(1024)
	drawBoard(&b, func(c int) (byte, byte) {
		v := s.cells[c]
		if v == 0 {
			return 0, 0
		}
		return colourLetters[s.r.colours[pieceSeat(v)]], pieceShape(v).Letter()
	})
	b.WriteString(game.Text{
		EN: "pieces: colour r/y/g/b (red, yellow, green, blue) and shape C/T/S; o an empty circle (door)\nreserves:",
		FR: "pièces : couleur r/y/g/b (rouge, jaune, vert, bleu) et forme C/T/S ; o un cercle vide (porte)\nréserves :",
	}.In(lang))
	for seat := 0; seat < s.r.players; seat++ {
		fmt.Fprintf(&b, " %s %dT %dS", s.r.variant.Seats[seat].In(lang), s.reserve[seat][0], s.reserve[seat][1])
		if seat < s.r.players-1 {
			b.WriteByte(',')
		}
	}
	b.WriteByte('\n')
	if s.winners != 0 {
		var names []string
		for seat := 0; seat < s.r.players; seat++ {
			if s.winners&(1<<seat) != 0 {
				names = append(names, s.r.variant.Seats[seat].In(lang))
			}
		}
		if lang == "fr" {
			verb := " gagne"
			if len(names) > 1 {
				verb = " gagnent"
			}
			b.WriteString(strings.Join(names, " et ") + verb + " : toutes les pièces de réserve sont entrées\n")
		} else {
			b.WriteString(strings.Join(names, " and ") + " won: every reserve piece brought in\n")
		}
	} else {
		b.WriteString(s.r.variant.Seats[s.toMove].In(lang) + game.Text{EN: " to move\n", FR: " au trait\n"}.In(lang))
	}
	return b.String()
}

// drawBoard writes the same drawing as board.Draw (checked by a test)
// without formatting each cell through fmt, which the conformance suite,
// drawing every position, would feel. glyph gives a piece's two letters, or
// zeros for an empty cell.
func drawBoard(b *strings.Builder, glyph func(c int) (byte, byte)) {
	const files = "    a  b  c  d  e  f  g  h  i  j  k  l\n"
	b.WriteString(files)
	for r := board.Size - 1; r >= 0; r-- {
		num := strconv.Itoa(r + 1)
		if r < 9 {
			b.WriteByte(' ')
		}
		b.WriteString(num)
		b.WriteByte(' ')
		for f := 0; f < board.Size; f++ {
			c := r*board.Size + f
			g1, g2 := glyph(c)
			if g1 == 0 {
				g1, g2 = '.', ' '
				if isCircle[c] {
					g1 = 'o'
				}
			}
			b.WriteByte(' ')
			b.WriteByte(g1)
			b.WriteByte(g2)
		}
		b.WriteByte(' ')
		b.WriteString(num)
		b.WriteByte('\n')
	}
	b.WriteString(files)
}
