package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log"
	"math/rand/v2"
	"net/http/httptest"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/record"
)

// The WebSocket protocol under fuzzing and under a random driver. Both
// play one game of a fresh server (startServer, on a memStore, random
// computer players) through several sockets, then check that the server
// is up and consistent: its stored moves replay under the rules, every
// acknowledged move that was not taken back is stored, a new socket sees
// what the store holds, every answer is JSON, and no handler panicked.

// seatPatterns are the seat kinds of a fuzzed game (the form's first
// Players seats are used): all human on one socket, humans on two sockets,
// and computers before or after the humans.
var seatPatterns = [][]string{
	{"me", "me", "me", "me"},
	{"me", "invite", "invite", "invite"},
	{"me", "computer", "computer", "computer"},
	{"computer", "me", "me", "me"},
	{"me", "invite", "computer", "invite"},
}

// wsSock is a socket whose every message is read and kept by a goroutine.
type wsSock struct {
	conn   *websocket.Conn
	mu     sync.Mutex
	msgs   []msg
	bad    []string // frames that were not JSON objects
	err    error    // why reading ended
	closed chan struct{}
}

func openSock(t *testing.T, ts *httptest.Server, id string) *wsSock {
	t.Helper()
	c := dial(t, ts, id)
	s := &wsSock{conn: c.conn, closed: make(chan struct{})}
	go func() {
		defer close(s.closed)
		for {
			_, b, err := s.conn.Read(context.Background())
			s.mu.Lock()
			if err != nil {
				s.err = err
				s.mu.Unlock()
				return
			}
			var m msg
			if json.Unmarshal(b, &m) != nil || m.str("type") == "" {
				s.bad = append(s.bad, string(b))
			} else {
				s.msgs = append(s.msgs, m)
			}
			s.mu.Unlock()
		}
	}()
	return s
}

func (s *wsSock) write(b []byte) error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return s.conn.Write(ctx, websocket.MessageText, b)
}

// snapshot copies the messages read so far.
func (s *wsSock) snapshot() ([]msg, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.msgs), s.err
}

// lastState is the last state message read, or nil.
func (s *wsSock) lastState() msg {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := len(s.msgs) - 1; i >= 0; i-- {
		if s.msgs[i].str("type") == "state" {
			return s.msgs[i]
		}
	}
	return nil
}

// sync sends a message of an unknown type and waits for its error: the
// server handles a socket's messages in order, so every message sent
// before has been handled and answered. It reports false when the
// connection ended first.
func (s *wsSock) sync(t *testing.T, n int) bool {
	t.Helper()
	marker := fmt.Sprintf("sync-%d", n)
	if err := s.write([]byte(`{"type":"` + marker + `"}`)); err != nil {
		return false
	}
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		s.mu.Lock()
		for _, m := range s.msgs {
			if m.str("code") == "unknown_type" && strings.Contains(m.str("message"), `"`+marker+`"`) {
				s.mu.Unlock()
				return true
			}
		}
		s.mu.Unlock()
		select {
		case <-s.closed:
			return false
		case <-time.After(5 * time.Millisecond):
		}
	}
	t.Fatalf("no answer to %s within 15 s", marker)
	return false
}

// panicLog catches what net/http logs when a handler panics (it recovers
// and writes to the standard logger).
type panicLog struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (p *panicLog) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.buf.Write(b)
}

func (p *panicLog) String() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.buf.String()
}

func catchPanics(t *testing.T) *panicLog {
	p := &panicLog{}
	log.SetOutput(p)
	t.Cleanup(func() { log.SetOutput(os.Stderr) })
	return p
}

// wsGame is one game of a fresh server and its sockets.
type wsGame struct {
	st     *memStore
	ts     *httptest.Server
	g      created
	v      *game.Variant
	kinds  []string // of each seat
	tokens []string // of each seat; "" for a computer
	socks  []*wsSock
}

