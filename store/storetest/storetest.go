// Package storetest is the conformance suite of store.Store: every backend
// runs it from its own tests, so that the server can rely on one behaviour
// whatever the storage. Run it with
//
//	func TestConformance(t *testing.T) {
//		storetest.Run(t, newStore, storetest.Reopen(reopenable))
//	}
package storetest

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/plateau-games/plateau/store"
)

// Option adds to what Run tests.
type Option func(*config)

type config struct {
	reopenable func(t testing.TB) func() store.Store
	stall      func(t *testing.T, s store.Store) (release func())
}

// Reopen enables the durability test for a backend that can close a store
// and open the same storage again. f prepares fresh, empty storage for t and
// returns a function that opens it; the suite calls that function several
// times and closes each store it gets before opening the next.
func Reopen(f func(t testing.TB) func() store.Store) Option {
	return func(c *config) { c.reopenable = f }
}

// Run runs every test of the suite, each as a subtest of t. newStore returns
// an empty store for one subtest and arranges for it to be closed at the end
// of that subtest (t.Cleanup); the suite may close it earlier, so Close must
// tolerate being called twice.
func Run(t *testing.T, newStore func(t *testing.T) store.Store, opts ...Option) {
	var c config
	for _, o := range opts {
		o(&c)
	}
	tests := []struct {
		name string
		fn   func(t *testing.T, s store.Store)
	}{
		{"CreateLoad", testCreateLoad},
		{"Defaults", testDefaults},
		{"NotFound", testNotFound},
		{"DuplicateID", testDuplicateID},
		{"BadInput", testBadInput},
		{"AppendInOrder", testAppendInOrder},
		{"AppendConflict", testAppendConflict},
		{"AppendRace", testAppendRace},
		{"Truncate", testTruncate},
		{"Finish", testFinish},
		{"FinishRace", testFinishRace},
		{"List", testList},
		{"ListDefaultLimit", testListDefaultLimit},
		{"Concurrent", testConcurrent},
		{"CanceledContext", testCanceledContext},
		{"CanceledNotStored", testCanceledNotStored},
		{"GroupCommitRaces", testGroupCommitRaces},
		{"AppendFinal", testAppendFinal},
		{"AppendFinalRace", testAppendFinalRace},
		{"Check", testCheck},
		{"ListExpiry", testListExpiry},
		{"ListCorrespondence", testListCorrespondence},
		{"ListRealTime", testListRealTime},
		{"BatchIsolation", func(t *testing.T, s store.Store) { testBatchIsolation(t, s, c.stall) }},
		{"ContextWhileCommitting", func(t *testing.T, s store.Store) {
			if c.stall == nil {
				t.Skip("no storetest.Stall for this backend")
			}
			testContextWhileCommitting(t, s, c.stall)
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.fn(t, newStore(t)) })
	}
	t.Run("Reopen", func(t *testing.T) {
		if c.reopenable == nil {
			t.Skip("this backend cannot be reopened")
		}
		testReopen(t, c.reopenable(t))
	})
	t.Run("CloseWhileAppending", func(t *testing.T) {
		if c.reopenable == nil {
			t.Skip("this backend cannot be reopened")
		}
		testCloseWhileAppending(t, c.reopenable(t))
	})
}

// base is an awkward time on purpose: not UTC, with nanoseconds, so that a
// backend that keeps either shows.
var base = time.Date(2025, 3, 14, 15, 9, 26, 535897932, time.FixedZone("UTC+1", 3600))

// stored is t as every backend gives it back.
func stored(t time.Time) time.Time { return t.UTC().Truncate(time.Millisecond) }

func ctx(t *testing.T) context.Context { return t.Context() }

