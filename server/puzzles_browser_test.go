package server

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/plateau-games/plateau/puzzle"
	"github.com/plateau-games/plateau/render"
	"github.com/plateau-games/plateau/server/internal/web"
)

// puzzleIs is a page expression on the puzzle page.
func puzzleIs(cond string) string {
	return `(() => { const a = document.getElementById('puzzle'); const f = document.getElementById('feedback'); return !!a && (` + cond + `); })()`
}

// clickPuzzleMove plays move on a puzzle's board by clicks, through the
// menu when several moves share them.
func clickPuzzleMove(t *testing.T, w context.Context, p *puzzle.Puzzle, move string) {
	t.Helper()
	s, err := p.State()
	if err != nil {
		t.Fatal(err)
	}
	mv, err := s.ParseMove(move)
	if err != nil {
		t.Fatal(err)
	}
	places := render.Places(s, mv)
	if len(places) == 0 {
		t.Fatalf("%s: no places to click for %s", p.ID, move)
	}
	for _, pl := range places {
		click(t, w, "click "+pl, `#board [data-place="`+pl+`"]`)
	}
	if eval[bool](t, w, `document.getElementById('choose').open`) {
		do(t, w, "choose "+move, chromedp.Click(chromedp.CSS(`#choices button[data-move="`+move+`"]`)))
	}
}

