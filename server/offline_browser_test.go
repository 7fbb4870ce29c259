package server

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/puzzle"
	"github.com/plateau-games/plateau/record"
	"github.com/plateau-games/plateau/render"
)

// networkSwitch stands between the browser and the server: once off, every
// request is dropped without an answer (the connection closed), as when the
// network is down, and listed. The browser's own emulation of the network
// (offlineEmulation, on the page and on its service worker) keeps requests
// from coming at all; this makes sure that a page that needed the server
// fails, whatever the emulation covers.
type networkSwitch struct {
	next    http.Handler
	mu      sync.Mutex
	off     bool
	reached []string // the paths asked while off
}

func (n *networkSwitch) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	n.mu.Lock()
	off := n.off
	if off {
		n.reached = append(n.reached, r.Method+" "+r.URL.Path)
	}
	n.mu.Unlock()
	if !off {
		n.next.ServeHTTP(w, r)
		return
	}
	if hj, ok := w.(http.Hijacker); ok {
		if c, _, err := hj.Hijack(); err == nil {
			c.Close()
			return
		}
	}
	panic(http.ErrAbortHandler)
}

func (n *networkSwitch) set(off bool) []string {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.off = off
	r := n.reached
	n.reached = nil
	return r
}

// offlineEmulation cuts the window's network in the browser: the page's
// requests and its service worker's fail, and navigator.onLine is false.
// The browser's HTTP cache is off too: a file it still held would hide a
// file the service worker does not keep.
func offlineEmulation(off bool) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		if _, err := cdp.Call(ctx, t, network.Enable, network.EnableParams{}); err != nil {
			return chromedp.Void{}, err
		}
		if _, err := cdp.Call(ctx, t, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: off}); err != nil {
			return chromedp.Void{}, err
		}
		cond := &network.Conditions{Offline: off, Latency: 0, DownloadThroughput: -1, UploadThroughput: -1}
		if _, err := cdp.Call(ctx, t, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
			EmulateOfflineServiceWorker: ptrTo(off),
			MatchedNetworkConditions:    []*network.Conditions{cond},
		}); err != nil {
			return chromedp.Void{}, err
		}
		_, err := cdp.Call(ctx, t, network.OverrideNetworkState, network.OverrideNetworkStateParams{Offline: off, DownloadThroughput: -1, UploadThroughput: -1})
		return chromedp.Void{}, err
	}
}

// workerOffline cuts the network of the window's service worker too: its
// requests are its own target's, which the page's emulation may not cover.
func workerOffline(t *testing.T, w context.Context) {
	t.Helper()
	infos, err := chromedp.Targets(w)
	if err != nil {
		t.Fatal(err)
	}
	id := chromedp.FromContext(w).BrowserContextID
	n := 0
	for _, info := range infos {
		if info.Type != "service_worker" || info.BrowserContextID != id {
			continue
		}
		sw, cancel := chromedp.NewContext(w, chromedp.WithTargetID(info.TargetID))
		t.Cleanup(cancel)
		do(t, sw, "the service worker offline", offlineEmulation(true))
		n++
	}
	if n == 0 {
		t.Fatal("no service worker to cut off")
	}
}

// downloadsTo saves the window's downloads in dir.
func downloadsTo(w context.Context, dir string) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, t, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
			Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir,
			BrowserContextID: chromedp.FromContext(w).BrowserContextID,
		})
		return chromedp.Void{}, err
	}
}

