package ai

import (
	"context"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	pogosolve "github.com/plateau-games/plateau/solve/pogo"
)

// minimaxChild is plain minimax without pruning or table, with the
// conventions of AlphaBeta.child: the value for me's side of position c,
// reached by a move of me at ply-1, searched depth plies more, with the
// game's history hist for repetition and path the positions since the
// root.
func minimaxChild(v *game.Variant, eval EvalFunc, c game.State, depth, ply, me int, hist map[uint64]int, path []uint64) float64 {
	h := c.Hash()
	occurrences := 1 + hist[h]
	for _, x := range path {
		if x == h {
			occurrences++
		}
	}
	if o := v.Judge(c, occurrences); o.Ended() {
		switch r := Rewards(v, o)[me]; r {
		case 1:
			return winScore - float64(ply)
		case 0:
			return -(winScore - float64(ply))
		default:
			return (r - 0.5) * 2 * EvalLimit
		}
	}
	if occurrences > 1 {
		return 0
	}
	mover := c.ToMove()
	var value float64
	if depth == 0 {
		value = min(EvalLimit, max(-EvalLimit, eval(c, mover)))
	} else {
		value = math.Inf(-1)
		for _, mv := range c.LegalMoves(nil) {
			g := c.Clone()
			g.Apply(mv)
			value = max(value, minimaxChild(v, eval, g, depth-1, ply+1, mover, hist, append(path, h)))
		}
	}
	if v.Team(mover) != v.Team(me) {
		value = -value
	}
	return value
}

// TestAnalyseAlphaBetaIsMinimax checks every move's value of alpha-beta's
// analysis against plain minimax, on positions of random POGO games.
func TestAnalyseAlphaBetaIsMinimax(t *testing.T) {
	v, _ := game.NewVariant("pogo", nil)
	eval, _ := LookupEval("pogo")
	rng := newRNG(5)
	for g := 0; g < 4; g++ {
		m := game.NewMatch(v.Start())
		for ply := 0; ply < 6+4*g && !m.Outcome().Ended(); ply++ {
			moves := m.LegalMoves(nil)
			if err := m.Play(moves[rng.IntN(len(moves))]); err != nil {
				t.Fatal(err)
			}
		}
		if m.Outcome().Ended() {
			continue
		}
		hist := map[uint64]int{}
		s := m.Start().Clone()
		hist[s.Hash()]++
		for _, mv := range m.Moves() {
			s.Apply(mv)
			hist[s.Hash()]++
		}
		moves, err := Analyse(context.Background(), m, "alphabeta:depth=2", 1)
		if err != nil {
			t.Fatal(err)
		}
		if len(moves) != len(m.LegalMoves(nil)) {
			t.Fatalf("%d moves valued, %d legal", len(moves), len(m.LegalMoves(nil)))
		}
		me := m.State().ToMove()
		for i, x := range moves {
			c := m.State().Clone()
			c.Apply(x.Move)
			want := minimaxChild(v, eval, c, 1, 1, me, hist, nil)
			if x.Score != want || x.Bound != Found {
				t.Errorf("%s: %s scored %g (bound %d), minimax %g", m.State().Encode(), x.Notation, x.Score, x.Bound, want)
			}
			if i > 0 && x.Value > moves[0].Value {
				t.Errorf("%s: %s (%g) is better than the first, %s (%g)", m.State().Encode(), x.Notation, x.Value, moves[0].Notation, moves[0].Value)
			}
			if x.Value < -1 || x.Value > 1 {
				t.Errorf("%s: value %g", x.Notation, x.Value)
			}
		}
	}
}

