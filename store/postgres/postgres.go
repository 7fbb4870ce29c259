// Package postgres is the store.Store of plateau on PostgreSQL, through
// github.com/jackc/pgx/v5 and its connection pool. Its tables are created or
// migrated on open; the database itself must exist.
//
// Writes are transactions that end in a commit, which with PostgreSQL's
// default synchronous_commit=on is flushed to the WAL before it is
// acknowledged. AppendMove locks the game's row (SELECT ... FOR UPDATE), so
// appends to one game are serialised and the ply count read is still true at
// the insert; the (game, ply) primary key refuses a second move at one ply
// regardless.
package postgres

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/plateau-games/plateau/store/internal/model"
	"github.com/plateau-games/plateau/store/internal/sqlcommon"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// migrationLock is the key of the advisory lock taken while migrating, so
// that two servers starting at once on one database do not both migrate it.
// Any constant works; this one spells "plateau" in ASCII.
const migrationLock = 0x706c6174656175

// Store is a store.Store on a PostgreSQL database.
type Store struct {
	pool      *pgxpool.Pool
	name      string // for messages: host and database, never the password
	closeOnce sync.Once
}

var _ model.Store = (*Store)(nil)

// Open connects to the PostgreSQL database of dsn (a postgres:// URL or a
// key=value connection string, as libpq takes) and brings its schema up to
// date.
func Open(ctx context.Context, dsn string) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		// pgx's message quotes the connection string, password included;
		// keep only its description of the problem.
		return nil, fmt.Errorf("postgres: bad connection string: %v", redact(err))
	}
	name := fmt.Sprintf("postgres %s:%d/%s", cfg.ConnConfig.Host, cfg.ConnConfig.Port, cfg.ConnConfig.Database)
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	s := &Store{pool: pool, name: name}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if err := s.migrate(ctx); err != nil {
		pool.Close()
		return nil, err
	}
	return s, nil
}

// redact drops what pgx quotes of a connection string from its errors.
func redact(err error) string {
	msg := err.Error()
	if i := strings.LastIndex(msg, ": "); strings.Contains(msg, "://") && i >= 0 {
		return msg[i+2:]
	}
	return msg
}

// migrate applies the embedded migrations the database lacks, all in one
// transaction (PostgreSQL's DDL is transactional): a database is at one
// version or the next, never between.
func (s *Store) migrate(ctx context.Context) error {
	sub, err := fs.Sub(migrationFiles, "migrations")
	if err != nil {
		return err
	}
	ms, err := sqlcommon.Migrations(sub)
	if err != nil {
		return err
	}
	return s.write(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, int64(migrationLock)); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_version (
			version    integer     NOT NULL PRIMARY KEY,
			name       text        NOT NULL,
			applied_at timestamptz NOT NULL DEFAULT now()
		)`); err != nil {
			return err
		}
		var have int
		if err := tx.QueryRow(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_version`).Scan(&have); err != nil {
			return err
		}
		if have > len(ms) {
			return sqlcommon.TooNew(s.name, have, len(ms))
		}
		for _, m := range ms[have:] {
			// Without arguments pgx sends the text as one simple query, so
			// a file may hold several statements.
			if _, err := tx.Exec(ctx, m.SQL); err != nil {
				return fmt.Errorf("migration %s: %w", m.Name, err)
			}
			if _, err := tx.Exec(ctx, `INSERT INTO schema_version (version, name) VALUES ($1, $2)`, m.Version, m.Name); err != nil {
				return err
			}
		}
		return nil
	})
}

// write runs fn in a transaction and commits it; the commit is the point
// where the write is durable.
func (s *Store) write(ctx context.Context, fn func(tx pgx.Tx) error) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return s.wrap(err)
	}
	defer tx.Rollback(context.WithoutCancel(ctx)) // a no-op once committed
	if err := fn(tx); err != nil {
		return s.wrap(err)
	}
	return s.wrap(tx.Commit(ctx))
}

