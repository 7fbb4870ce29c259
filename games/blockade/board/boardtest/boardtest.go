// Package boardtest holds checks shared by the tests of the Blockade games.
package boardtest

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/plateau-games/plateau/game"
)

// RoundTrip checks that the position text reads back to the same
// position: same text, moves, outcome and hash.
func RoundTrip(t testing.TB, v *game.Variant, s game.State) {
	t.Helper()
	text := s.Encode()
	d, err := v.Decode(text)
	if err != nil {
		t.Fatalf("position %q does not read back: %v", text, err)
	}
	if d.Encode() != text || d.Hash() != s.Hash() || d.Outcome() != s.Outcome() || d.ToMove() != s.ToMove() || d.Ply() != s.Ply() {
		t.Fatalf("position %q reads back as %q (outcome %+v, was %+v)", text, d.Encode(), d.Outcome(), s.Outcome())
	}
	if a, b := game.LegalNotations(d), game.LegalNotations(s); !slices.Equal(a, b) {
		t.Fatalf("position %q reads back with moves %v, was %v", text, a, b)
	}
}

// ParseAgrees checks ParseMove against LegalMoves on every legal move
// and on some of the candidate inputs, drawn at random:
// an input is accepted exactly when it names a legal move, and then it
// gives that move (game.Match.PlayNotation relies on ParseMove alone).
func ParseAgrees(t testing.TB, s game.State, candidates []string, rng *rand.Rand) {
	const tries = 40
	t.Helper()
	legal := map[game.Move]bool{}
	for _, m := range s.LegalMoves(nil) {
		legal[m] = true
		n := s.MoveString(m)
		if got, err := s.ParseMove(n); err != nil || got != m {
			t.Fatalf("position %q: legal move %s does not parse back (%v)", s.Encode(), n, err)
		}
	}
	for i := 0; i < tries; i++ {
		c := candidates[rng.IntN(len(candidates))]
		m, err := s.ParseMove(c)
		if err == nil && !legal[m] {
			t.Fatalf("position %q: ParseMove accepts %q, which is not a legal move (legal: %v)", s.Encode(), c, game.LegalNotations(s))
		}
	}
}

// LineCandidates lists every "from-to" and "fromxto" between two cells
// of one rank or file of the 12x12 board, and "pass".
func LineCandidates() []string {
	out := []string{"pass"}
	for f1 := 0; f1 < 12; f1++ {
		for r1 := 0; r1 < 12; r1++ {
			for f2 := 0; f2 < 12; f2++ {
				for r2 := 0; r2 < 12; r2++ {
					if (f1 == f2) == (r1 == r2) {
						continue
					}
					a := fmt.Sprintf("%c%d", 'a'+f1, r1+1)
					b := fmt.Sprintf("%c%d", 'a'+f2, r2+1)
					out = append(out, a+"-"+b, a+"x"+b)
				}
			}
		}
	}
	return out
}
