package server

import (
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
)

// A designer picks readings of L'Empire's rules on the new game form, in
// French and English, on a phone and a laptop: the readings' fieldset fits
// the width, an illegal start position typed with its spaces is refused in
// the page's language with the form kept, and a legal one starts the game,
// whose title names the readings.
func TestBrowserNewGameReadings(t *testing.T) {
	browser := startBrowser(t)
	s, err := New(Config{Store: newMemStore(), NewAgent: func(_ string, v *game.Variant, seed uint64) (Agent, error) {
		return ai.New("random", v, seed)
	}})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s)
	t.Cleanup(func() { s.Close(); ts.Close() })
	v, err := game.NewVariant("empire", nil)
	if err != nil {
		t.Fatal(err)
	}
	moved := strings.Replace(v.Start().Encode(), "1T1S1T1S........ ", "1T1S1T.1S....... ", 1)
	for _, tc := range []struct {
		lang, size, refusal, title string
		w, h                       int64
	}{
		{"fr", "phone", "option start :", "L'Empire, position de départ choisie, trône proche", 390, 844},
		{"en", "laptop", "option start:", "L'Empire, own start position, near throne", 1366, 768},
		{"en", "phone", "option start:", "L'Empire, own start position, near throne", 390, 844},
		{"fr", "laptop", "option start :", "L'Empire, position de départ choisie, trône proche", 1366, 768},
	} {
		t.Run(tc.lang+"-"+tc.size, func(t *testing.T) {
			w := window(t, browser)
			do(t, w, "new game", chromedp.EmulateViewport(tc.w, tc.h), chromedp.Navigate(ts.URL+"/new?game=empire&lang="+tc.lang),
				chromedp.WaitVisible(chromedp.CSS(`#readings`)))
			if got := eval[string](t, w, `document.querySelector('[name=opt_throne]').value`); got != "far" {
				t.Errorf("throne preselected %q, want the usual far", got)
			}
			if wide := eval[bool](t, w, `document.documentElement.scrollWidth > window.innerWidth`); wide {
				t.Errorf("the form is wider than the %s's screen; overflowing: %s", tc.size, eval[string](t, w, `Array.from(document.querySelectorAll('body *')).filter(e => e.scrollWidth > e.clientWidth && e.clientWidth > 0).map(e => e.tagName + '.' + e.className + '#' + e.id + ' ' + Math.round(e.getBoundingClientRect().right)).join(', ')`))
			}
			screenshot(t, w, "newgame-readings-"+tc.lang+"-"+tc.size)
			bad := strings.Replace(moved, "1C", "1S", 1)
			do(t, w, "an illegal start",
				chromedp.SetValue(chromedp.CSS(`[name=opt_throne]`), "near"),
				chromedp.SendKeys(chromedp.CSS(`#opt_start`), bad),
				chromedp.Click(chromedp.CSS(`#startgame`)))
			waitJS(t, w, "the refusal", `!!document.getElementById('formerror')`)
			if msg := eval[string](t, w, `document.getElementById('formerror').textContent`); !strings.Contains(msg, tc.refusal) {
				t.Errorf("refusal %q, want %q", msg, tc.refusal)
			}
			screenshot(t, w, "newgame-readings-refused-"+tc.lang+"-"+tc.size)
			do(t, w, "a legal start",
				chromedp.SetValue(chromedp.CSS(`[name=opt_throne]`), "near"),
				chromedp.SetValue(chromedp.CSS(`#opt_start`), moved),
				chromedp.Click(chromedp.CSS(`#startgame`)))
			waitJS(t, w, "the game page", `!!document.getElementById('app') && document.title.indexOf(`+strconv.Quote(tc.title)+`) === 0`)
			screenshot(t, w, "newgame-readings-game-"+tc.lang+"-"+tc.size)
		})
	}
}

// In the lobby, choosing a variant with another reading of the rules
// unticks "rated" and says why; the challenge posted is casual and its row
// names the reading in words, in French on a phone and in English on a
// laptop; choosing the usual rules again gives "rated" back.
func TestBrowserLobbyReadings(t *testing.T) {
	browser := startBrowser(t)
	_, ts, _ := accountServer(t, Config{LoginPerMinute: -1})
	alice, bob := window(t, browser), window(t, browser)
	do(t, alice, "phone", chromedp.EmulateViewport(390, 844))
	do(t, bob, "laptop", chromedp.EmulateViewport(1366, 768))
	browserSignup(t, alice, ts, "alice", "fr")
	browserSignup(t, bob, ts, "bob", "en")

	do(t, alice, "lobby", chromedp.Navigate(ts.URL+"/lobby?lang=fr"), chromedp.WaitVisible(chromedp.CSS(`#challengeform`)))
	pick := func(value string) {
		eval[bool](t, alice, `(() => { const v = document.getElementById('variant'); v.value = `+strconv.Quote(value)+`; v.dispatchEvent(new Event('change')); return true; })()`)
	}
	pick("empire|players=2 throne=near")
	if got := eval[string](t, alice, `[document.getElementById('rated').checked, document.getElementById('rated').disabled, document.getElementById('readingsnote').hidden].join()`); got != "false,true,false" {
		t.Errorf("rated checked, disabled, note hidden: %s", got)
	}
	if note := eval[string](t, alice, `document.getElementById('readingsnote').textContent`); note != "Une autre lecture de la règle : partie amicale, jamais classée." {
		t.Errorf("note %q", note)
	}
	screenshot(t, alice, "lobby-readings-form-fr-phone")
	pick("pogo|")
	if got := eval[string](t, alice, `[document.getElementById('rated').checked, document.getElementById('rated').disabled, document.getElementById('readingsnote').hidden].join()`); got != "true,false,true" {
		t.Errorf("back to POGO: rated checked, disabled, note hidden: %s", got)
	}
	pick("empire|players=2 throne=near")
	do(t, alice, "post", chromedp.Click(chromedp.CSS(`#postchallenge`)))
	waitJS(t, alice, "her challenge listed", `!!document.querySelector('tr.challenge.mine')`)
	if row := eval[string](t, alice, `document.querySelector('tr.challenge.mine').textContent`); !strings.Contains(row, "trône proche") || !strings.Contains(row, "Amicale") {
		t.Errorf("French row: %q", row)
	}
	screenshot(t, alice, "lobby-readings-fr-phone")
	do(t, bob, "lobby", chromedp.Navigate(ts.URL+"/lobby?lang=en"))
	waitJS(t, bob, "alice's challenge", `!!document.querySelector('tr.challenge button.accept')`)
	if row := eval[string](t, bob, `document.querySelector('tr.challenge').textContent`); !strings.Contains(row, "near throne") || !strings.Contains(row, "Casual") {
		t.Errorf("English row: %q", row)
	}
	screenshot(t, bob, "lobby-readings-en-laptop")
	do(t, bob, "accept", chromedp.Click(chromedp.CSS(`tr.challenge button.accept`)))
	// The colour is drawn at random: when Bob moves first, the title
	// starts with his reminder, "(1) ".
	waitJS(t, bob, "the game, its readings in the title", `!!document.getElementById('app') && document.title.replace(/^\(\d+\) /, '').indexOf("L'Empire, near throne") === 0`)
	screenshot(t, bob, "lobby-readings-game-en-laptop")
}
