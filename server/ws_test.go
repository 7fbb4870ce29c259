package server

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/live"
)

// pogoWin is a POGO game that player 1 wins on the third ply.
var pogoWin = []string{"2b1-b3", "2a3-c3", "1b3-c3"}

func TestMoveIsAcknowledgedAndBroadcast(t *testing.T) {
	_, ts := startServer(t, newMemStore())
	g := createGame(t, ts, form("pogo", "me", "invite"))
	a, b, spec := dial(t, ts, g.id), dial(t, ts, g.id), dial(t, ts, g.id)
	st := a.hello(0, g.mine[0])
	if st.num("ply") != 0 || st.num("toMove") != 0 || len(st["legal"].([]any)) != 16 {
		t.Fatalf("start state: %v", st)
	}
	if you := st["you"].([]any); len(you) != 1 || you[0].(float64) != 0 {
		t.Fatalf("you = %v, want [0]", you)
	}
	b.hello(0, g.invited[1])
	spec.hello(0)
	a.move(0, "2B1 - b3") // any accepted spelling; the server answers in canonical notation
	if ack := a.expect("ack", nil); ack.str("move") != "2b1-b3" || ack.num("ply") != 0 {
		t.Fatalf("ack: %v", ack)
	}
	if m := b.expect("move", nil); m.str("move") != "2b1-b3" || m.num("seat") != 0 {
		t.Fatalf("broadcast: %v", m)
	}
	b.expect("state", plyIs(1))
	// Spectators see the move in the state.
	if st := spec.expect("state", plyIs(1)); st["moves"].([]any)[0] != "2b1-b3" {
		t.Fatalf("spectator state: %v", st)
	}
	// The rest of the game, to the end.
	b.move(1, pogoWin[1])
	b.expect("ack", nil)
	a.expect("move", nil)
	a.move(2, pogoWin[2])
	a.expect("ack", nil)
	end := spec.expect("state", plyIs(3))
	if end.str("result") != "win 1" {
		t.Fatalf("result %q, want win 1", end.str("result"))
	}
	// A finished game takes no more moves.
	b.move(3, "1a1-a2")
	if r := b.expect("reject", nil); r.str("code") != "over" {
		t.Fatalf("move after the end: %v", r)
	}
}

func TestRaceForTheSamePly(t *testing.T) {
	_, ts := startServer(t, newMemStore())
	g := createGame(t, ts, form("pogo", "me", "invite"))
	// Two windows of the same player send different moves for ply 0.
	c1, c2 := dial(t, ts, g.id), dial(t, ts, g.id)
	c1.hello(0, g.mine[0])
	c2.hello(0, g.mine[0])
	var wg sync.WaitGroup
	for _, p := range []struct {
		c    *wsClient
		move string
	}{{c1, "2b1-b3"}, {c2, "1a1-a2"}} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p.c.send(map[string]any{"type": "move", "ply": 0, "move": p.move})
		}()
	}
	wg.Wait()
	acks, rejects := 0, 0
	for _, c := range []*wsClient{c1, c2} {
		for done := false; !done; {
			m, err := c.read(10 * time.Second)
			if err != nil {
				t.Fatal(err)
			}
			switch m.str("type") {
			case "ack":
				acks++
				done = true
			case "reject":
				if m.str("code") != "stale" {
					t.Errorf("reject code %q, want stale", m.str("code"))
				}
				rejects++
				done = true
			}
		}
	}
	if acks != 1 || rejects != 1 {
		t.Fatalf("%d acks and %d rejections, want one of each", acks, rejects)
	}
}

