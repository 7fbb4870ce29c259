package conformance

import (
	"math/rand/v2"
	"testing"

	"github.com/plateau-games/plateau/game"
)

// Positions returns n positions met in seeded random games of v, for
// benchmarks that need a spread of real positions.
func Positions(v *game.Variant, n int, seed uint64) []game.State {
	rng := rand.New(rand.NewPCG(seed, 4))
	var out []game.State
	for len(out) < n {
		s := v.Start()
		for !s.Outcome().Ended() && len(out) < n && (v.PlyLimit == 0 || s.Ply() < v.PlyLimit) {
			out = append(out, s.Clone())
			moves := s.LegalMoves(nil)
			s.Apply(moves[rng.IntN(len(moves))])
		}
	}
	return out
}

// BenchmarkLegalMoves measures move generation over 1024 positions of
// random games of v.
func BenchmarkLegalMoves(b *testing.B, v *game.Variant) {
	ps := Positions(v, 1024, 3)
	buf := make([]game.Move, 0, 4096)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		buf = ps[i&1023].LegalMoves(buf)
	}
}

// BenchmarkPlayout measures whole random games of v under the complete
// rules (repetition and ply limit), as `plateau bench` plays them, and
// reports moves per second.
func BenchmarkPlayout(b *testing.B, v *game.Variant) {
	rng := rand.New(rand.NewPCG(1, 1))
	rep := game.NewRepetitionTable(v.PlyLimit + 1)
	buf := make([]game.Move, 0, 4096)
	start := v.Start()
	plies := 0
	b.ReportAllocs()
	for b.Loop() {
		_, n := game.Playout(start.Clone(), rng, buf, rep)
		plies += n
	}
	b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "moves/s")
}
