package solitaire_test

// Independent rules checks for Solitaire, written from DECISIONS.md
// ("Blockade", "Solitaire" and "Conventions for all games") and the French
// rule sheet (blockade.fr.txt, 3.5) only, through the public game API. The
// reference jump generator below is compared with the package on positions
// from random games.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/blockade/board/boardtest"
	_ "github.com/plateau-games/plateau/games/blockade/solitaire"
	"github.com/plateau-games/plateau/games/internal/gametest"
)

// indLayout is the book layout of DECISIONS.md, rank 4 first, files d to i.
var indLayout = [6]string{
	"GRRBGB", // rank 4
	"RYYRBB", // rank 5
	"BYGGBR", // rank 6
	"GBBYGY", // rank 7
	"YGRRYG", // rank 8
	"RGBYRY", // rank 9
}

func indVariant(t testing.TB, opts game.Options) *game.Variant {
	t.Helper()
	v, err := game.NewVariant("solitaire", opts)
	if err != nil {
		t.Fatalf("solitaire %v: %v", opts, err)
	}
	return v
}

// indBoard is a position read from the documented position text.
type indBoard struct {
	cell [12][12]byte // [rank-1][file]
	ply  int
}

func indParse(t testing.TB, text string) *indBoard {
	t.Helper()
	f := strings.Fields(text)
	if len(f) != 2 {
		t.Fatalf("position %q: want 2 fields", text)
	}
	b := &indBoard{cell: boardtest.Ranks(t, text, f[0], "YRBG")}
	b.ply, _ = strconv.Atoi(f[1])
	return b
}

// indText builds a position text from a start layout (36 letters, rank 4
// first, files d to i).
func indText(layout string) string {
	ranks := []string{"12", "12", "12"}
	for r := 5; r >= 0; r-- {
		ranks = append(ranks, "3"+layout[6*r:6*r+6]+"3")
	}
	ranks = append(ranks, "12", "12", "12")
	return strings.Join(ranks, "/") + " 0"
}

func indName(file, rank int) string { return fmt.Sprintf("%c%d", 'a'+file, rank+1) }

// moves: a piece jumps along a rank or file an unbroken run of one or more
// pieces, none of its own colour, to the first empty cell after the run.
func (b *indBoard) moves() []string {
	var out []string
	for r := 0; r < 12; r++ {
		for f := 0; f < 12; f++ {
			c := b.cell[r][f]
			if c == 0 {
				continue
			}
			for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				x, y, n := f+d[0], r+d[1], 0
				ok := true
				for x >= 0 && x < 12 && y >= 0 && y < 12 && b.cell[y][x] != 0 {
					if b.cell[y][x] == c {
						ok = false
						break
					}
					n++
					x, y = x+d[0], y+d[1]
				}
				if !ok || n == 0 || x < 0 || x >= 12 || y < 0 || y >= 12 {
					continue
				}
				out = append(out, indName(f, r)+"-"+indName(x, y))
			}
		}
	}
	sort.Strings(out)
	return out
}

func (b *indBoard) count() int {
	n := 0
	for r := range b.cell {
		for f := range b.cell[r] {
			if b.cell[r][f] != 0 {
				n++
			}
		}
	}
	return n
}

// indBook converts a book cell ("5D": row 5, column D) to a board cell:
// columns A-H are files c-j, rows 1-8 ranks 3-10.
func indBook(t testing.TB, s string) string {
	t.Helper()
	if len(s) != 2 || s[0] < '1' || s[0] > '8' || s[1] < 'A' || s[1] > 'H' {
		t.Fatalf("bad book cell %q", s)
	}
	return fmt.Sprintf("%c%d", 'c'+(s[1]-'A'), int(s[0]-'1')+3)
}

// The book's 23-move solution, as printed in the French text.
var indSolution = strings.Fields(`5D-1D 5E-1E 7D-5D 7E-5E 7B-7D 7G-7E 2B-2D 2G-2E 6B-2B
	6G-2G 6C-2C 6F-2F 1D-3D 1E-3E 2B-2D 2D-4D 4D-6D 6D-8D 2G-2E 2E-4E 4E-6E 6E-8E 8D-8F`)