// sample is a game with every field set, two seats and three moves.
func sample(id string) *store.Game {
	return &store.Game{
		ID:       id,
		GameID:   "pogo",
		Options:  "players=2",
		Position: "x/y/z 1",
		Seats: []store.Seat{
			{Kind: "human", Name: "Zoé «quote» 'single' \"double\"", TokenHash: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"},
			{Kind: "computer", Agent: "mcts:time=1s", Name: "Ordinateur"},
		},
		Moves: []store.Move{
			{Ply: 0, Notation: "2b1-b3", Seat: 0, At: base.Add(time.Second), ClockMillis: 299000},
			{Ply: 1, Notation: "1a3-a2", Seat: 1, At: base.Add(2*time.Second + 123456789), ClockMillis: 298500},
			{Ply: 2, Notation: "pass", Seat: 0, At: base.Add(3 * time.Second), ClockMillis: -1},
		},
		Hints: []store.Hint{
			{Seat: 0, Ply: 0, At: base.Add(500 * time.Millisecond)},
			{Seat: 0, Ply: 2, At: base.Add(2*time.Second + 987654321)},
		},
		Result:          "*",
		Casual:          true,
		Rated:           true,
		MoveDays:        3,
		ClockMillis:     300000,
		IncrementMillis: 2000,
		CreatedAt:       base,
		UpdatedAt:       base.Add(3 * time.Second),
	}
}

// minimal is a game with only the required fields.
func minimal(id string) *store.Game {
	return &store.Game{ID: id, GameID: "blocus", Seats: []store.Seat{{Kind: "human", Name: "a"}, {Kind: "human", Name: "b"}}}
}

func mustCreate(t *testing.T, s store.Store, g *store.Game) {
	t.Helper()
	if err := s.CreateGame(ctx(t), g); err != nil {
		t.Fatalf("CreateGame(%s): %v", g.ID, err)
	}
}

func mustLoad(t *testing.T, s store.Store, id string) *store.Game {
	t.Helper()
	g, err := s.LoadGame(ctx(t), id)
	if err != nil {
		t.Fatalf("LoadGame(%s): %v", id, err)
	}
	return g
}

func mustAppend(t *testing.T, s store.Store, id string, m store.Move) {
	t.Helper()
	if err := s.AppendMove(ctx(t), id, m); err != nil {
		t.Fatalf("AppendMove(%s, ply %d): %v", id, m.Ply, err)
	}
}

func wantErr(t *testing.T, what string, err, want error) {
	t.Helper()
	if !errors.Is(err, want) {
		t.Errorf("%s: got error %v, want %v", what, err, want)
	}
}

// checkTime says whether got is exactly want as stored, in UTC.
func checkTime(t *testing.T, what string, got, want time.Time) {
	t.Helper()
	if !got.Equal(stored(want)) || got.Location() != time.UTC {
		t.Errorf("%s: got %v, want %v", what, got, stored(want))
	}
}

// sameGame compares two games field by field (times with Equal and in UTC),
// moves included unless the listing left them out.
func sameGame(t *testing.T, got, want *store.Game, withMoves bool) {
	t.Helper()
	if got.ID != want.ID || got.GameID != want.GameID || got.Options != want.Options || got.Position != want.Position ||
		got.Result != want.Result || got.Reason != want.Reason || got.Casual != want.Casual ||
		got.ClockMillis != want.ClockMillis || got.IncrementMillis != want.IncrementMillis {
		t.Errorf("game %s:\n got %+v\nwant %+v", want.ID, *got, *want)
	}
	checkTime(t, want.ID+" CreatedAt", got.CreatedAt, want.CreatedAt)
	checkTime(t, want.ID+" UpdatedAt", got.UpdatedAt, want.UpdatedAt)
	if len(got.Seats) != len(want.Seats) || (len(want.Seats) > 0 && !reflect.DeepEqual(got.Seats, want.Seats)) {
		t.Errorf("game %s seats:\n got %+v\nwant %+v", want.ID, got.Seats, want.Seats)
	}
	if !withMoves {
		if len(got.Moves) != 0 || len(got.Hints) != 0 {
			t.Errorf("game %s: listed with %d moves and %d hints, want none", want.ID, len(got.Moves), len(got.Hints))
		}
		return
	}
	sameMoves(t, want.ID, got.Moves, want.Moves)
	sameHints(t, want.ID, got.Hints, want.Hints)
}

func sameHints(t *testing.T, id string, got, want []store.Hint) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("game %s: %d hints, want %d (%+v)", id, len(got), len(want), got)
		return
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.Seat != w.Seat || g.Ply != w.Ply {
			t.Errorf("game %s hint %d: got %+v, want %+v", id, i, g, w)
		}
		checkTime(t, fmt.Sprintf("game %s hint %d At", id, i), g.At, w.At)
	}
}

