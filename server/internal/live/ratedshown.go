package live

import (
	"context"
	"time"

	"github.com/plateau-games/plateau/store"
)

// The rating changes of a rated game on every server. The server that
// ends the game rates it (rateLater) and shows the changes; another server
// with the game in memory learns of the end from the store's notification,
// before the rating is stored, and rateGame there finds it rated already.
// So the rating server announces "rated", and a room that ended without
// its changes reads them from the ratings' history (as a room loaded later
// does): the banner says "Ratings: alice 1500 → 1338" on every server.

// ratedEvent is the announcement that a game's ratings are stored.
const ratedEvent = "rated"

// AnnounceRated tells the other servers (nothing with one).
func (lv *Live) AnnounceRated(id string) {
	n, ok := lv.cfg.Store.(store.Notifier)
	if !ok {
		return
	}
	ctx, cancel := context.WithTimeout(lv.Ctx, storeTimeout)
	defer cancel()
	if err := n.Announce(ctx, id, ratedEvent); err != nil {
		lv.LogError("announce rated", err, "game", id)
	}
}

// ratingsFromHistory reads the rating changes of the room's finished rated
// game from the store, away from the room's lock, and shows them; nothing
// when the room has them already or the game is not rated (yet).
func (r *room) ratingsFromHistory() {
	defer r.lv.recoverRoom("rated event", r)
	r.mu.Lock()
	if r.evicted.Load() || r.ratings != nil || !r.g.Rated || !r.finished() {
		r.mu.Unlock()
		return
	}
	g := *r.g
	g.Seats = append([]store.Seat(nil), r.g.Seats...)
	r.mu.Unlock()
	ctx, cancel := context.WithTimeout(r.lv.Ctx, 10*time.Second)
	defer cancel()
	changes := r.lv.club.PastRatingChanges(ctx, &g)
	if changes == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.ratings != nil {
		return
	}
	r.ratings = changes
	r.built = [4]*sharedState{}
	r.broadcastStateLocked()
}
