// Package solitaire implements Solitaire, the one-player game of Blockade
// (Sid Sackson, 1979): 36 pieces of four colours fill the four inner sections
// of the board; a piece jumps a run of pieces of other colours, which are
// removed, until no jump is left. The fewer pieces remain, the better.
//
// The rules as implemented are in docs/rules/solitaire.md.
package solitaire

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/blockade/board"
)

// Colours of the pieces; 0 is an empty cell.
const (
	Empty  = 0
	Yellow = 1
	Red    = 2
	Blue   = 3
	Green  = 4
)

// Pieces is the number of pieces at the start: 9 of each colour.
const Pieces = 36

// PerColour is the number of pieces of each colour.
const PerColour = 9

// colourLetters gives the letter of each colour in layouts and position texts.
var colourLetters = [5]byte{'.', 'Y', 'R', 'B', 'G'}

// colourTexts are the same letters as the position text's pieces ("" for
// an empty cell, written as a run).
var colourTexts = [5]string{"", "Y", "R", "B", "G"}

// pieceLetters are the letters of the position text, by cell content.
var pieceLetters = [5]string{Empty: "", Yellow: "Y", Red: "R", Blue: "B", Green: "G"}

var colourNames = [5]game.Text{{}, {EN: "yellow", FR: "jaune"}, {EN: "red", FR: "rouge"}, {EN: "blue", FR: "bleu"}, {EN: "green", FR: "vert"}}

// BookLayout is the start position of the rule book (Illustration 12, lost):
// one string per rank, rank 4 first, each giving files d to i.
//
// It is a RECONSTRUCTION (DECISIONS.md), consistent with the 23-move solution
// and the Illustration 12 example of the text. It is the only place the
// layout is written: replace it here when the real figure is found.
var BookLayout = [6]string{
	"GRRBGB", // rank 4
	"RYYRBB", // rank 5
	"BYGGBR", // rank 6
	"GBBYGY", // rank 7
	"YGRRYG", // rank 8
	"RGBYRY", // rank 9
}

// The start area: files d to i, ranks 4 to 9.
const (
	firstFile = 3
	firstRank = 3
	areaSide  = 6
)

// BookLayoutString is BookLayout as one string of 36 colour letters (ranks
// 4 to 9, files d to i), the form of the layout option.
func BookLayoutString() string { return strings.Join(BookLayout[:], "") }

// ParseLayout reads a layout: 36 colour letters Y, R, B, G (case-insensitive;
// "/" may separate the ranks), ranks 4 to 9 and in each files d to i, with 9
// pieces of each colour. It returns the 36 letters in upper case.
func ParseLayout(s string) (string, error) {
	form := game.Text{
		EN: "a layout is 36 colour letters Y (yellow), R (red), B (blue), G (green), rank 4 to rank 9 and in each rank files d to i, 9 of each colour, e.g. GRRBGBRYYRBBBYGGBRGBBYGYYGRRYGRGBYRY",
		FR: "une disposition s'écrit avec 36 lettres de couleur Y (jaune), R (rouge), B (bleu), G (vert), de la rangée 4 à la rangée 9 et dans chaque rangée des colonnes d à i, 9 de chaque couleur, par exemple GRRBGBRYYRBBBYGGBRGBBYGYYGRRYGRGBYRY",
	}
	if len(s) > game.MaxInput {
		return "", game.Errorf(game.Text{EN: "%s; got %d bytes", FR: "%s ; reçu %d octets"}, form, len(s))
	}
	var b []byte
	var count [5]int
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if ch == '/' {
			continue
		}
		col := colourOf(ch)
		if col == Empty {
			return "", game.Errorf(game.Text{EN: "%s; %q is not a colour letter in %s", FR: "%s ; %q n'est pas une lettre de couleur dans %s"}, form, ch, game.Quote(s))
		}
		count[col]++
		b = append(b, colourLetters[col])
	}
	if len(b) != Pieces {
		return "", game.Errorf(game.Text{EN: "%s; got %d letters", FR: "%s ; reçu %d lettres"}, form, len(b))
	}
	for col := Yellow; col <= Green; col++ {
		if count[col] != PerColour {
			return "", game.Errorf(game.Text{EN: "%s; got %d %s", FR: "%s ; reçu %d %s"}, form, count[col], colourNames[col])
		}
	}
	return string(b), nil
}

