package polygone_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/polygone"
)

// The model is an independent, deliberately naive Polygone written from the
// rules text: holes as points of the plane, segments in a map, faces found
// by walking half-edges (turning to the next segment clockwise at each
// hole), polygons as simple counter-clockwise walks with no segment inside,
// and every order of captures tried.

type mhole struct {
	name string
	x, r int // doubled x, row 0 (A) .. 4 (E)
}

var mholes []mhole

func init() {
	counts := []int{4, 5, 6, 5, 4}
	for r, n := range counts {
		first := []int{2, 1, 0, 1, 2}[r]
		for i := 0; i < n; i++ {
			mholes = append(mholes, mhole{fmt.Sprintf("%c%d", 'A'+r, i+1), first + 2*i, r})
		}
	}
}

func mfind(x, r int) int {
	for i, h := range mholes {
		if h.x == x && h.r == r {
			return i
		}
	}
	return -1
}

func mneighbours(h int) []int {
	var out []int
	for _, d := range [][2]int{{2, 0}, {-2, 0}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}} {
		if o := mfind(mholes[h].x+d[0], mholes[h].r+d[1]); o >= 0 {
			out = append(out, o)
		}
	}
	return out
}

// angle of the direction from a to b, in degrees 0..360, on the real
// plane (x to the right, rows going down); computed once for every pair
// (the polygon walks ask for it millions of times).
func mangle(a, b int) float64 {
	return mangleTable()[a][b]
}

var mangleTable = sync.OnceValue(func() [][]float64 {
	t := make([][]float64, len(mholes))
	for a := range t {
		t[a] = make([]float64, len(mholes))
		for b := range t[a] {
			t[a][b] = computeAngle(a, b)
		}
	}
	return t
})

func computeAngle(a, b int) float64 {
	dx := float64(mholes[b].x-mholes[a].x) / 2
	dy := -float64(mholes[b].r-mholes[a].r) * math.Sqrt(3) / 2
	deg := math.Atan2(dy, dx) * 180 / math.Pi
	if deg < 0 {
		deg += 360
	}
	return math.Round(deg)
}

type mkey [2]int // holes, smaller index first

func mk(a, b int) mkey {
	if a > b {
		a, b = b, a
	}
	return mkey{a, b}
}

// mboard maps each segment to its colour (0 White, 1 Black).
type mboard map[mkey]int

func (b mboard) clone() mboard {
	c := mboard{}
	for k, v := range b {
		c[k] = v
	}
	return c
}

func (b mboard) keyString() string {
	parts := make([]string, 0, len(b))
	for k, v := range b {
		// As fmt's "%s-%s:%d", without fmt: this runs for every move of
		// every compared position.
		parts = append(parts, mholes[k[0]].name+"-"+mholes[k[1]].name+":"+strconv.Itoa(v))
	}
	sort.Strings(parts)
	return strings.Join(parts, ",")
}

