package polygone_test

// An independent check of the Polygone rules, written from DECISIONS.md and
// the French rule sheet without reading the engine: a small reference
// implementation (its own board, rotation rule and face finder built from the
// 32 unit triangles) is compared with the engine on hand-made positions and on
// positions from random games.

import (
	"fmt"
	"math/rand"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/polygone"
)

// ---------------------------------------------------------------------------
// Reference geometry.

type refHole struct {
	name string
	x, y int // doubled x; y = row index, A = 0 at the top
}

var (
	refHoles    []refHole
	refHoleAt   = map[[2]int]int{}
	refHoleName = map[string]int{}
	refEdges    [][2]int // holes, lower index first
	refEdgeOf   = map[[2]int]int{}
	refTris     [][3]int // edge indices of each unit triangle
	refEdgeTris [][]int  // triangles on each edge (1 on the border, 2 inside)
	// refDirs lists the six directions anticlockwise (y grows downwards):
	// E, NE, NW, W, SW, SE.
	refDirs = [6][2]int{{2, 0}, {1, -1}, {-1, -1}, {-2, 0}, {-1, 1}, {1, 1}}
	refC1   int
	refC6   int
)

func init() {
	rows := []struct {
		letter   string
		x0, n, y int
	}{{"A", 2, 4, 0}, {"B", 1, 5, 1}, {"C", 0, 6, 2}, {"D", 1, 5, 3}, {"E", 2, 4, 4}}
	for _, r := range rows {
		for i := 0; i < r.n; i++ {
			h := refHole{r.letter + strconv.Itoa(i+1), r.x0 + 2*i, r.y}
			refHoleAt[[2]int{h.x, h.y}] = len(refHoles)
			refHoleName[h.name] = len(refHoles)
			refHoles = append(refHoles, h)
		}
	}
	refC1, refC6 = refHoleName["C1"], refHoleName["C6"]
	for a, h := range refHoles {
		for _, d := range refDirs {
			if b, ok := refHoleAt[[2]int{h.x + d[0], h.y + d[1]}]; ok && a < b {
				refEdgeOf[[2]int{a, b}] = len(refEdges)
				refEdges = append(refEdges, [2]int{a, b})
			}
		}
	}
	seen := map[[3]int]bool{}
	refEdgeTris = make([][]int, len(refEdges))
	for a := range refHoles {
		for d := 0; d < 6; d++ {
			b, ok1 := refNeighbour(a, d)
			c, ok2 := refNeighbour(a, (d+1)%6)
			if !ok1 || !ok2 {
				continue
			}
			k := []int{a, b, c}
			sort.Ints(k)
			key := [3]int{k[0], k[1], k[2]}
			if seen[key] {
				continue
			}
			seen[key] = true
			t := [3]int{refEdge(a, b), refEdge(b, c), refEdge(a, c)}
			for _, e := range t {
				refEdgeTris[e] = append(refEdgeTris[e], len(refTris))
			}
			refTris = append(refTris, t)
		}
	}
}

func refNeighbour(h, d int) (int, bool) {
	p := refHoles[h]
	n, ok := refHoleAt[[2]int{p.x + refDirs[d][0], p.y + refDirs[d][1]}]
	return n, ok
}

func refEdge(a, b int) int {
	if a > b {
		a, b = b, a
	}
	e, ok := refEdgeOf[[2]int{a, b}]
	if !ok {
		return -1
	}
	return e
}

func refDir(from, to int) int {
	p, q := refHoles[from], refHoles[to]
	for d, v := range refDirs {
		if p.x+v[0] == q.x && p.y+v[1] == q.y {
			return d
		}
	}
	panic("not neighbours")
}

func refEdgeName(e int) string {
	return refHoles[refEdges[e][0]].name + "-" + refHoles[refEdges[e][1]].name
}

// ---------------------------------------------------------------------------
// Reference positions.

const (
	refEmpty = 0
	refWhite = 1
	refBlack = 2
)

type refBoard [55]int8

type refPos struct {
	b      refBoard
	side   int8 // refWhite or refBlack
	passes int
	ply    int
	// swept: the backwards=swept reading (DECISIONS.md, "Alternative
	// readings"): no direction swept on the way may point backwards.
	swept bool
}

func refParseSegment(s string) (int, error) {
	parts := strings.Split(strings.TrimSpace(strings.ToUpper(s)), "-")
	if len(parts) != 2 {
		return 0, fmt.Errorf("bad segment %q", s)
	}
	a, ok1 := refHoleName[parts[0]]
	b, ok2 := refHoleName[parts[1]]
	if !ok1 || !ok2 {
		return 0, fmt.Errorf("bad segment %q", s)
	}
	e := refEdge(a, b)
	if e < 0 {
		return 0, fmt.Errorf("%q is not an edge", s)
	}
	return e, nil
}

func refParse(text string) (refPos, error) {
	var p refPos
	f := strings.Fields(text)
	if len(f) != 5 {
		return p, fmt.Errorf("want 5 fields in %q", text)
	}
	for c := 0; c < 2; c++ {
		if f[c] == "-" {
			continue
		}
		for _, item := range strings.Split(f[c], ",") {
			e, err := refParseSegment(item)
			if err != nil {
				return p, err
			}
			if p.b[e] != refEmpty {
				return p, fmt.Errorf("edge %s twice", item)
			}
			p.b[e] = int8(c + 1)
		}
	}
	switch f[2] {
	case "W":
		p.side = refWhite
	case "B":
		p.side = refBlack
	default:
		return p, fmt.Errorf("bad side %q", f[2])
	}
	var err error
	if p.passes, err = strconv.Atoi(f[3]); err != nil {
		return p, err
	}
	if p.ply, err = strconv.Atoi(f[4]); err != nil {
		return p, err
	}
	return p, nil
}

