package ai

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/plateau-games/plateau/game"
)

// evalGames are the two-player games with a hand-written evaluation.
var evalGames = []string{"alignement", "blocus", "empire", "pods", "poldr", "polygone", "porte", "saute"}

func evalVariant(t testing.TB, id string) *game.Variant {
	t.Helper()
	opts := game.Options{}
	if id == "pods" {
		opts["orientation"] = "0"
	}
	v, err := game.NewVariant(id, opts)
	if err != nil {
		t.Fatal(err)
	}
	if v.Players != 2 {
		t.Fatalf("%s: the default variant has %d players", id, v.Players)
	}
	return v
}

// TestEvalsAntisymmetric checks that every evaluation is registered and,
// along random games, finite, within bounds, and the same for one seat as
// minus for the other: each weighs the two sides alike.
func TestEvalsAntisymmetric(t *testing.T) {
	for _, id := range evalGames {
		f, ok := LookupEval(id)
		if !ok {
			t.Errorf("%s has no evaluation", id)
			continue
		}
		v := evalVariant(t, id)
		rng := rand.New(rand.NewPCG(1, 2))
		var buf []game.Move
		for g := 0; g < 4; g++ {
			s := v.Start()
			for ply := 0; ply < 200 && !s.Outcome().Ended(); ply++ {
				a, b := f(s, 0), f(s, 1)
				if math.IsNaN(a) || math.Abs(a) > EvalLimit || math.Abs(a+b) > 1e-9 {
					t.Fatalf("%s: eval %v for seat 0, %v for seat 1 at\n%s", id, a, b, s.Encode())
				}
				buf = s.LegalMoves(buf)
				s.Apply(buf[rng.IntN(len(buf))])
			}
		}
	}
}

// TestEvalsAlphaBetaQuick checks that alpha-beta with each evaluation
// answers legal moves quickly through the first plies of a game.
func TestEvalsAlphaBetaQuick(t *testing.T) {
	for _, id := range evalGames {
		v := evalVariant(t, id)
		m := game.NewMatch(v.Start())
		agents := make([]Agent, 2)
		for i := range agents {
			a, err := New("alphabeta:depth=2", v, uint64(i))
			if err != nil {
				t.Fatal(err)
			}
			agents[i] = a
		}
		start := time.Now()
		for ply := 0; ply < 10 && !m.Outcome().Ended(); ply++ {
			mv, err := agents[m.State().ToMove()].Choose(context.Background(), m)
			if err != nil {
				t.Fatalf("%s: %v", id, err)
			}
			if err := m.Play(mv); err != nil {
				t.Fatalf("%s: alpha-beta chose an illegal move: %v", id, err)
			}
		}
		if d := time.Since(start); d > 20*time.Second {
			t.Errorf("%s: ten moves at depth 2 took %v", id, d)
		}
	}
}

// TestEvalsPreferBetter checks each evaluation on one constructed position
// where seat 0 (the first player) plainly stands better.
func TestEvalsPreferBetter(t *testing.T) {
	for _, c := range []struct{ id, position, why string }{
		{"alignement", "s.../Cstc/ST.S/t.T. c5 16", "Red has three on rank 5 with the fourth circle empty"},
		{"blocus", "............/.......k..../............/............/............/............/............/............/............/............/....K....G../............ N 0 1",
			"South's king has an exit path (guard on j2), North's none"},
		{"empire", "........2S2T2S2T/.........2S2C2S/.........2T2S2T/............/............/............/............/............/1S.........../1T1S1T........./1S1C1S........./1T1S1T1S........ 2 10",
			"seat 1 has taken an archer"},
		{"pods", "....../....../....../....../....../B2..... O,H1,H2,Q1,Q2,Q3,Q4,Q5,Q6,T1,T2,T3,B1 o,h1,h2,q1,q2,q3,q4,q5,q6,t1,t2,t3,b1,b2 b - 1",
			"White has placed a pod more"},
		{"poldr", "6/6/P5/b5/b5/B5 Y 14,16 1 1,0 1", "Blue has placed two bricks in phase 1"},
		{"polygone", "B1-A1,B1-B2,B2-A2,C1-B1,C1-C2,C1-D1,C2-B2,C2-C3,C2-D2,D1-D2,D1-E1,D2-E2 A3-B4,A4-B5,B4-B5,B4-C5,B5-C6,C4-C5,C5-C6,D4-C5,D4-D5,D5-C6,E3-D4 W 0 10",
			"White has captured a segment"},
		{"porte", "5gSgCgT4/12/12/12/12/12/12/12/12/12/1rS10/4rTrCrS5 g 5", "red has brought a square in"},
		{"saute", "12/12/12/STS9/STS9/STS9/STS9/STS9/9STS/12/12/12 R 0 9", "Blue's rank 4 has finished"},
	} {
		v := evalVariant(t, c.id)
		s, err := v.Decode(c.position)
		if err != nil {
			t.Errorf("%s: %v", c.id, err)
			continue
		}
		f, _ := LookupEval(c.id)
		if a, b := f(s, 0), f(s, 1); !(a > 0 && b < 0) {
			t.Errorf("%s: %s, yet the evaluation gives %v to seat 0 and %v to seat 1", c.id, c.why, a, b)
		}
	}
}
