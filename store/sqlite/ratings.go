package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/plateau-games/plateau/store/internal/model"
	"github.com/plateau-games/plateau/store/internal/sqlcommon"
)

var _ model.Ratings = (*Store)(nil)

// RateGame implements store.Ratings. Its transaction begins IMMEDIATE on
// the one writing connection, so that it holds the write lock from its
// start: the ratings it reads are still the stored ones when it writes,
// and two games of the same players are rated one after the other. The
// primary key of rated_games refuses a game rated twice.
func (s *Store) RateGame(ctx context.Context, game, variant string, at time.Time, scores []model.GameScore, def model.Rating, update model.RatingUpdate) ([]model.Rating, error) {
	g, err := sqlcommon.PrepareRateGame(game, variant, at, scores, def, update)
	if err != nil {
		return nil, err
	}
	var rated []model.Rating
	var callerErr error // the update's error, or what is wrong with its answer: returned as is
	err = s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO rated_games (game, variant, at_ms) VALUES (?, ?, ?)
			ON CONFLICT (game) DO NOTHING`, g.Game, g.Variant, sqlcommon.Millis(g.At))
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return fmt.Errorf("%w: game %s is already rated", model.ErrConflict, g.Game)
		}
		current := make([]model.Rating, len(g.Keys))
		for i, key := range g.Keys {
			var name string
			err := tx.QueryRowContext(ctx, `SELECT name FROM users WHERE name_key = ?`, key).Scan(&name)
			if errors.Is(err, sql.ErrNoRows) {
				return fmt.Errorf("%w: no user %s", model.ErrNotFound, g.Scores[i].User)
			}
			if err != nil {
				return err
			}
			r := g.Unrated(name)
			var updated int64
			var mu, sigma sql.NullFloat64
			err = tx.QueryRowContext(ctx, `SELECT rating, deviation, volatility, games, wins, draws, losses, updated_ms, mu, sigma
				FROM ratings WHERE user_key = ? AND variant = ?`, key, g.Variant).Scan(
				&r.Rating, &r.Deviation, &r.Volatility, &r.Games, &r.Wins, &r.Draws, &r.Losses, &updated, &mu, &sigma)
			switch {
			case err == nil:
				r.UpdatedAt = sqlcommon.FromMillis(updated)
				r.Mu, r.Sigma = mu.Float64, sigma.Float64
				if callerErr = g.CheckSystem(r); callerErr != nil {
					return callerErr
				}
			case !errors.Is(err, sql.ErrNoRows):
				return err
			}
			current[i] = r
		}
		rated, callerErr = g.Apply(current)
		if callerErr != nil {
			return callerErr
		}
		for i, r := range rated {
			mu, sigma := skillColumns(r)
			if _, err := tx.ExecContext(ctx, `INSERT INTO ratings
				(user_key, variant, rating, deviation, volatility, games, wins, draws, losses, updated_ms, mu, sigma)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
				ON CONFLICT (user_key, variant) DO UPDATE SET
					rating = excluded.rating, deviation = excluded.deviation, volatility = excluded.volatility,
					games = excluded.games, wins = excluded.wins, draws = excluded.draws, losses = excluded.losses,
					updated_ms = excluded.updated_ms, mu = excluded.mu, sigma = excluded.sigma`,
				g.Keys[i], g.Variant, r.Rating, r.Deviation, r.Volatility, r.Games, r.Wins, r.Draws, r.Losses,
				sqlcommon.Millis(r.UpdatedAt), mu, sigma); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO rating_history (user_key, variant, game, at_ms, rating, deviation, mu, sigma)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, g.Keys[i], g.Variant, g.Game, sqlcommon.Millis(g.At), r.Rating, r.Deviation, mu, sigma); err != nil {
				return err
			}
		}
		return nil
	})
	if callerErr != nil {
		return nil, callerErr
	}
	if err != nil {
		return nil, err
	}
	return rated, nil
}

const ratingColumns = `u.name, r.variant, r.rating, r.deviation, r.volatility, r.games, r.wins, r.draws, r.losses, r.updated_ms, r.mu, r.sigma`

// scanRating reads the ratingColumns.
func scanRating(row interface{ Scan(...any) error }, r *model.Rating) error {
	var updated int64
	var mu, sigma sql.NullFloat64
	if err := row.Scan(&r.User, &r.Variant, &r.Rating, &r.Deviation, &r.Volatility,
		&r.Games, &r.Wins, &r.Draws, &r.Losses, &updated, &mu, &sigma); err != nil {
		return err
	}
	r.UpdatedAt = sqlcommon.FromMillis(updated)
	r.Mu, r.Sigma = mu.Float64, sigma.Float64
	return nil
}

// skillColumns are the mu and sigma columns of a rating: NULL for
// Glicko-2.
func skillColumns(r model.Rating) (mu, sigma any) {
	if !r.OpenSkill() {
		return nil, nil
	}
	return r.Mu, r.Sigma
}

// UserRatings implements store.Ratings: one query, the user joined with its
// ratings, so that a user without any still has a row (of NULL ratings).
func (s *Store) UserRatings(ctx context.Context, user string) ([]model.Rating, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT u.name, r.variant, r.rating, r.deviation, r.volatility,
			r.games, r.wins, r.draws, r.losses, r.updated_ms, r.mu, r.sigma
		FROM users u LEFT JOIN ratings r ON r.user_key = u.name_key
		WHERE u.name_key = ? ORDER BY r.variant`, model.UserKey(user))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	found := false
	var ratings []model.Rating
	for rows.Next() {
		found = true
		var name string
		var variant sql.NullString
		var rating, deviation, volatility, mu, sigma sql.NullFloat64
		var games, wins, draws, losses, updated sql.NullInt64
		if err := rows.Scan(&name, &variant, &rating, &deviation, &volatility,
			&games, &wins, &draws, &losses, &updated, &mu, &sigma); err != nil {
			return nil, err
		}
		if !variant.Valid {
			continue // the user, without ratings
		}
		ratings = append(ratings, model.Rating{
			User: name, Variant: variant.String,
			Rating: rating.Float64, Deviation: deviation.Float64, Volatility: volatility.Float64,
			Mu: mu.Float64, Sigma: sigma.Float64,
			Games: int(games.Int64), Wins: int(wins.Int64), Draws: int(draws.Int64), Losses: int(losses.Int64),
			UpdatedAt: sqlcommon.FromMillis(updated.Int64),
		})
	}
	if err := rows.Err(); err != nil {
		return nil, err
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
	rows, err := s.r.QueryContext(ctx, `SELECT `+ratingColumns+`
		FROM ratings r JOIN users u ON u.name_key = r.user_key
		WHERE r.variant = ? AND r.games >= ? AND NOT u.disabled
		ORDER BY r.rating DESC, r.user_key LIMIT ? OFFSET ?`, variant, minGames, limit, offset)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ratings []model.Rating
	for rows.Next() {
		var r model.Rating
		if err := scanRating(rows, &r); err != nil {
			return nil, err
		}
		ratings = append(ratings, r)
	}
	return ratings, rows.Err()
}

