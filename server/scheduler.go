package server

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"time"

	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// The computer searches of all games share a bounded pool of slots
// (Config.MaxSearches), handed out by a priority scheduler:
//
//   - the computer opponents of games in progress come first: whenever a
//     slot frees, the oldest opponent waiting takes it, never a hint or an
//     analysis position, however long those have waited;
//   - background work (hints, analysis positions) runs only on what the
//     opponents leave, on at most Config.MaxBackgroundSearches slots (by
//     default one less than the pool), so that a burst of hints or an
//     analysis cannot hold every slot when an opponent comes;
//   - background work is shared between owners (the account, else the
//     client address): a free slot goes to the waiting owner with the
//     fewest searches running and, among equals, to the one served least
//     recently (round robin), so that one person's 60 hints or 400-ply
//     analysis get one share, not the pool.
//
// Each line is bounded: MaxSearchQueue opponents, MaxSearchQueue
// background searches of all owners together, and
// Config.SearchQueuePerPerson background searches of one owner. Beyond, the
// search is refused at once (errQueueFull, errOwnerBusy) and the caller
// says "busy, try again".

// searchKind says whom a search is for.
type searchKind int8

const (
	// opponentSearch is a computer opponent's move in a game in progress.
	opponentSearch searchKind = iota
	// backgroundSearch is a hint or a position of an analysis.
	backgroundSearch
)

func (k searchKind) String() string {
	if k == opponentSearch {
		return "opponent"
	}
	return "background"
}

// errOwnerBusy refuses a background search when its owner already has
// SearchQueuePerPerson of them waiting.
var errOwnerBusy = errors.New("you already have several hints or analyses waiting for the computer")

// DefaultSearchQueuePerPerson is Config.SearchQueuePerPerson's default.
const DefaultSearchQueuePerPerson = 4

// schedulerLimits are the bounds of a scheduler.
type schedulerLimits struct {
	slots      int // searches running at once
	background int // of which background searches, at most (1 to slots)
	queue      int // searches waiting in each line: opponents, background
	perOwner   int // background searches one owner may have waiting
}

// schedulerLimitsOf reads the bounds from a configuration with its
// defaults: the background gets one slot less than the pool (at least
// one), so an opponent always finds a slot that no background work holds.
func schedulerLimitsOf(cfg Config) schedulerLimits {
	l := schedulerLimits{slots: max(1, cfg.MaxSearches), queue: max(0, cfg.MaxSearchQueue), perOwner: cfg.SearchQueuePerPerson}
	l.background = cfg.MaxBackgroundSearches
	if l.background <= 0 {
		l.background = l.slots - 1
	}
	l.background = min(max(1, l.background), l.slots)
	if l.perOwner <= 0 {
		l.perOwner = DefaultSearchQueuePerPerson
	}
	return l
}

// scheduler hands out the search slots. Everything is under mu; a waiting
// search holds a ticket whose ready channel is closed when it gets a slot.
type scheduler struct {
	lim  schedulerLimits
	live *liveMetrics
	// granted, when set (tests), is called under the lock each time a
	// search gets a slot, in that order.
	granted func(kind searchKind, owner string)

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
	kind    searchKind
	owner   string
	ready   chan struct{} // closed when it gets its slot
	since   time.Time     // when it began to wait
	seq     uint64        // order of arrival
	holding bool
	done    bool
}

func newScheduler(lim schedulerLimits, live *liveMetrics) *scheduler {
	return &scheduler{lim: lim, live: live, active: map[string]int{}, waiting: map[string][]*ticket{}, served: map[string]uint64{}}
}

