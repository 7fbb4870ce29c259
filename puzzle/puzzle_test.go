package puzzle

import (
	"context"
	"fmt"
	"os"
	"reflect"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/plateau-games/plateau/game"
	pogosolve "github.com/plateau-games/plateau/solve/pogo"
)

// The prover on hand-made POGO positions (POGO because its positions are
// one short line and its solution, which found them, says what they are;
// the prover itself reads no table). The values in the comments are the
// solution's.
func TestClassifyHandMade(t *testing.T) {
	v, err := game.NewVariant("pogo", nil)
	if err != nil {
		t.Fatal(err)
	}
	type wrong struct {
		move  string
		plies int
	}
	for _, tc := range []struct {
		name     string
		position string
		depths   Depths
		why      string // "" for a puzzle
		key      string
		n        int
		wrong    []wrong
	}{
		{
			// Dark tops every stack with one move; after each of the five
			// others Light tops them all within 1 or 3 plies.
			name:     "one winning move, win in 1",
			position: "-,-,-/-,LDDLLDDLLL,-/-,DD,- D 9",
			depths:   Depths{MaxWin: 3, MaxLoss: 4},
			key:      "1b1-b2", n: 1,
			wrong: []wrong{{"1b1-a1", 4}, {"1b1-c1", 4}, {"2b1-a2", 2}, {"2b1-c2", 2}, {"2b1-b3", 2}},
		},
		{
			// Dark wins in 3 plies with one move; the five others lose in 2
			// or 4 plies.
			name:     "one winning move, win in 3",
			position: "-,DD,-/LLLL,-,-/LDDDDL,-,- D 25",
			depths:   Depths{MaxWin: 3, MaxLoss: 4},
			key:      "2b3-a2", n: 3,
			wrong: []wrong{{"1b3-b2", 4}, {"1b3-a3", 4}, {"1b3-c3", 4}, {"2b3-b1", 2}, {"2b3-c2", 2}},
		},
		{
			// Only two moves: too few for a puzzle.
			name:     "two moves",
			position: "-,-,-/LDDLLLDDDLD,-,-/L,-,- L 30",
			depths:   Depths{MaxWin: 3, MaxLoss: 4},
			why:      rejectFewMoves,
		},
		{
			// Dark has two moves that top every stack.
			name:     "two winning moves",
			position: "-,-,-/-,-,-/LLDDL,LLDDD,LD D 15",
			depths:   Depths{MaxWin: 3, MaxLoss: 4},
			why:      rejectTwoWins,
		},
		{
			// Dark wins at once with one move; of the others, 2c2-a2 draws
			// (by the solution) and the rest lose within 6 plies: however
			// deep the losses are proved, the draw is never a loss.
			name:     "another move draws",
			position: "-,-,-/DLLDL,D,DDLLLD/-,-,- D 41",
			depths:   Depths{MaxWin: 3, MaxLoss: 6},
			why:      rejectUnproved,
		},
		{
			// The first position at ply 399: the other moves reach the
			// 400-ply limit, a draw.
			name:     "the other moves draw by the ply limit",
			position: "-,-,-/-,LDDLLDDLLL,-/-,DD,- D 399",
			depths:   Depths{MaxWin: 3, MaxLoss: 4},
			why:      rejectDraw,
		},
		{
			// A win in 3 that the depths do not reach.
			name:     "win beyond the depth",
			position: "-,DD,-/LLLL,-,-/LDDDDL,-,- D 25",
			depths:   Depths{MaxWin: 1, MaxLoss: 4},
			why:      rejectNoWin,
		},
		{
			// The start: no threat anywhere.
			name:     "start position",
			position: "DD,DD,DD/-,-,-/LL,LL,LL L 0",
			depths:   Depths{MaxWin: 3, MaxLoss: 4},
			why:      rejectNoThreat,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := v.Decode(tc.position)
			if err != nil {
				t.Fatal(err)
			}
			pr := newProver(v, 0)
			a, why := pr.classify(s, tc.depths)
			if why != tc.why {
				t.Fatalf("classify: %q, want %q", why, tc.why)
			}
			if why != "" {
				return
			}
			p := a.puzzle(s)
			if p.Key != tc.key || p.N != tc.n {
				t.Errorf("key %s in %d, want %s in %d", p.Key, p.N, tc.key, tc.n)
			}
			var got []wrong
			for _, w := range p.Wrong {
				got = append(got, wrong{w.Move, w.Plies})
			}
			if !reflect.DeepEqual(got, tc.wrong) {
				t.Errorf("wrong moves %v, want %v", got, tc.wrong)
			}
			// The puzzle passes Verify, which proves it again.
			p.ID, p.Set, p.Game, p.Options = "pogo-0", "pogo", "pogo", v.Options
			p.Kind = KindWin
			if err := verifyProved(p, v, s); err != nil {
				t.Errorf("verify: %v", err)
			}
		})
	}
}

