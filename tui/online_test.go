package tui

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/server"
	"github.com/plateau-games/plateau/store"
)

// startServer runs a plateau server on a SQLite file, computer seats
// playing random moves.
func startServer(t *testing.T) *httptest.Server {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	s, err := server.New(server.Config{Store: st, NewAgent: func(_ string, v *game.Variant, seed uint64) (server.Agent, error) {
		return ai.New("random", v, seed)
	}})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s)
	t.Cleanup(func() {
		s.Close()
		ts.Close()
		st.Close()
	})
	return ts
}

// newGame creates a game through the site's form and returns the link of
// the creator's seats, as the site shows it.
func newGame(t *testing.T, ts *httptest.Server, form url.Values) string {
	t.Helper()
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.PostForm(ts.URL+"/games", form)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("POST /games: %d", resp.StatusCode)
	}
	return ts.URL + resp.Header.Get("Location")
}

// onlineScreen is a screen whose messages also come from the connection.
type onlineScreen struct {
	*screen
	inbox chan tea.Msg
}

func newOnlineScreen(t *testing.T, link, lang string) *onlineScreen {
	t.Helper()
	o, err := ParseGameLink("", link, lang)
	if err != nil {
		t.Fatal(err)
	}
	inbox := make(chan tea.Msg, 64)
	o.attach(func(m tea.Msg) { inbox <- m })
	sc := &onlineScreen{screen: &screen{t: t, m: newModel(context.Background(), Config{Lang: lang, Online: o, NoPause: true, Width: 80, Height: 24})}, inbox: inbox}
	sc.run(sc.m.Init())
	t.Cleanup(o.close)
	return sc
}

// await feeds the connection's messages to the view until ok holds.
func (sc *onlineScreen) await(what string, ok func() bool) {
	sc.t.Helper()
	// Idle, what is awaited comes within milliseconds: a minute only turns
	// a message that never comes into a failure, however loaded the machine.
	deadline := time.After(time.Minute)
	for !ok() {
		select {
		case msg := <-sc.inbox:
			sc.run(func() tea.Msg { return msg })
		case <-deadline:
			sc.t.Fatalf("waiting for %s; the screen:\n%s", what, sc.text())
		}
	}
}

func TestOnlineGameAgainstTheServersComputer(t *testing.T) {
	ts := startServer(t)
	link := newGame(t, ts, url.Values{"game": {"pogo"}, "variant": {""}, "casual": {"1"}, "clock": {"300"}, "increment": {"0"},
		"seat0": {"me"}, "seat1": {"computer"}, "level1": {"easy"}})
	if !strings.Contains(link, "#me=0-") {
		t.Fatalf("the creator's link has no seat: %s", link)
	}
	sc := newOnlineScreen(t, link, "fr")
	sc.await("the first state", func() bool { return sc.m.m != nil && sc.m.localTurn() })
	if s := sc.text(); !strings.Contains(s, "(vous)") || !strings.Contains(s, "ordinateur") || !strings.Contains(s, "5:00") {
		t.Fatalf("the players and clocks are not shown:\n%s", s)
	}
	// Three moves by the keys, each answered by the server's computer.
	for i := 0; i < 3 && !sc.m.over(); i++ {
		st := sc.m.m.State()
		mv := st.LegalMoves(nil)[0]
		want := len(sc.m.m.Moves()) + 2
		sc.playByKeys(mv)
		sc.await("the move and the reply", func() bool { return len(sc.m.m.Moves()) >= want || sc.m.over() })
		if got := sc.m.m.Notations()[want-2]; got != st.MoveString(mv) {
			t.Fatalf("the server has %s where the keys played %s", got, st.MoveString(mv))
		}
	}
	if len(sc.m.lastPlaces) == 0 {
		t.Error("the computer's move is not marked")
	}
	// Resigning ends the game on the server, and the view says so.
	sc.press("r", "o")
	sc.await("the end", func() bool { return sc.m.over() })
	if !strings.Contains(sc.text(), "abandon") {
		t.Fatalf("the end is not in words:\n%s", sc.text())
	}
	if r := sc.m.result(); r.Outcome == "" {
		t.Fatal("no outcome in the result")
	}
}

func TestOnlineSpectatorAndTwoPlayers(t *testing.T) {
	ts := startServer(t)
	link := newGame(t, ts, url.Values{"game": {"blocus"}, "variant": {""}, "casual": {"1"}, "clock": {"0"}, "increment": {"0"},
		"seat0": {"me"}, "seat1": {"me"}})
	player := newOnlineScreen(t, link, "en")
	u, _ := url.Parse(link)
	u.Fragment = ""
	watcher := newOnlineScreen(t, u.String(), "en")
	player.await("the state", func() bool { return player.m.m != nil })
	watcher.await("the state", func() bool { return watcher.m.m != nil })
	if !strings.Contains(watcher.text(), "You are watching") {
		t.Fatalf("the spectator is not told:\n%s", watcher.text())
	}
	watcher.press("enter")
	if !watcher.m.isError {
		t.Fatal("a spectator's pick is not refused")
	}
	for i := 0; i < 4; i++ {
		mv := player.m.m.State().LegalMoves(nil)[i]
		n := len(player.m.m.Moves())
		player.playByKeys(mv)
		player.await("the move", func() bool { return len(player.m.m.Moves()) == n+1 })
	}
	watcher.await("the moves on the spectator's screen", func() bool { return len(watcher.m.m.Moves()) == 4 })
	if strings.Join(watcher.m.m.Notations(), " ") != strings.Join(player.m.m.Notations(), " ") {
		t.Fatalf("the spectator sees %v, the player played %v", watcher.m.m.Notations(), player.m.m.Notations())
	}
}

func TestParseGameLink(t *testing.T) {
	for _, tc := range []struct {
		server, link, wantErr string
		tokens                int
	}{
		{"", "https://club.example/games/abc#me=1-tok", "", 1},
		{"", "https://club.example/games/abc#me=0-a,1-b&inv=2-c", "", 2},
		{"https://club.example", "/games/abc", "", 0},
		{"https://club.example", "abc", "", 0},
		{"", "abc", "give the whole link", 0},
		{"https://club.example", "https://other.example/games/abc", "not on --server", 0},
		{"ftp://x", "abc", "give the site's address", 0},
		{"", "https://club.example/games/a/b", "want …/games/ID", 0},
		{"", "javascript:alert(1)", "use an http or https link", 0},
	} {
		o, err := ParseGameLink(tc.server, tc.link, "en")
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("%q %q: %v, want an error with %q", tc.server, tc.link, err, tc.wantErr)
			}
			continue
		}
		if err != nil || len(o.tokens) != tc.tokens {
			t.Errorf("%q %q: %v, tokens %v", tc.server, tc.link, err, o)
		}
	}
}
