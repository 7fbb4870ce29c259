package pogo_test

import (
	"testing"

	"github.com/plateau-games/plateau/game/conformance"
	"github.com/plateau-games/plateau/games/pogo"
)

func TestConformance(t *testing.T) {
	conformance.Run(t, pogo.Variant(), conformance.Config{Games: 2000})
}
