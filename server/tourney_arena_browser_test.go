package server

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/plateau-games/plateau/accounts"
	"github.com/plateau-games/plateau/bot"
	"github.com/plateau-games/plateau/store"
)

// offsetClock is the real clock moved ahead by hand: time runs as it
// does (the game clocks, the limits), and the test makes ten minutes
// pass at once.
type offsetClock struct {
	mu sync.Mutex
	d  time.Duration
}

func (c *offsetClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return time.Now().Add(c.d)
}

func (c *offsetClock) add(d time.Duration) {
	c.mu.Lock()
	c.d += d
	c.mu.Unlock()
}

// TestBrowserTournamentArenaWithBots: an arena of ten minutes with
// computer players and bots, and a person who plays by clicks. Dora
// (French phone) creates it with the form, allowing bots and computer
// players, and adds two computers (easy) from its page; two bot accounts
// register through the API with their tokens and play with package bot
// (plateau bot); she registers and starts it. She finds her game on the
// tournament's page and plays it by clicks; the arena pairs whoever is
// free again at once, so the bots and the computers play on meanwhile
// (between two computers, with nobody watching, the server plays both).
// A visitor's page (English laptop), open from before the start, follows
// it all without a reload: the standings grow as games end. Then the
// arena's ten minutes pass and it ends.
//
// Ten real minutes would make the test that long, so the server's clock
// (Config.Now, which the tournaments read) is the real one plus an offset
// the test moves by ten minutes once Dora's game is over; the sweep, run
// by hand as the maintenance would, then finds the arena's time past and
// ends it. Nothing waits on the machine's speed: every wait is for an
// outcome, under the helpers' generous bounds.
func TestBrowserTournamentArenaWithBots(t *testing.T) {
	browser := startBrowser(t)
	clock := &offsetClock{}
	srv, ts, acc := accountServer(t, Config{Now: clock.now, LoginPerMinute: -1, CreatePerMinute: -1, AbortAfter: -1,
		AgentTimeout: 200 * time.Millisecond, MessagesPerSecond: 1000, MessageBurst: 1000})
	st := acc.(store.Store)
	dora := &tablePlayer{name: "dora", lang: "fr", size: "phone", w: window(t, browser)}
	do(t, dora.w, "phone", chromedp.EmulateViewport(390, 844))
	browserSignupAt(t, dora.w, ts.URL, "dora", "fr")
	do(t, dora.w, "the list", chromedp.Navigate(ts.URL+"/tournaments?lang=fr"), chromedp.WaitVisible(chromedp.CSS(`#tnform`)))
	eval[bool](t, dora.w, `(() => { document.getElementById('tnvariant').value = 'pogo|';
		document.getElementById('tnkind').value = 'arena';
		document.getElementById('tnminutes').value = '10';
		document.getElementById('tnclock').value = '3';
		document.getElementById('tnincrement').value = '2';
		document.getElementById('tnbots').checked = true;
		document.getElementById('tncomputers').checked = true;
		document.getElementById('tnstarts').value = '`+time.Now().UTC().AddDate(1, 0, 0).Format("2006-01-02T15:04")+`';
		return true; })()`)
	do(t, dora.w, "name", chromedp.SendKeys(chromedp.CSS(`#tnname`), "Arène du soir"))
	click(t, dora.w, "create", `#tncreate`)
	waitJS(t, dora.w, "the arena's page", `location.pathname.startsWith('/tournaments/') && !!document.getElementById('tnaddcomputer')`)
	id := eval[string](t, dora.w, `document.getElementById('tournament').dataset.id`)
	// A visitor's page, open from now on: it must never reload.
	visitor := window(t, browser)
	do(t, visitor, "laptop", chromedp.EmulateViewport(1366, 768), chromedp.Navigate(ts.URL+"/tournaments/"+id+"?lang=en"))
	waitJS(t, visitor, "the visitor's page", `!!document.getElementById('tournament') && document.getElementById('tnlive').textContent !== ''`)
	eval[bool](t, visitor, `window.stillThere = true`)
	// Two computers, from the director's page.
	for i := 1; i <= 2; i++ {
		click(t, dora.w, "add a computer", `#tnaddcomputer`)
		waitJS(t, dora.w, fmt.Sprintf("computer %d entered", i), fmt.Sprintf(`document.querySelectorAll('#tnplayers li[data-computer]').length === %d`, i))
	}
	// Two bots, through the API.
	tokens := map[string]string{}
	for i, n := range []string{"robota", "robotb"} {
		if err := acc.CreateUser(t.Context(), &store.User{Name: n, Bot: true}); err != nil {
			t.Fatal(err)
		}
		token, hash, err := accounts.NewToken()
		if err != nil {
			t.Fatal(err)
		}
		if err := st.(store.BotTokens).CreateBotToken(t.Context(), &store.BotToken{ID: fmt.Sprint("arena", i), User: n, Hash: hash, Label: "test"}); err != nil {
			t.Fatal(err)
		}
		req, _ := http.NewRequest(http.MethodPost, ts.URL+"/tournaments/"+id+"/register?lang=en", nil)
		req.Header.Set("Authorization", "Bearer "+token)
		if resp, body := doAs(t, noRedirect, req); resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("%s registers: %d %s", n, resp.StatusCode, body)
		}
		tokens[n] = token
	}
	click(t, dora.w, "dora registers", `#tnregister`)
	waitJS(t, dora.w, "five players", `document.querySelectorAll('#tnplayers li').length === 5 && !!document.getElementById('tnstart')`)
	waitJS(t, visitor, "five players on the visitor's page", `document.querySelectorAll('#tnplayers li').length === 5`)
	screenshot(t, dora.w, "tournament-arena-players-fr-phone")
	ctx, cancel := context.WithCancel(context.Background())
	var bots sync.WaitGroup
	for _, token := range tokens {
		bots.Add(1)
		go func() {
			defer bots.Done()
			bot.Run(ctx, bot.Config{Server: ts.URL, Token: token, Agent: "random", Games: []string{"pogo"}, Poll: 200 * time.Millisecond})
		}()
	}
	// The bots stop before the server does (the test's cleanups).
	defer bots.Wait()
	defer cancel()
	click(t, dora.w, "start", `#tnstart`)
	// Dora plays one game by clicks, from the arena's page.
	tr := waitTournament(t, st, id, func(tr *store.Tournament) bool {
		for _, p := range tr.Pairings {
			if p.Result == "" && (p.White == "dora" || p.Black == "dora") {
				return true
			}
		}
		return false
	})
	var mine store.Pairing
	for _, p := range tr.Pairings {
		if p.Result == "" && (p.White == "dora" || p.Black == "dora") {
			mine = p
		}
	}
	seat := 0
	if mine.Black == "dora" {
		seat = 1
	}
	goTo(t, dora.w, ts.URL+"/tournaments/"+id+"?lang=fr")
	waitJS(t, dora.w, "dora sees her game", `!!document.querySelector('#tnmygame a.tnplay[href="/games/`+mine.Game+`"]')`)
	screenshot(t, dora.w, "tournament-arena-running-fr-phone")
	click(t, dora.w, "dora opens her game", `#tnmygame a.tnplay`)
	waitJS(t, dora.w, "dora in her game", appIs(`a.dataset.you === '`+itoa(seat)+`'`))
	// Her opponent at the board (a bot connects when it finds the game;
	// a computer is always there): a presence arriving redraws the board,
	// which would drop a selection under way.
	waitJS(t, dora.w, "her opponent at the board", `[...document.querySelectorAll('#players li')].length === 2 && [...document.querySelectorAll('#players li')].every(li => li.dataset.online === '1')`)
	end := PlayTableByClicks(t, []TablePage{{Ctx: dora.w, Seat: seat, Name: "dora-fr-phone"}}, 400, nil)
	t.Logf("dora against %s: %s after %d plies", map[bool]string{true: mine.White, false: mine.Black}[seat == 1], end.Result, end.Plies)
	// Her result reaches the visitor's page without a reload, with the
	// games of the bots and computers ended meanwhile.
	tr = waitTournament(t, st, id, func(tr *store.Tournament) bool {
		for _, p := range tr.Pairings {
			if p.Game == mine.Game {
				return p.Result != ""
			}
		}
		return false
	})
	waitJS(t, visitor, "the standings live", `document.querySelectorAll('#tnstandings tr.standing').length === 5 &&
		[...document.querySelectorAll('#tnrounds tr.board')].some(r => r.dataset.game === `+jsString(mine.Game)+` && r.dataset.result !== '')`)
	// And at least one game of the others is over (the bots' and
	// computers' games end by themselves: wait for it, however slow).
	waitTournament(t, st, id, func(tr *store.Tournament) bool {
		for _, p := range tr.Pairings {
			if p.Result != "" && p.White != "dora" && p.Black != "dora" {
				return true
			}
		}
		return false
	})
	waitJS(t, visitor, "their results live", `[...document.querySelectorAll('#tnrounds tr.board')].filter(r => r.dataset.result !== '').length >= 2`)
	// Ten minutes pass: the arena ends.
	clock.add(10*time.Minute + time.Second)
	srv.tourney.Sweep()
	tr = waitTournament(t, st, id, func(tr *store.Tournament) bool { return tr.Status == store.TournamentFinished })
	waitJS(t, visitor, "the end, live", `document.getElementById('tnstatus').dataset.status === 'finished'`)
	if !eval[bool](t, visitor, `window.stillThere === true`) {
		t.Error("the visitor's page reloaded")
	}
	played, computers := 0, 0
	for _, p := range tr.Pairings {
		if p.Result != "" && p.Game != "" {
			played++
		}
		if store.IsComputerEntrant(p.White) && store.IsComputerEntrant(p.Black) && p.Result != "" {
			computers++
		}
	}
	t.Logf("the arena: %d games, %d over, %d between the computers; standings: %s", len(tr.Pairings), played, computers,
		eval[string](t, visitor, `[...document.querySelectorAll('#tnstandings tr.standing')].map(r => r.dataset.player + ' ' + r.dataset.points).join(', ')`))
	if played < 2 {
		t.Errorf("only %d games over in the arena", played)
	}
	screenshot(t, visitor, "tournament-arena-end-en-laptop")
	goTo(t, dora.w, ts.URL+"/tournaments/"+id+"?lang=fr")
	waitJS(t, dora.w, "the end", `document.getElementById('tnstatus').dataset.status === 'finished'`)
	noEnglish(t, dora.w, "the finished arena")
	screenshot(t, dora.w, "tournament-arena-end-fr-phone")
}
