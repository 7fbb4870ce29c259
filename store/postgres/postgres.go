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
//
// AppendMove and AppendFinalMove go through group commit (see
// model.GroupCommit and runBatch): concurrent moves share transactions, so
// one WAL flush makes many moves durable. The moves of one game always go
// to the same writer; a batch locks its games in id order, so batches of
// several writers or servers never deadlock.
package postgres

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"log"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/plateau-games/plateau/store/internal/groupcommit"
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
	channel   string // of game changes, one per schema (channelFor)
	gc        *groupcommit.Committer
	closeOnce sync.Once
	// beforeCommit, for tests, is called by every batch just before its
	// commit.
	beforeCommit func(ops []*groupcommit.Op)
	// queue is the job queue's own pool (lab.go), made on first use.
	queue queuePool
}

var _ model.Store = (*Store)(nil)

// Open connects to the PostgreSQL database of dsn (a postgres:// URL or a
// key=value connection string, as libpq takes) and brings its schema up to
// date. Group commit has its default settings.
func Open(ctx context.Context, dsn string) (*Store, error) {
	return OpenWith(ctx, dsn, model.GroupCommit{})
}

// OpenWith is Open with group commit settings (zero fields: defaults). The
// writers hold a connection each while they commit: there are at most half
// the pool's connections (pool_max_conns), at least one, so that reads
// always find one.
func OpenWith(ctx context.Context, dsn string, gc model.GroupCommit) (*Store, error) {
	gcc, err := groupcommit.WithDefaults(gc)
	if err != nil {
		return nil, err
	}
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
	s := &Store{pool: pool, name: name, queue: queuePool{cfg: cfg}}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if err := s.migrate(ctx); err != nil {
		pool.Close()
		return nil, err
	}
	var schema string
	if err := pool.QueryRow(ctx, `SELECT COALESCE(current_schema(), '')`).Scan(&schema); err != nil {
		pool.Close()
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	s.channel = channelFor(schema)
	gcc.Writers = max(1, min(gcc.Writers, int(cfg.MaxConns)/2))
	s.gc = groupcommit.New(gcc, s.runBatch, log.Printf)
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
// where the write is durable. The commit does not stop when ctx ends: pgx
// would close the connection in the middle of it, and the caller would get
// an error for a write that may be committed. It has a timeout of its own
// instead (a lost server still ends it, with an uncertain outcome).
func (s *Store) write(ctx context.Context, fn func(tx pgx.Tx) error) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return s.wrap(err)
	}
	defer tx.Rollback(context.WithoutCancel(ctx)) // a no-op once committed
	if err := fn(tx); err != nil {
		return s.wrap(err)
	}
	if err := ctx.Err(); err != nil {
		return err // not committed: the deferred rollback ends it
	}
	cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), model.DefaultCommitTimeout)
	defer cancel()
	return s.wrap(tx.Commit(cctx))
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
	return s.write(ctx, func(tx pgx.Tx) error { return insertGame(ctx, tx, g) })
}

// insertGame writes a prepared game with its seats and moves (CreateGame,
// AcceptChallenge).
func insertGame(ctx context.Context, tx pgx.Tx, g *model.Game) error {
	for i, seat := range g.Seats {
		if seat.User == "" {
			continue
		}
		var one int
		err := tx.QueryRow(ctx, `SELECT 1 FROM users WHERE name_key = $1`, model.UserKey(seat.User)).Scan(&one)
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("%w: seat %d: no user %s", model.ErrNotFound, i, seat.User)
		}
		if err != nil {
			return err
		}
	}
	// A batch sends every insert in one round trip.
	b := &pgx.Batch{}
	b.Queue(`INSERT INTO games
		(id, game_id, options, position, result, reason, casual, clock_ms, increment_ms, created_at, updated_at, rated, move_days, leaver_agent)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
		g.ID, g.GameID, g.Options, g.Position, g.Result, g.Reason, g.Casual,
		g.ClockMillis, g.IncrementMillis, g.CreatedAt, g.UpdatedAt, g.Rated, g.MoveDays, g.LeaverAgent)
	for i, seat := range g.Seats {
		b.Queue(`INSERT INTO seats (game, seat, kind, agent, name, token_hash, user_key, left_order) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
			g.ID, i, seat.Kind, seat.Agent, seat.Name, seat.TokenHash, model.UserKey(seat.User), seat.Left)
	}
	for _, m := range g.Moves {
		queueMove(b, g.ID, m)
	}
	for n, h := range g.Hints {
		queueHint(b, g.ID, n, h)
	}
	return tx.SendBatch(ctx, b).Close()
}

