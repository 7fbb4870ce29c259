package server

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/plateau-games/plateau/store"
	"github.com/plateau-games/plateau/tournament"
)

// TestBrowserTournamentEmpireTeams: four people (two French phones, two
// English laptops) play a round of L'Empire for four in teams at a
// tournament's table, by clicks. Alice creates the tournament (tables,
// one round) with the form; the others register from its page; she
// starts it; each finds his game from the tournament's page ("my game"),
// and the game is played by clicks to its end. The standings then give
// each player the points of his rank at the table (a point for every
// player ranked below, half for every one tied: the winning pair 2½
// each, the other ½), on every page.
func TestBrowserTournamentEmpireTeams(t *testing.T) {
	browser := startBrowser(t)
	// No clock and no abort: the four pages are driven one after the
	// other by one test, whose pace is the machine's, not a player's.
	_, ts, acc := accountServer(t, Config{LoginPerMinute: -1, CreatePerMinute: -1, AbortAfter: -1})
	st := acc.(store.Store)
	ps := fourAtTheLobby(t, browser, ts.URL, "alice", "bruno", "carol", "dave")
	byName := map[string]*tablePlayer{}
	for _, p := range ps {
		byName[p.name] = p
	}
	alice := ps[0]
	do(t, alice.w, "the list", chromedp.Navigate(ts.URL+"/tournaments?lang=fr"), chromedp.WaitVisible(chromedp.CSS(`#tnform`)))
	eval[bool](t, alice.w, `(() => { document.getElementById('tnvariant').value = 'empire|players=4 teams=true';
		document.getElementById('tnkind').value = 'tables';
		document.getElementById('tnrounds').value = '1';
		document.getElementById('tnclock').value = '0';
		document.getElementById('tnincrement').value = '0';
		document.getElementById('tnstarts').value = '`+time.Now().UTC().AddDate(1, 0, 0).Format("2006-01-02T15:04")+`';
		return true; })()`)
	do(t, alice.w, "name", chromedp.SendKeys(chromedp.CSS(`#tnname`), "L'Empire du jeudi"))
	click(t, alice.w, "create", `#tncreate`)
	waitJS(t, alice.w, "the tournament's page", `location.pathname.startsWith('/tournaments/') && !!document.getElementById('tournament')`)
	id := eval[string](t, alice.w, `document.getElementById('tournament').dataset.id`)
	for _, p := range ps {
		goTo(t, p.w, ts.URL+"/tournaments/"+id+"?lang="+p.lang)
		click(t, p.w, p.name+" registers", `#tnregister`)
		waitJS(t, p.w, p.name+" registered", `!!document.getElementById('tnwithdraw')`)
	}
	waitJS(t, alice.w, "four players on the director's page", `document.querySelectorAll('#tnplayers li').length === 4 && !!document.getElementById('tnstart')`)
	click(t, alice.w, "start", `#tnstart`)
	tr := waitTournament(t, st, id, func(tr *store.Tournament) bool { return tr.Paired == 1 })
	if len(tr.Pairings) != 1 || len(tr.Pairings[0].Seats()) != 4 || tr.Pairings[0].Game == "" {
		t.Fatalf("round 1 of four: %+v", tr.Pairings)
	}
	table := tr.Pairings[0]
	var pages []TablePage
	for seat, name := range table.Seats() {
		pl := byName[name]
		goTo(t, pl.w, ts.URL+"/tournaments/"+id+"?lang="+pl.lang)
		waitJS(t, pl.w, name+" sees his game", `!!document.querySelector('#tnmygame a.tnplay[href="/games/`+table.Game+`"]')`)
		click(t, pl.w, name+" opens his game", `#tnmygame a.tnplay`)
		waitJS(t, pl.w, name+" at his seat", appIs(`a.dataset.you === '`+itoa(seat)+`'`))
		pages = append(pages, TablePage{Ctx: pl.w, Seat: seat, Name: name + "-" + pl.lang + "-" + pl.size})
	}
	screenshot(t, pages[0].Ctx, "tournament-empire-table-"+byName[table.White].lang+"-"+byName[table.White].size)
	allAtTheBoard(t, pages, 4)
	end := PlayTableByClicks(t, pages, 600, nil)
	t.Logf("L'Empire for four in teams: %s after %d plies (%s)", end.Result, end.Plies, end.Outcome)
	tr = waitTournament(t, st, id, func(tr *store.Tournament) bool { return tr.Status == store.TournamentFinished })
	res := tr.Pairings[0].Result
	var ranks []int
	for _, f := range strings.Split(res, ",") {
		r, err := strconv.Atoi(f)
		if err != nil {
			t.Fatalf("the table's result %q", res)
		}
		ranks = append(ranks, r)
	}
	pts, err := tournament.TablePoints(ranks)
	if err != nil || len(pts) != 4 {
		t.Fatalf("the table's result %q: %v", res, err)
	}
	// Teams: the partners (seats 0 and 2, 1 and 3) share their rank.
	if ranks[0] != ranks[2] || ranks[1] != ranks[3] {
		t.Errorf("the partners ranked apart: %v", ranks)
	}
	want := map[string]string{}
	for seat, name := range table.Seats() {
		want[name] = pointsText(pts[seat])
	}
	for _, p := range ps {
		goTo(t, p.w, ts.URL+"/tournaments/"+id+"?lang="+p.lang)
		// (No FIDE report: it is for two-player rounds.)
		waitJS(t, p.w, "the standings", `document.querySelectorAll('#tnstandings tr.standing').length === 4 && !document.getElementById('tntrf')`)
		got := eval[[]string](t, p.w, `[...document.querySelectorAll('#tnstandings tr.standing')].map(r => r.dataset.player + '=' + r.dataset.points)`)
		for _, g := range got {
			name, points, _ := strings.Cut(g, "=")
			if want[name] != points {
				t.Errorf("%s's page: %s has %s points, want %s (ranks %s)", p.name, name, points, want[name], res)
			}
		}
		if p.name == "alice" || p.name == "carol" {
			screenshot(t, p.w, "tournament-empire-end-"+p.lang+"-"+p.size)
		}
	}
	noEnglish(t, alice.w, "the finished tournament at tables")
}

// pointsText is points as the standings write them: "2½", "½", "3".
func pointsText(p float64) string {
	whole := int(p)
	half := p-float64(whole) >= 0.5
	switch {
	case half && whole == 0:
		return "½"
	case half:
		return strconv.Itoa(whole) + "½"
	}
	return strconv.Itoa(whole)
}
