package pods_test

// Independent rules checks of PODS, written from DECISIONS.md and the French
// rule sheet only (not from the implementation): a reference model of the
// board links, the pod designs, control, placements, moves, shoves, kicks,
// removals and the end, played alongside the engine on random games, plus
// hand-built positions for each rule.

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/internal/gametest"
	_ "github.com/plateau-games/plateau/games/pods"
)

// ---------------------------------------------------------------------------
// Reference model.

type indFoot struct {
	dir     string
	running bool
}

// indDesigns is the table of DECISIONS.md, in the order of the codes.
var indCodes = []string{"O", "H1", "H2", "Q1", "Q2", "Q3", "Q4", "Q5", "Q6", "T1", "T2", "T3", "B1", "B2"}

var indDesigns = func() [][]indFoot {
	table := []string{
		"F r, B r, L r, R r, FL w, FR w, BL w, BR w", // octopode
		"F r, FL w, FR w, L w, R w, B w",             // hexapode 1
		"FL r, BR r, F w, B w, FR w, BL w",           // hexapode 2
		"F r, L w, R w, B w",                         // quadripode 1
		"FL w, FR w, BL w, BR w",                     // quadripode 2
		"F w, B w, L w, R w",                         // quadripode 3
		"L r, R r, F w, B w",                         // quadripode 4
		"FL r, FR r, BL w, BR w",                     // quadripode 5
		"F w, FL w, FR w, B r",                       // quadripode 6
		"BL w, FL w, R w",                            // tripode 1
		"F r, BL w, BR w",                            // tripode 2
		"FL w, FR w, B w",                            // tripode 3
		"L w, R w",                                   // bipode 1
		"F r, B w",                                   // bipode 2
	}
	var out [][]indFoot
	for _, row := range table {
		var feet []indFoot
		for _, f := range strings.Split(row, ", ") {
			d, kind, _ := strings.Cut(f, " ")
			feet = append(feet, indFoot{d, kind == "r"})
		}
		out = append(out, feet)
	}
	return out
}()

// indDir gives the step of a direction for White (seat 0) or Black (seat 1):
// White's F is towards rank 6, his L towards file a; Black's are turned a
// half turn.
func indDir(dir string, seat int) (dx, dy int) {
	switch dir {
	case "F":
		dx, dy = 0, 1
	case "B":
		dx, dy = 0, -1
	case "L":
		dx, dy = -1, 0
	case "R":
		dx, dy = 1, 0
	case "FL":
		dx, dy = -1, 1
	case "FR":
		dx, dy = 1, 1
	case "BL":
		dx, dy = -1, -1
	case "BR":
		dx, dy = 1, -1
	default:
		panic(dir)
	}
	if seat == 1 {
		dx, dy = -dx, -dy
	}
	return
}

type indLinks map[[2]int]bool // diagonal links, key (min point, max point)

func indPt(x, y int) int { return y*6 + x }

func indName(p int) string { return fmt.Sprintf("%c%d", 'a'+p%6, p/6+1) }

// indBoardLinks builds the diagonal links of an orientation: the pattern of
// orientation 0 turned k quarter turns anticlockwise about the centre.
func indBoardLinks(k int) indLinks {
	type xy struct{ x, y int }
	var pairs [][2]xy
	for x := 0; x < 5; x++ {
		for y := 0; y < 5; y++ {
			if (x+y)%2 == 0 {
				pairs = append(pairs, [2]xy{{x, y}, {x + 1, y + 1}})
			} else {
				pairs = append(pairs, [2]xy{{x + 1, y}, {x, y + 1}})
			}
		}
	}
	links := indLinks{}
	for _, pr := range pairs {
		a, b := pr[0], pr[1]
		for i := 0; i < k; i++ { // anticlockwise about (2.5, 2.5)
			a, b = xy{5 - a.y, a.x}, xy{5 - b.y, b.x}
		}
		p, q := indPt(a.x, a.y), indPt(b.x, b.y)
		if p > q {
			p, q = q, p
		}
		links[[2]int{p, q}] = true
	}
	return links
}

