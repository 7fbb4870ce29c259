package polygone_test

import (
	"math/rand/v2"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/polygone"
)

// positions returns positions met in random games, for the benchmarks.
func positions(n int) []*polygone.State {
	rng := rand.New(rand.NewPCG(3, 4))
	var out []*polygone.State
	for len(out) < n {
		s := polygone.New()
		for !s.Outcome().Ended() && len(out) < n && s.Ply() < 300 {
			out = append(out, s.Clone().(*polygone.State))
			moves := s.LegalMoves(nil)
			s.Apply(moves[rng.IntN(len(moves))])
		}
	}
	return out
}

func BenchmarkLegalMoves(b *testing.B) {
	ps := positions(1024)
	buf := make([]game.Move, 0, 256)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		buf = ps[i&1023].LegalMoves(buf)
	}
}

// BenchmarkFaces finds the capturing polygons of whole boards, every face
// examined (what Decode does, and the worst case of a chain step).
func BenchmarkFaces(b *testing.B) {
	ps := positions(1024)
	b.ReportAllocs()
	n := 0
	for i := 0; b.Loop(); i++ {
		n += polygone.CapturingPolygons(ps[i&1023])
	}
	_ = n
}

func BenchmarkApply(b *testing.B) {
	ps := positions(1024)
	moves := make([]game.Move, len(ps))
	for i, p := range ps {
		moves[i] = p.LegalMoves(nil)[0]
	}
	var s polygone.State
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		s = *ps[i&1023]
		s.Apply(moves[i&1023])
	}
}

// BenchmarkPlayout is one random game through the generic API with the
// complete rules (repetition and ply limit), as `plateau bench` plays it.
func BenchmarkPlayout(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	rep := game.NewRepetitionTable(301)
	buf := make([]game.Move, 0, 256)
	start := polygone.New()
	var s polygone.State
	plies := 0
	b.ReportAllocs()
	for b.Loop() {
		s = *start
		_, n := game.Playout(&s, rng, buf, rep)
		plies += n
	}
	b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "moves/s")
}
