package server

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/plateau-games/plateau/store"
)

// signedUp is a browser logged in as a new account.
func signedUp(t *testing.T, ts *httptest.Server, name string) *http.Client {
	t.Helper()
	c := browser(t)
	if resp, _ := postAs(t, c, ts.URL+"/signup", signupForm(name, "password "+name)); resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("signup %s: %d", name, resp.StatusCode)
	}
	return c
}

// dialAs connects to a game's WebSocket with the browser's cookies.
func dialAs(t *testing.T, ts *httptest.Server, c *http.Client, id string) *wsClient {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	u, _ := url.Parse(ts.URL)
	h := http.Header{}
	for _, ck := range c.Jar.Cookies(u) {
		h.Add("Cookie", ck.Name+"="+ck.Value)
	}
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http")+"/games/"+id+"/ws", &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	conn.SetReadLimit(1 << 22)
	t.Cleanup(func() { conn.CloseNow() })
	return &wsClient{t: t, conn: conn}
}

func you(m msg) []int {
	var out []int
	for _, v := range m["you"].([]any) {
		out = append(out, int(v.(float64)))
	}
	return out
}

func TestLobbyChallengeToGame(t *testing.T) {
	srv, ts, st := accountServer(t, Config{LoginPerMinute: -1})
	alice, bob, carol := signedUp(t, ts, "alice"), signedUp(t, ts, "bob"), signedUp(t, ts, "carol")

	// Alice posts a rated POGO challenge, playing first.
	form := url.Values{"variant": {"pogo|"}, "clock": {"5"}, "increment": {"3"}, "colour": {"0"}, "rated": {"1"}}
	if resp, _ := postAs(t, alice, ts.URL+"/challenges", form); resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/lobby" {
		t.Fatalf("post challenge: %d %s", resp.StatusCode, resp.Header.Get("Location"))
	}
	// Everyone sees it, anonymous visitors included; only Alice can cancel it.
	_, list := getAs(t, bob, ts.URL+"/lobby/list?lang=en")
	if !strings.Contains(list, "alice") || !strings.Contains(list, "POGO") || !strings.Contains(list, "5&#43;3") || !strings.Contains(list, "/accept") {
		t.Fatalf("bob's lobby list: %s", list)
	}
	// Alice's rating in the variant beside her name: a new player's.
	if !strings.Contains(list, `<span class="rating">1500?</span>`) {
		t.Errorf("no rating beside alice's name: %s", list)
	}
	_, anon := getAs(t, browser(t), ts.URL+"/lobby/list")
	if !strings.Contains(anon, "alice") || strings.Contains(anon, "/accept") || strings.Contains(anon, "/cancel") {
		t.Fatalf("an anonymous visitor's list: %s", anon)
	}
	_, mine := getAs(t, alice, ts.URL+"/lobby/list")
	if !strings.Contains(mine, "/cancel") || strings.Contains(mine, "/accept") {
		t.Fatalf("alice's list: %s", mine)
	}
	open, _ := st.(store.Lobby).OpenChallenges(t.Context(), "", time.Now(), 0)
	if len(open) != 1 {
		t.Fatalf("open challenges: %+v", open)
	}
	id := open[0].ID

	// Alice cannot accept her own; an anonymous visitor is sent to log in.
	if resp, _ := postAs(t, alice, ts.URL+"/challenges/"+id+"/accept", nil); resp.Header.Get("Location") != "/lobby?error=self" {
		t.Errorf("alice accepting her own: %d %s", resp.StatusCode, resp.Header.Get("Location"))
	}
	if resp, _ := postAs(t, browser(t), ts.URL+"/challenges/"+id+"/accept", nil); !strings.HasPrefix(resp.Header.Get("Location"), "/login") {
		t.Errorf("an anonymous acceptance: %d %s", resp.StatusCode, resp.Header.Get("Location"))
	}
	// Bob accepts and lands in the game; Carol comes too late.
	resp, _ := postAs(t, bob, ts.URL+"/challenges/"+id+"/accept", nil)
	loc := resp.Header.Get("Location")
	if resp.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, "/games/") {
		t.Fatalf("bob accepting: %d %s", resp.StatusCode, loc)
	}
	gameID := strings.TrimPrefix(loc, "/games/")
	// The game page has both players' ratings, for the script.
	if _, page := getAs(t, bob, ts.URL+loc); !strings.Contains(page, `data-ratings="[&#34;1500?&#34;,&#34;1500?&#34;]"`) {
		t.Errorf("the game page lacks the players' ratings")
	}
	if resp, _ := postAs(t, carol, ts.URL+"/challenges/"+id+"/accept", nil); resp.Header.Get("Location") != "/lobby?error=taken" {
		t.Errorf("carol too late: %s", resp.Header.Get("Location"))
	}
	// Alice's page learns where the game is; Carol's does not.
	_, status := getAs(t, alice, ts.URL+"/challenges/"+id)
	var s map[string]string
	if err := json.Unmarshal([]byte(status), &s); err != nil || s["status"] != "accepted" || s["game"] != gameID {
		t.Fatalf("alice's challenge status: %s", status)
	}
	_, status = getAs(t, carol, ts.URL+"/challenges/"+id)
	if strings.Contains(status, gameID) {
		t.Errorf("carol learns the game of a challenge not hers: %s", status)
	}
	g, err := st.(store.Store).LoadGame(t.Context(), gameID)
	if err != nil || !g.Rated || g.Casual || g.Seats[0].User != "alice" || g.Seats[1].User != "bob" || g.ClockMillis != 300000 || g.IncrementMillis != 3000 {
		t.Fatalf("the game: %+v, %v", g, err)
	}

	// The accounts hold their seats through their sessions; others watch.
	wa, wb, wc := dialAs(t, ts, alice, gameID), dialAs(t, ts, bob, gameID), dialAs(t, ts, carol, gameID)
	if y := you(wa.hello(0)); len(y) != 1 || y[0] != 0 {
		t.Errorf("alice holds %v, want [0]", y)
	}
	if y := you(wb.hello(0)); len(y) != 1 || y[0] != 1 {
		t.Errorf("bob holds %v, want [1]", y)
	}
	if y := you(wc.hello(0)); len(y) != 0 {
		t.Errorf("carol holds %v, want none", y)
	}
	wc.move(0, "2b1-b3")
	wc.expect("", nil) // refused: a spectator
	wa.move(0, "2b1-b3")
	wb.expect("state", plyIs(1))

	// Bob resigns: the rated game changes both ratings, once, and the
	// result says by how much.
	wb.send(map[string]any{"type": "resign"})
	st2 := wa.expect("state", func(m msg) bool { return m.str("ratings") != "" })
	if want := "Ratings: alice 1500 → 1662 (+162), bob 1500 → 1338 (−162)"; st2.str("ratings") != want {
		t.Errorf("rating changes %q, want %q", st2.str("ratings"), want)
	}
	// The player pages show the ratings, a graph and the game; the
	// leaderboard ranks them.
	_, page := getAs(t, carol, ts.URL+"/players/ALICE?lang=en")
	for _, want := range []string{`id="playername">alice`, `1662?`, `<svg class="ratinggraph"`, `/games/` + gameID, "Won / drawn / lost 1 / 0 / 0"} {
		if !strings.Contains(page, want) {
			t.Errorf("alice's page lacks %q", want)
		}
	}
	if strings.Contains(page, "style=") {
		t.Errorf("the rating graph has a style attribute, which the CSP forbids")
	}
	_, board := getAs(t, carol, ts.URL+"/leaderboard?variant=pogo&lang=en")
	if a, b := strings.Index(board, ">alice<"), strings.Index(board, ">bob<"); a < 0 || b < 0 || a > b {
		t.Errorf("leaderboard: alice at %d, bob at %d", a, b)
	}
	// Without a variant, the leaderboard opens on one that has players.
	if _, board := getAs(t, carol, ts.URL+"/leaderboard?lang=en"); !strings.Contains(board, ">alice<") {
		t.Errorf("the leaderboard opens on a variant without players")
	}
	if resp, _ := getAs(t, carol, ts.URL+"/players/nobody"); resp.StatusCode != http.StatusNotFound {
		t.Errorf("a missing player: %d", resp.StatusCode)
	}
	if resp, _ := getAs(t, carol, ts.URL+"/players/..%2Fetc"); resp.StatusCode != http.StatusNotFound {
		t.Errorf("a path as a player name: %d", resp.StatusCode)
	}
	// A rematch keeps the accounts, turned round, and the rating, once
	// Bob accepted Alice's proposal (rematch_test.go tries the rest).
	wa.send(map[string]any{"type": "rematch"})
	wb.expect("state", func(m msg) bool { return m["rematch"] != nil })
	wb.send(map[string]any{"type": "rematch"})
	rm := wa.expect("rematch", nil)
	rid := strings.TrimPrefix(strings.Split(rm.str("url"), "#")[0], "/games/")
	rg, err := st.(store.Store).LoadGame(t.Context(), rid)
	if err != nil || !rg.Rated || rg.Seats[0].User != "bob" || rg.Seats[1].User != "alice" {
		t.Errorf("the rematch: %+v, %v", rg, err)
	}
	rs := st.(store.Ratings)
	for name, want := range map[string]float64{"alice": 1662.3, "bob": 1337.7} {
		list, err := rs.UserRatings(t.Context(), name)
		if err != nil || len(list) != 1 || list[0].Variant != "pogo" || list[0].Games != 1 || math.Abs(list[0].Rating-want) > 0.1 {
			t.Errorf("%s's ratings: %+v, %v; want one pogo game at %.1f", name, list, err, want)
		}
	}
	// The result keeps saying it when the game is opened again later (a
	// new room, from the store).
	for _, c := range []*wsClient{wa, wb, wc} {
		c.conn.CloseNow()
	}
	waitNoRoom(t, srv, gameID)
	late := dialAs(t, ts, carol, gameID)
	if st := late.hello(0); st.str("ratings") != "Ratings: alice 1500 → 1662 (+162), bob 1500 → 1338 (−162)" {
		t.Errorf("the ratings of the game opened again: %q", st.str("ratings"))
	}
}

