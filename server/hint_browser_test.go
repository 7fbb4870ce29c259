package server

import (
	"context"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/server/internal/live"
)

// hintNotation reads the notation at the end of the hint's words:
// "Indice : Déplacer 2 pions de b1 à b3 (2b1-b3)".
var hintNotation = regexp.MustCompile(`\(([^()]+)\)$`)

// A person asks for hints against the computer, in French and in English,
// on a laptop and a phone: the button, the move drawn on the board (its
// places ringed, an arrow) and said under it, the count on the button, by
// the player's name and in the move list; then the hint is played.
func TestBrowserHint(t *testing.T) {
	browser := startBrowser(t)
	// The computer plays at random, so that it answers at once; hints
	// search at the hard level, as on a real server, but for a tenth of
	// the default second: the page shows whatever move the search gives,
	// and the six hints' searches were most of the server's work here.
	s, err := New(Config{Store: newMemStore(), HintBudget: DefaultHintBudget / 10, NewAgent: func(spec string, v *game.Variant, seed uint64) (Agent, error) {
		if spec == live.HintStrength {
			return ai.New(spec, v, seed)
		}
		return ai.New("random", v, seed)
	}})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s)
	t.Cleanup(func() { s.Close(); ts.Close() })
	for _, tc := range []struct {
		lang, size string
		w, h       int64
		says, one  string
		two        string
	}{
		{"fr", "laptop", 1366, 768, "Indice : ", "1 indice (coup 1)", "2 indices (coups 1, 3)"},
		{"en", "laptop", 1366, 768, "Hint: ", "1 hint (move 1)", "2 hints (moves 1, 3)"},
		{"fr", "phone", 390, 844, "Indice : ", "1 indice (coup 1)", "2 indices (coups 1, 3)"},
	} {
		t.Run(tc.lang+"-"+tc.size, func(t *testing.T) {
			w := window(t, browser)
			do(t, w, "new game", chromedp.EmulateViewport(tc.w, tc.h), chromedp.Navigate(ts.URL+"/new?game=pogo&lang="+tc.lang),
				chromedp.WaitVisible(chromedp.CSS(`#startgame`)), chromedp.Click(chromedp.CSS(`#startgame`)))
			waitJS(t, w, "my turn", appIs(`a.dataset.you === '0' && a.dataset.tomove === '0'`))
			waitJS(t, w, "the hint button", `!document.getElementById('hintbtn').hidden && !document.getElementById('hintbtn').disabled`)
			if !eval[bool](t, w, insideViewport("#hintbtn")) {
				t.Errorf("the hint button is not on screen at %dx%d", tc.w, tc.h)
			}
			if eval[bool](t, w, `!document.getElementById('hintcount').hidden`) {
				t.Errorf("a count before any hint")
			}
			hint := askHint(t, w, tc.says)
			waitJS(t, w, "the count on the button", `!document.getElementById('hintcount').hidden && document.getElementById('hintcount').textContent === '1'`)
			waitJS(t, w, "the count by the name", `(document.querySelector('#players .hintsused') || {}).textContent === '`+tc.one+`'`)
			if !eval[bool](t, w, insideViewport("#hintline")) {
				t.Errorf("the hint's words are not on screen at %dx%d", tc.w, tc.h)
			}
			if tc.lang == "fr" {
				noEnglish(t, w, "a hint, French")
			}
			screenshot(t, w, "hint-"+tc.lang+"-"+tc.size)

			// Play the hint: the marks go, the move list marks the move.
			do(t, w, "play the hint", chromedp.SendKeys(chromedp.CSS(`#moveinput`), hint+"\n"))
			waitJS(t, w, "the computer's answer", appIs(`a.dataset.ply === '2'`))
			if n := eval[int](t, w, `document.querySelectorAll('#board .suggest *').length`); n != 0 {
				t.Errorf("the hint is still drawn after it was played (%d marks)", n)
			}
			if eval[bool](t, w, `!document.getElementById('hintline').hidden`) {
				t.Errorf("the hint's words stay after it was played")
			}
			if !eval[bool](t, w, `document.querySelector('#movelist li[data-ply="1"]').classList.contains('hinted')`) {
				t.Errorf("the move played after a hint is not marked in the list")
			}
			askHint(t, w, tc.says)
			waitJS(t, w, "the count on the button", `document.getElementById('hintcount').textContent === '2'`)
			waitJS(t, w, "the count by the name", `(document.querySelector('#players .hintsused') || {}).textContent === '`+tc.two+`'`)
			screenshot(t, w, "hint-second-"+tc.lang+"-"+tc.size)
		})
	}
}

// askHint clicks the hint button and waits for the hint drawn and said;
// it returns its notation.
func askHint(t *testing.T, w context.Context, says string) string {
	t.Helper()
	do(t, w, "ask for a hint", chromedp.Click(chromedp.CSS(`#hintbtn`)))
	waitJS(t, w, "the hint's words", `!document.getElementById('hintline').hidden && document.getElementById('hintline').textContent.startsWith('`+says+`')`)
	waitJS(t, w, "the hint on the board", `document.querySelectorAll('#board .suggest .suggest-place').length === 2 && document.querySelectorAll('#board .suggest .suggest-arrow').length === 1`)
	text := eval[string](t, w, `document.getElementById('hintline').textContent`)
	m := hintNotation.FindStringSubmatch(text)
	if m == nil || !strings.Contains(text, " ") {
		t.Fatalf("hint words %q without the notation", text)
	}
	return m[1]
}
