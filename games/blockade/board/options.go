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

// SeatingOption is the seating option of those games, a reading of the
// French text (DECISIONS.md, "Alternative readings"): with 4 in teams,
// partners sit opposite (opposite, the default: seats 1 and 3 against 2 and
// 4) or side by side (adjacent: seats 1 and 2 against 3 and 4, turn order
// unchanged). A game that declares it gets the Adjacent seating.
func SeatingOption() game.Option {
	return game.Option{Name: "seating", Default: "opposite", Values: []string{"opposite", "adjacent"}, Doc: game.Text{
		EN: "with 4 in teams: partners sit opposite (seats 1 and 3 against 2 and 4) or adjacent, side by side (1 and 2 against 3 and 4; turn order unchanged)",
		FR: "à 4 par équipes : les partenaires sont face à face (places 1 et 3 contre 2 et 4) ou côte à côte (1 et 2 contre 3 et 4 ; l'ordre du jeu ne change pas)",
	}}
}

// ReadSeating reads the players, teams and seating options (see
// PlayersAndTeams); seating=adjacent needs teams=true.
func ReadSeating(opts game.Options) (Seating, error) {
	players, teams, err := PlayersAndTeams(opts)
	if err != nil {
		return Seating{}, err
	}
	switch opts["seating"] {
	case "", "opposite":
		return Seating{Players: players, Teams: teams}, nil
	case "adjacent":
		if !teams {
			return Seating{}, game.Errorf(game.Text{EN: "seating=adjacent needs teams=true (and players=4)", FR: "seating=adjacent demande teams=true (et players=4)"})
		}
		return Adjacent, nil
	}
	return Seating{}, game.Errorf(game.Text{EN: "option seating=%q must be opposite or adjacent", FR: "l'option seating=%q doit valoir opposite ou adjacent"}, opts["seating"])
}

// Seating is one way to seat the players of those games.
type Seating struct {
	Players int
	Teams   bool
	// Adjacent seats partners side by side (seats 1 and 2 against 3 and
	// 4) instead of opposite; only with Teams.
	Adjacent bool
}

// Adjacent is 4 players in teams, partners side by side.
var Adjacent = Seating{Players: 4, Teams: true, Adjacent: true}

// TeamOf is the team of seat in this seating (0 or 1), or seat itself
// without teams.
func (s Seating) TeamOf(seat int) int {
	switch {
	case !s.Teams:
		return seat
	case s.Adjacent:
		return seat / 2
	}
	return seat % 2
}

// Seatings lists them: 2, 3 and 4 players, and 4 in two teams.
var Seatings = []Seating{{Players: 2}, {Players: 3}, {Players: 4}, {Players: 4, Teams: true}}

// Options gives the seating as the options that select it.
func (s Seating) Options() game.Options {
	if s.Adjacent {
		return game.Options{"players": strconv.Itoa(s.Players), "teams": "true", "seating": "adjacent"}
	}
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
// players, the seats' names and, in teams, seats 1 and 3 against 2 and 4
// (1 and 2 against 3 and 4 when Adjacent). The seating option is among the
// options only when adjacent, so that the default variants keep their
// names. The game adds the rest (limits, start, position reader).
func (s Seating) Variant(seats []game.Text) *game.Variant {
	v := &game.Variant{
		Options: game.Options{"players": strconv.Itoa(s.Players), "teams": strconv.FormatBool(s.Teams)},
		Players: s.Players,
		Seats:   seats,
	}
	if s.Teams {
		v.Teams = []int{0, 1, 0, 1}
	}
	if s.Adjacent {
		v.Options["seating"] = "adjacent"
		v.Teams = []int{0, 0, 1, 1}
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
// reads the players and teams options (see PlayersAndTeams), and seating
// (the Adjacent seating) when g declares SeatingOption. variant gives the
// variant held by a seating's rules; its Game is set to g.
func NewSeatingTable[R any](g *game.Game, build func(Seating) R, variant func(R) *game.Variant) *SeatingTable[R] {
	t := &SeatingTable[R]{id: g.ID, rules: make(map[Seating]R, len(Seatings)+1), variant: variant}
	seatings := Seatings
	g.Variants = SeatingOptions()
	if _, ok := g.Option("seating"); ok {
		seatings = append(seatings[:len(seatings):len(seatings)], Adjacent)
		g.Variants = append(g.Variants, Adjacent.Options())
	}
	for _, s := range seatings {
		r := build(s)
		variant(r).Game = g
		t.rules[s] = r
	}
	g.MinPlayers, g.MaxPlayers = 2, 4
	g.Setup = func(opts game.Options) (*game.Variant, error) {
		s, err := ReadSeating(opts)
		if err != nil {
			return nil, err
		}
		r, ok := t.rules[s]
		if !ok {
			return nil, game.Errorf(game.Text{EN: "%s has no option seating", FR: "%s n'a pas d'option seating"}, g.ID)
		}
		return variant(r), nil
	}
	return t
}

// Rules returns the rules of players and teams; it panics for a seating
// that is not one of the Seatings.
func (t *SeatingTable[R]) Rules(players int, teams bool) R {
	return t.RulesOf(Seating{Players: players, Teams: teams})
}

// RulesOf returns the rules of seating s; it panics for a seating the
// table does not hold.
func (t *SeatingTable[R]) RulesOf(s Seating) R {
	r, ok := t.rules[s]
	if !ok {
		panic(fmt.Sprintf("%s: no variant with %d players, teams %t, adjacent %t", t.id, s.Players, s.Teams, s.Adjacent))
	}
	return r
}
