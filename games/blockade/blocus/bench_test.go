package blocus_test

import (
	"testing"

	"github.com/plateau-games/plateau/game/conformance"
	"github.com/plateau-games/plateau/games/blockade/blocus"
)

// BenchmarkHasExitPath asks both kings' exit paths over positions of
// random games: every Apply asks it, and the puzzle prover's searches
// spend most of their time there.
func BenchmarkHasExitPath(b *testing.B) {
	ps := conformance.Positions(blocus.Variant(), 1024, 3)
	b.ReportAllocs()
	n := 0
	for i := 0; b.Loop(); i++ {
		s := ps[i&1023].(*blocus.State)
		if s.HasExitPath(0) {
			n++
		}
		if s.HasExitPath(1) {
			n++
		}
	}
	_ = n
}

func BenchmarkLegalMoves(b *testing.B) { conformance.BenchmarkLegalMoves(b, blocus.Variant()) }

func BenchmarkPlayout(b *testing.B) { conformance.BenchmarkPlayout(b, blocus.Variant()) }
