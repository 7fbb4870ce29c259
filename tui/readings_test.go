package tui

import (
	"strings"
	"testing"
)

// A game with other readings of the rules names them on its screen and in
// the window's title, in French and English, whole even on an 80-column
// terminal.
func TestReadingsOnTheScreen(t *testing.T) {
	for lang, want := range map[string][]string{
		"en": {"near throne", "commandant safe from every opponent", "plateau — L'Empire, commandant safe from every opponent, near throne"},
		"fr": {"trône proche", "commandant à l'abri de tous", "plateau — L'Empire, commandant à l'abri de tous, trône proche"},
	} {
		sc := newScreen(t, Config{Lang: lang, Match: newMatch(t, "empire", "throne=near", "guard=all"), Players: local(2)})
		// The panel beside the board, as an 80-column terminal has it.
		var panel []string
		for _, l := range strings.Split(sc.text(), "\n") {
			if r := []rune(l); len(r) > 45 {
				panel = append(panel, string(r[45:]))
			}
		}
		text := strings.Join(strings.Fields(strings.Join(panel, "\n")), " ")
		for _, w := range want[:2] {
			if !strings.Contains(text, w) {
				t.Errorf("%s: the screen lacks %q:\n%s", lang, w, sc.text())
			}
		}
		if title := sc.m.View().WindowTitle; title != want[2] {
			t.Errorf("%s: window title %q, want %q", lang, title, want[2])
		}
	}
}
