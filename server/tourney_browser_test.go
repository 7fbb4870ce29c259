package server

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/plateau-games/plateau/store"
)

// TestBrowserTournamentSwiss: four people (two French phones, two English
// laptops) play a two-round Swiss of POGO by clicks. Alice creates it with
// the form and directs it; each registers from the tournament's page; the
// director's page shows them arrive without a reload (the event stream)
// and she starts it; each player's page shows his game, he opens it by its
// link, and the games are played by clicks; the server pairs round 2 when
// the last game of round 1 ends, the pages show it, and at the end the
// standings and the crosstable.
func TestBrowserTournamentSwiss(t *testing.T) {
	browser := startBrowser(t)
	_, ts, acc := accountServer(t, Config{})
	st := acc.(store.Store)
	ps := fourAtTheLobby(t, browser, ts.URL, "alice", "bruno", "carol", "dave")
	alice := ps[0]
	byName := map[string]*tablePlayer{}
	for _, p := range ps {
		byName[p.name] = p
	}
	do(t, alice.w, "the list", chromedp.Navigate(ts.URL+"/tournaments?lang=fr"), chromedp.WaitVisible(chromedp.CSS(`#tnform`)))
	eval[bool](t, alice.w, `(() => { document.getElementById('tnvariant').value = 'pogo|';
		document.getElementById('tnrounds').value = '2';
		document.getElementById('tnstarts').value = '`+time.Now().UTC().AddDate(1, 0, 0).Format("2006-01-02T15:04")+`';
		return true; })()`)
	do(t, alice.w, "name", chromedp.SendKeys(chromedp.CSS(`#tnname`), "Soirée du club"))
	screenshot(t, alice.w, "tournament-form-fr-phone")
	click(t, alice.w, "create", `#tncreate`)
	waitJS(t, alice.w, "the tournament's page", `location.pathname.startsWith('/tournaments/') && !!document.getElementById('tournament')`)
	id := eval[string](t, alice.w, `document.getElementById('tournament').dataset.id`)
	for _, p := range ps {
		do(t, p.w, "the page", chromedp.Navigate(ts.URL+"/tournaments/"+id+"?lang="+p.lang), chromedp.WaitVisible(chromedp.CSS(`#tnregister`)))
		click(t, p.w, p.name+" registers", `#tnregister`)
		waitJS(t, p.w, p.name+" registered", `!!document.getElementById('tnwithdraw')`)
	}
	// Alice's page learns of the others without a reload.
	waitJS(t, alice.w, "four players on the director's page", `document.querySelectorAll('#tnplayers li').length === 4 && !!document.getElementById('tnstart')`)
	noEnglish(t, alice.w, "the tournament's page")
	click(t, alice.w, "start", `#tnstart`)
	for round := 1; round <= 2; round++ {
		tr := waitTournament(t, st, id, func(tr *store.Tournament) bool { return tr.Paired == round })
		for _, p := range tr.Pairings {
			if p.Round != round || p.Game == "" {
				continue
			}
			var pages []TablePage
			for seat, name := range []string{p.White, p.Black} {
				pl := byName[name]
				goTo(t, pl.w, ts.URL+"/tournaments/"+id+"?lang="+pl.lang)
				waitJS(t, pl.w, name+" sees his game", `!!document.querySelector('#tnmygame a.tnplay[href="/games/`+p.Game+`"]')`)
				if round == 1 && seat == 0 {
					screenshot(t, pl.w, "tournament-round1-"+pl.lang+"-"+pl.size)
				}
				click(t, pl.w, name+" opens his game", `#tnmygame a.tnplay`)
				waitJS(t, pl.w, name+" in the game", appIs(`a.dataset.you === '`+itoa(seat)+`'`))
				pages = append(pages, TablePage{Ctx: pl.w, Seat: seat, Name: name + "-" + pl.lang + "-" + pl.size})
			}
			end := PlayTableByClicks(t, pages, 400, nil)
			t.Logf("round %d board %d: %s after %d plies", round, p.Board, end.Result, end.Plies)
		}
	}
	waitTournament(t, st, id, func(tr *store.Tournament) bool { return tr.Status == store.TournamentFinished })
	for _, p := range ps {
		goTo(t, p.w, ts.URL+"/tournaments/"+id+"?lang="+p.lang)
		waitJS(t, p.w, "the standings", `document.querySelectorAll('#tnstandings tr.standing').length === 4 && !!document.getElementById('tncross') && !!document.getElementById('tntrf')`)
		screenshot(t, p.w, "tournament-end-"+p.name+"-"+p.lang+"-"+p.size)
	}
	noEnglish(t, ps[1].w, "the finished tournament")
	// A game of the tournament replays from its link in the crosstable.
	click(t, ps[2].w, "a game from the crosstable", `#tncross td a`)
	waitJS(t, ps[2].w, "the game's page", appIs(`a.dataset.result !== '*'`))
}

