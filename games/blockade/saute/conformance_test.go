package saute_test

import (
	"testing"

	"github.com/plateau-games/plateau/game/conformance"
	"github.com/plateau-games/plateau/games/blockade/saute"
)

// Garbage inputs go on one ply in eight (rotating with the game, so every
// ply number gets them): 200 games of 100 to 250 plies still give each
// variant over 2,500 garbage positions, 18 texts each; the refusal messages
// list every legal move, so garbage on one ply in four cost as much as all
// the other checks together.
//
// 200 games a variant cover the same statements of the rules as 500 did
// (go test -coverprofile, the same blocks). PLATEAU_CONFORMANCE_SCALE=2.5
// plays the 500.
func TestConformance(t *testing.T) {
	for _, opts := range saute.Game().AllVariants() {
		v, err := saute.Game().Variant(opts)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(opts.String(), func(t *testing.T) {
			conformance.Run(t, v, conformance.Config{Games: 200, GarbageEvery: 8})
		})
	}
}
