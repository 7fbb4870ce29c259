package server

import (
	"context"
	"io"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/record"
	"github.com/plateau-games/plateau/render"
	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/live"
	"github.com/plateau-games/plateau/store"
)

// hintAgents plays computer seats at random, and counts the hint searches
// (the spec "hard": the seats of these tests play "easy"); hard, when set,
// is the agent of a hint.
type hintAgents struct {
	mu    sync.Mutex
	specs []string
	hard  func(v *game.Variant, seed uint64) (Agent, error)
}

func (h *hintAgents) build(spec string, v *game.Variant, seed uint64) (Agent, error) {
	h.mu.Lock()
	h.specs = append(h.specs, spec)
	hard := h.hard
	h.mu.Unlock()
	if spec == live.HintStrength && hard != nil {
		return hard(v, seed)
	}
	return ai.New("random", v, seed)
}

// hintSearches is how many hint searches were built.
func (h *hintAgents) hintSearches() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := 0
	for _, s := range h.specs {
		if s == live.HintStrength {
			n++
		}
	}
	return n
}

func storedHints(t *testing.T, st store.Store, id string) []store.Hint {
	t.Helper()
	g, err := st.LoadGame(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return g.Hints
}

func hintsOf(m msg) [][]int {
	raw, _ := m["hints"].([]any)
	if raw == nil {
		return nil
	}
	out := [][]int{}
	for _, seat := range raw {
		list := []int{}
		for _, n := range seat.([]any) {
			list = append(list, int(n.(float64)))
		}
		out = append(out, list)
	}
	return out
}

func strs(v any) []string {
	var out []string
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return out
}

// checkHint checks that a hint message is a legal move of the position
// after ply moves of the stored game, with that move's places.
func checkHint(t *testing.T, st store.Store, id string, h msg, ply int) {
	t.Helper()
	g, err := st.LoadGame(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	m, err := games.Replay(g)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Notations()) != ply || h.num("ply") != ply {
		t.Fatalf("hint for ply %d, the game has %d moves, want %d: %v", h.num("ply"), len(m.Notations()), ply, h)
	}
	s := m.State()
	mv, err := m.PlayNotation(h.str("move"))
	if err != nil {
		t.Fatalf("the hint %q is not a legal move: %v", h.str("move"), err)
	}
	if want := render.Places(s, mv); !slices.Equal(strs(h["places"]), want) {
		t.Errorf("hint places %v, want %v", h["places"], want)
	}
}

// A hint in a casual game against the computer: a legal move of the
// position, for the asking connection, searched at the hard level, stored
// with the game (seat and ply), counted in the state for everyone and
// written in the record; asked again in the same position it is the same
// hint, counted once; an undo keeps it.
func TestHintInCasualGameAgainstComputer(t *testing.T) {
	agents := &hintAgents{}
	st := newMemStore()
	_, ts := runServer(t, Config{Store: st, NewAgent: agents.build})
	g := createGame(t, ts, form("pogo", "me", "computer"))
	a := dial(t, ts, g.id)
	if s := a.hello(0, g.mine[0]); s["hintable"] != true || s["hints"] != nil {
		t.Fatalf("the first state: hintable %v, hints %v", s["hintable"], s["hints"])
	}
	watcher := dial(t, ts, g.id)
	watcher.hello(0)

	a.send(map[string]any{"type": "hint"})
	h := a.expect("hint", nil)
	checkHint(t, st, g.id, h, 0)
	if h.num("seat") != 0 || h.num("used") != 1 || !strings.HasPrefix(h.str("text"), "Hint: ") || !strings.Contains(h.str("text"), h.str("move")) {
		t.Errorf("hint %v", h)
	}
	if s := a.expect("state", func(m msg) bool { return m["hints"] != nil }); !reflect.DeepEqual(hintsOf(s), [][]int{{1}, {}}) {
		t.Errorf("hints in the state: %v", s["hints"])
	}
	// The spectator sees the count, never the move.
	if s := watcher.expect("state", func(m msg) bool { return m["hints"] != nil }); !reflect.DeepEqual(hintsOf(s), [][]int{{1}, {}}) {
		t.Errorf("hints in the spectator's state: %v", s["hints"])
	}
	if hs := storedHints(t, st, g.id); len(hs) != 1 || hs[0].Seat != 0 || hs[0].Ply != 0 || hs[0].At.IsZero() {
		t.Fatalf("stored hints %+v", hs)
	}
	if n := agents.hintSearches(); n != 1 {
		t.Fatalf("%d hint searches, want 1", n)
	}
	// The same position: the same hint, no search, not counted again.
	a.send(map[string]any{"type": "hint"})
	if again := a.expect("hint", nil); again.str("move") != h.str("move") || again.num("used") != 1 {
		t.Errorf("asked again: %v, first %v", again, h)
	}
	if n, hs := agents.hintSearches(), storedHints(t, st, g.id); n != 1 || len(hs) != 1 {
		t.Errorf("asked again: %d searches, %d stored hints; want 1 and 1", n, len(hs))
	}

	// Play the hint; the computer answers; a second hint at ply 2.
	a.move(0, h.str("move"))
	a.expect("ack", nil)
	a.expect("state", plyIs(2))
	a.send(map[string]any{"type": "hint"})
	h2 := a.expect("hint", nil)
	checkHint(t, st, g.id, h2, 2)
	if h2.num("used") != 2 {
		t.Errorf("second hint: %v", h2)
	}
	a.expect("state", func(m msg) bool { return reflect.DeepEqual(hintsOf(m), [][]int{{1, 3}, {}}) })

	// A French connection of the same seat gets it in French (the same
	// hint: the position has not changed).
	fr := dial(t, ts, g.id)
	fr.send(map[string]any{"type": "hello", "tokens": []string{g.mine[0]}, "ply": 0, "lang": "fr"})
	fr.expect("state", nil)
	fr.send(map[string]any{"type": "hint"})
	if hf := fr.expect("hint", nil); !strings.HasPrefix(hf.str("text"), "Indice : ") || hf.str("move") != h2.str("move") || hf.num("used") != 2 {
		t.Errorf("French hint %v", hf)
	}

	// The record says who had hints, for which moves.
	resp, err := http.Get(ts.URL + "/games/" + g.id + "/record")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(body), `[Hints "1:1,3"]`) {
		t.Fatalf("record without the hints:\n%s", body)
	}
	rec, err := record.Parse(strings.NewReader(string(body)))
	if err != nil || !reflect.DeepEqual(rec.Hints, [][]int{{0, 2}}) {
		t.Fatalf("record read back: %v, %v", rec, err)
	}

	// The record viewer says them too, in words.
	resp, err = http.PostForm(ts.URL+"/archive/view?lang=fr", map[string][]string{"record": {string(body)}})
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(page), "2 indices (coups 1, 3)") {
		t.Errorf("the record viewer does not show the hints")
	}

	// An undo takes the moves back, not the hints.
	a.send(map[string]any{"type": "undo"})
	a.expect("state", plyIs(0))
	if hs := storedHints(t, st, g.id); len(hs) != 2 {
		t.Errorf("after the undo: %d stored hints, want 2", len(hs))
	}
	a.send(map[string]any{"type": "hint"})
	if h3 := a.expect("hint", nil); h3.num("ply") != 0 || h3.num("used") != 3 {
		t.Errorf("a hint after the undo: %v", h3)
	}
	if n := agents.hintSearches(); n != 3 {
		t.Errorf("%d hint searches, want 3", n)
	}
}

