package server

import (
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// No page breaks its own Content-Security-Policy: Chromium reports every
// blocked script, style, image or connection in the console, and the test
// fails on any. The scripts must also have run (they set data attributes
// and connect the WebSocket).
func TestBrowserContentSecurityPolicy(t *testing.T) {
	browser := startBrowser(t)
	_, ts := startServer(t, newMemStore())
	w := window(t, browser)
	var mu sync.Mutex
	var blocked []string
	chromedp.Listen(w, func(ev any) {
		var text string
		switch e := ev.(type) {
		case *log.EventEntryAdded:
			text = e.Entry.Text
		case *runtime.EventConsoleAPICalled:
			for _, a := range e.Args {
				text += string(a.Value) + " " + a.Description
			}
		case *runtime.EventExceptionThrown:
			text = "exception: " + e.ExceptionDetails.Text
			if e.ExceptionDetails.Exception != nil {
				text += " " + e.ExceptionDetails.Exception.Description
			}
		}
		if strings.Contains(text, "Content Security Policy") || strings.Contains(text, "Refused to") || strings.HasPrefix(text, "exception") {
			mu.Lock()
			blocked = append(blocked, text)
			mu.Unlock()
		}
	})
	g := createGame(t, ts, form("pogo", "me", "computer"))
	for _, p := range []struct{ path, ready string }{
		{"/?lang=fr", `!!document.querySelector('.card svg')`},
		{"/rules/pogo", `!!document.querySelector('.diagram svg')`},
		{"/new?game=empire", `[...document.querySelectorAll('.seatrow')].filter(r => !r.hidden).length === 2`},
		{"/archive", `!!document.querySelector('form.upload')`},
		{"/games/" + g.id + "#me=0-" + g.mine[0], appIs(`a.dataset.you === '0' && a.dataset.tomove === '0'`)},
	} {
		do(t, w, p.path, chromedp.Navigate(ts.URL+p.path))
		waitJS(t, w, p.path+" ready", p.ready)
	}
	screenshot(t, w, "csp-game-page")
	// A hint, drawn over the board by the script.
	do(t, w, "hint", chromedp.Click(chromedp.CSS(`#hintbtn`)))
	waitJS(t, w, "the hint drawn", `!!document.querySelector('#board .suggest .suggest-place')`)
	// A move by click, then history navigation (fetches the SVG).
	click(t, w, "click", `#board [data-place="b1"]`)
	do(t, w, "navigate", chromedp.Click(chromedp.CSS(`#navfirst`)))
	// The record viewer posts to /archive/svg.
	do(t, w, "viewer", chromedp.Navigate(ts.URL+"/archive"))
	waitJS(t, w, "archive", `!!document.querySelector('textarea[name=record]')`)
	eval[bool](t, w, `document.querySelector('textarea[name=record]').value = `+jsString("[Game \"pogo\"]\n\n1. 2b1-b3 2. 2a3-c3\n")+`; document.querySelector('form.upload').submit(); true`)
	waitJS(t, w, "viewer", `!!document.getElementById('viewer')`)
	do(t, w, "viewer back", chromedp.Click(chromedp.CSS(`#navfirst`)))
	waitJS(t, w, "viewer first", `document.querySelector('#movelist li.current') === null`)
	screenshot(t, w, "csp-viewer")
	// The new game form's game picker submits by script.
	do(t, w, "form", chromedp.Navigate(ts.URL+"/new?game=pogo"))
	waitJS(t, w, "form", `!!document.getElementById('gamepick')`)
	eval[bool](t, w, `(() => { const s = document.getElementById('gamepick'); s.value = 'empire'; s.dispatchEvent(new Event('change')); return true; })()`)
	waitJS(t, w, "empire form", `location.search.indexOf('game=empire') >= 0 && !!document.querySelector('[name=opt_players]')`)
	mu.Lock()
	defer mu.Unlock()
	for _, b := range blocked {
		t.Errorf("blocked or failed in the page: %s", b)
	}
}

func jsString(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `'`, `\'`, "\n", `\n`)
	return "'" + r.Replace(s) + "'"
}