// Two servers on one store are two processes: the store's ErrConflict
// decides, and the loser gets the winner's move.
func TestRaceAcrossServersStoreDecides(t *testing.T) {
	st := newMemStore()
	_, ts1 := startServer(t, st)
	_, ts2 := startServer(t, st)
	g := createGame(t, ts1, form("pogo", "me", "invite"))
	c1, c2 := dial(t, ts1, g.id), dial(t, ts2, g.id)
	c1.hello(0, g.mine[0])
	c2.hello(0, g.mine[0])
	c1.move(0, "2b1-b3")
	c1.expect("ack", nil)
	c2.move(0, "1a1-a2") // server 2 has not heard of server 1's move
	r := c2.expect("reject", nil)
	if r.str("code") != "conflict" {
		t.Fatalf("reject %v, want conflict", r)
	}
	s := c2.expect("state", nil)
	if s.num("ply") != 1 || s["moves"].([]any)[0] != "2b1-b3" {
		t.Fatalf("state after conflict: ply %d moves %v", s.num("ply"), s["moves"])
	}
	stored, _ := st.LoadGame(context.Background(), g.id)
	if len(stored.Moves) != 1 || stored.Moves[0].Notation != "2b1-b3" {
		t.Fatalf("stored moves %v", stored.Moves)
	}
}

func TestReconnectResumesFromLastPly(t *testing.T) {
	_, ts := startServer(t, newMemStore())
	g := createGame(t, ts, form("pogo", "me", "invite"))
	a, b := dial(t, ts, g.id), dial(t, ts, g.id)
	a.hello(0, g.mine[0])
	b.hello(0, g.invited[1])
	a.move(0, "2b1-a2")
	a.expect("ack", nil)
	b.move(1, "2b3-a2")
	b.expect("ack", nil)
	a.expect("state", plyIs(2))
	a.conn.Close(websocket.StatusNormalClosure, "")
	// While a is away, nothing stops b... but it is a's turn: a comes back
	// knowing 2 plies and gets nothing new, then b's reply after a moves.
	a2 := dial(t, ts, g.id)
	a2.send(map[string]any{"type": "hello", "tokens": []string{g.mine[0]}, "ply": 1})
	ms := a2.expect("moves", nil)
	if ms.num("from") != 1 || len(ms["moves"].([]any)) != 1 || ms["moves"].([]any)[0] != "2b3-a2" {
		t.Fatalf("resume: %v", ms)
	}
	a2.expect("state", plyIs(2))
	a2.move(2, "2c1-a1")
	a2.expect("ack", nil)
	b.expect("move", plyIs(2))
}

func TestForgedTokenCannotMove(t *testing.T) {
	_, ts := startServer(t, newMemStore())
	g := createGame(t, ts, form("pogo", "me", "invite"))
	c := dial(t, ts, g.id)
	forged := strings.Repeat("0", 32)
	c.send(map[string]any{"type": "hello", "tokens": []string{forged}, "ply": 0})
	if e := c.expect("error", nil); e.str("code") != "token" {
		t.Fatalf("forged token: %v", e)
	}
	c.expect("state", nil)
	c.move(0, "2b1-b3")
	if r := c.expect("reject", nil); r.str("code") != "spectator" {
		t.Fatalf("forged move: %v", r)
	}
	// The invited seat's token does not move the creator's seat either.
	d := dial(t, ts, g.id)
	d.hello(0, g.invited[1])
	d.move(0, "2b1-b3")
	if r := d.expect("reject", nil); r.str("code") != "not_your_turn" {
		t.Fatalf("wrong seat: %v", r)
	}
}

func TestSpectatorCannotMove(t *testing.T) {
	_, ts := startServer(t, newMemStore())
	g := createGame(t, ts, form("pogo", "me", "invite"))
	c := dial(t, ts, g.id)
	c.hello(0)
	for _, m := range []map[string]any{
		{"type": "move", "ply": 0, "move": "2b1-b3"},
		{"type": "resign"},
		{"type": "draw"},
	} {
		c.send(m)
		e := c.expect("", nil)
		if e.str("code") != "spectator" {
			t.Fatalf("%v: got %v", m, e)
		}
	}
}

