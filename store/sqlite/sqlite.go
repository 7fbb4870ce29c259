// Package sqlite is the store.Store of plateau on an embedded SQLite file,
// through modernc.org/sqlite: pure Go, so plateau still builds without a C
// compiler. The file and its tables are created on first open; nothing has to
// be set up.
//
// The file is in WAL mode, so that readers never wait for the writer nor the
// writer for readers, with synchronous=FULL, so that a commit is on disk
// before the write returns (the Store contract), and foreign keys on. Writes
// go through a pool of one connection whose transactions begin IMMEDIATE:
// writers of this process queue in Go instead of failing with "database is
// locked", and a transaction that reads before it writes (AppendMove) holds
// the write lock from its start, so no other writer can slip in between. The
// busy timeout covers other processes that open the same file.
package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"log"
	"os"
	"path/filepath"
	"strings"
	"sync"

	sqlite "modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/plateau-games/plateau/store/internal/groupcommit"
	"github.com/plateau-games/plateau/store/internal/model"
	"github.com/plateau-games/plateau/store/internal/sqlcommon"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// busyTimeoutMillis is how long a connection waits for a lock held by
// another process before it gives up with SQLITE_BUSY.
const busyTimeoutMillis = 10000

// maxReaders bounds the reading connections: each holds SQLite's page cache,
// and more of them than cores buys nothing.
const maxReaders = 8

// Store is a store.Store on one SQLite file.
type Store struct {
	path      string
	w         *sql.DB // one connection, IMMEDIATE transactions: every write
	r         *sql.DB // read-only connections: loads and listings
	gc        *groupcommit.Committer
	stmts     moveStmts
	closeOnce sync.Once
	// beforeCommit, for tests, is called by every batch just before its
	// commit.
	beforeCommit func(ops []*groupcommit.Op)
	closeErr     error
}

// moveStmts are the statements of a batch, prepared once on the writing
// connection.
type moveStmts struct {
	state, insert, touch, final *sql.Stmt
}

var _ model.Store = (*Store)(nil)

// Open opens the SQLite database at path, creating the file (and its
// directory) if needed, and brings its schema up to date. Group commit has
// its default settings.
func Open(ctx context.Context, path string) (*Store, error) {
	return OpenWith(ctx, path, model.GroupCommit{})
}

// OpenWith is Open with group commit settings (zero fields: defaults; the
// number of writers is always 1).
func OpenWith(ctx context.Context, path string, gc model.GroupCommit) (*Store, error) {
	cfg, err := groupcommit.WithDefaults(gc)
	if err != nil {
		return nil, err
	}
	cfg.Writers = 1 // one writing connection
	switch {
	case path == "":
		return nil, errors.New("sqlite: empty database path")
	case path == ":memory:" || strings.HasPrefix(path, "file:"):
		// An in-memory database would be one per connection here, and
		// SQLite URIs bring their own parameters: both would quietly break
		// the guarantees above.
		return nil, fmt.Errorf("sqlite: %q: give the path of a file", path)
	case strings.ContainsRune(path, '?'):
		// The driver reads everything after '?' as its parameters.
		return nil, fmt.Errorf("sqlite: %q: a database path cannot contain '?'", path)
	}
	if dir := filepath.Dir(path); dir != "." {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("sqlite: %w", err)
		}
	}
	dsn := fmt.Sprintf("%s?_busy_timeout=%d&_journal_mode=WAL&_synchronous=FULL&_foreign_keys=1", path, busyTimeoutMillis)

	w, err := sql.Open("sqlite", dsn+"&_txlock=immediate")
	if err != nil {
		return nil, fmt.Errorf("sqlite: %s: %w", path, err)
	}
	w.SetMaxOpenConns(1)
	// Never close the writer for idleness: reopening it would redo the
	// pragmas, and a pool of one would then open it on the next write.
	w.SetMaxIdleConns(1)
	w.SetConnMaxLifetime(0)
	s := &Store{path: path, w: w}
	if err := s.migrate(ctx); err != nil {
		w.Close()
		return nil, err
	}
	r, err := sql.Open("sqlite", dsn+"&_query_only=1")
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("sqlite: %s: %w", path, err)
	}
	r.SetMaxOpenConns(maxReaders)
	r.SetMaxIdleConns(maxReaders)
	s.r = r
	if err := s.prepare(ctx); err != nil {
		r.Close()
		w.Close()
		return nil, err
	}
	s.gc = groupcommit.New(cfg, s.runBatch, log.Printf)
	return s, nil
}

