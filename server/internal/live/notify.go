package live

import (
	"context"
	"strings"
	"time"

	"github.com/plateau-games/plateau/store"
)

// Several servers on one store: a write by one reaches the games the
// others hold in memory through the store's notifications (PostgreSQL's
// LISTEN/NOTIFY, store.Notifier). A room reads its game again when the
// change is not one it made itself (its moves and end differ), and shows
// it to its connections; the store stays the truth. A store without
// notifications (SQLite) is meant for one server.

// OnGameChange brings a room up to date with a change made elsewhere
// (the server hands every notification of the store here, then to the
// club); a resync catches every room up.
func (lv *Live) OnGameChange(c store.GameChange) {
	lv.metrics.Notifications.Inc()
	if !c.Sent.IsZero() {
		lv.metrics.NotifyLag.Observe(max(time.Since(c.Sent), 0).Seconds())
	}
	if c.Resync {
		lv.mu.Lock()
		rooms := make([]*room, 0, len(lv.rooms))
		for _, r := range lv.rooms {
			rooms = append(rooms, r)
		}
		lv.mu.Unlock()
		for _, r := range rooms {
			r.catchUp(store.GameChange{Game: r.id, Moves: -1})
			r.chatCatchUp()
			r.hintsCatchUp()
		}
		return
	}
	if c.Game == "-" {
		return // not a game's: the club's (revocations, the lobby)
	}
	if r, _ := lv.lookupRoom(c.Game); r != nil {
		switch {
		case c.Chat:
			r.chatCatchUp()
		case c.Hint:
			r.hintsCatchUp()
		case c.Turn:
			r.turnCatchUp()
		case c.Left:
			r.leftCatchUp()
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
	defer r.lv.recoverRoom("notification", r)
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.evicted.Load() || c.Moves == len(r.g.Moves) && c.Finished == r.finished() {
		return
	}
	ctx, cancel := context.WithTimeout(r.lv.Ctx, storeTimeout)
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
	r.lv.metrics.CatchUps.Inc()
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
		r.lv.GoSafe("rated event", r.ratingsFromHistory) // store reads, off the listener
	}
}
