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

var _ model.TournamentExtras = (*Store)(nil)

// AddComputer implements store.TournamentExtras.
func (s *Store) AddComputer(ctx context.Context, id, agent string, now time.Time) (string, error) {
	var name string
	err := s.changeTournament(ctx, id, now, func(tx pgx.Tx, t *model.Tournament) error {
		var err error
		if name, err = model.CanAddComputer(t, agent); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `INSERT INTO tournament_entrants (tournament_id, user_key, rating, registered_at, withdrawn, agent)
			VALUES ($1, $2, 0, $3, false, $4)`, t.ID, model.UserKey(name), sqlcommon.Time(now), agent)
		return err
	})
	return name, err
}

// GameBoard implements store.TournamentExtras.
func (s *Store) GameBoard(ctx context.Context, game string) (*model.TournamentBoard, error) {
	var b model.TournamentBoard
	err := s.pool.QueryRow(ctx, `SELECT t.id, t.name, t.kind, p.round, p.board FROM tournament_pairings p
		JOIN tournaments t ON t.id = p.tournament_id WHERE p.game = $1 AND p.game <> ''`, game).Scan(&b.Tournament, &b.Name, &b.Kind, &b.Round, &b.Board)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("%w: game %s was not played in a tournament", model.ErrNotFound, game)
	}
	if err != nil {
		return nil, err
	}
	return &b, nil
}
