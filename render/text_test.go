package render

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/blockade/alignement"
	"github.com/plateau-games/plateau/games/blockade/board"
	"github.com/plateau-games/plateau/games/blockade/empire"
	"github.com/plateau-games/plateau/games/blockade/porte"
	"github.com/plateau-games/plateau/games/blockade/saute"
	"github.com/plateau-games/plateau/games/blockade/solitaire"
)

// textPositions plays games random games of v, plies plies each at most,
// and returns every position met, the start first.
func textPositions(v *game.Variant, games, plies int, seed uint64) []game.State {
	rng := rand.New(rand.NewPCG(seed, 11))
	out := []game.State{v.Start()}
	var buf []game.Move
	for g := 0; g < games; g++ {
		s := v.Start()
		for ply := 0; ply < plies; ply++ {
			buf = s.LegalMoves(buf)
			if len(buf) == 0 {
				break
			}
			s.Apply(buf[rng.IntN(len(buf))])
			out = append(out, s.Clone())
		}
	}
	return out
}

// englishWords may not appear in a French legend.
var englishWords = regexp.MustCompile(`(?i)\b(the|and|of|to|is|piece|pieces|stack|stacks|player|move|moves|reserve|captured|empty|circle|gate|king|guard)\b`)

func TestEveryGameHasATextRenderer(t *testing.T) {
	for _, g := range game.Games() {
		v, err := g.Variant(g.AllVariants()[0])
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Text(v.Start(), Options{}); err != nil {
			t.Errorf("%s: %v", g.ID, err)
		}
	}
	if _, err := Text(nil, Options{}); err == nil {
		t.Error("no error for a nil position")
	}
}

// TestTextBoards draws the positions of random games of every variant, in
// both languages, both ways up, and checks the boards: their size, their
// places (the SVG drawing's, each with its spot and all its characters),
// the pieces of each seat and the legend.
// sameBoard is reflect.DeepEqual of two boards (nil and empty slices
// alike), typed: reflection over every cell was a sixth of TestTextBoards.
func sameBoard(a, b *TextBoard) bool {
	if a == nil || b == nil {
		return a == b
	}
	return slices.EqualFunc(a.Rows, b.Rows, slices.Equal[[]TextCell]) &&
		maps.Equal(a.Spots, b.Spots) && slices.Equal(a.Legend, b.Legend)
}

func TestTextBoards(t *testing.T) {
	games := 3
	if testing.Short() {
		games = 1
	}
	for _, g := range game.Games() {
		for vi, opts := range g.AllVariants() {
			v, err := g.Variant(opts)
			if err != nil {
				t.Fatal(err)
			}
			t.Run(fmt.Sprintf("%s/%d", g.ID, vi), func(t *testing.T) {
				var buf []game.Move
				for i, s := range textPositions(v, games, 30, uint64(100+vi)) {
					svg, err := SVG(s, Options{})
					if err != nil {
						t.Fatal(err)
					}
					// TestRenderAndPlaces reads the drawings as XML and
					// checks placeIDs against that reading.
					svgPlaces := placeIDs(svg)
					sort.Strings(svgPlaces)
					var moves [][]string
					buf = s.LegalMoves(buf)
					for _, m := range buf {
						moves = append(moves, Places(s, m))
					}
					want := wantTextPieces(t, s)
					// Two of the four ways to draw it: each position is
					// drawn in both languages and both ways up (en and fr
					// flipped, or fr and en flipped, in turn), each way
					// on every other position of the game.
					for c, opt := range []Options{
						{Lang: "en"}, {Lang: "fr"}, {Lang: "en", Flip: true}, {Lang: "fr", Flip: true, NoCoordinates: i/2%2 == 1},
					} {
						if (c == 0 || c == 3) != (i%2 == 0) {
							continue
						}
						b, err := Text(s, opt)
						if err != nil {
							t.Fatalf("%s %+v: %v", s.Encode(), opt, err)
						}
						where := fmt.Sprintf("%s (%s, flip %v)", s.Encode(), opt.Lang, opt.Flip)
						checkTextBoard(t, where, s, b, opt)
						var spots []string
						for id := range b.Spots {
							spots = append(spots, id)
						}
						sort.Strings(spots)
						if !reflect.DeepEqual(spots, svgPlaces) {
							t.Fatalf("%s: places %v, the SVG drawing has %v", where, spots, svgPlaces)
						}
						for mi, p := range moves {
							for _, id := range p {
								sp, ok := b.Spots[id]
								if !ok {
									t.Fatalf("%s: move %s: place %q has no spot", where, s.MoveString(buf[mi]), id)
								}
								if got := b.Rows[sp.Row][sp.Col].Place; got != id {
									t.Fatalf("%s: move %s: the spot of %q is on %q", where, s.MoveString(buf[mi]), id, got)
								}
							}
						}
						got := textPieces(s, b)
						if !reflect.DeepEqual(got, want) {
							t.Fatalf("%s: pieces drawn by seat %v, want %v\n%s", where, got, want, b)
						}
						again, _ := Text(s.Clone(), opt)
						if !sameBoard(b, again) {
							t.Fatalf("%s: two boards differ", where)
						}
					}
				}
			})
		}
	}
}

