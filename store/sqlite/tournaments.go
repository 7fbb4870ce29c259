package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/plateau-games/plateau/store/internal/model"
	"github.com/plateau-games/plateau/store/internal/sqlcommon"
)

var _ model.Tournaments = (*Store)(nil)

type querier interface {
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
	QueryRowContext(context.Context, string, ...any) *sql.Row
}

const tournamentSelect = `SELECT t.id, t.name, COALESCE(u.name, t.director_key), t.kind, t.game_id, t.options, t.rated,
		t.clock_ms, t.increment_ms, t.move_days, t.rounds, t.duration_ms, t.starts_ms, t.closed, t.auto_pair, t.bots, t.computers,
		t.status, t.paired, t.created_ms, t.started_ms, t.ended_ms, t.updated_ms,
		(SELECT COUNT(*) FROM tournament_entrants e WHERE e.tournament_id = t.id AND NOT e.withdrawn)
	FROM tournaments t LEFT JOIN users u ON u.name_key = t.director_key`

func scanTournament(row interface{ Scan(...any) error }) (model.Tournament, error) {
	var t model.Tournament
	var starts, created, started, ended, updated int64
	err := row.Scan(&t.ID, &t.Name, &t.Director, &t.Kind, &t.GameID, &t.Options, &t.Rated,
		&t.ClockMillis, &t.IncrementMillis, &t.MoveDays, &t.Rounds, &t.DurationMillis, &starts, &t.Closed, &t.AutoPair, &t.Bots, &t.Computers,
		&t.Status, &t.Paired, &created, &started, &ended, &updated, &t.Entries)
	t.StartsAt, t.CreatedAt, t.UpdatedAt = sqlcommon.FromMillis(starts), sqlcommon.FromMillis(created), sqlcommon.FromMillis(updated)
	if started != 0 {
		t.StartedAt = sqlcommon.FromMillis(started)
	}
	if ended != 0 {
		t.EndedAt = sqlcommon.FromMillis(ended)
	}
	return t, err
}

