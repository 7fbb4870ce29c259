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

// BenchmarkApply clones each of 1024 positions of random games of v and
// plays its first legal move.
func BenchmarkApply(b *testing.B, v *game.Variant) {
	ps := Positions(v, 1024, 3)
	moves := make([]game.Move, len(ps))
	for i, p := range ps {
		moves[i] = p.LegalMoves(nil)[0]
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		ps[i&1023].Clone().Apply(moves[i&1023])
	}
}

// BenchmarkEncodeDecode writes a position's text and reads it back.
func BenchmarkEncodeDecode(b *testing.B, v *game.Variant) {
	ps := Positions(v, 1024, 3)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := v.Decode(ps[i&1023].Encode()); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNotation writes every legal move of a position and reads it
// back.
func BenchmarkNotation(b *testing.B, v *game.Variant) {
	ps := Positions(v, 1024, 3)
	buf := make([]game.Move, 0, 4096)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		s := ps[i&1023]
		buf = s.LegalMoves(buf)
		for _, mv := range buf {
			if _, err := s.ParseMove(s.MoveString(mv)); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkString draws a position as text.
func BenchmarkString(b *testing.B, v *game.Variant) {
	ps := Positions(v, 1024, 3)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		_ = ps[i&1023].String()
	}
}
