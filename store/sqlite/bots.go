package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/plateau-games/plateau/store/internal/model"
	"github.com/plateau-games/plateau/store/internal/sqlcommon"
)

var _ model.BotTokens = (*Store)(nil)

// CreateBotToken implements store.BotTokens.
func (s *Store) CreateBotToken(ctx context.Context, t *model.BotToken) error {
	if err := model.CheckBotToken(t); err != nil {
		return err
	}
	if t.CreatedAt.IsZero() {
		t.CreatedAt = sqlcommon.Now()
	}
	t.CreatedAt = sqlcommon.Time(t.CreatedAt)
	return s.write(ctx, func(tx *sql.Tx) error {
		var bot bool
		err := tx.QueryRowContext(ctx, `SELECT bot FROM users WHERE name_key = ?`, model.UserKey(t.User)).Scan(&bot)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("%w: no user %s", model.ErrNotFound, t.User)
		}
		if err != nil {
			return err
		}
		if !bot {
			return fmt.Errorf("%w: %s is not a bot account", model.ErrConflict, t.User)
		}
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM bot_tokens WHERE user_key = ?`, model.UserKey(t.User)).Scan(&n); err != nil {
			return err
		}
		if n >= model.MaxBotTokens {
			return fmt.Errorf("%w: %s has %d tokens, the most allowed", model.ErrConflict, t.User, n)
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO bot_tokens (hash, id, user_key, label, created_ms) VALUES (?, ?, ?, ?, ?)`,
			t.Hash, t.ID, model.UserKey(t.User), t.Label, sqlcommon.Millis(t.CreatedAt))
		return err
	})
}

// BotTokenUser implements store.BotTokens.
func (s *Store) BotTokenUser(ctx context.Context, hash string) (*model.User, error) {
	u := new(model.User)
	err := scanUser(s.r.QueryRowContext(ctx, `SELECT `+userColumnsOf("u")+` FROM bot_tokens t JOIN users u ON u.name_key = t.user_key
		WHERE t.hash = ? AND u.bot AND NOT u.disabled`, hash), u)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("%w: no such bot token", model.ErrNotFound)
	}
	if err != nil {
		return nil, err
	}
	return u, nil
}

// ListBotTokens implements store.BotTokens.
func (s *Store) ListBotTokens(ctx context.Context, user string) ([]model.BotToken, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT t.id, u.name, t.label, t.created_ms FROM bot_tokens t JOIN users u ON u.name_key = t.user_key
		WHERE t.user_key = ? ORDER BY t.created_ms, t.id`, model.UserKey(user))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []model.BotToken
	for rows.Next() {
		var t model.BotToken
		var created int64
		if err := rows.Scan(&t.ID, &t.User, &t.Label, &created); err != nil {
			return nil, err
		}
		t.CreatedAt = sqlcommon.FromMillis(created)
		out = append(out, t)
	}
	return out, rows.Err()
}

// RevokeBotToken implements store.BotTokens.
func (s *Store) RevokeBotToken(ctx context.Context, user, id string) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM bot_tokens WHERE user_key = ? AND id = ?`, model.UserKey(user), id)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return fmt.Errorf("%w: %s has no token %s", model.ErrNotFound, user, id)
		}
		return countRevocation(ctx, tx)
	})
}
