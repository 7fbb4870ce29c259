package server

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/store"
)

// The same game on every server (issue 23, item 7): offers, losses on
// time and the computer's clock across several servers on one
// PostgreSQL.

func offeredKind(kind string) func(msg) bool {
	return func(m msg) bool { o, _ := m["offer"].(map[string]any); return o != nil && o["kind"] == kind }
}

// collect reads c's messages until done says it has what it waits for,
// and returns them.
func collect(t *testing.T, c *wsClient, what string, done func([]msg) bool) []msg {
	t.Helper()
	var got []msg
	deadline := time.Now().Add(20 * time.Second)
	for !done(got) {
		m, err := c.read(time.Until(deadline))
		if err != nil {
			t.Fatalf("waiting for %s: %v; read %v", what, err, got)
		}
		got = append(got, m)
	}
	return got
}

// has says whether msgs hold one of type typ passing ok (nil: any).
func has(msgs []msg, typ string, ok func(msg) bool) msg {
	for _, m := range msgs {
		if m.str("type") == typ && (ok == nil || ok(m)) {
			return m
		}
	}
	return nil
}

func finished(m msg) bool { return m.str("result") != "*" }

// A draw offered on one server is shown by a server that opens the game
// only afterwards (it was in the first server's memory only), and by a
// third; accepted there, it ends the game everywhere, with the notice the
// answering server gave.
func TestTwoServersOfferSeenLater(t *testing.T) {
	stores := pgStores(t, 3)
	_, ts1 := runServer(t, Config{Store: stores[0], NewAgent: cheapAgents})
	_, ts2 := runServer(t, Config{Store: stores[1], NewAgent: cheapAgents})
	_, ts3 := runServer(t, Config{Store: stores[2], NewAgent: cheapAgents})
	g := createGame(t, ts1, form("pogo", "me", "invite"))
	a := dial(t, ts1, g.id)
	a.hello(0, g.mine[0])
	a.move(0, pogoWin[0])
	a.expect("ack", nil)
	a.send(map[string]any{"type": "draw"})
	a.expect("state", offeredKind("draw"))

	b := dial(t, ts2, g.id)
	if st := b.hello(1, g.invited[1]); !offeredKind("draw")(st) {
		t.Fatalf("the server opening the game after the offer does not show it: %v", st)
	}
	w := dial(t, ts3, g.id)
	if st := w.hello(1); !offeredKind("draw")(st) {
		t.Fatalf("a spectator's server opening the game later does not show it: %v", st)
	}
	b.send(map[string]any{"type": "answer", "accept": true})
	for _, c := range []*wsClient{a, b, w} {
		msgs := collect(t, c, "the draw and its notice", func(got []msg) bool {
			return has(got, "state", finished) != nil && has(got, "info", nil) != nil
		})
		end, info := has(msgs, "state", finished), has(msgs, "info", nil)
		if end.str("result") != "draw" || end["offer"] != nil {
			t.Errorf("after the agreed draw: %v", end)
		}
		if info.str("code") != "drawn" || info.str("text") == "" {
			t.Errorf("the notice: %v", info)
		}
	}
	g2, err := stores[2].LoadGame(t.Context(), g.id)
	if err != nil || g2.Result != "draw" || g2.Reason != "agreement" || len(g2.Moves) != 1 {
		t.Fatalf("stored: %+v, %v", g2, err)
	}
}

