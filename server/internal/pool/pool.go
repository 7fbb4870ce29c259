// Package pool is the computer searches' pool: a bounded number of
// searches run at once, for all games together, handed out by priority.
package pool

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/plateau-games/plateau/store"
)

// The computer searches of all games share a bounded pool of slots
// (the server's --max-searches), handed out by a priority scheduler:
//
//   - the computer opponents of games in progress come first: whenever a
//     slot frees, the oldest opponent waiting takes it, never a hint or an
//     analysis position, however long those have waited;
//   - background work (hints, analysis positions) runs only on what the
//     opponents leave, on at most --max-background-searches slots (by
//     default one less than the pool), so that a burst of hints or an
//     analysis cannot hold every slot when an opponent comes;
//   - background work is shared between owners (the account, else the
//     client address): a free slot goes to the waiting owner with the
//     fewest searches running and, among equals, to the one served least
//     recently (round robin), so that one person's 60 hints or 400-ply
//     analysis get one share, not the pool.
//
// Each line is bounded: --max-search-queue opponents, --max-search-queue
// background searches of all owners together, and
// --search-queue-per-person background searches of one owner. Beyond, the
// search is refused at once (ErrQueueFull, ErrOwnerBusy) and the caller
// says "busy, try again".

// Kind says whom a search is for.
type Kind int8

const (
	// Opponent is a computer opponent's move in a game in progress.
	Opponent Kind = iota
	// Background is a hint or a position of an analysis.
	Background
)

func (k Kind) String() string {
	if k == Opponent {
		return "opponent"
	}
	return "background"
}

// ErrOwnerBusy refuses a background search when its owner already has
// SearchQueuePerPerson of them waiting.
var ErrOwnerBusy = errors.New("you already have several hints or analyses waiting for the computer")

// DefaultQueuePerPerson is how many background searches one person may
// have waiting by default.
const DefaultQueuePerPerson = 4

// Limits are the bounds of a pool.
type Limits struct {
	Slots      int // searches running at once
	Background int // of which background searches, at most (1 to slots)
	Queue      int // searches waiting in each line: opponents, background
	PerOwner   int // background searches one owner may have waiting
}

// LimitsOf reads the bounds from the server's settings (zero or less for
// the defaults): the background gets one slot less than the pool (at
// least one), so an opponent always finds a slot that no background work
// holds.
func LimitsOf(maxSearches, maxQueue, maxBackground, perPerson int) Limits {
	l := Limits{Slots: max(1, maxSearches), Queue: max(0, maxQueue), PerOwner: perPerson}
	l.Background = maxBackground
	if l.Background <= 0 {
		l.Background = l.Slots - 1
	}
	l.Background = min(max(1, l.Background), l.Slots)
	if l.PerOwner <= 0 {
		l.PerOwner = DefaultQueuePerPerson
	}
	return l
}

// Metrics are the pool's gauges and counters (the server registers them).
type Metrics struct {
	Running prometheus.Gauge     // searches holding a slot
	Queue   prometheus.Gauge     // searches waiting
	Busy    prometheus.Counter   // searches refused, a line being full
	Wait    prometheus.Histogram // the time searches waited for their slot
}

// Retry is how long a search refused by a full line waits before it
// asks again.
const Retry = 2 * time.Second

// ErrQueueFull refuses a search when too many wait already.
var ErrQueueFull = errors.New("the computer players are busy")

// Pool hands out the search slots. Everything is under mu; a waiting
// search holds a ticket whose ready channel is closed when it gets a slot.
type Pool struct {
	Bounds  Limits
	metrics Metrics
	// granted, when set (tests), is called under the lock each time a
	// search gets a slot, in that order.
	Granted func(kind Kind, owner string)

	mu        sync.Mutex
	running   int                  // searches holding a slot
	bgRunning int                  // of them, background ones
	active    map[string]int       // background searches running, by owner
	opponents []*ticket            // waiting, oldest first
	waiting   map[string][]*ticket // background searches waiting, by owner, oldest first
	bgWaiting int
	seq       uint64            // counts tickets and grants: their order
	served    map[string]uint64 // the last grant to each owner, kept while idle (bounded by forgetLocked)
}