// colourOf reads a colour letter (case-insensitive), Empty if it is none.
func colourOf(ch byte) int {
	switch ch {
	case 'Y', 'y':
		return Yellow
	case 'R', 'r':
		return Red
	case 'B', 'b':
		return Blue
	case 'G', 'g':
		return Green
	}
	return Empty
}

// colourLetter reads a colour letter for board.ReadRank.
func colourLetter(ch byte) (uint8, bool) {
	col := colourOf(ch)
	return uint8(col), col != Empty
}

// PeleMele returns the "pêle-mêle" layout chosen by seed: the 36 pieces of
// BookLayout shuffled over the same cells. The shuffle is a Fisher–Yates
// shuffle driven by SplitMix64, so a seed gives the same layout on every
// machine and in every version.
func PeleMele(seed uint64) string {
	b := []byte(BookLayoutString())
	x := seed
	for i := len(b) - 1; i > 0; i-- {
		x += 0x9e3779b97f4a7c15
		j := int(game.Mix64(x) % uint64(i+1))
		b[i], b[j] = b[j], b[i]
	}
	return string(b)
}

var theGame = &game.Game{
	ID:      "solitaire",
	Name:    game.Text{EN: "Solitaire (Blockade)", FR: "Solitaire (Blockade)"},
	Summary: game.Text{EN: "Jump pieces of other colours and remove them until one piece is left.", FR: "Sauter les pions d'autres couleurs et les retirer jusqu'à ce qu'il n'en reste qu'un."},
	Author:  "Sid Sackson, 1979 (Blockade)",
	Options: []game.Option{
		{Name: "layout", Default: "book", Doc: game.Text{
			EN: "start layout: book (the rule book's), pele-mele (shuffled by seed) or 36 colour letters Y R B G, ranks 4 to 9, files d to i",
			FR: "disposition de départ : book (celle du livret), pele-mele (mélangée selon seed) ou 36 lettres de couleur Y R B G, rangées 4 à 9, colonnes d à i"}},
		{Name: "seed", Default: "random", Doc: game.Text{
			EN: "with layout=pele-mele: the number that chooses the shuffle (the variant records the resulting 36 letters)",
			FR: "avec layout=pele-mele : le nombre qui choisit le mélange (la variante garde les 36 lettres obtenues)"}},
	},
	Variants: []game.Options{
		{},
		{"layout": "pele-mele", "seed": "1"},
		{"layout": "pele-mele", "seed": "2"},
	},
	MinPlayers: 1,
	MaxPlayers: 1,
}

func init() {
	theGame.Setup = setup
	game.Register(theGame)
}

// Game is Solitaire's catalogue entry.
func Game() *game.Game { return theGame }

// Variant returns the variant with the book layout.
func Variant() *game.Variant {
	v, err := setup(game.Options{})
	if err != nil {
		panic(err)
	}
	return v
}

func setup(opts game.Options) (*game.Variant, error) {
	seed, seeded, err := opts.Seed()
	if err != nil {
		return nil, err
	}
	layout := strings.TrimSpace(opts["layout"])
	var letters, resolved string
	switch strings.ToLower(layout) {
	case "", "book":
		letters, resolved = BookLayoutString(), "book"
	case "pele-mele", "pêle-mêle", "pelemele", "pele_mele":
		if !seeded {
			seed = rand.Uint64()
		}
		letters = PeleMele(seed)
		resolved = letters
	default:
		letters, err = ParseLayout(layout)
		if err != nil {
			return nil, game.Errorf(game.Text{EN: "option layout=%s: use book, pele-mele or %v", FR: "option layout=%s : choisissez book (le livre), pele-mele (pêle-mêle) ou %v"}, game.Quote(layout), err)
		}
		resolved = letters
	}
	v := &game.Variant{
		Game:      theGame,
		Options:   game.Options{"layout": resolved},
		Players:   1,
		Seats:     []game.Text{{EN: "Player", FR: "Joueur"}},
		ScoreName: game.Text{EN: "pieces left", FR: "pions restants"},
	}
	v.Start = func() game.State { return newState(v, letters) }
	v.Decode = func(text string) (game.State, error) { return decode(v, text) }
	return v, nil
}

