package server

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"testing"

	"github.com/plateau-games/plateau/store"
)

// A server stopped mid-game and started again on the same SQLite file
// continues the game: every acknowledged move was stored, and the game is
// replayed from the store.
func TestRestartContinuesTheGame(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "plateau.db")
	st, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	s1, err := New(Config{Store: st, NewAgent: cheapAgents})
	if err != nil {
		t.Fatal(err)
	}
	ts1 := httptest.NewServer(s1)
	g := createGame(t, ts1, form("pogo", "me", "invite"))
	a := dial(t, ts1, g.id)
	a.hello(0, g.mine[0], g.invited[1])
	a.move(0, pogoWin[0])
	a.expect("ack", nil)
	a.move(1, pogoWin[1])
	a.expect("ack", nil)
	// Stop everything: live connections, the HTTP server, the store.
	s1.Close()
	ts1.Close()
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}

	st2, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer st2.Close()
	_, ts2 := startServer(t, st2)
	b := dial(t, ts2, g.id)
	// The reconnecting client had both moves.
	b.send(map[string]any{"type": "hello", "tokens": []string{g.mine[0]}, "ply": 2})
	if ms := b.expect("moves", nil); len(ms["moves"].([]any)) != 0 {
		t.Fatalf("resume after restart: %v", ms)
	}
	s := b.expect("state", nil)
	if s.num("ply") != 2 || s.num("toMove") != 0 {
		t.Fatalf("after restart: %v", s)
	}
	b.move(2, pogoWin[2])
	b.expect("ack", nil)
	b.expect("state", func(m msg) bool { return m.str("result") == "win 1" })
	stored, err := st2.LoadGame(ctx, g.id)
	if err != nil {
		t.Fatal(err)
	}
	if len(stored.Moves) != 3 || stored.Result != "win 1" {
		t.Fatalf("stored: %d moves, result %q", len(stored.Moves), stored.Result)
	}
}