// The horizon puzzles on hand-made POGO positions (the values in the
// comments are the solution's, which knows no repetition rule, as the
// horizon proofs): the key wins, the other moves draw or lose, and those
// not proved to lose within MaxLoss are "nowin".
func TestClassifyHorizonHandMade(t *testing.T) {
	v, err := game.NewVariant("pogo", nil)
	if err != nil {
		t.Fatal(err)
	}
	type wrong struct {
		move   string
		result string
		plies  int
	}
	d := Depths{MaxWin: 3, MaxLoss: 4}
	for _, tc := range []struct {
		name     string
		position string
		horizon  int
		why      string // "" for a puzzle
		key      string
		n        int
		wrong    []wrong
		plain    bool // no nowin move: a plain win puzzle
	}{
		{
			// Light wins in 3 with 2a2-b3; 1a2-a1 draws, the others lose
			// in 2 or 4.
			name:     "a draw among losses",
			position: "-,DDDD,-/LL,-,-/DLLLLD,-,- L 20",
			horizon:  7,
			key:      "2a2-b3", n: 3,
			wrong: []wrong{{"1a2-a1", "nowin", 0}, {"1a2-b2", "loss", 4}, {"1a2-a3", "loss", 4}, {"2a2-b1", "loss", 2}, {"2a2-c2", "loss", 2}},
		},
		{
			// 1b2-b1 wins in 3; 1b2-a2 and 1b2-c2 lose in 16, beyond
			// MaxLoss, and 1b2-b3 draws: all three are nowin.
			name:     "long losses are nowin",
			position: "-,D,-/-,L,-/-,LDDDDLLLLD,- L 36",
			horizon:  7,
			key:      "1b2-b1", n: 3,
			wrong: []wrong{{"1b2-a2", "nowin", 0}, {"1b2-c2", "nowin", 0}, {"1b2-b3", "nowin", 0}},
		},
		{
			// 1c3-c2 wins at once, 1c3-b3 wins in 7: within a horizon of
			// 7, two wins; within 5, a puzzle.
			name:     "another win at the horizon",
			position: "-,-,L/-,-,DDDDLLLDD/LL,-,- L 22",
			horizon:  7,
			why:      rejectOtherWin,
		},
		{
			name:     "another win beyond the horizon",
			position: "-,-,L/-,-,DDDDLLLDD/LL,-,- L 22",
			horizon:  5,
			key:      "1c3-c2", n: 1,
			wrong: []wrong{{"1a1-b1", "nowin", 0}, {"1a1-a2", "nowin", 0}, {"2a1-c1", "loss", 4}, {"2a1-b2", "loss", 4}, {"2a1-a3", "nowin", 0}, {"1c3-b3", "nowin", 0}},
		},
		{
			// 1c1-b1 wins in 3, 2b3-b1 in 5.
			name:     "another win in 5",
			position: "-,DD,-/-,-,-/L,LLLDDDLL,D D 13",
			horizon:  7,
			why:      rejectOtherWin,
		},
		{
			// Every other move loses within MaxLoss: a plain win puzzle.
			name:     "every other move loses",
			position: "-,DD,-/LLLL,-,-/LDDDDL,-,- D 25",
			horizon:  7,
			key:      "2b3-a2", n: 3,
			wrong: []wrong{{"1b3-b2", "loss", 4}, {"1b3-a3", "loss", 4}, {"1b3-c3", "loss", 4}, {"2b3-b1", "loss", 2}, {"2b3-c2", "loss", 2}},
			plain: true,
		},
		{
			// The first puzzle, 394 plies later: the horizon reaches the
			// 400-ply limit.
			name:     "near the ply limit",
			position: "-,DDDD,-/LL,-,-/DLLLLD,-,- L 394",
			horizon:  7,
			why:      rejectNearLimit,
		},
		{
			name:     "start position",
			position: "DD,DD,DD/-,-,-/LL,LL,LL L 0",
			horizon:  7,
			why:      rejectNoKey,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := v.Decode(tc.position)
			if err != nil {
				t.Fatal(err)
			}
			pr := newProver(v, 0)
			a, why := pr.classifyHorizon(s, d, tc.horizon)
			if why != tc.why {
				t.Fatalf("classifyHorizon: %q, want %q", why, tc.why)
			}
			if why != "" {
				return
			}
			p := a.puzzle(s)
			if p.Key != tc.key || p.N != tc.n {
				t.Errorf("key %s in %d, want %s in %d", p.Key, p.N, tc.key, tc.n)
			}
			if want := tc.horizon; tc.plain {
				if p.Horizon != 0 {
					t.Errorf("horizon %d, want 0", p.Horizon)
				}
			} else if p.Horizon != want {
				t.Errorf("horizon %d, want %d", p.Horizon, want)
			}
			var got []wrong
			for _, w := range p.Wrong {
				got = append(got, wrong{w.Move, w.Result, w.Plies})
				if w.Result == "nowin" && w.Reply == "" {
					t.Errorf("%s: no defence given", w.Move)
				}
			}
			if !reflect.DeepEqual(got, tc.wrong) {
				t.Errorf("wrong moves %v, want %v", got, tc.wrong)
			}
			p.ID, p.Set, p.Game, p.Options = "pogo-0", "pogo", "pogo", v.Options
			if tc.horizon >= 7 {
				if err := verifyProved(p, v, s); err != nil {
					t.Errorf("verify: %v", err)
				}
			}
			mm := &plain{v: v, budget: 20_000_000}
			for _, e := range mm.check(p, s) {
				t.Errorf("plain minimax: %s", e)
			}
		})
	}
}

