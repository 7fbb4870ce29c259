package saute_test

import (
	"testing"

	"github.com/plateau-games/plateau/game/conformance"
	"github.com/plateau-games/plateau/games/blockade/saute"
)

func TestConformance(t *testing.T) {
	for _, opts := range saute.Game().AllVariants() {
		v, err := saute.Game().Variant(opts)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(opts.String(), func(t *testing.T) {
			conformance.Run(t, v, conformance.Config{Games: 500, GarbageEvery: 4})
		})
	}
}
