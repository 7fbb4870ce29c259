package poldr_test

import (
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/game/conformance"
	"github.com/plateau-games/plateau/games/poldr"
)

// TestConformance runs the shared suite on every declared variant.
func TestConformance(t *testing.T) {
	for _, opts := range poldr.Game().AllVariants() {
		v, err := poldr.NewVariant(opts)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(v.String(), func(t *testing.T) {
			conformance.Run(t, v, conformance.Config{Games: 500, Seed: 1})
		})
	}
}

// TestConformanceSizes runs fewer games on the smallest and the largest
// boards the size option accepts.
func TestConformanceSizes(t *testing.T) {
	for _, opts := range []game.Options{
		{"players": "2", "size": "4"},
		{"players": "3", "size": "4"},
		{"players": "2", "size": "12"},
		{"players": "3", "size": "12", "match": "true"},
	} {
		v, err := poldr.NewVariant(opts)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(v.String(), func(t *testing.T) {
			conformance.Run(t, v, conformance.Config{Games: 60, Seed: 7, GarbageEvery: 3})
		})
	}
}
