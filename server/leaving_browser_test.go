package server

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Saute for three in two browsers: Bob (in French, on a phone) resigns by
// clicks; his page stops offering him moves and keeps showing the game,
// Alice's (in English) says so and lists the leave after the moves.
func TestBrowserLeaveThree(t *testing.T) {
	browser := startBrowser(t)
	st := newMemStore()
	_, ts := startServer(t, st)
	id, toks := leaveTable(t, st, "saute", "players=3", 0, 0, time.Now(), true)
	alice, bob := window(t, browser), window(t, browser)
	do(t, alice, "Alice's page", chromedp.EmulateViewport(1366, 768), chromedp.Navigate(ts.URL+"/games/"+id+"?lang=en#me=0-"+toks[0]))
	waitJS(t, alice, "Alice's seat", appIs(`a.dataset.you === '0'`))
	do(t, bob, "Bob's page", chromedp.EmulateViewport(390, 844), chromedp.Navigate(ts.URL+"/games/"+id+"?lang=fr#me=1-"+toks[1]))
	waitJS(t, bob, "Bob's seat", appIs(`a.dataset.you === '1'`))
	do(t, bob, "resign", chromedp.Click(chromedp.CSS(`#resign`)))
	do(t, bob, "confirm", chromedp.Click(chromedp.CSS(`#resignyes`)))
	waitJS(t, bob, "Bob watching", appIs(`a.dataset.you === '' && a.dataset.result === '*' && document.getElementById('actions').hidden`))
	waitJS(t, bob, "the leave in Bob's list", `document.getElementById('movelist').textContent.includes('Bob a quitté la table')`)
	waitJS(t, alice, "the leave in Alice's list", `document.getElementById('movelist').textContent.includes('Bob left the table')`)
	if !eval[bool](t, alice, appIs(`a.dataset.you === '0' && !document.getElementById('actions').hidden`)) {
		t.Errorf("Alice's page no longer offers her to play")
	}
	screenshot(t, alice, "gamepage-leave-three-en")
	screenshot(t, bob, "gamepage-leave-three-phone-fr")
	if g, _ := st.LoadGame(t.Context(), id); g.Seats[1].Left != 1 || !strings.EqualFold(g.Seats[1].Kind, "computer") {
		t.Errorf("Bob's seat after his resignation: %+v", g.Seats[1])
	}
}
