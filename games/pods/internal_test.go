package pods

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
)

// brokenDiagonal returns an expert variant on the board of orientation 0
// without the link d4-e5. The reconstructed boards have no such gap (every
// diagonal line is linked from end to end or not at all), so this is the way
// to see the rules for missing links in the middle of a line: a shove stops
// there, a kick goes on regardless.
func brokenDiagonal(t *testing.T) *game.Variant {
	t.Helper()
	v := newVariant(Expert, 0)
	board := layouts[0]
	d4, e5 := point(3, 3), point(4, 4)
	board.step[d4][northEast], board.step[e5][southWest] = -1, -1
	v.Start().(*State).cfg.board = &board // the states of v share this config
	return v
}

func TestMissingLinkShoveAndKick(t *testing.T) {
	v := brokenDiagonal(t)
	legalFrom := func(text, prefix string) []string {
		t.Helper()
		s, err := v.Decode(text)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, n := range game.LegalNotations(s) {
			if strings.HasPrefix(n, prefix) {
				out = append(out, n)
			}
		}
		slices.Sort(out)
		return out
	}
	const rest = " O,H1,H2,Q1,Q2,Q3,Q4,Q6,T1,T2,T3,B1,B2 o,h1,h2,q1,q2,q3,q5,q6,t1,t2,t3,b1,b2 w - 2"
	// White's Q5 on b2 runs north-east onto Black's Q4 on c3. The shove to
	// d4 is along a link; the kicks go on to e5 and f6 over the missing
	// link d4-e5.
	got := legalFrom("....../....../....../..q4.../.Q5..../......"+rest, "b2-c3")
	want := []string{"b2-c3>d4", "b2-c3>e5", "b2-c3>f6"}
	if !slices.Equal(got, want) {
		t.Fatalf("kicks over a missing link: %v, want %v", got, want)
	}
	// With a second pod on d4 the line would have to cross the missing
	// link: no shove, and no kick (d4 is not empty).
	got = legalFrom("....../....../...q5../..q4.../.Q5..../......"+strings.Replace(rest, "q5,", "", 1), "b2-c3")
	if len(got) != 0 {
		t.Fatalf("a shove over a missing link: %v", got)
	}
	// On the real board the same line shoves.
	s, err := newVariant(Expert, 0).Decode("....../....../...q5../..q4.../.Q5..../......" + strings.Replace(rest, "q5,", "", 1))
	if err != nil {
		t.Fatal(err)
	}
	if m, err := s.ParseMove("b2-c3"); err != nil || s.MoveString(m) != "b2-c3>d4>e5" {
		t.Fatalf("b2-c3 on the real board: %v", err)
	}
}

// controlledBy (looking back from a point) agrees with reach (looking out
// from the pods) on random positions.
func TestControlledByAgreesWithReach(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var buf []game.Move
	for _, level := range []Level{Advanced, Expert} {
		for orient := 0; orient < 2; orient++ {
			s := newVariant(level, orient).Start().(*State)
			for ply := 0; ply < 300 && !s.Outcome().Ended(); ply++ {
				for seat := 0; seat < 2; seat++ {
					control, _ := s.reach(seat)
					for p := 0; p < Cells; p++ {
						if s.cells[p] == 0 && s.controlledBy(p, seat) != (control>>uint(p)&1 != 0) {
							t.Fatalf("%s: point %s, seat %d", s.Encode(), cellName(p), seat)
						}
					}
				}
				buf = s.LegalMoves(buf)
				s.Apply(buf[rng.IntN(len(buf))])
			}
		}
	}
}