// polygons returns the capturing polygons' minority segments and, for
// tests, every polygon's segments.
func (b mboard) polygons() (captures [][]mkey, all [][]mkey) {
	// Slices indexed by hole rather than maps: the same walks, without
	// the hashing (this runs for every move of every compared position).
	n := len(mholes)
	adj := make([][]int, n)
	for k := range b {
		adj[k[0]] = append(adj[k[0]], k[1])
		adj[k[1]] = append(adj[k[1]], k[0])
	}
	used := make([]bool, n*n) // half-edge u->v at u*n+v
	seen := make([]bool, n)
	for k := range b {
		for _, start := range [][2]int{{k[0], k[1]}, {k[1], k[0]}} {
			if used[start[0]*n+start[1]] {
				continue
			}
			// Walk the face on the left of start.
			var walk [][2]int
			he := start
			for !used[he[0]*n+he[1]] {
				used[he[0]*n+he[1]] = true
				walk = append(walk, he)
				u, v := he[0], he[1]
				back := mangle(v, u)
				best, bestTurn := -1, 1000.0
				for _, w := range adj[v] {
					turn := math.Mod(back-mangle(v, w)+360, 360) // clockwise from back
					if turn == 0 {
						turn = 360 // going back only when nothing else
					}
					if turn < bestTurn {
						best, bestTurn = w, turn
					}
				}
				he = [2]int{v, best}
			}
			// A polygon: a simple walk, counter-clockwise, nothing inside.
			area := 0
			clear(seen)
			simple := true
			for _, h := range walk {
				a, c := mholes[h[0]], mholes[h[1]]
				area += a.x*(-c.r) - c.x*(-a.r)
				if seen[h[0]] {
					simple = false
				}
				seen[h[0]] = true
			}
			if area <= 0 || !simple {
				continue
			}
			onCycle := map[mkey]bool{}
			for _, h := range walk {
				onCycle[mk(h[0], h[1])] = true
			}
			empty := true
			for s := range b {
				if onCycle[s] {
					continue
				}
				px := mholes[s[0]].x + mholes[s[1]].x // doubled midpoint
				py := mholes[s[0]].r + mholes[s[1]].r
				if inside(walk, px, py) {
					empty = false
				}
			}
			if !empty {
				continue
			}
			var sides []mkey
			count := [2]int{}
			for s := range onCycle {
				sides = append(sides, s)
				count[b[s]]++
			}
			all = append(all, sides)
			if count[0] == 0 || count[1] == 0 || count[0] == count[1] {
				continue
			}
			minority := 0
			if count[1] < count[0] {
				minority = 1
			}
			var lost []mkey
			for _, s := range sides {
				if b[s] == minority {
					lost = append(lost, s)
				}
			}
			captures = append(captures, lost)
		}
	}
	return captures, all
}

// inside: even-odd test of the doubled point (px, py) against the walk.
func inside(walk [][2]int, px, py int) bool {
	in := false
	for _, h := range walk {
		x1, y1 := 2*mholes[h[0]].x, 2*mholes[h[0]].r
		x2, y2 := 2*mholes[h[1]].x, 2*mholes[h[1]].r
		if (y1 <= py) != (y2 <= py) {
			// x of the crossing, compared without division.
			if (px-x1)*(y2-y1)*sign(y2-y1) < (x2-x1)*(py-y1)*sign(y2-y1) {
				in = !in
			}
		}
	}
	return in
}

func sign(v int) int {
	if v < 0 {
		return -1
	}
	return 1
}

// finals resolves every order of captures from b and returns the end
// boards by their key.
func (b mboard) finals(out map[string]mboard) {
	caps, _ := b.polygons()
	if len(caps) == 0 {
		out[b.keyString()] = b
		return
	}
	for _, lost := range caps {
		c := b.clone()
		for _, s := range lost {
			delete(c, s)
		}
		c.finals(out)
	}
}

type mmove struct {
	from, to mkey
	final    mboard
}

// moves lists the model's moves for colour on b.
func (b mboard) moves(colour int) []mmove {
	var out []mmove
	for seg, c := range b {
		if c != colour {
			continue
		}
		for i := 0; i < 2; i++ {
			p, q := seg[i], seg[1-i]
			aq := mangle(p, q)
			for _, r := range mneighbours(p) {
				if r == q {
					continue
				}
				if _, taken := b[mk(p, r)]; taken {
					continue
				}
				if colour == 0 && mholes[r].x < mholes[q].x || colour == 1 && mholes[r].x > mholes[q].x {
					continue
				}
				ar := mangle(p, r)
				// Sweep anticlockwise from q to r, then clockwise.
				clear := func(dir float64) bool {
					for _, w := range mneighbours(p) {
						if w == q || w == r {
							continue
						}
						if _, ok := b[mk(p, w)]; !ok {
							continue
						}
						aw := mangle(p, w)
						if dir > 0 && math.Mod(aw-aq+360, 360) < math.Mod(ar-aq+360, 360) {
							return false
						}
						if dir < 0 && math.Mod(aq-aw+360, 360) < math.Mod(aq-ar+360, 360) {
							return false
						}
					}
					return true
				}
				if !clear(1) && !clear(-1) {
					continue
				}
				after := b.clone()
				delete(after, seg)
				after[mk(p, r)] = colour
				ends := map[string]mboard{}
				after.finals(ends)
				for _, f := range ends {
					out = append(out, mmove{seg, mk(p, r), f})
				}
			}
		}
	}
	return out
}

