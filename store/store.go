// Package store keeps the games of the plateau server: who sits where, every
// move with its time, and how each game ended. The server talks to storage
// only through the Store interface. Open picks a backend from a URL: an
// embedded SQLite file by default (package store/sqlite), PostgreSQL for
// larger installations (package store/postgres). Every backend passes the
// same conformance suite, package store/storetest. docs/storage.md describes
// the schema and the durability guarantees.
//
// The types are defined in store/internal/model and re-exported here as
// aliases: the backends implement Store without importing this package, which
// imports them for Open.
package store

import "github.com/plateau-games/plateau/store/internal/model"

type (
	// Game is one game on the server, finished or not.
	//
	//	ID              string // public id: URL-safe random string (e.g. 10 base32 chars)
	//	GameID          string // rules id: "pogo", "empire", ...
	//	Options         string // game.Options.String() of the resolved variant
	//	Position        string // start position text; "" = the variant's start
	//	Seats           []Seat // one per player, seat 0 first
	//	Moves           []Move // in ply order
	//	Result          string // as in game records: "*" while on, "win 1", "win 1,3", "draw", "over"
	//	Reason          string // why it ended ("" while on)
	//	Casual          bool   // undo requests and draw offers allowed
	//	ClockMillis     int64  // initial time per player, 0 = no clock
	//	IncrementMillis int64
	//	CreatedAt       time.Time
	//	UpdatedAt       time.Time
	Game = model.Game

	// Seat says who holds a seat.
	//
	//	Kind      string // "human" (whoever holds the seat's token) or "computer"
	//	Agent     string // agent spec for a computer seat ("medium", "mcts:time=1s")
	//	Name      string // display name
	//	TokenHash string // hex SHA-256 of the seat's secret token; "" for computers
	Seat = model.Seat

	// Move is one stored move.
	//
	//	Ply         int // 0 for the first move
	//	Notation    string
	//	Seat        int
	//	At          time.Time
	//	ClockMillis int64 // mover's remaining time after the move; -1 without clock
	Move = model.Move

	// Filter selects games for listing.
	//
	//	Finished *bool  // nil: all
	//	GameID   string // "" : all games
	//	Limit    int    // 0: a default of 50
	//	Offset   int
	Filter = model.Filter

	// Store keeps games. Implementations are safe for concurrent use. A
	// write returns only once it is durable (committed). See
	// model.Store for each method's contract:
	//
	//	CreateGame(ctx context.Context, g *Game) error                 // ErrConflict if the ID exists
	//	LoadGame(ctx context.Context, id string) (*Game, error)        // with its moves
	//	AppendMove(ctx context.Context, id string, m Move) error       // atomically: ErrConflict unless m.Ply == number of stored moves; ErrNotFound; refused once the game is finished (ErrConflict)
	//	TruncateMoves(ctx context.Context, id string, plies int) error // keep the first plies moves (undo); ErrConflict if the game is finished
	//	FinishGame(ctx context.Context, id, result, reason string) error
	//	ListGames(ctx context.Context, f Filter) ([]Game, error)       // newest first (UpdatedAt), without Moves
	//	Close() error
	Store = model.Store
)

var (
	// ErrNotFound is returned when no game has the given id.
	ErrNotFound = model.ErrNotFound
	// ErrConflict is returned when a write does not fit what is stored (an
	// id already used, a ply already taken, a finished game): the caller lost
	// a race, reloads the game and decides again.
	ErrConflict = model.ErrConflict
)

const (
	// DefaultLimit is the number of games ListGames returns when
	// Filter.Limit is 0.
	DefaultLimit = model.DefaultLimit
	// Ongoing is the Result of a game that is not finished.
	Ongoing = model.Ongoing
)
