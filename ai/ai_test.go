package ai

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/plateau-games/plateau/game"
	_ "github.com/plateau-games/plateau/games/all"
	"github.com/plateau-games/plateau/games/pogo"
)

// Test positions of POGO, found by brute force and checked again by the
// tests below with the same brute force, so that they cannot rot.
const (
	// Dark to move has exactly one move that tops every stack.
	pogoWinIn1 = "-,-,DD/D,D,D/LLL,LLLD,- D 55"
	// Dark to move has exactly one move after which every reply of
	// Light's leaves Dark a win in one, and no win at once.
	pogoWinIn3 = "DD,-,D/DD,LD,LLLL/L,-,- D 11"
)

func pogoMatch(t testing.TB, position string) *game.Match {
	t.Helper()
	s, err := pogo.Decode(position)
	if err != nil {
		t.Fatal(err)
	}
	return game.NewMatch(s)
}

// winningMoves lists the moves of s that win at once for the side to move.
func winningMoves(s game.State) []game.Move {
	var wins []game.Move
	me := s.ToMove()
	for _, mv := range s.LegalMoves(nil) {
		c := s.Clone()
		c.Apply(mv)
		if o := c.Outcome(); o.Status == game.Win && o.Won(me) {
			wins = append(wins, mv)
		}
	}
	return wins
}

// forcingMoves lists the moves of s after which every reply leaves the
// mover a win at once.
func forcingMoves(s game.State) []game.Move {
	var out []game.Move
	for _, mv := range s.LegalMoves(nil) {
		c := s.Clone()
		c.Apply(mv)
		if c.Outcome().Ended() {
			continue
		}
		forced := true
		for _, reply := range c.LegalMoves(nil) {
			d := c.Clone()
			d.Apply(reply)
			if d.Outcome().Ended() || len(winningMoves(d)) == 0 {
				forced = false
				break
			}
		}
		if forced {
			out = append(out, mv)
		}
	}
	return out
}

func TestTestPositions(t *testing.T) {
	if w := winningMoves(pogoMatch(t, pogoWinIn1).State()); len(w) != 1 {
		t.Fatalf("%s has %d winning moves, want 1", pogoWinIn1, len(w))
	}
	s := pogoMatch(t, pogoWinIn3).State()
	if w, f := winningMoves(s), forcingMoves(s); len(w) != 0 || len(f) != 1 {
		t.Fatalf("%s: %d wins in 1, %d forcing moves; want 0 and 1", pogoWinIn3, len(w), len(f))
	}
}

// cheapSpecs are agents with tiny budgets, for tests on every game.
func cheapSpecs(v *game.Variant) []string {
	specs := []string{"random", "mcts:iterations=12,threads=1", "mcts:iterations=12,threads=2,reuse=false"}
	if sides(v) == 2 {
		specs = append(specs, "alphabeta:depth=2", "alphabeta:depth=1,noise=0.5")
	}
	return specs
}

// TestLegalOnEveryGame has every agent choose in a few positions of every
// registered variant (the start and after random plies) and checks that
// the move is legal, including through tree reuse as the game goes on.
func TestLegalOnEveryGame(t *testing.T) {
	for _, g := range game.Games() {
		for _, opts := range g.AllVariants() {
			v, err := g.Variant(opts)
			if err != nil {
				t.Fatalf("%s %v: %v", g.ID, opts, err)
			}
			t.Run(v.String(), func(t *testing.T) {
				for _, spec := range cheapSpecs(v) {
					a, err := New(spec, v, 7)
					if err != nil {
						t.Fatalf("%s: %v", spec, err)
					}
					m := game.NewMatch(v.Start())
					rng := rand.New(rand.NewPCG(3, 4))
					for turn := 0; turn < 4 && !m.Outcome().Ended(); turn++ {
						mv, err := a.Choose(context.Background(), m)
						if err != nil {
							t.Fatalf("%s at ply %d: %v", spec, m.State().Ply(), err)
						}
						if err := m.Play(mv); err != nil {
							t.Fatalf("%s chose an illegal move at ply %d (%s): %v", a.Name(), m.State().Ply(), m.State().Encode(), err)
						}
						// A few random plies between decisions: new
						// positions, and moves the tree may know or not.
						for i := 0; i < turn*3 && !m.Outcome().Ended(); i++ {
							moves := m.LegalMoves(nil)
							if err := m.Play(moves[rng.IntN(len(moves))]); err != nil {
								t.Fatal(err)
							}
						}
					}
				}
				for _, level := range Levels {
					if _, err := New(level, v, 1); err != nil {
						t.Errorf("level %s: %v", level, err)
					}
				}
			})
		}
	}
}