// Every refusal: spectators, rated games, games that are not casual,
// games without a computer, the computer's turn, the end, a server that
// gives none. Each is refused with its code, nothing is stored and no
// search starts.
func TestHintRefusals(t *testing.T) {
	agents := &hintAgents{}
	// The computer of these games thinks until it is stopped: its turn
	// lasts.
	slowEasy := func(spec string, v *game.Variant, seed uint64) (Agent, error) {
		if spec == "easy" {
			agents.mu.Lock()
			agents.specs = append(agents.specs, spec)
			agents.mu.Unlock()
			return slowAgent{}, nil
		}
		return agents.build(spec, v, seed)
	}
	st := newMemStore()
	s, ts := runServer(t, Config{Store: st, NewAgent: slowEasy})
	refused := func(t *testing.T, c *wsClient, id, code string) {
		t.Helper()
		c.send(map[string]any{"type": "hint"})
		e := c.expect("error", nil)
		if e.str("code") != code || e.str("message") == "" {
			t.Errorf("refusal %v, want code %s", e, code)
		}
		if hs := storedHints(t, st, id); len(hs) != 0 {
			t.Errorf("hints stored after a refusal: %+v", hs)
		}
		if n := agents.hintSearches(); n != 0 {
			t.Errorf("%d hint searches after a refusal", n)
		}
	}

	t.Run("spectator", func(t *testing.T) {
		g := createGame(t, ts, form("pogo", "me", "computer"))
		spy := dial(t, ts, g.id)
		if s := spy.hello(0); s["hintable"] != true {
			t.Errorf("the game gives hints, the state says %v", s["hintable"])
		}
		refused(t, spy, g.id, "spectator")
		// A forged token is a spectator too.
		forged := dial(t, ts, g.id)
		forged.hello(0, strings.Repeat("0", 32))
		refused(t, forged, g.id, "spectator")
	})
	t.Run("rated", func(t *testing.T) {
		c, err := s.games.Create(t.Context(), games.GameSpec{Game: "pogo", Casual: true, Rated: true,
			Seats: []games.SeatSpec{{Kind: "me"}, {Kind: "computer", Agent: "random"}}})
		if err != nil {
			t.Fatal(err)
		}
		a := dial(t, ts, c.ID)
		if st := a.hello(0, c.Mine[0]); st["hintable"] != nil {
			t.Errorf("a rated game says hintable")
		}
		refused(t, a, c.ID, "hint_rated")
	})
	t.Run("not casual", func(t *testing.T) {
		f := form("pogo", "me", "computer")
		f.Del("casual")
		g := createGame(t, ts, f)
		a := dial(t, ts, g.id)
		a.hello(0, g.mine[0])
		refused(t, a, g.id, "hint_not_casual")
	})
	t.Run("no computer", func(t *testing.T) {
		g := createGame(t, ts, form("pogo", "me", "invite"))
		a := dial(t, ts, g.id)
		if st := a.hello(0, g.mine[0]); st["hintable"] != nil {
			t.Errorf("a game between people says hintable")
		}
		refused(t, a, g.id, "hint_no_computer")
	})
	t.Run("the computer's turn", func(t *testing.T) {
		g := createGame(t, ts, form("pogo", "computer", "me"))
		a := dial(t, ts, g.id)
		a.hello(0, g.mine[1])
		refused(t, a, g.id, "not_your_turn")
	})
	t.Run("after the end", func(t *testing.T) {
		g := createGame(t, ts, form("pogo", "me", "computer"))
		a := dial(t, ts, g.id)
		a.hello(0, g.mine[0])
		a.send(map[string]any{"type": "resign"})
		if st := a.expect("state", func(m msg) bool { return m.str("result") != "*" }); st["hintable"] != nil {
			t.Errorf("a finished game says hintable")
		}
		refused(t, a, g.id, "over")
	})
	t.Run("French", func(t *testing.T) {
		g := createGame(t, ts, form("pogo", "me", "invite"))
		a := dial(t, ts, g.id)
		a.send(map[string]any{"type": "hello", "tokens": []string{g.mine[0]}, "ply": 0, "lang": "fr"})
		a.expect("state", nil)
		a.send(map[string]any{"type": "hint"})
		if e := a.expect("error", nil); e.str("message") != "Les indices sont réservés aux parties contre l'ordinateur." {
			t.Errorf("French refusal %v", e)
		}
	})
	t.Run("no hints on this server", func(t *testing.T) {
		st2 := newMemStore()
		_, ts2 := runServer(t, Config{Store: st2, NewAgent: agents.build, HintBudget: -1})
		g := createGame(t, ts2, form("pogo", "me", "computer"))
		a := dial(t, ts2, g.id)
		if s := a.hello(0, g.mine[0]); s["hintable"] != nil {
			t.Errorf("hintable on a server without hints")
		}
		a.send(map[string]any{"type": "hint"})
		if e := a.expect("error", nil); e.str("code") != "hint_off" {
			t.Errorf("%v", e)
		}
		if n := agents.hintSearches(); n != 0 {
			t.Errorf("%d hint searches", n)
		}
	})
}

