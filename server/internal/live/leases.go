package live

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"sync"
	"time"

	"github.com/plateau-games/plateau/store"
)

// Several servers on one store: a game's computer seat and clock run on
// one of them, the holder of the game's lease (store.Leases). A room
// needing them takes the lease first; without it, it tries again until
// the holder's lease expires (when its server died) or is given up. A
// server renews its leases every third of their life and gives a game's
// up when its room leaves memory. A store without leases (SQLite: one
// server) grants every one.

// DefaultLeaseTTL is how long a lease lasts without renewal: how long a
// game's computer and clock wait when the server running them dies.
const DefaultLeaseTTL = 10 * time.Second

type leaseKeeper struct {
	store  store.Leases // nil: every lease is granted
	holder string
	ttl    time.Duration

	mu   sync.Mutex
	held map[string]time.Time // game → when the lease expires, as last renewed
	// keep, for tests (KeepLeases), leaves leases in the store when
	// rooms go, as a server that dies would.
	keep bool
}

func newLeaseKeeper(st store.Store, ttl time.Duration) *leaseKeeper {
	k := &leaseKeeper{ttl: ttl, held: map[string]time.Time{}}
	if k.ttl <= 0 {
		k.ttl = DefaultLeaseTTL
	}
	k.store, _ = st.(store.Leases)
	var b [8]byte
	rand.Read(b[:])
	k.holder = hex.EncodeToString(b[:])
	return k
}

// take says whether this server has game's lease, taking it if it is
// free. A lease renewed less than half its life ago is not asked again.
// lapsed is, when the lease was taken from a server that died, how long
// its lease went without renewal (store.Leases), 0 otherwise.
func (k *leaseKeeper) take(ctx context.Context, game string) (held bool, lapsed time.Duration, err error) {
	if k.store == nil {
		return true, 0, nil
	}
	k.mu.Lock()
	until, ok := k.held[game]
	k.mu.Unlock()
	if ok && time.Until(until) > k.ttl/2 {
		return true, 0, nil
	}
	began := time.Now()
	got, lapsed, err := k.store.AcquireLease(ctx, game, k.holder, k.ttl)
	k.mu.Lock()
	defer k.mu.Unlock()
	if err != nil || !got {
		delete(k.held, game)
		return false, 0, err
	}
	k.held[game] = began.Add(k.ttl)
	return true, lapsed, nil
}

// release gives a game's lease up.
func (k *leaseKeeper) release(ctx context.Context, game string) error {
	k.mu.Lock()
	_, ok := k.held[game]
	delete(k.held, game)
	keep := k.keep
	k.mu.Unlock()
	if k.store == nil || !ok || keep {
		return nil
	}
	return k.store.ReleaseLease(ctx, game, k.holder)
}

// renew extends every lease held and returns the games whose lease was
// lost meanwhile.
func (k *leaseKeeper) renew(ctx context.Context) ([]string, error) {
	if k.store == nil {
		return nil, nil
	}
	k.mu.Lock()
	games := make([]string, 0, len(k.held))
	for g := range k.held {
		games = append(games, g)
	}
	k.mu.Unlock()
	if len(games) == 0 {
		return nil, nil
	}
	began := time.Now()
	lost, err := k.store.RenewLeases(ctx, k.holder, games, k.ttl)
	if err != nil {
		return nil, err
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	gone := map[string]bool{}
	for _, g := range lost {
		gone[g] = true
		delete(k.held, g)
	}
	for _, g := range games {
		if _, still := k.held[g]; still && !gone[g] {
			k.held[g] = began.Add(k.ttl)
		}
	}
	return lost, nil
}

// releaseAll gives every lease up (a server shutting down cleanly: the
// others need not wait for them to expire).
func (k *leaseKeeper) releaseAll(ctx context.Context) {
	k.mu.Lock()
	games := make([]string, 0, len(k.held))
	for g := range k.held {
		games = append(games, g)
	}
	k.mu.Unlock()
	for _, g := range games {
		k.release(ctx, g)
	}
}

func (k *leaseKeeper) count() int {
	k.mu.Lock()
	defer k.mu.Unlock()
	return len(k.held)
}

// RenewLeases keeps this server's leases until Close; a room whose lease
// was lost stops its computer and clock (another server runs them now).
func (lv *Live) RenewLeases() {
	if lv.leases.store == nil {
		return
	}
	t := time.NewTicker(lv.leases.ttl / 3)
	defer t.Stop()
	for {
		select {
		case <-lv.Stopping:
			return
		case <-t.C:
		}
		ctx, cancel := context.WithTimeout(lv.Ctx, lv.leases.ttl/3)
		lost, err := lv.leases.renew(ctx)
		cancel()
		if err != nil {
			lv.LogError("renew leases", err)
			continue
		}
		for _, id := range lost {
			lv.Log.Info("lease lost", "game", id)
			if r, _ := lv.lookupRoom(id); r != nil {
				r.mu.Lock()
				r.scheduleLocked()
				r.mu.Unlock()
			}
		}
	}
}
