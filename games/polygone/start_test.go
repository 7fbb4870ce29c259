package polygone_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/game/conformance"
	"github.com/plateau-games/plateau/games/polygone"
)

// book is the start position as a start option value.
var book = game.StartValue(polygone.StartText)

// The start option (DECISIONS.md, "Alternative readings"): another start
// position, checked like a position text, changes the first moves.
func TestReadingStart(t *testing.T) {
	custom := strings.Replace(book, "D2-E2", "D2-D3", 1)
	v, err := game.NewVariant("polygone", game.Options{"start": custom})
	if err != nil {
		t.Fatal(err)
	}
	s := v.Start()
	if s.Encode() != strings.NewReplacer("_", " ", ";", ",").Replace(custom) || v.Options["start"] != custom || s.Variant() != v {
		t.Fatalf("start %s, options %v", s.Encode(), v.Options)
	}
	if got, old := game.LegalNotations(s), game.LegalNotations(polygone.New()); slices.Contains(got, "D2-E2/D2-D3") || !slices.Contains(old, "D2-E2/D2-D3") {
		t.Errorf("custom %v\nbook %v", got, old)
	}
	// Read back from the record's options, with the reading.
	sw, err := game.NewVariant("polygone", game.Options{"start": custom, "backwards": "swept"})
	if err != nil {
		t.Fatal(err)
	}
	opts, err := game.ParseOptions(sw.Options.String())
	if err != nil {
		t.Fatal(err)
	}
	again, err := game.NewVariant("polygone", opts)
	if err != nil || again.Start().Encode() != s.Encode() || again.Options["backwards"] != "swept" {
		t.Fatalf("options %q: %v, %v", sw.Options.String(), again, err)
	}
	if v, err := game.NewVariant("polygone", game.Options{"start": "book"}); err != nil || v != polygone.Variant() {
		t.Errorf("start=book: %v, %v", v, err)
	}
	for _, tc := range []struct{ start, want string }{
		{strings.Replace(book, ";D2-E2_", "_", 1), "11 segments"},    // pieces counted
		{strings.Replace(book, "_W_0_0", "_B_0_1", 1), "ply 1"},      // begun
		{strings.Replace(book, "D2-E2", "C5-C6", 1), "listed twice"}, // an edge taken twice
		{strings.Replace(book, "A3-B4", "C1-A1", 1), "not an edge"},  // no such edge
		{strings.Replace(book, "A3-B4", "A1-A2", 1), "polygon"},      // a capture left on the board
	} {
		_, err := game.NewVariant("polygone", game.Options{"start": tc.start})
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "start") {
			t.Errorf("start=%s: %v, want an error saying %q", tc.start, err, tc.want)
		}
	}
}

func TestReadingStartConformance(t *testing.T) {
	v, err := game.NewVariant("polygone", game.Options{"start": strings.Replace(book, "D2-E2", "D2-D3", 1), "backwards": "swept"})
	if err != nil {
		t.Fatal(err)
	}
	conformance.Run(t, v, conformance.Config{Games: 100, GarbageEvery: 4})
	indRandomGames(t, v, 6, 600)
}
