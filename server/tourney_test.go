package server

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/plateau-games/plateau/store"
	"github.com/plateau-games/plateau/tournament"
)

// newTournamentForm is a Swiss of POGO for the tests, starting in a year
// (the sweep starts a tournament whose start passed: the tests start
// theirs by hand).
func newTournamentForm(name, kind string, rounds int, auto bool) url.Values {
	f := url.Values{"name": {name}, "variant": {"pogo|"}, "kind": {kind}, "rounds": {fmt.Sprint(rounds)}, "minutes": {"30"},
		"clock": {"10"}, "increment": {"5"}, "days": {"0"},
		"starts": {time.Now().UTC().AddDate(1, 0, 0).Format("2006-01-02T15:04")}}
	if auto {
		f.Set("auto", "1")
	}
	return f
}

// createTournament posts the form as c and returns the tournament's id.
func createTournament(t *testing.T, ts *httptest.Server, c *http.Client, f url.Values) string {
	t.Helper()
	resp, body := postAs(t, c, ts.URL+"/tournaments", f)
	loc := resp.Header.Get("Location")
	if resp.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, "/tournaments/") {
		t.Fatalf("create tournament: %d %s %s", resp.StatusCode, loc, body)
	}
	return strings.TrimPrefix(loc, "/tournaments/")
}

// postTournament posts to one of a tournament's actions and returns the
// status and body.
func postTournament(t *testing.T, ts *httptest.Server, c *http.Client, id, action string, f url.Values) (int, string) {
	t.Helper()
	resp, body := postAs(t, c, ts.URL+"/tournaments/"+id+"/"+action+"?lang=en", f)
	return resp.StatusCode, body
}