func TestLobbyRefusals(t *testing.T) {
	_, ts, _ := accountServer(t, Config{LoginPerMinute: -1, CreatePerMinute: -1})
	alice := signedUp(t, ts, "alice")
	for _, tc := range []struct {
		form url.Values
		code string
	}{
		{url.Values{"variant": {"chess|"}}, "badgame"},
		{url.Values{"variant": {"empire|players=4"}}, "badgame"},
		{url.Values{"variant": {"pogo|"}, "clock": {"-3"}}, "badclock"},
		{url.Values{"variant": {"pogo|"}, "opponent": {"nobody"}}, "nouser"},
		{url.Values{"variant": {"pogo|"}, "opponent": {"<b>x</b>"}}, "nouser"},
		{url.Values{"variant": {"pogo|"}, "opponent": {"ALICE"}}, "self"},
	} {
		resp, _ := postAs(t, alice, ts.URL+"/challenges", tc.form)
		if got := resp.Header.Get("Location"); got != "/lobby?error="+tc.code {
			t.Errorf("challenge %v: %s, want error %s", tc.form, got, tc.code)
		}
	}
	for i := 0; i < store.MaxOpenChallenges; i++ {
		postAs(t, alice, ts.URL+"/challenges", url.Values{"variant": {"pogo|"}})
	}
	if resp, _ := postAs(t, alice, ts.URL+"/challenges", url.Values{"variant": {"pogo|"}}); resp.Header.Get("Location") != "/lobby?error=toomany" {
		t.Errorf("challenge %d: %s", store.MaxOpenChallenges+1, resp.Header.Get("Location"))
	}
	_, page := getAs(t, alice, ts.URL+"/lobby?error=toomany&lang=fr")
	if !strings.Contains(page, "trop de défis ouverts") {
		t.Errorf("the French lobby does not explain the refusal")
	}
	// Not logged in: the lobby shows the challenges and asks to log in.
	_, page = getAs(t, browser(t), ts.URL+"/lobby?lang=en")
	if !strings.Contains(page, `id="logintoplay"`) || strings.Contains(page, `id="challengeform"`) {
		t.Errorf("an anonymous lobby offers the form")
	}
	// Another site's page cannot post a challenge for Alice.
	req, _ := http.NewRequest(http.MethodPost, ts.URL+"/challenges", strings.NewReader("variant=pogo%7C"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", "https://evil.example")
	if resp, _ := doAs(t, alice, req); resp.StatusCode != http.StatusForbidden {
		t.Errorf("a cross-site challenge: %d", resp.StatusCode)
	}
}

// A correspondence game from the lobby: two days a move. The server is
// stopped after the first move; a new one on the same store shows Bob's
// time left a day later, and once his two days are gone, with nobody
// connected, aborts the game: Bob never made his first move (abort.go).
// A loss on time after a first move is TestCorrespondenceTimeAfterFirstMove.
func TestCorrespondenceAcrossRestarts(t *testing.T) {
	path := filepath.Join(t.TempDir(), "plateau.db")
	st, err := store.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	clock := func() time.Time { return now }
	s1, ts1 := runServer(t, Config{Store: st, NewAgent: cheapAgents, Now: clock, LoginPerMinute: -1})
	alice, bob := signedUp(t, ts1, "alice"), signedUp(t, ts1, "bob")
	form := url.Values{"variant": {"pogo|"}, "days": {"2"}, "clock": {"5"}, "colour": {"0"}, "rated": {"1"}}
	if resp, _ := postAs(t, alice, ts1.URL+"/challenges", form); resp.Header.Get("Location") != "/lobby" {
		t.Fatalf("post: %s", resp.Header.Get("Location"))
	}
	_, list := getAs(t, bob, ts1.URL+"/lobby/list?lang=fr")
	if !strings.Contains(list, "2 jours par coup") {
		t.Errorf("the lobby does not say days per move: %s", list)
	}
	open, _ := st.(store.Lobby).OpenChallenges(t.Context(), "", now, 0)
	resp, _ := postAs(t, bob, ts1.URL+"/challenges/"+open[0].ID+"/accept", nil)
	gameID := strings.TrimPrefix(resp.Header.Get("Location"), "/games/")
	g, _ := st.LoadGame(t.Context(), gameID)
	if g.MoveDays != 2 || g.ClockMillis != 0 {
		t.Fatalf("the game: %d days a move, clock %d", g.MoveDays, g.ClockMillis)
	}
	wa := dialAs(t, ts1, alice, gameID)
	state := wa.hello(0)
	twoDays := float64(2 * 24 * time.Hour / time.Millisecond)
	if c := state["clocks"].([]any); c[0].(float64) != twoDays || c[1].(float64) != twoDays || state.num("running") != 0 {
		t.Fatalf("clocks at the start: %v, running %d", c, state.num("running"))
	}
	now = now.Add(time.Hour)
	wa.move(0, pogoWin[0])
	wa.expect("ack", nil)
	// Bob's games: this one, his turn, two days left; the reminder counts it.
	_, page := getAs(t, bob, ts1.URL+"/my-games?lang=en")
	if !strings.Contains(page, `class="yourturn" data-id="`+gameID+`"`) || !strings.Contains(page, "2 d 0 h") {
		t.Errorf("bob's games page: %s", page)
	}
	for who, want := range map[*http.Client]string{bob: `{"yourTurn":1}`, alice: `{"yourTurn":0}`} {
		if _, got := getAs(t, who, ts1.URL+"/my-games/turns"); strings.TrimSpace(got) != want {
			t.Errorf("turns: %s, want %s", got, want)
		}
	}
	if resp, _ := getAs(t, browser(t), ts1.URL+"/my-games/turns"); resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("turns without a login: %d", resp.StatusCode)
	}
	s1.Close()
	ts1.Close()
	st.Close()

	// A day later, another server: Bob has a day left.
	now = now.Add(24 * time.Hour)
	st2, err := store.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st2.Close() })
	s2, ts2 := runServer(t, Config{Store: st2, NewAgent: cheapAgents, Now: clock})
	s2.live.ExpireCorrespondence()
	w := dial(t, ts2, gameID)
	state = w.hello(1)
	if left := state["clocks"].([]any)[1].(float64); state.num("running") != 1 || left != float64(24*time.Hour/time.Millisecond) {
		t.Fatalf("bob's time a day later: %v ms, running %d", left, state.num("running"))
	}
	w.conn.CloseNow()
	// Evict the room as the maintenance would once nobody is connected.
	waitNoRoom(t, s2, gameID)

	now = now.Add(24*time.Hour + time.Minute)
	s2.live.ExpireCorrespondence()
	g, _ = st2.LoadGame(t.Context(), gameID)
	if g.Result != "over" || g.Reason != "aborted 2" {
		t.Fatalf("after bob's two days: %q %q", g.Result, g.Reason)
	}
	list2, err := st2.(store.Ratings).UserRatings(t.Context(), "alice")
	if err != nil || len(list2) != 0 {
		t.Errorf("alice's ratings after the aborted game: %+v, %v", list2, err)
	}
}

