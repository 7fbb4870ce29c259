package postgres_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/plateau-games/plateau/store"
	"github.com/plateau-games/plateau/store/postgres"
	"github.com/plateau-games/plateau/store/storetest"
)

// dsn is the test database, which scripts/test starts: without it the
// tests are skipped on a developer's machine, but fail in CI, where a
// silent skip would hide a whole backend.
func dsn(t *testing.T) string {
	t.Helper()
	d := os.Getenv("PLATEAU_TEST_POSTGRES")
	if d == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("PLATEAU_TEST_POSTGRES is not set in CI: run the tests with ./scripts/test, which starts PostgreSQL")
		}
		t.Skip("PLATEAU_TEST_POSTGRES is not set: run ./scripts/test, or set it to a postgres:// URL of a scratch database")
	}
	return d
}

// reopenable gives each test its own schema, so that tests see empty tables
// and can run one after the other on one database; the schema is dropped at
// the end of the test.
func reopenable(t *testing.T) func() store.Store {
	base := dsn(t)
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("PLATEAU_TEST_POSTGRES: %v", err)
	}
	b := make([]byte, 6)
	rand.Read(b)
	schema := "test_" + hex.EncodeToString(b)
	conn, err := pgx.Connect(t.Context(), base)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(t.Context())
	if _, err := conn.Exec(t.Context(), "CREATE SCHEMA "+schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		// t.Context() is already canceled during cleanup.
		ctx := context.Background()
		conn, err := pgx.Connect(ctx, base)
		if err != nil {
			t.Error(err)
			return
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, "DROP SCHEMA "+schema+" CASCADE"); err != nil {
			t.Error(err)
		}
	})
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return func() store.Store {
		s, err := postgres.Open(t.Context(), u.String())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
}

func TestConformance(t *testing.T) {
	dsn(t)
	storetest.Run(t, func(t *testing.T) store.Store { return reopenable(t)() }, storetest.Reopen(reopenable))
}

// TestOpenThroughStore checks the routing of store.Open for both URL
// schemes.
func TestOpenThroughStore(t *testing.T) {
	d := dsn(t)
	for _, u := range []string{d, strings.Replace(d, "postgres://", "postgresql://", 1)} {
		s, err := store.Open(t.Context(), u)
		if err != nil {
			t.Fatalf("store.Open(%s): %v", u, err)
		}
		if _, ok := s.(*postgres.Store); !ok {
			t.Errorf("store.Open(%s) gave a %T", u, s)
		}
		s.Close()
	}
}

func TestUnreachable(t *testing.T) {
	// Port 1 on loopback refuses at once; the password must not show.
	_, err := postgres.Open(t.Context(), "postgres://u:secret@127.0.0.1:1/db?connect_timeout=2")
	if err == nil {
		t.Fatal("Open of an unreachable server succeeded")
	}
	if strings.Contains(err.Error(), "secret") {
		t.Errorf("the error shows the password: %v", err)
	}
	if _, err := postgres.Open(t.Context(), "postgres://u:secret@[bad"); err == nil || strings.Contains(err.Error(), "secret") {
		t.Errorf("bad URL: %v", err)
	}
}

// TestPlyKey checks the last line of defence: even past AppendMove's checks,
// a second move at one ply is refused, as ErrConflict.
func TestPlyKey(t *testing.T) {
	s := reopenable(t)().(*postgres.Store)
	if err := s.CreateGame(t.Context(), &store.Game{ID: "k", GameID: "pogo"}); err != nil {
		t.Fatal(err)
	}
	m := store.Move{Ply: 0, Notation: "a", At: time.Now()}
	if err := postgres.InsertMove(t.Context(), s, "k", m); err != nil {
		t.Fatal(err)
	}
	if err := postgres.InsertMove(t.Context(), s, "k", m); !errors.Is(err, store.ErrConflict) {
		t.Errorf("second insert at ply 0: %v, want ErrConflict", err)
	}
}
