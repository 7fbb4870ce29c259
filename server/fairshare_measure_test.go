package server

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// TestMeasureOpponentReplies measures how long the computer opponents of
// four games against hard take to answer, alone and then while one person
// floods hints in 60 games and two others analyse long games (docs/server.md,
// "Computer time, shared fairly"). It uses the real levels and the
// server's defaults (--max-searches the CPUs, hints of 1 s, analysis
// positions of 300 ms), so it is slow and run by hand:
//
//	PLATEAU_MEASURE_REPLIES=30s go test ./server -run TestMeasureOpponentReplies -count=1 -v
//
// The value is the measuring time of each of the two phases.
func TestMeasureOpponentReplies(t *testing.T) {
	text := os.Getenv("PLATEAU_MEASURE_REPLIES")
	if text == "" {
		t.Skip("a measurement run by hand: PLATEAU_MEASURE_REPLIES=30s")
	}
	d, err := time.ParseDuration(text)
	if err != nil || d <= 0 || d > 10*time.Minute {
		t.Fatalf("PLATEAU_MEASURE_REPLIES=%q: a duration from 1s to 10m", text)
	}
	st := newMemStore()
	s, ts := runServer(t, Config{Store: st, TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")},
		CreatePerMinute: 100000, CreateBurst: 1000, HintsPerMinute: -1, MessagesPerSecond: 1000, MessageBurst: 1000,
		MaxWebSocketsPerClient: -1})
	s.learning.Reviews.Agent = "hard" // not the POGO solution this machine may have: the analyses search
	t.Logf("pool: %+v", s.searches.Bounds)

	alone := measureReplies(t, ts, d)
	t.Logf("alone: %s", alone)

	// The flood: one person (192.0.2.66) asks for a hint in 60 games at
	// every turn, playing the hint's move and asking again, and asks again
	// 100 ms after a refusal; two others analyse a long finished game
	// each (one person's analyses would wait behind their own hints).
	const flooder = "192.0.2.66"
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var hints, refused atomic.Int64
	for range 60 {
		c := createGame(t, ts, form("pogo", "me", "computer"))
		wg.Go(func() { floodHints(t, ts.URL, c, flooder, stop, &hints, &refused) })
	}
	for i := range 2 {
		id := fmt.Sprint("measurelo", string(rune('a'+i)))
		finishedGame(t, st, id, 400, "1-0")
		req, _ := http.NewRequest("POST", ts.URL+"/games/"+id+"/analysis", nil)
		req.Header.Set("X-Forwarded-For", fmt.Sprint("192.0.2.", 77+i))
		resp, err := noRedirect.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("analysis: %d", resp.StatusCode)
		}
		_, a := fetchAnalysis(t, ts.URL, id)
		t.Logf("analysis %s: %d positions", id, a.Total)
	}
	time.Sleep(2 * time.Second) // the flood fills its lines
	loaded := measureReplies(t, ts, d)
	close(stop)
	wg.Wait()
	var done []string
	for i := range 2 {
		_, a := fetchAnalysis(t, ts.URL, fmt.Sprint("measurelo", string(rune('a'+i))))
		done = append(done, fmt.Sprintf("%d/%d", a.Done, a.Total))
	}
	t.Logf("flooded: %s; meanwhile %d hints given, %d refused as busy, analyses at %s", loaded, hints.Load(), refused.Load(), strings.Join(done, " and "))
}

// replies are the computer's reply times of a phase.
type replies []time.Duration

func (r replies) String() string {
	if len(r) == 0 {
		return "no replies"
	}
	s := slices.Clone(r)
	slices.Sort(s)
	at := func(q float64) time.Duration { return s[min(len(s)-1, int(q*float64(len(s))+0.5)-1)] }
	return fmt.Sprintf("%d replies, median %v, p99 %v, max %v", len(s), at(0.5).Round(time.Millisecond), at(0.99).Round(time.Millisecond), s[len(s)-1].Round(time.Millisecond))
}

// measureReplies plays four games against hard for d, each from its own
// address, moving at once at random, and returns the time from each move
// sent to the computer's answer.
func measureReplies(t *testing.T, ts *httptest.Server, d time.Duration) replies {
	var mu sync.Mutex
	var all replies
	deadline := time.Now().Add(d)
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(i), uint64(time.Now().UnixNano())))
			for time.Now().Before(deadline) {
				f := form("pogo", "me", "computer")
				f.Set("level1", "hard")
				c := createGame(t, ts, f)
				got := playAgainstComputer(t, ts.URL, c, fmt.Sprint("198.51.100.", i+1), deadline, rng)
				mu.Lock()
				all = append(all, got...)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	return all
}

// playAgainstComputer plays seat 0 of game c until it ends or the
// deadline passes, and times the computer's replies.
func playAgainstComputer(t *testing.T, base string, c created, addr string, deadline time.Time, rng *rand.Rand) replies {
	a := dialFrom(t, base, c.id, addr)
	defer a.conn.CloseNow()
	var out replies
	var sent time.Time
	a.send(map[string]any{"type": "hello", "tokens": []string{c.mine[0]}, "ply": 0})
	for time.Now().Before(deadline) {
		m, err := a.read(time.Minute)
		if err != nil {
			t.Errorf("game %s: %v", c.id, err)
			return out
		}
		switch m.str("type") {
		case "move":
			if m.num("seat") == 1 && !sent.IsZero() {
				out = append(out, time.Since(sent))
				sent = time.Time{}
			}
		case "state":
			if m.str("result") != "*" {
				return out
			}
			legal, _ := m["legal"].([]any)
			if m.num("toMove") != 0 || len(legal) == 0 || !sent.IsZero() {
				continue
			}
			mv := legal[rng.IntN(len(legal))].(map[string]any)["move"].(string)
			sent = time.Now()
			a.move(m.num("ply"), mv)
		}
	}
	return out
}

// floodHints asks for a hint in game c at each of its turns, plays it,
// and asks again; refused (busy), it asks again 100 ms later, until stop.
func floodHints(t *testing.T, base string, c created, addr string, stop chan struct{}, hints, refused *atomic.Int64) {
	a := dialFrom(t, base, c.id, addr)
	go func() {
		<-stop
		a.conn.CloseNow()
	}()
	// Sends fail quietly once stop closed the connection.
	send := func(v any) {
		b, _ := json.Marshal(v)
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		a.conn.Write(ctx, websocket.MessageText, b)
	}
	send(map[string]any{"type": "hello", "tokens": []string{c.mine[0]}, "ply": 0})
	ply := -1
	for {
		m, err := a.read(time.Hour)
		if err != nil {
			return
		}
		switch {
		case m.str("type") == "state":
			if m.str("result") != "*" {
				return
			}
			if m.num("toMove") == 0 && m.num("ply") != ply {
				ply = m.num("ply")
				send(map[string]any{"type": "hint"})
			}
		case m.str("type") == "hint":
			hints.Add(1)
			send(map[string]any{"type": "move", "ply": ply, "move": m.str("move")})
		case m.str("code") == "hint_busy" || m.str("code") == "hint_queue":
			refused.Add(1)
			time.AfterFunc(100*time.Millisecond, func() { send(map[string]any{"type": "hint"}) })
		}
	}
}
