package model

import (
	"context"
	"time"
)

// Leaving makes a player leave a game of three or four without teams
// (DECISIONS.md, "Leaving a game of three or four": he resigned, ran out
// of time or missed a correspondence deadline): his seat is played on by
// the computer and he ranks last. Both SQL backends implement it
// (store/storetest.RunLeaving is its conformance suite); with several
// servers every leave is notified (Notifier: GameChange.Left).
type Leaving interface {
	// LeaveSeat makes seat (0-based) of game id leave, in one
	// transaction: its Kind becomes "computer" with agent as its Agent,
	// and its Left 1 + the number of its seats that left before; Name,
	// User and TokenHash stay (the player still ranks and is rated, and
	// his page can still watch). It returns that Left. ErrConflict for a
	// finished game, a seat that already left or is a computer;
	// ErrNotFound for no such game; an error for a seat the game does not
	// have, an empty agent or one over MaxAgentLength bytes. at is the time of the leave (zero: now): it
	// sets UpdatedAt.
	LeaveSeat(ctx context.Context, id string, seat int, agent string, at time.Time) (left int, err error)
}
