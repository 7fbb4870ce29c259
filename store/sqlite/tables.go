package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/plateau-games/plateau/store/internal/model"
	"github.com/plateau-games/plateau/store/internal/sqlcommon"
)

var _ model.Tables = (*Store)(nil)

// tableSelect reads tables with their seats, one row per seat, in one
// statement (one snapshot: a table and its seats as one transaction left
// them), the users by their display names.
const tableSelect = `SELECT t.id, hu.name, t.game_id, t.options, t.rated, t.clock_ms, t.increment_ms, t.move_days,
		t.leaver_agent, t.status, t.game, t.created_ms, t.expires_ms, t.updated_ms,
		s.seat, COALESCE(ru.name, s.reserved_key), COALESCE(su.name, s.user_key), s.agent
	FROM lobby_tables t
	JOIN users hu ON hu.name_key = t.host_key
	JOIN lobby_table_seats s ON s.table_id = t.id
	LEFT JOIN users ru ON ru.name_key = s.reserved_key AND s.reserved_key <> ''
	LEFT JOIN users su ON su.name_key = s.user_key AND s.user_key <> ''`

// collectTables gathers the rows of tableSelect, ordered by table then
// seat, into tables.
func collectTables(rows *sql.Rows) ([]model.Table, error) {
	defer rows.Close()
	var out []model.Table
	for rows.Next() {
		var t model.Table
		var s model.TableSeat
		var created, expires, updated int64
		var seat int
		if err := rows.Scan(&t.ID, &t.Host, &t.GameID, &t.Options, &t.Rated, &t.ClockMillis, &t.IncrementMillis, &t.MoveDays,
			&t.LeaverAgent, &t.Status, &t.Game, &created, &expires, &updated,
			&seat, &s.Reserved, &s.User, &s.Agent); err != nil {
			return nil, err
		}
		if n := len(out); n == 0 || out[n-1].ID != t.ID {
			t.CreatedAt, t.ExpiresAt, t.UpdatedAt = sqlcommon.FromMillis(created), sqlcommon.FromMillis(expires), sqlcommon.FromMillis(updated)
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

// loadTable reads one table through q (the reading pool, or the writing
// transaction); ErrNotFound.
func loadTable(ctx context.Context, q interface {
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
}, id string) (*model.Table, error) {
	rows, err := q.QueryContext(ctx, tableSelect+` WHERE t.id = ? ORDER BY s.seat`, id)
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

// tableUser returns, inside tx, the display name of an enabled user.
func tableUser(ctx context.Context, tx *sql.Tx, name string) (string, error) {
	var display string
	var disabled bool
	err := tx.QueryRowContext(ctx, `SELECT name, disabled FROM users WHERE name_key = ?`, model.UserKey(name)).Scan(&display, &disabled)
	if errors.Is(err, sql.ErrNoRows) || err == nil && disabled {
		return "", fmt.Errorf("%w: no enabled user %s", model.ErrNotFound, name)
	}
	return display, err
}

// saveTable writes t's state and the seats that differ from was (nil: a
// new table, every seat inserted).
func saveTable(ctx context.Context, tx *sql.Tx, t *model.Table, was []model.TableSeat) error {
	if was == nil {
		if _, err := tx.ExecContext(ctx, `INSERT INTO lobby_tables (id, host_key, game_id, options, rated, clock_ms, increment_ms,
				move_days, leaver_agent, status, game, created_ms, expires_ms, updated_ms)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			t.ID, model.UserKey(t.Host), t.GameID, t.Options, t.Rated, t.ClockMillis, t.IncrementMillis,
			t.MoveDays, t.LeaverAgent, t.Status, t.Game,
			sqlcommon.Millis(t.CreatedAt), sqlcommon.Millis(t.ExpiresAt), sqlcommon.Millis(t.UpdatedAt)); err != nil {
			return err
		}
		for i, s := range t.Seats {
			if _, err := tx.ExecContext(ctx, `INSERT INTO lobby_table_seats (table_id, seat, reserved_key, user_key, agent)
				VALUES (?, ?, ?, ?, ?)`, t.ID, i, model.UserKey(s.Reserved), model.UserKey(s.User), s.Agent); err != nil {
				return err
			}
		}
		return nil
	}
	if _, err := tx.ExecContext(ctx, `UPDATE lobby_tables SET status = ?, game = ?, updated_ms = ? WHERE id = ?`,
		t.Status, t.Game, sqlcommon.Millis(t.UpdatedAt), t.ID); err != nil {
		return err
	}
	for i, s := range t.Seats {
		if s == was[i] {
			continue
		}
		if _, err := tx.ExecContext(ctx, `UPDATE lobby_table_seats SET reserved_key = ?, user_key = ?, agent = ?
			WHERE table_id = ? AND seat = ?`, model.UserKey(s.Reserved), model.UserKey(s.User), s.Agent, t.ID, i); err != nil {
			return err
		}
	}
	return nil
}

// startIfFull makes and stores, inside tx, the game of t if its seats are
// all filled (t is then started).
func startIfFull(ctx context.Context, tx *sql.Tx, t *model.Table, start model.StartTable) error {
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
	return s.write(ctx, func(tx *sql.Tx) error {
		host, err := tableUser(ctx, tx, t.Host)
		if err != nil {
			return err
		}
		t.Host = host
		for i := range t.Seats {
			for _, name := range []*string{&t.Seats[i].Reserved, &t.Seats[i].User} {
				if *name == "" {
					continue
				}
				if *name, err = tableUser(ctx, tx, *name); err != nil {
					return fmt.Errorf("table %s seat %d: %w", t.ID, i+1, err)
				}
			}
		}
		var open int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM lobby_tables WHERE host_key = ? AND status = 'open' AND expires_ms > ?`,
			model.UserKey(t.Host), sqlcommon.Millis(t.CreatedAt)).Scan(&open); err != nil {
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
	return loadTable(ctx, s.r, id)
}

// OpenTables implements store.Tables.
func (s *Store) OpenTables(ctx context.Context, now time.Time, limit int) ([]model.Table, error) {
	limit, _, err := sqlcommon.Page(model.Filter{Limit: limit})
	if err != nil {
		return nil, err
	}
	rows, err := s.r.QueryContext(ctx, tableSelect+`
		WHERE t.id IN (SELECT id FROM lobby_tables WHERE status = 'open' AND expires_ms > ?
			ORDER BY created_ms, id LIMIT ?)
		ORDER BY t.created_ms, t.id, s.seat`, sqlcommon.Millis(now), limit)
	if err != nil {
		return nil, err
	}
	return collectTables(rows)
}

// changeTable loads table id inside a writing transaction, applies change
// to it and writes back what changed; the table as stored is returned.
func (s *Store) changeTable(ctx context.Context, id string, change func(tx *sql.Tx, t *model.Table) error) (*model.Table, error) {
	var out *model.Table
	err := s.write(ctx, func(tx *sql.Tx) error {
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

// TakeSeat implements store.Tables. SQLite's single writer makes racing
// takers one after the other: the second sees the seat taken.
func (s *Store) TakeSeat(ctx context.Context, id string, seat int, user string, now time.Time, start model.StartTable) (*model.Table, error) {
	return s.changeTable(ctx, id, func(tx *sql.Tx, t *model.Table) error {
		name, err := tableUser(ctx, tx, user)
		if err != nil {
			return err
		}
		if err := sqlcommon.TakeSeat(t, seat, name, now); err != nil {
			return err
		}
		var seated int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(DISTINCT t.id) FROM lobby_table_seats s JOIN lobby_tables t ON t.id = s.table_id
			WHERE s.user_key = ? AND t.status = 'open' AND t.expires_ms > ? AND t.id <> ?`,
			model.UserKey(name), sqlcommon.Millis(now), t.ID).Scan(&seated); err != nil {
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
	return s.changeTable(ctx, id, func(tx *sql.Tx, t *model.Table) error {
		return sqlcommon.StandUp(t, user, time.Now())
	})
}

// SetComputer implements store.Tables.
func (s *Store) SetComputer(ctx context.Context, id, host string, seat int, agent string, now time.Time, start model.StartTable) (*model.Table, error) {
	return s.changeTable(ctx, id, func(tx *sql.Tx, t *model.Table) error {
		if err := sqlcommon.SetComputer(t, host, seat, agent, now); err != nil {
			return err
		}
		// A disabled host starts no game.
		if _, err := tableUser(ctx, tx, host); err != nil {
			return err
		}
		return startIfFull(ctx, tx, t, start)
	})
}

// CloseTable implements store.Tables.
func (s *Store) CloseTable(ctx context.Context, id, host string) error {
	_, err := s.changeTable(ctx, id, func(tx *sql.Tx, t *model.Table) error {
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
	ms := sqlcommon.Millis(sqlcommon.Time(now))
	err := s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE lobby_tables SET status = 'expired', updated_ms = MAX(updated_ms, ?)
			WHERE status = 'open' AND expires_ms <= ?`, ms, ms)
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	return int(n), err
}
