package sqlite_test

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/plateau-games/plateau/store"
	"github.com/plateau-games/plateau/store/internal/groupcommit"
	"github.com/plateau-games/plateau/store/sqlite"
	"github.com/plateau-games/plateau/store/storetest"
)

// reopenable gives a fresh file in t's temporary directory and a function
// that opens it.
func reopenable(t testing.TB) func() store.Store {
	path := filepath.Join(t.TempDir(), "sub", "plateau.db") // "sub" does not exist yet
	return func() store.Store {
		s, err := sqlite.Open(t.Context(), path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
}

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store { return reopenable(t)() },
		storetest.Reopen(reopenable), storetest.Stall(stall))
}

func TestLobbyConformance(t *testing.T) {
	storetest.RunLobby(t, func(t *testing.T) storetest.LobbyStore {
		return reopenable(t)().(storetest.LobbyStore)
	})
}

func TestTablesConformance(t *testing.T) {
	storetest.RunTables(t, func(t *testing.T) storetest.TablesStore {
		return reopenable(t)().(storetest.TablesStore)
	})
}

func TestChatConformance(t *testing.T) {
	storetest.RunChat(t, func(t *testing.T) storetest.ChatStore {
		return reopenable(t)().(storetest.ChatStore)
	}, storetest.FillChat(func(ctx context.Context, s storetest.ChatStore, game, channel, author string, senders []string, first, n int) error {
		return sqlite.FillChat(ctx, s.(*sqlite.Store), game, channel, author, senders, first, n)
	}))
}

func TestHintsConformance(t *testing.T) {
	storetest.RunHints(t, func(t *testing.T) storetest.HintStore {
		return reopenable(t)().(storetest.HintStore)
	})
}

func TestTurnsConformance(t *testing.T) {
	storetest.RunTurns(t, func(t *testing.T) storetest.TurnStore {
		return reopenable(t)().(storetest.TurnStore)
	})
}

func TestReviewsConformance(t *testing.T) {
	storetest.RunReviews(t, func(t *testing.T) storetest.ReviewStore {
		return reopenable(t)().(storetest.ReviewStore)
	})
}

func TestPuzzlesConformance(t *testing.T) {
	storetest.RunPuzzles(t, reopenable)
}

func TestRevocationsConformance(t *testing.T) {
	storetest.RunRevocations(t, func(t *testing.T) storetest.RevokeStore {
		return reopenable(t)().(storetest.RevokeStore)
	})
}

func TestBotTokensConformance(t *testing.T) {
	storetest.RunBotTokens(t, func(t *testing.T) storetest.BotStore {
		return reopenable(t)().(storetest.BotStore)
	})
}

func TestAccountsConformance(t *testing.T) {
	storetest.RunAccounts(t, func(t *testing.T) store.Accounts {
		return reopenable(t)().(store.Accounts)
	})
}

func TestRatingsConformance(t *testing.T) {
	storetest.RunRatings(t, func(t *testing.T) store.Ratings {
		return reopenable(t)().(store.Ratings)
	})
}

// stall holds the file's write lock from another connection, as another
// process could: the store's next batch is taken by its writer, which then
// waits in BEGIN IMMEDIATE (busy timeout) until release.
func stall(t *testing.T, s store.Store) func() {
	t.Helper()
	db, err := sql.Open("sqlite", s.(*sqlite.Store).Path()+"?_busy_timeout=10000")
	if err != nil {
		t.Fatal(err)
	}
	conn, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.ExecContext(context.Background(), "BEGIN IMMEDIATE"); err != nil {
		t.Fatal(err)
	}
	var once sync.Once
	release := func() {
		once.Do(func() {
			if _, err := conn.ExecContext(context.Background(), "ROLLBACK"); err != nil {
				t.Error(err)
			}
			conn.Close()
			db.Close()
		})
	}
	t.Cleanup(release)
	return release
}

func TestPragmas(t *testing.T) {
	path := filepath.Join(t.TempDir(), "p.db")
	s, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	// WAL mode is recorded in the file itself: a second handle sees it.
	if _, err := os.Stat(path + "-wal"); err != nil {
		t.Errorf("no WAL file beside the database: %v", err)
	}
	if s.Path() != path {
		t.Errorf("Path() = %q", s.Path())
	}
	// The durability the documentation promises: every commit syncs the
	// WAL (synchronous=FULL is 2), in WAL mode.
	for name, want := range map[string]string{"synchronous": "2", "journal_mode": "wal", "foreign_keys": "1"} {
		if got, err := sqlite.WriterPragma(t.Context(), s, name); err != nil || got != want {
			t.Errorf("PRAGMA %s = %q (%v), want %q", name, got, err, want)
		}
	}
}

