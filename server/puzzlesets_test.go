package server

import (
	"strings"
	"testing"

	"github.com/plateau-games/plateau/puzzle"
	"github.com/plateau-games/plateau/server/internal/learn"
)

// Found reading /puzzles in both languages: the sets of a game were named
// by their options' keys ("Sets: level=basic (70) · level=advanced",
// "size=6 (200)"), program words the issue forbids. They are in words now,
// on the list and on each puzzle's page.
func TestPuzzleSetsInWords(t *testing.T) {
	_, ts := startServer(t, newMemStore())
	for _, lang := range []string{"en", "fr"} {
		_, body := get(t, ts, "/puzzles?lang="+lang)
		// The lines of sets (the drawings have font-size="…" attributes).
		n := 0
		for _, part := range strings.Split(body, `<p class="sets">`)[1:] {
			line, _, _ := strings.Cut(part, "</p>")
			n++
			for _, raw := range []string{"level=", "size=", "players="} {
				if strings.Contains(line, raw) {
					t.Errorf("%s: %q on /puzzles: %s", lang, raw, line)
				}
			}
		}
		if n == 0 {
			t.Errorf("%s: no line of sets on /puzzles", lang)
		}
		for _, s := range puzzle.Sets() {
			if name := learn.SetName(s, lang); strings.Contains(name, "=") {
				t.Errorf("%s: set %s is named %q", lang, s.ID, name)
			}
		}
	}
	if got := learn.SetName(findSet(t, "pods", "basic"), "fr"); !strings.Contains(got, "niveau de base") {
		t.Errorf("the French name of PODS's basic set: %q", got)
	}
}

func findSet(t *testing.T, game, part string) *puzzle.Set {
	t.Helper()
	for _, s := range puzzle.Sets() {
		if s.Game == game && strings.Contains(s.ID, part) {
			return s
		}
	}
	t.Fatalf("no %s set of %s", part, game)
	return nil
}
