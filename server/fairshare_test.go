package server

import (
	"context"
	"fmt"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/server/internal/live"
	"github.com/plateau-games/plateau/server/internal/pool"
)

// gatedAgents holds hint searches (the spec "hard") until a token comes on
// hintGo, and, while blockOpp is set, the computer opponents until one
// comes on oppGo; other opponents play at random at once. started says
// which kind of gated search began.
type gatedAgents struct {
	hintGo, oppGo chan struct{}
	started       chan string
	mu            sync.Mutex
	blockOpp      bool
}

func (g *gatedAgents) build(spec string, v *game.Variant, seed uint64) (Agent, error) {
	g.mu.Lock()
	block := g.blockOpp
	g.mu.Unlock()
	switch {
	case spec == live.HintStrength:
		return gatedAgent{g.hintGo, g.started, "hint"}, nil
	case block:
		return gatedAgent{g.oppGo, g.started, "opponent"}, nil
	}
	return ai.New("random", v, seed)
}

func (g *gatedAgents) blockOpponents(b bool) {
	g.mu.Lock()
	g.blockOpp = b
	g.mu.Unlock()
}

type gatedAgent struct {
	gate    chan struct{}
	started chan string
	what    string
}

func (a gatedAgent) Choose(ctx context.Context, m *game.Match) (game.Move, error) {
	select {
	case a.started <- a.what:
	case <-ctx.Done():
	}
	select {
	case <-a.gate:
	case <-ctx.Done():
	}
	return m.LegalMoves(nil)[0], nil
}

// dialFrom opens a game's WebSocket as the client at addr (the server
// trusts the test's loopback proxy).
func dialFrom(t *testing.T, url, id, addr string) *wsClient {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(url, "http")+"/games/"+id+"/ws",
		&websocket.DialOptions{HTTPHeader: http.Header{"X-Forwarded-For": {addr}}})
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	conn.SetReadLimit(1 << 22)
	t.Cleanup(func() { conn.CloseNow() })
	return &wsClient{t: t, conn: conn}
}

// grantLog records the scheduler's grants: "opponent" or the owner.
type grantLog struct {
	p      *pool.Pool
	grants []string // under p.mu
}

func logGrants(p *pool.Pool) *grantLog {
	l := &grantLog{p: p}
	p.SetGranted(func(kind pool.Kind, owner string) {
		if kind == pool.Opponent {
			owner = "opponent"
		}
		l.grants = append(l.grants, owner)
	})
	return l
}