func sameMoves(t *testing.T, id string, got, want []store.Move) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("game %s: %d moves, want %d", id, len(got), len(want))
		return
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.Ply != w.Ply || g.Notation != w.Notation || g.Seat != w.Seat || g.ClockMillis != w.ClockMillis {
			t.Errorf("game %s move %d: got %+v, want %+v", id, i, g, w)
		}
		checkTime(t, fmt.Sprintf("game %s move %d At", id, i), g.At, w.At)
	}
}

func testCreateLoad(t *testing.T, s store.Store) {
	want := sample("g1")
	g := sample("g1")
	mustCreate(t, s, g)
	// CreateGame reports the times as stored.
	checkTime(t, "CreatedAt after CreateGame", g.CreatedAt, want.CreatedAt)
	sameGame(t, mustLoad(t, s, "g1"), want, true)

	// A finished game, without moves or seats, can be created as such (an
	// imported record).
	done := &store.Game{ID: "g2", GameID: "empire", Result: "win 1,3", Reason: "blocked",
		CreatedAt: base, UpdatedAt: base.Add(time.Hour)}
	mustCreate(t, s, done)
	sameGame(t, mustLoad(t, s, "g2"), done, true)
}

func testDefaults(t *testing.T, s store.Store) {
	before := time.Now().Add(-time.Second)
	g := minimal("d1")
	mustCreate(t, s, g)
	if g.Result != "*" {
		t.Errorf("Result defaulted to %q, want *", g.Result)
	}
	if g.CreatedAt.Before(before) || g.CreatedAt.After(time.Now().Add(time.Second)) {
		t.Errorf("CreatedAt defaulted to %v, want about now", g.CreatedAt)
	}
	if !g.UpdatedAt.Equal(g.CreatedAt) {
		t.Errorf("UpdatedAt defaulted to %v, want CreatedAt %v", g.UpdatedAt, g.CreatedAt)
	}
	sameGame(t, mustLoad(t, s, "d1"), g, true)

	// A move without a time gets the current one.
	mustAppend(t, s, "d1", store.Move{Ply: 0, Notation: "a1", ClockMillis: -1})
	got := mustLoad(t, s, "d1")
	if at := got.Moves[0].At; at.Before(before) || at.Location() != time.UTC {
		t.Errorf("move At defaulted to %v, want now in UTC", at)
	}
}

func testNotFound(t *testing.T, s store.Store) {
	mustCreate(t, s, minimal("here"))
	_, err := s.LoadGame(ctx(t), "nowhere")
	wantErr(t, "LoadGame", err, store.ErrNotFound)
	wantErr(t, "AppendMove", s.AppendMove(ctx(t), "nowhere", store.Move{Ply: 0, Notation: "a1"}), store.ErrNotFound)
	wantErr(t, "TruncateMoves", s.TruncateMoves(ctx(t), "nowhere", 0), store.ErrNotFound)
	wantErr(t, "FinishGame", s.FinishGame(ctx(t), "nowhere", "draw", "agreed"), store.ErrNotFound)
	// Ids are compared exactly.
	_, err = s.LoadGame(ctx(t), "HERE")
	wantErr(t, "LoadGame with another case", err, store.ErrNotFound)
}

func testDuplicateID(t *testing.T, s store.Store) {
	first := sample("dup")
	mustCreate(t, s, first)
	second := minimal("dup")
	wantErr(t, "second CreateGame", s.CreateGame(ctx(t), second), store.ErrConflict)
	// The refused game left nothing behind: not its seats, not its fields.
	sameGame(t, mustLoad(t, s, "dup"), sample("dup"), true)
}

