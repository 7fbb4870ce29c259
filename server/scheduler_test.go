package server

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
)

// The scheduler's tests drive it through enter and leave, without
// goroutines: a ticket's ready channel says whether it holds a slot, and
// the granted hook records the order of the grants. Nothing depends on
// time.

type schedTest struct {
	t      *testing.T
	p      *scheduler
	grants []string // "opponent" or the owner, in grant order
}

func newSchedTest(t *testing.T, lim schedulerLimits) *schedTest {
	st := &schedTest{t: t, p: newScheduler(lim, newLiveMetrics(prometheus.NewRegistry(), func() float64 { return 0 }))}
	st.p.granted = func(kind searchKind, owner string) {
		if kind == opponentSearch {
			owner = "opponent"
		}
		st.grants = append(st.grants, owner)
	}
	return st
}

func (st *schedTest) enter(kind searchKind, owner string) *ticket {
	st.t.Helper()
	tk, err := st.p.enter(kind, owner)
	if err != nil {
		st.t.Fatalf("enter %v %q: %v", kind, owner, err)
	}
	return tk
}

// taken lists the grants since the last call.
func (st *schedTest) taken() []string {
	g := st.grants
	st.grants = nil
	return g
}

func holds(tk *ticket) bool {
	select {
	case <-tk.ready:
		return true
	default:
		return false
	}
}

// A computer opponent never waits behind a hint or an analysis: when a
// slot frees, the opponent waiting takes it, though background work
// waited longer.
func TestSchedulerOpponentsFirst(t *testing.T) {
	st := newSchedTest(t, schedulerLimits{slots: 2, background: 1, queue: 10, perOwner: 10})
	hint := st.enter(backgroundSearch, "flooder")
	opp1 := st.enter(opponentSearch, "")
	if !holds(hint) || !holds(opp1) {
		t.Fatal("two free slots: both should run at once")
	}
	older := st.enter(backgroundSearch, "someone")
	flood := st.enter(backgroundSearch, "flooder")
	opp2 := st.enter(opponentSearch, "")
	st.taken()
	st.p.leave(hint) // a background slot frees: the opponent takes it
	if got := st.taken(); !slices.Equal(got, []string{"opponent"}) || !holds(opp2) || holds(older) {
		t.Fatalf("after a hint ended, granted %v; the waiting opponent should have the slot", got)
	}
	st.p.leave(opp1) // no opponent waits: background work, in turn
	if got := st.taken(); !slices.Equal(got, []string{"someone"}) || !holds(older) || holds(flood) {
		t.Fatalf("granted %v, want someone's search (the flooder was served)", got)
	}
	st.p.leave(older)
	st.p.leave(opp2)
	if !holds(flood) {
		t.Fatal("the last background search never ran")
	}
	st.p.leave(flood)
	st.idle()
}

// Background work never holds more than its share of slots: an opponent
// arriving while hints and analyses wait in numbers finds a slot at once.
func TestSchedulerReservesSlotsForOpponents(t *testing.T) {
	st := newSchedTest(t, schedulerLimits{slots: 3, background: 2, queue: 100, perOwner: 100})
	var bg []*ticket
	for i := range 10 {
		bg = append(bg, st.enter(backgroundSearch, fmt.Sprint("owner", i%3)))
	}
	running := 0
	for _, tk := range bg {
		if holds(tk) {
			running++
		}
	}
	if running != 2 {
		t.Fatalf("%d background searches run on 3 slots, want 2 (one kept for opponents)", running)
	}
	opp := st.enter(opponentSearch, "")
	if !holds(opp) {
		t.Fatal("an opponent waited though a slot was kept for it")
	}
	// Every slot busy: the next opponent waits, and takes the first slot
	// freed even though eight background searches waited before it.
	opp2 := st.enter(opponentSearch, "")
	if holds(opp2) {
		t.Fatal("a fourth search ran on three slots")
	}
	for _, tk := range bg {
		if holds(tk) {
			st.p.leave(tk)
			break
		}
	}
	if !holds(opp2) {
		t.Fatal("the opponent did not take the slot a hint gave back")
	}
	st.p.leave(opp)
	st.p.leave(opp2)
	for _, tk := range bg {
		// Everyone runs in the end; leave gives back slots and places.
		st.p.leave(tk)
	}
	st.idle()
}