// when runs f under the scheduler's lock once ok holds there (waiting at
// most a minute, for a loaded machine), with the grants so far.
func (l *grantLog) when(t *testing.T, what string, ok func(p pool.Snapshot) bool, f func(p pool.Snapshot, grants []string)) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		done := false
		l.p.Locked(func(p pool.Snapshot) {
			if ok(p) {
				f(p, l.grants)
				done = true
			}
		})
		if done {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("waited a minute for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func (l *grantLog) since(n int) []string {
	var out []string
	l.p.Locked(func(pool.Snapshot) { out = append(out, l.grants[n:]...) })
	return out
}

// One person asking for hints in many games and running two long
// analyses made everyone else's computer opponents wait in the same line
// (first come, first served), and took every search slot. Now the
// opponents go first and keep a slot, the flood waits in a bounded line of
// its own, refused beyond (hint_queue), and another person's hint goes
// before the flooder's next one.
func TestAttackHintAndAnalysisFloodDoNotDelayOpponents(t *testing.T) {
	g := &gatedAgents{hintGo: make(chan struct{}, 10), oppGo: make(chan struct{}), started: make(chan string, 100)}
	st := newMemStore()
	const flooder, victim = "address 127.0.0.1", "address 203.0.113.8"
	s, ts := analysisServer(t, Config{Store: st, NewAgent: g.build, MaxSearches: 2, MaxSearchQueue: 64,
		HintBudget: 30 * time.Second, HintsPerMinute: -1, ReviewBudget: 20 * time.Millisecond,
		CreatePerMinute: 1000, CreateBurst: 100, TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}})
	log := logGrants(s.searches)

	// The flood: a hint in each of 10 games. One runs (held at its gate),
	// SearchQueuePerPerson wait, the rest are refused at once.
	const games = 10
	for range games {
		c := createGame(t, ts, form("pogo", "me", "computer"))
		a := dial(t, ts, c.id)
		a.hello(0, c.mine[0])
		a.send(map[string]any{"type": "hint"})
	}
	if what := <-g.started; what != "hint" {
		t.Fatalf("%s started", what)
	}
	per := DefaultSearchQueuePerPerson
	log.when(t, "the flood to be answered", func(p pool.Snapshot) bool {
		return p.Waiting[flooder] == per && p.BackgroundRunning == 1
	}, func(pool.Snapshot, []string) {})
	// Two long analyses by the same person: their positions wait behind
	// the flooder's own line.
	for i := range 2 {
		id := fmt.Sprint("fairshare", string(rune('a'+i)))
		finishedGame(t, st, id, 400, "1-0")
		if code := postAnalysis(t, ts.URL+"/games/"+id+"/analysis"); code != http.StatusSeeOther {
			t.Fatalf("analysis %s: %d", id, code)
		}
	}

	// Another person's computer opponent takes the slot kept for
	// opponents at once (held at its gate)...
	g.blockOpponents(true)
	v1 := createGame(t, ts, form("pogo", "me", "computer"))
	a1 := dialFrom(t, ts.URL, v1.id, "203.0.113.7")
	a1.hello(0, v1.mine[0])
	a1.move(0, "2b1-b3")
	if what := <-g.started; what != "opponent" {
		t.Fatalf("%s started, want the opponent", what)
	}
	g.blockOpponents(false)
	// ...and a second opponent, with both slots taken, takes the first one
	// freed, though eight hints and analysis positions waited before it.
	v2 := createGame(t, ts, form("pogo", "me", "computer"))
	a2 := dialFrom(t, ts.URL, v2.id, "203.0.113.8")
	a2.hello(0, v2.mine[0])
	var before int
	a2.move(0, "2b1-b3")
	log.when(t, "the second opponent to wait", func(p pool.Snapshot) bool { return p.OpponentsWaiting == 1 }, func(p pool.Snapshot, grants []string) {
		before = len(grants)
		if p.Waiting[flooder] != per {
			t.Errorf("the flooder has %d searches waiting, want %d", p.Waiting[flooder], per)
		}
	})
	g.hintGo <- struct{}{} // the running hint ends
	a2.expect("move", func(m msg) bool { return m.num("seat") == 1 })
	if got := log.since(before); len(got) == 0 || got[0] != "opponent" {
		t.Fatalf("grants after the hint ended: %v; the waiting opponent should have had the slot", got)
	}
	a2.expect("state", plyIs(2))

	// The victim asks for a hint: it waits, and goes before the flooder's
	// next search, whatever is running now.
	a2.send(map[string]any{"type": "hint"})
	log.when(t, "the victim's hint to wait", func(p pool.Snapshot) bool { return p.Waiting[victim] == 1 }, func(p pool.Snapshot, grants []string) {
		before = len(grants)
	})
	// Two tokens: one for the flooder's hint running (if a hint runs, not
	// an analysis position), one for the victim's.
	g.hintGo <- struct{}{}
	g.hintGo <- struct{}{}
	if h := a2.expect("hint", nil); h.num("used") != 1 {
		t.Errorf("victim's hint: %v", h)
	}
	if got := log.since(before); len(got) == 0 || got[0] != victim {
		t.Fatalf("grants after the victim asked: %v; the victim should have been served before the flooder", got)
	}
	// The held opponent still plays: nothing is lost.
	close(g.oppGo)
	a1.expect("move", func(m msg) bool { return m.num("seat") == 1 })
}
