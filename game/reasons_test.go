package game_test

import (
	"testing"

	"github.com/plateau-games/plateau/game"
)

func TestReasonText(t *testing.T) {
	if got := game.ReasonText("threefold repetition", "fr"); got != "triple répétition" {
		t.Fatalf("fr: %q", got)
	}
	if got := game.ReasonText("threefold repetition", "en"); got != "threefold repetition" {
		t.Fatalf("en: %q", got)
	}
	if got := game.ReasonText("something new", "fr"); got != "something new" {
		t.Fatalf("unknown reason: %q", got)
	}
	if len(game.ReasonTexts("en")) != 0 || game.ReasonTexts("fr")["tops every stack"] == "" {
		t.Fatal("ReasonTexts")
	}
}
