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
