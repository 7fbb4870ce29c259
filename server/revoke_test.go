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

	"github.com/coder/websocket"

	"github.com/plateau-games/plateau/accounts"
	"github.com/plateau-games/plateau/server/internal/club"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// closedWithin waits for the server to close the WebSocket (the bound is
// generous: the test waits on the close, not on a speed) and returns its
// close status.
func closedWithin(t *testing.T, c *wsClient) websocket.StatusCode {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for {
		if _, _, err := c.conn.Read(ctx); err != nil {
			if ctx.Err() != nil {
				t.Fatal("the WebSocket is still open 30 s after the revocation")
			}
			return websocket.CloseStatus(err)
		}
	}
}

// streamWith opens the lobby's event stream with a header (a cookie or a
// bot token) and returns a channel closed when the stream ends.
func streamWith(t *testing.T, ts *httptest.Server, header, value string) <-chan struct{} {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, ts.URL+"/lobby/events", nil)
	req.Header.Set(header, value)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("lobby events: %d", resp.StatusCode)
	}
	ended := make(chan struct{})
	go func() {
		defer close(ended)
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
		}
	}()
	return ended
}

func endedWithin(t *testing.T, ended <-chan struct{}, what string) {
	t.Helper()
	select {
	case <-ended:
	case <-time.After(30 * time.Second):
		t.Fatalf("%s still open 30 s after the revocation", what)
	}
}

// sessionCookieOf is the header a browser sends with its session.
func sessionCookieOf(t *testing.T, ts *httptest.Server, c *http.Client) string {
	t.Helper()
	u, _ := url.Parse(ts.URL)
	for _, ck := range c.Jar.Cookies(u) {
		if ck.Name == club.SessionCookie {
			return ck.Name + "=" + ck.Value
		}
	}
	t.Fatal("no session cookie")
	return ""
}

// Disabling an account closes its open WebSocket and event stream at
// once: the operator's plateau users disable writes the store directly
// while the server runs (SQLite: no notification, the server's poll of
// the count of revocations finds it). Another player's connections stay.
func TestDisableClosesConnections(t *testing.T) {
	_, ts, st := accountServer(t, Config{LoginPerMinute: -1, RevocationPoll: 20 * time.Millisecond})
	alice, bob := signedUp(t, ts, "alice"), signedUp(t, ts, "bob")
	g := createGame(t, ts, form("pogo", "me", "invite"))
	aliceWS, bobWS := dialAs(t, ts, alice, g.id), dialAs(t, ts, bob, g.id)
	aliceWS.hello(0)
	bobWS.hello(0)
	aliceStream := streamWith(t, ts, "Cookie", sessionCookieOf(t, ts, alice))

	u, err := st.LoadUser(t.Context(), "alice")
	if err != nil {
		t.Fatal(err)
	}
	u.Disabled = true
	if err := st.UpdateUser(t.Context(), u); err != nil { // as plateau users disable does
		t.Fatal(err)
	}
	if code := closedWithin(t, aliceWS); code != club.StatusRevoked {
		t.Fatalf("alice's WebSocket closed with %v, want %v", code, club.StatusRevoked)
	}
	endedWithin(t, aliceStream, "alice's event stream")
	// Bob's connection was not touched: it still answers.
	bobWS.send(map[string]any{"type": "hello", "ply": 0})
	bobWS.expect("state", nil)
	// Alice's session no longer opens anything.
	if name := loggedInAs(t, alice, ts); name != "" {
		t.Fatalf("a disabled account's browser is still logged in as %q", name)
	}
}

// An operator disabling an account from its page closes its connections
// on this server at once, without waiting for a poll.
func TestDisableFromSiteClosesConnections(t *testing.T) {
	_, ts, st := accountServer(t, Config{LoginPerMinute: -1, RevocationPoll: time.Hour})
	alice, modo := signedUp(t, ts, "alice"), signedUp(t, ts, "modo")
	u, _ := st.LoadUser(t.Context(), "modo")
	u.Role = store.RoleOperator
	if err := st.UpdateUser(t.Context(), u); err != nil {
		t.Fatal(err)
	}
	g := createGame(t, ts, form("pogo", "me", "invite"))
	aliceWS := dialAs(t, ts, alice, g.id)
	aliceWS.hello(0)
	if resp, _ := postAs(t, modo, ts.URL+"/players/alice/disable", nil); resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("disable: %d", resp.StatusCode)
	}
	if code := closedWithin(t, aliceWS); code != club.StatusRevoked {
		t.Fatalf("alice's WebSocket closed with %v", code)
	}
}

