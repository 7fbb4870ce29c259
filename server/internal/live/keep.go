package live

import (
	"context"
)

// KeepPlaying has this server play game id, whose seats are all
// computers (a tournament's board between two computer players): a room
// runs its computers only while somebody watches (join), and nobody
// watches these. The room stays loaded, its computers playing, until the
// game ends, then goes at the next sweep of rooms. As for every computer
// seat, the holder of the game's lease plays: several servers keeping
// one game play it once, and another takes over when the holder dies.
// Calling it again is harmless.
func (lv *Live) KeepPlaying(ctx context.Context, id string) error {
	r, err := lv.room(ctx, id)
	if err != nil {
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	// A room loaded for nothing (the game over, or a person's, which
	// runs when he opens it) goes at the next sweep of rooms.
	if r.kept || r.finished() || r.evicted.Load() {
		return nil
	}
	if !r.computersOnlyLocked() {
		return nil
	}
	r.kept = true
	if len(r.clients) == 0 {
		r.scheduleLocked()
	}
	return nil
}

// keptLocked says whether the room must stay though nobody watches: a
// game of computers kept playing, until it ends.
func (r *room) keptLocked() bool { return r.kept && !r.finished() }

// ComputersOwner is whom the searches of games of computers alone count
// against in the searches' pool: all such games share one background
// share (search.go).
const ComputersOwner = "computers"

// computersOnlyLocked says whether every seat of the game is a computer.
func (r *room) computersOnlyLocked() bool {
	for _, s := range r.g.Seats {
		if s.Kind != "computer" {
			return false
		}
	}
	return len(r.g.Seats) > 0
}
