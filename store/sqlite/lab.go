package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/plateau-games/plateau/store/internal/model"
	"github.com/plateau-games/plateau/store/internal/sqlcommon"
)

var _ model.Labs = (*Store)(nil)

// QueueDB is the writing connection pool (one connection): a job queue
// (River's SQLite driver) works on it, so that its jobs are inserted in
// the transactions of the lab's writes (model.LabEnqueue gets a *sql.Tx
// of it) and its writes queue in Go with the store's.
func (s *Store) QueueDB() *sql.DB { return s.w }

const labRunColumns = `id, owner, game, level, games, seed, openings, readings, state, error, done, created_ms, finished_ms`

func scanLabRun(row interface{ Scan(...any) error }) (*model.LabRun, error) {
	var r model.LabRun
	var seed, created, finished int64
	var readings string
	if err := row.Scan(&r.ID, &r.Owner, &r.Game, &r.Level, &r.Games, &seed, &r.Openings, &readings, &r.State, &r.Error, &r.Done, &created, &finished); err != nil {
		return nil, err
	}
	r.Seed = uint64(seed)
	if err := json.Unmarshal([]byte(readings), &r.Readings); err != nil {
		return nil, fmt.Errorf("sqlite: lab run %s: readings: %w", r.ID, err)
	}
	r.CreatedAt = sqlcommon.FromMillis(created)
	if finished != 0 {
		r.FinishedAt = sqlcommon.FromMillis(finished)
	}
	return &r, nil
}

// CreateLabRun implements store.Labs.
func (s *Store) CreateLabRun(ctx context.Context, run *model.LabRun, q model.LabQuota, enqueue model.LabEnqueue) error {
	if err := model.CheckLabRun(run); err != nil {
		return err
	}
	if run.CreatedAt.IsZero() {
		run.CreatedAt = sqlcommon.Now()
	}
	run.CreatedAt = sqlcommon.Time(run.CreatedAt)
	run.State, run.Error, run.Done, run.FinishedAt = model.LabRunning, "", 0, time.Time{}
	readings, err := json.Marshal(run.Readings)
	if err != nil {
		return err
	}
	// One writer: the count and the insert cannot be split by another
	// creation.
	return s.write(ctx, func(tx *sql.Tx) error {
		if q.Running > 0 {
			var n int
			if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM lab_runs WHERE owner = ? AND state = 'running'`, run.Owner).Scan(&n); err != nil {
				return err
			}
			if n >= q.Running {
				return fmt.Errorf("%w: %s has %d (at most %d)", model.ErrLabRunning, run.Owner, n, q.Running)
			}
		}
		if q.PerDay > 0 {
			var n int
			if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM lab_runs WHERE owner = ? AND created_ms > ?`,
				run.Owner, sqlcommon.Millis(run.CreatedAt.Add(-24*time.Hour))).Scan(&n); err != nil {
				return err
			}
			if n >= q.PerDay {
				return fmt.Errorf("%w: %s started %d in 24 hours (at most %d)", model.ErrLabDaily, run.Owner, n, q.PerDay)
			}
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO lab_runs (id, owner, game, level, games, seed, openings, readings, state, created_ms)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'running', ?)`,
			run.ID, run.Owner, run.Game, run.Level, run.Games, int64(run.Seed), run.Openings, string(readings), sqlcommon.Millis(run.CreatedAt)); err != nil {
			return err
		}
		if enqueue != nil {
			return enqueue(ctx, tx)
		}
		return nil
	})
}

// GetLabRun implements store.Labs.
func (s *Store) GetLabRun(ctx context.Context, id string) (*model.LabRun, error) {
	r, err := scanLabRun(s.r.QueryRowContext(ctx, `SELECT `+labRunColumns+` FROM lab_runs WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("%w: no lab run %s", model.ErrNotFound, id)
	}
	return r, err
}

// ListLabRuns implements store.Labs.
func (s *Store) ListLabRuns(ctx context.Context, f model.LabFilter) ([]model.LabRun, error) {
	q, args := `SELECT `+labRunColumns+` FROM lab_runs`, []any{}
	if f.Owner != "" {
		q += ` WHERE owner = ?`
		args = append(args, f.Owner)
	}
	q += ` ORDER BY created_ms DESC, id DESC LIMIT ?`
	args = append(args, model.LabListLimit(f))
	rows, err := s.r.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []model.LabRun
	for rows.Next() {
		r, err := scanLabRun(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *r)
	}
	return out, rows.Err()
}

