package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/render"
	"github.com/plateau-games/plateau/server/internal/engineasset"
	"github.com/plateau-games/plateau/server/internal/live"
)

// engineCounter counts the requests of the game page that the browser's
// engine replaces, and holds the module back until let go, so that the
// test sees the page before the module has loaded.
type engineCounter struct {
	next     http.Handler
	mu       sync.Mutex
	previews int
	boards   int
	encoding string // how the module was served
	release  chan struct{}
	block    bool // the module is not found: pages play without it
}

func (c *engineCounter) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	p := r.URL.Path
	c.mu.Lock()
	switch {
	case strings.HasPrefix(p, "/games/") && strings.HasSuffix(p, "/preview"):
		c.previews++
	case strings.HasPrefix(p, "/games/") && strings.HasSuffix(p, "/svg"):
		c.boards++
	}
	c.mu.Unlock()
	if strings.HasPrefix(p, engineasset.Prefix) && strings.HasSuffix(p, ".wasm") {
		c.mu.Lock()
		block := c.block
		c.mu.Unlock()
		if block {
			http.NotFound(w, r)
			return
		}
		select {
		case <-c.release:
		case <-r.Context().Done():
			return
		}
		c.next.ServeHTTP(w, r)
		c.mu.Lock()
		c.encoding = w.Header().Get("Content-Encoding")
		c.mu.Unlock()
		return
	}
	c.next.ServeHTTP(w, r)
}

func (c *engineCounter) counts() (previews, boards int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.previews, c.boards
}

