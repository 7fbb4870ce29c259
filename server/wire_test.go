package server

import (
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/plateau-games/plateau/game"
)

// countingConn counts the bytes read from the network.
type countingConn struct {
	net.Conn
	n *atomic.Int64
}

func (c countingConn) Read(b []byte) (int, error) {
	n, err := c.Conn.Read(b)
	c.n.Add(int64(n))
	return n, err
}

// dialCounting opens the game's WebSocket as a browser does (asking for
// permessage-deflate when compress is set) and counts what arrives.
func dialCounting(t *testing.T, url, id string, compress bool, n *atomic.Int64) *wsClient {
	t.Helper()
	transport := &http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := (&net.Dialer{}).DialContext(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		return countingConn{c, n}, nil
	}}
	opts := &websocket.DialOptions{HTTPClient: &http.Client{Transport: transport}}
	if compress {
		opts.CompressionMode = websocket.CompressionNoContextTakeover
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(url, "http")+"/games/"+id+"/ws", opts)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	conn.SetReadLimit(1 << 22)
	t.Cleanup(func() { conn.CloseNow() })
	return &wsClient{t: t, conn: conn}
}

// bytesPerMove plays 100 random plies of id (new games when one ends) from
// one socket holding every seat, watched by one spectator, and returns the
// bytes that reached the player and the spectator per ply.
func bytesPerMove(t *testing.T, ts *httptest.Server, id string, compress bool) (player, spectator float64) {
	url := ts.URL
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
		p := dialCounting(t, url, g.id, compress, &pn)
		spec := dialCounting(t, url, g.id, compress, &sn)
		var toks []string
		for _, tok := range g.mine {
			toks = append(toks, tok)
		}
		p.send(map[string]any{"type": "hello", "tokens": toks, "ply": 0, "lang": "fr"})
		spec.send(map[string]any{"type": "hello", "tokens": []string{}, "ply": 0, "lang": "fr"})
		st := p.expect("state", nil)
		spec.expect("state", nil)
		for plies < 100 && st.str("result") == "*" {
			legal, _ := st["legal"].([]any)
			if len(legal) == 0 {
				break
			}
			mv := legal[rng.IntN(len(legal))].(map[string]any)["move"].(string)
			ply := st.num("ply")
			p.send(map[string]any{"type": "move", "ply": ply, "move": mv})
			for {
				m, err := p.read(20 * time.Second)
				if err != nil {
					t.Fatalf("%s: waiting for the state after %s at ply %d: %v", id, mv, ply, err)
				}
				if m.str("type") == "reject" || m.str("type") == "error" {
					t.Fatalf("%s: move %s at ply %d refused: %v", id, mv, ply, m)
				}
				if m.str("type") == "state" && m.num("ply") > ply {
					st = m
					break
				}
			}
			plies++
		}
		// The spectator's last state, then its socket goes.
		last := st.num("ply")
		spec.expect("state", func(m msg) bool { return m.num("ply") >= last })
		p.conn.CloseNow()
		spec.conn.CloseNow()
	}
	return float64(pn.Load()) / float64(plies), float64(sn.Load()) / float64(plies)
}

// TestBytesPerMove measures what a move costs on the wire in every game,
// for a player and a spectator, with and without permessage-deflate (the
// browsers ask for it): at most 8 KB a move with it. go test ./server -run
// TestBytesPerMove -v prints the table (docs/server.md).
func TestBytesPerMove(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 100 plies of every game")
	}
	// Every state reaches the spectator (no pacing): the most it can cost.
	_, ts := startServerWith(t, Config{SpectatorInterval: time.Microsecond, MessagesPerSecond: 1e6, MessageBurst: 1e6})
	t.Logf("| game | player, plain | player, deflate | spectator, plain | spectator, deflate |")
	for _, id := range game.IDs() {
		plainP, plainS := bytesPerMove(t, ts, id, false)
		zipP, zipS := bytesPerMove(t, ts, id, true)
		t.Logf("| %s | %s | %s | %s | %s |", id, kib(plainP), kib(zipP), kib(plainS), kib(zipS))
		if zipP > 8192 || zipS > 8192 {
			t.Errorf("%s: %s a move for a player, %s for a spectator, with permessage-deflate: more than 8 KB", id, kib(zipP), kib(zipS))
		}
	}
}

func kib(b float64) string { return fmt.Sprintf("%.1f KB", b/1024) }

// TestPagesAreGzipped: pages and assets are compressed for browsers that
// accept it, and plain for the others.
func TestPagesAreGzipped(t *testing.T) {
	_, ts := startServer(t, newMemStore())
	for _, path := range []string{"/", "/static/game.js", "/static/style.css", "/rules/pogo"} {
		plain := getPlain(t, ts.URL+path)
		req, _ := http.NewRequest("GET", ts.URL+path, nil)
		req.Header.Set("Accept-Encoding", "gzip")
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		if resp.Header.Get("Content-Encoding") != "gzip" {
			t.Errorf("%s: Content-Encoding %q, want gzip", path, resp.Header.Get("Content-Encoding"))
			resp.Body.Close()
			continue
		}
		if resp.Header.Get("Content-Security-Policy") == "" {
			t.Errorf("%s: the gzipped answer lost its security headers", path)
		}
		zr, err := gzip.NewReader(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(zr)
		resp.Body.Close()
		if string(body) != plain {
			t.Errorf("%s: the gzipped page differs from the plain one", path)
		}
		t.Logf("%s: %d bytes, gzipped smaller", path, len(plain))
	}
}

func getPlain(t *testing.T, url string) string {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	req.Header.Set("Accept-Encoding", "identity")
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.Header.Get("Content-Encoding") != "" {
		t.Fatalf("%s: encoded %q without asking", url, resp.Header.Get("Content-Encoding"))
	}
	b, _ := io.ReadAll(resp.Body)
	return string(b)
}

// TestPreviewRefusesBadInput: the dialog's pictures take a ply and a move
// from the URL; anything else than a legal move of that ply is refused
// with a clear error.
func TestPreviewRefusesBadInput(t *testing.T) {
	_, ts := startServer(t, newMemStore())
	g := createGame(t, ts, form("pogo", "me", "me"))
	base := ts.URL + "/games/" + g.id + "/preview"
	for _, tc := range []struct {
		query string
		code  int
		says  string
	}{
		{"?ply=0&move=1b1-b2", 200, "<svg"},
		{"?move=1b1-b2", 200, "<svg"},
		{"?ply=0&move=9z9-z9", 400, "not a move"},
		{"?ply=0&move=3a1-a2", 400, "legal"},
		{"?ply=0", 400, "move"},
		{"?ply=7&move=1b1-b2", 400, "ply"},
		{"?ply=-1&move=1b1-b2", 400, "ply"},
		{"?ply=0&move=" + strings.Repeat("x", 5000), 400, "4096"},
	} {
		resp, err := http.Get(base + tc.query)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tc.code || !strings.Contains(string(body), tc.says) {
			t.Errorf("%.60s: %d %.80q, want %d with %q", tc.query, resp.StatusCode, body, tc.code, tc.says)
		}
	}
}
