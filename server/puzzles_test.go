package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/puzzle"
	"github.com/plateau-games/plateau/server/internal/learn"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// firstPuzzleWith is the first stored puzzle of set that ok accepts.
func firstPuzzleWith(t *testing.T, set string, ok func(p *puzzle.Puzzle) bool) *puzzle.Puzzle {
	t.Helper()
	ps, err := puzzle.Load(set)
	if err != nil {
		t.Fatal(err)
	}
	for i := range ps {
		if ok(&ps[i]) {
			return &ps[i]
		}
	}
	t.Fatalf("no puzzle of %s fits", set)
	return nil
}

// aRefutedMove is a wrong move of p that the opponent answers.
func aRefutedMove(p *puzzle.Puzzle) (puzzle.Wrong, bool) {
	for _, w := range p.Wrong {
		if w.Result == "loss" && w.Reply != "" {
			return w, true
		}
	}
	return puzzle.Wrong{}, false
}

func checkPuzzle(t *testing.T, c *http.Client, ts string, id, move string) (int, learn.PuzzleVerdict) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, ts+"/puzzles/"+id+"/check", strings.NewReader(url.Values{"move": {move}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	req.Header.Set("Accept", "application/json")
	resp, body := doAs(t, c, req)
	var v learn.PuzzleVerdict
	if resp.StatusCode == http.StatusOK {
		if err := json.Unmarshal([]byte(body), &v); err != nil {
			t.Fatalf("check %s %s: %v in %s", id, move, err, body)
		}
	}
	return resp.StatusCode, v
}

// A puzzle answers its key, a wrong move with the opponent's refutation,
// an illegal move with the rules' reason; a logged-in player's first
// answer, and only it, changes his rating at the game and the puzzle's;
// the solution asked before any answer counts as failed.
func TestPuzzleAnswersAndRatings(t *testing.T) {
	_, ts, st := accountServer(t, Config{})
	ps := st.(store.Puzzles)
	p := firstPuzzleWith(t, "saute", func(p *puzzle.Puzzle) bool { _, ok := aRefutedMove(p); return ok && p.N == 3 })
	wrong, _ := aRefutedMove(p)

	anon := browser(t)
	if code, v := checkPuzzle(t, anon, ts.URL, p.ID, wrong.Move); code != 200 || v.Right || v.Illegal || !strings.Contains(v.Says, wrong.Reply) || v.SVG == "" || v.Rated != "" {
		t.Fatalf("a wrong move, anonymous: %d %+v", code, v)
	}
	if code, v := checkPuzzle(t, anon, ts.URL, p.ID, "a1-a1"); code != 200 || !v.Illegal || v.Says == "" {
		t.Fatalf("an illegal move: %d %+v", code, v)
	}
	if code, v := checkPuzzle(t, anon, ts.URL, p.ID, p.Key); code != 200 || !v.Right || !strings.Contains(v.Says, "3") {
		t.Fatalf("the key: %d %+v", code, v)
	}

	c := browser(t)
	postAs(t, c, ts.URL+"/signup", signupForm("Solver", "correct horse"))
	if code, v := checkPuzzle(t, c, ts.URL, p.ID, p.Key); code != 200 || !v.Right || !strings.Contains(v.Rated, "1500 →") {
		t.Fatalf("the key, logged in: %d %+v", code, v)
	}
	// Again, and a wrong move after: only the first answer counts.
	for _, m := range []string{p.Key, wrong.Move} {
		if _, v := checkPuzzle(t, c, ts.URL, p.ID, m); v.Rated != web.T("en", "puzzle:ratedbefore") {
			t.Errorf("a second answer %s: rated %q", m, v.Rated)
		}
	}
	// An illegal move is no attempt.
	q := firstPuzzleWith(t, "saute", func(q *puzzle.Puzzle) bool { return q.ID != p.ID })
	if _, v := checkPuzzle(t, c, ts.URL, q.ID, "zz"); !v.Illegal || v.Rated != "" {
		t.Errorf("an illegal move rated: %+v", v)
	}
	// The solution before any answer: failed.
	req, _ := http.NewRequest(http.MethodPost, ts.URL+"/puzzles/"+q.ID+"/solution", nil)
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	req.Header.Set("Accept", "application/json")
	resp, body := doAs(t, c, req)
	var shown learn.PuzzleVerdict
	if err := json.Unmarshal([]byte(body), &shown); err != nil || resp.StatusCode != 200 || !shown.Shown || shown.Solution != q.Key || shown.Right {
		t.Fatalf("the solution: %d %s", resp.StatusCode, body)
	}
	list, err := ps.PuzzleRatings(t.Context(), "solver")
	if err != nil || len(list) != 1 || list[0].Game != "saute" || list[0].Attempts != 2 || list[0].Solved != 1 {
		t.Fatalf("ratings: %+v %v", list, err)
	}
	standing, err := ps.PuzzleStandings(t.Context(), []string{p.ID, q.ID})
	if err != nil || standing[p.ID].Solved != 1 || standing[q.ID].Attempts != 1 || standing[q.ID].Solved != 0 {
		t.Fatalf("standings: %+v %v", standing, err)
	}
	// The player page shows it; the next puzzle is one not tried.
	_, page := getAs(t, c, ts.URL+"/players/Solver")
	if !strings.Contains(page, `id="puzzleratings"`) || !strings.Contains(page, `<tr data-game="saute">`) {
		t.Error("the player page does not show the puzzle rating")
	}
	for range 20 {
		resp, _ := getAs(t, c, ts.URL+"/puzzles/saute")
		loc := resp.Header.Get("Location")
		if resp.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, "/puzzles/saute-") || loc == "/puzzles/"+p.ID || loc == "/puzzles/"+q.ID {
			t.Fatalf("next puzzle: %d %q", resp.StatusCode, loc)
		}
	}
}