// TestBrowserTournamentTablesPage: the director's page of a tournament at
// tables of four (L'Empire in teams), on a phone and a laptop: the tables
// of round 1, the rank forms, the standings; screenshots.
func TestBrowserTournamentTablesPage(t *testing.T) {
	browser := startBrowser(t)
	_, ts, acc := accountServer(t, Config{LoginPerMinute: -1, CreatePerMinute: -1})
	st := acc.(store.Store)
	w := window(t, browser)
	do(t, w, "phone", chromedp.EmulateViewport(390, 844))
	browserSignupAt(t, w, ts.URL, "dora", "fr")
	do(t, w, "the list", chromedp.Navigate(ts.URL+"/tournaments?lang=fr"), chromedp.WaitVisible(chromedp.CSS(`#tnform`)))
	eval[bool](t, w, `(() => { document.getElementById('tnvariant').value = 'empire|players=4 teams=true';
		document.getElementById('tnkind').value = 'tables';
		document.getElementById('tnrounds').value = '3';
		document.getElementById('tnstarts').value = '`+time.Now().UTC().AddDate(1, 0, 0).Format("2006-01-02T15:04")+`';
		return true; })()`)
	do(t, w, "name", chromedp.SendKeys(chromedp.CSS(`#tnname`), "L'Empire du jeudi"))
	click(t, w, "create", `#tncreate`)
	waitJS(t, w, "the tournament's page", `location.pathname.startsWith('/tournaments/') && !!document.getElementById('tournament')`)
	id := eval[string](t, w, `document.getElementById('tournament').dataset.id`)
	for _, n := range []string{"ann", "ben", "cat", "dan", "eva", "fay", "gus", "hal", "ivy"} {
		postTournament(t, ts, signedUp(t, ts, n), id, "register", nil)
	}
	waitJS(t, w, "nine players on the page", `document.querySelectorAll('#tnplayers li').length === 9 && !!document.getElementById('tnstart')`)
	click(t, w, "start", `#tnstart`)
	waitTournament(t, st, id, func(tr *store.Tournament) bool { return tr.Paired == 1 })
	waitJS(t, w, "the tables of round 1", `document.querySelectorAll('#tnrounds tr.board').length === 3 && document.querySelectorAll('#tnrounds input[name=result]').length === 2`)
	noEnglish(t, w, "a tournament at tables")
	screenshot(t, w, "tournament-tables-fr-phone")
	do(t, w, "laptop", chromedp.EmulateViewport(1366, 768), chromedp.Navigate(ts.URL+"/tournaments/"+id+"?lang=en"))
	waitJS(t, w, "the English page", `document.querySelectorAll('#tnstandings tr.standing').length === 9`)
	screenshot(t, w, "tournament-tables-en-laptop")
}

// goTo navigates w to u. A game page that just ended may still be
// navigating (its end, a rematch offer): chromium then aborts the new
// navigation (net::ERR_ABORTED), and it is tried again.
func goTo(t *testing.T, w context.Context, u string) {
	t.Helper()
	var err error
	for range 3 {
		tctx, cancel := context.WithTimeout(w, 60*time.Second)
		_, err = chromedp.Run(tctx, chromedp.Navigate(u))
		cancel()
		if err == nil {
			return
		}
	}
	t.Fatalf("navigate to %s: %v", u, err)
}
