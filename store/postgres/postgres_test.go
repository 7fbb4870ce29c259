package postgres_test

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/plateau-games/plateau/store"
	"github.com/plateau-games/plateau/store/internal/groupcommit"
	"github.com/plateau-games/plateau/store/postgres"
	"github.com/plateau-games/plateau/store/storetest"
)

// dsn is the test database, which scripts/test starts: without it the
// tests are skipped on a developer's machine, but fail in CI, where a
// silent skip would hide a whole backend.
func dsn(t testing.TB) string {
	t.Helper()
	d := os.Getenv("PLATEAU_TEST_POSTGRES")
	if d == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("PLATEAU_TEST_POSTGRES is not set in CI: run the tests with ./scripts/test, which starts PostgreSQL")
		}
		t.Skip("PLATEAU_TEST_POSTGRES is not set: run ./scripts/test, or set it to a postgres:// URL of a scratch database")
	}
	return d
}

// reopenable gives each test its own schema, so that tests see empty tables
// and can run one after the other on one database. The schema comes from
// schemas: a fresh one the first time, migrated by the test's first Open, and
// afterwards one a finished test gave back, emptied to what the migrations
// leave (creating and migrating a schema cost the database some 150 ms of
// CPU, a hundred times a run; emptying one costs far less).
func reopenable(t testing.TB) func() store.Store {
	base := dsn(t)
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("PLATEAU_TEST_POSTGRES: %v", err)
	}
	schema, err := schemas.take(t.Context(), base)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		// Runs after the test's stores are closed (cleanups run last
		// registered first). t.Context() is already canceled here.
		if err := schemas.give(context.Background(), base, schema, t.Failed()); err != nil {
			t.Error(err)
		}
	})
	q := u.Query()
	q.Set("search_path", schema)
	// Connections named after their test, which may kill its own and
	// never another package's, on the same database at the same time.
	q.Set("application_name", schema)
	u.RawQuery = q.Encode()
	return func() store.Store {
		s, err := postgres.Open(t.Context(), u.String())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
}

func TestConformance(t *testing.T) {
	dsn(t)
	storetest.Run(t, func(t *testing.T) store.Store { return reopenable(t)() },
		storetest.Reopen(reopenable), storetest.Stall(stall))
}

func TestLobbyConformance(t *testing.T) {
	dsn(t)
	storetest.RunLobby(t, func(t *testing.T) storetest.LobbyStore {
		return reopenable(t)().(storetest.LobbyStore)
	})
}

func TestTablesConformance(t *testing.T) {
	dsn(t)
	storetest.RunTables(t, func(t *testing.T) storetest.TablesStore {
		return reopenable(t)().(storetest.TablesStore)
	})
}

func TestChatConformance(t *testing.T) {
	dsn(t)
	storetest.RunChat(t, func(t *testing.T) storetest.ChatStore {
		return reopenable(t)().(storetest.ChatStore)
	}, storetest.FillChat(func(ctx context.Context, s storetest.ChatStore, game, channel, author string, senders []string, first, n int) error {
		return postgres.FillChat(ctx, s.(*postgres.Store), game, channel, author, senders, first, n)
	}))
}

func TestHintsConformance(t *testing.T) {
	dsn(t)
	storetest.RunHints(t, func(t *testing.T) storetest.HintStore {
		return reopenable(t)().(storetest.HintStore)
	})
}

func TestTurnsConformance(t *testing.T) {
	dsn(t)
	storetest.RunTurns(t, func(t *testing.T) storetest.TurnStore {
		return reopenable(t)().(storetest.TurnStore)
	})
}

func TestReviewsConformance(t *testing.T) {
	dsn(t)
	storetest.RunReviews(t, func(t *testing.T) storetest.ReviewStore {
		return reopenable(t)().(storetest.ReviewStore)
	})
}

func TestPuzzlesConformance(t *testing.T) {
	dsn(t)
	storetest.RunPuzzles(t, reopenable)
}

func TestRevocationsConformance(t *testing.T) {
	dsn(t)
	storetest.RunRevocations(t, func(t *testing.T) storetest.RevokeStore {
		return reopenable(t)().(storetest.RevokeStore)
	})
}

func TestBotTokensConformance(t *testing.T) {
	dsn(t)
	storetest.RunBotTokens(t, func(t *testing.T) storetest.BotStore {
		return reopenable(t)().(storetest.BotStore)
	})
}

func TestAccountsConformance(t *testing.T) {
	dsn(t)
	storetest.RunAccounts(t, func(t *testing.T) store.Accounts {
		return reopenable(t)().(store.Accounts)
	})
}

func TestRatingsConformance(t *testing.T) {
	dsn(t)
	storetest.RunRatings(t, func(t *testing.T) store.Ratings {
		return reopenable(t)().(store.Ratings)
	})
}

