package empire_test

import (
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/game/conformance"
	"github.com/plateau-games/plateau/games/blockade/empire"
)

// Garbage inputs go on one ply in ten: a game lasts about 300 plies (half
// of them reach the limit of 400), so each variant still gets some 6,000
// garbage positions, 18 texts each, from every ply number (the ply rotates
// with the game); the refusal messages list every legal move, so garbage
// on one ply in five cost as much as all the other checks together.
//
// 200 games a variant cover the same statements of the rules as 500 did
// (go test -coverprofile, the same blocks): the 300 more cost 6 s of CPU
// and ran no other code. PLATEAU_CONFORMANCE_SCALE=2.5 plays the 500.
func TestConformance(t *testing.T) {
	for _, v := range []struct {
		players int
		teams   bool
	}{{2, false}, {3, false}, {4, false}, {4, true}} {
		v := v
		t.Run(empire.Variant(v.players, v.teams).String(), func(t *testing.T) {
			conformance.Run(t, empire.Variant(v.players, v.teams), conformance.Config{Games: 200, GarbageEvery: 10})
		})
	}
}

// Every other reading (DECISIONS.md, "Alternative readings") goes through
// the suite too, fewer games each.
func TestConformanceReadings(t *testing.T) {
	for _, opts := range []game.Options{
		{"players": "2", "throne": "near"},
		{"players": "3", "guard": "all"},
		{"players": "2", "corners": "adjacent"},
		{"players": "4", "teams": "true", "seating": "adjacent"},
		{"players": "4", "teams": "true", "seating": "adjacent", "guard": "all", "throne": "near"},
	} {
		v, err := game.NewVariant("empire", opts)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(v.String(), func(t *testing.T) { conformance.Run(t, v, conformance.Config{Games: 60, GarbageEvery: 10}) })
	}
}
