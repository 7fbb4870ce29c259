package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/plateau-games/plateau/store/internal/model"
	"github.com/plateau-games/plateau/store/internal/sqlcommon"
)

var _ model.Lobby = (*Store)(nil)

// challengeSelect names the users by their display names (joins on
// creator, target and acceptor).
const challengeSelect = `SELECT c.id, cu.name, COALESCE(tu.name, ''), c.game_id, c.options, c.seat, c.rated,
		c.clock_ms, c.increment_ms, c.move_days, c.status, c.game, COALESCE(au.name, ''), c.created_ms, c.expires_ms
	FROM challenges c
	JOIN users cu ON cu.name_key = c.creator_key
	LEFT JOIN users tu ON tu.name_key = c.target_key AND c.target_key <> ''
	LEFT JOIN users au ON au.name_key = c.accepted_key AND c.accepted_key <> ''`

func scanChallenge(row interface{ Scan(...any) error }, c *model.Challenge) error {
	var created, expires int64
	if err := row.Scan(&c.ID, &c.Creator, &c.Target, &c.GameID, &c.Options, &c.Seat, &c.Rated,
		&c.ClockMillis, &c.IncrementMillis, &c.MoveDays, &c.Status, &c.Game, &c.AcceptedBy, &created, &expires); err != nil {
		return err
	}
	c.CreatedAt, c.ExpiresAt = sqlcommon.FromMillis(created), sqlcommon.FromMillis(expires)
	return nil
}

// enabledUser checks inside tx that name is an enabled user.
func enabledUser(ctx context.Context, tx *sql.Tx, name string) error {
	var disabled bool
	err := tx.QueryRowContext(ctx, `SELECT disabled FROM users WHERE name_key = ?`, model.UserKey(name)).Scan(&disabled)
	if errors.Is(err, sql.ErrNoRows) || err == nil && disabled {
		return fmt.Errorf("%w: no enabled user %s", model.ErrNotFound, name)
	}
	return err
}

// CreateChallenge implements store.Lobby.
func (s *Store) CreateChallenge(ctx context.Context, c *model.Challenge) error {
	if err := sqlcommon.PrepareChallenge(c); err != nil {
		return err
	}
	return s.write(ctx, func(tx *sql.Tx) error {
		if err := enabledUser(ctx, tx, c.Creator); err != nil {
			return err
		}
		if c.Target != "" {
			if err := enabledUser(ctx, tx, c.Target); err != nil {
				return err
			}
		}
		var open int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM challenges WHERE creator_key = ? AND status = 'open' AND expires_ms > ?`,
			model.UserKey(c.Creator), sqlcommon.Millis(c.CreatedAt)).Scan(&open); err != nil {
			return err
		}
		if open >= model.MaxOpenChallenges {
			return fmt.Errorf("%w: %s has %d open challenges, the most allowed", model.ErrConflict, c.Creator, open)
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO challenges (id, creator_key, target_key, game_id, options, seat, rated,
				clock_ms, increment_ms, move_days, status, game, accepted_key, created_ms, expires_ms)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', '', '', ?, ?)`,
			c.ID, model.UserKey(c.Creator), model.UserKey(c.Target), c.GameID, c.Options, c.Seat, c.Rated,
			c.ClockMillis, c.IncrementMillis, c.MoveDays, sqlcommon.Millis(c.CreatedAt), sqlcommon.Millis(c.ExpiresAt))
		return err
	})
}

// LoadChallenge implements store.Lobby.
func (s *Store) LoadChallenge(ctx context.Context, id string) (*model.Challenge, error) {
	c := new(model.Challenge)
	err := scanChallenge(s.r.QueryRowContext(ctx, challengeSelect+` WHERE c.id = ?`, id), c)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("%w: no challenge %s", model.ErrNotFound, id)
	}
	if err != nil {
		return nil, err
	}
	return c, nil
}

// OpenChallenges implements store.Lobby.
func (s *Store) OpenChallenges(ctx context.Context, user string, now time.Time, limit int) ([]model.Challenge, error) {
	limit, _, err := sqlcommon.Page(model.Filter{Limit: limit})
	if err != nil {
		return nil, err
	}
	key := model.UserKey(user)
	rows, err := s.r.QueryContext(ctx, challengeSelect+`
		WHERE c.status = 'open' AND c.expires_ms > ?
			AND (c.target_key = '' OR (? <> '' AND (c.creator_key = ? OR c.target_key = ?)))
		ORDER BY c.created_ms, c.id LIMIT ?`, sqlcommon.Millis(now), key, key, key, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []model.Challenge
	for rows.Next() {
		var c model.Challenge
		if err := scanChallenge(rows, &c); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// AcceptChallenge implements store.Lobby.
func (s *Store) AcceptChallenge(ctx context.Context, id, user string, now time.Time, g *model.Game) error {
	if err := sqlcommon.PrepareGame(g); err != nil {
		return err
	}
	return s.write(ctx, func(tx *sql.Tx) error {
		var status, creator, target string
		var expires int64
		err := tx.QueryRowContext(ctx, `SELECT status, creator_key, target_key, expires_ms FROM challenges WHERE id = ?`, id).
			Scan(&status, &creator, &target, &expires)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("%w: no challenge %s", model.ErrNotFound, id)
		}
		if err != nil {
			return err
		}
		if err := sqlcommon.Acceptable(id, status, creator, target, user, sqlcommon.FromMillis(expires), now); err != nil {
			return err
		}
		if err := enabledUser(ctx, tx, user); err != nil {
			return err
		}
		if err := insertGame(ctx, tx, g); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE challenges SET status = 'accepted', game = ?, accepted_key = ? WHERE id = ?`,
			g.ID, model.UserKey(user), id)
		return err
	})
}

// CancelChallenge implements store.Lobby.
func (s *Store) CancelChallenge(ctx context.Context, id, user string) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		var status, creator string
		err := tx.QueryRowContext(ctx, `SELECT status, creator_key FROM challenges WHERE id = ?`, id).Scan(&status, &creator)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("%w: no challenge %s", model.ErrNotFound, id)
		}
		if err != nil {
			return err
		}
		if err := sqlcommon.Cancellable(id, status, creator, user); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE challenges SET status = 'cancelled' WHERE id = ?`, id)
		return err
	})
}

// ExpireChallenges implements store.Lobby.
func (s *Store) ExpireChallenges(ctx context.Context, now time.Time) (int, error) {
	var n int64
	err := s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE challenges SET status = 'expired' WHERE status = 'open' AND expires_ms <= ?`, sqlcommon.Millis(now))
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	return int(n), err
}
