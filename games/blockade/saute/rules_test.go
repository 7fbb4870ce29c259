package saute_test

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/blockade/board"
	"github.com/plateau-games/plateau/games/blockade/saute"
	"github.com/plateau-games/plateau/games/internal/gametest"
)

func variant(t *testing.T, opts string) *game.Variant {
	t.Helper()
	o, err := game.ParseOptions(opts)
	if err != nil {
		t.Fatal(err)
	}
	v, err := saute.NewVariant(o)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// boardText writes the board field of a position text from a list of
// pieces such as "d4S e5T" (cell then S or T).
func boardText(t *testing.T, pieces string) string {
	t.Helper()
	var grid [board.Size][board.Size]byte
	for _, p := range strings.Fields(pieces) {
		c, err := board.ParseCell(p[:len(p)-1])
		if err != nil {
			t.Fatal(err)
		}
		if grid[c.Rank()][c.File()] != 0 {
			t.Fatalf("%s twice", p)
		}
		grid[c.Rank()][c.File()] = p[len(p)-1]
	}
	return string(board.AppendRanks(nil, func(c board.Cell) string {
		if g := grid[c.Rank()][c.File()]; g != 0 {
			return string(g)
		}
		return ""
	}))
}

// position decodes pieces plus "side passes ply".
func position(t *testing.T, v *game.Variant, pieces, tail string) *saute.State {
	t.Helper()
	s, err := saute.Decode(v, boardText(t, pieces)+" "+tail)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// movesFrom lists the legal moves of the piece on cell, in notation.
func movesFrom(s game.State, cell string) []string {
	var out []string
	for _, n := range game.LegalNotations(s) {
		if strings.HasPrefix(n, cell+"-") {
			out = append(out, n)
		}
	}
	return out
}

func expectMoves(t *testing.T, s game.State, cell string, want ...string) {
	t.Helper()
	if got := movesFrom(s, cell); !slices.Equal(got, want) {
		t.Errorf("moves of %s: %v, want %v\n%s", cell, got, want, s)
	}
}

// A 2-player position: every other piece where the test does not care.
const (
	blueStart = "a4S b4T c4S a5S b5T c5S a6S b6T c6S"
	redStart  = "a7S b7T c7S a8S b8T c8S a9S b9T c9S"
)

func TestStart(t *testing.T) {
	for _, tc := range []struct {
		opts, start string
		seats       []string
	}{
		{"players=2", "12/12/12/STS9/STS9/STS9/STS9/STS9/STS9/12/12/12 B 0 0", []string{"Blue", "Red"}},
		{"players=3", "12/12/12/STS9/STS9/STS9/STS9/STS9/STS9/STS9/STS9/STS9 B 0 0", []string{"Blue", "Red", "Green"}},
		{"players=4 teams=true", "STS9/STS9/STS9/STS9/STS9/STS9/STS9/STS9/STS9/STS9/STS9/STS9 B 0 0", []string{"Blue", "Red", "Green", "Yellow"}},
	} {
		v := variant(t, tc.opts)
		s := v.Start().(*saute.State)
		if s.Encode() != tc.start {
			t.Errorf("%s: start %s", tc.opts, s.Encode())
		}
		for seat, name := range tc.seats {
			if v.SeatName(seat, "en") != name {
				t.Errorf("%s: seat %d is %s", tc.opts, seat, v.SeatName(seat, "en"))
			}
		}
		// Blue's pieces: every rank of his band, all three reaching file d.
		var want []string
		first := 4
		if v.Players > 2 {
			first = 1
		}
		for r := first; r < first+3; r++ {
			for _, f := range "abc" {
				want = append(want, string(f)+strconv.Itoa(r)+"-d"+strconv.Itoa(r))
			}
		}
		if got := game.LegalNotations(s); !slices.Equal(got, want) {
			t.Errorf("%s: opening moves %v, want %v", tc.opts, got, want)
		}
		if v.PlyLimit != 0 || v.Repetition != 0 {
			t.Errorf("%s: ply limit %d, repetition %d", tc.opts, v.PlyLimit, v.Repetition)
		}
	}
	if v := variant(t, "players=3 expert=true"); v.PlyLimit != 800 || v.Repetition != 0 {
		t.Errorf("expert: ply limit %d", v.PlyLimit)
	}
	if v := variant(t, "players=4 teams=true"); !slices.Equal(v.Teams, []int{0, 1, 0, 1}) {
		t.Errorf("teams %v", v.Teams)
	}
	for _, bad := range []string{"players=2 teams=true", "players=3 teams=true", "players=5", "expert=maybe"} {
		if _, err := game.NewVariant("saute", mustOpts(t, bad)); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

func mustOpts(t *testing.T, s string) game.Options {
	o, err := game.ParseOptions(s)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// Illustration 8: Blue's triangle A jumps the square ahead of it to B (file
// d); then Red's triangle C jumps to D, also on file d, which holds one blue
// piece (B): an odd number, so it may go on one more step, to file e, which
// holds none.
func TestIllustration8(t *testing.T) {
	s := variant(t, "players=2").Start()
	gametest.Play(t, s, "b5-d5")
	expectMoves(t, s, "b8", "b8-d8", "b8-e8")
	expectMoves(t, s, "a7", "a7-d7", "a7-e7")
	if n := len(s.LegalMoves(nil)); n != 18 {
		t.Errorf("Red has %d moves, want 18", n)
	}
	gametest.Play(t, s, "b8-e8")
	if s.(*saute.State).Shape(cell(t, "e8")) != saute.Triangle {
		t.Fatal("the triangle is not on e8")
	}
}

func cell(t *testing.T, name string) board.Cell {
	t.Helper()
	c, err := board.ParseCell(name)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Illustration 9, rebuilt. Blue's pieces make these file counts: d 3, e 1,
// f 0, g 1, h 2. Red to move.
const ill9 = "d4S g4T h4S a5S d5T e5S a6S d6T h6S " + // Blue
	"a7S b7T c7S a8S b8T c8S a9S e9T f9S" // Red

func TestIllustration9(t *testing.T) {
	v := variant(t, "players=2")
	s := position(t, v, ill9, "R 0 20")
	for f, want := range map[string]int{"a": 2, "d": 3, "e": 1, "f": 0, "g": 1, "h": 2} {
		if got := s.Opponents(1, int(f[0]-'a')); got != want {
			t.Errorf("file %s holds %d blue pieces, want %d", f, got, want)
		}
	}
	// Piece A (c8) steps to B (d8), whose file holds 3 blue pieces: on to
	// C (e8), whose file holds 1: on to D (f8), whose file holds none: stop.
	// Each stop is a move of its own.
	expectMoves(t, s, "c8", "c8-d8", "c8-e8", "c8-f8")
	// Piece E (e9) jumps f9 to F (g9), 1 blue piece: on to G (h9), whose
	// file holds two blue pieces: no further.
	expectMoves(t, s, "e9", "e9-g9", "e9-h9")
	expectMoves(t, s, "f9", "f9-g9", "f9-h9")
	expectMoves(t, s, "a9", "a9-b9")
	// A jump is a step too: a7 jumps b7 c7 to d7 (3 blue), then e7, f7.
	expectMoves(t, s, "a7", "a7-d7", "a7-e7", "a7-f7")
	expectMoves(t, s, "b7", "b7-d7", "b7-e7", "b7-f7")
	if _, err := s.ParseMove("c8-g8"); err == nil || !strings.Contains(err.Error(), "can only play c8-d8, c8-e8, c8-f8") {
		t.Errorf("c8-g8: %v", err)
	}
	if _, err := s.ParseMove("e9-i9"); err == nil {
		t.Error("E goes beyond G")
	}
	gametest.Play(t, s, "C8 - F8")
	if s.Shape(cell(t, "f8")) != saute.Square || s.Shape(cell(t, "c8")) != saute.Empty || s.ToMove() != 0 {
		t.Fatalf("after c8-f8:\n%s", s)
	}
}

// Piece H (Illustration 9): stepping to I puts it on a file with three
// opposing (red) pieces, so it could go on, but the cells after I are full
// up to the edge: it stops on I. The pieces packed against the edge cannot
// move at all.
func TestIllustration9PieceH(t *testing.T) {
	v := variant(t, "players=2")
	s := position(t, v, "i4T k4S l4S a5S b5T c5S a6S b6T c6S "+
		"a7T b7S j7S a8T b8S j8S a9T b9S j9S", "B 0 30")
	if s.Opponents(0, 9) != 3 {
		t.Fatal("file j should hold three red pieces")
	}
	expectMoves(t, s, "i4", "i4-j4")
	expectMoves(t, s, "k4")
	expectMoves(t, s, "l4")
	for in, why := range map[string]string{
		"l4-l5": "only rightwards", "k4-l4": "cannot move", "i4-k4": "can only play i4-j4",
		"a7-c7": "Red's", "d4-e4": "no piece", "pass": "passes only",
	} {
		if _, err := s.ParseMove(in); err == nil || !strings.Contains(err.Error(), why) {
			t.Errorf("%s: %v (want %q)", in, err, why)
		}
	}
	// A piece on file l never moves, even when its file is odd.
	s2 := position(t, v, "a4S b4T l4S "+blueStart[12:]+" "+redStart, "B 0 10")
	expectMoves(t, s2, "l4")
}

func TestNormalFinish(t *testing.T) {
	v := variant(t, "players=2")
	s := position(t, v, "j4S k4T l4S j5S k5T l5S i6S k6T l6S "+redStart, "B 0 100")
	expectMoves(t, s, "i6", "i6-j6")
	gametest.Play(t, s, "i6-j6")
	o := s.Outcome()
	if o.Status != game.Win || o.Winners != 1 || o.Reason != "all pieces home" || s.ToMove() != -1 || len(s.LegalMoves(nil)) != 0 {
		t.Fatalf("outcome %+v", o)
	}
	// The finished position reads back as won by Blue.
	d, err := v.Decode(s.Encode())
	if err != nil || d.Outcome() != o {
		t.Fatalf("decode %v %+v", err, d)
	}
	// Triangles anywhere will do in the normal finish.
	s = position(t, v, "j4T k4S l4S j5S k5T l5S i6T k6S l6S "+redStart, "B 0 100")
	gametest.Play(t, s, "i6-j6")
	if o := s.Outcome(); o.Status != game.Win || o.Winners != 1 {
		t.Fatalf("outcome %+v", o)
	}
}

func TestExpertFinish(t *testing.T) {
	v := variant(t, "players=2 expert=true")
	// Triangles on file k: a win.
	s := position(t, v, "j4S k4T l4S j5S k5T l5S i6S k6T l6S "+redStart, "B 0 100")
	gametest.Play(t, s, "i6-j6")
	if o := s.Outcome(); o.Status != game.Win || o.Winners != 1 {
		t.Fatalf("outcome %+v", o)
	}
	// A triangle on file j: all nine home but not finished; Blue can no
	// longer move and passes from now on. Red, packed against the edge with
	// a triangle on l, cannot move either: Red passes, Blue passes, and the
	// round of passes is a draw.
	s = position(t, v, "j4S k4T l4S j5S k5T l5S i6T k6S l6S "+
		"j7S k7S l7T j8S k8T l8S j9S k9T l9S", "B 0 100")
	expectMoves(t, s, "i6", "i6-j6") // file j holds 3 red pieces, but k6 l6 block
	gametest.Play(t, s, "i6-j6")
	if s.Outcome().Ended() || s.Finished(0) {
		t.Fatalf("not a win in the expert finish: %+v", s.Outcome())
	}
	if got := game.LegalNotations(s); !slices.Equal(got, []string{"pass"}) {
		t.Fatalf("Red's moves %v", got)
	}
	gametest.Play(t, s, "pass")
	if s.Passes() != 1 || s.Outcome().Ended() || !strings.HasSuffix(s.Encode(), " B 1 102") {
		t.Fatalf("after one pass: %s %+v", s.Encode(), s.Outcome())
	}
	// The position after one pass reads back.
	if _, err := v.Decode(s.Encode()); err != nil {
		t.Fatal(err)
	}
	gametest.Play(t, s, "PASS")
	if o := s.Outcome(); o.Status != game.Draw || o.Reason != "every player passed" || s.ToMove() != -1 {
		t.Fatalf("outcome %+v", o)
	}
	// The same Red position in the normal finish is a finished game: Red
	// won on his last move.
	d, err := saute.Decode(variant(t, "players=2"), boardText(t, "a4S b4T c4S a5S b5T c5S a6S b6T c6S "+
		"j7S k7S l7T j8S k8T l8S j9S k9T l9S")+" B 0 100")
	if err != nil || d.Outcome().Winners != 2 {
		t.Fatalf("normal finish: %v %+v", err, d)
	}
}

// With 3 players every opponent counts: a file with one red and one green
// piece is even for Blue, one red and two green is odd.
func TestThreePlayers(t *testing.T) {
	v := variant(t, "players=3")
	s := position(t, v, "a1S b1T d1S a2S b2T f2S a3S b3T c3S "+
		"a4S e4S g4T a5S b5T c5S a6S b6T c6S "+
		"a7S e7S g7T a8T b8S g8S a9S b9T c9S", "B 0 40")
	if s.Opponents(0, 4) != 2 || s.Opponents(0, 6) != 3 {
		t.Fatalf("counts e %d g %d", s.Opponents(0, 4), s.Opponents(0, 6))
	}
	expectMoves(t, s, "d1", "d1-e1")
	expectMoves(t, s, "f2", "f2-g2", "f2-h2")
	// Red counts Blue and Green: on file e only e7 (Green); Green sees
	// one red piece on file g.
	if s.Opponents(1, 4) != 1 || s.Opponents(2, 6) != 1 {
		t.Fatalf("red e %d, green g %d", s.Opponents(1, 4), s.Opponents(2, 6))
	}
	// Turn order Blue, Red, Green.
	gametest.Play(t, s, "d1-e1")
	if s.ToMove() != 1 {
		t.Fatal("Red is not next")
	}
	gametest.Play(t, s, "a5-d5")
	gametest.Play(t, s, "a9-d9")
	if s.ToMove() != 0 {
		t.Fatal("Blue is not next after Green")
	}
}

// With teams, a partner's pieces are not opponents: Blue on file e with one
// green (partner) and one red piece sees one opponent and goes on.
func TestTeamsParity(t *testing.T) {
	pieces := "a1S b1T d1S a2S b2T c2S a3S b3T c3S " +
		"a4S b4T e4S a5S b5T c5S a6S b6T c6S " +
		"a7S b7T e7S a8S b8T c8S a9S b9T c9S " +
		"a10S b10T c10S a11S b11T c11S a12S b12T c12S"
	solo := position(t, variant(t, "players=4"), pieces, "B 0 8")
	team := position(t, variant(t, "players=4 teams=true"), pieces, "B 0 8")
	expectMoves(t, solo, "d1", "d1-e1")
	expectMoves(t, team, "d1", "d1-e1", "d1-f1")
	if solo.Opponents(0, 4) != 2 || team.Opponents(0, 4) != 1 {
		t.Fatalf("counts %d %d", solo.Opponents(0, 4), team.Opponents(0, 4))
	}
}

// A team wins only when both partners have finished; a partner who has
// finished cannot move any more and passes.
func TestTeamsFinish(t *testing.T) {
	pieces := "j1S k1T l1S j2S k2T l2S i3S k3T l3S " + // Blue, one step from home
		"a4S b4T c4S a5S b5T c5S a6S b6T c6S " +
		"j7S k7T l7S j8S k8T l8S h9S k9T l9S " + // Green, two steps
		"a10S b10T c10S a11S b11T c11S a12S b12T c12S"
	v := variant(t, "players=4 teams=true")
	s := position(t, v, pieces, "B 0 120")
	gametest.Play(t, s, "i3-j3")
	if s.Outcome().Ended() || !s.Finished(0) {
		t.Fatalf("Blue alone home: %+v", s.Outcome())
	}
	gametest.Play(t, s, "a4-d4", "h9-i9", "a10-d10")
	if got := game.LegalNotations(s); !slices.Equal(got, []string{"pass"}) {
		t.Fatalf("finished Blue's moves: %v", got)
	}
	gametest.Play(t, s, "pass", "a5-d5")
	if s.Passes() != 0 {
		t.Fatal("a move does not reset the passes")
	}
	gametest.Play(t, s, "i9-j9")
	o := s.Outcome()
	if o.Status != game.Win || o.Winners != 0b0101 || o.Reason != "both partners home" {
		t.Fatalf("outcome %+v", o)
	}
	// Without teams the first to finish wins at once.
	solo := position(t, variant(t, "players=4"), pieces, "B 0 120")
	gametest.Play(t, solo, "i3-j3")
	if o := solo.Outcome(); o.Status != game.Win || o.Winners != 1 || o.Reason != "all pieces home" {
		t.Fatalf("solo outcome %+v", o)
	}
	// Expert teams: the triangles count for both partners.
	// Expert teams: Green's triangle on j8 keeps the team from winning
	// when his last piece comes home.
	expert := strings.Replace(strings.Replace(pieces, "j8S k8T", "j8T k8S", 1), "h9S", "i9S", 1)
	ex := position(t, variant(t, "players=4 teams=true expert=true"), expert, "B 0 120")
	gametest.Play(t, ex, "i3-j3", "a4-d4", "i9-j9")
	if ex.Outcome().Ended() || ex.Finished(2) || !ex.Finished(0) {
		t.Fatalf("expert team: %+v", ex.Outcome())
	}
}

func TestDecodeRefuses(t *testing.T) {
	v := variant(t, "players=2")
	start := v.Start().Encode()
	blueHome := "j4S k4T l4S j5S k5T l5S j6S k6T l6S "
	redHome := "j7S k7T l7S j8S k8T l8S j9S k9T l9S "
	for name, text := range map[string]string{
		"empty":              "",
		"short":              "12/12 B 0 0",
		"two triangles":      strings.Replace(start, "STS9/12/12/12", "TTS9/12/12/12", 1),
		"piece off the band": strings.Replace(start, "12/12/12 B", "12/12/S11 B", 1),
		"13 cells":           strings.Replace(start, "STS9/12/12/12", "STS10/12/12/12", 1),
		"green side":         strings.Replace(start, " B 0 0", " G 0 0", 1),
		"passes too many":    strings.Replace(start, " B 0 0", " B 3 3", 1),
		"passed yet movable": strings.Replace(start, " B 0 0", " B 1 1", 1),
		"ply below passes":   strings.Replace(start, " B 0 0", " B 1 0", 1),
		"both finished":      boardText(t, blueHome+redHome) + " B 0 100",
		"winner not last":    boardText(t, blueHome+redStart) + " B 0 100",
		"bad letter":         strings.Replace(start, "STS9/12/12/12", "SXS9/12/12/12", 1),
	} {
		if _, err := v.Decode(text); err == nil {
			t.Errorf("%s: accepted %q", name, text)
		}
	}
	if _, err := v.Decode(strings.ToLower(start[:len(start)-6]) + " b 0 0"); err != nil {
		t.Errorf("lower case refused: %v", err)
	}
}

// Games end by themselves: every move takes a piece rightwards (the
// displacement of a band is bounded) and passes are counted, so random
// games never need a limit; in the expert finish they stay far below the
// 800-ply software limit.
func TestGamesEndByThemselves(t *testing.T) {
	for _, opts := range saute.Game().AllVariants() {
		v, err := saute.Game().Variant(opts)
		if err != nil {
			t.Fatal(err)
		}
		longest := 0
		for seed := uint64(0); seed < 300; seed++ {
			s := v.Start()
			rng := newRand(seed)
			var buf []game.Move
			for !s.Outcome().Ended() {
				buf = s.LegalMoves(buf)
				s.Apply(buf[rng.IntN(len(buf))])
			}
			longest = max(longest, s.Ply())
		}
		if longest >= 800 {
			t.Errorf("%s: a game took %d plies", v, longest)
		}
		t.Logf("%s: longest of 300 random games: %d plies", v, longest)
	}
}

func TestPerft(t *testing.T) {
	// Blue's 9 opening moves all end on file d; then every red piece can
	// stop on d or go on to e (file d holds one blue piece): 9 x 18.
	s := variant(t, "players=2").Start()
	for depth, want := range []uint64{1, 9, 162} {
		if got := game.Perft(s, depth); got != want {
			t.Errorf("perft(%d) = %d, want %d", depth, got, want)
		}
	}
}