// blockingHint is a hint search that waits for release (or its end).
type blockingHint struct {
	release chan struct{}
	started chan struct{}
}

func (b blockingHint) Choose(ctx context.Context, m *game.Match) (game.Move, error) {
	select {
	case b.started <- struct{}{}:
	default:
	}
	select {
	case <-b.release:
	case <-ctx.Done():
	}
	return m.LegalMoves(nil)[0], nil
}

// One hint search at a time per game: asking again while it runs, from
// the same connection or another of the seat, is refused (hint_pending);
// a move stops it, and its hint is neither stored nor shown.
func TestHintOneAtATime(t *testing.T) {
	b := blockingHint{release: make(chan struct{}), started: make(chan struct{}, 1)}
	agents := &hintAgents{hard: func(*game.Variant, uint64) (Agent, error) { return b, nil }}
	st := newMemStore()
	_, ts := runServer(t, Config{Store: st, NewAgent: agents.build, HintBudget: 20 * time.Second})
	g := createGame(t, ts, form("pogo", "me", "computer"))
	a, a2 := dial(t, ts, g.id), dial(t, ts, g.id)
	a.hello(0, g.mine[0])
	a2.hello(0, g.mine[0])
	a.send(map[string]any{"type": "hint"})
	<-b.started
	for _, c := range []*wsClient{a, a, a2} {
		c.send(map[string]any{"type": "hint"})
		if e := c.expect("error", nil); e.str("code") != "hint_pending" {
			t.Fatalf("asked while searching: %v", e)
		}
	}
	close(b.release)
	if h := a.expect("hint", nil); h.num("used") != 1 {
		t.Errorf("%v", h)
	}
	if hs := storedHints(t, st, g.id); len(hs) != 1 {
		t.Errorf("%d stored hints, want 1", len(hs))
	}

	// A move while a hint is searched: the hint is dropped.
	b2 := blockingHint{release: make(chan struct{}), started: make(chan struct{}, 1)}
	agents.mu.Lock()
	agents.hard = func(*game.Variant, uint64) (Agent, error) { return b2, nil }
	agents.mu.Unlock()
	a.move(0, "2b1-b3")
	a.expect("ack", nil)
	a.expect("state", plyIs(2))
	a.send(map[string]any{"type": "hint"})
	<-b2.started
	g2, _ := st.LoadGame(context.Background(), g.id)
	m, _ := games.Replay(g2)
	a.move(2, m.State().MoveString(m.LegalMoves(nil)[0]))
	a.expect("ack", nil)
	a.expect("state", plyIs(4))
	time.Sleep(100 * time.Millisecond)
	if hs := storedHints(t, st, g.id); len(hs) != 1 {
		t.Errorf("a hint for a position left was stored: %+v", hs)
	}
	// Nothing but states and moves came: no hint for the old position.
	for {
		m, err := a.read(200 * time.Millisecond)
		if err != nil {
			break
		}
		if m.str("type") == "hint" || m.str("type") == "error" {
			t.Errorf("after the move: %v", m)
		}
	}
}

