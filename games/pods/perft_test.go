package pods_test

import (
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/pods"
)

// Perft counts of this implementation, kept to catch regressions. The first
// ply is always 72 (two bipods on 36 points); the levels part from the third
// ply on, when White's pod may move.
func TestPerft(t *testing.T) {
	for _, c := range []struct {
		level       pods.Level
		orientation int
		position    string
		counts      []uint64
	}{
		{pods.Basic, 0, "", []uint64{72, 27116}},
		{pods.Basic, 1, "", []uint64{72, 27106}},
		{pods.Advanced, 0, "", []uint64{72, 27116, 8754519}},
		{pods.Expert, 1, "", []uint64{72, 27106}},
		{pods.Advanced, 0, "....../....../....../..b1.../....../..H1... O,H2,Q1,Q2,Q3,Q4,Q5,Q6,T1,T2,T3,B1,B2 o,h1,h2,q1,q2,q3,q4,q5,q6,t1,t2,t3,b2 w - 2", []uint64{324, 84037}},
		{pods.Expert, 0, "....../....../....../..b1.../....../..H1... O,H2,Q1,Q2,Q3,Q4,Q5,Q6,T1,T2,T3,B1,B2 o,h1,h2,q1,q2,q3,q4,q5,q6,t1,t2,t3,b2 w - 2", []uint64{325, 84355}},
	} {
		s, err := pods.Variant(c.level, c.orientation).Position(c.position)
		if err != nil {
			t.Fatal(err)
		}
		for depth, want := range c.counts {
			if got := game.Perft(s, depth+1); got != want {
				t.Errorf("level %s orientation %d %q: perft(%d) = %d, want %d", c.level, c.orientation, c.position, depth+1, got, want)
			}
		}
	}
}
