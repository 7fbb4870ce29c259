// Package learn is the site's learning: the lessons of every game
// (/learn), the puzzles with their ratings (/puzzles) and the analysis
// board, where the server judges every move of a finished game or an
// uploaded record (/games/{id}/analysis, /archive/analysis). Its searches
// take the pool's background slots, after the computer opponents.
//
// Each part is its own small type (lessons, puzzles, the analysis board,
// the Reviews that run), wired by Learning.
package learn

import (
	"net/http"

	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/pool"
	"github.com/plateau-games/plateau/server/internal/site"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// Learning wires the learning's parts together, each its own type with
// only what it needs: lessons (lessons.go), puzzles (puzzles.go,
// puzzlecheck.go), both on a trainer (trainer.go), and the analysis
// board (analysis.go, analysisview.go) with the Reviews that run on the
// pool (reviews.go). The root's routes call the parts' exported methods,
// promoted through Learning.
type Learning struct {
	*lessons
	*puzzles
	*board
	// Reviews are the reviews running (their counters, for tests).
	Reviews *Reviews
}

// Services is what the learning gets from the root.
type Services struct {
	Web      *web.Shell
	Games    *games.Games
	Searches *pool.Pool
	Reviews  *Reviews
	// CurrentUser is the account logged in for a request (the club's).
	CurrentUser func(r *http.Request) *store.User
	// Puzzles keeps the players' puzzle ratings; nil when the site keeps
	// no accounts.
	Puzzles store.Puzzles
	// BadRecord answers an upload that is no record: the archive page
	// with the text and the error.
	BadRecord func(w http.ResponseWriter, r *http.Request, lang, text string, err error)
	// POGOSolution is the path of POGO's solution for the analysis
	// board's exact values ("" for the place plateau solve pogo writes
	// it to).
	POGOSolution string
}

// New builds the learning on env with the root's services.
func New(env *site.Env, s Services) *Learning {
	tr := trainer{Env: env, web: s.Web}
	s.Reviews.env, s.Reviews.pool = env, s.Searches
	return &Learning{
		lessons: &lessons{tr},
		puzzles: &puzzles{trainer: tr, currentUser: s.CurrentUser, ratings: s.Puzzles},
		board: &board{Env: env, web: s.Web, games: s.Games, reviews: s.Reviews,
			currentUser: s.CurrentUser, badRecord: s.BadRecord, solution: &solution{path: s.POGOSolution}},
		Reviews: s.Reviews,
	}
}