func queueMove(b *pgx.Batch, id string, m model.Move) {
	b.Queue(`INSERT INTO moves (game, ply, notation, seat, at, clock_ms) VALUES ($1, $2, $3, $4, $5, $6)`,
		id, m.Ply, m.Notation, m.Seat, m.At, m.ClockMillis)
}

const gameColumns = `id, game_id, options, position, result, reason, casual, clock_ms, increment_ms, created_at, updated_at, rated, move_days, leaver_agent`

// LoadGame implements store.Store. Its four queries run in one
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
		&g.ClockMillis, &g.IncrementMillis, &g.CreatedAt, &g.UpdatedAt, &g.Rated, &g.MoveDays, &g.LeaverAgent)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("%w: %s", model.ErrNotFound, id)
	}
	if err != nil {
		return nil, s.wrap(err)
	}
	g.CreatedAt, g.UpdatedAt = g.CreatedAt.UTC(), g.UpdatedAt.UTC()
	rows, _ := tx.Query(ctx, `SELECT s.kind, s.agent, s.name, s.token_hash, COALESCE(u.name, ''), s.left_order
		FROM seats s LEFT JOIN users u ON u.name_key = s.user_key AND s.user_key <> ''
		WHERE s.game = $1 ORDER BY s.seat`, id)
	g.Seats, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (model.Seat, error) {
		var seat model.Seat
		err := row.Scan(&seat.Kind, &seat.Agent, &seat.Name, &seat.TokenHash, &seat.User, &seat.Left)
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
	rows, _ = tx.Query(ctx, `SELECT seat, ply, at FROM hints WHERE game = $1 ORDER BY n`, id)
	g.Hints, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (model.Hint, error) {
		var h model.Hint
		err := row.Scan(&h.Seat, &h.Ply, &h.At)
		h.At = h.At.UTC()
		return h, err
	})
	if err != nil {
		return nil, s.wrap(err)
	}
	t, err := loadTurn(ctx, tx, id)
	if err != nil {
		return nil, s.wrap(err)
	}
	t.Loaded(g)
	// CollectRows gives empty slices; the SQLite backend, like a Game built
	// by hand, has nil ones.
	if len(g.Seats) == 0 {
		g.Seats = nil
	}
	if len(g.Moves) == 0 {
		g.Moves = nil
	}
	if len(g.Hints) == 0 {
		g.Hints = nil
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

// AppendMove implements store.Store: the move joins the next batch of the
// group commit (runBatch).
func (s *Store) AppendMove(ctx context.Context, id string, m model.Move) error {
	sqlcommon.PrepareMove(&m)
	return s.gc.Do(ctx, groupcommit.NewOp(id, m))
}

// AppendFinalMove implements store.Store.
func (s *Store) AppendFinalMove(ctx context.Context, id string, m model.Move, result, reason string) error {
	if err := sqlcommon.CheckResult(result); err != nil {
		return err
	}
	sqlcommon.PrepareMove(&m)
	return s.gc.Do(ctx, groupcommit.NewFinalOp(id, m, result, reason))
}

// GroupCommitStats reports what the group commit did since Open.
func (s *Store) GroupCommitStats() model.GroupCommitStats { return s.gc.Stats() }

// gameState is a game as a batch sees it, updated as its moves are
// applied in order.
type gameState struct {
	found  bool
	result string
	moves  int
}

// runBatch is the group commit's Runner. The moves are taken game by game,
// games in id order (the moves of one game keep their order), so that
// every batch, of any writer or server, locks its games in the same order
// and none waits for another in a cycle.
//
// The fast path takes four round trips whatever the batch's size: BEGIN;
// lock the batch's games (SELECT ... FOR UPDATE, in id order) and then, in
// a second statement that sees every commit made before the locks were
// granted, count their moves; decide each move in order against that state
// (a refused move is never written: it fails alone); write the moves that
// fit and the games' updates in one pipeline; COMMIT. A write that fails
// there (which the checks should prevent) aborts the transaction: the
// batch is then redone on the slow path, move by move, each under its own
// savepoint, so that only the failing move is refused.
func (s *Store) runBatch(ctx context.Context, ops []*groupcommit.Op) error {
	sorted := slices.Clone(ops)
	slices.SortStableFunc(sorted, func(a, b *groupcommit.Op) int { return strings.Compare(a.Game, b.Game) })
	err := s.fastBatch(ctx, sorted)
	if errors.Is(err, errFallBack) {
		for _, op := range sorted {
			op.Err = nil
		}
		err = s.slowBatch(ctx, sorted)
	}
	return err
}

// errFallBack says that the fast path rolled back and the slow path must
// redo the batch.
var errFallBack = errors.New("postgres: batch write failed, redo move by move")

func (s *Store) fastBatch(ctx context.Context, ops []*groupcommit.Op) error {
	var ids []string
	for _, op := range ops {
		if len(ids) == 0 || ids[len(ids)-1] != op.Game {
			ids = append(ids, op.Game)
		}
	}
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return s.wrap(err)
	}
	defer tx.Rollback(context.WithoutCancel(ctx)) // a no-op once committed; also on a panic
	states := make(map[string]*gameState, len(ids))
	for _, id := range ids {
		states[id] = &gameState{}
	}
	b := &pgx.Batch{}
	b.Queue(`SELECT id, result FROM games WHERE id = ANY($1) ORDER BY id FOR UPDATE`, ids)
	// One MAX per game, so that each is read from the end of the (game,
	// ply) index; a GROUP BY would scan every move of the batch's games.
	b.Queue(`SELECT g.id, COALESCE((SELECT MAX(ply) + 1 FROM moves WHERE game = g.id), 0)
		FROM unnest($1::text[]) AS g(id)`, ids)
	br := tx.SendBatch(ctx, b)
	rows, _ := br.Query()
	var id, result string
	_, err = pgx.ForEachRow(rows, []any{&id, &result}, func() error {
		st := states[id]
		st.found, st.result = true, result
		return nil
	})
	if err != nil {
		br.Close()
		return s.wrap(err)
	}
	var n int
	rows, _ = br.Query()
	_, err = pgx.ForEachRow(rows, []any{&id, &n}, func() error {
		states[id].moves = n
		return nil
	})
	if err := errors.Join(err, br.Close()); err != nil {
		return s.wrap(err)
	}

	// Decide each move against the state its predecessors left, and queue
	// the writes of those that fit.
	type last struct {
		at             time.Time
		final          bool
		result, reason string
	}
	touched := map[string]*last{}
	b = &pgx.Batch{}
	for _, op := range ops {
		st := states[op.Game]
		if op.Err = sqlcommon.Fits(op.Game, op.Move, st.found, st.result, st.moves); op.Err != nil {
			continue
		}
		queueMove(b, op.Game, op.Move)
		st.moves++
		l := touched[op.Game]
		if l == nil {
			l = &last{}
			touched[op.Game] = l
		}
		l.at = op.Move.At
		if op.Final {
			st.result = op.Result
			l.final, l.result, l.reason = true, op.Result, op.Reason
		}
	}
	if len(touched) == 0 {
		return nil // nothing to write, nothing to commit; the rollback frees the locks
	}
	for _, id := range ids {
		l := touched[id]
		switch {
		case l == nil:
			continue
		case l.final:
			b.Queue(`UPDATE games SET updated_at = $1, result = $2, reason = $3 WHERE id = $4`, l.at, l.result, l.reason, id)
		default:
			b.Queue(`UPDATE games SET updated_at = $1 WHERE id = $2`, l.at, id)
		}
		s.queueNotify(b, id, states[id].moves, l.final)
	}
	if err := tx.SendBatch(ctx, b).Close(); err != nil {
		if ctx.Err() != nil {
			return s.wrap(err) // out of time: no second try
		}
		return errFallBack
	}
	return s.commit(ctx, tx, ops)
}

