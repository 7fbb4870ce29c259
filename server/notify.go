package server

import (
	"context"
	"strings"
	"sync"
	"time"

	"github.com/plateau-games/plateau/store"
)

// Several servers on one store: a write by one reaches the games the
// others hold in memory through the store's notifications (PostgreSQL's
// LISTEN/NOTIFY, store.Notifier). A room reads its game again when the
// change is not one it made itself (its moves and end differ), and shows
// it to its connections; the store stays the truth. A store without
// notifications (SQLite) is meant for one server.

// listenWait bounds how long New waits for the store's notifications to
// begin.
const listenWait = 5 * time.Second

// listen follows the store's changes until Close begins (not later: Close
// waits for the server's goroutines before it cancels their context);
// ready is closed once listening has begun.
func (s *Server) listen(n store.Notifier, ready chan struct{}) {
	ctx, cancel := context.WithCancel(s.Ctx)
	defer cancel()
	go func() {
		select {
		case <-s.Stopping:
		case <-ctx.Done():
		}
		cancel()
	}()
	var once sync.Once
	n.Listen(ctx, func(c store.GameChange) {
		if c.Resync {
			once.Do(func() { close(ready) })
		}
		s.onGameChange(c)
	})
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
			r.hintsCatchUp()
		}
		// Revocations may have been missed too.
		s.club.Revoked("")
		return
	}
	if c.Game == "-" && strings.HasPrefix(c.Event, "revoke ") {
		s.club.Revoked(strings.TrimPrefix(c.Event, "revoke "))
		return
	}
	if c.Game == "-" && strings.HasPrefix(c.Event, "lobby ") {
		if strings.TrimPrefix(c.Event, "lobby ") != s.leases.holder { // not our own, echoed back
			s.club.LobbyChangedElsewhere()
		}
		return
	}
	if r, _ := s.lookupRoom(c.Game); r != nil {
		switch {
		case c.Chat:
			r.chatCatchUp()
		case c.Hint:
			r.hintsCatchUp()
		case c.Turn:
			r.turnCatchUp()
		case c.Event != "":
			r.eventFromElsewhere(c.Event)
		default:
			r.catchUp(c)
		}
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
	ctx, cancel := context.WithTimeout(r.s.Ctx, storeTimeout)
	defer cancel()
	before, wasOver, prev, start := len(r.g.Moves), r.finished(), r.offer, r.turnStart
	r.reloadLocked(ctx)
	if len(r.g.Moves) == before && r.finished() == wasOver {
		// Nothing new after all (a notification overtaken by a read), but
		// the turn (an offer, the clock) after a lost connection.
		if !sameOffer(prev, r.offer) || !start.Equal(r.turnStart) {
			r.broadcastStateLocked()
		}
		return
	}
	r.s.live.catchUps.Inc()
	r.endNoticeLocked(wasOver, before, prev)
	// Players hear of each new move as from their own server; spectators
	// see it in the next state.
	if n := len(r.g.Moves); n > before {
		for _, mv := range r.g.Moves[before:] {
			for c := range r.clients {
				if c.greeted && !c.spectator() {
					r.sendLocked(c, moveMsg{Type: "move", Ply: mv.Ply, Move: mv.Notation, Seat: mv.Seat})
				}
			}
		}
	}
	r.broadcastStateLocked()
}

// eventFromElsewhere applies another server's announcement about a game:
// rematch proposals are announced, not stored (offers are stored: see
// turnCatchUp).
func (r *room) eventFromElsewhere(event string) {
	if strings.HasPrefix(event, "rematch ") {
		r.rematchFromElsewhere(event)
	}
	if event == ratedEvent {
		r.s.GoSafe("rated event", r.ratingsFromHistory) // store reads, off the listener
	}
}
