package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/plateau-games/plateau/store"
)

// pgStores opens n stores on one fresh schema of the PostgreSQL database
// of PLATEAU_TEST_POSTGRES, as n servers would share one database. It
// skips without the variable, except under CI.
func pgStores(t *testing.T, n int) []store.Store {
	t.Helper()
	base := os.Getenv("PLATEAU_TEST_POSTGRES")
	if base == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("PLATEAU_TEST_POSTGRES is not set in CI: run the tests with ./scripts/test")
		}
		t.Skip("PLATEAU_TEST_POSTGRES is not set: the tests of several servers need PostgreSQL")
	}
	b := make([]byte, 6)
	rand.Read(b)
	schema := "servers_" + hex.EncodeToString(b)
	conn, err := pgx.Connect(t.Context(), base)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(t.Context())
	if _, err := conn.Exec(t.Context(), "CREATE SCHEMA "+schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx := context.Background()
		if c, err := pgx.Connect(ctx, base); err == nil {
			c.Exec(ctx, "DROP SCHEMA "+schema+" CASCADE")
			c.Close(ctx)
		}
	})
	u, _ := url.Parse(base)
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	var out []store.Store
	for i := 0; i < n; i++ {
		st, err := store.Open(t.Context(), u.String())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		out = append(out, st)
	}
	return out
}

// Two servers on one PostgreSQL: the players of one game, and a
// spectator, connected to different servers, see every move and the end,
// through the store's notifications.
func TestTwoServersOneGame(t *testing.T) {
	stores := pgStores(t, 2)
	_, ts1 := runServer(t, Config{Store: stores[0], NewAgent: cheapAgents})
	_, ts2 := runServer(t, Config{Store: stores[1], NewAgent: cheapAgents})
	g := createGame(t, ts1, form("pogo", "me", "invite"))
	a, b, watcher := dial(t, ts1, g.id), dial(t, ts2, g.id), dial(t, ts2, g.id)
	a.hello(0, g.mine[0])
	b.hello(0, g.invited[1])
	watcher.hello(0)

	var last msg
	for ply, mv := range pogoWin {
		mover, other := a, b
		if ply%2 == 1 {
			mover, other = b, a
		}
		began := time.Now()
		mover.move(ply, mv)
		mover.expect("ack", nil)
		last = other.expect("state", plyIs(ply+1))
		t.Logf("ply %d reached the other server in %v", ply+1, time.Since(began).Round(time.Millisecond))
	}
	end := watcher.expect("state", func(m msg) bool { return m.str("result") != "*" })
	if end.str("result") != "win 1" || end.num("ply") != len(pogoWin) {
		t.Fatalf("the spectator on the other server sees %q at ply %d", end.str("result"), end.num("ply"))
	}
	if last.str("result") != "win 1" {
		t.Errorf("the loser, on the other server, sees %q", last.str("result"))
	}
}