// checkTextBoard checks what holds for every board: its size, the places
// of its cells, the roles and seats, and the legend.
func checkTextBoard(t *testing.T, where string, s game.State, b *TextBoard, opt Options) {
	t.Helper()
	if len(b.Rows) == 0 || len(b.Rows) > TextMaxHeight {
		t.Fatalf("%s: %d rows, want 1 to %d", where, len(b.Rows), TextMaxHeight)
	}
	cells := map[string]int{}
	v := s.Variant()
	for r, row := range b.Rows {
		if len(row) > TextMaxWidth {
			t.Fatalf("%s: row %d has %d cells, want at most %d", where, r, len(row), TextMaxWidth)
		}
		for c, cell := range row {
			if cell.Place != "" {
				cells[cell.Place]++
				if _, ok := b.Spots[cell.Place]; !ok {
					t.Fatalf("%s: cell (%d, %d) of place %q, which has no spot", where, r, c, cell.Place)
				}
			}
			switch {
			case cell.Role == RolePiece && (cell.Seat < 0 || cell.Seat >= v.Players):
				t.Fatalf("%s: piece %q at (%d, %d) of seat %d", where, cell.Ch, r, c, cell.Seat)
			case cell.Role != RolePiece && cell.Role != RoleMark && cell.Seat != -1:
				t.Fatalf("%s: cell %q at (%d, %d), role %d, has seat %d", where, cell.Ch, r, c, cell.Role, cell.Seat)
			case cell.Role == RoleCoord && opt.NoCoordinates:
				t.Fatalf("%s: coordinate %q at (%d, %d) without coordinates", where, cell.Ch, r, c)
			case cell.Role == RoleBlank && cell.Ch != ' ':
				t.Fatalf("%s: %q at (%d, %d) outside the board", where, cell.Ch, r, c)
			case cell.Role == RoleText:
				t.Fatalf("%s: legend character %q on the board", where, cell.Ch)
			}
		}
	}
	for id, sp := range b.Spots {
		if sp.Row < 0 || sp.Row >= len(b.Rows) || sp.Col < 0 || sp.Col >= len(b.Rows[sp.Row]) {
			t.Fatalf("%s: spot of %q off the board", where, id)
		}
		if got := b.Rows[sp.Row][sp.Col].Place; got != id {
			t.Fatalf("%s: the spot of %q is on %q", where, id, got)
		}
		if want := wantPlaceCells(v.Game.ID, id); cells[id] != want {
			t.Fatalf("%s: place %q has %d characters, want %d\n%s", where, id, cells[id], want, b)
		}
	}
	if len(b.Legend) == 0 {
		t.Fatalf("%s: no legend", where)
	}
	for _, l := range b.Legend {
		if n := utf8.RuneCountInString(l); n > TextMaxLegend || n == 0 {
			t.Fatalf("%s: legend line of %d runes: %q", where, n, l)
		}
		if opt.Lang == "fr" && englishWords.MatchString(l) {
			t.Fatalf("%s: English %q in the French legend %q", where, englishWords.FindString(l), l)
		}
	}
}

