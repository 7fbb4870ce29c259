package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/plateau-games/plateau/store/internal/model"
	"github.com/plateau-games/plateau/store/internal/sqlcommon"
)

var _ model.BotTokens = (*Store)(nil)

// CreateBotToken implements store.BotTokens. The account's row is locked,
// so its count of tokens holds until the insert.
func (s *Store) CreateBotToken(ctx context.Context, t *model.BotToken) error {
	if err := model.CheckBotToken(t); err != nil {
		return err
	}
	if t.CreatedAt.IsZero() {
		t.CreatedAt = sqlcommon.Now()
	}
	t.CreatedAt = sqlcommon.Time(t.CreatedAt)
	return s.write(ctx, func(tx pgx.Tx) error {
		var bot bool
		err := tx.QueryRow(ctx, `SELECT bot FROM users WHERE name_key = $1 FOR NO KEY UPDATE`, model.UserKey(t.User)).Scan(&bot)
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("%w: no user %s", model.ErrNotFound, t.User)
		}
		if err != nil {
			return err
		}
		if !bot {
			return fmt.Errorf("%w: %s is not a bot account", model.ErrConflict, t.User)
		}
		var n int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM bot_tokens WHERE user_key = $1`, model.UserKey(t.User)).Scan(&n); err != nil {
			return err
		}
		if n >= model.MaxBotTokens {
			return fmt.Errorf("%w: %s has %d tokens, the most allowed", model.ErrConflict, t.User, n)
		}
		_, err = tx.Exec(ctx, `INSERT INTO bot_tokens (hash, id, user_key, label, created_at) VALUES ($1, $2, $3, $4, $5)`,
			t.Hash, t.ID, model.UserKey(t.User), t.Label, t.CreatedAt)
		return err
	})
}

// BotTokenUser implements store.BotTokens.
func (s *Store) BotTokenUser(ctx context.Context, hash string) (*model.User, error) {
	u := new(model.User)
	err := scanUser(s.pool.QueryRow(ctx, `SELECT `+userColumnsOf("u")+` FROM bot_tokens t JOIN users u ON u.name_key = t.user_key
		WHERE t.hash = $1 AND u.bot AND NOT u.disabled`, hash), u)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("%w: no such bot token", model.ErrNotFound)
	}
	if err != nil {
		return nil, s.wrap(err)
	}
	return u, nil
}

// ListBotTokens implements store.BotTokens.
func (s *Store) ListBotTokens(ctx context.Context, user string) ([]model.BotToken, error) {
	rows, _ := s.pool.Query(ctx, `SELECT t.id, u.name, t.label, t.created_at FROM bot_tokens t JOIN users u ON u.name_key = t.user_key
		WHERE t.user_key = $1 ORDER BY t.created_at, t.id`, model.UserKey(user))
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (model.BotToken, error) {
		var t model.BotToken
		err := row.Scan(&t.ID, &t.User, &t.Label, &t.CreatedAt)
		t.CreatedAt = t.CreatedAt.UTC()
		return t, err
	})
	if err != nil {
		return nil, s.wrap(err)
	}
	if len(out) == 0 {
		out = nil
	}
	return out, nil
}

// RevokeBotToken implements store.BotTokens.
func (s *Store) RevokeBotToken(ctx context.Context, user, id string) error {
	return s.write(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `DELETE FROM bot_tokens WHERE user_key = $1 AND id = $2`, model.UserKey(user), id)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return fmt.Errorf("%w: %s has no token %s", model.ErrNotFound, user, id)
		}
		return s.countRevocation(ctx, tx, user)
	})
}
