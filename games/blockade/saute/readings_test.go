package saute_test

// The alternative readings of the rule text (DECISIONS.md, "Alternative
// readings"): each on a position where it changes the legal moves.

import (
	"fmt"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/game/conformance"
	"github.com/plateau-games/plateau/games/blockade/saute"
	"github.com/plateau-games/plateau/games/internal/gametest"
)

// ranksAt puts the start pieces (square, triangle, square on files a–c) on
// each of ranks.
func ranksAt(ranks ...int) string {
	var out []string
	for _, r := range ranks {
		out = append(out, fmt.Sprintf("a%dS b%dT c%dS", r, r, r))
	}
	return strings.Join(out, " ")
}

// The default readings keep today's variant names.
func TestReadingsDefaultNames(t *testing.T) {
	for _, tc := range []struct{ opts, name string }{
		{"bands=inner parity=file chain=optional", "saute expert=false players=2 teams=false"},
		{"players=4 teams=true seating=opposite expert=true triangles=k", "saute expert=true players=4 teams=true"},
		{"bands=outer chain=forced", "saute bands=outer chain=forced expert=false players=2 teams=false"},
	} {
		if got := variant(t, tc.opts).String(); got != tc.name {
			t.Errorf("%s: %s, want %s", tc.opts, got, tc.name)
		}
	}
	for _, bad := range []string{"bands=outer players=3", "triangles=j", "parity=odd", "seating=adjacent players=4", "chain=yes"} {
		o, _ := game.ParseOptions(bad)
		if _, err := saute.NewVariant(o); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

// bands=outer: with 2 players Blue owns ranks 1–3 and Red ranks 10–12.
func TestReadingBandsOuter(t *testing.T) {
	v := variant(t, "bands=outer")
	if got, want := v.Start().Encode(), "STS9/STS9/STS9/12/12/12/12/12/12/STS9/STS9/STS9 B 0 0"; got != want {
		t.Fatalf("start %s, want %s", got, want)
	}
	expectMoves(t, v.Start(), "a1", "a1-d1")
	expectMoves(t, v.Start(), "a4")
	if _, err := saute.Decode(v, "12/12/12/STS9/STS9/STS9/STS9/STS9/STS9/12/12/12 B 0 0"); err == nil {
		t.Error("the inner bands decoded with bands=outer")
	}
}

// parity=adjacent: with 3 players, Green (band 3) is not next to Blue's
// band 1, so Green's piece on file d no longer lets Blue's piece go on.
func TestReadingParityAdjacent(t *testing.T) {
	pieces := ranksAt(1, 2, 3, 4, 5, 6, 8, 9) + " a7S b7T d7S"
	expectMoves(t, position(t, variant(t, "players=3"), pieces, "B 0 6"), "c1", "c1-d1", "c1-e1")
	expectMoves(t, position(t, variant(t, "players=3 parity=adjacent"), pieces, "B 0 6"), "c1", "c1-d1")
	// Red's band 2 is next to both: nothing changes for Red.
	expectMoves(t, position(t, variant(t, "players=3 parity=adjacent"), pieces, "R 0 6"), "c4", "c4-d4", "c4-e4")
	// bands=outer: no band is next to another, no piece ever goes on.
	outer := ranksAt(1, 2, 3, 11, 12) + " a10S b10T d10S"
	expectMoves(t, position(t, variant(t, "bands=outer"), outer, "B 0 6"), "c1", "c1-d1", "c1-e1")
	expectMoves(t, position(t, variant(t, "bands=outer parity=adjacent"), outer, "B 0 6"), "c1", "c1-d1")
}

// chain=forced: a piece that may take another step must take it.
func TestReadingChainForced(t *testing.T) {
	pieces := ranksAt(4, 5, 6, 8, 9) + " a7S b7T d7S"
	expectMoves(t, position(t, variant(t, ""), pieces, "B 0 6"), "c4", "c4-d4", "c4-e4")
	forced := position(t, variant(t, "chain=forced"), pieces, "B 0 6")
	expectMoves(t, forced, "c4", "c4-e4")
	if _, err := forced.ParseMove("c4-d4"); err == nil || !strings.Contains(err.Error(), "c4-e4") {
		t.Errorf("c4-d4 with chain=forced: %v", err)
	}
	// Where the steps run out at the edge, the move ends there.
	edge := ranksAt(5, 6, 8, 9) + " j4S k4T l4S a7S b7T d7S"
	expectMoves(t, position(t, variant(t, "chain=forced"), edge, "B 0 6"), "j4")
}

// triangles=j or l: the expert finish wants the triangles on that file.
func TestReadingTriangles(t *testing.T) {
	home := "j4T k4S l4S j5T k5S l5S j6T k6S l6S " + ranksAt(7, 8, 9)
	for _, tc := range []struct {
		opts string
		won  bool
	}{{"expert=true", false}, {"expert=true triangles=j", true}, {"expert=true triangles=l", false}, {"", true}} {
		s := position(t, variant(t, tc.opts), home, "R 0 30")
		if o := s.Outcome(); (o.Status == game.Win) != tc.won {
			t.Errorf("%s: %+v, want won %t", tc.opts, o, tc.won)
		}
		if got := len(game.LegalNotations(s)) == 0; got != tc.won {
			t.Errorf("%s: no legal moves %t", tc.opts, got)
		}
	}
	// Blue finishes by moving his last triangle onto file l.
	s := position(t, variant(t, "expert=true triangles=l"), "j4S k4S l4T j5S k5S l5T i6T j6S k6S "+ranksAt(7, 8, 9), "B 0 30")
	gametest.Play(t, s, "i6-l6")
	if o := s.Outcome(); o.Status != game.Win || o.Winners != 1 {
		t.Errorf("triangles=l: %+v", o)
	}
}

// seating=adjacent: Red is Blue's partner, so Red's piece on file d no
// longer counts for Blue.
func TestReadingSeatingAdjacent(t *testing.T) {
	pieces := ranksAt(1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12) + " a4S b4T d4S"
	expectMoves(t, position(t, variant(t, "players=4 teams=true"), pieces, "B 0 6"), "c1", "c1-d1", "c1-e1")
	adj := variant(t, "players=4 teams=true seating=adjacent")
	expectMoves(t, position(t, adj, pieces, "B 0 6"), "c1", "c1-d1")
	if fmt.Sprint(adj.Teams) != "[0 0 1 1]" {
		t.Errorf("teams %v", adj.Teams)
	}
}

func TestReadingsConformance(t *testing.T) {
	for _, items := range indReadings {
		opts, err := game.ParseOptions(items...)
		if err != nil {
			t.Fatal(err)
		}
		v, err := saute.NewVariant(opts)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(opts.String(), func(t *testing.T) {
			conformance.Run(t, v, conformance.Config{Games: 60, GarbageEvery: 4})
		})
	}
}
