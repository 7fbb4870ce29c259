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

var _ model.Tables = (*Store)(nil)

// tableSelect reads tables with their seats, one row per seat, in one
// statement (one snapshot: a table and its seats as one transaction left
// them), the users by their display names.
const tableSelect = `SELECT t.id, hu.name, t.game_id, t.options, t.rated, t.clock_ms, t.increment_ms, t.move_days,
		t.leaver_agent, t.status, t.game, t.created_at, t.expires_at, t.updated_at,
		s.seat, COALESCE(ru.name, s.reserved_key), COALESCE(su.name, s.user_key), s.agent
	FROM lobby_tables t
	JOIN users hu ON hu.name_key = t.host_key
	JOIN lobby_table_seats s ON s.table_id = t.id
	LEFT JOIN users ru ON ru.name_key = s.reserved_key AND s.reserved_key <> ''
	LEFT JOIN users su ON su.name_key = s.user_key AND s.user_key <> ''`

// collectTables gathers the rows of tableSelect, ordered by table then
// seat, into tables.
func collectTables(rows pgx.Rows) ([]model.Table, error) {
	defer rows.Close()
	var out []model.Table
	for rows.Next() {
		var t model.Table
		var s model.TableSeat
		var seat int
		if err := rows.Scan(&t.ID, &t.Host, &t.GameID, &t.Options, &t.Rated, &t.ClockMillis, &t.IncrementMillis, &t.MoveDays,
			&t.LeaverAgent, &t.Status, &t.Game, &t.CreatedAt, &t.ExpiresAt, &t.UpdatedAt,
			&seat, &s.Reserved, &s.User, &s.Agent); err != nil {
			return nil, err
		}
		if n := len(out); n == 0 || out[n-1].ID != t.ID {
			t.CreatedAt, t.ExpiresAt, t.UpdatedAt = t.CreatedAt.UTC(), t.ExpiresAt.UTC(), t.UpdatedAt.UTC()
			out = append(out, t)
		}
		last := &out[len(out)-1]
		if seat != len(last.Seats) {
			return nil, fmt.Errorf("table %s: seat %d stored after %d seats", t.ID, seat, len(last.Seats))
		}
		last.Seats = append(last.Seats, s)
	}
	return out, rows.Err()
}

// loadTable reads one table through q (the pool, or the writing
// transaction); ErrNotFound.
func loadTable(ctx context.Context, q interface {
	Query(context.Context, string, ...any) (pgx.Rows, error)
}, id string) (*model.Table, error) {
	rows, err := q.Query(ctx, tableSelect+` WHERE t.id = $1 ORDER BY s.seat`, id)
	if err != nil {
		return nil, err
	}
	list, err := collectTables(rows)
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, fmt.Errorf("%w: no table %s", model.ErrNotFound, id)
	}
	return &list[0], nil
}

// tableUser returns, inside tx, the display name of an enabled user; lock
// also locks the user's row (the host's, whose open tables are then
// counted: of his racing creations, the second counts the first).
func tableUser(ctx context.Context, tx pgx.Tx, name string, lock bool) (string, error) {
	q := `SELECT name, disabled FROM users WHERE name_key = $1`
	if lock {
		q += ` FOR UPDATE`
	}
	var display string
	var disabled bool
	err := tx.QueryRow(ctx, q, model.UserKey(name)).Scan(&display, &disabled)
	if errors.Is(err, pgx.ErrNoRows) || err == nil && disabled {
		return "", fmt.Errorf("%w: no enabled user %s", model.ErrNotFound, name)
	}
	return display, err
}

