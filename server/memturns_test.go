package server

import (
	"context"
	"fmt"
	"time"

	"github.com/plateau-games/plateau/store"
)

// memTurn is a game's turn in a memStore: its offer and clock start, for
// the position after ply moves (store.Turns).
type memTurn struct {
	ply   int
	from  time.Time
	offer *store.Offer
}

// loadTurn sets a loaded game's Offer and ClockFrom as the real stores
// do: only while they are about its position. s.mu is held.
func (s *memStore) loadTurn(g *store.Game) {
	t, ok := s.turns[g.ID]
	if !ok || g.Result != "*" || t.ply != len(g.Moves) {
		return
	}
	g.ClockFrom = t.from
	if t.offer != nil {
		o := *t.offer
		g.Offer = &o
	}
}

// current is game id's turn if about its position. s.mu is held.
func (s *memStore) current(g *store.Game) (memTurn, bool) {
	t, ok := s.turns[g.ID]
	return t, ok && g.Result == "*" && t.ply == len(g.Moves)
}

// MakeOffer implements store.Turns as the real stores do.
func (s *memStore) MakeOffer(ctx context.Context, id string, o store.Offer) (store.OfferOutcome, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	g, ok := s.games[id]
	if !ok {
		return 0, store.ErrNotFound
	}
	if g.Result != "*" || o.Ply != len(g.Moves) {
		return 0, store.ErrConflict
	}
	if (o.Kind != "draw" && o.Kind != "undo") || o.By < 0 || o.By >= len(g.Seats) || o.Needs&(1<<uint(o.By)) != 0 ||
		o.Kind == "undo" && (o.Keep < 0 || o.Keep >= o.Ply) || o.Kind == "draw" && o.Reason == "" {
		return 0, fmt.Errorf("memstore: offer %+v refused", o)
	}
	t, cur := s.current(g)
	if cur && t.offer != nil {
		return 0, store.ErrConflict
	}
	o.Got = 0
	if o.Needs == 0 {
		s.carry(g, o, o.At)
		return store.OfferCarried, nil
	}
	if !cur {
		t = memTurn{ply: len(g.Moves)}
	}
	t.offer = &o
	s.turns[id] = t
	return store.OfferWaiting, nil
}

// carry carries an accepted offer out. s.mu is held.
func (s *memStore) carry(g *store.Game, o store.Offer, at time.Time) {
	switch o.Kind {
	case "draw":
		g.Result, g.Reason = "draw", o.Reason
		delete(s.turns, g.ID)
	case "undo":
		g.Moves = g.Moves[:o.Keep]
		s.turns[g.ID] = memTurn{ply: o.Keep, from: at}
	}
}

// AnswerOffer implements store.Turns as the real stores do.
func (s *memStore) AnswerOffer(ctx context.Context, id string, a store.OfferAnswer) (store.Offer, store.OfferOutcome, error) {
	if err := ctx.Err(); err != nil {
		return store.Offer{}, 0, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	g, ok := s.games[id]
	if !ok {
		return store.Offer{}, 0, store.ErrNotFound
	}
	t, cur := s.current(g)
	if !cur || t.offer == nil || t.offer.Kind != a.Kind || t.offer.Ply != a.Ply {
		return store.Offer{}, 0, store.ErrConflict
	}
	o := *t.offer
	seats := a.Seats & o.Needs &^ o.Got
	if seats == 0 {
		return store.Offer{}, 0, store.ErrConflict
	}
	if !a.Accept {
		t.offer = nil
		s.turns[id] = t
		return o, store.OfferDeclined, nil
	}
	o.Got |= seats
	if o.Got == o.Needs {
		s.carry(g, o, a.At)
		return o, store.OfferCarried, nil
	}
	t.offer = &o
	s.turns[id] = t
	return o, store.OfferWaiting, nil
}

// SetClockFrom implements store.Turns as the real stores do.
func (s *memStore) SetClockFrom(ctx context.Context, id string, ply int, from time.Time) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	g, ok := s.games[id]
	if !ok {
		return store.ErrNotFound
	}
	began := g.CreatedAt
	if n := len(g.Moves); n > 0 {
		began = g.Moves[n-1].At
	}
	if g.Result != "*" || ply != len(g.Moves) || from.Before(began) {
		return store.ErrConflict
	}
	t, cur := s.current(g)
	if !cur {
		t = memTurn{ply: ply}
	}
	t.from = from
	s.turns[id] = t
	return nil
}