// commit commits tx. The commit itself is not cut short by the batch's
// deadline (pgx would close the connection, leaving the outcome unknown):
// it has a timeout of its own, and if it fails anyway, whether the moves
// are stored is read back.
func (s *Store) commit(ctx context.Context, tx pgx.Tx, ops []*groupcommit.Op) error {
	if s.beforeCommit != nil {
		s.beforeCommit(ops)
	}
	timeout := s.gc.Config().Timeout
	cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), timeout)
	defer cancel()
	err := tx.Commit(cctx)
	if err == nil {
		return nil
	}
	sctx, scancel := context.WithTimeout(context.WithoutCancel(ctx), timeout)
	defer scancel()
	return groupcommit.Settle(sctx, ops, fmt.Errorf("commit: %w", s.wrap(err)), s.present)
}

// slowBatch applies the moves one by one, each checked under its own lock
// and written under a savepoint: a move whose write fails is rolled back
// alone.
func (s *Store) slowBatch(ctx context.Context, ops []*groupcommit.Op) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return s.wrap(err)
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	applied := false
	for _, op := range ops {
		b := &pgx.Batch{}
		b.Queue(`SELECT result FROM games WHERE id = $1 FOR UPDATE`, op.Game)
		b.Queue(`SELECT COALESCE(MAX(ply) + 1, 0) FROM moves WHERE game = $1`, op.Game)
		br := tx.SendBatch(ctx, b)
		var result string
		var n int
		err := br.QueryRow().Scan(&result)
		found := !errors.Is(err, pgx.ErrNoRows)
		if found && err != nil {
			br.Close()
			return s.wrap(err)
		}
		if err := errors.Join(br.QueryRow().Scan(&n), br.Close()); err != nil {
			return s.wrap(err)
		}
		if op.Err = sqlcommon.Fits(op.Game, op.Move, found, result, n); op.Err != nil {
			continue
		}
		b = &pgx.Batch{}
		b.Queue(`SAVEPOINT move`)
		queueMove(b, op.Game, op.Move)
		if op.Final {
			b.Queue(`UPDATE games SET updated_at = $1, result = $2, reason = $3 WHERE id = $4`, op.Move.At, op.Result, op.Reason, op.Game)
		} else {
			b.Queue(`UPDATE games SET updated_at = $1 WHERE id = $2`, op.Move.At, op.Game)
		}
		s.queueNotify(b, op.Game, n+1, op.Final)
		b.Queue(`RELEASE SAVEPOINT move`)
		if err := tx.SendBatch(ctx, b).Close(); err != nil {
			if ctx.Err() != nil {
				return s.wrap(err)
			}
			op.Err = s.wrap(err)
			// Without arguments, Exec sends one simple query, which an
			// aborted transaction accepts (a batch would first prepare its
			// statements, which it refuses).
			if _, rerr := tx.Exec(ctx, `ROLLBACK TO SAVEPOINT move; RELEASE SAVEPOINT move`); rerr != nil {
				return s.wrap(fmt.Errorf("%w (rolling back a move: %v)", err, rerr))
			}
			continue
		}
		applied = true
	}
	if !applied {
		return nil
	}
	return s.commit(ctx, tx, ops)
}

