package loadtest

import (
	"fmt"
	"net/http/httptest"
	"testing"

	"github.com/plateau-games/plateau/server"
	"github.com/plateau-games/plateau/store"
	"github.com/plateau-games/plateau/store/pgtest"
)

// startServersPG runs n servers on one fresh schema of PLATEAU_TEST_POSTGRES.
func startServersPG(t *testing.T, n int) []*httptest.Server {
	t.Helper()
	u := pgtest.URL(t, "load")
	var out []*httptest.Server
	for i := 0; i < n; i++ {
		st, err := store.Open(t.Context(), u)
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
	runEnough(t, cfg, func(s Step) string {
		if s.Moves == 0 || s.Opponent.Count == 0 || s.Spectator.Count == 0 {
			return fmt.Sprintf("moves %d, opponent latencies %d, spectator latencies %d", s.Moves, s.Opponent.Count, s.Spectator.Count)
		}
		return ""
	})
}
