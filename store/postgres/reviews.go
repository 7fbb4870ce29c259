package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/plateau-games/plateau/store/internal/model"
	"github.com/plateau-games/plateau/store/internal/sqlcommon"
)

var _ model.Reviews = (*Store)(nil)

// GetReview implements store.Reviews.
func (s *Store) GetReview(ctx context.Context, id string) (*model.Review, error) {
	r := &model.Review{Game: id}
	var js string
	err := s.pool.QueryRow(ctx, `SELECT agent, budget, review::text, created_at FROM reviews WHERE game = $1`, id).
		Scan(&r.Agent, &r.Budget, &js, &r.CreatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("%w: no review of game %s", model.ErrNotFound, id)
	}
	if err != nil {
		return nil, err
	}
	r.JSON = []byte(js)
	r.CreatedAt = r.CreatedAt.UTC()
	return r, nil
}

// PutReview implements store.Reviews. The game's row is locked FOR SHARE:
// a game cannot be deleted under its review.
func (s *Store) PutReview(ctx context.Context, r *model.Review) error {
	if err := sqlcommon.CheckReview(r); err != nil {
		return err
	}
	if r.CreatedAt.IsZero() {
		r.CreatedAt = sqlcommon.Now()
	}
	r.CreatedAt = sqlcommon.Time(r.CreatedAt)
	return s.write(ctx, func(tx pgx.Tx) error {
		var result string
		err := tx.QueryRow(ctx, `SELECT result FROM games WHERE id = $1 FOR SHARE`, r.Game).Scan(&result)
		found := !errors.Is(err, pgx.ErrNoRows)
		if err != nil && found {
			return err
		}
		if err := sqlcommon.ReviewFits(r.Game, found, result); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `INSERT INTO reviews (game, agent, budget, review, created_at) VALUES ($1, $2, $3, $4::jsonb, $5)
			ON CONFLICT (game) DO UPDATE SET agent = EXCLUDED.agent, budget = EXCLUDED.budget, review = EXCLUDED.review, created_at = EXCLUDED.created_at`,
			r.Game, r.Agent, r.Budget, string(r.JSON), r.CreatedAt)
		return err
	})
}
