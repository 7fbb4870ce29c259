package postgres

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/plateau-games/plateau/store/internal/model"
	"github.com/plateau-games/plateau/store/internal/sqlcommon"
)

var _ model.Tournaments = (*Store)(nil)

type querier interface {
	Query(context.Context, string, ...any) (pgx.Rows, error)
	QueryRow(context.Context, string, ...any) pgx.Row
}

const tournamentSelect = `SELECT t.id, t.name, COALESCE(u.name, t.director_key), t.kind, t.game_id, t.options, t.rated,
		t.clock_ms, t.increment_ms, t.move_days, t.rounds, t.duration_ms, t.starts_at, t.closed, t.auto_pair, t.bots, t.computers,
		t.status, t.paired, t.created_at, t.started_at, t.ended_at, t.updated_at,
		(SELECT COUNT(*) FROM tournament_entrants e WHERE e.tournament_id = t.id AND NOT e.withdrawn)
	FROM tournaments t LEFT JOIN users u ON u.name_key = t.director_key`

func scanTournament(row interface{ Scan(...any) error }) (model.Tournament, error) {
	var t model.Tournament
	var started, ended time.Time
	err := row.Scan(&t.ID, &t.Name, &t.Director, &t.Kind, &t.GameID, &t.Options, &t.Rated,
		&t.ClockMillis, &t.IncrementMillis, &t.MoveDays, &t.Rounds, &t.DurationMillis, &t.StartsAt, &t.Closed, &t.AutoPair, &t.Bots, &t.Computers,
		&t.Status, &t.Paired, &t.CreatedAt, &started, &ended, &t.UpdatedAt, &t.Entries)
	t.StartsAt, t.CreatedAt, t.UpdatedAt = t.StartsAt.UTC(), t.CreatedAt.UTC(), t.UpdatedAt.UTC()
	t.StartedAt, t.EndedAt = sqlcommon.FromEpoch(started), sqlcommon.FromEpoch(ended)
	return t, err
}

// loadTournament reads one tournament with its invited, entrants and
// pairings through q; ErrNotFound.
func loadTournament(ctx context.Context, q querier, id string) (*model.Tournament, error) {
	t, err := scanTournament(q.QueryRow(ctx, tournamentSelect+` WHERE t.id = $1`, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("%w: no tournament %s", model.ErrNotFound, id)
	}
	if err != nil {
		return nil, err
	}
	rows, err := q.Query(ctx, `SELECT COALESCE(u.name, i.user_key) FROM tournament_invited i
		LEFT JOIN users u ON u.name_key = i.user_key WHERE i.tournament_id = $1 ORDER BY i.user_key`, id)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			rows.Close()
			return nil, err
		}
		t.Invited = append(t.Invited, name)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows, err = q.Query(ctx, `SELECT COALESCE(u.name, e.user_key), e.rating, e.registered_at, e.withdrawn, e.agent
		FROM tournament_entrants e LEFT JOIN users u ON u.name_key = e.user_key
		WHERE e.tournament_id = $1 ORDER BY e.registered_at, e.user_key`, id)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var e model.Entrant
		var at time.Time
		if err := rows.Scan(&e.User, &e.Rating, &at, &e.Withdrawn, &e.Agent); err != nil {
			rows.Close()
			return nil, err
		}
		e.At = at.UTC()
		t.Entrants = append(t.Entrants, e)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows, err = q.Query(ctx, `SELECT p.round, p.board, COALESCE(w.name, p.white_key), COALESCE(b.name, p.black_key),
			p.others, p.game, p.result, p.corrected
		FROM tournament_pairings p
		LEFT JOIN users w ON w.name_key = p.white_key
		LEFT JOIN users b ON b.name_key = p.black_key AND p.black_key <> ''
		WHERE p.tournament_id = $1 ORDER BY p.round, p.board`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var p model.Pairing
		var others string
		if err := rows.Scan(&p.Round, &p.Board, &p.White, &p.Black, &others, &p.Game, &p.Result, &p.Corrected); err != nil {
			return nil, err
		}
		if others != "" {
			p.Others = strings.Fields(others)
		}
		t.Pairings = append(t.Pairings, p)
	}
	return &t, rows.Err()
}