func TestGameOver(t *testing.T) {
	v := pogo.Variant()
	m := game.NewMatch(v.Start())
	for _, n := range []string{"2b1-b3", "2a3-c3", "2c1-c3"} {
		if _, err := m.PlayNotation(n); err != nil {
			t.Fatal(err)
		}
	}
	for _, spec := range []string{"random", "mcts:iterations=10", "alphabeta:depth=2"} {
		a, _ := New(spec, v, 1)
		if _, err := a.Choose(context.Background(), m); !errors.Is(err, ErrGameOver) {
			t.Errorf("%s on a finished game: %v", spec, err)
		}
	}
}

// playSequence has a fresh agent from spec play both sides of a game for
// plies moves and returns the notations.
func playSequence(t *testing.T, spec string, seed uint64, plies int) string {
	t.Helper()
	v := pogo.Variant()
	a, err := New(spec, v, seed)
	if err != nil {
		t.Fatal(err)
	}
	m := game.NewMatch(v.Start())
	for i := 0; i < plies && !m.Outcome().Ended(); i++ {
		mv, err := a.Choose(context.Background(), m)
		if err != nil {
			t.Fatal(err)
		}
		if err := m.Play(mv); err != nil {
			t.Fatal(err)
		}
	}
	return strings.Join(m.Notations(), " ")
}

func TestDeterminism(t *testing.T) {
	for _, spec := range []string{"random", "mcts:iterations=300,threads=2", "alphabeta:depth=3,noise=0.5", "alphabeta:nodes=3000", "easy"} {
		a, b := playSequence(t, spec, 42, 10), playSequence(t, spec, 42, 10)
		if a != b {
			t.Errorf("%s with the same seed:\n%s\n%s", spec, a, b)
		}
	}
	if playSequence(t, "mcts:iterations=300,threads=2", 1, 10) == playSequence(t, "mcts:iterations=300,threads=2", 2, 10) {
		t.Error("mcts plays the same game with two seeds")
	}
}

// TestMCTSFindsForcedWins checks MCTS-Solver: it plays the win in one,
// and proves the win in three plies, so that it stops before its budget.
func TestMCTSFindsForcedWins(t *testing.T) {
	for _, tc := range []struct {
		position string
		want     func(game.State) []game.Move
	}{
		{pogoWinIn1, winningMoves},
		{pogoWinIn3, forcingMoves},
	} {
		m := pogoMatch(t, tc.position)
		want := tc.want(m.State())[0]
		for seed := uint64(0); seed < 3; seed++ {
			a, _ := NewMCTS(MCTSConfig{Iterations: 20000, Threads: 2}, seed)
			mv, err := a.Choose(context.Background(), m)
			if err != nil || mv != want {
				t.Errorf("%s, seed %d: %s, %v; want %s", tc.position, seed, m.State().MoveString(mv), err, m.State().MoveString(want))
			}
			for _, tr := range a.trees {
				if root := tr.nodes[0]; root.proof != proofWin || root.visits >= 10000 {
					t.Errorf("%s, seed %d: root proof %d after %d visits; want a proven win before the budget", tc.position, seed, root.proof, root.visits)
				}
			}
		}
	}
}

func TestAlphaBetaFindsForcedWins(t *testing.T) {
	for _, tc := range []struct {
		position string
		depth    int
		want     func(game.State) []game.Move
	}{
		{pogoWinIn1, 1, winningMoves},
		{pogoWinIn1, 4, winningMoves},
		{pogoWinIn3, 3, forcingMoves},
		{pogoWinIn3, 5, forcingMoves},
	} {
		m := pogoMatch(t, tc.position)
		want := tc.want(m.State())[0]
		a, _ := NewAlphaBeta(AlphaBetaConfig{Depth: tc.depth}, m.Variant(), 1)
		mv, err := a.Choose(context.Background(), m)
		if err != nil || mv != want {
			t.Errorf("%s at depth %d: %s, %v; want %s", tc.position, tc.depth, m.State().MoveString(mv), err, m.State().MoveString(want))
		}
	}
}

