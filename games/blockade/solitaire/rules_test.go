package solitaire_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/blockade/board"
	"github.com/plateau-games/plateau/games/blockade/solitaire"
)

func cell(t *testing.T, name string) board.Cell {
	t.Helper()
	c, err := board.ParseCell(name)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// The 23-move solution printed in the text, in the book's notation.
var bookSolution = []string{"5D-1D", "5E-1E", "7D-5D", "7E-5E", "7B-7D", "7G-7E", "2B-2D", "2G-2E",
	"6B-2B", "6G-2G", "6C-2C", "6F-2F", "1D-3D", "1E-3E", "2B-2D", "2D-4D", "4D-6D", "6D-8D",
	"2G-2E", "2E-4E", "4E-6E", "6E-8E", "8D-8F"}

func TestBookSolution(t *testing.T) {
	v := solitaire.Variant()
	m := game.NewMatch(v.Start())
	for i, mv := range bookSolution {
		if _, err := m.PlayNotation(mv); err != nil {
			t.Fatalf("move %d) %s: %v\n%s", i+1, mv, err, m.State())
		}
	}
	s := m.State().(*solitaire.State)
	if s.Pieces() != 1 || s.Colour(cell(t, "h10")) == solitaire.Empty {
		t.Fatalf("after the solution: %d pieces, h10 %d\n%s", s.Pieces(), s.Colour(cell(t, "h10")), s)
	}
	out := m.Outcome()
	if out.Status != game.Over || out.Scores[0] != 1 || out.Reason != "no jump left" || len(s.LegalMoves(nil)) != 0 || s.ToMove() != -1 {
		t.Fatalf("outcome %+v", out)
	}
	// The board notation of the same moves, and the conversions.
	for i, n := range m.Notations() {
		book, err := solitaire.ToBook(n)
		if err != nil || book != bookSolution[i] {
			t.Errorf("ToBook(%s) = %q, %v; want %s", n, book, err, bookSolution[i])
		}
		back, err := solitaire.FromBook(bookSolution[i])
		if err != nil || back != n {
			t.Errorf("FromBook(%s) = %q, %v; want %s", bookSolution[i], back, err, n)
		}
	}
	if m.Notations()[0] != "f7-f3" || m.Notations()[22] != "f10-h10" {
		t.Errorf("board notation %v", m.Notations())
	}
}

func TestBookNotation(t *testing.T) {
	for book, want := range map[string]string{"5D": "f7", "1A": "c3", "8H": "j10", "8f": "h10", "3d": "f5"} {
		c, err := solitaire.BookToCell(book)
		if err != nil || c.String() != want {
			t.Errorf("BookToCell(%s) = %v, %v; want %s", book, c, err, want)
		}
	}
	for _, bad := range []string{"9A", "0A", "1I", "D5", "", "55"} {
		if _, err := solitaire.BookToCell(bad); err == nil {
			t.Errorf("BookToCell(%q) accepted", bad)
		}
	}
	if _, ok := solitaire.CellToBook(cell(t, "b5")); ok {
		t.Error("b5 is outside the book's grid")
	}
	if b, ok := solitaire.CellToBook(cell(t, "f7")); !ok || b != "5D" {
		t.Errorf("CellToBook(f7) = %s", b)
	}
	if _, err := solitaire.ToBook("f3-b3"); err == nil {
		t.Error("ToBook of a move leaving the book's grid")
	}
	s := solitaire.New()
	for _, in := range []string{"5D-1D", "5d1d", " f7 - f3 ", "F7F3", "5D-f3"} {
		mv, err := s.ParseMove(in)
		if err != nil || s.MoveString(mv) != "f7-f3" || s.BookString(mv) != "5D-1D" {
			t.Errorf("ParseMove(%q) = %v, %v", in, mv, err)
		}
	}
}

// Illustration 12: the yellow piece on f5 (book 3D) may jump down to f3
// taking a red piece, right to j5 taking three pieces, up to f10 taking four,
// and not left, where a yellow piece stands.
func TestIllustration12(t *testing.T) {
	s := solitaire.New()
	f5 := cell(t, "f5")
	if s.Colour(f5) != solitaire.Yellow || s.Colour(cell(t, "e5")) != solitaire.Yellow || s.Colour(cell(t, "f4")) != solitaire.Red {
		t.Fatalf("layout:\n%s", s)
	}
	var from []string
	for _, mv := range s.LegalMoves(nil) {
		if n := s.MoveString(mv); strings.HasPrefix(n, "f5-") {
			from = append(from, n)
		}
	}
	slices.Sort(from)
	if want := []string{"f5-f10", "f5-f3", "f5-j5"}; !slices.Equal(from, want) {
		t.Fatalf("moves of f5: %v, want %v", from, want)
	}
	for _, tc := range []struct {
		move     string
		captured []string
	}{
		{"3D-1D", []string{"f4"}},
		{"3D-3H", []string{"g5", "h5", "i5"}},
		{"3D-8D", []string{"f6", "f7", "f8", "f9"}},
	} {
		c := s.Clone().(*solitaire.State)
		mv, err := c.ParseMove(tc.move)
		if err != nil {
			t.Fatalf("%s: %v", tc.move, err)
		}
		c.Apply(mv)
		if c.Pieces() != solitaire.Pieces-len(tc.captured) {
			t.Errorf("%s leaves %d pieces", tc.move, c.Pieces())
		}
		for _, x := range tc.captured {
			if c.Colour(cell(t, x)) != solitaire.Empty {
				t.Errorf("%s: %s not captured", tc.move, x)
			}
		}
		if c.Colour(f5) != solitaire.Empty {
			t.Errorf("%s: f5 not left", tc.move)
		}
	}
	// Left: e5 is yellow too.
	if _, err := s.ParseMove("f5-c5"); err == nil || !strings.Contains(err.Error(), "own colour") {
		t.Errorf("f5-c5: %v", err)
	}
}

func TestJumpRules(t *testing.T) {
	v := solitaire.Variant()
	// Rank 6: d6 yellow, e6 red, f6 blue, g6 yellow, h6 green; j6 empty.
	s, err := v.Decode("12/12/12/12/12/12/3YRBYG4/12/12/12/12/12 0")
	if err != nil {
		t.Fatal(err)
	}
	got := game.LegalNotations(s)
	slices.Sort(got)
	// d6 cannot jump e6 f6 g6 (g6 is yellow); g6 jumps f6 e6 leftwards? d6
	// is yellow: no. g6 jumps h6 to i6. e6 jumps d6 to c6 and f6 g6 h6 to
	// i6. f6 jumps e6 d6 to c6, g6 h6 to i6. h6 jumps g6 f6 e6 d6 to c6.
	want := []string{"e6-c6", "e6-i6", "f6-c6", "f6-i6", "g6-i6", "h6-c6"}
	if !slices.Equal(got, want) {
		t.Fatalf("moves %v, want %v", got, want)
	}
	mv, err := s.ParseMove("h6-c6")
	if err != nil {
		t.Fatal(err)
	}
	s.Apply(mv)
	if s.Encode() != "12/12/12/12/12/12/2G9/12/12/12/12/12 1" {
		t.Fatalf("after h6-c6: %s", s.Encode())
	}
	if o := s.Outcome(); o.Status != game.Over || o.Scores[0] != 1 {
		t.Fatalf("outcome %+v", o)
	}
	// Illegal forms.
	s2, _ := v.Decode("12/12/12/12/12/12/3YRBYG4/12/12/12/12/12 0")
	for in, why := range map[string]string{
		"d6-i6": "own colour", "d6-c6": "at least one", "e6-j6": "first empty", "a1-a3": "no piece",
		"e6-f7": "rank or file", "e6-g6": "occupied",
	} {
		if _, err := s2.ParseMove(in); err == nil || !strings.Contains(err.Error(), why) {
			t.Errorf("%s: %v (want %q)", in, err, why)
		}
	}
	// A run reaching the edge gives no jump: j6 cannot jump k6 l6.
	s3, err := v.Decode("12/12/12/12/12/12/9YRB/12/12/12/12/12 0")
	if err != nil {
		t.Fatal(err)
	}
	if got := game.LegalNotations(s3); !slices.Equal(got, []string{"k6-i6", "l6-i6"}) {
		t.Fatalf("edge: %v", got)
	}
}

func TestPeleMele(t *testing.T) {
	a, err := game.NewVariant("solitaire", game.Options{"layout": "pele-mele", "seed": "42"})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := game.NewVariant("solitaire", game.Options{"layout": "pele-mele", "seed": "42"})
	c, _ := game.NewVariant("solitaire", game.Options{"layout": "pele-mele", "seed": "43"})
	letters := a.Options["layout"]
	if len(letters) != 36 || letters != b.Options["layout"] || letters == c.Options["layout"] || letters != solitaire.PeleMele(42) {
		t.Fatalf("layouts %q %q %q", letters, b.Options["layout"], c.Options["layout"])
	}
	if _, ok := a.Options["seed"]; ok {
		t.Error("the resolved options keep the seed instead of the letters only")
	}
	if a.Start().Encode() != b.Start().Encode() || a.Start().Encode() == c.Start().Encode() {
		t.Fatal("pele-mele is not deterministic")
	}
	// The letters recreate the variant and its start.
	again, err := game.NewVariant("solitaire", a.Options)
	if err != nil || again.Start().Encode() != a.Start().Encode() || again.String() != a.String() {
		t.Fatalf("round trip: %v", err)
	}
	if _, err := solitaire.ParseLayout(letters); err != nil {
		t.Fatal(err)
	}
	// Nine of each colour.
	for _, col := range "YRBG" {
		if strings.Count(letters, string(col)) != 9 {
			t.Fatalf("%q", letters)
		}
	}
	// A given layout string, with rank separators and lower case.
	lower := strings.ToLower(strings.Join(solitaire.BookLayout[:], "/"))
	d, err := game.NewVariant("solitaire", game.Options{"layout": lower})
	if err != nil || d.Start().Encode() != solitaire.New().Encode() || d.Options["layout"] != solitaire.BookLayoutString() {
		t.Fatalf("layout %s: %v", lower, err)
	}
	for _, bad := range []string{"RRR", strings.Repeat("Y", 36), "pele", solitaire.BookLayoutString() + "Y"} {
		if _, err := game.NewVariant("solitaire", game.Options{"layout": bad}); err == nil {
			t.Errorf("layout %q accepted", bad)
		}
	}
	book, _ := game.NewVariant("solitaire", game.Options{})
	if book.Options["layout"] != "book" || book.String() != "solitaire layout=book" {
		t.Errorf("book options %v", book.Options)
	}
}

func TestDecodeRefuses(t *testing.T) {
	v := solitaire.Variant()
	start := v.Start().Encode()
	if start != "12/12/12/3RGBYRY3/3YGRRYG3/3GBBYGY3/3BYGGBR3/3RYYRBB3/3GRRBGB3/12/12/12 0" {
		t.Fatalf("start %s", start)
	}
	for _, bad := range []string{
		"", "12/12 0", start + " 1",
		"12/12/12/3RGBYRY3/3YGRRYG3/3GBBYGY3/3BYGGBR3/3RYYRBB3/3GRRBGB3/12/12/12 1", // 36 pieces after a jump
		"12/12/12/12/12/12/12/12/12/12/12/12 0",                                     // empty
		"12/12/12/12/12/12/YYYYYYYYYY2/12/12/12/12/12 0",                            // ten yellow
		"12/12/12/12/12/12/3YRBYG5/12/12/12/12/12 0",                                // 13 cells
		"12/12/12/12/12/12/3YRBXG4/12/12/12/12/12 0",
		"12/12/12/12/12/12/3YRBYG4/12/12/12/12/12 -1",
	} {
		if _, err := v.Decode(bad); err == nil {
			t.Errorf("accepted %q", bad)
		}
	}
}

func TestPerft(t *testing.T) {
	if got := game.Perft(solitaire.New(), 1); got != 64 {
		t.Errorf("perft(1) = %d, want 64", got)
	}
}
