package server

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/plateau-games/plateau/game"
)

// What a player sees (issue 23, item 8), in both languages, on a phone and
// a laptop: no program words, the moves of a game of four since the
// player's last turn each in its player's colour, the clocks in view, no
// native dialog, pages that fit a phone.

// noNativeDialogs makes every native dialog of the page fail the test: a
// page must ask in the page.
const noNativeDialogs = `(() => { window.__native = []; ['alert', 'confirm', 'prompt'].forEach(n => { window[n] = (m) => { window.__native.push(n + ': ' + m); return false; }; }); return true; })()`

// programWords are raw keys and program words no page may show.
var programWords = []string{"playerscol", "level=", "size=", "orientation=", "(s)", "alphabeta", "time=", "mcts:", "Result :"}

func noProgramWords(t *testing.T, w context.Context, where string) {
	t.Helper()
	text := eval[string](t, w, `document.body.innerText`)
	for _, word := range programWords {
		if strings.Contains(text, word) {
			t.Errorf("%s: %q on the page:\n%s", where, word, text)
		}
	}
	// A game in progress is said in words, never "*".
	for _, line := range strings.Split(text, "\n") {
		if strings.TrimSpace(line) == "*" || strings.Contains(line, "\t*\t") || strings.HasSuffix(line, "\t*") {
			t.Errorf("%s: a bare * on the page: %q", where, line)
		}
	}
}

// noOverflow says whether the page is no wider than the window.
const noOverflow = `document.documentElement.scrollWidth <= window.innerWidth + 1`

// playClicks plays a move by clicks: a piece that can move, then the
// first place it can go, choosing the first move if a dialog asks.
const playClicks = `(() => {
  const click = el => el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  const from = document.querySelector('#board [data-place].movable');
  if (!from) return false;
  click(from);
  const to = document.querySelector('#board [data-place].target');
  if (to) click(to);
  const c = document.querySelector('#choices .choice');
  if (c && document.getElementById('choose').open) click(c);
  return true;
})()`

func TestBrowserFourPlayersSeeEveryMoveSinceTheirTurn(t *testing.T) {
	browser := startBrowser(t)
	_, ts := startServer(t, newMemStore())
	for _, c := range []struct {
		lang, size string
		w, h       int64
	}{{"en", "laptop", 1366, 768}, {"fr", "phone", 390, 844}, {"fr", "laptop", 1366, 768}, {"en", "phone", 390, 844}} {
		t.Run(c.lang+"-"+c.size, func(t *testing.T) {
			f := form("empire", "me", "computer", "computer", "computer")
			f.Set("variant", "custom")
			f.Set("opt_players", "4")
			f.Set("clock", "10")
			g := createGame(t, ts, f)
			w := window(t, browser)
			do(t, w, "open the game", chromedp.EmulateViewport(c.w, c.h),
				chromedp.Navigate(fmt.Sprintf("%s/games/%s?lang=%s#me=0-%s", ts.URL, g.id, c.lang, g.mine[0])))
			eval[bool](t, w, noNativeDialogs)
			waitJS(t, w, "my turn", appIs(`a.dataset.you === '0' && a.dataset.tomove === '0'`))
			// The clocks are in view without scrolling, on a phone too.
			if !eval[bool](t, w, `[...document.querySelectorAll('#boardclocks .clock, #clocks .clock, #turnorder .clock')].some(e => { const r = e.getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; })`) {
				t.Errorf("no clock in view at %dx%d", c.w, c.h)
			}
			if !eval[bool](t, w, playClicks) {
				t.Fatal("no movable piece at the start")
			}
			waitJS(t, w, "the three computers' moves", appIs(`a.dataset.ply === '4'`))
			waitJS(t, w, "their marks", `document.querySelectorAll('#board g.recent .recent-place').length > 0`)
			seats := eval[[]string](t, w, `[...new Set([...document.querySelectorAll('#board g.recent .recent-place')].map(e => e.dataset.seat))].sort()`)
			if strings.Join(seats, ",") != "1,2,3" {
				t.Errorf("moves marked for seats %v since my turn, want 1,2,3 (every move, not only the last)", seats)
			}
			fills := eval[[]string](t, w, `[...new Set([...document.querySelectorAll('#board g.recent .recent-place')].map(e => e.getAttribute('fill') || e.getAttribute('stroke')))]`)
			if len(fills) != 3 {
				t.Errorf("the marks have colours %v, want one per player", fills)
			}
			if n := eval[int](t, w, `document.querySelectorAll('#board svg .last').length`); n != 0 {
				t.Errorf("%d places still tinted as the single last move", n)
			}
			// The keyboard cursor is gone once a move is made.
			if n := eval[int](t, w, `document.querySelectorAll('#board .hint-cursor').length`); n != 0 {
				t.Errorf("the keyboard cursor stays after the move")
			}
			noProgramWords(t, w, "game of four")
			if c.lang == "fr" {
				noEnglish(t, w, "game of four")
			}
			if !eval[bool](t, w, noOverflow) {
				t.Errorf("the game page is wider than %d px", c.w)
			}
			screenshot(t, w, "fourplayers-"+c.lang+"-"+c.size)
			// Resigning asks in the page.
			// (Pressed where they are: the computers' moves still redraw
			// the page, and a mouse click aimed a moment before can miss.)
			eval[bool](t, w, `(document.getElementById('resign').click(), true)`)
			waitJS(t, w, "the question", `!document.getElementById('resignconfirm').hidden`)
			screenshot(t, w, "resignask-"+c.lang+"-"+c.size)
			eval[bool](t, w, `(document.getElementById('resignno').click(), true)`)
			waitJS(t, w, "the button back", `!document.getElementById('resign').hidden && document.getElementById('resignconfirm').hidden`)
			if n := eval[[]string](t, w, `window.__native`); len(n) > 0 {
				t.Errorf("native dialogs: %v", n)
			}
		})
	}
}

