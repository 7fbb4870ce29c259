package server

import (
	"context"
	"time"

	"github.com/plateau-games/plateau/store"
)

// Several servers on one store: a write by one reaches the games the
// others hold in memory through the store's notifications (PostgreSQL's
// LISTEN/NOTIFY, store.Notifier). A room reads its game again when the
// change is not one it made itself (its moves and end differ), and shows
// it to its connections; the store stays the truth. A store without
// notifications (SQLite) is meant for one server.

// listen follows the store's changes until Close begins (not later: Close
// waits for the server's goroutines before it cancels their context).
func (s *Server) listen(n store.Notifier) {
	ctx, cancel := context.WithCancel(s.ctx)
	defer cancel()
	go func() {
		select {
		case <-s.stopping:
		case <-ctx.Done():
		}
		cancel()
	}()
	n.Listen(ctx, s.onGameChange)
}

// onGameChange brings a room up to date with a change made elsewhere.
func (s *Server) onGameChange(c store.GameChange) {
	s.live.notifications.Inc()
	if !c.Sent.IsZero() {
		s.live.notifyLag.Observe(max(time.Since(c.Sent), 0).Seconds())
	}
	if c.Resync {
		s.mu.Lock()
		rooms := make([]*room, 0, len(s.rooms))
		for _, r := range s.rooms {
			rooms = append(rooms, r)
		}
		s.mu.Unlock()
		for _, r := range rooms {
			r.catchUp(store.GameChange{Game: r.id, Moves: -1})
			r.chatCatchUp()
		}
		return
	}
	if r, _ := s.lookupRoom(c.Game); r != nil {
		if c.Chat {
			r.chatCatchUp()
			return
		}
		r.catchUp(c)
	}
}

// catchUp reads the room's game again unless c is what the room already
// has (its own write, echoed back).
func (r *room) catchUp(c store.GameChange) {
	defer r.s.recoverRoom("notification", r)
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.evicted.Load() || c.Moves == len(r.g.Moves) && c.Finished == r.finished() {
		return
	}
	ctx, cancel := context.WithTimeout(r.s.ctx, storeTimeout)
	defer cancel()
	before, wasOver := len(r.g.Moves), r.finished()
	r.reloadLocked(ctx)
	if len(r.g.Moves) == before && r.finished() == wasOver {
		return // nothing new after all (a notification overtaken by a read)
	}
	r.s.live.catchUps.Inc()
	r.broadcastStateLocked()
}
