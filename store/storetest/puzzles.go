package storetest

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/plateau-games/plateau/store"
)

// PuzzleStore is what the puzzles suite needs: accounts (the players) and
// their puzzle ratings.
type PuzzleStore interface {
	store.Store
	store.Accounts
	store.Puzzles
}

// RunPuzzles runs the conformance suite of store.Puzzles, each test as a
// subtest of t. reopenable prepares fresh, empty storage for a test and
// returns a function that opens it (as for Reopen: the stores it opens are
// closed by the caller's t.Cleanup, and may be closed earlier by the
// suite); each test opens it once, the durability test several times.
func RunPuzzles(t *testing.T, reopenable func(t testing.TB) func() store.Store) {
	open := func(t *testing.T) func() PuzzleStore {
		o := reopenable(t)
		return func() PuzzleStore {
			s := o()
			ps, ok := s.(PuzzleStore)
			if !ok {
				t.Fatalf("%T does not implement store.Store, store.Accounts and store.Puzzles", s)
			}
			return ps
		}
	}
	tests := []struct {
		name string
		fn   func(t *testing.T, s PuzzleStore)
	}{
		{"FirstAttempt", testPuzzleFirstAttempt},
		{"Counts", testPuzzleCounts},
		{"AttemptedOnce", testPuzzleOnce},
		{"AttemptedOnceRace", testPuzzleOnceRace},
		{"UnknownUser", testPuzzleUnknownUser},
		{"UpdateError", testPuzzleUpdateError},
		{"BadValues", testPuzzleBadValues},
		{"BadInput", testPuzzleBadInput},
		{"Attempts", testPuzzleAttempts},
		{"Standings", testPuzzleStandings},
		{"Concurrent", testPuzzleConcurrent},
		{"ConcurrentPlayers", testPuzzleConcurrentPlayers},
		{"Times", testPuzzleTimes},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.fn(t, open(t)()) })
	}
	t.Run("Reopen", func(t *testing.T) { testPuzzleReopen(t, open(t)) })
}

// The defaults of a player without a puzzle rating and of a puzzle without
// a standing.
var (
	puzzleDefPlayer = store.PuzzleRating{Rating: 1500, Deviation: 350, Volatility: 0.06}
	puzzleDefPuzzle = store.PuzzleStanding{Rating: 1400, Deviation: 300, Volatility: 0.05}
)

// puzzleUsers creates an account for each name.
func puzzleUsers(t *testing.T, s PuzzleStore, names ...string) {
	t.Helper()
	for _, n := range names {
		if err := s.CreateUser(ctx(t), &store.User{Name: n}); err != nil {
			t.Fatal(err)
		}
	}
}

// puzzleAdd is an update that adds d to the player's rating and takes it
// from the puzzle's, and takes 1 from both deviations; it fills the fields
// the store must ignore with nonsense.
func puzzleAdd(d float64) store.PuzzleUpdate {
	return func(p store.PuzzleRating, z store.PuzzleStanding, solved bool) (store.PuzzleRating, store.PuzzleStanding, error) {
		return store.PuzzleRating{User: "ignored", Game: "ignored", Rating: p.Rating + d, Deviation: p.Deviation - 1,
				Volatility: p.Volatility, Attempts: 1000, Solved: 1000, UpdatedAt: base},
			store.PuzzleStanding{Puzzle: "ignored", Rating: z.Rating - d, Deviation: z.Deviation - 1,
				Volatility: z.Volatility, Attempts: 1000, Solved: 1000},
			nil
	}
}

// attempt is an attempt of user at puzzle (of game) at base plus minutes.
func attempt(user, puzzle, game string, solved bool, minutes int) store.PuzzleAttempt {
	return store.PuzzleAttempt{User: user, Puzzle: puzzle, Game: game, Solved: solved, At: base.Add(time.Duration(minutes) * time.Minute)}
}

func mustRatePuzzle(t *testing.T, s PuzzleStore, a store.PuzzleAttempt, update store.PuzzleUpdate) (store.PuzzleRating, store.PuzzleStanding) {
	t.Helper()
	r, st, err := s.RatePuzzle(ctx(t), a, puzzleDefPlayer, puzzleDefPuzzle, update)
	if err != nil {
		t.Fatalf("RatePuzzle(%s, %s): %v", a.User, a.Puzzle, err)
	}
	return r, st
}

func mustPuzzleRatings(t *testing.T, s PuzzleStore, user string) []store.PuzzleRating {
	t.Helper()
	rs, err := s.PuzzleRatings(ctx(t), user)
	if err != nil {
		t.Fatalf("PuzzleRatings(%s): %v", user, err)
	}
	return rs
}