// State is a Solitaire position: the colour on every cell, the number of
// pieces, whether a jump is left, and the ply.
type State struct {
	v      *game.Variant
	cells  [board.Cells]uint8
	pieces int
	done   bool // no jump is possible
	ply    int
}

// newState lays out 36 checked colour letters.
func newState(v *game.Variant, letters string) *State {
	s := &State{v: v}
	for i := 0; i < Pieces; i++ {
		c := board.At(firstFile+i%areaSide, firstRank+i/areaSide)
		s.cells[c] = uint8(colourOf(letters[i]))
	}
	s.pieces = Pieces
	s.done = !s.hasJump()
	return s
}

// New returns the start position of the book layout.
func New() *State { return Variant().Start().(*State) }

// Variant implements game.State.
func (s *State) Variant() *game.Variant { return s.v }

// ToMove implements game.State: the one player, or -1 once no jump is left.
func (s *State) ToMove() int {
	if s.done {
		return -1
	}
	return 0
}

// Ply implements game.State.
func (s *State) Ply() int { return s.ply }

// Pieces is the number of pieces on the board.
func (s *State) Pieces() int { return s.pieces }

// Colour is the colour on cell c (Empty, Yellow, Red, Blue or Green).
func (s *State) Colour(c board.Cell) int { return int(s.cells[c]) }

var (
	dFile = [4]int{0, 1, 0, -1}
	dRank = [4]int{1, 0, -1, 0}
)

// landing returns where the piece on c lands jumping in direction d, and
// the number of pieces it jumps; n is 0 when there is no such jump.
func (s *State) landing(c, d int) (to, n int) {
	col := s.cells[c]
	f, r := c%board.Size+dFile[d], c/board.Size+dRank[d]
	for board.OnBoard(f, r) {
		x := s.cells[r*board.Size+f]
		if x == Empty {
			if n == 0 {
				return 0, 0
			}
			return r*board.Size + f, n
		}
		if x == col {
			return 0, 0
		}
		n++
		f, r = f+dFile[d], r+dRank[d]
	}
	return 0, 0 // the run reaches the edge
}

func (s *State) hasJump() bool {
	for c := 0; c < board.Cells; c++ {
		if s.cells[c] == Empty {
			continue
		}
		for d := 0; d < 4; d++ {
			if _, n := s.landing(c, d); n > 0 {
				return true
			}
		}
	}
	return false
}

// A move packs its start and end cells: from | to<<8.
func encodeMove(from, to int) game.Move { return game.Move(from | to<<8) }

func decodeMove(m game.Move) (from, to int) { return int(m & 0xff), int(m >> 8 & 0xff) }

// LegalMoves implements game.State: every jump, by start cell (a1 to l12)
// and then direction (up, right, down, left).
func (s *State) LegalMoves(buf []game.Move) []game.Move {
	buf = buf[:0]
	if s.done {
		return buf
	}
	for c := 0; c < board.Cells; c++ {
		if s.cells[c] == Empty {
			continue
		}
		for d := 0; d < 4; d++ {
			if to, n := s.landing(c, d); n > 0 {
				buf = append(buf, encodeMove(c, to))
			}
		}
	}
	return buf
}

// step is the cell index change of one step from from towards to.
func step(from, to int) int {
	switch {
	case to > from && to/board.Size == from/board.Size:
		return 1
	case to < from && to/board.Size == from/board.Size:
		return -1
	case to > from:
		return board.Size
	default:
		return -board.Size
	}
}