// Revoking a bot token closes the WebSocket and the event stream opened
// with it; those of the bot's other token stay open.
func TestRevokeTokenClosesConnections(t *testing.T) {
	_, ts, st := accountServer(t, Config{LoginPerMinute: -1, RevocationPoll: 20 * time.Millisecond})
	revoked, id := newBotAccount(t, st, "robo")
	kept, hash, _ := accounts.NewToken()
	if err := st.(store.BotTokens).CreateBotToken(t.Context(), &store.BotToken{ID: "tok2", User: "robo", Hash: hash}); err != nil {
		t.Fatal(err)
	}
	g := createGame(t, ts, form("pogo", "me", "invite"))
	dialBot := func(token string) *wsClient {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http")+"/games/"+g.id+"/ws",
			&websocket.DialOptions{HTTPHeader: http.Header{"Authorization": {"Bearer " + token}}})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { conn.CloseNow() })
		c := &wsClient{t: t, conn: conn}
		c.hello(0)
		return c
	}
	gone, stays := dialBot(revoked), dialBot(kept)
	goneStream := streamWith(t, ts, "Authorization", "Bearer "+revoked)
	staysStream := streamWith(t, ts, "Authorization", "Bearer "+kept)

	if err := st.(store.BotTokens).RevokeBotToken(t.Context(), "robo", id); err != nil {
		t.Fatal(err)
	}
	if code := closedWithin(t, gone); code != club.StatusRevoked {
		t.Fatalf("the revoked token's WebSocket closed with %v", code)
	}
	endedWithin(t, goneStream, "the revoked token's event stream")
	stays.send(map[string]any{"type": "hello", "ply": 0})
	stays.expect("state", nil)
	select {
	case <-staysStream:
		t.Fatal("the other token's event stream was closed")
	default:
	}
}

// Two servers on one PostgreSQL: an account disabled through one closes
// its WebSocket and event stream on the other at once. The other server
// does not poll (RevocationPoll of an hour): the store's notification
// does it.
func TestTwoServersRevocation(t *testing.T) {
	stores := pgStores(t, 2)
	_, tsA := runServer(t, Config{Store: stores[0], NewAgent: cheapAgents, LoginPerMinute: -1, RevocationPoll: time.Hour})
	runServer(t, Config{Store: stores[1], NewAgent: cheapAgents, LoginPerMinute: -1, RevocationPoll: time.Hour})
	alice := signedUp(t, tsA, "alice")
	g := createGame(t, tsA, form("pogo", "me", "invite"))
	ws := dialAs(t, tsA, alice, g.id)
	ws.hello(0)
	stream := streamWith(t, tsA, "Cookie", sessionCookieOf(t, tsA, alice))

	// Disabled through server B (its store, as B's operator page or
	// plateau users would).
	acc := stores[1].(store.Accounts)
	u, err := acc.LoadUser(t.Context(), "alice")
	if err != nil {
		t.Fatal(err)
	}
	u.Disabled = true
	if err := acc.UpdateUser(t.Context(), u); err != nil {
		t.Fatal(err)
	}
	if code := closedWithin(t, ws); code != club.StatusRevoked {
		t.Fatalf("the WebSocket on the other server closed with %v", code)
	}
	endedWithin(t, stream, "the event stream on the other server")
}

// A WebSocket whose credential was looked up just before a revocation
// check, and tracked just after it, is checked again: it cannot slip
// between the two.
func TestRevocationRaceChecksAgain(t *testing.T) {
	s, _, st := accountServer(t, Config{LoginPerMinute: -1, RevocationPoll: time.Hour})
	if err := st.CreateUser(t.Context(), &store.User{Name: "alice"}); err != nil {
		t.Fatal(err)
	}
	info := &web.RequestInfo{User: &store.User{Name: "alice"}, Cred: "session " + accounts.TokenHash("no such session"),
		CredGen: s.club.RevocationGen()}
	s.club.Revoked("someone") // a check begins after the lookup
	eventually(t, "the check to begin", func() bool { return s.club.RevocationGen() != info.CredGen })
	closed := make(chan struct{})
	defer s.club.TrackCredential(info, func() { close(closed) })()
	select {
	case <-closed:
	case <-time.After(30 * time.Second):
		t.Fatal("a connection tracked after a check began was not checked again")
	}
}
