package groupcommit

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/plateau-games/plateau/store/internal/model"
)

// gate is a Runner that records its batches and, while closed, holds each
// batch until a value is sent on release (or, if ctxAware, until the
// batch's context ends). The tests that release it use a long Timeout, so
// that on a loaded machine the batch is still there to be released.
type gate struct {
	mu       sync.Mutex
	batches  [][]string // the games of each batch, in order
	entered  chan int   // the size of each batch, as it starts
	release  chan error // what the held batch returns
	hold     atomic.Bool
	ctxAware bool
}

func newGate(hold bool) *gate {
	g := &gate{entered: make(chan int, 100), release: make(chan error)}
	g.hold.Store(hold)
	return g
}

func (g *gate) run(ctx context.Context, ops []*Op) error {
	var games []string
	for _, op := range ops {
		games = append(games, op.Game)
	}
	g.mu.Lock()
	g.batches = append(g.batches, games)
	g.mu.Unlock()
	// Whether to hold is decided before the test can see the batch
	// started (and change hold, then release it).
	hold := g.hold.Load()
	g.entered <- len(ops)
	if !hold {
		return nil
	}
	if !g.ctxAware {
		return <-g.release
	}
	select {
	case err := <-g.release:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (g *gate) ran() [][]string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([][]string(nil), g.batches...)
}

func cfg(maxBatch, queue, writers int, timeout time.Duration) Config {
	return Config{MaxBatch: maxBatch, QueueSize: queue, Writers: writers, Timeout: timeout}
}

func op(game string) *Op { return NewOp(game, model.Move{Notation: game}) }

// do runs c.Do in a goroutine and returns where its outcome will come.
func do(c *Committer, ctx context.Context, o *Op) chan error {
	ch := make(chan error, 1)
	go func() { ch <- c.Do(ctx, o) }()
	return ch
}

func waitQueued(t *testing.T, c *Committer, n int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		q := 0
		for _, ch := range c.queues {
			q += len(ch)
		}
		if q >= n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d ops queued, want %d", q, n)
		}
		time.Sleep(time.Millisecond)
	}
}

// TestBatching: what queues while a batch runs makes the next batch, cut
// at MaxBatch.
func TestBatching(t *testing.T) {
	g := newGate(true)
	c := New(cfg(4, 100, 1, time.Minute), g.run, nil)
	defer c.Close()
	first := do(c, context.Background(), op("a"))
	if n := <-g.entered; n != 1 {
		t.Fatalf("first batch of %d", n)
	}
	var outs []chan error
	for i := range 10 {
		outs = append(outs, do(c, context.Background(), op(fmt.Sprint("b", i))))
	}
	waitQueued(t, c, 10)
	g.hold.Store(false)
	g.release <- nil
	if err := <-first; err != nil {
		t.Fatal(err)
	}
	for _, o := range outs {
		if err := <-o; err != nil {
			t.Fatal(err)
		}
	}
	sizes := []int{}
	for _, b := range g.ran() {
		sizes = append(sizes, len(b))
	}
	if fmt.Sprint(sizes) != "[1 4 4 2]" {
		t.Errorf("batch sizes %v, want [1 4 4 2]", sizes)
	}
	if st := c.Stats(); st.Batches != 4 || st.Moves != 11 || st.Committed != 11 || st.MaxBatch != 4 {
		t.Errorf("stats %+v", st)
	}
}

// TestOutcomes: a batch error fails every op; an op's own error stays its
// own; the others of a committed batch succeed.
func TestOutcomes(t *testing.T) {
	boom := errors.New("boom")
	conflict := fmt.Errorf("%w: taken", model.ErrConflict)
	run := func(ctx context.Context, ops []*Op) error {
		for _, o := range ops {
			if o.Game == "bad" {
				o.Err = conflict
			}
		}
		if ops[0].Game == "fail" {
			return boom
		}
		return nil
	}
	c := New(cfg(10, 10, 1, time.Second), run, nil)
	defer c.Close()
	if err := c.Do(context.Background(), op("good")); err != nil {
		t.Error(err)
	}
	if err := c.Do(context.Background(), op("bad")); !errors.Is(err, model.ErrConflict) {
		t.Error(err)
	}
	if err := c.Do(context.Background(), op("fail")); !errors.Is(err, boom) {
		t.Error(err)
	}
	if st := c.Stats(); st.Committed != 1 || st.Failed != 1 {
		t.Errorf("stats %+v", st)
	}
}

