package storetest

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/plateau-games/plateau/store"
)

// Stall enables the tests that need a batch held up while it commits.
// f blocks the writes of s from outside the store (SQLite: another
// connection holding the write lock; PostgreSQL: a lock on the moves
// table), so that the next batch is taken by a writer and then waits; it
// returns the function that lets the writes go on. Appends to one game
// must all wait behind it.
func Stall(f func(t *testing.T, s store.Store) (release func())) Option {
	return func(c *config) { c.stall = f }
}

// stallFor is how long the tests leave a batch waiting: long enough for
// every goroutine they start to have queued its move. With a store that
// reports GroupCommitStats, the tests wait for the counts instead (see
// waitStats), which a loaded machine cannot make flaky.
const stallFor = 400 * time.Millisecond

// waitStats waits until cond holds of s's group commit counters, for a
// store that reports them; for another, it sleeps d.
func waitStats(t *testing.T, s store.Store, d time.Duration, cond func(store.GroupCommitStats) bool) {
	t.Helper()
	st, ok := s.(statser)
	if !ok {
		time.Sleep(d)
		return
	}
	deadline := time.Now().Add(30 * time.Second)
	for !cond(st.GroupCommitStats()) {
		if time.Now().After(deadline) {
			t.Fatalf("group commit never reached the expected state: %+v", st.GroupCommitStats())
		}
		time.Sleep(time.Millisecond)
	}
}

// taken is the number of moves the writers have taken into batches so
// far (0 for a store without counters).
func taken(s store.Store) uint64 {
	if st, ok := s.(statser); ok {
		return st.GroupCommitStats().Moves
	}
	return 0
}

// testGroupCommitRaces has many games played at once, each by several
// writers racing for every ply: every move acknowledged must be stored,
// exactly one writer must win each ply, and every loser must get
// ErrConflict, whatever the batches the moves fell into.
func testGroupCommitRaces(t *testing.T, s store.Store) {
	const games, writers, plies = 24, 3, 12
	for g := range games {
		mustCreate(t, s, minimal(fmt.Sprintf("gc%02d", g)))
	}
	// won[g][ply] lists the notations acknowledged for that ply.
	var mu sync.Mutex
	won := make([][][]string, games)
	for g := range won {
		won[g] = make([][]string, plies)
	}
	var wg sync.WaitGroup
	start := make(chan struct{})
	for g := range games {
		for w := range writers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				id := fmt.Sprintf("gc%02d", g)
				for ply := range plies {
					notation := fmt.Sprintf("g%d-p%d-w%d", g, ply, w)
					err := s.AppendMove(context.Background(), id, store.Move{Ply: ply, Notation: notation, Seat: w, ClockMillis: int64(ply)})
					switch {
					case err == nil:
						mu.Lock()
						won[g][ply] = append(won[g][ply], notation)
						mu.Unlock()
					case errors.Is(err, store.ErrConflict):
					default:
						t.Errorf("%s ply %d writer %d: %v", id, ply, w, err)
						return
					}
				}
			}()
		}
	}
	close(start)
	wg.Wait()
	if t.Failed() {
		return
	}
	for g := range games {
		id := fmt.Sprintf("gc%02d", g)
		stored := mustLoad(t, s, id).Moves
		// Each writer tried every ply in order, so all plies are taken.
		if len(stored) != plies {
			t.Errorf("%s: %d moves stored, want %d", id, len(stored), plies)
		}
		for ply := range plies {
			if len(won[g][ply]) != 1 {
				t.Errorf("%s ply %d: %d winners %v, want exactly 1", id, ply, len(won[g][ply]), won[g][ply])
				continue
			}
			if ply < len(stored) && stored[ply].Notation != won[g][ply][0] {
				t.Errorf("%s ply %d: stored %q, acknowledged %q", id, ply, stored[ply].Notation, won[g][ply][0])
			}
		}
	}
	if st, ok := s.(statser); ok {
		c := st.GroupCommitStats()
		t.Logf("group commit: %d batches, %d moves, largest %d", c.Batches, c.Moves, c.MaxBatch)
		if c.Committed != uint64(games*plies) {
			t.Errorf("stats: %d moves committed, want %d", c.Committed, games*plies)
		}
	}
}

