package polygone_test

// The backwards=swept reading (DECISIONS.md, "Alternative readings") on a
// position where it changes the legal moves.

import (
	"slices"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/game/conformance"
	"github.com/plateau-games/plateau/games/polygone"
)

func TestReadingBackwardsSwept(t *testing.T) {
	if polygone.SweptVariant().String() != "polygone backwards=swept" || polygone.Variant().String() != "polygone" {
		t.Fatalf("names %s, %s", polygone.SweptVariant(), polygone.Variant())
	}
	if v, err := game.NewVariant("polygone", game.Options{"backwards": "end"}); err != nil || v != polygone.Variant() {
		t.Fatalf("backwards=end: %v, %v", v, err)
	}
	// White's segment C3-B3 turns about C3 down to C3-D3. Clockwise it
	// sweeps east, where White's C3-C4 blocks it; anticlockwise it sweeps
	// north-west, west and south-west, all pointing backwards (to the left
	// of B3), which only the end position matters for by default.
	const text = "B3-C3,C3-C4,A1-B1,D1-E1,A3-A4,E3-E4 C6-C5,C6-B5,C6-D5,B4-A3,D4-E3,C4-C5 W 0 10"
	end, err := polygone.Variant().Decode(text)
	if err != nil {
		t.Fatal(err)
	}
	swept, err := polygone.SweptVariant().Decode(text)
	if err != nil {
		t.Fatal(err)
	}
	if swept.Variant() != polygone.SweptVariant() {
		t.Errorf("the position says %s", swept.Variant())
	}
	a, b := game.LegalNotations(end), game.LegalNotations(swept)
	if !slices.Contains(a, "C3-B3/C3-D3") || slices.Contains(b, "C3-B3/C3-D3") {
		t.Fatalf("end %v\nswept %v", a, b)
	}
	if len(a) != len(b)+1 {
		t.Errorf("only C3-B3/C3-D3 differs: end %v, swept %v", a, b)
	}
	if _, err := swept.ParseMove("C3-B3/C3-D3"); err == nil || !strings.Contains(err.Error(), "backwards") {
		t.Errorf("C3-B3/C3-D3 with backwards=swept: %v", err)
	}
	// Without the blocker on C3-C4 the clockwise way is clear and forward.
	free, err := polygone.SweptVariant().Decode(strings.Replace(text, "C3-C4", "E2-E3", 1))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(game.LegalNotations(free), "C3-B3/C3-D3") {
		t.Errorf("free clockwise way: %v", game.LegalNotations(free))
	}
}

func TestReadingConformance(t *testing.T) {
	conformance.Run(t, polygone.SweptVariant(), conformance.Config{Games: 200, GarbageEvery: 4})
}
