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

var _ model.Turns = (*Store)(nil)

// heldGame is a game as a write of Turns reads it, its row locked FOR
// UPDATE as the appends of moves lock it: its moves cannot change until
// the transaction ends, so an offer and a move racing are ordered.
type heldGame struct {
	found  bool
	result string
	moves  int
	seats  int
	began  time.Time // the last move's time, or the game's creation
	turn   sqlcommon.Turn
}

func holdGame(ctx context.Context, tx pgx.Tx, id string) (heldGame, error) {
	var h heldGame
	var created time.Time
	err := tx.QueryRow(ctx, `SELECT result, created_at FROM games WHERE id = $1 FOR UPDATE`, id).Scan(&h.result, &created)
	if errors.Is(err, pgx.ErrNoRows) {
		return h, nil
	}
	if err != nil {
		return h, err
	}
	h.found = true
	var last *time.Time
	if err := tx.QueryRow(ctx, `SELECT
		(SELECT COUNT(*) FROM moves WHERE game = $1),
		(SELECT COUNT(*) FROM seats WHERE game = $1),
		(SELECT MAX(at) FROM moves WHERE game = $1)`, id).Scan(&h.moves, &h.seats, &last); err != nil {
		return h, err
	}
	h.began = created.UTC()
	if last != nil {
		h.began = last.UTC()
	}
	h.turn, err = loadTurn(ctx, tx, id)
	return h, err
}

// loadTurn reads a game's row of turns.
func loadTurn(ctx context.Context, tx pgx.Tx, id string) (sqlcommon.Turn, error) {
	var t sqlcommon.Turn
	var from, at *time.Time
	var o model.Offer
	var needs, got int
	err := tx.QueryRow(ctx, `SELECT ply, clock_from, offer_kind, offer_by, offer_needs, offer_got, offer_keep, offer_reason, offer_at
		FROM turns WHERE game = $1`, id).Scan(&t.Ply, &from, &o.Kind, &o.By, &needs, &got, &o.Keep, &o.Reason, &at)
	if errors.Is(err, pgx.ErrNoRows) {
		return t, nil
	}
	if err != nil {
		return t, err
	}
	t.Found = true
	if from != nil {
		t.ClockFrom = from.UTC()
	}
	if o.Kind != "" {
		o.Needs, o.Got, o.Ply = uint8(needs), uint8(got), t.Ply
		if at != nil {
			o.At = at.UTC()
		}
		t.Offer = &o
	}
	return t, nil
}

// queueTurn writes a game's row of turns: the position after ply moves,
// its clock's start (zero: NULL) and its offer (nil: none).
func queueTurn(b *pgx.Batch, id string, ply int, from time.Time, o *model.Offer) {
	var clock *time.Time
	if !from.IsZero() {
		clock = &from
	}
	var kind, reason string
	var by, needs, got, keep int
	var at *time.Time
	if o != nil {
		kind, by, needs, got, keep, reason, at = o.Kind, o.By, int(o.Needs), int(o.Got), o.Keep, o.Reason, &o.At
	}
	b.Queue(`INSERT INTO turns (game, ply, clock_from, offer_kind, offer_by, offer_needs, offer_got, offer_keep, offer_reason, offer_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
		ON CONFLICT (game) DO UPDATE SET ply = EXCLUDED.ply, clock_from = EXCLUDED.clock_from,
			offer_kind = EXCLUDED.offer_kind, offer_by = EXCLUDED.offer_by, offer_needs = EXCLUDED.offer_needs,
			offer_got = EXCLUDED.offer_got, offer_keep = EXCLUDED.offer_keep, offer_reason = EXCLUDED.offer_reason,
			offer_at = EXCLUDED.offer_at`,
		id, ply, clock, kind, by, needs, got, keep, reason, at)
}

// queueTurnNotify adds the notification of a change of turns to a batch:
// "ID turn SENT" (the moves did not change).
func (s *Store) queueTurnNotify(b *pgx.Batch, id string) {
	b.Queue(`SELECT pg_notify($1, $2)`, s.channel, fmt.Sprintf("%s turn %d", id, time.Now().UnixMilli()))
}

