package pogosolve

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// The tests solve POGO with fewer pieces a side (same board, same rules)
// and check the tables against searches written here from the rule text,
// sharing no code with the solver: stacks as strings, moves found by
// walking the paths step by step.

// naive is a position: each stack bottom to top in 'L' and 'D', and the
// side to move ('L' or 'D').
type naive struct {
	stacks [Cells]string
	side   byte
}

// naiveKey identifies a naive position: the stacks separated by commas,
// then the side to move (a fixed-size array, cheap as a map key).
type naiveKey [2*Pieces + Cells + 1]byte

func (p naive) key() naiveKey {
	var k naiveKey
	at := 0
	for _, s := range p.stacks {
		at += copy(k[at:], s)
		k[at] = ','
		at++
	}
	k[at] = p.side
	return k
}

func other(side byte) byte {
	if side == 'L' {
		return 'D'
	}
	return 'L'
}

// topsAll says whether colour tops every non-empty stack.
func (p naive) topsAll(colour byte) bool {
	for _, s := range p.stacks {
		if s != "" && s[len(s)-1] != colour {
			return false
		}
	}
	return true
}

// ends lists the cells a block of n pieces can reach from cell c: n
// orthogonal steps, never straight back over the previous step.
func ends(c, n int) []int {
	seen := map[int]bool{}
	var walk func(x, y, steps, lastDX, lastDY int)
	walk = func(x, y, steps, lastDX, lastDY int) {
		if steps == n {
			seen[3*y+x] = true
			return
		}
		for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			nx, ny := x+d[0], y+d[1]
			if nx < 0 || nx > 2 || ny < 0 || ny > 2 || (steps > 0 && d[0] == -lastDX && d[1] == -lastDY) {
				continue
			}
			walk(nx, ny, steps+1, d[0], d[1])
		}
	}
	walk(c%3, c/3, 0, 0, 0)
	var out []int
	for cell := range Cells {
		if seen[cell] {
			out = append(out, cell)
		}
	}
	return out
}

var naiveEnds = func() (e [Cells][4][]int) {
	for c := range Cells {
		for n := 1; n <= 3; n++ {
			e[c][n] = ends(c, n)
		}
	}
	return e
}()

// successors are the positions after each legal move (none when the game
// is over).
func (p naive) successors() []naive {
	if p.topsAll(other(p.side)) {
		return nil
	}
	var out []naive
	for c, s := range p.stacks {
		if s == "" || s[len(s)-1] != p.side {
			continue
		}
		for n := 1; n <= 3 && n <= len(s); n++ {
			for _, d := range naiveEnds[c][n] {
				q := p
				q.stacks[c] = s[:len(s)-n]
				q.stacks[d] += s[len(s)-n:]
				q.side = other(p.side)
				out = append(out, q)
			}
		}
	}
	return out
}

func (p naive) position() Position {
	var q Position
	for c, s := range p.stacks {
		q.Heights[c] = uint8(len(s))
		for i := range len(s) {
			if s[i] == 'D' {
				q.Stacks[c] |= 1 << i
			}
		}
	}
	q.DarkToMove = p.side == 'D'
	return q
}

// allNaive lists every position with k pieces a side that can occur (the
// side to move does not top every stack).
func allNaive(k int) []naive {
	var out []naive
	var colours []string
	var deal func(s string, dark int)
	deal = func(s string, dark int) {
		if len(s) == 2*k {
			if dark == k {
				colours = append(colours, s)
			}
			return
		}
		deal(s+"L", dark)
		deal(s+"D", dark+1)
	}
	deal("", 0)
	var h [Cells]int
	var split func(c, left int)
	split = func(c, left int) {
		if c == Cells-1 {
			h[c] = left
			for _, col := range colours {
				var p naive
				at := 0
				for i := range Cells {
					p.stacks[i] = col[at : at+h[i]]
					at += h[i]
				}
				for _, side := range []byte{'L', 'D'} {
					p.side = side
					if !p.topsAll(side) {
						out = append(out, p)
					}
				}
			}
			return
		}
		for x := 0; x <= left; x++ {
			h[c] = x
			split(c+1, left-x)
		}
	}
	split(0, 2*k)
	return out
}