func TestIndependentVariant(t *testing.T) {
	v := indVariant(t, nil)
	if v.Players != 1 {
		t.Errorf("players %d, want 1", v.Players)
	}
	if v.Options["layout"] != "book" {
		t.Errorf("default layout %q, want book", v.Options["layout"])
	}
	if v.PlyLimit != 0 || v.Repetition != 0 {
		t.Errorf("ply limit %d, repetition %d: Solitaire always ends by itself and needs none", v.PlyLimit, v.Repetition)
	}
	s := v.Start()
	book := strings.Join(indLayout[:], "")
	if got, want := s.Encode(), indText(book); got != want {
		t.Errorf("book start %q, want %q", got, want)
	}
	if s.ToMove() != 0 || s.Ply() != 0 {
		t.Errorf("start: to move %d, ply %d", s.ToMove(), s.Ply())
	}
	if got := indParse(t, s.Encode()).count(); got != 36 {
		t.Errorf("start has %d pieces", got)
	}
	// 9 pieces of each colour in the book layout.
	for _, c := range "YRBG" {
		if n := strings.Count(book, string(c)); n != 9 {
			t.Errorf("book layout has %d of %c", n, c)
		}
	}
	// layout=book given explicitly is the same.
	if got := indVariant(t, game.Options{"layout": "book"}).Start().Encode(); got != s.Encode() {
		t.Errorf("layout=book start %q", got)
	}
	// A layout of 36 letters: the pieces go on ranks 4 to 9, files d to i.
	letters := "YYYYYYYYYRRRRRRRRRBBBBBBBBBGGGGGGGGG"
	lv := indVariant(t, game.Options{"layout": letters})
	if got, want := lv.Start().Encode(), indText(letters); got != want {
		t.Errorf("letter layout start %q, want %q", got, want)
	}
	if lv.Options["layout"] != letters {
		t.Errorf("letter layout recorded as %q", lv.Options["layout"])
	}
	// pêle-mêle: a seed chooses a string of 36 letters, kept in the record.
	p1 := indVariant(t, game.Options{"layout": "pele-mele", "seed": "7"})
	p2 := indVariant(t, game.Options{"layout": "pele-mele", "seed": "7"})
	l1 := p1.Options["layout"]
	if len(l1) != 36 || l1 != p2.Options["layout"] {
		t.Fatalf("pele-mele seed 7 layouts %q and %q: want the same 36 letters", l1, p2.Options["layout"])
	}
	for _, c := range "YRBG" {
		if n := strings.Count(l1, string(c)); n != 9 {
			t.Errorf("pele-mele layout %q has %d of %c", l1, n, c)
		}
	}
	if got, want := p1.Start().Encode(), indText(l1); got != want {
		t.Errorf("pele-mele start %q, want %q", got, want)
	}
	// Without a seed one is drawn; the record still keeps the letters.
	if l := indVariant(t, game.Options{"layout": "pele-mele"}).Options["layout"]; len(l) != 36 || strings.Trim(l, "YRBG") != "" {
		t.Errorf("pele-mele without seed recorded as %q, want 36 colour letters", l)
	}
	// The recorded letters recreate the same start.
	if got := indVariant(t, game.Options{"layout": l1}).Start().Encode(); got != p1.Start().Encode() {
		t.Errorf("recorded layout gives %q", got)
	}
}