// The prover: a win within n, none within n-2; a defence counts.
func TestWinsWithin(t *testing.T) {
	v, _ := game.NewVariant("pogo", nil)
	s, _ := v.Decode("-,DD,-/LLLL,-,-/LDDDDL,-,- D 25")
	pr := newProver(v, 0)
	if ok, m := pr.winsWithin(s, 1, 3); !ok || s.MoveString(m) != "2b3-a2" {
		t.Errorf("win in 3: %v %s", ok, s.MoveString(m))
	}
	if ok, _ := pr.winsWithin(s, 1, 1); ok {
		t.Error("a win in 1 found")
	}
	// After the key, Dark (to move no more) still wins within 2 plies
	// whatever Light does; after another move, Light wins within 3.
	k, _ := s.ParseMove("2b3-a2")
	c := s.Clone()
	c.Apply(k)
	if ok, _ := pr.winsWithin(c, 1, 2, s.Hash()); !ok {
		t.Error("after the key: no win within 2")
	}
	w, _ := s.ParseMove("1b3-b2")
	c = s.Clone()
	c.Apply(w)
	if ok, _ := pr.winsWithin(c, 0, 3, s.Hash()); !ok {
		t.Error("after 1b3-b2: Light does not win within 3")
	}
	if ok, _ := pr.winsWithin(c, 0, 1, s.Hash()); ok {
		t.Error("after 1b3-b2: Light wins at once")
	}
	// A budget of one position proves nothing.
	pr = newProver(v, 1)
	if ok, _ := pr.winsWithin(s, 1, 3); ok || !pr.aborted {
		t.Errorf("with a budget of 1: %v, aborted %v", ok, pr.aborted)
	}
}

// verifyProved runs the checks of Verify for a win puzzle of v that is not
// in a set's data.
func verifyProved(p Puzzle, v *game.Variant, s game.State) error {
	return verifyIn(p, &Set{ID: p.Set, Game: p.Game, Horizon: p.Horizon}, nil)
}

// pogoTable is POGO's solution when 'plateau solve pogo' wrote it (or
// PLATEAU_POGO_TABLE names it), else nil.
func pogoTable(t *testing.T) *pogosolve.Table {
	t.Helper()
	solvedOnce.Do(func() {
		path := os.Getenv("PLATEAU_POGO_TABLE")
		tbl, err := LoadTable(path)
		if err == nil {
			solved = tbl
			return
		}
		// The one ./scripts/test solved for every package that needs it.
		if path := os.Getenv("PLATEAU_TEST_POGO_TABLE"); path != "" {
			solved, solveErr = LoadTable(path)
			return
		}
		if testing.Short() {
			return
		}
		// No solution on this machine: solve POGO here, about 20 s on two
		// cores, so that every POGO puzzle is checked on every run.
		solved, solveErr = pogosolve.Solve(pogosolve.Options{})
	})
	if solveErr != nil {
		t.Fatalf("solving POGO: %v", solveErr)
	}
	return solved
}

