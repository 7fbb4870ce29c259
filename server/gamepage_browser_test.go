package server

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
)

// englishWords are words of the English interface that must not show on a
// French page.
var englishWords = []string{"resigned", "Draw", " wins", "seat ", "undone", "to move", "Level",
	"easy", "medium", "hard", "players=", "Rematch", "New game", "games.Replay", "Light", "Dark"}

func noEnglish(t *testing.T, w context.Context, where string) {
	t.Helper()
	text := eval[string](t, w, `document.body.innerText`)
	for _, word := range englishWords {
		if strings.Contains(text, word) {
			t.Errorf("%s: English %q on a French page:\n%s", where, word, text)
		}
	}
}

// insideViewport says whether the element's box is wholly on screen.
func insideViewport(sel string) string {
	return `(() => { const r = document.querySelector('` + sel + `').getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth; })()`
}

// A person plays POGO against the computer on a French page: the last move
// is marked after the computer answers, movable pieces and targets are
// marked, history says it is not live, and after a resignation a banner in
// French says who won and why; Rematch opens a new game with the seats
// swapped.
func TestBrowserGamePageAgainstTheComputer(t *testing.T) {
	browser := startBrowser(t)
	s, err := New(Config{Store: newMemStore(), NewAgent: func(_ string, v *game.Variant, seed uint64) (Agent, error) {
		return ai.New("random", v, seed)
	}})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s)
	t.Cleanup(func() { s.Close(); ts.Close() })
	for _, size := range []struct {
		name string
		w, h int64
	}{{"laptop", 1366, 768}, {"phone", 390, 844}} {
		t.Run(size.name, func(t *testing.T) {
			w := window(t, browser)
			do(t, w, "new game", chromedp.EmulateViewport(size.w, size.h), chromedp.Navigate(ts.URL+"/new?game=pogo&lang=fr"),
				chromedp.WaitVisible(chromedp.CSS(`#startgame`)), chromedp.Click(chromedp.CSS(`#startgame`)))
			waitJS(t, w, "my turn", appIs(`a.dataset.you === '0' && a.dataset.tomove === '0'`))
			if n := eval[int](t, w, `document.querySelectorAll('#board .hints .hint-movable').length`); n != 3 {
				t.Errorf("%d movable pieces marked at the start, want 3", n)
			}
			click(t, w, "select b1", `#board [data-place="b1"]`)
			// From b1: dots on the empty cells, rings on the stacks.
			if n := eval[int](t, w, `document.querySelectorAll('#board .hints .hint-target').length`); n != 3 {
				t.Errorf("%d empty targets marked after selecting b1, want 3 (a2, b2, c2)", n)
			}
			if n := eval[int](t, w, `document.querySelectorAll('#board .hints .hint-occupied').length`); n != 3 {
				t.Errorf("%d occupied targets ringed after selecting b1, want 3 (a1, c1, b3)", n)
			}
			if n := eval[int](t, w, `document.querySelectorAll('#board .hints .hint-sel').length`); n != 1 {
				t.Errorf("%d selection marks, want 1", n)
			}
			screenshot(t, w, "gamepage-targets-fr-"+size.name)
			do(t, w, "type a move", chromedp.SendKeys(chromedp.CSS(`#moveinput`), "1b1-b2\n"))
			waitJS(t, w, "the computer's answer", appIs(`a.dataset.ply === '2'`))
			if n := eval[int](t, w, `document.querySelectorAll('#board svg .last').length`); n == 0 {
				t.Errorf("the computer's move is not marked on the board")
			}
			// A typed move the rules refuse: the reason in French, on screen.
			do(t, w, "type nonsense", chromedp.SendKeys(chromedp.CSS(`#moveinput`), "bonjour\n"))
			waitJS(t, w, "the refusal", `!document.getElementById('notice').hidden && document.getElementById('notice').textContent.includes("n'est pas un coup")`)
			if !eval[bool](t, w, insideViewport("#notice")) {
				t.Errorf("the notice is not on screen at %dx%d", size.w, size.h)
			}
			screenshot(t, w, "gamepage-notice-fr-"+size.name)
			// History: the board is not live, and says so.
			do(t, w, "back to the start", chromedp.Click(chromedp.CSS(`#navfirst`)))
			waitJS(t, w, "the history bar", `!document.getElementById('history').hidden && document.getElementById('historytext').textContent.includes('Position de départ')`)
			click(t, w, "click the past board", `#board [data-place="a1"]`)
			waitJS(t, w, "not live", `document.getElementById('notice').textContent.includes('position passée')`)
			screenshot(t, w, "gamepage-history-fr-"+size.name)
			do(t, w, "back to the game", chromedp.Click(chromedp.CSS(`#backtolive`)))
			waitJS(t, w, "live again", `document.getElementById('history').hidden`)
			// Resign: the banner.
			// Resign: asked in the page, never in a window of the browser
			// (a native dialog would hang the test: none is answered).
			do(t, w, "resign", chromedp.Click(chromedp.CSS(`#resign`)))
			waitJS(t, w, "the question", `!document.getElementById('resignconfirm').hidden && document.getElementById('resign').hidden`)
			if q := eval[string](t, w, `document.getElementById('resignconfirm').innerText`); !strings.Contains(q, "Abandonner la partie ?") {
				t.Errorf("the resignation question reads %q", q)
			}
			screenshot(t, w, "gamepage-resignask-fr-"+size.name)
			do(t, w, "resign for sure", chromedp.Click(chromedp.CSS(`#resignyes`)))
			waitJS(t, w, "the banner", `!document.getElementById('banner').hidden`)
			banner := eval[string](t, w, `document.getElementById('bannertext').textContent`)
			if !strings.Contains(banner, "gagne") || !strings.Contains(banner, "a abandonné") {
				t.Errorf("banner %q", banner)
			}
			for _, b := range []string{"#rematch", "#newgame", "#replay"} {
				if !eval[bool](t, w, insideViewport(b)) {
					t.Errorf("%s is not on screen at %dx%d", b, size.w, size.h)
				}
			}
			if caption := eval[string](t, w, `document.querySelector('#board svg').textContent`); strings.Contains(caption, "joue (coup") {
				t.Errorf("the board still says whose turn it is after the end: %q", caption)
			}
			noEnglish(t, w, "finished game, French")
			screenshot(t, w, "gamepage-banner-fr-"+size.name)
			// Rematch against the computer: a new game, the seats swapped.
			old := eval[string](t, w, `document.getElementById('app').dataset.game`)
			do(t, w, "rematch", chromedp.Click(chromedp.CSS(`#rematch`)))
			waitJS(t, w, "the rematch", `document.getElementById('app') && document.getElementById('app').dataset.game !== '`+old+`' && document.getElementById('app').dataset.you === '1'`)
			waitJS(t, w, "the rematch flipped", appIs(`a.dataset.flip === '1'`))
			screenshot(t, w, "gamepage-rematch-fr-"+size.name)
		})
	}
}