// testBatchIsolation sends, at once, moves that fit and moves that do not
// (a taken ply, a future ply, a finished game, a missing game, a move after
// a final move of the same game): with Stall they are held back until they
// all make one batch. Each refused move must fail alone, with its own
// error, and every other one must be stored.
func testBatchIsolation(t *testing.T, s store.Store, stall func(t *testing.T, s store.Store) func()) {
	const good = 16
	for i := range good {
		mustCreate(t, s, minimal(fmt.Sprintf("ok%02d", i)))
	}
	mustCreate(t, s, sample("three")) // three moves
	done := minimal("done")
	done.Result, done.Reason = "draw", "agreed"
	mustCreate(t, s, done)
	mustCreate(t, s, minimal("final"))
	mustCreate(t, s, minimal("sentinel"))

	type call struct {
		name  string
		do    func() error
		want  error // nil, ErrConflict or ErrNotFound
		final bool
	}
	var calls []call
	for i := range good {
		id := fmt.Sprintf("ok%02d", i)
		calls = append(calls, call{name: id, want: nil, do: func() error {
			return s.AppendMove(context.Background(), id, store.Move{Ply: 0, Notation: "fine", ClockMillis: -1})
		}})
	}
	bad := func(name string, want error, do func() error) {
		calls = append(calls, call{name: name, want: want, do: do})
	}
	bad("taken ply", store.ErrConflict, func() error {
		return s.AppendMove(context.Background(), "three", store.Move{Ply: 1, Notation: "taken"})
	})
	bad("future ply", store.ErrConflict, func() error {
		return s.AppendMove(context.Background(), "three", store.Move{Ply: 7, Notation: "future"})
	})
	bad("finished game", store.ErrConflict, func() error {
		return s.AppendMove(context.Background(), "done", store.Move{Ply: 0, Notation: "late"})
	})
	bad("final on a finished game", store.ErrConflict, func() error {
		return s.AppendFinalMove(context.Background(), "done", store.Move{Ply: 0, Notation: "late"}, "win 1", "line")
	})
	bad("missing game", store.ErrNotFound, func() error {
		return s.AppendMove(context.Background(), "ghost", store.Move{Ply: 0, Notation: "boo"})
	})
	calls = append(calls, call{name: "final move", want: nil, final: true, do: func() error {
		return s.AppendFinalMove(context.Background(), "final", store.Move{Ply: 0, Notation: "mate", ClockMillis: -1}, "win 2", "checkmate")
	}})

	var release func()
	if stall != nil {
		release = stall(t, s)
		// The sentinel is taken by the writer and waits: everything after
		// it queues, and goes in the next batch.
		before := taken(s)
		go s.AppendMove(context.Background(), "sentinel", store.Move{Ply: 0, Notation: "first"})
		waitStats(t, s, stallFor/4, func(c store.GroupCommitStats) bool { return c.Moves > before })
	}
	errs := make([]error, len(calls))
	var wg sync.WaitGroup
	for i, c := range calls {
		wg.Add(1)
		go func() { defer wg.Done(); errs[i] = c.do() }()
	}
	if release != nil {
		// Every call queued (several writers may each have taken one
		// into a batch that now waits too).
		waitStats(t, s, stallFor, func(c store.GroupCommitStats) bool {
			return c.Queued+int(c.Moves) >= len(calls)+1
		})
		release()
	}
	wg.Wait()
	// A move after the final one, in order: it must see the game finished.
	wantErr(t, "move after a final move", s.AppendMove(ctx(t), "final", store.Move{Ply: 1, Notation: "after"}), store.ErrConflict)

	for i, c := range calls {
		if c.want == nil {
			if errs[i] != nil {
				t.Errorf("%s: %v, want it stored", c.name, errs[i])
			}
		} else if !errors.Is(errs[i], c.want) {
			t.Errorf("%s: got %v, want %v", c.name, errs[i], c.want)
		}
	}
	for i := range good {
		if g := mustLoad(t, s, fmt.Sprintf("ok%02d", i)); len(g.Moves) != 1 || g.Moves[0].Notation != "fine" {
			t.Errorf("ok%02d: moves %+v, want the one move", i, g.Moves)
		}
	}
	sameGame(t, mustLoad(t, s, "three"), sample("three"), true)
	if g := mustLoad(t, s, "done"); len(g.Moves) != 0 || g.Result != "draw" {
		t.Errorf("finished game changed: %q, %d moves", g.Result, len(g.Moves))
	}
	if g := mustLoad(t, s, "final"); len(g.Moves) != 1 || g.Result != "win 2" || g.Reason != "checkmate" {
		t.Errorf("final game: %q (%q), %d moves", g.Result, g.Reason, len(g.Moves))
	}
	if st, ok := s.(statser); ok && stall != nil {
		// The sentinel's batch, then everything else in the batches of
		// the writers (one for SQLite).
		c := st.GroupCommitStats()
		t.Logf("group commit: %+v", c)
		if c.MaxBatch < len(calls)/4 {
			t.Errorf("largest batch %d moves, want the %d calls in a few batches (stats %+v)", c.MaxBatch, len(calls), c)
		}
	}
}

