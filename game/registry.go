package game

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// Text is a user-facing text in the two languages of the interface.
type Text struct{ EN, FR string }

// In returns the text in lang ("en" or "fr"); English when lang is unknown
// or the French text is missing.
func (t Text) In(lang string) string {
	if strings.EqualFold(lang, "fr") && t.FR != "" {
		return t.FR
	}
	return t.EN
}

// Option describes one option a game accepts (`--opt name=value`).
type Option struct {
	Name string
	// Default is the value used when the option is not given; it may be a
	// description such as "6 with 2 players, 7 with 3" when it depends on
	// other options (the game's Setup resolves it).
	Default string
	// Values lists the accepted values when they are few; nil when the
	// game's Setup checks the value itself.
	Values []string
	Doc    Text
}

// Game describes one game of the catalogue. Game packages register one
// with Register in an init function.
type Game struct {
	ID         string // short lowercase id: pogo, blocus, poldr, ...
	Name       Text
	Summary    Text
	Author     string // designer and year, as in the rule sheet
	MinPlayers int
	MaxPlayers int
	Options    []Option
	// Variants lists the option sets of the variants the rule text
	// describes (player counts, levels, finishes); the conformance suite and
	// the catalogue go through all of them. nil means the defaults only.
	Variants []Options
	// Setup builds a variant from options that passed the generic checks
	// (known names, listed values). It resolves defaults and seeds and
	// returns a clear error for anything else it refuses.
	Setup func(opts Options) (*Variant, error)
}

// Variant is a game with every option resolved: what a position needs to be
// created, read back and judged.
type Variant struct {
	Game *Game
	// Options holds every option of the game with its resolved value, so
	// that a record of it recreates the same variant.
	Options Options
	Players int
	// Seats names each seat (Light, Dark; red, green, ...).
	Seats []Text
	// Teams gives the team of each seat when partners play together
	// (seats with the same number share their result); nil otherwise.
	Teams []int
	// PlyLimit is the number of plies after which an unfinished game is a
	// draw; 0 when the game always ends by itself.
	PlyLimit int
	// Repetition is the number of occurrences of one position that makes a
	// draw (3 for threefold repetition); 0 when positions cannot repeat.
	Repetition int
	// ScoreName says what Outcome.Scores count; empty when they are unused.
	ScoreName Text
	// Start returns the start position.
	Start func() State
	// Decode reads a position text (State.Encode) of this variant.
	Decode func(position string) (State, error)
}

// ID is the game id followed by the options that differ from the defaults,
// e.g. "empire players=4 teams=true".
func (v *Variant) String() string {
	if len(v.Options) == 0 {
		return v.Game.ID
	}
	return v.Game.ID + " " + v.Options.String()
}

// Team returns the team of seat: its own number when there are no teams.
func (v *Variant) Team(seat int) int {
	if v.Teams == nil {
		return seat
	}
	return v.Teams[seat]
}

// SeatName is the name of seat in lang, or "player N" when the game gives none.
func (v *Variant) SeatName(seat int, lang string) string {
	if seat >= 0 && seat < len(v.Seats) {
		return v.Seats[seat].In(lang)
	}
	if strings.EqualFold(lang, "fr") {
		return fmt.Sprintf("joueur %d", seat+1)
	}
	return fmt.Sprintf("player %d", seat+1)
}

// Position returns the start position, or the decoded position text when
// position is not empty.
func (v *Variant) Position(position string) (State, error) {
	if strings.TrimSpace(position) == "" {
		return v.Start(), nil
	}
	return v.Decode(position)
}

var (
	registryMu sync.RWMutex
	registry   = map[string]*Game{}
)

// Register adds g to the catalogue. It panics on a duplicate or incomplete
// entry: that is a programming error found at start-up.
func Register(g *Game) {
	registryMu.Lock()
	defer registryMu.Unlock()
	if g.ID == "" || g.Setup == nil || g.MinPlayers < 1 || g.MaxPlayers > MaxPlayers || g.MinPlayers > g.MaxPlayers {
		panic(fmt.Sprintf("game: incomplete registration %q", g.ID))
	}
	if _, dup := registry[g.ID]; dup {
		panic("game: duplicate registration " + g.ID)
	}
	registry[g.ID] = g
}