// Apply implements game.State.
func (s *State) Apply(m game.Move) {
	from, to := decodeMove(m)
	d := step(from, to)
	for c := from + d; c != to; c += d {
		s.cells[c] = Empty
		s.pieces--
	}
	s.cells[to], s.cells[from] = s.cells[from], Empty
	s.ply++
	s.done = !s.hasJump()
}

// Outcome implements game.State: over when no jump is left, scored by the
// number of pieces left.
func (s *State) Outcome() game.Outcome {
	if !s.done {
		return game.Outcome{}
	}
	return game.Outcome{Status: game.Over, Scores: [game.MaxPlayers]int{s.pieces}, Reason: "no jump left"}
}

var zobrist = game.HashKeys(0x736f6c6974616972, board.Cells*4)

// Hash implements game.State: a Zobrist hash of the colours on the board.
func (s *State) Hash() uint64 {
	var h uint64
	for c := 0; c < board.Cells; c++ {
		if col := s.cells[c]; col != Empty {
			h ^= zobrist[c*4+int(col)-1]
		}
	}
	return h
}

// Clone implements game.State.
func (s *State) Clone() game.State {
	c := *s
	return &c
}

// Encode implements game.State. The position text is the board, rank 12
// down to rank 1 separated by "/", each rank from file a to l with a colour
// letter (Y, R, B, G) per piece and a number for each run of empty cells,
// then the ply: "12/12/12/3RGBYRY3/.../12 0".
func (s *State) Encode() string {
	// What board.AppendRanks writes, without a call per cell: the solver's
	// tests key their exhaustive searches by this text.
	var text [192]byte
	b := board.AppendCellRanks(text[:0], &s.cells, colourTexts[:])
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(s.ply), 10)
	return string(b)
}

// Decode reads a position text of variant v (see State.Encode).
func Decode(v *game.Variant, text string) (*State, error) { return decode(v, text) }

const positionForm = `a Solitaire position text is "board ply": the board gives ranks 12 down to 1 separated by "/", each rank files a to l with Y, R, B or G for a piece and a number (1 to 12) for a run of empty cells, every rank adding up to 12 cells; the ply is the number of jumps made. E.g. the start: 12/12/12/3RGBYRY3/3YGRRYG3/3GBBYGY3/3BYGGBR3/3RYYRBB3/3GRRBGB3/12/12/12 0`

func decode(v *game.Variant, text string) (*State, error) {
	if len(text) > game.MaxInput {
		return nil, fmt.Errorf("%s; got %d bytes", positionForm, len(text))
	}
	fields := strings.Fields(text)
	if len(fields) != 2 {
		return nil, fmt.Errorf("%s; got %d fields in %s", positionForm, len(fields), game.Quote(text))
	}
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != board.Size {
		return nil, fmt.Errorf("%s; got %d ranks", positionForm, len(ranks))
	}
	s := &State{v: v}
	for i, rank := range ranks {
		if err := board.ReadRank(&s.cells, rank, board.Size-1-i, positionForm, "a colour letter", colourLetter); err != nil {
			return nil, err
		}
	}
	var count [5]int
	for _, col := range s.cells {
		count[col]++
	}
	for col := Yellow; col <= Green; col++ {
		if count[col] > PerColour {
			return nil, fmt.Errorf("impossible position: %d %s pieces, but there are only %d of each colour", count[col], colourNames[col].EN, PerColour)
		}
		s.pieces += count[col]
	}
	if s.pieces == 0 {
		return nil, fmt.Errorf("impossible position: no piece on the board (a jump never removes the jumping piece)")
	}
	ply, err := strconv.Atoi(fields[1])
	if err != nil || ply < 0 || ply > Pieces-1 {
		return nil, fmt.Errorf("the ply must be a whole number from 0 to %d (each jump removes a piece), got %s", Pieces-1, game.Quote(fields[1]))
	}
	if s.pieces+ply > Pieces {
		return nil, fmt.Errorf("impossible position: %d pieces left after %d jumps, but every jump removes at least one of the %d pieces", s.pieces, ply, Pieces)
	}
	s.ply = ply
	s.done = !s.hasJump()
	return s, nil
}

