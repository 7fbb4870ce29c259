package server

import (
	"encoding/json"
	"math/rand/v2"
	"net/http/httptest"
	"reflect"
	"sync/atomic"
	"testing"
	"time"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/server/internal/live"
)

var debugDeltas = false

// engineView is what a page that runs the rules engine knows of a game:
// the first full state, then each delta merged into it (the page's
// engine draws the board and lists the legal moves from the moves).
type engineView struct {
	t      *testing.T
	state  msg
	deltas int
}

func (v *engineView) take(m msg) {
	switch m.str("type") {
	case "state":
		v.state = m
	case "delta":
		if debugDeltas && v.deltas == 5 {
			b, _ := json.Marshal(m)
			v.t.Logf("delta: %s", b)
		}
		if v.state == nil || m.num("from") != v.state.num("ply") {
			v.t.Fatalf("delta from ply %d to a page at ply %d: %v", m.num("from"), v.state.num("ply"), m)
		}
		next := msg{}
		for k, x := range v.state {
			next[k] = x
		}
		if add, ok := m["add"].([]any); ok {
			next["moves"] = append(append([]any{}, next["moves"].([]any)...), add...)
		}
		if set, ok := m["set"].(map[string]any); ok {
			for k, x := range set {
				next[k] = x
			}
		}
		if del, ok := m["del"].([]any); ok {
			for _, k := range del {
				delete(next, k.(string))
			}
		}
		if _, ok := m["svg"]; ok {
			v.t.Fatalf("a delta carries the board: %v", m)
		}
		v.state = next
		v.deltas++
	}
}

// enginePlies plays 100 random plies of id (new games when one ends) from
// one socket holding every seat and announcing the engine, watched by one
// spectator announcing it too, and returns the bytes per ply that reached
// each. At each game's end, what the deltas built equals the state a page
// without the engine gets, but for the board and the legal moves.
func enginePlies(t *testing.T, ts *httptest.Server, id string, compress bool) (player, spectator float64, deltas int) {
	var pn, sn atomic.Int64
	rng := rand.New(rand.NewPCG(7, 11))
	plies := 0
	for plies < 100 {
		v, err := game.NewVariant(id, nil)
		if err != nil {
			t.Fatal(err)
		}
		seats := make([]string, v.Players)
		for i := range seats {
			seats[i] = "me"
		}
		f := form(id, seats...)
		f.Set("lang", "fr")
		g := createGame(t, ts, f)
		p := dialCounting(t, ts.URL, g.id, compress, &pn)
		spec := dialCounting(t, ts.URL, g.id, compress, &sn)
		var toks []string
		for _, tok := range g.mine {
			toks = append(toks, tok)
		}
		p.send(map[string]any{"type": "hello", "tokens": toks, "ply": 0, "lang": "fr", "engine": true})
		spec.send(map[string]any{"type": "hello", "tokens": []string{}, "ply": 0, "lang": "fr", "engine": true})
		pv, sv := &engineView{t: t}, &engineView{t: t}
		pv.take(p.expect("state", nil))
		sv.take(spec.expect("state", nil))
		// The game as the server dealt it (PODS' seed, a start position).
		opts, err := game.ParseOptions(pv.state.str("options"))
		if err != nil {
			t.Fatal(err)
		}
		if v, err = game.NewVariant(id, opts); err != nil {
			t.Fatal(err)
		}
		start, err := v.Position(pv.state.str("position"))
		if err != nil {
			t.Fatal(err)
		}
		m := game.NewMatch(start)
		for plies < 100 && pv.state.str("result") == "*" {
			moves := m.LegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			mv := moves[rng.IntN(len(moves))]
			notation := m.State().MoveString(mv)
			if err := m.Play(mv); err != nil {
				t.Fatal(err)
			}
			ply := pv.state.num("ply")
			p.send(map[string]any{"type": "move", "ply": ply, "move": notation})
			for pv.state.num("ply") <= ply {
				x, err := p.read(20 * time.Second)
				if err != nil {
					t.Fatalf("%s: waiting for the move %s at ply %d: %v", id, notation, ply, err)
				}
				if x.str("type") == "reject" || x.str("type") == "error" {
					t.Fatalf("%s: move %s at ply %d refused: %v", id, notation, ply, x)
				}
				pv.take(x)
			}
			plies++
		}
		last := pv.state.num("ply")
		for sv.state.num("ply") < last || sv.state.str("result") != pv.state.str("result") {
			x, err := spec.read(20 * time.Second)
			if err != nil {
				t.Fatalf("%s: the spectator waiting for ply %d: %v", id, last, err)
			}
			sv.take(x)
		}
		// A page without the engine, holding the same seats, gets the
		// whole state: the deltas built the same (but what is drawn and
		// listed by the engine, and the time left to a first move).
		var full, fullSpec msg
		{
			var n atomic.Int64
			c := dialCounting(t, ts.URL, g.id, false, &n)
			c.send(map[string]any{"type": "hello", "tokens": toks, "ply": last, "lang": "fr"})
			full = c.expect("state", func(m msg) bool { return m.num("ply") == last })
			c.conn.CloseNow()
			s := dialCounting(t, ts.URL, g.id, false, &n)
			s.send(map[string]any{"type": "hello", "tokens": []string{}, "ply": last, "lang": "fr"})
			fullSpec = s.expect("state", func(m msg) bool { return m.num("ply") == last })
			s.conn.CloseNow()
		}
		for _, c := range []struct {
			who       string
			got, want msg
		}{{"player", pv.state, full}, {"spectator", sv.state, fullSpec}} {
			if a, b := comparable(c.got), comparable(c.want); !reflect.DeepEqual(a, b) {
				ja, _ := json.Marshal(a)
				jb, _ := json.Marshal(b)
				t.Fatalf("%s: the %s's state built from deltas differs from the whole state:\n%s\n%s", id, c.who, ja, jb)
			}
		}
		deltas += pv.deltas + sv.deltas
		p.conn.CloseNow()
		spec.conn.CloseNow()
	}
	return float64(pn.Load()) / float64(plies), float64(sn.Load()) / float64(plies), deltas
}