func mustPuzzleAttempts(t *testing.T, s PuzzleStore, user, game string, limit int) []store.PuzzleAttempt {
	t.Helper()
	as, err := s.PuzzleAttempts(ctx(t), user, game, limit)
	if err != nil {
		t.Fatalf("PuzzleAttempts(%s, %q, %d): %v", user, game, limit, err)
	}
	return as
}

func mustStandings(t *testing.T, s PuzzleStore, puzzles ...string) map[string]store.PuzzleStanding {
	t.Helper()
	m, err := s.PuzzleStandings(ctx(t), puzzles)
	if err != nil {
		t.Fatalf("PuzzleStandings(%v): %v", puzzles, err)
	}
	return m
}

// puzzleState is everything stored of the users' puzzle ratings and
// attempts and of the puzzles' standings.
func puzzleState(t *testing.T, s PuzzleStore, users, puzzles []string) string {
	t.Helper()
	var b strings.Builder
	for _, u := range users {
		fmt.Fprintf(&b, "%s: %+v\n", u, mustPuzzleRatings(t, s, u))
		fmt.Fprintf(&b, "%s attempts: %+v\n", u, mustPuzzleAttempts(t, s, u, "", store.MaxHistory))
	}
	fmt.Fprintf(&b, "standings: %+v\n", mustStandings(t, s, puzzles...))
	return b.String()
}

func testPuzzleFirstAttempt(t *testing.T, s PuzzleStore) {
	puzzleUsers(t, s, "Alice")
	if rs := mustPuzzleRatings(t, s, "alice"); len(rs) != 0 {
		t.Errorf("PuzzleRatings before any attempt: %+v", rs)
	}
	if as := mustPuzzleAttempts(t, s, "alice", "", 0); len(as) != 0 {
		t.Errorf("PuzzleAttempts before any attempt: %+v", as)
	}
	var gotPlayer store.PuzzleRating
	var gotPuzzle store.PuzzleStanding
	var gotSolved, called bool
	update := func(p store.PuzzleRating, z store.PuzzleStanding, solved bool) (store.PuzzleRating, store.PuzzleStanding, error) {
		gotPlayer, gotPuzzle, gotSolved, called = p, z, solved, true
		return store.PuzzleRating{User: "nonsense", Rating: 1620.5, Deviation: 290.25, Volatility: 0.0599, Attempts: 42, Solved: 7, UpdatedAt: base},
			store.PuzzleStanding{Puzzle: "nonsense", Rating: 1280.5, Deviation: 250.5, Volatility: 0.0501, Attempts: 42},
			nil
	}
	a := store.PuzzleAttempt{User: "ALICE", Puzzle: "saute-12", Game: "pogo", Solved: true, At: base, Rating: 99}
	r, st, err := s.RatePuzzle(ctx(t), a, puzzleDefPlayer, puzzleDefPuzzle, update)
	if err != nil {
		t.Fatal(err)
	}
	if !called || !gotSolved {
		t.Errorf("update called %v, with solved %v", called, gotSolved)
	}
	if want := (store.PuzzleRating{User: "Alice", Game: "pogo", Rating: 1500, Deviation: 350, Volatility: 0.06}); gotPlayer != want {
		t.Errorf("update got the player %+v, want the defaults %+v", gotPlayer, want)
	}
	if want := (store.PuzzleStanding{Puzzle: "saute-12", Rating: 1400, Deviation: 300, Volatility: 0.05}); gotPuzzle != want {
		t.Errorf("update got the puzzle %+v, want the defaults %+v", gotPuzzle, want)
	}
	wantR := store.PuzzleRating{User: "Alice", Game: "pogo", Rating: 1620.5, Deviation: 290.25, Volatility: 0.0599, Attempts: 1, Solved: 1, UpdatedAt: stored(base)}
	wantS := store.PuzzleStanding{Puzzle: "saute-12", Rating: 1280.5, Deviation: 250.5, Volatility: 0.0501, Attempts: 1, Solved: 1}
	if !reflect.DeepEqual(r, wantR) {
		t.Errorf("RatePuzzle returned the rating %+v, want %+v", r, wantR)
	}
	if !reflect.DeepEqual(st, wantS) {
		t.Errorf("RatePuzzle returned the standing %+v, want %+v", st, wantS)
	}
	if got := mustPuzzleRatings(t, s, "alice"); !reflect.DeepEqual(got, []store.PuzzleRating{wantR}) {
		t.Errorf("PuzzleRatings = %+v, want %+v", got, wantR)
	}
	if got := mustStandings(t, s, "saute-12"); !reflect.DeepEqual(got, map[string]store.PuzzleStanding{"saute-12": wantS}) {
		t.Errorf("PuzzleStandings = %+v, want %+v", got, wantS)
	}
	wantA := []store.PuzzleAttempt{{User: "Alice", Puzzle: "saute-12", Game: "pogo", Solved: true, At: stored(base), Rating: 1620.5}}
	if got := mustPuzzleAttempts(t, s, "aLiCe", "", 0); !reflect.DeepEqual(got, wantA) {
		t.Errorf("PuzzleAttempts = %+v, want %+v", got, wantA)
	}

	// The next attempt, at another puzzle of the game, starts from what the
	// first stored; unsolved, it counts an attempt and no solution.
	called = false
	at := base.Add(time.Hour)
	r, st = mustRatePuzzle(t, s, store.PuzzleAttempt{User: "alice", Puzzle: "saute-13", Game: "pogo", At: at},
		func(p store.PuzzleRating, z store.PuzzleStanding, solved bool) (store.PuzzleRating, store.PuzzleStanding, error) {
			gotPlayer, gotPuzzle, gotSolved, called = p, z, solved, true
			return puzzleAdd(-10)(p, z, solved)
		})
	if !called || gotSolved || !reflect.DeepEqual(gotPlayer, wantR) {
		t.Errorf("second attempt: update got %+v (solved %v), want %+v", gotPlayer, gotSolved, wantR)
	}
	if want := (store.PuzzleStanding{Puzzle: "saute-13", Rating: 1400, Deviation: 300, Volatility: 0.05}); gotPuzzle != want {
		t.Errorf("second attempt: update got the puzzle %+v, want the defaults %+v", gotPuzzle, want)
	}
	wantR = store.PuzzleRating{User: "Alice", Game: "pogo", Rating: 1610.5, Deviation: 289.25, Volatility: 0.0599, Attempts: 2, Solved: 1, UpdatedAt: stored(at)}
	if !reflect.DeepEqual(r, wantR) {
		t.Errorf("second attempt: RatePuzzle returned %+v, want %+v", r, wantR)
	}
	if want := (store.PuzzleStanding{Puzzle: "saute-13", Rating: 1410, Deviation: 299, Volatility: 0.05, Attempts: 1}); !reflect.DeepEqual(st, want) {
		t.Errorf("second attempt: the standing %+v, want %+v", st, want)
	}
	if got := mustPuzzleRatings(t, s, "ALICE"); !reflect.DeepEqual(got, []store.PuzzleRating{wantR}) {
		t.Errorf("second attempt: PuzzleRatings = %+v, want %+v", got, wantR)
	}
}

