package live

import (
	"context"
	"errors"
	"time"

	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/store"
)

// ExpireBatch bounds the games ended as abandoned in one round.
const ExpireBatch = 100

// SweepInterval is how often the server should sweep live play (the
// Sweep methods): a room loaded for a connection that never joined is
// dropped after at most two.
const SweepInterval = 30 * time.Second

// isStopping says whether Close has begun: nothing new is started then.
func (lv *Live) isStopping() bool {
	select {
	case <-lv.Stopping:
		return true
	default:
		return false
	}
}

// SweepRooms drops rooms without connections: a room is loaded for a
// connection, which may have gone before it joined.
func (lv *Live) SweepRooms() {
	lv.mu.Lock()
	var empty []*room
	for _, r := range lv.rooms {
		empty = append(empty, r)
	}
	lv.mu.Unlock()
	for _, r := range empty {
		r.mu.Lock()
		evict := len(r.clients) == 0 && time.Since(r.loaded) > SweepInterval && !r.keptLocked() && r.evictLocked()
		r.mu.Unlock()
		if evict {
			lv.forget(r)
		}
	}
}

// ExpireAbandoned ends, as abandoned, the ongoing games without a move for
// Config.AbandonAfter (oldest first, a batch a round). A game somebody is
// connected to is left alone: its room would disagree with the store.
func (lv *Live) ExpireAbandoned() {
	if lv.cfg.AbandonAfter < 0 {
		return
	}
	ctx, cancel := context.WithTimeout(lv.Ctx, storeTimeout)
	defer cancel()
	on := false
	list, err := lv.Store.ListGames(ctx, store.Filter{Finished: &on, UpdatedBefore: lv.Now().Add(-lv.cfg.AbandonAfter),
		OldestFirst: true, Limit: ExpireBatch})
	if err != nil {
		lv.LogError("list abandoned games", err)
		return
	}
	for _, g := range list {
		if r, _ := lv.lookupRoom(g.ID); r != nil {
			continue
		}
		err := lv.Store.FinishGame(ctx, g.ID, "over", games.ReasonAbandoned)
		if err != nil && !errors.Is(err, store.ErrConflict) {
			lv.LogError("expire game", err, "game", g.ID)
			return
		}
		if err == nil {
			lv.metrics.Expired.Inc()
			lv.Log.Info("game over", "game", g.ID, "result", "over", "reason", "abandoned")
		}
	}
}

// ExpireCorrespondence ends the correspondence games whose player to move
// let the days for a move run out, for games nobody is connected to (a
// room has its own timer), across restarts: the store is the clock. A
// rated game is rated as the room would. In a game of three or four
// without teams the player leaves instead, through a room (leaving.go).
func (lv *Live) ExpireCorrespondence() {
	ctx, cancel := context.WithTimeout(lv.Ctx, storeTimeout)
	defer cancel()
	on := false
	now := lv.Now()
	// No move is shorter than a day: a game updated within the last one
	// cannot have run out.
	list, err := lv.Store.ListGames(ctx, store.Filter{Finished: &on, Correspondence: true,
		UpdatedBefore: now.Add(-games.MoveTime(1)), OldestFirst: true, Limit: ExpireBatch})
	if err != nil {
		lv.LogError("list correspondence games", err)
		return
	}
	for _, listed := range list {
		if r, _ := lv.lookupRoom(listed.ID); r != nil {
			continue
		}
		g, err := lv.Store.LoadGame(ctx, listed.ID)
		if err != nil {
			lv.LogError("load correspondence game", err, "game", listed.ID)
			continue
		}
		turnStart := g.CreatedAt
		if n := len(g.Moves); n > 0 {
			turnStart = g.Moves[n-1].At
		}
		if now.Before(turnStart.Add(games.MoveTime(g.MoveDays))) {
			continue
		}
		m, err := games.Replay(g)
		if err != nil || m.ToMove() < 0 {
			continue
		}
		seat := m.ToMove()
		if v := m.Variant(); seat < len(g.Seats) && (g.Seats[seat].Left != 0 || lv.leavesIn(g, v, seat)) && !lv.abortsFirstMove(g, seat) {
			// A game of three or four goes on: the player leaves, the
			// computer plays his seat (leaving.go).
			if _, err := lv.leaveOnDeadline(ctx, g.ID); err != nil {
				lv.LogError("leave on deadline", err, "game", g.ID)
			}
			continue
		}
		result, reason := resultAgainstIn(m.Variant(), seat), games.SeatReason(games.ReasonTime, seat)
		if lv.abortsFirstMove(g, seat) {
			// A first move that never came: aborted, not lost (abort.go).
			result, reason = "over", games.SeatReason(games.ReasonAborted, seat)
		}
		err = lv.Store.FinishGame(ctx, g.ID, result, reason)
		if errors.Is(err, store.ErrConflict) {
			continue // ended meanwhile, by a move or another server
		}
		if err != nil {
			lv.LogError("expire correspondence game", err, "game", g.ID)
			return
		}
		lv.Log.Info("game over", "game", g.ID, "result", result, "reason", reason+" (correspondence)")
		g.Result, g.Reason = result, reason
		lv.gameEnded(g.ID, result, reason)
		if _, err := lv.club.RateGame(ctx, g, m.Variant()); err != nil {
			lv.LogError("rate game", err, "game", g.ID)
		}
	}
}