// step goes from p by (dx, dy) along a link; ok is false off the board or
// without a link.
func (l indLinks) step(p, dx, dy int) (int, bool) {
	x, y := p%6+dx, p/6+dy
	if x < 0 || x > 5 || y < 0 || y > 5 {
		return 0, false
	}
	q := indPt(x, y)
	if dx != 0 && dy != 0 {
		a, b := p, q
		if a > b {
			a, b = b, a
		}
		if !l[[2]int{a, b}] {
			return 0, false
		}
	}
	return q, true
}

type indPod struct {
	seat   int // -1: empty
	design int
}

type indPos struct {
	level   string
	links   indLinks
	board   [36]indPod
	reserve [2][14]bool
	toMove  int
	bipode  bool
	ply     int
}

func indParse(t testing.TB, level string, links indLinks, text string) *indPos {
	t.Helper()
	f := strings.Fields(text)
	if len(f) != 6 {
		t.Fatalf("position %q: %d fields", text, len(f))
	}
	p := &indPos{level: level, links: links}
	ranks := strings.Split(f[0], "/")
	if len(ranks) != 6 {
		t.Fatalf("position %q: %d ranks", text, len(ranks))
	}
	for i, rk := range ranks {
		y, x := 5-i, 0
		for j := 0; j < len(rk); x++ {
			if x > 5 {
				t.Fatalf("position %q: long rank", text)
			}
			if rk[j] == '.' {
				p.board[indPt(x, y)] = indPod{seat: -1}
				j++
				continue
			}
			code := rk[j : j+1]
			j++
			if j < len(rk) && rk[j] >= '0' && rk[j] <= '9' {
				code += rk[j : j+1]
				j++
			}
			seat := 0
			if code != strings.ToUpper(code) {
				seat = 1
			}
			p.board[indPt(x, y)] = indPod{seat: seat, design: indDesign(t, code)}
		}
		if x != 6 {
			t.Fatalf("position %q: rank of %d points", text, x)
		}
	}
	for seat := 0; seat < 2; seat++ {
		if f[1+seat] == "-" {
			continue
		}
		for _, c := range strings.Split(f[1+seat], ",") {
			p.reserve[seat][indDesign(t, c)] = true
		}
	}
	p.toMove = strings.Index("wb", f[3])
	p.bipode = f[4] == "bipode"
	p.ply, _ = strconv.Atoi(f[5])
	return p
}

func indDesign(t testing.TB, code string) int {
	for i, c := range indCodes {
		if strings.EqualFold(c, code) {
			return i
		}
	}
	t.Fatalf("unknown pod code %q", code)
	return -1
}

func (p *indPos) clone() *indPos { q := *p; return &q }

// reach lists, for the foot of the pod at pt, the empty points it controls
// and the point it threatens (-1 if none).
func (p *indPos) reach(pt int, f indFoot) (controlled []int, threatened int) {
	pod := p.board[pt]
	dx, dy := indDir(f.dir, pod.seat)
	cur := pt
	for {
		nxt, ok := p.links.step(cur, dx, dy)
		if !ok {
			return controlled, -1
		}
		if p.board[nxt].seat >= 0 {
			return controlled, nxt
		}
		controlled = append(controlled, nxt)
		if !f.running {
			return controlled, -1
		}
		cur = nxt
	}
}

func (p *indPos) canMove(pt int) bool {
	pod := p.board[pt]
	for _, f := range indDesigns[pod.design] {
		dx, dy := indDir(f.dir, pod.seat)
		if q, ok := p.links.step(pt, dx, dy); ok && p.board[q].seat < 0 {
			return true
		}
	}
	return false
}

func (p *indPos) controlledBy(seat int) [36]bool {
	var c [36]bool
	for pt, pod := range p.board {
		if pod.seat != seat {
			continue
		}
		for _, f := range indDesigns[pod.design] {
			ctl, _ := p.reach(pt, f)
			for _, q := range ctl {
				c[q] = true
			}
		}
	}
	return c
}

