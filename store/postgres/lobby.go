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

var _ model.Lobby = (*Store)(nil)

// challengeSelect names the users by their display names (joins on
// creator, target and acceptor).
const challengeSelect = `SELECT c.id, cu.name, COALESCE(tu.name, ''), c.game_id, c.options, c.seat, c.rated,
		c.clock_ms, c.increment_ms, c.move_days, c.status, c.game, COALESCE(au.name, ''), c.created_at, c.expires_at
	FROM challenges c
	JOIN users cu ON cu.name_key = c.creator_key
	LEFT JOIN users tu ON tu.name_key = c.target_key AND c.target_key <> ''
	LEFT JOIN users au ON au.name_key = c.accepted_key AND c.accepted_key <> ''`

func scanChallenge(row pgx.Row, c *model.Challenge) error {
	if err := row.Scan(&c.ID, &c.Creator, &c.Target, &c.GameID, &c.Options, &c.Seat, &c.Rated,
		&c.ClockMillis, &c.IncrementMillis, &c.MoveDays, &c.Status, &c.Game, &c.AcceptedBy, &c.CreatedAt, &c.ExpiresAt); err != nil {
		return err
	}
	c.CreatedAt, c.ExpiresAt = c.CreatedAt.UTC(), c.ExpiresAt.UTC()
	return nil
}

// enabledUser checks inside tx that name is an enabled user, and locks its
// row: the user's open challenges are counted under that lock.
func enabledUser(ctx context.Context, tx pgx.Tx, name string) error {
	var disabled bool
	err := tx.QueryRow(ctx, `SELECT disabled FROM users WHERE name_key = $1 FOR UPDATE`, model.UserKey(name)).Scan(&disabled)
	if errors.Is(err, pgx.ErrNoRows) || err == nil && disabled {
		return fmt.Errorf("%w: no enabled user %s", model.ErrNotFound, name)
	}
	return err
}

// CreateChallenge implements store.Lobby.
func (s *Store) CreateChallenge(ctx context.Context, c *model.Challenge) error {
	if err := sqlcommon.PrepareChallenge(c); err != nil {
		return err
	}
	return s.write(ctx, func(tx pgx.Tx) error {
		if err := enabledUser(ctx, tx, c.Creator); err != nil {
			return err
		}
		if c.Target != "" {
			var disabled bool
			err := tx.QueryRow(ctx, `SELECT disabled FROM users WHERE name_key = $1`, model.UserKey(c.Target)).Scan(&disabled)
			if errors.Is(err, pgx.ErrNoRows) || err == nil && disabled {
				return fmt.Errorf("%w: no enabled user %s", model.ErrNotFound, c.Target)
			}
			if err != nil {
				return err
			}
		}
		var open int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM challenges WHERE creator_key = $1 AND status = 'open' AND expires_at > $2`,
			model.UserKey(c.Creator), c.CreatedAt).Scan(&open); err != nil {
			return err
		}
		if open >= model.MaxOpenChallenges {
			return fmt.Errorf("%w: %s has %d open challenges, the most allowed", model.ErrConflict, c.Creator, open)
		}
		_, err := tx.Exec(ctx, `INSERT INTO challenges (id, creator_key, target_key, game_id, options, seat, rated,
				clock_ms, increment_ms, move_days, status, game, accepted_key, created_at, expires_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $12, 'open', '', '', $10, $11)`,
			c.ID, model.UserKey(c.Creator), model.UserKey(c.Target), c.GameID, c.Options, c.Seat, c.Rated,
			c.ClockMillis, c.IncrementMillis, c.CreatedAt, c.ExpiresAt, c.MoveDays)
		return err
	})
}

// LoadChallenge implements store.Lobby.
func (s *Store) LoadChallenge(ctx context.Context, id string) (*model.Challenge, error) {
	c := new(model.Challenge)
	err := scanChallenge(s.pool.QueryRow(ctx, challengeSelect+` WHERE c.id = $1`, id), c)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("%w: no challenge %s", model.ErrNotFound, id)
	}
	if err != nil {
		return nil, s.wrap(err)
	}
	return c, nil
}

// OpenChallenges implements store.Lobby.
func (s *Store) OpenChallenges(ctx context.Context, user string, now time.Time, limit int) ([]model.Challenge, error) {
	limit, _, err := sqlcommon.Page(model.Filter{Limit: limit})
	if err != nil {
		return nil, err
	}
	rows, _ := s.pool.Query(ctx, challengeSelect+`
		WHERE c.status = 'open' AND c.expires_at > $1
			AND (c.target_key = '' OR ($2 <> '' AND (c.creator_key = $2 OR c.target_key = $2)))
		ORDER BY c.created_at, c.id LIMIT $3`, sqlcommon.Time(now), model.UserKey(user), limit)
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (model.Challenge, error) {
		var c model.Challenge
		err := scanChallenge(row, &c)
		return c, err
	})
	if err != nil {
		return nil, s.wrap(err)
	}
	if len(out) == 0 {
		out = nil // as the SQLite backend
	}
	return out, nil
}

// AcceptChallenge implements store.Lobby. The challenge's row is locked:
// of two acceptances, the second sees it accepted.
func (s *Store) AcceptChallenge(ctx context.Context, id, user string, now time.Time, g *model.Game) error {
	if err := sqlcommon.PrepareGame(g); err != nil {
		return err
	}
	return s.write(ctx, func(tx pgx.Tx) error {
		var status, creator, target string
		var expires time.Time
		err := tx.QueryRow(ctx, `SELECT status, creator_key, target_key, expires_at FROM challenges WHERE id = $1 FOR UPDATE`, id).
			Scan(&status, &creator, &target, &expires)
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("%w: no challenge %s", model.ErrNotFound, id)
		}
		if err != nil {
			return err
		}
		if err := sqlcommon.Acceptable(id, status, creator, target, user, expires, now); err != nil {
			return err
		}
		var disabled bool
		err = tx.QueryRow(ctx, `SELECT disabled FROM users WHERE name_key = $1`, model.UserKey(user)).Scan(&disabled)
		if errors.Is(err, pgx.ErrNoRows) || err == nil && disabled {
			return fmt.Errorf("%w: no enabled user %s", model.ErrNotFound, user)
		}
		if err != nil {
			return err
		}
		if err := insertGame(ctx, tx, g); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `UPDATE challenges SET status = 'accepted', game = $1, accepted_key = $2 WHERE id = $3`,
			g.ID, model.UserKey(user), id)
		return err
	})
}

// CancelChallenge implements store.Lobby.
func (s *Store) CancelChallenge(ctx context.Context, id, user string) error {
	return s.write(ctx, func(tx pgx.Tx) error {
		var status, creator string
		err := tx.QueryRow(ctx, `SELECT status, creator_key FROM challenges WHERE id = $1 FOR UPDATE`, id).Scan(&status, &creator)
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("%w: no challenge %s", model.ErrNotFound, id)
		}
		if err != nil {
			return err
		}
		if err := sqlcommon.Cancellable(id, status, creator, user); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `UPDATE challenges SET status = 'cancelled' WHERE id = $1`, id)
		return err
	})
}

// ExpireChallenges implements store.Lobby.
func (s *Store) ExpireChallenges(ctx context.Context, now time.Time) (int, error) {
	var n int64
	err := s.write(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE challenges SET status = 'expired' WHERE status = 'open' AND expires_at <= $1`, sqlcommon.Time(now))
		n = tag.RowsAffected()
		return err
	})
	return int(n), err
}