// loadTournament reads one tournament with its invited, entrants and
// pairings through q; ErrNotFound.
func loadTournament(ctx context.Context, q querier, id string) (*model.Tournament, error) {
	t, err := scanTournament(q.QueryRowContext(ctx, tournamentSelect+` WHERE t.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("%w: no tournament %s", model.ErrNotFound, id)
	}
	if err != nil {
		return nil, err
	}
	rows, err := q.QueryContext(ctx, `SELECT COALESCE(u.name, i.user_key) FROM tournament_invited i
		LEFT JOIN users u ON u.name_key = i.user_key WHERE i.tournament_id = ? ORDER BY i.user_key`, id)
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
	rows, err = q.QueryContext(ctx, `SELECT COALESCE(u.name, e.user_key), e.rating, e.registered_ms, e.withdrawn, e.agent
		FROM tournament_entrants e LEFT JOIN users u ON u.name_key = e.user_key
		WHERE e.tournament_id = ? ORDER BY e.registered_ms, e.user_key`, id)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var e model.Entrant
		var at int64
		if err := rows.Scan(&e.User, &e.Rating, &at, &e.Withdrawn, &e.Agent); err != nil {
			rows.Close()
			return nil, err
		}
		e.At = sqlcommon.FromMillis(at)
		t.Entrants = append(t.Entrants, e)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows, err = q.QueryContext(ctx, `SELECT p.round, p.board, COALESCE(w.name, p.white_key), COALESCE(b.name, p.black_key),
			p.others, p.game, p.result, p.corrected
		FROM tournament_pairings p
		LEFT JOIN users w ON w.name_key = p.white_key
		LEFT JOIN users b ON b.name_key = p.black_key AND p.black_key <> ''
		WHERE p.tournament_id = ? ORDER BY p.round, p.board`, id)
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
	return s.write(ctx, func(tx *sql.Tx) error {
		director, err := tableUser(ctx, tx, t.Director)
		if err != nil {
			return err
		}
		t.Director = director
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM tournaments WHERE director_key = ? AND status <> 'finished'`,
			model.UserKey(director)).Scan(&n); err != nil {
			return err
		}
		if n >= model.MaxDirected {
			return fmt.Errorf("%w: %s directs %d tournaments, the most allowed", model.ErrConflict, director, n)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO tournaments (id, name, director_key, kind, game_id, options, rated,
				clock_ms, increment_ms, move_days, rounds, duration_ms, starts_ms, closed, auto_pair, bots, status, paired,
				created_ms, started_ms, ended_ms, updated_ms, computers)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, 0, 0, ?, ?)`,
			t.ID, t.Name, model.UserKey(director), t.Kind, t.GameID, t.Options, t.Rated,
			t.ClockMillis, t.IncrementMillis, t.MoveDays, t.Rounds, t.DurationMillis, sqlcommon.Millis(t.StartsAt),
			t.Closed, t.AutoPair, t.Bots, t.Status, sqlcommon.Millis(t.CreatedAt), sqlcommon.Millis(t.UpdatedAt), t.Computers); err != nil {
			return err
		}
		seen := map[string]bool{}
		for i, name := range t.Invited {
			var display string
			err := tx.QueryRowContext(ctx, `SELECT name FROM users WHERE name_key = ?`, model.UserKey(name)).Scan(&display)
			if errors.Is(err, sql.ErrNoRows) {
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
			if _, err := tx.ExecContext(ctx, `INSERT INTO tournament_invited (tournament_id, user_key) VALUES (?, ?)`,
				t.ID, model.UserKey(display)); err != nil {
				return err
			}
		}
		return nil
	})
}

// LoadTournament implements store.Tournaments.
func (s *Store) LoadTournament(ctx context.Context, id string) (*model.Tournament, error) {
	return loadTournament(ctx, s.r, id)
}

// ListTournaments implements store.Tournaments.
func (s *Store) ListTournaments(ctx context.Context, status string, limit int) ([]model.Tournament, error) {
	limit, _, err := sqlcommon.Page(model.Filter{Limit: limit})
	if err != nil {
		return nil, err
	}
	q := tournamentSelect + ` ORDER BY t.starts_ms DESC, t.id LIMIT ?`
	args := []any{limit}
	switch status {
	case "":
	case model.TournamentUpcoming, model.TournamentRunning:
		q = tournamentSelect + ` WHERE t.status = ? ORDER BY t.starts_ms, t.id LIMIT ?`
		args = []any{status, limit}
	case model.TournamentFinished:
		q = tournamentSelect + ` WHERE t.status = ? ORDER BY t.ended_ms DESC, t.id LIMIT ?`
		args = []any{status, limit}
	default:
		return nil, fmt.Errorf("store: tournament status %q, accepted: upcoming, running, finished or none", status)
	}
	rows, err := s.r.QueryContext(ctx, q, args...)
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
func (s *Store) changeTournament(ctx context.Context, id string, now time.Time, change func(tx *sql.Tx, t *model.Tournament) error) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		t, err := loadTournament(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := change(tx, t); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE tournaments SET updated_ms = MAX(updated_ms, ?) WHERE id = ?`,
			sqlcommon.Millis(sqlcommon.Time(now)), id)
		return err
	})
}

// Register implements store.Tournaments.
func (s *Store) Register(ctx context.Context, id, user string, rating int, now time.Time) error {
	return s.changeTournament(ctx, id, now, func(tx *sql.Tx, t *model.Tournament) error {
		name, err := tableUser(ctx, tx, user)
		if err != nil {
			return err
		}
		if err := sqlcommon.CanRegister(t, name); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM tournament_entrants e JOIN tournaments t ON t.id = e.tournament_id
			WHERE e.user_key = ? AND NOT e.withdrawn AND t.status <> 'finished'`, model.UserKey(name)).Scan(&n); err != nil {
			return err
		}
		if n >= model.MaxEntered {
			return fmt.Errorf("%w: %s is registered in %d tournaments, the most allowed", model.ErrConflict, name, n)
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO tournament_entrants (tournament_id, user_key, rating, registered_ms, withdrawn)
			VALUES (?, ?, ?, ?, 0)
			ON CONFLICT (tournament_id, user_key) DO UPDATE SET withdrawn = 0, rating = excluded.rating`,
			t.ID, model.UserKey(name), rating, sqlcommon.Millis(sqlcommon.Time(now)))
		return err
	})
}

