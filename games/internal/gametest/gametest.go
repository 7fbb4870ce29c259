// Package gametest holds the small helpers that the tests of every game
// use through the public game API: building a variant, reading a position,
// playing moves and listing the legal ones.
package gametest

import (
	"slices"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
)

// Variant builds the variant of game id with opts, or fails the test.
func Variant(t testing.TB, id string, opts game.Options) *game.Variant {
	t.Helper()
	v, err := game.NewVariant(id, opts)
	if err != nil {
		t.Fatalf("%s %v: %v", id, opts, err)
	}
	return v
}

// Decode reads a position text of v, or fails the test.
func Decode(t testing.TB, v *game.Variant, text string) game.State {
	t.Helper()
	s, err := v.Decode(text)
	if err != nil {
		t.Fatalf("decode %q: %v", text, err)
	}
	return s
}

// Play plays moves, given in notation, on s, or fails the test.
func Play(t testing.TB, s game.State, moves ...string) {
	t.Helper()
	for i, n := range moves {
		m, err := s.ParseMove(n)
		if err != nil {
			t.Fatalf("move %d %s in %s: %v", i+1, n, s.Encode(), err)
		}
		s.Apply(m)
	}
}

// Legal lists the notations of the legal moves of s, sorted.
func Legal(s game.State) []string {
	out := game.LegalNotations(s)
	slices.Sort(out)
	return out
}

// IsLegal says whether notation is one of the legal moves of s, as written
// by MoveString.
func IsLegal(s game.State, notation string) bool {
	return slices.Contains(game.LegalNotations(s), notation)
}

// Refuses checks that ParseMove refuses move with an error that says why.
func Refuses(t testing.TB, s game.State, move, why string) {
	t.Helper()
	_, err := s.ParseMove(move)
	if err == nil {
		t.Fatalf("%s is accepted in %s", move, s.Encode())
	}
	if !strings.Contains(err.Error(), why) {
		t.Fatalf("%s is refused with %q, which does not say %q", move, err, why)
	}
}
