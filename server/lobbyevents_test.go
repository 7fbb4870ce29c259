package server

import (
	"bufio"
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"
)

// lobbyStream opens a lobby page's event stream and returns its lines.
func lobbyStream(t *testing.T, ts *httptest.Server) <-chan string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, ts.URL+"/lobby/events", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		t.Fatalf("lobby events: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	lines := make(chan string, 16)
	go func() {
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	return lines
}

// waitChanged waits for a "changed" event.
func waitChanged(t *testing.T, lines <-chan string, within time.Duration) time.Duration {
	t.Helper()
	began := time.Now()
	deadline := time.After(within)
	for {
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatal("the lobby's stream ended")
			}
			if l == "data: changed" {
				return time.Since(began)
			}
		case <-deadline:
			t.Fatalf("no lobby change within %v", within)
		}
	}
}

func TestLobbyEvents(t *testing.T) {
	_, ts, _ := accountServer(t, Config{LoginPerMinute: -1})
	alice, bob := signedUp(t, ts, "alice"), signedUp(t, ts, "bob")
	lines := lobbyStream(t, ts)
	postAs(t, alice, ts.URL+"/challenges", url.Values{"variant": {"pogo|"}})
	waitChanged(t, lines, 2*time.Second)
	_, list := getAs(t, bob, ts.URL+"/lobby/list")
	i := strings.Index(list, `data-id="`)
	id := list[i+len(`data-id="`):]
	id = id[:strings.Index(id, `"`)]
	postAs(t, bob, ts.URL+"/challenges/"+id+"/accept", nil)
	waitChanged(t, lines, 2*time.Second)
}

// A challenge posted on one server reaches the lobby pages of another.
func TestTwoServersLobby(t *testing.T) {
	stores := pgStores(t, 2)
	_, ts1 := runServer(t, Config{Store: stores[0], NewAgent: cheapAgents, LoginPerMinute: -1})
	_, ts2 := runServer(t, Config{Store: stores[1], NewAgent: cheapAgents, LoginPerMinute: -1})
	alice := signedUp(t, ts1, "alice")
	lines := lobbyStream(t, ts2)
	began := time.Now()
	postAs(t, alice, ts1.URL+"/challenges", url.Values{"variant": {"pogo|"}})
	waitChanged(t, lines, 2*time.Second)
	took := time.Since(began)
	t.Logf("a challenge posted on one server reached the other's lobby %v after the post began", took.Round(time.Millisecond))
	if _, list := getAs(t, browser(t), ts2.URL+"/lobby/list"); !strings.Contains(list, "alice") {
		t.Errorf("the other server's lobby lacks the challenge")
	}
}