func TestIndependentBookSolution(t *testing.T) {
	v := indVariant(t, nil)
	s := v.Start()
	for i, bm := range indSolution {
		parts := strings.Split(bm, "-")
		mv := indBook(t, parts[0]) + "-" + indBook(t, parts[1])
		if i == 0 && mv != "f7-f3" {
			t.Fatalf("book 5D-1D is %s, want f7-f3", mv)
		}
		ref := indParse(t, s.Encode())
		if !slices.Contains(ref.moves(), mv) {
			t.Fatalf("move %d (%s = %s) is not a jump by the reference; jumps %v", i+1, bm, mv, ref.moves())
		}
		if got := gametest.Legal(s); !slices.Equal(got, ref.moves()) {
			t.Fatalf("before move %d: legal %v, want %v", i+1, got, ref.moves())
		}
		if o := s.Outcome(); o.Ended() {
			t.Fatalf("ended before move %d: %+v", i+1, o)
		}
		gametest.Play(t, s, mv)
	}
	b := indParse(t, s.Encode())
	if n := b.count(); n != 1 || b.cell[9][7] == 0 {
		t.Errorf("after the solution: %d pieces, h10 %q; want one piece on h10", n, b.cell[9][7])
	}
	if s.Ply() != 23 {
		t.Errorf("ply %d, want 23", s.Ply())
	}
	if got := s.LegalMoves(nil); len(got) != 0 {
		t.Errorf("one piece left but legal moves %v", got)
	}
	o := s.Outcome()
	if !o.Ended() || o.Winners != 0 || o.Scores[0] != 1 {
		t.Errorf("outcome %+v, want ended with score 1 (pieces left)", o)
	}
	// Through Match too (no ply limit, no repetition).
	m := game.NewMatch(v.Start())
	for _, bm := range indSolution {
		parts := strings.Split(bm, "-")
		if _, err := m.PlayNotation(indBook(t, parts[0]) + "-" + indBook(t, parts[1])); err != nil {
			t.Fatal(err)
		}
	}
	if o := m.Outcome(); !o.Ended() || o.Scores[0] != 1 {
		t.Errorf("match outcome %+v", o)
	}
}

// Illustration 12: the yellow piece on book 3D (f5) may jump down to 1D (f3)
// taking one piece, right to 3H (j5) taking three, up to 8D (f10) taking
// four; not left (a yellow piece on e5).
func TestIndependentIllustration12(t *testing.T) {
	s := indVariant(t, nil).Start()
	if got := indBook(t, "3D"); got != "f5" {
		t.Fatalf("book 3D = %s", got)
	}
	var from []string
	for _, m := range gametest.Legal(s) {
		if strings.HasPrefix(m, "f5-") {
			from = append(from, m)
		}
	}
	want := []string{indBook(t, "3D") + "-" + indBook(t, "1D"), indBook(t, "3D") + "-" + indBook(t, "8D"), indBook(t, "3D") + "-" + indBook(t, "3H")}
	sort.Strings(want)
	if !slices.Equal(from, want) {
		t.Errorf("moves of f5: %v, want %v", from, want)
	}
	for _, c := range []struct {
		move  string
		taken int
	}{{"f5-f3", 1}, {"f5-j5", 3}, {"f5-f10", 4}} {
		s2 := s.Clone()
		gametest.Play(t, s2, c.move)
		if n := indParse(t, s2.Encode()).count(); n != 36-c.taken {
			t.Errorf("%s leaves %d pieces, want %d", c.move, n, 36-c.taken)
		}
	}
}