// The solution, loaded or solved once for the package's tests.
var (
	solvedOnce sync.Once
	solved     *pogosolve.Table
	solveErr   error
)

// Every stored puzzle whose proof's inputs changed is proved again, one
// proof a core: every puzzle of a set whose inputs (its data, its game's
// rules and the code they use, the prover: setInputs) differ from those
// recorded in proved.sum, and a fixed sample of the others (every fifth
// puzzle, every hundredth of a set with a horizon, whose proofs take about
// 2 s each: the first is also the one the tampered tests start from). A set proved in full because its inputs changed fails the
// test even when every proof holds, until proved.sum records them (-update
// does, once they hold): CI proves a change of the rules or of the data
// on every run until it is recorded, and the record is in the commit.
// PLATEAU_PUZZLES_ALL=1 proves every puzzle of every set. Under -short
// every set is sampled and proved.sum is not read. POGO's are checked
// against its solution (solved here when absent, but under -short).
func TestStoredPuzzlesVerify(t *testing.T) {
	if *update && testing.Short() {
		t.Fatal("-update proves whole sets: not under -short")
	}
	tbl := pogoTable(t)
	all := os.Getenv("PLATEAU_PUZZLES_ALL") != ""
	var proved map[string]string
	var inputs *setInputs
	if !testing.Short() {
		var err error
		if proved, err = readProved(); err != nil {
			t.Fatal(err)
		}
		// Without the inputs every set counts as changed: proved in full.
		if inputs, err = loadInputs(); err != nil {
			t.Errorf("the inputs of the proofs cannot be hashed, every puzzle is proved: %v", err)
		}
	}
	current := map[string]string{} // the hashes of the sets proved in full that passed
	var stale []string             // those proved.sum does not record
	for _, set := range Sets() {
		ps, err := Load(set.ID)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(set.ID, func(t *testing.T) {
			if set.Solved && tbl == nil {
				t.Skip("no POGO solution: run plateau solve pogo (or set PLATEAU_POGO_TABLE) to check these")
			}
			begin := time.Now()
			hash, why := "", ""
			switch {
			case testing.Short():
				why = "sample (-short)"
			case inputs == nil:
				why = "every puzzle: the inputs cannot be hashed"
			default:
				var err error
				if hash, _, err = inputs.hash(set); err != nil {
					t.Errorf("every puzzle: the inputs cannot be hashed: %v", err)
					why = "every puzzle"
				} else if proved[set.ID] != hash {
					why = "every puzzle: the inputs differ from " + provedSum
				} else {
					why = "sample: the inputs are those of " + provedSum
				}
			}
			stride := 1
			if strings.HasPrefix(why, "sample") && !all {
				stride = 5
				if set.Horizon != 0 {
					stride = 100
				}
			}
			var todo []int
			for i, p := range ps {
				if p.ID != set.ID+"-"+strconv.Itoa(i+1) || p.Set != set.ID {
					t.Errorf("puzzle %d has id %s, set %s", i+1, p.ID, p.Set)
				}
				if i%stride == 0 {
					todo = append(todo, i)
				}
			}
			// One proof a core: Blocus's take about 2 s each.
			next := make(chan int)
			var wg sync.WaitGroup
			for range runtime.GOMAXPROCS(0) {
				wg.Go(func() {
					for i := range next {
						if err := verifiedOnce(ps[i], nil, tbl); err != nil {
							t.Error(err)
						}
					}
				})
			}
			for _, i := range todo {
				next <- i
			}
			close(next)
			wg.Wait()
			t.Logf("%d of %d puzzles verified in %.1f s (%s)", len(todo), len(ps), time.Since(begin).Seconds(), why)
			if hash != "" && stride == 1 && !t.Failed() {
				current[set.ID] = hash
				if proved[set.ID] != hash {
					stale = append(stale, set.ID)
				}
			}
		})
	}
	if testing.Short() || inputs == nil {
		return
	}
	for id := range proved {
		if _, err := LookupSet(id); err != nil {
			stale = append(stale, id+" (no such set)")
		}
	}
	if len(stale) == 0 {
		return
	}
	if *update && !t.Failed() {
		for id, h := range proved {
			if _, ok := current[id]; !ok {
				if _, err := LookupSet(id); err == nil {
					current[id] = h
				}
			}
		}
		if err := writeProved(current); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s records the inputs of %s", provedSum, strings.Join(stale, ", "))
		return
	}
	t.Errorf("the inputs of %s changed: every puzzle of them was proved again and holds; record it in puzzle/%s (and commit it) with\n\tgo test ./puzzle -run TestStoredPuzzlesVerify -update",
		strings.Join(stale, ", "), provedSum)
}

