package server

import (
	"context"
	"fmt"
	"time"

	"github.com/plateau-games/plateau/store"
)

var _ store.Leaving = (*memStore)(nil)

// LeaveSeat implements store.Leaving for the tests, as the SQL backends
// do (storetest.RunLeaving).
func (s *memStore) LeaveSeat(ctx context.Context, id string, seat int, agent string, at time.Time) (int, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if agent == "" || len(agent) > store.MaxAgentLength {
		return 0, fmt.Errorf("memstore: game %s: a leaver's level of %d bytes", id, len(agent))
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	g, ok := s.games[id]
	switch {
	case !ok:
		return 0, store.ErrNotFound
	case g.Result != store.Ongoing:
		return 0, fmt.Errorf("%w: game %s is finished", store.ErrConflict, id)
	case seat < 0 || seat >= len(g.Seats):
		return 0, fmt.Errorf("memstore: game %s has no seat %d", id, seat)
	case g.Seats[seat].Left != 0 || g.Seats[seat].Kind == "computer":
		return 0, fmt.Errorf("%w: game %s: seat %d already left or is a computer", store.ErrConflict, id, seat)
	}
	left := 1
	for _, st := range g.Seats {
		if st.Left != 0 {
			left++
		}
	}
	if at.IsZero() {
		at = time.Now()
	}
	g.Seats[seat].Kind, g.Seats[seat].Agent, g.Seats[seat].Left = "computer", agent, left
	g.UpdatedAt = at.UTC()
	return left, nil
}
