package live

import (
	"context"
	"errors"
	"io"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/server/internal/pool"
)

// The computer players of all games share the scheduler's pool of
// searches (package pool): a computer opponent's move goes before any hint
// or analysis, and beyond the line the computer is "busy" and tries again
// shortly. Each search builds its own agent and drops it after: two
// searches never share an agent's state, and the memory of search tables
// is bounded by the number of searches running, not by the number of
// games.

// search is the computer's search of one position of a room.
type search struct {
	cancel context.CancelFunc
	busy   bool // refused by a full queue; retries
}

// startSearchLocked starts the computer's search for seat in the current
// position, generation gen. It works on its own copy of the match: the
// room's match changes under it (an undo, a resignation) while it thinks,
// and a search whose position is gone is cancelled and its move dropped.
func (r *room) startSearchLocked(seat int, gen uint64) {
	spec, err := r.lv.agentSpecFor(r.g.Seats[seat].Agent, r.match.Variant())
	if err != nil {
		r.lv.LogError("computer player", err, "game", r.id, "seat", seat)
		return
	}
	m := game.NewMatch(r.match.Start())
	for _, mv := range r.match.Moves() {
		m.Play(mv)
	}
	budget := r.lv.agentMax
	if r.clocks != nil {
		// Think for at most a tenth of the time left, so that a computer
		// does not lose on time.
		budget = min(budget, time.Duration(r.clocks[seat])*time.Millisecond/10+100*time.Millisecond)
	}
	ctx, cancel := context.WithCancel(r.lv.Ctx)
	sr := &search{cancel: cancel}
	r.search = sr
	// A fresh seed per search: the computer should not play the same game
	// every time.
	seed := uint64(time.Now().UnixNano()) + uint64(seat)
	v := r.match.Variant()
	// A game of computers alone (a tournament's board between two of
	// them) is nobody's opponent: its searches take the background's
	// share, one owner for all such games, so that however many a
	// director starts, the people's computer opponents come first and
	// the hints and analyses keep their turn.
	kind, owner := pool.Opponent, ""
	if r.computersOnlyLocked() {
		kind, owner = pool.Background, ComputersOwner
	}
	r.lv.GoSafe("computer search", func() {
		defer cancel()
		defer r.lv.recoverRoom("computer move", r)
		mv, err := r.lv.runSearch(ctx, kind, owner, spec, v, seed, m, budget)
		if errors.Is(err, pool.ErrQueueFull) || errors.Is(err, pool.ErrOwnerBusy) {
			r.busy(sr, gen)
			return
		}
		if ctx.Err() != nil {
			return // the position is gone, or the server stops
		}
		r.mu.Lock()
		defer r.mu.Unlock()
		if r.gen != gen || r.search != sr || r.lv.Ctx.Err() != nil {
			return
		}
		r.search = nil
		if err != nil {
			// Never leave a game stuck on a computer: play its first
			// legal move.
			r.lv.Log.Warn("computer player failed; playing its first legal move", "game", r.id, "err", err)
			legal := m.LegalMoves(nil)
			if len(legal) == 0 {
				return
			}
			mv = legal[0]
		}
		r.commitLocked(r.lv.Ctx, nil, seat, m.State().MoveString(mv))
	})
}

// busy tells the room's connections that its computer waits for the pool,
// and tries again a little later.
func (r *room) busy(sr *search, gen uint64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.gen != gen || r.search != sr {
		return
	}
	sr.busy = true
	r.broadcastLocked(infoMsg{Type: "info", Code: "busy", Seat: r.match.ToMove()})
	r.broadcastStateLocked()
	r.timer2(pool.Retry, gen, func() {
		seat := r.match.ToMove()
		r.search = nil
		r.built = [4]*sharedState{}
		if seat >= 0 {
			r.startSearchLocked(seat, gen)
		}
	})
}

// timer2 runs f under the room's lock after d, if the room is still at
// generation gen; it does not replace the clock's timer.
func (r *room) timer2(d time.Duration, gen uint64, f func()) {
	time.AfterFunc(d, func() {
		defer r.lv.recoverRoom("computer retry", r)
		r.mu.Lock()
		defer r.mu.Unlock()
		if r.gen == gen && !r.evicted.Load() && !r.finished() && !r.lv.isStopping() {
			f()
		}
	})
}

// runSearch builds an agent, waits for a slot for a search of kind (owner:
// whom a background search counts against) and searches for at most
// budget (counted from when the search starts, not from when it waited).
// The agent is closed after, which ends an external engine's program.
func (lv *Live) runSearch(ctx context.Context, kind pool.Kind, owner string, spec string, v *game.Variant, seed uint64, m *game.Match, budget time.Duration) (mv game.Move, err error) {
	// A panicking agent is a failed search: the game goes on.
	defer func() {
		if v := recover(); v != nil {
			lv.LogPanic("computer search", v)
			lv.metrics.Searches.WithLabelValues("panic").Inc()
			mv, err = 0, errors.New("the computer player failed")
		}
	}()
	release, err := lv.searches.Acquire(ctx, kind, owner)
	if err != nil {
		return 0, err
	}
	defer release()
	agent, err := lv.newAgent(spec, v, seed)
	if err != nil {
		return 0, err
	}
	if c, ok := agent.(io.Closer); ok {
		defer c.Close()
	}
	sctx, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	start := time.Now()
	mv, err = agent.Choose(sctx, m)
	lv.metrics.SearchSeconds.Observe(time.Since(start).Seconds())
	outcome := "ok"
	switch {
	case ctx.Err() != nil:
		outcome = "cancelled"
	case err != nil:
		outcome = "failed"
	}
	lv.metrics.Searches.WithLabelValues(outcome).Inc()
	return mv, err
}

// agentSpecFor is the spec a computer seat plays with. A stored name the
// server no longer offers (an engine the operator removed, a spec stored
// by an older version) plays at the medium level rather than leave the
// game stuck: what the web once stored never picks a program.
func (lv *Live) agentSpecFor(stored string, v *game.Variant) (string, error) {
	spec, err := lv.agents.AgentSpec(stored, v)
	if err != nil {
		lv.Log.Warn("computer seat with an agent this server does not offer; playing at medium", "agent", truncate(stored, 40), "err", err)
		return "medium", nil
	}
	return spec, nil
}
