package server

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/plateau-games/plateau/lesson"
	"github.com/plateau-games/plateau/render"
	"github.com/plateau-games/plateau/server/internal/web"
)

// lessonIs is a page expression on the lesson page's data attributes.
func lessonIs(cond string) string {
	return `(() => { const a = document.getElementById('lesson'); return !!a && (` + cond + `); })()`
}

// A learner completes the lesson of every game in the browser, by clicks
// (a menu when several moves share them; Solitaire's book notation typed),
// in French for some games and English for the others; wrong clicks get
// the step's words or the rules engine's; the last step offers the first
// game, which opens a game against the computer. Screenshots of every
// game's first and last steps, the wrong moves, the list, and a phone.
func TestBrowserLessons(t *testing.T) {
	browser := startBrowser(t)
	_, ts := startServer(t, newMemStore())
	w := window(t, browser)
	watchPage(t, w) // nothing breaks the Content-Security-Policy or throws
	do(t, w, "the lessons", chromedp.EmulateViewport(1280, 860), chromedp.Navigate(ts.URL+"/learn?lang=fr"), chromedp.WaitVisible(chromedp.CSS(`#lesson-pogo`)))
	screenshot(t, w, "lessons-list-fr")
	noEnglish(t, w, "the list of lessons, in French")
	for i, l := range lesson.All() {
		lang := "en"
		if i%2 == 0 {
			lang = "fr"
		}
		t.Run(l.Game+"-"+lang, func(t *testing.T) {
			do(t, w, "step 1", chromedp.Navigate(ts.URL+"/learn/"+l.Game+"?step=1&lang="+lang))
			for n := 1; n <= len(l.Steps); n++ {
				st, _ := l.Step(n)
				waitJS(t, w, fmt.Sprintf("step %d", n), lessonIs(`a.dataset.step === '`+strconv.Itoa(n)+`' && !a.dataset.solved`))
				answer := l.Answer(st)
				s, err := l.State(st)
				if err != nil {
					t.Fatal(err)
				}
				mv, err := s.ParseMove(answer)
				if err != nil {
					t.Fatal(err)
				}
				places := render.Places(s, mv)
				typed := l.Game == "solitaire" && n == 3 || len(places) == 0
				if typed {
					input := answer
					if l.Game == "solitaire" {
						input = "5D-1D" // the book's notation, as the step says
					}
					do(t, w, "type "+input, chromedp.SendKeys(chromedp.CSS(`#moveinput`), input+kb.Enter))
				} else {
					for _, p := range places {
						click(t, w, "click "+p, `#board [data-place="`+p+`"]`)
					}
					if eval[bool](t, w, `document.getElementById('choose').open`) {
						waitJS(t, w, "the choices' pictures", `[...document.querySelectorAll('#choices img')].every(i => i.complete && i.naturalWidth > 0)`)
						if n == 1 || l.Game == "porte" || l.Game == "pogo" {
							screenshot(t, w, fmt.Sprintf("lesson-%s-step%d-choose-%s", l.Game, n, lang))
						}
						do(t, w, "choose "+answer, chromedp.Click(chromedp.CSS(`#choices button[data-move="`+answer+`"]`)))
					}
				}
				waitJS(t, w, fmt.Sprintf("step %d solved", n), lessonIs(`a.dataset.solved === '1'`))
				says := eval[string](t, w, `document.getElementById('feedback').textContent`)
				if !strings.Contains(says, st.Done.In(lang)) || !strings.Contains(says, web.T(lang, "lesson:right")) {
					t.Errorf("step %d says %q", n, says)
				}
				if lang == "fr" {
					noEnglish(t, w, fmt.Sprintf("%s step %d", l.Game, n))
				}
				if n == 1 || n == len(l.Steps) {
					screenshot(t, w, fmt.Sprintf("lesson-%s-step%d-%s", l.Game, n, lang))
				}
				if n < len(l.Steps) {
					if !eval[bool](t, w, insideViewport("#next")) {
						t.Errorf("step %d: the next step's button is not on screen", n)
					}
					do(t, w, "next step", chromedp.Click(chromedp.CSS(`#next`)))
					continue
				}
				waitJS(t, w, "the first game", `!document.getElementById('finish').hidden`)
				if !eval[bool](t, w, insideViewport("#firstgamebutton")) {
					t.Error("the first game's button is not on screen")
				}
			}
			if l.Game == "pogo" || l.Game == "solitaire" {
				do(t, w, "the first game", chromedp.Click(chromedp.CSS(`#firstgamebutton`)))
				waitJS(t, w, "the game page", appIs(`a.dataset.you === '0' && a.dataset.gameid === '`+l.Game+`'`))
				screenshot(t, w, "lesson-firstgame-"+l.Game+"-"+lang)
			}
		})
	}
	// Wrong moves by clicks: the step's words, or the rules engine's.
	for _, c := range []struct {
		name, path string
		clicks     []string
		kind, want string
	}{
		{"pogo-wrong-fr", "/learn/pogo?step=1&lang=fr", []string{"b1", "b3"}, "wrong", "cette étape demande une pièce"},
		{"empire-illegal-en", "/learn/empire?step=2&lang=en", []string{"c6", "c8"}, "illegal", "a cavalier captures only at distance 3"},
		{"blocus-illegal-fr", "/learn/blocus?step=1&lang=fr", []string{"e5"}, "illegal", "ne peut pas aller sur un cercle"},
		{"pods-illegal-en", "/learn/pods?step=2&lang=en", []string{"c3"}, "illegal", "c3 is controlled by a foot of White"},
		{"porte-wrong-fr", "/learn/porte?step=2&lang=fr", []string{"f9", "h9"}, "wrong", "le droit est perdu"},
		{"polygone-illegal-en", "/learn/polygone?step=2&lang=en", []string{"C3-C4", "C2-C3"}, "illegal", "blocked both ways"},
	} {
		do(t, w, c.name, chromedp.Navigate(ts.URL+c.path))
		waitJS(t, w, "the step", lessonIs(`!a.dataset.solved`))
		for _, p := range c.clicks {
			click(t, w, "click "+p, `#board [data-place="`+p+`"]`)
		}
		waitJS(t, w, c.name, `document.getElementById('feedback').classList.contains('`+c.kind+`') && !document.getElementById('feedback').hidden`)
		if says := eval[string](t, w, `document.getElementById('feedback').textContent`); !strings.Contains(says, c.want) {
			t.Errorf("%s: %q, want %q", c.name, says, c.want)
		}
		if eval[bool](t, w, lessonIs(`a.dataset.solved === '1'`)) {
			t.Errorf("%s: a wrong move solved the step", c.name)
		}
		screenshot(t, w, "lesson-"+c.name)
	}
	// A phone: the explanation above the board, the answer under it.
	do(t, w, "phone", chromedp.EmulateViewport(390, 844), chromedp.Navigate(ts.URL+"/learn/saute?step=2&lang=en"))
	waitJS(t, w, "the step", lessonIs(`!a.dataset.solved`))
	screenshot(t, w, "lesson-saute-step2-phone-en")
	click(t, w, "click b8", `#board [data-place="b8"]`)
	click(t, w, "click e8", `#board [data-place="e8"]`)
	waitJS(t, w, "solved", lessonIs(`a.dataset.solved === '1'`))
	if !eval[bool](t, w, insideViewport("#next")) {
		t.Error("phone: the next step's button is not on screen after the move")
	}
	screenshot(t, w, "lesson-saute-step2-phone-solved-en")
	do(t, w, "phone list", chromedp.Navigate(ts.URL+"/learn?lang=en"), chromedp.WaitVisible(chromedp.CSS(`#lesson-saute`)))
	screenshot(t, w, "lessons-list-phone-en")
}