// MoveString implements game.State: start and end cell, e.g. "f7-f3".
func (s *State) MoveString(m game.Move) string {
	from, to := decodeMove(m)
	return board.Cell(from).String() + "-" + board.Cell(to).String()
}

// BookString gives a move in the book's notation (e.g. "5D-1D"), or "" when
// one of its cells lies outside the book's grid (files c–j, ranks 3–10).
func (s *State) BookString(m game.Move) string {
	from, to := decodeMove(m)
	a, ok1 := CellToBook(board.Cell(from))
	b, ok2 := CellToBook(board.Cell(to))
	if !ok1 || !ok2 {
		return ""
	}
	return a + "-" + b
}

// The book's grid: columns A–H are files c–j, rows 1–8 are ranks 3–10.
const (
	bookFile0 = 2
	bookRank0 = 2
	bookSide  = 8
)

// CellToBook gives a cell in the book's notation, row then column ("5D" for
// f7); ok is false outside the book's grid (files c–j, ranks 3–10).
func CellToBook(c board.Cell) (string, bool) {
	f, r := c.File()-bookFile0, c.Rank()-bookRank0
	if c < 0 || int(c) >= board.Cells || f < 0 || f >= bookSide || r < 0 || r >= bookSide {
		return "", false
	}
	return string([]byte{byte('1' + r), byte('A' + f)}), true
}

// BookToCell reads a cell in the book's notation: a row 1–8 then a column
// A–H (case-insensitive), e.g. "5D" (f7).
func BookToCell(s string) (board.Cell, error) {
	t := strings.TrimSpace(s)
	if len(t) == 2 && t[0] >= '1' && t[0] <= '8' {
		col := t[1] | 0x20
		if col >= 'a' && col <= 'h' {
			return board.At(bookFile0+int(col-'a'), bookRank0+int(t[0]-'1')), nil
		}
	}
	return board.NoCell, fmt.Errorf("%s is not a book cell: the book writes a row 1–8 then a column A–H, e.g. 5D (book column A–H = files c–j, row 1–8 = ranks 3–10)", game.Quote(s))
}

// ToBook converts a move from board notation ("f7-f3") to the book's
// notation ("5D-1D"); either notation is accepted as input.
func ToBook(move string) (string, error) {
	from, to, err := parseCells(move)
	if err != nil {
		return "", err
	}
	a, ok1 := CellToBook(from)
	b, ok2 := CellToBook(to)
	if !ok1 || !ok2 {
		return "", fmt.Errorf("%s has a cell outside the book's grid (files c–j, ranks 3–10)", game.Quote(move))
	}
	return a + "-" + b, nil
}

// FromBook converts a move from the book's notation ("5D-1D") to board
// notation ("f7-f3"); either notation is accepted as input.
func FromBook(move string) (string, error) {
	from, to, err := parseCells(move)
	if err != nil {
		return "", err
	}
	return from.String() + "-" + to.String(), nil
}

var moveForm = game.Text{
	EN: "a Solitaire move is the start cell, a dash and the landing cell, e.g. f7-f3 (cells a1 to l12), or the same in the book's notation, row 1–8 then column A–H, e.g. 5D-1D",
	FR: "un coup de Solitaire s'écrit avec la case de départ, un tiret et la case d'arrivée, par exemple f7-f3 (cases a1 à l12), ou de même dans la notation du livre, rangée 1–8 puis colonne A–H, par exemple 5D-1D",
}

// parseCells reads "from-to" where each cell is a board cell (f7) or a
// book cell (5D); the dash and spaces are optional.
func parseCells(text string) (from, to board.Cell, err error) {
	bad := func() (board.Cell, board.Cell, error) {
		return board.NoCell, board.NoCell, game.NotAMove(text, moveForm)
	}
	if len(text) > 32 {
		return bad()
	}
	in := strings.ReplaceAll(strings.Join(strings.Fields(text), ""), "-", "")
	var cells [2]board.Cell
	for i := range cells {
		var c board.Cell
		var rest string
		var ok bool
		c, rest, ok = cellToken(in)
		if !ok {
			return bad()
		}
		cells[i], in = c, rest
	}
	if in != "" {
		return bad()
	}
	return cells[0], cells[1], nil
}

