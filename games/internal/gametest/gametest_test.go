package gametest_test

import (
	"slices"
	"testing"

	"github.com/plateau-games/plateau/game"
	_ "github.com/plateau-games/plateau/games/blockade/solitaire"
	"github.com/plateau-games/plateau/games/internal/gametest"
)

func TestHelpers(t *testing.T) {
	v := gametest.Variant(t, "solitaire", nil)
	s := v.Start()
	legal := gametest.Legal(s)
	if len(legal) == 0 || !slices.IsSorted(legal) || len(legal) != len(game.LegalNotations(s)) {
		t.Fatalf("Legal gives %v", legal)
	}
	if !gametest.IsLegal(s, legal[0]) || gametest.IsLegal(s, "a1-a2") {
		t.Fatalf("IsLegal is wrong on %v", legal)
	}
	gametest.Refuses(t, s, "a1-a2", "a1")
	c := s.Clone()
	gametest.Play(t, c, legal[0])
	gametest.Play(t, s, legal[0], gametest.Legal(c)[0])
	if s.Ply() != 2 {
		t.Fatalf("Play played %d moves, not 2", s.Ply())
	}
	if d := gametest.Decode(t, v, s.Encode()); d.Encode() != s.Encode() {
		t.Fatalf("Decode reads %q as %q", s.Encode(), d.Encode())
	}
}