// firstPuzzles are the first stored puzzles of every set that has some.
func firstPuzzles(t *testing.T, n int) []Puzzle {
	t.Helper()
	var out []Puzzle
	for _, set := range Sets() {
		ps, err := Load(set.ID)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, ps[:min(n, len(ps))]...)
	}
	if len(out) == 0 {
		t.Skip("no stored puzzles")
	}
	return out
}

// Check takes the key (in any spelling the game reads) and refutes every
// wrong move with its reply.
func TestCheck(t *testing.T) {
	for _, p := range firstPuzzles(t, 3) {
		if ok, ref := Check(p, p.Key); !ok || ref != "" {
			t.Errorf("%s: the key %s: %v %q", p.ID, p.Key, ok, ref)
		}
		if ok, _ := Check(p, " "+p.Key+" "); !ok {
			t.Errorf("%s: the key with spaces around is refused", p.ID)
		}
		for _, w := range p.Wrong {
			ok, ref := Check(p, w.Move)
			if ok || ref != w.Reply {
				t.Errorf("%s: %s: %v %q, want false %q", p.ID, w.Move, ok, ref, w.Reply)
			}
		}
		if ok, ref := Check(p, "zz9-zz9"); ok || ref != "" {
			t.Errorf("%s: a move that is no move: %v %q", p.ID, ok, ref)
		}
		if q, ok := Find(p.ID); !ok || q.Position != p.Position {
			t.Errorf("Find(%s): %v", p.ID, ok)
		}
	}
	if _, ok := Find("nope-1"); ok {
		t.Error("Find(nope-1) found something")
	}
}

// Verify refuses puzzles that are wrong in any way.
func TestVerifyRefusesTampered(t *testing.T) {
	tbl := pogoTable(t)
	for _, p := range firstPuzzles(t, 1) {
		set, _ := LookupSet(p.Set)
		if set.Solved && tbl == nil {
			continue
		}
		if err := verifiedOnce(p, nil, tbl); err != nil {
			t.Fatalf("%s: %v", p.ID, err)
		}
		clone := func() Puzzle {
			q := p
			q.Wrong = append([]Wrong(nil), p.Wrong...)
			return q
		}
		tamper := map[string]func(q *Puzzle){
			"key swapped with a wrong move": func(q *Puzzle) { q.Key, q.Wrong[0].Move = q.Wrong[0].Move, q.Key },
			"a wrong move left out":         func(q *Puzzle) { q.Wrong = q.Wrong[1:] },
			"a wrong move twice":            func(q *Puzzle) { q.Wrong = append(q.Wrong, q.Wrong[0]) },
			"N changed":                     func(q *Puzzle) { q.N += 2 },
			"another side to move":          func(q *Puzzle) { q.Player = 3 - q.Player },
			"plies changed":                 func(q *Puzzle) { q.Wrong[0].Plies += 2 },
		}
		if p.Wrong[0].Reply != "" {
			tamper["reply not a move"] = func(q *Puzzle) { q.Wrong[0].Reply = "zz" }
		}
		for name, f := range tamper {
			q := clone()
			f(&q)
			if err := Verify(q, tbl); err == nil {
				t.Errorf("%s, %s: accepted", p.ID, name)
			}
		}
	}
}