// Two players at the puzzles. Alice (French, laptop) fails a Saute puzzle
// by clicks: the refutation is on the board and in words, her rating goes
// down; she tries again and finds the key, unrated. Bob (English, phone)
// solves a Polygone puzzle at once (his rating goes up), then asks for the
// solution of the next one. Their player pages show the ratings.
func TestBrowserPuzzles(t *testing.T) {
	browser := startBrowser(t)
	_, ts, _ := accountServer(t, Config{})
	alice, bob := window(t, browser), window(t, browser)
	watchPage(t, alice)
	watchPage(t, bob)
	do(t, alice, "laptop", chromedp.EmulateViewport(1280, 860))
	do(t, bob, "phone", chromedp.EmulateViewport(390, 844))

	do(t, alice, "the puzzles", chromedp.Navigate(ts.URL+"/puzzles?lang=fr"), chromedp.WaitVisible(chromedp.CSS(`#puzzles-saute`)))
	screenshot(t, alice, "puzzles-list-fr")
	noEnglish(t, alice, "the list of puzzles, in French")
	browserSignup(t, alice, ts, "alice", "fr")

	p := firstPuzzleWith(t, "saute", func(p *puzzle.Puzzle) bool { _, ok := aRefutedMove(p); return ok && p.N == 3 })
	wrong, _ := aRefutedMove(p)
	do(t, alice, "a puzzle", chromedp.Navigate(ts.URL+"/puzzles/"+p.ID+"?lang=fr"), chromedp.WaitVisible(chromedp.CSS(`#board svg`)))
	screenshot(t, alice, "puzzle-fr")
	noEnglish(t, alice, "a puzzle, in French")
	before := eval[string](t, alice, `document.getElementById('board').innerHTML`)
	clickPuzzleMove(t, alice, p, wrong.Move)
	waitJS(t, alice, "the refutation", puzzleIs(`f.classList.contains('wrong') && !document.getElementById('refuted').hidden`))
	says := eval[string](t, alice, `document.getElementById('feedback').textContent`)
	if !strings.Contains(says, "Pas celui-là.") || !strings.Contains(says, wrong.Reply) || !strings.Contains(says, wrong.Move) {
		t.Errorf("the refutation says %q", says)
	}
	if rated := eval[string](t, alice, `document.getElementById('rated').textContent`); !strings.Contains(rated, "1500 →") || !strings.Contains(rated, "−") {
		t.Errorf("a failed puzzle's rating: %q", rated)
	}
	if eval[string](t, alice, `document.getElementById('board').innerHTML`) == before {
		t.Error("the board does not show the refutation")
	}
	screenshot(t, alice, "puzzle-failed-fr")
	noEnglish(t, alice, "a failed puzzle, in French")
	do(t, alice, "try again", chromedp.Click(chromedp.CSS(`#retry`)))
	waitJS(t, alice, "the puzzle again", puzzleIs(`f.hidden && !document.getElementById('entry').hidden`))
	clickPuzzleMove(t, alice, p, p.Key)
	waitJS(t, alice, "solved", puzzleIs(`a.dataset.solved === '1' && f.classList.contains('right')`))
	if rated := eval[string](t, alice, `document.getElementById('rated').textContent`); rated != web.T("fr", "puzzle:ratedbefore") {
		t.Errorf("a second try is rated: %q", rated)
	}
	if !eval[bool](t, alice, insideViewport("#next")) {
		t.Error("the next puzzle's button is not on screen")
	}
	screenshot(t, alice, "puzzle-solved-second-try-fr")
	do(t, alice, "next", chromedp.Click(chromedp.CSS(`#next`)))
	waitJS(t, alice, "another saute puzzle", `location.pathname.startsWith('/puzzles/saute-') && location.pathname !== '/puzzles/`+p.ID+`' && !!document.querySelector('#board svg')`)

	browserSignup(t, bob, ts, "bob", "en")
	q := firstPuzzleWith(t, "polygone", func(q *puzzle.Puzzle) bool { return q.N == 3 && len(q.Wrong) >= 3 })
	do(t, bob, "a puzzle", chromedp.Navigate(ts.URL+"/puzzles/"+q.ID+"?lang=en"), chromedp.WaitVisible(chromedp.CSS(`#board svg`)))
	screenshot(t, bob, "puzzle-en-phone")
	clickPuzzleMove(t, bob, q, q.Key)
	waitJS(t, bob, "solved", puzzleIs(`a.dataset.solved === '1' && f.classList.contains('right')`))
	if rated := eval[string](t, bob, `document.getElementById('rated').textContent`); !strings.Contains(rated, "1500 →") || !strings.Contains(rated, "(+") {
		t.Errorf("a solved puzzle's rating: %q", rated)
	}
	screenshot(t, bob, "puzzle-solved-en-phone")
	do(t, bob, "next", chromedp.Click(chromedp.CSS(`#next`)))
	waitJS(t, bob, "another polygone puzzle", `location.pathname.startsWith('/puzzles/polygone-') && location.pathname !== '/puzzles/`+q.ID+`' && !!document.querySelector('#board svg')`)
	do(t, bob, "the solution", chromedp.Click(chromedp.CSS(`#showsolution`)))
	waitJS(t, bob, "the solution shown", puzzleIs(`a.dataset.solved === '1' && f.classList.contains('shown')`))
	screenshot(t, bob, "puzzle-solution-en-phone")

	do(t, bob, "his page", chromedp.Navigate(ts.URL+"/players/bob?lang=en"), chromedp.WaitVisible(chromedp.CSS(`#puzzleratings`)))
	if n := eval[string](t, bob, `document.querySelector('#puzzleratings tr[data-game="polygone"] td:nth-child(3)').textContent`); n != "2" {
		t.Errorf("bob's page: %s polygone puzzles tried, want 2", n)
	}
	if recent := eval[string](t, bob, `document.getElementById('recentpuzzles').textContent`); !strings.Contains(recent, q.ID+" ✓") || strings.Count(recent, "✗") != 1 {
		t.Errorf("bob's last puzzles: %q", recent)
	}
	screenshot(t, bob, "puzzle-player-en-phone")
	do(t, alice, "her page", chromedp.Navigate(ts.URL+"/players/alice?lang=fr"), chromedp.WaitVisible(chromedp.CSS(`#puzzleratings`)))
	noEnglish(t, alice, "the player page, in French")
}