// naiveSolve computes every value by forward sweeps: at step d, an open
// position is won in d (d odd) if a move leads to a loss in d-1, lost in d
// (d even) if every move leads to a win. It returns the entries (0 to 253,
// or entryDraw) by key.
func naiveSolve(k int) map[naiveKey]int {
	all := allNaive(k)
	id := make(map[naiveKey]int, len(all))
	for i, p := range all {
		id[p.key()] = i
	}
	succ := make([][]int, len(all))
	val := make([]int, len(all))
	for i, p := range all {
		val[i] = entryDraw
		if p.topsAll(other(p.side)) {
			val[i] = 0
		}
		for _, q := range p.successors() {
			succ[i] = append(succ[i], id[q.key()])
		}
	}
	// Stop after two steps without news (one is enough in theory: a loss
	// in d+1 needs a win in d, a win in d+1 a loss in d).
	for d, empty := 1, 0; empty < 2; d++ {
		var found []int
		for i := range all {
			if val[i] != entryDraw {
				continue
			}
			if d%2 == 1 {
				for _, j := range succ[i] {
					if val[j] == d-1 {
						found = append(found, i)
						break
					}
				}
				continue
			}
			lost := true
			for _, j := range succ[i] {
				lost = lost && val[j] != entryDraw && val[j]%2 == 1
			}
			if lost {
				found = append(found, i)
			}
		}
		for _, i := range found {
			val[i] = d
		}
		if empty++; len(found) > 0 {
			empty = 0
		}
	}
	out := make(map[naiveKey]int, len(all))
	for i, p := range all {
		out[p.key()] = val[i]
	}
	return out
}

var (
	smallMu     sync.Mutex
	smallTables = map[int]*Table{}
)

// smallTable solves POGO with k pieces a side once per test binary.
func smallTable(t *testing.T, k int) *Table {
	t.Helper()
	smallMu.Lock()
	defer smallMu.Unlock()
	if tab := smallTables[k]; tab != nil {
		return tab
	}
	tab, err := solve(k, Options{})
	if err != nil {
		t.Fatal(err)
	}
	smallTables[k] = tab
	return tab
}

// TestSolveAgainstSweeps compares every entry of the tables for 1 to 3
// pieces a side with the forward sweeps, both sides to move, and checks
// that the unreachable positions are exactly those left out.
func TestSolveAgainstSweeps(t *testing.T) {
	for k := 1; k <= 3; k++ {
		tab := smallTable(t, k)
		want := naiveSolve(k)
		reachable := 0
		for i := range tab.sp.size {
			for _, p := range []Position{tab.sp.position(i), mirror(tab.sp.position(i))} {
				got, err := tab.ValueOf(p)
				if err != nil {
					t.Fatal(err)
				}
				w, ok := want[fromPosition(p).key()]
				if !ok {
					if got.Result != Unreachable {
						t.Fatalf("k=%d: %s is unreachable but the table says %s", k, p.Text(), got)
					}
					continue
				}
				reachable++
				if got != valueOf(byte(w)) {
					t.Fatalf("k=%d: %s: table %s, sweeps %s", k, p.Text(), got, valueOf(byte(w)))
				}
			}
		}
		if reachable != len(want) {
			t.Fatalf("k=%d: %d reachable positions in the table, %d in the sweeps", k, reachable, len(want))
		}
	}
}

func fromPosition(p Position) naive {
	var q naive
	for c := range Cells {
		for i := range int(p.Heights[c]) {
			q.stacks[c] += string("LD"[p.Stacks[c]>>i&1])
		}
	}
	q.side = 'L'
	if p.DarkToMove {
		q.side = 'D'
	}
	return q
}

// search is a depth-limited minimax: the exact value of p when the game
// ends within depth plies with best play (a win or a loss within depth),
// else ok = false.
func search(p naive, depth int) (v Value, ok bool) {
	succ := p.successors()
	if len(succ) == 0 {
		return Value{Result: Loss}, true
	}
	if depth == 0 {
		return Value{}, false
	}
	win, longest, allWins := -1, 0, true
	for _, q := range succ {
		cv, known := search(q, depth-1)
		switch {
		case known && cv.Result == Loss:
			if win < 0 || cv.Plies+1 < win {
				win = cv.Plies + 1
			}
		case known && cv.Result == Win:
			longest = max(longest, cv.Plies+1)
		default:
			allWins = false
		}
		if win == 1 {
			break // no quicker win exists
		}
	}
	if win > 0 {
		return Value{Result: Win, Plies: win}, true
	}
	if allWins {
		return Value{Result: Loss, Plies: longest}, true
	}
	return Value{}, false
}

