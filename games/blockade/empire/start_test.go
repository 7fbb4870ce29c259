package empire_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/game/conformance"
	"github.com/plateau-games/plateau/games/blockade/empire"
)

// indOtherStart is the book start with South-West's archer a4 on a5.
const indOtherStart = "........2S2T2S2T/.........2S2C2S/.........2T2S2T/...........2S/............/............/............/1S.........../............/1T1S1T........./1S1C1S........./1T1S1T1S........_1_0"

// The start option (DECISIONS.md, "Alternative readings"): another start
// position, checked like a position text with every army complete,
// changes the first moves.
func TestReadingStart(t *testing.T) {
	v := readingVariant(t, "start="+indOtherStart)
	s := v.Start()
	if s.Encode() != strings.ReplaceAll(indOtherStart, "_", " ") || v.Options["start"] != indOtherStart || s.Variant() != v {
		t.Fatalf("start %s, options %v", s.Encode(), v.Options)
	}
	has := func(s game.State, m string) bool { return slices.Contains(game.LegalNotations(s), m) }
	if !has(s, "a5-a12") || has(s, "a4-a12") || has(empire.Variant(2, false).Start(), "a5-a12") {
		t.Errorf("first moves %v", game.LegalNotations(s))
	}
	if empire.KingThrone(v, 0).String() != "h8" {
		t.Errorf("trône du roi %s", empire.KingThrone(v, 0))
	}
	// Read back from the record's options, with a reading.
	near := readingVariant(t, "throne=near start="+indOtherStart)
	again := readingVariant(t, near.Options.String())
	if again.Start().Encode() != s.Encode() || again.Options["throne"] != "near" || empire.KingThrone(again, 0).String() != "e5" {
		t.Errorf("options %q give %s", near.Options.String(), again)
	}
	if readingVariant(t, "start=book") != empire.Variant(2, false) {
		t.Error("start=book is not the default variant")
	}
	for _, tc := range []struct{ start, want string }{
		{strings.Replace(indOtherStart, "1S...........", "1T...........", 1), "5 cavalier"}, // pieces counted
		{strings.Replace(indOtherStart, "_1_0", "_2_0", 1), "player 2 is to move"},
		{strings.Replace(indOtherStart, "_1_0", "_1_8", 1), "ply 8"},
		{strings.Replace(indOtherStart, "1S...........", "3S...........", 1), "not a piece of this 2-player game"},
	} {
		o, _ := game.ParseOptions("start=" + tc.start)
		_, err := game.NewVariant("empire", o)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "start") {
			t.Errorf("start=%s: %v, want an error saying %q", tc.start, err, tc.want)
		}
	}
}

func TestReadingStartConformance(t *testing.T) {
	conformance.Run(t, readingVariant(t, "start="+indOtherStart), conformance.Config{Games: 100, GarbageEvery: 4})
}