type indMove struct {
	place    int // design placed, or -1
	from, to int
	pushed   []int // final points of the displaced pods, in line order
	notation string
}

func (p *indPos) placements(seat int) []indMove {
	var out []indMove
	ctl := p.controlledBy(1 - seat)
	for d := 0; d < 14; d++ {
		if !p.reserve[seat][d] || seat == 0 && p.bipode && d != 12 && d != 13 {
			continue
		}
		for pt := 0; pt < 36; pt++ {
			if p.board[pt].seat >= 0 || ctl[pt] {
				continue
			}
			q := p.clone()
			q.board[pt] = indPod{seat, d}
			ok := q.canMove(pt)
			for _, f := range indDesigns[d] {
				if _, th := q.reach(pt, f); th >= 0 && q.board[th].seat != seat {
					ok = false
				}
			}
			if ok {
				out = append(out, indMove{place: d, to: pt, notation: indCodes[d] + "@" + indName(pt)})
			}
		}
	}
	return out
}

func (p *indPos) podMoves(seat int) []indMove {
	var out []indMove
	seen := map[string]bool{}
	add := func(m indMove) {
		m.notation = indName(m.from) + "-" + indName(m.to)
		for _, q := range m.pushed {
			m.notation += ">" + indName(q)
		}
		if !seen[m.notation] {
			seen[m.notation] = true
			out = append(out, m)
		}
	}
	for pt, pod := range p.board {
		if pod.seat != seat {
			continue
		}
		for _, f := range indDesigns[pod.design] {
			dx, dy := indDir(f.dir, seat)
			cur, steps := pt, 0
			for {
				nxt, ok := p.links.step(cur, dx, dy)
				if !ok {
					break
				}
				steps++
				if p.board[nxt].seat < 0 {
					add(indMove{place: -1, from: pt, to: nxt})
					if !f.running {
						break
					}
					cur = nxt
					continue
				}
				if p.level != "expert" {
					break
				}
				// Shove: the line from nxt moves one point along links.
				var pushed []int
				c, okShove := nxt, true
				for p.board[c].seat >= 0 {
					n2, ok := p.links.step(c, dx, dy)
					if !ok {
						okShove = false
						break
					}
					pushed = append(pushed, n2)
					c = n2
				}
				if okShove {
					add(indMove{place: -1, from: pt, to: nxt, pushed: pushed})
				}
				// Kick: running foot, one point, onto a neighbouring pod.
				if f.running && steps == 1 {
					x, y := nxt%6, nxt/6
					for {
						x, y = x+dx, y+dy
						if x < 0 || x > 5 || y < 0 || y > 5 || p.board[indPt(x, y)].seat >= 0 {
							break
						}
						add(indMove{place: -1, from: pt, to: nxt, pushed: []int{indPt(x, y)}})
					}
				}
				break
			}
		}
	}
	return out
}

func (p *indPos) moves() []indMove {
	ms := p.placements(p.toMove)
	if p.level != "basic" {
		ms = append(ms, p.podMoves(p.toMove)...)
	}
	return ms
}

// apply plays m; it returns the winner (or -1).
func (p *indPos) apply(m indMove) int {
	seat := p.toMove
	if m.place >= 0 {
		p.board[m.to] = indPod{seat, m.place}
		p.reserve[seat][m.place] = false
		if seat == 0 {
			p.bipode = false
		}
	} else {
		// Displaced pods first, from the far end of the line.
		line := []int{m.to}
		if len(m.pushed) > 1 {
			for i := 0; i < len(m.pushed)-1; i++ {
				line = append(line, m.pushed[i])
			}
		}
		old := p.board
		for i := len(m.pushed) - 1; i >= 0; i-- {
			p.board[m.pushed[i]] = old[line[i]]
		}
		p.board[m.to] = old[m.from]
		p.board[m.from] = indPod{seat: -1}
	}
	if p.level != "basic" {
		var doomed []int
		for pt, pod := range p.board {
			if pod.seat >= 0 && !p.canMove(pt) {
				doomed = append(doomed, pt)
			}
		}
		for _, pt := range doomed {
			if p.board[pt].seat == seat {
				p.reserve[seat][p.board[pt].design] = true
			}
			p.board[pt] = indPod{seat: -1}
		}
	}
	p.ply++
	p.toMove = 1 - seat
	empty := true
	for _, r := range p.reserve[seat] {
		if r {
			empty = false
		}
	}
	if empty {
		return seat
	}
	if len(p.moves()) == 0 {
		return seat
	}
	return -1
}

