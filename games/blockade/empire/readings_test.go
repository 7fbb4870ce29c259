package empire_test

// The readings of L'Empire's rule text (DECISIONS.md, "Alternative
// readings"): a test each on a position where the reading changes the
// legal moves (a win leaves none), checked against the reference too.

import (
	"slices"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/blockade/empire"
	"github.com/plateau-games/plateau/games/internal/gametest"
)

func readingVariant(t *testing.T, opts string) *game.Variant {
	t.Helper()
	o, err := game.ParseOptions(opts)
	if err != nil {
		t.Fatal(err)
	}
	v, err := game.NewVariant("empire", o)
	if err != nil {
		t.Fatalf("%s: %v", opts, err)
	}
	return v
}

func TestReadingNames(t *testing.T) {
	// The defaults keep today's names, named or not.
	for opts, want := range map[string]string{
		"":                                      "empire players=2 teams=false",
		"throne=far guard=next":                 "empire players=2 teams=false",
		"players=4 teams=true seating=opposite": "empire players=4 teams=true",
		"throne=near":                           "empire players=2 teams=false throne=near",
		"players=3 guard=all":                   "empire guard=all players=3 teams=false",
		"corners=adjacent":                      "empire corners=adjacent players=2 teams=false",
		"players=4 teams=true seating=adjacent": "empire players=4 seating=adjacent teams=true",
	} {
		if got := readingVariant(t, opts).String(); got != want {
			t.Errorf("%q: %s, want %s", opts, got, want)
		}
	}
	if readingVariant(t, "") != empire.Variant(2, false) {
		t.Error("the default variant is not Variant(2, false)")
	}
	for opts, why := range map[string]string{
		"players=3 corners=adjacent": "corners=adjacent needs players=2",
		"players=4 seating=adjacent": "seating=adjacent needs teams=true",
		"throne=middle":              "far, near",
	} {
		o, _ := game.ParseOptions(opts)
		if _, err := game.NewVariant("empire", o); err == nil || !strings.Contains(err.Error(), why) {
			t.Errorf("%q: %v, want %q", opts, err, why)
		}
	}
}

// throne=near: South-West's trône du roi is e5, the throne nearest his
// corner; reaching it wins at once there, not by default (h8).
func TestReadingThroneNear(t *testing.T) {
	pos := indPosition(t, 1, 10, "e3=1C", "a1=1T", "k11=2C", "l12=2S")
	far, near := readingVariant(t, ""), readingVariant(t, "throne=near")
	if got := empire.KingThrone(near, 0).String() + empire.KingThrone(near, 1).String(); got != "e5h8" {
		t.Errorf("near thrones %s, want e5 and h8", got)
	}
	if s := indExpect(t, far, pos, "e3-e5", 0); len(s.LegalMoves(nil)) == 0 {
		t.Error("far: the game ended")
	}
	if s := indExpect(t, near, pos, "e3-e5", 0b01); len(s.LegalMoves(nil)) != 0 {
		t.Error("near: moves after the win")
	}
}

// guard=all: with 3 players, South-West's commandant on h8 that North-West
// (next) cannot capture but North-East can (cavalier h11, 3 away) wins by
// default, not with guard=all.
func TestReadingGuardAll(t *testing.T) {
	pos := indPosition(t, 1, 10, "h6=1C", "a1=1T", "a12=2C", "l12=3C", "h11=3T")
	if s := indExpect(t, readingVariant(t, "players=3"), pos, "h6-h8", 0b001); len(s.LegalMoves(nil)) != 0 {
		t.Error("next: moves after the win")
	}
	s := indExpect(t, readingVariant(t, "players=3 guard=all"), pos, "h6-h8", 0)
	if len(s.LegalMoves(nil)) == 0 {
		t.Error("all: the game ended")
	}
}

// corners=adjacent: South-West against South-East; the South-West archer
// on d1 then meets South-East's archer on i1 (5 away, no capture) instead
// of an empty cell.
func TestReadingCornersAdjacent(t *testing.T) {
	def, adj := readingVariant(t, ""), readingVariant(t, "corners=adjacent")
	start := adj.Start()
	// Rank 1: South-West's a1-d1, South-East's i1-l1.
	if !strings.Contains(start.Encode(), "/1T1S1T1S....2S2T2S2T 1 0") {
		t.Errorf("adjacent start %s", start.Encode())
	}
	if adj.Seats[1].EN != "South-East" || empire.KingThrone(adj, 1).String() != "e8" {
		t.Errorf("adjacent: seat 2 %s, trône du roi %s", adj.Seats[1].EN, empire.KingThrone(adj, 1))
	}
	if got := gametest.Legal(def.Start()); !slices.Contains(got, "d1-i1") {
		t.Errorf("opposite corners: d1-i1 not legal in %v", got)
	}
	if got := gametest.Legal(start); slices.Contains(got, "d1-i1") || !slices.Contains(got, "d1-h1") {
		t.Errorf("adjacent corners: %v", got)
	}
	if got, want := gametest.Legal(start), indParse(t, adj, start.Encode()).notations(); !slices.Equal(got, want) {
		t.Errorf("adjacent start moves\n got  %v\n want %v", got, want)
	}
}

// seating=adjacent: partners side by side, seats 1 and 2 against 3 and 4.
// South-West's cavalier takes North-West's archer 3 away only when they
// are opponents; and in team win (b) "the next player" is the next
// opponent to move (seat 3), not the partner (seat 2).
func TestReadingSeatingAdjacent(t *testing.T) {
	opp, adj := readingVariant(t, "players=4 teams=true"), readingVariant(t, "players=4 teams=true seating=adjacent")
	if !slices.Equal(adj.Teams, []int{0, 0, 1, 1}) {
		t.Errorf("teams %v", adj.Teams)
	}
	capture := indPosition(t, 1, 10, "a5=1T", "a8=2S", "b2=1C", "b11=2C", "k11=3C", "k2=4C")
	if got := gametest.Legal(gametest.Decode(t, opp, capture)); !slices.Contains(got, "a5xa8") {
		t.Errorf("opposite: %v", got)
	}
	if got := gametest.Legal(gametest.Decode(t, adj, capture)); slices.Contains(got, "a5xa8") {
		t.Errorf("adjacent: a partner's archer taken: %v", got)
	}
	// Both commandants of seats 1 and 2 on their trônes du roi (h8, h5)
	// after 1's move; seat 2 (partner) moves next.
	base := []string{"f8=1C", "h5=2C", "a12=3C", "l1=4C"}
	// Only seat 4 (cavalier k8, 3 from h8) could take: the next opponent
	// (seat 3) cannot, so the team wins; not with guard=all.
	safe := indPosition(t, 1, 10, append(base, "k8=4T")...)
	if s := indExpect(t, adj, safe, "f8-h8", 0b0011); len(s.LegalMoves(nil)) != 0 {
		t.Error("adjacent: moves after the team's win")
	}
	indExpect(t, readingVariant(t, "players=4 teams=true seating=adjacent guard=all"), safe, "f8-h8", 0)
	// Seat 3 (archer d8, 4 from h8 once f8 is left) could take: no win.
	indExpect(t, adj, indPosition(t, 1, 10, append(base, "d8=3S")...), "f8-h8", 0)
}
