package live

import (
	"context"
	"fmt"
	"time"

	"github.com/plateau-games/plateau/store"
)

// rateLater rates a room's game once it ended (the club's RateGame), away
// from the room's lock, then shows the changes to its connections.
func (r *room) rateLater() {
	g := *r.g
	g.Seats = append([]store.Seat(nil), r.g.Seats...)
	v := r.match.Variant()
	r.lv.GoSafe("rate game", func() {
		ctx, cancel := context.WithTimeout(r.lv.Ctx, 10*time.Second)
		defer cancel()
		changes, err := r.lv.club.RateGame(ctx, &g, v)
		if err != nil {
			r.lv.LogError("rate game", err, "game", g.ID)
			return
		}
		if changes == nil {
			// Rated already, by another server that ended it too: its
			// changes are in the history (ratedshown.go).
			r.ratingsFromHistory()
			return
		}
		r.lv.Log.Info("game rated", "game", g.ID, "changes", fmt.Sprint(changes))
		func() {
			r.mu.Lock()
			defer r.mu.Unlock()
			r.ratings = changes
			r.built = [4]*sharedState{}
			r.broadcastStateLocked()
		}()
		r.lv.AnnounceRated(g.ID) // after: its echo here finds the changes shown
	})
}