func modelFrom(t *testing.T, s *polygone.State) mboard {
	b := mboard{}
	for c := 0; c < 2; c++ {
		for e := 0; e < polygone.Edges; e++ {
			if s.Segments(c)>>e&1 != 0 {
				name := polygone.EdgeName(e)
				h1, h2, _ := strings.Cut(name, "-")
				b[mk(mholeIndex(t, h1), mholeIndex(t, h2))] = c
			}
		}
	}
	return b
}

func mholeIndex(t *testing.T, name string) int {
	for i, h := range mholes {
		if h.name == name {
			return i
		}
	}
	t.Fatalf("unknown hole %s", name)
	return -1
}

// moveKey describes an engine or model move: segment before, after, and
// the end board.
func moveKey(from, to mkey, final mboard) string {
	return fmt.Sprintf("%s-%s>%s-%s|%s", mholes[from[0]].name, mholes[from[1]].name, mholes[to[0]].name, mholes[to[1]].name, final.keyString())
}

// engineMoves describes the engine's legal moves the same way.
func engineMoves(t *testing.T, s *polygone.State) []string {
	var out []string
	before := modelFrom(t, s)
	for _, m := range s.LegalMoves(nil) {
		if m == game.Pass {
			out = append(out, "pass")
			continue
		}
		name := s.MoveString(m)
		main, _, _ := strings.Cut(name, "x")
		a, b, _ := strings.Cut(main, "/")
		e1, _ := polygone.ParseEdge(a)
		e2, _ := polygone.ParseEdge(b)
		from, to := edgeKey(t, e1), edgeKey(t, e2)
		if _, ok := before[from]; !ok {
			t.Fatalf("%s: move %s from an empty edge", s.Encode(), name)
		}
		c := s.Clone().(*polygone.State)
		c.Apply(m)
		out = append(out, moveKey(from, to, modelFrom(t, c)))
	}
	sort.Strings(out)
	return out
}

func edgeKey(t *testing.T, e int) mkey {
	h1, h2, _ := strings.Cut(polygone.EdgeName(e), "-")
	return mk(mholeIndex(t, h1), mholeIndex(t, h2))
}

func modelMoves(b mboard, colour int) []string {
	var out []string
	for _, m := range b.moves(colour) {
		out = append(out, moveKey(m.from, m.to, m.final))
	}
	if len(out) == 0 {
		out = append(out, "pass")
	}
	sort.Strings(out)
	return out
}

func compareWithModel(t *testing.T, s *polygone.State) {
	t.Helper()
	if s.Outcome().Ended() {
		return
	}
	got := engineMoves(t, s)
	want := modelMoves(modelFrom(t, s), s.ToMove())
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("%s:\nengine %d moves:\n%s\nmodel %d moves:\n%s", s.Encode(), len(got), strings.Join(got, "\n"), len(want), strings.Join(want, "\n"))
	}
}

// The engine's legal moves, end boards included, agree with the model in
// positions of random games.
func TestModelRandomGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	captures, chains := 0, 0
	games := 25
	if testing.Short() {
		games = 8
	}
	for g := 0; g < games; g++ {
		s := polygone.New()
		for ply := 0; ply < 300 && !s.Outcome().Ended(); ply++ {
			compareWithModel(t, s)
			moves := s.LegalMoves(nil)
			m := moves[rng.IntN(len(moves))]
			if strings.Contains(s.MoveString(m), "x") {
				chains++
			}
			before := s.Captured(0) + s.Captured(1)
			s.Apply(m)
			if s.Captured(0)+s.Captured(1) > before {
				captures++
			}
		}
	}
	t.Logf("%d games: %d moves with captures, %d with a choice of chain ends", games, captures, chains)
	if captures == 0 {
		t.Fatal("no capture in random games")
	}
}

// randomBoard places n White and n Black segments at random.
func randomBoard(rng *rand.Rand, nw, nb int) (white, black []string) {
	perm := rng.Perm(polygone.Edges)
	for i := 0; i < nw+nb; i++ {
		if i < nw {
			white = append(white, polygone.EdgeName(perm[i]))
		} else {
			black = append(black, polygone.EdgeName(perm[i]))
		}
	}
	return white, black
}

