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

var _ model.Chat = (*Store)(nil)

// AddChat implements store.Chat. The store has one writer: the counts
// hold until the insert.
func (s *Store) AddChat(ctx context.Context, m *model.ChatMessage, lim model.ChatLimits) error {
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
		if lim.PerMinute > 0 || lim.Burst > 0 {
			now := sqlcommon.Millis(m.At)
			burstFrom := now - model.ChatBurstWindow.Milliseconds()
			var n1, n60 int
			var oldest1, oldest60 sql.NullInt64
			if err := tx.QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(SUM(at_ms > ?), 0), MIN(at_ms), MIN(CASE WHEN at_ms > ? THEN at_ms END)
				FROM chat WHERE sender = ? AND at_ms > ?`, burstFrom, burstFrom, m.Sender, now-time.Minute.Milliseconds()).
				Scan(&n60, &n1, &oldest60, &oldest1); err != nil {
				return err
			}
			if err := model.ChatRateCheck(lim, m.At, n1, n60, sqlcommon.FromMillis(oldest1.Int64), sqlcommon.FromMillis(oldest60.Int64)); err != nil {
				return err
			}
		}
		var n, mine int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(SUM(sender = ?), 0) FROM chat WHERE game = ? AND channel = ? AND deleted = 0`,
			m.Sender, m.Game, m.Channel).Scan(&n, &mine); err != nil {
			return err
		}
		if lim.Share > 0 && mine >= lim.Share {
			return &model.ChatLimitError{Err: model.ErrChatShare, Limit: lim.Share}
		}
		if n >= model.MaxChatMessages {
			return fmt.Errorf("%w: the %s chat of %s is full (%d messages)", model.ErrConflict, m.Channel, m.Game, n)
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO chat (game, channel, author, user_key, sender, text, at_ms) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			m.Game, m.Channel, m.Author, model.UserKey(m.User), m.Sender, m.Text, sqlcommon.Millis(m.At))
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
