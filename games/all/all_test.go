package all_test

import (
	"math/rand/v2"
	"testing"

	"github.com/plateau-games/plateau/docs"
	"github.com/plateau-games/plateau/game"
	_ "github.com/plateau-games/plateau/games/all"
)

// Every registered game has its rules pages in both languages.
func TestRulesPages(t *testing.T) {
	for _, g := range game.Games() {
		for _, lang := range []string{"en", "fr"} {
			text, err := docs.Rules(g.ID, lang)
			if err != nil || len(text) < 500 {
				t.Errorf("%s rules in %s: %d bytes, %v", g.ID, lang, len(text), err)
			}
		}
	}
}

// Every way a game ends in random play has a French text, so that the
// French interface never shows an English reason.
func TestEndReasonsTranslated(t *testing.T) {
	rep := game.NewRepetitionTable(1024)
	for _, g := range game.Games() {
		for _, opts := range g.AllVariants() {
			v, err := g.Variant(opts)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(1, 2))
			for i := 0; i < 40; i++ {
				o, _ := game.Playout(v.Start(), rng, nil, rep)
				if game.ReasonText(o.Reason, "fr") == o.Reason {
					t.Errorf("%s: the end reason %q has no French text", v, o.Reason)
				}
			}
		}
	}
}