// Hostile requests: unknown or huge ids, a huge move, a huge body, a
// form the server cannot read; each refused with a clear answer.
func TestPuzzleRefusals(t *testing.T) {
	_, ts := startServer(t, newMemStore())
	c := browser(t)
	long := strings.Repeat("x", 5000)
	for _, path := range []string{"/puzzles/nosuch-1", "/puzzles/saute-0", "/puzzles/saute-99999", "/puzzles/" + long, "/puzzles/nosuch"} {
		resp, body := getAs(t, c, ts.URL+path)
		if resp.StatusCode != http.StatusNotFound || !strings.Contains(body, "There is no puzzle") {
			t.Errorf("%.40s: %d", path, resp.StatusCode)
		}
	}
	if code, _ := checkPuzzle(t, c, ts.URL, "saute-1", strings.Repeat("a", 10000)); code != http.StatusBadRequest {
		t.Errorf("a huge move: %d", code)
	}
	req, _ := http.NewRequest(http.MethodPost, ts.URL+"/puzzles/saute-1/check", strings.NewReader("move="+strings.Repeat("a", 1<<20)))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	if resp, _ := doAs(t, c, req); resp.StatusCode != http.StatusBadRequest {
		t.Errorf("a huge body: %d", resp.StatusCode)
	}
	if code, v := checkPuzzle(t, c, ts.URL, "saute-1", ""); code != 200 || !v.Illegal {
		t.Errorf("no move: %d %+v", code, v)
	}
	// Another site's form is refused before anything.
	req, _ = http.NewRequest(http.MethodPost, ts.URL+"/puzzles/saute-1/solution", nil)
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	if resp, _ := doAs(t, c, req); resp.StatusCode != http.StatusForbidden {
		t.Errorf("a cross-site post: %d", resp.StatusCode)
	}
	if resp, _ := getAs(t, c, ts.URL+"/puzzles/saute-1/preview?move="+url.QueryEscape("zz")); resp.StatusCode != http.StatusBadRequest {
		t.Errorf("a preview of no move: %d", resp.StatusCode)
	}
	// Without accounts the pages work, unrated.
	for _, path := range []string{"/puzzles", "/puzzles/saute-1", "/puzzles/pogo-1?lang=fr"} {
		if resp, _ := getAs(t, c, ts.URL+path); resp.StatusCode != 200 {
			t.Errorf("%s: %d", path, resp.StatusCode)
		}
	}
}

// A Blocus puzzle's other moves are proved not to win within its horizon
// (not to lose): the page says exactly that.
func TestPuzzleHorizonWords(t *testing.T) {
	_, ts := startServer(t, newMemStore())
	p := firstPuzzleWith(t, "blocus", func(p *puzzle.Puzzle) bool {
		return p.Horizon > 0 && len(p.Wrong) > 0 && p.Wrong[0].Result == "nowin"
	})
	c := browser(t)
	_, v := checkPuzzle(t, c, ts.URL+"", p.ID, p.Wrong[0].Move)
	want := fmt.Sprintf("does not force a win within %d moves", p.Horizon)
	if v.Right || v.Illegal || !strings.Contains(v.Says, want) {
		t.Errorf("a wrong move of %s: %+v, want %q", p.ID, v, want)
	}
	_, page := getAs(t, c, ts.URL+"/puzzles/"+p.ID+"?lang=fr")
	if !strings.Contains(page, fmt.Sprintf("aucun autre ne force le gain en %d coups", p.Horizon)) {
		t.Error("the task of a horizon puzzle does not give the horizon")
	}
}