// Background slots go owner by owner in turn, so one owner's flood does
// not delay another's request by more than one turn.
func TestSchedulerRoundRobinBetweenOwners(t *testing.T) {
	st := newSchedTest(t, schedulerLimits{slots: 1, background: 1, queue: 100, perOwner: 100})
	first := st.enter(backgroundSearch, "a")
	var line []*ticket
	for _, o := range []string{"a", "a", "a", "a", "b", "b", "c", "c"} {
		line = append(line, st.enter(backgroundSearch, o))
	}
	st.taken()
	st.p.leave(first)
	for range line {
		for _, tk := range line {
			if holds(tk) && !tk.done {
				st.p.leave(tk)
				break
			}
		}
	}
	// a has just been served: b and c go first, then everyone in turn.
	if got, want := st.taken(), []string{"b", "c", "a", "b", "c", "a", "a", "a"}; !slices.Equal(got, want) {
		t.Fatalf("grants %v, want %v: owners in turn", got, want)
	}
	st.idle()
}

// An owner asking one search at a time (an analysis, position after
// position) keeps its turn between two: it does not come back as a
// newcomer each time and starve an owner who keeps a line.
func TestSchedulerOneAtATimeKeepsItsTurn(t *testing.T) {
	st := newSchedTest(t, schedulerLimits{slots: 1, background: 1, queue: 100, perOwner: 100})
	var all []*ticket
	enter := func(owner string) { all = append(all, st.enter(backgroundSearch, owner)) }
	for range 21 {
		enter("flood")
	}
	enter("review1")
	enter("review2")
	st.taken()
	var order []string
	for range 9 {
		for _, tk := range all {
			if holds(tk) && !tk.done {
				st.p.leave(tk)
				if tk.owner != "flood" {
					enter(tk.owner) // its next position
				}
				break
			}
		}
		got := st.taken()
		if len(got) != 1 {
			t.Fatalf("grants %v", got)
		}
		order = append(order, got[0])
	}
	for _, tk := range all {
		st.p.leave(tk)
	}
	st.idle()
	if want := []string{"review1", "review2", "flood", "review1", "review2", "flood", "review1", "review2", "flood"}; !slices.Equal(order, want) {
		t.Fatalf("grants %v, want %v", order, want)
	}
}

// A slot goes to the owner with the fewest searches running: someone
// arriving while one owner holds every background slot is next, before
// that owner's own line.
func TestSchedulerFewestRunningFirst(t *testing.T) {
	st := newSchedTest(t, schedulerLimits{slots: 4, background: 3, queue: 100, perOwner: 100})
	var running []*ticket
	for range 3 {
		running = append(running, st.enter(backgroundSearch, "analysis"))
	}
	more := st.enter(backgroundSearch, "analysis")
	other := st.enter(backgroundSearch, "player")
	st.taken()
	st.p.leave(running[0])
	if got := st.taken(); !slices.Equal(got, []string{"player"}) || !holds(other) || holds(more) {
		t.Fatalf("granted %v, want the player with no search running", got)
	}
	st.p.leave(running[1])
	if !holds(more) {
		t.Fatal("the analysis's next position did not run once the player had its share")
	}
	for _, tk := range []*ticket{running[2], more, other} {
		st.p.leave(tk)
	}
	st.idle()
}