func (p refPos) key() string {
	var w, bl []string
	for e, c := range p.b {
		switch c {
		case refWhite:
			w = append(w, refEdgeName(e))
		case refBlack:
			bl = append(bl, refEdgeName(e))
		}
	}
	sort.Strings(w)
	sort.Strings(bl)
	return fmt.Sprintf("%s|%s|%d|%d|%d", strings.Join(w, ","), strings.Join(bl, ","), p.side, p.passes, p.ply)
}

func refOther(c int8) int8 { return 3 - c }

func (b *refBoard) count(c int8) int {
	n := 0
	for _, x := range b {
		if x == c {
			n++
		}
	}
	return n
}

// captures is the number of segments c has taken: 12 minus the opponent's.
func (b *refBoard) captures(c int8) int { return 12 - b.count(refOther(c)) }

// ---------------------------------------------------------------------------
// Reference rotation rule.

type refTurn struct{ from, to int }

// refTurns lists the segment moves of side: every (old edge, new edge).
func refTurns(b *refBoard, side int8) []refTurn { return refTurnsRead(b, side, false) }

// refTurnsRead is refTurns, with the backwards=swept reading when swept: a
// way of turning is clear only if none of the directions it sweeps (on the
// board or not) would put the moving end backwards.
func refTurnsRead(b *refBoard, side int8, swept bool) []refTurn {
	var out []refTurn
	for e, c := range b {
		if c != side {
			continue
		}
		for i := 0; i < 2; i++ {
			pivot, end := refEdges[e][i], refEdges[e][1-i]
			d0 := refDir(pivot, end)
			for k := 1; k <= 5; k++ {
				d := (d0 + k) % 6
				t, ok := refNeighbour(pivot, d)
				if !ok {
					continue
				}
				te := refEdge(pivot, t)
				if b[te] != refEmpty {
					continue
				}
				dx := refHoles[t].x - refHoles[end].x
				if side == refWhite && dx < 0 || side == refBlack && dx > 0 {
					continue
				}
				ccw := refSweepClear(b, pivot, d0, k, 1) && (!swept || refSweepForward(side, pivot, end, d0, k, 1))
				cw := refSweepClear(b, pivot, d0, 6-k, -1) && (!swept || refSweepForward(side, pivot, end, d0, 6-k, -1))
				if ccw || cw {
					out = append(out, refTurn{e, te})
				}
			}
		}
	}
	return out
}

// refSweepForward tells whether every direction strictly between d0 and
// d0+sign*steps at pivot keeps the moving end (starting on hole end) level
// or forward for side, holes off the board included.
func refSweepForward(side int8, pivot, end, d0, steps, sign int) bool {
	for j := 1; j < steps; j++ {
		d := ((d0+sign*j)%6 + 6) % 6
		dx := refHoles[pivot].x + refDirs[d][0] - refHoles[end].x
		if side == refWhite && dx < 0 || side == refBlack && dx > 0 {
			return false
		}
	}
	return true
}

// refSweepClear tells whether the directions strictly between d0 and
// d0+sign*steps at pivot hold no segment (missing directions are clear).
func refSweepClear(b *refBoard, pivot, d0, steps, sign int) bool {
	for j := 1; j < steps; j++ {
		d := ((d0+sign*j)%6 + 6) % 6
		n, ok := refNeighbour(pivot, d)
		if ok && b[refEdge(pivot, n)] != refEmpty {
			return false
		}
	}
	return true
}

// ---------------------------------------------------------------------------
// Reference faces: regions of unit triangles joined across empty edges; a
// region is bounded when no empty border edge opens it to the outside; it is
// a polygon when no segment has the region on both sides and its segments
// form one simple cycle.

func refPolygons(b *refBoard) [][]int {
	parent := make([]int, len(refTris))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for e, ts := range refEdgeTris {
		if len(ts) == 2 && b[e] == refEmpty {
			parent[find(ts[0])] = find(ts[1])
		}
	}
	open := map[int]bool{}
	for e, ts := range refEdgeTris {
		if len(ts) == 1 && b[e] == refEmpty {
			open[find(ts[0])] = true
		}
	}
	regions := map[int]bool{}
	for t := range refTris {
		if r := find(t); !open[r] {
			regions[r] = true
		}
	}
	roots := make([]int, 0, len(regions))
	for r := range regions {
		roots = append(roots, r)
	}
	sort.Ints(roots)
	var polys [][]int
	for _, r := range roots {
		var sides []int
		ok := true
		for e, ts := range refEdgeTris {
			if b[e] == refEmpty {
				continue
			}
			in := 0
			for _, t := range ts {
				if find(t) == r {
					in++
				}
			}
			if in == 2 {
				ok = false // a segment inside the region
			}
			if in == 1 {
				sides = append(sides, e)
			}
		}
		if ok && refSimpleCycle(sides) {
			polys = append(polys, sides)
		}
	}
	return polys
}