// Each connection has a bucket of hints (HintsPerMinute, 3 in a row at
// most); beyond, hint_limited, counted in plateau_refusals_total.
func TestHintRateLimit(t *testing.T) {
	agents := &hintAgents{}
	st := newMemStore()
	s, ts := runServer(t, Config{Store: st, NewAgent: agents.build, HintsPerMinute: 2})
	g := createGame(t, ts, form("pogo", "me", "computer"))
	a := dial(t, ts, g.id)
	a.hello(0, g.mine[0])
	ply := 0
	for i := 0; i < 2; i++ {
		a.send(map[string]any{"type": "hint"})
		h := a.expect("hint", nil)
		a.move(ply, h.str("move"))
		a.expect("ack", nil)
		ply += 2
		if s := a.expect("state", func(m msg) bool { return m.num("ply") >= ply || m.str("result") != "*" }); s.str("result") != "*" {
			t.Skip("the game ended early")
		}
	}
	a.send(map[string]any{"type": "hint"})
	if e := a.expect("error", nil); e.str("code") != "hint_limited" {
		t.Fatalf("third hint in a minute: %v", e)
	}
	if hs := storedHints(t, st, g.id); len(hs) != 2 {
		t.Errorf("%d stored hints, want 2", len(hs))
	}
	if n := testutil.ToFloat64(s.Refusals.WithLabelValues("hint_limited")); n != 1 {
		t.Errorf("refusals counted: %v", n)
	}
	// Another connection has a bucket of its own.
	b := dial(t, ts, g.id)
	b.hello(0, g.mine[0])
	b.send(map[string]any{"type": "hint"})
	if h := b.expect("hint", nil); h.num("used") != 3 {
		t.Errorf("%v", h)
	}
}

