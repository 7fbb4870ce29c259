package server

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// Four people play L'Empire in teams, each in his own window: Alice and
// Carol on French phones, Bob and Dave on English laptops, and a
// spectator. Each sees the turn order with the teams, the seat to move,
// the clocks and who is connected, and the moves since his own last move
// listed in words and marked in their players' colours; the game is
// played to its end by clicks (PlayTableByClicks); screenshots along the
// way (/tmp/plateau-screenshots/table-*.png).
func TestBrowserEmpireForFourInTeams(t *testing.T) {
	browser := startBrowser(t)
	_, ts := startServer(t, newMemStore())
	f := fourTeamsForm("me", "me", "me", "me")
	f.Set("clock", "10")
	names := []string{"Alice", "Bob", "Carol", "Dave"}
	for i, n := range names {
		f.Set(fmt.Sprintf("name%d", i), n)
	}
	g := createGame(t, ts, f)
	var pages []TablePage
	for i, n := range names {
		lang, size, w, h := "fr", "phone", int64(390), int64(844)
		if i%2 == 1 {
			lang, size, w, h = "en", "laptop", 1366, 800
		}
		ctx := window(t, browser)
		do(t, ctx, "open "+n+"'s seat", chromedp.EmulateViewport(w, h),
			chromedp.Navigate(fmt.Sprintf("%s/games/%s?lang=%s#me=%d-%s", ts.URL, g.id, lang, i, g.mine[i])))
		eval[bool](t, ctx, noNativeDialogs)
		pages = append(pages, TablePage{Ctx: ctx, Seat: i, Name: strings.ToLower(n) + "-" + lang + "-" + size})
	}
	spec := window(t, browser)
	do(t, spec, "open as a spectator", chromedp.EmulateViewport(1366, 800), chromedp.Navigate(fmt.Sprintf("%s/games/%s?lang=en", ts.URL, g.id)))
	for _, p := range pages {
		waitJS(t, p.Ctx, p.Name+" connected", appIs(fmt.Sprintf(`a.dataset.you === '%d'`, p.Seat)))
	}
	// Each player's pieces on his side of the board: the seats in the
	// far corners (Bob north-west, Carol north-east) see it turned.
	for _, p := range pages {
		want := map[int]string{0: "0", 1: "1", 2: "1", 3: "0"}[p.Seat]
		waitJS(t, p.Ctx, p.Name+" sees the board from his side", appIs(`a.dataset.flip === '`+want+`'`))
	}
	// Everyone connected: four green dots in every window.
	for _, p := range append(pages, TablePage{Ctx: spec, Name: "spectator"}) {
		waitJS(t, p.Ctx, p.Name+" sees four players connected", `document.querySelectorAll('#turnorder li[data-online="1"] .presence.on').length === 4`)
		order := eval[[]string](t, p.Ctx, `[...document.querySelectorAll('#turnorder li')].map(li => li.dataset.seat)`)
		if strings.Join(order, ",") != "0,1,2,3" {
			t.Errorf("%s: turn order %v", p.Name, order)
		}
		teams := eval[string](t, p.Ctx, `document.getElementById('teams').textContent`)
		versus := " vs "
		if strings.Contains(p.Name, "-fr-") {
			versus = " contre "
		}
		if teams != "Alice & Carol"+versus+"Bob & Dave" {
			t.Errorf("%s: teams %q", p.Name, teams)
		}
		if n := eval[int](t, p.Ctx, `document.querySelectorAll('#turnorder li.tomove').length`); n != 1 || eval[string](t, p.Ctx, `document.querySelector('#turnorder li.tomove').dataset.seat`) != "0" {
			t.Errorf("%s: the seat to move is not outlined alone", p.Name)
		}
		if n := eval[int](t, p.Ctx, `document.querySelectorAll('#turnorder .clock').length`); n != 4 {
			t.Errorf("%s: %d clocks in the turn order, want 4", p.Name, n)
		}
		if !eval[bool](t, p.Ctx, noOverflow) {
			t.Errorf("%s: the page is wider than the window: %s", p.Name, eval[string](t, p.Ctx, overflowing))
		}
	}
	// sinceIs checks a page's list against the moves since the seat's
	// last move (ply from), and the board's marks against the list.
	sinceIs := func(p TablePage, title string, plies ...string) {
		t.Helper()
		want := strings.Join(plies, ",")
		waitJS(t, p.Ctx, p.Name+" lists "+want, `[...document.querySelectorAll('#sincelist li')].map(li => li.dataset.ply).join(',') === '`+want+`'`)
		if got := eval[string](t, p.Ctx, `document.getElementById('sincetitle').textContent`); got != title {
			t.Errorf("%s: the list is titled %q, want %q", p.Name, got, title)
		}
		marked := eval[string](t, p.Ctx, `[...new Set([...document.querySelectorAll('#board g.recent .recent-place')].map(e => e.dataset.seat))].sort().join(',')`)
		listed := eval[string](t, p.Ctx, `[...new Set([...document.querySelectorAll('#sincelist li')].map(li => li.dataset.seat))].sort().join(',')`)
		if marked != listed {
			t.Errorf("%s: marks for seats %q, the list's %q", p.Name, marked, listed)
		}
	}
	shots := map[int]bool{5: true, 6: true}
	end := PlayTableByClicks(t, pages, 300, func(ply int) {
		if !shots[ply] {
			return
		}
		// Ply 5: Alice (seat 0) moved at 1 and 5; Bob at 2, Carol at 3,
		// Dave at 4; Bob to move. Ply 6: Bob moved; Carol to move.
		if ply == 5 {
			sinceIs(pages[1], "Since your last move", "3", "4", "5")
			sinceIs(pages[2], "Depuis votre dernier coup", "4", "5")
			sinceIs(pages[3], "Since your last move", "5")
			sinceIs(pages[0], "Dernier tour", "3", "4", "5")
			sinceIs(TablePage{Ctx: spec, Name: "spectator"}, "Last round", "3", "4", "5")
			// In words: "Carol a joué …" on a French page.
			if line := eval[string](t, pages[2].Ctx, `document.querySelector('#sincelist li').textContent`); !strings.HasPrefix(line, "Dave a joué ") {
				t.Errorf("carol's list starts %q", line)
			}
			if line := eval[string](t, pages[1].Ctx, `document.querySelector('#sincelist li').textContent`); !strings.HasPrefix(line, "Carol played ") {
				t.Errorf("bob's list starts %q", line)
			}
		}
		for _, p := range pages {
			screenshot(t, p.Ctx, fmt.Sprintf("table-ply%d-%s", ply, p.Name))
		}
		screenshot(t, spec, fmt.Sprintf("table-ply%d-spectator-en-laptop", ply))
	})
	t.Logf("the game ended after %d plies: %s (%s)", end.Plies, end.Result, end.Outcome)
	if end.Result != "win 1,3" && end.Result != "win 2,4" {
		t.Errorf("the game of two teams ended %q, want a team's win", end.Result)
	}
	for _, p := range pages {
		noProgramWords(t, p.Ctx, p.Name+" at the end")
		if strings.Contains(p.Name, "-fr-") {
			noEnglish(t, p.Ctx, p.Name+" at the end")
		}
		screenshot(t, p.Ctx, "table-end-"+p.Name)
	}
	// The rematch: offered to everyone, made once the four accepted; the
	// page shows who accepted and who is awaited.
	click(t, pages[0].Ctx, "alice proposes a rematch", `#rematch`)
	waitJS(t, pages[3].Ctx, "dave sees the proposal", `document.querySelectorAll('#rematchbox .rematchseats li[data-accepted="1"]').length === 1 && !!document.getElementById('rematchaccept')`)
	click(t, pages[1].Ctx, "bob accepts", `#rematchaccept`)
	waitJS(t, pages[2].Ctx, "carol sees two accepted", `document.querySelectorAll('#rematchbox .rematchseats li[data-accepted="1"]').length === 2`)
	screenshot(t, pages[2].Ctx, "table-rematch-"+pages[2].Name)
	screenshot(t, pages[1].Ctx, "table-rematch-"+pages[1].Name)
	click(t, pages[2].Ctx, "carol accepts", `#rematchaccept`)
	click(t, pages[3].Ctx, "dave accepts", `#rematchaccept`)
	for _, p := range pages {
		waitJS(t, p.Ctx, p.Name+" opens the rematch", `location.pathname !== '/games/`+g.id+`' && !!document.getElementById('app') && document.getElementById('app').dataset.tomove === '0'`)
	}
}
