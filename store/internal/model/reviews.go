package model

import (
	"context"
	"time"
)

// Review is the stored judgement of a finished game (package review): every
// move's verdict, the evaluation over the game and each seat's summary, as
// the JSON the server computed once, with the judge and the budget it used.
type Review struct {
	Game      string    // the game's id
	Agent     string    // the search that judged ("hard", "alphabeta:nodes=20000", "perfect")
	Budget    string    // the budget per position ("500ms", "20000 nodes"); "" for the agent's own
	JSON      []byte    // the review (review.Review as JSON)
	CreatedAt time.Time // when it was stored
}

// MaxReviewBytes bounds a stored review's JSON: beyond, PutReview refuses.
const MaxReviewBytes = 4 << 20

// Reviews keeps the reviews of finished games, one per game. Both SQL
// backends implement it (store/storetest.RunReviews is its conformance
// suite).
type Reviews interface {
	// GetReview returns game id's review; ErrNotFound when the game has
	// none (or there is no such game).
	GetReview(ctx context.Context, id string) (*Review, error)
	// PutReview stores r as the review of game r.Game, replacing the one
	// it had. ErrNotFound for no such game; ErrConflict unless the game is
	// finished; an error for an empty JSON or one beyond MaxReviewBytes. A
	// zero CreatedAt means now.
	PutReview(ctx context.Context, r *Review) error
}