// stall locks the moves table against writes from another connection (of
// the store's pool, whose search_path is the test's schema): every batch
// that writes a move waits at its first insert until release.
func stall(t *testing.T, s store.Store) func() {
	t.Helper()
	tx, err := postgres.Pool(s.(*postgres.Store)).Begin(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(context.Background(), "LOCK TABLE moves IN EXCLUSIVE MODE"); err != nil {
		t.Fatal(err)
	}
	var once sync.Once
	release := func() {
		once.Do(func() {
			if err := tx.Rollback(context.Background()); err != nil {
				t.Error(err)
			}
		})
	}
	t.Cleanup(release)
	return release
}

// TestWriteFailureIsolated sends moves that fit, among which one that
// PostgreSQL refuses to write (a NUL byte, which text cannot hold) and a
// final move that fails the same way, all in one batch: the fast path
// fails, the slow path redoes the batch move by move, and only the two bad
// moves are refused: the final one leaves its game unfinished.
func TestWriteFailureIsolated(t *testing.T) {
	s := reopenable(t)().(*postgres.Store)
	ctx := t.Context()
	const games = 12
	for i := range games {
		if err := s.CreateGame(ctx, &store.Game{ID: fmt.Sprintf("w%02d", i), GameID: "pogo"}); err != nil {
			t.Fatal(err)
		}
	}
	release := stall(t, s)
	errs := make([]error, games)
	var wg sync.WaitGroup
	for i := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id, m := fmt.Sprintf("w%02d", i), store.Move{Ply: 0, Notation: "ok", ClockMillis: -1}
			switch i {
			case 3:
				m.Notation = "bad\x00byte"
				errs[i] = s.AppendMove(context.Background(), id, m)
			case 7:
				m.Notation = "bad\x00final"
				errs[i] = s.AppendFinalMove(context.Background(), id, m, "win 1", "line")
			default:
				errs[i] = s.AppendMove(context.Background(), id, m)
			}
		}()
	}
	time.Sleep(300 * time.Millisecond)
	release()
	wg.Wait()
	for i := range games {
		g, err := s.LoadGame(ctx, fmt.Sprintf("w%02d", i))
		if err != nil {
			t.Fatal(err)
		}
		bad := i == 3 || i == 7
		if bad != (errs[i] != nil) {
			t.Errorf("w%02d: AppendMove returned %v", i, errs[i])
		}
		if want := map[bool]int{true: 0, false: 1}[bad]; len(g.Moves) != want || g.Result != "*" {
			t.Errorf("w%02d: %d moves, result %q; want %d moves, ongoing", i, len(g.Moves), g.Result, want)
		}
	}
	t.Logf("group commit: %+v", s.GroupCommitStats())
}

// TestBatchPanic: a panic inside a batch, after its moves were written,
// fails that batch's callers with an error and stores none of their moves;
// the process and the writers live on.
func TestBatchPanic(t *testing.T) {
	s := reopenable(t)().(*postgres.Store)
	for _, id := range []string{"p1", "p2"} {
		if err := s.CreateGame(t.Context(), &store.Game{ID: id, GameID: "pogo"}); err != nil {
			t.Fatal(err)
		}
	}
	var armed atomic.Bool
	armed.Store(true)
	postgres.SetBeforeCommit(s, func(ops []*groupcommit.Op) {
		if armed.CompareAndSwap(true, false) {
			panic("boom")
		}
	})
	err := s.AppendFinalMove(t.Context(), "p1", store.Move{Ply: 0, Notation: "a"}, "win 1", "line")
	if err == nil || !strings.Contains(err.Error(), "boom") {
		t.Fatalf("AppendFinalMove in a panicking batch: %v", err)
	}
	g, err := s.LoadGame(t.Context(), "p1")
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Moves) != 0 || g.Result != "*" {
		t.Fatalf("the panicking batch stored something: %q, %d moves", g.Result, len(g.Moves))
	}
	for _, id := range []string{"p1", "p2"} {
		if err := s.AppendMove(t.Context(), id, store.Move{Ply: 0, Notation: "after"}); err != nil {
			t.Fatalf("after the panic: %v", err)
		}
	}
	if st := s.GroupCommitStats(); st.Panics != 1 || st.Failed != 1 {
		t.Errorf("stats %+v, want one panic, one failed batch", st)
	}
}

