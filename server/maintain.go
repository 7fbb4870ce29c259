package server

import (
	"context"
	"errors"
	"time"

	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/store"
)

// expireBatch bounds the games ended as abandoned in one round.
const expireBatch = 100

// maintenanceInterval is how often the server looks for rooms nobody joined
// and for abandoned games.
const maintenanceInterval = 30 * time.Second

// isStopping says whether Close has begun: nothing new is started then.
func (s *Server) isStopping() bool {
	select {
	case <-s.Stopping:
		return true
	default:
		return false
	}
}

// maintain runs the server's periodic chores until Close.
func (s *Server) maintain() {
	t := time.NewTicker(maintenanceInterval)
	defer t.Stop()
	for {
		select {
		case <-s.Stopping:
			return
		case <-t.C:
			s.sweepRooms()
			s.expireAbandoned()
			s.club.ExpireSessions()
			s.club.ExpireChallenges()
			s.expireCorrespondence()
			s.expireRealTime()
		}
	}
}

// sweepRooms drops rooms without connections: a room is loaded for a
// connection, which may have gone before it joined.
func (s *Server) sweepRooms() {
	s.mu.Lock()
	var empty []*room
	for _, r := range s.rooms {
		empty = append(empty, r)
	}
	s.mu.Unlock()
	for _, r := range empty {
		r.mu.Lock()
		evict := len(r.clients) == 0 && time.Since(r.loaded) > maintenanceInterval && r.evictLocked()
		r.mu.Unlock()
		if evict {
			s.forget(r)
		}
	}
}

// expireAbandoned ends, as abandoned, the ongoing games without a move for
// Config.AbandonAfter (oldest first, a batch a round). A game somebody is
// connected to is left alone: its room would disagree with the store.
func (s *Server) expireAbandoned() {
	if s.cfg.AbandonAfter < 0 {
		return
	}
	ctx, cancel := context.WithTimeout(s.Ctx, storeTimeout)
	defer cancel()
	on := false
	list, err := s.Store.ListGames(ctx, store.Filter{Finished: &on, UpdatedBefore: s.Now().Add(-s.cfg.AbandonAfter),
		OldestFirst: true, Limit: expireBatch})
	if err != nil {
		s.LogError("list abandoned games", err)
		return
	}
	for _, g := range list {
		if r, _ := s.lookupRoom(g.ID); r != nil {
			continue
		}
		err := s.Store.FinishGame(ctx, g.ID, "over", games.ReasonAbandoned)
		if err != nil && !errors.Is(err, store.ErrConflict) {
			s.LogError("expire game", err, "game", g.ID)
			return
		}
		if err == nil {
			s.live.expired.Inc()
			s.Log.Info("game over", "game", g.ID, "result", "over", "reason", "abandoned")
		}
	}
}

// expireCorrespondence ends the correspondence games whose player to move
// let the days for a move run out, for games nobody is connected to (a
// room has its own timer), across restarts: the store is the clock. A
// rated game is rated as the room would.
func (s *Server) expireCorrespondence() {
	ctx, cancel := context.WithTimeout(s.Ctx, storeTimeout)
	defer cancel()
	on := false
	now := s.Now()
	// No move is shorter than a day: a game updated within the last one
	// cannot have run out.
	list, err := s.Store.ListGames(ctx, store.Filter{Finished: &on, Correspondence: true,
		UpdatedBefore: now.Add(-games.MoveTime(1)), OldestFirst: true, Limit: expireBatch})
	if err != nil {
		s.LogError("list correspondence games", err)
		return
	}
	for _, listed := range list {
		if r, _ := s.lookupRoom(listed.ID); r != nil {
			continue
		}
		g, err := s.Store.LoadGame(ctx, listed.ID)
		if err != nil {
			s.LogError("load correspondence game", err, "game", listed.ID)
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
		result, reason := resultAgainstIn(m.Variant(), seat), games.SeatReason(games.ReasonTime, seat)
		if s.abortsFirstMove(g, seat) {
			// A first move that never came: aborted, not lost (abort.go).
			result, reason = "over", games.SeatReason(games.ReasonAborted, seat)
		}
		err = s.Store.FinishGame(ctx, g.ID, result, reason)
		if errors.Is(err, store.ErrConflict) {
			continue // ended meanwhile, by a move or another server
		}
		if err != nil {
			s.LogError("expire correspondence game", err, "game", g.ID)
			return
		}
		s.Log.Info("game over", "game", g.ID, "result", result, "reason", reason+" (correspondence)")
		g.Result, g.Reason = result, reason
		if _, err := s.club.RateGame(ctx, g, m.Variant()); err != nil {
			s.LogError("rate game", err, "game", g.ID)
		}
	}
}
