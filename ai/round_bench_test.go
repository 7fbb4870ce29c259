package ai

import (
	"context"
	"math/rand/v2"
	"syscall"
	"testing"
	"time"

	"github.com/plateau-games/plateau/game"
)

// played is an agent that plays the moves it was given, one a position:
// the guard's own cost, without the level's search.
type played map[uint64]game.Move

func (p played) Name() string { return "played" }

func (p played) Choose(_ context.Context, m *game.Match) (game.Move, error) {
	return p[m.State().Hash()], nil
}

// guardPositions are n positions of L'Empire in v after 4 to 33 random
// plies (seeded), each with the move medium plays there: the moves the
// guard checks in a game.
func guardPositions(tb testing.TB, v *game.Variant, n int) ([]*game.Match, played) {
	tb.Helper()
	rng := rand.New(rand.NewPCG(23, 9))
	var matches []*game.Match
	moves := played{}
	for len(matches) < n {
		m := game.NewMatch(v.Start())
		for i, k := 0, 4+rng.IntN(30); i < k && !m.Outcome().Ended(); i++ {
			legal := m.LegalMoves(nil)
			if err := m.Play(legal[rng.IntN(len(legal))]); err != nil {
				tb.Fatal(err)
			}
		}
		if m.Outcome().Ended() {
			continue
		}
		a, err := New("alphabeta:depth=3", v, 1)
		if err != nil {
			tb.Fatal(err)
		}
		mv, err := a.Choose(context.Background(), m)
		if err != nil {
			tb.Fatal(err)
		}
		matches = append(matches, m)
		moves[m.State().Hash()] = mv
	}
	return matches, moves
}

// BenchmarkRoundGuard is the round guard's cost for one move of L'Empire
// for three, four and four in teams (docs/ai.md gives the figures):
//
//	go test ./ai -run '^$' -bench RoundGuard -benchtime 20x
func BenchmarkRoundGuard(b *testing.B) {
	for _, opts := range []game.Options{{"players": "3"}, {"players": "4"}, {"players": "4", "teams": "true"}} {
		v, err := game.NewVariant("empire", opts)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(v.String(), func(b *testing.B) {
			matches, moves := guardPositions(b, v, 8)
			g := GuardRound("", moves, v)
			// The CPU time, not the wall's: the machines that run it are
			// shared.
			began := cpuTime()
			for b.Loop() {
				for _, m := range matches {
					if _, err := g.Choose(context.Background(), m); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(cpuTime()-began)/float64(b.N*len(matches))/1e6, "cpu-ms/move")
		})
	}
}

// cpuTime is the CPU time the process has used (user and system).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
