package server

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"sync"

	"github.com/plateau-games/plateau/store"
)

// memStore is an in-memory store.Store for the server's tests: the
// protocol tests should not depend on a database, and two servers on one
// memStore reproduce two processes racing for a ply.
type memStore struct {
	mu      sync.Mutex
	games   map[string]*store.Game
	reviews map[string]store.Review
	turns   map[string]memTurn // store.Turns (memturns_test.go)
}

func newMemStore() *memStore {
	return &memStore{games: map[string]*store.Game{}, turns: map[string]memTurn{}}
}

func clone(g *store.Game) *store.Game {
	c := *g
	c.Seats = slices.Clone(g.Seats)
	c.Moves = slices.Clone(g.Moves)
	c.Hints = slices.Clone(g.Hints)
	return &c
}

func (s *memStore) CreateGame(_ context.Context, g *store.Game) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.games[g.ID]; ok {
		return store.ErrConflict
	}
	s.games[g.ID] = clone(g)
	return nil
}

func (s *memStore) LoadGame(_ context.Context, id string) (*store.Game, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g, ok := s.games[id]
	if !ok {
		return nil, store.ErrNotFound
	}
	c := clone(g)
	s.loadTurn(c)
	return c, nil
}

func (s *memStore) AppendMove(ctx context.Context, id string, m store.Move) error {
	return s.appendMove(ctx, id, m, "*", "")
}

// AppendFinalMove appends m and ends the game, under one lock: both or
// neither. Like the real stores, it refuses the result "*" or "".
func (s *memStore) AppendFinalMove(ctx context.Context, id string, m store.Move, result, reason string) error {
	if result == "" || result == "*" {
		return fmt.Errorf("memstore: cannot finish a game with result %q", result)
	}
	return s.appendMove(ctx, id, m, result, reason)
}

// appendMove appends m and, unless result is "*", ends the game.
func (s *memStore) appendMove(ctx context.Context, id string, m store.Move, result, reason string) error {
	if err := ctx.Err(); err != nil {
		return err // not stored, as the Store contract says
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	g, ok := s.games[id]
	if !ok {
		return store.ErrNotFound
	}
	if g.Result != "*" || m.Ply != len(g.Moves) {
		return store.ErrConflict
	}
	g.Moves = append(g.Moves, m)
	g.UpdatedAt = m.At
	if result != "*" {
		g.Result, g.Reason = result, reason
	}
	return nil
}

// Check implements store.Store: memory can always be written.
func (s *memStore) Check(ctx context.Context) error { return ctx.Err() }

func (s *memStore) TruncateMoves(_ context.Context, id string, plies int) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	g, ok := s.games[id]
	if !ok {
		return store.ErrNotFound
	}
	if g.Result != "*" {
		return store.ErrConflict
	}
	if plies < len(g.Moves) {
		g.Moves = g.Moves[:plies]
	}
	delete(s.turns, id)
	return nil
}

func (s *memStore) FinishGame(_ context.Context, id, result, reason string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	g, ok := s.games[id]
	if !ok {
		return store.ErrNotFound
	}
	if g.Result != "*" {
		return store.ErrConflict
	}
	g.Result, g.Reason = result, reason
	return nil
}

func (s *memStore) ListGames(_ context.Context, f store.Filter) ([]store.Game, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []store.Game
	for _, g := range s.games {
		if f.Finished != nil && (g.Result != "*") != *f.Finished {
			continue
		}
		if f.GameID != "" && g.GameID != f.GameID {
			continue
		}
		if (f.Correspondence && g.MoveDays <= 0) || (f.RealTime && g.ClockMillis <= 0) {
			continue
		}
		if !f.UpdatedBefore.IsZero() && !g.UpdatedAt.Before(f.UpdatedBefore) {
			continue
		}
		c := clone(g)
		c.Moves, c.Hints = nil, nil
		out = append(out, *c)
	}
	sort.Slice(out, func(i, j int) bool {
		if !out[i].UpdatedAt.Equal(out[j].UpdatedAt) {
			return out[i].UpdatedAt.After(out[j].UpdatedAt) != f.OldestFirst
		}
		return out[i].ID < out[j].ID
	})
	limit := f.Limit
	if limit == 0 {
		limit = store.DefaultLimit
	}
	if f.Offset >= len(out) {
		return nil, nil
	}
	out = out[f.Offset:]
	if len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

func (s *memStore) Close() error { return nil }

// AddHint implements store.Hints as the real stores do.
func (s *memStore) AddHint(ctx context.Context, id string, h store.Hint) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	g, ok := s.games[id]
	if !ok {
		return store.ErrNotFound
	}
	if h.Seat < 0 || h.Seat >= len(g.Seats) || h.Ply < 0 {
		return fmt.Errorf("memstore: no hint for seat %d at ply %d", h.Seat, h.Ply)
	}
	if g.Result != "*" || h.Ply != len(g.Moves) || len(g.Hints) >= store.MaxHints {
		return store.ErrConflict
	}
	g.Hints = append(g.Hints, h)
	return nil
}

// GetReview implements store.Reviews as the real stores do.
func (s *memStore) GetReview(_ context.Context, id string) (*store.Review, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.reviews[id]
	if !ok {
		return nil, store.ErrNotFound
	}
	r.JSON = slices.Clone(r.JSON)
	return &r, nil
}

// PutReview implements store.Reviews as the real stores do.
func (s *memStore) PutReview(_ context.Context, r *store.Review) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	g, ok := s.games[r.Game]
	switch {
	case !ok:
		return store.ErrNotFound
	case g.Result == "*":
		return store.ErrConflict
	case len(r.JSON) == 0 || len(r.JSON) > store.MaxReviewBytes:
		return fmt.Errorf("memstore: a review of %d bytes", len(r.JSON))
	}
	if s.reviews == nil {
		s.reviews = map[string]store.Review{}
	}
	c := *r
	c.JSON = slices.Clone(r.JSON)
	s.reviews[r.Game] = c
	return nil
}
