package catalog

import (
	"regexp"
	"slices"
	"strings"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/server/internal/web"
)

// The new game form's readings of the rules (game.IsReading): their own
// fieldset, each value in words with the usual one said so and
// preselected, and the start option as a position text typed as the rules
// page writes it, spaces and commas included (the option's value writes
// them "_" and ";", since options are separated by them).

func init() {
	web.Register(readingFormMessages)
}

var readingFormMessages = map[string][2]string{
	"readings:legend": {"Readings of the rules", "Lectures de la règle"},
	"readings:note":   {"Where the rule text is ambiguous or lost its figures, another reading may be chosen, to play and measure it. A game with another reading than the usual one is never rated, and its title and record name the reading.", "Là où le texte de la règle est ambigu ou a perdu ses figures, une autre lecture peut être choisie, pour la jouer et la mesurer. Une partie avec une autre lecture que l'habituelle n'est jamais classée, et son titre et son relevé nomment la lecture."},
	"readings:usual":  {"%s (usual reading)", "%s (lecture habituelle)"},
	"readings:start":  {"Empty for the usual start. Or a position text as the rules page writes it, spaces included, with player 1 to move at move 0; it is checked for the game (pieces counted, nothing on a forbidden cell). The usual start:", "Vide pour le départ habituel. Ou un texte de position tel que la page des règles l'écrit, espaces compris, le joueur 1 au trait au coup 0 ; il est vérifié pour le jeu (pièces comptées, rien sur une case interdite). Le départ habituel :"},
}

// readingField completes the form field of a reading option: the usual
// value said so, and for the start option its help and the usual start.
func readingField(f *optionField, g *game.Game, lang string) {
	f.Reading = true
	f.Doc = withoutValueCodes(f.Doc, f.Values)
	for i := range f.Choices {
		if f.Choices[i].Selected {
			f.Choices[i].Label = strings.Replace(web.T(lang, "readings:usual"), "%s", f.Choices[i].Label, 1)
		}
	}
	if f.Name == "start" {
		f.Doc = web.T(lang, "readings:start")
		f.Default = ""
		if v, err := g.Variant(nil); err == nil {
			f.Start = v.Start().Encode()
		}
	}
}

// startFormValue is the start option's value for a position text typed in
// the form: its runs of spaces become "_" and its commas ";" (see
// game.StartOption); "_" and ";" typed as such stay, and so does book.
func startFormValue(typed string) string {
	return game.StartValue(strings.Join(strings.Fields(typed), " "))
}

// valueCode is a parenthesised option value in an option's description,
// "(far)" or "(own-left: North on h11)": the rules packages' docs name
// the values for the command line, where they are typed.
var valueCode = regexp.MustCompile(`\s*\(([a-z0-9-]+)(:[^)]*)?\)`)

// withoutValueCodes drops from doc the option values in parentheses: the
// form shows each value in words beside its choice, and a code such as
// "(far)" on a French page is a program word.
func withoutValueCodes(doc string, values []string) string {
	return valueCode.ReplaceAllStringFunc(doc, func(m string) string {
		if sub := valueCode.FindStringSubmatch(m); sub != nil && slices.Contains(values, sub[1]) {
			return ""
		}
		return m
	})
}