// testContextWhileCommitting checks the contract on contexts: a context
// that ends while the move is in a batch being committed does not make
// the call return early (the call waits, the move is committed, the call
// returns nil), and a context that ends while the move is still queued
// makes the call return ctx.Err() at once, with nothing stored.
func testContextWhileCommitting(t *testing.T, s store.Store, stall func(t *testing.T, s store.Store) func()) {
	mustCreate(t, s, minimal("slow"))
	release := stall(t, s)
	type outcome struct {
		err error
		at  time.Time
	}
	first, second := make(chan outcome, 1), make(chan outcome, 1)
	ctxA, cancelA := context.WithCancel(context.Background())
	defer cancelA()
	ctxB, cancelB := context.WithCancel(context.Background())
	defer cancelB()
	before := taken(s)
	go func() {
		err := s.AppendMove(ctxA, "slow", store.Move{Ply: 0, Notation: "in-batch", ClockMillis: -1})
		first <- outcome{err, time.Now()}
	}()
	// The first move is taken by the writer, whose batch is held.
	waitStats(t, s, stallFor/4, func(c store.GroupCommitStats) bool { return c.Moves > before })
	go func() {
		err := s.AppendMove(ctxB, "slow", store.Move{Ply: 1, Notation: "queued", ClockMillis: -1})
		second <- outcome{err, time.Now()}
	}()
	// The second one queues behind it (same game, same writer).
	waitStats(t, s, stallFor/4, func(c store.GroupCommitStats) bool { return c.Queued > 0 })
	canceled := time.Now()
	cancelA()
	cancelB()
	if o := <-second; !errors.Is(o.err, context.Canceled) {
		t.Errorf("move still queued when its context ended: %v, want context.Canceled", o.err)
	}
	time.Sleep(stallFor / 4)
	select {
	case o := <-first:
		t.Fatalf("the move in a held batch returned %v when its context ended, before its batch did", o.err)
	default:
	}
	release()
	o := <-first
	if o.err != nil {
		t.Errorf("move in a batch when its context ended: %v, want it committed (nil)", o.err)
	}
	if o.at.Before(canceled) {
		t.Errorf("the move in a batch returned before its context ended")
	}
	g := mustLoad(t, s, "slow")
	if len(g.Moves) != 1 || g.Moves[0].Notation != "in-batch" {
		t.Errorf("stored moves %+v, want only the one that was in the batch", g.Moves)
	}
	// The store goes on.
	mustAppend(t, s, "slow", store.Move{Ply: 1, Notation: "next"})
}

