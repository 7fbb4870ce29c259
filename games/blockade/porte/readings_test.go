package porte

// The alternative readings of the rule text (DECISIONS.md, "Alternative
// readings"): each on a position where it changes the legal moves.

import (
	"slices"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/game/conformance"
	"github.com/plateau-games/plateau/games/blockade/board"
	"github.com/plateau-games/plateau/games/internal/gametest"
)

func readingVariant(t *testing.T, opts string) *game.Variant {
	t.Helper()
	o, err := game.ParseOptions(opts)
	if err != nil {
		t.Fatal(err)
	}
	v, err := theGame.Variant(o)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// The defaults keep today's names; the readings are named; misuse is refused.
func TestReadingsNames(t *testing.T) {
	for _, tc := range []struct{ opts, name string }{
		{"entry=mandatory order=cw", "porte players=2 teams=false"},
		{"players=3 order=cw", "porte players=3 teams=false"},
		{"players=4 teams=true seating=opposite", "porte players=4 teams=true"},
		{"entry=optional", "porte entry=optional players=2 teams=false"},
		{"players=3 order=listed", "porte order=listed players=3 teams=false"},
		{"players=4 teams=true seating=adjacent entry=optional", "porte entry=optional players=4 seating=adjacent teams=true"},
	} {
		if got := readingVariant(t, tc.opts).String(); got != tc.name {
			t.Errorf("%s: %s, want %s", tc.opts, got, tc.name)
		}
	}
	if readingVariant(t, "") != Variant(2, false) {
		t.Error("the default is not today's variant")
	}
	for _, bad := range []string{"order=listed", "players=4 order=listed", "entry=maybe", "seating=adjacent players=4"} {
		o, _ := game.ParseOptions(bad)
		if _, err := theGame.Variant(o); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

// entry=optional: the move that earns an entry may also be played without
// it, written without the suffix.
func TestReadingEntryOptional(t *testing.T) {
	s := illustration15(t)
	if got := from(legal(s), "f9"); slices.Contains(got, "f9-f5") || !slices.Contains(got, "f9-f5+T") {
		t.Fatalf("mandatory: %v", got)
	}
	opt := position(t, readingVariant(t, "players=4 entry=optional"), "y",
		"yT@f9", "yS@i4", "yC@a12", "gC@c5", "gS@f4", "gT@h8", "gS@l12", "bS@j9", "bC@h3", "bT@b12", "rC@l11", "rT@k12", "rS@l10")
	got := from(legal(opt), "f9")
	for _, m := range []string{"f9-f5", "f9-f5+T", "f9-f5+S"} {
		if !slices.Contains(got, m) {
			t.Errorf("optional: %s missing from %v", m, got)
		}
	}
	if m, err := opt.ParseMove("f9-f5"); err != nil {
		t.Fatal(err)
	} else if _, _, e := moveParts(m); e != entryNone {
		t.Errorf("f9-f5 reads as entry %d", e)
	}
	// Declining the last entry does not win.
	pieces := []string{"rT@a3", "rT@b1", "rT@c1", "rT@d1", "rC@f1", "rS@g1", "rS@h1", "rS@i1", "rS@j1", "rS@k1", "gC@h9", "gS@a11", "gT@h12"}
	w := position(t, readingVariant(t, "entry=optional"), "r", pieces...)
	gametest.Play(t, w, "a3-a9")
	if w.Outcome().Ended() {
		t.Error("a declined entry won")
	}
	w = position(t, readingVariant(t, "entry=optional"), "r", pieces...)
	gametest.Play(t, w, "a3-a9+S")
	if o := w.Outcome(); o.Status != game.Win || o.Winners != 1 {
		t.Errorf("the entry: %+v", o)
	}
}

// order=listed: with 3 players Blue plays after Red, Green last.
func TestReadingOrderListed(t *testing.T) {
	v := readingVariant(t, "players=3 order=listed")
	for seat, name := range []string{"Red", "Blue", "Green"} {
		if v.SeatName(seat, "en") != name {
			t.Errorf("seat %d is %s, want %s", seat, v.SeatName(seat, "en"), name)
		}
	}
	s := v.Start().(*State)
	if s.Encode() != Variant(3, false).Start().Encode() {
		t.Errorf("start %s", s.Encode())
	}
	gametest.Play(t, s, "f1-f2")
	if !strings.HasSuffix(s.Encode(), " b 1") || len(from(legal(s), "l6")) == 0 || len(from(legal(s), "g12")) != 0 {
		t.Errorf("after Red: %s, moves %v", s.Encode(), legal(s))
	}
	cw := Variant(3, false).Start().(*State)
	gametest.Play(t, cw, "f1-f2")
	if !strings.HasSuffix(cw.Encode(), " g 1") || len(from(legal(cw), "g12")) == 0 {
		t.Errorf("clockwise after Red: %s", cw.Encode())
	}
}

// seating=adjacent: Red and Yellow against Green and Blue; a partner's
// pieces give no entry and the partners win together.
func TestReadingSeatingAdjacent(t *testing.T) {
	adj := VariantOf(board.Adjacent, Readings{})
	pieces := []string{"rT@a3", "rC@l1", "rS@k1", "gC@k3", "gS@d10", "gT@e12", "yC@h9", "yS@a11", "yT@g12", "bC@l12", "bT@k12", "bS@j12"}
	moves := legal(position(t, adj, "r", pieces...))
	if !slices.Contains(moves, "a3-d3+T") || slices.Contains(moves, "a3-a9+T") || !slices.Contains(moves, "a3-a9") {
		t.Errorf("adjacent: Green gives an entry, Yellow none: %v", from(moves, "a3"))
	}
	if moves := legal(teamsBoard(t, true)); slices.Contains(moves, "a3-d3+T") || !slices.Contains(moves, "a3-a9+T") {
		t.Errorf("opposite: %v", from(moves, "a3"))
	}
	done := []string{
		"rC@a1", "rT@b1", "rT@c1", "rT@d1", "rT@e1", "rS@f1", "rS@g1", "rS@h1", "rS@i1", "rS@j1", "rS@k1",
		"yC@a3", "yT@b3", "yT@c3", "yT@d3", "yT@e3", "yS@f3", "yS@g3", "yS@h3", "yS@i3", "yS@j3", "yS@k3",
		"gT@h12", "gC@g12", "gS@f12", "bT@l5", "bC@l6", "bS@l7"}
	if o := position(t, adj, "g", done...).Outcome(); o.Status != game.Win || o.Winners != 0b0011 {
		t.Errorf("adjacent partners done: %+v", o)
	}
	if o := position(t, Variant(4, true), "g", done...).Outcome(); o.Ended() {
		t.Errorf("opposite: Red and Yellow are not partners: %+v", o)
	}
}

func TestReadingsConformance(t *testing.T) {
	for _, v := range readingVariantsForTest() {
		t.Run(v.Options.String(), func(t *testing.T) {
			conformance.Run(t, v, conformance.Config{Games: 60, GarbageEvery: 10})
		})
	}
}
