package empire_test

import (
	"testing"

	"github.com/plateau-games/plateau/game/conformance"
	"github.com/plateau-games/plateau/games/blockade/empire"
)

// The benchmarks of the rules' hot paths, on the four-player variant (the
// one with most pieces) over positions of random games: what searches and
// the conformance suite spend their time in.

func BenchmarkLegalMoves(b *testing.B) { conformance.BenchmarkLegalMoves(b, empire.Variant(4, false)) }
func BenchmarkPlayout(b *testing.B)    { conformance.BenchmarkPlayout(b, empire.Variant(4, false)) }
func BenchmarkApply(b *testing.B)      { conformance.BenchmarkApply(b, empire.Variant(4, false)) }
func BenchmarkEncodeDecode(b *testing.B) {
	conformance.BenchmarkEncodeDecode(b, empire.Variant(4, false))
}
func BenchmarkNotation(b *testing.B) { conformance.BenchmarkNotation(b, empire.Variant(4, false)) }
func BenchmarkString(b *testing.B)   { conformance.BenchmarkString(b, empire.Variant(4, false)) }