// An undo requested on one server, accepted at once by the same player
// on two servers: one acceptance takes effect, the other is told the
// offer is gone; the moves are taken back once.
func TestTwoServersUndoAnsweredOnce(t *testing.T) {
	stores := pgStores(t, 2)
	_, ts1 := runServer(t, Config{Store: stores[0], NewAgent: cheapAgents})
	_, ts2 := runServer(t, Config{Store: stores[1], NewAgent: cheapAgents})
	g := createGame(t, ts1, form("pogo", "me", "invite"))
	a, b1, b2 := dial(t, ts1, g.id), dial(t, ts1, g.id), dial(t, ts2, g.id)
	a.hello(0, g.mine[0])
	b1.hello(0, g.invited[1])
	b2.hello(0, g.invited[1])
	for ply := range 2 {
		mover := a
		if ply%2 == 1 {
			mover = b1
		}
		mover.move(ply, pogoWin[ply])
		mover.expect("ack", nil)
	}
	b2.expect("state", plyIs(2))
	// a takes back its last move (and b's reply): the game goes back to
	// its start.
	a.send(map[string]any{"type": "undo"})
	b1.expect("state", offeredKind("undo"))
	b2.expect("state", offeredKind("undo"))
	b1.send(map[string]any{"type": "answer", "accept": true})
	b2.send(map[string]any{"type": "answer", "accept": true})
	refused := 0
	for i, c := range []*wsClient{b1, b2} {
		msgs := collect(t, c, "the undo", func(got []msg) bool {
			return has(got, "state", func(m msg) bool { return m.num("ply") == 0 && m["offer"] == nil }) != nil
		})
		// A greeting with a ply is answered with the moves from there
		// after whatever the answer brought (errors and moves keep their
		// order; states may overtake them).
		c.send(map[string]any{"type": "hello", "tokens": []string{g.invited[1]}, "ply": 0})
		msgs = append(msgs, collect(t, c, "the moves", func(got []msg) bool { return has(got, "moves", nil) != nil })...)
		if e := has(msgs, "error", nil); e != nil {
			if code := e.str("code"); code != "no_offer" && code != "offer_gone" {
				t.Errorf("player on server %d: %v", i+1, e)
			}
			refused++
		}
	}
	if refused != 1 {
		t.Errorf("%d of the two acceptances were refused, want 1", refused)
	}
	msgs := collect(t, a, "the undo on the asker's server", func(got []msg) bool {
		return has(got, "state", plyIs(0)) != nil && has(got, "info", nil) != nil
	})
	if info := has(msgs, "info", nil); info.str("code") != "undone" || info.num("seat") != 0 {
		t.Errorf("the asker's notice: %v", info)
	}
	stored, err := stores[1].LoadGame(t.Context(), g.id)
	if err != nil || len(stored.Moves) != 0 || stored.Offer != nil {
		t.Fatalf("stored after the undo: %+v, %v", stored, err)
	}
	// The game goes on from there, on either server.
	b2.move(0, pogoWin[0])
	b2.expect("", nil) // not b's turn: refused
	a.move(0, pogoWin[0])
	a.expect("ack", nil)
	b2.expect("state", plyIs(1))
}

// A loss on time looks the same on every server, and on a server that
// loads the finished game: the loser's clock at zero, the same result,
// reason, sentence and notice. (The servers share a fake clock: the flag
// falls when the test says, after both players are connected.)
func TestTwoServersTimeLossAlike(t *testing.T) {
	stores := pgStores(t, 3)
	var now atomic.Int64
	now.Store(time.Now().UnixNano())
	clock := func() time.Time { return time.Unix(0, now.Load()) }
	_, ts1 := runServer(t, Config{Store: stores[0], NewAgent: cheapAgents, Now: clock})
	_, ts2 := runServer(t, Config{Store: stores[1], NewAgent: cheapAgents, Now: clock})
	f := form("pogo", "me", "invite")
	f.Set("clock", "1")
	g := createGame(t, ts1, f)
	a := dial(t, ts1, g.id)
	a.hello(0, g.mine[0])
	b := dial(t, ts2, g.id)
	b.hello(0, g.invited[1])
	// Both players make their first move (a game without one is aborted,
	// not lost on time); two minutes later, the first player's second move
	// comes too late: its server ends the game on time.
	a.move(0, pogoWin[0])
	a.expect("ack", nil)
	b.expect("state", plyIs(1))
	b.move(1, pogoWin[1])
	b.expect("ack", nil)
	a.expect("state", plyIs(2))
	now.Add(int64(2 * time.Minute))
	a.move(2, pogoWin[2])
	var ends []msg
	var notices []string
	for _, c := range []*wsClient{a, b} {
		msgs := collect(t, c, "the flag", func(got []msg) bool {
			return has(got, "state", finished) != nil && has(got, "info", nil) != nil
		})
		ends = append(ends, has(msgs, "state", finished))
		info := has(msgs, "info", nil)
		if info.str("code") != "flag" || info.num("seat") != 0 {
			t.Errorf("the notice: %v", info)
		}
		notices = append(notices, info.str("text"))
	}
	_, ts3 := runServer(t, Config{Store: stores[2], NewAgent: cheapAgents, Now: clock})
	ends = append(ends, dial(t, ts3, g.id).hello(0))
	for i, end := range ends {
		clocks, _ := end["clocks"].([]any)
		if end.str("result") != "win 2" || end.str("reason") != "time 1" || len(clocks) != 2 ||
			clocks[0].(float64) != 0 || clocks[1].(float64) != 60000 {
			t.Errorf("server %d shows %s (%s), clocks %v", i+1, end.str("result"), end.str("reason"), end["clocks"])
		}
		if end.str("outcome") != ends[0].str("outcome") || end.str("outcome") == "" {
			t.Errorf("server %d says %q, server 1 %q", i+1, end.str("outcome"), ends[0].str("outcome"))
		}
	}
	if notices[0] != notices[1] || notices[0] == "" {
		t.Errorf("the notices differ: %q and %q", notices[0], notices[1])
	}
}

