package sqlcommon

import (
	"fmt"
	"time"

	"github.com/plateau-games/plateau/store/internal/model"
)

// Turn is a game's row of the turns table as read inside a write
// transaction: Found false when it has none.
type Turn struct {
	Found     bool
	Ply       int
	ClockFrom time.Time    // zero: NULL
	Offer     *model.Offer // nil: offer_kind ''
}

// Current says whether the row is about the position a game is in: a
// game on, with Ply moves. A move leaves the row behind.
func (t Turn) Current(result string, moves int) bool {
	return t.Found && result == model.Ongoing && t.Ply == moves
}

// Loaded sets g.Offer and g.ClockFrom from its row, when current
// (LoadGame).
func (t Turn) Loaded(g *model.Game) {
	if !t.Current(g.Result, len(g.Moves)) {
		return
	}
	g.ClockFrom = t.ClockFrom
	if t.Offer != nil {
		o := *t.Offer
		g.Offer = &o
	}
}

// CheckOffer refuses an offer no game of seats seats can have, and sets
// a zero o.At to now, truncated as stored.
func CheckOffer(id string, o *model.Offer, seats int) error {
	all := uint8(1<<min(seats, model.MaxOfferSeats) - 1)
	switch {
	case o.Kind != "draw" && o.Kind != "undo":
		return fmt.Errorf("store: game %s: an offer of kind %q; the kinds are draw and undo", id, o.Kind)
	case o.By < 0 || o.By >= seats || o.By >= model.MaxOfferSeats:
		return fmt.Errorf("store: game %s has %d seats: no offer by seat %d", id, seats, o.By)
	case o.Needs&^all != 0:
		return fmt.Errorf("store: game %s has %d seats: an offer needing seats %08b", id, seats, o.Needs)
	case o.Needs&(1<<uint(o.By)) != 0:
		return fmt.Errorf("store: game %s: seat %d cannot have to accept its own offer", id, o.By)
	case o.Kind == "undo" && (o.Keep < 0 || o.Keep >= o.Ply):
		return fmt.Errorf("store: game %s: an undo at ply %d keeping %d moves", id, o.Ply, o.Keep)
	case o.Kind == "undo" && o.Reason != "":
		return fmt.Errorf("store: game %s: an undo has no reason", id)
	case o.Kind == "draw" && (o.Keep != 0 || o.Reason == "" || len(o.Reason) > 200):
		return fmt.Errorf("store: game %s: a draw offer keeps no moves and has a reason of 1 to 200 bytes", id)
	}
	o.Got = 0
	if o.At.IsZero() {
		o.At = time.Now()
	}
	o.At = Time(o.At)
	return nil
}

// OfferFits is the verdict on making an offer in a game, given what is
// stored inside the write transaction that holds the game (found, its
// result, its moves, its seats and its turns row).
func OfferFits(id string, o *model.Offer, found bool, result string, moves, seats int, t Turn) error {
	if err := Ongoing(id, result, !found, nil); err != nil {
		return err
	}
	if o.Ply != moves {
		return fmt.Errorf("%w: an offer at ply %d, game %s has %d moves", model.ErrConflict, o.Ply, id, moves)
	}
	if err := CheckOffer(id, o, seats); err != nil {
		return err
	}
	if t.Current(result, moves) && t.Offer != nil {
		return fmt.Errorf("%w: game %s: an offer is already waiting for an answer", model.ErrConflict, id)
	}
	return nil
}

// Answer is the verdict on an answer to a game's pending offer: the offer
// as it becomes and its outcome, or why the answer is refused.
func Answer(id string, a model.OfferAnswer, found bool, result string, moves int, t Turn) (model.Offer, model.OfferOutcome, error) {
	if !found {
		return model.Offer{}, 0, fmt.Errorf("%w: %s", model.ErrNotFound, id)
	}
	if !t.Current(result, moves) || t.Offer == nil || t.Offer.Kind != a.Kind || t.Offer.Ply != a.Ply {
		return model.Offer{}, 0, fmt.Errorf("%w: game %s: no %s offer at ply %d waits for an answer", model.ErrConflict, id, a.Kind, a.Ply)
	}
	o := *t.Offer
	seats := a.Seats & o.Needs &^ o.Got
	if seats == 0 {
		return model.Offer{}, 0, fmt.Errorf("%w: game %s: seats %08b have no answer to give", model.ErrConflict, id, a.Seats)
	}
	if !a.Accept {
		return o, model.OfferDeclined, nil
	}
	o.Got |= seats
	if o.Got == o.Needs {
		return o, model.OfferCarried, nil
	}
	return o, model.OfferWaiting, nil
}

// ClockFits is the verdict on SetClockFrom, given the game's result, its
// moves and when its position began (the last move, or its creation).
func ClockFits(id string, found bool, result string, moves, ply int, began, from time.Time) error {
	if err := Ongoing(id, result, !found, nil); err != nil {
		return err
	}
	if ply != moves {
		return fmt.Errorf("%w: a clock start at ply %d, game %s has %d moves", model.ErrConflict, ply, id, moves)
	}
	if from.Before(began) {
		return fmt.Errorf("%w: game %s: a clock start at %v, before its position began (%v)", model.ErrConflict, id, from, began)
	}
	return nil
}