// LabProgress implements store.Labs.
func (s *Store) LabProgress(ctx context.Context, id string) ([]int, error) {
	run, err := s.GetLabRun(ctx, id)
	if err != nil {
		return nil, err
	}
	rows, err := s.r.QueryContext(ctx, `SELECT reading, COUNT(*) FROM lab_results WHERE run = ? GROUP BY reading`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := make([]int, len(run.Readings))
	for rows.Next() {
		var reading, n int
		if err := rows.Scan(&reading, &n); err != nil {
			return nil, err
		}
		if reading >= 0 && reading < len(out) {
			out[reading] = n
		}
	}
	return out, rows.Err()
}

// PutLabResult implements store.Labs.
func (s *Store) PutLabResult(ctx context.Context, r model.LabResult, then model.LabStored) (bool, error) {
	stored := false
	err := s.write(ctx, func(tx *sql.Tx) error {
		var state string
		var games, done int
		var readings string
		err := tx.QueryRowContext(ctx, `SELECT state, games, done, readings FROM lab_runs WHERE id = ?`, r.Run).Scan(&state, &games, &done, &readings)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("%w: no lab run %s", model.ErrNotFound, r.Run)
		}
		if err != nil {
			return err
		}
		var rds []model.LabReading
		if err := json.Unmarshal([]byte(readings), &rds); err != nil {
			return err
		}
		if err := model.CheckLabResult(r, len(rds), games); err != nil {
			return err
		}
		if state != model.LabRunning {
			return nil
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO lab_results (run, reading, game, result) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`,
			r.Run, r.Reading, r.Game, string(r.JSON))
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 1 {
			stored = true
			done++
			if _, err := tx.ExecContext(ctx, `UPDATE lab_runs SET done = ? WHERE id = ?`, done, r.Run); err != nil {
				return err
			}
		}
		if then != nil {
			return then(ctx, tx, model.LabPut{Stored: stored, Done: done, Total: games * len(rds)})
		}
		return nil
	})
	if err != nil {
		stored = false
	}
	return stored, err
}

// LabResults implements store.Labs.
func (s *Store) LabResults(ctx context.Context, id string) ([]model.LabResult, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT reading, game, result FROM lab_results WHERE run = ? ORDER BY reading, game`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []model.LabResult
	for rows.Next() {
		r := model.LabResult{Run: id}
		var js string
		if err := rows.Scan(&r.Reading, &r.Game, &js); err != nil {
			return nil, err
		}
		r.JSON = []byte(js)
		out = append(out, r)
	}
	return out, rows.Err()
}

// FinishLabRun implements store.Labs.
func (s *Store) FinishLabRun(ctx context.Context, id, state, errText string, report []byte) error {
	if err := model.CheckLabFinish(id, state, errText, report); err != nil {
		return err
	}
	return s.write(ctx, func(tx *sql.Tx) error {
		return labTransition(ctx, tx, id, "", model.LabRunning, state, errText, string(report))
	})
}

// CancelLabRun implements store.Labs.
func (s *Store) CancelLabRun(ctx context.Context, id, owner string) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		return labTransition(ctx, tx, id, owner, model.LabRunning, model.LabCancelled, "", "")
	})
}

// labTransition moves run id (of owner, when not "") from state from to
// state to.
func labTransition(ctx context.Context, tx *sql.Tx, id, owner, from, to, errText, report string) error {
	var state, who string
	err := tx.QueryRowContext(ctx, `SELECT state, owner FROM lab_runs WHERE id = ?`, id).Scan(&state, &who)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && owner != "" && who != owner) {
		return fmt.Errorf("%w: no lab run %s", model.ErrNotFound, id)
	}
	if err != nil {
		return err
	}
	if state != from {
		return fmt.Errorf("%w: lab run %s is %s, not %s", model.ErrConflict, id, state, from)
	}
	_, err = tx.ExecContext(ctx, `UPDATE lab_runs SET state = ?, error = ?, report = ?, finished_ms = ? WHERE id = ?`,
		to, errText, report, sqlcommon.Millis(sqlcommon.Now()), id)
	return err
}

// GetLabReport implements store.Labs.
func (s *Store) GetLabReport(ctx context.Context, id string) ([]byte, error) {
	var report string
	err := s.r.QueryRowContext(ctx, `SELECT report FROM lab_runs WHERE id = ?`, id).Scan(&report)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && report == "") {
		return nil, fmt.Errorf("%w: no report of lab run %s", model.ErrNotFound, id)
	}
	if err != nil {
		return nil, err
	}
	return []byte(report), nil
}