// overflowing names the elements wider than the window, for the message.
const overflowing = `[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1).slice(0, 5).map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right)).join('; ')`

// The rules of every game and a game's analysis fit a phone's 390 px
// (nothing wider than the screen: no sideways scrolling), and the pages a
// player browses show no program words, in both languages.
func TestBrowserPagesFitAPhoneAndSpeakWords(t *testing.T) {
	browser := startBrowser(t)
	st := newMemStore()
	_, ts := analysisServer(t, Config{Store: st, NewAgent: cheapAgents, ReviewBudget: 30 * time.Millisecond})
	finishedGame(t, st, "fitphonexy", 12, "1-0")
	var ids []string
	for _, g := range game.Games() {
		ids = append(ids, g.ID)
	}
	for _, lang := range []string{"en", "fr"} {
		for _, size := range []struct {
			name string
			w, h int64
		}{{"phone", 390, 844}, {"laptop", 1366, 900}} {
			t.Run(lang+"-"+size.name, func(t *testing.T) {
				w := window(t, browser)
				do(t, w, "viewport", chromedp.EmulateViewport(size.w, size.h))
				pages := []string{"/archive", "/games/fitphonexy/analysis", "/leaderboard", "/new?game=pods", "/new?game=poldr"}
				for _, id := range ids {
					pages = append(pages, "/rules/"+id)
				}
				for _, p := range pages {
					sep := "?"
					if strings.Contains(p, "?") {
						sep = "&"
					}
					if p == "/games/fitphonexy/analysis" {
						// The analysis is asked for from the game page.
						do(t, w, "the game", chromedp.Navigate(ts.URL+"/games/fitphonexy?lang="+lang))
						waitJS(t, w, "the analyse button", `!!document.getElementById('analyse') && !document.getElementById('banner').hidden`)
						do(t, w, "analyse", chromedp.Click(chromedp.CSS(`#analyse`)))
						waitJS(t, w, "the review", `!!document.getElementById('summary')`)
						judge := eval[string](t, w, `document.getElementById('summary').nextElementSibling.textContent`)
						if want := map[string]string{"en": "Judged by the computer at the", "fr": "Jugé par l'ordinateur au niveau"}[lang]; !strings.Contains(judge, want) && !strings.Contains(judge, "search") && !strings.Contains(judge, "recherche") {
							t.Errorf("the analysis says %q", judge)
						}
						screenshot(t, w, "analysis-"+lang+"-"+size.name)
					} else {
						do(t, w, p, chromedp.Navigate(ts.URL+p+sep+"lang="+lang), chromedp.WaitReady(chromedp.CSS(`main`)))
					}
					if !eval[bool](t, w, noOverflow) {
						t.Errorf("%s is wider than %d px: %s", p, size.w, eval[string](t, w, overflowing))
						screenshot(t, w, "overflow"+strings.NewReplacer("/", "-", "?", "-", "=", "-").Replace(p)+"-"+lang+"-"+size.name)
					}
					// The rules document the options as the command line
					// takes them (level=basic): they keep them.
					if !strings.HasPrefix(p, "/rules/") {
						noProgramWords(t, w, p)
					}
					if lang == "fr" && !strings.HasPrefix(p, "/rules/") {
						noEnglish(t, w, p)
					}
				}
			})
		}
	}
}

// PODS' first move asks which pod goes on the point clicked: the dialog's
// pictures are large enough to tell the pods apart, on a phone too.
func TestBrowserPodsChoiceReadable(t *testing.T) {
	browser := startBrowser(t)
	_, ts := startServer(t, newMemStore())
	for _, size := range []struct {
		name string
		w, h int64
	}{{"laptop", 1366, 768}, {"phone", 390, 844}} {
		t.Run(size.name, func(t *testing.T) {
			g := createGame(t, ts, form("pods", "me", "computer"))
			w := window(t, browser)
			do(t, w, "open the game", chromedp.EmulateViewport(size.w, size.h),
				chromedp.Navigate(fmt.Sprintf("%s/games/%s?lang=fr#me=0-%s", ts.URL, g.id, g.mine[0])))
			waitJS(t, w, "my turn", appIs(`a.dataset.you === '0' && a.dataset.tomove === '0'`))
			eval[bool](t, w, `(() => { document.querySelector('#board [data-place="c3"]').dispatchEvent(new MouseEvent('click', { bubbles: true })); return true; })()`)
			waitJS(t, w, "the choice", `document.getElementById('choose').open && document.querySelectorAll('#choices .choice .preview').length >= 2`)
			waitJS(t, w, "the pictures", `[...document.querySelectorAll('#choices .choice .preview')].every(d => !!d.querySelector('svg'))`)
			// The pod itself, not the whole board, fills a good part of
			// the picture: at least 40 px across on the screen.
			if px := eval[float64](t, w, `Math.min(...[...document.querySelectorAll('#choices .choice .preview')].map(d => { const g = d.querySelector('svg .piece, svg [data-place="c3"]'); return g ? g.getBoundingClientRect().width : 0; }))`); px < 40 {
				t.Errorf("the pods in the pictures are %.0f px wide, want 40 or more", px)
			}
			if !eval[bool](t, w, noOverflow) {
				t.Errorf("the dialog is wider than the screen")
			}
			screenshot(t, w, "pods-choice-fr-"+size.name)
		})
	}
}
