package server

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/plateau-games/plateau/server/internal/pool"
)

// The analysis board judges in the browser while the server's searches are
// all taken: the game page's button opens the analysis page (it starts no
// review on the server), the page's engine judges every move at the depth
// chosen, the marks, the graph, the summary and the better move's arrow
// appear, and the server never reviews the game. In French on a phone with
// POGO's exact values from the server's solution (when the tests have it:
// PLATEAU_TEST_POGO_TABLE), in English on a laptop by the engine's own
// search, stopped once and started again.
func TestBrowserEngineLocalAnalysis(t *testing.T) {
	browser := startBrowser(t)
	table := os.Getenv("PLATEAU_TEST_POGO_TABLE")
	for _, tc := range []struct {
		lang, device, id, budget, judged, solution string
		w, h                                       int64
		exact                                      bool
	}{
		{"fr", "phone", "localanafr", "hard", "Valeurs exactes", table, 390, 844, table != ""},
		// A server without the solution: the engine searches.
		{"en", "laptop", "localanaen", "medium", "Judged in your browser (quick: medium level)", t.TempDir() + "/none", 1366, 900, false},
	} {
		st := newMemStore()
		s, ts := analysisServer(t, Config{Store: st, NewAgent: cheapAgents, MaxSearches: 1, POGOSolution: tc.solution, LookupsPerMinute: -1})
		// The only search slot is held while the test runs: a review on
		// the server would wait for ever.
		release, err := s.searches.Acquire(context.Background(), pool.Opponent, "the test")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(release)
		finishedGame(t, st, tc.id, 24, "1-0")
		w := window(t, browser)
		watchPage(t, w)
		do(t, w, "the finished game", chromedp.EmulateViewport(tc.w, tc.h), chromedp.Navigate(ts.URL+"/games/"+tc.id+"?lang="+tc.lang))
		waitJS(t, w, "the engine", appIs(`a.dataset.engineready === '1'`))
		// The end of the game still moves the page about (its panel, the
		// engine's board): the button is pressed where it is.
		waitJS(t, w, "the analyse button", `!!document.getElementById('analyse') && document.getElementById('analyse').offsetParent !== null`)
		eval[bool](t, w, `(document.getElementById('analyse').click(), true)`)
		waitJS(t, w, "the local analysis offered", `!!document.getElementById('analysis') && !document.getElementById('localanalysis').hidden`)
		if n := eval[int](t, w, `[...document.querySelectorAll('form.startanalysis:not(.localanalysis)')].filter(f => !f.hidden).length`); n != 0 {
			t.Errorf("%s: the server's analysis is still offered beside the local one", tc.lang)
		}
		if tc.lang == "en" {
			// Ten seconds a position, stopped: the form comes back.
			eval[bool](t, w, `(document.getElementById('localbudget').value = '10000', true)`)
			click(t, w, "start", `#localstart`)
			waitJS(t, w, "running", `!document.getElementById('localprogress').hidden && document.getElementById('localstart').disabled`)
			click(t, w, "stop", `#localcancel`)
			waitJS(t, w, "stopped", `document.getElementById('localtext').textContent === 'Analysis stopped.' && !document.getElementById('localstart').disabled`)
		}
		eval[bool](t, w, `(document.getElementById('localbudget').value = '`+tc.budget+`', true)`)
		screenshot(t, w, "engine-analysis-"+tc.lang+"-"+tc.device+"-offered")
		click(t, w, "analyse here", `#localstart`)
		waitJS(t, w, "the review", `!document.getElementById('localsummary').hidden`)
		meta := eval[string](t, w, `document.getElementById('localmeta').textContent`)
		if tc.exact || tc.lang == "en" {
			if !strings.Contains(meta, tc.judged) {
				t.Errorf("%s: the page says %q, want %q", tc.lang, meta, tc.judged)
			}
		} else {
			t.Logf("no POGO solution (PLATEAU_TEST_POGO_TABLE): judged by the search: %q", meta)
		}
		if n := eval[int](t, w, `document.querySelectorAll('#localsummary tbody tr').length`); n != 2 {
			t.Errorf("%s: %d rows in the summary, want 2", tc.lang, n)
		}
		marks := eval[int](t, w, `document.querySelectorAll('#movelist .mark').length`)
		if marks == 0 {
			t.Errorf("%s: no marks in the move list", tc.lang)
		}
		if n := eval[int](t, w, `document.querySelectorAll('#evalgraph polyline.eg-line').length`); n != 1 {
			t.Errorf("%s: %d graph lines, want 1", tc.lang, n)
		}
		t.Logf("%s: %d moves marked; %s", tc.lang, marks, meta)
		// The first mistake: its caption and the better move's arrow, on
		// a board the page drew.
		click(t, w, "the first mistake", `#movelist li[data-best]:not([data-best=""]) a`)
		waitJS(t, w, "the arrow", `!!document.querySelector('#board svg .suggest.better')`)
		if got := eval[string](t, w, `document.getElementById('caption').textContent`); !strings.Contains(got, map[string]string{"fr": "Mieux valait", "en": "Better was"}[tc.lang]) {
			t.Errorf("%s: the caption says %q", tc.lang, got)
		}
		noEnglishIf(t, w, tc.lang, "the analysis judged in the browser")
		screenshot(t, w, "engine-analysis-"+tc.lang+"-"+tc.device)
		if code, got := fetchAnalysis(t, ts.URL, tc.id); code != 200 || got.State != "none" {
			t.Errorf("%s: the server's review of the game: %d %q, want none", tc.lang, code, got.State)
		}
	}
}

// noEnglishIf checks a French page for English words.
func noEnglishIf(t *testing.T, w context.Context, lang, what string) {
	t.Helper()
	if lang == "fr" {
		noEnglish(t, w, what)
	}
}
