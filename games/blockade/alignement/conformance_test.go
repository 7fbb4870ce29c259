package alignement_test

import (
	"testing"

	"github.com/plateau-games/plateau/game/conformance"
	"github.com/plateau-games/plateau/games/blockade/alignement"
)

func TestConformance(t *testing.T) {
	conformance.Run(t, alignement.Variant(), conformance.Config{Games: 1000})
}
