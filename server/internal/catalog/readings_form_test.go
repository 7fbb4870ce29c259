package catalog

import (
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
)

// The readings' descriptions on the new-game form say the choices in
// words only: "(far)", "(near)", "(own-left: ...)" are command-line codes.
func TestReadingDescriptionsWithoutValueCodes(t *testing.T) {
	seen := 0
	for _, g := range game.Games() {
		for _, o := range g.Options {
			if !game.IsReading(o.Name) || len(o.Values) == 0 {
				continue
			}
			for _, lang := range []string{"en", "fr"} {
				seen++
				doc := withoutValueCodes(o.Doc.In(lang), o.Values)
				for _, v := range o.Values {
					if strings.Contains(doc, "("+v+")") || strings.Contains(doc, "("+v+":") {
						t.Errorf("%s %s (%s): %q still names the value %q", g.ID, o.Name, lang, doc, v)
					}
				}
			}
		}
	}
	if seen < 20 {
		t.Errorf("only %d descriptions of readings checked", seen)
	}
	if got := withoutValueCodes("farthest (far) or the nearest (near), (see below)", []string{"far", "near"}); got != "farthest or the nearest, (see below)" {
		t.Errorf("got %q", got)
	}
}
