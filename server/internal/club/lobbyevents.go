package club

import (
	"context"
	"net/http"
	"sync"
	"time"

	"github.com/plateau-games/plateau/server/internal/site"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// The lobby's pages are told at once when the lobby changes (a challenge
// posted, accepted, cancelled or expired, on this server or another):
// GET /lobby/events is a stream of server-sent events, one "changed" per
// change, and the page then fetches the list. The page still fetches it
// every 15 seconds, should the stream break.

// lobbyHub hands lobby changes to the streams.
type lobbyHub struct {
	mu   sync.Mutex
	subs map[chan struct{}]struct{}
}

func (h *lobbyHub) subscribe() (chan struct{}, func()) {
	ch := make(chan struct{}, 1)
	h.mu.Lock()
	if h.subs == nil {
		h.subs = map[chan struct{}]struct{}{}
	}
	h.subs[ch] = struct{}{}
	h.mu.Unlock()
	return ch, func() {
		h.mu.Lock()
		delete(h.subs, ch)
		h.mu.Unlock()
	}
}

// changed wakes every stream; one that has not sent the last change yet
// sends one for both.
func (h *lobbyHub) changed() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for ch := range h.subs {
		select {
		case ch <- struct{}{}:
		default:
		}
	}
}

// LobbyChanged tells this server's lobby pages and the other servers.
func (lb *lobby) LobbyChanged() {
	lb.hub.changed()
	if n, ok := lb.cfg.Store.(store.Notifier); ok {
		ctx, cancel := context.WithTimeout(lb.Ctx, site.StoreTimeout)
		defer cancel()
		if err := n.Announce(ctx, "-", "lobby "+lb.holder); err != nil {
			lb.LogError("announce lobby", err)
		}
	}
}

// LobbyEvents is the stream of a lobby page.
func (lb *lobby) LobbyEvents(w http.ResponseWriter, r *http.Request) {
	if lb.challenges == nil {
		http.NotFound(w, r)
		return
	}
	// Ended at once if its session or bot token is revoked (revoke.go);
	// tracked before the answer begins, so that a client that has it is
	// known.
	revoked := make(chan struct{})
	var once sync.Once
	lb.members.CurrentUser(r)
	defer lb.revokes.TrackCredential(web.Info(r), func() { once.Do(func() { close(revoked) }) })()
	ch, done := lb.hub.subscribe()
	defer done()
	web.EventStream(w, r, ch, lb.Stopping, revoked)
}

// ExpireChallenges marks the expired challenges (a maintenance chore).
func (lb *lobby) ExpireChallenges() {
	if lb.challenges != nil {
		lb.expire("challenges", lb.challenges.ExpireChallenges)
	}
}

// expire runs one expiry of the lobby's (challenges or tables), logs what
// it did and tells the lobby pages when something expired.
func (lb *lobby) expire(what string, fn func(ctx context.Context, now time.Time) (int, error)) {
	ctx, cancel := context.WithTimeout(lb.Ctx, 10*time.Second)
	defer cancel()
	if n, err := fn(ctx, lb.Now()); err != nil {
		lb.Log.Warn("expiring "+what, "error", err)
	} else if n > 0 {
		lb.Log.Info(what+" expired", "count", n)
		lb.LobbyChanged()
	}
}
