package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/plateau-games/plateau/store/internal/groupcommit"
	"github.com/plateau-games/plateau/store/internal/model"
	"github.com/plateau-games/plateau/store/internal/sqlcommon"
)

// InsertMove inserts a move without AppendMove's checks, to show that the
// (game, ply) key alone refuses a ply written twice.
func InsertMove(ctx context.Context, s *Store, id string, m model.Move) error {
	return s.write(ctx, func(tx pgx.Tx) error {
		b := &pgx.Batch{}
		queueMove(b, id, m)
		return tx.SendBatch(ctx, b).Close()
	})
}

// Pool is the store's connection pool (its search_path is the test's
// schema).
func Pool(s *Store) *pgxpool.Pool { return s.pool }

// SetBeforeCommit has f called by every batch just before its commit,
// its moves written: to make a batch panic or stall there.
func SetBeforeCommit(s *Store, f func(ops []*groupcommit.Op)) { s.beforeCommit = f }

// Channel is the store's notification channel (one per schema).
func Channel(s *Store) string { return s.channel }

// FillChat writes n messages to a channel in one statement, as
// storetest.ChatFiller describes (the tests of the chat's cap).
func FillChat(ctx context.Context, s *Store, game, channel, author string, senders []string, first, n int) error {
	return s.write(ctx, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO chat (game, channel, author, user_key, sender, text, at)
			SELECT $1, $2, $3, '', ($4::text[])[i % cardinality($4::text[]) + 1], i::text, $5
			FROM generate_series($6::int, $6::int + $7::int - 1) AS i ORDER BY i`,
			game, channel, author, senders, sqlcommon.Now(), first, n)
		return err
	})
}
