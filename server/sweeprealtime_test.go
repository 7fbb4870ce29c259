package server

import (
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/live"
	"github.com/plateau-games/plateau/store"
)

// A real-time rated game between people whose first player never moved,
// and that nobody has open (an accepted rematch both left): the
// maintenance aborts it once its abort deadline has passed, not before;
// no rating changes, and it leaves /api/games (the reviewer's report:
// it stayed "ongoing, your turn" until somebody opened it).
func TestSweepAbortsRealTimeGameNobodyOpened(t *testing.T) {
	clk := newConsentClock(time.Now())
	srv, ts, acc := accountServer(t, Config{LoginPerMinute: -1, Now: clk.now})
	st := acc.(store.Store)
	alice := signedUp(t, ts, "alice")
	signedUp(t, ts, "bob")
	id, _ := storedGame(t, st, clk.now(), true, 5*60_000, 0)
	if _, body := getAs(t, alice, ts.URL+"/api/games"); !strings.Contains(body, `"id":"`+id+`"`) {
		t.Fatalf("the new game is not in /api/games: %s", body)
	}
	clk.add(20 * time.Second)
	if n := srv.live.ExpireRealTime(); n != 0 {
		t.Fatalf("the sweep ended %d games 20 s after the start (abort after 30 s)", n)
	}
	if g, _ := st.LoadGame(t.Context(), id); g.Result != store.Ongoing {
		t.Fatalf("aborted too early: %q %q", g.Result, g.Reason)
	}
	clk.add(11 * time.Second)
	if n := srv.live.ExpireRealTime(); n != 1 {
		t.Fatalf("the sweep ended %d games 31 s after the start, want 1", n)
	}
	g, _ := st.LoadGame(t.Context(), id)
	if g.Result != "over" || g.Reason != "aborted 1" {
		t.Fatalf("after the sweep: %q %q, want over / aborted 1", g.Result, g.Reason)
	}
	if srv.live.HasRoom(id) {
		t.Errorf("the room loaded to decide stays in memory")
	}
	if _, body := getAs(t, alice, ts.URL+"/api/games"); strings.Contains(body, id) {
		t.Errorf("the aborted game is still listed as ongoing: %s", body)
	}
	if n := srv.live.ExpireRealTime(); n != 0 {
		t.Errorf("a second sweep ended %d games", n)
	}
	for _, name := range []string{"alice", "bob"} {
		if r, n := ratingOf(t, st, name); n != 0 || r != 0 {
			t.Errorf("%s rated after an aborted game: %v (%d games)", name, r, n)
		}
	}
}

// clockRanOut stores a rated real-time game of a minute whose two first
// moves were made (5 s and 10 s after at): Alice's minute runs from
// at+10s, nobody has it open.
func clockRanOut(t *testing.T, st store.Store, at time.Time) string {
	t.Helper()
	id, _ := storedGame(t, st, at, true, 60_000, 0)
	for i, d := range []time.Duration{5 * time.Second, 10 * time.Second} {
		mv := store.Move{Ply: i, Notation: pogoWin[i], Seat: i, At: at.Add(d).UTC(), ClockMillis: 60_000}
		if err := st.AppendMove(t.Context(), id, mv); err != nil {
			t.Fatal(err)
		}
	}
	return id
}

