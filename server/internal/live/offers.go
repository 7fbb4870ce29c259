package live

import (
	"context"
	"errors"
	"time"

	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// The same game on every server. A draw offer or undo request is kept in
// the store (store.Turns), not in one server's memory: every server shows
// it, a server opening the game later too, and it takes answers on any of
// them; the store carries an accepted offer out in the same transaction
// as the last answer, so that of two answers racing on two servers, or an
// answer and a move, exactly one counts. The store notifies the other
// servers (store.GameChange.Turn), which read the game's turn again.
//
// The clocks: a loss on time shows the loser's clock at zero wherever the
// game is loaded (the flag's server set it in memory; the others read the
// reason), and the other servers tell their connections of the end as the
// ending server did. A server taking over the lease of a game from a
// server that died (its lease expired) does not charge the computer to
// move for the time the lease took to lapse: it stores when the
// computer's clock runs from (store.Turns.SetClockFrom).

func init() {
	web.Register(offerMessages)
}

var offerMessages = map[string][2]string{
	"err:offer_gone":    {"The offer was answered or the game changed meanwhile: here is the current game.", "La proposition a reçu une réponse ou la partie a changé entre-temps : voici la partie actuelle."},
	"err:offer_storage": {"The offer or answer could not be recorded; try again.", "La proposition ou la réponse n'a pas pu être enregistrée ; réessayez."},
	"err:no_offers":     {"This server keeps no draw offers or undo requests.", "Ce serveur ne garde pas de propositions de nulle ni de demandes d'annulation."},
}

// offerOf is a stored offer as the room keeps it.
func offerOf(o *store.Offer) *offer {
	if o == nil {
		return nil
	}
	return &offer{kind: o.Kind, by: o.By, needs: o.Needs, got: o.Got, keep: o.Keep}
}

func sameOffer(a, b *offer) bool {
	return a == nil && b == nil || a != nil && b != nil && *a == *b
}

// turnLocked applies what the store says of the position being played:
// its pending offer, when the clock of the seat to move began to run, and
// a loser's clock at zero after a loss on time (setLocked).
func (r *room) turnLocked(g *store.Game) {
	r.offer = offerOf(g.Offer)
	if g.ClockFrom.After(r.turnStart) {
		r.turnStart = g.ClockFrom
	}
	if r.clocks != nil && r.finished() {
		if code, seat := games.ParseReason(g.Reason); code == games.ReasonTime && seat >= 0 && seat < len(r.clocks) {
			r.clocks[seat] = 0
		}
	}
}

// turnsStore is the store's Turns, if it keeps them.
func (r *room) turnsStore(c *client) (store.Turns, bool) {
	t, ok := r.lv.cfg.Store.(store.Turns)
	if !ok {
		r.sendLocked(c, errorMsg{Type: "error", Code: "no_offers", Message: "this server's store keeps no draw offers or undo requests"})
	}
	return t, ok
}

// offerLocked starts a draw offer or an undo request. The seats that must
// accept are the human seats the asker does not hold; computers decline
// draws and accept undos.
func (r *room) offerLocked(ctx context.Context, c *client, kind string) {
	seat := r.mySeat(c)
	switch {
	case r.refuseLeaverLocked(c, nil, ""):
		return
	case seat < 0:
		r.sendLocked(c, errorMsg{Type: "error", Code: "spectator", Message: "spectators cannot " + kind})
		return
	case r.match.Variant().Players < 2:
		r.sendLocked(c, errorMsg{Type: "error", Code: "solo", Message: "there is no draw offer or undo request in a game played alone"})
		return
	case r.finished():
		r.sendLocked(c, errorMsg{Type: "error", Code: "over", Message: "the game is over"})
		return
	case !r.g.Casual && kind == "undo":
		r.sendLocked(c, errorMsg{Type: "error", Code: "not_casual", Message: "undo requests are for casual games"})
		return
	case kind == "draw" && r.declinedHereLocked(seat):
		r.sendLocked(c, errorMsg{Type: "error", Code: "draw_again", Message: "your draw offer was declined: offer again after the next move"})
		return
	case r.offer != nil:
		r.sendLocked(c, errorMsg{Type: "error", Code: "pending", Message: "an offer is already waiting for an answer"})
		return
	}
	o := store.Offer{Kind: kind, By: seat, Ply: len(r.g.Moves), At: r.lv.Now().UTC().Truncate(time.Millisecond)}
	computers := false
	for i, st := range r.g.Seats {
		if c.holds(i) || st.Left != 0 { // a leaver's seat has no say (leaving.go)
			continue
		}
		if st.Kind == "computer" {
			computers = true
		} else {
			o.Needs |= 1 << uint(i)
		}
	}
	switch kind {
	case "undo":
		o.Keep = -1
		for i := len(r.g.Moves) - 1; i >= 0; i-- {
			if c.holds(r.g.Moves[i].Seat) {
				o.Keep = i
				break
			}
		}
		if o.Keep < 0 {
			r.sendLocked(c, errorMsg{Type: "error", Code: "nothing", Message: "you have no move to take back"})
			return
		}
	case "draw":
		if computers {
			r.noteDeclinedLocked(kind, seat)
			r.sendLocked(c, infoMsg{Type: "info", Code: "declined", Seat: seat})
			return
		}
		o.Reason = games.ReasonAgreement
	}
	turns, ok := r.turnsStore(c)
	if !ok {
		return
	}
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), storeTimeout)
	defer cancel()
	out, err := turns.MakeOffer(wctx, r.id, o)
	if err != nil {
		r.offerFailedLocked(wctx, c, err)
		return
	}
	if out == store.OfferCarried {
		r.carriedLocked(o, o.At)
		return
	}
	r.g.Offer = &o
	r.offer = offerOf(&o)
	r.broadcastStateLocked()
}