func (p *indPos) boardText() string {
	var ranks []string
	for y := 5; y >= 0; y-- {
		var sb strings.Builder
		for x := 0; x < 6; x++ {
			pod := p.board[indPt(x, y)]
			switch {
			case pod.seat < 0:
				sb.WriteByte('.')
			case pod.seat == 0:
				sb.WriteString(indCodes[pod.design])
			default:
				sb.WriteString(strings.ToLower(indCodes[pod.design]))
			}
		}
		ranks = append(ranks, sb.String())
	}
	return strings.Join(ranks, "/")
}

func (p *indPos) reserveText(seat int) string {
	var out []string
	for d, r := range p.reserve[seat] {
		if r {
			c := indCodes[d]
			if seat == 1 {
				c = strings.ToLower(c)
			}
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return "-"
	}
	return strings.Join(out, ",")
}

// ---------------------------------------------------------------------------
// Helpers on the engine.

func indVariant(t testing.TB, level string, orientation int) *game.Variant {
	t.Helper()
	return gametest.Variant(t, "pods", game.Options{"level": level, "orientation": strconv.Itoa(orientation)})
}

func indRefSorted(ms []indMove) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.notation)
	}
	sort.Strings(out)
	return out
}

// indBoard builds a position text from a list of "CODE@pt" (upper case
// White, lower case Black); the reserves hold the rest.
func indBoard(toMove string, ply int, pods ...string) string {
	var board [36]string
	var used [2][14]bool
	for i := range board {
		board[i] = "."
	}
	for _, pd := range pods {
		code, pt, _ := strings.Cut(pd, "@")
		p := indPt(int(pt[0]-'a'), int(pt[1]-'1'))
		board[p] = code
		seat := 0
		if code != strings.ToUpper(code) {
			seat = 1
		}
		for d, c := range indCodes {
			if strings.EqualFold(c, code) {
				used[seat][d] = true
			}
		}
	}
	var ranks []string
	for y := 5; y >= 0; y-- {
		ranks = append(ranks, strings.Join(board[y*6:y*6+6], ""))
	}
	var res [2]string
	for seat := 0; seat < 2; seat++ {
		var out []string
		for d, c := range indCodes {
			if !used[seat][d] {
				if seat == 1 {
					c = strings.ToLower(c)
				}
				out = append(out, c)
			}
		}
		res[seat] = strings.Join(out, ",")
		if res[seat] == "" {
			res[seat] = "-"
		}
	}
	return fmt.Sprintf("%s %s %s %s - %d", strings.Join(ranks, "/"), res[0], res[1], toMove, ply)
}

// ---------------------------------------------------------------------------
// Checks.

func TestIndependentLinksModel(t *testing.T) {
	// The reference model itself: K and K+2 give the same board, K and K+1
	// do not; orientation 0 has the diagonal a1-f6.
	l := [4]indLinks{indBoardLinks(0), indBoardLinks(1), indBoardLinks(2), indBoardLinks(3)}
	if fmt.Sprint(l[0]) != fmt.Sprint(l[2]) || fmt.Sprint(l[1]) != fmt.Sprint(l[3]) || fmt.Sprint(l[0]) == fmt.Sprint(l[1]) {
		t.Fatal("orientation model broken")
	}
	if !l[0][[2]int{indPt(0, 0), indPt(1, 1)}] || l[0][[2]int{indPt(1, 0), indPt(0, 1)}] || !l[1][[2]int{indPt(1, 0), indPt(0, 1)}] {
		t.Fatal("orientation 0 should link a1-b2, orientation 1 b1-a2")
	}
}