// waitNoRoom drops a game's room once its connections are gone.
func waitNoRoom(t *testing.T, s *Server, id string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if s.live.DropIfEmpty(id) {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("the room of %s stays", id)
}

// An operator disables an account from its page: its sessions end at
// once; a player cannot do it.
func TestOperatorDisablesFromThePage(t *testing.T) {
	_, ts, st := accountServer(t, Config{LoginPerMinute: -1})
	modo, eve, bob := signedUp(t, ts, "modo"), signedUp(t, ts, "eve"), signedUp(t, ts, "bob")
	u, _ := st.LoadUser(t.Context(), "modo")
	u.Role = store.RoleOperator
	st.UpdateUser(t.Context(), u)
	if resp, _ := postAs(t, bob, ts.URL+"/players/eve/disable", nil); resp.StatusCode != http.StatusForbidden {
		t.Errorf("a player disabling: %d", resp.StatusCode)
	}
	if _, page := getAs(t, bob, ts.URL+"/players/eve"); strings.Contains(page, `id="moderate"`) {
		t.Errorf("a player sees the button")
	}
	if _, page := getAs(t, modo, ts.URL+"/players/eve"); !strings.Contains(page, `action="/players/eve/disable"`) {
		t.Errorf("the operator sees no button")
	}
	if resp, _ := postAs(t, modo, ts.URL+"/players/eve/disable", nil); resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("the operator disabling: %d", resp.StatusCode)
	}
	if name := loggedInAs(t, eve, ts); name != "" {
		t.Errorf("a disabled account is still logged in as %q", name)
	}
	if resp, _ := postAs(t, modo, ts.URL+"/players/modo/disable", nil); resp.StatusCode != http.StatusBadRequest {
		t.Errorf("the operator disabling himself: %d", resp.StatusCode)
	}
	postAs(t, modo, ts.URL+"/players/eve/enable", nil)
	if u, _ := st.LoadUser(t.Context(), "eve"); u.Disabled {
		t.Errorf("eve is still disabled")
	}
}

