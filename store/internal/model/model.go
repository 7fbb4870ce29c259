// Package model holds the types of package store. They live here, and store
// re-exports them as aliases, so that the backends (store/sqlite,
// store/postgres) can implement store.Store without importing store, which
// in turn imports them for Open: without this split the two would import
// each other. Read the documentation of package store.
package model

import (
	"context"
	"errors"
	"time"
)

// Game is one game on the server, finished or not.
type Game struct {
	ID              string // public id: URL-safe random string (e.g. 10 base32 chars)
	GameID          string // rules id: "pogo", "empire", ...
	Options         string // game.Options.String() of the resolved variant
	Position        string // start position text; "" = the variant's start
	Seats           []Seat // one per player, seat 0 first
	Moves           []Move // in ply order
	Result          string // as in game records: "*" while on, "win 1", "win 1,3", "draw", "over"
	Reason          string // why it ended ("" while on)
	Casual          bool   // undo requests and draw offers allowed
	ClockMillis     int64  // initial time per player, 0 = no clock
	IncrementMillis int64
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

// Seat says who holds a seat.
type Seat struct {
	Kind      string // "human" (whoever holds the seat's token) or "computer"
	Agent     string // agent spec for a computer seat ("medium", "mcts:time=1s")
	Name      string // display name
	TokenHash string // hex SHA-256 of the seat's secret token; "" for computers
}

// Move is one stored move.
type Move struct {
	Ply         int // 0 for the first move
	Notation    string
	Seat        int
	At          time.Time
	ClockMillis int64 // mover's remaining time after the move; -1 without clock
}

var (
	// ErrNotFound is returned when no game has the given id.
	ErrNotFound = errors.New("store: no such game")
	// ErrConflict is returned when a write does not fit what is stored: a
	// CreateGame with an id already used, an AppendMove at a ply already
	// taken (or beyond the next one), a write to a finished game. The caller
	// reloads the game and decides again: it lost a race.
	ErrConflict = errors.New("store: conflicting write") // e.g. AppendMove at a ply already taken
)

// Filter selects games for listing.
type Filter struct {
	Finished *bool  // nil: all
	GameID   string // "" : all games
	Limit    int    // 0: a default of 50
	Offset   int
}

// Store keeps games. Implementations are safe for concurrent use. A write
// returns only once it is durable (committed).
//
// Times are kept at millisecond precision and come back in UTC. A game is
// finished once its Result is not "*". Every write sets UpdatedAt: to the
// move's time for AppendMove, to the current time otherwise.
type Store interface {
	// CreateGame stores a new game with its seats and any moves it already
	// has (their plies must be 0, 1, 2...). ErrConflict if the ID exists. It
	// fills in, in g, the fields it defaults: Result "" becomes "*", a zero
	// CreatedAt becomes now, a zero UpdatedAt becomes CreatedAt; and it
	// truncates the times to the millisecond, in UTC, as they are stored.
	CreateGame(ctx context.Context, g *Game) error
	// LoadGame returns a game with its seats and moves; ErrNotFound if there
	// is none.
	LoadGame(ctx context.Context, id string) (*Game, error)
	// AppendMove adds one move, atomically: ErrConflict unless m.Ply is the
	// number of stored moves, so that of two writers racing for the same ply
	// exactly one wins; ErrNotFound; refused once the game is finished
	// (ErrConflict). A zero m.At means now.
	AppendMove(ctx context.Context, id string, m Move) error
	// TruncateMoves keeps the first plies moves (undo); ErrConflict if the
	// game is finished; ErrNotFound. Keeping at least as many moves as are
	// stored changes nothing (but UpdatedAt).
	TruncateMoves(ctx context.Context, id string, plies int) error
	// FinishGame records the result (anything but "*") and why the game
	// ended; no move can be appended or taken back afterwards. ErrConflict if
	// the game is already finished, so that of two endings (a move that wins
	// and a flag fall, say) only the first counts; ErrNotFound.
	FinishGame(ctx context.Context, id, result, reason string) error
	// ListGames returns the games that pass the filter with their seats,
	// without Moves, newest first (UpdatedAt, then ID for a stable order).
	ListGames(ctx context.Context, f Filter) ([]Game, error)
	// Close releases the store. Calling it again does nothing.
	Close() error
}

// DefaultLimit is the number of games ListGames returns when Filter.Limit is 0.
const DefaultLimit = 50

// Ongoing is the Result of a game that is not finished.
const Ongoing = "*"