// Constructed positions for the jump rule.
func TestIndependentJumpRule(t *testing.T) {
	v := indVariant(t, nil)
	for _, c := range []struct {
		pos  string
		want []string
	}{
		// Y a1 R b1 B c1: Y jumps b1 c1 to d1 (a run of two).
		{"12/12/12/12/12/12/12/12/12/12/12/YRB9 33", []string{"a1-d1", "b1-d1"}},
		// Y a1 R b1 Y c1: a run holding a yellow piece cannot be jumped
		// by a yellow piece; R b1 jumps c1 to d1.
		{"12/12/12/12/12/12/12/12/12/12/12/YRY9 33", []string{"b1-d1"}},
		// A run to the edge cannot be jumped: Y j1 R k1 B l1.
		{"12/12/12/12/12/12/12/12/12/12/12/9YRB 33", []string{"k1-i1", "l1-i1"}},
		// Isolated pieces: no jump, the game is over.
		{"12/12/12/12/12/12/12/12/12/12/1Y10/Y1R9 33", nil},
		// Vertical jump over a mixed run, landing on the first empty cell;
		// B a3 cannot jump down (the run reaches the edge).
		{"12/12/12/12/12/12/12/12/12/B11/R11/Y11 33", []string{"a1-a4", "a2-a4"}},
	} {
		s, err := v.Decode(c.pos)
		if err != nil {
			t.Fatalf("decode %q: %v", c.pos, err)
		}
		want := append([]string(nil), c.want...)
		sort.Strings(want)
		if got := gametest.Legal(s); !slices.Equal(got, want) {
			t.Errorf("%s: moves %v, want %v", c.pos, got, want)
		}
		if ref := indParse(t, c.pos).moves(); !slices.Equal(ref, want) {
			t.Errorf("%s: reference moves %v, want %v", c.pos, ref, want)
		}
		o := s.Outcome()
		if (len(want) == 0) != o.Ended() {
			t.Errorf("%s: outcome %+v with %d moves", c.pos, o, len(want))
		}
		if o.Ended() && o.Scores[0] != indParse(t, c.pos).count() {
			t.Errorf("%s: score %d", c.pos, o.Scores[0])
		}
	}
}

func TestIndependentRandomPositions(t *testing.T) {
	checked := 0
	candidates := boardtest.LineCandidates()
	for g := 0; g < 60; g++ {
		opts := game.Options{}
		if g%2 == 1 {
			opts = game.Options{"layout": "pele-mele", "seed": strconv.Itoa(g)}
		}
		v := indVariant(t, opts)
		rng := rand.New(rand.NewPCG(uint64(g), 5))
		s := v.Start()
		var played []string
		for {
			text := s.Encode()
			boardtest.RoundTrip(t, v, s)
			if s.Ply()%4 == 0 {
				boardtest.ParseAgrees(t, s, candidates, rng)
			}
			ref := indParse(t, text)
			want := ref.moves()
			got := gametest.Legal(s)
			if !slices.Equal(got, want) {
				t.Fatalf("game %d position %q (after %v):\n got  %v\n want %v", g, text, played, got, want)
			}
			if ref.count() > 36-ref.ply {
				t.Fatalf("position %q: %d pieces at ply %d (each jump takes at least one)", text, ref.count(), ref.ply)
			}
			checked++
			o := s.Outcome()
			if len(want) == 0 {
				if o.Status != game.Over || o.Scores[0] != ref.count() || o.Winners != 0 {
					t.Fatalf("position %q: no jump, outcome %+v", text, o)
				}
				break
			}
			if o.Ended() {
				t.Fatalf("position %q: jumps left, outcome %+v", text, o)
			}
			mv := want[rng.IntN(len(want))]
			played = append(played, mv)
			before := ref.count()
			gametest.Play(t, s, mv)
			// The jumped pieces are removed: as many as cells between.
			from, to, _ := strings.Cut(mv, "-")
			r1, _ := strconv.Atoi(from[1:])
			r2, _ := strconv.Atoi(to[1:])
			dist := indAbs(int(to[0])-int(from[0])) + indAbs(r2-r1)
			if after := indParse(t, s.Encode()).count(); before-after != dist-1 {
				t.Fatalf("%s removed %d pieces, want %d", mv, before-after, dist-1)
			}
			// The jumper lands, the cells it passed over are emptied,
			// nothing else changes.
			want2 := ref.cell
			f1, f2 := int(from[0]-'a'), int(to[0]-'a')
			df, dr := indSign(f2-f1), indSign(r2-r1)
			want2[r2-1][f2] = want2[r1-1][f1]
			for f, r := f1, r1-1; f != f2 || r != r2-1; f, r = f+df, r+dr {
				want2[r][f] = 0
			}
			if after := indParse(t, s.Encode()); after.cell != want2 || after.ply != ref.ply+1 {
				t.Fatalf("position %q move %s gives %q", text, mv, s.Encode())
			}
		}
	}
	t.Logf("%d positions checked", checked)
}

func indAbs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func indSign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}
