package lab

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivermigrate"

	"github.com/plateau-games/plateau/store"
)

// The lab's jobs are River's (github.com/riverqueue/river), in the site's
// own database: on PostgreSQL every server shares them, on the embedded
// SQLite file they survive a restart. The store lends its connections
// (store/postgres QueuePool, store/sqlite QueueDB), so that the jobs of a
// run are inserted in the transaction that stores it (store.LabEnqueue).

// pgQueueStore and sqliteQueueStore are the stores that lend their
// connections to the queue.
type pgQueueStore interface {
	QueuePool() (*pgxpool.Pool, error)
}
type sqliteQueueStore interface{ QueueDB() *sql.DB }

// ErrNoQueue says the store keeps no job queue: the lab is off.
var ErrNoQueue = errors.New("lab: this store keeps no job queue (SQLite or PostgreSQL needed)")

// queue is a River client whatever its driver's transaction type.
type queue interface {
	start(ctx context.Context) error
	// stop stops fetching jobs and cancels those running (they are tried
	// again, here after a restart or by another server).
	stop(ctx context.Context) error
	insertMany(ctx context.Context, tx any, params []river.InsertManyParams) error
	insert(ctx context.Context, tx any, args river.JobArgs) error
}

type riverQueue[TTx any] struct{ c *river.Client[TTx] }

func (q riverQueue[TTx]) start(ctx context.Context) error { return q.c.Start(ctx) }
func (q riverQueue[TTx]) stop(ctx context.Context) error  { return q.c.StopAndCancel(ctx) }

func (q riverQueue[TTx]) insertMany(ctx context.Context, tx any, params []river.InsertManyParams) error {
	t, ok := tx.(TTx)
	if !ok {
		return fmt.Errorf("lab: a transaction of type %T, the queue's are %T", tx, *new(TTx))
	}
	_, err := q.c.InsertManyTx(ctx, t, params)
	return err
}

func (q riverQueue[TTx]) insert(ctx context.Context, tx any, args river.JobArgs) error {
	t, ok := tx.(TTx)
	if !ok {
		return fmt.Errorf("lab: a transaction of type %T, the queue's are %T", tx, *new(TTx))
	}
	_, err := q.c.InsertTx(ctx, t, args, nil)
	return err
}

// migrationLock is the advisory lock held while River's tables are
// migrated on PostgreSQL: servers starting at once migrate one after the
// other (River's migrator takes none). "plateau river" in ASCII, cut.
const migrationLock = 0x706c617269766572

// openQueue migrates River's tables in the store's database (rivermigrate)
// and builds a client on it with cfg.
func openQueue(ctx context.Context, st store.Store, cfg *river.Config) (queue, error) {
	switch s := st.(type) {
	case pgQueueStore:
		pool, err := s.QueuePool()
		if err != nil {
			return nil, fmt.Errorf("lab: the queue's connections: %w", err)
		}
		driver := riverpgxv5.New(pool)
		m, err := rivermigrate.New(driver, &rivermigrate.Config{Logger: cfg.Logger})
		if err != nil {
			return nil, err
		}
		// River's migrations each run in a transaction of their own (an
		// enum value added is used by the next): the lock is held by a
		// connection of its own meanwhile.
		conn, err := pool.Acquire(ctx)
		if err != nil {
			return nil, err
		}
		if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1)`, int64(migrationLock)); err != nil {
			conn.Release()
			return nil, err
		}
		_, err = m.Migrate(ctx, rivermigrate.DirectionUp, nil)
		if _, uerr := conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, int64(migrationLock)); uerr != nil {
			conn.Conn().Close(context.WithoutCancel(ctx)) // the lock goes with the session
		}
		conn.Release()
		if err != nil {
			return nil, fmt.Errorf("lab: River's migrations: %w", err)
		}
		c, err := river.NewClient(driver, cfg)
		if err != nil {
			return nil, err
		}
		return riverQueue[pgx.Tx]{c}, nil
	case sqliteQueueStore:
		driver := riversqlite.New(s.QueueDB())
		m, err := rivermigrate.New(driver, &rivermigrate.Config{Logger: cfg.Logger})
		if err != nil {
			return nil, err
		}
		if _, err := m.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
			return nil, fmt.Errorf("lab: River's migrations: %w", err)
		}
		// SQLite has no notifications: the queue polls.
		cfg.PollOnly = true
		c, err := river.NewClient(driver, cfg)
		if err != nil {
			return nil, err
		}
		return riverQueue[*sql.Tx]{c}, nil
	}
	return nil, ErrNoQueue
}

// quietHandler passes on River's warnings and errors only: its
// information lines (every client start, leadership) would drown the
// server's log.
type quietHandler struct{ slog.Handler }

func (h quietHandler) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= slog.LevelWarn && h.Handler.Enabled(ctx, l)
}
func (h quietHandler) WithAttrs(a []slog.Attr) slog.Handler {
	return quietHandler{h.Handler.WithAttrs(a)}
}
func (h quietHandler) WithGroup(n string) slog.Handler { return quietHandler{h.Handler.WithGroup(n)} }