// Verify refuses horizon puzzles that are wrong in any way: the hand-made
// one of POGO (set "pogo-h", horizon 7) and the first stored one of every
// set with a horizon.
func TestVerifyRefusesTamperedHorizon(t *testing.T) {
	v, _ := game.NewVariant("pogo", nil)
	s, _ := v.Decode("-,D,-/-,L,-/-,LDDDDLLLLD,- L 36")
	a, why := newProver(v, 0).classifyHorizon(s, Depths{MaxWin: 3, MaxLoss: 4}, 7)
	if why != "" {
		t.Fatal(why)
	}
	hand := a.puzzle(s)
	hand.ID, hand.Set, hand.Game, hand.Options = "pogo-h-1", "pogo-h", "pogo", v.Options
	type tc struct {
		p   Puzzle
		set *Set
	}
	cases := []tc{{hand, &Set{ID: "pogo-h", Game: "pogo", Horizon: 7}}}
	for _, set := range Sets() {
		if set.Horizon == 0 {
			continue
		}
		ps, _ := Load(set.ID)
		for _, p := range ps {
			if p.Horizon != 0 {
				cases = append(cases, tc{p, set})
				break
			}
		}
	}
	for _, c := range cases {
		p := c.p
		if err := verifiedOnce(p, c.set, nil); err != nil {
			t.Fatalf("%s: %v", p.ID, err)
		}
		nowin := -1
		for i, w := range p.Wrong {
			if w.Result == "nowin" {
				nowin = i
				break
			}
		}
		if nowin < 0 {
			t.Fatalf("%s: no nowin move", p.ID)
		}
		st, _ := p.State()
		clone := func() Puzzle {
			q := p
			q.Wrong = append([]Wrong(nil), p.Wrong...)
			return q
		}
		tamper := map[string]func(q *Puzzle){
			"key swapped with a nowin move": func(q *Puzzle) { q.Key, q.Wrong[nowin].Move = q.Wrong[nowin].Move, q.Key },
			"horizon left out":              func(q *Puzzle) { q.Horizon = 0 },
			"horizon not the set's":         func(q *Puzzle) { q.Horizon += 2 },
			"horizon even":                  func(q *Puzzle) { q.Horizon-- },
			"a nowin move with plies":       func(q *Puzzle) { q.Wrong[nowin].Plies = 2 },
			"a nowin move left out":         func(q *Puzzle) { q.Wrong = append(q.Wrong[:nowin:nowin], q.Wrong[nowin+1:]...) },
			"reply not a move":              func(q *Puzzle) { q.Wrong[nowin].Reply = "zz" },
			"N changed":                     func(q *Puzzle) { q.N += 2 },
		}
		// A defence that does not hold: a reply after which the mover
		// wins within the horizon's rest, if there is one.
		m, _ := st.ParseMove(p.Wrong[nowin].Move)
		after := st.Clone()
		after.Apply(m)
		pr := newProver(after.Variant(), 0)
		for _, r := range after.LegalMoves(nil) {
			cc := after.Clone()
			cc.Apply(r)
			if ok, _ := pr.freeWithin(cc, st.ToMove(), p.Horizon-2); ok {
				bad := after.MoveString(r)
				tamper["a reply that loses"] = func(q *Puzzle) { q.Wrong[nowin].Reply = bad }
				break
			}
		}
		for name, f := range tamper {
			q := clone()
			f(&q)
			if err := verifyIn(q, c.set, nil); err == nil {
				t.Errorf("%s, %s: accepted", p.ID, name)
			}
		}
		if _, ok := tamper["a reply that loses"]; !ok {
			t.Logf("%s: every defence holds, none to tamper with", p.ID)
		}
	}
}

// The generator gives the same puzzles for the same seed, whatever the
// parallelism, and they are the stored set's first ones when it was made
// with that seed (poldr-7: its first puzzles come after a few seconds).
func TestGenerateReproducible(t *testing.T) {
	set, err := LookupSet("poldr-7")
	if err != nil {
		t.Fatal(err)
	}
	opt := Options{Count: 3, Seed: 1, MaxGames: 200}
	a, sta, err := Generate(context.Background(), set, opt)
	if err != nil {
		t.Fatal(err)
	}
	if len(a) == 0 {
		t.Fatalf("no puzzle in %d games", sta.Games)
	}
	opt.Parallel = 2
	b, _, err := Generate(context.Background(), set, opt)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Errorf("parallel 1 and 2 differ:\n%+v\n%+v", a, b)
	}
	for _, p := range a {
		if err := Verify(p, nil); err != nil {
			t.Error(err)
		}
	}
	stored, _ := Load(set.ID)
	if len(stored) >= len(a) && stored[0].Source.Seed == opt.Seed {
		if !reflect.DeepEqual(stored[:len(a)], a) {
			t.Errorf("the stored set's first puzzles are not those of seed %d:\n%+v\n%+v", opt.Seed, stored[:len(a)], a)
		}
	}
	// Another seed, other games: its first puzzle is enough to tell.
	opt.Seed, opt.Count = 2, 1
	c, _, err := Generate(context.Background(), set, opt)
	if err != nil {
		t.Fatal(err)
	}
	if len(c) == 1 && reflect.DeepEqual(a[:1], c) {
		t.Error("seeds 1 and 2 give the same first puzzle")
	}
}