// RatingHistory implements store.Ratings: the most recent points are read
// from the end of the index rating_history_by_time, then put oldest first.
// ErrNotFound for no such user, as UserRatings.
func (s *Store) RatingHistory(ctx context.Context, user, variant string, limit int) ([]model.RatingPoint, error) {
	limit, err := sqlcommon.HistoryLimit(limit)
	if err != nil {
		return nil, err
	}
	rows, err := s.r.QueryContext(ctx, `SELECT h.game, h.at_ms, h.rating, h.deviation, h.mu, h.sigma
		FROM users u LEFT JOIN rating_history h ON h.user_key = u.name_key AND h.variant = ?
		WHERE u.name_key = ? ORDER BY h.at_ms DESC, h.game DESC LIMIT ?`, variant, model.UserKey(user), limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	found := false
	var points []model.RatingPoint
	for rows.Next() {
		found = true
		var game sql.NullString
		var at sql.NullInt64
		var rating, deviation, mu, sigma sql.NullFloat64
		if err := rows.Scan(&game, &at, &rating, &deviation, &mu, &sigma); err != nil {
			return nil, err
		}
		if !game.Valid {
			continue // the user, without points
		}
		points = append(points, model.RatingPoint{Game: game.String, At: sqlcommon.FromMillis(at.Int64), Rating: rating.Float64, Deviation: deviation.Float64,
			Mu: mu.Float64, Sigma: sigma.Float64})
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if !found {
		return nil, fmt.Errorf("%w: no user %s", model.ErrNotFound, user)
	}
	slices.Reverse(points)
	return points, nil
}
