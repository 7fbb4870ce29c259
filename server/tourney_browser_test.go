package server

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/plateau-games/plateau/store"
)

// TestBrowserTournamentSwiss: eight people (four French phones, four
// English laptops, one tab each in the one chromium) play a four-round
// Swiss of POGO to its end by clicks. Alice creates it with the form and
// directs it; each registers from the tournament's page; the director's
// page shows them arrive without a reload (the event stream) and she
// starts it. Each round, each player opens the tournament's page, finds
// his game there ("my game") and opens it by its link; the game page
// names the tournament and the round, and the games are played by clicks;
// the server pairs the next round when the last game of one ends. At the
// end: the standings, the crosstable (its seats named in each language)
// and the TRF report, which names the eight and their four rounds.
func TestBrowserTournamentSwiss(t *testing.T) {
	browser := startBrowser(t)
	// The test plays the boards of a round one after another (a club
	// plays them at once): the abort of a game whose first move waits
	// longer than 30 s would race with the boards before it.
	_, ts, acc := accountServer(t, Config{LoginPerMinute: -1, CreatePerMinute: -1, AbortAfter: -1})
	st := acc.(store.Store)
	ps := append(fourAtTheLobby(t, browser, ts.URL, "alice", "bruno", "carol", "dave"),
		fourAtTheLobby(t, browser, ts.URL, "emile", "fanny", "gwen", "harry")...)
	const rounds = 4
	alice := ps[0]
	byName := map[string]*tablePlayer{}
	for _, p := range ps {
		byName[p.name] = p
	}
	do(t, alice.w, "the list", chromedp.Navigate(ts.URL+"/tournaments?lang=fr"), chromedp.WaitVisible(chromedp.CSS(`#tnform`)))
	eval[bool](t, alice.w, `(() => { document.getElementById('tnvariant').value = 'pogo|';
		document.getElementById('tnrounds').value = '`+itoa(rounds)+`';
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
	waitJS(t, alice.w, "eight players on the director's page", `document.querySelectorAll('#tnplayers li').length === 8 && !!document.getElementById('tnstart')`)
	noEnglish(t, alice.w, "the tournament's page")
	click(t, alice.w, "start", `#tnstart`)
	met := map[[2]string]bool{}
	plies := 0
	for round := 1; round <= rounds; round++ {
		tr := waitTournament(t, st, id, func(tr *store.Tournament) bool { return tr.Paired == round })
		for _, p := range tr.Pairings {
			if p.Round != round {
				continue
			}
			if p.Game == "" {
				t.Fatalf("round %d board %d: a bye or forfeit among eight: %+v", round, p.Board, p)
			}
			pair := [2]string{min(p.White, p.Black), max(p.White, p.Black)}
			if met[pair] {
				t.Errorf("round %d: %s and %s meet again", round, p.White, p.Black)
			}
			met[pair] = true
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
				// The game page names its tournament and round, and links
				// back to it.
				words := map[string]string{"fr": "Tournoi : Soirée du club, ronde ", "en": "Tournament: Soirée du club, round "}[pl.lang] + itoa(round)
				waitJS(t, pl.w, name+"'s game names its tournament", `(() => { const a = document.querySelector('#gametourney a[href="/tournaments/`+id+`"]');
					return !!a && document.getElementById('gametourney').textContent.replace(/\s+/g, ' ').trim() === `+jsString(words)+`; })()`)
				pages = append(pages, TablePage{Ctx: pl.w, Seat: seat, Name: name + "-" + pl.lang + "-" + pl.size})
			}
			allAtTheBoard(t, pages, 2)
			if round == 1 && p.Board == 1 {
				screenshot(t, pages[0].Ctx, "tournament-game-"+byName[p.White].lang+"-"+byName[p.White].size)
			}
			// A few random moves by clicks open each game differently;
			// then it is played out by clicks, or resigned, or drawn by
			// agreement (the buttons), by turns.
			rng := rand.New(rand.NewPCG(uint64(round), uint64(p.Board)))
			openByClicks(t, pages, 2+rng.IntN(3), rng) // both seats moved: no abort, resign and draw offered
			var end TableEnd
			switch (round + p.Board) % 4 {
			case 1:
				end = resignByClicks(t, pages)
			case 2:
				end = drawByClicks(t, pages)
			default:
				end = PlayTableByClicks(t, pages, 400, nil)
			}
			plies += end.Plies
			t.Logf("round %d board %d: %s – %s %s after %d plies (%s)", round, p.Board, p.White, p.Black, end.Result, end.Plies, end.Outcome)
		}
	}
	tr := waitTournament(t, st, id, func(tr *store.Tournament) bool { return tr.Status == store.TournamentFinished })
	if len(tr.Pairings) != rounds*4 {
		t.Fatalf("%d boards, want %d", len(tr.Pairings), rounds*4)
	}
	t.Logf("16 games, %d plies in all", plies)
	var results []string
	for _, p := range tr.Pairings {
		results = append(results, p.Result)
	}
	t.Logf("results by round and board: %s", strings.Join(results, " "))
	for _, p := range ps {
		goTo(t, p.w, ts.URL+"/tournaments/"+id+"?lang="+p.lang)
		waitJS(t, p.w, "the standings", `document.querySelectorAll('#tnstandings tr.standing').length === 8 && document.querySelectorAll('#tncross tbody tr').length === 8 && !!document.getElementById('tntrf')`)
		if p.name == "alice" || p.name == "carol" {
			screenshot(t, p.w, "tournament-end-"+p.lang+"-"+p.size)
		}
	}
	t.Logf("standings: %s", eval[string](t, alice.w, `[...document.querySelectorAll('#tnstandings tr.standing')].map(r => r.dataset.player + ' ' + r.dataset.points).join(', ')`))
	noEnglish(t, ps[1].w, "the finished tournament")
	// The crosstable names the seats in the page's language: no "w"/"b"
	// in French.
	if cells := eval[string](t, ps[1].w, `[...document.querySelectorAll('#tncross td.white, #tncross td.black')].map(c => c.textContent).join('|')`); strings.Contains(cells, " w ") || strings.Contains(cells, " b ") {
		t.Errorf("the French crosstable names the seats in English: %s", cells)
	}
	// The TRF report: the eight players, four rounds each.
	resp, err := http.Get(ts.URL + "/tournaments/" + id + "/trf")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || strings.Count(string(body), "\n001 ") != 8 {
		t.Errorf("the TRF report: %d\n%s", resp.StatusCode, body)
	}
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

// openByClicks plays n random legal moves on the game shown by pages,
// each by clicks on the page of the seat to move, every page waited for
// until it shows the move.
func openByClicks(t *testing.T, pages []TablePage, n int, rng *rand.Rand) {
	t.Helper()
	origin := eval[string](t, pages[0].Ctx, `location.origin`)
	id := eval[string](t, pages[0].Ctx, `document.getElementById('app').dataset.game`)
	for range n {
		m, rec := tableMatch(t, origin, id)
		ply := len(m.Notations())
		if rec.Result.Ended() || m.ToMove() < 0 {
			return
		}
		legal := m.State().LegalMoves(nil)
		p := pages[m.ToMove()]
		waitJS(t, p.Ctx, fmt.Sprintf("%s's turn at ply %d", p.Name, ply), appIs(fmt.Sprintf(`a.dataset.ply === '%d' && a.dataset.tomove === '%d'`, ply, p.Seat)))
		playByClicks(t, p, ply, m.State(), legal[rng.IntN(len(legal))])
		for _, q := range pages {
			waitJS(t, q.Ctx, fmt.Sprintf("%s's page past ply %d", q.Name, ply), appIs(fmt.Sprintf(`+a.dataset.ply > %d || a.dataset.result !== '*'`, ply)))
		}
	}
}

// tableEnd waits for every page to show the game's end and reads it.
func tableEnd(t *testing.T, pages []TablePage) TableEnd {
	t.Helper()
	for _, p := range pages {
		waitJS(t, p.Ctx, p.Name+" shows the end", appIs(`a.dataset.result !== '*' && !document.getElementById('banner').hidden`))
	}
	origin := eval[string](t, pages[0].Ctx, `location.origin`)
	id := eval[string](t, pages[0].Ctx, `document.getElementById('app').dataset.game`)
	m, rec := tableMatch(t, origin, id)
	return TableEnd{Result: rec.Result.String(), Outcome: eval[string](t, pages[0].Ctx, `document.getElementById('bannertext').textContent`), Plies: len(m.Notations())}
}

// resignByClicks: the player to move (pages are by seat) resigns with
// the button and its confirmation.
func resignByClicks(t *testing.T, pages []TablePage) TableEnd {
	t.Helper()
	seat := eval[string](t, pages[0].Ctx, `document.getElementById('app').dataset.tomove`)
	p := pages[0]
	if seat == "1" {
		p = pages[1]
	}
	click(t, p.Ctx, p.Name+" resigns", `#resign`)
	waitJS(t, p.Ctx, p.Name+" is asked", `!document.getElementById('resignconfirm').hidden`)
	click(t, p.Ctx, p.Name+" resigns for sure", `#resignyes`)
	return tableEnd(t, pages)
}

// drawByClicks: the first seat offers a draw, the second accepts it.
func drawByClicks(t *testing.T, pages []TablePage) TableEnd {
	t.Helper()
	click(t, pages[0].Ctx, pages[0].Name+" offers a draw", `#drawbtn`)
	waitJS(t, pages[1].Ctx, pages[1].Name+" sees the offer", `!document.getElementById('offer').hidden && !!document.getElementById('offeraccept')`)
	click(t, pages[1].Ctx, pages[1].Name+" accepts", `#offeraccept`)
	return tableEnd(t, pages)
}

// allAtTheBoard waits until every page shows the n seats connected: a
// presence arriving redraws the board, which would drop a selection
// under way.
func allAtTheBoard(t *testing.T, pages []TablePage, n int) {
	t.Helper()
	for _, p := range pages {
		waitJS(t, p.Ctx, p.Name+" sees everyone at the board", fmt.Sprintf(`document.querySelectorAll('#players li[data-online="1"]').length === %d || document.querySelectorAll('#turnorder li[data-online="1"]').length === %d`, n, n))
	}
}
