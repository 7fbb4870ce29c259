package server

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// Two people with a clock, Alice on a French laptop page, Bob on an
// English phone page: each sees how long the player to move has for his
// first move before the game is aborted; Bob aborts it by hand, before his
// first move; Alice proposes a rematch, which creates nothing until Bob
// answers: he declines, she proposes again, he accepts, and both pages
// follow to the one new game, seats turned round.
func TestBrowserRematchProposalAndAbort(t *testing.T) {
	browser := startBrowser(t)
	st := newMemStore()
	_, ts := startServer(t, st)
	alice, bob := window(t, browser), window(t, browser)
	do(t, alice, "new game", chromedp.EmulateViewport(1366, 768), chromedp.Navigate(ts.URL+"/new?game=pogo&lang=fr"),
		chromedp.WaitVisible(chromedp.CSS(`#startgame`)))
	eval[bool](t, alice, `document.querySelector('select[name=seat1]').value = 'invite'; document.querySelector('input[name=clock]').value = '5'; true`)
	do(t, alice, "start", chromedp.Click(chromedp.CSS(`#startgame`)))
	waitJS(t, alice, "the invitation", `!!document.querySelector('#invites input[data-seat="1"]')`)
	invite := eval[string](t, alice, `document.querySelector('#invites input[data-seat="1"]').value`)
	path, frag, _ := strings.Cut(invite, "#")
	do(t, bob, "open the invitation", chromedp.EmulateViewport(390, 844), chromedp.Navigate(path+"?lang=en#"+frag))
	waitJS(t, bob, "bob's seat", appIs(`a.dataset.you === '1'`))

	// Alice, to move first, is told the game is aborted unless she moves.
	waitJS(t, alice, "the abort line", `!document.getElementById('abortline').hidden && document.getElementById('abortline').textContent.includes('premier coup dans 0:')`)
	if text := eval[string](t, alice, `document.getElementById('abortline').textContent`); !strings.Contains(text, "sinon la partie est annulée") {
		t.Errorf("alice's abort line: %q", text)
	}
	if eval[bool](t, alice, `document.getElementById('abortbtn').hidden`) {
		t.Errorf("no abort button before the first moves")
	}
	screenshot(t, alice, "consent-abortline-fr")
	do(t, alice, "first move", chromedp.SendKeys(chromedp.CSS(`#moveinput`), "1b1-b2\n"))
	waitJS(t, bob, "bob's abort line", appIs(`a.dataset.ply === '1'`)+` && document.getElementById('abortline').textContent.includes('first move within 0:')`)
	screenshot(t, bob, "consent-abortline-en-phone")
	// Bob aborts by hand: no result, in both languages.
	eval[bool](t, bob, `window.confirm = () => true; true`)
	do(t, bob, "abort", chromedp.Click(chromedp.CSS(`#abortbtn`)))
	waitJS(t, alice, "alice's banner", `!document.getElementById('banner').hidden`)
	waitJS(t, bob, "bob's banner", `!document.getElementById('banner').hidden`)
	if text := eval[string](t, alice, `document.getElementById('bannertext').textContent`); text != "Partie annulée par Foncé" {
		t.Errorf("alice's banner %q", text)
	}
	if text := eval[string](t, bob, `document.getElementById('bannertext').textContent`); text != "Game aborted by Dark" {
		t.Errorf("bob's banner %q", text)
	}
	if !eval[bool](t, alice, `document.getElementById('abortline').hidden`) {
		t.Errorf("the abort line stays after the end")
	}
	noEnglish(t, alice, "aborted game, French")
	screenshot(t, alice, "consent-aborted-fr")

	// Alice proposes a rematch: she waits, Bob is asked; nothing exists.
	do(t, alice, "propose", chromedp.Click(chromedp.CSS(`#rematch`)))
	waitJS(t, alice, "alice waits", `!!document.getElementById('rematchwithdraw')`)
	waitJS(t, bob, "bob is asked", `!!document.getElementById('rematchaccept') && !!document.getElementById('rematchdecline')`)
	if text := eval[string](t, alice, `document.getElementById('rematchbox').textContent`); !strings.Contains(text, "Revanche proposée : en attente de la réponse de Foncé") {
		t.Errorf("alice's rematch box: %q", text)
	}
	if text := eval[string](t, bob, `document.getElementById('rematchbox').textContent`); !strings.Contains(text, "Light proposes a rematch.") {
		t.Errorf("bob's rematch box: %q", text)
	}
	if !eval[bool](t, bob, insideViewport("#rematchaccept")) {
		t.Errorf("the accept button is not on screen at 390x844")
	}
	noEnglish(t, alice, "rematch proposed, French")
	screenshot(t, alice, "consent-rematch-waiting-fr")
	screenshot(t, bob, "consent-rematch-asked-en-phone")
	if n := countGames(t, st); n != 1 {
		t.Fatalf("%d games while the rematch is proposed, want 1", n)
	}
	// Bob declines: Alice is told, in French.
	do(t, bob, "decline", chromedp.Click(chromedp.CSS(`#rematchdecline`)))
	waitJS(t, alice, "the refusal", `document.getElementById('rematchbox').hidden && document.getElementById('notice').textContent.includes('refuse la revanche')`)
	screenshot(t, alice, "consent-rematch-declined-fr")
	// Alice proposes again; Bob accepts: both follow to one new game.
	old := eval[string](t, alice, `document.getElementById('app').dataset.game`)
	do(t, alice, "propose again", chromedp.Click(chromedp.CSS(`#rematch`)))
	waitJS(t, bob, "asked again", `!!document.getElementById('rematchaccept')`)
	do(t, bob, "accept", chromedp.Click(chromedp.CSS(`#rematchaccept`)))
	waitJS(t, bob, "bob in the rematch, now first", `document.getElementById('app').dataset.game !== '`+old+`' && `+appIs(`a.dataset.you === '0'`))
	waitJS(t, alice, "alice in the rematch", `document.getElementById('app').dataset.game !== '`+old+`' && `+appIs(`a.dataset.you === '1'`))
	waitJS(t, bob, "bob's clock for his first move", `!document.getElementById('abortline').hidden`)
	screenshot(t, bob, "consent-rematch-started-en-phone")
	screenshot(t, alice, "consent-rematch-started-fr")
	if n := countGames(t, st); n != 2 {
		t.Fatalf("%d games after the rematch, want 2", n)
	}
}