// ticket is one search's place: waiting, then holding a slot, then done.
type ticket struct {
	kind    Kind
	owner   string
	ready   chan struct{} // closed when it gets its slot
	since   time.Time     // when it began to wait
	seq     uint64        // order of arrival
	holding bool
	done    bool
}

// New is a pool of lim's bounds that counts in m.
func New(lim Limits, m Metrics) *Pool {
	return &Pool{Bounds: lim, metrics: m, active: map[string]int{}, waiting: map[string][]*ticket{}, served: map[string]uint64{}}
}

// Acquire waits for a slot for a search of kind for owner (background
// searches; "" for an opponent); the returned function gives it back. A
// full line is an error at once (ErrQueueFull, ErrOwnerBusy), as is ctx
// ending while it waits.
func (p *Pool) Acquire(ctx context.Context, kind Kind, owner string) (func(), error) {
	t, err := p.enter(kind, owner)
	if err != nil {
		return nil, err
	}
	select {
	case <-t.ready:
		return func() { p.leave(t) }, nil
	case <-ctx.Done():
		// It may have got its slot meanwhile: leave gives it back.
		p.leave(t)
		return nil, ctx.Err()
	}
}

// enter takes a slot at once when one is free for kind and nobody of
// higher or equal standing waits for it, else a place in line.
func (p *Pool) enter(kind Kind, owner string) (*ticket, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.seq++
	t := &ticket{kind: kind, owner: owner, ready: make(chan struct{}), seq: p.seq}
	if kind == Opponent {
		if p.running < p.Bounds.Slots {
			p.grantLocked(t)
			return t, nil
		}
		if len(p.opponents) >= p.Bounds.Queue {
			p.metrics.Busy.Inc()
			return nil, ErrQueueFull
		}
		t.since = time.Now()
		p.opponents = append(p.opponents, t)
		p.metrics.Queue.Inc()
		return t, nil
	}
	if p.running < p.Bounds.Slots && p.bgRunning < p.Bounds.Background && len(p.opponents) == 0 && p.bgWaiting == 0 {
		p.grantLocked(t)
		return t, nil
	}
	switch {
	case p.bgWaiting >= p.Bounds.Queue:
		p.metrics.Busy.Inc()
		return nil, ErrQueueFull
	case len(p.waiting[owner]) >= p.Bounds.PerOwner:
		p.metrics.Busy.Inc()
		return nil, ErrOwnerBusy
	}
	t.since = time.Now()
	p.waiting[owner] = append(p.waiting[owner], t)
	p.bgWaiting++
	p.metrics.Queue.Inc()
	return t, nil
}

// leave gives back t's slot, or takes it out of its line; once only.
func (p *Pool) leave(t *ticket) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if t.done {
		return
	}
	t.done = true
	if !t.holding {
		p.withdrawLocked(t)
		return
	}
	p.running--
	p.metrics.Running.Dec()
	if t.kind == Background {
		p.bgRunning--
		if p.active[t.owner]--; p.active[t.owner] <= 0 {
			delete(p.active, t.owner)
		}
	}
	p.dispatchLocked()
}

// withdrawLocked takes a waiting ticket out of its line.
func (p *Pool) withdrawLocked(t *ticket) {
	p.metrics.Queue.Dec()
	if t.kind == Opponent {
		p.opponents = removeTicket(p.opponents, t)
		return
	}
	p.bgWaiting--
	q := removeTicket(p.waiting[t.owner], t)
	if len(q) > 0 {
		p.waiting[t.owner] = q
		return
	}
	delete(p.waiting, t.owner)
}

