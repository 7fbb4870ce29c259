package porte

import (
	"slices"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/game/conformance"
)

// The start option (DECISIONS.md, "Alternative readings"): another start
// position, checked like a position text, changes the first moves.
func TestReadingStart(t *testing.T) {
	const custom = "5gSgCgT4/12/12/12/12/12/12/12/12/12/12/rTrCrS9_r_0"
	v := readingVariant(t, "start="+custom)
	s := v.Start().(*State)
	if s.Encode() != strings.ReplaceAll(custom, "_", " ") || v.Options["start"] != custom || s.Variant() != v {
		t.Fatalf("start %s, options %v", s.Encode(), v.Options)
	}
	if got := from(legal(s), "a1"); !slices.Contains(got, "a1-a2") {
		t.Errorf("a1: %v", got)
	}
	if got := from(legal(Variant(2, false).Start().(*State)), "a1"); len(got) != 0 {
		t.Errorf("book start: a1 %v", got)
	}
	// The variant reads back from the record's options, with the readings.
	opt := readingVariant(t, "entry=optional start="+custom)
	again := readingVariant(t, opt.Options.String())
	if again.Start().Encode() != s.Encode() || again.Options["entry"] != "optional" {
		t.Errorf("options %q give %s", opt.Options.String(), again)
	}
	if readingVariant(t, "start=book") != Variant(2, false) {
		t.Error("start=book is not the default variant")
	}
	for _, tc := range []struct{ start, want string }{
		{"5gSgCgT4/12/12/12/12/12/12/12/12/12/1rC10/4rTrS6_r_0", "cylinder on the circle"}, // forbidden cell
		{"5gSgCgT4/12/12/12/12/12/12/12/12/12/12/3rTrTrCrS5_r_0", "brought in"},            // pieces counted
		{"5gSgCgT4/12/12/12/12/12/12/12/12/12/yT11/4rTrCrS5_r_0", "Yellow"},                // not playing
		{"5gSgCgT4/12/12/12/12/12/12/12/12/12/12/4rTrCrS5_g_0", "player 2 is to move"},
		{"5gSgCgT4/12/12/12/12/12/12/12/12/12/12/4rTrCrS5_r_6", "ply 6"},
	} {
		o, _ := game.ParseOptions("start=" + tc.start)
		_, err := theGame.Variant(o)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "start") {
			t.Errorf("start=%s: %v, want an error saying %q", tc.start, err, tc.want)
		}
	}
}

func TestReadingStartConformance(t *testing.T) {
	v := readingVariant(t, "players=3 order=listed start=5gSgCgT4/12/12/12/12/11bS/11bC/11bT/12/12/12/rTrCrS9_r_0")
	conformance.Run(t, v, conformance.Config{Games: 60, GarbageEvery: 10})
	lockstep(t, []*game.Variant{v}, 4, 5)
}