// wantPlaceCells is the number of characters of a place.
func wantPlaceCells(id, place string) int {
	switch id {
	case "pogo":
		return pogoInner * pogoRows
	case "polygone":
		a, b, edge := strings.Cut(place, "-")
		switch {
		case !edge:
			return 2 // a hole
		case a[0] == b[0]:
			return 6 // on a row
		}
		return 2 // slanting
	}
	return 3 // a square or a point
}

// textPieces counts the pieces drawn for each seat: the places holding
// some of its pieces, or for POGO the letters (one a piece), and for
// Solitaire the pieces of no seat (marks with a colour).
func textPieces(s game.State, b *TextBoard) []int {
	id := s.Variant().Game.ID
	out := make([]int, s.Variant().Players)
	seen := map[string]bool{}
	for _, row := range b.Rows {
		for _, c := range row {
			switch {
			case id == "solitaire" && c.Role == RoleMark && c.Colour != "":
				if !seen[c.Place] {
					seen[c.Place] = true
					out[0]++
				}
			case c.Role != RolePiece:
			case id == "pogo":
				out[c.Seat]++
			case !seen[c.Place]:
				seen[c.Place] = true
				out[c.Seat]++
			}
		}
	}
	return out
}

// wantTextPieces counts the pieces of each seat in the position, read
// through the rules packages (not the renderers' readers).
func wantTextPieces(t *testing.T, s game.State) []int {
	t.Helper()
	v := s.Variant()
	out := make([]int, v.Players)
	board0, _, _ := strings.Cut(s.Encode(), " ")
	fields := strings.Fields(s.Encode())
	each := func(seat func(c board.Cell) int) {
		for c := board.Cell(0); c < board.Cells; c++ {
			if k := seat(c); k >= 0 {
				out[k]++
			}
		}
	}
	switch st := s.(type) {
	case *empire.State:
		each(func(c board.Cell) int {
			seat, sh := st.Piece(c)
			if sh == board.NoShape {
				return -1
			}
			return seat
		})
	case *alignement.State:
		each(func(c board.Cell) int {
			seat, sh := st.Piece(c)
			if sh == board.NoShape {
				return -1
			}
			return seat
		})
	case *porte.State:
		each(func(c board.Cell) int { seat, _ := st.Piece(c); return seat })
	case *saute.State:
		each(st.Owner)
	case *solitaire.State:
		out[0] = st.Pieces()
	default:
		switch v.Game.ID {
		case "pogo":
			out[0], out[1] = strings.Count(board0, "L"), strings.Count(board0, "D")
		case "blocus":
			out[0], out[1] = strings.Count(board0, "K")+strings.Count(board0, "G"), strings.Count(board0, "k")+strings.Count(board0, "g")
		case "polygone":
			for k := 0; k < 2; k++ {
				if fields[k] != "-" {
					out[k] = strings.Count(fields[k], ",") + 1
				}
			}
		case "pods":
			for _, ch := range board0 {
				switch {
				case ch >= 'A' && ch <= 'Z':
					out[0]++
				case ch >= 'a' && ch <= 'z':
					out[1]++
				}
			}
		case "poldr":
			for _, ch := range board0 {
				for seat, name := range v.Seats {
					if ch != 'P' && (ch == rune(name.EN[0]) || ch == rune(name.EN[0])+'a'-'A') {
						out[seat]++
					}
				}
			}
		default:
			t.Fatalf("no piece count for %s", v.Game.ID)
		}
	}
	return out
}

