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
