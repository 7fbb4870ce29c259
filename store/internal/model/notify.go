package model

import (
	"context"
	"time"
)

// GameChange says that a game was written by some server: its number of
// moves and whether it is finished after the write. Resync says that
// changes may have been missed (the listener was cut off): every game in
// memory must be read again.
type GameChange struct {
	Game     string
	Moves    int // -1 when the writer did not count them
	Finished bool
	Resync   bool
	Hint     bool      // a hint was recorded (Hints.AddHint); the moves did not change
	Chat     bool      // the game's chat changed (a message added or deleted), not the game
	Sent     time.Time // when the writer sent it (its clock; zero when unknown), to measure the delay
	Event    string    // an event announced by a server (Announce), not a write
	Turn     bool      // the pending offer or the clock's start changed (Turns); the moves did not
	Left     bool      // a player left the table (Leaving.LeaveSeat): the seats changed, not the moves
}

// Notifier tells every server sharing a store about the writes to games,
// whichever server made them (itself included), so that a game's players
// connected to different servers see one game. The PostgreSQL backend
// implements it with LISTEN/NOTIFY; the store stays the truth, a change
// only says "read again".
type Notifier interface {
	// Listen calls fn for every change until ctx ends (then it returns
	// nil). fn runs on the listener's goroutine, one change at a time: it
	// must not block for long. fn gets a Resync change once listening has
	// begun (writes made before were not announced) and again after a lost
	// connection is back.
	Listen(ctx context.Context, fn func(GameChange)) error
	// Announce tells every listener of an event of a game that is not
	// stored (a change of the lobby): fn gets a change with
	// Event. event is words without newlines, at most 200 bytes.
	Announce(ctx context.Context, game, event string) error
}