// An independent check: a plain depth-limited minimax (no move ordering,
// no transposition table, no repetition rule, no code shared with the
// prover but the rules) agrees with the first stored puzzles of every set
// whose check fits in its budget (and, in a set with a horizon, its first
// horizon puzzles): the key wins within N plies and not within N-2, every
// wrong move lets the opponent win within its plies and not sooner, and
// after a "nowin" move the mover has no win within the horizon. With
// PLATEAU_PUZZLES_PLAIN=1 it checks every puzzle with a budget ten times
// larger (minutes).
func TestPlainMinimaxAgrees(t *testing.T) {
	every := os.Getenv("PLATEAU_PUZZLES_PLAIN") != ""
	for _, set := range Sets() {
		if set.Solved {
			continue
		}
		ps, _ := Load(set.ID)
		if !every && set.Horizon != 0 {
			ps = withHorizonFirst(ps)
		}
		checked, skipped, horizon := 0, 0, 0
		for _, p := range ps {
			if !every && (checked >= 5 || skipped >= 5) {
				break
			}
			s, err := p.State()
			if err != nil {
				t.Fatal(err)
			}
			// A horizon puzzle's nowin moves each cost a full-width search
			// of the horizon: ten times the budget.
			mm := &plain{v: s.Variant(), budget: 2_000_000}
			if p.Horizon != 0 {
				mm.budget *= 10
			}
			if every {
				mm.budget *= 10
			}
			errs := mm.check(p, s)
			if mm.nodes > mm.budget {
				skipped++
				continue
			}
			for _, e := range errs {
				t.Errorf("%s: %s", p.ID, e)
			}
			checked++
			if p.Horizon != 0 {
				horizon++
			}
		}
		t.Logf("%s: %d puzzles checked (%d with a horizon), %d too big for the budget", set.ID, checked, horizon, skipped)
	}
}

// withHorizonFirst puts first the three horizon puzzles of ps with the
// fewest nowin moves (the cheapest to check without a transposition table:
// each costs a full-width search of the horizon), then those without a
// horizon, in order.
func withHorizonFirst(ps []Puzzle) []Puzzle {
	nowin := func(p Puzzle) int {
		n := 0
		for _, w := range p.Wrong {
			if w.Result == "nowin" {
				n++
			}
		}
		return n
	}
	var h []Puzzle
	for _, p := range ps {
		if p.Horizon != 0 {
			h = append(h, p)
		}
	}
	sort.SliceStable(h, func(i, j int) bool { return nowin(h[i]) < nowin(h[j]) })
	out := append([]Puzzle(nil), h[:min(3, len(h))]...)
	for _, p := range ps {
		if p.Horizon == 0 {
			out = append(out, p)
		}
	}
	return out
}

// plain is a plain minimax with a budget of positions.
type plain struct {
	v      *game.Variant
	nodes  int
	budget int
}

// check returns what plain minimax finds wrong with puzzle p of s.
func (mm *plain) check(p Puzzle, s game.State) []string {
	var errs []string
	me := s.ToMove()
	for _, m := range s.LegalMoves(nil) {
		c := s.Clone()
		c.Apply(m)
		name := s.MoveString(m)
		if name == p.Key {
			if !mm.winAfter(c, me, p.N-1) {
				errs = append(errs, fmt.Sprintf("the key %s does not win within %d plies", name, p.N))
			}
			if p.N > 1 && mm.winAfter(c, me, p.N-3) {
				errs = append(errs, fmt.Sprintf("the key %s wins within %d plies", name, p.N-2))
			}
			continue
		}
		w, _ := p.Answer(name)
		if w == nil {
			errs = append(errs, name+" is not listed")
			continue
		}
		if w.Result == "nowin" {
			if p.Horizon < 1 || mm.winAfter(c, me, p.Horizon-1) {
				errs = append(errs, fmt.Sprintf("after %s the mover wins within %d plies", name, p.Horizon))
			}
			continue
		}
		if !mm.winAfter(c, 1-me, w.Plies-1) {
			errs = append(errs, fmt.Sprintf("after %s the opponent does not win within %d plies", name, w.Plies))
		}
		if w.Plies > 2 && mm.winAfter(c, 1-me, w.Plies-3) {
			errs = append(errs, fmt.Sprintf("after %s the opponent wins within %d plies", name, w.Plies-2))
		}
	}
	return errs
}

