package empire_test

import (
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/game/conformance"
	"github.com/plateau-games/plateau/games/blockade/empire"
)

// The benchmarks of the rules' hot paths, on the four-player variant (the
// one with most pieces) over positions of random games: what searches and
// the conformance suite spend their time in.

func BenchmarkLegalMoves(b *testing.B) { conformance.BenchmarkLegalMoves(b, empire.Variant(4, false)) }

func BenchmarkPlayout(b *testing.B) { conformance.BenchmarkPlayout(b, empire.Variant(4, false)) }

// BenchmarkApply clones a position and plays its first legal move.
func BenchmarkApply(b *testing.B) {
	ps := conformance.Positions(empire.Variant(4, false), 1024, 3)
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
func BenchmarkEncodeDecode(b *testing.B) {
	v := empire.Variant(4, false)
	ps := conformance.Positions(v, 1024, 3)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := v.Decode(ps[i&1023].Encode()); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNotation writes every legal move and reads it back.
func BenchmarkNotation(b *testing.B) {
	ps := conformance.Positions(empire.Variant(4, false), 1024, 3)
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

// BenchmarkString draws a position.
func BenchmarkString(b *testing.B) {
	ps := conformance.Positions(empire.Variant(4, false), 1024, 3)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		_ = ps[i&1023].String()
	}
}