func testPuzzleCounts(t *testing.T, s PuzzleStore) {
	puzzleUsers(t, s, "alice", "bob")
	for i, c := range []struct {
		user, puzzle, game string
		solved             bool
	}{
		{"alice", "p1", "pogo", true}, {"alice", "p2", "pogo", false}, {"alice", "p3", "pogo", true},
		{"alice", "d1", "pods", false}, {"alice", "d2", "pods", false},
		{"bob", "p1", "pogo", false}, {"bob", "p2", "pogo", false}, {"bob", "d1", "pods", true},
	} {
		mustRatePuzzle(t, s, attempt(c.user, c.puzzle, c.game, c.solved, i), puzzleAdd(1))
	}
	rs := mustPuzzleRatings(t, s, "alice")
	if len(rs) != 2 || rs[0].Game != "pods" || rs[1].Game != "pogo" {
		t.Fatalf("alice's puzzle ratings: %+v, want pods then pogo", rs)
	}
	if rs[0].Attempts != 2 || rs[0].Solved != 0 || rs[0].Rating != 1502 || rs[1].Attempts != 3 || rs[1].Solved != 2 || rs[1].Rating != 1503 {
		t.Errorf("alice's puzzle ratings: %+v, want pods 2 attempts 0 solved 1502, pogo 3 attempts 2 solved 1503", rs)
	}
	checkTime(t, "alice's pogo UpdatedAt", rs[1].UpdatedAt, base.Add(2*time.Minute))
	rs = mustPuzzleRatings(t, s, "bob")
	if len(rs) != 2 || rs[0].Game != "pods" || rs[0].Attempts != 1 || rs[0].Solved != 1 || rs[1].Attempts != 2 || rs[1].Solved != 0 {
		t.Errorf("bob's puzzle ratings: %+v", rs)
	}
	want := map[string]store.PuzzleStanding{
		"p1": {Puzzle: "p1", Rating: 1398, Deviation: 298, Volatility: 0.05, Attempts: 2, Solved: 1},
		"p2": {Puzzle: "p2", Rating: 1398, Deviation: 298, Volatility: 0.05, Attempts: 2, Solved: 0},
		"p3": {Puzzle: "p3", Rating: 1399, Deviation: 299, Volatility: 0.05, Attempts: 1, Solved: 1},
		"d1": {Puzzle: "d1", Rating: 1398, Deviation: 298, Volatility: 0.05, Attempts: 2, Solved: 1},
		"d2": {Puzzle: "d2", Rating: 1399, Deviation: 299, Volatility: 0.05, Attempts: 1, Solved: 0},
	}
	if got := mustStandings(t, s, "p1", "p2", "p3", "d1", "d2"); !reflect.DeepEqual(got, want) {
		t.Errorf("standings:\n got %+v\nwant %+v", got, want)
	}
}

