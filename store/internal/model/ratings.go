package model

import (
	"context"
	"time"
)

// Rating is an account's rating in one variant of one game (package
// rating computes them; the store keeps them): Glicko-2 for two players,
// OpenSkill (Weng-Lin, Plackett-Luce) for three and four and for teams of
// three or more seats. A variant's ratings are all of one system, so that
// its leaderboard is one list sorted by Rating.
//
// An OpenSkill rating has Sigma > 0: Mu and Sigma are its skill, Rating is
// the number shown (rating.Display, on the Glicko scale), Deviation the
// uncertainty on that scale and Volatility 0. A Glicko-2 rating has Mu and
// Sigma 0 (NULL in the tables).
type Rating struct {
	User       string // the user's name
	Variant    string // "pogo", "empire players=4 teams=true": the rules id and the resolved options
	Rating     float64
	Deviation  float64
	Volatility float64
	Mu, Sigma  float64 // OpenSkill only
	Games      int     // rated games played in this variant
	Wins       int
	Draws      int
	Losses     int
	UpdatedAt  time.Time // zero for a player who has no rated game yet (the defaults)
}

// OpenSkill says whether r is an OpenSkill rating (Sigma > 0) rather than
// a Glicko-2 one.
func (r Rating) OpenSkill() bool { return r.Sigma > 0 }

// RatingPoint is one entry of an account's rating history: its rating in a
// variant after one rated game.
type RatingPoint struct {
	Game      string // the game's public id
	At        time.Time
	Rating    float64
	Deviation float64
	Mu, Sigma float64 // OpenSkill only (0 for Glicko-2)
}

// GameScore is one account's result in a rated game: 1 a win, 1/2 a draw, 0
// a loss (with teams, each partner gets the team's score).
type GameScore struct {
	User  string
	Score float64
}

// RatingUpdate computes the new ratings of a game's players from their
// current ones, given in the order of the scores passed to RateGame (a
// player without a rating in the variant comes with RateGame's defaults
// and Games 0). It returns one Rating per player, in the same order; only
// its Rating, Deviation, Volatility, Mu and Sigma are used, and each must
// be of the defaults' system (OpenSkill when their Sigma > 0).
type RatingUpdate func(current []Rating) ([]Rating, error)

// Ratings keeps the ratings of accounts. Both SQL backends implement it
// (store/storetest.RunRatings is its conformance suite).
type Ratings interface {
	// RateGame applies a rated game's result once: in one transaction it
	// reads the current ratings of the players in the variant (locked
	// against concurrent rating of the same players), calls update with
	// them, and stores the new ratings, the players' counts of games,
	// wins, draws and losses (from the scores), one history point per
	// player, and the game as rated. A game already rated is refused with
	// ErrConflict and changes nothing, so that of several servers finishing
	// one game only one rates it. A player without a rating comes to update
	// with def's Rating, Deviation, Volatility, Mu and Sigma and Games 0;
	// def's system (OpenSkill when def.Sigma > 0) is the game's, and a
	// player whose stored rating in the variant is of the other system is
	// an error (and nothing changes). Users must
	// exist (ErrNotFound), be distinct, and number 2 or more. It returns
	// the ratings stored.
	RateGame(ctx context.Context, game, variant string, at time.Time, scores []GameScore, def Rating, update RatingUpdate) ([]Rating, error)
	// UserRatings returns every rating of a user, by variant (empty for a
	// user without rated games; ErrNotFound for no such user).
	UserRatings(ctx context.Context, user string) ([]Rating, error)
	// Leaderboard returns the ratings of a variant, the highest first
	// (then by name), a page at a time (limit 0: DefaultLimit), only of
	// accounts not disabled with at least minGames rated games.
	Leaderboard(ctx context.Context, variant string, minGames, limit, offset int) ([]Rating, error)
	// RatingHistory returns a user's rating points in a variant, oldest
	// first, at most limit (0: all, bounded by MaxHistory), the most recent
	// ones when there are more; ErrNotFound for no such user.
	RatingHistory(ctx context.Context, user, variant string, limit int) ([]RatingPoint, error)
}

// MaxHistory bounds the points RatingHistory returns.
const MaxHistory = 10000