// Withdraw implements store.Tournaments.
func (s *Store) Withdraw(ctx context.Context, id, user string, now time.Time) error {
	return s.changeTournament(ctx, id, now, func(tx *sql.Tx, t *model.Tournament) error {
		if err := sqlcommon.CanWithdraw(t, user); err != nil {
			return err
		}
		if t.Status == model.TournamentUpcoming {
			// Before the start, a withdrawal leaves no trace.
			_, err := tx.ExecContext(ctx, `DELETE FROM tournament_entrants WHERE tournament_id = ? AND user_key = ?`,
				t.ID, model.UserKey(user))
			return err
		}
		_, err := tx.ExecContext(ctx, `UPDATE tournament_entrants SET withdrawn = 1 WHERE tournament_id = ? AND user_key = ?`,
			t.ID, model.UserKey(user))
		return err
	})
}

// StartTournament implements store.Tournaments.
func (s *Store) StartTournament(ctx context.Context, id string, rounds int, now time.Time) error {
	return s.changeTournament(ctx, id, now, func(tx *sql.Tx, t *model.Tournament) error {
		if err := sqlcommon.CanStart(t, rounds); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `UPDATE tournaments SET status = 'running', rounds = ?, started_ms = ? WHERE id = ?`,
			rounds, sqlcommon.Millis(sqlcommon.Time(now)), t.ID)
		return err
	})
}

// PairRound implements store.Tournaments. The round's row is inserted
// first: its primary key is the last word on who paired it.
func (s *Store) PairRound(ctx context.Context, id string, round int, pairings []model.Pairing, games []*model.Game, now time.Time) error {
	pairings = append([]model.Pairing(nil), pairings...)
	return s.changeTournament(ctx, id, now, func(tx *sql.Tx, t *model.Tournament) error {
		if err := sqlcommon.CheckRound(t, round, pairings, games); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO tournament_rounds (tournament_id, round, paired_ms) VALUES (?, ?, ?)`,
			t.ID, round, sqlcommon.Millis(sqlcommon.Time(now))); err != nil {
			if errors.Is(translate(err), model.ErrConflict) {
				return fmt.Errorf("%w: round %d of tournament %s is paired already", model.ErrConflict, round, t.ID)
			}
			return err
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
			if _, err := tx.ExecContext(ctx, `INSERT INTO tournament_pairings (tournament_id, round, board, white_key, black_key, others, game, result, corrected)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, t.ID, round, p.Board, model.UserKey(p.White), model.UserKey(p.Black), strings.Join(p.Others, " "), p.Game, p.Result, p.Corrected); err != nil {
				return err
			}
		}
		_, err := tx.ExecContext(ctx, `UPDATE tournaments SET paired = ? WHERE id = ?`, round, t.ID)
		return err
	})
}

// SetResult implements store.Tournaments.
func (s *Store) SetResult(ctx context.Context, id string, round, board int, result string, corrected bool, now time.Time) error {
	return s.changeTournament(ctx, id, now, func(tx *sql.Tx, t *model.Tournament) error {
		p, err := sqlcommon.ResultChange(t, round, board, result, corrected)
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE tournament_pairings SET result = ?, corrected = ? WHERE tournament_id = ? AND round = ? AND board = ?`,
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
	err := s.r.QueryRowContext(ctx, `SELECT tournament_id, round, board FROM tournament_pairings WHERE game = ?`, game).Scan(&id, &round, &board)
	if errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("%w: game %s was not played in a tournament", model.ErrNotFound, game)
	}
	if err != nil {
		return "", err
	}
	return id, s.SetResult(ctx, id, round, board, result, false, now)
}

// FinishTournament implements store.Tournaments.
func (s *Store) FinishTournament(ctx context.Context, id string, now time.Time) error {
	return s.changeTournament(ctx, id, now, func(tx *sql.Tx, t *model.Tournament) error {
		if t.Status != model.TournamentRunning {
			return fmt.Errorf("%w: tournament %s is %s, not running", model.ErrConflict, t.ID, t.Status)
		}
		_, err := tx.ExecContext(ctx, `UPDATE tournaments SET status = 'finished', ended_ms = ? WHERE id = ?`,
			sqlcommon.Millis(sqlcommon.Time(now)), t.ID)
		return err
	})
}