// saveTable writes t's state and the seats that differ from was (nil: a
// new table, every seat inserted).
func saveTable(ctx context.Context, tx pgx.Tx, t *model.Table, was []model.TableSeat) error {
	b := &pgx.Batch{}
	if was == nil {
		b.Queue(`INSERT INTO lobby_tables (id, host_key, game_id, options, rated, clock_ms, increment_ms,
				move_days, leaver_agent, status, game, created_at, expires_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
			t.ID, model.UserKey(t.Host), t.GameID, t.Options, t.Rated, t.ClockMillis, t.IncrementMillis,
			t.MoveDays, t.LeaverAgent, t.Status, t.Game, t.CreatedAt, t.ExpiresAt, t.UpdatedAt)
		for i, s := range t.Seats {
			b.Queue(`INSERT INTO lobby_table_seats (table_id, seat, reserved_key, user_key, agent) VALUES ($1, $2, $3, $4, $5)`,
				t.ID, i, model.UserKey(s.Reserved), model.UserKey(s.User), s.Agent)
		}
		return tx.SendBatch(ctx, b).Close()
	}
	b.Queue(`UPDATE lobby_tables SET status = $1, game = $2, updated_at = $3 WHERE id = $4`, t.Status, t.Game, t.UpdatedAt, t.ID)
	for i, s := range t.Seats {
		if s != was[i] {
			b.Queue(`UPDATE lobby_table_seats SET reserved_key = $1, user_key = $2, agent = $3 WHERE table_id = $4 AND seat = $5`,
				model.UserKey(s.Reserved), model.UserKey(s.User), s.Agent, t.ID, i)
		}
	}
	return tx.SendBatch(ctx, b).Close()
}

// startIfFull makes and stores, inside tx, the game of t if its seats are
// all filled (t is then started).
func startIfFull(ctx context.Context, tx pgx.Tx, t *model.Table, start model.StartTable) error {
	g, err := sqlcommon.StartIfFull(t, start)
	if err != nil || g == nil {
		return err
	}
	return insertGame(ctx, tx, g)
}

// CreateTable implements store.Tables. The names of t become the
// accounts' spellings.
func (s *Store) CreateTable(ctx context.Context, t *model.Table, start model.StartTable) error {
	if err := sqlcommon.PrepareTable(t); err != nil {
		return err
	}
	return s.write(ctx, func(tx pgx.Tx) error {
		host, err := tableUser(ctx, tx, t.Host, true)
		if err != nil {
			return err
		}
		t.Host = host
		for i := range t.Seats {
			for _, name := range []*string{&t.Seats[i].Reserved, &t.Seats[i].User} {
				if *name == "" {
					continue
				}
				if *name, err = tableUser(ctx, tx, *name, false); err != nil {
					return fmt.Errorf("table %s seat %d: %w", t.ID, i+1, err)
				}
			}
		}
		var open int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM lobby_tables WHERE host_key = $1 AND status = 'open' AND expires_at > $2`,
			model.UserKey(t.Host), t.CreatedAt).Scan(&open); err != nil {
			return err
		}
		if open >= model.MaxOpenTables {
			return fmt.Errorf("%w: %s hosts %d open tables, the most allowed", model.ErrConflict, t.Host, open)
		}
		if err := startIfFull(ctx, tx, t, start); err != nil {
			return err
		}
		return saveTable(ctx, tx, t, nil)
	})
}

// LoadTable implements store.Tables.
func (s *Store) LoadTable(ctx context.Context, id string) (*model.Table, error) {
	t, err := loadTable(ctx, s.pool, id)
	return t, s.wrap(err)
}

// OpenTables implements store.Tables.
func (s *Store) OpenTables(ctx context.Context, now time.Time, limit int) ([]model.Table, error) {
	limit, _, err := sqlcommon.Page(model.Filter{Limit: limit})
	if err != nil {
		return nil, err
	}
	rows, err := s.pool.Query(ctx, tableSelect+`
		WHERE t.id IN (SELECT id FROM lobby_tables WHERE status = 'open' AND expires_at > $1
			ORDER BY created_at, id LIMIT $2)
		ORDER BY t.created_at, t.id, s.seat`, sqlcommon.Time(now), limit)
	if err != nil {
		return nil, s.wrap(err)
	}
	out, err := collectTables(rows)
	return out, s.wrap(err)
}