// TestShortEndsAgainstSearch checks positions of POGO with 4 pieces a side
// whose end is near: whenever the search finds the game decided within
// its depth, the table must give exactly that value, and the other way
// round.
func TestShortEndsAgainstSearch(t *testing.T) {
	tab := smallTable(t, 4)
	rng := rand.New(rand.NewPCG(11, 12))
	near, deep := 0, 0
	for tried := 0; tried < 500; tried++ {
		p := randomPosition(rng, 4)
		got, err := tab.ValueOf(p)
		if err != nil {
			t.Fatal(err)
		}
		if got.Result == Unreachable {
			continue
		}
		// The search visits about 16^depth positions: depth 3 for a few
		// hundred positions, 5 for a few whose end is 4 or 5 plies away.
		depth := 3
		if tried >= 200 {
			depth = 2
		}
		if (got.Result == Win || got.Result == Loss) && got.Plies <= 5 && got.Plies >= 4 && deep < 4 {
			depth = 5
			deep++
		}
		want, ok := search(fromPosition(p), depth)
		inReach := (got.Result == Win || got.Result == Loss) && got.Plies <= depth
		if ok != inReach || (ok && want != got) {
			t.Fatalf("%s: table %s, search to depth %d: %v (decided: %v)", p.Text(), got, depth, want, ok)
		}
		if ok {
			near++
		}
	}
	t.Logf("%d of 500 positions decided within the search depth, %d searched to depth 5", near, deep)
	if near < 50 {
		t.Fatalf("only %d positions with a near end: the test checks too little", near)
	}
}

