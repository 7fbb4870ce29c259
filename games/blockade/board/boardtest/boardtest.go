// Package boardtest holds checks shared by the tests of the Blockade games.
package boardtest

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
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

// Ranks reads the board field of position text, as the rule text writes
// it: ranks 12 down to 1 separated by "/", each from file a to l with one
// of letters for a piece and a number for a run of empty cells. It gives
// the letter on each cell, [rank][file] from 0, or 0 for an empty cell, and
// fails the test on anything else.
func Ranks(t testing.TB, text, field, letters string) (cell [12][12]byte) {
	t.Helper()
	ranks := strings.Split(field, "/")
	if len(ranks) != 12 {
		t.Fatalf("position %q: want 12 ranks", text)
	}
	for i, rs := range ranks {
		r, file := 11-i, 0
		for j := 0; j < len(rs); {
			if c := rs[j]; strings.IndexByte(letters, c) >= 0 {
				if file < 12 {
					cell[r][file] = c
				}
				file++
				j++
				continue
			}
			k := j
			for k < len(rs) && rs[k] >= '0' && rs[k] <= '9' {
				k++
			}
			n, err := strconv.Atoi(rs[j:k])
			if err != nil || n < 1 {
				t.Fatalf("position %q: bad rank %q", text, rs)
			}
			file += n
			j = k
		}
		if file != 12 {
			t.Fatalf("position %q: rank %q has %d cells", text, rs, file)
		}
	}
	return cell
}
