package sqlite_test

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/plateau-games/plateau/store"
	"github.com/plateau-games/plateau/store/sqlite"
	"github.com/plateau-games/plateau/store/storetest"
)

// reopenable gives a fresh file in t's temporary directory and a function
// that opens it.
func reopenable(t *testing.T) func() store.Store {
	path := filepath.Join(t.TempDir(), "sub", "plateau.db") // "sub" does not exist yet
	return func() store.Store {
		s, err := sqlite.Open(t.Context(), path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
}

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store { return reopenable(t)() }, storetest.Reopen(reopenable))
}

func TestPragmas(t *testing.T) {
	path := filepath.Join(t.TempDir(), "p.db")
	s, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	// WAL mode is recorded in the file itself: a second handle sees it.
	if _, err := os.Stat(path + "-wal"); err != nil {
		t.Errorf("no WAL file beside the database: %v", err)
	}
	if s.Path() != path {
		t.Errorf("Path() = %q", s.Path())
	}
}

func TestBadPaths(t *testing.T) {
	for _, p := range []string{"", ":memory:", "file:x.db", "a?b.db"} {
		if s, err := sqlite.Open(context.Background(), p); err == nil {
			s.Close()
			t.Errorf("Open(%q) accepted", p)
		}
	}
}

// TestTooNew refuses a database that a newer plateau migrated further.
func TestTooNew(t *testing.T) {
	path := filepath.Join(t.TempDir(), "new.db")
	s, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	db, err := store.Open(t.Context(), "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	// Bump the version with a raw connection through the same driver.
	raw, err := openRaw(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec(`INSERT INTO schema_version (version, name, applied_ms) VALUES (999, '0999_future.sql', 0)`); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	_, err = sqlite.Open(t.Context(), path)
	if err == nil || !strings.Contains(err.Error(), "newer") {
		t.Errorf("Open of a newer schema: %v", err)
	}
}

// openRaw opens the file without the store, to tamper with it.
func openRaw(path string) (*sql.DB, error) { return sql.Open("sqlite", path) }

// TestPlyKey checks the last line of defence: even past AppendMove's checks,
// a second move at one ply is refused, as ErrConflict.
func TestPlyKey(t *testing.T) {
	s, err := sqlite.Open(t.Context(), filepath.Join(t.TempDir(), "k.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.CreateGame(t.Context(), &store.Game{ID: "k", GameID: "pogo"}); err != nil {
		t.Fatal(err)
	}
	m := store.Move{Ply: 0, Notation: "a", At: time.Now()}
	if err := sqlite.InsertMove(t.Context(), s, "k", m); err != nil {
		t.Fatal(err)
	}
	if err := sqlite.InsertMove(t.Context(), s, "k", m); !errors.Is(err, store.ErrConflict) {
		t.Errorf("second insert at ply 0: %v, want ErrConflict", err)
	}
}