func testBadInput(t *testing.T, s store.Store) {
	for _, g := range []*store.Game{
		nil,
		{GameID: "pogo"},
		{ID: "x"},
		{ID: "x", GameID: "pogo", Moves: []store.Move{{Ply: 1}}},
		{ID: "x", GameID: "pogo", ClockMillis: -5},
		{ID: "x", GameID: "pogo", Seats: []store.Seat{{Kind: "human"}}, Hints: []store.Hint{{Seat: 1}}},
		{ID: "x", GameID: "pogo", Seats: []store.Seat{{Kind: "human"}}, Hints: []store.Hint{{Seat: 0, Ply: -1}}},
	} {
		if err := s.CreateGame(ctx(t), g); err == nil {
			t.Errorf("CreateGame(%+v) accepted", g)
		}
	}
	if _, err := s.LoadGame(ctx(t), "x"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a refused game was stored: %v", err)
	}
	mustCreate(t, s, minimal("ok"))
	if err := s.TruncateMoves(ctx(t), "ok", -1); err == nil {
		t.Error("TruncateMoves(-1) accepted")
	}
	for _, r := range []string{"", "*"} {
		if err := s.FinishGame(ctx(t), "ok", r, "why"); err == nil {
			t.Errorf("FinishGame with result %q accepted", r)
		}
	}
	if _, err := s.ListGames(ctx(t), store.Filter{Limit: -1}); err == nil {
		t.Error("ListGames with a negative limit accepted")
	}
	if _, err := s.ListGames(ctx(t), store.Filter{Offset: -1}); err == nil {
		t.Error("ListGames with a negative offset accepted")
	}
}

func testAppendInOrder(t *testing.T, s store.Store) {
	mustCreate(t, s, minimal("a"))
	mustCreate(t, s, minimal("b")) // moves of another game must not count
	var want []store.Move
	for i := range 12 {
		m := store.Move{Ply: i, Notation: fmt.Sprintf("m%d", i), Seat: i % 2, At: base.Add(time.Duration(i) * 1500 * time.Microsecond), ClockMillis: int64(1000 - i)}
		mustAppend(t, s, "a", m)
		want = append(want, m)
		if i < 3 {
			mustAppend(t, s, "b", store.Move{Ply: i, Notation: "other"})
		}
	}
	g := mustLoad(t, s, "a")
	sameMoves(t, "a", g.Moves, want)
	checkTime(t, "UpdatedAt after appends", g.UpdatedAt, want[len(want)-1].At)
	if n := len(mustLoad(t, s, "b").Moves); n != 3 {
		t.Errorf("game b has %d moves, want 3", n)
	}
}

func testAppendConflict(t *testing.T, s store.Store) {
	g := sample("c")
	mustCreate(t, s, g) // three moves
	for _, ply := range []int{0, 2, 4, 100, -1} {
		err := s.AppendMove(ctx(t), "c", store.Move{Ply: ply, Notation: "bad", At: base.Add(time.Hour)})
		wantErr(t, fmt.Sprintf("AppendMove at ply %d of 3", ply), err, store.ErrConflict)
	}
	// Nothing changed, not even UpdatedAt.
	sameGame(t, mustLoad(t, s, "c"), sample("c"), true)
	mustAppend(t, s, "c", store.Move{Ply: 3, Notation: "good", At: base.Add(time.Hour)})
	if n := len(mustLoad(t, s, "c").Moves); n != 4 {
		t.Errorf("%d moves, want 4", n)
	}
}