// On random boards, the engine's faces agree with the model's polygons,
// Decode refuses exactly the boards where a polygon captures, and the
// legal moves (with their chains of captures) agree.
func TestModelRandomBoards(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	boards, refused, compared, multi := 0, 0, 0, 0
	n := 20000
	if testing.Short() {
		n = 2000
	}
	for i := 0; i < n; i++ {
		nw, nb := 6+rng.IntN(7), 6+rng.IntN(7)
		white, black := randomBoard(rng, nw, nb)
		side := "W"
		ply := 20
		if rng.IntN(2) == 1 {
			side, ply = "B", 21
		}
		text := strings.Join(white, ",") + " " + strings.Join(black, ",") + " " + side + " 0 " + fmt.Sprint(ply)
		b := mboard{}
		for c, list := range [][]string{white, black} {
			for _, name := range list {
				h1, h2, _ := strings.Cut(name, "-")
				b[mk(mholeIndex(t, h1), mholeIndex(t, h2))] = c
			}
		}
		caps, polys := b.polygons()
		s, err := polygone.Decode(text)
		boards++
		// The engine's polygons, from a state that skips Decode's checks.
		enginePolys := polygonsOf(t, text)
		if got, want := enginePolys, sortedPolys(polys); got != want {
			t.Fatalf("%s: engine polygons\n%s\nmodel polygons\n%s", text, got, want)
		}
		if err != nil && strings.Contains(err.Error(), "already has a segment") {
			continue // checked before the polygons
		}
		if len(caps) > 0 {
			if err == nil || !strings.Contains(err.Error(), "captures") {
				t.Fatalf("%s: a polygon captures, yet Decode says %v", text, err)
			}
			refused++
			continue
		}
		if err != nil {
			if strings.Contains(err.Error(), "captures") {
				t.Fatalf("%s: no polygon captures, yet Decode says %v", text, err)
			}
			continue
		}
		if s.Outcome().Ended() {
			continue
		}
		compareWithModel(t, s)
		compared++
		for _, m := range game.LegalNotations(s) {
			if strings.Contains(m, "x") {
				multi++
				break
			}
		}
	}
	t.Logf("%d boards: %d refused (capturing polygon), %d compared, %d with a choice of chain ends", boards, refused, compared, multi)
	if multi < 5 {
		t.Fatalf("only %d positions with a choice of chain ends", multi)
	}
}

// polygonsOf lists the polygons the engine finds on the board of text
// (read with the first two fields only, and a side that passes the sommet
// check), each as its sorted segments.
func polygonsOf(t *testing.T, text string) string {
	s := polygone.RawBoard(text)
	var out []string
	for _, f := range s.Faces() {
		if !f.Polygon {
			continue
		}
		var sides []string
		for e := 0; e < polygone.Edges; e++ {
			if f.Boundary>>e&1 != 0 {
				k := edgeKey(t, e)
				sides = append(sides, mholes[k[0]].name+"-"+mholes[k[1]].name)
			}
		}
		sort.Strings(sides)
		out = append(out, strings.Join(sides, ","))
	}
	sort.Strings(out)
	return strings.Join(out, "\n")
}

func sortedPolys(polys [][]mkey) string {
	var out []string
	for _, p := range polys {
		var sides []string
		for _, k := range p {
			sides = append(sides, mholes[k[0]].name+"-"+mholes[k[1]].name)
		}
		sort.Strings(sides)
		out = append(out, strings.Join(sides, ","))
	}
	sort.Strings(out)
	return strings.Join(out, "\n")
}

// Perft from the start agrees with the model to depth 3.
func TestModelPerft(t *testing.T) {
	var perft func(b mboard, colour, depth int) int
	perft = func(b mboard, colour, depth int) int {
		if depth == 0 {
			return 1
		}
		moves := b.moves(colour)
		if depth == 1 {
			return max(len(moves), 1)
		}
		n := 0
		for _, m := range moves {
			n += perft(m.final, 1-colour, depth-1)
		}
		return n
	}
	start := modelFrom(t, polygone.New())
	for depth := 1; depth <= 3; depth++ {
		if got, want := game.Perft(polygone.New(), depth), perft(start, 0, depth); got != uint64(want) {
			t.Errorf("perft(%d) = %d, model %d", depth, got, want)
		}
	}
}
