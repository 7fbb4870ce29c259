package all_test

import (
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/game/conformance"
)

// BenchmarkGames measures move generation and whole random games for every
// variant of every game: go test -bench . ./games/all
func BenchmarkGames(b *testing.B) {
	for _, g := range game.Games() {
		for _, opts := range g.AllVariants() {
			v, err := g.Variant(opts)
			if err != nil {
				b.Fatal(err)
			}
			b.Run(v.String()+"/LegalMoves", func(b *testing.B) { conformance.BenchmarkLegalMoves(b, v) })
			b.Run(v.String()+"/Playout", func(b *testing.B) { conformance.BenchmarkPlayout(b, v) })
		}
	}
}