// TestPanic: a panic fails the batch's callers with an error; the writer
// lives on.
func TestPanic(t *testing.T) {
	var logged atomic.Int32
	run := func(ctx context.Context, ops []*Op) error {
		if ops[0].Game == "panic" {
			panic("kaboom")
		}
		return nil
	}
	c := New(cfg(10, 10, 1, time.Second), run, func(string, ...any) { logged.Add(1) })
	defer c.Close()
	err := c.Do(context.Background(), op("panic"))
	if err == nil || !strings.Contains(err.Error(), "kaboom") {
		t.Fatalf("Do in a panicking batch: %v", err)
	}
	if err := c.Do(context.Background(), op("fine")); err != nil {
		t.Fatalf("after the panic: %v", err)
	}
	if logged.Load() != 1 || c.Stats().Panics != 1 {
		t.Errorf("panic logged %d times, stats %+v", logged.Load(), c.Stats())
	}
}

// TestContexts: a context ending while the op is queued withdraws it (the
// runner never sees it); ending while its batch runs, the call waits for
// the batch's outcome.
func TestContexts(t *testing.T) {
	g := newGate(true)
	c := New(cfg(10, 10, 1, time.Minute), g.run, nil)
	defer c.Close()
	ctxA, cancelA := context.WithCancel(context.Background())
	a := do(c, ctxA, op("a"))
	<-g.entered
	ctxB, cancelB := context.WithCancel(context.Background())
	b := do(c, ctxB, op("b"))
	waitQueued(t, c, 1)
	cancelA()
	cancelB()
	if err := <-b; !errors.Is(err, context.Canceled) {
		t.Errorf("queued op with its context canceled: %v", err)
	}
	select {
	case err := <-a:
		t.Fatalf("op in a running batch returned %v before the batch ended", err)
	case <-time.After(50 * time.Millisecond):
	}
	g.hold.Store(false)
	g.release <- nil
	if err := <-a; err != nil {
		t.Errorf("op in a batch that committed: %v", err)
	}
	if err := c.Do(context.Background(), op("c")); err != nil {
		t.Fatal(err)
	}
	for _, batch := range g.ran() {
		for _, game := range batch {
			if game == "b" {
				t.Errorf("the withdrawn op ran: batches %v", g.ran())
			}
		}
	}
	// A context already canceled: never queued.
	if err := c.Do(ctxA, op("d")); !errors.Is(err, context.Canceled) {
		t.Errorf("Do with a canceled context: %v", err)
	}
}

// TestTimeout: a batch that does not end is cut by the committer's own
// timeout, and its callers get an error then, not before.
func TestTimeout(t *testing.T) {
	g := newGate(true)
	g.ctxAware = true
	c := New(cfg(10, 10, 1, 200*time.Millisecond), g.run, nil)
	defer c.Close()
	ctx, cancel := context.WithCancel(context.Background())
	start := time.Now()
	out := do(c, ctx, op("a"))
	<-g.entered
	cancel() // the caller gives up; its move is in the batch
	err := <-out
	if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "not committed within") {
		t.Errorf("Do of a batch that timed out: %v", err)
	}
	if d := time.Since(start); d < 190*time.Millisecond {
		t.Errorf("returned after %v, before the committer's 200ms", d)
	}
}

// TestQueueFull: a full queue makes callers wait within their context;
// one that gives up stored nothing.
func TestQueueFull(t *testing.T) {
	g := newGate(true)
	c := New(cfg(10, 2, 1, time.Minute), g.run, nil)
	defer c.Close()
	first := do(c, context.Background(), op("first"))
	<-g.entered
	q1 := do(c, context.Background(), op("q1"))
	q2 := do(c, context.Background(), op("q2"))
	waitQueued(t, c, 2)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if err := c.Do(ctx, op("over")); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Do on a full queue: %v", err)
	}
	g.hold.Store(false)
	g.release <- nil
	for _, ch := range []chan error{first, q1, q2} {
		if err := <-ch; err != nil {
			t.Error(err)
		}
	}
	for _, batch := range g.ran() {
		for _, game := range batch {
			if game == "over" {
				t.Error("the op refused by a full queue ran")
			}
		}
	}
}

