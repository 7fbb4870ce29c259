package solitaire_test

import (
	"testing"

	"github.com/plateau-games/plateau/game/conformance"
	"github.com/plateau-games/plateau/games/blockade/solitaire"
)

func TestConformance(t *testing.T) {
	for _, opts := range solitaire.Game().AllVariants() {
		v, err := solitaire.Game().Variant(opts)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(opts.String(), func(t *testing.T) {
			conformance.Run(t, v, conformance.Config{Games: 500})
		})
	}
}