// testCanceledNotStored: a context canceled before the call means
// ctx.Err() and nothing stored, for both appends.
func testCanceledNotStored(t *testing.T, s store.Store) {
	mustCreate(t, s, minimal("cn"))
	c, cancel := context.WithCancel(context.Background())
	cancel()
	wantErr(t, "AppendMove", s.AppendMove(c, "cn", store.Move{Ply: 0, Notation: "x"}), context.Canceled)
	wantErr(t, "AppendFinalMove", s.AppendFinalMove(c, "cn", store.Move{Ply: 0, Notation: "x"}, "win 1", "line"), context.Canceled)
	if g := mustLoad(t, s, "cn"); len(g.Moves) != 0 || g.Result != "*" {
		t.Errorf("canceled appends stored something: %q, %d moves", g.Result, len(g.Moves))
	}
	// Appends under short deadlines, many at once: each either returns nil
	// and is stored, or returns an error and is not.
	const games = 40
	for i := range games {
		mustCreate(t, s, minimal(fmt.Sprintf("dl%02d", i)))
	}
	errs := make([]error, games)
	var wg sync.WaitGroup
	for i := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, cancel := context.WithTimeout(context.Background(), time.Duration(i%8)*time.Millisecond)
			defer cancel()
			errs[i] = s.AppendMove(c, fmt.Sprintf("dl%02d", i), store.Move{Ply: 0, Notation: "maybe"})
		}()
	}
	wg.Wait()
	for i := range games {
		n := len(mustLoad(t, s, fmt.Sprintf("dl%02d", i)).Moves)
		if (errs[i] == nil) != (n == 1) {
			t.Errorf("dl%02d: AppendMove returned %v, and %d moves are stored", i, errs[i], n)
		}
	}
}

// testAppendFinal checks AppendFinalMove: the move and the result in one
// transaction, with AppendMove's conflict rules.
func testAppendFinal(t *testing.T, s store.Store) {
	mustCreate(t, s, sample("af"))
	m := store.Move{Ply: 3, Notation: "win", Seat: 1, At: base.Add(time.Hour), ClockMillis: 42}
	if err := s.AppendFinalMove(ctx(t), "af", m, "win 2", "five in a row"); err != nil {
		t.Fatal(err)
	}
	want := sample("af")
	want.Moves = append(want.Moves, m)
	want.Result, want.Reason, want.UpdatedAt = "win 2", "five in a row", m.At
	sameGame(t, mustLoad(t, s, "af"), want, true)
	wantErr(t, "AppendMove after", s.AppendMove(ctx(t), "af", store.Move{Ply: 4, Notation: "x"}), store.ErrConflict)
	wantErr(t, "AppendFinalMove after", s.AppendFinalMove(ctx(t), "af", store.Move{Ply: 4, Notation: "x"}, "draw", "x"), store.ErrConflict)
	wantErr(t, "FinishGame after", s.FinishGame(ctx(t), "af", "draw", "agreed"), store.ErrConflict)
	wantErr(t, "TruncateMoves after", s.TruncateMoves(ctx(t), "af", 1), store.ErrConflict)
	sameGame(t, mustLoad(t, s, "af"), want, true)

	// Refused: neither the move nor the result is stored.
	mustCreate(t, s, sample("af2"))
	for _, ply := range []int{0, 2, 4, -1} {
		wantErr(t, fmt.Sprintf("AppendFinalMove at ply %d of 3", ply),
			s.AppendFinalMove(ctx(t), "af2", store.Move{Ply: ply, Notation: "bad"}, "win 1", "x"), store.ErrConflict)
	}
	wantErr(t, "AppendFinalMove on a missing game",
		s.AppendFinalMove(ctx(t), "nowhere", store.Move{Ply: 0, Notation: "x"}, "win 1", "x"), store.ErrNotFound)
	for _, r := range []string{"", "*"} {
		if err := s.AppendFinalMove(ctx(t), "af2", store.Move{Ply: 3, Notation: "x"}, r, "x"); err == nil {
			t.Errorf("AppendFinalMove with result %q accepted", r)
		}
	}
	sameGame(t, mustLoad(t, s, "af2"), sample("af2"), true)

	// A zero At means now, as for AppendMove.
	mustCreate(t, s, minimal("af3"))
	before := time.Now().Add(-time.Second)
	if err := s.AppendFinalMove(ctx(t), "af3", store.Move{Ply: 0, Notation: "x", ClockMillis: -1}, "over", "solved"); err != nil {
		t.Fatal(err)
	}
	if g := mustLoad(t, s, "af3"); g.Moves[0].At.Before(before) || !g.UpdatedAt.Equal(g.Moves[0].At) || g.Result != "over" {
		t.Errorf("AppendFinalMove without a time: %+v", g)
	}
}