// A game played on a page that runs the rules engine: the first board is
// the server's, shown while the module is held back; once it runs, the
// legal moves, the pictures of the choices, the history's boards and the
// turned board come from the page's engine: no request for a preview or a
// board reaches the server. French on a phone, English on a laptop.
func TestBrowserEngineModule(t *testing.T) {
	browser := startBrowser(t)
	s, err := New(Config{Store: newMemStore(), NewAgent: cheapAgents})
	if err != nil {
		t.Fatal(err)
	}
	counter := &engineCounter{next: s, release: make(chan struct{})}
	ts := httptest.NewServer(counter)
	t.Cleanup(func() { s.Close(); ts.Close() })
	released := false
	var timings []float64
	for _, c := range []struct {
		lang          string
		width, height int64
		device        string
	}{{"fr", 390, 844, "phone"}, {"en", 1280, 900, "laptop"}} {
		name := "engine-" + c.lang + "-" + c.device
		g := createGame(t, ts, form("pogo", "me", "me"))
		w := window(t, browser)
		watchPage(t, w) // the Content-Security-Policy lets the module run, and nothing throws
		do(t, w, "open the game", chromedp.EmulateViewport(c.width, c.height),
			chromedp.Navigate(fmt.Sprintf("%s/games/%s?lang=%s#me=0-%s,1-%s", ts.URL, g.id, c.lang, g.mine[0], g.mine[1])))
		waitJS(t, w, "the server's board", appIs(`a.dataset.ply === '0' && !!document.querySelector('#board svg [data-place]')`))
		if !released {
			// The module is still held: the board is there without it.
			if eval[bool](t, w, `document.getElementById('app').dataset.engineready === '1'`) {
				t.Fatal("the engine is ready while its module is held back")
			}
			screenshot(t, w, name+"-before-module")
			close(counter.release)
			released = true
		}
		waitJS(t, w, "the engine holds the game", appIs(`a.dataset.engineready === '1' && a.dataset.engineply === a.dataset.ply`))
		// Moves, not boards, from now on.
		waitJS(t, w, "the page announced the engine and the server answered", appIs(`a.dataset.enginewire === '1' && +a.dataset.localstates >= 1`))
		clickTimes(t, w)

		previews0, boards0 := counter.counts()
		v, _ := game.NewVariant("pogo", nil)
		m := game.NewMatch(v.Start())
		dialogs := 0
		for ply, notation := range pogoWin {
			waitJS(t, w, fmt.Sprintf("ply %d held by the engine", ply), appIs(fmt.Sprintf(`a.dataset.ply === '%d' && a.dataset.engineply === '%[1]d' && a.dataset.tomove === '%d'`, ply, ply%2)))
			mv, err := m.State().ParseMove(notation)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range render.Places(m.State(), mv) {
				click(t, w, "click "+p, `#board [data-place="`+p+`"]`)
			}
			if eval[bool](t, w, `document.getElementById('choose').open`) {
				dialogs++
				waitJS(t, w, "the choices' pictures", `document.querySelectorAll('#choices .preview').length > 1 && [...document.querySelectorAll('#choices .preview')].every(d => !!d.querySelector('svg [data-place]'))`)
				says := eval[string](t, w, `[...document.querySelectorAll('#choices .says')].map(s => s.textContent).join(' / ')`)
				if want := map[string]string{"fr": "Déplacer 1 pion de", "en": "Move 1 piece from"}[c.lang]; !strings.Contains(says, want) {
					t.Errorf("%s: the choices say %q, want %q", c.lang, says, want)
				}
				screenshot(t, w, name+"-choices")
				click(t, w, "choose "+notation, `#choices button[data-move="`+notation+`"]`)
			}
			if _, err := m.PlayNotation(notation); err != nil {
				t.Fatal(err)
			}
			waitJS(t, w, fmt.Sprintf("ply %d shown", ply+1), appIs(fmt.Sprintf(`a.dataset.ply === '%d'`, ply+1)))
			timings = append(timings, eval[float64](t, w, fmt.Sprintf(`window.plateauClick.shown[%d] || -1`, ply+1)))
		}
		waitJS(t, w, "the end", appIs(`a.dataset.result === 'win 1'`))
		if n := eval[string](t, w, `document.getElementById('app').dataset.localstates || '0'`); n == "0" || eval[string](t, w, `document.getElementById('app').dataset.enginewire`) != "1" {
			t.Errorf("%s: the moves did not come as deltas completed by the engine (%s states completed)", name, n)
		}
		if e := eval[string](t, w, `document.getElementById('app').dataset.engineerror || ''`); e != "" {
			t.Errorf("%s: completing a state failed: %s", name, e)
		}
		if dialogs == 0 {
			t.Fatal("no move asked which of several was meant: the previews were not tried")
		}
		// The history, and the board turned, drawn in the page.
		click(t, w, "the start", `#navfirst`)
		waitJS(t, w, "the start position", appIs(`a.dataset.ply === '0' && !document.getElementById('history').hidden && !!document.querySelector('#board svg [data-place="b1"]')`))
		click(t, w, "one move on", `#navfwd`)
		waitJS(t, w, "the first move", appIs(`a.dataset.ply === '1' && !!document.querySelector('#board svg')`))
		click(t, w, "turn the board", `#flip`)
		waitJS(t, w, "the turned board", `document.getElementById('app').dataset.ply === '1' && !!document.querySelector('#board svg')`)
		screenshot(t, w, name+"-history-turned")
		click(t, w, "back to the game", `#navlast`)
		waitJS(t, w, "the last position", appIs(`a.dataset.ply === '3' && document.getElementById('history').hidden`))
		click(t, w, "turn the board back", `#flip`)
		waitJS(t, w, "the board turned back", appIs(`a.dataset.flip === '0' || a.dataset.flip === '1'`))
		screenshot(t, w, name+"-end")

		previews, boards := counter.counts()
		if previews != previews0 || boards != boards0 {
			t.Errorf("%s: the page asked the server for %d previews and %d boards with the engine running", name, previews-previews0, boards-boards0)
		}
		asked := eval[float64](t, w, `window.plateauEngineStats ? window.plateauEngineStats.answers : 0`)
		if asked < 8 {
			t.Errorf("%s: the engine answered %v requests", name, asked)
		}
		t.Logf("%s: %v answers from the engine, no preview or board from the server", name, asked)
	}
	counter.mu.Lock()
	t.Logf("Chromium got the module with Content-Encoding %q", counter.encoding)
	counter.block = true
	counter.mu.Unlock()
	t.Logf("from a click to the board showing the move, with the module: %s", msList(timings))

	// The same game without the module (not found): the server's boards,
	// for the figures.
	g := createGame(t, ts, form("pogo", "me", "me"))
	w := window(t, browser)
	do(t, w, "open the game without the module", chromedp.EmulateViewport(1280, 900),
		chromedp.Navigate(fmt.Sprintf("%s/games/%s?lang=en#me=0-%s,1-%s", ts.URL, g.id, g.mine[0], g.mine[1])))
	waitJS(t, w, "the state", appIs(`a.dataset.ply === '0' && a.dataset.tomove === '0'`))
	clickTimes(t, w)
	v, _ := game.NewVariant("pogo", nil)
	m := game.NewMatch(v.Start())
	var without []float64
	for ply, notation := range pogoWin {
		waitJS(t, w, fmt.Sprintf("ply %d", ply), appIs(fmt.Sprintf(`a.dataset.ply === '%d' && a.dataset.tomove === '%d'`, ply, ply%2)))
		mv, _ := m.State().ParseMove(notation)
		for _, p := range render.Places(m.State(), mv) {
			click(t, w, "click "+p, `#board [data-place="`+p+`"]`)
		}
		if eval[bool](t, w, `document.getElementById('choose').open`) {
			click(t, w, "choose "+notation, `#choices button[data-move="`+notation+`"]`)
		}
		m.PlayNotation(notation)
		waitJS(t, w, fmt.Sprintf("ply %d shown", ply+1), appIs(fmt.Sprintf(`a.dataset.ply === '%d'`, ply+1)))
		without = append(without, eval[float64](t, w, fmt.Sprintf(`window.plateauClick.shown[%d] || -1`, ply+1)))
	}
	if eval[string](t, w, `document.getElementById('app').dataset.engineready || ''`) != "" {
		t.Error("the engine ran although its module was not found")
	}
	t.Logf("from a click to the board showing the move, without the module: %s", msList(without))
}