func refSimpleCycle(sides []int) bool {
	if len(sides) < 3 {
		return false
	}
	deg := map[int]int{}
	for _, e := range sides {
		deg[refEdges[e][0]]++
		deg[refEdges[e][1]]++
	}
	for _, d := range deg {
		if d != 2 {
			return false
		}
	}
	// connected: walk from the first edge.
	seen := map[int]bool{sides[0]: true}
	stack := []int{sides[0]}
	for len(stack) > 0 {
		e := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, f := range sides {
			if seen[f] {
				continue
			}
			if refEdges[f][0] == refEdges[e][0] || refEdges[f][0] == refEdges[e][1] ||
				refEdges[f][1] == refEdges[e][0] || refEdges[f][1] == refEdges[e][1] {
				seen[f] = true
				stack = append(stack, f)
			}
		}
	}
	return len(seen) == len(sides)
}

// refCapturing gives the polygons that capture, each as the edges it removes.
func refCapturing(b *refBoard) [][]int {
	var out [][]int
	for _, sides := range refPolygons(b) {
		w, bl := 0, 0
		for _, e := range sides {
			if b[e] == refWhite {
				w++
			} else {
				bl++
			}
		}
		if w == 0 || bl == 0 || w == bl {
			continue
		}
		loser := int8(refWhite)
		if bl < w {
			loser = refBlack
		}
		var rem []int
		for _, e := range sides {
			if b[e] == loser {
				rem = append(rem, e)
			}
		}
		out = append(out, rem)
	}
	return out
}

// refChainEnds gives every board a capture chain from b can end on, the
// mover choosing the polygon at each step.
func refChainEnds(b refBoard) []refBoard {
	ends := map[refBoard]bool{}
	seen := map[refBoard]bool{}
	var walk func(refBoard)
	walk = func(b refBoard) {
		if seen[b] {
			return
		}
		seen[b] = true
		caps := refCapturing(&b)
		if len(caps) == 0 {
			ends[b] = true
			return
		}
		for _, rem := range caps {
			nb := b
			for _, e := range rem {
				nb[e] = refEmpty
			}
			walk(nb)
		}
	}
	walk(b)
	out := make([]refBoard, 0, len(ends))
	for e := range ends {
		out = append(out, e)
	}
	return out
}

// ---------------------------------------------------------------------------
// Reference moves and outcome.

type refMove struct {
	turn   refTurn // from = -1 for a pass
	result refPos
	winner int8 // 0 none, refWhite, refBlack; -1 draw
}

func refEndOfChain(b *refBoard, mover int8, moved int) int8 {
	if b.captures(mover) >= 7 {
		return mover
	}
	if moved >= 0 && b[moved] == mover {
		goal := refC6
		if mover == refBlack {
			goal = refC1
		}
		if refEdges[moved][0] == goal || refEdges[moved][1] == goal {
			return mover
		}
	}
	if b.captures(refOther(mover)) >= 7 {
		return refOther(mover)
	}
	return 0
}

// refMoves gives every move of an ongoing position p.
func refMoves(p refPos) []refMove {
	var out []refMove
	for _, t := range refTurnsRead(&p.b, p.side, p.swept) {
		b := p.b
		b[t.from] = refEmpty
		b[t.to] = p.side
		for _, end := range refChainEnds(b) {
			r := refPos{b: end, side: refOther(p.side), passes: 0, ply: p.ply + 1, swept: p.swept}
			out = append(out, refMove{t, r, refEndOfChain(&end, p.side, t.to)})
		}
	}
	if len(out) == 0 {
		r := p
		r.side = refOther(p.side)
		r.passes++
		r.ply++
		var w int8
		if r.passes >= 2 {
			w = -1
		}
		out = append(out, refMove{refTurn{-1, -1}, r, w})
	}
	return out
}

func refPerft(p refPos, depth int) int {
	if depth == 0 {
		return 1
	}
	n := 0
	for _, m := range refMoves(p) {
		if depth == 1 {
			n++
		} else if m.winner == 0 {
			n += refPerft(m.result, depth-1)
		}
	}
	return n
}

// ---------------------------------------------------------------------------
// Engine side.

func indState(t *testing.T, text string) game.State {
	t.Helper()
	s, err := polygone.Variant().Decode(text)
	if err != nil {
		t.Fatalf("decode %q: %v", text, err)
	}
	return s
}

// indTurn reads the segment move out of a move's notation
// (pivot-end/pivot-newend, maybe followed by a capture list).
func indTurn(t *testing.T, s game.State, m game.Move) refTurn {
	t.Helper()
	n := s.MoveString(m)
	if n == "pass" {
		return refTurn{-1, -1}
	}
	if i := strings.IndexAny(n, "xX("); i >= 0 {
		n = n[:i]
	}
	parts := strings.Split(n, "/")
	if len(parts) != 2 {
		t.Fatalf("cannot read move %q", s.MoveString(m))
	}
	from, err1 := refParseSegment(parts[0])
	to, err2 := refParseSegment(parts[1])
	if err1 != nil || err2 != nil {
		t.Fatalf("cannot read move %q", s.MoveString(m))
	}
	return refTurn{from, to}
}

func indWinner(o game.Outcome) int8 {
	switch {
	case o.Status == game.Draw:
		return -1
	case o.Status == game.Win && o.Won(0) && !o.Won(1):
		return refWhite
	case o.Status == game.Win && o.Won(1) && !o.Won(0):
		return refBlack
	case o.Status == game.Ongoing:
		return 0
	}
	return -2
}

type indKey struct {
	turn refTurn
	pos  string
}

