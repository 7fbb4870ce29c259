package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/plateau-games/plateau/store/internal/model"
	"github.com/plateau-games/plateau/store/internal/sqlcommon"
)

var _ model.Puzzles = (*Store)(nil)

// RatePuzzle implements store.Puzzles. Its transaction begins IMMEDIATE on
// the one writing connection, as RateGame's: the rating and the standing it
// reads are still the stored ones when it writes, and two attempts are
// applied one after the other. The primary key of puzzle_attempts refuses
// a second attempt at a puzzle, which is looked for before the update is
// called.
func (s *Store) RatePuzzle(ctx context.Context, a model.PuzzleAttempt, defPlayer model.PuzzleRating, defPuzzle model.PuzzleStanding, update model.PuzzleUpdate) (model.PuzzleRating, model.PuzzleStanding, error) {
	p, err := sqlcommon.PrepareRatePuzzle(a, defPlayer, defPuzzle, update)
	if err != nil {
		return model.PuzzleRating{}, model.PuzzleStanding{}, err
	}
	var rating model.PuzzleRating
	var standing model.PuzzleStanding
	var callerErr error // the update's error, or what is wrong with its answer: returned as is
	err = s.write(ctx, func(tx *sql.Tx) error {
		var name string
		err := tx.QueryRowContext(ctx, `SELECT name FROM users WHERE name_key = ?`, p.Key).Scan(&name)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("%w: no user %s", model.ErrNotFound, p.Attempt.User)
		}
		if err != nil {
			return err
		}
		var one int
		err = tx.QueryRowContext(ctx, `SELECT 1 FROM puzzle_attempts WHERE user_key = ? AND puzzle = ?`,
			p.Key, p.Attempt.Puzzle).Scan(&one)
		if err == nil {
			return p.AttemptedTwice()
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		r := p.Unrated(name)
		var updated int64
		err = tx.QueryRowContext(ctx, `SELECT rating, deviation, volatility, attempts, solved, updated_ms
			FROM puzzle_ratings WHERE user_key = ? AND game = ?`, p.Key, p.Attempt.Game).Scan(
			&r.Rating, &r.Deviation, &r.Volatility, &r.Attempts, &r.Solved, &updated)
		switch {
		case err == nil:
			r.UpdatedAt = sqlcommon.FromMillis(updated)
		case !errors.Is(err, sql.ErrNoRows):
			return err
		}
		st := p.Unattempted()
		err = tx.QueryRowContext(ctx, `SELECT rating, deviation, volatility, attempts, solved
			FROM puzzle_standings WHERE puzzle = ?`, p.Attempt.Puzzle).Scan(
			&st.Rating, &st.Deviation, &st.Volatility, &st.Attempts, &st.Solved)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		var attempt model.PuzzleAttempt
		rating, standing, attempt, callerErr = p.Apply(r, st)
		if callerErr != nil {
			return callerErr
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO puzzle_ratings
			(user_key, game, rating, deviation, volatility, attempts, solved, updated_ms)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (user_key, game) DO UPDATE SET
				rating = excluded.rating, deviation = excluded.deviation, volatility = excluded.volatility,
				attempts = excluded.attempts, solved = excluded.solved, updated_ms = excluded.updated_ms`,
			p.Key, rating.Game, rating.Rating, rating.Deviation, rating.Volatility, rating.Attempts, rating.Solved,
			sqlcommon.Millis(rating.UpdatedAt)); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO puzzle_standings
			(puzzle, rating, deviation, volatility, attempts, solved)
			VALUES (?, ?, ?, ?, ?, ?)
			ON CONFLICT (puzzle) DO UPDATE SET
				rating = excluded.rating, deviation = excluded.deviation, volatility = excluded.volatility,
				attempts = excluded.attempts, solved = excluded.solved`,
			standing.Puzzle, standing.Rating, standing.Deviation, standing.Volatility, standing.Attempts, standing.Solved); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO puzzle_attempts (user_key, puzzle, game, solved, at_ms, rating)
			VALUES (?, ?, ?, ?, ?, ?)`, p.Key, attempt.Puzzle, attempt.Game, attempt.Solved, sqlcommon.Millis(attempt.At), attempt.Rating)
		return err
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
	rows, err := s.r.QueryContext(ctx, `SELECT u.name, r.game, r.rating, r.deviation, r.volatility,
			r.attempts, r.solved, r.updated_ms
		FROM users u LEFT JOIN puzzle_ratings r ON r.user_key = u.name_key
		WHERE u.name_key = ? ORDER BY r.game`, model.UserKey(user))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	found := false
	var ratings []model.PuzzleRating
	for rows.Next() {
		found = true
		var name string
		var game sql.NullString
		var rating, deviation, volatility sql.NullFloat64
		var attempts, solved, updated sql.NullInt64
		if err := rows.Scan(&name, &game, &rating, &deviation, &volatility, &attempts, &solved, &updated); err != nil {
			return nil, err
		}
		if !game.Valid {
			continue // the user, without puzzle ratings
		}
		ratings = append(ratings, model.PuzzleRating{
			User: name, Game: game.String,
			Rating: rating.Float64, Deviation: deviation.Float64, Volatility: volatility.Float64,
			Attempts: int(attempts.Int64), Solved: int(solved.Int64),
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

// PuzzleAttempts implements store.Puzzles; the indexes
// puzzle_attempts_by_time (every game) and puzzle_attempts_by_game (one)
// serve it. ErrNotFound for no such user, as PuzzleRatings.
func (s *Store) PuzzleAttempts(ctx context.Context, user, game string, limit int) ([]model.PuzzleAttempt, error) {
	limit, err := sqlcommon.AttemptsLimit(limit)
	if err != nil {
		return nil, err
	}
	q := `SELECT u.name, a.puzzle, a.game, a.solved, a.at_ms, a.rating
		FROM users u LEFT JOIN puzzle_attempts a ON a.user_key = u.name_key`
	var args []any
	if game != "" {
		q += ` AND a.game = ?`
		args = append(args, game)
	}
	args = append(args, model.UserKey(user), limit)
	rows, err := s.r.QueryContext(ctx, q+` WHERE u.name_key = ? ORDER BY a.at_ms DESC, a.puzzle LIMIT ?`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	found := false
	var attempts []model.PuzzleAttempt
	for rows.Next() {
		found = true
		var name string
		var puzzle, g sql.NullString
		var solved sql.NullBool
		var at sql.NullInt64
		var rating sql.NullFloat64
		if err := rows.Scan(&name, &puzzle, &g, &solved, &at, &rating); err != nil {
			return nil, err
		}
		if !puzzle.Valid {
			continue // the user, without attempts
		}
		attempts = append(attempts, model.PuzzleAttempt{User: name, Puzzle: puzzle.String, Game: g.String,
			Solved: solved.Bool, At: sqlcommon.FromMillis(at.Int64), Rating: rating.Float64})
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if !found {
		return nil, fmt.Errorf("%w: no user %s", model.ErrNotFound, user)
	}
	return attempts, nil
}

// PuzzleStandings implements store.Puzzles, in one query of at most
// model.MaxPuzzleIDs parameters.
func (s *Store) PuzzleStandings(ctx context.Context, puzzles []string) (map[string]model.PuzzleStanding, error) {
	if err := sqlcommon.CheckPuzzleIDs(puzzles); err != nil {
		return nil, err
	}
	standings := make(map[string]model.PuzzleStanding, len(puzzles))
	if len(puzzles) == 0 {
		return standings, nil
	}
	args := make([]any, len(puzzles))
	for i, p := range puzzles {
		args[i] = p
	}
	rows, err := s.r.QueryContext(ctx, `SELECT puzzle, rating, deviation, volatility, attempts, solved
		FROM puzzle_standings WHERE puzzle IN (?`+strings.Repeat(", ?", len(puzzles)-1)+`)`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var st model.PuzzleStanding
		if err := rows.Scan(&st.Puzzle, &st.Rating, &st.Deviation, &st.Volatility, &st.Attempts, &st.Solved); err != nil {
			return nil, err
		}
		standings[st.Puzzle] = st
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return standings, nil
}
