package docs_test

import (
	"strings"
	"testing"

	"github.com/plateau-games/plateau/docs"
	"github.com/plateau-games/plateau/game"
	_ "github.com/plateau-games/plateau/games/all" // registers every game
)

func TestWithDiagrams(t *testing.T) {
	v, err := game.NewVariant("pogo", nil)
	if err != nil {
		t.Fatal(err)
	}
	page := strings.Join([]string{
		"# Page",
		"",
		"```",
		"   a   b   c", // a drawing, not a position text
		"```",
		"",
		"```",
		"DD,DD,DD/-,-,-/LL,LL,LL L 0",
		"```",
		"Text.",
		"```go",
		"DD,DD,DD/-,-,-/LL,LL,LL L 0", // a block with a language: not an example position
		"```",
		"```",
		"unclosed",
	}, "\n")
	var drawn []string
	got := docs.WithDiagrams(page, []*game.Variant{v}, func(s game.State) string {
		drawn = append(drawn, s.Encode())
		return "DIAGRAM"
	})
	want := strings.Replace(page, "LL,LL,LL L 0\n```\nText.", "LL,LL,LL L 0\n```\n\nDIAGRAM\n\nText.", 1)
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	if len(drawn) != 1 || drawn[0] != "DD,DD,DD/-,-,-/LL,LL,LL L 0" {
		t.Errorf("drawn %q", drawn)
	}
	// No diagram ("") adds nothing; neither does a page without variants.
	if got := docs.WithDiagrams(page, []*game.Variant{v}, func(game.State) string { return "" }); got != page {
		t.Errorf("an empty diagram changed the page:\n%s", got)
	}
	if got := docs.WithDiagrams(page, nil, func(game.State) string { return "DIAGRAM" }); got != page {
		t.Errorf("no variants changed the page:\n%s", got)
	}
}