// waitRated waits for the rating of a game ended away from any page (it
// is rated in the background) and says the games each player has.
func waitRated(t *testing.T, st store.Store) (alice, bob int) {
	t.Helper()
	// Generous: only a machine at a standstill takes this long.
	deadline := time.Now().Add(30 * time.Second)
	for {
		_, alice = ratingOf(t, st, "alice")
		_, bob = ratingOf(t, st, "bob")
		if alice > 0 && bob > 0 || time.Now().After(deadline) {
			return alice, bob
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// After both first moves, the clock decides: a game nobody has open whose
// clock ran out is lost on time by the sweep, and rated once.
func TestSweepFlagsRealTimeGameNobodyOpened(t *testing.T) {
	clk := newConsentClock(time.Now())
	srv, ts, acc := accountServer(t, Config{LoginPerMinute: -1, Now: clk.now})
	st := acc.(store.Store)
	signedUp(t, ts, "alice")
	bob := signedUp(t, ts, "bob")
	t0 := clk.now()
	id := clockRanOut(t, st, t0)
	clk.add(69 * time.Second) // 59 s of Alice's minute
	if n := srv.live.ExpireRealTime(); n != 0 {
		t.Fatalf("the sweep ended %d games with a second on the clock", n)
	}
	clk.add(2 * time.Second)
	if n := srv.live.ExpireRealTime(); n != 1 {
		t.Fatalf("the sweep ended %d games after the clock ran out, want 1", n)
	}
	g, _ := st.LoadGame(t.Context(), id)
	if g.Result != "win 2" || g.Reason != "time 1" {
		t.Fatalf("after the sweep: %q %q, want win 2 / time 1", g.Result, g.Reason)
	}
	if a, b := waitRated(t, st); a != 1 || b != 1 {
		t.Fatalf("rated games after the loss on time: alice %d, bob %d, want 1 each", a, b)
	}
	if n := srv.live.ExpireRealTime(); n != 0 {
		t.Errorf("a second sweep ended %d games", n)
	}
	if _, body := getAs(t, bob, ts.URL+"/api/games"); strings.Contains(body, id) {
		t.Errorf("the game lost on time is still listed as ongoing: %s", body)
	}
	// Opening it now shows the end; it is not decided again.
	wb := dialAs(t, ts, bob, id)
	if s := wb.hello(2); s.str("result") != "win 2" || s.str("reason") != "time 1" {
		t.Errorf("the game opened after the sweep: %q %q", s.str("result"), s.str("reason"))
	}
	if _, n := ratingOf(t, st, "bob"); n != 1 {
		t.Errorf("bob's rated games after the game was opened: %d, want 1", n)
	}
}

// Two servers on one PostgreSQL sweep at the same moment: each game
// nobody has open is decided by exactly one of them (the lease's holder),
// and the rated one rated once.
func TestTwoServersSweepRealTime(t *testing.T) {
	stores := pgStores(t, 2)
	clk := newConsentClock(time.Now())
	var logs syncBuffer
	logger := slog.New(slog.NewTextHandler(&logs, nil))
	var srvs [2]*Server
	srvs[0], _ = runServer(t, Config{Store: stores[0], NewAgent: cheapAgents, LoginPerMinute: -1, Now: clk.now, Logger: logger})
	s2, ts := runServer(t, Config{Store: stores[1], NewAgent: cheapAgents, LoginPerMinute: -1, Now: clk.now, Logger: logger})
	srvs[1] = s2
	signedUp(t, ts, "alice")
	signedUp(t, ts, "bob")
	t0 := clk.now()
	aborted, _ := storedGame(t, stores[0], t0, true, 5*60_000, 0)
	flagged := clockRanOut(t, stores[0], t0)
	clk.add(71 * time.Second)
	var wg sync.WaitGroup
	var ended [2]int
	for i, s := range srvs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ended[i] = s.live.ExpireRealTime()
		}()
	}
	wg.Wait()
	// A server that found the lease taken, or the game over, leaves it;
	// a second round ends nothing more.
	for i, s := range srvs {
		ended[i] += s.live.ExpireRealTime()
	}
	if ended[0]+ended[1] != 2 {
		t.Errorf("games ended by the two servers: %v, want 2 in all", ended)
	}
	for id, want := range map[string]string{aborted: "over aborted 1", flagged: "win 2 time 1"} {
		g, _ := stores[1].LoadGame(t.Context(), id)
		if g.Result+" "+g.Reason != want {
			t.Errorf("game %s: %q %q, want %s", id, g.Result, g.Reason, want)
		}
	}
	if a, b := waitRated(t, stores[1]); a != 1 || b != 1 {
		t.Errorf("rated games: alice %d, bob %d, want 1 each", a, b)
	}
	if n := strings.Count(logs.String(), `msg="game over"`); n != 2 {
		t.Errorf("%d games decided, want 2:\n%s", n, logs.String())
	}
	if n := strings.Count(logs.String(), `msg="game rated"`); n != 1 {
		t.Errorf("%d ratings, want 1", n)
	}
}

// A round looks at a bounded batch; games not yet due (here a full batch
// of games against the computer with ten minutes on the clock, older than
// the one that is due) do not hide the later ones: the next round goes on
// past them.
func TestSweepRealTimeBatchGoesOn(t *testing.T) {
	clk := newConsentClock(time.Now())
	srv, ts, acc := accountServer(t, Config{LoginPerMinute: -1, Now: clk.now})
	st := acc.(store.Store)
	signedUp(t, ts, "alice")
	signedUp(t, ts, "bob")
	t0 := clk.now()
	for i := range live.ExpireBatch {
		at := t0.Add(time.Duration(i) * time.Millisecond).UTC()
		g := &store.Game{ID: games.NewID(), GameID: "pogo", Options: "players=2", Result: store.Ongoing, ClockMillis: 10 * 60_000,
			CreatedAt: at, UpdatedAt: at,
			Seats: []store.Seat{{Kind: "human", Name: "alice", User: "alice"}, {Kind: "computer", Agent: "random", Name: "Ordinateur"}}}
		if err := st.CreateGame(t.Context(), g); err != nil {
			t.Fatal(err)
		}
	}
	due, _ := storedGame(t, st, t0.Add(time.Second), true, 5*60_000, 0)
	clk.add(40 * time.Second)
	ended := srv.live.ExpireRealTime()
	ended += srv.live.ExpireRealTime()
	if g, _ := st.LoadGame(t.Context(), due); ended != 1 || g.Reason != "aborted 1" {
		t.Fatalf("after two rounds: %d ended, the due game %q %q", ended, g.Result, g.Reason)
	}
	on := false
	if list, _ := st.ListGames(t.Context(), store.Filter{Finished: &on, Limit: 1000}); len(list) != live.ExpireBatch {
		t.Errorf("%d games still on, want the %d not due", len(list), live.ExpireBatch)
	}
}
