package pool

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
	p      *Pool
	grants []string // "opponent" or the owner, in grant order
}

func newSchedTest(t *testing.T, lim Limits) *schedTest {
	st := &schedTest{t: t, p: New(lim, testMetrics())}
	st.p.Granted = func(kind Kind, owner string) {
		if kind == Opponent {
			owner = "opponent"
		}
		st.grants = append(st.grants, owner)
	}
	return st
}

func (st *schedTest) enter(kind Kind, owner string) *ticket {
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
	st := newSchedTest(t, Limits{Slots: 2, Background: 1, Queue: 10, PerOwner: 10})
	hint := st.enter(Background, "flooder")
	opp1 := st.enter(Opponent, "")
	if !holds(hint) || !holds(opp1) {
		t.Fatal("two free slots: both should run at once")
	}
	older := st.enter(Background, "someone")
	flood := st.enter(Background, "flooder")
	opp2 := st.enter(Opponent, "")
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
	st := newSchedTest(t, Limits{Slots: 3, Background: 2, Queue: 100, PerOwner: 100})
	var bg []*ticket
	for i := range 10 {
		bg = append(bg, st.enter(Background, fmt.Sprint("owner", i%3)))
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
	opp := st.enter(Opponent, "")
	if !holds(opp) {
		t.Fatal("an opponent waited though a slot was kept for it")
	}
	// Every slot busy: the next opponent waits, and takes the first slot
	// freed even though eight background searches waited before it.
	opp2 := st.enter(Opponent, "")
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
	st := newSchedTest(t, Limits{Slots: 1, Background: 1, Queue: 100, PerOwner: 100})
	first := st.enter(Background, "a")
	var line []*ticket
	for _, o := range []string{"a", "a", "a", "a", "b", "b", "c", "c"} {
		line = append(line, st.enter(Background, o))
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
	st := newSchedTest(t, Limits{Slots: 1, Background: 1, Queue: 100, PerOwner: 100})
	var all []*ticket
	enter := func(owner string) { all = append(all, st.enter(Background, owner)) }
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
	st := newSchedTest(t, Limits{Slots: 4, Background: 3, Queue: 100, PerOwner: 100})
	var running []*ticket
	for range 3 {
		running = append(running, st.enter(Background, "analysis"))
	}
	more := st.enter(Background, "analysis")
	other := st.enter(Background, "player")
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
	st := newSchedTest(t, Limits{Slots: 1, Background: 1, Queue: 2, PerOwner: 1})
	run := st.enter(Opponent, "")
	o1, o2 := st.enter(Opponent, ""), st.enter(Opponent, "")
	if _, err := st.p.enter(Opponent, ""); !errors.Is(err, ErrQueueFull) {
		t.Fatalf("a third opponent in a line of 2: %v, want errQueueFull", err)
	}
	a := st.enter(Background, "a")
	if _, err := st.p.enter(Background, "a"); !errors.Is(err, ErrOwnerBusy) {
		t.Fatalf("a's second search with perOwner 1: %v, want errOwnerBusy", err)
	}
	b := st.enter(Background, "b")
	if _, err := st.p.enter(Background, "c"); !errors.Is(err, ErrQueueFull) {
		t.Fatalf("a third background search in a line of 2: %v, want errQueueFull", err)
	}
	if n := testutil.ToFloat64(st.p.metrics.Busy); n != 3 {
		t.Errorf("%v refusals counted, want 3", n)
	}
	if n := testutil.ToFloat64(st.p.metrics.Queue); n != 4 {
		t.Errorf("queue gauge %v, want 4", n)
	}
	// Leaving the line frees the place: a may ask again, and c too.
	st.p.leave(a)
	a2 := st.enter(Background, "a")
	st.p.leave(b)
	c := st.enter(Background, "c")
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
	st := newSchedTest(t, Limits{Slots: 1, Background: 1, Queue: 5, PerOwner: 5})
	release, err := st.p.Acquire(context.Background(), Opponent, "")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := st.p.Acquire(ctx, Background, "a"); !errors.Is(err, context.Canceled) {
		t.Fatalf("a wait with its context done: %v", err)
	}
	if _, err := st.p.Acquire(ctx, Opponent, ""); !errors.Is(err, context.Canceled) {
		t.Fatalf("a wait with its context done: %v", err)
	}
	release()
	release()
	st.idle()
	// The slot is free again, once.
	r2, err := st.p.Acquire(context.Background(), Background, "a")
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
	if r, q := testutil.ToFloat64(p.metrics.Running), testutil.ToFloat64(p.metrics.Queue); r != 0 || q != 0 {
		st.t.Fatalf("gauges: %v running, %v waiting", r, q)
	}
}

// The defaults keep a slot for opponents, except with a single slot.
func TestLimitsOf(t *testing.T) {
	for _, c := range []struct {
		cfg  [4]int // max searches, max queue, max background, per person
		want Limits
	}{
		{[4]int{4, 9, 0, 0}, Limits{Slots: 4, Background: 3, Queue: 9, PerOwner: DefaultQueuePerPerson}},
		{[4]int{1, 9, 0, 0}, Limits{Slots: 1, Background: 1, Queue: 9, PerOwner: DefaultQueuePerPerson}},
		{[4]int{2, 9, 5, 2}, Limits{Slots: 2, Background: 2, Queue: 9, PerOwner: 2}},
	} {
		if got := LimitsOf(c.cfg[0], c.cfg[1], c.cfg[2], c.cfg[3]); got != c.want {
			t.Errorf("%v: %+v, want %+v", c.cfg, got, c.want)
		}
	}
}

// testMetrics are a pool's metrics registered nowhere.
func testMetrics() Metrics {
	return Metrics{
		Running: prometheus.NewGauge(prometheus.GaugeOpts{Name: "running"}),
		Queue:   prometheus.NewGauge(prometheus.GaugeOpts{Name: "queue"}),
		Busy:    prometheus.NewCounter(prometheus.CounterOpts{Name: "busy"}),
		Wait:    prometheus.NewHistogram(prometheus.HistogramOpts{Name: "wait"}),
	}
}
