package server

import (
	"errors"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/live"
	"github.com/plateau-games/plateau/store"
)

// consentClock is a server clock the test moves by hand.
type consentClock struct{ ns atomic.Int64 }

func newConsentClock(at time.Time) *consentClock {
	c := &consentClock{}
	c.ns.Store(at.UnixNano())
	return c
}

func (c *consentClock) now() time.Time      { return time.Unix(0, c.ns.Load()) }
func (c *consentClock) add(d time.Duration) { c.ns.Add(int64(d)) }

// storedGame puts into st a POGO game between the accounts alice (seat 0)
// and bob (seat 1), created at at, as the lobby would: rated or not, with
// a clock of clockMillis or days per move. It returns its id and the
// seats' tokens.
func storedGame(t *testing.T, st store.Store, at time.Time, rated bool, clockMillis int64, days int) (string, [2]string) {
	t.Helper()
	v, err := game.NewVariant("pogo", nil)
	if err != nil {
		t.Fatal(err)
	}
	toks := [2]string{games.NewToken(), games.NewToken()}
	g := &store.Game{ID: games.NewID(), GameID: "pogo", Options: v.Options.String(), Result: store.Ongoing, Rated: rated,
		ClockMillis: clockMillis, MoveDays: days, CreatedAt: at.UTC(), UpdatedAt: at.UTC(),
		Seats: []store.Seat{{Kind: "human", Name: "alice", User: "alice", TokenHash: games.HashToken(toks[0])},
			{Kind: "human", Name: "bob", User: "bob", TokenHash: games.HashToken(toks[1])}}}
	if err := st.CreateGame(t.Context(), g); err != nil {
		t.Fatal(err)
	}
	return g.ID, toks
}

// ratingOf is an account's POGO rating (0 without one) and its games.
func ratingOf(t *testing.T, st store.Store, name string) (float64, int) {
	t.Helper()
	list, err := st.(store.Ratings).UserRatings(t.Context(), name)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range list {
		if r.Variant == "pogo" {
			return r.Rating, r.Games
		}
	}
	return 0, 0
}