// prepare compiles the statements of a batch once.
func (s *Store) prepare(ctx context.Context) error {
	for _, p := range []struct {
		stmt **sql.Stmt
		sql  string
	}{
		// The game's result and number of moves (moves are 0, 1, 2...
		// without gaps, so the highest ply tells).
		{&s.stmts.state, `SELECT result, (SELECT COALESCE(MAX(ply) + 1, 0) FROM moves WHERE game = ?1) FROM games WHERE id = ?1`},
		{&s.stmts.insert, `INSERT INTO moves (game, ply, notation, seat, at_ms, clock_ms) VALUES (?, ?, ?, ?, ?, ?)`},
		{&s.stmts.touch, `UPDATE games SET updated_ms = ? WHERE id = ?`},
		{&s.stmts.final, `UPDATE games SET updated_ms = ?, result = ?, reason = ? WHERE id = ?`},
	} {
		st, err := s.w.PrepareContext(ctx, p.sql)
		if err != nil {
			return fmt.Errorf("sqlite: %s: %w", s.path, err)
		}
		*p.stmt = st
	}
	return nil
}

// migrate applies the embedded migrations the file lacks, all in one
// transaction: a database is at one version or the next, never between.
func (s *Store) migrate(ctx context.Context) error {
	ms, err := sqlcommon.Migrations(mustSub(migrationFiles, "migrations"))
	if err != nil {
		return err
	}
	return s.write(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (
			version    INTEGER NOT NULL PRIMARY KEY,
			name       TEXT    NOT NULL,
			applied_ms INTEGER NOT NULL
		) STRICT`); err != nil {
			return fmt.Errorf("sqlite: %s: %w", s.path, err)
		}
		var have int
		if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_version`).Scan(&have); err != nil {
			return fmt.Errorf("sqlite: %s: %w", s.path, err)
		}
		if have > len(ms) {
			return sqlcommon.TooNew(s.path, have, len(ms))
		}
		for _, m := range ms[have:] {
			if _, err := tx.ExecContext(ctx, m.SQL); err != nil {
				return fmt.Errorf("sqlite: %s: migration %s: %w", s.path, m.Name, err)
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO schema_version (version, name, applied_ms) VALUES (?, ?, ?)`,
				m.Version, m.Name, sqlcommon.Millis(sqlcommon.Now())); err != nil {
				return fmt.Errorf("sqlite: %s: %w", s.path, err)
			}
		}
		return nil
	})
}

// write runs fn in a write transaction and commits it; the commit is the
// point where the write is durable.
func (s *Store) write(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return translate(err)
	}
	defer tx.Rollback() // a no-op once committed
	if err := fn(tx); err != nil {
		return translate(err)
	}
	return translate(tx.Commit())
}

// translate turns a violated uniqueness into store.ErrConflict: the primary
// keys of games (id) and moves (game, ply) are the last line of defence
// against a duplicate game or a ply written twice.
func translate(err error) error {
	var se *sqlite.Error
	if errors.As(err, &se) {
		switch se.Code() {
		case sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY, sqlite3.SQLITE_CONSTRAINT_UNIQUE:
			return fmt.Errorf("%w: %v", model.ErrConflict, err)
		}
	}
	return err
}

// CreateGame implements store.Store.
func (s *Store) CreateGame(ctx context.Context, g *model.Game) error {
	if err := sqlcommon.PrepareGame(g); err != nil {
		return err
	}
	return s.write(ctx, func(tx *sql.Tx) error { return insertGame(ctx, tx, g) })
}

// insertGame writes a prepared game with its seats and moves (CreateGame,
// AcceptChallenge).
func insertGame(ctx context.Context, tx *sql.Tx, g *model.Game) error {
	if _, err := tx.ExecContext(ctx, `INSERT INTO games
		(id, game_id, options, position, result, reason, casual, clock_ms, increment_ms, created_ms, updated_ms, rated, move_days, leaver_agent)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		g.ID, g.GameID, g.Options, g.Position, g.Result, g.Reason, g.Casual,
		g.ClockMillis, g.IncrementMillis, sqlcommon.Millis(g.CreatedAt), sqlcommon.Millis(g.UpdatedAt), g.Rated, g.MoveDays, g.LeaverAgent); err != nil {
		return err
	}
	for i, seat := range g.Seats {
		if seat.User != "" {
			var one int
			err := tx.QueryRowContext(ctx, `SELECT 1 FROM users WHERE name_key = ?`, model.UserKey(seat.User)).Scan(&one)
			if errors.Is(err, sql.ErrNoRows) {
				return fmt.Errorf("%w: seat %d: no user %s", model.ErrNotFound, i, seat.User)
			}
			if err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO seats (game, seat, kind, agent, name, token_hash, user_key, left_order)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, g.ID, i, seat.Kind, seat.Agent, seat.Name, seat.TokenHash, model.UserKey(seat.User), seat.Left); err != nil {
			return err
		}
	}
	for _, m := range g.Moves {
		if err := insertMove(ctx, tx, g.ID, m); err != nil {
			return err
		}
	}
	for n, h := range g.Hints {
		if err := insertHint(ctx, tx, g.ID, n, h); err != nil {
			return err
		}
	}
	return nil
}

func insertMove(ctx context.Context, tx *sql.Tx, id string, m model.Move) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO moves (game, ply, notation, seat, at_ms, clock_ms)
		VALUES (?, ?, ?, ?, ?, ?)`, id, m.Ply, m.Notation, m.Seat, sqlcommon.Millis(m.At), m.ClockMillis)
	return err
}

const gameColumns = `id, game_id, options, position, result, reason, casual, clock_ms, increment_ms, created_ms, updated_ms, rated, move_days, leaver_agent`

// scanGame reads the gameColumns.
func scanGame(row interface{ Scan(...any) error }, g *model.Game) error {
	var created, updated int64
	if err := row.Scan(&g.ID, &g.GameID, &g.Options, &g.Position, &g.Result, &g.Reason, &g.Casual,
		&g.ClockMillis, &g.IncrementMillis, &created, &updated, &g.Rated, &g.MoveDays, &g.LeaverAgent); err != nil {
		return err
	}
	g.CreatedAt, g.UpdatedAt = sqlcommon.FromMillis(created), sqlcommon.FromMillis(updated)
	return nil
}

// LoadGame implements store.Store. Its four queries run in one read
// transaction, so that they see one snapshot even while a move is appended.
func (s *Store) LoadGame(ctx context.Context, id string) (*model.Game, error) {
	tx, err := s.r.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	g := new(model.Game)
	err = scanGame(tx.QueryRowContext(ctx, `SELECT `+gameColumns+` FROM games WHERE id = ?`, id), g)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("%w: %s", model.ErrNotFound, id)
	}
	if err != nil {
		return nil, err
	}
	rows, err := tx.QueryContext(ctx, `SELECT s.kind, s.agent, s.name, s.token_hash, COALESCE(u.name, ''), s.left_order
		FROM seats s LEFT JOIN users u ON u.name_key = s.user_key AND s.user_key <> ''
		WHERE s.game = ? ORDER BY s.seat`, id)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var seat model.Seat
		if err := rows.Scan(&seat.Kind, &seat.Agent, &seat.Name, &seat.TokenHash, &seat.User, &seat.Left); err != nil {
			rows.Close()
			return nil, err
		}
		g.Seats = append(g.Seats, seat)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows, err = tx.QueryContext(ctx, `SELECT ply, notation, seat, at_ms, clock_ms FROM moves WHERE game = ? ORDER BY ply`, id)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var m model.Move
		var at int64
		if err := rows.Scan(&m.Ply, &m.Notation, &m.Seat, &at, &m.ClockMillis); err != nil {
			rows.Close()
			return nil, err
		}
		m.At = sqlcommon.FromMillis(at)
		g.Moves = append(g.Moves, m)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if g.Hints, err = loadHints(ctx, tx, id); err != nil {
		return nil, err
	}
	t, err := loadTurn(ctx, tx, id)
	if err != nil {
		return nil, err
	}
	t.Loaded(g)
	return g, nil
}

// ongoing checks, inside a write transaction, that the game exists and is
// not finished.
func ongoing(ctx context.Context, tx *sql.Tx, id string) error {
	var result string
	err := tx.QueryRowContext(ctx, `SELECT result FROM games WHERE id = ?`, id).Scan(&result)
	return sqlcommon.Ongoing(id, result, errors.Is(err, sql.ErrNoRows), err)
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

// runBatch is the group commit's Runner: one IMMEDIATE transaction on the
// writing connection, which holds the write lock from its start, so what
// each move's check reads is still true at its write (the (game, ply)
// primary key refuses a second move at one ply regardless). Each move is
// checked, then written under a savepoint: a refused move leaves nothing,
// and the others of the batch go on.
func (s *Store) runBatch(ctx context.Context, ops []*groupcommit.Op) error {
	conn, err := s.w.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return translate(err)
	}
	defer tx.Rollback() // a no-op once committed; also on a panic
	state := tx.StmtContext(ctx, s.stmts.state)
	insert := tx.StmtContext(ctx, s.stmts.insert)
	touch := tx.StmtContext(ctx, s.stmts.touch)
	final := tx.StmtContext(ctx, s.stmts.final)
	for _, op := range ops {
		var result string
		var moves int
		err := state.QueryRowContext(ctx, op.Game).Scan(&result, &moves)
		found := !errors.Is(err, sql.ErrNoRows)
		if found && err != nil {
			return err // a read failing inside the transaction: the batch fails
		}
		if op.Err = sqlcommon.Fits(op.Game, op.Move, found, result, moves); op.Err != nil {
			continue
		}
		if _, err := tx.ExecContext(ctx, `SAVEPOINT move`); err != nil {
			return err
		}
		m := op.Move
		_, err = insert.ExecContext(ctx, op.Game, m.Ply, m.Notation, m.Seat, sqlcommon.Millis(m.At), m.ClockMillis)
		if err == nil {
			if op.Final {
				_, err = final.ExecContext(ctx, sqlcommon.Millis(m.At), op.Result, op.Reason, op.Game)
			} else {
				_, err = touch.ExecContext(ctx, sqlcommon.Millis(m.At), op.Game)
			}
		}
		if err != nil {
			op.Err = translate(err)
			// Undo this move's writes only; if even that fails, the
			// transaction is lost and the batch with it.
			if _, rerr := tx.ExecContext(ctx, `ROLLBACK TO move`); rerr != nil {
				return fmt.Errorf("sqlite: %s: %w (rolling back a move: %v)", s.path, err, rerr)
			}
		}
		if _, err := tx.ExecContext(ctx, `RELEASE move`); err != nil {
			return err
		}
	}
	if s.beforeCommit != nil {
		s.beforeCommit(ops)
	}
	cerr := tx.Commit()
	if cerr == nil {
		return nil
	}
	// A failed COMMIT may leave SQLite in the transaction (SQLITE_BUSY):
	// end it, so the connection is clean for the next batch.
	conn.ExecContext(context.WithoutCancel(ctx), `ROLLBACK`)
	cerr = fmt.Errorf("sqlite: %s: commit: %w", s.path, translate(cerr))
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), s.gc.Config().Timeout)
	defer cancel()
	return groupcommit.Settle(sctx, ops, cerr, s.present)
}

// present says whether op's move (and its result, for a final move) is
// stored as op wrote it: after a failed commit, it tells whether the
// commit happened after all.
func (s *Store) present(ctx context.Context, op *groupcommit.Op) (bool, error) {
	var notation, result string
	var seat int
	var at, clock int64
	err := s.r.QueryRowContext(ctx, `SELECT m.notation, m.seat, m.at_ms, m.clock_ms, g.result
		FROM moves AS m JOIN games AS g ON g.id = m.game WHERE m.game = ? AND m.ply = ?`,
		op.Game, op.Move.Ply).Scan(&notation, &seat, &at, &clock, &result)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	m := op.Move
	same := notation == m.Notation && seat == m.Seat && at == sqlcommon.Millis(m.At) && clock == m.ClockMillis
	if op.Final {
		same = same && result == op.Result
	}
	return same, nil
}

// GroupCommitStats reports what the group commit did since Open.
func (s *Store) GroupCommitStats() model.GroupCommitStats { return s.gc.Stats() }

// Check implements store.Store: a durable write of the health row, read
// back through a reading connection.
func (s *Store) Check(ctx context.Context) error {
	var seq int64
	err := s.write(ctx, func(tx *sql.Tx) error {
		return tx.QueryRowContext(ctx, `INSERT INTO health (id, seq, at_ms) VALUES (1, 1, ?)
			ON CONFLICT (id) DO UPDATE SET seq = seq + 1, at_ms = excluded.at_ms
			RETURNING seq`, sqlcommon.Millis(sqlcommon.Now())).Scan(&seq)
	})
	if err != nil {
		return fmt.Errorf("sqlite: %s: cannot write: %w", s.path, err)
	}
	var got int64
	if err := s.r.QueryRowContext(ctx, `SELECT seq FROM health WHERE id = 1`).Scan(&got); err != nil {
		return fmt.Errorf("sqlite: %s: cannot read back: %w", s.path, err)
	}
	if got < seq { // another Check may have written after this one
		return fmt.Errorf("sqlite: %s: wrote health %d, read back %d", s.path, seq, got)
	}
	return nil
}

// TruncateMoves implements store.Store.
func (s *Store) TruncateMoves(ctx context.Context, id string, plies int) error {
	if err := sqlcommon.CheckPlies(plies); err != nil {
		return err
	}
	return s.write(ctx, func(tx *sql.Tx) error {
		if err := ongoing(ctx, tx, id); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM moves WHERE game = ? AND ply >= ?`, id, plies); err != nil {
			return err
		}
		// The position's offer and clock start must not come back with it.
		if _, err := tx.ExecContext(ctx, `DELETE FROM turns WHERE game = ?`, id); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `UPDATE games SET updated_ms = ? WHERE id = ?`, sqlcommon.Millis(sqlcommon.Now()), id)
		return err
	})
}