// winAfter says whether att has won in s, or forces a win within n more
// plies, with no repetition rule.
func (mm *plain) winAfter(s game.State, att, n int) bool {
	mm.nodes++
	if mm.nodes > mm.budget {
		return false
	}
	if o := mm.v.Judge(s, 1); o.Ended() {
		return o.Status == game.Win && o.Won(att)
	}
	if n <= 0 {
		return false
	}
	// A node stops at the first move that decides it, in the order of the
	// legal moves: that orders nothing and bounds nothing.
	or := s.ToMove() == att
	moves := s.LegalMoves(nil)
	for _, m := range moves {
		c := s.Clone()
		c.Apply(m)
		if mm.winAfter(c, att, n-1) == or {
			return or
		}
	}
	return !or && len(moves) > 0
}

// POGO's puzzles come from its solution; those whose proofs are short
// are found again by the prover, which reads no table: an independent
// check of both.
func TestPogoPuzzlesByProver(t *testing.T) {
	ps, _ := Load("pogo")
	v, _ := game.NewVariant("pogo", nil)
	checked := 0
	for _, p := range ps {
		if p.Kind != KindWin || p.N > 5 {
			continue
		}
		short := true
		for _, w := range p.Wrong {
			short = short && w.Result == "loss" && w.Plies <= 4
		}
		if !short {
			continue
		}
		s, err := v.Decode(p.Position)
		if err != nil {
			t.Fatal(err)
		}
		a, why := newProver(v, 0).classify(s, Depths{MaxWin: 5, MaxLoss: 4})
		if why != "" {
			t.Errorf("%s: the prover says %q", p.ID, why)
			continue
		}
		if got := a.puzzle(s); got.Key != p.Key || got.N != p.N {
			t.Errorf("%s: the prover's key is %s in %d, the solution's %s in %d", p.ID, got.Key, got.N, p.Key, p.N)
		}
		checked++
	}
	t.Logf("%d puzzles checked", checked)
}

// Every set's variants are fixed by its options: none is drawn at random
// (PODS chooses its board at random when no orientation is given), so
// that a seed always gives the same games.
func TestSetVariantsAreFixed(t *testing.T) {
	for _, set := range Sets() {
		for g := range 4 {
			a, err := set.Variant(g)
			if err != nil {
				t.Fatal(err)
			}
			for range 8 {
				b, _ := set.Variant(g)
				if a.Options.String() != b.Options.String() {
					t.Errorf("%s, game %d: options %s, then %s", set.ID, g, a.Options, b.Options)
					break
				}
			}
			if a.Players != 2 || len(a.Teams) != 0 {
				t.Errorf("%s: %d players, teams %v: not two sides", set.ID, a.Players, a.Teams)
			}
		}
	}
}

// FromGames finds in a played game the puzzles Generate found in it: the
// stored first puzzles of some sets, from their self-play games replayed
// as matches.
func TestFromGamesFindsStoredPuzzles(t *testing.T) {
	for _, id := range []string{"saute", "polygone", "pods-basic", "empire"} {
		set, err := LookupSet(id)
		if err != nil {
			t.Fatal(err)
		}
		ps, err := Load(id)
		if err != nil || len(ps) == 0 {
			t.Fatalf("%s: %d puzzles, %v", id, len(ps), err)
		}
		want := ps[0]
		m, err := SelfPlay(t.Context(), set, want.Source.Seed, want.Source.Game)
		if err != nil {
			t.Fatal(err)
		}
		found, st, skipped, err := FromGames(t.Context(), []PlayedGame{{Name: "game.txt", Match: m}}, nil, nil)
		if err != nil || skipped != 0 || st.Games != 1 {
			t.Fatalf("%s: %v, %d skipped, %+v", id, err, skipped, st)
		}
		ok := false
		for _, p := range found {
			if p.Position == want.Position {
				ok = p.Key == want.Key && p.N == want.N && p.Source.Record == "game.txt" && p.Source.Ply == want.Source.Ply && p.Set == id
				if err := Verify(p, nil); err != nil {
					t.Error(err)
				}
			}
		}
		if !ok {
			t.Errorf("%s: the game of %s gives %d puzzles, not it", id, want.ID, len(found))
		}
	}
}