// offerFailedLocked answers a refused offer or answer: another server's
// write came first (the room reads the game again and shows it), or the
// store failed.
func (r *room) offerFailedLocked(ctx context.Context, c *client, err error) {
	if errors.Is(err, store.ErrConflict) || errors.Is(err, store.ErrNotFound) {
		before, wasOver, prev := len(r.g.Moves), r.finished(), r.offer
		r.reloadLocked(ctx)
		// The store's notification of that write will find nothing new
		// here: the notice is given now.
		r.endNoticeLocked(wasOver, before, prev)
		code, msg := "offer_gone", "the offer was answered or the game changed meanwhile: here is the current game"
		if r.offer != nil && !r.finished() {
			code, msg = "pending", "an offer is already waiting for an answer"
		}
		r.sendLocked(c, errorMsg{Type: "error", Code: code, Message: msg})
		r.broadcastStateLocked()
		return
	}
	r.lv.metrics.StoreFailures.Inc()
	id := r.lv.LogError("store offer", err, "game", r.id)
	r.sendLocked(c, errorMsg{Type: "error", Code: "offer_storage", Message: "the offer or answer could not be recorded; try again (reference " + id + ")", ID: id})
}

func (r *room) answerLocked(ctx context.Context, c *client, accept bool) {
	o := r.offer
	if r.refuseLeaverLocked(c, nil, "") {
		return
	}
	if o == nil || c.seats&o.needs&^o.got == 0 {
		r.sendLocked(c, errorMsg{Type: "error", Code: "no_offer", Message: "there is no offer for you to answer"})
		return
	}
	turns, ok := r.turnsStore(c)
	if !ok {
		return
	}
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), storeTimeout)
	defer cancel()
	at := r.lv.Now().UTC().Truncate(time.Millisecond)
	so, out, err := turns.AnswerOffer(wctx, r.id, store.OfferAnswer{Kind: o.kind, Ply: len(r.g.Moves), Seats: c.seats, Accept: accept, At: at})
	if err != nil {
		r.offerFailedLocked(wctx, c, err)
		return
	}
	switch out {
	case store.OfferWaiting:
		r.g.Offer = &so
		r.offer = offerOf(&so)
	case store.OfferDeclined:
		r.g.Offer, r.offer = nil, nil
		r.noteDeclinedLocked(o.kind, o.by)
		r.broadcastLocked(infoMsg{Type: "info", Code: "declined", Seat: o.by})
	case store.OfferCarried:
		r.carriedLocked(so, at)
		return
	}
	r.broadcastStateLocked()
}

// carriedLocked applies in memory an offer the store carried out: a draw
// ended the game, an undo took moves back and restarted the clock of the
// seat to move at at.
func (r *room) carriedLocked(o store.Offer, at time.Time) {
	r.g.Offer, r.offer = nil, nil
	switch o.Kind {
	case "draw":
		r.endedLocked("draw", o.Reason)
		r.broadcastLocked(infoMsg{Type: "info", Code: "drawn", Seat: o.By})
	case "undo":
		if n := len(r.g.Moves) - o.Keep; n > 0 {
			r.match.Undo(n)
		}
		g := r.g
		g.Moves = g.Moves[:o.Keep]
		g.ClockFrom = at
		r.setLocked(g, r.match)
		r.broadcastLocked(infoMsg{Type: "info", Code: "undone", Seat: o.By})
	}
	r.scheduleLocked()
	r.broadcastStateLocked()
}

