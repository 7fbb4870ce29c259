package storetest

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/plateau-games/plateau/store"
)

// LabStore is what the lab's suite needs.
type LabStore interface {
	store.Store
	store.Labs
}

// RunLabs runs the conformance suite of store.Labs, each test as a subtest
// of t, on an empty store from newStore.
func RunLabs(t *testing.T, newStore func(t *testing.T) LabStore) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s LabStore)
	}{
		{"CreateGet", testLabCreateGet},
		{"Quota", testLabQuota},
		{"EnqueueFails", testLabEnqueueFails},
		{"ResultsOnce", testLabResultsOnce},
		{"CompleteOnce", testLabCompleteOnce},
		{"FinishCancel", testLabFinishCancel},
		{"Bounds", testLabBounds},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.fn(t, newStore(t)) })
	}
}

func labRun(id, owner string, readings, games int) *store.LabRun {
	r := &store.LabRun{ID: id, Owner: owner, Game: "poldr", Level: "random", Games: games, Seed: 1<<63 + 5, Openings: 2}
	for i := range readings {
		r.Readings = append(r.Readings, store.LabReading{Label: fmt.Sprintf("size=%d", 6+i), Options: fmt.Sprintf("size=%d", 6+i)})
	}
	return r
}

func testLabCreateGet(t *testing.T, s LabStore) {
	ctx := context.Background()
	called := 0
	r := labRun("run1", "ann", 2, 3)
	if err := s.CreateLabRun(ctx, r, store.LabQuota{}, func(ctx context.Context, tx any) error {
		if tx == nil {
			t.Error("enqueue got no transaction")
		}
		called++
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if called != 1 {
		t.Fatalf("enqueue called %d times, want 1", called)
	}
	got, err := s.GetLabRun(ctx, "run1")
	if err != nil {
		t.Fatal(err)
	}
	if got.Owner != "ann" || got.Game != "poldr" || got.Level != "random" || got.Games != 3 || got.Seed != 1<<63+5 ||
		got.Openings != 2 || len(got.Readings) != 2 || got.Readings[1].Label != "size=7" || got.State != store.LabRunning ||
		got.Done != 0 || got.Total() != 6 || got.CreatedAt.IsZero() || !got.FinishedAt.IsZero() {
		t.Errorf("got %+v", got)
	}
	if _, err := s.GetLabRun(ctx, "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("missing run: %v, want ErrNotFound", err)
	}
	if err := s.CreateLabRun(ctx, labRun("run1", "bob", 1, 1), store.LabQuota{}, nil); !errors.Is(err, store.ErrConflict) {
		t.Errorf("same id twice: %v, want ErrConflict", err)
	}
	if err := s.CreateLabRun(ctx, labRun("run2", "bob", 1, 1), store.LabQuota{}, nil); err != nil {
		t.Fatal(err)
	}
	all, err := s.ListLabRuns(ctx, store.LabFilter{})
	if err != nil || len(all) != 2 {
		t.Fatalf("list: %d runs, %v; want 2", len(all), err)
	}
	mine, err := s.ListLabRuns(ctx, store.LabFilter{Owner: "ann"})
	if err != nil || len(mine) != 1 || mine[0].ID != "run1" {
		t.Fatalf("ann's runs: %+v, %v", mine, err)
	}
	if _, err := s.GetLabReport(ctx, "run1"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("report of a running run: %v, want ErrNotFound", err)
	}
}

func testLabQuota(t *testing.T, s LabStore) {
	ctx := context.Background()
	// Several creations at once for one owner: only maxRunning pass.
	var ok atomic.Int32
	var wg sync.WaitGroup
	for i := range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := s.CreateLabRun(ctx, labRun(fmt.Sprintf("q%d", i), "ann", 1, 1), store.LabQuota{Running: 2}, nil)
			if err == nil {
				ok.Add(1)
			} else if !errors.Is(err, store.ErrLabRunning) || !errors.Is(err, store.ErrConflict) {
				t.Errorf("create: %v, want nil or ErrLabRunning", err)
			}
		}()
	}
	wg.Wait()
	if ok.Load() != 2 {
		t.Fatalf("%d runs created at once with a bound of 2", ok.Load())
	}
	// Someone else is not counted; a finished run frees its place.
	if err := s.CreateLabRun(ctx, labRun("other", "bob", 1, 1), store.LabQuota{Running: 2}, nil); err != nil {
		t.Fatal(err)
	}
	runs, _ := s.ListLabRuns(ctx, store.LabFilter{Owner: "ann"})
	if err := s.CancelLabRun(ctx, runs[0].ID, "ann"); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateLabRun(ctx, labRun("again", "ann", 1, 1), store.LabQuota{Running: 2}, nil); err != nil {
		t.Fatalf("after a cancel: %v", err)
	}
	// Three runs started in the day: a bound of 3 a day refuses the
	// fourth, not one a day later, nor another owner's.
	if err := s.CreateLabRun(ctx, labRun("fifth", "ann", 1, 1), store.LabQuota{PerDay: 3}, nil); !errors.Is(err, store.ErrLabDaily) {
		t.Errorf("a fourth run in the day: %v, want ErrLabDaily", err)
	}
	tomorrow := labRun("tomorrow", "ann", 1, 1)
	tomorrow.CreatedAt = time.Now().Add(25 * time.Hour)
	if err := s.CreateLabRun(ctx, tomorrow, store.LabQuota{PerDay: 3}, nil); err != nil {
		t.Errorf("a run a day later: %v", err)
	}
	if err := s.CreateLabRun(ctx, labRun("bob2", "bob", 1, 1), store.LabQuota{PerDay: 3}, nil); err != nil {
		t.Errorf("another owner: %v", err)
	}
}

