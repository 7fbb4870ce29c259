// Package tourney runs tournaments on the site (issue 28): a director
// (any account, or the operator) creates a Swiss (FIDE Dutch), a round
// robin (Berger tables) or an arena of a two-player variant; players
// register and withdraw; the director starts it and pairs each round, or
// lets the server pair the next round when the last game of one ends.
// Games start with no link to send: each player finds his on the
// tournament's page and in "my games". Results come back from the games
// (GameEnded, live play's hook, and the sweep); the director may correct
// one or give a forfeit. The pairings and standings are package
// tournament's; the store keeps everything (store.Tournaments) and makes
// each round paired exactly once however many servers run.
package tourney

import (
	"context"
	"net/http"
	"strings"
	"sync"

	"github.com/plateau-games/plateau/server/internal/site"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// Services are what the tournaments use of the site.
type Services struct {
	Web *web.Shell
	// CurrentUser is the account logged in on the request (the club's).
	CurrentUser func(r *http.Request) *store.User
	// Holder names this server among those sharing the store (its own
	// announcements come back to it and are ignored).
	Holder string
	// KeepPlaying has the server play a game whose seats are all
	// computers (live play keeps its room running until it ends); nil:
	// such games wait for a spectator.
	KeepPlaying func(ctx context.Context, id string) error
}

// Tourney is the tournaments feature.
type Tourney struct {
	*site.Env
	web         *web.Shell
	st          store.Tournaments // nil: the store keeps none
	accounts    store.Accounts
	ratings     store.Ratings // nil: seeding without ratings
	notifier    store.Notifier
	currentUser func(r *http.Request) *store.User
	holder      string
	hub         hub
	keepPlaying func(ctx context.Context, id string) error
}

// New sets up the tournaments on raw, the store as opened (the
// interfaces it implements are looked up on it).
func New(env *site.Env, raw store.Store, sv Services) *Tourney {
	tn := &Tourney{Env: env, web: sv.Web, currentUser: sv.CurrentUser, holder: sv.Holder, keepPlaying: sv.KeepPlaying}
	tn.accounts, _ = raw.(store.Accounts)
	if tn.accounts != nil {
		tn.st, _ = raw.(store.Tournaments)
	}
	tn.ratings, _ = raw.(store.Ratings)
	tn.notifier, _ = raw.(store.Notifier)
	return tn
}

// Event is the prefix of the store's announcements of a tournament's
// change: "tourney ID HOLDER".
const Event = "tourney "

// changed tells the pages of tournament id, here and on the other
// servers, that it changed.
func (tn *Tourney) changed(id string) {
	tn.hub.changed(id)
	if tn.notifier != nil {
		ctx, cancel := context.WithTimeout(tn.Ctx, site.StoreTimeout)
		defer cancel()
		if err := tn.notifier.Announce(ctx, "-", Event+id+" "+tn.holder); err != nil {
			tn.LogError("announce tournament", err, "tournament", id)
		}
	}
}

// ChangedElsewhere takes the store's announcement of a change (the event
// after "tourney "): the pages of that tournament here fetch it again.
func (tn *Tourney) ChangedElsewhere(event string) {
	id, holder, _ := strings.Cut(event, " ")
	if holder == tn.holder {
		return // our own, echoed back: told already
	}
	tn.hub.changed(id)
}

// Resync is told when the store's notifications were lost for a while:
// every page fetches its tournament again.
func (tn *Tourney) Resync() { tn.hub.changed("") }

// hub hands the changes of tournaments to the pages' event streams.
type hub struct {
	mu   sync.Mutex
	subs map[chan struct{}]string // stream → its tournament
}

func (h *hub) subscribe(id string) (chan struct{}, func()) {
	ch := make(chan struct{}, 1)
	h.mu.Lock()
	if h.subs == nil {
		h.subs = map[chan struct{}]string{}
	}
	h.subs[ch] = id
	h.mu.Unlock()
	return ch, func() {
		h.mu.Lock()
		delete(h.subs, ch)
		h.mu.Unlock()
	}
}

// count is the number of open streams.
func (h *hub) count() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.subs)
}

// changed wakes the streams of tournament id ("" : all, and the list's).
func (h *hub) changed(id string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for ch, of := range h.subs {
		if id != "" && of != id && of != "" {
			continue
		}
		select {
		case ch <- struct{}{}:
		default:
		}
	}
}

// ratingOf is user's rating in the tournament's variant (its seeding),
// 0 without one.
func (tn *Tourney) ratingOf(ctx context.Context, user string, t *store.Tournament) int {
	if tn.ratings == nil {
		return 0
	}
	list, err := tn.ratings.UserRatings(ctx, user)
	if err != nil {
		return 0
	}
	key := t.GameID
	if t.Options != "" {
		key += " " + t.Options
	}
	for _, r := range list {
		if r.Variant == key {
			return int(r.Rating + 0.5)
		}
	}
	return 0
}

// directs says whether u may direct t: its director, or an operator.
func directs(u *store.User, t *store.Tournament) bool {
	return u != nil && (store.UserKey(u.Name) == store.UserKey(t.Director) || u.Role == store.RoleOperator)
}