// Games lists the registered games sorted by id.
func Games() []*Game {
	registryMu.RLock()
	defer registryMu.RUnlock()
	list := make([]*Game, 0, len(registry))
	for _, g := range registry {
		list = append(list, g)
	}
	sort.Slice(list, func(i, j int) bool { return list[i].ID < list[j].ID })
	return list
}

// IDs lists the registered game ids, sorted.
func IDs() []string {
	var ids []string
	for _, g := range Games() {
		ids = append(ids, g.ID)
	}
	return ids
}

// Lookup finds a game by id (case-insensitive).
func Lookup(id string) (*Game, error) {
	registryMu.RLock()
	g := registry[strings.ToLower(strings.TrimSpace(id))]
	registryMu.RUnlock()
	if g == nil {
		return nil, Errorf(Text{EN: "unknown game %q; known games: %s", FR: "jeu inconnu %q ; les jeux connus : %s"}, id, strings.Join(IDs(), ", "))
	}
	return g, nil
}

// NewVariant resolves a game and its options in one call:
// NewVariant("empire", game.Options{"players": "4"}).
func NewVariant(id string, opts Options) (*Variant, error) {
	g, err := Lookup(id)
	if err != nil {
		return nil, err
	}
	return g.Variant(opts)
}

// AllVariants returns the option sets of Variants, or the defaults alone.
func (g *Game) AllVariants() []Options {
	if len(g.Variants) == 0 {
		return []Options{{}}
	}
	return g.Variants
}

// Option finds an option of the game by name.
func (g *Game) Option(name string) (Option, bool) {
	for _, o := range g.Options {
		if o.Name == name {
			return o, true
		}
	}
	return Option{}, false
}

// Variant checks opts against the game's options and builds the variant.
func (g *Game) Variant(opts Options) (*Variant, error) {
	clean := Options{}
	for k, v := range opts {
		k = strings.ToLower(strings.TrimSpace(k))
		v = strings.TrimSpace(v)
		o, ok := g.Option(k)
		if !ok && k == "players" && v == strconv.Itoa(g.MinPlayers) && g.MinPlayers == g.MaxPlayers {
			// Every game accepts its own fixed player count, so that a
			// platform may pass players=N to any game.
			continue
		}
		if !ok {
			var names []string
			for _, o := range g.Options {
				names = append(names, o.Name)
			}
			if len(names) == 0 {
				return nil, Errorf(Text{EN: "%s takes no options (got %q)", FR: "%s n'a pas d'options (reçu %q)"}, g.ID, k)
			}
			return nil, Errorf(Text{EN: "%s has no option %q; its options are: %s", FR: "%s n'a pas d'option %q ; ses options : %s"}, g.ID, k, codeList(names))
		}
		if o.Values != nil {
			found := false
			for _, allowed := range o.Values {
				if strings.EqualFold(allowed, v) {
					v, found = allowed, true
					break
				}
			}
			if !found {
				return nil, Errorf(Text{EN: "%s: option %s=%q is not accepted; use one of: %s", FR: "%s : l'option %s=%q n'est pas acceptée ; valeurs possibles : %s"}, g.ID, k, v, codeList(o.Values))
			}
		}
		clean[k] = v
	}
	v, err := g.Setup(clean)
	if err != nil {
		return nil, Errorf(Text{EN: "%s: %v", FR: "%s : %v"}, g.ID, err)
	}
	if v.Game == nil {
		v.Game = g
	}
	return v, nil
}

// codeList lists words to type (option names, values) for a message: as
// they are in English, quoted in French, where they are not French words.
func codeList(words []string) Text {
	quoted := make([]string, len(words))
	for i, w := range words {
		quoted[i] = strconv.Quote(w)
	}
	return Text{EN: strings.Join(words, ", "), FR: strings.Join(quoted, ", ")}
}
