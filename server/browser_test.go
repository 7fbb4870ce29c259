package server

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/log"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/render"
	"github.com/plateau-games/plateau/server/internal/games"
)

// Browser tests drive Debian's chromium, headless, through chromedp: they
// play whole games in the real page, by clicks and by keyboard entry. They
// skip when chromium is missing, except under CI (CI=true), where they must
// run; scripts/test installs chromium.

// chromiumPath finds the browser: $PLATEAU_CHROMIUM, then chromium on PATH.
func chromiumPath(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("browser tests are not short")
	}
	path := os.Getenv("PLATEAU_CHROMIUM")
	if path == "" {
		for _, name := range []string{"chromium", "chromium-browser"} {
			if p, err := exec.LookPath(name); err == nil {
				path = p
				break
			}
		}
	}
	if path == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("chromium is not installed, and CI=true: the browser tests must run (scripts/test installs it)")
		}
		t.Skip("chromium not found: skipping the browser tests (apt-get install chromium, or set PLATEAU_CHROMIUM)")
	}
	return path
}

// sharedBrowser is the one headless chromium of the package's browser
// tests, started by the first of them and stopped by TestMain: starting a
// browser costs a second or two, and every test works in windows of its
// own storage anyway (window).
var sharedBrowser struct {
	once    sync.Once
	ctx     context.Context
	err     error
	dir     string
	cancels []context.CancelFunc
}

// startBrowser gives the test the package's headless chromium (started on
// first use, with a fresh profile), and lets the test run beside the
// other browser tests: they mostly wait for pages, and each has its own
// server, store and windows, so running two or more at once shortens the
// package's run without adding work.
func startBrowser(t *testing.T) context.Context {
	path := chromiumPath(t)
	t.Parallel()
	b := &sharedBrowser
	b.once.Do(func() {
		b.dir, b.err = os.MkdirTemp("", "plateau-chromium-")
		if b.err != nil {
			return
		}
		opts := []chromedp.ExecAllocatorOption{
			chromedp.ExecPath(path),
			chromedp.Headless,
			chromedp.NoSandbox,
			chromedp.DisableGPU,
			chromedp.Flag("disable-dev-shm-usage", true),
			chromedp.Flag("disable-background-networking", true),
			chromedp.Flag("disable-component-update", true),
			chromedp.Flag("disable-sync", true),
			chromedp.Flag("no-first-run", true),
			chromedp.Flag("no-default-browser-check", true),
			// Work a test never needs, which chromium otherwise does in
			// the background or for every page (translation's language
			// detection, the optimisation hints' fetches, extensions).
			chromedp.Flag("disable-extensions", true),
			chromedp.Flag("disable-default-apps", true),
			chromedp.Flag("disable-client-side-phishing-detection", true),
			chromedp.Flag("disable-breakpad", true),
			chromedp.Flag("mute-audio", true),
			chromedp.Flag("disable-features", "Translate,OptimizationHints,MediaRouter,AutofillServerCommunication,InterestFeedContentSuggestions"),
			chromedp.UserDataDir(b.dir),
			chromedp.WindowSize(1100, 900),
		}
		allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, cancel := chromedp.NewContext(allocCtx)
		b.cancels = []context.CancelFunc{cancel, cancelAlloc}
		// The first action starts the browser; it must not run under a
		// timeout.
		if err := chromedp.Do(ctx); err != nil {
			b.err = fmt.Errorf("starting chromium: %w", err)
			return
		}
		b.ctx = ctx
	})
	if b.err != nil {
		t.Fatal(b.err)
	}
	return b.ctx
}

// stopBrowser stops the shared chromium, if a test started it.
func stopBrowser() {
	b := &sharedBrowser
	for _, cancel := range b.cancels {
		cancel()
	}
	if b.dir != "" {
		os.RemoveAll(b.dir)
	}
}

// window opens a window with its own storage (a new browser context), as a
// second person on another computer would have.
func window(t *testing.T, browser context.Context) context.Context {
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatal(err)
	}
	return ctx
}

