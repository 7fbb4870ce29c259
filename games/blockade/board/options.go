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
		return 0, false, game.Errorf(game.Text{EN: "teams=true needs players=4 (got players=%d)", FR: "teams=true demande players=4 (reçu players=%d)"}, players)
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

// Variant starts the variant of a game for this seating: its options,
// players, the seats' names and, in teams, seats 1 and 3 against 2 and 4.
// The game adds the rest (limits, start, position reader).
func (s Seating) Variant(seats []game.Text) *game.Variant {
	v := &game.Variant{
		Options: game.Options{"players": strconv.Itoa(s.Players), "teams": strconv.FormatBool(s.Teams)},
		Players: s.Players,
		Seats:   seats,
	}
	if s.Teams {
		v.Teams = []int{0, 1, 0, 1}
	}
	return v
}

// SeatingTable holds what a game played in every one of the Seatings fixes
// for each of them (its rules, which hold its variant), built once.
type SeatingTable[R any] struct {
	id      string
	rules   map[Seating]R
	variant func(R) *game.Variant
}

// NewSeatingTable builds the rules of every seating of g with build, and
// completes g: 2 to 4 players, one variant a seating, and the setup that
// reads the players and teams options (see PlayersAndTeams). variant gives
// the variant held by a seating's rules; its Game is set to g.
func NewSeatingTable[R any](g *game.Game, build func(Seating) R, variant func(R) *game.Variant) *SeatingTable[R] {
	t := &SeatingTable[R]{id: g.ID, rules: make(map[Seating]R, len(Seatings)), variant: variant}
	for _, s := range Seatings {
		r := build(s)
		variant(r).Game = g
		t.rules[s] = r
	}
	g.MinPlayers, g.MaxPlayers = 2, 4
	g.Variants = SeatingOptions()
	g.Setup = func(opts game.Options) (*game.Variant, error) {
		players, teams, err := PlayersAndTeams(opts)
		if err != nil {
			return nil, err
		}
		return variant(t.rules[Seating{players, teams}]), nil
	}
	return t
}

// Rules returns the rules of players and teams; it panics for a seating
// that is not one of the Seatings.
func (t *SeatingTable[R]) Rules(players int, teams bool) R {
	r, ok := t.rules[Seating{players, teams}]
	if !ok {
		panic(fmt.Sprintf("%s: no variant with %d players, teams %t", t.id, players, teams))
	}
	return r
}