// indEngineMoves plays every legal move of s and describes the result.
func indEngineMoves(t *testing.T, s game.State) map[indKey]int8 {
	t.Helper()
	out := map[indKey]int8{}
	for _, m := range s.LegalMoves(nil) {
		c := s.Clone()
		c.Apply(m)
		r, err := refParse(c.Encode())
		if err != nil {
			t.Fatalf("engine position %q: %v", c.Encode(), err)
		}
		k := indKey{indTurn(t, s, m), r.key()}
		if _, dup := out[k]; dup {
			t.Errorf("%s: two moves %s give the same result", s.Encode(), s.MoveString(m))
		}
		out[k] = indWinner(c.Outcome())
	}
	return out
}

// compare checks the engine's moves of s against the reference.
func indCompare(t *testing.T, s game.State) bool {
	t.Helper()
	p, err := refParse(s.Encode())
	if err != nil {
		t.Fatal(err)
	}
	p.swept = s.Variant().Options["backwards"] == "swept"
	eng := indEngineMoves(t, s)
	ref := map[indKey]int8{}
	if !s.Outcome().Ended() {
		for _, m := range refMoves(p) {
			ref[indKey{m.turn, m.result.key()}] = m.winner
		}
	}
	ok := true
	for k, w := range ref {
		ew, found := eng[k]
		if !found {
			t.Errorf("%s: engine misses %s (result %s)", s.Encode(), indTurnName(k.turn), k.pos)
			ok = false
		} else if ew != w {
			t.Errorf("%s: after %s (result %s) engine winner %d, reference %d", s.Encode(), indTurnName(k.turn), k.pos, ew, w)
			ok = false
		}
	}
	for k := range eng {
		if _, found := ref[k]; !found {
			t.Errorf("%s: engine has extra %s (result %s)", s.Encode(), indTurnName(k.turn), k.pos)
			ok = false
		}
	}
	return ok
}

func indTurnName(t refTurn) string {
	if t.from < 0 {
		return "pass"
	}
	return refEdgeName(t.from) + "->" + refEdgeName(t.to)
}