func testLabEnqueueFails(t *testing.T, s LabStore) {
	ctx := context.Background()
	boom := errors.New("queue down")
	if err := s.CreateLabRun(ctx, labRun("r", "ann", 1, 1), store.LabQuota{}, func(context.Context, any) error { return boom }); !errors.Is(err, boom) {
		t.Fatalf("got %v, want the queue's error", err)
	}
	if _, err := s.GetLabRun(ctx, "r"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a run whose jobs were not queued is stored: %v", err)
	}
}

func testLabResultsOnce(t *testing.T, s LabStore) {
	ctx := context.Background()
	if err := s.CreateLabRun(ctx, labRun("r", "ann", 2, 2), store.LabQuota{}, nil); err != nil {
		t.Fatal(err)
	}
	put := func(reading, g int, js string) bool {
		t.Helper()
		stored, err := s.PutLabResult(ctx, store.LabResult{Run: "r", Reading: reading, Game: g, JSON: []byte(js)}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return stored
	}
	if !put(1, 0, `{"a":1}`) || put(1, 0, `{"a":2}`) {
		t.Fatal("a game's result must be stored once, the second refused")
	}
	if !put(0, 1, `{"b":1}`) {
		t.Fatal("not stored")
	}
	prog, err := s.LabProgress(ctx, "r")
	if err != nil || len(prog) != 2 || prog[0] != 1 || prog[1] != 1 {
		t.Fatalf("progress %v, %v; want [1 1]", prog, err)
	}
	run, _ := s.GetLabRun(ctx, "r")
	if run.Done != 2 {
		t.Fatalf("done %d, want 2", run.Done)
	}
	res, err := s.LabResults(ctx, "r")
	if err != nil || len(res) != 2 || res[0].Reading != 0 || res[0].Game != 1 || string(res[1].JSON) != `{"a":1}` {
		t.Fatalf("results %+v, %v", res, err)
	}
	if _, err := s.PutLabResult(ctx, store.LabResult{Run: "nope", JSON: []byte("{}")}, nil); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("result of no run: %v", err)
	}
	for _, bad := range []store.LabResult{{Run: "r", Reading: 2, JSON: []byte("{}")}, {Run: "r", Game: 2, JSON: []byte("{}")},
		{Run: "r", Reading: -1, JSON: []byte("{}")}, {Run: "r"}} {
		if _, err := s.PutLabResult(ctx, bad, nil); err == nil {
			t.Errorf("%+v stored", bad)
		}
	}
}

