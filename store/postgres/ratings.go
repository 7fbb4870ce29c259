package postgres

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/plateau-games/plateau/store/internal/model"
	"github.com/plateau-games/plateau/store/internal/sqlcommon"
)

var _ model.Ratings = (*Store)(nil)

// RateGame implements store.Ratings. The game is inserted into rated_games
// first: a second rating of it waits there for the first to end, then finds
// it rated (ErrConflict). The players' rows in users are then locked in
// name_key order (FOR NO KEY UPDATE, which leaves alone the key-share locks
// of foreign keys, such as a new session's), so that two games of the same
// players are rated one after the other and never deadlock; the ratings
// are read by a second statement, which sees every commit made before the
// locks were granted, and locked in turn (FOR UPDATE).
func (s *Store) RateGame(ctx context.Context, game, variant string, at time.Time, scores []model.GameScore, def model.Rating, update model.RatingUpdate) ([]model.Rating, error) {
	g, err := sqlcommon.PrepareRateGame(game, variant, at, scores, def, update)
	if err != nil {
		return nil, err
	}
	var rated []model.Rating
	var callerErr error // the update's error, or what is wrong with its answer: returned as is
	err = s.write(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `INSERT INTO rated_games (game, variant, at) VALUES ($1, $2, $3)
			ON CONFLICT (game) DO NOTHING`, g.Game, g.Variant, g.At)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return fmt.Errorf("%w: game %s is already rated", model.ErrConflict, g.Game)
		}
		names := map[string]string{}
		type stored struct {
			r       model.Rating
			updated time.Time
		}
		found := map[string]*stored{}
		b := &pgx.Batch{}
		b.Queue(`SELECT name_key, name FROM users WHERE name_key = ANY($1) ORDER BY name_key FOR NO KEY UPDATE`, g.Keys)
		b.Queue(`SELECT user_key, rating, deviation, volatility, games, wins, draws, losses, updated_at, mu, sigma
			FROM ratings WHERE variant = $1 AND user_key = ANY($2) ORDER BY user_key FOR UPDATE`, g.Variant, g.Keys)
		br := tx.SendBatch(ctx, b)
		var key, name string
		rows, _ := br.Query()
		_, err = pgx.ForEachRow(rows, []any{&key, &name}, func() error {
			names[key] = name
			return nil
		})
		if err != nil {
			br.Close()
			return err
		}
		var st stored
		var mu, sigma *float64
		rows, _ = br.Query()
		_, err = pgx.ForEachRow(rows, []any{&key, &st.r.Rating, &st.r.Deviation, &st.r.Volatility,
			&st.r.Games, &st.r.Wins, &st.r.Draws, &st.r.Losses, &st.updated, &mu, &sigma}, func() error {
			cp := st
			cp.r.Mu, cp.r.Sigma = deref(mu), deref(sigma)
			found[key] = &cp
			return nil
		})
		if err := errors.Join(err, br.Close()); err != nil {
			return err
		}
		current := make([]model.Rating, len(g.Keys))
		for i, key := range g.Keys {
			name, ok := names[key]
			if !ok {
				return fmt.Errorf("%w: no user %s", model.ErrNotFound, g.Scores[i].User)
			}
			r := g.Unrated(name)
			if f := found[key]; f != nil {
				r.Rating, r.Deviation, r.Volatility = f.r.Rating, f.r.Deviation, f.r.Volatility
				r.Games, r.Wins, r.Draws, r.Losses = f.r.Games, f.r.Wins, f.r.Draws, f.r.Losses
				r.Mu, r.Sigma = f.r.Mu, f.r.Sigma
				r.UpdatedAt = f.updated.UTC()
				if callerErr = g.CheckSystem(r); callerErr != nil {
					return callerErr
				}
			}
			current[i] = r
		}
		rated, callerErr = g.Apply(current)
		if callerErr != nil {
			return callerErr
		}
		b = &pgx.Batch{}
		for i, r := range rated {
			mu, sigma := skillColumns(r)
			b.Queue(`INSERT INTO ratings
				(user_key, variant, rating, deviation, volatility, games, wins, draws, losses, updated_at, mu, sigma)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
				ON CONFLICT (user_key, variant) DO UPDATE SET
					rating = excluded.rating, deviation = excluded.deviation, volatility = excluded.volatility,
					games = excluded.games, wins = excluded.wins, draws = excluded.draws, losses = excluded.losses,
					updated_at = excluded.updated_at, mu = excluded.mu, sigma = excluded.sigma`,
				g.Keys[i], g.Variant, r.Rating, r.Deviation, r.Volatility, r.Games, r.Wins, r.Draws, r.Losses, r.UpdatedAt, mu, sigma)
			b.Queue(`INSERT INTO rating_history (user_key, variant, game, at, rating, deviation, mu, sigma)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, g.Keys[i], g.Variant, g.Game, g.At, r.Rating, r.Deviation, mu, sigma)
		}
		return tx.SendBatch(ctx, b).Close()
	})
	if callerErr != nil {
		return nil, callerErr
	}
	if err != nil {
		return nil, err
	}
	return rated, nil
}

const ratingColumns = `u.name, r.variant, r.rating, r.deviation, r.volatility, r.games, r.wins, r.draws, r.losses, r.updated_at, r.mu, r.sigma`

// skillColumns are the mu and sigma columns of a rating: NULL for
// Glicko-2.
func skillColumns(r model.Rating) (mu, sigma any) {
	if !r.OpenSkill() {
		return nil, nil
	}
	return r.Mu, r.Sigma
}

// deref is a nullable column's number, 0 for NULL.
func deref(p *float64) float64 {
	if p == nil {
		return 0
	}
	return *p
}

// UserRatings implements store.Ratings: one query, the user joined with its
// ratings, so that a user without any still has a row (of NULL ratings).
func (s *Store) UserRatings(ctx context.Context, user string) ([]model.Rating, error) {
	rows, _ := s.pool.Query(ctx, `SELECT `+ratingColumns+`
		FROM users u LEFT JOIN ratings r ON r.user_key = u.name_key
		WHERE u.name_key = $1 ORDER BY r.variant`, model.UserKey(user))
	found := false
	var ratings []model.Rating
	var name string
	var variant *string
	var rating, deviation, volatility, mu, sigma *float64
	var games, wins, draws, losses *int
	var updated *time.Time
	_, err := pgx.ForEachRow(rows, []any{&name, &variant, &rating, &deviation, &volatility,
		&games, &wins, &draws, &losses, &updated, &mu, &sigma}, func() error {
		found = true
		if variant == nil {
			return nil // the user, without ratings
		}
		ratings = append(ratings, model.Rating{
			User: name, Variant: *variant,
			Rating: *rating, Deviation: *deviation, Volatility: *volatility,
			Mu: deref(mu), Sigma: deref(sigma),
			Games: *games, Wins: *wins, Draws: *draws, Losses: *losses,
			UpdatedAt: updated.UTC(),
		})
		return nil
	})
	if err != nil {
		return nil, s.wrap(err)
	}
	if !found {
		return nil, fmt.Errorf("%w: no user %s", model.ErrNotFound, user)
	}
	return ratings, nil
}

// Leaderboard implements store.Ratings; the index ratings_by_variant
// serves it.
func (s *Store) Leaderboard(ctx context.Context, variant string, minGames, limit, offset int) ([]model.Rating, error) {
	limit, offset, err := sqlcommon.LeaderboardPage(minGames, limit, offset)
	if err != nil {
		return nil, err
	}
	rows, _ := s.pool.Query(ctx, `SELECT `+ratingColumns+`
		FROM ratings r JOIN users u ON u.name_key = r.user_key
		WHERE r.variant = $1 AND r.games >= $2 AND NOT u.disabled
		ORDER BY r.rating DESC, r.user_key LIMIT $3 OFFSET $4`, variant, minGames, limit, offset)
	ratings, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (model.Rating, error) {
		var r model.Rating
		var mu, sigma *float64
		err := row.Scan(&r.User, &r.Variant, &r.Rating, &r.Deviation, &r.Volatility,
			&r.Games, &r.Wins, &r.Draws, &r.Losses, &r.UpdatedAt, &mu, &sigma)
		r.UpdatedAt = r.UpdatedAt.UTC()
		r.Mu, r.Sigma = deref(mu), deref(sigma)
		return r, err
	})
	if err != nil {
		return nil, s.wrap(err)
	}
	if len(ratings) == 0 {
		ratings = nil // as the SQLite backend
	}
	return ratings, nil
}

// RatingHistory implements store.Ratings: the most recent points are read
// from the end of the index rating_history_by_time, then put oldest first.
// ErrNotFound for no such user, as UserRatings.
func (s *Store) RatingHistory(ctx context.Context, user, variant string, limit int) ([]model.RatingPoint, error) {
	limit, err := sqlcommon.HistoryLimit(limit)
	if err != nil {
		return nil, err
	}
	rows, _ := s.pool.Query(ctx, `SELECT h.game, h.at, h.rating, h.deviation, h.mu, h.sigma
		FROM users u LEFT JOIN rating_history h ON h.user_key = u.name_key AND h.variant = $1
		WHERE u.name_key = $2 ORDER BY h.at DESC, h.game DESC LIMIT $3`, variant, model.UserKey(user), limit)
	found := false
	var points []model.RatingPoint
	var game *string
	var at *time.Time
	var rating, deviation, mu, sigma *float64
	_, err = pgx.ForEachRow(rows, []any{&game, &at, &rating, &deviation, &mu, &sigma}, func() error {
		found = true
		if game != nil { // else the user, without points
			points = append(points, model.RatingPoint{Game: *game, At: at.UTC(), Rating: *rating, Deviation: *deviation,
				Mu: deref(mu), Sigma: deref(sigma)})
		}
		return nil
	})
	if err != nil {
		return nil, s.wrap(err)
	}
	if !found {
		return nil, fmt.Errorf("%w: no user %s", model.ErrNotFound, user)
	}
	slices.Reverse(points)
	return points, nil
}