// FinishGame implements store.Store.
func (s *Store) FinishGame(ctx context.Context, id, result, reason string) error {
	if err := sqlcommon.CheckResult(result); err != nil {
		return err
	}
	return s.write(ctx, func(tx *sql.Tx) error {
		if err := ongoing(ctx, tx, id); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `UPDATE games SET result = ?, reason = ?, updated_ms = ? WHERE id = ?`,
			result, reason, sqlcommon.Millis(sqlcommon.Now()), id)
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
		// Literal comparisons, so that the partial index of ongoing games
		// serves them.
		if *f.Finished {
			where = append(where, `result <> '*'`)
		} else {
			where = append(where, `result = '*'`)
		}
	}
	if f.GameID != "" {
		where = append(where, `game_id = ?`)
		args = append(args, f.GameID)
	}
	if f.User != "" {
		where = append(where, `id IN (SELECT game FROM seats WHERE user_key = ?)`)
		args = append(args, model.UserKey(f.User))
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
		where = append(where, `updated_ms < ?`)
		args = append(args, sqlcommon.CeilMillis(f.UpdatedBefore))
	}
	cond := ""
	if len(where) > 0 {
		cond = "WHERE " + strings.Join(where, " AND ")
	}
	order, outer := "updated_ms DESC, id", "g.updated_ms DESC, g.id"
	if f.OldestFirst {
		order, outer = "updated_ms, id", "g.updated_ms, g.id"
	}
	args = append(args, limit, offset)
	rows, err := s.r.QueryContext(ctx, `SELECT g.id, g.game_id, g.options, g.position, g.result, g.reason, g.casual,
			g.clock_ms, g.increment_ms, g.created_ms, g.updated_ms, g.rated, g.move_days, g.leaver_agent,
			s.kind, s.agent, s.name, s.token_hash, u.name, s.left_order
		FROM (SELECT `+gameColumns+` FROM games `+cond+`
			ORDER BY `+order+` LIMIT ? OFFSET ?) AS g
		LEFT JOIN seats AS s ON s.game = g.id
		LEFT JOIN users AS u ON u.name_key = s.user_key AND s.user_key <> ''
		ORDER BY `+outer+`, s.seat`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var games []model.Game
	for rows.Next() {
		var g model.Game
		var created, updated int64
		var kind, agent, name, hash, user sql.NullString
		var left sql.NullInt64
		if err := rows.Scan(&g.ID, &g.GameID, &g.Options, &g.Position, &g.Result, &g.Reason, &g.Casual,
			&g.ClockMillis, &g.IncrementMillis, &created, &updated, &g.Rated, &g.MoveDays, &g.LeaverAgent,
			&kind, &agent, &name, &hash, &user, &left); err != nil {
			return nil, err
		}
		if n := len(games); n == 0 || games[n-1].ID != g.ID {
			g.CreatedAt, g.UpdatedAt = sqlcommon.FromMillis(created), sqlcommon.FromMillis(updated)
			games = append(games, g)
		}
		if kind.Valid { // a game without seats has one row of NULLs
			last := &games[len(games)-1]
			last.Seats = append(last.Seats, model.Seat{Kind: kind.String, Agent: agent.String, Name: name.String, TokenHash: hash.String, User: user.String, Left: int(left.Int64)})
		}
	}
	return games, rows.Err()
}

// Close implements store.Store.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		s.gc.Close() // commits what is queued; later appends get ErrClosed
		s.closeErr = errors.Join(s.r.Close(), s.w.Close())
	})
	return s.closeErr
}

// Path is the file the store was opened on.
func (s *Store) Path() string { return s.path }

func mustSub(fsys embed.FS, dir string) fs.FS {
	sub, err := fs.Sub(fsys, dir)
	if err != nil {
		panic(err) // the directory is embedded: it exists
	}
	return sub
}
