package model

import (
	"context"
	"time"
)

// Hint is one hint a player was given in a game against the computer: the
// move a short search found, shown to the seat to move. A game keeps every
// hint given, so that its record says who was helped, and where.
type Hint struct {
	Seat int       // the seat that asked (0-based)
	Ply  int       // the number of moves played when it was given: the hint was for move Ply+1
	At   time.Time // when it was given
}

// MaxHints bounds the hints kept per game: beyond, AddHint refuses
// (ErrConflict).
const MaxHints = 1000

// Hints keeps the hints given in games. Both SQL backends implement it
// (store/storetest.RunHints is its conformance suite); LoadGame returns a
// game's hints in Game.Hints.
type Hints interface {
	// AddHint records that h.Seat was given a hint in game id, in the
	// position after h.Ply moves. A hint is for the position being
	// played: ErrConflict unless the game is on and h.Ply is its number
	// of stored moves (of a hint and a move racing, the move wins and the
	// hint is not stored), and when the game holds MaxHints already;
	// ErrNotFound for no such game; an error for a seat the game does not
	// have. A zero h.At means now. It does not change the game's
	// UpdatedAt: a hint is not a move, and neither the expiry of
	// abandoned games nor a correspondence deadline moves with it.
	AddHint(ctx context.Context, id string, h Hint) error
}
