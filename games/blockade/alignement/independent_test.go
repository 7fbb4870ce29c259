package alignement_test

// Independent rules checks for Alignement, written from DECISIONS.md
// ("Blockade", "Alignement" and "Conventions for all games") and the French
// rule sheet (blockade.fr.txt, 3.4) only, through the public game API. The
// reference model below (schedule, moves, lines) is compared with the package
// on positions from random games, and so are the software rules applied by
// game.Match.

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	_ "github.com/plateau-games/plateau/games/blockade/alignement"
	"github.com/plateau-games/plateau/games/blockade/board/boardtest"
	"github.com/plateau-games/plateau/games/internal/gametest"
)

type indStep struct {
	player int  // 0 = A (first), 1 = B
	kind   byte // 'S', 'T', 'C'
	place  bool
}

// indOpening and indCycle are the schedule of DECISIONS.md.
var indOpening = []indStep{
	{0, 'S', true}, {1, 'S', true}, {0, 'C', true}, {1, 'C', true},
	{0, 'T', true}, {1, 'T', true}, {0, 'S', true}, {1, 'S', true},
	{0, 'C', false}, {1, 'T', true}, {0, 'T', true}, {1, 'C', false},
}

var indCycle = []indStep{
	{0, 'S', false}, {1, 'T', false}, {0, 'C', false},
	{1, 'S', false}, {0, 'T', false}, {1, 'C', false},
}

var (
	indFiles = "behk"
	indRanks = []int{2, 5, 8, 11}
)