func TestIndependentOptionsAndSoftwareRules(t *testing.T) {
	v, err := game.NewVariant("pods", game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if v.Options["level"] != "basic" || v.PlyLimit != 0 || v.Repetition != 0 {
		t.Errorf("default: %v, ply limit %d, repetition %d", v.Options, v.PlyLimit, v.Repetition)
	}
	if o := v.Options["orientation"]; o < "0" || o > "3" || len(o) != 1 {
		t.Errorf("orientation not recorded: %v", v.Options)
	}
	for _, level := range []string{"advanced", "expert"} {
		v := indVariant(t, level, 0)
		if v.PlyLimit != 400 || v.Repetition != 3 {
			t.Errorf("%s: ply limit %d, repetition %d", level, v.PlyLimit, v.Repetition)
		}
	}
	// Seeded orientation: the same seed gives the same board.
	a, _ := game.NewVariant("pods", game.Options{"seed": "7"})
	b, _ := game.NewVariant("pods", game.Options{"seed": "7"})
	if a.Options["orientation"] != b.Options["orientation"] {
		t.Errorf("seed 7 gives orientations %s and %s", a.Options["orientation"], b.Options["orientation"])
	}
}

func TestIndependentStart(t *testing.T) {
	for k := 0; k < 4; k++ {
		v := indVariant(t, "basic", k)
		s := v.Start()
		got := gametest.Legal(s)
		var want []string
		for _, code := range []string{"B1", "B2"} {
			for pt := 0; pt < 36; pt++ {
				want = append(want, code+"@"+indName(pt))
			}
		}
		sort.Strings(want)
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("orientation %d: White's first placements %v", k, got)
		}
	}
}

// TestIndependentDesigns puts each pod alone on the board (advanced level,
// its owner to move) and reads its feet from its moves.
func TestIndependentDesigns(t *testing.T) {
	for k := 0; k < 2; k++ {
		v := indVariant(t, "advanced", k)
		links := indBoardLinks(k)
		for seat, side := range []string{"w", "b"} {
			for d, code := range indCodes {
				for _, at := range []string{"c3", "d3", "d4"} {
					c := code
					if seat == 1 {
						c = strings.ToLower(code)
					}
					// The other side has a bipod far away so that the position is sane.
					other := "b1@f6"
					if seat == 1 {
						other = "B1@a1"
					}
					pos := indBoard(side, 2, c+"@"+at, other)
					p := indParse(t, "advanced", links, pos)
					pt := indPt(int(at[0]-'a'), int(at[1]-'1'))
					if !p.canMove(pt) {
						continue
					}
					s := gametest.Decode(t, v, pos)
					var got, want []string
					for _, n := range game.LegalNotations(s) {
						if strings.HasPrefix(n, at+"-") {
							got = append(got, n)
						}
					}
					for _, f := range indDesigns[d] {
						dx, dy := indDir(f.dir, seat)
						cur := pt
						for {
							nxt, ok := links.step(cur, dx, dy)
							if !ok || p.board[nxt].seat >= 0 {
								break
							}
							want = append(want, at+"-"+indName(nxt))
							if !f.running {
								break
							}
							cur = nxt
						}
					}
					sort.Strings(got)
					sort.Strings(want)
					if strings.Join(got, " ") != strings.Join(want, " ") {
						t.Errorf("orientation %d, %s's %s on %s: moves %v, want %v", k, side, code, at, got, want)
					}
				}
			}
		}
	}
}

