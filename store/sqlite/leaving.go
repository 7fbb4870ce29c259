package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/plateau-games/plateau/store/internal/model"
	"github.com/plateau-games/plateau/store/internal/sqlcommon"
)

var _ model.Leaving = (*Store)(nil)

// LeaveSeat implements store.Leaving. The write transaction holds
// SQLite's write lock: two leaves of one game are ordered, and each counts
// the other.
func (s *Store) LeaveSeat(ctx context.Context, id string, seat int, agent string, at time.Time) (int, error) {
	if err := sqlcommon.LeaveArgs(id, seat, agent); err != nil {
		return 0, err
	}
	if at.IsZero() {
		at = time.Now()
	}
	var left int
	err := s.write(ctx, func(tx *sql.Tx) error {
		var result string
		err := tx.QueryRowContext(ctx, `SELECT result FROM games WHERE id = ?`, id).Scan(&result)
		if err := sqlcommon.Ongoing(id, result, errors.Is(err, sql.ErrNoRows), err); err != nil {
			return err
		}
		var seats, before int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(SUM(left_order > 0), 0) FROM seats WHERE game = ?`, id).Scan(&seats, &before); err != nil {
			return err
		}
		var kind string
		var was int
		err = tx.QueryRowContext(ctx, `SELECT kind, left_order FROM seats WHERE game = ? AND seat = ?`, id, seat).Scan(&kind, &was)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if err := sqlcommon.LeaveFits(id, seat, seats, kind, was); err != nil {
			return err
		}
		left = before + 1
		if _, err := tx.ExecContext(ctx, `UPDATE seats SET kind = 'computer', agent = ?, left_order = ? WHERE game = ? AND seat = ?`,
			agent, left, id, seat); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE games SET updated_ms = ? WHERE id = ?`, sqlcommon.Millis(at), id)
		return err
	})
	if err != nil {
		return 0, err
	}
	return left, nil
}