// cachedPaths lists the paths (and queries) the service worker's caches
// hold: those whose name starts with prefix.
func cachedPaths(t *testing.T, w context.Context, prefix string) []string {
	t.Helper()
	tctx, cancel := context.WithTimeout(w, 30*time.Second)
	defer cancel()
	kept, err := chromedp.Run(tctx, chromedp.Evaluate[[]string](`(async () => { const out = []; for (const k of await caches.keys()) if (k.startsWith(`+jsString(prefix)+`)) for (const r of await (await caches.open(k)).keys()) { const u = new URL(r.url); out.push(u.pathname + u.search); } return out; })()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	return kept
}

// offlineIs is a condition on the offline game page's data attributes.
func offlineIs(cond string) string {
	return `(() => { const a = document.getElementById('offline'); return !!a && (` + cond + `); })()`
}

// The site offline, in the browser: a visitor opens the site, whose
// service worker installs and keeps the files, reads a lesson and a
// puzzle, opens the offline game's page; then the network goes down (the
// browser's emulation, and the server no longer answers). The visitor
// starts a game of POGO against the computer, plays it to the end by
// clicks (reloading the page in the middle: the game comes back), and
// downloads its record, which reads back and replays to the result shown.
// The lesson and the puzzle still show, and checking a move says in the
// page's language that it needs the network; a page never visited shows
// the offline game. French on a phone, English on a laptop.
func TestBrowserOffline(t *testing.T) {
	br := startBrowser(t)
	s, err := New(Config{Store: newMemStore(), NewAgent: cheapAgents})
	if err != nil {
		t.Fatal(err)
	}
	sw := &networkSwitch{next: s}
	ts := httptest.NewServer(sw)
	t.Cleanup(func() { s.Close(); ts.Close() })
	v, err := game.NewVariant("pogo", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		lang          string
		width, height int64
		device        string
		win, lose     string // the end's lead in the page's language
		needsNet      string // what checking a lesson's move says offline
	}{
		{"fr", 390, 844, "phone", "Vous avez gagné", "Vous avez perdu", "Vous êtes hors ligne"},
		{"en", 1280, 900, "laptop", "You win", "You lose", "You are offline"},
	} {
		name := "offline-" + c.lang + "-" + c.device
		sw.set(false)
		w := window(t, br)
		watchPage(t, w)
		dir := t.TempDir()
		do(t, w, "the site", chromedp.EmulateViewport(c.width, c.height), downloadsTo(w, dir),
			chromedp.Navigate(ts.URL+"/?lang="+c.lang))
		// The service worker installs (it fetches the files it keeps) and
		// takes the page.
		waitJS(t, w, "the service worker", `!!navigator.serviceWorker.controller`)
		kept := cachedPaths(t, w, "")
		for _, want := range []string{"/static/offline.js", "/static/engine.js", "/static/style.css", "/play/offline", ".wasm"} {
			if !strings.Contains(strings.Join(kept, " "), want) {
				t.Errorf("%s: the service worker did not keep %s: %v", name, want, kept)
			}
		}
		// Pages visited online: a lesson, a puzzle, the offline game.
		lesson := ts.URL + "/learn/pogo?step=1&lang=" + c.lang
		do(t, w, "a lesson", chromedp.Navigate(lesson))
		waitJS(t, w, "the lesson's board", `!!document.querySelector('#lesson #board svg')`)
		p := firstPuzzleWith(t, "pogo", func(*puzzle.Puzzle) bool { return true })
		puzzleURL := ts.URL + "/puzzles/" + p.ID + "?lang=" + c.lang
		do(t, w, "a puzzle", chromedp.Navigate(puzzleURL))
		waitJS(t, w, "the puzzle's board", `!!document.querySelector('#puzzle #board svg')`)
		do(t, w, "the offline game", chromedp.Navigate(ts.URL+"/?lang="+c.lang))
		click(t, w, "the home page's link", `#offlinelink`)
		waitJS(t, w, "the offline game's form", offlineIs(`!document.getElementById('setup').hidden && document.getElementById('status').textContent === ''`))

		// The network goes down.
		do(t, w, "offline", offlineEmulation(true))
		workerOffline(t, w)
		sw.set(true)
		do(t, w, "reload offline", chromedp.Reload())
		waitJS(t, w, "the form offline", offlineIs(`!document.getElementById('setup').hidden && !!document.querySelector('#offgame option[value=pogo]')`))
		if !eval[bool](t, w, `navigator.onLine === false && !document.getElementById('offlinebar').hidden`) {
			t.Errorf("%s: the offline bar is not shown", name)
		}
		screenshot(t, w, name+"-form")
		// Every variant of the catalogue the engine knows is offered.
		if n := eval[int](t, w, `JSON.parse(document.getElementById('offline').dataset.catalogue).reduce((n, g) => n + g.variants.length, 0)`); n < 40 {
			t.Errorf("%s: %d variants offered", name, n)
		}
		eval[bool](t, w, `(() => { const s = document.getElementById('offgame'); s.value = 'pogo'; s.dispatchEvent(new Event('change')); document.getElementById('offseat').value = '0'; document.getElementById('offlevel').value = 'easy'; return true; })()`)
		click(t, w, "start", `#offstart`)

		// The game, by clicks: the test's own player (medium) against the
		// page's computer (easy).
		me, err := ai.New("medium", v, 7)
		if err != nil {
			t.Fatal(err)
		}
		reloaded := false
		for turn := 0; ; turn++ {
			if turn > 300 {
				t.Fatalf("%s: no end after %d turns", name, turn)
			}
			waitJS(t, w, fmt.Sprintf("turn %d", turn), offlineIs(`!!a.dataset.result || (a.dataset.ready === '1' && a.dataset.busy === '0' && a.dataset.tomove === '0' && a.dataset.shown === a.dataset.ply && window.plateauOffline.legal.length > 0)`))
			if eval[string](t, w, `document.getElementById('offline').dataset.result || ''`) != "" {
				break
			}
			moves := eval[[]string](t, w, `window.plateauOffline.moves`)
			m := game.NewMatch(v.Start())
			if err := record.PlayMoves(m, moves); err != nil {
				t.Fatalf("%s: the page's moves: %v", name, err)
			}
			if turn == 3 && !reloaded {
				// A reload in the middle: the game comes back, offline.
				reloaded = true
				do(t, w, "reload in the game", chromedp.Reload())
				waitJS(t, w, "the game back", offlineIs(fmt.Sprintf(`a.dataset.ply === '%d' && a.dataset.shown === '%[1]d' && a.dataset.tomove === '0' && a.dataset.busy === '0'`, len(moves))))
				screenshot(t, w, name+"-resumed")
				continue
			}
			mv, err := me.Choose(context.Background(), m)
			if err != nil {
				t.Fatal(err)
			}
			notation := m.State().MoveString(mv)
			for _, pl := range render.Places(m.State(), mv) {
				click(t, w, "click "+pl, `#board [data-place="`+pl+`"]`)
			}
			if eval[bool](t, w, `document.getElementById('choose').open`) {
				waitJS(t, w, "the choices' pictures", `[...document.querySelectorAll('#choices .preview')].every(d => !!d.querySelector('svg'))`)
				if turn < 8 {
					screenshot(t, w, name+"-choices")
				}
				click(t, w, "choose "+notation, `#choices button[data-move="`+notation+`"]`)
			}
			waitJS(t, w, "the move played", offlineIs(fmt.Sprintf(`+a.dataset.ply > %d || !!a.dataset.result`, len(moves))))
		}
		moves := eval[[]string](t, w, `window.plateauOffline.moves`)
		res := eval[string](t, w, `document.getElementById('offline').dataset.result`)
		banner := eval[string](t, w, `document.getElementById('bannertext').textContent`)
		m := game.NewMatch(v.Start())
		if err := record.PlayMoves(m, moves); err != nil {
			t.Fatal(err)
		}
		want := record.NewResult(v, m.Outcome())
		if !want.Ended() || want.String() != res {
			t.Errorf("%s: the page says %q after %d moves, the rules %q", name, res, len(moves), want)
		}
		if lead := map[bool]string{true: c.win, false: c.lose}[want.Winners[0] == 0]; !strings.HasPrefix(banner, lead) {
			t.Errorf("%s: the end says %q, want it to start with %q", name, banner, lead)
		}
		if c.lang == "fr" {
			noEnglish(t, w, name)
		}
		screenshot(t, w, name+"-end")

		// The record, downloaded offline.
		click(t, w, "download", `#downloadend`)
		var file string
		for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline) && file == ""; time.Sleep(100 * time.Millisecond) {
			entries, _ := os.ReadDir(dir)
			for _, e := range entries {
				if strings.HasSuffix(e.Name(), ".txt") {
					file = filepath.Join(dir, e.Name())
				}
			}
		}
		if file == "" {
			t.Fatalf("%s: no record downloaded", name)
		}
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := record.Parse(strings.NewReader(string(b)))
		if err != nil {
			t.Fatalf("%s: the record does not read: %v\n%s", name, err, b)
		}
		rm, err := rec.Replay()
		if err != nil {
			t.Fatalf("%s: the record does not replay: %v\n%s", name, err, b)
		}
		if rec.Result.String() != res || len(rm.Notations()) != len(moves) || rec.Game != "pogo" || len(rec.Players) != 2 || rec.Players[1] != "computer easy" {
			t.Errorf("%s: the record says %s after %d moves, players %q:\n%s", name, rec.Result, len(rm.Notations()), rec.Players, b)
		}

		// Reloaded offline, the finished game is still there.
		do(t, w, "reload at the end", chromedp.Reload())
		waitJS(t, w, "the end again", offlineIs(fmt.Sprintf(`a.dataset.result === '%s' && a.dataset.ply === '%d' && !document.getElementById('banner').hidden`, res, len(moves))))

		// The lesson and the puzzle visited, offline.
		do(t, w, "the lesson offline", chromedp.Navigate(lesson))
		waitJS(t, w, "the lesson's board offline", `!!document.querySelector('#lesson #board svg')`)
		first := eval[[]string](t, w, `JSON.parse(document.getElementById('lesson').dataset.legal)[0].places`)
		for _, pl := range first {
			click(t, w, "lesson click "+pl, `#board [data-place="`+pl+`"]`)
		}
		if eval[bool](t, w, `document.getElementById('choose').open`) {
			click(t, w, "lesson choice", `#choices button`)
		}
		waitJS(t, w, "the lesson says it needs the network", `document.getElementById('feedback').textContent.indexOf(`+jsString(c.needsNet)+`) >= 0`)
		screenshot(t, w, name+"-lesson")
		do(t, w, "the puzzle offline", chromedp.Navigate(puzzleURL))
		waitJS(t, w, "the puzzle's board offline", `!!document.querySelector('#puzzle #board svg')`)
		screenshot(t, w, name+"-puzzle")
		// A page never visited: the offline game instead.
		do(t, w, "the archive offline", chromedp.Navigate(ts.URL+"/archive"))
		waitJS(t, w, "the offline game instead", offlineIs(`a.dataset.result === '`+res+`'`))
		if got := eval[string](t, w, `location.href`); !strings.HasSuffix(got, "/archive") {
			t.Errorf("%s: the address became %s", name, got)
		}
		if c.lang == "en" {
			// A game of three, still offline: the computer plays the
			// two other seats; the player resigns, and the other two win.
			click(t, w, "a new game", `#again`)
			eval[bool](t, w, `(() => { const s = document.getElementById('offgame'); s.value = 'empire'; s.dispatchEvent(new Event('change')); const v = document.getElementById('offvariant'); v.value = 'players=3'; v.dispatchEvent(new Event('change')); document.getElementById('offseat').value = '1'; document.getElementById('offlevel').value = 'easy'; return true; })()`)
			click(t, w, "start empire", `#offstart`)
			waitJS(t, w, "my turn at empire", offlineIs(`a.dataset.rules === 'empire' && a.dataset.ready === '1' && a.dataset.busy === '0' && a.dataset.tomove === '1' && a.dataset.ply === '1' && a.dataset.shown === '1'`))
			if n := eval[int](t, w, `document.querySelectorAll('#players li').length`); n != 3 {
				t.Errorf("%s: %d players listed at L'Empire for three", name, n)
			}
			click(t, w, "resign", `#resign`)
			click(t, w, "resign, yes", `#resignyes`)
			waitJS(t, w, "resigned", offlineIs(`a.dataset.result === 'win 1,3' && !document.getElementById('banner').hidden`))
			if got := eval[string](t, w, `document.getElementById('bannertext').textContent`); !strings.HasPrefix(got, c.lose) || !strings.Contains(got, "resigned") {
				t.Errorf("%s: the resignation says %q", name, got)
			}
			rec, err := record.Parse(strings.NewReader(eval[string](t, w, `window.plateauOffline.record`)))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := rec.Replay(); err != nil || rec.Result.String() != "win 1,3" || rec.Result.Reason != "resigned 2" || rec.Options["players"] != "3" {
				t.Errorf("%s: the resigned game's record: %+v (%v)", name, rec, err)
			}
			screenshot(t, w, name+"-resigned")
		}
		// Nothing went to the network but the browser's own check for a
		// new service worker (outside the emulated targets) and, should
		// the browser have stopped the idle worker and started another
		// (whose target is not emulated), its tries at the pages (network
		// first): all failed. The files, the engine, the moves and the
		// record came from the browser.
		reached := sw.set(false)
		for _, r := range reached {
			path := strings.TrimPrefix(r, "GET ")
			if !strings.HasPrefix(r, "GET ") || !(path == "/sw.js" || path == "/play/offline" || path == "/archive" || path == "/learn/pogo" || strings.HasPrefix(path, "/puzzles/pogo-")) {
				t.Errorf("%s: %s went to the network while offline", name, r)
			}
		}
		t.Logf("%s: %d moves, %s; requests tried while offline (all failed): %v", name, len(moves), res, reached)
	}
}