// indTurnsOf lists the engine's new edges for the segment on edge `seg`.
func indTurnsOf(t *testing.T, s game.State, seg string) []string {
	t.Helper()
	e, err := refParseSegment(seg)
	if err != nil {
		t.Fatal(err)
	}
	set := map[string]bool{}
	for _, m := range s.LegalMoves(nil) {
		tr := indTurn(t, s, m)
		if tr.from == e {
			set[refEdgeName(tr.to)] = true
		}
	}
	var out []string
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func refTurnsOf(t *testing.T, text, seg string) []string {
	t.Helper()
	p, err := refParse(text)
	if err != nil {
		t.Fatal(err)
	}
	e, _ := refParseSegment(seg)
	var out []string
	for _, tr := range refTurns(&p.b, p.side) {
		if tr.from == e {
			out = append(out, refEdgeName(tr.to))
		}
	}
	sort.Strings(out)
	return out
}

func indSegs(list ...string) []string {
	out := make([]string, 0, len(list))
	for _, s := range list {
		e, err := refParseSegment(s)
		if err != nil {
			panic(err)
		}
		out = append(out, refEdgeName(e))
	}
	sort.Strings(out)
	return out
}

// ---------------------------------------------------------------------------
// Tests.

func TestIndependentGeometry(t *testing.T) {
	if len(refHoles) != 24 || len(refEdges) != 55 || len(refTris) != 32 {
		t.Fatalf("reference board: %d holes, %d edges, %d triangles", len(refHoles), len(refEdges), len(refTris))
	}
	border := 0
	for _, ts := range refEdgeTris {
		if len(ts) == 1 {
			border++
		}
	}
	if border != 14 { // sides 2+2+3+2+2+3
		t.Fatalf("%d border edges, want 14", border)
	}
}

const indepStartWhite = "C1-B1 C1-D1 C1-C2 B1-A1 B1-B2 D1-E1 D1-D2 C2-B2 C2-D2 C2-C3 B2-A2 D2-E2"

func indMirror(s string) string {
	parts := strings.Split(s, "-")
	for i, h := range parts {
		p := refHoles[refHoleName[h]]
		parts[i] = refHoles[refHoleAt[[2]int{10 - p.x, p.y}]].name
	}
	return parts[0] + "-" + parts[1]
}

func TestIndependentStart(t *testing.T) {
	s := polygone.Variant().Start()
	p, err := refParse(s.Encode())
	if err != nil {
		t.Fatal(err)
	}
	var want refPos
	want.side = refWhite
	for _, seg := range strings.Fields(indepStartWhite) {
		w, _ := refParseSegment(seg)
		bl, _ := refParseSegment(indMirror(seg))
		want.b[w] = refWhite
		want.b[bl] = refBlack
	}
	if p.key() != want.key() {
		t.Fatalf("start\n got %s\nwant %s", p.key(), want.key())
	}
	if s.ToMove() != 0 || s.Ply() != 0 || s.Outcome().Ended() {
		t.Fatalf("start: to move %d, ply %d, outcome %v", s.ToMove(), s.Ply(), s.Outcome())
	}
	if n := refPerft(want, 1); n != 27 {
		t.Errorf("reference perft 1 = %d, want 27", n)
	}
	for d := 1; d <= 3; d++ {
		if e, r := game.Perft(s, d), uint64(refPerft(want, d)); e != r {
			t.Errorf("perft %d: engine %d, reference %d", d, e, r)
		}
	}
	indCompare(t, s)
}

// indPadded builds a position text from the start position with some segments
// removed and others added.
func indPadded(remove, addWhite, addBlack, side string, ply int) string {
	b := map[string]int8{}
	for _, seg := range strings.Fields(indepStartWhite) {
		b[indSegs(seg)[0]] = refWhite
		b[indSegs(indMirror(seg))[0]] = refBlack
	}
	for _, seg := range strings.Fields(remove) {
		delete(b, indSegs(seg)[0])
	}
	for _, seg := range strings.Fields(addWhite) {
		b[indSegs(seg)[0]] = refWhite
	}
	for _, seg := range strings.Fields(addBlack) {
		b[indSegs(seg)[0]] = refBlack
	}
	var w, bl []string
	for seg, c := range b {
		if c == refWhite {
			w = append(w, seg)
		} else {
			bl = append(bl, seg)
		}
	}
	sort.Strings(w)
	sort.Strings(bl)
	join := func(l []string) string {
		if len(l) == 0 {
			return "-"
		}
		return strings.Join(l, ",")
	}
	return fmt.Sprintf("%s %s %s 0 %d", join(w), join(bl), side, ply)
}

func TestIndependentRotation(t *testing.T) {
	cases := []struct {
		name string
		pos  string
		seg  string
		want []string
	}{
		{
			// A free Black segment B3-C4: about B3 to A2, A3 (level), B2, C3,
			// not B4 (backwards); about C4 to C3, D3 (level), not B4, C5, D4.
			name: "free black segment",
			pos:  indPadded("C5-C4", "", "B3-C4", "B", 1),
			seg:  "B3-C4",
			want: indSegs("B3-A2", "B3-A3", "B3-B2", "B3-C3", "C4-C3", "C4-D3"),
		},
		{
			// The same segment for White (moving end may not go left):
			// about B3 end C4 (x 6) to A3 (6) or B4 (7); about C4 end B3
			// (x 5) to B4 (7), C5 (8), D4 (7), D3 (5); C4-C5 is empty here.
			name: "free white segment",
			pos:  indPadded("C5-C4 C2-C3", "B3-C4", "", "W", 0),
			seg:  "B3-C4",
			want: indSegs("B3-A3", "B3-B4", "C4-B4", "C4-C5", "C4-D4", "C4-D3"),
		},
		{
			// Black C3-C4 with Black C3-B2 and C3-D2: C3-C2 is blocked both
			// ways; B3-C4 does not touch the pivot C3 and blocks nothing.
			// About C3: B3 (x5), D3 (5) ok; C2 blocked. About C4 (pivot),
			// end C3 (x4): B3 (5) and D3 (5) are backwards for Black, and so
			// are B4, C5, D4: C4-B3 is occupied anyway.
			name: "blocked both ways",
			pos:  indPadded("C5-C4 B4-A3 D4-E3 C6-C5 C2-C3", "", "C3-C4 C3-B2 C3-D2 B3-C4", "B", 1),
			seg:  "C3-C4",
			want: indSegs("C3-B3", "C3-D3"),
		},
		{
			// White A1-B1 about A1 (end B1, x 1): A1-B2 is taken; A1-A2 is
			// reached clockwise round the outside of the board (the W, NW
			// and NE directions at A1 have no edge), though the way
			// anticlockwise passes the occupied A1-B2. About B1 (end A1,
			// x 2): B1-B2 is taken and B1-C2 is blocked both ways (B1-B2
			// clockwise, the border edge C1-B1 anticlockwise).
			name: "round the outside",
			pos:  indPadded("B2-A2", "A1-B2", "", "W", 0),
			seg:  "A1-B1",
			want: indSegs("A1-A2"),
		},
		{
			// White B1-C2. About B1 (end C2, x 2): B1-A1 (level) is
			// reached anticlockwise over B1-B2 (taken) or clockwise over
			// the border edge B1-C1 (taken): blocked. About C2 (end B1,
			// x 1): only C2-D1 is free, swept over C1-C2 or C2-B2: blocked.
			name: "border edge blocks",
			pos:  indPadded("B1-A1", "B1-C2", "", "W", 0),
			seg:  "B1-C2",
			want: nil,
		},
		{
			// Without C1-B1 the way clockwise to A1 is clear (the missing
			// directions W and NW at B1 block nothing).
			name: "border edge removed",
			pos:  indPadded("B1-A1 C1-B1", "B1-C2 A1-A2", "", "W", 0),
			seg:  "B1-C2",
			want: indSegs("B1-A1"),
		},
	}
	for _, c := range cases {
		s := indState(t, c.pos)
		if got := indTurnsOf(t, s, c.seg); strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("%s: engine turns of %s = %v, want %v", c.name, c.seg, got, c.want)
		}
		if got := refTurnsOf(t, c.pos, c.seg); strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("%s: reference turns of %s = %v, want %v", c.name, c.seg, got, c.want)
		}
		indCompare(t, s)
	}
}

func TestIndependentRandomGames(t *testing.T) {
	indRandomGames(t, polygone.Variant(), 40, 1500)
}