func indVariant(t testing.TB) *game.Variant {
	t.Helper()
	v, err := game.NewVariant("alignement", nil)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func indDecode(t testing.TB, text string) game.State {
	t.Helper()
	s, err := indVariant(t).Decode(text)
	if err != nil {
		t.Fatalf("decode %q: %v", text, err)
	}
	return s
}

// indPos: grid[x][y], x = file index (b e h k), y = rank index (2 5 8 11);
// 0 empty, upper case A's pieces, lower case B's.
type indPos struct {
	grid [4][4]byte
	step indStep
	name string // o1..o12, c1..c6
	ply  int
	// global: the cylinder=global reading (DECISIONS.md, "Alternative
	// readings"): only the nearest first-empty circles, ties all kept.
	global bool
}

func indParse(t testing.TB, text string) *indPos {
	t.Helper()
	f := strings.Fields(text)
	if len(f) != 3 {
		t.Fatalf("position %q: want 3 fields", text)
	}
	rows := strings.Split(f[0], "/")
	if len(rows) != 4 {
		t.Fatalf("position %q: want 4 ranks", text)
	}
	p := &indPos{name: f[1]}
	for i, row := range rows {
		if len(row) != 4 {
			t.Fatalf("position %q: rank %q", text, row)
		}
		for x := 0; x < 4; x++ {
			if c := row[x]; c != '.' {
				p.grid[x][3-i] = c
			}
		}
	}
	n, err := strconv.Atoi(f[1][1:])
	if err != nil {
		t.Fatalf("position %q: step %q", text, f[1])
	}
	switch f[1][0] {
	case 'o':
		p.step = indOpening[n-1]
	case 'c':
		p.step = indCycle[n-1]
	default:
		t.Fatalf("position %q: step %q", text, f[1])
	}
	p.ply, _ = strconv.Atoi(f[2])
	return p
}

func indCircle(x, y int) string { return fmt.Sprintf("%c%d", indFiles[x], indRanks[y]) }

func indOwner(c byte) int {
	if c >= 'A' && c <= 'Z' {
		return 0
	}
	return 1
}

func indUpper(c byte) byte { return strings.ToUpper(string(c))[0] }

var indDirs8 = [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}

// moves lists the move the schedule asks for, in notation.
func (p *indPos) moves() []string {
	var out []string
	if p.step.place {
		for x := 0; x < 4; x++ {
			for y := 0; y < 4; y++ {
				if p.grid[x][y] == 0 {
					out = append(out, string(p.step.kind)+"@"+indCircle(x, y))
				}
			}
		}
		sort.Strings(out)
		return out
	}
	for x := 0; x < 4; x++ {
		for y := 0; y < 4; y++ {
			c := p.grid[x][y]
			if c == 0 || indOwner(c) != p.step.player || indUpper(c) != p.step.kind {
				continue
			}
			if p.global && (c == 'C' || c == 'c') {
				out = append(out, p.nearestCylinder(x, y)...)
				continue
			}
			for i, d := range indDirs8 {
				if c != 'C' && c != 'c' && i >= 4 {
					break // squares and triangles: orthogonal only
				}
				nx, ny := x+d[0], y+d[1]
				if c == 'C' || c == 'c' {
					for nx >= 0 && nx < 4 && ny >= 0 && ny < 4 && p.grid[nx][ny] != 0 {
						nx, ny = nx+d[0], ny+d[1]
					}
				}
				if nx < 0 || nx >= 4 || ny < 0 || ny >= 4 || p.grid[nx][ny] != 0 {
					continue
				}
				out = append(out, indCircle(x, y)+"-"+indCircle(nx, ny))
			}
		}
	}
	sort.Strings(out)
	return out
}

// nearestCylinder: for cylinder=global, the first empty circle of each
// direction, kept only when no other direction's is nearer (steps along
// the direction, a diagonal step counting one).
func (p *indPos) nearestCylinder(x, y int) []string {
	byDist := map[int][]string{}
	for _, d := range indDirs8 {
		for k := 1; k < 4; k++ {
			nx, ny := x+k*d[0], y+k*d[1]
			if nx < 0 || nx >= 4 || ny < 0 || ny >= 4 {
				break
			}
			if p.grid[nx][ny] == 0 {
				byDist[k] = append(byDist[k], indCircle(x, y)+"-"+indCircle(nx, ny))
				break
			}
		}
	}
	for k := 1; k < 4; k++ {
		if len(byDist[k]) > 0 {
			return byDist[k]
		}
	}
	return nil
}

// line reports whether player has four pieces on a rank, file or long
// diagonal.
func (p *indPos) line(player int) bool {
	own := func(x, y int) bool { c := p.grid[x][y]; return c != 0 && indOwner(c) == player }
	d1, d2 := true, true
	for i := 0; i < 4; i++ {
		r, f := true, true
		for j := 0; j < 4; j++ {
			r = r && own(j, i)
			f = f && own(i, j)
		}
		if r || f {
			return true
		}
		d1 = d1 && own(i, i)
		d2 = d2 && own(i, 3-i)
	}
	return d1 || d2
}

// outcome: the player who just moved wins with four in a line; otherwise the
// player to move loses when he cannot make the required move.
func (p *indPos) outcome() (ended bool, winner int) {
	last := 1 - p.step.player
	if p.ply > 0 && p.line(last) {
		return true, last
	}
	if len(p.moves()) == 0 {
		return true, 1 - p.step.player
	}
	return false, -1
}

func TestIndependentVariant(t *testing.T) {
	v := indVariant(t)
	if v.Players != 2 || v.Teams != nil {
		t.Errorf("players %d teams %v", v.Players, v.Teams)
	}
	if v.PlyLimit != 300 || v.Repetition != 3 {
		t.Errorf("ply limit %d, repetition %d; want 300 and 3", v.PlyLimit, v.Repetition)
	}
	s := v.Start()
	if got := s.Encode(); got != "..../..../..../.... o1 0" {
		t.Errorf("start %q", got)
	}
	if s.ToMove() != 0 {
		t.Errorf("start: seat %d to move", s.ToMove())
	}
	// The first move places a square anywhere on the 16 circles.
	if got := gametest.Legal(s); len(got) != 16 || got[0] != "S@b11" {
		t.Errorf("first moves %v", got)
	}
}

// The whole schedule, step by step, on one scripted game.
func TestIndependentSchedule(t *testing.T) {
	s := indVariant(t).Start()
	script := []string{
		"S@b2", "S@k11", "C@e5", "C@h8", "T@b11", "T@k2", "S@h2", "S@e11",
		"", // o9: A moves the cylinder
		"T@b8", "T@k5",
		"", // o12: B moves the cylinder
	}
	for i, mv := range script {
		st := indOpening[i]
		if s.ToMove() != st.player {
			t.Fatalf("o%d: seat %d to move, want %d", i+1, s.ToMove(), st.player)
		}
		p := indParse(t, s.Encode())
		if p.name != fmt.Sprintf("o%d", i+1) || p.ply != i {
			t.Fatalf("step %s ply %d, want o%d ply %d", p.name, p.ply, i+1, i)
		}
		got := gametest.Legal(s)
		if !slices.Equal(got, p.moves()) {
			t.Fatalf("o%d: moves %v, want %v", i+1, got, p.moves())
		}
		for _, m := range got {
			if st.place != strings.Contains(m, "@") || (st.place && m[0] != st.kind) {
				t.Fatalf("o%d: move %s does not fit %c place=%v", i+1, m, st.kind, st.place)
			}
		}
		if mv == "" || !slices.Contains(got, mv) {
			mv = got[0]
		}
		gametest.Play(t, s, mv)
	}
	for round := 0; round < 3; round++ {
		for i, st := range indCycle {
			p := indParse(t, s.Encode())
			if p.name != fmt.Sprintf("c%d", i+1) || s.ToMove() != st.player {
				t.Fatalf("round %d: step %s seat %d, want c%d seat %d", round, p.name, s.ToMove(), i+1, st.player)
			}
			if want := 12 + 6*round + i; p.ply != want {
				t.Fatalf("step c%d: ply %d, want %d", i+1, p.ply, want)
			}
			if s.Outcome().Ended() {
				return
			}
			got := gametest.Legal(s)
			if !slices.Equal(got, p.moves()) {
				t.Fatalf("c%d: moves %v, want %v", i+1, got, p.moves())
			}
			gametest.Play(t, s, got[0])
		}
	}
}

// The examples of the sheet (Red = A, Blue = B).
func TestIndependentSheetExamples(t *testing.T) {
	// Red to move a triangle (c5): h2-h5 gives four on rank 5.
	s := indDecode(t, "s.../Cstc/ST.S/t.T. c5 16")
	got := gametest.Legal(s)
	if want := []string{"e5-e2", "e5-h5", "h2-e2", "h2-h5", "h2-k2"}; !slices.Equal(got, want) {
		t.Errorf("c5 moves %v, want %v", got, want)
	}
	gametest.Play(t, s, "h2-h5")
	if o := s.Outcome(); o.Status != game.Win || o.Winners != 1 {
		t.Errorf("after h2-h5: %+v, want Red (seat 1) wins", o)
	}
	// Red must move the cylinder (c3): only b8-e11; then Blue's square
	// b11-b8 makes four on rank 8.
	s = indDecode(t, "s.../Cstc/ST.S/t.T. c3 14")
	if got := gametest.Legal(s); !slices.Equal(got, []string{"b8-e11"}) {
		t.Errorf("c3 moves %v, want [b8-e11]", got)
	}
	gametest.Play(t, s, "b8-e11")
	if o := s.Outcome(); o.Ended() {
		t.Fatalf("after b8-e11: %+v", o)
	}
	if got := gametest.Legal(s); !slices.Contains(got, "b11-b8") {
		t.Errorf("c4 moves %v, want b11-b8 among them", got)
	}
	gametest.Play(t, s, "b11-b8")
	if o := s.Outcome(); o.Status != game.Win || o.Winners != 2 {
		t.Errorf("after b11-b8: %+v, want Blue (seat 2) wins", o)
	}
	// Blue's cylinder on b2 with file b, rank 2 and diagonal b2-k11 full:
	// no move, Blue loses at once (step c6).
	s = indDecode(t, "S..T/C.s./st../ctST c6 17")
	if got := s.LegalMoves(nil); len(got) != 0 {
		t.Errorf("blocked cylinder: moves %v", game.LegalNotations(s))
	}
	if o := s.Outcome(); o.Status != game.Win || o.Winners != 1 {
		t.Errorf("blocked cylinder: %+v, want Red (seat 1) wins", o)
	}
	// The same in the opening (o12, B moves his cylinder): a loss too.
	s = indDecode(t, "S..T/C.s./st../ctST o12 11")
	if o := s.Outcome(); o.Status != game.Win || o.Winners != 1 {
		t.Errorf("blocked cylinder at o12: %+v, want Red (seat 1) wins", o)
	}
}

// The cylinder goes to the first empty circle in each of 8 directions.
func TestIndependentCylinder(t *testing.T) {
	// A's cylinder on e5; B's pieces on h5 and k5 (east: no move), on e8
	// (north: to e11), on h8 (NE: to k11), on b5 (west: no move); A's
	// square on e2 (south: no move); b2 (SW), h2 (SE), b8 (NW) empty. A's
	// other pieces on h11, k8, k2 do not matter.
	s := indDecode(t, "..T./.tsS/cCts/.S.T c3 14")
	want := []string{"e5-b2", "e5-b8", "e5-e11", "e5-h2", "e5-k11"}
	if got := gametest.Legal(s); !slices.Equal(got, want) {
		t.Errorf("cylinder moves %v, want %v", got, want)
	}
}

// Four in a line wins after a placement too, on a diagonal as well.
func TestIndependentLineOnPlacement(t *testing.T) {
	// A holds b2, e5, h8 (S, C, T); step o7: A places his second square on
	// k11 and wins on the diagonal.
	s := indDecode(t, "..c./..T./.C.s/S.t. o7 6")
	gametest.Play(t, s, "S@k11")
	if o := s.Outcome(); o.Status != game.Win || o.Winners != 1 {
		t.Errorf("diagonal by placement: %+v", o)
	}
	// The other diagonal for B at o8.
	s = indDecode(t, "c.S./.s.T/S.../C..t o8 7")
	gametest.Play(t, s, "S@h5")
	if o := s.Outcome(); o.Status != game.Win || o.Winners != 2 {
		t.Errorf("anti-diagonal by placement: %+v", o)
	}
}

// indKey is a position without its ply, for repetition counting.
func indKey(text string) string {
	f := strings.Fields(text)
	return f[0] + " " + f[1]
}

func TestIndependentRandomPositions(t *testing.T) {
	indRandomGames(t, indVariant(t), 200, false)
}

// The cylinder=global reading in lockstep with the reference: a few dozen
// games here, PLATEAU_READINGS_GAMES=N by hand (thousands).
func TestIndependentReadingGlobal(t *testing.T) {
	v, err := game.NewVariant("alignement", game.Options{"cylinder": "global"})
	if err != nil {
		t.Fatal(err)
	}
	games := 60
	if n, err := strconv.Atoi(os.Getenv("PLATEAU_READINGS_GAMES")); err == nil && n > 0 {
		games = n
	}
	indRandomGames(t, v, games, true)
}

func indRandomGames(t *testing.T, v *game.Variant, games int, global bool) {
	checked, reps, limits, wins := 0, 0, 0, 0
	candidates := indCircleCandidates()
	for g := 0; g < games; g++ {
		rng := rand.New(rand.NewPCG(uint64(g), 11))
		m := game.NewMatch(v.Start())
		seen := map[string]int{}
		for {
			s := m.State()
			text := s.Encode()
			boardtest.RoundTrip(t, v, s)
			if g%8 == 0 {
				boardtest.ParseAgrees(t, s, candidates, rng)
			}
			seen[indKey(text)]++
			p := indParse(t, text)
			p.global = global
			want := p.moves()
			ended, winner := p.outcome()
			if ended {
				want = nil
			}
			if got := gametest.Legal(s); !slices.Equal(got, want) {
				t.Fatalf("game %d position %q: moves\n got  %v\n want %v", g, text, got, want)
			}
			if s.ToMove() >= 0 && !ended && s.ToMove() != p.step.player {
				t.Fatalf("position %q: seat %d to move", text, s.ToMove())
			}
			o := m.Outcome()
			checked++
			switch {
			case ended:
				if o.Status != game.Win || o.Winners != 1<<winner {
					t.Fatalf("position %q: outcome %+v, want win for %d", text, o, winner)
				}
				wins++
			case seen[indKey(text)] >= 3:
				if o.Status != game.Draw || o.Reason != "threefold repetition" {
					t.Fatalf("position %q seen 3 times: outcome %+v", text, o)
				}
				reps++
			case p.ply >= 300:
				if o.Status != game.Draw {
					t.Fatalf("position %q at ply 300: outcome %+v", text, o)
				}
				limits++
			default:
				if o.Ended() {
					t.Fatalf("position %q: outcome %+v, want ongoing", text, o)
				}
			}
			if o.Ended() {
				break
			}
			mv := want[rng.IntN(len(want))]
			if _, err := m.PlayNotation(mv); err != nil {
				t.Fatal(err)
			}
			// The placed or moved piece, nothing else; the next step.
			grid := p.grid
			if at := strings.IndexByte(mv, '@'); at >= 0 {
				x, y := indCirclePos(mv[at+1:])
				kind := p.step.kind
				if p.step.player == 1 {
					kind = strings.ToLower(string(kind))[0]
				}
				grid[x][y] = kind
			} else {
				from, to, _ := strings.Cut(mv, "-")
				x1, y1 := indCirclePos(from)
				x2, y2 := indCirclePos(to)
				grid[x2][y2], grid[x1][y1] = grid[x1][y1], 0
			}
			after := indParse(t, m.State().Encode())
			n, _ := strconv.Atoi(p.name[1:])
			next := fmt.Sprintf("c%d", n%6+1)
			if p.name[0] == 'o' {
				next = fmt.Sprintf("o%d", n+1)
				if n == 12 {
					next = "c1"
				}
			}
			if after.grid != grid || after.name != next || after.ply != p.ply+1 {
				t.Fatalf("position %q move %s gives %q", text, mv, m.State().Encode())
			}
		}
	}
	t.Logf("%d positions checked; %d wins, %d repetitions, %d ply limits", checked, wins, reps, limits)
}

// Software rules through game.Match: the same position (board and schedule
// step) for the third time is a draw; so is ply 300.
func TestIndependentRepetitionAndPlyLimit(t *testing.T) {
	v := indVariant(t)
	start, err := v.Decode("S..s/.Tt./tCcT/S..s c1 18")
	if err != nil {
		t.Fatal(err)
	}
	m := game.NewMatch(start)
	cycle := strings.Fields("b11-e11 h8-h11 e5-e2 k11-k8 e8-b8 h5-h2 e11-b11 h11-h8 e2-e5 k8-k11 b8-e8 h2-h5")
	for round := 0; round < 2; round++ {
		for i, mv := range cycle {
			if o := m.Outcome(); o.Ended() {
				t.Fatalf("round %d move %d: ended early %+v", round, i, o)
			}
			if _, err := m.PlayNotation(mv); err != nil {
				t.Fatalf("round %d move %s: %v", round, mv, err)
			}
		}
		if got := indKey(m.State().Encode()); got != "S..s/.Tt./tCcT/S..s c1" {
			t.Fatalf("after round %d: %q", round, got)
		}
	}
	if o := m.Outcome(); o.Status != game.Draw || o.Reason != "threefold repetition" {
		t.Errorf("third occurrence: %+v, want draw by repetition", o)
	}
	s, err := v.Decode("S..s/.Tt./tCcT/S..s c6 299")
	if err != nil {
		t.Fatal(err)
	}
	m3 := game.NewMatch(s)
	if m3.Outcome().Ended() {
		t.Fatalf("ply 299: %+v", m3.Outcome())
	}
	if _, err := m3.PlayNotation("h5-h2"); err != nil {
		t.Fatal(err)
	}
	if o := m3.Outcome(); o.Status != game.Draw || o.Reason != "ply limit" {
		t.Errorf("ply 300: %+v, want draw by ply limit", o)
	}
}

// indCircleCandidates lists placements of every shape (and without a shape)
// on every circle, and movements between any two circles.
func indCircleCandidates() []string {
	var circles []string
	for x := 0; x < 4; x++ {
		for y := 0; y < 4; y++ {
			circles = append(circles, indCircle(x, y))
		}
	}
	out := []string{"pass"}
	for _, a := range circles {
		out = append(out, a, "@"+a, "S@"+a, "T@"+a, "C@"+a)
		for _, b := range circles {
			out = append(out, a+"-"+b)
		}
	}
	return out
}

func indCirclePos(name string) (int, int) {
	x := strings.IndexByte(indFiles, name[0])
	r, _ := strconv.Atoi(name[1:])
	return x, slices.Index(indRanks, r)
}
