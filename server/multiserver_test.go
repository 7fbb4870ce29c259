package server

import (
	"context"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/store"
	"github.com/plateau-games/plateau/store/pgtest"
)

// pgStores opens n stores on one fresh schema of the PostgreSQL database
// of PLATEAU_TEST_POSTGRES (pgtest), as n servers would share one database.
func pgStores(t *testing.T, n int) []store.Store {
	t.Helper()
	stores, _ := pgStoresURL(t, n)
	return stores
}

// pgStoresURL is pgStores, with the URL of the schema for other programs.
func pgStoresURL(t *testing.T, n int) ([]store.Store, string) {
	t.Helper()
	u := pgtest.URL(t, "servers")
	var out []store.Store
	for i := 0; i < n; i++ {
		st, err := store.Open(t.Context(), u)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		out = append(out, st)
	}
	return out, u
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
	// The second server counted what it received and how late.
	_, metrics := get(t, ts2, "/metrics")
	for _, want := range []string{"plateau_notifications_received_total", "plateau_notification_lag_seconds_count", "plateau_rooms_caught_up_total 2", "plateau_leases_held"} {
		if !strings.Contains(metrics, want) {
			t.Errorf("the metrics lack %q", want)
		}
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

// countingAgents plays random moves and counts the computer moves chosen
// on one server.
func countingAgents(n *atomic.Int32) func(string, *game.Variant, uint64) (Agent, error) {
	return func(_ string, v *game.Variant, seed uint64) (Agent, error) {
		a, err := ai.New("random", v, seed)
		if err != nil {
			return nil, err
		}
		return agentFunc(func(ctx context.Context, m *game.Match) (game.Move, error) {
			n.Add(1)
			return a.Choose(ctx, m)
		}), nil
	}
}

type agentFunc func(ctx context.Context, m *game.Match) (game.Move, error)

func (f agentFunc) Choose(ctx context.Context, m *game.Match) (game.Move, error) { return f(ctx, m) }

// A computer seat with its game open on two servers: one server plays
// it, the lease's holder. When that server dies (its lease left in the
// store), the other takes the lease once it expires and the computer
// plays on.
func TestTwoServersOneComputer(t *testing.T) {
	stores := pgStores(t, 2)
	var counts [2]atomic.Int32
	var servers [2]*Server
	var urls [2]*httptest.Server
	for i := range servers {
		servers[i], urls[i] = runServer(t, Config{Store: stores[i], NewAgent: countingAgents(&counts[i]), LeaseTTL: 2 * time.Second})
	}
	g := createGame(t, urls[0], form("pogo", "me", "computer"))
	a, watcher := dial(t, urls[0], g.id), dial(t, urls[1], g.id)
	a.hello(0, g.mine[0])
	watcher.hello(0)
	a.move(0, pogoWin[0])
	a.expect("state", plyIs(2))
	watcher.expect("state", plyIs(2))
	if counts[0].Load()+counts[1].Load() != 1 {
		t.Fatalf("the computer chose %d times on server 1 and %d on server 2, want once in all", counts[0].Load(), counts[1].Load())
	}
	// The server that played dies with its lease held; the game goes on
	// on the other.
	dead := 0
	if counts[1].Load() == 1 {
		dead = 1
	}
	alive := 1 - dead
	servers[dead].live.KeepLeases()
	died := time.Now()
	stopped := make(chan struct{})
	go func() { // it stops renewing at once; closing takes a while
		servers[dead].Close()
		urls[dead].Close()
		close(stopped)
	}()
	defer func() { <-stopped }()
	b := dial(t, urls[alive], g.id)
	state := b.hello(2, g.mine[0])
	b.move(2, state["legal"].([]any)[0].(map[string]any)["move"].(string))
	b.expect("state", plyIs(4))
	took := time.Since(died)
	if counts[alive].Load() != 1 {
		t.Fatalf("the surviving server chose %d times, want 1", counts[alive].Load())
	}
	if took > time.Minute { // a lease of 2 s, generous for a loaded machine
		t.Errorf("the computer came back %v after its server died, with a lease of 2 s", took)
	}
	t.Logf("server %d played; it died; server %d played %v later", dead+1, alive+1, took.Round(time.Millisecond))
}

// Offers across servers: a draw offered on one server is shown to the
// player on the other, who declines it, then accepts a second one.
func TestTwoServersOffers(t *testing.T) {
	stores := pgStores(t, 2)
	_, ts1 := runServer(t, Config{Store: stores[0], NewAgent: cheapAgents})
	_, ts2 := runServer(t, Config{Store: stores[1], NewAgent: cheapAgents})
	g := createGame(t, ts1, form("pogo", "me", "invite"))
	a, b := dial(t, ts1, g.id), dial(t, ts2, g.id)
	a.hello(0, g.mine[0])
	b.hello(0, g.invited[1])
	offered := func(m msg) bool { o, _ := m["offer"].(map[string]any); return o != nil && o["kind"] == "draw" }
	a.send(map[string]any{"type": "draw"})
	b.expect("state", offered)
	b.send(map[string]any{"type": "answer", "accept": false})
	// The offerer, on the other server, hears of the refusal and sees the
	// offer gone (the state and the notice may come in either order).
	declined, gone := false, false
	for !declined || !gone {
		m, err := a.read(10 * time.Second)
		if err != nil {
			t.Fatalf("the refusal did not reach the offerer: declined %v, gone %v", declined, gone)
		}
		declined = declined || m.str("type") == "info" && m.str("code") == "declined"
		gone = gone || m.str("type") == "state" && m["offer"] == nil
	}
	// A declined draw may be offered again after the next move.
	a.move(0, pogoWin[0])
	a.expect("ack", nil)
	b.expect("state", plyIs(1))
	a.send(map[string]any{"type": "draw"})
	b.expect("state", offered)
	b.send(map[string]any{"type": "answer", "accept": true})
	for _, c := range []*wsClient{a, b} {
		c.expect("state", func(m msg) bool { return m.str("result") == "draw" })
	}
}

// A hint given on one server: the other server's pages see the count
// (its room reads the game's hints again on the notification), and the
// hint's move stays with the page that asked.
func TestTwoServersHint(t *testing.T) {
	stores := pgStores(t, 2)
	_, ts1 := runServer(t, Config{Store: stores[0], NewAgent: cheapAgents})
	_, ts2 := runServer(t, Config{Store: stores[1], NewAgent: cheapAgents})
	g := createGame(t, ts1, form("pogo", "me", "computer"))
	a, watcher := dial(t, ts1, g.id), dial(t, ts2, g.id)
	a.hello(0, g.mine[0])
	watcher.hello(0)
	a.send(map[string]any{"type": "hint"})
	if h := a.expect("hint", nil); h.num("used") != 1 {
		t.Fatalf("hint %v", h)
	}
	began := time.Now()
	s := watcher.expect("state", func(m msg) bool { return m["hints"] != nil })
	if got := hintsOf(s); len(got) != 2 || len(got[0]) != 1 || got[0][0] != 1 {
		t.Errorf("the other server shows hints %v", s["hints"])
	}
	t.Logf("the hint's count reached the other server in %v", time.Since(began).Round(time.Millisecond))
}