// TestTextFlip checks that a flipped board is the board turned a half turn:
// every place's characters where the half turn puts them.
func TestTextFlip(t *testing.T) {
	// centres gives the mean row and column of each place's characters.
	centres := func(b *TextBoard) map[string][2]float64 {
		sum := map[string][3]float64{}
		for r, row := range b.Rows {
			for c, cell := range row {
				if cell.Place != "" {
					x := sum[cell.Place]
					sum[cell.Place] = [3]float64{x[0] + float64(r), x[1] + float64(c), x[2] + 1}
				}
			}
		}
		out := map[string][2]float64{}
		for p, x := range sum {
			out[p] = [2]float64{x[0] / x[2], x[1] / x[2]}
		}
		return out
	}
	for _, g := range game.Games() {
		for _, opts := range g.AllVariants() {
			v, _ := g.Variant(opts)
			ps := textPositions(v, 1, 12, 5)
			for _, s := range []game.State{ps[0], ps[len(ps)-1]} {
				for _, noCoords := range []bool{false, true} {
					a, err := Text(s, Options{NoCoordinates: noCoords})
					if err != nil {
						t.Fatal(err)
					}
					b, err := Text(s, Options{Flip: true, NoCoordinates: noCoords})
					if err != nil {
						t.Fatal(err)
					}
					h, w := len(a.Rows), len(a.Rows[0])
					if len(b.Rows) != h || len(b.Rows[0]) != w {
						t.Fatalf("%s: flipping changes the size", g.ID)
					}
					ca, cb := centres(a), centres(b)
					for p, x := range ca {
						if y := cb[p]; y[0] != float64(h-1)-x[0] || y[1] != float64(w-1)-x[1] {
							t.Fatalf("%s: %s centred on %v, flipped on %v in %dx%d", g.ID, p, x, y, h, w)
						}
					}
				}
			}
		}
	}
}

// placeText is what the pieces on a place read: their characters left to
// right, top to bottom.
func placeText(b *TextBoard, place string, role Role) (text string, seats []int) {
	for _, row := range b.Rows {
		for _, c := range row {
			if c.Place == place && c.Role == role {
				text += string(c.Ch)
				seats = append(seats, c.Seat)
			}
		}
	}
	return text, seats
}

// play returns the position after the moves.
func play(t *testing.T, id, opts string, moves ...string) game.State {
	t.Helper()
	o, err := game.ParseOptions(opts)
	if err != nil {
		t.Fatal(err)
	}
	v, err := game.NewVariant(id, o)
	if err != nil {
		t.Fatal(err)
	}
	m := game.NewMatch(v.Start())
	for _, mv := range moves {
		if _, err := m.PlayNotation(mv); err != nil {
			t.Fatalf("%s %s: %v", id, mv, err)
		}
	}
	return m.State()
}