// loadGames is how many games the server has read from its store.
func loadGames(t *testing.T, ts *httptest.Server) int {
	t.Helper()
	_, metrics := get(t, ts, "/metrics")
	for _, line := range strings.Split(metrics, "\n") {
		if strings.HasPrefix(line, `plateau_store_duration_seconds_count{op="load_game"} `) {
			var n int
			fmt.Sscan(strings.Fields(line)[1], &n)
			return n
		}
	}
	return 0
}

// A player asking for the reminder in a loop costs one count of his
// games while they do not change, not one each time; a move counts again.
func TestAttackTurnsReminderLoop(t *testing.T) {
	_, ts, st := accountServer(t, Config{LoginPerMinute: -1, CreatePerMinute: -1})
	alice, bob := signedUp(t, ts, "alice"), signedUp(t, ts, "bob")
	for i := 0; i < 3; i++ {
		postAs(t, alice, ts.URL+"/challenges", url.Values{"variant": {"pogo|"}, "colour": {"0"}})
	}
	_, list := getAs(t, bob, ts.URL+"/lobby/list")
	for _, part := range strings.Split(list, `data-id="`)[1:] {
		postAs(t, bob, ts.URL+"/challenges/"+part[:strings.Index(part, `"`)]+"/accept", nil)
	}
	before := loadGames(t, ts)
	for i := 0; i < 20; i++ {
		if _, got := getAs(t, alice, ts.URL+"/my-games/turns"); strings.TrimSpace(got) != `{"yourTurn":3}` {
			t.Fatalf("turns: %s", got)
		}
	}
	if n := loadGames(t, ts) - before; n != 3 {
		t.Errorf("20 reminders read %d games, want 3 (one count)", n)
	}
	// Alice moves in one of them: the next reminder counts again.
	mine, _ := st.(store.Store).ListGames(t.Context(), store.Filter{User: "alice"})
	w := dialAs(t, ts, alice, mine[0].ID)
	w.hello(0)
	w.move(0, pogoWin[0])
	w.expect("ack", nil)
	if _, got := getAs(t, alice, ts.URL+"/my-games/turns"); strings.TrimSpace(got) != `{"yourTurn":2}` {
		t.Errorf("turns after a move: %s", got)
	}
}