func TestIndependentControlAndPlacementBans(t *testing.T) {
	v := indVariant(t, "advanced", 0)
	links := indBoardLinks(0)
	check := func(pos string, banned, allowed []string) {
		t.Helper()
		s := gametest.Decode(t, v, pos)
		got := gametest.Legal(s)
		if want := indRefSorted(indParse(t, "advanced", links, pos).moves()); strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s: moves %v\nreference %v", pos, got, want)
		}
		for _, m := range banned {
			if gametest.IsLegal(s, m) {
				t.Errorf("%s: %s is legal", pos, m)
			}
		}
		for _, m := range allowed {
			if !gametest.IsLegal(s, m) {
				t.Errorf("%s: %s is not legal", pos, m)
			}
		}
	}
	// White's B2 on c1 (F r, B w) with Black's Q3 on c5 controls c2, c3, c4
	// (and threatens c5); White's B1 on f4 (L w, R w) controls e4 only.
	var banned []string
	for _, pt := range []string{"c2", "c3", "c4", "e4"} {
		for _, code := range indCodes {
			banned = append(banned, code+"@"+pt)
		}
	}
	check(indBoard("b", 3, "B2@c1", "B1@f4", "q3@c5"), banned, []string{"Q1@d4", "Q1@e5"})
	// Threat ban: Black's B2 (F r towards rank 1) on c3, c4 or c6 and his
	// Q4 (F w) on c2 would threaten White's B1 on c1 (those points are not
	// controlled: B1 controls b1 and d1 only).
	check(indBoard("b", 3, "B1@c1", "B2@f1", "q3@a6"),
		[]string{"B2@c3", "B2@c4", "B2@c6", "Q4@c2", "Q4@b1", "B1@d1"},
		[]string{"B2@b4", "T3@c3"})
	// A foot may point at one's own pod: Black's B2 on c4 runs into his own
	// Q3 on c3 (fine) and can walk back to c5.
	check(indBoard("b", 3, "B1@a1", "B2@f1", "q3@c3"), nil, []string{"B2@c4", "B1@c2"})
}

func TestIndependentImmobileBan(t *testing.T) {
	v := indVariant(t, "advanced", 0)
	// Black's B2 on c6: its B foot points off the board, its F foot at his
	// own Q3 on c5: it could not move, so it may not be placed.
	s := gametest.Decode(t, v, indBoard("b", 3, "B1@a1", "B2@f1", "q3@c5"))
	if gametest.IsLegal(s, "B2@c6") {
		t.Errorf("B2@c6 cannot move and is legal")
	}
	if !gametest.IsLegal(s, "B2@c4") {
		t.Errorf("B2@c4 should be legal")
	}
	// Black's Q2 (diagonal feet only) on an odd point of orientation 0 (b1,
	// c2, ...) has no diagonal link: never legal there.
	for _, n := range game.LegalNotations(s) {
		if strings.HasPrefix(n, "Q2@") {
			pt := n[3:]
			if (int(pt[0]-'a')+int(pt[1]-'1'))%2 == 1 {
				t.Errorf("%s: no diagonal link there", n)
			}
		}
	}
	// Basic level: White's first placement is a bipod, at every level.
	for _, level := range []string{"basic", "advanced", "expert"} {
		for _, n := range game.LegalNotations(indVariant(t, level, 1).Start()) {
			if !strings.HasPrefix(n, "B1@") && !strings.HasPrefix(n, "B2@") {
				t.Errorf("%s: White's first move %s", level, n)
			}
		}
	}
}

// TestIndependentExpertExample is the example of the rules page, derived from
// DECISIONS: White's H1 on c1 (F r), Black's pod on c2, c3-c6 empty.
func TestIndependentExpertExample(t *testing.T) {
	v := indVariant(t, "expert", 0)
	s := gametest.Decode(t, v, indBoard("w", 4, "H1@c1", "q3@c2", "B1@f4", "b1@a6"))
	var got []string
	for _, n := range game.LegalNotations(s) {
		if strings.HasPrefix(n, "c1-c2") {
			got = append(got, n)
		}
	}
	sort.Strings(got)
	if strings.Join(got, " ") != "c1-c2>c3 c1-c2>c4 c1-c2>c5 c1-c2>c6" {
		t.Errorf("shove and kicks from c1: %v", got)
	}
	// A line of two pods is shoved one point each; a kick never pushes a line.
	s = gametest.Decode(t, v, indBoard("w", 4, "H1@c1", "q3@c2", "Q3@c3", "B1@f4", "b1@a6"))
	got = got[:0]
	for _, n := range game.LegalNotations(s) {
		if strings.HasPrefix(n, "c1-c2") {
			got = append(got, n)
		}
	}
	if strings.Join(got, " ") != "c1-c2>c3>c4" {
		t.Errorf("shove of a line from c1: %v", got)
	}
	// A line reaching the edge is not shoved.
	s = gametest.Decode(t, v, indBoard("w", 4, "H1@c1", "q3@c2", "Q3@c3", "q4@c4", "Q4@c5", "t1@c6", "B1@f4"))
	for _, n := range game.LegalNotations(s) {
		if strings.HasPrefix(n, "c1-c2") {
			t.Errorf("shove into the edge: %s", n)
		}
	}
}

