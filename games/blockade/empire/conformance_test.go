package empire_test

import (
	"testing"

	"github.com/plateau-games/plateau/game/conformance"
	"github.com/plateau-games/plateau/games/blockade/empire"
)

func TestConformance(t *testing.T) {
	for _, v := range []struct {
		players int
		teams   bool
	}{{2, false}, {3, false}, {4, false}, {4, true}} {
		v := v
		t.Run(empire.Variant(v.players, v.teams).String(), func(t *testing.T) {
			conformance.Run(t, empire.Variant(v.players, v.teams), conformance.Config{Games: 500, GarbageEvery: 5})
		})
	}
}
