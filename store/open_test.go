package store_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/store"
	"github.com/plateau-games/plateau/store/sqlite"
)

func TestOpenSQLite(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir) // "" and relative paths land here
	for _, c := range []struct{ url, file string }{
		{"", store.DefaultPath},
		{"games.db", "games.db"},
		{"sqlite:rel.db", "rel.db"},
		{"sqlite://rel2.db", "rel2.db"},
		{"sqlite://" + filepath.Join(dir, "abs.db"), "abs.db"},
		{"SQLite:" + filepath.Join(dir, "case.db"), "case.db"},
		{"file:data/f.db", "data/f.db"},
	} {
		s, err := store.Open(t.Context(), c.url)
		if err != nil {
			t.Errorf("Open(%q): %v", c.url, err)
			continue
		}
		if _, ok := s.(*sqlite.Store); !ok {
			t.Errorf("Open(%q) gave a %T", c.url, s)
		}
		s.Close()
		if _, err := os.Stat(filepath.Join(dir, c.file)); err != nil {
			t.Errorf("Open(%q) did not create %s: %v", c.url, c.file, err)
		}
	}
}

func TestOpenRefused(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, url := range []string{
		"mysql://u:secret@host/db",
		"postgre://u:secret@host/db", // a typo, not a file
		"sqlite:",
		"sqlite:a?b",
		"redis:x",
	} {
		s, err := store.Open(t.Context(), url)
		if err == nil {
			s.Close()
			t.Errorf("Open(%q) accepted", url)
			continue
		}
		if strings.Contains(err.Error(), "secret") {
			t.Errorf("Open(%q): the error shows the password: %v", url, err)
		}
	}
}
