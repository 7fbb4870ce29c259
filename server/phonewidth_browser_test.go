package server

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// Found reading the pages at 390 px in French: the clocks above the board
// ("Clair — alice 5:00  Foncé — bob 5:00", two columns that never wrap)
// made the game page 408 px wide, and the leaderboard's list of games
// (its longest French name) 437 px: the page slid sideways on a phone.
func TestBrowserPhonePagesFitWithNamesAndClocks(t *testing.T) {
	browser := startBrowser(t)
	_, ts, _ := accountServer(t, Config{})
	f := form("pogo", "me", "invite")
	f.Set("name0", "Alexandrine-Dupont")
	f.Set("name1", "Bartholomew-Martin")
	f.Set("clock", "5")
	g := createGame(t, ts, f)
	for _, lang := range []string{"fr", "en"} {
		w := window(t, browser)
		do(t, w, "open the game", chromedp.EmulateViewport(390, 844),
			chromedp.Navigate(fmt.Sprintf("%s/games/%s?lang=%s#me=0-%s", ts.URL, g.id, lang, g.mine[0])))
		waitJS(t, w, "the clocks above the board", `!!document.querySelector('#boardclocks .clock')`)
		if !eval[bool](t, w, noOverflow) {
			t.Errorf("%s: the game page is %d px wide on a 390 px phone", lang, eval[int](t, w, `document.documentElement.scrollWidth`))
			screenshot(t, w, "phonewidth-game-"+lang)
		}
		do(t, w, "the leaderboard", chromedp.Navigate(ts.URL+"/leaderboard?lang="+lang))
		if !eval[bool](t, w, noOverflow) {
			t.Errorf("%s: the leaderboard is %d px wide on a 390 px phone", lang, eval[int](t, w, `document.documentElement.scrollWidth`))
			screenshot(t, w, "phonewidth-leaderboard-"+lang)
		}
	}
}