func testPuzzleOnce(t *testing.T, s PuzzleStore) {
	puzzleUsers(t, s, "alice", "bob")
	mustRatePuzzle(t, s, attempt("alice", "p1", "pogo", false, 0), puzzleAdd(10))
	mustRatePuzzle(t, s, attempt("bob", "p1", "pogo", true, 1), puzzleAdd(10))
	users, puzzles := []string{"alice", "bob"}, []string{"p1", "p2"}
	before := puzzleState(t, s, users, puzzles)
	called := false
	update := func(p store.PuzzleRating, z store.PuzzleStanding, solved bool) (store.PuzzleRating, store.PuzzleStanding, error) {
		called = true
		return puzzleAdd(5)(p, z, solved)
	}
	// The same user at the same puzzle, however the name is spelt, solved
	// or not, at any time, even said to be of another game.
	for _, a := range []store.PuzzleAttempt{
		attempt("alice", "p1", "pogo", true, 5),
		attempt("ALICE", "p1", "pogo", false, -5),
		attempt("Alice", "p1", "pods", true, 10),
	} {
		r, st, err := s.RatePuzzle(ctx(t), a, puzzleDefPlayer, puzzleDefPuzzle, update)
		wantErr(t, fmt.Sprintf("second attempt %+v", a), err, store.ErrConflict)
		if r != (store.PuzzleRating{}) || st != (store.PuzzleStanding{}) {
			t.Errorf("a refused attempt returned %+v, %+v", r, st)
		}
	}
	if called {
		t.Error("update called for a second attempt")
	}
	if after := puzzleState(t, s, users, puzzles); after != before {
		t.Errorf("second attempts changed the store:\nbefore %s\nafter  %s", before, after)
	}
	// Another puzzle is still a first attempt.
	mustRatePuzzle(t, s, attempt("alice", "p2", "pogo", true, 20), puzzleAdd(1))
	if rs := mustPuzzleRatings(t, s, "alice"); len(rs) != 1 || rs[0].Attempts != 2 || rs[0].Rating != 1511 {
		t.Errorf("after another puzzle: %+v, want 2 attempts, rating 1511", rs)
	}
}

func testPuzzleOnceRace(t *testing.T, s PuzzleStore) {
	puzzleUsers(t, s, "alice")
	const writers = 10
	var wins atomic.Int32
	var wg sync.WaitGroup
	for i := 0; i < writers; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, _, err := s.RatePuzzle(ctx(t), attempt("alice", "p1", "pogo", i%2 == 0, i), puzzleDefPlayer, puzzleDefPuzzle, puzzleAdd(1))
			switch {
			case err == nil:
				wins.Add(1)
			case !errors.Is(err, store.ErrConflict):
				t.Errorf("writer %d: %v, want nil or ErrConflict", i, err)
			}
		}()
	}
	wg.Wait()
	if wins.Load() != 1 {
		t.Errorf("%d of %d attempts at one puzzle stored, want 1", wins.Load(), writers)
	}
	if rs := mustPuzzleRatings(t, s, "alice"); len(rs) != 1 || rs[0].Attempts != 1 || rs[0].Rating != 1501 {
		t.Errorf("after the race: %+v, want 1 attempt, rating 1501", rs)
	}
	if as := mustPuzzleAttempts(t, s, "alice", "", 0); len(as) != 1 {
		t.Errorf("after the race: attempts %+v, want 1", as)
	}
	if st := mustStandings(t, s, "p1")["p1"]; st.Attempts != 1 || st.Rating != 1399 {
		t.Errorf("after the race: standing %+v, want 1 attempt, rating 1399", st)
	}
}

func testPuzzleUnknownUser(t *testing.T, s PuzzleStore) {
	puzzleUsers(t, s, "alice")
	called := false
	update := func(p store.PuzzleRating, z store.PuzzleStanding, solved bool) (store.PuzzleRating, store.PuzzleStanding, error) {
		called = true
		return puzzleAdd(1)(p, z, solved)
	}
	_, _, err := s.RatePuzzle(ctx(t), attempt("Ghost", "p1", "pogo", true, 0), puzzleDefPlayer, puzzleDefPuzzle, update)
	wantErr(t, "RatePuzzle of no user", err, store.ErrNotFound)
	if called {
		t.Error("update called for no user")
	}
	if m := mustStandings(t, s, "p1"); len(m) != 0 {
		t.Errorf("an attempt of no user left a standing: %+v", m)
	}
	_, err = s.PuzzleRatings(ctx(t), "ghost")
	wantErr(t, "PuzzleRatings of no user", err, store.ErrNotFound)
	_, err = s.PuzzleAttempts(ctx(t), "ghost", "", 0)
	wantErr(t, "PuzzleAttempts of no user", err, store.ErrNotFound)
	_, err = s.PuzzleAttempts(ctx(t), "ghost", "pogo", 0)
	wantErr(t, "PuzzleAttempts of no user in a game", err, store.ErrNotFound)
	// The puzzle is still new to a real user.
	mustRatePuzzle(t, s, attempt("alice", "p1", "pogo", true, 1), puzzleAdd(1))
}

