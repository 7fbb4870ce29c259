package board

import (
	"fmt"
	"strconv"

	"github.com/plateau-games/plateau/game"
)

// PlayersOption is the players option of the Blockade games for 2 to 4
// players (L'Empire, Saute, La Porte); doc says who plays with each count.
func PlayersOption(doc game.Text) game.Option {
	return game.Option{Name: "players", Default: "2", Values: []string{"2", "3", "4"}, Doc: doc}
}

// TeamsOption is their teams option; doc says who plays with whom.
func TeamsOption(doc game.Text) game.Option {
	return game.Option{Name: "teams", Default: "false", Values: []string{"false", "true"}, Doc: doc}
}

// PlayersAndTeams reads those two options: teams need four players, seats 1
// and 3 against 2 and 4.
func PlayersAndTeams(opts game.Options) (players int, teams bool, err error) {
	if players, err = opts.Int("players", 2, 2, 4); err != nil {
		return 0, false, err
	}
	if teams, err = opts.Bool("teams", false); err != nil {
		return 0, false, err
	}
	if teams && players != 4 {
		return 0, false, fmt.Errorf("teams=true needs players=4 (got players=%d)", players)
	}
	return players, teams, nil
}

// Seating is one way to seat the players of those games.
type Seating struct {
	Players int
	Teams   bool
}

// Seatings lists them: 2, 3 and 4 players, and 4 in two teams.
var Seatings = []Seating{{2, false}, {3, false}, {4, false}, {4, true}}

// Options gives the seating as the options that select it.
func (s Seating) Options() game.Options {
	if s.Teams {
		return game.Options{"players": strconv.Itoa(s.Players), "teams": "true"}
	}
	return game.Options{"players": strconv.Itoa(s.Players)}
}

// SeatingOptions gives every seating's options, for Game.Variants.
func SeatingOptions() []game.Options {
	out := make([]game.Options, len(Seatings))
	for i, s := range Seatings {
		out[i] = s.Options()
	}
	return out
}