// TestAnalyseWins: the win in one and the win in three are proven, with
// their plies, by alpha-beta and (without plies) by MCTS.
func TestAnalyseWins(t *testing.T) {
	for _, tc := range []struct {
		position string
		plies    int
	}{{pogoWinIn1, 1}, {pogoWinIn3, 3}} {
		m := pogoMatch(t, tc.position)
		var want []game.Move
		if tc.plies == 1 {
			want = winningMoves(m.State())
		} else {
			want = forcingMoves(m.State())
		}
		for _, spec := range []string{"alphabeta:depth=4", "hard", "mcts:iterations=3000,threads=1"} {
			moves, err := Analyse(context.Background(), m, spec, 1)
			if err != nil {
				t.Fatal(err)
			}
			best := moves[0]
			if best.Move != want[0] || best.Proof != ProvenWin || best.Value != 1 {
				t.Errorf("%s, %s: best %s %+v, want %s proven won", tc.position, spec, best.Notation, best, m.State().MoveString(want[0]))
			}
			if strings.HasPrefix(spec, "mcts") {
				if wantPlies := map[int]int{1: 1, 3: 0}[tc.plies]; best.Plies != wantPlies {
					t.Errorf("%s: MCTS counted %d plies, want %d", spec, best.Plies, wantPlies)
				}
				for _, x := range moves {
					if x.Proof == Unproven && x.Visits < minFocusVisits {
						t.Errorf("%s: %s has %d visits", spec, x.Notation, x.Visits)
					}
				}
				continue
			}
			if best.Plies != tc.plies {
				t.Errorf("%s, %s: won in %d plies, want %d", tc.position, spec, best.Plies, tc.plies)
			}
		}
	}
}

// TestAnalyseFocus: with a focus move, the best move and it are valued,
// the others bounded by at most the best value.
func TestAnalyseFocus(t *testing.T) {
	v, _ := game.NewVariant("pogo", nil)
	m := game.NewMatch(v.Start())
	for _, mv := range []string{"2b1-b3", "1a3-a2", "1c1-c2"} {
		if _, err := m.PlayNotation(mv); err != nil {
			t.Fatal(err)
		}
	}
	legal := m.LegalMoves(nil)
	focus := legal[len(legal)-1]
	a, err := NewAnalyser("alphabeta:depth=4", v, 1)
	if err != nil {
		t.Fatal(err)
	}
	an, err := a.Analyse(context.Background(), m, focus)
	if err != nil {
		t.Fatal(err)
	}
	all, err := Analyse(context.Background(), m, "alphabeta:depth=4", 1)
	if err != nil {
		t.Fatal(err)
	}
	if an.Depth != 4 || an.Nodes == 0 || len(an.Moves) != len(legal) {
		t.Fatalf("depth %d, nodes %d, %d moves", an.Depth, an.Nodes, len(an.Moves))
	}
	if an.Best().Bound != Found || an.Best().Score != all[0].Score {
		t.Errorf("best %+v, without focus %+v", an.Best(), all[0])
	}
	f, ok := an.Of(focus)
	if !ok || f.Bound != Found {
		t.Fatalf("focus %+v", f)
	}
	for _, x := range all {
		if x.Move == focus && x.Score != f.Score {
			t.Errorf("focus %s: %g, without focus %g", x.Notation, f.Score, x.Score)
		}
	}
	for _, x := range an.Moves {
		if x.Bound == Upper && x.Score > an.Best().Score {
			t.Errorf("%s bounded by %g above the best %g", x.Notation, x.Score, an.Best().Score)
		}
	}
}

