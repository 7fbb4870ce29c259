package server

import (
	"context"
	"encoding/json"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/lesson"
	"github.com/plateau-games/plateau/server/internal/learn"
	"github.com/plateau-games/plateau/server/internal/web"
)

// postLesson posts a form to path; header holds name, value pairs. It
// returns the status and the body.
func postLesson(t *testing.T, ts *httptest.Server, path string, f url.Values, header ...string) (int, string) {
	t.Helper()
	req, err := http.NewRequest("POST", ts.URL+path, strings.NewReader(f.Encode()))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := noRedirect.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// checkJSON posts a move of a step as the page's script does and reads the
// verdict.
func checkJSON(t *testing.T, ts *httptest.Server, id string, step int, move, lang string) (int, learn.LessonVerdict, string) {
	t.Helper()
	code, body := postLesson(t, ts, "/learn/"+id+"/check?lang="+lang, url.Values{"step": {strconv.Itoa(step)}, "move": {move}},
		"Accept", "application/json", "Sec-Fetch-Site", "same-origin")
	var v learn.LessonVerdict
	if code == http.StatusOK {
		if err := json.Unmarshal([]byte(body), &v); err != nil {
			t.Fatalf("%s step %d %q: %v in %s", id, step, move, err, body)
		}
	}
	return code, v, body
}

// The list of lessons, every step's page, and the links to them.
func TestLessonPages(t *testing.T) {
	_, ts := startServer(t, newMemStore())
	code, body := get(t, ts, "/learn")
	if code != 200 {
		t.Fatalf("GET /learn: %d", code)
	}
	for _, l := range lesson.All() {
		if !strings.Contains(body, `href="/learn/`+l.Game+`?step=1"`) {
			t.Errorf("/learn has no link to the lesson of %s", l.Game)
		}
	}
	if code, body := get(t, ts, "/learn?lang=fr"); code != 200 || !strings.Contains(body, "Apprendre à jouer") || !strings.Contains(body, "Commencer la leçon") {
		t.Errorf("GET /learn?lang=fr: %d", code)
	}
	if _, body := get(t, ts, "/"); !strings.Contains(body, `href="/learn/pogo"`) || !strings.Contains(body, `href="/learn"`) {
		t.Error("the catalogue and the menu do not link the lessons")
	}
	for _, l := range lesson.All() {
		for n := range l.Steps {
			for _, lang := range []string{"en", "fr"} {
				path := "/learn/" + l.Game + "?step=" + strconv.Itoa(n+1) + "&lang=" + lang
				code, body := get(t, ts, path)
				if code != 200 {
					t.Errorf("GET %s: %d", path, code)
					continue
				}
				st, _ := l.Step(n + 1)
				for _, want := range []string{"data-place=", `data-legal="`, `src="/static/lesson.js"`, html.EscapeString(st.Title.In(lang)),
					`id="entry"`, web.T(lang, "lesson:showanswer")} {
					if !strings.Contains(body, want) {
						t.Errorf("GET %s: no %q", path, want)
					}
				}
				progress := strings.Replace(strings.Replace(web.T(lang, "lesson:stepof"), "%d", strconv.Itoa(n+1), 1), "%d", strconv.Itoa(len(l.Steps)), 1)
				if !strings.Contains(body, progress) {
					t.Errorf("GET %s: no %q", path, progress)
				}
				if strings.Contains(body, "<script>") || strings.Contains(body, " style=") || strings.Contains(body, "<style") {
					t.Errorf("GET %s: inline script or style", path)
				}
			}
		}
	}
	// No step number: the first step.
	if code, body := get(t, ts, "/learn/saute"); code != 200 || !strings.Contains(body, `data-step="1"`) {
		t.Errorf("GET /learn/saute: %d", code)
	}
}

// Every game's lesson completes by posting its accepted moves in order, as
// JSON (the script) and as a form (no script); the last step offers the
// first game, which starts a casual game against the computer at the easy
// level.
func TestLessonsComplete(t *testing.T) {
	st := newMemStore()
	_, ts := startServer(t, st)
	for _, l := range lesson.All() {
		for n := 1; n <= len(l.Steps); n++ {
			step, _ := l.Step(n)
			answer := l.Answer(step)
			for _, lang := range []string{"en", "fr"} {
				code, v, body := checkJSON(t, ts, l.Game, n, answer, lang)
				if code != 200 || !v.Right || v.Illegal || v.Says != step.Done.In(lang) || !strings.Contains(v.SVG, "<svg") {
					t.Fatalf("%s step %d, %s (%s): %d %s", l.Game, n, answer, lang, code, body)
				}
				if last := n == len(l.Steps); v.Last != last || (v.Next == "") != last {
					t.Errorf("%s step %d: last %v, next %q", l.Game, n, v.Last, v.Next)
				} else if !last && v.Next != "/learn/"+l.Game+"?step="+strconv.Itoa(n+1) {
					t.Errorf("%s step %d: next %q", l.Game, n, v.Next)
				}
			}
			// Without the script: the page, with the answer and the board after.
			code, body := postLesson(t, ts, "/learn/"+l.Game+"/check?lang=fr", url.Values{"step": {strconv.Itoa(n)}, "move": {answer}})
			if code != 200 || !strings.Contains(body, "Bien joué") || !strings.Contains(body, `data-solved="1"`) {
				t.Fatalf("%s step %d without the script: %d", l.Game, n, code)
			}
			if n < len(l.Steps) {
				if !strings.Contains(body, `id="next" href="/learn/`+l.Game+`?step=`+strconv.Itoa(n+1)+`"`) {
					t.Errorf("%s step %d: no link to the next step", l.Game, n)
				}
				continue
			}
			// The first game: the form of the last step, as the browser sends it.
			f := firstGameForm(t, body)
			if f.Get("game") != l.Game || f.Get("seat0") != "me" || f.Get("casual") != "1" {
				t.Errorf("%s: first game form %v", l.Game, f)
			}
			g := createGame(t, ts, f)
			stored, err := st.LoadGame(context.Background(), g.id)
			if err != nil {
				t.Fatal(err)
			}
			if len(g.mine) != 1 || g.mine[0] == "" || !stored.Casual {
				t.Errorf("%s: first game %+v, casual %v", l.Game, g, stored.Casual)
			}
			for i, seat := range stored.Seats {
				if i > 0 && (seat.Kind != "computer" || seat.Agent != "easy") {
					t.Errorf("%s: first game seat %d is %+v, want the computer at the easy level", l.Game, i, seat)
				}
			}
			if g, _ := game.Lookup(l.Game); len(stored.Seats) != firstGameSeats(g) {
				t.Errorf("%s: %d seats", l.Game, len(stored.Seats))
			}
		}
	}
}

func firstGameSeats(g *game.Game) int {
	v, err := g.Variant(g.AllVariants()[0])
	if err != nil {
		return -1
	}
	return v.Players
}

var (
	firstGameRe = regexp.MustCompile(`(?s)<form method="post" action="/games"[^>]*>(.*?)</form>`)
	hiddenRe    = regexp.MustCompile(`<input type="hidden" name="([^"]+)" value="([^"]*)">`)
)

// firstGameForm reads the hidden fields of the first game's form.
func firstGameForm(t *testing.T, page string) url.Values {
	t.Helper()
	m := firstGameRe.FindStringSubmatch(page)
	if m == nil {
		t.Fatal("no first game form on the last step")
	}
	f := url.Values{}
	for _, h := range hiddenRe.FindAllStringSubmatch(m[1], -1) {
		f.Set(h[1], html.UnescapeString(h[2]))
	}
	return f
}

// A wrong move gets the step's words, an illegal one the rules engine's,
// in the page's language; neither moves the lesson on.
func TestLessonWrongMoves(t *testing.T) {
	_, ts := startServer(t, newMemStore())
	for _, c := range []struct {
		game     string
		step     int
		move     string
		illegal  bool
		en, fr   string
		notWords []string
	}{
		{"pogo", 1, "2b1-b3", false, "this step asks for one piece", "cette étape demande une pièce", nil},
		{"pogo", 1, "1a1-a2", false, "not the one this step asks for", "pas celui que demande cette étape", nil},
		{"pogo", 1, "3a1-a1", true, "a1 holds only 2 pieces", "a1 ne contient que 2 pions", []string{"legal moves", "coups possibles"}},
		{"empire", 2, "c6xc8", true, "a cavalier captures only at distance 3", "un cavalier ne prend qu'à distance 3", nil},
		{"porte", 2, "f9-h9", false, "the door h8 holds Green's triangle", "la porte h8 porte un triangle vert", nil},
		{"pods", 2, "B1@c3", true, "c3 is controlled by a foot of White", "c3 est contrôlé par un pied de Blanc", nil},
		{"blocus", 1, "@e5", true, "first guard may not go on a circle", "premier garde d'un joueur ne peut pas aller sur un cercle", nil},
		{"solitaire", 2, "f5-c5", true, "may not jump a piece of its own colour", "ne peut pas sauter une pièce de sa couleur", nil},
		{"polygone", 2, "C3-C4/C3-C2", true, "blocked both ways", "bloquée des deux côtés", nil},
		{"alignement", 5, "e5-h5", false, "still three on rank 5", "toujours trois sur la rangée 5", nil},
		{"saute", 2, "b8-d8", false, "go on, to e8", "continuer, jusqu'en e8", nil},
		{"poldr", 2, "M-b3", true, "no cell between them", "aucune case entre eux", nil},
		{"pogo", 2, "bonjour", true, "is not a move", "n'est pas un coup", nil},
		{"pogo", 2, "", true, "Click the board", "Cliquez sur le plateau", nil},
	} {
		for lang, want := range map[string]string{"en": c.en, "fr": c.fr} {
			code, v, body := checkJSON(t, ts, c.game, c.step, c.move, lang)
			if code != 200 || v.Right || v.Illegal != c.illegal || !strings.Contains(v.Says, want) || v.SVG != "" || v.Next != "" {
				t.Errorf("%s step %d %q (%s): %d %s; want %q", c.game, c.step, c.move, lang, code, body, want)
			}
			for _, w := range c.notWords {
				if strings.Contains(v.Says, w) {
					t.Errorf("%s %q (%s): %q lists the legal moves", c.game, c.move, lang, v.Says)
				}
			}
		}
		// Without the script the page says it, the board unchanged.
		code, body := postLesson(t, ts, "/learn/"+c.game+"/check?lang=fr", url.Values{"step": {strconv.Itoa(c.step)}, "move": {c.move}})
		if code != 200 || !strings.Contains(html.UnescapeString(body), c.fr) || strings.Contains(body, `data-solved`) {
			t.Errorf("%s %q without the script: %d", c.game, c.move, code)
		}
	}
}

// Bad input: unknown games and steps are 404 with a page that says why,
// a step that is not a number and moves or forms too long are 400; a post
// from another site is refused; nothing panics.
func TestLessonBadInput(t *testing.T) {
	_, ts := startServer(t, newMemStore())
	for _, c := range []struct {
		path string
		code int
		want string
	}{
		{"/learn/chess", 404, "There is no lesson for"},
		{"/learn/chess?lang=fr", 404, "Il n&#39;y a pas de leçon pour"},
		{"/learn/pogo?step=0", 404, "There is no step 0: this lesson has steps 1 to 5."},
		{"/learn/pogo?step=6", 404, "There is no step 6"},
		{"/learn/pogo?step=-1", 404, "There is no step -1"},
		{"/learn/pogo?step=99999999999999999999", 400, "The step is a number"},
		{"/learn/pogo?step=abc&lang=fr", 400, "L&#39;étape est un nombre"},
		{"/learn/pogo/preview?step=1&move=1b1-b2", 200, "<svg"},
		{"/learn/pogo/preview?step=1&move=3a1-a1", 400, "holds only"},
		{"/learn/pogo/preview?step=1", 400, "move"},
		{"/learn/pogo/preview?step=9&move=1b1-b2", 404, ""},
		{"/learn/pogo/check", 405, ""},
	} {
		code, body := get(t, ts, c.path)
		if code != c.code || !strings.Contains(body, c.want) {
			t.Errorf("GET %s: %d, want %d with %q\n%.300s", c.path, code, c.code, c.want, body)
		}
	}
	for _, c := range []struct {
		name   string
		path   string
		form   url.Values
		header []string
		code   int
		want   string
	}{
		{"too long", "/learn/pogo/check", url.Values{"step": {"1"}, "move": {strings.Repeat("a", game.MaxInput+1)}}, nil, 400, "at most 4096 bytes"},
		{"too long, JSON", "/learn/pogo/check", url.Values{"step": {"1"}, "move": {strings.Repeat("a", game.MaxInput+1)}}, []string{"Accept", "application/json"}, 400, `"error"`},
		{"step 0", "/learn/pogo/check", url.Values{"step": {"0"}, "move": {"1b1-b2"}}, nil, 404, "There is no step 0"},
		{"step 0, JSON", "/learn/pogo/check?lang=fr", url.Values{"step": {"0"}, "move": {"1b1-b2"}}, []string{"Accept", "application/json"}, 404, "Il n'y a pas d'étape 0"},
		{"bad step", "/learn/pogo/check", url.Values{"step": {"x"}, "move": {"1b1-b2"}}, nil, 400, "The step is a number"},
		{"unknown game", "/learn/nosuch/check", url.Values{"step": {"1"}, "move": {"1b1-b2"}}, nil, 404, "There is no lesson"},
		{"form too big", "/learn/pogo/check", url.Values{"step": {"1"}, "move": {"1b1-b2"}, "pad": {strings.Repeat("x", learn.MaxLessonForm)}}, nil, 400, "could not be read"},
		{"other site", "/learn/pogo/check", url.Values{"step": {"1"}, "move": {"1b1-b2"}}, []string{"Sec-Fetch-Site", "cross-site"}, 403, "another site"},
		{"other origin", "/learn/pogo/check", url.Values{"step": {"1"}, "move": {"1b1-b2"}}, []string{"Origin", "https://evil.example"}, 403, "another site"},
		{"no step: the first", "/learn/pogo/check", url.Values{"move": {"1b1-b2"}}, nil, 200, "Well played"},
	} {
		code, body := postLesson(t, ts, c.path, c.form, c.header...)
		if code != c.code || !strings.Contains(body, c.want) {
			t.Errorf("%s: POST %s: %d, want %d with %q\n%.300s", c.name, c.path, code, c.code, c.want, body)
		}
	}
	// Garbage moves of every kind on every step: an answer, never a panic.
	for _, l := range lesson.All() {
		for n := range l.Steps {
			for _, move := range []string{"\x00", "é@", "pass", "exit", "x", "a1-a1-a1", "@", "P-,M-", "c1-c2>", "A1-A2/", strings.Repeat("-", 200)} {
				if code, v, body := checkJSON(t, ts, l.Game, n+1, move, "fr"); code != 200 || v.Says == "" {
					t.Errorf("%s step %d %q: %d %s", l.Game, n+1, move, code, body)
				}
			}
		}
	}
}
