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

// The chat across servers: a player's message written on one server
// reaches the other player on the other; an operator's deletion too;
// the spectators' channel stays apart.
func TestTwoServersChat(t *testing.T) {
	stores := pgStores(t, 2)
	_, ts1 := runServer(t, Config{Store: stores[0], NewAgent: cheapAgents})
	_, ts2 := runServer(t, Config{Store: stores[1], NewAgent: cheapAgents})
	g := createGame(t, ts1, form("pogo", "me", "invite"))
	a, b, watcher := dial(t, ts1, g.id), dial(t, ts2, g.id), dial(t, ts2, g.id)
	a.helloChat(g.mine[0])
	b.helloChat(g.invited[1])
	watcher.helloChat()
	a.send(map[string]any{"type": "chat", "text": "bonjour d'un serveur"})
	a.expectChat(false)
	if got := chatTexts(b.expectChat(false)); len(got) != 1 || got[0] != "bonjour d'un serveur" {
		t.Fatalf("the other server's player reads %q", got)
	}
	b.send(map[string]any{"type": "chat", "text": "et de l'autre"})
	b.expectChat(false)
	if got := chatTexts(a.expectChat(false)); len(got) != 1 || got[0] != "et de l'autre" {
		t.Fatalf("back on the first server: %q", got)
	}
	// Nothing reached the spectator; nothing came twice to the players.
	if m, err := watcher.read(300 * time.Millisecond); err == nil && m.str("type") == "chat" {
		t.Errorf("the spectator read the players' chat: %v", m)
	}
	if m, err := a.read(300 * time.Millisecond); err == nil && m.str("type") == "chat" {
		t.Errorf("a message came twice: %v", m)
	}
	// An operator on the first server deletes the first message: the
	// player on the second sees it go.
	modo := signedUp(t, ts1, "modo")
	acc := stores[0].(store.Accounts)
	u, _ := acc.LoadUser(t.Context(), "modo")
	u.Role = store.RoleOperator
	if err := acc.UpdateUser(t.Context(), u); err != nil {
		t.Fatal(err)
	}
	msgs, _ := stores[0].(store.Chat).ChatMessages(t.Context(), g.id, store.ChatPlayers, 0)
	m := dialAs(t, ts1, modo, g.id)
	m.helloChat()
	m.send(map[string]any{"type": "chatdelete", "id": msgs[0].ID})
	if d := b.expect("chatdeleted", nil); int64(d.num("id")) != msgs[0].ID {
		t.Errorf("deleted on the other server: %v", d)
	}
}