// wrap names the database in errors, and turns a violated uniqueness into
// store.ErrConflict: the primary keys of games (id) and moves (game, ply) are
// the last line of defence against a duplicate game or a ply written twice.
func (s *Store) wrap(err error) error {
	if err == nil || errors.Is(err, model.ErrConflict) || errors.Is(err, model.ErrNotFound) {
		return err
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "23505" { // unique_violation
		return fmt.Errorf("%w: %v", model.ErrConflict, err)
	}
	return fmt.Errorf("%s: %w", s.name, err)
}

// CreateGame implements store.Store.
func (s *Store) CreateGame(ctx context.Context, g *model.Game) error {
	if err := sqlcommon.PrepareGame(g); err != nil {
		return err
	}
	return s.write(ctx, func(tx pgx.Tx) error {
		// A batch sends every insert in one round trip.
		b := &pgx.Batch{}
		b.Queue(`INSERT INTO games
			(id, game_id, options, position, result, reason, casual, clock_ms, increment_ms, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
			g.ID, g.GameID, g.Options, g.Position, g.Result, g.Reason, g.Casual,
			g.ClockMillis, g.IncrementMillis, g.CreatedAt, g.UpdatedAt)
		for i, seat := range g.Seats {
			b.Queue(`INSERT INTO seats (game, seat, kind, agent, name, token_hash) VALUES ($1, $2, $3, $4, $5, $6)`,
				g.ID, i, seat.Kind, seat.Agent, seat.Name, seat.TokenHash)
		}
		for _, m := range g.Moves {
			queueMove(b, g.ID, m)
		}
		return tx.SendBatch(ctx, b).Close()
	})
}

func queueMove(b *pgx.Batch, id string, m model.Move) {
	b.Queue(`INSERT INTO moves (game, ply, notation, seat, at, clock_ms) VALUES ($1, $2, $3, $4, $5, $6)`,
		id, m.Ply, m.Notation, m.Seat, m.At, m.ClockMillis)
}

const gameColumns = `id, game_id, options, position, result, reason, casual, clock_ms, increment_ms, created_at, updated_at`

// LoadGame implements store.Store. Its three queries run in one
// REPEATABLE READ transaction, so that they see one snapshot even while a
// move is appended.
func (s *Store) LoadGame(ctx context.Context, id string) (*model.Game, error) {
	tx, err := s.pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
	if err != nil {
		return nil, s.wrap(err)
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	g := new(model.Game)
	err = tx.QueryRow(ctx, `SELECT `+gameColumns+` FROM games WHERE id = $1`, id).Scan(
		&g.ID, &g.GameID, &g.Options, &g.Position, &g.Result, &g.Reason, &g.Casual,
		&g.ClockMillis, &g.IncrementMillis, &g.CreatedAt, &g.UpdatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("%w: %s", model.ErrNotFound, id)
	}
	if err != nil {
		return nil, s.wrap(err)
	}
	g.CreatedAt, g.UpdatedAt = g.CreatedAt.UTC(), g.UpdatedAt.UTC()
	rows, _ := tx.Query(ctx, `SELECT kind, agent, name, token_hash FROM seats WHERE game = $1 ORDER BY seat`, id)
	g.Seats, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (model.Seat, error) {
		var seat model.Seat
		err := row.Scan(&seat.Kind, &seat.Agent, &seat.Name, &seat.TokenHash)
		return seat, err
	})
	if err != nil {
		return nil, s.wrap(err)
	}
	rows, _ = tx.Query(ctx, `SELECT ply, notation, seat, at, clock_ms FROM moves WHERE game = $1 ORDER BY ply`, id)
	g.Moves, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (model.Move, error) {
		var m model.Move
		err := row.Scan(&m.Ply, &m.Notation, &m.Seat, &m.At, &m.ClockMillis)
		m.At = m.At.UTC()
		return m, err
	})
	if err != nil {
		return nil, s.wrap(err)
	}
	// CollectRows gives empty slices; the SQLite backend, like a Game built
	// by hand, has nil ones.
	if len(g.Seats) == 0 {
		g.Seats = nil
	}
	if len(g.Moves) == 0 {
		g.Moves = nil
	}
	return g, tx.Commit(ctx)
}

// lockOngoing locks the game's row for the rest of the transaction and
// checks that the game exists and is not finished. The lock is what
// serialises concurrent writes to one game.
func lockOngoing(ctx context.Context, tx pgx.Tx, id string) error {
	var result string
	err := tx.QueryRow(ctx, `SELECT result FROM games WHERE id = $1 FOR UPDATE`, id).Scan(&result)
	return sqlcommon.Ongoing(id, result, errors.Is(err, pgx.ErrNoRows), err)
}

// AppendMove implements store.Store.
func (s *Store) AppendMove(ctx context.Context, id string, m model.Move) error {
	sqlcommon.PrepareMove(&m)
	return s.write(ctx, func(tx pgx.Tx) error {
		if err := lockOngoing(ctx, tx, id); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRow(ctx, `SELECT COALESCE(MAX(ply) + 1, 0) FROM moves WHERE game = $1`, id).Scan(&n); err != nil {
			return err
		}
		if m.Ply != n {
			return fmt.Errorf("%w: move at ply %d, game %s has %d moves", model.ErrConflict, m.Ply, id, n)
		}
		b := &pgx.Batch{}
		queueMove(b, id, m)
		b.Queue(`UPDATE games SET updated_at = $1 WHERE id = $2`, m.At, id)
		return tx.SendBatch(ctx, b).Close()
	})
}

// TruncateMoves implements store.Store.
func (s *Store) TruncateMoves(ctx context.Context, id string, plies int) error {
	if err := sqlcommon.CheckPlies(plies); err != nil {
		return err
	}
	return s.write(ctx, func(tx pgx.Tx) error {
		if err := lockOngoing(ctx, tx, id); err != nil {
			return err
		}
		b := &pgx.Batch{}
		b.Queue(`DELETE FROM moves WHERE game = $1 AND ply >= $2`, id, plies)
		b.Queue(`UPDATE games SET updated_at = $1 WHERE id = $2`, sqlcommon.Now(), id)
		return tx.SendBatch(ctx, b).Close()
	})
}

// FinishGame implements store.Store.
func (s *Store) FinishGame(ctx context.Context, id, result, reason string) error {
	if err := sqlcommon.CheckResult(result); err != nil {
		return err
	}
	return s.write(ctx, func(tx pgx.Tx) error {
		if err := lockOngoing(ctx, tx, id); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE games SET result = $1, reason = $2, updated_at = $3 WHERE id = $4`,
			result, reason, sqlcommon.Now(), id)
		return err
	})
}

// ListGames implements store.Store. The page of games is chosen in a
// subquery and joined with the seats, so a listing is one query that sees one
// snapshot.
func (s *Store) ListGames(ctx context.Context, f model.Filter) ([]model.Game, error) {
	limit, offset, err := sqlcommon.Page(f)
	if err != nil {
		return nil, err
	}
	var where []string
	var args []any
	if f.Finished != nil {
		args = append(args, *f.Finished)
		where = append(where, fmt.Sprintf(`(result <> '*') = $%d`, len(args)))
	}
	if f.GameID != "" {
		args = append(args, f.GameID)
		where = append(where, fmt.Sprintf(`game_id = $%d`, len(args)))
	}
	cond := ""
	if len(where) > 0 {
		cond = "WHERE " + strings.Join(where, " AND ")
	}
	args = append(args, limit, offset)
	rows, err := s.pool.Query(ctx, fmt.Sprintf(`SELECT g.id, g.game_id, g.options, g.position, g.result, g.reason, g.casual,
			g.clock_ms, g.increment_ms, g.created_at, g.updated_at,
			s.kind, s.agent, s.name, s.token_hash
		FROM (SELECT `+gameColumns+` FROM games %s
			ORDER BY updated_at DESC, id LIMIT $%d OFFSET $%d) AS g
		LEFT JOIN seats AS s ON s.game = g.id
		ORDER BY g.updated_at DESC, g.id, s.seat`, cond, len(args)-1, len(args)), args...)
	if err != nil {
		return nil, s.wrap(err)
	}
	defer rows.Close()
	var games []model.Game
	for rows.Next() {
		var g model.Game
		var created, updated time.Time
		var kind, agent, name, hash *string // NULL for a game without seats
		if err := rows.Scan(&g.ID, &g.GameID, &g.Options, &g.Position, &g.Result, &g.Reason, &g.Casual,
			&g.ClockMillis, &g.IncrementMillis, &created, &updated,
			&kind, &agent, &name, &hash); err != nil {
			return nil, s.wrap(err)
		}
		if n := len(games); n == 0 || games[n-1].ID != g.ID {
			g.CreatedAt, g.UpdatedAt = created.UTC(), updated.UTC()
			games = append(games, g)
		}
		if kind != nil {
			last := &games[len(games)-1]
			last.Seats = append(last.Seats, model.Seat{Kind: *kind, Agent: *agent, Name: *name, TokenHash: *hash})
		}
	}
	return games, s.wrap(rows.Err())
}

// Close implements store.Store.
func (s *Store) Close() error {
	s.closeOnce.Do(s.pool.Close)
	return nil
}