func TestIndependentAdvancedRemovals(t *testing.T) {
	for _, level := range []string{"advanced", "expert"} {
		v := indVariant(t, level, 0)
		// Black's T2 (F r towards rank 1, BL w, BR w) goes b2-b1: on b1 it
		// cannot move (edge, no diagonal link on b1) and it takes White's
		// B1 on a1 its last way out. Both are removed at once, although
		// removing either would free the other: White's B1 is out of the
		// game, Black's T2 back in his reserve.
		s := gametest.Decode(t, v, indBoard("b", 5, "B1@a1", "B2@f1", "t2@b2", "q3@e5"))
		gametest.Play(t, s, "b2-b1")
		f := strings.Fields(s.Encode())
		if f[0] != "....../....q3./....../....../....../.....B2" || strings.Contains(f[1], "B1") || !strings.Contains(f[2], "t2") || f[3] != "w" {
			t.Errorf("%s: after b2-b1: %s", level, s.Encode())
		}
		// Win on an empty reserve at the end of the turn, after removals.
		const last = "....../....../....../....../....../b1....B2 O,H1,H2,Q1,Q2,Q3,Q4,Q5,Q6,T1,T2,T3,B1 q3 b - 20"
		s = gametest.Decode(t, v, last)
		gametest.Play(t, s, "Q3@d4")
		if o := s.Outcome(); o.Status != game.Win || o.Winners != 2 {
			t.Errorf("%s: Black placed his last pod: %+v", level, o)
		}
		// Black's Q3 on b1 takes his own B1 on a1 its last way out: the B1
		// goes back to his reserve and he has not won.
		s = gametest.Decode(t, v, last)
		gametest.Play(t, s, "Q3@b1")
		f = strings.Fields(s.Encode())
		if o := s.Outcome(); o.Ended() || f[0] != "....../....../....../....../....../.q3...B2" || f[2] != "b1" || s.ToMove() != 0 {
			t.Errorf("%s: Q3@b1 blocking his own B1: %s %+v", level, s.Encode(), o)
		}
	}
}

// indCompare checks the engine's position against the model's.
func indCompare(t testing.TB, s game.State, p *indPos, winner int, where string) bool {
	t.Helper()
	f := strings.Fields(s.Encode())
	var diffs []string
	if f[0] != p.boardText() {
		diffs = append(diffs, "board "+f[0]+" want "+p.boardText())
	}
	if f[1] != p.reserveText(0) || f[2] != p.reserveText(1) {
		diffs = append(diffs, fmt.Sprintf("reserves %s %s want %s %s", f[1], f[2], p.reserveText(0), p.reserveText(1)))
	}
	if (f[4] == "bipode") != p.bipode || s.Ply() != p.ply {
		diffs = append(diffs, "bipode flag or ply")
	}
	o := s.Outcome()
	if winner >= 0 {
		if o.Status != game.Win || o.Winners != 1<<uint(winner) || s.ToMove() != -1 || len(s.LegalMoves(nil)) != 0 {
			diffs = append(diffs, fmt.Sprintf("outcome %+v, to move %d, want a win for seat %d", o, s.ToMove(), winner))
		}
	} else {
		if o.Ended() || s.ToMove() != p.toMove {
			diffs = append(diffs, fmt.Sprintf("outcome %+v, to move %d, want seat %d to move", o, s.ToMove(), p.toMove))
		}
		got, want := gametest.Legal(s), indRefSorted(p.moves())
		if strings.Join(got, " ") != strings.Join(want, " ") {
			diffs = append(diffs, fmt.Sprintf("legal moves %v\n   reference %v", got, want))
		}
		if n := len(s.LegalMoves(nil)); n != len(got) {
			diffs = append(diffs, "duplicate moves")
		}
	}
	if len(diffs) > 0 {
		t.Errorf("%s: position %s\n  %s", where, s.Encode(), strings.Join(diffs, "\n  "))
		return false
	}
	return true
}

