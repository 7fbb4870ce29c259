package postgres_test

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/plateau-games/plateau/store"
)

func TestLeases(t *testing.T) {
	dsn(t)
	open := reopenable(t)
	a, b := open().(store.Leases), open().(store.Leases)
	ctx := t.Context()
	// A lease that must still be held when checked lasts a minute, so that
	// no pause of a loaded machine lets it expire; the one that must expire
	// lasts a second, the shortest, and the test waits past it.
	const held = time.Minute
	got, lapsed, err := a.AcquireLease(ctx, "g1", "A", held)
	if err != nil || !got || lapsed != 0 {
		t.Fatalf("A takes a free lease: %v, lapsed %v, %v", got, lapsed, err)
	}
	if got, _, _ := b.AcquireLease(ctx, "g1", "B", held); got {
		t.Fatal("B took A's lease")
	}
	if got, _, _ := a.AcquireLease(ctx, "g1", "A", held); !got {
		t.Fatal("A could not renew its lease by acquiring it again")
	}
	if lost, err := a.RenewLeases(ctx, "A", []string{"g1", "g2"}, time.Second); err != nil || len(lost) != 1 || lost[0] != "g2" {
		t.Fatalf("renewing g1 and a lease A never had: lost %v, %v", lost, err)
	}
	// A stops renewing: the lease expires and B takes it; A then has lost it.
	renewed := time.Now()
	time.Sleep(1100 * time.Millisecond)
	got, lapsed, err = b.AcquireLease(ctx, "g1", "B", held)
	if err != nil || !got {
		t.Fatalf("B could not take an expired lease: %v", err)
	}
	// B learns how long A's lease went without renewal: at least its
	// life (it expired), at most the time since A's last renewal here.
	if since := time.Since(renewed); lapsed < time.Second || lapsed > since+time.Second {
		t.Errorf("B took a lease A renewed %v ago; lapsed %v", since, lapsed)
	}
	// Renewing it, B is told of no lapse: it is its own lease.
	if got, lapsed, _ := b.AcquireLease(ctx, "g1", "B", held); !got || lapsed != 0 {
		t.Errorf("B renewing its lease: %v, lapsed %v", got, lapsed)
	}
	if lost, _ := a.RenewLeases(ctx, "A", []string{"g1"}, held); len(lost) != 1 {
		t.Fatalf("A renewed a lease B holds")
	}
	if err := a.ReleaseLease(ctx, "g1", "A"); err != nil {
		t.Fatal(err)
	}
	if got, _, _ := a.AcquireLease(ctx, "g1", "A", held); got {
		t.Fatal("A's release of a lease it lost freed B's")
	}
	if err := b.ReleaseLease(ctx, "g1", "B"); err != nil {
		t.Fatal(err)
	}
	// A lease given up is no lapse: its server let the game go.
	if got, lapsed, _ := a.AcquireLease(ctx, "g1", "A", 2*time.Second); !got || lapsed != 0 {
		t.Errorf("A taking a released lease: %v, lapsed %v", got, lapsed)
	}
	a.ReleaseLease(ctx, "g1", "A")
	// Many servers race for a free lease: one wins.
	var wins atomic.Int32
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if got, _, err := a.AcquireLease(ctx, "g1", string(rune('a'+i)), held); err == nil && got {
				wins.Add(1)
			}
		}()
	}
	wg.Wait()
	if wins.Load() != 1 {
		t.Fatalf("%d servers took one lease", wins.Load())
	}
	if _, _, err := a.AcquireLease(ctx, "g1", "A", time.Millisecond); err == nil {
		t.Error("a lease of a millisecond was accepted")
	}
}