// testAppendFinalRace races a final move against a plain move at the same
// ply and against a flag fall: whichever wins, the game is left whole (a
// final move with its result, or neither).
func testAppendFinalRace(t *testing.T, s store.Store) {
	for round := range 12 {
		id := fmt.Sprintf("afr%d", round)
		mustCreate(t, s, minimal(id))
		var wg sync.WaitGroup
		var finalErr, plainErr, flagErr error
		wg.Add(3)
		go func() {
			defer wg.Done()
			finalErr = s.AppendFinalMove(context.Background(), id, store.Move{Ply: 0, Notation: "final"}, "win 1", "line")
		}()
		go func() {
			defer wg.Done()
			plainErr = s.AppendMove(context.Background(), id, store.Move{Ply: 0, Notation: "plain"})
		}()
		go func() { defer wg.Done(); flagErr = s.FinishGame(context.Background(), id, "win 2", "time") }()
		wg.Wait()
		g := mustLoad(t, s, id)
		for what, err := range map[string]error{"final": finalErr, "plain": plainErr, "flag": flagErr} {
			if err != nil && !errors.Is(err, store.ErrConflict) {
				t.Fatalf("round %d: %s: %v", round, what, err)
			}
		}
		if (finalErr == nil) == (plainErr == nil) && len(g.Moves) > 0 {
			t.Fatalf("round %d: final %v and plain %v for one ply", round, finalErr, plainErr)
		}
		switch {
		case finalErr == nil: // the final move came first: nothing after it
			if flagErr == nil || g.Result != "win 1" || len(g.Moves) != 1 || g.Moves[0].Notation != "final" {
				t.Fatalf("round %d: final move won, but game %q with %+v (flag %v)", round, g.Result, g.Moves, flagErr)
			}
		case flagErr == nil:
			if g.Result != "win 2" || len(g.Moves) > 1 || (len(g.Moves) == 1) != (plainErr == nil) {
				t.Fatalf("round %d: flag fell, game %q with %+v (plain %v)", round, g.Result, g.Moves, plainErr)
			}
		default:
			t.Fatalf("round %d: neither the final move nor the flag ended the game: %v, %v", round, finalErr, flagErr)
		}
	}
}

