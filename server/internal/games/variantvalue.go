package games

import (
	"strings"

	"github.com/plateau-games/plateau/game"
)

// The forms that pick a variant from a list (the lobby's challenges and
// tables, the tournaments) send it as one value: the game's id and the
// variant's options, "empire|players=4 teams=true".

// VariantValue is the form value of game id's variant with opts.
func VariantValue(id string, opts game.Options) string { return id + "|" + opts.String() }

// VariantOfValue reads a form value of VariantValue back; an error for a
// game or options that are none.
func VariantOfValue(value string) (*game.Variant, error) {
	id, opts, _ := strings.Cut(value, "|")
	g, err := game.Lookup(id)
	if err != nil {
		return nil, err
	}
	options, err := game.ParseOptions(opts)
	if err != nil {
		return nil, err
	}
	return g.Variant(options)
}

// VariantChoice is a variant a form offers: its value (VariantValue),
// its name ("L'Empire — 4 joueurs, par équipes") and the variant.
type VariantChoice struct {
	Value, Label string
	Variant      *game.Variant
}

// VariantChoices are the variants of every game that keep accepts, in
// the catalogue's order, named in lang.
func VariantChoices(lang string, keep func(*game.Variant) bool) []VariantChoice {
	var out []VariantChoice
	for _, g := range game.Games() {
		for _, opts := range g.AllVariants() {
			v, err := g.Variant(opts)
			if err != nil || !keep(v) {
				continue
			}
			label := g.Name.In(lang)
			if t := OptionsText(v.Options.String(), lang); t != "" {
				label += " — " + t
			}
			out = append(out, VariantChoice{Value: VariantValue(g.ID, opts), Label: label, Variant: v})
		}
	}
	return out
}
