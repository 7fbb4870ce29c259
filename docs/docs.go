// Package docs holds the documentation that ships inside the plateau
// binary: one rules page per game, in English (rules/ID.md) and, where it
// has been written, in French (rules/ID.fr.md).
package docs

import (
	"embed"
	"fmt"
	"io/fs"
	"strings"

	"github.com/plateau-games/plateau/game"
)

//go:embed rules/*.md
var rulesFS embed.FS

// Rules returns the rules page of the game id in lang ("en" or "fr"). A
// French page that does not exist yet falls back to the English one, with a
// note in French saying so, so that a French reader still gets the rules.
func Rules(id, lang string) (string, error) {
	return rulesFrom(rulesFS, id, lang)
}

// frenchFallbackNote opens an English page shown to a French reader.
const frenchFallbackNote = "> Cette page n'est pas encore traduite en français ; voici la version anglaise.\n\n"

// rulesFrom reads the page from fsys, which tests replace by a fake tree.
func rulesFrom(fsys fs.FS, id, lang string) (string, error) {
	id = strings.ToLower(strings.TrimSpace(id))
	if !validID(id) {
		return "", fmt.Errorf("%q is not a game id (lowercase letters and digits)", id)
	}
	switch strings.ToLower(lang) {
	case "", "en":
		return readPage(fsys, id, "rules/"+id+".md")
	case "fr":
		if page, err := fs.ReadFile(fsys, "rules/"+id+".fr.md"); err == nil {
			return string(page), nil
		}
		page, err := readPage(fsys, id, "rules/"+id+".md")
		if err != nil {
			return "", err
		}
		return frenchFallbackNote + page, nil
	}
	return "", fmt.Errorf("no language %q: use en or fr", lang)
}

func readPage(fsys fs.FS, id, name string) (string, error) {
	page, err := fs.ReadFile(fsys, name)
	if err != nil {
		return "", game.Errorf(game.Text{EN: "no rules page for %q yet", FR: "pas encore de page de règles pour %q"}, id)
	}
	return string(page), nil
}

// validID keeps ids to plain names, so that an id can never point outside
// the rules folder or at a language variant of another page.
func validID(id string) bool {
	if id == "" {
		return false
	}
	for _, r := range id {
		if (r < 'a' || r > 'z') && (r < '0' || r > '9') {
			return false
		}
	}
	return true
}
