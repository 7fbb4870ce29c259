package live

import (
	"context"
	"time"

	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// A game between people with a clock (real-time or correspondence) in
// which a player has not made his first move in time is aborted, as on
// lichess: it ends without a result ("over", reason "aborted N") and
// changes no rating. Until his first move, a player's real-time clock does
// not run (the abort's deadline does). In time means within Config.AbortAfter (30 s) of the
// moment the player could first move, with a real-time clock; by the
// first deadline, in correspondence. Until every seat has moved, a player
// may also abort by hand ("abortedby N").
//
// The room's flag timer decides it, on the server holding the game's lease
// (leases.go), re-armed from the stored moves when a room is loaded (after
// a restart, or on another server); the store's FinishGame refuses a
// second end, so it is decided once. Correspondence games nobody is
// connected to are aborted by the maintenance (expireCorrespondence), and
// so are real-time games nobody has open (expireRealTime).

// DefaultAbortAfter is the time a player has for his first move with a
// real-time clock.
const DefaultAbortAfter = 30 * time.Second

// movedSeats is the set of seats that have made at least one move.
func movedSeats(g *store.Game) uint8 {
	var m uint8
	for _, mv := range g.Moves {
		if mv.Seat >= 0 && mv.Seat < 8 {
			m |= 1 << uint(mv.Seat)
		}
	}
	return m
}

// abortsFirstMove says whether seat running out of time aborts g rather
// than losing it: a timed game between people (two human seats or more)
// in which seat, a person, has not moved yet.
func (lv *Live) abortsFirstMove(g *store.Game, seat int) bool {
	if lv.cfg.AbortAfter < 0 || seat < 0 || seat >= len(g.Seats) || g.Seats[seat].Kind == "computer" {
		return false
	}
	if g.ClockMillis <= 0 && g.MoveDays <= 0 {
		return false
	}
	people := 0
	for _, st := range g.Seats {
		if st.Kind != "computer" {
			people++
		}
	}
	return people >= 2 && movedSeats(g)&(1<<uint(seat)) == 0
}

// abortAtLocked is when, with a real-time clock, the game is aborted if
// seat (to move) has not made its first move.
func (r *room) abortAtLocked(seat int) (time.Time, bool) {
	if r.clocks == nil || r.finished() || !r.lv.abortsFirstMove(r.g, seat) {
		return time.Time{}, false
	}
	return r.turnStart.Add(r.lv.cfg.AbortAfter), true
}

// clockWaitsLocked says whether seat's real-time clock waits for its
// first move, as on lichess: while the abort rule holds for it, the time
// it takes counts against the abort's deadline, not its clock.
func (r *room) clockWaitsLocked(seat int) bool {
	_, ok := r.abortAtLocked(seat)
	return ok
}

// clockElapsedLocked is the time seat's clock has run since its turn
// began: none while it waits for the first move.
func (r *room) clockElapsedLocked(seat int, now time.Time) int64 {
	if r.clockWaitsLocked(seat) {
		return 0
	}
	return now.Sub(r.turnStart).Milliseconds()
}

// firstMoveLateLocked says whether a move of seat at now comes after the
// game should have been aborted (a move arriving just before the timer).
func (r *room) firstMoveLateLocked(seat int, now time.Time) bool {
	at, ok := r.abortAtLocked(seat)
	return ok && !now.Before(at)
}

// abortableLocked says whether a player may still abort the game by hand:
// it is on, has two seats or more (a game played alone has nobody to
// spare), and some seat has not moved yet.
func (r *room) abortableLocked() bool {
	if r.finished() || len(r.g.Seats) < 2 {
		return false
	}
	all := uint8(1)<<uint(len(r.g.Seats)) - 1
	return movedSeats(r.g)&all != all
}

// abortLocked ends the game without a result, for seat (code
// reasonAborted or reasonAbortedBy).
func (r *room) abortLocked(ctx context.Context, seat int, code string) {
	r.endLocked(ctx, "over", code, seat, code)
}

// abortByHandLocked aborts the game for a player, before every seat moved.
func (r *room) abortByHandLocked(ctx context.Context, c *client) {
	seat := r.mySeat(c)
	switch {
	case seat < 0:
		r.sendLocked(c, errorMsg{Type: "error", Code: "spectator", Message: "spectators cannot abort a game"})
		return
	case r.finished():
		r.sendLocked(c, errorMsg{Type: "error", Code: "over", Message: "the game is over"})
		return
	case !r.abortableLocked():
		r.sendLocked(c, errorMsg{Type: "error", Code: "not_abortable", Message: "a game can be aborted only until every player has made a first move; resign instead"})
		return
	}
	r.abortLocked(ctx, seat, games.ReasonAbortedBy)
}

// abortInLocked is, for the state, the milliseconds left before the game
// is aborted if the seat to move does not make its first move (real-time
// clocks); -1 when no abort is coming.
func (r *room) abortInLocked() int64 {
	if r.finished() {
		return -1
	}
	at, ok := r.abortAtLocked(r.match.ToMove())
	if !ok {
		return -1
	}
	return max(at.Sub(r.lv.Now()).Milliseconds(), 0)
}

func init() {
	web.Register(map[string][2]string{
		"sent:aborted":          {"Game aborted — %s did not make a first move in time", "Partie annulée — %s n'a pas joué son premier coup à temps"},
		"sent:abortedby":        {"Game aborted by %s", "Partie annulée par %s"},
		"info:aborted":          {"Game aborted: %s did not make a first move in time", "Partie annulée : %s n'a pas joué son premier coup à temps"},
		"info:abortedby":        {"%s aborted the game", "%s a annulé la partie"},
		"err:not_abortable":     {"A game can be aborted only until every player has made a first move: resign instead.", "Une partie ne peut être annulée qu'avant le premier coup de chaque joueur : abandonnez plutôt."},
		"abort":                 {"Abort game", "Annuler la partie"},
		"abortconfirm":          {"Abort the game? It will count for nobody.", "Annuler la partie ? Elle ne comptera pour personne."},
		"abortsoon":             {"%s: first move within %s, or the game is aborted", "%s : premier coup dans %s, sinon la partie est annulée"},
		"info:rematchdeclined":  {"%s declined the rematch", "%s refuse la revanche"},
		"info:rematchcancelled": {"%s withdrew the rematch proposal", "%s retire sa proposition de revanche"},
		"info:rematchexpired":   {"The rematch proposal expired", "La proposition de revanche a expiré"},
		"err:no_rematch":        {"There is no rematch proposal to answer.", "Il n'y a pas de proposition de revanche à laquelle répondre."},
		"rematchproposes":       {"%s proposes a rematch.", "%s propose une revanche."},
		"rematchwaiting":        {"Rematch proposed: waiting for the answer of %s.", "Revanche proposée : en attente de la réponse de %s."},
		"rematchaccept":         {"Accept the rematch", "Accepter la revanche"},
		"rematchdecline":        {"Decline", "Refuser"},
		"rematchwithdraw":       {"Withdraw the proposal", "Retirer la proposition"},
		"rematchproposed":       {"Rematch proposed", "Revanche proposée"},
		"rematchfollowing":      {"Rematch accepted: opening it…", "Revanche acceptée : ouverture…"},
	})
	web.RegisterJS("abort", "abortconfirm", "abortsoon", "rematchproposes", "rematchwaiting",
		"rematchaccept", "rematchdecline", "rematchwithdraw", "rematchproposed", "rematchfollowing")
}
