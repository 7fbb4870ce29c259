package polygone_test

import (
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/game/conformance"
	"github.com/plateau-games/plateau/games/polygone"
)

// positions returns positions met in random games, for the benchmarks.
func positions(n int) []*polygone.State {
	var out []*polygone.State
	for _, s := range conformance.Positions(polygone.Variant(), n, 3) {
		out = append(out, s.(*polygone.State))
	}
	return out
}

func BenchmarkLegalMoves(b *testing.B) { conformance.BenchmarkLegalMoves(b, polygone.Variant()) }

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
func BenchmarkPlayout(b *testing.B) { conformance.BenchmarkPlayout(b, polygone.Variant()) }
