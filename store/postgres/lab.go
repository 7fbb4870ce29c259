package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/plateau-games/plateau/store/internal/model"
	"github.com/plateau-games/plateau/store/internal/sqlcommon"
)

var _ model.Labs = (*Store)(nil)

// QueuePool is a pool of connections for a job queue (River's pgx
// driver), to the same database as the store's but of its own: the queue
// holds one for its notifications and polls on others, which would
// otherwise be taken from the store's reads and commits. Its jobs are
// still inserted in the store's transactions (model.LabEnqueue gets a
// pgx.Tx of the store's pool). Made on first use, closed with the store.
func (s *Store) QueuePool() (*pgxpool.Pool, error) { return s.queue.get() }

// queuePool is QueuePool's pool, made once.
type queuePool struct {
	cfg  *pgxpool.Config
	once sync.Once
	mu   sync.Mutex
	pool *pgxpool.Pool
	err  error
}

func (q *queuePool) get() (*pgxpool.Pool, error) {
	q.once.Do(func() {
		cfg := q.cfg.Copy()
		cfg.MaxConns = max(4, cfg.MaxConns/2)
		p, err := pgxpool.NewWithConfig(context.Background(), cfg)
		q.mu.Lock()
		q.pool, q.err = p, err
		q.mu.Unlock()
	})
	return q.pool, q.err
}

func (q *queuePool) close() {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.pool != nil {
		q.pool.Close()
	}
}

const labRunColumns = `id, owner, game, level, games, seed, openings, readings::text, state, error, done, created_at, finished_at`

func scanLabRun(row pgx.Row) (*model.LabRun, error) {
	var r model.LabRun
	var seed int64
	var readings string
	var finished *time.Time
	if err := row.Scan(&r.ID, &r.Owner, &r.Game, &r.Level, &r.Games, &seed, &r.Openings, &readings, &r.State, &r.Error, &r.Done, &r.CreatedAt, &finished); err != nil {
		return nil, err
	}
	r.Seed = uint64(seed)
	if err := json.Unmarshal([]byte(readings), &r.Readings); err != nil {
		return nil, fmt.Errorf("postgres: lab run %s: readings: %w", r.ID, err)
	}
	r.CreatedAt = r.CreatedAt.UTC()
	if finished != nil {
		r.FinishedAt = finished.UTC()
	}
	return &r, nil
}