// TestCheckBlocked: a health row that cannot be written in time (here
// locked by another transaction) makes Check fail within its context.
func TestCheckBlocked(t *testing.T) {
	s := reopenable(t)().(*postgres.Store)
	if err := s.Check(t.Context()); err != nil {
		t.Fatal(err)
	}
	tx, err := postgres.Pool(s).Begin(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(context.Background())
	if _, err := tx.Exec(t.Context(), "LOCK TABLE health IN EXCLUSIVE MODE"); err != nil {
		t.Fatal(err)
	}
	c, cancel := context.WithTimeout(t.Context(), 300*time.Millisecond)
	defer cancel()
	if err := s.Check(c); err == nil {
		t.Error("Check with the health table locked succeeded")
	}
	tx.Rollback(context.Background())
	if err := s.Check(t.Context()); err != nil {
		t.Error(err)
	}
}

// TestOpenThroughStore checks the routing of store.Open for both URL
// schemes.
func TestOpenThroughStore(t *testing.T) {
	d := dsn(t)
	for _, u := range []string{d, strings.Replace(d, "postgres://", "postgresql://", 1)} {
		s, err := store.Open(t.Context(), u)
		if err != nil {
			t.Fatalf("store.Open(%s): %v", u, err)
		}
		if _, ok := s.(*postgres.Store); !ok {
			t.Errorf("store.Open(%s) gave a %T", u, s)
		}
		s.Close()
	}
}

func TestUnreachable(t *testing.T) {
	// Port 1 on loopback refuses at once; the password must not show.
	_, err := postgres.Open(t.Context(), "postgres://u:secret@127.0.0.1:1/db?connect_timeout=2")
	if err == nil {
		t.Fatal("Open of an unreachable server succeeded")
	}
	if strings.Contains(err.Error(), "secret") {
		t.Errorf("the error shows the password: %v", err)
	}
	if _, err := postgres.Open(t.Context(), "postgres://u:secret@[bad"); err == nil || strings.Contains(err.Error(), "secret") {
		t.Errorf("bad URL: %v", err)
	}
}

// TestPlyKey checks the last line of defence: even past AppendMove's checks,
// a second move at one ply is refused, as ErrConflict.
func TestPlyKey(t *testing.T) {
	s := reopenable(t)().(*postgres.Store)
	if err := s.CreateGame(t.Context(), &store.Game{ID: "k", GameID: "pogo"}); err != nil {
		t.Fatal(err)
	}
	m := store.Move{Ply: 0, Notation: "a", At: time.Now()}
	if err := postgres.InsertMove(t.Context(), s, "k", m); err != nil {
		t.Fatal(err)
	}
	if err := postgres.InsertMove(t.Context(), s, "k", m); !errors.Is(err, store.ErrConflict) {
		t.Errorf("second insert at ply 0: %v, want ErrConflict", err)
	}
}

func BenchmarkAppendMoveParallel(b *testing.B) {
	storetest.BenchmarkAppendMoveParallel(b, func(tb testing.TB) store.Store { return reopenable(tb)() })
}

// TestCommitLost kills the batch's connection just before its COMMIT: the
// commit fails, the store reads back that the move is not stored, and the
// caller gets an error (not stored, as the contract says); the store goes
// on with a new connection.
func TestCommitLost(t *testing.T) {
	s := reopenable(t)().(*postgres.Store)
	if err := s.CreateGame(t.Context(), &store.Game{ID: "lost", GameID: "pogo"}); err != nil {
		t.Fatal(err)
	}
	var armed atomic.Bool
	armed.Store(true)
	killer := postgres.Pool(s)
	postgres.SetBeforeCommit(s, func(ops []*groupcommit.Op) {
		if !armed.CompareAndSwap(true, false) {
			return
		}
		// The batch's connection is the one idle in a transaction.
		var n int
		err := killer.QueryRow(context.Background(), `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
			WHERE datname = current_database() AND application_name = current_setting('application_name')
			AND state = 'idle in transaction' AND pid <> pg_backend_pid()`).Scan(&n)
		if err != nil || n != 1 {
			t.Errorf("terminating the batch's connection: %d terminated, %v", n, err)
		}
	})
	err := s.AppendMove(t.Context(), "lost", store.Move{Ply: 0, Notation: "gone"})
	if err == nil {
		t.Fatal("AppendMove whose commit was lost returned nil")
	}
	t.Logf("AppendMove with its connection killed: %v", err)
	g, err := s.LoadGame(t.Context(), "lost")
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Moves) != 0 {
		t.Fatalf("%d moves stored after an error", len(g.Moves))
	}
	if err := s.AppendMove(t.Context(), "lost", store.Move{Ply: 0, Notation: "again"}); err != nil {
		t.Fatalf("after the lost commit: %v", err)
	}
}

func TestLeavingConformance(t *testing.T) {
	dsn(t)
	storetest.RunLeaving(t, func(t *testing.T) storetest.LeaveStore {
		return reopenable(t)().(storetest.LeaveStore)
	})
}

func TestLabsConformance(t *testing.T) {
	dsn(t)
	storetest.RunLabs(t, func(t *testing.T) storetest.LabStore {
		return reopenable(t)().(storetest.LabStore)
	})
}

func TestTournamentsConformance(t *testing.T) {
	dsn(t)
	storetest.RunTournaments(t, func(t *testing.T) storetest.TournamentsStore {
		return reopenable(t)().(storetest.TournamentsStore)
	})
}
