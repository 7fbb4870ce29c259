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
	Hints           []Hint // hints given to its players, in the order given (LoadGame; ListGames leaves them out)
	Result          string // as in game records: "*" while on, "win 1", "win 1,3", "draw", "over"
	Reason          string // why it ended ("" while on)
	Casual          bool   // undo requests and draw offers allowed
	Rated           bool   // the result changes the ratings of the seats' accounts
	MoveDays        int    // correspondence: days for each move, 0 = none; the player to move loses when a move takes longer
	ClockMillis     int64  // initial time per player, 0 = no clock
	IncrementMillis int64
	CreatedAt       time.Time
	UpdatedAt       time.Time
	// Offer is the pending draw offer or undo request, and ClockFrom when
	// the clock of the seat to move began to run if not at the last move
	// (an undo, a server taking a dead one's game over): see Turns.
	// LoadGame only; nil and zero for none.
	Offer     *Offer
	ClockFrom time.Time
	// LeaverAgent is the computer level that plays on the seat of a
	// player who leaves a game of three or four without teams (Leaving);
	// "" is the server's default (easy).
	LeaverAgent string
}

// Seat says who holds a seat.
type Seat struct {
	Kind      string // "human" (whoever holds the seat's token) or "computer"
	Agent     string // agent spec for a computer seat ("medium", "mcts:time=1s")
	Name      string // display name
	TokenHash string // hex SHA-256 of the seat's secret token; "" for computers
	User      string // the account holding the seat (its name); "" for none
	// Left is 0 for a player still at the table; for one who left a game
	// of three or four without teams (resigned, ran out of time, missed a
	// correspondence deadline: DECISIONS.md, "Leaving a game of three or
	// four"), the order he left in, 1 for the first. His seat is then a
	// computer's (Kind, Agent) playing on, and Name and User stay his.
	Left int
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
	Finished       *bool     // nil: all
	GameID         string    // "" : all games
	User           string    // "" : all games; else only games where this account holds a seat
	Correspondence bool      // only games with days per move (MoveDays > 0)
	RealTime       bool      // only games with a real-time clock (ClockMillis > 0)
	UpdatedBefore  time.Time // zero: no bound; else only games with UpdatedAt < UpdatedBefore
	OldestFirst    bool      // order by UpdatedAt ascending (then ID) instead of newest first
	Limit          int       // 0: a default of 50
	Offset         int
}

// GroupCommit sets how a store coalesces concurrent AppendMove and
// AppendFinalMove calls into shared transactions. A zero field takes its
// default (the Default* constants below).
type GroupCommit struct {
	// MaxBatch is the largest number of moves committed in one
	// transaction.
	MaxBatch int
	// QueueSize bounds the moves waiting for a batch, all writers
	// together. A caller that finds the queue full waits for room as long
	// as its context allows, then gets ctx.Err() with nothing stored.
	QueueSize int
	// Timeout bounds one batch, from its BEGIN to its COMMIT, then again
	// the commit itself and, if the commit failed, again the reading back
	// of whether the moves are stored: how long a caller whose move is
	// being committed can wait past its own context (three times Timeout
	// at the very worst).
	Timeout time.Duration
	// Writers is the number of goroutines committing batches at once,
	// each on its own connection; the moves of one game always go to the
	// same writer, in the order they came. SQLite has one writing
	// connection and ignores it (always 1).
	Writers int
}

// GroupCommitStats counts what a store's group commit did since it was
// opened.
type GroupCommitStats struct {
	Batches   uint64 // transactions run (committed or not)
	Moves     uint64 // moves taken into those batches
	Committed uint64 // moves stored
	Failed    uint64 // batches that did not commit (every move in them refused)
	Panics    uint64 // batches ended by a recovered panic
	MaxBatch  int    // the largest batch so far
	Queued    int    // moves waiting for a batch now (a gauge)
}

// The defaults of GroupCommit.
const (
	DefaultMaxBatch      = 256
	DefaultQueueSize     = 4096
	DefaultCommitTimeout = 10 * time.Second
	DefaultWriters       = 2
)

// ErrClosed is returned by writes to a store that is closed or closing.
var ErrClosed = errors.New("store: closed")

// Store keeps games. Implementations are safe for concurrent use. A write
// returns only once it is durable (committed).
//
// An error means not stored: a write that returns an error left nothing
// behind, whatever the error (a conflict, a canceled or expired context, a
// full disk, a read-only database). A context that ends during a COMMIT
// does not interrupt it. AppendMove and AppendFinalMove go further: once a
// move is taken into a batch, the call waits for that batch's outcome even
// if its context ends meanwhile (bounded by the store's own timeout), and
// if the COMMIT itself fails (a connection lost in the middle of it, the
// one case where a database may have committed without saying so) they
// read back whether the move is stored and answer accordingly; only if
// even that read fails is the outcome unknown, and reported as an error.
// The other writes report such a failed COMMIT as an error too: the caller
// reloads the game.
//
// Times are kept at millisecond precision and come back in UTC. A game is
// finished once its Result is not "*". Every write sets UpdatedAt: to the
// move's time for AppendMove and AppendFinalMove, to the current time
// otherwise.
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
	//
	// It returns nil only once the move is committed (durable), and any
	// error means the move is not stored. Concurrent appends (to different
	// games or to one) are grouped into shared transactions (group
	// commit), each move checked and applied on its own: a move that
	// conflicts fails alone, the others of its batch commit. If ctx ends
	// before the move joined a batch, AppendMove returns ctx.Err() and
	// nothing is stored; once it is in a batch, the call waits for the
	// batch's outcome, which the store bounds with its own timeout, rather
	// than return early with an outcome it cannot know. Once the store is
	// closed (or closing), it returns ErrClosed.
	AppendMove(ctx context.Context, id string, m Move) error
	// AppendFinalMove appends m as AppendMove does (same conflict rules)
	// and, in the same transaction, finishes the game with result (anything
	// but "*" or "") and reason, as FinishGame does: a winning move and its
	// result are stored together or not at all. It goes through group
	// commit like AppendMove, with the same contract on errors and
	// contexts.
	AppendFinalMove(ctx context.Context, id string, m Move, result, reason string) error
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
	// without Moves, newest first (UpdatedAt, then ID for a stable order),
	// or oldest first (UpdatedAt, then ID) with f.OldestFirst. With a
	// non-zero f.UpdatedBefore only games updated strictly before it are
	// listed: {Finished: &no, UpdatedBefore: now-ttl, OldestFirst: true}
	// finds the abandoned games, the oldest first.
	ListGames(ctx context.Context, f Filter) ([]Game, error)
	// Check proves that the store can write now: it makes a small durable
	// write (one row of a health table) and reads it back, so that a full
	// disk, a read-only database or a lost server shows as an error. For
	// health checks (/healthz); it stores nothing else.
	Check(ctx context.Context) error
	// Close releases the store. Calling it again does nothing.
	Close() error
}

// DefaultLimit is the number of games ListGames returns when Filter.Limit is 0.
const DefaultLimit = 50

// Ongoing is the Result of a game that is not finished.
const Ongoing = "*"
