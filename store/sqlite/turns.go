package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/plateau-games/plateau/store/internal/model"
	"github.com/plateau-games/plateau/store/internal/sqlcommon"
)

var _ model.Turns = (*Store)(nil)

// heldGame is a game as a write of Turns reads it. The write transaction
// holds SQLite's write lock: its moves cannot change meanwhile.
type heldGame struct {
	found  bool
	result string
	moves  int
	seats  int
	began  time.Time // the last move's time, or the game's creation
	turn   sqlcommon.Turn
}

func holdGame(ctx context.Context, tx *sql.Tx, id string) (heldGame, error) {
	var h heldGame
	var created int64
	var last sql.NullInt64
	err := tx.QueryRowContext(ctx, `SELECT result, created_ms,
		(SELECT COUNT(*) FROM moves WHERE game = g.id),
		(SELECT COUNT(*) FROM seats WHERE game = g.id),
		(SELECT MAX(at_ms) FROM moves WHERE game = g.id)
		FROM games g WHERE id = ?`, id).Scan(&h.result, &created, &h.moves, &h.seats, &last)
	if errors.Is(err, sql.ErrNoRows) {
		return h, nil
	}
	if err != nil {
		return h, err
	}
	h.found = true
	h.began = sqlcommon.FromMillis(created)
	if last.Valid {
		h.began = sqlcommon.FromMillis(last.Int64)
	}
	h.turn, err = loadTurn(ctx, tx, id)
	return h, err
}

// loadTurn reads a game's row of turns.
func loadTurn(ctx context.Context, tx *sql.Tx, id string) (sqlcommon.Turn, error) {
	var t sqlcommon.Turn
	var from, at sql.NullInt64
	var o model.Offer
	var needs, got int
	err := tx.QueryRowContext(ctx, `SELECT ply, clock_from_ms, offer_kind, offer_by, offer_needs, offer_got, offer_keep, offer_reason, offer_at_ms
		FROM turns WHERE game = ?`, id).Scan(&t.Ply, &from, &o.Kind, &o.By, &needs, &got, &o.Keep, &o.Reason, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return t, nil
	}
	if err != nil {
		return t, err
	}
	t.Found = true
	if from.Valid {
		t.ClockFrom = sqlcommon.FromMillis(from.Int64)
	}
	if o.Kind != "" {
		o.Needs, o.Got, o.Ply = uint8(needs), uint8(got), t.Ply
		if at.Valid {
			o.At = sqlcommon.FromMillis(at.Int64)
		}
		t.Offer = &o
	}
	return t, nil
}

// writeTurn writes a game's row of turns: the position after ply moves,
// its clock's start (zero: NULL) and its offer (nil: none).
func writeTurn(ctx context.Context, tx *sql.Tx, id string, ply int, from time.Time, o *model.Offer) error {
	var clock, at sql.NullInt64
	if !from.IsZero() {
		clock = sql.NullInt64{Int64: sqlcommon.Millis(from), Valid: true}
	}
	var kind, reason string
	var by, needs, got, keep int
	if o != nil {
		kind, by, needs, got, keep, reason = o.Kind, o.By, int(o.Needs), int(o.Got), o.Keep, o.Reason
		at = sql.NullInt64{Int64: sqlcommon.Millis(o.At), Valid: true}
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO turns (game, ply, clock_from_ms, offer_kind, offer_by, offer_needs, offer_got, offer_keep, offer_reason, offer_at_ms)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (game) DO UPDATE SET ply = excluded.ply, clock_from_ms = excluded.clock_from_ms,
			offer_kind = excluded.offer_kind, offer_by = excluded.offer_by, offer_needs = excluded.offer_needs,
			offer_got = excluded.offer_got, offer_keep = excluded.offer_keep, offer_reason = excluded.offer_reason,
			offer_at_ms = excluded.offer_at_ms`,
		id, ply, clock, kind, by, needs, got, keep, reason, at)
	return err
}

// MakeOffer implements store.Turns.
func (s *Store) MakeOffer(ctx context.Context, id string, o model.Offer) (model.OfferOutcome, error) {
	var outcome model.OfferOutcome
	err := s.write(ctx, func(tx *sql.Tx) error {
		h, err := holdGame(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := sqlcommon.OfferFits(id, &o, h.found, h.result, h.moves, h.seats, h.turn); err != nil {
			return err
		}
		if o.Needs == 0 {
			outcome = model.OfferCarried
			return carry(ctx, tx, id, o, o.At)
		}
		outcome = model.OfferWaiting
		from := time.Time{}
		if h.turn.Current(h.result, h.moves) {
			from = h.turn.ClockFrom
		}
		return writeTurn(ctx, tx, id, h.moves, from, &o)
	})
	return outcome, err
}

// carry carries an accepted offer out: a draw ends the game, an undo
// takes the moves after Keep back and restarts the clock at.
func carry(ctx context.Context, tx *sql.Tx, id string, o model.Offer, at time.Time) error {
	now := sqlcommon.Millis(sqlcommon.Now())
	switch o.Kind {
	case "draw":
		if _, err := tx.ExecContext(ctx, `UPDATE games SET result = 'draw', reason = ?, updated_ms = ? WHERE id = ?`, o.Reason, now, id); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `DELETE FROM turns WHERE game = ?`, id)
		return err
	case "undo":
		if _, err := tx.ExecContext(ctx, `DELETE FROM moves WHERE game = ? AND ply >= ?`, id, o.Keep); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE games SET updated_ms = ? WHERE id = ?`, now, id); err != nil {
			return err
		}
		return writeTurn(ctx, tx, id, o.Keep, at, nil)
	}
	return nil
}

// AnswerOffer implements store.Turns.
func (s *Store) AnswerOffer(ctx context.Context, id string, a model.OfferAnswer) (model.Offer, model.OfferOutcome, error) {
	if a.At.IsZero() {
		a.At = time.Now()
	}
	a.At = sqlcommon.Time(a.At)
	var o model.Offer
	var outcome model.OfferOutcome
	err := s.write(ctx, func(tx *sql.Tx) error {
		h, err := holdGame(ctx, tx, id)
		if err != nil {
			return err
		}
		o, outcome, err = sqlcommon.Answer(id, a, h.found, h.result, h.moves, h.turn)
		if err != nil {
			return err
		}
		switch outcome {
		case model.OfferWaiting:
			return writeTurn(ctx, tx, id, h.moves, h.turn.ClockFrom, &o)
		case model.OfferDeclined:
			return writeTurn(ctx, tx, id, h.moves, h.turn.ClockFrom, nil)
		}
		return carry(ctx, tx, id, o, a.At)
	})
	if err != nil {
		return model.Offer{}, 0, err
	}
	return o, outcome, nil
}

// SetClockFrom implements store.Turns.
func (s *Store) SetClockFrom(ctx context.Context, id string, ply int, from time.Time) error {
	from = sqlcommon.Time(from)
	return s.write(ctx, func(tx *sql.Tx) error {
		h, err := holdGame(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := sqlcommon.ClockFits(id, h.found, h.result, h.moves, ply, h.began, from); err != nil {
			return err
		}
		var o *model.Offer
		if h.turn.Current(h.result, h.moves) {
			o = h.turn.Offer
		}
		return writeTurn(ctx, tx, id, h.moves, from, o)
	})
}