// TestAnalyseBudgets: a node budget gives the same values on every run,
// whatever was analysed before; the first iteration always completes; a
// cancelled analysis fails.
func TestAnalyseBudgets(t *testing.T) {
	v, _ := game.NewVariant("pogo", nil)
	m := game.NewMatch(v.Start())
	a, _ := NewAnalyser("alphabeta:nodes=3000", v, 1)
	first, err := a.Analyse(context.Background(), m)
	if err != nil {
		t.Fatal(err)
	}
	other := game.NewMatch(v.Start())
	other.PlayNotation("2b1-b3")
	if _, err := a.Analyse(context.Background(), other); err != nil {
		t.Fatal(err)
	}
	again, _ := a.Analyse(context.Background(), m)
	for i := range first.Moves {
		if first.Moves[i] != again.Moves[i] {
			t.Fatalf("move %d: %+v then %+v", i, first.Moves[i], again.Moves[i])
		}
	}
	tiny, _ := NewAnalyser("alphabeta:nodes=1", v, 1)
	an, err := tiny.Analyse(context.Background(), m)
	if err != nil || an.Depth != 1 || len(an.Moves) != 16 {
		t.Fatalf("nodes=1: %v, %+v", err, an)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, spec := range []string{"hard", "mcts:iterations=100"} {
		b, _ := NewAnalyser(spec, v, 1)
		if _, err := b.Analyse(ctx, m); err == nil {
			t.Errorf("%s: a cancelled analysis succeeded", spec)
		}
	}
	if _, err := a.Analyse(context.Background(), pogoMatchOver(t)); err != ErrGameOver {
		t.Errorf("game over: %v", err)
	}
}

// pogoMatchOver is a POGO match that is over.
func pogoMatchOver(t *testing.T) *game.Match {
	m := pogoMatch(t, pogoWinIn1)
	if err := m.Play(winningMoves(m.State())[0]); err != nil {
		t.Fatal(err)
	}
	return m
}

func TestAnalyserSpecs(t *testing.T) {
	v, _ := game.NewVariant("pogo", nil)
	for _, spec := range []string{"random", "engine:plateau engine", "nobody"} {
		if _, err := NewAnalyser(spec, v, 1); err == nil {
			t.Errorf("%s: accepted", spec)
		}
	}
	a, err := NewAnalyser("hard", v, 1)
	if err != nil || a.Name() != "hard (alphabeta:depth=8)" {
		t.Errorf("hard: %v, %v", a, err)
	}
	for _, tc := range []struct {
		game, opts, level, want string
	}{
		{"pogo", "", "hard", "alphabeta:depth=8"},
		{"alignement", "", "medium", "mcts:iterations=1000,threads=1"},
		{"empire", "players=3", "hard", "alphabeta:depth=5,nodes=300000"},
		{"empire", "players=4", "hard", "alphabeta:depth=4,nodes=300000,brs=true"},
		{"empire", "players=4,teams=true", "hard", "alphabeta:depth=5,nodes=300000"},
		{"poldr", "players=3", "hard", "mcts:iterations=10000,threads=1"},
		{"porte", "players=3", "hard", "mcts:iterations=10000,time=5s"},
		{"saute", "players=3", "easy", "mcts:iterations=100,threads=1"},
		{"solitaire", "", "hard", "mcts:iterations=10000,time=5s"},
	} {
		opts, _ := game.ParseOptions(tc.opts)
		v, err := game.NewVariant(tc.game, opts)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := LevelSearchSpec(v, tc.level); err != nil || got != tc.want {
			t.Errorf("%s %s %s: %q (%v), want %q", tc.game, tc.opts, tc.level, got, err, tc.want)
		}
	}
}

// TestAnalysePerfect reads the POGO solution (PLATEAU_POGO_TABLE, or the
// place plateau solve pogo writes it to) when there is one.
func TestAnalysePerfect(t *testing.T) {
	path := os.Getenv("PLATEAU_POGO_TABLE")
	if path == "" {
		path = pogosolve.DefaultPath()
	}
	if _, err := os.Stat(path); err != nil {
		t.Skip("no POGO solution: set PLATEAU_POGO_TABLE or run plateau solve pogo")
	}
	m := pogoMatch(t, pogoWinIn3)
	moves, err := Analyse(context.Background(), m, "perfect:table="+path, 1)
	if err != nil {
		t.Fatal(err)
	}
	if moves[0].Move != forcingMoves(m.State())[0] || moves[0].Proof != ProvenWin || moves[0].Plies != 3 {
		t.Errorf("best %+v", moves[0])
	}
	for _, x := range moves {
		if x.Proof == Unproven || x.Value != map[Proof]float64{ProvenWin: 1, ProvenDraw: 0, ProvenLoss: -1}[x.Proof] {
			t.Errorf("%+v", x)
		}
	}
	start := game.NewMatch(m.Variant().Start())
	moves, _ = Analyse(context.Background(), start, "perfect:table="+path, 1)
	if moves[0].Proof != ProvenDraw {
		t.Errorf("the start is a draw: %+v", moves[0])
	}
}