func testPuzzleUpdateError(t *testing.T, s PuzzleStore) {
	puzzleUsers(t, s, "alice", "bob")
	mustRatePuzzle(t, s, attempt("bob", "p1", "pogo", true, 0), puzzleAdd(1))
	users, puzzles := []string{"alice", "bob"}, []string{"p1", "p2"}
	before := puzzleState(t, s, users, puzzles)
	boom := errors.New("boom")
	for _, a := range []store.PuzzleAttempt{attempt("alice", "p1", "pogo", true, 1), attempt("alice", "p2", "pogo", false, 1)} {
		_, _, err := s.RatePuzzle(ctx(t), a, puzzleDefPlayer, puzzleDefPuzzle,
			func(store.PuzzleRating, store.PuzzleStanding, bool) (store.PuzzleRating, store.PuzzleStanding, error) {
				return store.PuzzleRating{}, store.PuzzleStanding{}, boom
			})
		if !errors.Is(err, boom) {
			t.Errorf("RatePuzzle(%s) with a failing update: %v, want its error", a.Puzzle, err)
		}
	}
	if after := puzzleState(t, s, users, puzzles); after != before {
		t.Errorf("a failing update changed the store:\nbefore %s\nafter  %s", before, after)
	}
	// Nothing stored: the attempt can be made again.
	mustRatePuzzle(t, s, attempt("alice", "p1", "pogo", true, 2), puzzleAdd(1))
}

func testPuzzleBadValues(t *testing.T, s PuzzleStore) {
	puzzleUsers(t, s, "alice", "bob")
	mustRatePuzzle(t, s, attempt("bob", "p1", "pogo", true, 0), puzzleAdd(1))
	mustRatePuzzle(t, s, attempt("alice", "p0", "pogo", true, 0), puzzleAdd(1))
	users, puzzles := []string{"alice", "bob"}, []string{"p0", "p1", "p2"}
	before := puzzleState(t, s, users, puzzles)
	good := store.PuzzleRating{Rating: 1500, Deviation: 300, Volatility: 0.06}
	goodZ := store.PuzzleStanding{Rating: 1500, Deviation: 300, Volatility: 0.06}
	bad := []struct {
		rating, deviation, volatility float64
	}{
		{math.NaN(), 300, 0.06}, {math.Inf(1), 300, 0.06}, {math.Inf(-1), 300, 0.06},
		{1500, math.NaN(), 0.06}, {1500, math.Inf(1), 0.06}, {1500, 0, 0.06}, {1500, -1, 0.06},
		{1500, 300, math.NaN()}, {1500, 300, math.Inf(1)}, {1500, 300, 0}, {1500, 300, -0.06},
	}
	for _, b := range bad {
		for _, which := range []string{"player", "puzzle"} {
			r, z := good, goodZ
			if which == "player" {
				r.Rating, r.Deviation, r.Volatility = b.rating, b.deviation, b.volatility
			} else {
				z.Rating, z.Deviation, z.Volatility = b.rating, b.deviation, b.volatility
			}
			for _, puzzle := range []string{"p1", "p2"} {
				_, _, err := s.RatePuzzle(ctx(t), attempt("alice", puzzle, "pogo", true, 1), puzzleDefPlayer, puzzleDefPuzzle,
					func(store.PuzzleRating, store.PuzzleStanding, bool) (store.PuzzleRating, store.PuzzleStanding, error) {
						return r, z, nil
					})
				if err == nil {
					t.Errorf("RatePuzzle(%s) accepted the %s's %+v", puzzle, which, b)
				}
			}
		}
	}
	if after := puzzleState(t, s, users, puzzles); after != before {
		t.Errorf("refused updates changed the store:\nbefore %s\nafter  %s", before, after)
	}
}

