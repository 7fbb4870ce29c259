package server

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/plateau-games/plateau/analysis"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/server/internal/pool"
	"github.com/plateau-games/plateau/store"
)

// labServer runs a server on a fresh SQLite store with cfg's lab
// settings, and a player logged in on it.
func labServer(t *testing.T, cfg Config) (*Server, *httptest.Server, store.Store, *http.Client) {
	t.Helper()
	st, err := store.Open(t.Context(), filepath.Join(t.TempDir(), "plateau.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	cfg.Store, cfg.NewAgent = st, cheapAgents
	s, ts := runServer(t, cfg)
	return s, ts, st, labPlayer(t, ts, "ada")
}

// labPlayer signs name up on ts and returns its browser.
func labPlayer(t *testing.T, ts *httptest.Server, name string) *http.Client {
	t.Helper()
	c := browser(t)
	if resp, body := postAs(t, c, ts.URL+"/signup", signupForm(name, "correct horse battery")); resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("signup %s: %d %s", name, resp.StatusCode, body)
	}
	return c
}

// labForm is a run of blocus's exit readings.
func labForm(games, level, seed string) url.Values {
	return url.Values{"game": {"blocus"}, "opt.exit": {"forced", "optional"}, "games": {games}, "level": {level}, "seed": {seed}}
}

var runPath = regexp.MustCompile(`^/lab/runs/([a-z0-9]+)$`)

// startRun posts form and returns the new run's id.
func startRun(t *testing.T, c *http.Client, base string, form url.Values) string {
	t.Helper()
	resp, body := postAs(t, c, base+"/lab/runs", form)
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("new run: %d %s", resp.StatusCode, body)
	}
	m := runPath.FindStringSubmatch(resp.Header.Get("Location"))
	if m == nil {
		t.Fatalf("new run sent to %q", resp.Header.Get("Location"))
	}
	return m[1]
}

// labProgress is GET /lab/runs/ID/progress.
type labProgress struct {
	State string `json:"state"`
	Games int    `json:"games"`
	Done  []int  `json:"done"`
}

func progressOf(t *testing.T, base, id string) labProgress {
	t.Helper()
	resp, err := http.Get(base + "/lab/runs/" + id + "/progress")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var p labProgress
	if err := json.NewDecoder(resp.Body).Decode(&p); err != nil {
		t.Fatalf("progress of %s: %d: %v", id, resp.StatusCode, err)
	}
	return p
}

