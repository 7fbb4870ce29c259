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

var _ model.Leaving = (*Store)(nil)

// LeaveSeat implements store.Leaving. The game's row is locked FOR UPDATE
// as the other writes of a game lock it: two leaves of one game are
// ordered, each counting the other, and a leave and a move or a finish
// too.
func (s *Store) LeaveSeat(ctx context.Context, id string, seat int, agent string, at time.Time) (int, error) {
	if err := sqlcommon.LeaveArgs(id, seat, agent); err != nil {
		return 0, err
	}
	if at.IsZero() {
		at = time.Now()
	}
	var left int
	err := s.write(ctx, func(tx pgx.Tx) error {
		if err := lockOngoing(ctx, tx, id); err != nil {
			return err
		}
		var seats, before int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*), COUNT(*) FILTER (WHERE left_order > 0) FROM seats WHERE game = $1`, id).Scan(&seats, &before); err != nil {
			return err
		}
		var kind string
		var was int
		err := tx.QueryRow(ctx, `SELECT kind, left_order FROM seats WHERE game = $1 AND seat = $2`, id, seat).Scan(&kind, &was)
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		if err := sqlcommon.LeaveFits(id, seat, seats, kind, was); err != nil {
			return err
		}
		left = before + 1
		b := &pgx.Batch{}
		b.Queue(`UPDATE seats SET kind = 'computer', agent = $1, left_order = $2 WHERE game = $3 AND seat = $4`, agent, left, id, seat)
		b.Queue(`UPDATE games SET updated_at = $1 WHERE id = $2`, sqlcommon.Time(at), id)
		b.Queue(`SELECT pg_notify($1, $2)`, s.channel, fmt.Sprintf("%s left %d", id, time.Now().UnixMilli()))
		return tx.SendBatch(ctx, b).Close()
	})
	if err != nil {
		return 0, err
	}
	return left, nil
}