// testAppendRace has writers race for each ply in turn, as two browser tabs
// or a player and a computer seat would: exactly one must win each ply, and
// every loser must get ErrConflict (not a "database is locked" or a
// deadlock).
func testAppendRace(t *testing.T, s store.Store) {
	const writers, plies = 6, 15
	mustCreate(t, s, minimal("race"))
	var want []string
	for ply := range plies {
		var wins, conflicts atomic.Int32
		var winner atomic.Value
		var wg sync.WaitGroup
		start := make(chan struct{})
		for w := range writers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				notation := fmt.Sprintf("p%d-w%d", ply, w)
				err := s.AppendMove(context.Background(), "race", store.Move{Ply: ply, Notation: notation, Seat: w, ClockMillis: -1})
				switch {
				case err == nil:
					wins.Add(1)
					winner.Store(notation)
				case errors.Is(err, store.ErrConflict):
					conflicts.Add(1)
				default:
					t.Errorf("ply %d writer %d: %v", ply, w, err)
				}
			}()
		}
		close(start)
		wg.Wait()
		if wins.Load() != 1 || conflicts.Load() != writers-1 {
			t.Fatalf("ply %d: %d wins and %d conflicts, want 1 and %d", ply, wins.Load(), conflicts.Load(), writers-1)
		}
		want = append(want, winner.Load().(string))
	}
	g := mustLoad(t, s, "race")
	if len(g.Moves) != plies {
		t.Fatalf("%d moves, want %d", len(g.Moves), plies)
	}
	for i, m := range g.Moves {
		if m.Ply != i || m.Notation != want[i] {
			t.Errorf("move %d: %+v, want the winner %s", i, m, want[i])
		}
	}
}

func testTruncate(t *testing.T, s store.Store) {
	mustCreate(t, s, minimal("t"))
	for i := range 5 {
		mustAppend(t, s, "t", store.Move{Ply: i, Notation: fmt.Sprintf("m%d", i), At: base})
	}
	before := time.Now().Add(-time.Second)
	if err := s.TruncateMoves(ctx(t), "t", 2); err != nil {
		t.Fatal(err)
	}
	g := mustLoad(t, s, "t")
	if len(g.Moves) != 2 || g.Moves[1].Notation != "m1" {
		t.Fatalf("after truncating to 2: %+v", g.Moves)
	}
	if g.UpdatedAt.Before(before) {
		t.Errorf("UpdatedAt %v not set by TruncateMoves", g.UpdatedAt)
	}
	// The freed plies can be played again, and a taken one still cannot.
	wantErr(t, "append at ply 1", s.AppendMove(ctx(t), "t", store.Move{Ply: 1, Notation: "x"}), store.ErrConflict)
	mustAppend(t, s, "t", store.Move{Ply: 2, Notation: "again"})
	// Keeping more than there is changes nothing.
	if err := s.TruncateMoves(ctx(t), "t", 10); err != nil {
		t.Fatal(err)
	}
	if g := mustLoad(t, s, "t"); len(g.Moves) != 3 || g.Moves[2].Notation != "again" {
		t.Fatalf("after truncating to 10: %+v", g.Moves)
	}
	if err := s.TruncateMoves(ctx(t), "t", 0); err != nil {
		t.Fatal(err)
	}
	if g := mustLoad(t, s, "t"); len(g.Moves) != 0 {
		t.Fatalf("after truncating to 0: %+v", g.Moves)
	}
	mustAppend(t, s, "t", store.Move{Ply: 0, Notation: "first"})
}

func testFinish(t *testing.T, s store.Store) {
	mustCreate(t, s, sample("f"))
	before := time.Now().Add(-time.Second)
	if err := s.FinishGame(ctx(t), "f", "win 2", "resigned"); err != nil {
		t.Fatal(err)
	}
	g := mustLoad(t, s, "f")
	if g.Result != "win 2" || g.Reason != "resigned" {
		t.Errorf("finished with %q (%q)", g.Result, g.Reason)
	}
	if g.UpdatedAt.Before(before) || g.UpdatedAt.Location() != time.UTC {
		t.Errorf("UpdatedAt %v not set by FinishGame", g.UpdatedAt)
	}
	sameMoves(t, "f", g.Moves, sample("f").Moves)
	wantErr(t, "AppendMove after the end", s.AppendMove(ctx(t), "f", store.Move{Ply: 3, Notation: "late"}), store.ErrConflict)
	wantErr(t, "TruncateMoves after the end", s.TruncateMoves(ctx(t), "f", 1), store.ErrConflict)
	wantErr(t, "FinishGame again", s.FinishGame(ctx(t), "f", "draw", "agreed"), store.ErrConflict)
	if g := mustLoad(t, s, "f"); g.Result != "win 2" || len(g.Moves) != 3 {
		t.Errorf("a refused write changed the game: %q, %d moves", g.Result, len(g.Moves))
	}
}