// CreateLabRun implements store.Labs. The owner's runs are counted under
// an advisory lock of the owner, so that two creations at once on two
// servers cannot both pass a bound.
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
	return s.write(ctx, func(tx pgx.Tx) error {
		if q.Running > 0 || q.PerDay > 0 {
			if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('plateau lab ' || $1, 0))`, run.Owner); err != nil {
				return err
			}
		}
		if q.Running > 0 {
			var n int
			if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM lab_runs WHERE owner = $1 AND state = 'running'`, run.Owner).Scan(&n); err != nil {
				return err
			}
			if n >= q.Running {
				return fmt.Errorf("%w: %s has %d (at most %d)", model.ErrLabRunning, run.Owner, n, q.Running)
			}
		}
		if q.PerDay > 0 {
			var n int
			if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM lab_runs WHERE owner = $1 AND created_at > $2`,
				run.Owner, run.CreatedAt.Add(-24*time.Hour)).Scan(&n); err != nil {
				return err
			}
			if n >= q.PerDay {
				return fmt.Errorf("%w: %s started %d in 24 hours (at most %d)", model.ErrLabDaily, run.Owner, n, q.PerDay)
			}
		}
		if _, err := tx.Exec(ctx, `INSERT INTO lab_runs (id, owner, game, level, games, seed, openings, readings, state, created_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, 'running', $9)`,
			run.ID, run.Owner, run.Game, run.Level, run.Games, int64(run.Seed), run.Openings, string(readings), run.CreatedAt); err != nil {
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
	r, err := scanLabRun(s.pool.QueryRow(ctx, `SELECT `+labRunColumns+` FROM lab_runs WHERE id = $1`, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("%w: no lab run %s", model.ErrNotFound, id)
	}
	if err != nil {
		return nil, s.wrap(err)
	}
	return r, nil
}

// ListLabRuns implements store.Labs.
func (s *Store) ListLabRuns(ctx context.Context, f model.LabFilter) ([]model.LabRun, error) {
	q, args := `SELECT `+labRunColumns+` FROM lab_runs`, []any{}
	if f.Owner != "" {
		q += ` WHERE owner = $1`
		args = append(args, f.Owner)
	}
	q += fmt.Sprintf(` ORDER BY created_at DESC, id DESC LIMIT %d`, model.LabListLimit(f))
	rows, err := s.pool.Query(ctx, q, args...)
	if err != nil {
		return nil, s.wrap(err)
	}
	defer rows.Close()
	var out []model.LabRun
	for rows.Next() {
		r, err := scanLabRun(rows)
		if err != nil {
			return nil, s.wrap(err)
		}
		out = append(out, *r)
	}
	return out, s.wrap(rows.Err())
}

// LabProgress implements store.Labs.
func (s *Store) LabProgress(ctx context.Context, id string) ([]int, error) {
	run, err := s.GetLabRun(ctx, id)
	if err != nil {
		return nil, err
	}
	rows, err := s.pool.Query(ctx, `SELECT reading, COUNT(*) FROM lab_results WHERE run = $1 GROUP BY reading`, id)
	if err != nil {
		return nil, s.wrap(err)
	}
	defer rows.Close()
	out := make([]int, len(run.Readings))
	for rows.Next() {
		var reading, n int
		if err := rows.Scan(&reading, &n); err != nil {
			return nil, s.wrap(err)
		}
		if reading >= 0 && reading < len(out) {
			out[reading] = n
		}
	}
	return out, s.wrap(rows.Err())
}

// PutLabResult implements store.Labs. The run's row is locked FOR UPDATE
// first: the results of one run are stored one after the other, so the
// transaction that stores the last game sees every other one, and each
// count of games stored is seen once.
func (s *Store) PutLabResult(ctx context.Context, r model.LabResult, then model.LabStored) (bool, error) {
	stored := false
	err := s.write(ctx, func(tx pgx.Tx) error {
		var state, readings string
		var games, done int
		err := tx.QueryRow(ctx, `SELECT state, games, done, readings::text FROM lab_runs WHERE id = $1 FOR UPDATE`, r.Run).Scan(&state, &games, &done, &readings)
		if errors.Is(err, pgx.ErrNoRows) {
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
		tag, err := tx.Exec(ctx, `INSERT INTO lab_results (run, reading, game, result) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
			r.Run, r.Reading, r.Game, string(r.JSON))
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 1 {
			stored = true
			done++
			if _, err := tx.Exec(ctx, `UPDATE lab_runs SET done = $1 WHERE id = $2`, done, r.Run); err != nil {
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
	rows, err := s.pool.Query(ctx, `SELECT reading, game, result FROM lab_results WHERE run = $1 ORDER BY reading, game`, id)
	if err != nil {
		return nil, s.wrap(err)
	}
	defer rows.Close()
	var out []model.LabResult
	for rows.Next() {
		r := model.LabResult{Run: id}
		var js string
		if err := rows.Scan(&r.Reading, &r.Game, &js); err != nil {
			return nil, s.wrap(err)
		}
		r.JSON = []byte(js)
		out = append(out, r)
	}
	return out, s.wrap(rows.Err())
}

// FinishLabRun implements store.Labs.
func (s *Store) FinishLabRun(ctx context.Context, id, state, errText string, report []byte) error {
	if err := model.CheckLabFinish(id, state, errText, report); err != nil {
		return err
	}
	return s.write(ctx, func(tx pgx.Tx) error {
		return labTransition(ctx, tx, id, "", model.LabRunning, state, errText, string(report))
	})
}

// CancelLabRun implements store.Labs.
func (s *Store) CancelLabRun(ctx context.Context, id, owner string) error {
	return s.write(ctx, func(tx pgx.Tx) error {
		return labTransition(ctx, tx, id, owner, model.LabRunning, model.LabCancelled, "", "")
	})
}

// labTransition moves run id (of owner, when not "") from state from to
// state to.
func labTransition(ctx context.Context, tx pgx.Tx, id, owner, from, to, errText, report string) error {
	var state, who string
	err := tx.QueryRow(ctx, `SELECT state, owner FROM lab_runs WHERE id = $1 FOR UPDATE`, id).Scan(&state, &who)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && owner != "" && who != owner) {
		return fmt.Errorf("%w: no lab run %s", model.ErrNotFound, id)
	}
	if err != nil {
		return err
	}
	if state != from {
		return fmt.Errorf("%w: lab run %s is %s, not %s", model.ErrConflict, id, state, from)
	}
	_, err = tx.Exec(ctx, `UPDATE lab_runs SET state = $1, error = $2, report = $3, finished_at = $4 WHERE id = $5`,
		to, errText, report, sqlcommon.Now(), id)
	return err
}

// GetLabReport implements store.Labs.
func (s *Store) GetLabReport(ctx context.Context, id string) ([]byte, error) {
	var report string
	err := s.pool.QueryRow(ctx, `SELECT report FROM lab_runs WHERE id = $1`, id).Scan(&report)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && report == "") {
		return nil, fmt.Errorf("%w: no report of lab run %s", model.ErrNotFound, id)
	}
	if err != nil {
		return nil, s.wrap(err)
	}
	return []byte(report), nil
}