// testCheck: Check writes and reads back, from many goroutines at once,
// and fails on a canceled context or a closed store.
func testCheck(t *testing.T, s store.Store) {
	if err := s.Check(ctx(t)); err != nil {
		t.Fatalf("Check: %v", err)
	}
	var wg sync.WaitGroup
	var failed atomic.Int32
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 3 {
				if err := s.Check(context.Background()); err != nil {
					failed.Add(1)
					t.Errorf("concurrent Check: %v", err)
				}
			}
		}()
	}
	wg.Wait()
	c, cancel := context.WithCancel(context.Background())
	cancel()
	if err := s.Check(c); err == nil {
		t.Error("Check with a canceled context succeeded")
	}
	// Check stores nothing a listing would show.
	if games, err := s.ListGames(ctx(t), store.Filter{}); err != nil || len(games) != 0 {
		t.Errorf("after Check: %d games listed, %v", len(games), err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.Check(ctx(t)); err == nil {
		t.Error("Check on a closed store succeeded")
	}
	wantErr(t, "AppendMove on a closed store", s.AppendMove(ctx(t), "x", store.Move{}), store.ErrClosed)
}

// testListExpiry checks UpdatedBefore and OldestFirst, as the server uses
// them to expire abandoned games.
func testListExpiry(t *testing.T, s store.Store) {
	type spec struct {
		id, rules, result string
		minutes           int
	}
	specs := []spec{
		{"a", "pogo", "*", 1},
		{"b", "pogo", "win 1", 2},
		{"c", "blocus", "*", 3},
		{"e", "pogo", "*", 4},
		{"d", "pogo", "*", 4},
		{"f", "blocus", "*", 5},
		{"g", "pogo", "draw", 6},
		{"h", "pogo", "*", 7},
	}
	want := map[string]*store.Game{}
	for _, sp := range specs {
		g := minimal(sp.id)
		g.GameID, g.Result = sp.rules, sp.result
		g.CreatedAt = base
		g.UpdatedAt = base.Add(time.Duration(sp.minutes) * time.Minute)
		mustCreate(t, s, g)
		want[sp.id] = g
	}
	// at is a time as stored, so that bounds fall exactly on the games'
	// times.
	at := func(minutes int) time.Time { return stored(base.Add(time.Duration(minutes) * time.Minute)) }
	yes, no := true, false
	for _, c := range []struct {
		f    store.Filter
		want string
	}{
		{store.Filter{UpdatedBefore: at(5)}, "decba"}, // f, updated at 5, is not before 5
		{store.Filter{UpdatedBefore: at(5), OldestFirst: true}, "abcde"},
		{store.Filter{Finished: &no, UpdatedBefore: at(5), OldestFirst: true}, "acde"},
		{store.Filter{Finished: &no, UpdatedBefore: at(5), OldestFirst: true, Limit: 2}, "ac"},
		{store.Filter{Finished: &no, UpdatedBefore: at(5), OldestFirst: true, Limit: 2, Offset: 2}, "de"},
		{store.Filter{Finished: &no, UpdatedBefore: at(5), GameID: "pogo", OldestFirst: true}, "ade"},
		{store.Filter{Finished: &yes, UpdatedBefore: at(7)}, "gb"},
		{store.Filter{OldestFirst: true}, "abcdefgh"},
		{store.Filter{OldestFirst: true, Finished: &no}, "acdefh"},
		{store.Filter{UpdatedBefore: at(1)}, ""},
		// Times are compared as stored, to the millisecond: a bound a
		// fraction of a millisecond after a's time includes it, one
		// exactly on it does not.
		{store.Filter{UpdatedBefore: at(1).Add(time.Microsecond)}, "a"},
		{store.Filter{UpdatedBefore: at(1).Add(time.Nanosecond)}, "a"},
		{store.Filter{UpdatedBefore: at(1).Add(-time.Nanosecond)}, ""},
		{store.Filter{UpdatedBefore: at(1).In(time.FixedZone("UTC-5", -5*3600)).Add(time.Millisecond)}, "a"},
		{store.Filter{UpdatedBefore: at(100), Finished: &no}, "hfdeca"},
	} {
		games, err := s.ListGames(ctx(t), c.f)
		if err != nil {
			t.Fatalf("ListGames(%+v): %v", c.f, err)
		}
		got := ""
		for i := range games {
			got += games[i].ID
			sameGame(t, &games[i], want[games[i].ID], false)
		}
		if got != c.want {
			t.Errorf("ListGames(%+v) = %q, want %q", c.f, got, c.want)
		}
	}
	// A move makes a game recent again: it is no longer abandoned.
	mustAppend(t, s, "a", store.Move{Ply: 0, Notation: "back", At: at(10)})
	games, err := s.ListGames(ctx(t), store.Filter{Finished: &no, UpdatedBefore: at(5), OldestFirst: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 3 || games[0].ID != "c" {
		t.Errorf("after a move in a: %d games, first %+v", len(games), games)
	}
}

// testCloseWhileAppending closes a store while games are being played:
// every append acknowledged before must be there after reopening, and
// nothing else (an error means not stored).
func testCloseWhileAppending(t *testing.T, open func() store.Store) {
	const games = 16
	s := open()
	for g := range games {
		mustCreate(t, s, minimal(fmt.Sprintf("cw%02d", g)))
	}
	acked := make([]int, games)
	var wg sync.WaitGroup
	for g := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id := fmt.Sprintf("cw%02d", g)
			for ply := 0; ; ply++ {
				err := s.AppendMove(context.Background(), id, store.Move{Ply: ply, Notation: "m"})
				if err != nil {
					if !errors.Is(err, store.ErrClosed) {
						t.Errorf("%s ply %d: %v, want ErrClosed", id, ply, err)
					}
					return
				}
				acked[g]++
			}
		}()
	}
	time.Sleep(100 * time.Millisecond)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	s = open()
	defer s.Close()
	total := 0
	for g := range games {
		n := len(mustLoad(t, s, fmt.Sprintf("cw%02d", g)).Moves)
		total += n
		if n != acked[g] {
			t.Errorf("cw%02d: %d moves acknowledged, %d stored", g, acked[g], n)
		}
	}
	if total == 0 {
		t.Error("no move was stored before Close")
	}
}
