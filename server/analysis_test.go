package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/review"
	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/store"
)

// finishedGame stores a game of POGO of plies moves (each the first legal
// move), ended by result ("*" leaves it on).
func finishedGame(t *testing.T, st store.Store, id string, plies int, result string) {
	t.Helper()
	g, err := game.Lookup("pogo")
	if err != nil {
		t.Fatal(err)
	}
	v, err := g.Variant(nil)
	if err != nil {
		t.Fatal(err)
	}
	m := game.NewMatch(v.Start())
	sg := &store.Game{ID: id, GameID: "pogo", Result: result, CreatedAt: time.Now(), UpdatedAt: time.Now(),
		Seats: []store.Seat{{Kind: "human", Name: "Zoé"}, {Kind: "human", Name: "Hugo"}}}
	if result != "*" {
		sg.Reason = "resignation"
	}
	for k := 0; k < plies; k++ {
		legal := m.LegalMoves(nil)
		if len(legal) == 0 || m.Outcome().Ended() {
			break
		}
		// Not always the first move: a game with a few mistakes.
		mv := legal[(k*7)%len(legal)]
		sg.Moves = append(sg.Moves, store.Move{Ply: k, Notation: m.State().MoveString(mv), Seat: m.ToMove(), At: time.Now(), ClockMillis: -1})
		if err := m.Play(mv); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.CreateGame(context.Background(), sg); err != nil {
		t.Fatal(err)
	}
}

func fetchAnalysis(t *testing.T, ts string, id string) (int, analysisStateJSON) {
	t.Helper()
	resp, err := http.Get(ts + "/games/" + id + "/analysis.json")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var st analysisStateJSON
	if resp.StatusCode == http.StatusOK {
		if err := json.NewDecoder(resp.Body).Decode(&st); err != nil {
			t.Fatal(err)
		}
	}
	return resp.StatusCode, st
}

type analysisStateJSON struct {
	State  string         `json:"state"`
	Done   int            `json:"done"`
	Total  int            `json:"total"`
	Error  string         `json:"error"`
	Agent  string         `json:"agent"`
	Budget string         `json:"budget"`
	Review *review.Review `json:"review"`
}

// analysisServer is a server that judges with the hard level, not the POGO solution this
// machine may have: the tests search.
func analysisServer(t *testing.T, cfg Config) (*Server, *httptest.Server) {
	t.Helper()
	s, ts := runServer(t, cfg)
	s.learning.Reviews.Agent = "hard"
	return s, ts
}

func postAnalysis(t *testing.T, url string) int {
	t.Helper()
	resp, err := noRedirect.Post(url, "application/x-www-form-urlencoded", nil)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode
}

func getPage(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// waitAnalysis polls the state of a review until it is no longer running,
// and returns the states seen.
func waitAnalysis(t *testing.T, ts, id string) (analysisStateJSON, []analysisStateJSON) {
	t.Helper()
	var seen []analysisStateJSON
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		code, st := fetchAnalysis(t, ts, id)
		if code != http.StatusOK {
			t.Fatalf("analysis.json: %d", code)
		}
		seen = append(seen, st)
		if st.State != "running" {
			return st, seen
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("the review of %s did not end", id)
	return analysisStateJSON{}, nil
}

func TestAnalysisComputedOnceAndStored(t *testing.T) {
	st := newMemStore()
	s, ts := analysisServer(t, Config{Store: st, NewAgent: cheapAgents, ReviewBudget: 40 * time.Millisecond})
	finishedGame(t, st, "analysisgo", 8, "1-0")
	if code, got := fetchAnalysis(t, ts.URL, "analysisgo"); code != http.StatusOK || got.State != "none" {
		t.Fatalf("before: %d %+v", code, got)
	}
	code, body := getPage(t, ts.URL+"/games/analysisgo/analysis")
	if code != http.StatusOK || !strings.Contains(body, `id="startanalysis"`) {
		t.Fatalf("page before: %d, no start button", code)
	}
	// Two requests at once: one review, the second joins it.
	if code := postAnalysis(t, ts.URL+"/games/analysisgo/analysis"); code != http.StatusSeeOther {
		t.Fatalf("POST: %d", code)
	}
	if code := postAnalysis(t, ts.URL+"/games/analysisgo/analysis"); code != http.StatusSeeOther {
		t.Fatalf("second POST: %d", code)
	}
	code, body = getPage(t, ts.URL+"/games/analysisgo/analysis")
	if code != http.StatusOK || !(strings.Contains(body, `id="progress"`) || strings.Contains(body, `id="summary"`)) {
		t.Fatalf("page while running: %d\n%s", code, body)
	}
	final, seen := waitAnalysis(t, ts.URL, "analysisgo")
	if final.State != "done" || final.Review == nil || len(final.Review.Plies) != 8 || !final.Review.Complete {
		t.Fatalf("final state %+v", final)
	}
	if final.Budget != "40ms" || final.Agent == "" {
		t.Errorf("agent %q, budget %q", final.Agent, final.Budget)
	}
	progressed := false
	for _, x := range seen {
		if x.State == "running" && x.Total == 9 {
			progressed = true
		}
	}
	if !progressed {
		t.Errorf("no progress reported: %+v", seen)
	}
	if n := s.learning.Reviews.Computed.Load(); n != 1 {
		t.Errorf("%d reviews computed, want 1", n)
	}
	searches := s.learning.Reviews.Searches.Load()
	// The game ended by a resignation: its last position is judged too.
	if searches != 9 {
		t.Errorf("%d positions judged, want 9", searches)
	}
	stored, err := st.GetReview(context.Background(), "analysisgo")
	if err != nil || stored.Budget != "40ms" {
		t.Fatalf("stored: %+v, %v", stored, err)
	}
	// Asked again: the stored review, without a search.
	if code := postAnalysis(t, ts.URL+"/games/analysisgo/analysis"); code != http.StatusSeeOther {
		t.Fatalf("POST after: %d", code)
	}
	for _, lang := range []string{"en", "fr"} {
		code, body = getPage(t, ts.URL+"/games/analysisgo/analysis?ply=3&lang="+lang)
		if code != http.StatusOK {
			t.Fatalf("page %s: %d", lang, code)
		}
		for _, want := range []string{`id="evalgraph"`, `id="summary"`, `class="current"`, `data-caption="3. `} {
			if !strings.Contains(body, want) {
				t.Errorf("page %s lacks %s", lang, want)
			}
		}
		if lang == "fr" && !strings.Contains(body, "Précision") {
			t.Errorf("French page not in French")
		}
	}
	if s.learning.Reviews.Computed.Load() != 1 || s.learning.Reviews.Searches.Load() != searches {
		t.Errorf("the stored review was computed again")
	}
	// A spectator of a new server on the same store sees it, no search.
	s2, ts2 := analysisServer(t, Config{Store: st, NewAgent: cheapAgents, ReviewBudget: 40 * time.Millisecond})
	if code, got := fetchAnalysis(t, ts2.URL, "analysisgo"); code != http.StatusOK || got.State != "done" {
		t.Errorf("on another server: %d %+v", code, got)
	}
	if s2.learning.Reviews.Searches.Load() != 0 {
		t.Errorf("another server searched")
	}
}

func TestAnalysisRefused(t *testing.T) {
	st := newMemStore()
	_, ts := analysisServer(t, Config{Store: st, NewAgent: cheapAgents, ReviewBudget: 10 * time.Millisecond})
	finishedGame(t, st, "analysison", 4, "*")
	if code := postAnalysis(t, ts.URL+"/games/analysison/analysis"); code != http.StatusConflict {
		t.Errorf("POST for a game on: %d, want 409", code)
	}
	if code, _ := fetchAnalysis(t, ts.URL, "analysison"); code != http.StatusConflict {
		t.Errorf("analysis.json for a game on: %d, want 409", code)
	}
	if code, _ := getPage(t, ts.URL+"/games/analysison/analysis"); code != http.StatusConflict {
		t.Errorf("page for a game on: %d, want 409", code)
	}
	for _, id := range []string{"nosuchgame", "nosuchgam1", "a%20b", strings.Repeat("x", 300), "NOSUCHGAME"} {
		if code := postAnalysis(t, ts.URL+"/games/"+id+"/analysis"); code != http.StatusNotFound {
			t.Errorf("POST %q: %d, want 404", id, code)
		}
		if code, _ := fetchAnalysis(t, ts.URL, id); code != http.StatusNotFound {
			t.Errorf("analysis.json %q: %d, want 404", id, code)
		}
		if code, _ := getPage(t, ts.URL+"/games/"+id+"/analysis"); code != http.StatusNotFound {
			t.Errorf("page %q: %d, want 404", id, code)
		}
	}
	// Without a budget, no analysis.
	_, ts3 := analysisServer(t, Config{Store: st, NewAgent: cheapAgents, ReviewBudget: -1})
	finishedGame(t, st, "analysisof", 4, "1-0")
	if code := postAnalysis(t, ts3.URL+"/games/analysisof/analysis"); code != http.StatusNotFound {
		t.Errorf("POST without analysis: %d, want 404", code)
	}
}

// TestAnalysisPoolBound starts many reviews at once on a pool of one
// search: never more than one position is judged at a time, the reviews
// beyond MaxReviews are refused as busy, and the others all end.
func TestAnalysisPoolBound(t *testing.T) {
	st := newMemStore()
	s, ts := analysisServer(t, Config{Store: st, NewAgent: cheapAgents, ReviewBudget: 50 * time.Millisecond, MaxSearches: 1, MaxReviews: 3})
	const n = 8
	for i := range n {
		finishedGame(t, st, fmt.Sprint("analpoolz", string(rune('a'+i))), 4, "0-1")
	}
	codes := make([]int, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			codes[i] = postAnalysis(t, fmt.Sprint(ts.URL, "/games/analpoolz", string(rune('a'+i)), "/analysis"))
		})
	}
	wg.Wait()
	t.Logf("codes %v", codes)
	started := 0
	for i, code := range codes {
		switch code {
		case http.StatusSeeOther:
			started++
		case http.StatusServiceUnavailable:
		default:
			t.Errorf("POST %d: %d", i, code)
		}
	}
	if started < 1 || started > 3 {
		t.Errorf("%d reviews started, want 1 to 3 (MaxReviews)", started)
	}
	for i, code := range codes {
		if code == http.StatusSeeOther {
			if final, seen := waitAnalysis(t, ts.URL, fmt.Sprint("analpoolz", string(rune('a'+i)))); final.State != "done" {
				t.Logf("%d polls", len(seen))
				t.Errorf("review %d: %+v", i, final)
			}
		}
	}
	if p := s.learning.Reviews.Peak.Load(); p != 1 {
		t.Errorf("%d positions judged at once, want 1 (the pool)", p)
	}
}

// TestArchiveAnalysis judges a pasted record: the review is shown, not
// stored.
func TestArchiveAnalysis(t *testing.T) {
	st := newMemStore()
	_, ts := analysisServer(t, Config{Store: st, NewAgent: cheapAgents, ReviewBudget: 10 * time.Millisecond})
	finishedGame(t, st, "analysisre", 6, "1-0")
	_, text := getPage(t, ts.URL+"/games/analysisre/record")
	resp, err := http.PostForm(ts.URL+"/archive/analysis", map[string][]string{"record": {text}})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(b), `id="evalgraph"`) || !strings.Contains(string(b), `id="recordtext"`) {
		t.Fatalf("archive analysis: %d\n%s", resp.StatusCode, b)
	}
	if _, err := st.GetReview(context.Background(), "analysisre"); err == nil {
		t.Errorf("the review of an uploaded record was stored")
	}
	// Play from a position of the record.
	resp, err = noRedirect.PostForm(ts.URL+"/archive/analysis/play", map[string][]string{"record": {text}, "ply": {"2"}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if loc := resp.Header.Get("Location"); resp.StatusCode != http.StatusSeeOther || !strings.Contains(loc, "#me=0-") {
		t.Errorf("play from a record: %d %q", resp.StatusCode, loc)
	}
	resp, err = http.PostForm(ts.URL+"/archive/analysis", map[string][]string{"record": {"nonsense"}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest {
		t.Errorf("a bad record: %d, want 400", resp.StatusCode)
	}
}

// TestAnalysisPlayFromHere starts a casual game against the computer from
// a position of a finished game: the player takes the side to move.
func TestAnalysisPlayFromHere(t *testing.T) {
	st := newMemStore()
	_, ts := analysisServer(t, Config{Store: st, NewAgent: cheapAgents, ReviewBudget: 10 * time.Millisecond})
	finishedGame(t, st, "playfromgo", 6, "1-0")
	resp, err := noRedirect.PostForm(ts.URL+"/games/playfromgo/analysis/play", map[string][]string{"ply": {"3"}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	loc := resp.Header.Get("Location")
	if resp.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, "/games/") || !strings.Contains(loc, "#me=1-") {
		t.Fatalf("play from here: %d %q", resp.StatusCode, loc)
	}
	id := strings.TrimPrefix(loc[:strings.Index(loc, "#")], "/games/")
	g, err := st.LoadGame(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	src, _ := st.LoadGame(context.Background(), "playfromgo")
	m, err := games.Replay(src)
	if err != nil {
		t.Fatal(err)
	}
	at, err := games.PositionAt(m, 3)
	if err != nil {
		t.Fatal(err)
	}
	if g.Position != at.Encode() || !g.Casual || g.Result != "*" || len(g.Moves) != 0 ||
		g.Seats[0].Kind != "computer" || g.Seats[1].Kind != "human" {
		t.Errorf("the new game: %+v", g)
	}
	for _, ply := range []string{"-1", "7", "x", ""} {
		resp, err := noRedirect.PostForm(ts.URL+"/games/playfromgo/analysis/play", map[string][]string{"ply": {ply}})
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest {
			t.Errorf("ply %q: %d, want 400", ply, resp.StatusCode)
		}
	}
	finishedGame(t, st, "playfromon", 2, "*")
	resp, err = noRedirect.PostForm(ts.URL+"/games/playfromon/analysis/play", map[string][]string{"ply": {"1"}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusConflict {
		t.Errorf("from a game on: %d, want 409", resp.StatusCode)
	}
}
