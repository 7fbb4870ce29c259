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

var _ model.Chat = (*Store)(nil)

// AddChat implements store.Chat. The sender is locked (a transaction
// lock on his key), then the game's row: the counts of his messages and of
// the channel's hold until the insert, whichever server writes. Always in
// this order, so two AddChat never wait for each other in a circle.
func (s *Store) AddChat(ctx context.Context, m *model.ChatMessage, lim model.ChatLimits) error {
	if err := model.CheckChat(m); err != nil {
		return err
	}
	if m.At.IsZero() {
		m.At = sqlcommon.Now()
	}
	m.At = sqlcommon.Time(m.At)
	return s.write(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('plateau chat sender ' || $1, 0))`, m.Sender); err != nil {
			return err
		}
		var one int
		err := tx.QueryRow(ctx, `SELECT 1 FROM games WHERE id = $1 FOR NO KEY UPDATE`, m.Game).Scan(&one)
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("%w: %s", model.ErrNotFound, m.Game)
		}
		if err != nil {
			return err
		}
		if lim.PerMinute > 0 || lim.Burst > 0 {
			burstFrom := m.At.Add(-model.ChatBurstWindow)
			var n1, n60 int
			var oldest1, oldest60 *time.Time
			if err := tx.QueryRow(ctx, `SELECT COUNT(*), COUNT(*) FILTER (WHERE at > $1), MIN(at), MIN(at) FILTER (WHERE at > $1)
				FROM chat WHERE sender = $2 AND at > $3`, burstFrom, m.Sender, m.At.Add(-time.Minute)).
				Scan(&n60, &n1, &oldest60, &oldest1); err != nil {
				return err
			}
			var o1, o60 time.Time
			if oldest1 != nil {
				o1 = *oldest1
			}
			if oldest60 != nil {
				o60 = *oldest60
			}
			if err := model.ChatRateCheck(lim, m.At, n1, n60, o1, o60); err != nil {
				return err
			}
		}
		var n, mine int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*), COUNT(*) FILTER (WHERE sender = $1) FROM chat WHERE game = $2 AND channel = $3 AND NOT deleted`,
			m.Sender, m.Game, m.Channel).Scan(&n, &mine); err != nil {
			return err
		}
		if lim.Share > 0 && mine >= lim.Share {
			return &model.ChatLimitError{Err: model.ErrChatShare, Limit: lim.Share}
		}
		if n >= model.MaxChatMessages {
			return fmt.Errorf("%w: the %s chat of %s is full (%d messages)", model.ErrConflict, m.Channel, m.Game, n)
		}
		if err := tx.QueryRow(ctx, `INSERT INTO chat (game, channel, author, user_key, sender, text, at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
			m.Game, m.Channel, m.Author, model.UserKey(m.User), m.Sender, m.Text, m.At).Scan(&m.ID); err != nil {
			return err
		}
		b := &pgx.Batch{}
		s.queueChatNotify(b, m.Game)
		return tx.SendBatch(ctx, b).Close()
	})
}

// ChatMessages implements store.Chat.
func (s *Store) ChatMessages(ctx context.Context, game, channel string, limit int) ([]model.ChatMessage, error) {
	if limit <= 0 || limit > model.MaxChatMessages {
		limit = 100
	}
	rows, _ := s.pool.Query(ctx, `SELECT c.id, c.game, c.channel, c.author, COALESCE(u.name, ''), c.text, c.at, c.deleted FROM (
			SELECT * FROM chat WHERE game = $1 AND channel = $2 ORDER BY id DESC LIMIT $3) c
		LEFT JOIN users u ON u.name_key = c.user_key AND c.user_key <> ''
		ORDER BY c.id`, game, channel, limit)
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (model.ChatMessage, error) {
		var m model.ChatMessage
		err := row.Scan(&m.ID, &m.Game, &m.Channel, &m.Author, &m.User, &m.Text, &m.At, &m.Deleted)
		m.At = m.At.UTC()
		return m, err
	})
	if err != nil {
		return nil, s.wrap(err)
	}
	if len(out) == 0 {
		out = nil
	}
	return out, nil
}

// DeleteChat implements store.Chat.
func (s *Store) DeleteChat(ctx context.Context, game string, id int64) error {
	return s.write(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE chat SET deleted = true WHERE game = $1 AND id = $2`, game, id)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return fmt.Errorf("%w: no chat message %d in %s", model.ErrNotFound, id, game)
		}
		b := &pgx.Batch{}
		s.queueChatNotify(b, game)
		return tx.SendBatch(ctx, b).Close()
	})
}
