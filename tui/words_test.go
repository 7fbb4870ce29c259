package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// The French key bar lists every key the English one does, in the same
// order (the key names themselves translated: Enter is Entrée).
func TestFrenchKeyBarListsEveryKey(t *testing.T) {
	keysOf := func(bar string) []string {
		var out []string
		for _, item := range strings.Split(bar, " · ") {
			k := strings.Fields(item)[0]
			if k == "Entrée" {
				k = "Enter"
			}
			out = append(out, k)
		}
		return out
	}
	for _, pair := range [][2]string{{wKeys.EN, wKeys.FR}, {wKeysShort.EN, wKeysShort.FR}} {
		en, fr := keysOf(pair[0]), keysOf(pair[1])
		if strings.Join(en, " ") != strings.Join(fr, " ") {
			t.Errorf("keys in English %v, in French %v", en, fr)
		}
	}
}

// A refusal's reason longer than the screen is wide wraps onto the next
// lines instead of being cut: every word of it is on the screen, and no
// line is wider than the terminal.
func TestRefusalWrapsInsteadOfBeingCut(t *testing.T) {
	for _, lang := range []string{"en", "fr"} {
		sc := newScreen(t, Config{Lang: lang, Match: newMatch(t, "pogo"), Players: local(2)})
		sc.press(":")
		for _, r := range "3a1-a1" {
			sc.press(string(r))
		}
		sc.press("enter")
		msg := sc.m.message
		if !sc.m.isError || len(msg) <= 80 {
			t.Fatalf("%s: the refusal %q is not longer than a line", lang, msg)
		}
		text := sc.text()
		flat := strings.Join(strings.Fields(text), " ")
		if !strings.Contains(flat, strings.Join(strings.Fields(msg), " ")) {
			t.Errorf("%s: the refusal %q is cut:\n%s", lang, msg, text)
		}
		for _, line := range strings.Split(text, "\n") {
			if w := ansi.StringWidth(line); w > 80 {
				t.Errorf("%s: a line of %d columns: %q", lang, w, line)
			}
		}
	}
}

// Le Blocus's placing phase says what to do, in the player's language;
// once the guards move, the plain prompt is back.
func TestBlocusPlacingSaysWhatToDo(t *testing.T) {
	for lang, want := range map[string]string{"en": "Placing guards", "fr": "Pose des gardes"} {
		sc := newScreen(t, Config{Lang: lang, Match: newMatch(t, "blocus"), Players: local(2)})
		if text := strings.Join(strings.Fields(sc.text()), " "); !strings.Contains(text, want) {
			t.Errorf("%s: the placing phase does not say %q:\n%s", lang, want, sc.text())
		}
	}
}

// The PODS legend says the level and the board in words, never the
// option's values.
func TestPodsLegendInWords(t *testing.T) {
	for lang, want := range map[string]string{"en": "Basic level, board", "fr": "Niveau de base, plateau"} {
		sc := newScreen(t, Config{Lang: lang, Match: newMatch(t, "pods", "level=basic", "orientation=1"), Players: local(2)})
		text := sc.text()
		if !strings.Contains(text, want) || strings.Contains(text, "orientation") {
			t.Errorf("%s: the legend lacks %q or says orientation:\n%s", lang, want, text)
		}
	}
}

// Every game's screen in French has no English word, and in English no
// French one: at the start, after a pick, in the list of moves and the
// help.
func TestTerminalScreensSpeakOneLanguage(t *testing.T) {
	english := []string{"to move", "Players", "Moves", "Your move", "pick", "Enter ", "resign", "Level", "board ", "reserve", "placed", "Which move", "Legal moves", "circle", "king", "guard"}
	french := []string{"joueur", "Joueurs", "Coups", "À vous", "Entrée", "plateau", "niveau", "Niveau", "réserve", "Réserve", "posé", "cercle", "roi ", "garde", "Choisissez"}
	for _, g := range []string{"alignement", "blocus", "empire", "pods", "pogo", "poldr", "polygone", "porte", "saute", "solitaire"} {
		for lang, bad := range map[string][]string{"fr": english, "en": french} {
			players := local(2)
			if g == "solitaire" {
				players = local(1)
			}
			for i := range players {
				players[i].Who = map[string]string{"en": "you", "fr": "vous"}[lang]
			}
			sc := newScreen(t, Config{Lang: lang, Match: newMatch(t, g), Players: players})
			screens := []string{sc.text()}
			sc.press("enter")
			screens = append(screens, sc.text())
			sc.press("esc", "m")
			screens = append(screens, sc.text())
			sc.press("esc", "?")
			screens = append(screens, sc.text())
			for _, s := range screens {
				for _, w := range bad {
					if strings.Contains(s, w) {
						t.Errorf("%s in %s: %q on the screen:\n%s", g, lang, w, s)
					}
				}
			}
		}
	}
}
