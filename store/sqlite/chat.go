package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/plateau-games/plateau/store/internal/model"
	"github.com/plateau-games/plateau/store/internal/sqlcommon"
)

var _ model.Chat = (*Store)(nil)

// AddChat implements store.Chat.
func (s *Store) AddChat(ctx context.Context, m *model.ChatMessage) error {
	if err := model.CheckChat(m); err != nil {
		return err
	}
	if m.At.IsZero() {
		m.At = sqlcommon.Now()
	}
	m.At = sqlcommon.Time(m.At)
	return s.write(ctx, func(tx *sql.Tx) error {
		var one int
		err := tx.QueryRowContext(ctx, `SELECT 1 FROM games WHERE id = ?`, m.Game).Scan(&one)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("%w: %s", model.ErrNotFound, m.Game)
		}
		if err != nil {
			return err
		}
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM chat WHERE game = ? AND channel = ?`, m.Game, m.Channel).Scan(&n); err != nil {
			return err
		}
		if n >= model.MaxChatMessages {
			return fmt.Errorf("%w: the %s chat of %s is full (%d messages)", model.ErrConflict, m.Channel, m.Game, n)
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO chat (game, channel, author, user_key, text, at_ms) VALUES (?, ?, ?, ?, ?, ?)`,
			m.Game, m.Channel, m.Author, model.UserKey(m.User), m.Text, sqlcommon.Millis(m.At))
		if err != nil {
			return err
		}
		m.ID, err = res.LastInsertId()
		return err
	})
}

// ChatMessages implements store.Chat.
func (s *Store) ChatMessages(ctx context.Context, game, channel string, limit int) ([]model.ChatMessage, error) {
	if limit <= 0 || limit > model.MaxChatMessages {
		limit = 100
	}
	rows, err := s.r.QueryContext(ctx, `SELECT id, game, channel, author, COALESCE(u.name, ''), text, at_ms, deleted FROM (
			SELECT * FROM chat WHERE game = ? AND channel = ? ORDER BY id DESC LIMIT ?) c
		LEFT JOIN users u ON u.name_key = c.user_key AND c.user_key <> ''
		ORDER BY id`, game, channel, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []model.ChatMessage
	for rows.Next() {
		var m model.ChatMessage
		var at int64
		if err := rows.Scan(&m.ID, &m.Game, &m.Channel, &m.Author, &m.User, &m.Text, &at, &m.Deleted); err != nil {
			return nil, err
		}
		m.At = sqlcommon.FromMillis(at)
		out = append(out, m)
	}
	return out, rows.Err()
}

// DeleteChat implements store.Chat.
func (s *Store) DeleteChat(ctx context.Context, game string, id int64) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE chat SET deleted = 1 WHERE game = ? AND id = ?`, game, id)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return fmt.Errorf("%w: no chat message %d in %s", model.ErrNotFound, id, game)
		}
		return nil
	})
}
