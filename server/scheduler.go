package server

import (
	"net/http"

	"github.com/plateau-games/plateau/server/internal/pool"
	"github.com/plateau-games/plateau/server/internal/web"
)

// requestOwner is pool.Owner of an HTTP request.
func (s *Server) requestOwner(r *http.Request) string {
	user := ""
	if u := s.club.CurrentUser(r); u != nil {
		user = u.Name
	}
	return pool.Owner(user, web.Info(r).Key)
}

func init() {
	web.Register(schedulerMessages)
}

// schedulerMessages are the texts of the refusals of a person's full line.
var schedulerMessages = map[string][2]string{
	"err:hint_queue": {"You already have several hints or analyses waiting for the computer: ask again in a moment.",
		"Vous avez déjà plusieurs indices ou analyses en attente de l'ordinateur : redemandez dans un instant."},
}

// DefaultSearchQueuePerPerson is Config.SearchQueuePerPerson's default.
const DefaultSearchQueuePerPerson = pool.DefaultQueuePerPerson
