package model

import (
	"context"
	"time"
)

// PuzzleRating is an account's Glicko-2 rating at the puzzles of one game
// (package rating computes it; the store keeps it).
type PuzzleRating struct {
	User       string // the user's name
	Game       string // the game id: "pogo", "pods" (all the game's puzzle sets together)
	Rating     float64
	Deviation  float64
	Volatility float64
	Attempts   int       // puzzles tried (first attempts only)
	Solved     int       // of which solved at the first try
	UpdatedAt  time.Time // zero: no attempt yet (the defaults)
}

// PuzzleStanding is a puzzle's own Glicko-2 rating: how hard players find
// it.
type PuzzleStanding struct {
	Puzzle     string // the puzzle's id: "saute-12"
	Rating     float64
	Deviation  float64
	Volatility float64
	Attempts   int // first attempts at it, every player together
	Solved     int // of which solved
}

// PuzzleAttempt is a user's first attempt at a puzzle.
type PuzzleAttempt struct {
	User   string // the user's name
	Puzzle string // the puzzle's id
	Game   string // the game the puzzle is of (PuzzleRating.Game)
	Solved bool
	At     time.Time
	Rating float64 // the user's puzzle rating in Game after it
}

// PuzzleUpdate computes the new ratings of a player and a puzzle after an
// attempt from their current ones; the store uses only Rating, Deviation
// and Volatility of what it returns.
type PuzzleUpdate func(player PuzzleRating, puzzle PuzzleStanding, solved bool) (PuzzleRating, PuzzleStanding, error)

// MaxPuzzleIDs bounds the puzzles PuzzleStandings reads at once.
const MaxPuzzleIDs = 1000

// MaxPuzzleID bounds the length in bytes of a puzzle id and of a game id
// given to RatePuzzle.
const MaxPuzzleID = 100

// Puzzles keeps the puzzle ratings of accounts and the standings of the
// puzzles. Both SQL backends implement it (store/storetest.RunPuzzles is
// its conformance suite).
type Puzzles interface {
	// RatePuzzle records a user's first attempt at a puzzle and applies
	// it, in one transaction: it reads the user's rating in a.Game and the
	// puzzle's standing, locked against a concurrent attempt (a user
	// without a rating in the game comes with defPlayer's Rating,
	// Deviation and Volatility and counts 0, a puzzle without a standing
	// with defPuzzle's), calls update, and stores both (Attempts +1,
	// Solved +1 when solved, counted by the store, UpdatedAt = a.At) and
	// the attempt (its Rating the player's new rating). A second attempt
	// of the same user at the same puzzle is refused with ErrConflict and
	// changes nothing; ErrNotFound for no such user; an error (not a
	// panic) for an empty user, puzzle or game id, ids longer than
	// MaxPuzzleID bytes, unusable defaults, a nil update, or non-finite /
	// non-positive values returned by update; an error of update is
	// returned as it is, nothing stored. A zero a.At means now. It
	// returns what it stored.
	RatePuzzle(ctx context.Context, a PuzzleAttempt, defPlayer PuzzleRating, defPuzzle PuzzleStanding, update PuzzleUpdate) (PuzzleRating, PuzzleStanding, error)
	// PuzzleRatings returns a user's puzzle ratings, one per game tried,
	// by game id (empty for a user who tried none); ErrNotFound for no
	// such user.
	PuzzleRatings(ctx context.Context, user string) ([]PuzzleRating, error)
	// PuzzleAttempts returns a user's attempts, the most recent first
	// (then by puzzle id), of one game ("" every game), at most limit (0:
	// DefaultLimit; bounded by MaxHistory); ErrNotFound for no such user.
	PuzzleAttempts(ctx context.Context, user, game string, limit int) ([]PuzzleAttempt, error)
	// PuzzleStandings returns the standings of the puzzles named, by
	// puzzle id (those never attempted are absent); an error for more than
	// MaxPuzzleIDs ids.
	PuzzleStandings(ctx context.Context, puzzles []string) (map[string]PuzzleStanding, error)
}