// TestClose: Close commits what is queued, then refuses.
func TestClose(t *testing.T) {
	g := newGate(true)
	c := New(cfg(10, 100, 1, time.Minute), g.run, nil)
	first := do(c, context.Background(), op("first"))
	<-g.entered
	var outs []chan error
	for i := range 5 {
		outs = append(outs, do(c, context.Background(), op(fmt.Sprint("q", i))))
	}
	waitQueued(t, c, 5)
	closed := make(chan struct{})
	go func() { c.Close(); close(closed) }()
	g.hold.Store(false)
	g.release <- nil
	<-closed
	for _, ch := range append(outs, first) {
		if err := <-ch; err != nil {
			t.Errorf("op queued before Close: %v", err)
		}
	}
	if err := c.Do(context.Background(), op("late")); !errors.Is(err, model.ErrClosed) {
		t.Errorf("Do after Close: %v", err)
	}
	c.Close()
}

// TestWritersPerGame: with several writers, one game's ops never run in
// two batches at once, and keep their order.
func TestWritersPerGame(t *testing.T) {
	var mu sync.Mutex
	inflight := map[string]bool{}
	seen := map[string][]int{}
	run := func(ctx context.Context, ops []*Op) error {
		mu.Lock()
		for _, o := range ops {
			if inflight[o.Game] {
				mu.Unlock()
				return fmt.Errorf("game %s in two batches at once", o.Game)
			}
		}
		for _, o := range ops {
			inflight[o.Game] = true
			seen[o.Game] = append(seen[o.Game], o.Move.Ply)
		}
		mu.Unlock()
		time.Sleep(time.Millisecond)
		mu.Lock()
		for _, o := range ops {
			delete(inflight, o.Game)
		}
		mu.Unlock()
		return nil
	}
	c := New(cfg(8, 64, 4, 5*time.Second), run, nil)
	defer c.Close()
	var wg sync.WaitGroup
	for g := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ply := range 20 {
				if err := c.Do(context.Background(), NewOp(fmt.Sprint("g", g), model.Move{Ply: ply})); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	for game, plies := range seen {
		for i, p := range plies {
			if p != i {
				t.Fatalf("game %s: plies in order %v", game, plies)
			}
		}
	}
}

// TestSettle: after a failed commit, the applied ops found stored
// succeed, the others fail, and a failing check fails the batch.
func TestSettle(t *testing.T) {
	commitErr := errors.New("connection lost")
	ops := []*Op{op("stored"), op("lost"), op("refused")}
	ops[2].Err = model.ErrConflict
	present := func(_ context.Context, o *Op) (bool, error) { return o.Game == "stored", nil }
	if err := Settle(context.Background(), ops, commitErr, present); err != nil {
		t.Fatal(err)
	}
	if ops[0].Err != nil || ops[1].Err != commitErr || ops[2].Err != model.ErrConflict {
		t.Errorf("after Settle: %v, %v, %v", ops[0].Err, ops[1].Err, ops[2].Err)
	}
	broken := func(context.Context, *Op) (bool, error) { return false, errors.New("no connection") }
	if err := Settle(context.Background(), []*Op{op("x")}, commitErr, broken); !errors.Is(err, commitErr) {
		t.Errorf("Settle that cannot check: %v", err)
	}
}

func TestWithDefaults(t *testing.T) {
	c, err := WithDefaults(model.GroupCommit{})
	if err != nil || c.MaxBatch != model.DefaultMaxBatch || c.QueueSize != model.DefaultQueueSize ||
		c.Timeout != model.DefaultCommitTimeout || c.Writers != model.DefaultWriters {
		t.Errorf("defaults %+v, %v", c, err)
	}
	if _, err := WithDefaults(model.GroupCommit{MaxBatch: -1}); err == nil {
		t.Error("negative MaxBatch accepted")
	}
}
