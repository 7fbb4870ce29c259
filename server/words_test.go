package server

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// sameInBothLanguages are the texts allowed to read the same in English
// and French.
var sameInBothLanguages = map[string]bool{
	"site": true, "options": true, "position": true, "date": true, "opt:orientation": true,
	"opt:teams=false": true, "opt:expert=false": true, "opt:match=false": true,
	"rank": true, "hourshort": true,
}

// TestEveryTextHasFrench fails when a string the server can show or send
// has no French text: every interface string, every code of an info,
// error or refused move written in the server's source, every level and
// every option value of every game.
func TestEveryTextHasFrench(t *testing.T) {
	for key, m := range web.All() {
		if m[1] == "" && m[0] != "" {
			t.Errorf("message %q has no French text", key)
		}
		if m[0] == m[1] && m[0] != "" && !sameInBothLanguages[key] && !strings.Contains(m[0], "%") {
			t.Logf("message %q reads the same in both languages: %q", key, m[0])
		}
	}
	// The codes the server sends, found in its source.
	// (The feature packages under internal/ included.)
	var files []string
	filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".go") {
			files = append(files, path)
		}
		return err
	})
	patterns := map[string]*regexp.Regexp{
		"err:":  regexp.MustCompile(`(?:errorMsg\{Type: "(?:error|reject)", Code: |rejectLocked\(c, |sendError\(c, )"([a-z_]+)"`),
		"info:": regexp.MustCompile(`infoMsg\{Type: "info", Code: "([a-z_]+)"`),
	}
	found := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for prefix, re := range patterns {
			for _, m := range re.FindAllStringSubmatch(string(src), -1) {
				found++
				key := prefix + m[1]
				if !web.Has(key) {
					t.Errorf("%s: code %q has no text (%s)", f, m[1], key)
				} else if fr := web.T("fr", key); fr == web.T("en", key) {
					t.Errorf("%s: %s has no French text", f, key)
				}
			}
		}
	}
	if found < 20 {
		t.Errorf("found only %d codes in the server's source: the patterns are out of date", found)
	}
	for _, level := range append([]string{"random", "computer"}, ai.Levels...) {
		if !web.Has("level:" + level) {
			t.Errorf("level %q has no words", level)
		}
	}
	// Every option value of every game, in words.
	for _, g := range game.Games() {
		for _, o := range g.Options {
			values := append([]string{o.Default}, o.Values...)
			for _, val := range values {
				if val == "" || strings.Contains(val, " ") {
					continue
				}
				text := games.OptionsText(o.Name+"="+val, "fr")
				if strings.Contains(text, "=") {
					t.Errorf("%s: option %s=%s shown as %q", g.ID, o.Name, val, text)
				}
			}
		}
	}
}

// TestOutcomeSentences puts ends of games into words, the reasons stored
// before they were codes included.
func TestOutcomeSentences(t *testing.T) {
	v, err := game.NewVariant("pogo", nil)
	if err != nil {
		t.Fatal(err)
	}
	seats := []store.Seat{{Name: "Alice"}, {Name: "Bruno"}}
	for _, tc := range []struct {
		result, reason, lang, want string
	}{
		{"win 1", "resigned 2", "fr", "Alice gagne — Bruno a abandonné"},
		{"win 1", "resigned 2", "en", "Alice wins — Bruno resigned"},
		{"win 1", "seat 2 resigned", "fr", "Alice gagne — Bruno a abandonné"},
		{"win 2", "seat 1 ran out of time", "fr", "Bruno gagne — Alice a dépassé son temps"},
		{"win 2", "time 1", "en", "Bruno wins — Alice ran out of time"},
		{"draw", "agreement", "fr", "Nulle par accord"},
		{"draw", "threefold repetition", "fr", "Partie nulle — triple répétition"},
		{"over", "abandoned", "fr", "Partie abandonnée faute de coups"},
		{"win 1", "tops every stack", "fr", "Alice gagne — domine toutes les piles"},
		{"*", "", "fr", ""},
	} {
		if got := games.OutcomeSentence(v, seats, tc.result, tc.reason, tc.lang); got != tc.want {
			t.Errorf("%s %q in %s: %q, want %q", tc.result, tc.reason, tc.lang, got, tc.want)
		}
	}
	// Without names, the seats' names.
	if got := games.OutcomeSentence(v, nil, "win 2", "resigned 1", "fr"); !strings.Contains(got, "gagne") || strings.Contains(got, "seat") {
		t.Errorf("without names: %q", got)
	}
	if got := games.OptionsText("players=4 teams=true", "fr"); got != "4 joueurs, par équipes" {
		t.Errorf("options in words: %q", got)
	}
}

// TestChoiceSentences: the moves that share their clicks with another are
// told apart in words, in every game where that happens.
func TestChoiceSentences(t *testing.T) {
	for _, tc := range []struct{ id, move, lang, want string }{
		{"pogo", "3c1-b1", "fr", "Déplacer 3 pions de c1 à b1"},
		{"pogo", "1c1-b1", "en", "Move 1 piece from c1 to b1"},
		{"pods", "B2@a1", "fr", "Poser le pod B2 en a1"},
		{"poldr", "M-b2", "fr", "Poser le marqueur en b2"},
		{"poldr", "P-b2", "en", "Place the pawn on b2"},
		{"polygone", "C3-B2/C3-C4x(B2-A2,C2-B2,C2-C3,C3-C4)", "fr", "Prendre 4 segments : B2-A2, C2-B2, C2-C3, C3-C4"},
		{"polygone", "C3-B2/C3-C4x(C3-C4)", "en", "Take 1 segment: C3-C4"},
		{"porte", "e6-d6+S", "fr", "e6-d6 en faisant entrer un carré"},
		{"saute", "a1-a3", "fr", "Jouer a1-a3"},
	} {
		v, err := game.NewVariant(tc.id, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := games.DescribeMove(v, tc.move, tc.lang); got != tc.want {
			t.Errorf("%s %s in %s: %q, want %q", tc.id, tc.move, tc.lang, got, tc.want)
		}
	}
}

// TestTemplatesHaveTheirStrings fails when a page's template asks for a
// string nobody registered: the page would show its key ("tn:rated").
func TestTemplatesHaveTheirStrings(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("internal", "web", "templates", "*.html"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no templates: %v", err)
	}
	keyed := regexp.MustCompile(`\{\{-?\s*(?:t|printf \(t)\s+\$?\.Lang\s+"([^"]+)"`)
	counted := regexp.MustCompile(`count\s+\$?\.Lang\s+[^"]*"([^"]+)"`)
	found := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range keyed.FindAllStringSubmatch(string(src), -1) {
			found++
			if !web.Has(m[1]) {
				t.Errorf("%s asks for %q, which no feature registers", f, m[1])
			}
		}
		for _, m := range counted.FindAllStringSubmatch(string(src), -1) {
			found++
			for _, form := range []string{":one", ":many"} {
				if !web.Has(m[1] + form) {
					t.Errorf("%s counts with %q, which has no %s form", f, m[1], form)
				}
			}
		}
	}
	if found < 100 {
		t.Fatalf("only %d strings found in the templates: the patterns no longer match them", found)
	}
}