func testPuzzleBadInput(t *testing.T, s PuzzleStore) {
	puzzleUsers(t, s, "alice")
	called := false
	update := func(p store.PuzzleRating, z store.PuzzleStanding, solved bool) (store.PuzzleRating, store.PuzzleStanding, error) {
		called = true
		return puzzleAdd(1)(p, z, solved)
	}
	long := strings.Repeat("x", store.MaxPuzzleID+1)
	for _, a := range []store.PuzzleAttempt{
		attempt("", "p1", "pogo", true, 0),
		attempt("alice", "", "pogo", true, 0),
		attempt("alice", "p1", "", true, 0),
		attempt("alice", long, "pogo", true, 0),
		attempt("alice", "p1", long, true, 0),
	} {
		if _, _, err := s.RatePuzzle(ctx(t), a, puzzleDefPlayer, puzzleDefPuzzle, update); err == nil {
			t.Errorf("RatePuzzle(%q, %q, %q) accepted", a.User, a.Puzzle, a.Game)
		}
	}
	a := attempt("alice", "p1", "pogo", true, 0)
	if _, _, err := s.RatePuzzle(ctx(t), a, puzzleDefPlayer, puzzleDefPuzzle, nil); err == nil {
		t.Error("RatePuzzle without an update accepted")
	}
	for _, def := range []store.PuzzleRating{{}, {Rating: 1500, Deviation: 350}, {Rating: math.NaN(), Deviation: 350, Volatility: 0.06}} {
		if _, _, err := s.RatePuzzle(ctx(t), a, def, puzzleDefPuzzle, update); err == nil {
			t.Errorf("RatePuzzle with the player's defaults %+v accepted", def)
		}
	}
	for _, def := range []store.PuzzleStanding{{}, {Rating: 1500, Volatility: 0.06}, {Rating: 1500, Deviation: math.Inf(1), Volatility: 0.06}} {
		if _, _, err := s.RatePuzzle(ctx(t), a, puzzleDefPlayer, def, update); err == nil {
			t.Errorf("RatePuzzle with the puzzle's defaults %+v accepted", def)
		}
	}
	if called {
		t.Error("update called for a refused attempt")
	}
	if rs := mustPuzzleRatings(t, s, "alice"); len(rs) != 0 {
		t.Errorf("refused attempts stored %+v", rs)
	}
	if _, err := s.PuzzleAttempts(ctx(t), "alice", "", -1); err == nil {
		t.Error("PuzzleAttempts with a negative limit accepted")
	}
	// Ids of MaxPuzzleID bytes are fine.
	edge := strings.Repeat("y", store.MaxPuzzleID)
	mustRatePuzzle(t, s, attempt("alice", edge, edge, true, 0), update)
	if as := mustPuzzleAttempts(t, s, "alice", edge, 0); len(as) != 1 || as[0].Puzzle != edge || as[0].Game != edge {
		t.Errorf("attempt with ids of %d bytes: %+v", store.MaxPuzzleID, as)
	}
}

func testPuzzleAttempts(t *testing.T, s PuzzleStore) {
	puzzleUsers(t, s, "alice", "bob")
	// Out of order in time; p3 and p4 at the same time (then by puzzle id).
	for _, a := range []store.PuzzleAttempt{
		attempt("alice", "p2", "pogo", false, 2),
		attempt("alice", "d1", "pods", true, 1),
		attempt("alice", "p4", "pogo", true, 3),
		attempt("alice", "p3", "pogo", true, 3),
		attempt("alice", "p1", "pogo", true, 0),
		attempt("bob", "p1", "pogo", true, 5),
	} {
		mustRatePuzzle(t, s, a, puzzleAdd(1))
	}
	ids := func(as []store.PuzzleAttempt) string {
		var b []string
		for _, a := range as {
			b = append(b, a.Puzzle)
		}
		return strings.Join(b, " ")
	}
	for _, c := range []struct {
		game  string
		limit int
		want  string
	}{
		{"", 0, "p3 p4 p2 d1 p1"},
		{"pogo", 0, "p3 p4 p2 p1"},
		{"pods", 0, "d1"},
		{"blocus", 0, ""},
		{"", 2, "p3 p4"},
		{"pogo", 3, "p3 p4 p2"},
		{"", store.MaxHistory + 1, "p3 p4 p2 d1 p1"},
	} {
		if got := ids(mustPuzzleAttempts(t, s, "alice", c.game, c.limit)); got != c.want {
			t.Errorf("PuzzleAttempts(alice, %q, %d) = %s, want %s", c.game, c.limit, got, c.want)
		}
	}
	as := mustPuzzleAttempts(t, s, "ALICE", "pogo", 0)
	// Ratings after each attempt, in the order made: p2 1501 (pods is
	// another rating), p4 1502, p3 1503, p1 1504.
	want := []store.PuzzleAttempt{
		{User: "alice", Puzzle: "p3", Game: "pogo", Solved: true, At: stored(base.Add(3 * time.Minute)), Rating: 1503},
		{User: "alice", Puzzle: "p4", Game: "pogo", Solved: true, At: stored(base.Add(3 * time.Minute)), Rating: 1502},
		{User: "alice", Puzzle: "p2", Game: "pogo", Solved: false, At: stored(base.Add(2 * time.Minute)), Rating: 1501},
		{User: "alice", Puzzle: "p1", Game: "pogo", Solved: true, At: stored(base), Rating: 1504},
	}
	if !reflect.DeepEqual(as, want) {
		t.Errorf("PuzzleAttempts(ALICE, pogo):\n got %+v\nwant %+v", as, want)
	}
	if as := mustPuzzleAttempts(t, s, "bob", "", 0); len(as) != 1 || as[0].User != "bob" || as[0].Puzzle != "p1" || as[0].Rating != 1501 {
		t.Errorf("bob's attempts: %+v", as)
	}

	// Limit 0 is DefaultLimit.
	puzzleUsers(t, s, "carol")
	for i := 0; i < store.DefaultLimit+3; i++ {
		mustRatePuzzle(t, s, attempt("carol", fmt.Sprintf("q%03d", i), "pogo", i%3 == 0, i), puzzleAdd(1))
	}
	as = mustPuzzleAttempts(t, s, "carol", "", 0)
	if len(as) != store.DefaultLimit || as[0].Puzzle != fmt.Sprintf("q%03d", store.DefaultLimit+2) {
		t.Errorf("PuzzleAttempts(carol, limit 0): %d attempts from %+v, want %d from the most recent", len(as), as[0], store.DefaultLimit)
	}
	if as := mustPuzzleAttempts(t, s, "carol", "pogo", store.DefaultLimit+10); len(as) != store.DefaultLimit+3 {
		t.Errorf("PuzzleAttempts(carol, limit %d): %d attempts, want %d", store.DefaultLimit+10, len(as), store.DefaultLimit+3)
	}
}

