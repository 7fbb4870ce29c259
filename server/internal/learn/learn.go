// Package learn is the site's learning: the lessons of every game
// (/learn), the puzzles with their ratings (/puzzles) and the analysis
// board, where the server judges every move of a finished game or an
// uploaded record (/games/{id}/analysis, /archive/analysis). Its searches
// take the pool's background slots, after the computer opponents.
package learn

import (
	"errors"
	"net/http"

	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/pool"
	"github.com/plateau-games/plateau/server/internal/site"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// Learning serves the lessons, the puzzles and the analysis board.
type Learning struct {
	*site.Env
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
}

// owner is who a request's searches count for (pool.Owner): the account,
// else the address.
func (lr *Learning) owner(r *http.Request) string {
	user := ""
	if u := lr.CurrentUser(r); u != nil {
		user = u.Name
	}
	return pool.Owner(user, web.Info(r).Key)
}

// loadFailed answers a game that could not be loaded.
func (lr *Learning) loadFailed(w http.ResponseWriter, r *http.Request, lang string, err error) {
	if errors.Is(err, store.ErrNotFound) {
		lr.Web.Fail(w, r, lang, http.StatusNotFound, "no such game")
		return
	}
	lr.Web.InternalError(w, r, lang, "load game", err)
}