// The lines are bounded: opponents by queue, background work by queue for
// all owners and perOwner for each; a refusal is at once, and a place
// left is free again.
func TestSchedulerBounds(t *testing.T) {
	st := newSchedTest(t, schedulerLimits{slots: 1, background: 1, queue: 2, perOwner: 1})
	run := st.enter(opponentSearch, "")
	o1, o2 := st.enter(opponentSearch, ""), st.enter(opponentSearch, "")
	if _, err := st.p.enter(opponentSearch, ""); !errors.Is(err, errQueueFull) {
		t.Fatalf("a third opponent in a line of 2: %v, want errQueueFull", err)
	}
	a := st.enter(backgroundSearch, "a")
	if _, err := st.p.enter(backgroundSearch, "a"); !errors.Is(err, errOwnerBusy) {
		t.Fatalf("a's second search with perOwner 1: %v, want errOwnerBusy", err)
	}
	b := st.enter(backgroundSearch, "b")
	if _, err := st.p.enter(backgroundSearch, "c"); !errors.Is(err, errQueueFull) {
		t.Fatalf("a third background search in a line of 2: %v, want errQueueFull", err)
	}
	if n := testutil.ToFloat64(st.p.live.searchesBusy); n != 3 {
		t.Errorf("%v refusals counted, want 3", n)
	}
	if n := testutil.ToFloat64(st.p.live.searchQueue); n != 4 {
		t.Errorf("queue gauge %v, want 4", n)
	}
	// Leaving the line frees the place: a may ask again, and c too.
	st.p.leave(a)
	a2 := st.enter(backgroundSearch, "a")
	st.p.leave(b)
	c := st.enter(backgroundSearch, "c")
	st.taken()
	for _, tk := range []*ticket{run, o1, o2} {
		st.p.leave(tk)
	}
	if got := st.taken(); !slices.Equal(got, []string{"opponent", "opponent", "a"}) {
		t.Fatalf("grants %v", got)
	}
	st.p.leave(a2)
	st.p.leave(c)
	st.idle()
}

// acquire gives up its place when its context ends while it waits; a slot
// given back twice counts once.
func TestSchedulerCancelledWait(t *testing.T) {
	st := newSchedTest(t, schedulerLimits{slots: 1, background: 1, queue: 5, perOwner: 5})
	release, err := st.p.acquire(context.Background(), opponentSearch, "")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := st.p.acquire(ctx, backgroundSearch, "a"); !errors.Is(err, context.Canceled) {
		t.Fatalf("a wait with its context done: %v", err)
	}
	if _, err := st.p.acquire(ctx, opponentSearch, ""); !errors.Is(err, context.Canceled) {
		t.Fatalf("a wait with its context done: %v", err)
	}
	release()
	release()
	st.idle()
	// The slot is free again, once.
	r2, err := st.p.acquire(context.Background(), backgroundSearch, "a")
	if err != nil {
		t.Fatal(err)
	}
	r2()
	st.idle()
}

// idle checks that nothing runs or waits, and that the gauges agree.
func (st *schedTest) idle() {
	st.t.Helper()
	p := st.p
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.running != 0 || p.bgRunning != 0 || len(p.active) != 0 || len(p.opponents) != 0 || len(p.waiting) != 0 || p.bgWaiting != 0 {
		st.t.Fatalf("not idle: running %d (%d background, %v), waiting %d opponents, %v, served %v, %d background",
			p.running, p.bgRunning, p.active, len(p.opponents), p.waiting, p.served, p.bgWaiting)
	}
	if r, q := testutil.ToFloat64(p.live.searchesRunning), testutil.ToFloat64(p.live.searchQueue); r != 0 || q != 0 {
		st.t.Fatalf("gauges: %v running, %v waiting", r, q)
	}
}

// The defaults keep a slot for opponents, except with a single slot.
func TestSchedulerLimitsOf(t *testing.T) {
	for _, c := range []struct {
		cfg  Config
		want schedulerLimits
	}{
		{Config{MaxSearches: 4, MaxSearchQueue: 9}, schedulerLimits{slots: 4, background: 3, queue: 9, perOwner: DefaultSearchQueuePerPerson}},
		{Config{MaxSearches: 1, MaxSearchQueue: 9}, schedulerLimits{slots: 1, background: 1, queue: 9, perOwner: DefaultSearchQueuePerPerson}},
		{Config{MaxSearches: 2, MaxSearchQueue: 9, MaxBackgroundSearches: 5, SearchQueuePerPerson: 2}, schedulerLimits{slots: 2, background: 2, queue: 9, perOwner: 2}},
	} {
		if got := schedulerLimitsOf(c.cfg); got != c.want {
			t.Errorf("%+v: %+v, want %+v", c.cfg, got, c.want)
		}
	}
}