func TestMalformedAndOversizedMessages(t *testing.T) {
	st := newMemStore()
	_, ts := startServer(t, st)
	g := createGame(t, ts, form("pogo", "me", "invite"))
	c := dial(t, ts, g.id)
	c.hello(0, g.mine[0])
	for _, raw := range []string{
		`not json`, `{"type":`, `[1,2]`, `{"type":"move"}`, `{"type":"move","ply":"zero","move":1}`,
		`{"type":"fly"}`, `{"type":"move","ply":0,"move":"` + strings.Repeat("x", 3000) + `"}`,
	} {
		c.sendRaw([]byte(raw))
		m, err := c.read(5 * time.Second)
		if err != nil {
			t.Fatalf("%.30q: %v", raw, err)
		}
		if typ := m.str("type"); typ != "error" && typ != "reject" {
			t.Fatalf("%.30q: got %v", raw, m)
		}
		if m.str("type") == "reject" {
			c.expect("state", nil)
		}
	}
	c.sendRaw(bytes.Repeat([]byte(" "), live.MaxMessage+10))
	if m := c.expect("error", nil); m.str("code") != "too_big" {
		t.Fatalf("too big: %v", m)
	}
	// Still in play after all that.
	c.move(0, "2b1-b3")
	c.expect("ack", nil)
	// Beyond the read limit the server hangs up with 1009.
	c.sendRaw(bytes.Repeat([]byte("x"), live.MaxFrame+1))
	for {
		_, err := c.read(5 * time.Second)
		if err != nil {
			if s := websocket.CloseStatus(err); s != websocket.StatusMessageTooBig {
				t.Fatalf("after an oversized frame: %v (status %d)", err, s)
			}
			break
		}
	}
	stored, _ := st.LoadGame(context.Background(), g.id)
	if len(stored.Moves) != 1 {
		t.Fatalf("stored %d moves, want 1", len(stored.Moves))
	}
	// The game goes on for the others.
	d := dial(t, ts, g.id)
	if s := d.hello(0, g.invited[1]); s.num("ply") != 1 {
		t.Fatalf("ply %d", s.num("ply"))
	}
}

func TestComputerSeatAnswers(t *testing.T) {
	_, ts := startServer(t, newMemStore())
	g := createGame(t, ts, form("pogo", "me", "computer"))
	c := dial(t, ts, g.id)
	c.hello(0, g.mine[0])
	c.move(0, "2b1-b3")
	c.expect("ack", nil)
	if m := c.expect("move", nil); m.num("seat") != 1 || m.num("ply") != 1 {
		t.Fatalf("computer move: %v", m)
	}
	c.expect("state", plyIs(2))
}