// turnCatchUp reads the game's turn again after another server changed
// it (an offer made, answered or declined; a clock's start moved).
func (r *room) turnCatchUp() {
	defer r.lv.recoverRoom("turn notification", r)
	if !r.turnCatchUpLocked() {
		// The moves or the end changed too: the whole game is read again.
		r.catchUp(store.GameChange{Game: r.id, Moves: -1})
	}
}

// turnCatchUpLocked is turnCatchUp when only the turn changed; false when
// the game itself did.
func (r *room) turnCatchUpLocked() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.evicted.Load() {
		return true
	}
	ctx, cancel := context.WithTimeout(r.lv.Ctx, storeTimeout)
	defer cancel()
	g, err := r.lv.Store.LoadGame(ctx, r.id)
	if err != nil {
		r.lv.LogError("reload turn", err, "game", r.id)
		return true
	}
	if len(g.Moves) != len(r.g.Moves) || (g.Result != store.Ongoing) != r.finished() {
		return false
	}
	before, start := r.offer, r.turnStart
	r.g.Offer, r.g.ClockFrom = g.Offer, g.ClockFrom
	r.turnLocked(g)
	if sameOffer(before, r.offer) && r.turnStart.Equal(start) {
		return true // ours, echoed back
	}
	if before != nil && r.offer == nil {
		r.noteDeclinedLocked(before.kind, before.by) // declined on another server
		r.broadcastLocked(infoMsg{Type: "info", Code: "declined", Seat: before.by})
	}
	if !r.turnStart.Equal(start) {
		r.scheduleLocked() // the flag falls later
	}
	r.broadcastStateLocked()
	return true
}

// endNoticeLocked tells the connections of a room that read its game
// again of what the server that changed it told its own: how the game
// ended, or that moves were taken back at a player's request (prev was
// the room's offer before).
func (r *room) endNoticeLocked(wasOver bool, before int, prev *offer) {
	switch {
	case r.finished() && !wasOver:
		code, seat := games.ParseReason(r.g.Reason)
		switch code {
		case games.ReasonTime:
			r.broadcastLocked(infoMsg{Type: "info", Code: "flag", Seat: seat})
		case games.ReasonResigned:
			r.broadcastLocked(infoMsg{Type: "info", Code: "resigned", Seat: seat})
		case games.ReasonAgreement:
			by := -1
			if prev != nil {
				by = prev.by
			}
			r.broadcastLocked(infoMsg{Type: "info", Code: "drawn", Seat: by})
		}
	case len(r.g.Moves) < before && prev != nil && prev.kind == "undo":
		r.broadcastLocked(infoMsg{Type: "info", Code: "undone", Seat: prev.by})
	}
}

// lapsedLocked is called when this server took the game's lease from a
// server that died, its lease unrenewed for lapsed: the computer to move
// is not charged the time since then (or since its turn began, if later),
// when nobody ran it. The start is stored, so that every server shows
// the same clock, and the time of the computer's next move counts from
// it.
func (r *room) lapsedLocked(lapsed time.Duration) {
	if r.clocks == nil || r.finished() {
		return
	}
	seat := r.match.ToMove()
	if seat < 0 || r.g.Seats[seat].Kind != "computer" {
		return
	}
	turns, ok := r.lv.cfg.Store.(store.Turns)
	if !ok {
		return
	}
	now := r.lv.Now().UTC()
	since := now.Add(-lapsed)
	if since.Before(r.turnStart) {
		since = r.turnStart
	}
	credit := now.Sub(since).Truncate(time.Millisecond)
	if credit <= 0 {
		return
	}
	from := r.turnStart.Add(credit).Truncate(time.Millisecond)
	ctx, cancel := context.WithTimeout(r.lv.Ctx, storeTimeout)
	defer cancel()
	if err := turns.SetClockFrom(ctx, r.id, len(r.g.Moves), from); err != nil {
		r.lv.LogError("clock after a lapsed lease", err, "game", r.id)
		return
	}
	r.lv.Log.Info("lease taken over", "game", r.id, "lapsed", lapsed, "not charged", credit)
	r.turnStart, r.g.ClockFrom = from, from
	r.built = [4]*sharedState{}
	for c := range r.clients {
		r.sendStateLocked(c)
	}
}