// Two people: presence, the offer over the board on a laptop and a phone,
// the copy button, the flipped board of the second player, and the rematch
// proposed by one and accepted by the other. In English.
func TestBrowserGamePageTwoPlayers(t *testing.T) {
	browser := startBrowser(t)
	_, ts := startServer(t, newMemStore())
	alice, bob := window(t, browser), window(t, browser)
	do(t, alice, "new game", chromedp.EmulateViewport(1366, 768), chromedp.Navigate(ts.URL+"/new?game=pogo&lang=en"),
		chromedp.WaitVisible(chromedp.CSS(`#startgame`)))
	eval[bool](t, alice, `document.querySelector('select[name=seat1]').value = 'invite'; true`)
	do(t, alice, "start", chromedp.Click(chromedp.CSS(`#startgame`)))
	waitJS(t, alice, "the invitation", `!!document.querySelector('#invites input[data-seat="1"]')`)
	waitJS(t, alice, "bob absent", `document.querySelectorAll('#players li')[1].dataset.online === '0'`)
	do(t, alice, "copy", chromedp.Click(chromedp.CSS(`#invites button.copy`)))
	waitJS(t, alice, "copied", `document.querySelector('#invites button.copy').textContent.includes('Copied')`)
	invite := eval[string](t, alice, `document.querySelector('#invites input[data-seat="1"]').value`)
	do(t, bob, "open the invitation", chromedp.EmulateViewport(390, 844), chromedp.Navigate(invite))
	waitJS(t, bob, "bob's seat", appIs(`a.dataset.you === '1'`))
	waitJS(t, alice, "bob present", `document.querySelectorAll('#players li')[1].dataset.online === '1'`)
	if !eval[bool](t, bob, appIs(`a.dataset.flip === '1'`)) {
		t.Errorf("the second player's board is not turned")
	}
	do(t, bob, "flip back", chromedp.Click(chromedp.CSS(`#flip`)))
	waitJS(t, bob, "flipped back", appIs(`a.dataset.flip === '0'`))
	screenshot(t, alice, "gamepage-presence-en")
	// Alice offers a draw: Bob sees it over the board, on his phone.
	do(t, alice, "offer a draw", chromedp.Click(chromedp.CSS(`#drawbtn`)))
	waitJS(t, bob, "the offer", `!document.getElementById('offer').hidden && !!document.getElementById('offeraccept')`)
	if !eval[bool](t, bob, insideViewport("#offer")) {
		t.Errorf("the offer is not on screen at 390x844")
	}
	screenshot(t, bob, "gamepage-offer-phone-en")
	do(t, bob, "accept", chromedp.Click(chromedp.CSS(`#offeraccept`)))
	waitJS(t, alice, "the banner", `!document.getElementById('banner').hidden`)
	if banner := eval[string](t, alice, `document.getElementById('bannertext').textContent`); banner != "Draw by agreement" {
		t.Errorf("banner %q, want Draw by agreement", banner)
	}
	screenshot(t, alice, "gamepage-draw-en")
	// Alice proposes a rematch; Bob is asked and accepts.
	do(t, alice, "rematch", chromedp.Click(chromedp.CSS(`#rematch`)))
	waitJS(t, alice, "alice waits", `!!document.getElementById('rematchwithdraw')`)
	waitJS(t, bob, "the proposal", `!!document.getElementById('rematchaccept')`)
	old := eval[string](t, bob, `document.getElementById('app').dataset.game`)
	do(t, bob, "accept the rematch", chromedp.Click(chromedp.CSS(`#rematchaccept`)))
	waitJS(t, bob, "bob in the rematch, now first", `document.getElementById('app').dataset.game !== '`+old+`' && document.getElementById('app').dataset.you === '0'`)
	waitJS(t, alice, "alice in the rematch", `document.getElementById('app').dataset.game !== '`+old+`' && document.getElementById('app').dataset.you === '1'`)
}

// Solitaire is played alone: no draw, no undo.
func TestBrowserSolitaireHasNoDrawOrUndo(t *testing.T) {
	browser := startBrowser(t)
	_, ts := startServer(t, newMemStore())
	w := window(t, browser)
	do(t, w, "new game", chromedp.Navigate(ts.URL+"/new?game=solitaire&lang=fr"),
		chromedp.WaitVisible(chromedp.CSS(`#startgame`)), chromedp.Click(chromedp.CSS(`#startgame`)))
	waitJS(t, w, "the game", appIs(`a.dataset.you === '0'`))
	if eval[bool](t, w, `!document.getElementById('drawbtn').hidden || !document.getElementById('undobtn').hidden`) {
		t.Errorf("draw or undo offered in Solitaire")
	}
	// The keyboard: the board takes the focus, arrows move a cursor,
	// Enter clicks.
	do(t, w, "focus the board", chromedp.Focus(chromedp.CSS(`#board`)), chromedp.KeyEvent(kb.ArrowRight))
	if n := eval[int](t, w, `document.querySelectorAll('#board .hints .hint-cursor').length`); n == 0 {
		t.Errorf("no keyboard cursor on the board")
	}
	screenshot(t, w, "gamepage-solitaire-keyboard-fr")
}
