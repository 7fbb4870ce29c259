package board

import (
	"slices"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
)

func TestSeatingTable(t *testing.T) {
	g := &game.Game{ID: "seated"}
	table := NewSeatingTable(g, func(s Seating) *game.Variant {
		return s.Variant(make([]game.Text, s.Players))
	}, func(v *game.Variant) *game.Variant { return v })
	if g.MinPlayers != 2 || g.MaxPlayers != 4 || len(g.Variants) != len(Seatings) || g.Setup == nil {
		t.Fatalf("game not completed: %+v", g)
	}
	for i, s := range Seatings {
		v := table.Rules(s.Players, s.Teams)
		if v.Game != g || v.Players != s.Players || len(v.Seats) != s.Players || (v.Teams != nil) != s.Teams {
			t.Errorf("%+v: variant %+v", s, v)
		}
		if s.Teams && !slices.Equal(v.Teams, []int{0, 1, 0, 1}) {
			t.Errorf("%+v: teams %v", s, v.Teams)
		}
		if got, err := g.Setup(g.Variants[i]); err != nil || got != v {
			t.Errorf("%+v: setup gives %p, %v; want %p", s, got, err, v)
		}
		if v.Options["players"] != g.Variants[i]["players"] || v.Options["teams"] == "" {
			t.Errorf("%+v: options %v", s, v.Options)
		}
	}
	if _, err := g.Setup(game.Options{"players": "3", "teams": "true"}); err == nil || !strings.Contains(err.Error(), "players=4") {
		t.Errorf("3 players in teams: %v", err)
	}
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "seated: no variant with 3 players, teams true") {
			t.Errorf("Rules(3, true) panics with %v", r)
		}
	}()
	table.Rules(3, true)
}

// A game that declares the seating option gets the adjacent seating
// (partners side by side) as one more variant; one that does not refuses it.
func TestSeatingAdjacent(t *testing.T) {
	g := &game.Game{ID: "sidebyside", Options: []game.Option{PlayersOption(game.Text{}), TeamsOption(game.Text{}), SeatingOption()}}
	table := NewSeatingTable(g, func(s Seating) *game.Variant {
		return s.Variant(make([]game.Text, s.Players))
	}, func(v *game.Variant) *game.Variant { return v })
	if len(g.Variants) != len(Seatings)+1 || g.Variants[len(Seatings)].String() != "players=4 seating=adjacent teams=true" {
		t.Fatalf("variants %v", g.Variants)
	}
	v, err := g.Variant(game.Options{"players": "4", "teams": "true", "seating": "adjacent"})
	if err != nil || v != table.RulesOf(Adjacent) {
		t.Fatalf("adjacent: %v, %v", v, err)
	}
	if !slices.Equal(v.Teams, []int{0, 0, 1, 1}) || v.String() != "sidebyside players=4 seating=adjacent teams=true" {
		t.Errorf("adjacent variant: teams %v, %s", v.Teams, v)
	}
	for seat, team := range []int{0, 0, 1, 1} {
		if Adjacent.TeamOf(seat) != team || (Seating{Players: 4, Teams: true}).TeamOf(seat) != seat%2 || (Seating{Players: 4}).TeamOf(seat) != seat {
			t.Errorf("seat %d: teams %d %d %d", seat, Adjacent.TeamOf(seat), (Seating{Players: 4, Teams: true}).TeamOf(seat), (Seating{Players: 4}).TeamOf(seat))
		}
	}
	// The default reading keeps today's name: no seating option in it.
	if v, err := g.Variant(game.Options{"players": "4", "teams": "true", "seating": "opposite"}); err != nil || v.String() != "sidebyside players=4 teams=true" {
		t.Errorf("opposite: %v, %v", v, err)
	}
	if _, err := g.Variant(game.Options{"players": "4", "seating": "adjacent"}); err == nil || !strings.Contains(err.Error(), "teams=true") {
		t.Errorf("adjacent without teams: %v", err)
	}
	plain := &game.Game{ID: "plain", Options: []game.Option{PlayersOption(game.Text{}), TeamsOption(game.Text{})}}
	NewSeatingTable(plain, func(s Seating) *game.Variant { return s.Variant(make([]game.Text, s.Players)) }, func(v *game.Variant) *game.Variant { return v })
	if len(plain.Variants) != len(Seatings) {
		t.Errorf("a game without the option lists %v", plain.Variants)
	}
	if _, err := plain.Setup(Adjacent.Options()); err == nil || !strings.Contains(err.Error(), "no option seating") {
		t.Errorf("a game without the option accepts it: %v", err)
	}
}