// acquire waits for a slot for a search of kind for owner (background
// searches; "" for an opponent); the returned function gives it back. A
// full line is an error at once (errQueueFull, errOwnerBusy), as is ctx
// ending while it waits.
func (p *scheduler) acquire(ctx context.Context, kind searchKind, owner string) (func(), error) {
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
func (p *scheduler) enter(kind searchKind, owner string) (*ticket, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.seq++
	t := &ticket{kind: kind, owner: owner, ready: make(chan struct{}), seq: p.seq}
	if kind == opponentSearch {
		if p.running < p.lim.slots {
			p.grantLocked(t)
			return t, nil
		}
		if len(p.opponents) >= p.lim.queue {
			p.live.searchesBusy.Inc()
			return nil, errQueueFull
		}
		t.since = time.Now()
		p.opponents = append(p.opponents, t)
		p.live.searchQueue.Inc()
		return t, nil
	}
	if p.running < p.lim.slots && p.bgRunning < p.lim.background && len(p.opponents) == 0 && p.bgWaiting == 0 {
		p.grantLocked(t)
		return t, nil
	}
	switch {
	case p.bgWaiting >= p.lim.queue:
		p.live.searchesBusy.Inc()
		return nil, errQueueFull
	case len(p.waiting[owner]) >= p.lim.perOwner:
		p.live.searchesBusy.Inc()
		return nil, errOwnerBusy
	}
	t.since = time.Now()
	p.waiting[owner] = append(p.waiting[owner], t)
	p.bgWaiting++
	p.live.searchQueue.Inc()
	return t, nil
}

// leave gives back t's slot, or takes it out of its line; once only.
func (p *scheduler) leave(t *ticket) {
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
	p.live.searchesRunning.Dec()
	if t.kind == backgroundSearch {
		p.bgRunning--
		if p.active[t.owner]--; p.active[t.owner] <= 0 {
			delete(p.active, t.owner)
		}
	}
	p.dispatchLocked()
}

// withdrawLocked takes a waiting ticket out of its line.
func (p *scheduler) withdrawLocked(t *ticket) {
	p.live.searchQueue.Dec()
	if t.kind == opponentSearch {
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
func (p *scheduler) forgetLocked() {
	if len(p.served) <= 4*(p.lim.queue+p.lim.slots)+16 {
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
func (p *scheduler) dispatchLocked() {
	for p.running < p.lim.slots {
		if len(p.opponents) > 0 {
			t := p.opponents[0]
			p.opponents = p.opponents[1:]
			p.live.searchQueue.Dec()
			p.grantLocked(t)
			continue
		}
		if p.bgRunning >= p.lim.background || p.bgWaiting == 0 {
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
		p.live.searchQueue.Dec()
		p.grantLocked(t)
	}
}

// nextOwnerLocked is the waiting owner whose turn it is: the fewest
// background searches running, then the longest since its last slot (a
// newcomer has had none), then the oldest search waiting. An owner just
// served goes behind everyone waiting: round robin.
func (p *scheduler) nextOwnerLocked() string {
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

func (p *scheduler) grantLocked(t *ticket) {
	t.holding = true
	p.running++
	p.live.searchesRunning.Inc()
	if t.kind == backgroundSearch {
		p.bgRunning++
		p.active[t.owner]++
		p.seq++
		p.served[t.owner] = p.seq
		p.forgetLocked()
	}
	if !t.since.IsZero() {
		p.live.searchWait.Observe(time.Since(t.since).Seconds())
	}
	if p.granted != nil {
		p.granted(t.kind, t.owner)
	}
	close(t.ready)
}

// searchOwner is whom background searches are counted against: the
// account, else the client address (an IPv6 /64), as other per-person
// limits.
func searchOwner(user, addrKey string) string {
	if user != "" {
		return "user " + store.UserKey(user)
	}
	return "address " + addrKey
}

// requestOwner is searchOwner of an HTTP request.
func (s *Server) requestOwner(r *http.Request) string {
	user := ""
	if u := s.currentUser(r); u != nil {
		user = u.Name
	}
	return searchOwner(user, web.Info(r).Key)
}

func init() {
	web.Register(schedulerMessages)
}

// schedulerMessages are the texts of the refusals of a person's full line.
var schedulerMessages = map[string][2]string{
	"err:hint_queue": {"You already have several hints or analyses waiting for the computer: ask again in a moment.",
		"Vous avez déjà plusieurs indices ou analyses en attente de l'ordinateur : redemandez dans un instant."},
}