// do runs actions with a timeout, failing the test with what was tried.
func do(t *testing.T, ctx context.Context, what string, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	tctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	if err := chromedp.Do(tctx, actions...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// click clicks the element sel, again when the page redrew it between
// finding it and clicking it (a state arriving replaces the board's
// drawing: chromedp then reports the node gone).
func click(t *testing.T, ctx context.Context, what, sel string) {
	t.Helper()
	var err error
	for try := 0; try < 5; try++ {
		tctx, cancel := context.WithTimeout(ctx, 60*time.Second)
		err = chromedp.Do(tctx, chromedp.Click(chromedp.CSS(sel)))
		cancel()
		if err == nil {
			return
		}
		if !strings.Contains(err.Error(), "Could not find node") && !strings.Contains(err.Error(), "detached") {
			break
		}
	}
	t.Fatalf("%s: %v", what, err)
}

func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	tctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	v, err := chromedp.Run(tctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("evaluate %q: %v", js, err)
	}
	return v
}

// waitJS waits until the expression is true in the page.
func waitJS(t *testing.T, ctx context.Context, what, js string) {
	t.Helper()
	tctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	var err error
	for tctx.Err() == nil {
		// A poll is cut short when the page navigates (a form submitted):
		// poll the new page then.
		if _, err = chromedp.Run(tctx, chromedp.Poll[bool](js, chromedp.WithPollingInterval(50*time.Millisecond))); err == nil {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err != nil {
		status, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById('status') ? document.getElementById('status').textContent + ' / ' + document.getElementById('notice').textContent : document.title`))
		t.Fatalf("waiting for %s: %v (page says %q)", what, err, status)
	}
}

// screenshotDir is where screenshots go: $PLATEAU_SCREENSHOTS, or a
// folder in the system's temporary directory (never the repository).
func screenshotDir(t *testing.T) string {
	dir := os.Getenv("PLATEAU_SCREENSHOTS")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "plateau-screenshots")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	tctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	png, err := chromedp.Run(tctx, fullPagePNG)
	if err != nil {
		t.Logf("screenshot %s: %v", name, err)
		return
	}
	path := filepath.Join(screenshotDir(t), name+".png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot %s", path)
}

// fullPagePNG captures the whole page as chromedp.FullScreenshot(100)
// does, the same pixels in a PNG, but asks chromium for its fast PNG
// encoding: the default's best compression cost more than the capture
// itself (0.54 s against 0.22 s of CPU for a tall rules page; the tests
// save 160 pictures, 156 million pixels), for files some 30 % larger.
var fullPagePNG chromedp.Action[[]byte] = func(ctx context.Context, t *chromedp.Target) ([]byte, error) {
	r, err := cdp.Call(ctx, t, cdppage.CaptureScreenshot, cdppage.CaptureScreenshotParams{
		Format:                cdppage.CaptureScreenshotFormatPng,
		CaptureBeyondViewport: ptrTo(true),
		FromSurface:           ptrTo(true),
		OptimizeForSpeed:      ptrTo(true),
	})
	if err != nil {
		return nil, err
	}
	return r.Data, nil
}

func ptrTo[T any](v T) *T { return &v }

// appIs is a page expression on the game page's data attributes.
func appIs(cond string) string {
	return `(() => { const a = document.getElementById('app'); return !!a && a.dataset.result !== undefined && (` + cond + `); })()`
}

// Two people play a whole POGO game in two browser windows, by clicks: the
// creator fills in the form and sends the invitation link to the other.
func TestBrowserPOGOTwoWindows(t *testing.T) {
	browser := startBrowser(t)
	st := newMemStore()
	_, ts := startServer(t, st)
	alice, bob := window(t, browser), window(t, browser)

	do(t, alice, "new game form",
		chromedp.Navigate(ts.URL+"/new?game=pogo&lang=fr"),
		chromedp.WaitVisible(chromedp.CSS(`#startgame`)),
	)
	eval[bool](t, alice, `document.querySelector('select[name=seat1]').value = 'invite'; true`)
	screenshot(t, alice, "pogo-new-game")
	do(t, alice, "start the game", chromedp.Click(chromedp.CSS(`#startgame`)))
	waitJS(t, alice, "the invitation link", `!!document.querySelector('#invites input[data-seat="1"]')`)
	invite := eval[string](t, alice, `document.querySelector('#invites input[data-seat="1"]').value`)
	if !strings.Contains(invite, "#me=1-") {
		t.Fatalf("invitation link %q", invite)
	}
	do(t, bob, "open the invitation", chromedp.Navigate(invite))
	waitJS(t, bob, "bob's seat", appIs(`a.dataset.you === '1'`))
	// The fragment is gone from the address bar once the token is stored.
	if loc, _ := chromedp.Run(bob, chromedp.Location()); strings.Contains(loc, "#") {
		t.Errorf("token left in the address bar: %s", loc)
	}

	v, _ := game.NewVariant("pogo", nil)
	m := game.NewMatch(v.Start())
	windows := []context.Context{alice, bob}
	for ply, notation := range pogoWin {
		w := windows[ply%2]
		waitJS(t, w, fmt.Sprintf("ply %d to play", ply), appIs(fmt.Sprintf(`a.dataset.ply === '%d' && a.dataset.you === a.dataset.tomove`, ply)))
		mv, err := m.State().ParseMove(notation)
		if err != nil {
			t.Fatal(err)
		}
		places := render.Places(m.State(), mv)
		if len(places) == 0 {
			t.Fatalf("%s has no places to click", notation)
		}
		for _, p := range places {
			click(t, w, "click "+p, `#board [data-place="`+p+`"]`)
		}
		// Several moves share these clicks: the dialog asks which.
		if eval[bool](t, w, `document.getElementById('choose').open`) {
			// Each choice is a picture of where it leads and a sentence.
			waitJS(t, w, "the choices' pictures", `document.querySelectorAll('#choices .preview').length > 0 && [...document.querySelectorAll('#choices .preview')].every(d => !!d.querySelector('svg'))`)
			says := eval[string](t, w, `[...document.querySelectorAll('#choices .says')].map(s => s.textContent).join(' / ')`)
			if !strings.Contains(says, "Déplacer 1 pion de") || !strings.Contains(says, "pions de") {
				t.Errorf("the choices say %q", says)
			}
			screenshot(t, w, "pogo-choose-dialog")
			do(t, w, "choose "+notation, chromedp.Click(chromedp.CSS(`#choices button[data-move="`+notation+`"]`)))
		}
		if _, err := m.PlayNotation(notation); err != nil {
			t.Fatal(err)
		}
		for _, other := range windows {
			waitJS(t, other, fmt.Sprintf("ply %d shown", ply+1), appIs(fmt.Sprintf(`a.dataset.ply === '%d'`, ply+1)))
		}
	}
	for i, w := range windows {
		waitJS(t, w, "the end", appIs(`a.dataset.result === 'win 1'`))
		screenshot(t, w, "pogo-end-window"+strconv.Itoa(i+1))
	}
	g, err := st.LoadGame(context.Background(), strings.TrimPrefix(strings.Split(invite, "#")[0], ts.URL+"/games/"))
	if err != nil {
		t.Fatal(err)
	}
	if g.Result != "win 1" || len(g.Moves) != len(pogoWin) {
		t.Fatalf("stored: %q after %d moves", g.Result, len(g.Moves))
	}
	// History navigation: back to the start and forward again.
	do(t, alice, "navigate", chromedp.Click(chromedp.CSS(`#navfirst`)))
	waitJS(t, alice, "the start position", appIs(`a.dataset.ply === '0'`))
	do(t, alice, "navigate", chromedp.Click(chromedp.CSS(`#navfwd`)))
	waitJS(t, alice, "ply 1", appIs(`a.dataset.ply === '1'`))
	// A spectator sees the finished game, at a phone's width.
	watcher := window(t, browser)
	do(t, watcher, "spectate", chromedp.EmulateViewport(390, 844), chromedp.Navigate(ts.URL+"/games/"+g.ID))
	waitJS(t, watcher, "the result", appIs(`a.dataset.result === 'win 1' && a.dataset.you === ''`))
	screenshot(t, watcher, "pogo-spectator-phone")
}

// In every game, a person plays the computer to the end by typing moves;
// the computer seats use a cheap level.
func TestBrowserEveryGameAgainstTheComputer(t *testing.T) {
	browser := startBrowser(t)
	st := newMemStore()
	s, err := New(Config{Store: st, NewAgent: func(_ string, v *game.Variant, seed uint64) (Agent, error) {
		return ai.New("random", v, seed)
	}})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s)
	t.Cleanup(func() { s.Close(); ts.Close() })
	for _, info := range game.Games() {
		t.Run(info.ID, func(t *testing.T) {
			// The games are independent windows of one browser: two at
			// once, so that one's waits for the page overlap the other's.
			t.Parallel()
			v, err := info.Variant(info.AllVariants()[0])
			if err != nil {
				t.Fatal(err)
			}
			seats := []string{"me"}
			for i := 1; i < v.Players; i++ {
				seats = append(seats, "computer")
			}
			f := form(info.ID, seats...)
			f.Set("variant", v.Options.String())
			g := createGame(t, ts, f)
			w := window(t, browser)
			do(t, w, "open the game", chromedp.Navigate(ts.URL+"/games/"+g.id+"#me=0-"+g.mine[0]))
			// The person's moves come from cheap agents: random moves
			// first, for variety (captures, passes, what a beginner
			// tries), then the medium level, which ends the game (random
			// play of L'Empire or La Porte lasts 200 to 400 plies, each a
			// round trip through the page).
			wanderer, err := ai.New("random", v, 7)
			if err != nil {
				t.Fatal(err)
			}
			finisher, err := ai.New("medium", v, 7)
			if err != nil {
				t.Fatal(err)
			}
			for moves := 0; ; moves++ {
				player := wanderer
				if moves >= 15 {
					player = finisher
				}
				waitJS(t, w, "my turn or the end", appIs(`a.dataset.result !== '*' || a.dataset.tomove === '0'`))
				if eval[string](t, w, `document.getElementById('app').dataset.result`) != "*" {
					break
				}
				ply := eval[string](t, w, `document.getElementById('app').dataset.ply`)
				stored, err := st.LoadGame(context.Background(), g.id)
				if err != nil {
					t.Fatal(err)
				}
				m, err := games.Replay(stored)
				if err != nil {
					t.Fatal(err)
				}
				if strconv.Itoa(len(m.Moves())) != ply {
					continue // the page is a step behind the store; look again
				}
				mv, err := player.Choose(context.Background(), m)
				if err != nil {
					t.Fatal(err)
				}
				notation := m.State().MoveString(mv)
				do(t, w, "type "+notation,
					chromedp.SendKeys(chromedp.CSS(`#moveinput`), notation+kb.Enter))
				waitJS(t, w, "the move "+notation+" played", appIs(`a.dataset.ply !== '`+ply+`'`))
				if moves == 0 {
					screenshot(t, w, info.ID+"-first-move")
				}
			}
			screenshot(t, w, info.ID+"-end")
			stored, err := st.LoadGame(context.Background(), g.id)
			if err != nil {
				t.Fatal(err)
			}
			if stored.Result == "*" {
				t.Fatal("the game is not finished in the store")
			}
			t.Logf("%s: %s (%s) after %d moves", info.ID, stored.Result, stored.Reason, len(stored.Moves))
		})
	}
}

// The other pages render in the browser (screenshots for a look), and the
// new game form shows one seat row per player of the chosen variant.
func TestBrowserPages(t *testing.T) {
	browser := startBrowser(t)
	_, ts := startServer(t, newMemStore())
	w := window(t, browser)
	for _, p := range []struct{ path, name string }{
		{"/?lang=fr", "catalogue-fr"},
		{"/rules/pogo", "rules-pogo"},
		{"/archive", "archive"},
		{"/new?game=empire", "new-empire"},
	} {
		do(t, w, p.path, chromedp.Navigate(ts.URL+p.path), chromedp.WaitVisible(chromedp.CSS(`main`)))
		screenshot(t, w, p.name)
	}
	visible := `[...document.querySelectorAll('.seatrow')].filter(r => !r.hidden).length`
	if n := eval[int](t, w, visible); n != 2 {
		t.Errorf("empire's first variant: %d seat rows shown, want 2", n)
	}
	eval[bool](t, w, `(() => { const s = document.querySelector('[name=opt_players]'); s.value = '4'; s.dispatchEvent(new Event('change')); return true; })()`)
	if n := eval[int](t, w, visible); n != 4 {
		t.Errorf("players=4: %d seat rows shown, want 4", n)
	}
	// A level only for the computer's seats: seat 1 is "me", seat 2 the
	// computer.
	levels := `[...document.querySelectorAll('.seatrow')].filter(r => !r.hidden).map(r => r.querySelector('.levelfield').hidden ? '-' : r.querySelector('select[name^=level]').value).join(',')`
	if got := eval[string](t, w, levels); got != "-,medium,-,-" {
		t.Errorf("levels shown for seats (me, computer, me, me): %q, want -,medium,-,-", got)
	}
	if n := eval[int](t, w, `document.querySelectorAll('#newgame select option[value=""]').length`); n != 0 {
		t.Errorf("the form has %d empty choices", n)
	}
	do(t, w, "French form", chromedp.Navigate(ts.URL+"/new?game=empire&lang=fr"), chromedp.WaitVisible(chromedp.CSS(`main`)))
	if text := eval[string](t, w, `document.getElementById('newgame').innerText`); !strings.Contains(text, "Joueurs") || strings.Contains(text, "players") || !strings.Contains(text, "moyen") {
		t.Errorf("French form: %q", text)
	}
	screenshot(t, w, "new-empire-fr")
}

// watchPage fails the test on anything the Content-Security-Policy blocks
// and on any exception in the page.
func watchPage(t *testing.T, w context.Context) {
	var mu sync.Mutex
	var blocked []string
	chromedp.Listen(w, func(ev any) {
		var text string
		switch e := ev.(type) {
		case *log.EventEntryAdded:
			text = e.Entry.Text
		case *runtime.EventExceptionThrown:
			text = "exception: " + e.ExceptionDetails.Text
		}
		if strings.Contains(text, "Content Security Policy") || strings.Contains(text, "Refused to") || strings.HasPrefix(text, "exception") {
			mu.Lock()
			blocked = append(blocked, text)
			mu.Unlock()
		}
	})
	t.Cleanup(func() {
		mu.Lock()
		defer mu.Unlock()
		for _, b := range blocked {
			t.Errorf("blocked or failed in the page: %s", b)
		}
	})
}