// forgetLocked bounds the table of last grants: beyond a few times the
// owners that can run or wait at once, the owners with nothing running
// or waiting are forgotten. The table outlives a search on purpose: an
// owner asking one search at a time (an analysis, position after
// position) keeps its turn between two, rather than coming back as a
// newcomer each time and starving whoever keeps a line.
func (p *Pool) forgetLocked() {
	if len(p.served) <= 4*(p.Bounds.Queue+p.Bounds.Slots)+16 {
		return
	}
	for o := range p.served {
		if p.active[o] == 0 && len(p.waiting[o]) == 0 {
			delete(p.served, o)
		}
	}
}

func removeTicket(q []*ticket, t *ticket) []*ticket {
	for i, x := range q {
		if x == t {
			return append(q[:i], q[i+1:]...)
		}
	}
	return q
}

// dispatchLocked fills the free slots: opponents first, then background
// work within its share of slots, owner by owner.
func (p *Pool) dispatchLocked() {
	for p.running < p.Bounds.Slots {
		if len(p.opponents) > 0 {
			t := p.opponents[0]
			p.opponents = p.opponents[1:]
			p.metrics.Queue.Dec()
			p.grantLocked(t)
			continue
		}
		if p.bgRunning >= p.Bounds.Background || p.bgWaiting == 0 {
			return
		}
		owner := p.nextOwnerLocked()
		q := p.waiting[owner]
		t := q[0]
		if len(q) > 1 {
			p.waiting[owner] = q[1:]
		} else {
			delete(p.waiting, owner)
		}
		p.bgWaiting--
		p.metrics.Queue.Dec()
		p.grantLocked(t)
	}
}

// nextOwnerLocked is the waiting owner whose turn it is: the fewest
// background searches running, then the longest since its last slot (a
// newcomer has had none), then the oldest search waiting. An owner just
// served goes behind everyone waiting: round robin.
func (p *Pool) nextOwnerLocked() string {
	best := ""
	var bestHead uint64
	for o, q := range p.waiting {
		if best == "" || p.active[o] < p.active[best] ||
			p.active[o] == p.active[best] && (p.served[o] < p.served[best] || p.served[o] == p.served[best] && q[0].seq < bestHead) {
			best, bestHead = o, q[0].seq
		}
	}
	return best
}

func (p *Pool) grantLocked(t *ticket) {
	t.holding = true
	p.running++
	p.metrics.Running.Inc()
	if t.kind == Background {
		p.bgRunning++
		p.active[t.owner]++
		p.seq++
		p.served[t.owner] = p.seq
		p.forgetLocked()
	}
	if !t.since.IsZero() {
		p.metrics.Wait.Observe(time.Since(t.since).Seconds())
	}
	if p.Granted != nil {
		p.Granted(t.kind, t.owner)
	}
	close(t.ready)
}

// Owner is whom background searches are counted against: the
// account, else the client address (an IPv6 /64), as other per-person
// limits.
func Owner(user, addrKey string) string {
	if user != "" {
		return "user " + store.UserKey(user)
	}
	return "address " + addrKey
}

// Snapshot is the pool's state at one moment.
type Snapshot struct {
	Running           int            // searches holding a slot
	BackgroundRunning int            // of them, background ones
	OpponentsWaiting  int            // opponents waiting for a slot
	Waiting           map[string]int // background searches waiting, by owner
}

// Locked calls f with the pool's state, under its lock: nothing changes
// until f returns (tests watch the order of grants with it).
func (p *Pool) Locked(f func(Snapshot)) {
	p.mu.Lock()
	defer p.mu.Unlock()
	s := Snapshot{Running: p.running, BackgroundRunning: p.bgRunning, OpponentsWaiting: len(p.opponents), Waiting: map[string]int{}}
	for owner, q := range p.waiting {
		s.Waiting[owner] = len(q)
	}
	f(s)
}

// SetGranted sets Granted under the pool's lock.
func (p *Pool) SetGranted(f func(kind Kind, owner string)) {
	p.mu.Lock()
	p.Granted = f
	p.mu.Unlock()
}