// A computer seat that moves first plays as soon as the game is loaded,
// and two computers play a whole game by themselves.
func TestComputersPlayAlone(t *testing.T) {
	st := newMemStore()
	_, ts := startServer(t, st)
	g := createGame(t, ts, form("pogo", "computer", "computer"))
	c := dial(t, ts, g.id)
	c.hello(0)
	// Random players may need the whole 400 plies: watch the store rather
	// than read every message of the game.
	deadline := time.Now().Add(2 * time.Minute)
	for {
		stored, err := st.LoadGame(context.Background(), g.id)
		if err != nil {
			t.Fatal(err)
		}
		if stored.Result != "*" {
			if _, err := games.Replay(stored); err != nil {
				t.Fatal(err)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("not finished after %d moves", len(stored.Moves))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestDrawOfferAndUndo(t *testing.T) {
	_, ts := startServer(t, newMemStore())
	g := createGame(t, ts, form("pogo", "me", "invite"))
	a, b := dial(t, ts, g.id), dial(t, ts, g.id)
	a.hello(0, g.mine[0])
	b.hello(0, g.invited[1])
	a.move(0, "2b1-b3")
	a.expect("ack", nil)
	// Undo: a asks, b declines, a asks again, b accepts.
	a.send(map[string]any{"type": "undo"})
	b.expect("state", func(m msg) bool { return m["offer"] != nil })
	b.send(map[string]any{"type": "answer", "accept": false})
	if m := a.expect("info", nil); m.str("code") != "declined" {
		t.Fatalf("info %v", m)
	}
	a.send(map[string]any{"type": "undo"})
	b.expect("state", func(m msg) bool { return m["offer"] != nil })
	b.send(map[string]any{"type": "answer", "accept": true})
	if s := a.expect("state", plyIs(0)); s.num("toMove") != 0 {
		t.Fatalf("after undo: %v", s)
	}
	// Draw: b offers, a accepts.
	b.send(map[string]any{"type": "draw"})
	a.expect("state", func(m msg) bool { return m["offer"] != nil })
	a.send(map[string]any{"type": "answer", "accept": true})
	if s := b.expect("state", func(m msg) bool { return m.str("result") != "*" }); s.str("result") != "draw" {
		t.Fatalf("result %q", s.str("result"))
	}
}

func TestResignAndClock(t *testing.T) {
	_, ts := startServer(t, newMemStore())
	g := createGame(t, ts, form("pogo", "me", "invite"))
	a := dial(t, ts, g.id)
	a.hello(0, g.mine[0])
	a.send(map[string]any{"type": "resign"})
	if s := a.expect("state", func(m msg) bool { return m.str("result") != "*" }); s.str("result") != "win 2" {
		t.Fatalf("resign: %v", s.str("result"))
	}
	// A clock of 0.002 minutes (120 ms) runs out (against the computer:
	// between people, a first move not made aborts the game instead).
	f := form("pogo", "me", "computer")
	f.Set("clock", "0.002")
	g2 := createGame(t, ts, f)
	c := dial(t, ts, g2.id)
	c.hello(0, g2.mine[0])
	s := c.expect("state", func(m msg) bool { return m.str("result") != "*" })
	if s.str("result") != "win 2" || !strings.Contains(s.str("reason"), "time") {
		t.Fatalf("flag: %v %v", s.str("result"), s.str("reason"))
	}
}

// A game that is not casual refuses undo requests but takes draw offers
// (as lichess does); a declined offer cannot be repeated before the next
// move, so that it cannot be used to pester the opponent.
func TestNotCasualRefusesUndoButTakesDraws(t *testing.T) {
	_, ts := startServer(t, newMemStore())
	f := form("pogo", "me", "invite")
	f.Del("casual")
	g := createGame(t, ts, f)
	a, b := dial(t, ts, g.id), dial(t, ts, g.id)
	a.hello(0, g.mine[0])
	b.hello(0, g.invited[1])
	a.send(map[string]any{"type": "undo"})
	if e := a.expect("error", nil); e.str("code") != "not_casual" {
		t.Fatalf("%v", e)
	}
	a.send(map[string]any{"type": "draw"})
	b.expect("state", func(m msg) bool { return m["offer"] != nil })
	b.send(map[string]any{"type": "answer", "accept": false})
	if m := a.expect("info", nil); m.str("code") != "declined" {
		t.Fatalf("info %v", m)
	}
	a.send(map[string]any{"type": "draw"})
	if e := a.expect("error", nil); e.str("code") != "draw_again" {
		t.Fatalf("a second offer in the same position: %v, want draw_again", e)
	}
	// After a move the offer may be made again, and accepted.
	a.move(0, "2b1-b3")
	a.expect("ack", nil)
	a.send(map[string]any{"type": "draw"})
	b.expect("state", func(m msg) bool { return m["offer"] != nil })
	b.send(map[string]any{"type": "answer", "accept": true})
	if s := a.expect("state", func(m msg) bool { return m.str("result") != "*" }); s.str("result") != "draw" {
		t.Fatalf("result %q", s.str("result"))
	}
}

func TestCloseSendsGoingAway(t *testing.T) {
	s, ts := startServer(t, newMemStore())
	g := createGame(t, ts, form("pogo", "me", "invite"))
	c := dial(t, ts, g.id)
	c.hello(0)
	go s.Close()
	for {
		_, err := c.read(5 * time.Second)
		if err != nil {
			if websocket.CloseStatus(err) != websocket.StatusGoingAway && !errors.Is(err, context.DeadlineExceeded) {
				t.Logf("close: %v", err)
			}
			if websocket.CloseStatus(err) != websocket.StatusGoingAway {
				t.Fatalf("want going away, got %v", err)
			}
			return
		}
	}
}
