package ai

import (
	"testing"

	"github.com/plateau-games/plateau/game"
)

// TestRandomOpeningsAreFair: L'Empire's random openings of arena and
// analyze never leave a commandant attacked (taken within the first
// round with three or four) or taken, and some draws had to be made
// again; other games (and L'Empire for two) keep their first draw.
func TestRandomOpeningsAreFair(t *testing.T) {
	for _, opts := range []game.Options{{"players": "3"}, {"players": "4"}, {"players": "4", "teams": "true"}} {
		v, err := game.NewVariant("empire", opts)
		if err != nil {
			t.Fatal(err)
		}
		redrawn := 0
		for seed := uint64(0); seed < 300; seed++ {
			moves, err := RandomOpening(v, v.Start(), 4, newRNG(seed))
			if err != nil {
				t.Fatal(err)
			}
			s := v.Start()
			for _, mv := range moves {
				s.Apply(mv)
			}
			if !FairOpening(v, s) {
				t.Fatalf("%s, seed %d: unfair opening %q", v, seed, s.Encode())
			}
			// The first draw, as arena played before.
			first, rng := v.Start(), newRNG(seed)
			for i := 0; i < 4 && !v.Judge(first, 1).Ended(); i++ {
				legal := first.LegalMoves(nil)
				first.Apply(legal[rng.IntN(len(legal))])
			}
			if first.Encode() != s.Encode() {
				redrawn++
			}
		}
		t.Logf("%s: %d openings of 300 drawn again", v, redrawn)
		if redrawn == 0 {
			t.Errorf("%s: no opening of 4 random plies was drawn again in 300: the check sees nothing", v)
		}
	}
	for _, tc := range []struct {
		id   string
		opts game.Options
	}{{"saute", game.Options{"players": "3"}}, {"empire", game.Options{"players": "2"}}} {
		v, err := game.NewVariant(tc.id, tc.opts)
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(0); seed < 100; seed++ {
			moves, err := RandomOpening(v, v.Start(), 4, newRNG(seed))
			if err != nil {
				t.Fatal(err)
			}
			rng := newRNG(seed)
			s := v.Start()
			for i, mv := range moves {
				legal := s.LegalMoves(nil)
				if want := legal[rng.IntN(len(legal))]; mv != want {
					t.Fatalf("%s, seed %d, ply %d: drawn again", v, seed, i+1)
				}
				s.Apply(mv)
			}
		}
	}
}