// changeTable locks table id's row inside a writing transaction, loads
// the table, applies change to it and writes back what changed; the table
// as stored is returned. The lock makes racing changes one after the
// other: the second waits, then reads what the first committed (READ
// COMMITTED gives each statement a fresh snapshot).
func (s *Store) changeTable(ctx context.Context, id string, change func(tx pgx.Tx, t *model.Table) error) (*model.Table, error) {
	var out *model.Table
	err := s.write(ctx, func(tx pgx.Tx) error {
		var one int
		err := tx.QueryRow(ctx, `SELECT 1 FROM lobby_tables WHERE id = $1 FOR UPDATE`, id).Scan(&one)
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("%w: no table %s", model.ErrNotFound, id)
		}
		if err != nil {
			return err
		}
		t, err := loadTable(ctx, tx, id)
		if err != nil {
			return err
		}
		was := append([]model.TableSeat(nil), t.Seats...)
		if err := change(tx, t); err != nil {
			return err
		}
		out = t
		return saveTable(ctx, tx, t, was)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// TakeSeat implements store.Tables. Of racing takers, the table's row lock
// lets one in at a time: the second sees the seat taken.
func (s *Store) TakeSeat(ctx context.Context, id string, seat int, user string, now time.Time, start model.StartTable) (*model.Table, error) {
	return s.changeTable(ctx, id, func(tx pgx.Tx, t *model.Table) error {
		// The user's row is locked: of his racing seats at two tables,
		// the second counts the first.
		name, err := tableUser(ctx, tx, user, true)
		if err != nil {
			return err
		}
		if err := sqlcommon.TakeSeat(t, seat, name, now); err != nil {
			return err
		}
		var seated int
		if err := tx.QueryRow(ctx, `SELECT COUNT(DISTINCT t.id) FROM lobby_table_seats s JOIN lobby_tables t ON t.id = s.table_id
			WHERE s.user_key = $1 AND t.status = 'open' AND t.expires_at > $2 AND t.id <> $3`,
			model.UserKey(name), sqlcommon.Time(now), t.ID).Scan(&seated); err != nil {
			return err
		}
		if seated >= model.MaxSeatedTables {
			return fmt.Errorf("%w: %s sits at %d open tables, the most allowed", model.ErrConflict, name, seated)
		}
		return startIfFull(ctx, tx, t, start)
	})
}

// StandUp implements store.Tables.
func (s *Store) StandUp(ctx context.Context, id, user string) (*model.Table, error) {
	return s.changeTable(ctx, id, func(tx pgx.Tx, t *model.Table) error {
		return sqlcommon.StandUp(t, user, time.Now())
	})
}

// SetComputer implements store.Tables.
func (s *Store) SetComputer(ctx context.Context, id, host string, seat int, agent string, now time.Time, start model.StartTable) (*model.Table, error) {
	return s.changeTable(ctx, id, func(tx pgx.Tx, t *model.Table) error {
		if err := sqlcommon.SetComputer(t, host, seat, agent, now); err != nil {
			return err
		}
		// A disabled host starts no game.
		if _, err := tableUser(ctx, tx, host, false); err != nil {
			return err
		}
		return startIfFull(ctx, tx, t, start)
	})
}

// CloseTable implements store.Tables.
func (s *Store) CloseTable(ctx context.Context, id, host string) error {
	_, err := s.changeTable(ctx, id, func(tx pgx.Tx, t *model.Table) error {
		if err := sqlcommon.Closable(t, host); err != nil {
			return err
		}
		t.Status = model.TableClosed
		sqlcommon.Touch(t, time.Now())
		return nil
	})
	return err
}

// ExpireTables implements store.Tables.
func (s *Store) ExpireTables(ctx context.Context, now time.Time) (int, error) {
	var n int64
	err := s.write(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE lobby_tables SET status = 'expired', updated_at = GREATEST(updated_at, $1)
			WHERE status = 'open' AND expires_at <= $1`, sqlcommon.Time(now))
		n = tag.RowsAffected()
		return err
	})
	return int(n), err
}
