package alignement_test

// The cylinder=global reading (DECISIONS.md, "Alternative readings") on a
// position where it changes the legal moves.

import (
	"slices"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/game/conformance"
	"github.com/plateau-games/plateau/games/blockade/alignement"
)

func TestReadingCylinderGlobal(t *testing.T) {
	if alignement.Variant().String() != "alignement" || alignement.GlobalVariant().String() != "alignement cylinder=global" {
		t.Fatalf("names %s, %s", alignement.Variant(), alignement.GlobalVariant())
	}
	if v, err := game.NewVariant("alignement", game.Options{"cylinder": "ray"}); err != nil || v != alignement.Variant() {
		t.Fatalf("cylinder=ray: %v, %v", v, err)
	}
	if _, err := game.NewVariant("alignement", game.Options{"cylinder": "near"}); err == nil {
		t.Fatal("cylinder=near accepted")
	}
	// Red's cylinder on b2: the first empty circles are h2 (east, 2
	// circles), b8 (north, 2) and e5 (north-east, 1).
	const text = "Tttc/..sT/s..S/CS.. c3 14"
	for _, tc := range []struct {
		v    *game.Variant
		want []string
	}{
		{alignement.Variant(), []string{"b2-b8", "b2-e5", "b2-h2"}},
		{alignement.GlobalVariant(), []string{"b2-e5"}},
	} {
		s, err := tc.v.Decode(text)
		if err != nil {
			t.Fatal(err)
		}
		if got := game.LegalNotations(s); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.v, got, tc.want)
		}
		if s.Variant() != tc.v {
			t.Errorf("%s: the position says %s", tc.v, s.Variant())
		}
	}
	// Ties are separate moves: b5 and e5 are both one circle away.
	s, err := alignement.GlobalVariant().Decode("Tttc/..sT/..sS/CS.. c3 14")
	if err != nil {
		t.Fatal(err)
	}
	if got := game.LegalNotations(s); !slices.Equal(got, []string{"b2-b5", "b2-e5"}) {
		t.Errorf("ties: %v", got)
	}
	if _, err := s.ParseMove("b2-h2"); err == nil {
		t.Error("b2-h2 accepted with cylinder=global")
	}
}

func TestReadingConformance(t *testing.T) {
	conformance.Run(t, alignement.GlobalVariant(), conformance.Config{Games: 300})
}
