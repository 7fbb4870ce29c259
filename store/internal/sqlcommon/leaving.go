package sqlcommon

import (
	"fmt"

	"github.com/plateau-games/plateau/store/internal/model"
)

// LeaveArgs checks what a LeaveSeat asks before any read: a seat number
// and an agent some game can have.
func LeaveArgs(id string, seat int, agent string) error {
	switch {
	case seat < 0 || seat >= model.MaxOfferSeats:
		return fmt.Errorf("store: game %s: seat %d cannot leave: seats are 0 to %d", id, seat, model.MaxOfferSeats-1)
	case agent == "":
		return fmt.Errorf("store: game %s: a leaver's seat needs the computer level that plays it", id)
	case len(agent) > model.MaxAgentLength:
		return fmt.Errorf("store: game %s: a leaver's level of %d bytes; at most %d", id, len(agent), model.MaxAgentLength)
	}
	return nil
}

// LeaveFits is the verdict on making seat leave, given what the write
// transaction holding the game read: seats is its number of seats, kind
// and left those of the seat (when it has it).
func LeaveFits(id string, seat, seats int, kind string, left int) error {
	switch {
	case seat >= seats:
		return fmt.Errorf("store: game %s has %d seats, not a seat %d", id, seats, seat)
	case left != 0:
		return fmt.Errorf("%w: game %s: seat %d already left the table", model.ErrConflict, id, seat)
	case kind == "computer":
		return fmt.Errorf("%w: game %s: seat %d is a computer's: only a player leaves", model.ErrConflict, id, seat)
	}
	return nil
}