// waitRun waits until run id is no longer running (a generous bound: the
// games are played by the servers' background workers).
func waitRun(t *testing.T, base, id string, bound time.Duration) labProgress {
	t.Helper()
	deadline := time.Now().Add(bound)
	for {
		p := progressOf(t, base, id)
		if p.State != store.LabRunning {
			return p
		}
		if time.Now().After(deadline) {
			t.Fatalf("run %s still running after %v: %+v", id, bound, p)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// expectedStats are the figures of plateau lab for the same run, played
// here in one process: what every server together must find.
func expectedStats(t *testing.T, run *store.LabRun) []*analysis.Stats {
	t.Helper()
	var out []*analysis.Stats
	for i, rd := range run.Readings {
		opts, err := game.ParseOptions(rd.Options)
		if err != nil {
			t.Fatal(err)
		}
		v, err := game.NewVariant(run.Game, opts)
		if err != nil {
			t.Fatal(err)
		}
		st, err := analysis.Run(context.Background(), analysis.Config{Variant: v, Label: string(rune('A' + i)), Agent: run.Level,
			Games: run.Games, Seed: run.Seed, Openings: run.Openings, Parallel: 1})
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, st)
	}
	return out
}

// checkReport compares the stored report's statistics with expected.
func checkReport(t *testing.T, labs store.Labs, id string) {
	t.Helper()
	ctx := context.Background()
	run, err := labs.GetLabRun(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if run.State != store.LabDone || run.Done != run.Total() {
		t.Fatalf("run %s: %s with %d of %d games", id, run.State, run.Done, run.Total())
	}
	results, err := labs.LabResults(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != run.Total() {
		t.Fatalf("%d results stored, want %d", len(results), run.Total())
	}
	js, err := labs.GetLabReport(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Stats []json.RawMessage `json:"stats"`
	}
	if err := json.Unmarshal(js, &rep); err != nil {
		t.Fatal(err)
	}
	want := expectedStats(t, run)
	if len(rep.Stats) != len(want) {
		t.Fatalf("%d readings reported, want %d", len(rep.Stats), len(want))
	}
	for i, w := range want {
		wj, _ := json.Marshal(w)
		if string(wj) != string(rep.Stats[i]) {
			t.Errorf("reading %d: the site found\n%s\nplateau lab finds\n%s", i, rep.Stats[i], wj)
		}
	}
}

// A run on one server (SQLite): the games are played in the background,
// the page follows them, and the report equals plateau lab's figures for
// the same seed; its plots are served, and it compares side by side.
func TestLabRunOneServer(t *testing.T) {
	_, ts, st, c := labServer(t, Config{LabRunsPerAccount: -1})
	id := startRun(t, c, ts.URL, labForm("3", "random", "11"))
	p := waitRun(t, ts.URL, id, 2*time.Minute)
	if p.State != store.LabDone || len(p.Done) != 2 || p.Done[0] != 3 || p.Done[1] != 3 {
		t.Fatalf("progress %+v", p)
	}
	checkReport(t, st.(store.Labs), id)
	// The page, readable by anyone (a fresh client, not logged in).
	for _, lang := range []string{"en", "fr"} {
		resp, body := getAs(t, browser(t), ts.URL+"/lab/runs/"+id+"?lang="+lang)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("run page: %d", resp.StatusCode)
		}
		for _, want := range []string{`id="labranking"`, `id="labmeasures"`, `id="plot-readings"`, "/lab/runs/" + id} {
			if !strings.Contains(body, want) {
				t.Errorf("%s run page lacks %s", lang, want)
			}
		}
		word := map[string]string{"en": "forced exit", "fr": "sortie obligatoire"}[lang]
		if !strings.Contains(body, word) {
			t.Errorf("%s run page does not say the readings in words (%q)", lang, word)
		}
		if strings.Contains(body, "exit=forced") {
			t.Errorf("%s run page shows the program's option text", lang)
		}
		resp, svg := getAs(t, browser(t), ts.URL+"/lab/runs/"+id+"/plots/winrates.svg?lang="+lang)
		if resp.StatusCode != http.StatusOK || !strings.Contains(svg, "<svg") || resp.Header.Get("Content-Type") != "image/svg+xml" {
			t.Errorf("plot: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
		}
	}
	// A second run with another seed, and the two side by side.
	id2 := startRun(t, c, ts.URL, labForm("2", "random", "12"))
	waitRun(t, ts.URL, id2, 2*time.Minute)
	resp, body := getAs(t, c, ts.URL+"/lab/compare?runs="+id+","+id2)
	if resp.StatusCode != http.StatusOK || strings.Count(body, `class="labcol"`) != 2 {
		t.Fatalf("compare: %d, %d columns", resp.StatusCode, strings.Count(body, `class="labcol"`))
	}
	// The lists: mine and everybody's.
	_, body = getAs(t, c, ts.URL+"/lab")
	if !strings.Contains(body, `id="labruns-mine"`) || strings.Count(body, "/lab/runs/"+id+`"`) != 2 {
		t.Errorf("/lab does not list the run in both lists")
	}
}

// The lab's refusals, each with a message that says what is accepted: a
// visitor without an account, levels and sizes from the form beyond the
// operator's bounds, a level that would name a program, options and
// values the game has not, a second run beyond the account's quota, and
// someone else's run that cannot be cancelled.
func TestLabRefusals(t *testing.T) {
	// No worker: runs stay running, so the quota holds.
	_, ts, st, c := labServer(t, Config{LabWorkers: -1, LabMaxGames: 10, LabMaxReadings: 2, LabRunsPerDay: 3})
	labs := st.(store.Labs)
	if resp, _ := postAs(t, browser(t), ts.URL+"/lab/runs", labForm("2", "random", "1")); resp.StatusCode != http.StatusForbidden {
		t.Errorf("a visitor without an account starts a run: %d", resp.StatusCode)
	}
	for _, tc := range []struct {
		name string
		edit func(url.Values)
		want string
	}{
		{"games over the bound", func(f url.Values) { f.Set("games", "6") }, "12 games in all (2 readings × 6 games): at most 10 per run"},
		{"no games", func(f url.Values) { f.Set("games", "0") }, "a whole number from 1 to 5"},
		{"games not a number", func(f url.Values) { f.Set("games", "1e9") }, "a whole number from 1 to 5"},
		{"a program for level", func(f url.Values) { f.Set("level", "engine:/bin/sh -c id") }, "There is no level"},
		{"a timed level", func(f url.Values) { f.Set("level", "max") }, "choose random, easy, medium, hard"},
		{"an agent spec", func(f url.Values) { f.Set("level", "mcts:time=1h") }, "There is no level"},
		{"an option the game has not", func(f url.Values) { f.Set("opt.size", "99") }, "has no option"},
		{"a value not listed", func(f url.Values) { f.Add("opt.kings", "everywhere") }, "is not a value of"},
		{"too many readings", func(f url.Values) { f["opt.kings"] = []string{"own-left", "same-file"} }, "4 readings: at most 2 per run"},
		{"a bad seed", func(f url.Values) { f.Set("seed", "-3") }, "The seed must be a whole number"},
		{"no such game", func(f url.Values) { f.Set("game", "../../etc") }, ""},
	} {
		f := labForm("2", "random", "1")
		tc.edit(f)
		resp, body := postAs(t, c, ts.URL+"/lab/runs", f)
		if resp.StatusCode != http.StatusBadRequest {
			t.Errorf("%s: %d, want 400", tc.name, resp.StatusCode)
		}
		if !strings.Contains(body, tc.want) {
			t.Errorf("%s: the page does not say %q", tc.name, tc.want)
		}
	}
	// A page of another site cannot start a run for the player.
	req, _ := http.NewRequest(http.MethodPost, ts.URL+"/lab/runs", strings.NewReader(labForm("2", "random", "1").Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	if resp, _ := doAs(t, c, req); resp.StatusCode != http.StatusForbidden {
		t.Errorf("a cross-site form starts a run: %d", resp.StatusCode)
	}
	if runs, _ := labs.ListLabRuns(t.Context(), store.LabFilter{}); len(runs) != 0 {
		t.Fatalf("%d runs stored from refused forms", len(runs))
	}
	// The quota: one run at once per account (the default).
	id := startRun(t, c, ts.URL, labForm("2", "random", "1"))
	resp, body := postAs(t, c, ts.URL+"/lab/runs", labForm("2", "random", "2"))
	if resp.StatusCode != http.StatusTooManyRequests || !strings.Contains(body, "You already have 1 run running") {
		t.Errorf("a second run at once: %d %s", resp.StatusCode, body[strings.Index(body, "<main>"):])
	}
	// Someone else cannot cancel it, nor a visitor.
	eve := labPlayer(t, ts, "eve")
	if resp, body := postAs(t, eve, ts.URL+"/lab/runs/"+id+"/cancel", nil); resp.StatusCode != http.StatusForbidden ||
		!strings.Contains(body, "Only the player who started this run can cancel it") {
		t.Errorf("someone else cancels: %d", resp.StatusCode)
	}
	if resp, _ := postAs(t, browser(t), ts.URL+"/lab/runs/"+id+"/cancel", nil); resp.StatusCode != http.StatusForbidden {
		t.Errorf("a visitor cancels: %d", resp.StatusCode)
	}
	if run, _ := labs.GetLabRun(t.Context(), id); run.State != store.LabRunning {
		t.Fatalf("the run is %s", run.State)
	}
	// Its owner can, and may start another then; eve has her own quota.
	if resp, _ := postAs(t, c, ts.URL+"/lab/runs/"+id+"/cancel", nil); resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("the owner cancels: %d", resp.StatusCode)
	}
	if p := progressOf(t, ts.URL, id); p.State != store.LabCancelled {
		t.Fatalf("after cancel: %+v", p)
	}
	second := startRun(t, c, ts.URL, labForm("2", "random", "3"))
	startRun(t, eve, ts.URL, labForm("2", "random", "3"))
	// Three runs a day: the fourth is refused, even with none running.
	postAs(t, c, ts.URL+"/lab/runs/"+second+"/cancel", nil)
	third := startRun(t, c, ts.URL, labForm("2", "random", "4"))
	postAs(t, c, ts.URL+"/lab/runs/"+third+"/cancel", nil)
	resp, body = postAs(t, c, ts.URL+"/lab/runs", labForm("2", "random", "5"))
	if resp.StatusCode != http.StatusTooManyRequests || !strings.Contains(body, "You started 3 runs in the last 24 hours") {
		t.Errorf("a fourth run in the day: %d", resp.StatusCode)
	}
	// A page that is not a run, a comparison of one run.
	if resp, _ := getAs(t, c, ts.URL+"/lab/runs/nope"); resp.StatusCode != http.StatusNotFound {
		t.Errorf("no such run: %d", resp.StatusCode)
	}
	if resp, _ := getAs(t, c, ts.URL+"/lab/compare?runs="+id); resp.StatusCode != http.StatusBadRequest {
		t.Errorf("compare one run: %d", resp.StatusCode)
	}
	if resp, _ := getAs(t, c, ts.URL+"/lab/runs/"+id+"/plots/..%2f..%2fetc.svg"); resp.StatusCode != http.StatusNotFound {
		t.Errorf("a plot that is none: %d", resp.StatusCode)
	}
}

// A run survives a restart: the server stops in the middle of a run (the
// games it was playing go back to the queue), another starts on the same
// SQLite file and finishes it, every game counted once, with plateau
// lab's figures. Every move of a lab game took a background slot of the
// searches' pool, after the opponents of live games.
func TestLabRunSurvivesRestart(t *testing.T) {
	st, err := store.Open(t.Context(), filepath.Join(t.TempDir(), "plateau.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	s1, err := New(Config{Store: st, NewAgent: cheapAgents})
	if err != nil {
		t.Fatal(err)
	}
	var lab, opponents atomic.Int32
	s1.searches.SetGranted(func(kind pool.Kind, owner string) {
		if kind == pool.Background && owner == "lab" {
			lab.Add(1)
		} else if kind == pool.Opponent {
			opponents.Add(1)
		}
	})
	ts1 := httptest.NewServer(s1)
	c := labPlayer(t, ts1, "ada")
	id := startRun(t, c, ts1.URL, labForm("12", "easy", "99"))
	deadline := time.Now().Add(2 * time.Minute)
	for p := progressOf(t, ts1.URL, id); p.Done[0]+p.Done[1] < 3; p = progressOf(t, ts1.URL, id) {
		if p.State != store.LabRunning || time.Now().After(deadline) {
			t.Fatalf("before the restart: %+v", p)
		}
		time.Sleep(20 * time.Millisecond)
	}
	s1.Close()
	ts1.Close()
	if lab.Load() == 0 || opponents.Load() != 0 {
		t.Errorf("lab moves took %d background slots (owner lab) and %d opponents' slots; want some and none", lab.Load(), opponents.Load())
	}
	labs := st.(store.Labs)
	before, _ := labs.GetLabRun(t.Context(), id)
	if before.State != store.LabRunning || before.Done >= before.Total() {
		t.Fatalf("the run was not cut by the restart: %s, %d of %d", before.State, before.Done, before.Total())
	}
	_, ts2 := runServer(t, Config{Store: st, NewAgent: cheapAgents})
	if p := waitRun(t, ts2.URL, id, 3*time.Minute); p.State != store.LabDone {
		t.Fatalf("after the restart: %+v", p)
	}
	checkReport(t, labs, id)
}

// On a store without a job queue (the tests' memory store) the lab says
// it is off, and refuses runs.
func TestLabOffWithoutQueue(t *testing.T) {
	_, ts := startServer(t, newMemStore())
	resp, body := getAs(t, browser(t), ts.URL+"/lab?lang=fr")
	if resp.StatusCode != http.StatusOK || !strings.Contains(body, `id="laboff"`) || !strings.Contains(body, "Le labo a besoin de la base de données du site") {
		t.Errorf("/lab without a queue: %d", resp.StatusCode)
	}
	if resp, _ := postAs(t, browser(t), ts.URL+"/lab/runs", labForm("2", "random", "1")); resp.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("a run without a queue: %d, want 503", resp.StatusCode)
	}
	if resp, _ := getAs(t, browser(t), ts.URL+"/lab/runs/abc"); resp.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("a run's page without a queue: %d, want 503", resp.StatusCode)
	}
}