// A flood of hint requests from many games and connections never runs
// more hint searches at once than the pool has slots, nor more than one
// per game; beyond the pool's queue a hint is refused (hint_busy), never
// queued without bound.
func TestAttackHintFloodStaysInThePool(t *testing.T) {
	var running, most atomic.Int64
	agents := &hintAgents{hard: func(*game.Variant, uint64) (Agent, error) {
		return slowCountingAgent{&running, &most}, nil
	}}
	st := newMemStore()
	s, ts := startServerWith(t, Config{Store: st, NewAgent: agents.build, MaxSearches: 1, MaxSearchQueue: 2,
		HintsPerMinute: -1, MessagesPerSecond: 1000, MessageBurst: 1000})
	const games, conns, asks = 8, 3, 20
	var wg sync.WaitGroup
	var hints, busy, pending atomic.Int64
	var ids []string
	var clients []*wsClient
	for i := 0; i < games; i++ {
		g := createGame(t, ts, form("pogo", "me", "computer"))
		ids = append(ids, g.id)
		for j := 0; j < conns; j++ {
			c := dial(t, ts, g.id)
			c.hello(0, g.mine[0])
			clients = append(clients, c)
		}
	}
	// Every connection floods at once.
	start := make(chan struct{})
	for _, c := range clients {
		wg.Go(func() {
			<-start
			for k := 0; k < asks; k++ {
				c.send(map[string]any{"type": "hint"})
			}
			for got := 0; got < asks; {
				m, err := c.read(20 * time.Second)
				if err != nil {
					t.Errorf("read: %v", err)
					return
				}
				switch {
				case m.str("type") == "hint":
					hints.Add(1)
				case m.str("code") == "hint_busy":
					busy.Add(1)
				case m.str("code") == "hint_pending":
					pending.Add(1)
				case m.str("type") == "error":
					t.Errorf("unexpected refusal %v", m)
				default:
					continue // states
				}
				got++
			}
		})
	}
	close(start)
	wg.Wait()
	if m := most.Load(); m > 1 {
		t.Errorf("%d hint searches ran at once with MaxSearches 1", m)
	}
	// One search per game at a time, each stored once: a game has at most
	// one hint, and no more searches than hints given plus refused.
	total := 0
	for _, id := range ids {
		n := len(storedHints(t, st, id))
		if n > 1 {
			t.Errorf("game %s: %d hints stored for one position", id, n)
		}
		total += n
	}
	if total == 0 || busy.Load() == 0 || pending.Load() == 0 {
		t.Errorf("hints %d (stored %d), busy %d, pending %d: the flood did not reach the bounds", hints.Load(), total, busy.Load(), pending.Load())
	}
	if n := agents.hintSearches(); n > games*asks*conns || int64(n) > int64(total)+busy.Load() {
		t.Errorf("%d hint searches for %d stored and %d busy", n, total, busy.Load())
	}
	waitFor(t, "the pool to empty", func() bool {
		return testutil.ToFloat64(s.live.Metrics().SearchesRunning) == 0 && testutil.ToFloat64(s.live.Metrics().SearchQueue) == 0
	})
	t.Logf("%d requests: %d hints, %d busy, %d pending; %d searches", games*conns*asks, hints.Load(), busy.Load(), pending.Load(), agents.hintSearches())
}

// slowCountingAgent is countingAgent with a longer search: a flood finds
// the pool full.
type slowCountingAgent struct {
	running, most *atomic.Int64
}

func (a slowCountingAgent) Choose(ctx context.Context, m *game.Match) (game.Move, error) {
	n := a.running.Add(1)
	defer a.running.Add(-1)
	for {
		most := a.most.Load()
		if n <= most || a.most.CompareAndSwap(most, n) {
			break
		}
	}
	select {
	case <-ctx.Done():
	case <-time.After(200 * time.Millisecond):
	}
	return m.LegalMoves(nil)[0], nil
}