// present says whether op's move (and its result, for a final move) is
// stored as op wrote it: after a failed commit, it tells whether the
// commit happened after all.
func (s *Store) present(ctx context.Context, op *groupcommit.Op) (bool, error) {
	var notation, result string
	var seat int
	var at time.Time
	var clock int64
	err := s.pool.QueryRow(ctx, `SELECT m.notation, m.seat, m.at, m.clock_ms, g.result
		FROM moves AS m JOIN games AS g ON g.id = m.game WHERE m.game = $1 AND m.ply = $2`,
		op.Game, op.Move.Ply).Scan(&notation, &seat, &at, &clock, &result)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	m := op.Move
	same := notation == m.Notation && seat == m.Seat && at.Equal(m.At) && clock == m.ClockMillis
	if op.Final {
		same = same && result == op.Result
	}
	return same, nil
}

// Check implements store.Store: a durable write of the health row, read
// back on the pool.
func (s *Store) Check(ctx context.Context) error {
	var seq int64
	err := s.write(ctx, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `INSERT INTO health (id, seq, at) VALUES (1, 1, now())
			ON CONFLICT (id) DO UPDATE SET seq = health.seq + 1, at = excluded.at
			RETURNING seq`).Scan(&seq)
	})
	if err != nil {
		return fmt.Errorf("cannot write: %w", err)
	}
	var got int64
	if err := s.pool.QueryRow(ctx, `SELECT seq FROM health WHERE id = 1`).Scan(&got); err != nil {
		return fmt.Errorf("cannot read back: %w", s.wrap(err))
	}
	if got < seq { // another Check may have written after this one
		return fmt.Errorf("%s: wrote health %d, read back %d", s.name, seq, got)
	}
	return nil
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
		// The position's offer and clock start must not come back with it.
		b.Queue(`DELETE FROM turns WHERE game = $1`, id)
		s.queueNotify(b, id, -1, false)
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
		b := &pgx.Batch{}
		b.Queue(`UPDATE games SET result = $1, reason = $2, updated_at = $3 WHERE id = $4`, result, reason, sqlcommon.Now(), id)
		s.queueNotify(b, id, -1, true)
		return tx.SendBatch(ctx, b).Close()
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
		// Literal comparisons, so that the partial index of ongoing games
		// serves them.
		if *f.Finished {
			where = append(where, `result <> '*'`)
		} else {
			where = append(where, `result = '*'`)
		}
	}
	if f.GameID != "" {
		args = append(args, f.GameID)
		where = append(where, fmt.Sprintf(`game_id = $%d`, len(args)))
	}
	if f.User != "" {
		args = append(args, model.UserKey(f.User))
		where = append(where, fmt.Sprintf(`id IN (SELECT game FROM seats WHERE user_key = $%d)`, len(args)))
	}
	if f.Correspondence {
		where = append(where, `move_days > 0`)
	}
	if f.RealTime {
		where = append(where, `clock_ms > 0`)
	}
	if !f.UpdatedBefore.IsZero() {
		// Stored times are whole milliseconds: updated < t is updated <
		// t rounded up to the millisecond.
		args = append(args, sqlcommon.FromMillis(sqlcommon.CeilMillis(f.UpdatedBefore)))
		where = append(where, fmt.Sprintf(`updated_at < $%d`, len(args)))
	}
	cond := ""
	if len(where) > 0 {
		cond = "WHERE " + strings.Join(where, " AND ")
	}
	order, outer := "updated_at DESC, id", "g.updated_at DESC, g.id"
	if f.OldestFirst {
		order, outer = "updated_at, id", "g.updated_at, g.id"
	}
	args = append(args, limit, offset)
	rows, err := s.pool.Query(ctx, fmt.Sprintf(`SELECT g.id, g.game_id, g.options, g.position, g.result, g.reason, g.casual,
			g.clock_ms, g.increment_ms, g.created_at, g.updated_at, g.rated, g.move_days, g.leaver_agent,
			s.kind, s.agent, s.name, s.token_hash, u.name, s.left_order
		FROM (SELECT `+gameColumns+` FROM games %s
			ORDER BY %s LIMIT $%d OFFSET $%d) AS g
		LEFT JOIN seats AS s ON s.game = g.id
		LEFT JOIN users AS u ON u.name_key = s.user_key AND s.user_key <> ''
		ORDER BY %s, s.seat`, cond, order, len(args)-1, len(args), outer), args...)
	if err != nil {
		return nil, s.wrap(err)
	}
	defer rows.Close()
	var games []model.Game
	for rows.Next() {
		var g model.Game
		var created, updated time.Time
		var kind, agent, name, hash, user *string // NULL for a game without seats, or a seat without account
		var left *int
		if err := rows.Scan(&g.ID, &g.GameID, &g.Options, &g.Position, &g.Result, &g.Reason, &g.Casual,
			&g.ClockMillis, &g.IncrementMillis, &created, &updated, &g.Rated, &g.MoveDays, &g.LeaverAgent,
			&kind, &agent, &name, &hash, &user, &left); err != nil {
			return nil, s.wrap(err)
		}
		if n := len(games); n == 0 || games[n-1].ID != g.ID {
			g.CreatedAt, g.UpdatedAt = created.UTC(), updated.UTC()
			games = append(games, g)
		}
		if kind != nil {
			last := &games[len(games)-1]
			seat := model.Seat{Kind: *kind, Agent: *agent, Name: *name, TokenHash: *hash}
			if user != nil {
				seat.User = *user
			}
			if left != nil {
				seat.Left = *left
			}
			last.Seats = append(last.Seats, seat)
		}
	}
	return games, s.wrap(rows.Err())
}

// Close implements store.Store.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		s.gc.Close() // commits what is queued; later appends get ErrClosed
		s.pool.Close()
		s.queue.close()
	})
	return nil
}
