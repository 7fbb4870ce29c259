package server

import (
	"context"
	"errors"
	"time"

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
	case <-s.stopping:
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
		case <-s.stopping:
			return
		case <-t.C:
			s.sweepRooms()
			s.expireAbandoned()
			s.expireSessions()
			s.expireChallenges()
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
	ctx, cancel := context.WithTimeout(s.ctx, storeTimeout)
	defer cancel()
	on := false
	list, err := s.store.ListGames(ctx, store.Filter{Finished: &on, UpdatedBefore: s.now().Add(-s.cfg.AbandonAfter),
		OldestFirst: true, Limit: expireBatch})
	if err != nil {
		s.logError("list abandoned games", err)
		return
	}
	for _, g := range list {
		if r, _ := s.lookupRoom(g.ID); r != nil {
			continue
		}
		err := s.store.FinishGame(ctx, g.ID, "over", reasonAbandoned)
		if err != nil && !errors.Is(err, store.ErrConflict) {
			s.logError("expire game", err, "game", g.ID)
			return
		}
		if err == nil {
			s.live.expired.Inc()
			s.log.Info("game over", "game", g.ID, "result", "over", "reason", "abandoned")
		}
	}
}
