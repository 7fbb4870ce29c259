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

var _ model.Hints = (*Store)(nil)

func queueHint(b *pgx.Batch, id string, n int, h model.Hint) {
	b.Queue(`INSERT INTO hints (game, n, seat, ply, at) VALUES ($1, $2, $3, $4, $5)`, id, n, h.Seat, h.Ply, h.At)
}

// queueHintNotify adds the notification of a hint to a batch: "ID hint
// SENT". The moves did not change, so the payload of a game's write would
// be taken for a server's own echo.
func (s *Store) queueHintNotify(b *pgx.Batch, id string) {
	b.Queue(`SELECT pg_notify($1, $2)`, s.channel, fmt.Sprintf("%s hint %d", id, time.Now().UnixMilli()))
}

// AddHint implements store.Hints. The game's row is locked FOR UPDATE, as
// the appends of moves lock it: the count of moves holds until the insert,
// so a hint and a move racing are ordered, and a hint for a position a
// move has left is refused.
func (s *Store) AddHint(ctx context.Context, id string, h model.Hint) error {
	if h.At.IsZero() {
		h.At = sqlcommon.Now()
	}
	h.At = sqlcommon.Time(h.At)
	return s.write(ctx, func(tx pgx.Tx) error {
		var result string
		err := tx.QueryRow(ctx, `SELECT result FROM games WHERE id = $1 FOR UPDATE`, id).Scan(&result)
		found := !errors.Is(err, pgx.ErrNoRows)
		if err != nil && found {
			return err
		}
		var moves, seats, hints int
		if found {
			if err := tx.QueryRow(ctx, `SELECT
				(SELECT COUNT(*) FROM moves WHERE game = $1),
				(SELECT COUNT(*) FROM seats WHERE game = $1),
				(SELECT COUNT(*) FROM hints WHERE game = $1)`, id).Scan(&moves, &seats, &hints); err != nil {
				return err
			}
		}
		if err := sqlcommon.HintFits(id, h, found, result, moves, seats, hints); err != nil {
			return err
		}
		b := &pgx.Batch{}
		queueHint(b, id, hints, h)
		s.queueHintNotify(b, id)
		return tx.SendBatch(ctx, b).Close()
	})
}