// TestCancellation checks that a search with a budget of hours stops once
// its context is cancelled, with a legal move, and that a search cancelled
// before it starts has no move to give.
//
// Nothing here measures the machine's speed: the budgets (an hour, a
// billion playouts, depth 200) are out of reach, so a search that returns
// at all was stopped by the cancellation. The only bound, a minute from
// the cancellation to the answer, turns a search that ignores it into a
// failure rather than a hang; idle, the answer comes within milliseconds,
// so even at load 10 a minute is far more than enough. A search cancelled
// before its first playout or depth has no move (the Agent contract): on
// a machine so busy that the search did not get the CPU before the
// cancellation, the test cancels later, 100 ms, then 200 ms... until it
// has one.
func TestCancellation(t *testing.T) {
	v := pogo.Variant()
	m := game.NewMatch(v.Start())
	for _, spec := range []string{"mcts:time=1h", "mcts:iterations=1000000000,threads=2", "alphabeta:time=1h", "alphabeta:depth=200"} {
		a, err := New(spec, v, 1)
		if err != nil {
			t.Fatal(err)
		}
		for after := 100 * time.Millisecond; ; after *= 2 {
			ctx, cancel := context.WithCancel(context.Background())
			type answer struct {
				mv  game.Move
				err error
			}
			done := make(chan answer, 1)
			go func() {
				mv, err := a.Choose(ctx, m)
				done <- answer{mv, err}
			}()
			time.Sleep(after) // lets the search run; how far it gets does not matter
			cancel()
			var got answer
			select {
			case got = <-done:
			case <-time.After(time.Minute):
				t.Fatalf("%s: no answer a minute after the cancellation", spec)
			}
			if got.err != nil && after < 30*time.Second && strings.Contains(got.err.Error(), "stopped before") {
				t.Logf("%s: cancelled after %v, before the first result: again, later", spec, after)
				continue
			}
			if got.err != nil {
				t.Errorf("%s: %v", spec, got.err)
			} else if err := game.NewMatch(v.Start()).Play(got.mv); err != nil {
				t.Errorf("%s: %v", spec, err)
			}
			break
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, err := a.Choose(ctx, m); !errors.Is(err, context.Canceled) {
			t.Errorf("%s cancelled before the start: %v, want context.Canceled", spec, err)
		}
	}
}

func TestMCTSBeatsRandom(t *testing.T) {
	r, err := Match(context.Background(), MatchConfig{
		Variant: pogo.Variant(), Specs: []string{"mcts:iterations=200,threads=1", "random"},
		Games: 20, Seed: 1, Parallel: 2,
	})
	if err != nil {
		t.Fatal(err)
	}
	// Measured: 20 wins out of 20; 17 leaves room for other seeds.
	if w := r.Standings[0].Wins; w < 17 {
		t.Fatalf("mcts won %d of 20 games against random: %+v", w, r.Standings)
	}
}

// TestTreeReuse checks that after a move and the reply the tree explored
// most, the next search starts from that reply's subtree.
func TestTreeReuse(t *testing.T) {
	const iterations = 3000
	a, _ := NewMCTS(MCTSConfig{Iterations: iterations, Threads: 1}, 1)
	m := game.NewMatch(pogo.Variant().Start())
	mv, err := a.Choose(context.Background(), m)
	if err != nil {
		t.Fatal(err)
	}
	tr := a.trees[0]
	child := tr.childWith(0, mv)
	reply := tr.nodes[tr.nodes[child].first]
	for i := tr.nodes[child].first; i < tr.nodes[child].first+tr.nodes[child].count; i++ {
		if tr.nodes[i].visits > reply.visits {
			reply = tr.nodes[i]
		}
	}
	if reply.visits < 10 {
		t.Fatalf("the most explored reply has %d visits", reply.visits)
	}
	for _, x := range []game.Move{mv, reply.move} {
		if err := m.Play(x); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := a.Choose(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	if got := tr.nodes[0].visits; got != reply.visits+iterations {
		t.Fatalf("root visits %d after reuse, want %d + %d", got, reply.visits, iterations)
	}
	// An undo leaves the tree's path: the next search starts afresh.
	if err := m.Undo(2); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Choose(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	if got := tr.nodes[0].visits; got != iterations {
		t.Fatalf("root visits %d after an undo, want %d", got, iterations)
	}
}

func TestSpecs(t *testing.T) {
	v := pogo.Variant()
	for spec, name := range map[string]string{
		"random":                                "random",
		" MCTS ":                                "mcts:iterations=10000,threads=",
		"mcts:time=2s":                          "mcts:time=2s,threads=",
		"mcts:iterations=20000,threads=2,c=1.4": "mcts:iterations=20000,threads=2,c=1.4",
		"alphabeta":                             "alphabeta:depth=6",
		"alphabeta:time=1s,noise=0.5":           "alphabeta:time=1s,noise=0.5",
		"alphabeta:nodes=5000,depth=4":          "alphabeta:depth=4,nodes=5000",
		"easy":                                  "easy (",
		"hard":                                  "hard (",
	} {
		a, err := New(spec, v, 1)
		if err != nil {
			t.Errorf("%q: %v", spec, err)
		} else if !strings.HasPrefix(a.Name(), name) {
			t.Errorf("%q is named %q, want %q...", spec, a.Name(), name)
		}
	}
	for spec, want := range map[string]string{
		"chess":              "unknown agent",
		"mcts:depth=3":       "mcts has no parameter depth; its parameters are iterations",
		"mcts:iterations=-1": "iterations=-1 must be a whole number",
		"mcts:time=fast":     "time=fast must be a duration",
		"mcts:":              "nothing after the colon",
		"mcts:c":             "not of the form key=value",
		"mcts:c=1,c=2":       "given twice",
		"alphabeta:depth=0":  "depth=0 must be a whole number from 1",
		"alphabeta:nodes=x":  "nodes=x must be a whole number from 1",
		"random:x=1":         "random takes no parameters",
		"hard:time=1s":       "takes no parameters",
		"mcts:threads=0":     "threads=0 must be a whole number from 1",
	} {
		_, err := New(spec, v, 1)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want an error with %q", spec, err, want)
		}
	}
	if _, err := New("chess", v, 1); !strings.Contains(err.Error(), "mcts[:iterations=N]") {
		t.Errorf("the unknown agent error does not list the specs: %v", err)
	}
	saute, _ := game.NewVariant("saute", game.Options{"players": "3"})
	if _, err := New("alphabeta:rounds=1", saute, 1); err != nil {
		t.Errorf("alphabeta on three players (paranoid): %v", err)
	}
	if _, err := New("alphabeta:rounds=100", saute, 1); err == nil || !strings.Contains(err.Error(), "the most is") {
		t.Errorf("alphabeta:rounds=100 on three players: %v, want too deep", err)
	}
	solitaire, _ := game.NewVariant("solitaire", nil)
	if _, err := New("alphabeta", solitaire, 1); err == nil || !strings.Contains(err.Error(), "two sides or more") {
		t.Errorf("alphabeta on one player: %v", err)
	}
}

func TestRewards(t *testing.T) {
	sol, _ := game.NewVariant("solitaire", nil)
	for left, want := range map[int]float64{1: 1, 36: 0, 18: 18.0 / 35} {
		o := game.Outcome{Status: game.Over, Scores: [game.MaxPlayers]int{left}}
		if got := Rewards(sol, o)[0]; got != want {
			t.Errorf("solitaire with %d left: %v, want %v", left, got, want)
		}
	}
	teams, _ := game.NewVariant("saute", game.Options{"players": "4", "teams": "true"})
	r := Rewards(teams, game.Outcome{Status: game.Win, Winners: 0b0101})
	if r != [game.MaxPlayers]float64{1, 0, 1, 0} {
		t.Errorf("team win: %v", r)
	}
	if r := Rewards(teams, game.Outcome{Status: game.Draw}); r != [game.MaxPlayers]float64{0.5, 0.5, 0.5, 0.5} {
		t.Errorf("draw: %v", r)
	}
}

func TestSolitaireImproves(t *testing.T) {
	v, _ := game.NewVariant("solitaire", nil)
	left := func(spec string) int {
		a, _ := New(spec, v, 3)
		m := game.NewMatch(v.Start())
		o, err := PlayGame(context.Background(), m, []Agent{a})
		if err != nil {
			t.Fatal(err)
		}
		return o.Scores[0]
	}
	random, mcts := left("random"), left("mcts:iterations=300,threads=1")
	t.Logf("pieces left: random %d, mcts %d", random, mcts)
	if mcts > random {
		t.Errorf("mcts leaves %d pieces, random %d", mcts, random)
	}
}

func TestPlayGameChecksAgents(t *testing.T) {
	v := pogo.Variant()
	a, _ := New("random", v, 1)
	if _, err := PlayGame(context.Background(), game.NewMatch(v.Start()), []Agent{a}); err == nil {
		t.Error("one agent for two seats accepted")
	}
	if _, err := PlayGame(context.Background(), game.NewMatch(v.Start()), []Agent{a, illegal{}}); err == nil || !strings.Contains(err.Error(), "illegal") {
		t.Errorf("illegal move: %v", err)
	}
}

// illegal always plays a move that is not legal.
type illegal struct{}

func (illegal) Name() string { return "illegal" }
func (illegal) Choose(context.Context, *game.Match) (game.Move, error) {
	return game.Move(1 << 40), nil
}

func BenchmarkMCTSIterations(b *testing.B) {
	m := game.NewMatch(pogo.Variant().Start())
	const iterations = 2000
	for _, decisive := range []bool{true, false} {
		b.Run(fmt.Sprintf("decisive=%t", decisive), func(b *testing.B) {
			for b.Loop() {
				a, _ := NewMCTS(MCTSConfig{Iterations: iterations, Threads: 1, NoDecisive: !decisive}, 1)
				if _, err := a.Choose(context.Background(), m); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N*iterations)/b.Elapsed().Seconds(), "iterations/s")
		})
	}
}

func BenchmarkAlphaBetaNodes(b *testing.B) {
	m := game.NewMatch(pogo.Variant().Start())
	var nodes int64
	for b.Loop() {
		a, _ := NewAlphaBeta(AlphaBetaConfig{Depth: 6}, pogo.Variant(), 1)
		if _, err := a.Choose(context.Background(), m); err != nil {
			b.Fatal(err)
		}
		nodes += a.Nodes()
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// TestAlphaBetaNodeBudget checks that a node budget cuts the search where
// it says, and that it searches deeper where the tree is narrow.
func TestAlphaBetaNodeBudget(t *testing.T) {
	v := pogo.Variant()
	m := game.NewMatch(v.Start())
	a, err := NewAlphaBeta(AlphaBetaConfig{Nodes: 20000}, v, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Choose(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	if n := a.Nodes(); n < 20000 || n > 20000+maxPly {
		t.Errorf("a budget of 20000 nodes visited %d", n)
	}
	if a.Depth() < 3 {
		t.Errorf("20000 nodes reached depth %d only at POGO's start", a.Depth())
	}
}

// TestMCTSAvoidsLosingInOne replays a game of L'Empire that MCTS lost
// against random moves before it looked one move ahead at expansion: the
// move it chose let the opponent's commandant reach his throne. With few
// playouts in long games a random playout rarely tries that reply; the
// look-ahead marks it at once.
func TestMCTSAvoidsLosingInOne(t *testing.T) {
	v, err := game.NewVariant("empire", game.Options{"players": "2"})
	if err != nil {
		t.Fatal(err)
	}
	m := game.NewMatch(v.Start())
	for _, mv := range strings.Fields("b3-k3 j12-j5 a4-d4 j5-j6 b2-h2 j6-c6 k3-k8 l10-b10 d1-d8 l11-l5 " +
		"c2-c10 l5-k5 a3-a8 j10-l10 c1-e1 k5-k9 b1-g1 k10-k2 k8-j8 c6-c12 d8-b8 k12-j12 b8-k8 " +
		"l9-f9 h2-h4 j11-j2 c10-j10 f9-d9 e1-e5 k9-a9 a1-a10 i12-b12 j10-f10 d9-d10 j8-b8 " +
		"k11-g11 a2-l2 g11-j11 e5-e9 k2-k9 c3-c4 a9-a6 k8-e8") {
		if _, err := m.PlayNotation(mv); err != nil {
			t.Fatal(err)
		}
	}
	for seed := uint64(1); seed <= 3; seed++ {
		a, err := New("mcts:iterations=400,threads=1", v, seed)
		if err != nil {
			t.Fatal(err)
		}
		mv, err := a.Choose(context.Background(), m)
		if err != nil {
			t.Fatal(err)
		}
		s := m.State().Clone()
		s.Apply(mv)
		for _, reply := range s.LegalMoves(nil) {
			c := s.Clone()
			c.Apply(reply)
			if c.Outcome().Ended() {
				t.Errorf("seed %d: %s lets the opponent win at once with %s", seed, m.State().MoveString(mv), s.MoveString(reply))
				break
			}
		}
	}
}
