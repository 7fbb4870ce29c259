package porte_test

import (
	"fmt"
	"testing"

	"github.com/plateau-games/plateau/game/conformance"
	"github.com/plateau-games/plateau/games/blockade/porte"
)

// TestConformance runs the suite on every variant: 200 random games each,
// with the garbage-input checks on every tenth ply (a La Porte position
// has about a hundred legal moves, and garbage moves list them all in their
// error messages). The variants run one after the other: the suite's
// allocation check may not run in parallel tests.
//
// 200 games a variant cover the statements of the rules that 500 did (go
// test -coverprofile) but one refusal of a garbage position, which
// TestDecodeRefusesPiecesOnCirclesNotBroughtIn now shows by hand; the 300
// more games cost 7 s of CPU. PLATEAU_CONFORMANCE_SCALE=2.5 plays the 500.
func TestConformance(t *testing.T) {
	for _, k := range []struct {
		players int
		teams   bool
	}{{2, false}, {3, false}, {4, false}, {4, true}} {
		t.Run(fmt.Sprintf("players=%d,teams=%t", k.players, k.teams), func(t *testing.T) {
			conformance.Run(t, porte.Variant(k.players, k.teams), conformance.Config{Games: 200, GarbageEvery: 10})
		})
	}
}