// clockFromKept is the clock's start a new row for the position after
// moves keeps: the current row's, if it is about that position.
func clockFromKept(h heldGame) time.Time {
	if h.turn.Current(h.result, h.moves) {
		return h.turn.ClockFrom
	}
	return time.Time{}
}

// MakeOffer implements store.Turns.
func (s *Store) MakeOffer(ctx context.Context, id string, o model.Offer) (model.OfferOutcome, error) {
	var outcome model.OfferOutcome
	err := s.write(ctx, func(tx pgx.Tx) error {
		h, err := holdGame(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := sqlcommon.OfferFits(id, &o, h.found, h.result, h.moves, h.seats, h.turn); err != nil {
			return err
		}
		b := &pgx.Batch{}
		if o.Needs == 0 {
			outcome = model.OfferCarried
			s.queueCarry(b, id, o, o.At, h)
		} else {
			outcome = model.OfferWaiting
			queueTurn(b, id, h.moves, clockFromKept(h), &o)
			s.queueTurnNotify(b, id)
		}
		return tx.SendBatch(ctx, b).Close()
	})
	return outcome, err
}

// queueCarry carries an accepted offer out: a draw ends the game, an
// undo takes the moves after Keep back and restarts the clock at.
func (s *Store) queueCarry(b *pgx.Batch, id string, o model.Offer, at time.Time, h heldGame) {
	now := sqlcommon.Now()
	switch o.Kind {
	case "draw":
		b.Queue(`UPDATE games SET result = 'draw', reason = $1, updated_at = $2 WHERE id = $3`, o.Reason, now, id)
		b.Queue(`DELETE FROM turns WHERE game = $1`, id)
		s.queueNotify(b, id, h.moves, true)
	case "undo":
		b.Queue(`DELETE FROM moves WHERE game = $1 AND ply >= $2`, id, o.Keep)
		b.Queue(`UPDATE games SET updated_at = $1 WHERE id = $2`, now, id)
		queueTurn(b, id, o.Keep, at, nil)
		s.queueNotify(b, id, o.Keep, false)
	}
}

// AnswerOffer implements store.Turns.
func (s *Store) AnswerOffer(ctx context.Context, id string, a model.OfferAnswer) (model.Offer, model.OfferOutcome, error) {
	if a.At.IsZero() {
		a.At = time.Now()
	}
	a.At = sqlcommon.Time(a.At)
	var o model.Offer
	var outcome model.OfferOutcome
	err := s.write(ctx, func(tx pgx.Tx) error {
		h, err := holdGame(ctx, tx, id)
		if err != nil {
			return err
		}
		o, outcome, err = sqlcommon.Answer(id, a, h.found, h.result, h.moves, h.turn)
		if err != nil {
			return err
		}
		b := &pgx.Batch{}
		switch outcome {
		case model.OfferWaiting:
			queueTurn(b, id, h.moves, h.turn.ClockFrom, &o)
			s.queueTurnNotify(b, id)
		case model.OfferDeclined:
			queueTurn(b, id, h.moves, h.turn.ClockFrom, nil)
			s.queueTurnNotify(b, id)
		case model.OfferCarried:
			s.queueCarry(b, id, o, a.At, h)
		}
		return tx.SendBatch(ctx, b).Close()
	})
	if err != nil {
		return model.Offer{}, 0, err
	}
	return o, outcome, nil
}

// SetClockFrom implements store.Turns.
func (s *Store) SetClockFrom(ctx context.Context, id string, ply int, from time.Time) error {
	from = sqlcommon.Time(from)
	return s.write(ctx, func(tx pgx.Tx) error {
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
		b := &pgx.Batch{}
		queueTurn(b, id, h.moves, from, o)
		s.queueTurnNotify(b, id)
		return tx.SendBatch(ctx, b).Close()
	})
}
