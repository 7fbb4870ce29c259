package live

import (
	"context"
	"time"

	"github.com/plateau-games/plateau/server/internal/games"
)

// A room's clock and computer turn between moves: the flag timer of the
// seat to move, the search of a computer seat, the lease that lets this
// server run them.

func (r *room) flagLocked(ctx context.Context, seat int) {
	if r.finished() || r.hasLeft(seat) {
		return // a leaver's seat plays on without time (leaving.go)
	}
	if r.lv.abortsFirstMove(r.g, seat) {
		// A player whose first move never came loses nothing: the game
		// is aborted (abort.go).
		r.abortLocked(ctx, seat, games.ReasonAborted)
		return
	}
	if r.clocks != nil {
		r.clocks[seat] = 0
	}
	if r.leaves(seat) {
		code := "flag"
		if r.g.MoveDays > 0 {
			code = "deadline"
		}
		r.leaveLocked(ctx, nil, seat, code) // a game of three or four goes on (leaving.go)
		return
	}
	r.endLocked(ctx, r.resultAgainst(seat), games.ReasonTime, seat, "flag")
}

// scheduleLocked sets what runs between moves: the flag timer of the seat
// to move and, on a computer seat, its search. Whatever ran before is
// stopped: it belongs to a position that is gone.
func (r *room) scheduleLocked() {
	r.built = [4]*sharedState{} // the computer's thinking is in the state
	r.stopLocked()
	r.gen++
	if r.finished() || r.evicted.Load() || r.lv.isStopping() {
		return
	}
	seat := r.match.ToMove()
	if seat < 0 {
		return
	}
	gen := r.gen
	// With several servers, one runs the computer and the clock: the
	// holder of the game's lease. Without it, look again when the holder's
	// lease could have expired.
	if r.clocks != nil || r.g.MoveDays > 0 || r.g.Seats[seat].Kind == "computer" {
		ctx, cancel := context.WithTimeout(r.lv.Ctx, storeTimeout)
		held, lapsed, err := r.lv.leases.take(ctx, r.id)
		cancel()
		if err != nil {
			r.lv.LogError("take lease", err, "game", r.id)
		}
		if held && lapsed > 0 {
			r.lapsedLocked(lapsed)
		}
		if !held {
			r.timer = time.AfterFunc(r.lv.leases.ttl/2, func() {
				defer r.lv.recoverRoom("lease", r)
				r.mu.Lock()
				defer r.mu.Unlock()
				if r.gen == gen {
					r.scheduleLocked()
				}
			})
			return
		}
	}
	// The mover's time: a clock, or the days of a correspondence move.
	// Either way the timer flags the seat unless a move came first (gen).
	left, timed := time.Duration(0), false
	switch {
	case r.clocks != nil:
		left, timed = time.Duration(r.clocks[seat]-r.clockElapsedLocked(seat, r.lv.Now()))*time.Millisecond, true
	case r.g.MoveDays > 0:
		left, timed = r.turnStart.Add(games.MoveTime(r.g.MoveDays)).Sub(r.lv.Now()), true
	}
	if at, ok := r.abortAtLocked(seat); ok {
		left, timed = min(left, at.Sub(r.lv.Now())), true
	}
	if timed {
		r.timer = time.AfterFunc(max(left, 0), func() {
			defer r.lv.recoverRoom("clock", r)
			r.mu.Lock()
			defer r.mu.Unlock()
			if r.gen == gen {
				r.flagLocked(r.lv.Ctx, seat)
			}
		})
	}
	if r.g.Seats[seat].Kind == "computer" {
		r.startSearchLocked(seat, gen)
	}
}