// clickTimes records in the page, for each ply shown, the milliseconds
// from the last click to the board showing it (#app's data-ply changes
// with the board).
func clickTimes(t *testing.T, w context.Context) {
	eval[bool](t, w, `(() => {
  const a = document.getElementById('app');
  window.plateauClick = { last: 0, shown: {} };
  document.addEventListener('click', () => { window.plateauClick.last = performance.now(); }, true);
  new MutationObserver(() => { window.plateauClick.shown[a.dataset.ply] = performance.now() - window.plateauClick.last; })
    .observe(a, { attributes: true, attributeFilter: ['data-ply'] });
  return true;
})()`)
}

func msList(xs []float64) string {
	var parts []string
	for _, x := range xs {
		parts = append(parts, fmt.Sprintf("%.0f ms", x))
	}
	return strings.Join(parts, ", ")
}

// The game page names the module and its loader; through the whole
// server they come with the caching and compression headers, and every
// page's policy lets WebAssembly compile (and only that: no eval).
func TestEngineServedBySite(t *testing.T) {
	_, ts := startServer(t, newMemStore())
	g := createGame(t, ts, form("pogo", "me", "computer"))
	resp, err := http.Get(ts.URL + "/games/" + g.id)
	if err != nil {
		t.Fatal(err)
	}
	var page strings.Builder
	buf := make([]byte, 1<<16)
	for {
		n, err := resp.Body.Read(buf)
		page.Write(buf[:n])
		if err != nil {
			break
		}
	}
	resp.Body.Close()
	csp := resp.Header.Get("Content-Security-Policy")
	if !strings.Contains(csp, "script-src 'self' 'wasm-unsafe-eval'") {
		t.Errorf("Content-Security-Policy %q does not let the module compile", csp)
	}
	a := engineasset.Load()
	for _, want := range []string{a.ModuleURL(), a.ExecURL(), `/static/engine.js`} {
		if !strings.Contains(page.String(), want) {
			t.Errorf("the game page does not name %s", want)
		}
	}
	for _, c := range []struct{ accept, enc string }{{"gzip, deflate, br, zstd", "br"}, {"gzip", "gzip"}} {
		req, _ := http.NewRequest("GET", ts.URL+a.ModuleURL(), nil)
		req.Header.Set("Accept-Encoding", c.accept)
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		h := resp.Header
		if resp.StatusCode != 200 || h.Get("Content-Type") != "application/wasm" || h.Get("Content-Encoding") != c.enc ||
			h.Get("Cache-Control") != "public, max-age=31536000, immutable" || resp.ContentLength > 1_500_000 {
			t.Errorf("%s with Accept-Encoding %q: status %d, length %d, headers %v", a.ModuleURL(), c.accept, resp.StatusCode, resp.ContentLength, h)
		}
	}
	for _, p := range []string{"/static/engine-worker.js", "/static/engine.js", a.ExecURL()} {
		resp, err := http.Get(ts.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(resp.Header.Get("Content-Type"), "javascript") {
			t.Errorf("%s: status %d, type %q", p, resp.StatusCode, resp.Header.Get("Content-Type"))
		}
	}
}

// A hint while the server's searches are blocked: the page's engine finds
// it (at the server's hint level, in its worker) and the server records
// it, counted and marked as any hint. French on a phone, English on a
// laptop.
func TestBrowserEngineLocalHint(t *testing.T) {
	browser := startBrowser(t)
	blocked := make(chan struct{})
	t.Cleanup(func() { close(blocked) })
	var serverHints atomic.Int64
	s, err := New(Config{Store: newMemStore(), NewAgent: func(spec string, v *game.Variant, seed uint64) (Agent, error) {
		if spec == live.HintStrength {
			// The server's hint search never ends while the test runs.
			serverHints.Add(1)
			return blockedAgent{blocked}, nil
		}
		return ai.New("random", v, seed)
	}})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s)
	t.Cleanup(func() { s.Close(); ts.Close() })
	for _, tc := range []struct {
		lang, device string
		w, h         int64
		says, one    string
	}{
		{"fr", "phone", 390, 844, "Indice : ", "1 indice (coup 1)"},
		{"en", "laptop", 1280, 900, "Hint: ", "1 hint (move 1)"},
	} {
		w := window(t, browser)
		watchPage(t, w)
		do(t, w, "new game", chromedp.EmulateViewport(tc.w, tc.h), chromedp.Navigate(ts.URL+"/new?game=pogo&lang="+tc.lang),
			chromedp.WaitVisible(chromedp.CSS(`#startgame`)), chromedp.Click(chromedp.CSS(`#startgame`)))
		waitJS(t, w, "my turn with the engine", appIs(`a.dataset.you === '0' && a.dataset.tomove === '0' && a.dataset.engineready === '1' && a.dataset.engineply === a.dataset.ply`))
		waitJS(t, w, "the hint button", `!document.getElementById('hintbtn').hidden && !document.getElementById('hintbtn').disabled`)
		hint := askHint(t, w, tc.says)
		waitJS(t, w, "the count by the name", `(document.querySelector('#players .hintsused') || {}).textContent === '`+tc.one+`'`)
		if n := eval[string](t, w, `document.getElementById('app').dataset.localhints || ''`); n != "1" {
			t.Errorf("%s: %q hints found in the page, want 1", tc.lang, n)
		}
		screenshot(t, w, "engine-hint-"+tc.lang+"-"+tc.device)
		do(t, w, "play the hint", chromedp.SendKeys(chromedp.CSS(`#moveinput`), hint+"\n"))
		waitJS(t, w, "the computer's answer", appIs(`a.dataset.ply === '2'`))
		if !eval[bool](t, w, `document.querySelector('#movelist li[data-ply="1"]').classList.contains('hinted')`) {
			t.Errorf("%s: the move played after the hint is not marked", tc.lang)
		}
	}
	if n := serverHints.Load(); n != 0 {
		t.Errorf("the server searched %d hints", n)
	}
}

// blockedAgent searches until its channel closes or its search is
// cancelled: the server's pool is busy.
type blockedAgent struct{ done chan struct{} }

func (blockedAgent) Name() string { return "blocked" }

func (b blockedAgent) Choose(ctx context.Context, m *game.Match) (game.Move, error) {
	select {
	case <-b.done:
	case <-ctx.Done():
	}
	return 0, errors.New("blocked")
}