// CreateTournament implements store.Tournaments.
func (s *Store) CreateTournament(ctx context.Context, t *model.Tournament) error {
	if err := sqlcommon.PrepareTournament(t, sqlcommon.Now()); err != nil {
		return err
	}
	return s.write(ctx, func(tx pgx.Tx) error {
		director, err := tableUser(ctx, tx, t.Director, true)
		if err != nil {
			return err
		}
		t.Director = director
		var n int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM tournaments WHERE director_key = $1 AND status <> 'finished'`,
			model.UserKey(director)).Scan(&n); err != nil {
			return err
		}
		if n >= model.MaxDirected {
			return fmt.Errorf("%w: %s directs %d tournaments, the most allowed", model.ErrConflict, director, n)
		}
		if _, err := tx.Exec(ctx, `INSERT INTO tournaments (id, name, director_key, kind, game_id, options, rated,
				clock_ms, increment_ms, move_days, rounds, duration_ms, starts_at, closed, auto_pair, bots, status, paired,
				created_at, started_at, ended_at, updated_at, computers)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, 0, $18, $19, $19, $20, $21)`,
			t.ID, t.Name, model.UserKey(director), t.Kind, t.GameID, t.Options, t.Rated,
			t.ClockMillis, t.IncrementMillis, t.MoveDays, t.Rounds, t.DurationMillis, t.StartsAt,
			t.Closed, t.AutoPair, t.Bots, t.Status, t.CreatedAt, sqlcommon.EpochZero(time.Time{}), t.UpdatedAt, t.Computers); err != nil {
			return err
		}
		seen := map[string]bool{}
		for i, name := range t.Invited {
			var display string
			err := tx.QueryRow(ctx, `SELECT name FROM users WHERE name_key = $1`, model.UserKey(name)).Scan(&display)
			if errors.Is(err, pgx.ErrNoRows) {
				return fmt.Errorf("%w: invited: no user %s", model.ErrNotFound, name)
			}
			if err != nil {
				return err
			}
			t.Invited[i] = display
			if seen[model.UserKey(display)] {
				continue
			}
			seen[model.UserKey(display)] = true
			if _, err := tx.Exec(ctx, `INSERT INTO tournament_invited (tournament_id, user_key) VALUES ($1, $2)`,
				t.ID, model.UserKey(display)); err != nil {
				return err
			}
		}
		return nil
	})
}

// LoadTournament implements store.Tournaments.
func (s *Store) LoadTournament(ctx context.Context, id string) (*model.Tournament, error) {
	return loadTournament(ctx, s.pool, id)
}

// ListTournaments implements store.Tournaments.
func (s *Store) ListTournaments(ctx context.Context, status string, limit int) ([]model.Tournament, error) {
	limit, _, err := sqlcommon.Page(model.Filter{Limit: limit})
	if err != nil {
		return nil, err
	}
	q := tournamentSelect + ` ORDER BY t.starts_at DESC, t.id LIMIT $1`
	args := []any{limit}
	switch status {
	case "":
	case model.TournamentUpcoming, model.TournamentRunning:
		q = tournamentSelect + ` WHERE t.status = $1 ORDER BY t.starts_at, t.id LIMIT $2`
		args = []any{status, limit}
	case model.TournamentFinished:
		q = tournamentSelect + ` WHERE t.status = $1 ORDER BY t.ended_at DESC, t.id LIMIT $2`
		args = []any{status, limit}
	default:
		return nil, fmt.Errorf("store: tournament status %q, accepted: upcoming, running, finished or none", status)
	}
	rows, err := s.pool.Query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []model.Tournament
	for rows.Next() {
		t, err := scanTournament(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// changeTournament loads tournament id inside a writing transaction and
// hands it to change.
func (s *Store) changeTournament(ctx context.Context, id string, now time.Time, change func(tx pgx.Tx, t *model.Tournament) error) error {
	return s.write(ctx, func(tx pgx.Tx) error {
		// The tournament's row locked: its changes one after the other,
		// on every server (the second of two racing pairings sees the
		// round paired).
		var one int
		err := tx.QueryRow(ctx, `SELECT 1 FROM tournaments WHERE id = $1 FOR UPDATE`, id).Scan(&one)
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("%w: no tournament %s", model.ErrNotFound, id)
		}
		if err != nil {
			return err
		}
		t, err := loadTournament(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := change(tx, t); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `UPDATE tournaments SET updated_at = GREATEST(updated_at, $1) WHERE id = $2`,
			sqlcommon.Time(now), id)
		return err
	})
}

// Register implements store.Tournaments.
func (s *Store) Register(ctx context.Context, id, user string, rating int, now time.Time) error {
	return s.changeTournament(ctx, id, now, func(tx pgx.Tx, t *model.Tournament) error {
		name, err := tableUser(ctx, tx, user, false)
		if err != nil {
			return err
		}
		if err := sqlcommon.CanRegister(t, name); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM tournament_entrants e JOIN tournaments t ON t.id = e.tournament_id
			WHERE e.user_key = $1 AND NOT e.withdrawn AND t.status <> 'finished'`, model.UserKey(name)).Scan(&n); err != nil {
			return err
		}
		if n >= model.MaxEntered {
			return fmt.Errorf("%w: %s is registered in %d tournaments, the most allowed", model.ErrConflict, name, n)
		}
		_, err = tx.Exec(ctx, `INSERT INTO tournament_entrants (tournament_id, user_key, rating, registered_at, withdrawn)
			VALUES ($1, $2, $3, $4, false)
			ON CONFLICT (tournament_id, user_key) DO UPDATE SET withdrawn = false, rating = excluded.rating`,
			t.ID, model.UserKey(name), rating, sqlcommon.Time(now))
		return err
	})
}

