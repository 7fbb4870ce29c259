package server

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// hostRequest sends a request to ts under another Host, as a page of that
// host would (same-origin with itself), and returns status and body.
func hostRequest(t *testing.T, ts *httptest.Server, method, path, host string) (int, string) {
	t.Helper()
	var body io.Reader
	if method == http.MethodPost {
		body = strings.NewReader(form("pogo", "me", "invite").Encode())
	}
	req, _ := http.NewRequest(method, ts.URL+path, body)
	req.Host = host
	if body != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	req.Header.Set("Origin", "http://"+host)
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	resp, err := noRedirect.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// A DNS-rebinding page: evil.example, first resolved to the attacker's
// server, then to 127.0.0.1, where a player runs plateau serve. The page
// is same-origin with itself, so the Origin and Sec-Fetch-Site checks let
// its requests through; only their Host (evil.example) tells them apart.
// Pages, API, forms and the game's WebSocket are refused under that name,
// and nothing is created; the site's own names still work.
func TestAttackDNSRebinding(t *testing.T) {
	st := newMemStore()
	_, ts, logs := attackServer(t, Config{Store: st, Origins: []string{"https://club.example"}, Hosts: []string{"Play.Club.Example"}})
	g := createGame(t, ts, form("pogo", "me", "invite"))
	port := ts.URL[strings.LastIndex(ts.URL, ":"):]
	evil := "evil.example" + port
	before := st.count()
	for _, tc := range []struct{ method, path string }{
		{"GET", "/"},
		{"GET", "/games/" + g.id},
		{"GET", "/api/games"},
		{"GET", "/metrics"},
		{"POST", "/games"},
	} {
		code, body := hostRequest(t, ts, tc.method, tc.path, evil)
		if code != http.StatusMisdirectedRequest || !strings.Contains(body, "evil.example") {
			t.Errorf("%s %s under Host %s: %d %.200q, want 421", tc.method, tc.path, evil, code, body)
		}
	}
	if after := st.count(); after != before {
		t.Errorf("a game was created under another host: %d games, then %d", before, after)
	}

	req, _ := http.NewRequest("GET", ts.URL+"/?lang=fr", nil)
	req.Host = evil
	req.Header.Set("Accept-Language", "fr-FR")
	if resp, err := noRedirect.Do(req); err != nil {
		t.Fatal(err)
	} else {
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusMisdirectedRequest || !strings.Contains(string(b), "Requête mal adressée") || len(resp.Cookies()) > 0 {
			t.Errorf("in French: %d %q, cookies %v", resp.StatusCode, b, resp.Cookies())
		}
	}

	// The game's WebSocket under that name: the handshake is refused.
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	h := http.Header{"Origin": {"http://" + evil}}
	wsURL := "ws" + strings.TrimPrefix(ts.URL, "http") + "/games/" + g.id + "/ws"
	_, resp, err := websocket.Dial(ctx, wsURL, &websocket.DialOptions{Host: evil, HTTPHeader: h})
	if err == nil || resp == nil || resp.StatusCode != http.StatusMisdirectedRequest {
		status := 0
		if resp != nil {
			status = resp.StatusCode
		}
		t.Errorf("the WebSocket under Host %s: err %v, status %d, want 421", evil, err, status)
	}
	if !strings.Contains(logs.String(), "refused=wrong_host") {
		t.Errorf("the refusals are not logged as wrong_host")
	}

	// The site's own names: the address, localhost, --origin's host and
	// --host, whatever the port; and the WebSocket under localhost.
	for _, host := range []string{strings.TrimPrefix(ts.URL, "http://"), "localhost" + port, "LOCALHOST.", "app.localhost" + port,
		"club.example", "club.example:443", "play.club.example" + port, "[::1]" + port, "192.168.1.5:8080"} {
		if code, body := hostRequest(t, ts, "GET", "/games/"+g.id, host); code != http.StatusOK {
			t.Errorf("GET under Host %s: %d %.200q", host, code, body)
		}
	}
	conn, _, err := websocket.Dial(ctx, wsURL, &websocket.DialOptions{Host: "localhost" + port, HTTPHeader: http.Header{"Origin": {"http://localhost" + port}}})
	if err != nil {
		t.Fatalf("the WebSocket under localhost: %v", err)
	}
	conn.CloseNow()
}

func TestParseHost(t *testing.T) {
	for in, want := range map[string]string{"Club.Example": "club.example", "club.example.": "club.example", " 10.0.0.1 ": "10.0.0.1", "[::1]": "::1"} {
		if got, err := ParseHost(in); err != nil || got != want {
			t.Errorf("ParseHost(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "https://club.example", "club.example:8080", "a b", "club.example/x"} {
		if _, err := ParseHost(bad); err == nil {
			t.Errorf("ParseHost(%q) accepted", bad)
		}
	}
	if _, err := New(Config{Store: newMemStore(), Hosts: []string{"http://x"}}); err == nil {
		t.Errorf("New accepted a host with a scheme")
	}
}

func (m *memStore) count() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.games)
}
