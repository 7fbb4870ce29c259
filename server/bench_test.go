package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/coder/websocket"

	"github.com/plateau-games/plateau/store"
)

// BenchmarkMoveRoundTrip plays POGO games over WebSocket, one socket per
// seat, each move sent after the state of the previous one arrived: the
// server's cost of a move (rules, durable store write on SQLite, states,
// writes), with the client in the same process; with 0, 100 and 400
// spectators reading every game.
func BenchmarkMoveRoundTrip(b *testing.B) {
	for _, n := range []int{0, 100, 400} {
		b.Run(fmt.Sprintf("spectators=%d", n), func(b *testing.B) { benchMoves(b, n) })
	}
}

func benchMoves(b *testing.B, spectators int) {
	ctx := context.Background()
	st, err := openBenchStore(ctx, b)
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	s, err := New(Config{Store: st, NewAgent: cheapAgents, CreatePerMinute: -1, MaxWebSocketsPerClient: -1,
		MessagesPerSecond: 1e6, MessageBurst: 1e6})
	if err != nil {
		b.Fatal(err)
	}
	ts := httptest.NewServer(s)
	defer func() { s.Close(); ts.Close() }()
	// The spectators of the game being played; a new game gets new ones,
	// and the timer waits until each has its first state, so that only
	// watching is measured, not arriving.
	var watchers []*websocket.Conn
	watch := func(id string) {
		for _, w := range watchers {
			w.CloseNow()
		}
		watchers = watchers[:0]
		var arrived sync.WaitGroup
		for i := 0; i < spectators && id != ""; i++ {
			c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http")+"/games/"+id+"/ws", nil)
			if err != nil {
				b.Fatal(err)
			}
			c.SetReadLimit(1 << 22)
			c.Write(ctx, websocket.MessageText, []byte(`{"type":"hello"}`))
			arrived.Add(1)
			go func() {
				first := true
				defer func() {
					if first {
						arrived.Done()
					}
				}()
				for {
					if _, _, err := c.Read(ctx); err != nil {
						return
					}
					if first {
						first = false
						arrived.Done()
					}
				}
			}()
			watchers = append(watchers, c)
		}
		arrived.Wait()
	}
	defer watch("")
	newGame := func() (id string, socks [2]*websocket.Conn) {
		f := url.Values{"game": {"pogo"}, "seat0": {"me"}, "seat1": {"me"}, "clock": {"0"}, "increment": {"0"}}
		resp, err := noRedirect.PostForm(ts.URL+"/games", f)
		if err != nil {
			b.Fatal(err)
		}
		resp.Body.Close()
		loc, _ := url.Parse(resp.Header.Get("Location"))
		id = strings.TrimPrefix(loc.Path, "/games/")
		frag, _ := url.ParseQuery(loc.Fragment)
		toks := strings.Split(frag.Get("me"), ",")
		for i := range socks {
			c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http")+"/games/"+id+"/ws", nil)
			if err != nil {
				b.Fatal(err)
			}
			c.SetReadLimit(1 << 22)
			_, tok, _ := strings.Cut(toks[i], "-")
			hello, _ := json.Marshal(map[string]any{"type": "hello", "tokens": []string{tok}})
			c.Write(ctx, websocket.MessageText, hello)
			socks[i] = c
		}
		watch(id)
		return id, socks
	}
	type state struct {
		Type   string `json:"type"`
		Ply    int    `json:"ply"`
		ToMove int    `json:"toMove"`
		Result string `json:"result"`
		Legal  []struct {
			Move string `json:"move"`
		} `json:"legal"`
	}
	// waitState reads c until a state of ply n.
	waitState := func(c *websocket.Conn, n int) state {
		for {
			_, data, err := c.Read(ctx)
			if err != nil {
				b.Fatal(err)
			}
			var m state
			json.Unmarshal(data, &m)
			if m.Type == "state" && m.Ply >= n {
				return m
			}
		}
	}
	_, socks := newGame()
	cur := [2]state{waitState(socks[0], 0), waitState(socks[1], 0)}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if cur[0].Result != "*" || len(cur[0].Legal) == 0 {
			for _, c := range socks {
				c.CloseNow()
			}
			b.StopTimer()
			_, socks = newGame()
			cur = [2]state{waitState(socks[0], 0), waitState(socks[1], 0)}
			b.StartTimer()
		}
		mover := cur[0].ToMove
		mv, _ := json.Marshal(map[string]any{"type": "move", "ply": cur[0].Ply, "move": cur[0].Legal[i%len(cur[0].Legal)].Move})
		socks[mover].Write(ctx, websocket.MessageText, mv)
		n := cur[0].Ply + 1
		cur = [2]state{waitState(socks[0], n), waitState(socks[1], n)}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
}

func openBenchStore(ctx context.Context, b *testing.B) (store.Store, error) {
	if os.Getenv("BENCH_MEM") != "" {
		return newMemStore(), nil
	}
	return store.Open(ctx, filepath.Join(b.TempDir(), "bench.db"))
}