// TestIndependentRandomGames plays random games with the engine and the
// model side by side, comparing positions, legal moves and outcomes; the
// same positions read with orientation K+2 must give the same moves.
func TestIndependentRandomGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(2010, 14))
	for _, level := range []string{"basic", "advanced", "expert"} {
		positions, removals, ended, shoves := 0, 0, 0, 0
		for k := 0; k < 2; k++ {
			v := indVariant(t, level, k)
			v2 := indVariant(t, level, k+2)
			links := indBoardLinks(k)
			games := 20
			if level != "basic" {
				games = 6
			}
			for gi := 0; gi < games; gi++ {
				s := v.Start()
				p := indParse(t, level, links, s.Encode())
				winner := -1
				for step := 0; step < 120; step++ {
					where := fmt.Sprintf("%s orientation %d game %d ply %d", level, k, gi, step)
					if !indCompare(t, s, p, winner, where) {
						break
					}
					positions++
					if winner >= 0 {
						ended++
						break
					}
					if step%7 == 0 {
						s2 := gametest.Decode(t, v2, s.Encode())
						if a, b := gametest.Legal(s), gametest.Legal(s2); strings.Join(a, " ") != strings.Join(b, " ") {
							t.Errorf("%s: orientations %d and %d differ", where, k, k+2)
						}
					}
					ms := p.moves()
					m := ms[rng.IntN(len(ms))]
					// Prefer moves to placements half of the time, so that
					// the board fills less and pods travel.
					if level != "basic" && rng.IntN(2) == 0 {
						var mv []indMove
						for _, c := range ms {
							if c.place < 0 {
								mv = append(mv, c)
							}
						}
						if len(mv) > 0 {
							m = mv[rng.IntN(len(mv))]
						}
					}
					if len(m.pushed) > 0 {
						shoves++
					}
					before := 0
					for _, pod := range p.board {
						if pod.seat >= 0 {
							before++
						}
					}
					gametest.Play(t, s, m.notation)
					winner = p.apply(m)
					after := 0
					for _, pod := range p.board {
						if pod.seat >= 0 {
							after++
						}
					}
					if m.place >= 0 && after < before+1 || m.place < 0 && after < before {
						removals++
					}
				}
			}
		}
		t.Logf("%s: %d positions, %d turns with removals, %d shoves or kicks, %d games ended", level, positions, removals, shoves, ended)
		if positions < 200 || ended == 0 || level != "basic" && removals == 0 || level == "expert" && shoves == 0 {
			t.Errorf("%s: the random games do not cover the rules enough", level)
		}
	}
}

func TestIndependentRepetition(t *testing.T) {
	for _, level := range []string{"advanced", "expert"} {
		v := indVariant(t, level, 0)
		m := game.NewMatch(gametest.Decode(t, v, indBoard("w", 4, "B1@c3", "B2@f1", "b1@c5", "q3@a6")))
		cycle := []string{"c3-d3", "c5-d5", "d3-c3", "d5-c5"}
		for i := 0; i < 8; i++ {
			if _, err := m.PlayNotation(cycle[i%4]); err != nil {
				t.Fatalf("%s: %v", level, err)
			}
			if o := m.Outcome(); o.Ended() != (i == 7) {
				t.Fatalf("%s: after %d moves: %+v", level, i+1, o)
			}
		}
		if o := m.Outcome(); o.Status != game.Draw {
			t.Errorf("%s: third occurrence: %+v", level, o)
		}
	}
}
