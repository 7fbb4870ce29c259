package saute_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/game/conformance"
	"github.com/plateau-games/plateau/games/blockade/saute"
)

// The start option (DECISIONS.md, "Alternative readings"): another start
// position, checked like a position text, changes the first moves.
func TestReadingStart(t *testing.T) {
	const custom = "12/12/12/STS9/STS9/STS9/STS9/STS9/S1TS8/12/12/12_B_0_0"
	v := variant(t, "start="+custom)
	if got := v.Start().Encode(); got != strings.ReplaceAll(custom, "_", " ") {
		t.Fatalf("start %s", got)
	}
	if v.Options["start"] != custom || v.Start().Variant() != v {
		t.Errorf("options %v", v.Options)
	}
	// b4 is free: the square steps there, and Red's three pieces on file b
	// let it go on over c4 and d4 to e4.
	expectMoves(t, v.Start(), "a4", "a4-b4", "a4-e4")
	if book := variant(t, "start=book"); book.String() != "saute expert=false players=2 teams=false" {
		t.Errorf("book: %s", book)
	}
	// The variant and its positions read back from the record's options.
	again := variant(t, v.Options.String())
	if again.Start().Encode() != v.Start().Encode() {
		t.Errorf("options %q give %s", v.Options.String(), again.Start().Encode())
	}
	for _, tc := range []struct{ start, want string }{
		{"12/12/12/STS9/STS9/STS9/STS9/STS9/STS9/12/12/STS9_B_0_0", "rank 1"},            // a rank of no band
		{"12/12/12/STS9/STS9/STS9/STS9/STS9/SSS9/12/12/12_B_0_0", "triangle"},            // pieces counted
		{"12/12/12/STS9/STS9/STS9/STS9/STS9/STS9/12/12/12_R_0_0", "player 2 is to move"}, // Red first
		{"12/12/12/STS9/STS9/STS9/STS9/STS9/STS9/12/12/12_B_0_4", "ply 4"},               // begun
		{"12/12/12/9STS/9STS/9STS/STS9/STS9/STS9/12/12/12_B_0_0", "over"},                // Red has finished
	} {
		o, _ := game.ParseOptions("start=" + tc.start)
		_, err := saute.NewVariant(o)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "start") {
			t.Errorf("start=%s: %v, want an error saying %q", tc.start, err, tc.want)
		}
	}
	if got := movesFrom(variant(t, "").Start(), "a4"); !slices.Equal(got, []string{"a4-d4"}) {
		t.Errorf("book start: a4 moves %v", got)
	}
}

func TestReadingStartConformance(t *testing.T) {
	v := variant(t, "players=3 start=12/12/12/STS9/STS9/TSS9/STS9/S1TS8/STS9/STS9/STS9/SST9_B_0_0")
	conformance.Run(t, v, conformance.Config{Games: 60, GarbageEvery: 4})
}
