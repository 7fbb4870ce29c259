package server

import (
	"context"
	"errors"
	"time"

	"github.com/plateau-games/plateau/store"
)

// timedStore times every call of the store into the histogram
// plateau_store_duration_seconds{op} and counts failures. It embeds the
// store, so that methods added to store.Store later pass through (untimed
// until they are added here).
type timedStore struct {
	store.Store
	m *metrics
}

func (t timedStore) done(op string, start time.Time, err error) {
	t.m.storeTime.WithLabelValues(op).Observe(time.Since(start).Seconds())
	if err != nil && !errors.Is(err, store.ErrNotFound) && !errors.Is(err, store.ErrConflict) {
		t.m.storeErrors.WithLabelValues(op).Inc()
	}
}

func (t timedStore) CreateGame(ctx context.Context, g *store.Game) (err error) {
	defer func(start time.Time) { t.done("create_game", start, err) }(time.Now())
	return t.Store.CreateGame(ctx, g)
}

func (t timedStore) LoadGame(ctx context.Context, id string) (g *store.Game, err error) {
	defer func(start time.Time) { t.done("load_game", start, err) }(time.Now())
	return t.Store.LoadGame(ctx, id)
}

func (t timedStore) AppendMove(ctx context.Context, id string, mv store.Move) (err error) {
	defer func(start time.Time) { t.done("append_move", start, err) }(time.Now())
	return t.Store.AppendMove(ctx, id, mv)
}

func (t timedStore) TruncateMoves(ctx context.Context, id string, plies int) (err error) {
	defer func(start time.Time) { t.done("truncate_moves", start, err) }(time.Now())
	return t.Store.TruncateMoves(ctx, id, plies)
}

func (t timedStore) FinishGame(ctx context.Context, id, result, reason string) (err error) {
	defer func(start time.Time) { t.done("finish_game", start, err) }(time.Now())
	return t.Store.FinishGame(ctx, id, result, reason)
}

func (t timedStore) ListGames(ctx context.Context, f store.Filter) (list []store.Game, err error) {
	defer func(start time.Time) { t.done("list_games", start, err) }(time.Now())
	return t.Store.ListGames(ctx, f)
}

// Check proves that the store can write now.
func (t timedStore) Check(ctx context.Context) (err error) {
	defer func(start time.Time) { t.done("check", start, err) }(time.Now())
	return t.Store.Check(ctx)
}

func (t timedStore) AppendFinalMove(ctx context.Context, id string, mv store.Move, result, reason string) (err error) {
	defer func(start time.Time) { t.done("append_final_move", start, err) }(time.Now())
	return t.Store.AppendFinalMove(ctx, id, mv, result, reason)
}