// TestCheckReadOnly: a database that refuses writes is unhealthy, and
// healthy again once it takes them.
func TestCheckReadOnly(t *testing.T) {
	s := reopenable(t)().(*sqlite.Store)
	if err := s.Check(t.Context()); err != nil {
		t.Fatal(err)
	}
	if err := sqlite.SetWriterQueryOnly(t.Context(), s, true); err != nil {
		t.Fatal(err)
	}
	if err := s.Check(t.Context()); err == nil {
		t.Error("Check on a database that refuses writes succeeded")
	}
	if err := sqlite.SetWriterQueryOnly(t.Context(), s, false); err != nil {
		t.Fatal(err)
	}
	if err := s.Check(t.Context()); err != nil {
		t.Error(err)
	}
}

// TestBatchPanic: a panic inside a batch, after its moves were written,
// fails that batch's callers with an error and stores none of their moves;
// the process and the writer live on.
func TestBatchPanic(t *testing.T) {
	s := reopenable(t)().(*sqlite.Store)
	for _, id := range []string{"p1", "p2"} {
		if err := s.CreateGame(t.Context(), &store.Game{ID: id, GameID: "pogo"}); err != nil {
			t.Fatal(err)
		}
	}
	var armed atomic.Bool
	armed.Store(true)
	sqlite.SetBeforeCommit(s, func(ops []*groupcommit.Op) {
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

func TestBadPaths(t *testing.T) {
	for _, p := range []string{"", ":memory:", "file:x.db", "a?b.db"} {
		if s, err := sqlite.Open(context.Background(), p); err == nil {
			s.Close()
			t.Errorf("Open(%q) accepted", p)
		}
	}
}

// TestTooNew refuses a database that a newer plateau migrated further.
func TestTooNew(t *testing.T) {
	path := filepath.Join(t.TempDir(), "new.db")
	s, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	db, err := store.Open(t.Context(), "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	// Bump the version with a raw connection through the same driver.
	raw, err := openRaw(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec(`INSERT INTO schema_version (version, name, applied_ms) VALUES (999, '0999_future.sql', 0)`); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	_, err = sqlite.Open(t.Context(), path)
	if err == nil || !strings.Contains(err.Error(), "newer") {
		t.Errorf("Open of a newer schema: %v", err)
	}
}

// openRaw opens the file without the store, to tamper with it.
func openRaw(path string) (*sql.DB, error) { return sql.Open("sqlite", path) }

// TestPlyKey checks the last line of defence: even past AppendMove's checks,
// a second move at one ply is refused, as ErrConflict.
func TestPlyKey(t *testing.T) {
	s, err := sqlite.Open(t.Context(), filepath.Join(t.TempDir(), "k.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.CreateGame(t.Context(), &store.Game{ID: "k", GameID: "pogo"}); err != nil {
		t.Fatal(err)
	}
	m := store.Move{Ply: 0, Notation: "a", At: time.Now()}
	if err := sqlite.InsertMove(t.Context(), s, "k", m); err != nil {
		t.Fatal(err)
	}
	if err := sqlite.InsertMove(t.Context(), s, "k", m); !errors.Is(err, store.ErrConflict) {
		t.Errorf("second insert at ply 0: %v, want ErrConflict", err)
	}
}

func BenchmarkAppendMoveParallel(b *testing.B) {
	storetest.BenchmarkAppendMoveParallel(b, func(tb testing.TB) store.Store { return reopenable(tb)() })
}

func TestLeavingConformance(t *testing.T) {
	storetest.RunLeaving(t, func(t *testing.T) storetest.LeaveStore {
		return reopenable(t)().(storetest.LeaveStore)
	})
}

func TestLabsConformance(t *testing.T) {
	storetest.RunLabs(t, func(t *testing.T) storetest.LabStore {
		return reopenable(t)().(storetest.LabStore)
	})
}

func TestTournamentsConformance(t *testing.T) {
	storetest.RunTournaments(t, func(t *testing.T) storetest.TournamentsStore {
		return reopenable(t)().(storetest.TournamentsStore)
	})
}
