package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/store"
)

// cheapAgents plays every computer seat with the random player, so that
// tests do not wait for searches.
func cheapAgents(_ string, v *game.Variant, seed uint64) (Agent, error) {
	return ai.New("random", v, seed)
}

// startServer runs a server on st over httptest; both stop with the test.
func startServer(t *testing.T, st store.Store) (*Server, *httptest.Server) {
	t.Helper()
	return runServer(t, Config{Store: st, NewAgent: cheapAgents})
}

// runServer runs a server with cfg over httptest; both stop with the test.
func runServer(t *testing.T, cfg Config) (*Server, *httptest.Server) {
	t.Helper()
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s)
	t.Cleanup(func() {
		s.Close()
		ts.Close()
	})
	return s, ts
}

// noRedirect is a client that shows redirects instead of following them.
var noRedirect = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

// created is a game made through the form, with the tokens from the
// redirect's fragment.
type created struct {
	id      string
	mine    map[int]string
	invited map[int]string
}

func createGame(t *testing.T, ts *httptest.Server, form url.Values) created {
	t.Helper()
	resp, err := noRedirect.PostForm(ts.URL+"/games", form)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("POST /games: status %d, want 303", resp.StatusCode)
	}
	loc, err := url.Parse(resp.Header.Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	c := created{id: strings.TrimPrefix(loc.Path, "/games/"), mine: map[int]string{}, invited: map[int]string{}}
	frag, err := url.ParseQuery(loc.Fragment)
	if err != nil {
		t.Fatal(err)
	}
	for kind, m := range map[string]map[int]string{"me": c.mine, "inv": c.invited} {
		for _, item := range strings.Split(frag.Get(kind), ",") {
			seat, tok, ok := strings.Cut(item, "-")
			if !ok {
				continue
			}
			n, _ := strconv.Atoi(seat)
			m[n] = tok
		}
	}
	return c
}

// form is a new-game form: seats are "me", "invite" or "computer".
func form(gameID string, seats ...string) url.Values {
	f := url.Values{"game": {gameID}, "variant": {""}, "casual": {"1"}, "clock": {"0"}, "increment": {"0"}}
	for i, s := range seats {
		f.Set("seat"+strconv.Itoa(i), s)
		f.Set("level"+strconv.Itoa(i), "easy")
	}
	return f
}

// wsClient is a test WebSocket client speaking the game protocol.
type wsClient struct {
	t    *testing.T
	conn *websocket.Conn
}

func dial(t *testing.T, ts *httptest.Server, id string) *wsClient {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute) // as expect
	defer cancel()
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http")+"/games/"+id+"/ws", nil)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	conn.SetReadLimit(1 << 22)
	t.Cleanup(func() { conn.CloseNow() })
	return &wsClient{t: t, conn: conn}
}

func (c *wsClient) send(v any) {
	c.t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		c.t.Fatal(err)
	}
	c.sendRaw(b)
}

func (c *wsClient) sendRaw(b []byte) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute) // as expect
	defer cancel()
	if err := c.conn.Write(ctx, websocket.MessageText, b); err != nil {
		c.t.Fatalf("write: %v", err)
	}
}

// msg is a server message, decoded loosely.
type msg map[string]any

func (m msg) str(k string) string { s, _ := m[k].(string); return s }
func (m msg) num(k string) int    { f, _ := m[k].(float64); return int(f) }

// read returns the next message, or an error when the connection ends.
func (c *wsClient) read(timeout time.Duration) (msg, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	_, b, err := c.conn.Read(ctx)
	if err != nil {
		return nil, err
	}
	var m msg
	if err := json.Unmarshal(b, &m); err != nil {
		c.t.Fatalf("server sent non-JSON %q", b)
	}
	return m, nil
}

// expect skips messages until one of type typ that passes ok (nil: any);
// typ "" is an error or a rejection.
func (c *wsClient) expect(typ string, ok func(msg) bool) msg {
	c.t.Helper()
	// Idle, a message comes within milliseconds (a computer's move within
	// a second or two): the minute only turns one that never comes into a
	// failure, however loaded the machine.
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		m, err := c.read(time.Until(deadline))
		if err != nil {
			c.t.Fatalf("waiting for %s: %v", typ, err)
		}
		mt := m.str("type")
		if (mt == typ || typ == "" && (mt == "error" || mt == "reject")) && (ok == nil || ok(m)) {
			return m
		}
	}
	c.t.Fatalf("no %s message", typ)
	return nil
}

// hello greets the server and returns the state it answers with.
func (c *wsClient) hello(ply int, tokens ...string) msg {
	c.t.Helper()
	if tokens == nil {
		tokens = []string{}
	}
	c.send(map[string]any{"type": "hello", "tokens": tokens, "ply": ply})
	return c.expect("state", nil)
}

// settled returns once the server has handled every message c sent
// before it: the connection's messages are handled in order, and a
// message that is not JSON is answered at once with an error. States are
// coalesced, so a state received proves nothing about a later message.
func (c *wsClient) settled() {
	c.t.Helper()
	c.sendRaw([]byte("settled?"))
	c.expect("error", func(m msg) bool { return m.str("code") == "malformed" })
}

func (c *wsClient) move(ply int, move string) {
	c.t.Helper()
	c.send(map[string]any{"type": "move", "ply": ply, "move": move})
}

func plyIs(n int) func(msg) bool { return func(m msg) bool { return m.num("ply") == n } }

// String leaves out the drawing and the legal moves, which would drown a
// failure message.
func (m msg) String() string {
	short := map[string]any{}
	for k, v := range m {
		if k != "svg" && k != "legal" {
			short[k] = v
		}
	}
	return fmt.Sprint(short)
}