func TestVerify(t *testing.T) {
	tab := smallTable(t, 3)
	if err := tab.Verify(Options{}); err != nil {
		t.Fatalf("the solved table fails: %v", err)
	}
	// Every kind of entry changed to a wrong value is caught.
	find := func(ok func(e byte) bool) int {
		for i, e := range tab.data {
			if ok(e) {
				return i
			}
		}
		t.Fatal("no such entry")
		return 0
	}
	cases := []struct {
		name string
		at   int
		to   byte
	}{
		{"win one ply longer", find(func(e byte) bool { return e == 5 }), 7},
		{"win shorter", find(func(e byte) bool { return e == 5 }), 3},
		{"win as draw", find(func(e byte) bool { return e == 3 }), entryDraw},
		{"loss longer", find(func(e byte) bool { return e == 4 }), 6},
		{"loss as win", find(func(e byte) bool { return e == 4 }), 5},
		{"draw as loss", find(func(e byte) bool { return e == entryDraw }), 8},
		{"draw as win", find(func(e byte) bool { return e == entryDraw }), 9},
		{"terminal as win", find(func(e byte) bool { return e == 0 }), 1},
		{"unreachable as draw", find(func(e byte) bool { return e == entryUnreachable }), entryDraw},
		{"loss as unreachable", find(func(e byte) bool { return e == 2 }), entryUnreachable},
		{"loss as terminal", find(func(e byte) bool { return e == 2 }), 0},
	}
	for _, c := range cases {
		bad := &Table{sp: tab.sp, data: bytes.Clone(tab.data)}
		bad.data[c.at] = c.to
		err := bad.Verify(Options{})
		if err == nil {
			t.Errorf("%s: entry %d changed to %d passes", c.name, c.at, c.to)
			continue
		}
		if !strings.Contains(err.Error(), "inconsistent entry") {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}

func TestFile(t *testing.T) {
	tab := smallTable(t, 3)
	path := filepath.Join(t.TempDir(), "sub", "small.solution")
	if err := tab.Save(path); err != nil {
		t.Fatal(err)
	}
	back, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if back.Pieces() != 3 || !bytes.Equal(back.data, tab.data) {
		t.Fatal("the table read back differs")
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	damaged := map[string][]byte{
		"truncated":   raw[:len(raw)-10],
		"no checksum": raw[:len(raw)-4],
		"bad magic":   append([]byte("POGOSOL9"), raw[8:]...),
		"bad count":   append(append(bytes.Clone(raw[:16]), 1), raw[17:]...),
		"empty":       nil,
	}
	flipped := bytes.Clone(raw)
	flipped[len(raw)-1] ^= 1 // the checksum
	damaged["bad checksum"] = flipped
	for name, data := range damaged {
		if _, err := Read(bytes.NewReader(data)); err == nil {
			t.Errorf("%s file accepted", name)
		}
	}
	if _, err := Load(filepath.Join(t.TempDir(), "missing")); err == nil {
		t.Error("missing file accepted")
	}
}

func TestStats(t *testing.T) {
	tab := smallTable(t, 2)
	st := tab.Stats()
	if st.Positions != 2*tab.sp.size || st.Won+st.Lost+st.Drawn+st.Unreachable != st.Positions {
		t.Fatalf("counts do not add up: %+v", st)
	}
	if st.Terminal != st.Unreachable {
		// A terminal position's mirror is unreachable and the other way round.
		t.Fatalf("terminal %d, unreachable %d", st.Terminal, st.Unreachable)
	}
	sum := 0
	for _, n := range st.ByDistance {
		sum += n
	}
	if sum != st.Won+st.Lost || len(st.ByDistance) != max(st.LongestWin, st.LongestLoss)+1 {
		t.Fatalf("distances: %+v", st)
	}
	for _, ex := range []struct {
		text string
		want Value
	}{{st.LongestWinExample, Value{Win, st.LongestWin}}, {st.LongestLossExample, Value{Loss, st.LongestLoss}}} {
		p := parseText(t, ex.text)
		if v, _ := tab.ValueOf(p); v != ex.want {
			t.Fatalf("example %s: %s, want %s", ex.text, v, ex.want)
		}
	}
}

// parseText reads Position.Text for any number of pieces.
func parseText(t *testing.T, text string) Position {
	var p Position
	fields := strings.Fields(text)
	ranks := strings.Split(fields[0], "/")
	for i, rank := range ranks {
		for f, stack := range strings.Split(rank, ",") {
			c := 3*(2-i) + f
			for _, ch := range strings.TrimPrefix(stack, "-") {
				if ch == 'D' {
					p.Stacks[c] |= 1 << p.Heights[c]
				}
				p.Heights[c]++
			}
		}
	}
	p.DarkToMove = fields[1] == "D"
	if p.Text() != text {
		t.Fatalf("parse %q gives %q", text, p.Text())
	}
	return p
}

func TestValueStrings(t *testing.T) {
	for v, want := range map[Value]string{
		{Win, 7}: "win in 7 plies", {Loss, 0}: "loss in 0 plies", {Result: Draw}: "draw", {Result: Unreachable}: "unreachable",
	} {
		if v.String() != want {
			t.Errorf("%#v: %q", v, v.String())
		}
	}
	if s := fmt.Sprint(Result(9)); s != "result(9)" {
		t.Error(s)
	}
}

// TestInitialOpenMoves checks the solver's first pass, which counts the
// open moves a stack at a time, against lightMoves (checked against the
// rules' own moves by TestRelatedMatchesRules), for every position of
// POGO with 3 pieces a side and of 4 pieces a side.
func TestInitialOpenMoves(t *testing.T) {
	for _, k := range []int{3, 4} {
		sp, err := spaceFor(k)
		if err != nil {
			t.Fatal(err)
		}
		wps := (sp.nColours + 63) / 64
		s := &solver{sp: sp, wordsPerSplit: wps,
			frontier: make([]uint64, sp.nSplits*wps), count: make([]uint16, sp.nSplits),
			open: make([]byte, sp.size), entry: make([]byte, sp.size)}
		terminal, unreachable := s.initialise()
		if terminal == 0 || unreachable == 0 {
			t.Fatalf("k=%d: %d terminal, %d unreachable positions", k, terminal, unreachable)
		}
		for i := range sp.size {
			w, split := sp.parts(i)
			tops := uint32(sp.tops[split])
			want, entry := byte(sp.lightMoves(w, split)), byte(entryDraw)
			switch w & tops {
			case tops:
				want, entry = 0, 0
			case 0:
				want, entry = 0, entryUnreachable
			}
			if s.open[i] != want || s.entry[i] != entry {
				t.Fatalf("k=%d, %s: open %d, entry %d; want %d, %d", k, sp.position(i).Text(), s.open[i], s.entry[i], want, entry)
			}
		}
	}
}