// comparable is a state without what the page's engine computes (svg,
// legal) and what depends on when it is read (abortIn, the players'
// presence as other test connections come and go).
func comparable(m msg) msg {
	out := msg{}
	for k, v := range m {
		switch k {
		case "svg", "legal", "abortIn", "seats":
		default:
			out[k] = v
		}
	}
	return out
}

// TestBytesPerMoveWithEngine measures what a move costs on the wire in
// every game for pages that run the rules engine (moves and changed fields,
// no boards): at most 300 bytes a move on average over every game, for a
// player and a spectator, with permessage-deflate as browsers ask (and
// without, for the record). go test ./server -run TestBytesPerMoveWithEngine
// -v prints the table (docs/server.md).
func TestBytesPerMoveWithEngine(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 100 plies of every game")
	}
	_, ts := startServerWith(t, Config{SpectatorInterval: time.Microsecond, MessagesPerSecond: 1e6, MessageBurst: 1e6})
	t.Logf("| game | player, plain | player, deflate | spectator, plain | spectator, deflate |")
	var sumP, sumS, maxAll float64
	maxGame := ""
	for _, id := range game.IDs() {
		plainP, plainS, _ := enginePlies(t, ts, id, false)
		zipP, zipS, deltas := enginePlies(t, ts, id, true)
		if deltas == 0 {
			t.Fatalf("%s: no delta was sent", id)
		}
		t.Logf("| %s | %.0f B | %.0f B | %.0f B | %.0f B |", id, plainP, zipP, plainS, zipS)
		sumP += zipP
		sumS += zipS
		for _, x := range []float64{zipP, zipS} {
			if x > maxAll {
				maxAll, maxGame = x, id
			}
		}
	}
	n := float64(len(game.IDs()))
	t.Logf("average over every game with deflate: %.0f B a move for a player, %.0f B for a spectator; most: %.0f B (%s)", sumP/n, sumS/n, maxAll, maxGame)
	if sumP/n > 300 || sumS/n > 300 {
		t.Errorf("%.0f B a move for a player, %.0f B for a spectator, on average: more than 300", sumP/n, sumS/n)
	}
}

// A hint found by the page's engine is checked and recorded as a searched
// one: a move that is not legal, or for another position, is refused; a
// legal one is stored, counted and sent back, and no search runs.
func TestLocalHintRecorded(t *testing.T) {
	var searched atomic.Int64
	_, ts := startServerWith(t, Config{NewAgent: func(spec string, v *game.Variant, seed uint64) (Agent, error) {
		if spec == live.HintStrength {
			searched.Add(1)
		}
		return ai.New("random", v, seed)
	}})
	g := createGame(t, ts, form("pogo", "me", "computer"))
	c := dial(t, ts, g.id)
	c.hello(0, g.mine[0])
	c.send(map[string]any{"type": "hint", "ply": 0, "move": "3a1-a3"})
	if e := c.expect("", nil); e.str("code") != "illegal" {
		t.Errorf("an illegal hint: %v", e)
	}
	c.send(map[string]any{"type": "hint", "ply": 4, "move": "1a1-b1"})
	if e := c.expect("", nil); e.str("code") != "stale" {
		t.Errorf("a hint for another position: %v", e)
	}
	c.send(map[string]any{"type": "hint", "ply": 0, "move": "1a1-b1"})
	h := c.expect("hint", nil)
	if h.str("move") != "1a1-b1" || h.num("used") != 1 || h.num("ply") != 0 {
		t.Errorf("the hint sent back: %v", h)
	}
	st := c.expect("state", func(m msg) bool { return m["hints"] != nil })
	if hints, _ := st["hints"].([]any); len(hints) == 0 || len(hints[0].([]any)) != 1 {
		t.Errorf("the state's hints: %v", st["hints"])
	}
	spec := dial(t, ts, g.id)
	spec.hello(0)
	spec.send(map[string]any{"type": "hint", "ply": 0, "move": "1a1-b1"})
	if e := spec.expect("", nil); e.str("code") != "spectator" {
		t.Errorf("a spectator's hint: %v", e)
	}
	if n := searched.Load(); n != 0 {
		t.Errorf("%d hints searched on the server", n)
	}
}
