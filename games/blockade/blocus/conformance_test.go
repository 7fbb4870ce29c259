package blocus_test

import (
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/game/conformance"
	"github.com/plateau-games/plateau/games/blockade/blocus"
)

func TestConformance(t *testing.T) {
	conformance.Run(t, blocus.Variant(), conformance.Config{Games: 500})
}

// Every other reading (the options of DECISIONS.md's "Alternative
// readings") goes through the suite too, fewer games each.
func TestConformanceReadings(t *testing.T) {
	for _, opts := range []game.Options{{"exit": "optional"}, {"kings": "same-file"}, {"kingpath": "any"}, {"kingpath": "straight"}, {"exit": "optional", "kings": "same-file", "kingpath": "straight"}} {
		v, err := game.NewVariant("blocus", opts)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(opts.String(), func(t *testing.T) { conformance.Run(t, v, conformance.Config{Games: 60}) })
	}
}