func testPuzzleStandings(t *testing.T, s PuzzleStore) {
	puzzleUsers(t, s, "alice", "bob")
	mustRatePuzzle(t, s, attempt("alice", "p1", "pogo", true, 0), puzzleAdd(1))
	mustRatePuzzle(t, s, attempt("bob", "p1", "pogo", false, 1), puzzleAdd(1))
	mustRatePuzzle(t, s, attempt("alice", "d1", "pods", false, 2), puzzleAdd(2))
	if m := mustStandings(t, s); len(m) != 0 {
		t.Errorf("PuzzleStandings() = %+v, want none", m)
	}
	got := mustStandings(t, s, "p1", "never", "d1", "p1")
	want := map[string]store.PuzzleStanding{
		"p1": {Puzzle: "p1", Rating: 1398, Deviation: 298, Volatility: 0.05, Attempts: 2, Solved: 1},
		"d1": {Puzzle: "d1", Rating: 1398, Deviation: 299, Volatility: 0.05, Attempts: 1, Solved: 0},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("PuzzleStandings:\n got %+v\nwant %+v", got, want)
	}
	if m := mustStandings(t, s, "never", "P1"); len(m) != 0 {
		t.Errorf("PuzzleStandings of unknown puzzles: %+v", m)
	}
	ids := make([]string, store.MaxPuzzleIDs)
	for i := range ids {
		ids[i] = fmt.Sprint("x", i)
	}
	ids[store.MaxPuzzleIDs-1] = "d1"
	if m := mustStandings(t, s, ids...); len(m) != 1 || m["d1"] != want["d1"] {
		t.Errorf("PuzzleStandings of %d ids: %+v", len(ids), m)
	}
	if _, err := s.PuzzleStandings(ctx(t), append(ids, "p1")); err == nil {
		t.Errorf("PuzzleStandings of %d ids accepted", len(ids)+1)
	}
}

// testPuzzleConcurrent: a user's attempts at different puzzles at once
// are applied one after the other, none lost.
func testPuzzleConcurrent(t *testing.T, s PuzzleStore) {
	puzzleUsers(t, s, "alice")
	const n = 20
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, _, err := s.RatePuzzle(ctx(t), attempt("alice", fmt.Sprint("p", i), "pogo", i%2 == 0, i), puzzleDefPlayer, puzzleDefPuzzle, puzzleAdd(1)); err != nil {
				t.Errorf("attempt %d: %v", i, err)
			}
		}()
	}
	wg.Wait()
	rs := mustPuzzleRatings(t, s, "alice")
	if len(rs) != 1 || rs[0].Attempts != n || rs[0].Solved != n/2 || rs[0].Rating != puzzleDefPlayer.Rating+n || rs[0].Deviation != puzzleDefPlayer.Deviation-n {
		t.Fatalf("after %d attempts at once: %+v, want %d attempts, %d solved, rating %g", n, rs, n, n/2, puzzleDefPlayer.Rating+n)
	}
	as := mustPuzzleAttempts(t, s, "alice", "pogo", 0)
	seen := map[float64]bool{}
	for _, a := range as {
		seen[a.Rating] = true
	}
	if len(as) != n || len(seen) != n {
		t.Errorf("%d attempts with %d distinct ratings, want %d (an update lost): %+v", len(as), len(seen), n, as)
	}
}

