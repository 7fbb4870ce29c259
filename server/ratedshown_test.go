package server

import (
	"testing"
	"time"
)

// Found trying issue 23 with two servers: a rated game between a player
// on each server, resigned on the first, showed "Ratings: alice 1500 →
// 1338" on the first server only; the second (which learned of the end
// from the store, before the rating was stored) showed no change, even to
// a page opened there afterwards. Every server shows the changes now.
func TestTwoServersShowRatingChanges(t *testing.T) {
	stores := pgStores(t, 2)
	_, ts1 := runServer(t, Config{Store: stores[0], NewAgent: cheapAgents, LoginPerMinute: -1})
	_, ts2 := runServer(t, Config{Store: stores[1], NewAgent: cheapAgents, LoginPerMinute: -1})
	signedUp(t, ts1, "alice")
	signedUp(t, ts1, "bob")
	id, toks := storedGame(t, stores[0], time.Now(), true, 5*60_000, 0)
	a, b := dial(t, ts1, id), dial(t, ts2, id)
	a.hello(0, toks[0])
	b.hello(0, toks[1])
	a.move(0, pogoWin[0])
	a.expect("ack", nil)
	b.expect("state", plyIs(1))
	b.move(1, pogoWin[1])
	b.expect("ack", nil)
	a.expect("state", plyIs(2))
	a.send(map[string]any{"type": "resign"})
	rated := func(m msg) bool { return m.str("ratings") != "" }
	want := a.expect("state", rated).str("ratings")
	if got := b.expect("state", rated).str("ratings"); got != want {
		t.Errorf("the other server shows %q, the first %q", got, want)
	}
	// A page opened on the second server afterwards, in its room.
	later := dial(t, ts2, id)
	if got := later.hello(0).str("ratings"); got != want {
		t.Errorf("a page opened later on the second server shows %q, want %q", got, want)
	}
}