func testLabCompleteOnce(t *testing.T, s LabStore) {
	ctx := context.Background()
	if err := s.CreateLabRun(ctx, labRun("r", "ann", 2, 4), store.LabQuota{}, nil); err != nil {
		t.Fatal(err)
	}
	// Every game twice, at once (a game played again after a server
	// died): each count of games stored is told once with Stored (the lab
	// queues the run's next game on it), the total at least once (it
	// queues the report), and a duplicate never as stored.
	var completes atomic.Int32
	var stored atomic.Int32
	var mu sync.Mutex
	counts := map[int]int{}
	var wg sync.WaitGroup
	for rep := 0; rep < 2; rep++ {
		for reading := range 2 {
			for g := range 4 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					ok, err := s.PutLabResult(ctx, store.LabResult{Run: "r", Reading: reading, Game: g, JSON: []byte(`{}`)},
						func(ctx context.Context, tx any, put store.LabPut) error {
							if put.Total != 8 || put.Done < 1 || put.Done > 8 {
								t.Errorf("told %+v, want a count from 1 to 8 of 8", put)
							}
							if put.Stored {
								mu.Lock()
								counts[put.Done]++
								mu.Unlock()
							}
							if put.Done == put.Total {
								completes.Add(1)
							}
							return nil
						})
					if err != nil {
						t.Error(err)
					}
					if ok {
						stored.Add(1)
					}
				}()
			}
		}
	}
	wg.Wait()
	if stored.Load() != 8 {
		t.Fatalf("%d results stored, want 8", stored.Load())
	}
	if completes.Load() < 1 {
		t.Fatal("never told that every game is in")
	}
	for n := 1; n <= 8; n++ {
		if counts[n] != 1 {
			t.Errorf("count %d told as stored %d times, want once", n, counts[n])
		}
	}
	run, _ := s.GetLabRun(ctx, "r")
	if run.Done != 8 {
		t.Fatalf("done %d, want 8", run.Done)
	}
}

func testLabFinishCancel(t *testing.T, s LabStore) {
	ctx := context.Background()
	for _, id := range []string{"a", "b", "c"} {
		if err := s.CreateLabRun(ctx, labRun(id, "ann", 1, 1), store.LabQuota{}, nil); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.CancelLabRun(ctx, "a", "bob"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("someone else cancels: %v, want ErrNotFound", err)
	}
	if err := s.CancelLabRun(ctx, "a", "ann"); err != nil {
		t.Fatal(err)
	}
	if err := s.CancelLabRun(ctx, "a", "ann"); !errors.Is(err, store.ErrConflict) {
		t.Errorf("cancel twice: %v, want ErrConflict", err)
	}
	if stored, err := s.PutLabResult(ctx, store.LabResult{Run: "a", JSON: []byte("{}")}, nil); err != nil || stored {
		t.Errorf("result of a cancelled run: stored %v, %v", stored, err)
	}
	if err := s.FinishLabRun(ctx, "b", store.LabDone, "", []byte(`{"r":1}`)); err != nil {
		t.Fatal(err)
	}
	if rep, err := s.GetLabReport(ctx, "b"); err != nil || string(rep) != `{"r":1}` {
		t.Errorf("report %q, %v", rep, err)
	}
	if err := s.FinishLabRun(ctx, "b", store.LabDone, "", []byte(`{}`)); !errors.Is(err, store.ErrConflict) {
		t.Errorf("finish twice: %v, want ErrConflict", err)
	}
	if err := s.FinishLabRun(ctx, "c", store.LabFailed, "seat 1 played an illegal move", nil); err != nil {
		t.Fatal(err)
	}
	c, _ := s.GetLabRun(ctx, "c")
	if c.State != store.LabFailed || c.Error != "seat 1 played an illegal move" || c.FinishedAt.IsZero() {
		t.Errorf("failed run %+v", c)
	}
	if err := s.FinishLabRun(ctx, "c", "weird", "", nil); err == nil {
		t.Error("a state that is no end accepted")
	}
	if err := s.FinishLabRun(ctx, "zzz", store.LabFailed, "x", nil); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("finish of no run: %v", err)
	}
}

func testLabBounds(t *testing.T, s LabStore) {
	ctx := context.Background()
	for _, r := range []*store.LabRun{
		labRun("", "ann", 1, 1),
		labRun("x", "", 1, 1),
		labRun("x", "ann", 0, 1),
		labRun("x", "ann", 1, 0),
		labRun("x", "ann", 2, store.MaxLabGames),
		labRun("x", "ann", store.MaxLabReadings+1, 1),
	} {
		if err := s.CreateLabRun(ctx, r, store.LabQuota{}, nil); err == nil {
			t.Errorf("%s by %q with %d readings × %d games accepted", r.ID, r.Owner, len(r.Readings), r.Games)
		}
	}
}
