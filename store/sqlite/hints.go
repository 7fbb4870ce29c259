package sqlite

import (
	"context"
	"database/sql"
	"errors"

	"github.com/plateau-games/plateau/store/internal/model"
	"github.com/plateau-games/plateau/store/internal/sqlcommon"
)

var _ model.Hints = (*Store)(nil)

func insertHint(ctx context.Context, tx *sql.Tx, id string, n int, h model.Hint) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO hints (game, n, seat, ply, at_ms) VALUES (?, ?, ?, ?, ?)`,
		id, n, h.Seat, h.Ply, sqlcommon.Millis(h.At))
	return err
}

// loadHints reads a game's hints in the order given (LoadGame).
func loadHints(ctx context.Context, tx *sql.Tx, id string) ([]model.Hint, error) {
	rows, err := tx.QueryContext(ctx, `SELECT seat, ply, at_ms FROM hints WHERE game = ? ORDER BY n`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var hints []model.Hint
	for rows.Next() {
		var h model.Hint
		var at int64
		if err := rows.Scan(&h.Seat, &h.Ply, &at); err != nil {
			return nil, err
		}
		h.At = sqlcommon.FromMillis(at)
		hints = append(hints, h)
	}
	return hints, rows.Err()
}

// AddHint implements store.Hints. The write transaction holds SQLite's
// write lock: the game's moves cannot change between the count and the
// insert.
func (s *Store) AddHint(ctx context.Context, id string, h model.Hint) error {
	if h.At.IsZero() {
		h.At = sqlcommon.Now()
	}
	h.At = sqlcommon.Time(h.At)
	return s.write(ctx, func(tx *sql.Tx) error {
		var result string
		var moves, seats, hints int
		err := tx.QueryRowContext(ctx, `SELECT result,
			(SELECT COUNT(*) FROM moves WHERE game = g.id),
			(SELECT COUNT(*) FROM seats WHERE game = g.id),
			(SELECT COUNT(*) FROM hints WHERE game = g.id)
			FROM games g WHERE id = ?`, id).Scan(&result, &moves, &seats, &hints)
		found := !errors.Is(err, sql.ErrNoRows)
		if err != nil && found {
			return err
		}
		if err := sqlcommon.HintFits(id, h, found, result, moves, seats, hints); err != nil {
			return err
		}
		return insertHint(ctx, tx, id, hints, h)
	})
}
