package server

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// A player opens a finished game, asks for its analysis, waits for it, and
// steps through the moves: the marks of the mistakes in the move list, the
// graph of the evaluation, the better move drawn as an arrow; in French
// (the review computed) and in English (the stored one shown).
func TestBrowserAnalysis(t *testing.T) {
	browser := startBrowser(t)
	st := newMemStore()
	s, ts := analysisServer(t, Config{Store: st, NewAgent: cheapAgents, ReviewBudget: 30 * time.Millisecond})
	finishedGame(t, st, "analysebrw", 24, "1-0")
	for _, tc := range []struct {
		lang, button, word string
	}{
		{"fr", "Analyser la partie", "Précision"},
		{"en", "Analyse the game", "Accuracy"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			w := window(t, browser)
			watchPage(t, w) // nothing breaks the Content-Security-Policy, no script fails
			do(t, w, "the finished game", chromedp.EmulateViewport(1366, 900), chromedp.Navigate(ts.URL+"/games/analysebrw?lang="+tc.lang),
				chromedp.WaitVisible(chromedp.CSS(`#analyse`)))
			if got := eval[string](t, w, `document.getElementById('analyse').textContent`); got != tc.button {
				t.Errorf("the button says %q, want %q", got, tc.button)
			}
			do(t, w, "analyse", chromedp.Click(chromedp.CSS(`#analyse`)))
			waitJS(t, w, "the analysis page", `!!document.getElementById('analysis')`)
			if tc.lang == "fr" {
				screenshot(t, w, "analysis-"+tc.lang+"-running")
			}
			waitJS(t, w, "the review", `!!document.getElementById('summary')`)
			if got := eval[string](t, w, `document.getElementById('summary').textContent`); !strings.Contains(got, tc.word) {
				t.Errorf("the summary %q lacks %q", got, tc.word)
			}
			if n := eval[int](t, w, `document.querySelectorAll('#movelist .mark').length`); n == 0 {
				t.Errorf("no marks in the move list")
			}
			if n := eval[int](t, w, `document.querySelectorAll('#evalgraph polyline.eg-line').length`); n != 1 {
				t.Errorf("%d graph lines, want 1", n)
			}
			screenshot(t, w, "analysis-"+tc.lang+"-end")
			// Step to the first move marked, by the keyboard from the start.
			first := eval[int](t, w, `+document.querySelector('#movelist li[data-best]:not([data-best=""])').dataset.ply`)
			if first > 12 {
				t.Fatalf("the first mistake is at ply %d", first)
			}
			do(t, w, "home", chromedp.KeyEvent(kb.Home))
			waitJS(t, w, "the start", `document.getElementById('caption').textContent === document.getElementById('caption').dataset.start`)
			for range first {
				do(t, w, "right", chromedp.KeyEvent(kb.ArrowRight))
			}
			waitJS(t, w, "the move", `document.querySelector('#movelist li.current') && +document.querySelector('#movelist li.current').dataset.ply === `+strconv.Itoa(first))
			waitJS(t, w, "the arrow", `!!document.querySelector('#board svg .suggest.better .suggest-arrow, #board svg .suggest.better .suggest-line, #board svg .suggest.better .suggest-place')`)
			if got := eval[string](t, w, `location.search`); got != "?ply="+strconv.Itoa(first) {
				t.Errorf("the address says %q", got)
			}
			screenshot(t, w, "analysis-"+tc.lang+"-move")
			// A click on the graph goes to its ply.
			do(t, w, "graph", chromedp.Click(chromedp.CSS(`#evalgraph a[data-ply="2"] rect`)))
			waitJS(t, w, "ply 2", `+document.querySelector('#movelist li.current').dataset.ply === 2`)
			if tc.lang == "fr" {
				do(t, w, "phone", chromedp.EmulateViewport(390, 844))
				screenshot(t, w, "analysis-fr-phone")
				do(t, w, "laptop", chromedp.EmulateViewport(1366, 900))
			}
			if tc.lang == "en" {
				// Play on from there against the computer.
				do(t, w, "play from here", chromedp.Click(chromedp.CSS(`#playfromhere`)))
				waitJS(t, w, "the new game", appIs(`a.dataset.you === '0' && a.dataset.tomove === '0'`))
				screenshot(t, w, "analysis-en-playfromhere")
			}
		})
	}
	if n := s.learning.Reviews.Computed.Load(); n != 1 {
		t.Errorf("%d reviews computed, want 1", n)
	}
}