// testPuzzleConcurrentPlayers: the first attempts of several players at
// one new puzzle at once are applied one after the other, none lost.
func testPuzzleConcurrentPlayers(t *testing.T, s PuzzleStore) {
	const n = 10
	users := make([]string, n)
	for i := range users {
		users[i] = fmt.Sprint("user", i)
	}
	puzzleUsers(t, s, users...)
	var wg sync.WaitGroup
	for i, u := range users {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, _, err := s.RatePuzzle(ctx(t), attempt(u, "p1", "pogo", i < 3, i), puzzleDefPlayer, puzzleDefPuzzle, puzzleAdd(1)); err != nil {
				t.Errorf("%s: %v", u, err)
			}
		}()
	}
	wg.Wait()
	want := store.PuzzleStanding{Puzzle: "p1", Rating: puzzleDefPuzzle.Rating - n, Deviation: puzzleDefPuzzle.Deviation - n,
		Volatility: puzzleDefPuzzle.Volatility, Attempts: n, Solved: 3}
	if got := mustStandings(t, s, "p1")["p1"]; got != want {
		t.Errorf("after %d players at once: %+v, want %+v", n, got, want)
	}
	for _, u := range users {
		if rs := mustPuzzleRatings(t, s, u); len(rs) != 1 || rs[0].Attempts != 1 || rs[0].Rating != puzzleDefPlayer.Rating+1 {
			t.Errorf("%s: %+v", u, rs)
		}
	}
}

func testPuzzleTimes(t *testing.T, s PuzzleStore) {
	puzzleUsers(t, s, "alice")
	at := time.Date(2026, 7, 8, 9, 10, 11, 987654321, time.FixedZone("UTC-7", -7*3600))
	r, _ := mustRatePuzzle(t, s, store.PuzzleAttempt{User: "alice", Puzzle: "p1", Game: "pogo", At: at}, puzzleAdd(1))
	checkTime(t, "RatePuzzle's UpdatedAt", r.UpdatedAt, at)
	checkTime(t, "PuzzleRatings' UpdatedAt", mustPuzzleRatings(t, s, "alice")[0].UpdatedAt, at)
	checkTime(t, "PuzzleAttempts' At", mustPuzzleAttempts(t, s, "alice", "", 0)[0].At, at)
	// A zero time is now.
	before := time.Now().Add(-time.Second)
	r, _ = mustRatePuzzle(t, s, store.PuzzleAttempt{User: "alice", Puzzle: "p2", Game: "pogo"}, puzzleAdd(1))
	if r.UpdatedAt.Before(before) || r.UpdatedAt.After(time.Now().Add(time.Second)) || r.UpdatedAt.Location() != time.UTC {
		t.Errorf("a zero time became %v, want now in UTC", r.UpdatedAt)
	}
	as := mustPuzzleAttempts(t, s, "alice", "", 0)
	if len(as) != 2 || as[0].Puzzle != "p2" || !as[0].At.Equal(r.UpdatedAt) {
		t.Errorf("attempts after one at now: %+v, want p2 first at %v", as, r.UpdatedAt)
	}
}

// testPuzzleReopen checks that puzzle ratings, attempts and standings are
// still there once the store is closed and opened again, and that a second
// attempt is still refused.
func testPuzzleReopen(t *testing.T, open func() PuzzleStore) {
	s := open()
	puzzleUsers(t, s, "alice", "bob")
	mustRatePuzzle(t, s, attempt("alice", "p1", "pogo", true, 0), puzzleAdd(1))
	mustRatePuzzle(t, s, attempt("bob", "p1", "pogo", false, 1), puzzleAdd(2))
	mustRatePuzzle(t, s, attempt("alice", "d1", "pods", false, 2), puzzleAdd(3))
	users, puzzles := []string{"alice", "bob"}, []string{"p1", "d1"}
	before := puzzleState(t, s, users, puzzles)
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}

	s = open()
	if after := puzzleState(t, s, users, puzzles); after != before {
		t.Errorf("reopened:\nbefore %s\nafter  %s", before, after)
	}
	_, _, err := s.RatePuzzle(ctx(t), attempt("alice", "p1", "pogo", true, 3), puzzleDefPlayer, puzzleDefPuzzle, puzzleAdd(1))
	wantErr(t, "second attempt after reopening", err, store.ErrConflict)
	r, st := mustRatePuzzle(t, s, attempt("alice", "p2", "pogo", true, 4), puzzleAdd(1))
	if r.Attempts != 2 || r.Rating != 1502 || st.Attempts != 1 {
		t.Errorf("an attempt after reopening: %+v, %+v", r, st)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
}