// The backwards=swept reading in lockstep with the reference: a few games
// here, PLATEAU_READINGS_GAMES=N by hand (thousands).
func TestIndependentReadingSwept(t *testing.T) {
	v, err := game.NewVariant("polygone", game.Options{"backwards": "swept"})
	if err != nil {
		t.Fatal(err)
	}
	games, positions := 12, 600
	if n, err := strconv.Atoi(os.Getenv("PLATEAU_READINGS_GAMES")); err == nil && n > 0 {
		games, positions = n, n*300
	}
	indRandomGames(t, v, games, positions)
}

func indRandomGames(t *testing.T, v *game.Variant, games, maxPositions int) {
	rng := rand.New(rand.NewSource(7))
	positions, multi, wins := 0, 0, 0
	for g := 0; g < games && positions < maxPositions; g++ {
		s := v.Start()
		for ply := 0; ply < 300; ply++ {
			positions++
			if !indCompare(t, s) {
				t.Fatalf("game %d ply %d", g, ply)
			}
			moves := s.LegalMoves(nil)
			if len(moves) == 0 {
				wins++
				break
			}
			seen := map[refTurn]int{}
			for _, m := range moves {
				seen[indTurn(t, s, m)]++
			}
			for _, n := range seen {
				if n > 1 {
					multi++
				}
			}
			s.Apply(moves[rng.Intn(len(moves))])
		}
	}
	t.Logf("%d positions compared, %d segment moves with several end boards, %d finished games", positions, multi, wins)
}

type indEnd struct {
	removed string // segments the chain removes, space separated
	winner  int8
}

// indExpect checks the engine's moves of segment from to edge to in pos
// against hand-computed end boards, and also the reference.
func indExpect(t *testing.T, name, pos, from, to string, want []indEnd) {
	t.Helper()
	p, err := refParse(pos)
	if err != nil {
		t.Fatal(err)
	}
	fe, _ := refParseSegment(from)
	te, _ := refParseSegment(to)
	tr := refTurn{fe, te}
	exp := map[string]int8{}
	for _, w := range want {
		r := p
		r.b[te] = r.b[fe]
		r.b[fe] = refEmpty
		for _, seg := range strings.Fields(w.removed) {
			e, _ := refParseSegment(seg)
			if r.b[e] == refEmpty {
				t.Fatalf("%s: %s removed but empty", name, seg)
			}
			r.b[e] = refEmpty
		}
		r.side = refOther(p.side)
		r.passes = 0
		r.ply++
		exp[r.key()] = w.winner
	}
	s := indState(t, pos)
	got := map[string]int8{}
	for k, w := range indEngineMoves(t, s) {
		if k.turn == tr {
			got[k.pos] = w
		}
	}
	refGot := map[string]int8{}
	for _, m := range refMoves(p) {
		if m.turn == tr {
			refGot[m.result.key()] = m.winner
		}
	}
	if fmt.Sprint(got) != fmt.Sprint(exp) {
		t.Errorf("%s: engine results of %s->%s\n got %v\nwant %v", name, from, to, got, exp)
	}
	if fmt.Sprint(refGot) != fmt.Sprint(exp) {
		t.Errorf("%s: reference results of %s->%s\n got %v\nwant %v", name, from, to, refGot, exp)
	}
	indCompare(t, s)
}

