package live

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/store"
)

// A real-time game is ended on time by its room's flag timer (roomclock.go,
// abort.go), but a room lives only while somebody has the game open: a
// game both players left (an accepted rematch nobody opened, a game
// walked away from) would stay "ongoing, your turn" in My games and
// /api/games until somebody opened it. The maintenance ends such games
// when their deadline has passed (the abort's, before the player's first
// move; his clock's, after), as opening them would: under the game's
// lease, through a room loaded for the moment, by the room's own
// flagLocked. So the decision, the result (aborted, or lost on time) and
// the rating are those of the timer, and of several servers exactly one
// decides: the one holding the lease (leases.go), the store's FinishGame
// refusing a second end in any case.

// realTimeQuiet is how long ago a real-time game must have been moved
// for the sweep to look at it: one moved more recently is most likely
// being played (and its room's timer ends it); one that ran out within
// it is ended at the next round.
const realTimeQuiet = 10 * time.Second

// rtSweep is where the sweep of real-time games goes on at the next
// round: games whose deadline has not passed stay listed (oldest first),
// and a bounded batch of them must not hide the later ones forever.
type rtSweep struct {
	mu     sync.Mutex
	offset int
}

// ExpireRealTime ends, up to a batch a round, the real-time games nobody
// has open on this server whose abort deadline or clock has passed. It
// returns how many it ended.
func (lv *Live) ExpireRealTime() int {
	if lv.isStopping() {
		return 0
	}
	// One round at a time (the ticker, or a test calling it).
	lv.rtSweep.mu.Lock()
	defer lv.rtSweep.mu.Unlock()
	ctx, cancel := context.WithTimeout(lv.Ctx, storeTimeout)
	defer cancel()
	on := false
	now := lv.Now()
	list, err := lv.Store.ListGames(ctx, store.Filter{Finished: &on, RealTime: true,
		UpdatedBefore: now.Add(-realTimeQuiet), OldestFirst: true, Limit: ExpireBatch, Offset: lv.rtSweep.offset})
	if err != nil {
		lv.LogError("list real-time games", err)
		return 0
	}
	ended, kept := 0, 0
	for _, listed := range list {
		done, err := lv.expireRealTimeGame(ctx, listed.ID, now)
		if err != nil {
			lv.LogError("expire real-time game", err, "game", listed.ID)
			if errors.Is(err, errBusy) || ctx.Err() != nil {
				// No room for it now, or the round's time is up: the
				// next round goes on from here.
				break
			}
		}
		if done {
			ended++
		} else {
			kept++
		}
	}
	// Games still on stay listed: the next round starts after them, and
	// over from the oldest once the end of the list is reached.
	if len(list) < ExpireBatch {
		lv.rtSweep.offset = 0
	} else {
		lv.rtSweep.offset += kept
	}
	return ended
}

// expireRealTimeGame ends one game if its deadline has passed and no
// room runs it, here or on another server, and says whether this call
// ended it.
func (lv *Live) expireRealTimeGame(ctx context.Context, id string, now time.Time) (bool, error) {
	if r, _ := lv.lookupRoom(id); r != nil {
		return false, nil // its own timer decides
	}
	// A first look without the lease: most games listed are not due, and
	// must cost no lease or room.
	g, err := lv.Store.LoadGame(ctx, id)
	if err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return false, nil
		}
		return false, err
	}
	if g.Result != store.Ongoing || !lv.realTimeDue(g, now) {
		return false, nil
	}
	// Another server with the game open holds its lease, and its room's
	// timer decides; a server that died gives it up when it expires.
	r, lapsed, err := lv.roomUnderLease(ctx, id)
	if r == nil {
		return false, err
	}
	// The room leaves memory at once, unless somebody opened the game
	// meanwhile (then it is his room, with its timer).
	// A game of three or four whose seat to move is a leaver's keeps it
	// while the computer plays that seat (leaving.go).
	awake := false
	defer func() {
		if !awake {
			r.releaseIfEmpty()
		}
	}()
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.evicted.Load() || r.finished() {
		return false, nil // ended meanwhile, elsewhere
	}
	if lapsed > 0 {
		r.lapsedLocked(lapsed) // as scheduleLocked would have
	}
	seat := r.match.ToMove()
	if r.hasLeft(seat) {
		awake = r.wakeLocked()
		return false, nil
	}
	if !r.dueLocked(seat, lv.Now()) {
		return false, nil
	}
	// The store refusing the end (another server ended it meanwhile)
	// reloads the game: a change of position says it was not this one.
	pos := r.pos
	r.flagLocked(lv.Ctx, seat)
	awake = r.wakeLocked()
	return r.finished() && r.pos == pos, nil
}

// dueLocked says whether the room's flag timer for seat would have fired
// by now: its abort's deadline (before its first move) or its clock has
// run out.
func (r *room) dueLocked(seat int, now time.Time) bool {
	if r.clocks == nil || r.finished() || seat < 0 || seat >= len(r.clocks) {
		return false
	}
	if at, ok := r.abortAtLocked(seat); ok {
		return !now.Before(at)
	}
	return r.clocks[seat]-r.clockElapsedLocked(seat, now) <= 0
}

// realTimeDue is dueLocked for a stored game, without a room: the first
// look of the sweep (the room decides).
func (lv *Live) realTimeDue(g *store.Game, now time.Time) bool {
	if g.ClockMillis <= 0 {
		return false
	}
	m, err := games.Replay(g)
	if err != nil {
		return false
	}
	seat := m.ToMove()
	if seat < 0 || seat >= len(g.Seats) {
		return false
	}
	start := g.CreatedAt
	if n := len(g.Moves); n > 0 {
		start = g.Moves[n-1].At
	}
	if g.ClockFrom.After(start) {
		start = g.ClockFrom
	}
	if lv.abortsFirstMove(g, seat) {
		return !now.Before(start.Add(lv.cfg.AbortAfter))
	}
	left := g.ClockMillis
	for _, mv := range g.Moves {
		if mv.Seat == seat && mv.ClockMillis >= 0 {
			left = mv.ClockMillis
		}
	}
	return now.Sub(start).Milliseconds() >= left
}

// roomUnderLease takes game id's lease and loads its room, for a sweep
// that acts in a game nobody has open here: nil when another server holds
// the lease (its room's timer decides) or on an error, after giving back
// a lease that no room of this server uses. lapsed is what take says of
// the lease it took over.
func (lv *Live) roomUnderLease(ctx context.Context, id string) (r *room, lapsed time.Duration, err error) {
	held, lapsed, err := lv.leases.take(ctx, id)
	if err != nil || !held {
		return nil, 0, err
	}
	r, err = lv.room(ctx, id)
	if err != nil {
		if r, _ := lv.lookupRoom(id); r == nil {
			if err := lv.leases.release(ctx, id); err != nil {
				lv.LogError("release lease", err, "game", id)
			}
		}
		return nil, 0, err
	}
	return r, lapsed, nil
}
