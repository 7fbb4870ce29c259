package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/plateau-games/plateau/store/internal/model"
	"github.com/plateau-games/plateau/store/internal/sqlcommon"
)

var _ model.Puzzles = (*Store)(nil)

// RatePuzzle implements store.Puzzles. The user's row in users is locked
// first (FOR NO KEY UPDATE, as RateGame's, which leaves alone the
// key-share locks of foreign keys): a user's attempts are applied one
// after the other, so the attempt looked for next (a second one is
// refused before the update is called) and the rating read after it are
// those of every attempt committed before. The puzzle's standing is then
// inserted with the defaults if it has none (ON CONFLICT DO NOTHING waits
// for another player's first attempt at it to commit) and locked (FOR
// UPDATE), so that the attempts of two players at one puzzle are applied
// one after the other too. Locks are taken user first, puzzle second:
// never a deadlock.
func (s *Store) RatePuzzle(ctx context.Context, a model.PuzzleAttempt, defPlayer model.PuzzleRating, defPuzzle model.PuzzleStanding, update model.PuzzleUpdate) (model.PuzzleRating, model.PuzzleStanding, error) {
	p, err := sqlcommon.PrepareRatePuzzle(a, defPlayer, defPuzzle, update)
	if err != nil {
		return model.PuzzleRating{}, model.PuzzleStanding{}, err
	}
	var rating model.PuzzleRating
	var standing model.PuzzleStanding
	var callerErr error // the update's error, or what is wrong with its answer: returned as is
	err = s.write(ctx, func(tx pgx.Tx) error {
		var name string
		err := tx.QueryRow(ctx, `SELECT name FROM users WHERE name_key = $1 FOR NO KEY UPDATE`, p.Key).Scan(&name)
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("%w: no user %s", model.ErrNotFound, p.Attempt.User)
		}
		if err != nil {
			return err
		}
		var tried bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM puzzle_attempts WHERE user_key = $1 AND puzzle = $2)`,
			p.Key, p.Attempt.Puzzle).Scan(&tried); err != nil {
			return err
		}
		if tried {
			return p.AttemptedTwice()
		}
		r := p.Unrated(name)
		var updated time.Time
		err = tx.QueryRow(ctx, `SELECT rating, deviation, volatility, attempts, solved, updated_at
			FROM puzzle_ratings WHERE user_key = $1 AND game = $2 FOR UPDATE`, p.Key, p.Attempt.Game).Scan(
			&r.Rating, &r.Deviation, &r.Volatility, &r.Attempts, &r.Solved, &updated)
		switch {
		case err == nil:
			r.UpdatedAt = updated.UTC()
		case !errors.Is(err, pgx.ErrNoRows):
			return err
		}
		st := p.Unattempted()
		if _, err := tx.Exec(ctx, `INSERT INTO puzzle_standings (puzzle, rating, deviation, volatility, attempts, solved)
			VALUES ($1, $2, $3, $4, 0, 0) ON CONFLICT (puzzle) DO NOTHING`,
			st.Puzzle, st.Rating, st.Deviation, st.Volatility); err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, `SELECT rating, deviation, volatility, attempts, solved
			FROM puzzle_standings WHERE puzzle = $1 FOR UPDATE`, p.Attempt.Puzzle).Scan(
			&st.Rating, &st.Deviation, &st.Volatility, &st.Attempts, &st.Solved); err != nil {
			return err
		}
		var attempt model.PuzzleAttempt
		rating, standing, attempt, callerErr = p.Apply(r, st)
		if callerErr != nil {
			return callerErr
		}
		b := &pgx.Batch{}
		b.Queue(`INSERT INTO puzzle_ratings
			(user_key, game, rating, deviation, volatility, attempts, solved, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
			ON CONFLICT (user_key, game) DO UPDATE SET
				rating = excluded.rating, deviation = excluded.deviation, volatility = excluded.volatility,
				attempts = excluded.attempts, solved = excluded.solved, updated_at = excluded.updated_at`,
			p.Key, rating.Game, rating.Rating, rating.Deviation, rating.Volatility, rating.Attempts, rating.Solved, rating.UpdatedAt)
		b.Queue(`UPDATE puzzle_standings SET rating = $2, deviation = $3, volatility = $4, attempts = $5, solved = $6
			WHERE puzzle = $1`, standing.Puzzle, standing.Rating, standing.Deviation, standing.Volatility, standing.Attempts, standing.Solved)
		b.Queue(`INSERT INTO puzzle_attempts (user_key, puzzle, game, solved, at, rating)
			VALUES ($1, $2, $3, $4, $5, $6)`, p.Key, attempt.Puzzle, attempt.Game, attempt.Solved, attempt.At, attempt.Rating)
		return tx.SendBatch(ctx, b).Close()
	})
	if callerErr != nil {
		return model.PuzzleRating{}, model.PuzzleStanding{}, callerErr
	}
	if err != nil {
		return model.PuzzleRating{}, model.PuzzleStanding{}, err
	}
	return rating, standing, nil
}

// PuzzleRatings implements store.Puzzles: one query, the user joined with
// its puzzle ratings, so that a user without any still has a row (of NULL
// ratings).
func (s *Store) PuzzleRatings(ctx context.Context, user string) ([]model.PuzzleRating, error) {
	rows, _ := s.pool.Query(ctx, `SELECT u.name, r.game, r.rating, r.deviation, r.volatility,
			r.attempts, r.solved, r.updated_at
		FROM users u LEFT JOIN puzzle_ratings r ON r.user_key = u.name_key
		WHERE u.name_key = $1 ORDER BY r.game`, model.UserKey(user))
	found := false
	var ratings []model.PuzzleRating
	var name string
	var game *string
	var rating, deviation, volatility *float64
	var attempts, solved *int
	var updated *time.Time
	_, err := pgx.ForEachRow(rows, []any{&name, &game, &rating, &deviation, &volatility,
		&attempts, &solved, &updated}, func() error {
		found = true
		if game == nil {
			return nil // the user, without puzzle ratings
		}
		ratings = append(ratings, model.PuzzleRating{
			User: name, Game: *game,
			Rating: *rating, Deviation: *deviation, Volatility: *volatility,
			Attempts: *attempts, Solved: *solved,
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

// PuzzleAttempts implements store.Puzzles; the indexes
// puzzle_attempts_by_time (every game) and puzzle_attempts_by_game (one)
// serve it. ErrNotFound for no such user, as PuzzleRatings.
func (s *Store) PuzzleAttempts(ctx context.Context, user, game string, limit int) ([]model.PuzzleAttempt, error) {
	limit, err := sqlcommon.AttemptsLimit(limit)
	if err != nil {
		return nil, err
	}
	q := `SELECT u.name, a.puzzle, a.game, a.solved, a.at, a.rating
		FROM users u LEFT JOIN puzzle_attempts a ON a.user_key = u.name_key`
	args := []any{model.UserKey(user), limit}
	if game != "" {
		q += ` AND a.game = $3`
		args = append(args, game)
	}
	rows, _ := s.pool.Query(ctx, q+` WHERE u.name_key = $1 ORDER BY a.at DESC, a.puzzle LIMIT $2`, args...)
	found := false
	var attempts []model.PuzzleAttempt
	var name string
	var puzzle, g *string
	var solved *bool
	var at *time.Time
	var rating *float64
	_, err = pgx.ForEachRow(rows, []any{&name, &puzzle, &g, &solved, &at, &rating}, func() error {
		found = true
		if puzzle != nil { // else the user, without attempts
			attempts = append(attempts, model.PuzzleAttempt{User: name, Puzzle: *puzzle, Game: *g,
				Solved: *solved, At: at.UTC(), Rating: *rating})
		}
		return nil
	})
	if err != nil {
		return nil, s.wrap(err)
	}
	if !found {
		return nil, fmt.Errorf("%w: no user %s", model.ErrNotFound, user)
	}
	return attempts, nil
}

// PuzzleStandings implements store.Puzzles, in one query.
func (s *Store) PuzzleStandings(ctx context.Context, puzzles []string) (map[string]model.PuzzleStanding, error) {
	if err := sqlcommon.CheckPuzzleIDs(puzzles); err != nil {
		return nil, err
	}
	standings := make(map[string]model.PuzzleStanding, len(puzzles))
	if len(puzzles) == 0 {
		return standings, nil
	}
	rows, _ := s.pool.Query(ctx, `SELECT puzzle, rating, deviation, volatility, attempts, solved
		FROM puzzle_standings WHERE puzzle = ANY($1)`, puzzles)
	var st model.PuzzleStanding
	_, err := pgx.ForEachRow(rows, []any{&st.Puzzle, &st.Rating, &st.Deviation, &st.Volatility, &st.Attempts, &st.Solved}, func() error {
		standings[st.Puzzle] = st
		return nil
	})
	if err != nil {
		return nil, s.wrap(err)
	}
	return standings, nil
}