// testFinishRace races a move against the end of the game (a flag fall, a
// resignation): either order is fine, but a move never lands after the end.
func testFinishRace(t *testing.T, s store.Store) {
	for round := range 10 {
		id := fmt.Sprintf("fr%d", round)
		mustCreate(t, s, minimal(id))
		var wg sync.WaitGroup
		var appendErr, finishErr error
		wg.Add(2)
		go func() {
			defer wg.Done()
			appendErr = s.AppendMove(context.Background(), id, store.Move{Ply: 0, Notation: "m"})
		}()
		go func() { defer wg.Done(); finishErr = s.FinishGame(context.Background(), id, "over", "time") }()
		wg.Wait()
		if finishErr != nil {
			t.Fatalf("round %d: FinishGame: %v", round, finishErr)
		}
		g := mustLoad(t, s, id)
		switch {
		case appendErr == nil && len(g.Moves) == 1:
		case errors.Is(appendErr, store.ErrConflict) && len(g.Moves) == 0:
		default:
			t.Fatalf("round %d: AppendMove: %v, %d moves stored", round, appendErr, len(g.Moves))
		}
	}
}

func testList(t *testing.T, s store.Store) {
	// Eight games with known update times; e and f share one, so that the
	// order falls back on the id.
	type spec struct {
		id, rules, result string
		minutes           int
	}
	specs := []spec{
		{"a", "pogo", "*", 1},
		{"b", "pogo", "win 1", 2},
		{"c", "blocus", "*", 3},
		{"d", "blocus", "draw", 4},
		{"f", "pogo", "*", 5},
		{"e", "pogo", "*", 5},
		{"g", "empire", "over", 6},
		{"h", "pogo", "*", 7},
	}
	want := map[string]*store.Game{}
	for _, sp := range specs {
		g := sample(sp.id)
		g.GameID, g.Result = sp.rules, sp.result
		g.UpdatedAt = base.Add(time.Duration(sp.minutes) * time.Minute)
		mustCreate(t, s, g)
		want[sp.id] = g
	}
	yes, no := true, false
	for _, c := range []struct {
		f    store.Filter
		want string // ids in order
	}{
		{store.Filter{}, "hgefdcba"},
		{store.Filter{Finished: &no}, "hefca"},
		{store.Filter{Finished: &yes}, "gdb"},
		{store.Filter{GameID: "pogo"}, "hefba"},
		{store.Filter{GameID: "pogo", Finished: &no}, "hefa"},
		{store.Filter{GameID: "blocus", Finished: &yes}, "d"},
		{store.Filter{GameID: "porte"}, ""},
		{store.Filter{Limit: 3}, "hge"},
		{store.Filter{Limit: 3, Offset: 3}, "fdc"},
		{store.Filter{Limit: 3, Offset: 6}, "ba"},
		{store.Filter{Offset: 8}, ""},
		{store.Filter{Offset: 2, GameID: "pogo"}, "fba"},
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
	// A game without seats is listed too.
	mustCreate(t, s, &store.Game{ID: "z", GameID: "solitaire", UpdatedAt: base.Add(time.Hour)})
	games, err := s.ListGames(ctx(t), store.Filter{Limit: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 2 || games[0].ID != "z" || len(games[0].Seats) != 0 || games[1].ID != "h" || len(games[1].Seats) != 2 {
		t.Errorf("listing with a seatless game: %+v", games)
	}
}

func testListDefaultLimit(t *testing.T, s store.Store) {
	n := store.DefaultLimit + 5
	for i := range n {
		g := minimal(fmt.Sprintf("g%03d", i))
		g.UpdatedAt = base.Add(time.Duration(i) * time.Second)
		mustCreate(t, s, g)
	}
	games, err := s.ListGames(ctx(t), store.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != store.DefaultLimit || games[0].ID != fmt.Sprintf("g%03d", n-1) {
		t.Errorf("default listing: %d games from %s, want %d from g%03d", len(games), games[0].ID, store.DefaultLimit, n-1)
	}
	games, err = s.ListGames(ctx(t), store.Filter{Limit: n + 10})
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != n {
		t.Errorf("listing with a large limit: %d games, want %d", len(games), n)
	}
}

// testConcurrent uses one store from many goroutines at once, as the server
// does: games created, played and finished while others are loaded and
// listed.
func testConcurrent(t *testing.T, s store.Store) {
	const players, games, moves = 6, 3, 8
	var wg sync.WaitGroup
	stop := make(chan struct{})
	errs := make(chan error, 100)
	report := func(err error) {
		select {
		case errs <- err:
		default:
		}
	}
	for p := range players {
		wg.Add(1)
		go func() {
			defer wg.Done()
			bg := context.Background()
			for g := range games {
				id := fmt.Sprintf("p%d-g%d", p, g)
				if err := s.CreateGame(bg, minimal(id)); err != nil {
					report(err)
					return
				}
				for ply := range moves {
					if err := s.AppendMove(bg, id, store.Move{Ply: ply, Notation: fmt.Sprint(ply)}); err != nil {
						report(fmt.Errorf("%s ply %d: %w", id, ply, err))
						return
					}
				}
				if g == 0 {
					if err := s.TruncateMoves(bg, id, moves-1); err != nil {
						report(err)
					}
					if err := s.AppendMove(bg, id, store.Move{Ply: moves - 1, Notation: "again"}); err != nil {
						report(err)
					}
				}
				if err := s.FinishGame(bg, id, "draw", "agreed"); err != nil {
					report(err)
				}
			}
		}()
	}
	var readers sync.WaitGroup
	for r := range 3 {
		readers.Add(1)
		go func() {
			defer readers.Done()
			bg := context.Background()
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				list, err := s.ListGames(bg, store.Filter{Limit: 5})
				if err != nil {
					report(err)
					return
				}
				for _, g := range list {
					full, err := s.LoadGame(bg, g.ID)
					if err != nil {
						report(err)
						return
					}
					// A load is one snapshot: its moves are 0, 1, 2...
					for j, m := range full.Moves {
						if m.Ply != j {
							report(fmt.Errorf("reader %d: %s move %d has ply %d", r, g.ID, j, m.Ply))
						}
					}
				}
			}
		}()
	}
	wg.Wait()
	close(stop)
	readers.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	finished := true
	list, err := s.ListGames(ctx(t), store.Filter{Finished: &finished, Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != players*games {
		t.Errorf("%d finished games, want %d", len(list), players*games)
	}
	for _, g := range list {
		if full := mustLoad(t, s, g.ID); len(full.Moves) != moves {
			t.Errorf("%s: %d moves, want %d", g.ID, len(full.Moves), moves)
		}
	}
}

func testCanceledContext(t *testing.T, s store.Store) {
	mustCreate(t, s, minimal("cc"))
	c, cancel := context.WithCancel(context.Background())
	cancel()
	if err := s.AppendMove(c, "cc", store.Move{Ply: 0, Notation: "x"}); !errors.Is(err, context.Canceled) {
		t.Errorf("AppendMove with a canceled context: %v, want context.Canceled", err)
	}
	if _, err := s.LoadGame(c, "cc"); err == nil {
		t.Error("LoadGame with a canceled context succeeded")
	}
	// The store still works, and the canceled append left nothing.
	if g := mustLoad(t, s, "cc"); len(g.Moves) != 0 {
		t.Errorf("a canceled append stored %d moves", len(g.Moves))
	}
	mustAppend(t, s, "cc", store.Move{Ply: 0, Notation: "y"})
}

// testReopen checks that what a store acknowledged is still there once it
// is closed and opened again, and that opening an existing store (its
// migrations already applied) works.
func testReopen(t *testing.T, open func() store.Store) {
	s := open()
	g := sample("r1")
	mustCreate(t, s, g)
	m := store.Move{Ply: 3, Notation: "after", Seat: 1, At: base.Add(time.Minute), ClockMillis: 5}
	mustAppend(t, s, "r1", m)
	mustCreate(t, s, minimal("r2"))
	if err := s.FinishGame(ctx(t), "r2", "win 1", "resigned"); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if err := s.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}

	s = open()
	want := sample("r1")
	want.Moves = append(want.Moves, m)
	want.UpdatedAt = m.At
	sameGame(t, mustLoad(t, s, "r1"), want, true)
	if g := mustLoad(t, s, "r2"); g.Result != "win 1" || g.Reason != "resigned" {
		t.Errorf("r2 reopened as %q (%q)", g.Result, g.Reason)
	}
	mustAppend(t, s, "r1", store.Move{Ply: 4, Notation: "more"})
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	s = open()
	defer s.Close()
	if n := len(mustLoad(t, s, "r1").Moves); n != 5 {
		t.Errorf("after a second reopen: %d moves, want 5", n)
	}
}

// testListCorrespondence: Filter.Correspondence lists only the games with
// days per move; days out of bounds are refused.
func testListCorrespondence(t *testing.T, s store.Store) {
	for i, days := range []int{0, 2, 0, 14} {
		g := sample(fmt.Sprint("corr", i))
		g.MoveDays = days
		if err := s.CreateGame(ctx(t), g); err != nil {
			t.Fatal(err)
		}
	}
	list, err := s.ListGames(ctx(t), store.Filter{Correspondence: true, OldestFirst: true})
	if err != nil || len(list) != 2 || list[0].MoveDays == 0 || list[1].MoveDays == 0 {
		t.Errorf("correspondence games: %+v, %v", list, err)
	}
	for _, days := range []int{-1, 31} {
		g := sample(fmt.Sprint("days", days))
		g.MoveDays = days
		if err := s.CreateGame(ctx(t), g); err == nil {
			t.Errorf("a game with %d days per move was stored", days)
		}
	}
}

// testListRealTime checks the filter the server's sweep of real-time games
// nobody has open uses: ongoing games with a clock, oldest first.
func testListRealTime(t *testing.T, s store.Store) {
	t0 := time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)
	for i, clock := range []int64{0, 60_000, 300_000, 0, 180_000} {
		g := sample(fmt.Sprint("rt", i))
		g.Moves, g.Hints = nil, nil
		g.ClockMillis, g.MoveDays = clock, 0
		if clock == 0 && i == 3 {
			g.MoveDays = 2
		}
		g.CreatedAt, g.UpdatedAt = t0.Add(time.Duration(i)*time.Minute), t0.Add(time.Duration(i)*time.Minute)
		if err := s.CreateGame(ctx(t), g); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.FinishGame(ctx(t), "rt4", "draw", "agreement"); err != nil {
		t.Fatal(err)
	}
	ids := func(f store.Filter) string {
		t.Helper()
		list, err := s.ListGames(ctx(t), f)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, g := range list {
			if g.ClockMillis <= 0 {
				t.Errorf("%s without a clock listed as real-time", g.ID)
			}
			out = append(out, g.ID)
		}
		return strings.Join(out, " ")
	}
	no := false
	for _, c := range []struct {
		f    store.Filter
		want string
	}{
		{store.Filter{RealTime: true, OldestFirst: true}, "rt1 rt2 rt4"},
		{store.Filter{RealTime: true, Finished: &no, OldestFirst: true}, "rt1 rt2"},
		{store.Filter{RealTime: true, Finished: &no, UpdatedBefore: t0.Add(2 * time.Minute)}, "rt1"},
		{store.Filter{RealTime: true, Finished: &no, OldestFirst: true, Limit: 1, Offset: 1}, "rt2"},
	} {
		if got := ids(c.f); got != c.want {
			t.Errorf("%+v: %q, want %q", c.f, got, c.want)
		}
	}
}
