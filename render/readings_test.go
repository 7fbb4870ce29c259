package render

import (
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
)

// Le Blocus's legend names the kings' sections of the variant's reading
// (kings=same-file puts North's king on e11, section d10-f12); the options
// of other readings read in words.
func TestReadingsInText(t *testing.T) {
	for opts, want := range map[string]string{"": "North g10-i12", "kings=same-file": "North d10-f12"} {
		o, _ := game.ParseOptions(opts)
		v, err := game.NewVariant("blocus", o)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Text(v.Start(), Options{Lang: "en"})
		if err != nil {
			t.Fatal(err)
		}
		if legend := strings.Join(b.Legend, "\n"); !strings.Contains(legend, "South d1-f3, "+want) {
			t.Errorf("%q: legend %s", opts, legend)
		}
	}
	if got := OptionsText("players=4 seating=adjacent teams=true throne=near", "fr"); got != "4 joueurs, partenaires côte à côte, par équipes, trône proche" {
		t.Errorf("options in words: %q", got)
	}
}