// What a shared computer keeps: the pages of an account's own (my games,
// a game being played) are never kept; the lessons are, and logging out
// empties the kept pages, so that the next person finds none of them.
func TestBrowserOfflinePrivate(t *testing.T) {
	br := startBrowser(t)
	_, ts, _ := accountServer(t, Config{})
	w := window(t, br)
	watchPage(t, w)
	do(t, w, "the site", chromedp.Navigate(ts.URL+"/?lang=en"))
	waitJS(t, w, "the service worker", `!!navigator.serviceWorker.controller`)
	browserSignup(t, w, ts, "alice", "en")
	g := createGame(t, ts, form("pogo", "me", "computer"))
	for _, p := range []struct{ path, ready string }{
		{"/learn?lang=en", `!!document.getElementById('account')`},
		{"/my-games", `!!document.getElementById('account')`},
		{"/games/" + g.id, appIs(`true`)},
	} {
		do(t, w, p.path, chromedp.Navigate(ts.URL+p.path))
		waitJS(t, w, p.path, p.ready)
	}
	var pages []string
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if pages = cachedPaths(t, w, "plateau-pages"); strings.Contains(strings.Join(pages, " "), "/learn") {
			break
		}
	}
	joined := strings.Join(pages, " ")
	if !strings.Contains(joined, "/learn?lang=en") {
		t.Errorf("the lessons' page is not kept: %v", pages)
	}
	if strings.Contains(joined, "/my-games") || strings.Contains(joined, "/games/") || strings.Contains(joined, "/signup") {
		t.Errorf("a private or live page is kept: %v", pages)
	}
	click(t, w, "log out", `#logout`)
	waitJS(t, w, "logged out", `!document.getElementById('account') && !!document.getElementById('loginlink')`)
	var after []string
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if after = cachedPaths(t, w, "plateau-pages"); !strings.Contains(strings.Join(after, " "), "/learn") {
			break
		}
	}
	if strings.Contains(strings.Join(after, " "), "/learn") {
		t.Errorf("pages kept after logging out: %v", after)
	}
	// What is kept from now on is the anonymous page.
	html, err := chromedp.Run(w, chromedp.Evaluate[string](`(async () => { const c = await caches.open('plateau-pages'); let all = ''; for (const r of await c.keys()) all += await (await c.match(r)).text(); return all; })()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(html, "alice") {
		t.Error("a page kept after logging out names alice")
	}
}
