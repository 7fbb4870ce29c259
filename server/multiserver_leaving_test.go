package server

import (
	"strings"
	"testing"
	"time"
)

// Two servers on one PostgreSQL: Bob resigns a game of three on the
// second; the first server's room learns it from the store's notification
// (GameChange.Left): its players are told, Bob's other page there stops
// holding his seat, the computer plays it, and a draw offered there needs
// only the two still at the table.
func TestTwoServersLeave(t *testing.T) {
	stores := pgStores(t, 2)
	_, ts1 := runServer(t, Config{Store: stores[0], NewAgent: cheapAgents})
	_, ts2 := runServer(t, Config{Store: stores[1], NewAgent: cheapAgents})
	id, toks := leaveTable(t, stores[0], "saute", "players=3", 0, 0, time.Now(), true)
	alice := watch(t, dial(t, ts1, id), toks[0])
	bobHere := watch(t, dial(t, ts1, id), toks[1])
	carol := watch(t, dial(t, ts1, id), toks[2])
	bob := watch(t, dial(t, ts2, id), toks[1])
	// Ply 3: Alice to move.
	st := alice.state("Alice to move", func(m msg) bool { return m.num("ply") == 3 })
	legal := st["legal"].([]any)
	alice.c.move(3, legal[0].(map[string]any)["move"].(string))
	bob.state("Bob to move on the second server", func(m msg) bool { return m.num("ply") == 4 })

	bob.c.send(map[string]any{"type": "resign"})
	bob.info("left_resigned", 1)
	for name, w := range map[string]*watcher{"Alice": alice, "Carol": carol, "Bob's other page": bobHere} {
		m := w.info("left", 1)
		if !strings.Contains(m.str("text"), "Bob left the table") {
			t.Errorf("%s's notice on the first server: %v", name, m)
		}
	}
	checkLeft(t, stores[0], id, 1, 1)
	bobHere.state("Bob's other page watching", func(m msg) bool { you, _ := m["you"].([]any); return len(you) == 0 })
	if e := bobHere.refusal(map[string]any{"type": "resign"}); e.str("code") != "left" {
		t.Errorf("Bob resigning again on the first server: %v", e)
	}
	// The computer plays Bob's seat (ply 4), wherever it runs.
	carol.state("the computer's move for Bob", func(m msg) bool { return m.num("ply") >= 5 })
	alice.c.send(map[string]any{"type": "draw"})
	offered := carol.state("the draw offer", func(m msg) bool { o, _ := m["offer"].(map[string]any); return o != nil })
	if needs, _ := offered["offer"].(map[string]any)["needs"].([]any); len(needs) != 1 || !containsNum(needs, 2) {
		t.Fatalf("the draw offer needs %v, want only Carol (seat 2)", needs)
	}
	carol.c.send(map[string]any{"type": "answer", "accept": true})
	end := bob.state("the draw on the second server", finished)
	if end.str("result") != "draw" {
		t.Fatalf("result %q, want draw", end.str("result"))
	}
	checkRankedLast(t, stores[1], id, 1, end)
	if g, _ := stores[1].LoadGame(t.Context(), id); g.Result != "draw" || g.Seats[1].Left != 1 {
		t.Fatalf("stored: %s, seats %+v", g.Result, g.Seats)
	}
}
