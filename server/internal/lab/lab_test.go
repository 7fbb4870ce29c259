package lab

import (
	"context"
	"errors"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/riverqueue/river/rivertype"

	"github.com/plateau-games/plateau/server/internal/site"
	"github.com/plateau-games/plateau/store"

	_ "github.com/plateau-games/plateau/games/all"
)

// testLab is a lab with one worker on a fresh SQLite store.
func testLab(t *testing.T) (*Lab, store.Labs) {
	t.Helper()
	l, labs := stoppedLab(t)
	if err := l.Start(); err != nil {
		t.Fatal(err)
	}
	return l, labs
}

// stoppedLab is testLab not started yet: what is queued before Start is
// all there when the worker takes its first job.
func stoppedLab(t *testing.T) (*Lab, store.Labs) {
	t.Helper()
	st, err := store.Open(t.Context(), filepath.Join(t.TempDir(), "lab.db"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	l, err := New(newEnv(ctx, st), Config{Store: st}, Services{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		stop, done := context.WithTimeout(context.Background(), 10*time.Second)
		l.Stop(stop)
		done()
		cancel()
		st.Close()
	})
	return l, st.(store.Labs)
}

// waitState waits until run id leaves the running state.
func waitState(t *testing.T, labs store.Labs, id string) *store.LabRun {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		run, err := labs.GetLabRun(t.Context(), id)
		if err != nil {
			t.Fatal(err)
		}
		if run.State != store.LabRunning {
			return run
		}
		if time.Now().After(deadline) {
			t.Fatalf("run %s still running: %d of %d games", id, run.Done, run.Total())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// A game that cannot be played (here a reading the game refuses, which
// the form never sends) fails its run with the reason, once, instead of
// being tried again and again.
func TestGameErrorFailsRun(t *testing.T) {
	l, labs := testLab(t)
	run := &store.LabRun{ID: "bad", Owner: "ann", Game: "blocus", Level: "random", Games: 3, Seed: 1, Openings: 2,
		Readings: []store.LabReading{{Label: "exit=forced", Options: "exit=forced"}, {Label: "exit=sideways", Options: "exit=sideways"}}}
	if err := labs.CreateLabRun(t.Context(), run, store.LabQuota{}, l.enqueueGames(run)); err != nil {
		t.Fatal(err)
	}
	got := waitState(t, labs, "bad")
	if got.State != store.LabFailed || !strings.Contains(got.Error, "sideways") {
		t.Fatalf("run %s: %q", got.State, got.Error)
	}
}

// A cancelled run's queued games end without being played.
func TestCancelledRunPlaysNoMore(t *testing.T) {
	l, labs := testLab(t)
	// Cancelled before the worker starts: created with the queue's jobs,
	// then cancelled in the same breath.
	run := &store.LabRun{ID: "c", Owner: "ann", Game: "blocus", Level: "easy", Games: 50, Seed: 1, Openings: 2,
		Readings: []store.LabReading{{Label: "exit=forced", Options: "exit=forced"}}}
	if err := labs.CreateLabRun(t.Context(), run, store.LabQuota{}, l.enqueueGames(run)); err != nil {
		t.Fatal(err)
	}
	if err := labs.CancelLabRun(t.Context(), "c", "ann"); err != nil {
		t.Fatal(err)
	}
	// A second run behind it finishes: the queue went through the
	// cancelled run's jobs.
	next := &store.LabRun{ID: "n", Owner: "ann", Game: "blocus", Level: "random", Games: 2, Seed: 1, Openings: 2,
		Readings: []store.LabReading{{Label: "exit=forced", Options: "exit=forced"}}}
	if err := labs.CreateLabRun(t.Context(), next, store.LabQuota{}, l.enqueueGames(next)); err != nil {
		t.Fatal(err)
	}
	if got := waitState(t, labs, "n"); got.State != store.LabDone {
		t.Fatalf("the next run: %s %q", got.State, got.Error)
	}
	c, _ := labs.GetLabRun(t.Context(), "c")
	if c.State != store.LabCancelled || c.Done > 1 {
		t.Fatalf("the cancelled run: %s with %d games stored", c.State, c.Done)
	}
}

// Two people's runs take turns in the queue: a run of two games started
// behind another's run of sixty is done before the other has played a
// third of its games, where a queue of every game up front would have
// played all sixty first. (Both are queued before the worker starts, so
// the order does not depend on how fast games are played.)
func TestRunsTakeTurns(t *testing.T) {
	l, labs := stoppedLab(t)
	big := &store.LabRun{ID: "big", Owner: "ann", Game: "blocus", Level: "random", Games: 30, Seed: 1, Openings: 2,
		Readings: []store.LabReading{{Label: "exit=forced", Options: "exit=forced"}, {Label: "exit=optional", Options: "exit=optional"}}}
	small := &store.LabRun{ID: "small", Owner: "bob", Game: "blocus", Level: "random", Games: 2, Seed: 1, Openings: 2,
		Readings: []store.LabReading{{Label: "exit=forced", Options: "exit=forced"}}}
	for _, run := range []*store.LabRun{big, small} {
		if err := labs.CreateLabRun(t.Context(), run, store.LabQuota{}, l.enqueueGames(run)); err != nil {
			t.Fatal(err)
		}
	}
	if err := l.Start(); err != nil {
		t.Fatal(err)
	}
	if got := waitState(t, labs, "small"); got.State != store.LabDone {
		t.Fatalf("the small run: %s %q", got.State, got.Error)
	}
	b, err := labs.GetLabRun(t.Context(), "big")
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("the small run done when the big one had %d of its %d games", b.Done, b.Total())
	if b.Done > GameWindow+2 || b.Done >= b.Total() {
		t.Errorf("the small run waited for %d of the big run's %d games, want at most %d", b.Done, b.Total(), GameWindow+2)
	}
	// And the big run goes to its end, every game once.
	if got := waitState(t, labs, "big"); got.State != store.LabDone || got.Done != got.Total() {
		t.Fatalf("the big run: %s, %d of %d", got.State, got.Done, got.Total())
	}
	res, err := labs.LabResults(t.Context(), "big")
	if err != nil || len(res) != big.Total() {
		t.Fatalf("%d results, %v", len(res), err)
	}
}

func TestReadingLetters(t *testing.T) {
	for i, want := range map[int]string{0: "A", 25: "Z", 26: "AA", 27: "AB", 51: "AZ", 52: "BA"} {
		if got := readingLetter(i); got != want {
			t.Errorf("readingLetter(%d) = %q, want %q", i, got, want)
		}
	}
}

// newEnv is the site's services for the lab alone.
func newEnv(ctx context.Context, st store.Store) *site.Env {
	counter := func(name, label string) *prometheus.CounterVec {
		return prometheus.NewCounterVec(prometheus.CounterOpts{Name: name}, []string{label})
	}
	return &site.Env{Store: st, Log: slog.New(slog.DiscardHandler), Now: time.Now, Ctx: ctx, Stopping: make(chan struct{}),
		Refusals: counter("refusals", "reason"), Errors: counter("errors", "what"), Panics: counter("panics", "where")}
}

// A game whose every attempt failed (a server killed again and again, a
// game beyond the time bound every time) fails its run at the last one:
// River would discard its job, and the run would wait for it forever.
func TestLastAttemptFailsRun(t *testing.T) {
	l, labs := testLab(t)
	run := &store.LabRun{ID: "last", Owner: "ann", Game: "blocus", Level: "random", Games: 1, Seed: 1, Openings: 2,
		Readings: []store.LabReading{{Label: "exit=forced", Options: "exit=forced"}}}
	if err := labs.CreateLabRun(t.Context(), run, store.LabQuota{}, nil); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("deadline exceeded")
	if err := l.lastAttempt(&rivertype.JobRow{Attempt: 3, MaxAttempts: maxAttempts}, "last", boom); err != boom {
		t.Fatalf("an early attempt: %v, want the error itself (tried again)", err)
	}
	if r, _ := labs.GetLabRun(t.Context(), "last"); r.State != store.LabRunning {
		t.Fatalf("after an early attempt the run is %s", r.State)
	}
	l.lastAttempt(&rivertype.JobRow{Attempt: maxAttempts, MaxAttempts: maxAttempts}, "last", boom)
	if r, _ := labs.GetLabRun(t.Context(), "last"); r.State != store.LabFailed || !strings.Contains(r.Error, "deadline exceeded") {
		t.Fatalf("after the last attempt the run is %s (%q)", r.State, r.Error)
	}
}
