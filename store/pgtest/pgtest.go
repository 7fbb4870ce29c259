// Package pgtest gives tests a PostgreSQL schema of their own on the
// scratch database of PLATEAU_TEST_POSTGRES (which ./scripts/test starts),
// so that tests of several servers on one database can share it.
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"
)

// URL creates a fresh schema, dropped when the test ends, and returns the
// database URL that works in it. Without PLATEAU_TEST_POSTGRES the test is
// skipped, except under CI (CI=true), where it fails: CI must not skip
// PostgreSQL silently.
func URL(t testing.TB, prefix string) string {
	t.Helper()
	base := os.Getenv("PLATEAU_TEST_POSTGRES")
	if base == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("PLATEAU_TEST_POSTGRES is not set in CI: run the tests with ./scripts/test, which starts PostgreSQL")
		}
		t.Skip("PLATEAU_TEST_POSTGRES is not set: this test needs PostgreSQL (./scripts/test starts one)")
	}
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("PLATEAU_TEST_POSTGRES: %v", err)
	}
	b := make([]byte, 6)
	rand.Read(b)
	schema := prefix + "_" + hex.EncodeToString(b)
	conn, err := pgx.Connect(context.Background(), base)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(context.Background(), "CREATE SCHEMA "+schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx := context.Background()
		c, err := pgx.Connect(ctx, base)
		if err != nil {
			t.Error(err)
			return
		}
		defer c.Close(ctx)
		if _, err := c.Exec(ctx, "DROP SCHEMA "+schema+" CASCADE"); err != nil {
			t.Error(err)
		}
	})
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}
