package all_test

import (
	"strings"
	"testing"

	"github.com/plateau-games/plateau/docs"
	"github.com/plateau-games/plateau/game"
)

// Every reading option a game declares (game.IsReading) names each of its
// other values in words in both languages (titles and records say them),
// its default reading leaves the variant's name as the game's usual one
// and rated, and the rules pages name the option.
func TestReadingOptionsInWords(t *testing.T) {
	for _, g := range game.Games() {
		for _, o := range g.Options {
			if !game.IsReading(o.Name) {
				continue
			}
			for _, val := range o.Values {
				if val == o.Default {
					continue
				}
				for _, lang := range []string{"en", "fr"} {
					if w, ok := game.ReadingWords(o.Name, val, lang); !ok || w == "" || strings.Contains(w, "%") {
						t.Errorf("%s: %s=%s has no words in %s (%q)", g.ID, o.Name, val, lang, w)
					}
				}
			}
			for _, lang := range []string{"en", "fr"} {
				if page, err := docs.Rules(g.ID, lang); err != nil || !strings.Contains(page, "`"+o.Name+"`") {
					t.Errorf("%s: the %s rules page does not name the option %s (%v)", g.ID, lang, o.Name, err)
				}
			}
			base, err := g.Variant(game.Options{})
			if err != nil {
				continue // a game whose defaults need other options
			}
			named, err := g.Variant(game.Options{o.Name: o.Default})
			if err != nil || named.String() != base.String() || len(named.Readings()) != 0 {
				t.Errorf("%s: %s=%s (the default) gives %v, %v; want %s", g.ID, o.Name, o.Default, named, err, base)
			}
		}
	}
}
