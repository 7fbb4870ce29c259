package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/plateau-games/plateau/store/internal/model"
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