// blockingAgents think until their search is stopped: the computer of a
// server that dies while thinking.
func blockingAgents(string, *game.Variant, uint64) (Agent, error) {
	return agentFunc(func(ctx context.Context, _ *game.Match) (game.Move, error) {
		<-ctx.Done()
		var none game.Move
		return none, ctx.Err()
	}), nil
}

// The server running a game's computer dies while it thinks; another
// takes the game over once the lease has expired. The time the lease
// took to lapse is not charged to the computer's clock: its move is
// stored with at least the lease's life less spent than the time between
// the two moves.
func TestTwoServersLapsedLeaseNotCharged(t *testing.T) {
	const ttl = 2 * time.Second
	stores := pgStores(t, 2)
	dead, deadURL := runServer(t, Config{Store: stores[0], NewAgent: blockingAgents, LeaseTTL: ttl})
	_, alive := runServer(t, Config{Store: stores[1], NewAgent: cheapAgents, LeaseTTL: ttl})
	f := form("pogo", "me", "computer")
	f.Set("clock", "5")
	g := createGame(t, deadURL, f)
	a := dial(t, deadURL, g.id)
	a.hello(0, g.mine[0]) // the first server takes the lease
	watcher := dial(t, alive, g.id)
	watcher.hello(0)
	a.move(0, pogoWin[0])
	a.expect("ack", nil)
	watcher.expect("state", plyIs(1))
	// The first server's computer thinks. Wait until its lease is renewed
	// after the move, so that the store knows it alive then: all the time
	// from that renewal to the takeover is the lapse.
	first, err := stores[1].LoadGame(t.Context(), g.id)
	if err != nil {
		t.Fatal(err)
	}
	moved := first.Moves[0].At
	for deadline := time.Now().Add(20 * time.Second); !dead.live.LeaseUntil(g.id).After(moved.Add(ttl)); {
		if time.Now().After(deadline) {
			t.Fatal("the first server never renewed its lease after the move")
		}
		time.Sleep(20 * time.Millisecond)
	}
	dead.live.KeepLeases()
	stopped := make(chan struct{})
	go func() {
		dead.Close()
		deadURL.Close()
		close(stopped)
	}()
	defer func() { <-stopped }()
	watcher.expect("state", plyIs(2))
	stored, err := stores[1].LoadGame(t.Context(), g.id)
	if err != nil || len(stored.Moves) < 2 {
		t.Fatalf("stored: %+v, %v", stored, err)
	}
	human, computer := stored.Moves[0], stored.Moves[1]
	between := computer.At.Sub(human.At)
	charged := time.Duration(stored.ClockMillis-computer.ClockMillis) * time.Millisecond
	t.Logf("%v between the moves; the computer was charged %v", between, charged)
	if charged < 0 || charged > between-ttl+5*time.Millisecond {
		t.Errorf("the computer was charged %v of the %v between the moves, with a lease of %v that lapsed", charged, between, ttl)
	}
}

// One server on SQLite: an undo request is stored too, so that it
// survives a restart of the server, and is answered there; the clock of
// the seat to move starts again at the answer on the restarted server as
// it would have on the first.
func TestOfferSurvivesRestartSQLite(t *testing.T) {
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
	f := form("pogo", "me", "invite")
	f.Set("clock", "10")
	g := createGame(t, ts1, f)
	a, b := dial(t, ts1, g.id), dial(t, ts1, g.id)
	a.hello(0, g.mine[0])
	b.hello(0, g.invited[1])
	a.move(0, pogoWin[0])
	a.expect("ack", nil)
	a.send(map[string]any{"type": "undo"})
	b.expect("state", offeredKind("undo"))
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
	b = dial(t, ts2, g.id)
	if s := b.hello(1, g.invited[1]); !offeredKind("undo")(s) {
		t.Fatalf("the undo request did not survive the restart: %v", s)
	}
	answered := time.Now()
	b.send(map[string]any{"type": "answer", "accept": true})
	s := b.expect("state", plyIs(0))
	if s["offer"] != nil || s.num("toMove") != 0 {
		t.Fatalf("after the undo: %v", s)
	}
	stored, err := st2.LoadGame(ctx, g.id)
	if err != nil || len(stored.Moves) != 0 || stored.Offer != nil || stored.ClockFrom.Before(answered.Add(-time.Second)) {
		t.Fatalf("stored after the undo: %+v, %v", stored, err)
	}
}