func newWSGame(t *testing.T, gameID string, pattern []string, sockets int) *wsGame {
	t.Helper()
	v, err := game.NewVariant(gameID, nil)
	if err != nil {
		t.Fatal(err)
	}
	kinds := slices.Clone(pattern[:v.Players])
	if !slices.Contains(kinds, "me") {
		kinds[0] = "me" // a game without people would play itself out
	}
	st := newMemStore()
	_, ts := startServer(t, st)
	w := &wsGame{st: st, ts: ts, v: v, kinds: kinds}
	w.g = createGame(t, ts, form(gameID, kinds...))
	for seat := range kinds {
		tok := w.g.mine[seat]
		if tok == "" {
			tok = w.g.invited[seat]
		}
		w.tokens = append(w.tokens, tok)
	}
	for i := 0; i < sockets; i++ {
		w.socks = append(w.socks, openSock(t, ts, w.g.id))
	}
	return w
}

// check syncs every socket twice (so that whatever one socket's messages
// caused has reached the others) and checks the server's state.
func (w *wsGame) check(t *testing.T, p *panicLog, script string) {
	t.Helper()
	for round := 0; round < 2; round++ {
		for i, s := range w.socks {
			if !s.sync(t, round*10+i) {
				_, err := s.snapshot()
				t.Fatalf("socket %d was closed: %v\nscript:\n%s", i, err, script)
			}
		}
	}
	ctx := context.Background()
	stored, err := w.st.LoadGame(ctx, w.g.id)
	if err != nil {
		t.Fatal(err)
	}
	// The stored moves replay under the rules, in canonical notation, and
	// the stored result agrees with them.
	opts, err := game.ParseOptions(stored.Options)
	if err != nil {
		t.Fatal(err)
	}
	v, err := game.NewVariant(stored.GameID, opts)
	if err != nil {
		t.Fatal(err)
	}
	m := game.NewMatch(v.Start())
	for i, mv := range stored.Moves {
		if mv.Ply != i {
			t.Fatalf("stored move %d has ply %d", i, mv.Ply)
		}
		if _, err := m.PlayNotation(mv.Notation); err != nil {
			t.Fatalf("stored move %d %q does not replay: %v\nscript:\n%s", i, mv.Notation, err, script)
		}
		if m.Notations()[i] != mv.Notation {
			t.Fatalf("stored move %d %q is not canonical (%q)", i, mv.Notation, m.Notations()[i])
		}
	}
	if o := m.Outcome(); o.Ended() {
		if want := record.NewResult(v, o).String(); stored.Result != want {
			t.Fatalf("the moves end the game with %q, the store says %q", want, stored.Result)
		}
	}
	// Every acknowledged move is stored, unless an undo came after it.
	acks, undos := 0, 0
	defer func() {
		t.Logf("%d moves stored, result %q, %d acks (%d taken back)", len(stored.Moves), stored.Result, acks, undos)
	}()
	for i, s := range w.socks {
		msgs, _ := s.snapshot()
		for j, a := range msgs {
			if a.str("type") != "ack" {
				continue
			}
			undone := slices.ContainsFunc(msgs[j:], func(m msg) bool { return m.str("type") == "info" && m.str("code") == "undone" })
			ply := a.num("ply")
			acks++
			if undone {
				undos++
				continue
			}
			if ply >= len(stored.Moves) || stored.Moves[ply].Notation != a.str("move") || stored.Moves[ply].Seat != a.num("seat") {
				t.Fatalf("socket %d: ack %v is not in the store (%d moves)\nscript:\n%s", i, a, len(stored.Moves), script)
			}
		}
		s.mu.Lock()
		bad := slices.Clone(s.bad)
		s.mu.Unlock()
		if len(bad) > 0 {
			t.Fatalf("socket %d: the server sent %q", i, bad[0])
		}
	}
	// A new socket sees what the store holds (computer moves may still be
	// on their way: wait for them).
	fresh := openSock(t, w.ts, w.g.id)
	deadline := time.Now().Add(10 * time.Second)
	for n := 100; ; n++ {
		if !fresh.sync(t, n) {
			t.Fatalf("a new socket was closed")
		}
		hello, _ := json.Marshal(map[string]any{"type": "hello", "ply": 0})
		fresh.write(hello)
		fresh.sync(t, 1000+n)
		st := fresh.lastState()
		stored, _ = w.st.LoadGame(ctx, w.g.id)
		var notations []string
		for _, mv := range stored.Moves {
			notations = append(notations, mv.Notation)
		}
		var seen []string
		if st != nil {
			for _, x := range st["moves"].([]any) {
				seen = append(seen, x.(string))
			}
		}
		if st != nil && slices.Equal(seen, notations) && st.str("result") == stored.Result {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("a new socket sees %v (%s), the store holds %v (%s)", seen, st.str("result"), notations, stored.Result)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if strings.Contains(p.String(), "panic") {
		t.Fatalf("a handler panicked:\n%s\nscript:\n%s", p.String(), script)
	}
}

// frame turns one script line into a socket and a frame: a leading digit
// picks the socket (modulo their number), $T0 ... $T3 stand for the seats'
// tokens.
func (w *wsGame) frame(line string) (*wsSock, []byte) {
	s := w.socks[0]
	if line != "" && line[0] >= '0' && line[0] <= '9' {
		s = w.socks[int(line[0]-'0')%len(w.socks)]
		line = line[1:]
	}
	for seat := 0; seat < game.MaxPlayers; seat++ {
		tok := ""
		if seat < len(w.tokens) {
			tok = w.tokens[seat]
		}
		line = strings.ReplaceAll(line, "$T"+strconv.Itoa(seat), tok)
	}
	return s, []byte(line)
}

// fuzzScript is a seed: a random game of the default variant played move
// by move by the sockets that hold the seats, with the usual mistakes.
func fuzzScript(v *game.Variant, pattern int, seed uint64) string {
	hello := func(sock int, seats ...int) string {
		var toks []string
		for _, s := range seats {
			toks = append(toks, `"$T`+strconv.Itoa(s)+`"`)
		}
		return fmt.Sprintf(`%d{"type":"hello","tokens":[%s],"ply":0,"lang":"fr"}`, sock, strings.Join(toks, ","))
	}
	lines := []string{hello(0, 0, 1, 2, 3)}
	if pattern == 1 || pattern == 4 {
		lines = []string{hello(0, 0), hello(1, 1, 2, 3)}
	}
	lines = append(lines, hello(2))
	m := game.NewMatch(v.Start())
	rng := rand.New(rand.NewPCG(seed, 1))
	for ply := 0; ply < 6; ply++ {
		legal := m.LegalMoves(nil)
		if len(legal) == 0 {
			break
		}
		mv := legal[rng.IntN(len(legal))]
		sock := 0
		if m.ToMove() > 0 && (pattern == 1 || pattern == 4) {
			sock = 1
		}
		lines = append(lines, fmt.Sprintf(`%d{"type":"move","ply":%d,"move":%q}`, sock, ply, m.State().MoveString(mv)))
		m.Play(mv)
	}
	return strings.Join(append(lines,
		`0{"type":"move","ply":0,"move":"pass"}`,
		`2{"type":"move","ply":6,"move":"a1"}`,
		`1{"type":"undo"}`,
		`0{"type":"answer","accept":true}`,
		`0{"type":"draw"}`,
		`1{"type":"answer","accept":false}`,
		`0{"type":"hello","tokens":["x"],"ply":99}`,
		`0not json`,
		`1{"type":"move"}`,
		`0{"type":"resign"}`,
		`1{"type":"undo"}`,
	), "\n")
}

// FuzzWebSocket sends arbitrary message sequences to the sockets of a game
// (its first two arguments pick the game and the seat pattern).
func FuzzWebSocket(f *testing.F) {
	ids := game.IDs()
	for i, id := range ids {
		v, err := game.NewVariant(id, nil)
		if err != nil {
			f.Fatal(err)
		}
		pattern := i % len(seatPatterns)
		f.Add(uint(i), uint8(pattern), fuzzScript(v, pattern, uint64(i)))
	}
	f.Add(uint(0), uint8(0), `{"type":"hello","tokens":["$T0","$T1"],"ply":-1}`+"\n"+`{"type":"move","ply":0,"move":"`+strings.Repeat("x", 5000)+`"}`)
	f.Add(uint(1), uint8(1), "\n[]\nnull\n{\"type\":7}\n{\"type\":\"hello\",\"tokens\":\"a\"}\n{\"type\":\"move\",\"ply\":1e99,\"move\":\"a\"}")
	f.Fuzz(func(t *testing.T, which uint, pattern uint8, script string) {
		if len(script) > 16<<10 || strings.Count(script, "\n") > 100 {
			t.Skip("more than a game page sends")
		}
		p := catchPanics(t)
		w := newWSGame(t, ids[which%uint(len(ids))], seatPatterns[int(pattern)%len(seatPatterns)], 3)
		for _, line := range strings.Split(script, "\n") {
			s, b := w.frame(line)
			if err := s.write(b); err != nil {
				t.Fatalf("write: %v\nscript:\n%s", err, script)
			}
		}
		w.check(t, p, script)
	})
}

// TestRandomProtocolDriver plays games through several sockets at once for
// a few seconds, against computer seats: legal moves and stale ones, undo
// requests, draw offers and their answers, resignations, garbage. The
// server must stay up and consistent.
func TestRandomProtocolDriver(t *testing.T) {
	budget := 3 * time.Second
	if testing.Short() {
		budget = time.Second
	}
	rng := rand.New(rand.NewPCG(20261121, 7))
	ids := game.IDs()
	end := time.Now().Add(budget)
	for round := 0; time.Now().Before(end) || round < len(ids); round++ {
		id := ids[round%len(ids)]
		pattern := rng.IntN(len(seatPatterns))
		t.Run(fmt.Sprintf("%d-%s-%d", round, id, pattern), func(t *testing.T) {
			p := catchPanics(t)
			w := newWSGame(t, id, seatPatterns[pattern], 3)
			var log []string
			send := func(s *wsSock, v any) {
				b, ok := v.([]byte)
				if !ok {
					b, _ = json.Marshal(v)
				}
				log = append(log, string(b))
				if err := s.write(b); err != nil {
					t.Fatalf("write: %v", err)
				}
			}
			// Socket 0 holds the "me" seats, socket 1 the invited ones,
			// socket 2 watches; now and then one shows a wrong token.
			var mine, invited []string
			for seat, k := range w.kinds {
				switch k {
				case "me":
					mine = append(mine, w.tokens[seat])
				case "invite":
					invited = append(invited, w.tokens[seat])
				}
			}
			send(w.socks[0], map[string]any{"type": "hello", "tokens": mine, "ply": 0})
			send(w.socks[1], map[string]any{"type": "hello", "tokens": invited, "ply": 0, "lang": "fr"})
			send(w.socks[2], map[string]any{"type": "hello", "ply": 0})
			for i := 0; i < 2; i++ {
				w.socks[i].sync(t, -1-i)
			}
			steps := 20 + rng.IntN(40)
			for step := 0; step < steps; step++ {
				s := w.socks[rng.IntN(len(w.socks))]
				st := s.lastState()
				ply := 0
				var legal []any
				if st != nil {
					ply = st.num("ply")
					legal, _ = st["legal"].([]any)
				}
				switch r := rng.IntN(100); {
				case r < 60 && len(legal) > 0:
					mv := legal[rng.IntN(len(legal))].(map[string]any)["move"]
					send(s, map[string]any{"type": "move", "ply": ply, "move": mv})
				case r < 66:
					send(s, map[string]any{"type": "move", "ply": ply - 1 - rng.IntN(3), "move": "pass"})
				case r < 72:
					send(s, map[string]any{"type": "undo"})
				case r < 74:
					send(s, map[string]any{"type": "draw"})
				case r < 82:
					send(s, map[string]any{"type": "answer", "accept": rng.IntN(2) == 0})
				case r < 84 && step > steps*3/4:
					send(s, map[string]any{"type": "resign"})
				case r < 88:
					send(s, map[string]any{"type": "hello", "tokens": []string{"0123"}, "ply": rng.IntN(ply + 2)})
				case r < 94:
					const alphabet = `{}[]":,type move ply 0123456789 hello`
					g := make([]byte, rng.IntN(60))
					for i := range g {
						g[i] = alphabet[rng.IntN(len(alphabet))]
					}
					send(s, g)
				default:
					send(s, map[string]any{"type": "move", "ply": ply, "move": "zz99-zz99"})
				}
				if rng.IntN(4) == 0 {
					// Let the answers come back before the next look at the state.
					s.sync(t, 10000+step)
				}
			}
			w.check(t, p, strings.Join(log, "\n"))
		})
	}
}
