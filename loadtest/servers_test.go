package loadtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/http/httptest"
	"net/url"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/plateau-games/plateau/server"
	"github.com/plateau-games/plateau/store"
)

// startServersPG runs n servers on one fresh schema of PLATEAU_TEST_POSTGRES.
func startServersPG(t *testing.T, n int) []*httptest.Server {
	t.Helper()
	base := os.Getenv("PLATEAU_TEST_POSTGRES")
	if base == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("PLATEAU_TEST_POSTGRES is not set in CI: run the tests with ./scripts/test")
		}
		t.Skip("PLATEAU_TEST_POSTGRES is not set: several servers need PostgreSQL")
	}
	b := make([]byte, 6)
	rand.Read(b)
	schema := "load_" + hex.EncodeToString(b)
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
	var out []*httptest.Server
	for i := 0; i < n; i++ {
		st, err := store.Open(t.Context(), u.String())
		if err != nil {
			t.Fatal(err)
		}
		srv, err := server.New(server.Config{Store: st, CreatePerMinute: -1, MaxWebSocketsPerClient: -1,
			MessagesPerSecond: 1000, MessageBurst: 1000})
		if err != nil {
			t.Fatal(err)
		}
		ts := httptest.NewServer(srv)
		t.Cleanup(func() {
			srv.Close()
			ts.Close()
			st.Close()
		})
		out = append(out, ts)
	}
	return out
}

// Players of one game on different servers: every move crosses between
// them, and the run sees no trouble.
func TestRunAcrossServers(t *testing.T) {
	servers := startServersPG(t, 3)
	cfg := small(servers[0].URL)
	cfg.Also = []string{servers[1].URL, servers[2].URL}
	cfg.Spectators = 1
	s := mustRun(t, cfg)
	noTrouble(t, s)
	if s.Moves == 0 || s.Opponent.Count == 0 || s.Spectator.Count == 0 {
		t.Fatalf("moves %d, opponent latencies %d, spectator latencies %d", s.Moves, s.Opponent.Count, s.Spectator.Count)
	}
}