func countGames(t *testing.T, st store.Store) int {
	t.Helper()
	list, err := st.ListGames(t.Context(), store.Filter{Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	return len(list)
}

func hasRematch(m msg) bool { return m["rematch"] != nil }

func infoIs(code string) func(msg) bool { return func(m msg) bool { return m.str("code") == code } }

// The attack of issue 23: clicking Rematch after a rated game made a rated
// game at once, with the opponent's clock running; an opponent who never
// opened it lost rating. Now a rematch between people is a proposal: no
// game and no clock until the other accepts; it can be declined, withdrawn,
// and expires; once accepted exactly one game is made and both follow.
func TestRematchAfterRatedGameIsAProposal(t *testing.T) {
	clk := newConsentClock(time.Now())
	srv, ts, acc := accountServer(t, Config{LoginPerMinute: -1, CreatePerMinute: -1, Now: clk.now})
	st := acc.(store.Store)
	alice, bob := signedUp(t, ts, "alice"), signedUp(t, ts, "bob")
	id, _ := storedGame(t, st, clk.now(), true, 60_000, 0)
	wa, wb := dialAs(t, ts, alice, id), dialAs(t, ts, bob, id)
	wa.hello(0)
	wb.hello(0)
	wa.move(0, pogoWin[0])
	wa.expect("ack", nil)
	wb.move(1, pogoWin[1])
	wb.expect("ack", nil)
	wb.send(map[string]any{"type": "resign"})
	wa.expect("state", func(m msg) bool { return m.str("ratings") != "" })
	aliceBefore, _ := ratingOf(t, st, "alice")
	bobBefore, bobGames := ratingOf(t, st, "bob")
	g, err := st.LoadGame(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	rid := live.RematchID(g)
	noRematch := func(when string) {
		t.Helper()
		if _, err := st.LoadGame(t.Context(), rid); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("%s: the rematch exists (%v)", when, err)
		}
		if n := countGames(t, st); n != 1 {
			t.Fatalf("%s: %d games in the store, want 1", when, n)
		}
	}

	// Bob has gone; Alice proposes: no game, no clock.
	wb.conn.CloseNow()
	wa.send(map[string]any{"type": "rematch"})
	s := wa.expect("state", hasRematch)
	if rm := s["rematch"].(map[string]any); rm["by"].(float64) != 0 || len(rm["needs"].([]any)) != 1 || rm["needs"].([]any)[0].(float64) != 1 {
		t.Fatalf("the proposal in the state: %v", rm)
	}
	noRematch("proposed")
	// Asking again changes nothing.
	wa.send(map[string]any{"type": "rematch"})
	// Handled before the clock moves: a state showing the proposal may
	// be the first one's, resent when Bob's leaving was noticed.
	wa.settled()
	noRematch("proposed twice")
	// Ten minutes later, with the server's chores run: Bob, who never came
	// back, lost nothing.
	clk.add(10 * time.Minute)
	srv.live.ExpireCorrespondence()
	srv.live.ExpireAbandoned()
	if r, n := ratingOf(t, st, "bob"); r != bobBefore || n != bobGames {
		t.Fatalf("bob's rating %v (%d games), was %v (%d)", r, n, bobBefore, bobGames)
	}
	noRematch("ten minutes later")

	// The proposal has expired: Bob, back, sees none, and his click is a
	// proposal of his own.
	wb = dialAs(t, ts, bob, id)
	if s := wb.hello(0); hasRematch(s) {
		t.Fatalf("an expired proposal in bob's state: %v", s["rematch"])
	}
	wb.send(map[string]any{"type": "rematch"})
	if m := wa.expect("info", infoIs("rematch")); !strings.Contains(m.str("text"), "bob proposes a rematch") {
		t.Errorf("alice is told %q", m.str("text"))
	}
	wa.expect("state", func(m msg) bool { return hasRematch(m) && m["rematch"].(map[string]any)["by"].(float64) == 1 })
	// Alice declines: Bob is told; nothing is made.
	wa.send(map[string]any{"type": "rematchdecline"})
	if m := wb.expect("info", infoIs("rematchdeclined")); m.str("text") != "alice declined the rematch" {
		t.Errorf("bob is told %q", m.str("text"))
	}
	wb.expect("state", func(m msg) bool { return !hasRematch(m) })
	noRematch("declined")
	// Declining what is not there is an error.
	wa.send(map[string]any{"type": "rematchdecline"})
	if m := wa.expect("", nil); m.str("code") != "no_rematch" {
		t.Errorf("a decline without proposal: %v", m)
	}
	// Bob proposes and withdraws: Alice is told.
	wb.send(map[string]any{"type": "rematch"})
	wa.expect("state", hasRematch)
	wb.send(map[string]any{"type": "rematchdecline"})
	if m := wa.expect("info", infoIs("rematchcancelled")); m.str("text") != "bob withdrew the rematch proposal" {
		t.Errorf("alice is told %q", m.str("text"))
	}
	noRematch("withdrawn")
	// A spectator can neither propose nor answer.
	carol := signedUp(t, ts, "carol")
	wc := dialAs(t, ts, carol, id)
	wc.hello(0)
	wc.send(map[string]any{"type": "rematch"})
	if m := wc.expect("", nil); m.str("code") != "spectator" {
		t.Errorf("a spectator's rematch: %v", m)
	}

	// Alice proposes, Bob accepts: one game, seats turned round, rated,
	// and both pages are sent to it.
	wa.send(map[string]any{"type": "rematch"})
	wb.expect("state", hasRematch)
	wb.send(map[string]any{"type": "rematch"})
	ra := wa.expect("rematch", nil)
	rb := wb.expect("rematch", nil)
	for _, m := range []msg{ra, rb} {
		if m.str("url") != "/games/"+rid || m["follow"] != true {
			t.Errorf("the rematch message %v, want /games/%s to follow", m, rid)
		}
	}
	rg, err := st.LoadGame(t.Context(), rid)
	if err != nil || !rg.Rated || rg.Seats[0].User != "bob" || rg.Seats[1].User != "alice" || len(rg.Moves) != 0 || rg.ClockMillis != 60_000 {
		t.Fatalf("the rematch: %+v, %v", rg, err)
	}
	if n := countGames(t, st); n != 2 {
		t.Fatalf("%d games after the rematch, want 2", n)
	}
	// Asking again gives the same game.
	wb.send(map[string]any{"type": "rematch"})
	if m := wb.expect("rematch", nil); m.str("url") != "/games/"+rid {
		t.Errorf("asking again: %v", m)
	}
	if r, _ := ratingOf(t, st, "alice"); r != aliceBefore {
		t.Errorf("alice's rating moved: %v, was %v", r, aliceBefore)
	}
	// Opened later, from the store, the finished game offers the rematch.
	for _, c := range []*wsClient{wa, wb, wc} {
		c.conn.CloseNow()
	}
	waitNoRoom(t, srv, id)
	late := dialAs(t, ts, alice, id)
	late.send(map[string]any{"type": "hello", "tokens": []string{}, "ply": 0})
	if m := late.expect("rematch", nil); m.str("url") != "/games/"+rid || m["follow"] == true {
		t.Errorf("the finished game opened later: %v", m)
	}
}

// finishedPair is a finished POGO game between two people holding tokens
// (no accounts), both connected to ts1 and ts2 (which may be one server).
func finishedPair(t *testing.T, ts1, ts2 *httptest.Server) (id string, toks [2]string, a, b *wsClient) {
	t.Helper()
	g := createGame(t, ts1, form("pogo", "me", "invite"))
	a, b = dial(t, ts1, g.id), dial(t, ts2, g.id)
	a.hello(0, g.mine[0])
	b.hello(0, g.invited[1])
	a.send(map[string]any{"type": "resign"})
	a.expect("state", func(m msg) bool { return m.str("result") != "*" })
	b.expect("state", func(m msg) bool { return m.str("result") != "*" })
	return g.id, [2]string{g.mine[0], g.invited[1]}, a, b
}

// bothClickAtOnce has two players of a finished game click Rematch at the
// same moment: exactly one game is made, both pages follow to it, and the
// links hold the players' seats there, turned round.
func bothClickAtOnce(t *testing.T, st store.Store, ts1, ts2 *httptest.Server) {
	t.Helper()
	before := countGames(t, st)
	id, toks, a, b := finishedPair(t, ts1, ts2)
	done := make(chan struct{})
	go func() {
		defer close(done)
		b.send(map[string]any{"type": "rematch"})
	}()
	a.send(map[string]any{"type": "rematch"})
	<-done
	ra := a.expect("rematch", nil)
	rb := b.expect("rematch", nil)
	g, err := st.LoadGame(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	rid := live.RematchID(g)
	if ra.str("url") != "/games/"+rid+"#me=1-"+toks[0] || rb.str("url") != "/games/"+rid+"#me=0-"+toks[1] || ra["follow"] != true || rb["follow"] != true {
		t.Fatalf("the rematch messages: %v and %v", ra, rb)
	}
	if n := countGames(t, st); n != before+2 {
		t.Fatalf("%d games, want %d: one game and its rematch", n, before+2)
	}
	// The links' tokens hold the turned seats.
	na := dial(t, ts1, rid)
	if y := you(na.hello(0, toks[0])); len(y) != 1 || y[0] != 1 {
		t.Errorf("alice's token holds %v in the rematch, want [1]", y)
	}
	nb := dial(t, ts2, rid)
	if y := you(nb.hello(0, toks[1])); len(y) != 1 || y[0] != 0 {
		t.Errorf("bob's token holds %v in the rematch, want [0]", y)
	}
}

func TestRematchBothClickAtOnce(t *testing.T) {
	st := newMemStore()
	_, ts := startServer(t, st)
	for i := 0; i < 5; i++ {
		bothClickAtOnce(t, st, ts, ts)
	}
}

// Two servers on one PostgreSQL, a player on each: the proposal made on
// one is seen on the other (also by a page opened there later), answered
// from there, and two clicks at once on the two servers make one game.
func TestTwoServersRematch(t *testing.T) {
	stores := pgStores(t, 2)
	_, ts1 := runServer(t, Config{Store: stores[0], NewAgent: cheapAgents})
	s2, ts2 := runServer(t, Config{Store: stores[1], NewAgent: cheapAgents})
	id, toks, a, b := finishedPair(t, ts1, ts2)
	a.send(map[string]any{"type": "rematch"})
	b.expect("state", hasRematch)
	b.send(map[string]any{"type": "rematchdecline"})
	a.expect("info", infoIs("rematchdeclined"))
	a.expect("state", func(m msg) bool { return !hasRematch(m) })
	if n := countGames(t, stores[0]); n != 1 {
		t.Fatalf("%d games after a declined proposal", n)
	}
	// Alice proposes again; Bob's page opens on the second server after
	// its room was gone, and still sees the proposal.
	a.send(map[string]any{"type": "rematch"})
	b.expect("state", hasRematch)
	b.conn.CloseNow()
	waitNoRoom(t, s2, id)
	b = dial(t, ts2, id)
	b.send(map[string]any{"type": "hello", "tokens": []string{toks[1]}, "ply": 0})
	b.expect("state", hasRematch)
	b.send(map[string]any{"type": "rematch"})
	if m := a.expect("rematch", nil); m["follow"] != true || !strings.HasSuffix(m.str("url"), "#me=1-"+toks[0]) {
		t.Fatalf("alice's rematch message: %v", m)
	}
	b.expect("rematch", nil)
	if n := countGames(t, stores[0]); n != 2 {
		t.Fatalf("%d games after the rematch, want 2", n)
	}
	for i := 0; i < 3; i++ {
		bothClickAtOnce(t, stores[0], ts1, ts2)
	}
}

// A rated game with a real-time clock whose first player never moves is
// aborted 30 s after it could start: no result, no rating change. The
// timer is armed from the stored game, so a server that loads the game
// late (after a restart, or on another server) aborts it at once; a
// first move arriving after the deadline, before the timer, aborts too.
func TestAbortRatedGameWithoutFirstMove(t *testing.T) {
	clk := newConsentClock(time.Now())
	_, ts, acc := accountServer(t, Config{LoginPerMinute: -1, Now: clk.now})
	st := acc.(store.Store)
	alice, bob := signedUp(t, ts, "alice"), signedUp(t, ts, "bob")

	// Nobody connected for 31 s: the first page to open aborts it.
	id, _ := storedGame(t, st, clk.now(), true, 5*60_000, 0)
	clk.add(31 * time.Second)
	wb := dialAs(t, ts, bob, id)
	wb.send(map[string]any{"type": "hello", "tokens": []string{}, "ply": 0, "lang": "fr"})
	// (A state in English may come first: the room was loaded, and the
	// game aborted, before the hello was read.)
	end := wb.expect("state", func(m msg) bool { return strings.HasPrefix(m.str("outcome"), "Partie") })
	if end.str("result") != "over" || end.str("reason") != "aborted 1" {
		t.Fatalf("after 31 s without a first move: %q %q", end.str("result"), end.str("reason"))
	}
	if want := "Partie annulée — alice n'a pas joué son premier coup à temps"; end.str("outcome") != want {
		t.Errorf("outcome %q, want %q", end.str("outcome"), want)
	}
	// Alice moved, Bob did not: the late move of Bob aborts it (the timer
	// would have a few milliseconds later).
	id2, _ := storedGame(t, st, clk.now(), true, 5*60_000, 0)
	wa, wb2 := dialAs(t, ts, alice, id2), dialAs(t, ts, bob, id2)
	// (The store may keep times to the millisecond: 29 999 ms is right.)
	if s := wa.hello(0); s.num("abortIn") < 29_000 || s.num("abortIn") > 30_000 || s.num("toMove") != 0 || s["abortable"] != true {
		t.Errorf("at the start: abortIn %d, abortable %v", s.num("abortIn"), s["abortable"])
	}
	wb2.hello(0)
	wa.move(0, pogoWin[0])
	wa.expect("ack", nil)
	clk.add(30 * time.Second)
	wb2.move(1, pogoWin[1])
	var info msg
	end = nil
	for info == nil || end == nil {
		m, err := wa.read(20 * time.Second)
		if err != nil {
			t.Fatalf("waiting for the abort: %v", err)
		}
		switch {
		case m.str("type") == "info":
			info = m
		case m.str("type") == "state" && m.str("result") != "*":
			end = m
		}
	}
	if end.str("result") != "over" || end.str("reason") != "aborted 2" || end.num("ply") != 1 {
		t.Fatalf("bob's first move 30 s late: %q %q at ply %d", end.str("result"), end.str("reason"), end.num("ply"))
	}
	if info.str("code") != "aborted" || info.str("text") != "Game aborted: bob did not make a first move in time" {
		t.Errorf("the notice: %v", info)
	}
	for _, name := range []string{"alice", "bob"} {
		if r, n := ratingOf(t, st, name); n != 0 || r != 0 {
			t.Errorf("%s rated after aborted games: %v (%d games)", name, r, n)
		}
	}
	// A clock does not run before its player's first move (the abort's
	// deadline does); once both moved, the clock decides as before: a
	// loss on time.
	id3, _ := storedGame(t, st, clk.now(), true, 60_000, 0)
	wa3, wb3 := dialAs(t, ts, alice, id3), dialAs(t, ts, bob, id3)
	if s := wa3.hello(0); s.num("running") != -1 {
		t.Errorf("a clock runs before the first move: running %d", s.num("running"))
	}
	wb3.hello(0)
	clk.add(20 * time.Second)
	wa3.move(0, pogoWin[0])
	wa3.expect("ack", nil)
	if g3, _ := st.LoadGame(t.Context(), id3); g3.Moves[0].ClockMillis != 60_000 {
		t.Errorf("alice's clock after a first move in 20 s: %d ms, want 60000", g3.Moves[0].ClockMillis)
	}
	wb3.move(1, pogoWin[1])
	wb3.expect("ack", nil)
	clk.add(61 * time.Second)
	wa3.move(2, pogoWin[2])
	// (Rated away from the room's lock: the state with the result may or
	// may not have the ratings already; wait for the one that has.)
	end = wb3.expect("state", func(m msg) bool { return m.str("ratings") != "" })
	if end.str("result") != "win 2" || end.str("reason") != "time 1" {
		t.Fatalf("alice's clock ran out after her first move: %q %q", end.str("result"), end.str("reason"))
	}
	if _, n := ratingOf(t, st, "bob"); n != 1 {
		t.Errorf("bob's rated games: %d, want 1", n)
	}
}

// The abort timer runs on its own: with a short AbortAfter, a game
// between two people whose first player does not move ends aborted while
// both watch.
func TestAbortTimerFires(t *testing.T) {
	_, ts := runServer(t, Config{Store: newMemStore(), NewAgent: cheapAgents, AbortAfter: 200 * time.Millisecond})
	f := form("pogo", "me", "invite")
	f.Set("clock", "5")
	g := createGame(t, ts, f)
	a, b := dial(t, ts, g.id), dial(t, ts, g.id)
	a.hello(0, g.mine[0])
	b.hello(0, g.invited[1])
	end := b.expect("state", func(m msg) bool { return m.str("result") != "*" })
	if end.str("result") != "over" || end.str("reason") != "aborted 1" || end.str("outcome") != "Game aborted — Light did not make a first move in time" {
		t.Fatalf("the abort: %q %q %q", end.str("result"), end.str("reason"), end.str("outcome"))
	}
	// Against the computer the clock decides: no abort.
	f = form("pogo", "me", "computer")
	f.Set("clock", "5")
	g2 := createGame(t, ts, f)
	c := dial(t, ts, g2.id)
	if s := c.hello(0, g2.mine[0]); s.num("abortIn") != -1 {
		t.Errorf("a game against the computer announces an abort in %d ms", s.num("abortIn"))
	}
}

// A player may abort by hand until every seat has moved, never after;
// a spectator never.
func TestAbortByHand(t *testing.T) {
	st := newMemStore()
	_, ts := startServer(t, st)
	g := createGame(t, ts, form("pogo", "me", "invite"))
	a, b, w := dial(t, ts, g.id), dial(t, ts, g.id), dial(t, ts, g.id)
	a.hello(0, g.mine[0])
	b.hello(0, g.invited[1])
	w.hello(0)
	w.send(map[string]any{"type": "abort"})
	if m := w.expect("", nil); m.str("code") != "spectator" {
		t.Errorf("a spectator's abort: %v", m)
	}
	a.move(0, pogoWin[0])
	a.expect("ack", nil)
	b.send(map[string]any{"type": "abort"})
	end := a.expect("state", func(m msg) bool { return m.str("result") != "*" })
	if end.str("result") != "over" || end.str("reason") != "abortedby 2" || end.str("outcome") != "Game aborted by Dark" {
		t.Fatalf("aborted by hand: %q %q %q", end.str("result"), end.str("reason"), end.str("outcome"))
	}
	// After both first moves: resign instead.
	g2 := createGame(t, ts, form("pogo", "me", "invite"))
	a2, b2 := dial(t, ts, g2.id), dial(t, ts, g2.id)
	a2.hello(0, g2.mine[0])
	b2.hello(0, g2.invited[1])
	a2.move(0, pogoWin[0])
	a2.expect("ack", nil)
	b2.move(1, pogoWin[1])
	b2.expect("ack", nil)
	a2.send(map[string]any{"type": "abort", "lang": "fr"})
	if m := a2.expect("", nil); m.str("code") != "not_abortable" {
		t.Errorf("an abort after both first moves: %v", m)
	}
	if s, _ := st.LoadGame(t.Context(), g2.id); s.Result != store.Ongoing {
		t.Errorf("the game ended: %q", s.Result)
	}
}

// Correspondence: a player who lets his first deadline pass aborts the
// game (the room's timer, or the maintenance when nobody is connected:
// TestCorrespondenceAcrossRestarts); after his first move, the deadline
// is a loss on time, rated.
func TestCorrespondenceFirstDeadline(t *testing.T) {
	clk := newConsentClock(time.Now())
	srv, ts, acc := accountServer(t, Config{LoginPerMinute: -1, Now: clk.now})
	st := acc.(store.Store)
	alice, bob := signedUp(t, ts, "alice"), signedUp(t, ts, "bob")
	id, _ := storedGame(t, st, clk.now(), true, 0, 2)
	wa := dialAs(t, ts, alice, id)
	wa.hello(0)
	wa.move(0, pogoWin[0])
	wa.expect("ack", nil)
	wa.conn.CloseNow()
	waitNoRoom(t, srv, id)
	// Bob opens the game after his two days: aborted there and then.
	clk.add(2*24*time.Hour + time.Minute)
	wb := dialAs(t, ts, bob, id)
	wb.send(map[string]any{"type": "hello", "tokens": []string{}, "ply": 0})
	end := wb.expect("state", func(m msg) bool { return m.str("result") != "*" })
	if end.str("result") != "over" || end.str("reason") != "aborted 2" {
		t.Fatalf("bob's first deadline passed: %q %q", end.str("result"), end.str("reason"))
	}
	if _, n := ratingOf(t, st, "alice"); n != 0 {
		t.Errorf("alice rated after an aborted game")
	}
	// Both moved: Alice's deadline is a loss, with nobody connected.
	id2, _ := storedGame(t, st, clk.now(), true, 0, 2)
	wa, wb = dialAs(t, ts, alice, id2), dialAs(t, ts, bob, id2)
	wa.hello(0)
	wb.hello(0)
	wa.move(0, pogoWin[0])
	wa.expect("ack", nil)
	wb.move(1, pogoWin[1])
	wb.expect("ack", nil)
	wa.conn.CloseNow()
	wb.conn.CloseNow()
	waitNoRoom(t, srv, id2)
	clk.add(2*24*time.Hour + time.Minute)
	srv.live.ExpireCorrespondence()
	g, _ := st.LoadGame(t.Context(), id2)
	if g.Result != "win 2" || g.Reason != "time 1" {
		t.Fatalf("alice's deadline after her first move: %q %q", g.Result, g.Reason)
	}
	if _, n := ratingOf(t, st, "bob"); n != 1 {
		t.Errorf("bob's rated games: %d, want 1", n)
	}
}

// Two servers: the game is open on both; the abort is decided once (by
// the holder of the game's lease) and both see it.
func TestTwoServersAbort(t *testing.T) {
	stores := pgStores(t, 2)
	_, ts1 := runServer(t, Config{Store: stores[0], NewAgent: cheapAgents, AbortAfter: 300 * time.Millisecond})
	_, ts2 := runServer(t, Config{Store: stores[1], NewAgent: cheapAgents, AbortAfter: 300 * time.Millisecond})
	f := form("pogo", "me", "invite")
	f.Set("clock", "5")
	g := createGame(t, ts1, f)
	a, b := dial(t, ts1, g.id), dial(t, ts2, g.id)
	a.hello(0, g.mine[0])
	b.hello(0, g.invited[1])
	for _, c := range []*wsClient{a, b} {
		end := c.expect("state", func(m msg) bool { return m.str("result") != "*" })
		if end.str("result") != "over" || end.str("reason") != "aborted 1" {
			t.Fatalf("the abort: %q %q", end.str("result"), end.str("reason"))
		}
	}
}

// Proposing and withdrawing again and again would flood the other player
// with notices: each proposal counts against the address's limit of new
// games (here a burst of 3, one of them taken by the game itself).
func TestAttackRematchProposalLoopIsRateLimited(t *testing.T) {
	_, ts := startServerWith(t, Config{Store: newMemStore(), CreatePerMinute: 1, CreateBurst: 3})
	_, _, a, b := finishedPair(t, ts, ts)
	proposals, limited := 0, false
	for i := 0; i < 10 && !limited; i++ {
		a.send(map[string]any{"type": "rematch"})
		for {
			m, err := a.read(20 * time.Second)
			if err != nil {
				t.Fatalf("round %d: %v", i, err)
			}
			if m.str("type") == "error" {
				if m.str("code") != "rematch_limited" {
					t.Fatalf("round %d: %v", i, m)
				}
				limited = true
				break
			}
			if m.str("type") == "state" && hasRematch(m) {
				proposals++
				b.expect("info", infoIs("rematch"))
				a.send(map[string]any{"type": "rematchdecline"})
				b.expect("info", infoIs("rematchcancelled"))
				break
			}
		}
	}
	if !limited || proposals > 2 {
		t.Errorf("%d proposals from one address with a burst of 3 (limited: %v)", proposals, limited)
	}
}
