package polygone_test

import (
	"testing"

	"github.com/plateau-games/plateau/game/conformance"
	"github.com/plateau-games/plateau/games/polygone"
)

func TestConformance(t *testing.T) {
	games := 1000
	if testing.Short() {
		games = 200
	}
	conformance.Run(t, polygone.Variant(), conformance.Config{Games: games, GarbageEvery: 4})
}
