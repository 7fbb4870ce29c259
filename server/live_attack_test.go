package server

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/render"
	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/live"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// The attacks on live play (rooms, computer searches, connections) of the
// security review, each a test that fails if the attack works.

// startServerWith runs a server with cfg (its Store defaulting to a new
// memStore) over httptest.
func startServerWith(t *testing.T, cfg Config) (*Server, *httptest.Server) {
	t.Helper()
	if cfg.Store == nil {
		cfg.Store = newMemStore()
	}
	if cfg.CreatePerMinute == 0 {
		cfg.CreatePerMinute = -1 // these tests create many games
	}
	return runServer(t, cfg)
}

func panicsRecovered(s *Server) float64 {
	total := 0.0
	for _, where := range []string{"websocket handler", "computer search", "computer move", "clock", "websocket writer"} {
		total += testutil.ToFloat64(s.live.Metrics().Panics.WithLabelValues(where))
	}
	return total
}

// Sending move then undo in a loop without waiting made two searches run on
// one agent, which panicked and took the process down. Each search now has
// its own agent, and a cancelled search never shares state with the next.
func TestAttackMoveUndoRaceAgainstTheComputer(t *testing.T) {
	for _, level := range []string{"hard", "max"} {
		t.Run(level, func(t *testing.T) {
			// The real agents of the levels, as in production, with short
			// searches so that many overlap.
			s, ts := startServerWith(t, Config{AgentTimeout: 300 * time.Millisecond, MessagesPerSecond: 10000, MessageBurst: 10000})
			f := form("pogo", "me", "computer")
			f.Set("level1", level)
			g := createGame(t, ts, f)
			c := dial(t, ts, g.id)
			st := c.hello(0, g.mine[0])
			// A reader keeps the latest state; the loop sends a move and an
			// undo on every state without waiting for the computer.
			latest := make(chan msg, 1)
			go func() {
				for {
					m, err := c.read(10 * time.Second)
					if err != nil {
						close(latest)
						return
					}
					if m.str("type") == "state" {
						select {
						case <-latest:
						default:
						}
						latest <- m
					}
				}
			}()
			deadline := time.Now().Add(2 * time.Second)
			rounds := 0
			for time.Now().Before(deadline) && st.str("result") == "*" {
				legal := st["legal"].([]any)
				if st.num("toMove") == 0 && len(legal) > 0 {
					c.move(st.num("ply"), legal[rounds%len(legal)].(map[string]any)["move"].(string))
				}
				c.send(map[string]any{"type": "undo"})
				rounds++
				select {
				case m, ok := <-latest:
					if !ok {
						t.Fatal("the connection ended")
					}
					st = m
				case <-time.After(10 * time.Millisecond):
				}
			}
			if rounds < 20 {
				t.Fatalf("only %d rounds of move and undo", rounds)
			}
			if n := panicsRecovered(s); n != 0 {
				t.Fatalf("%v panics", n)
			}
			// The server still serves, and the game's store replays.
			resp, err := http.Get(ts.URL + "/healthz")
			if err != nil || resp.StatusCode != 200 {
				t.Fatalf("healthz after the race: %v %v", resp, err)
			}
			resp.Body.Close()
			stored, err := s.Store.LoadGame(context.Background(), g.id)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := games.Replay(stored); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// panicAgent panics on its first search.
type panicAgent struct{}

func (panicAgent) Choose(context.Context, *game.Match) (game.Move, error) { panic("agent bug") }

// A computer player that panics does not take the server down: the search
// is a failure, the computer plays its first legal move, the game goes on.
func TestAttackPanickingAgentKeepsServing(t *testing.T) {
	s, ts := startServerWith(t, Config{NewAgent: func(string, *game.Variant, uint64) (Agent, error) { return panicAgent{}, nil }})
	g := createGame(t, ts, form("pogo", "me", "computer"))
	c := dial(t, ts, g.id)
	c.hello(0, g.mine[0])
	c.move(0, "2b1-b3")
	c.expect("ack", nil)
	if m := c.expect("move", nil); m.num("seat") != 1 {
		t.Fatalf("computer move: %v", m)
	}
	if got := testutil.ToFloat64(s.live.Metrics().Searches.WithLabelValues("panic")); got != 1 {
		t.Fatalf("panicked searches %v, want 1", got)
	}
}

// panicRenderer panics when drawing POGO while panicNow is set: a bug in
// the room's code while it holds the room.
type panicRenderer struct{}

func (panicRenderer) SVG(s game.State, o render.Options) ([]byte, error) {
	if panicNow.Load() && s.Variant().Game.ID == "pogo" {
		panic("renderer bug")
	}
	return web.DefaultRenderer().SVG(s, o)
}

func (panicRenderer) Places(s game.State, m game.Move) []string {
	return web.DefaultRenderer().Places(s, m)
}

var panicNow atomic.Bool

// A panic while a room handles a message ends that room (its connections
// are closed, the game reloads from the store) and the server keeps serving
// every other game.
func TestAttackPanicInARoomEndsOnlyThatRoom(t *testing.T) {
	s, ts := startServerWith(t, Config{Renderer: panicRenderer{}})
	g1 := createGame(t, ts, form("pogo", "me", "invite"))
	g2 := createGame(t, ts, form("blocus", "me", "invite"))
	a := dial(t, ts, g1.id)
	a.hello(0, g1.mine[0])
	b := dial(t, ts, g2.id)
	b.hello(0, g2.mine[0])
	panicNow.Store(true)
	a.move(0, "2b1-b3")
	// The connection of the failed room is closed.
	for {
		if _, err := a.read(5 * time.Second); err != nil {
			break
		}
	}
	panicNow.Store(false)
	if n := testutil.ToFloat64(s.live.Metrics().Panics.WithLabelValues("websocket handler")); n != 1 {
		t.Fatalf("recovered panics %v, want 1", n)
	}
	// The other game goes on on its open connection.
	b.send(map[string]any{"type": "hello", "tokens": []string{g2.mine[0]}})
	b.expect("state", nil)
	// The failed game reloads from the store: the move was stored before
	// the drawing failed, and it is there.
	a2 := dial(t, ts, g1.id)
	if st := a2.hello(0, g1.mine[0]); st.num("ply") != 1 {
		t.Fatalf("after the failure: ply %d, want 1", st.num("ply"))
	}
}

// A room whose last client left while the computer thought stayed in
// memory for good, its search running. Now it leaves memory, and its
// search stops.
func TestAttackRoomsEndWhenEverybodyLeaves(t *testing.T) {
	slow := func(string, *game.Variant, uint64) (Agent, error) { return slowAgent{}, nil }
	s, ts := startServerWith(t, Config{NewAgent: slow})
	for i := 0; i < 10; i++ {
		g := createGame(t, ts, form("pogo", "me", "computer"))
		c := dial(t, ts, g.id)
		c.hello(0, g.mine[0])
		c.move(0, "2b1-b3")
		c.expect("ack", nil)
		c.conn.Close(websocket.StatusNormalClosure, "")
	}
	waitFor(t, "rooms to end", func() bool { return s.live.RoomCount() == 0 })
	waitFor(t, "searches to stop", func() bool { return testutil.ToFloat64(s.live.Metrics().SearchesRunning) == 0 })
	if got := testutil.ToFloat64(s.live.Metrics().ActiveGames); got != 0 {
		t.Fatalf("active games %v, want 0", got)
	}
}

// slowAgent thinks until it is cancelled, then plays its first move.
type slowAgent struct{}

func (slowAgent) Choose(ctx context.Context, m *game.Match) (game.Move, error) {
	<-ctx.Done()
	return m.LegalMoves(nil)[0], nil
}

func waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("waited 10 s for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// countingAgent counts the searches running at once; each ends when gate
// is closed, so that searches pile up whatever the machine's speed.
type countingAgent struct {
	running, most *atomic.Int64
	gate          chan struct{}
}

func (a countingAgent) Choose(ctx context.Context, m *game.Match) (game.Move, error) {
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
	case <-a.gate:
	}
	return m.LegalMoves(nil)[0], nil
}

// Computer games were not a bounded pool: every game searched at once.
// Now at most MaxSearches run, the others wait in line, and beyond the
// queue the computer says it is busy and plays when it can.
func TestAttackSearchesAreABoundedPool(t *testing.T) {
	var running, most atomic.Int64
	gate := make(chan struct{})
	agent := func(string, *game.Variant, uint64) (Agent, error) { return countingAgent{&running, &most, gate}, nil }
	s, ts := startServerWith(t, Config{NewAgent: agent, MaxSearches: 2, MaxSearchQueue: 3})
	const games = 12
	var wg sync.WaitGroup
	var busy atomic.Int64
	for i := 0; i < games; i++ {
		g := createGame(t, ts, form("pogo", "me", "computer"))
		c := dial(t, ts, g.id)
		c.hello(0, g.mine[0])
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.move(0, "2b1-b3")
			// Read until the computer has answered.
			for {
				m, err := c.read(20 * time.Second)
				if err != nil {
					t.Errorf("game %s: %v", g.id, err)
					return
				}
				if m.str("type") == "info" && m.str("code") == "busy" {
					busy.Add(1)
				}
				if m.str("type") == "move" && m.num("seat") == 1 {
					return
				}
			}
		}()
	}
	// Two searches held, three in line: the others are told the computer
	// is busy; then every search may end.
	waitFor(t, "a computer to say it is busy", func() bool { return busy.Load() > 0 })
	close(gate)
	wg.Wait()
	if most.Load() > 2 {
		t.Fatalf("%d searches ran at once; the bound is 2", most.Load())
	}
	if busy.Load() == 0 {
		t.Fatalf("12 searches at once with 2 slots and 3 in line: nobody was told the computer is busy")
	}
	if got := testutil.ToFloat64(s.live.Metrics().SearchesBusy); got == 0 {
		t.Fatal("busy refusals not counted")
	}
}

// Spectators multiplied the cost of every move: the state was built per
// connection. Now it is built once per change and language.
func TestAttackSpectatorsDoNotMultiplyTheWork(t *testing.T) {
	s, ts := startServerWith(t, Config{})
	g := createGame(t, ts, form("pogo", "me", "me"))
	p := dial(t, ts, g.id)
	p.hello(0, g.mine[0], g.mine[1])
	const spectators = 60
	var specs []*wsClient
	for i := 0; i < spectators; i++ {
		c := dial(t, ts, g.id)
		c.hello(0)
		specs = append(specs, c)
	}
	before := testutil.ToFloat64(s.live.Metrics().StateBuilds)
	const moves = 6
	st := p.hello(0, g.mine[0], g.mine[1])
	for i := 0; i < moves; i++ {
		p.move(i, st["legal"].([]any)[0].(map[string]any)["move"].(string))
		p.expect("ack", nil)
		st = p.expect("state", plyIs(i+1))
	}
	// One state for the hello, one per move: not one per spectator.
	builds := testutil.ToFloat64(s.live.Metrics().StateBuilds) - before
	if builds > 1+moves {
		t.Fatalf("%v states built for %d moves with %d spectators", builds, moves, spectators)
	}
	// Every spectator still ends on the last position.
	for _, c := range specs {
		c.expect("state", plyIs(moves))
	}
}

// slowStore makes LoadGame of one game take long.
type slowStore struct {
	store.Store
	slowID  string
	release chan struct{}
}

func (s *slowStore) LoadGame(ctx context.Context, id string) (*store.Game, error) {
	if id == s.slowID {
		select {
		case <-s.release:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	return s.Store.LoadGame(ctx, id)
}

// One slow store read stalled every page and connection: loading a game
// held the server-wide lock. Now it holds up that game only.
func TestAttackSlowLoadStallsOnlyItsGame(t *testing.T) {
	slow := &slowStore{Store: newMemStore(), release: make(chan struct{})}
	_, ts := startServerWith(t, Config{Store: slow})
	stuck := createGame(t, ts, form("pogo", "me", "invite"))
	other := createGame(t, ts, form("pogo", "me", "invite"))
	slow.slowID = stuck.id
	defer close(slow.release)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http")+"/games/"+stuck.id+"/ws", nil)
		if err == nil {
			c.CloseNow()
		}
	}()
	time.Sleep(100 * time.Millisecond) // the stuck load is under way
	// The stuck load lasts as long as the test: whatever it stalls never
	// answers. A minute tells the two apart however loaded the machine
	// (idle, both answer within milliseconds).
	start := time.Now()
	resp, err := (&http.Client{Timeout: time.Minute}).Get(ts.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	c := dial(t, ts, other.id)
	c.hello(0, other.mine[0])
	if d := time.Since(start); d > time.Minute {
		t.Fatalf("the home page and another game took %v while one game loaded", d)
	}
}

// A connection that floods messages is refused past its rate, then closed.
func TestAttackMessageFloodIsRateLimited(t *testing.T) {
	s, ts := startServerWith(t, Config{MessagesPerSecond: 5, MessageBurst: 5})
	g := createGame(t, ts, form("pogo", "me", "invite"))
	c := dial(t, ts, g.id)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	go func() {
		for i := 0; i < 500; i++ {
			if c.conn.Write(ctx, websocket.MessageText, []byte(`{"type":"hello"}`)) != nil {
				return
			}
		}
	}()
	for {
		_, _, err := c.conn.Read(ctx)
		if err != nil {
			if websocket.CloseStatus(err) != websocket.StatusPolicyViolation {
				t.Fatalf("connection ended with %v; want it closed for too many messages", err)
			}
			break
		}
	}
	if n := testutil.ToFloat64(s.live.Metrics().RateLimited); n < live.MaxRateStrikes {
		t.Fatalf("%v messages refused of a flood of 500 at 5 a second", n)
	}
}

// A connection that says nothing for the idle timeout is closed; one that
// does not answer pings too (the ping loop closes it: here the client
// reads, so it answers, and the idle timeout decides).
func TestAttackIdleConnectionsAreClosed(t *testing.T) {
	s, ts := startServerWith(t, Config{IdleTimeout: 300 * time.Millisecond})
	g := createGame(t, ts, form("pogo", "me", "invite"))
	c := dial(t, ts, g.id)
	c.hello(0)
	for {
		_, err := c.read(5 * time.Second)
		if err != nil {
			if websocket.CloseStatus(err) != live.StatusIdle {
				t.Fatalf("closed with %v, want the idle status 4000", err)
			}
			break
		}
	}
	waitFor(t, "the room to end", func() bool { return s.live.RoomCount() == 0 })
}

// failingFinish is a store whose FinishGame always fails.
type failingFinish struct{ *memStore }

func (f failingFinish) FinishGame(context.Context, string, string, string) error {
	return errors.New("disk full")
}

// A finished game could stay "on" for ever when the result write failed
// after the winning move. The winning move and the result are now one
// write, and a game whose moves end it is finished when loaded.
func TestAttackResultIsNeverLost(t *testing.T) {
	st := failingFinish{newMemStore()}
	_, ts := startServerWith(t, Config{Store: st})
	g := createGame(t, ts, form("pogo", "me", "me"))
	c := dial(t, ts, g.id)
	c.hello(0, g.mine[0], g.mine[1])
	for i, mv := range pogoWin {
		c.move(i, mv)
		c.expect("ack", nil)
	}
	stored, err := st.LoadGame(context.Background(), g.id)
	if err != nil {
		t.Fatal(err)
	}
	if stored.Result != "win 1" {
		t.Fatalf("stored result %q after the winning move, want win 1", stored.Result)
	}

	// A game stored by an older version with its winning move but no result
	// is finished on load.
	mem := newMemStore()
	_, ts2 := startServerWith(t, Config{Store: mem})
	g2 := createGame(t, ts2, form("pogo", "me", "me"))
	for i, mv := range pogoWin {
		if err := mem.AppendMove(context.Background(), g2.id, store.Move{Ply: i, Notation: mv, Seat: i % 2, At: time.Now(), ClockMillis: -1}); err != nil {
			t.Fatal(err)
		}
	}
	c2 := dial(t, ts2, g2.id)
	if st := c2.hello(0); st.str("result") != "win 1" {
		t.Fatalf("result %q on load, want win 1", st.str("result"))
	}
	if stored, _ := mem.LoadGame(context.Background(), g2.id); stored.Result != "win 1" {
		t.Fatalf("stored result %q after load, want win 1", stored.Result)
	}
}

// Ongoing games never expired: a visitor could fill the store with games
// that stay open for ever. A game without a move for AbandonAfter is ended
// as abandoned, unless somebody is connected to it.
func TestAttackAbandonedGamesExpire(t *testing.T) {
	mem := newMemStore()
	now := time.Now()
	clock := func() time.Time { return now }
	s, ts := startServerWith(t, Config{Store: mem, Now: clock, AbandonAfter: time.Hour})
	old := createGame(t, ts, form("pogo", "me", "invite"))
	watched := createGame(t, ts, form("pogo", "me", "invite"))
	c := dial(t, ts, watched.id)
	c.hello(0)
	now = now.Add(2 * time.Hour)
	fresh := createGame(t, ts, form("pogo", "me", "invite"))
	s.live.ExpireAbandoned()
	ctx := context.Background()
	for id, want := range map[string]string{old.id: "over", watched.id: "*", fresh.id: "*"} {
		g, err := mem.LoadGame(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if g.Result != want {
			t.Errorf("game %s: result %q, want %q", id, g.Result, want)
		}
	}
	if got := testutil.ToFloat64(s.live.Metrics().Expired); got != 1 {
		t.Fatalf("expired %v, want 1", got)
	}
}

// A rematch is a new game: resigning and asking for a rematch again and
// again must not create games past the address's creation limit.
func TestAttackRematchLoopIsRateLimited(t *testing.T) {
	st := newMemStore()
	_, ts := startServerWith(t, Config{Store: st, CreatePerMinute: 1, CreateBurst: 3})
	g := createGame(t, ts, form("pogo", "me", "me"))
	id, toks := g.id, []string{g.mine[0], g.mine[1]}
	created := 1
	for i := 0; i < 10; i++ {
		c := dial(t, ts, id)
		c.send(map[string]any{"type": "hello", "tokens": toks, "ply": 0})
		c.expect("state", nil)
		c.send(map[string]any{"type": "resign"})
		c.expect("state", func(m msg) bool { return m.str("result") != "*" })
		c.send(map[string]any{"type": "rematch"})
		var next msg
		for {
			x, err := c.read(5 * time.Second)
			if err != nil {
				t.Fatalf("round %d: %v", i, err)
			}
			if x.str("type") == "rematch" || x.str("type") == "error" {
				next = x
				break
			}
		}
		if next.str("type") == "error" {
			if next.str("code") != "rematch_limited" {
				t.Fatalf("round %d: %v", i, next)
			}
			break
		}
		created++
		url := next.str("url")
		id = strings.TrimPrefix(strings.Split(url, "#")[0], "/games/")
		toks = nil
		for _, item := range strings.Split(strings.SplitN(url, "#me=", 2)[1], ",") {
			_, tok, _ := strings.Cut(item, "-")
			toks = append(toks, tok)
		}
		c.conn.CloseNow()
	}
	if created > 3 {
		t.Errorf("%d games created by one address with a burst of 3", created)
	}
}
