package club

import (
	"sync/atomic"
	"testing"
	"time"
)

// The gate alone: never more than max inside, whatever the number of
// callers; the queue holds at most queue; the others are refused.
func TestHashGateCounts(t *testing.T) {
	g := NewHashGate(3, 4, 10*time.Minute)
	release := make(chan struct{})
	var inside, most atomic.Int64
	g.InSlot = func() {
		n := inside.Add(1)
		for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
		}
		<-release
		inside.Add(-1)
	}
	errs := make(chan error, 200)
	for range 200 {
		go func() { errs <- g.run(t.Context(), func() {}) }()
	}
	// 200 - 3 - 4 are refused at once; then the 7 others finish.
	refused := 0
	for range 193 {
		if err := <-errs; err == ErrHashBusy {
			refused++
		}
	}
	eventually(t, "3 inside and 4 waiting", func() bool { return inside.Load() == 3 && g.Waiting.Load() == 4 })
	close(release)
	for range 7 {
		if err := <-errs; err != nil {
			t.Errorf("an admitted caller: %v", err)
		}
	}
	if refused != 193 || most.Load() != 3 || g.Peak.Load() != 3 {
		t.Fatalf("refused %d of 200 (want 193), at most %d inside (want 3)", refused, most.Load())
	}
}

// eventually polls cond until it holds; the bound is generous, for a loaded
// machine: the tests wait on what the server does, not on its speed.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("still not %s after 30 s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