func TestTextPogoStart(t *testing.T) {
	s := play(t, "pogo", "")
	b, err := Text(s, Options{Lang: "fr"})
	if err != nil {
		t.Fatal(err)
	}
	for f := 0; f < 3; f++ {
		for r, want := range []string{"CC", "", "FF"} {
			got, seats := placeText(b, cellName(f, r), RolePiece)
			if got != want {
				t.Errorf("%s reads %q, want %q\n%s", cellName(f, r), got, want, b)
			}
			for _, seat := range seats {
				if seat != 1-r/2 && seat != r/2 {
					t.Errorf("%s: seat %d", cellName(f, r), seat)
				}
			}
			if len(seats) > 0 && seats[0] != r/2 {
				t.Errorf("%s: seat %d, want %d", cellName(f, r), seats[0], r/2)
			}
		}
	}
	b, _ = Text(s, Options{Lang: "en"})
	want := `        a            b            c
  +------------+------------+------------+
  |            |            |            |
3 |     DD     |     DD     |     DD     | 3
  |     2      |     2      |     2      |
  +------------+------------+------------+
  |            |            |            |
2 |            |            |            | 2
  |            |            |            |
  +------------+------------+------------+
  |            |            |            |
1 |     LL     |     LL     |     LL     | 1
  |     2      |     2      |     2      |
  +------------+------------+------------+
        a            b            c
Stacks read bottom to top, the top last: L Light, D Dark
The top piece's owner moves the stack; under it, its height.
`
	if got := b.String(); got != want {
		t.Errorf("POGO start:\n%s\nwant\n%s", got, want)
	}
	if sp := b.Spots["a1"]; b.Rows[sp.Row-1][sp.Col].Role != RoleAlt || b.Rows[sp.Row-1][sp.Col+13].Role != RoleBoard {
		t.Error("a1 should be dark (RoleAlt) and b1 light, as on the web board")
	}
	// A stack of all twelve pieces fits its square.
	v, _ := game.NewVariant("pogo", nil)
	tall, err := v.Decode("-,-,-/LLLLLDDDDDDL,-,-/-,-,- D 40")
	if err != nil {
		t.Fatal(err)
	}
	b, err = Text(tall, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := placeText(b, "a2", RolePiece); len(got) != 12 || got[len(got)-1] != 'L' {
		t.Errorf("the tall stack reads %q\n%s", got, b)
	}
	if got, _ := placeText(b, "a2", RoleMark); got != "12" {
		t.Errorf("the tall stack's height reads %q\n%s", got, b)
	}
}

// TestTextBlocusKings compares the pieces with the ones String() draws, on
// the positions of a random game.
func TestTextBlocusKings(t *testing.T) {
	v, _ := game.NewVariant("blocus", nil)
	glyphs := map[byte]struct {
		text string
		seat int
	}{'K': {"(S)", 0}, 'k': {"(N)", 1}, 'G': {"[S]", 0}, 'g': {"[N]", 1}}
	for _, s := range textPositions(v, 1, 40, 9) {
		b, _ := Text(s, Options{Flip: s.Ply()%2 == 1})
		lines := strings.Split(s.String(), "\n")
		kings := 0
		for i := 1; i <= board.Size; i++ {
			rank := board.Size - i
			for f := 0; f < board.Size; f++ {
				name := cellName(f, rank)
				got, seats := placeText(b, name, RolePiece)
				want, ok := glyphs[lines[i][3+3*f+1]]
				if !ok {
					if got != "" {
						t.Fatalf("%s: %s reads %q, String() has nothing\n%s\n%s", s.Encode(), name, got, s, b)
					}
					continue
				}
				if got != want.text || seats[0] != want.seat {
					t.Fatalf("%s: %s reads %q of seat %d, want %q of %d\n%s\n%s", s.Encode(), name, got, seats[0], want.text, want.seat, s, b)
				}
				if want.text[0] == '(' {
					kings++
				}
			}
		}
		if kings != 2 && !s.Outcome().Ended() {
			t.Fatalf("%s: %d kings", s.Encode(), kings)
		}
	}
	b, _ := Text(v.Start(), Options{Lang: "fr"})
	if got, _ := placeText(b, "e2", RolePiece); got != "(S)" {
		t.Errorf("e2 reads %q, want South's king\n%s", got, b)
	}
	if got, _ := placeText(b, "h11", RolePiece); got != "(N)" {
		t.Errorf("h11 reads %q, want North's king\n%s", got, b)
	}
	if got, _ := placeText(b, "b2", RoleMark); got != "o" {
		t.Errorf("the circle b2 reads %q", got)
	}
	if b.Rows[b.Spots["a1"].Row][b.Spots["a1"].Col].Role != RoleAlt || b.Rows[b.Spots["d1"].Row][b.Spots["d1"].Col].Role != RoleBoard {
		t.Error("the sections' grounds do not alternate as on the web board")
	}
}

func TestTextExamples(t *testing.T) {
	cases := []struct {
		game, opts string
		moves      []string
		lang       string
		place      string
		role       Role
		want       string
		seat       int
	}{
		{game: "pods", moves: []string{"B1@c3"}, place: "c3", role: RolePiece, want: "B1", seat: 0},
		{game: "pods", moves: []string{"B1@c3", "Q3@d4"}, place: "d4", role: RolePiece, want: "q3", seat: 1},
		{game: "poldr", moves: []string{"P-c3,M-c5"}, place: "c3", role: RoleMark, want: `/P\`, seat: -1},
		{game: "poldr", moves: []string{"P-c3,M-c5"}, place: "c5", role: RolePiece, want: "(B)", seat: 0},
		{game: "poldr", moves: []string{"P-c3,M-c5", "M-a1"}, lang: "fr", place: "a1", role: RolePiece, want: "(J)", seat: 1},
		{game: "polygone", place: "C1-C2", role: RolePiece, want: "wwww", seat: 0},
		{game: "polygone", lang: "fr", place: "C1-C2", role: RolePiece, want: "bbbb", seat: 0},
		{game: "polygone", lang: "fr", place: "C5-C6", role: RolePiece, want: "nnnn", seat: 1},
		{game: "polygone", place: "C1", role: RoleMark, want: "C1", seat: 0},
		{game: "polygone", place: "C6", role: RoleMark, want: "C6", seat: 1},
		{game: "polygone", place: "C3-C4", role: RoleLine, want: "----"},
		{game: "polygone", place: "B1-A1", role: RolePiece, want: "ww", seat: 0},
		{game: "empire", opts: "players=4", place: "a1", role: RolePiece, want: `/1\`, seat: 0},
		{game: "empire", opts: "players=4", place: "b2", role: RolePiece, want: "(1)", seat: 0},
		{game: "empire", opts: "players=4", place: "l12", role: RolePiece, want: `/3\`, seat: 2},
		{game: "empire", opts: "players=4", place: "h8", role: RoleMark, want: "*", seat: 0},
		{game: "empire", opts: "players=4", place: "e5", role: RoleMark, want: "*", seat: 2},
		{game: "saute", opts: "players=2", lang: "fr", place: "b4", role: RolePiece, want: `/B\`, seat: 0},
		{game: "porte", opts: "players=4", lang: "fr", place: "a8", role: RolePiece, want: `/J\`, seat: 1},
		{game: "alignement", moves: []string{"S@e5"}, place: "e5", role: RolePiece, want: "[R]", seat: 0},
		{game: "solitaire", lang: "fr", place: "d9", role: RoleMark, want: "(R)", seat: -1},
	}
	for _, tc := range cases {
		s := play(t, tc.game, tc.opts, tc.moves...)
		b, err := Text(s, Options{Lang: tc.lang})
		if err != nil {
			t.Fatal(err)
		}
		got, seats := placeText(b, tc.place, tc.role)
		if got != tc.want {
			t.Errorf("%s %v: %s reads %q, want %q\n%s", tc.game, tc.moves, tc.place, got, tc.want, b)
			continue
		}
		for _, seat := range seats {
			if seat != tc.seat && tc.role != RoleLine {
				t.Errorf("%s %v: %s of seat %d, want %d", tc.game, tc.moves, tc.place, seat, tc.seat)
			}
		}
	}
}

func TestTextSolitaireColours(t *testing.T) {
	b, _ := Text(play(t, "solitaire", ""), Options{})
	sp := b.Spots["d9"] // R in the book layout
	if c := b.Rows[sp.Row][sp.Col]; c.Ch != 'R' || c.Colour != SeatColour(&game.Variant{Seats: []game.Text{{EN: "Red"}}}, 0) {
		t.Errorf("d9: %q in %q, want R in red", c.Ch, c.Colour)
	}
}

// TestTextString checks that the board reads without colour: a Blockade
// board is the String() drawing's rows with the pieces' shapes.
func TestTextString(t *testing.T) {
	b, _ := Text(play(t, "porte", "players=2"), Options{Lang: "fr", NoCoordinates: true})
	lines := strings.Split(b.String(), "\n")
	if lines[0] != ` .  .  .  .  . [V](V)/V\ .  .  .  .` || lines[11] != ` .  .  .  . /R\(R)[R] .  .  .  .  .` {
		t.Errorf("La Porte's start:\n%s", b)
	}
	if lines[1] != ` .  o  .  .  o  .  .  o  .  .  o  .` {
		t.Errorf("the circles of rank 11: %q", lines[1])
	}
	if !strings.Contains(b.String(), "Réserves, triangles/carrés : Rouge 3/5, Vert 3/5") {
		t.Errorf("no reserves in the legend:\n%s", b)
	}
}