func loadTournament(t *testing.T, st store.Store, id string) *store.Tournament {
	t.Helper()
	tr, err := st.(store.Tournaments).LoadTournament(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// waitTournament waits until the tournament passes ok. The server pairs
// in the background when a game ends: the bound is generous, the wait
// ends as soon as it is done.
func waitTournament(t *testing.T, st store.Store, id string, ok func(*store.Tournament) bool) *store.Tournament {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		tr := loadTournament(t, st, id)
		if ok(tr) {
			return tr
		}
		if time.Now().After(deadline) {
			t.Fatalf("the tournament never got there: %+v", tr)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// playBoard plays one board's game through the WebSocket: each player
// makes one random legal move, then the outcome: 0 the second player
// resigns, 1 the first does, 2 a draw offered and accepted.
func playBoard(t *testing.T, ts *httptest.Server, white, black *http.Client, game string, outcome int, rng *rand.Rand) {
	t.Helper()
	w, b := dialAs(t, ts, white, game), dialAs(t, ts, black, game)
	sw := w.hello(0)
	b.hello(0)
	if y := you(sw); len(y) != 1 || y[0] != 0 {
		t.Fatalf("game %s: the first player holds %v", game, y)
	}
	w.move(0, randomLegal(t, sw, rng))
	sb := b.expect("state", plyIs(1))
	b.move(1, randomLegal(t, sb, rng))
	w.expect("state", plyIs(2))
	switch outcome {
	case 0:
		b.send(map[string]any{"type": "resign"})
	case 1:
		w.send(map[string]any{"type": "resign"})
	default:
		w.send(map[string]any{"type": "draw"})
		b.expect("state", func(m msg) bool { return m["offer"] != nil })
		b.send(map[string]any{"type": "answer", "accept": true})
	}
	w.expect("state", func(m msg) bool { s := m.str("result"); return s != "" && s != "*" })
}

func randomLegal(t *testing.T, m msg, rng *rand.Rand) string {
	t.Helper()
	legal, _ := m["legal"].([]any)
	if len(legal) == 0 {
		t.Fatalf("no legal move in %v", m)
	}
	mv, _ := legal[rng.IntN(len(legal))].(map[string]any)
	return mv["move"].(string)
}

// standingsOnPage reads the standings table: players and points in order.
var standingRe = regexp.MustCompile(`data-player="([^"]+)" data-points="([^"]+)"`)

// TestTournamentSwissEightPlayed: eight accounts play a four-round Swiss
// of POGO to the end through the server (pages, WebSocket), the rounds
// paired by the server when the last game of each ends. Every round's
// pairing is the one package tournament gives on the results so far,
// and the final standings on the page are package tournament's.
func TestTournamentSwissEightPlayed(t *testing.T) {
	_, ts, acc := accountServer(t, Config{LoginPerMinute: -1, CreatePerMinute: -1})
	st := acc.(store.Store)
	dora := signedUp(t, ts, "dora")
	names := []string{"p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8"}
	clients := map[string]*http.Client{}
	for _, n := range names {
		clients[n] = signedUp(t, ts, n)
	}
	id := createTournament(t, ts, dora, newTournamentForm("Club evening", "swiss", 4, true))
	if _, list := getAs(t, browser(t), ts.URL+"/tournaments?lang=en"); !strings.Contains(list, "Club evening") || !strings.Contains(list, "4 rounds") {
		t.Fatalf("the list lacks the tournament: %s", list)
	}
	for _, n := range names {
		if code, body := postTournament(t, ts, clients[n], id, "register", nil); code != http.StatusSeeOther {
			t.Fatalf("%s registers: %d %s", n, code, body)
		}
	}
	if code, _ := postTournament(t, ts, dora, id, "start", nil); code != http.StatusSeeOther {
		t.Fatalf("the director's start: %d", code)
	}
	rng := rand.New(rand.NewPCG(28, 4))
	var tt tournament.Tournament // the same tournament, kept by the test
	for _, n := range names {
		tt.Players = append(tt.Players, tournament.Player{ID: n, Name: n})
	}
	for round := 1; round <= 4; round++ {
		tr := waitTournament(t, st, id, func(tr *store.Tournament) bool { return tr.Paired == round })
		want, err := tournament.PairDutch(&tt, 4, nil)
		if err != nil {
			t.Fatal(err)
		}
		var rd tournament.Round
		var boards []store.Pairing
		for _, p := range tr.Pairings {
			if p.Round == round {
				boards = append(boards, p)
			}
		}
		if len(boards) != 4 {
			t.Fatalf("round %d has %d boards: %+v", round, len(boards), boards)
		}
		for i, p := range boards {
			if p.White != want.Games[i].White || p.Black != want.Games[i].Black {
				t.Errorf("round %d board %d: %s–%s, package tournament pairs %s–%s", round, i+1, p.White, p.Black, want.Games[i].White, want.Games[i].Black)
			}
			// Each player finds his game on the page and in "my games".
			if _, page := getAs(t, clients[p.White], ts.URL+"/tournaments/"+id+"?lang=en"); !strings.Contains(page, `id="tnmygame"`) || !strings.Contains(page, "/games/"+p.Game) {
				t.Errorf("%s's page does not show his game %s", p.White, p.Game)
			}
			if _, mine := getAs(t, clients[p.Black], ts.URL+"/my-games?lang=en"); !strings.Contains(mine, p.Game) {
				t.Errorf("%s's games lack %s", p.Black, p.Game)
			}
			outcome := rng.IntN(3)
			playBoard(t, ts, clients[p.White], clients[p.Black], p.Game, outcome, rng)
			res := []tournament.Result{tournament.WhiteWins, tournament.BlackWins, tournament.Draw}[outcome]
			rd.Games = append(rd.Games, tournament.Game{White: p.White, Black: p.Black, Result: res})
		}
		tt.Rounds = append(tt.Rounds, rd)
	}
	tr := waitTournament(t, st, id, func(tr *store.Tournament) bool { return tr.Status == store.TournamentFinished })
	for _, p := range tr.Pairings {
		if p.Result == "" || p.Corrected {
			t.Errorf("board %+v: no result from its game", p)
		}
	}
	_, page := getAs(t, browser(t), ts.URL+"/tournaments/"+id+"?lang=en")
	got := standingRe.FindAllStringSubmatch(page, -1)
	want := tt.Standings()
	if len(got) != len(want) {
		t.Fatalf("the page ranks %d players, want %d", len(got), len(want))
	}
	for i, s := range want {
		if got[i][1] != s.Player.ID || got[i][2] != halfPoints(s.Points) {
			t.Errorf("standing %d: %s with %s, package tournament says %s with %v", i+1, got[i][1], got[i][2], s.Player.ID, s.Points)
		}
	}
	for _, w := range []string{"Standings", "Crosstable", "Buchholz", "/tournaments/" + id + "/trf"} {
		if !strings.Contains(page, w) {
			t.Errorf("the finished page lacks %q", w)
		}
	}
	resp, trf := getAs(t, browser(t), ts.URL+"/tournaments/"+id+"/trf")
	if resp.StatusCode != http.StatusOK || !strings.Contains(trf, "XXR 4") || strings.Count(trf, "\n001 ") != 8 {
		t.Errorf("the TRF: %d\n%s", resp.StatusCode, trf)
	}
	if back, _, err := tournament.ReadTRF(strings.NewReader(trf)); err != nil || len(back.Rounds) != 4 {
		t.Errorf("the TRF does not read back: %v", err)
	}
}

// halfPoints writes points as a score sheet does: 2½, ½.
func halfPoints(p float64) string {
	whole := int(p)
	switch {
	case p == float64(whole):
		return fmt.Sprint(whole)
	case whole == 0:
		return "½"
	}
	return fmt.Sprint(whole) + "½"
}

// TestAttackTournaments: registering someone else, a result set by a
// player (his own game or another's), pairing, starting or ending from an
// account that is not the director's, and forms over the bounds: each
// refused with its words, and nothing changed.
func TestAttackTournaments(t *testing.T) {
	srv, ts, acc := accountServer(t, Config{LoginPerMinute: -1, CreatePerMinute: -1})
	st := acc.(store.Store)
	dora, bob, carol, eve := signedUp(t, ts, "dora"), signedUp(t, ts, "bob"), signedUp(t, ts, "carol"), signedUp(t, ts, "eve")
	id := createTournament(t, ts, dora, newTournamentForm("Attacks", "swiss", 3, false))
	refused := func(what string, code int, body, words string) {
		t.Helper()
		if code < 400 || !strings.Contains(body, words) {
			t.Errorf("%s: %d, want a refusal saying %q:\n%s", what, code, words, body)
		}
	}
	// Registering someone else.
	code, body := postTournament(t, ts, bob, id, "register", url.Values{"user": {"carol"}})
	refused("bob registers carol", code, body, "You can only register or withdraw yourself")
	if tr := loadTournament(t, st, id); len(tr.Entrants) != 0 {
		t.Fatalf("a refused registration entered %+v", tr.Entrants)
	}
	for _, c := range []*http.Client{bob, carol, eve} {
		postTournament(t, ts, c, id, "register", nil)
	}
	code, body = postTournament(t, ts, bob, id, "withdraw", url.Values{"user": {"carol"}})
	refused("bob withdraws carol", code, body, "You can only register or withdraw yourself")
	code, body = postTournament(t, ts, bob, id, "register", nil)
	refused("bob registers twice", code, body, "You are registered already")
	// Starting, pairing, ending, setting results: the director's only.
	for _, action := range []string{"start", "pair", "finish", "result"} {
		code, body = postTournament(t, ts, bob, id, action, url.Values{"round": {"1"}, "board": {"1"}, "result": {"1-0"}})
		refused("bob: "+action, code, body, "director can do that")
	}
	if tr := loadTournament(t, st, id); tr.Status != store.TournamentUpcoming || tr.Paired != 0 || tr.Entries != 3 {
		t.Fatalf("the refusals changed the tournament: %+v", tr)
	}
	// A page from another site cannot make the director's browser pair.
	req, _ := http.NewRequest(http.MethodPost, ts.URL+"/tournaments/"+id+"/start", nil)
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	if resp, _ := doAs(t, dora, req); resp.StatusCode != http.StatusForbidden {
		t.Errorf("a start from another site: %d", resp.StatusCode)
	}
	if tr := loadTournament(t, st, id); tr.Status != store.TournamentUpcoming {
		t.Fatalf("a start from another site started it")
	}
	if code, _ := postTournament(t, ts, dora, id, "start", nil); code != http.StatusSeeOther {
		t.Fatalf("the director's start: %d", code)
	}
	tr := loadTournament(t, st, id)
	if tr.Paired != 1 || len(tr.Pairings) != 2 {
		t.Fatalf("round 1: %+v", tr.Pairings)
	}
	// Only the director's page offers to set results.
	if _, page := getAs(t, bob, ts.URL+"/tournaments/"+id+"?lang=en"); strings.Contains(page, "/result") || strings.Contains(page, `id="tnpair"`) {
		t.Errorf("a player's page offers the director's forms")
	}
	if _, page := getAs(t, dora, ts.URL+"/tournaments/"+id+"?lang=en"); !strings.Contains(page, "/tournaments/"+id+"/result") || !strings.Contains(page, "Director: <a") {
		t.Errorf("the director's page lacks the result forms or names no director")
	}
	// A player reporting a result, of his own game or of another's.
	for _, c := range []*http.Client{bob, carol, eve} {
		code, body = postTournament(t, ts, c, id, "result", url.Values{"round": {"1"}, "board": {"1"}, "result": {"1-0"}})
		refused("a player's result", code, body, "director can do that")
	}
	code, body = postTournament(t, ts, eve, id, "register", nil)
	refused("a registration after the start", code, body, "Registration is over")
	if after := loadTournament(t, st, id); fmt.Sprint(after.Pairings) != fmt.Sprint(tr.Pairings) {
		t.Fatalf("the refusals changed the pairings: %+v", after.Pairings)
	}
	// The director pairs only a finished round, once.
	code, body = postTournament(t, ts, dora, id, "pair", url.Values{"round": {"2"}})
	refused("pairing before the games end", code, body, "not all over")
	code, body = postTournament(t, ts, dora, id, "pair", url.Values{"round": {"1"}})
	refused("pairing round 1 again", code, body, "is paired already")
	// The director's forfeit stands when the game ends after it.
	board := tr.Pairings[0]
	if code, _ := postTournament(t, ts, dora, id, "result", url.Values{"round": {"1"}, "board": {"1"}, "result": {"+/-"}}); code != http.StatusSeeOther {
		t.Fatalf("the director's forfeit: %d", code)
	}
	code, body = postTournament(t, ts, dora, id, "result", url.Values{"round": {"1"}, "board": {"2"}, "result": {"2-0"}})
	refused("a result 2-0", code, body, "A result is 1-0")
	w := dialAs(t, ts, map[string]*http.Client{"bob": bob, "carol": carol, "eve": eve}[board.White], board.Game)
	w.hello(0)
	w.send(map[string]any{"type": "resign"})
	w.expect("state", func(m msg) bool { s := m.str("result"); return s != "" && s != "*" })
	srv.tourney.Sweep() // reads the game's result, as after a missed hook: the forfeit stays
	if p := loadTournament(t, st, id).Pairings[0]; p.Result != "+/-" || !p.Corrected {
		t.Errorf("the game's end overwrote the director's forfeit: %+v", p)
	}

	// Sizes: each refused with its bound, nothing made.
	before, _ := st.(store.Tournaments).ListTournaments(t.Context(), "", 0)
	long := newTournamentForm(strings.Repeat("n", store.MaxTournamentName+1), "swiss", 3, false)
	for _, tc := range []struct {
		what  string
		form  url.Values
		words string
	}{
		{"a long name", long, "1 to 80 characters"},
		{"61 rounds", newTournamentForm("x", "swiss", 61, false), "1 to 60 rounds"},
		{"an arena of 8 days", func() url.Values { f := newTournamentForm("x", "arena", 1, false); f.Set("minutes", "11520"); return f }(), "7 days"},
		{"a kind unknown", newTournamentForm("x", "knockout", 3, false), "Swiss, round robin, arena or tables"},
		{"a game of four", func() url.Values {
			f := newTournamentForm("x", "swiss", 3, false)
			f.Set("variant", "empire|players=4 teams=true")
			return f
		}(), "two players"},
		{"501 invited", func() url.Values {
			f := newTournamentForm("x", "swiss", 3, false)
			f.Set("closed", "1")
			f.Set("invited", strings.Repeat("bob,", 501))
			return f
		}(), "500 players"},
		{"an unknown invited", func() url.Values {
			f := newTournamentForm("x", "swiss", 3, false)
			f.Set("closed", "1")
			f.Set("invited", "bob,nobody")
			return f
		}(), "has no account"},
	} {
		resp, body := postAs(t, dora, ts.URL+"/tournaments?lang=en", tc.form)
		refused(tc.what, resp.StatusCode, body, tc.words)
	}
	big := newTournamentForm("x", "swiss", 3, false)
	big.Set("pad", strings.Repeat("x", 70<<10))
	if resp, _ := postAs(t, dora, ts.URL+"/tournaments?lang=en", big); resp.StatusCode != http.StatusBadRequest {
		t.Errorf("a form of 70 KB: %d", resp.StatusCode)
	}
	// One account directs a bounded number at once.
	for i := len(before); i < store.MaxDirected; i++ {
		createTournament(t, ts, dora, newTournamentForm(fmt.Sprint("t", i), "swiss", 3, false))
	}
	resp, body := postAs(t, dora, ts.URL+"/tournaments?lang=en", newTournamentForm("one too many", "swiss", 3, false))
	refused("one tournament too many", resp.StatusCode, body, "the most allowed")
	if after, _ := st.(store.Tournaments).ListTournaments(t.Context(), "", 0); len(after) != store.MaxDirected {
		t.Errorf("%d tournaments, want %d", len(after), store.MaxDirected)
	}
	// A closed tournament takes only its invited.
	f := newTournamentForm("Closed", "swiss", 3, false)
	f.Set("closed", "1")
	f.Set("invited", "carol")
	closed := createTournament(t, ts, bob, f)
	code, body = postTournament(t, ts, eve, closed, "register", nil)
	refused("eve in a closed tournament", code, body, "only for the players its director invited")
	if code, _ := postTournament(t, ts, carol, closed, "register", nil); code != http.StatusSeeOther {
		t.Errorf("carol, invited: %d", code)
	}
}
