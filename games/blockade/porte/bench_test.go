package porte_test

import (
	"testing"

	"github.com/plateau-games/plateau/game/conformance"
	"github.com/plateau-games/plateau/games/blockade/porte"
)

// The benchmarks of the rules' hot paths, on the four-player variant (the
// one with most pieces) over positions of random games: what searches and
// the conformance suite spend their time in.

func BenchmarkLegalMoves(b *testing.B) { conformance.BenchmarkLegalMoves(b, porte.Variant(4, false)) }
func BenchmarkPlayout(b *testing.B)    { conformance.BenchmarkPlayout(b, porte.Variant(4, false)) }
func BenchmarkApply(b *testing.B)      { conformance.BenchmarkApply(b, porte.Variant(4, false)) }
func BenchmarkEncodeDecode(b *testing.B) {
	conformance.BenchmarkEncodeDecode(b, porte.Variant(4, false))
}
func BenchmarkNotation(b *testing.B) { conformance.BenchmarkNotation(b, porte.Variant(4, false)) }
func BenchmarkString(b *testing.B)   { conformance.BenchmarkString(b, porte.Variant(4, false)) }
