package game

import (
	"fmt"
	"sort"
	"strings"
)

// Readings: where the rule texts are ambiguous or lost their figures,
// several readings are plausible. The settled one is each game's default;
// the others are options (DECISIONS.md, "Alternative readings (options for
// designers)"), so that designers can play and measure them. A game played
// with any other reading is never rated, and its title and record name the
// readings in words.

// readingWords names each other reading in words: "name=value" for a
// value, "name" for any value (%s the value, or no verb when the value is
// too long to show, as a position text). An option is a reading when its
// name is here.
var readingWords = map[string]Text{
	// Le Blocus
	"exit=optional":     {EN: "optional exit", FR: "sortie facultative"},
	"kings=same-file":   {EN: "kings on one file", FR: "rois sur une même colonne"},
	"kingpath=any":      {EN: "king may start forward", FR: "départ du roi vers l'avant permis"},
	"kingpath=straight": {EN: "straight king path", FR: "chemin du roi tout droit"},
	// L'Empire
	"throne=near":      {EN: "near throne", FR: "trône proche"},
	"guard=all":        {EN: "commandant safe from every opponent", FR: "commandant à l'abri de tous"},
	"corners=adjacent": {EN: "adjacent corners", FR: "coins voisins"},
	// L'Empire, Saute, La Porte
	"seating=adjacent": {EN: "partners side by side", FR: "partenaires côte à côte"},
	// Saute
	"bands=outer":     {EN: "outer bands", FR: "bandes extérieures"},
	"parity=adjacent": {EN: "parity of the adjacent bands", FR: "parité des bandes voisines"},
	"chain=forced":    {EN: "forced chains", FR: "enchaînement obligatoire"},
	"triangles":       {EN: "triangles on file %s", FR: "triangles sur la colonne %s"},
	// Alignement
	"cylinder=global": {EN: "cylinder to the nearest empty circle", FR: "cylindre vers le cercle vide le plus proche"},
	// La Porte
	"entry=optional": {EN: "optional entry", FR: "entrée facultative"},
	"order=listed":   {EN: "listed order", FR: "ordre de la liste"},
	// Polygone
	"backwards=swept": {EN: "no backward direction swept", FR: "aucune direction balayée vers l'arrière"},
	// Every game whose start is reconstructed
	"start": {EN: "own start position", FR: "position de départ choisie"},
}

// IsReading says whether the option name chooses between readings of a
// rule text.
func IsReading(name string) bool {
	if _, ok := readingWords[name]; ok {
		return true
	}
	prefix := name + "="
	for k := range readingWords {
		if strings.HasPrefix(k, prefix) {
			return true
		}
	}
	return false
}

// ReadingWords puts the reading name=value into words in lang; ok is false
// when name is not a reading or value is its default's (no words).
func ReadingWords(name, value, lang string) (words string, ok bool) {
	if t, found := readingWords[name+"="+value]; found {
		return t.In(lang), true
	}
	if t, found := readingWords[name]; found {
		if f := t.In(lang); strings.Contains(f, "%s") {
			return fmt.Sprintf(f, value), true
		}
		return t.In(lang), true
	}
	return "", false
}

// Readings lists the options of opts that set a reading of game g other
// than its default, as "name=value", sorted.
func (g *Game) Readings(opts Options) []string {
	var out []string
	for name, value := range opts {
		if !IsReading(name) {
			continue
		}
		if o, ok := g.Option(name); ok && strings.EqualFold(o.Default, value) {
			continue
		}
		if value == "" {
			continue
		}
		out = append(out, name+"="+value)
	}
	sort.Strings(out)
	return out
}

// Readings lists the readings of v other than the defaults, as
// "name=value", sorted; none for a variant rated as usual.
func (v *Variant) Readings() []string { return v.Game.Readings(v.Options) }

// ReadingsText names the readings of opts other than g's defaults in words
// in lang, separated by commas; "" when there are none.
func (g *Game) ReadingsText(opts Options, lang string) string {
	var words []string
	for _, r := range g.Readings(opts) {
		name, value, _ := strings.Cut(r, "=")
		if w, ok := ReadingWords(name, value, lang); ok {
			words = append(words, w)
		}
	}
	return strings.Join(words, ", ")
}

// Title is the game's name followed by the readings other than the
// defaults in words: "L'Empire, trône proche"; the name alone otherwise.
func (v *Variant) Title(lang string) string {
	if t := v.Game.ReadingsText(v.Options, lang); t != "" {
		return v.Game.Name.In(lang) + ", " + t
	}
	return v.Game.Name.In(lang)
}
