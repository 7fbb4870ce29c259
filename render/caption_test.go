package render

import (
	"regexp"
	"strconv"
	"testing"
	"unicode/utf8"

	"github.com/plateau-games/plateau/game"
)

// A status line longer than the board (the French outcome of a game of
// four in teams) is set smaller so that it fits, not cut at both sides; a
// short one keeps the caption's size.
func TestLongCaptionFitsTheBoard(t *testing.T) {
	v, err := game.NewVariant("empire", game.Options{"players": "4", "teams": "true"})
	if err != nil {
		t.Fatal(err)
	}
	viewBox := regexp.MustCompile(`viewBox="0 0 ([0-9.]+) `)
	sizeOf := func(svg, text string) float64 {
		m := regexp.MustCompile(`font-size="([0-9.]+)"[^>]*>` + regexp.QuoteMeta(text) + `</text>`).FindStringSubmatch(svg)
		if m == nil {
			t.Fatalf("no caption %q in the drawing", text)
		}
		f, _ := strconv.ParseFloat(m[1], 64)
		return f
	}
	long := "Bob et Dave gagnent — les deux commandants sur leurs trônes du roi"
	b, err := SVG(v.Start(), Options{Lang: "fr", Status: long})
	if err != nil {
		t.Fatal(err)
	}
	svg := string(b)
	w, _ := strconv.ParseFloat(viewBox.FindStringSubmatch(svg)[1], 64)
	fs := sizeOf(svg, long)
	if est := float64(utf8.RuneCountInString(long)) * fs * 0.56; est > w*0.97 {
		t.Errorf("the long caption at %.2f is about %.0f wide, the board %.0f", fs, est, w)
	}
	b, _ = SVG(v.Start(), Options{Lang: "fr", Status: "Bob gagne"})
	if short := sizeOf(string(b), "Bob gagne"); short <= fs {
		t.Errorf("a short caption at %.2f, the long one at %.2f: want it larger", short, fs)
	}
}