// Withdraw implements store.Tournaments.
func (s *Store) Withdraw(ctx context.Context, id, user string, now time.Time) error {
	return s.changeTournament(ctx, id, now, func(tx pgx.Tx, t *model.Tournament) error {
		if err := sqlcommon.CanWithdraw(t, user); err != nil {
			return err
		}
		if t.Status == model.TournamentUpcoming {
			// Before the start, a withdrawal leaves no trace.
			_, err := tx.Exec(ctx, `DELETE FROM tournament_entrants WHERE tournament_id = $1 AND user_key = $2`,
				t.ID, model.UserKey(user))
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE tournament_entrants SET withdrawn = true WHERE tournament_id = $1 AND user_key = $2`,
			t.ID, model.UserKey(user))
		return err
	})
}

// StartTournament implements store.Tournaments.
func (s *Store) StartTournament(ctx context.Context, id string, rounds int, now time.Time) error {
	return s.changeTournament(ctx, id, now, func(tx pgx.Tx, t *model.Tournament) error {
		if err := sqlcommon.CanStart(t, rounds); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE tournaments SET status = 'running', rounds = $1, started_at = $2 WHERE id = $3`,
			rounds, sqlcommon.Time(now), t.ID)
		return err
	})
}

// PairRound implements store.Tournaments. The round's row is inserted
// first: its primary key is the last word on who paired it.
func (s *Store) PairRound(ctx context.Context, id string, round int, pairings []model.Pairing, games []*model.Game, now time.Time) error {
	pairings = append([]model.Pairing(nil), pairings...)
	return s.changeTournament(ctx, id, now, func(tx pgx.Tx, t *model.Tournament) error {
		if err := sqlcommon.CheckRound(t, round, pairings, games); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO tournament_rounds (tournament_id, round, paired_at) VALUES ($1, $2, $3)`,
			t.ID, round, sqlcommon.Time(now)); err != nil {
			return err // a unique violation: ErrConflict (wrap)
		}
		for _, g := range games {
			if err := sqlcommon.PrepareGame(g); err != nil {
				return err
			}
			if err := insertGame(ctx, tx, g); err != nil {
				return err
			}
		}
		for _, p := range pairings {
			if _, err := tx.Exec(ctx, `INSERT INTO tournament_pairings (tournament_id, round, board, white_key, black_key, others, game, result, corrected)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`, t.ID, round, p.Board, model.UserKey(p.White), model.UserKey(p.Black), strings.Join(p.Others, " "), p.Game, p.Result, p.Corrected); err != nil {
				return err
			}
		}
		_, err := tx.Exec(ctx, `UPDATE tournaments SET paired = $1 WHERE id = $2`, round, t.ID)
		return err
	})
}

// SetResult implements store.Tournaments.
func (s *Store) SetResult(ctx context.Context, id string, round, board int, result string, corrected bool, now time.Time) error {
	return s.changeTournament(ctx, id, now, func(tx pgx.Tx, t *model.Tournament) error {
		p, err := sqlcommon.ResultChange(t, round, board, result, corrected)
		if err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `UPDATE tournament_pairings SET result = $1, corrected = $2 WHERE tournament_id = $3 AND round = $4 AND board = $5`,
			p.Result, p.Corrected, t.ID, round, board)
		return err
	})
}

// GameResult implements store.Tournaments.
func (s *Store) GameResult(ctx context.Context, game, result string, now time.Time) (string, error) {
	if game == "" {
		return "", fmt.Errorf("%w: no game", model.ErrNotFound)
	}
	var id string
	var round, board int
	err := s.pool.QueryRow(ctx, `SELECT tournament_id, round, board FROM tournament_pairings WHERE game = $1`, game).Scan(&id, &round, &board)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", fmt.Errorf("%w: game %s was not played in a tournament", model.ErrNotFound, game)
	}
	if err != nil {
		return "", err
	}
	return id, s.SetResult(ctx, id, round, board, result, false, now)
}

// FinishTournament implements store.Tournaments.
func (s *Store) FinishTournament(ctx context.Context, id string, now time.Time) error {
	return s.changeTournament(ctx, id, now, func(tx pgx.Tx, t *model.Tournament) error {
		if t.Status != model.TournamentRunning {
			return fmt.Errorf("%w: tournament %s is %s, not running", model.ErrConflict, t.ID, t.Status)
		}
		_, err := tx.Exec(ctx, `UPDATE tournaments SET status = 'finished', ended_at = $1 WHERE id = $2`,
			sqlcommon.Time(now), t.ID)
		return err
	})
}