// cellToken reads one cell at the start of s: a letter a–l and a rank
// 1–12, or a book row 1–8 and column A–H.
func cellToken(s string) (board.Cell, string, bool) {
	if s == "" {
		return board.NoCell, s, false
	}
	if s[0] >= '1' && s[0] <= '9' {
		if len(s) < 2 {
			return board.NoCell, s, false
		}
		c, err := BookToCell(s[:2])
		return c, s[2:], err == nil
	}
	n := 2
	if len(s) >= 3 && s[2] >= '0' && s[2] <= '9' {
		n = 3
	}
	if len(s) < n {
		return board.NoCell, s, false
	}
	c, err := board.ParseCell(s[:n])
	return c, s[n:], err == nil
}

// ParseMove implements game.State. It reads "f7-f3" or the book's "5D-1D",
// in any case, with or without the dash and spaces.
func (s *State) ParseMove(text string) (game.Move, error) {
	from, to, err := parseCells(text)
	if err != nil {
		return 0, err
	}
	if s.done {
		return 0, game.Errorf(game.Text{EN: "%s cannot be played: the game is over (no jump left)", FR: "%s ne peut pas être joué : la partie est terminée (plus aucun saut possible)"}, game.Quote(text))
	}
	if why := s.whyIllegal(int(from), int(to)); why.EN != "" {
		return 0, game.IllegalMove(s, text, why)
	}
	return encodeMove(int(from), int(to)), nil
}

// whyIllegal explains why the jump from -> to is illegal, or returns an
// empty Text.
func (s *State) whyIllegal(from, to int) game.Text {
	fc, tc := board.Cell(from), board.Cell(to)
	col := s.cells[from]
	switch {
	case col == Empty:
		return game.Texts("there is no piece on %s", "il n'y a pas de pièce en %s", fc)
	case from == to:
		return game.Text{EN: "a piece must move", FR: "une pièce doit bouger"}
	case fc.File() != tc.File() && fc.Rank() != tc.Rank():
		return game.Text{EN: "a piece jumps along its rank or file", FR: "une pièce saute le long de sa rangée ou de sa colonne"}
	case s.cells[to] != Empty:
		return game.Texts("%s is occupied; a piece lands on an empty cell", "%s est occupée ; une pièce atterrit sur une case vide", tc)
	}
	d := step(from, to)
	if from+d == to {
		return game.Text{EN: "a piece must jump over at least one piece", FR: "une pièce doit sauter au moins une pièce"}
	}
	for c := from + d; c != to; c += d {
		switch s.cells[c] {
		case Empty:
			return game.Texts("%s is empty: a piece lands on the first empty cell after the pieces it jumps", "%s est vide : une pièce atterrit sur la première case vide après les pièces qu'elle saute", board.Cell(c))
		case col:
			return game.Text{
				EN: fmt.Sprintf("a piece may not jump a piece of its own colour (%s on %s)", colourNames[col].EN, board.Cell(c)),
				FR: fmt.Sprintf("une pièce ne peut pas sauter une pièce de sa couleur (%s en %s)", colourNames[col].FR, board.Cell(c)),
			}
		}
	}
	return game.Text{}
}

// String implements game.State: the board with a colour letter on each
// piece.
func (s *State) String() string { return s.StringIn("en") }

// StringIn is String with its legend in lang (see game.StateText).
func (s *State) StringIn(lang string) string {
	out := board.Draw(func(c board.Cell) string {
		if col := s.cells[c]; col != Empty {
			return string(colourLetters[col])
		}
		return ""
	})
	out += fmt.Sprintf(game.Text{EN: "(Y yellow, R red, B blue, G green) %d pieces left", FR: "(Y jaune, R rouge, B bleu, G vert) %d pièces restantes"}.In(lang), s.pieces)
	if s.done {
		out += game.Text{EN: ", no jump left", FR: ", plus aucun saut possible"}.In(lang)
	}
	return out + "\n"
}
