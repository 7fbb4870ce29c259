package server

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// labOverflow lists what is wider than the window, when the page is.
const labOverflow = `document.documentElement.scrollWidth > window.innerWidth ? Array.from(document.querySelectorAll('body *')).filter(e => e.getBoundingClientRect().right > window.innerWidth + 1).map(e => e.tagName + '.' + e.className + '#' + e.id).slice(0, 8).join(', ') : ''`

// browserRun fills in the lab's form in window w as a player would: picks
// game, ticks the values of ticks (CSS selectors of checkboxes), the
// number of games and the level, starts the run, and waits for its
// report.
func browserRun(t *testing.T, w context.Context, name, game string, ticks []string, games, level string) {
	t.Helper()
	do(t, w, "the lab", chromedp.Navigate(mustURL(t, w)+"/lab"), chromedp.WaitVisible(chromedp.CSS(`#labgamepick`)))
	eval[bool](t, w, `(() => { const s = document.getElementById('labgamepick'); s.value = '`+game+`'; s.dispatchEvent(new Event('change')); return true; })()`)
	waitJS(t, w, "the form of "+game, `document.querySelector('#labform [name=game]') && document.querySelector('#labform [name=game]').value === '`+game+`'`)
	for _, sel := range ticks {
		do(t, w, "tick "+sel, chromedp.Click(chromedp.CSS(sel)))
	}
	do(t, w, "games and level", chromedp.SetValue(chromedp.CSS(`#labgames`), games), chromedp.SetValue(chromedp.CSS(`#lablevel`), level))
	screenshot(t, w, "lab-form-"+name)
	if wide := eval[string](t, w, labOverflow); wide != "" {
		t.Errorf("%s: the form is wider than the window: %s", name, wide)
	}
	do(t, w, "start", chromedp.Click(chromedp.CSS(`#labstart`)))
	waitJS(t, w, "the run's page", `!!document.getElementById('labreadings')`)
	screenshot(t, w, "lab-progress-"+name)
	waitJS(t, w, "the report", `!!document.getElementById('labranking') && Array.from(document.querySelectorAll('.labplots img')).every(i => i.complete && i.naturalWidth > 0)`)
	screenshot(t, w, "lab-report-"+name)
	if wide := eval[string](t, w, labOverflow); wide != "" {
		t.Errorf("%s: the report is wider than the window: %s", name, wide)
	}
}

// mustURL is the origin of the page w shows.
func mustURL(t *testing.T, w context.Context) string {
	return eval[string](t, w, `location.origin`)
}

// A new player uses the lab as a newcomer would: in French on a phone,
// she finds the lab, is asked to log in, signs up, compares Le Blocus's
// two exits; in English on a laptop, he compares four readings of Saute,
// then both runs side by side. Screenshots of every step.
func TestBrowserLab(t *testing.T) {
	browser := startBrowser(t)
	_, ts, _ := accountServer(t, Config{LabRunsPerAccount: -1})
	fr, en := window(t, browser), window(t, browser)
	do(t, fr, "phone", chromedp.EmulateViewport(390, 844))
	do(t, en, "laptop", chromedp.EmulateViewport(1366, 768))

	do(t, fr, "the lab, logged out", chromedp.Navigate(ts.URL+"/?lang=fr"), chromedp.WaitVisible(chromedp.CSS(`#lablink`)),
		chromedp.Click(chromedp.CSS(`#lablink`)), chromedp.WaitVisible(chromedp.CSS(`#lablogin`)))
	screenshot(t, fr, "lab-loggedout-fr-phone")
	if got := eval[string](t, fr, `document.querySelector('h1').textContent`); got != "Le labo des concepteurs" {
		t.Errorf("French title %q", got)
	}
	browserSignup(t, fr, ts, "amelie", "fr")
	browserRun(t, fr, "fr-phone", "blocus", []string{`input[name="opt.exit"][value="optional"]`}, "3", "easy")
	if got := eval[string](t, fr, `document.getElementById('labreadings').textContent`); !strings.Contains(got, "sortie facultative") || !strings.Contains(got, "3 parties sur 3") {
		t.Errorf("the French readings table says %q", got)
	}
	frRun := eval[string](t, fr, `document.getElementById('labsharelink').getAttribute('href')`)

	browserSignup(t, en, ts, "bruno", "en")
	browserRun(t, en, "en-laptop", "saute", []string{`input[name="opt.bands"][value="outer"]`, `input[name="opt.chain"][value="forced"]`}, "3", "easy")
	if got := eval[string](t, en, `document.getElementById('labranking').textContent`); !strings.Contains(got, "D") {
		t.Errorf("the ranking lacks the fourth reading: %q", got)
	}
	// Both runs side by side, from the list of recent runs.
	do(t, en, "the lists", chromedp.Navigate(ts.URL+"/lab"), chromedp.WaitVisible(chromedp.CSS(`#labruns-recent`)))
	screenshot(t, en, "lab-lists-en-laptop")
	do(t, en, "tick both", chromedp.Click(chromedp.CSS(`#labruns-recent input[value="`+frRun[len("/lab/runs/"):]+`"]`)))
	eval[bool](t, en, `(() => { document.querySelectorAll('#labruns-recent input[type=checkbox]').forEach(c => c.checked = true); return true; })()`)
	do(t, en, "compare", chromedp.Click(chromedp.CSS(`#labcomparebtn`)), chromedp.WaitVisible(chromedp.CSS(`.labcol`)))
	waitJS(t, en, "the plots", `Array.from(document.querySelectorAll('.labcol img')).every(i => i.complete && i.naturalWidth > 0)`)
	screenshot(t, en, "lab-compare-en-laptop")
	if n := eval[int](t, en, `document.querySelectorAll('.labcol').length`); n != 2 {
		t.Errorf("%d runs side by side, want 2", n)
	}
	// The French phone reads the comparison too.
	do(t, fr, "compare on the phone", chromedp.Navigate(eval[string](t, en, `location.href`)), chromedp.WaitVisible(chromedp.CSS(`.labcol`)))
	screenshot(t, fr, "lab-compare-fr-phone")
	if wide := eval[string](t, fr, labOverflow); wide != "" {
		t.Errorf("the comparison is wider than the phone: %s", wide)
	}
}
