package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/plateau-games/plateau/store/internal/model"
	"github.com/plateau-games/plateau/store/internal/sqlcommon"
)

var _ model.Reviews = (*Store)(nil)

// GetReview implements store.Reviews.
func (s *Store) GetReview(ctx context.Context, id string) (*model.Review, error) {
	r := &model.Review{Game: id}
	var created int64
	var js string
	err := s.r.QueryRowContext(ctx, `SELECT agent, budget, review, created_ms FROM reviews WHERE game = ?`, id).
		Scan(&r.Agent, &r.Budget, &js, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("%w: no review of game %s", model.ErrNotFound, id)
	}
	if err != nil {
		return nil, err
	}
	r.JSON = []byte(js)
	r.CreatedAt = sqlcommon.FromMillis(created)
	return r, nil
}

// PutReview implements store.Reviews.
func (s *Store) PutReview(ctx context.Context, r *model.Review) error {
	if err := sqlcommon.CheckReview(r); err != nil {
		return err
	}
	if r.CreatedAt.IsZero() {
		r.CreatedAt = sqlcommon.Now()
	}
	r.CreatedAt = sqlcommon.Time(r.CreatedAt)
	return s.write(ctx, func(tx *sql.Tx) error {
		var result string
		err := tx.QueryRowContext(ctx, `SELECT result FROM games WHERE id = ?`, r.Game).Scan(&result)
		found := !errors.Is(err, sql.ErrNoRows)
		if err != nil && found {
			return err
		}
		if err := sqlcommon.ReviewFits(r.Game, found, result); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO reviews (game, agent, budget, review, created_ms) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (game) DO UPDATE SET agent = excluded.agent, budget = excluded.budget, review = excluded.review, created_ms = excluded.created_ms`,
			r.Game, r.Agent, r.Budget, string(r.JSON), sqlcommon.Millis(r.CreatedAt))
		return err
	})
}
