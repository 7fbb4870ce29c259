package model

import (
	"context"
	"time"
)

// Offer is a game's pending draw offer or undo request: made by one seat
// in the position after Ply moves, waiting for the seats of Needs to
// accept. A game has one at most. It is kept in the store, not in a
// server's memory, so that every server sharing the store shows it and
// takes its answers, and an answer takes effect once.
type Offer struct {
	Kind   string    // "draw" or "undo"
	By     int       // the seat that made it (0-based)
	Needs  uint8     // the seats that must accept: bit i is seat i
	Got    uint8     // those of Needs that accepted so far
	Keep   int       // an undo: the number of moves kept (less than Ply)
	Reason string    // a draw: the reason the game ends with once agreed ("agreement")
	Ply    int       // the number of moves when it was made: a move leaves it behind
	At     time.Time // when it was made (zero: now)
}

// OfferAnswer is an answer to a game's pending offer, by the seats a
// connection holds.
type OfferAnswer struct {
	Kind   string    // the kind of the offer answered, as the answerer saw it
	Ply    int       // the number of moves the answerer saw
	Seats  uint8     // the seats answering (bit i: seat i); only those of Needs count
	Accept bool      // false declines: the offer is gone
	At     time.Time // when; an accepted undo restarts the clock of the seat to move then (zero: now)
}

// OfferOutcome is what an offer became.
type OfferOutcome int

const (
	// OfferWaiting: the offer is stored and waits for more answers.
	OfferWaiting OfferOutcome = iota
	// OfferDeclined: an answer declined it; it is gone.
	OfferDeclined
	// OfferCarried: every seat of Needs accepted (or none had to), and it
	// was carried out in the same transaction: the draw ended the game
	// (result "draw", the offer's Reason), the undo took the moves after
	// Keep back and restarted the clock of the seat to move.
	OfferCarried
)

// MaxOfferSeats is the number of seats an offer can name (the bits of
// Needs).
const MaxOfferSeats = 8

// Turns keeps what belongs to the position being played besides its
// moves: the pending offer, and when the clock of the seat to move began
// to run when that is not at the last move. Both are for one position:
// LoadGame returns them (Game.Offer, Game.ClockFrom) only while the game
// is on and its number of moves is still the one they were stored at, so
// that a move leaves them behind. Both SQL backends implement it
// (store/storetest.RunTurns is its conformance suite); with several
// servers, every write of it is notified (Notifier: GameChange.Turn, or a
// game write when the offer was carried out).
type Turns interface {
	// MakeOffer stores o as game id's pending offer; an offer that needs
	// nobody (Needs 0) is carried out at once instead, and o.Got is
	// ignored. ErrConflict when the game is finished, when o.Ply is not
	// its number of moves, or when another offer is pending; ErrNotFound
	// for no such game; an error for an offer no game can have (a kind
	// other than "draw" or "undo", a seat the game does not have, By in
	// Needs, an undo keeping Ply moves or more, a draw without a reason).
	MakeOffer(ctx context.Context, id string, o Offer) (OfferOutcome, error)
	// AnswerOffer records a's answer to game id's pending offer and
	// returns the offer as it became. ErrConflict when no offer of a.Kind
	// made at a.Ply is pending (none was made, another answer ended it, a
	// move left it behind, the game is finished) or when none of a.Seats
	// still has to answer: of two answers racing, one decides. ErrNotFound
	// for no such game.
	AnswerOffer(ctx context.Context, id string, a OfferAnswer) (Offer, OfferOutcome, error)
	// SetClockFrom says that the clock of the seat to move in game id, in
	// the position after ply moves, runs from from rather than from the
	// last move: the time before from that the seat is not charged is
	// from minus the last move's time. ErrConflict unless the game is on
	// with ply moves, or when from is before the last move (or the
	// game's creation without moves); ErrNotFound.
	SetClockFrom(ctx context.Context, id string, ply int, from time.Time) error
}