func TestIndependentCaptures(t *testing.T) {
	// Figure 6: White turns C3-B2 about C3 to C3-B3 and closes the triangle
	// C3-B3-C4 with his C3-C4 and Black's B3-C4: 2 against 1.
	fig6 := indPadded("C2-C3 D2-E2 C5-C4", "C3-B2 C3-C4", "B3-C4", "W", 0)
	indExpect(t, "figure 6", fig6, "C3-B2", "C3-B3", []indEnd{{"B3-C4", 0}})

	// Figure 9: Black also holds B3-B4, B4-C5 and C5-C4: once B3-C4 is gone
	// the pentagon C3-B3-B4-C5-C4 has 2 White and 3 Black sides.
	fig9 := indPadded("C2-C3 D2-E2 D4-E3 D5-E4", "C3-B2 C3-C4", "B3-C4 B3-B4", "W", 0)
	indExpect(t, "figure 9", fig9, "C3-B2", "C3-B3", []indEnd{{"B3-C4 C3-B3 C3-C4", 0}})

	// A triangle of one colour captures nothing.
	mono := indPadded("C2-C3 D2-E2 B2-A2 C5-C4", "C3-B2 C3-C4 B3-C4", "", "W", 0)
	indExpect(t, "one colour", mono, "C3-B2", "C3-B3", []indEnd{{"", 0}})

	// The hexagon round C3 (B2-B3, B3-C4, C4-D3, D3-D2, D2-C2, C2-B2),
	// closed by White's D2-E2 turning about D2 to D2-D3: 4 White sides, 2
	// Black. Empty inside: Black loses both.
	hex := indPadded("C2-C3 C5-C4 B4-A3", "B2-B3", "B3-C4 C4-D3", "W", 0)
	indExpect(t, "empty hexagon", hex, "D2-E2", "D2-D3", []indEnd{{"B3-C4 C4-D3", 0}})
	// A Black segment C3-B3 inside, touching the cycle with one end: the
	// hexagon is not empty, no capture (figure 8).
	hexIn := indPadded("C2-C3 C5-C4 B4-A3 D4-E3", "B2-B3", "B3-C4 C4-D3 C3-B3", "W", 0)
	indExpect(t, "segment touching the cycle inside", hexIn, "D2-E2", "D2-D3", []indEnd{{"", 0}})
	// Two White spokes C3-B3 and C3-D2 cut the hexagon into two polygons:
	// B3-C4-D3-D2-C3 (3 White, 2 Black: Black loses both) and the all
	// White B2-B3-C3-D2-C2.
	chord := indPadded("C2-C3 C5-C4 B4-A3 B2-A2 D1-E1", "B2-B3 C3-B3 C3-D2", "B3-C4 C4-D3", "W", 0)
	indExpect(t, "chord path", chord, "D2-E2", "D2-D3", []indEnd{{"B3-C4 C4-D3", 0}})

	// An island: the triangle C3-C4-D3 (all White) floats inside the ring
	// B2-B3-B4-C5-D4-E3-E2-D2-C2, which Black closes by turning E3-E4
	// about E3 to E3-D4. The ring's face has two boundary cycles: not a
	// polygon, though it would give 6 Black sides against 3 White.
	island := "B2-B3,C2-B2,D2-C2,C3-C4,C4-D3,D3-C3 B3-B4,B4-C5,C5-D4,E3-E2,E2-D2,E3-E4 B 0 1"
	indExpect(t, "island", island, "E3-E4", "E3-D4", []indEnd{{"", 0}})
	// A single segment floating inside the ring, touching nothing: the face
	// is not empty either.
	float := "B2-B3,C2-B2,D2-C2,C3-C4,C1-B1,B1-A1 B3-B4,B4-C5,C5-D4,E3-E2,E2-D2,E3-E4 B 0 1"
	indExpect(t, "floating segment", float, "E3-E4", "E3-D4", []indEnd{{"", 0}})
	// Without the island the ring is a polygon: 6 Black against 3 White
	// (the island's segments moved away to the left, where they close
	// nothing): White loses 3, down to 3 segments, and Black wins.
	ring := "B2-B3,C2-B2,D2-C2,C1-B1,B1-A1,C1-D1 B3-B4,B4-C5,C5-D4,E3-E2,E2-D2,E3-E4 B 0 1"
	indExpect(t, "ring", ring, "E3-E4", "E3-D4", []indEnd{{"B2-B3 C2-B2 D2-C2", refBlack}})

	// The mover chooses the order: White C3-C4 turns about C4 to C4-B3.
	// It closes the triangle B3-B4-C4 (1 White, 2 Black: White loses
	// C4-B3) and the 9-gon B2-B3-C4-D4-E3-D3-D2-D1-C2 (6 White, 3 Black:
	// Black loses C4-D4, D4-E3, D3-D2). Triangle first: the 9-gon opens
	// onto the triangle, 5 against 5, nothing more. 9-gon first: the
	// triangle still captures. The second order gives White his 7th
	// capture.
	two := "A2-A3,A2-B3,B2-A2,B2-B3,C2-B2,C3-C4,D1-C2,D1-D2,D3-E3 B3-B4,C4-B4,C4-C5,C4-D4,C5-B5,D2-D3,E2-D3,E3-D4 W 0 64"
	indExpect(t, "mover's order", two, "C3-C4", "C4-B3", []indEnd{
		{"C4-B3", 0},
		{"C4-D4 D4-E3 D3-D2 C4-B3", refWhite},
	})
}

func TestIndependentWins(t *testing.T) {
	// The sommet reached but captured: White C5-D5 turns about C5 to C5-C6,
	// closing the triangle C5-C6-B5 against Black C6-B5 and B5-C5.
	left := "C1-B1,C1-D1,B1-A1,D1-E1,B2-A2,D2-E2"
	taken := left + ",C5-D5 C6-B5,B5-C5,E4-E3,E3-E2,B3-A3,B4-A4 W 0 0"
	indExpect(t, "sommet reached and captured", taken, "C5-D5", "C5-C6", []indEnd{{"C5-C6", 0}})
	// With B5-C5 White the triangle takes Black's C6-B5 and the segment
	// stays in C6: White wins (5 + 1 = 6 captures only).
	kept := left + ",C5-D5,B5-C5 C6-B5,E4-E3,E3-E2,B3-A3,B4-A4,D3-E3,A1-A2 W 0 0"
	indExpect(t, "sommet reached", kept, "C5-D5", "C5-C6", []indEnd{{"C6-B5", refWhite}})
	// Reaching C6 without any polygon wins too.
	free := left + ",C5-D5 B5-A4,E4-E3,E3-E2,B3-A3,B4-A4,D3-D4 W 0 0"
	indExpect(t, "sommet reached freely", free, "C5-D5", "C5-C6", []indEnd{{"", refWhite}})
	// Black's sommet is C1: Black B1-A1 (other Black far) turning about B1
	// to B1-C1 (end A1 x 2 to C1 x 0) wins.
	black := "C3-C4,C4-C5,A3-A4,D3-D4,D4-D5,E3-E4 B1-A1,A2-A3,B5-A4,D1-E1,E2-E3,B3-B4 B 0 1"
	indExpect(t, "black sommet", black, "B1-A1", "B1-C1", []indEnd{{"", refBlack}})

	// Seventh capture (figure 6 with Black down to 6 segments).
	seventh := "C1-B1,C1-D1,B1-A1,D1-E1,C3-B2,C3-C4 B3-C4,D5-E4,E4-E3,A4-B5,C6-D5,E2-E1 W 0 0"
	indExpect(t, "seventh capture", seventh, "C3-B2", "C3-B3", []indEnd{{"B3-C4", refWhite}})

	// Figure 9 with White down to 6: White takes 1 and loses 2 in his own
	// chain, so Black has captured 8 and wins, White only 5.
	fig9 := "C1-B1,C1-D1,B1-A1,D1-E1,C3-B2,C3-C4 B3-C4,B3-B4,B4-C5,C5-C4,D5-E4,E4-E3,A4-B5,C6-D5 W 0 0"
	indExpect(t, "own losses count for the opponent", fig9, "C3-B2", "C3-B3", []indEnd{{"B3-C4 C3-B3 C3-C4", refBlack}})
	// Black down to 6 as well: both have 7 or more; the mover wins.
	fig9b := "C1-B1,C1-D1,B1-A1,D1-E1,C3-B2,C3-C4 B3-C4,B3-B4,B4-C5,C5-C4,D5-E4,E4-E3 W 0 0"
	indExpect(t, "both reach seven, mover first", fig9b, "C3-B2", "C3-B3", []indEnd{{"B3-C4 C3-B3 C3-C4", refWhite}})
}

