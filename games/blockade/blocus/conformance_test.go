package blocus_test

import (
	"testing"

	"github.com/plateau-games/plateau/game/conformance"
	"github.com/plateau-games/plateau/games/blockade/blocus"
)

func TestConformance(t *testing.T) {
	conformance.Run(t, blocus.Variant(), conformance.Config{Games: 500})
}