// TestIndependentRandomBoards checks the face finder on random boards: the
// engine must refuse exactly the positions where a polygon captures, and
// its moves must match the reference on the others.
func TestIndependentRandomBoards(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	accepted, refused := 0, 0
	for i := 0; i < 3000 && accepted < 400; i++ {
		var p refPos
		nw, nb := 6+rng.Intn(7), 6+rng.Intn(7)
		perm := rng.Perm(len(refEdges))
		for j := 0; j < nw+nb; j++ {
			if j < nw {
				p.b[perm[j]] = refWhite
			} else {
				p.b[perm[j]] = refBlack
			}
		}
		p.side = int8(1 + rng.Intn(2))
		p.ply = 2*rng.Intn(50) + int(p.side) - 1
		goal := refC6
		if p.side == refBlack {
			goal = refC1
		}
		skip := false
		for e, c := range p.b {
			if c == p.side && (refEdges[e][0] == goal || refEdges[e][1] == goal) {
				skip = true
			}
		}
		if skip {
			continue
		}
		text := indText(p)
		s, err := polygone.Variant().Decode(text)
		caps := refCapturing(&p.b)
		switch {
		case err == nil && len(caps) > 0:
			t.Fatalf("%s accepted with a capturing polygon %v", text, caps)
		case err != nil && len(caps) == 0:
			t.Fatalf("%s refused: %v", text, err)
		case err != nil:
			refused++
			continue
		}
		accepted++
		if !indCompare(t, s) {
			t.FailNow()
		}
	}
	t.Logf("%d random boards accepted, %d refused", accepted, refused)
}

func indText(p refPos) string {
	var f [2][]string
	for e, c := range p.b {
		if c != refEmpty {
			f[c-1] = append(f[c-1], refEdgeName(e))
		}
	}
	side := "W"
	if p.side == refBlack {
		side = "B"
	}
	return fmt.Sprintf("%s %s %s %d %d", strings.Join(f[0], ","), strings.Join(f[1], ","), side, p.passes, p.ply)
}

func TestIndependentPassAndSoftwareRules(t *testing.T) {
	// White's six segments are all stuck (found by a search with the
	// reference; e.g. D4-E4 about D4 could only reach D4-C5, swept over
	// D4-D5 or D4-E3): White passes, and that is his move.
	stuck := "A3-A4,A4-B5,D3-D4,D4-D5,D4-E4,D5-E4 A2-B3,A4-B4,B2-C3,B3-B4,B3-C3,B5-C5,B5-C6,C3-D2,C4-D4,C5-D5,C6-D5,D4-E3 W 0 0"
	s := indState(t, stuck)
	moves := s.LegalMoves(nil)
	if len(moves) != 1 || moves[0] != game.Pass || s.MoveString(moves[0]) != "pass" {
		t.Fatalf("stuck White: moves %v, want only pass", game.LegalNotations(s))
	}
	indCompare(t, s)
	s.Apply(game.Pass)
	p, err := refParse(s.Encode())
	if err != nil {
		t.Fatal(err)
	}
	if p.side != refBlack || p.passes != 1 || p.ply != 1 || s.Outcome().Ended() || s.ToMove() != 1 {
		t.Fatalf("after the pass: %s, outcome %v", s.Encode(), s.Outcome())
	}
	indCompare(t, s) // Black moves, passes back to 0

	// Software rules: threefold repetition and the 300-ply limit.
	v := polygone.Variant()
	if v.PlyLimit != 300 || v.Repetition != 3 {
		t.Fatalf("ply limit %d, repetition %d", v.PlyLimit, v.Repetition)
	}
	m := game.NewMatch(v.Start())
	cycle := []string{"B2-A2/B2-C3", "B4-A3/B4-C4", "B2-C3/B2-A2", "B4-C4/B4-A3"}
	for i := 0; i < 8; i++ {
		if _, err := m.PlayNotation(cycle[i%4]); err != nil {
			t.Fatalf("level move %s: %v", cycle[i%4], err)
		}
		want := game.Ongoing
		if i == 7 {
			want = game.Draw
		}
		if m.Outcome().Status != want {
			t.Fatalf("after %d level moves: %v", i+1, m.Outcome())
		}
	}
	late := indState(t, strings.Replace(v.Start().Encode(), " W 0 0", " W 0 300", 1))
	if o := v.Judge(late, 1); o.Status != game.Draw {
		t.Fatalf("at ply 300: %v", o)
	}
}
