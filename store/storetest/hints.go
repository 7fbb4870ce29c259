package storetest

import (
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/plateau-games/plateau/store"
)

// HintStore is what the hints suite needs: games and their hints.
type HintStore interface {
	store.Store
	store.Hints
}

// RunHints runs the conformance suite of store.Hints, each test as a
// subtest of t, on an empty store from newStore.
func RunHints(t *testing.T, newStore func(t *testing.T) HintStore) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s HintStore)
	}{
		{"AddLoad", testHintAddLoad},
		{"Refused", testHintRefused},
		{"Undo", testHintUndo},
		{"Full", testHintFull},
		{"Race", testHintRace},
		{"RaceWithMove", testHintRaceWithMove},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.fn(t, newStore(t)) })
	}
}

// hintGame is an ongoing game of two seats without moves.
func hintGame(id string) *store.Game {
	return &store.Game{ID: id, GameID: "pogo", CreatedAt: base, UpdatedAt: base,
		Seats: []store.Seat{{Kind: "human", Name: "Zoé"}, {Kind: "computer", Agent: "hard"}}}
}

func testHintAddLoad(t *testing.T, s HintStore) {
	mustCreate(t, s, hintGame("h1"))
	want := []store.Hint{{Seat: 0, Ply: 0, At: base.Add(time.Second)}}
	if err := s.AddHint(ctx(t), "h1", want[0]); err != nil {
		t.Fatal(err)
	}
	mustAppend(t, s, "h1", store.Move{Ply: 0, Notation: "2b1-b3", Seat: 0, At: base.Add(2 * time.Second), ClockMillis: -1})
	mustAppend(t, s, "h1", store.Move{Ply: 1, Notation: "1a3-a2", Seat: 1, At: base.Add(3 * time.Second), ClockMillis: -1})
	// Two hints in one position: both count.
	for range 2 {
		h := store.Hint{Seat: 0, Ply: 2, At: base.Add(4*time.Second + 123456789)}
		if err := s.AddHint(ctx(t), "h1", h); err != nil {
			t.Fatal(err)
		}
		want = append(want, h)
	}
	g := mustLoad(t, s, "h1")
	sameHints(t, "h1", g.Hints, want)
	// A hint is not a move: UpdatedAt is the last move's time.
	checkTime(t, "UpdatedAt after the hints", g.UpdatedAt, base.Add(3*time.Second))
	// A hint without a time gets the current one.
	before := time.Now().Add(-time.Second)
	if err := s.AddHint(ctx(t), "h1", store.Hint{Seat: 0, Ply: 2}); err != nil {
		t.Fatal(err)
	}
	g = mustLoad(t, s, "h1")
	if len(g.Hints) != 4 {
		t.Fatalf("%d hints, want 4", len(g.Hints))
	}
	if at := g.Hints[3].At; at.Before(before) || at.Location() != time.UTC {
		t.Errorf("hint At defaulted to %v, want now in UTC", at)
	}
	// A listing leaves them out; a game without any has none.
	list, err := s.ListGames(ctx(t), store.Filter{})
	if err != nil || len(list) != 1 || list[0].Hints != nil {
		t.Errorf("listing: %+v, %v", list, err)
	}
	mustCreate(t, s, hintGame("h2"))
	if g := mustLoad(t, s, "h2"); g.Hints != nil {
		t.Errorf("a game without hints loads with %+v", g.Hints)
	}
}

func testHintRefused(t *testing.T, s HintStore) {
	mustCreate(t, s, hintGame("r1"))
	mustAppend(t, s, "r1", store.Move{Ply: 0, Notation: "2b1-b3", Seat: 0, ClockMillis: -1})
	for _, tc := range []struct {
		what string
		id   string
		h    store.Hint
		want error // nil: any error
	}{
		{"a past position", "r1", store.Hint{Seat: 1, Ply: 0}, store.ErrConflict},
		{"a future position", "r1", store.Hint{Seat: 1, Ply: 2}, store.ErrConflict},
		{"no such game", "none", store.Hint{Seat: 0, Ply: 0}, store.ErrNotFound},
		{"a seat the game has not", "r1", store.Hint{Seat: 2, Ply: 1}, nil},
		{"a negative seat", "r1", store.Hint{Seat: -1, Ply: 1}, nil},
		{"a negative ply", "r1", store.Hint{Seat: 1, Ply: -1}, nil},
	} {
		err := s.AddHint(ctx(t), tc.id, tc.h)
		if err == nil || tc.want != nil && !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.what, err, tc.want)
		}
	}
	if g := mustLoad(t, s, "r1"); len(g.Hints) != 0 {
		t.Errorf("refused hints were stored: %+v", g.Hints)
	}
	// A finished game takes no more hints.
	if err := s.FinishGame(ctx(t), "r1", "win 1", "resigned 2"); err != nil {
		t.Fatal(err)
	}
	wantErr(t, "a hint after the end", s.AddHint(ctx(t), "r1", store.Hint{Seat: 1, Ply: 1}), store.ErrConflict)
	if g := mustLoad(t, s, "r1"); len(g.Hints) != 0 {
		t.Errorf("a hint was stored after the end: %+v", g.Hints)
	}
}

// A hint taken back by an undo stays: it was given.
func testHintUndo(t *testing.T, s HintStore) {
	mustCreate(t, s, hintGame("u1"))
	mustAppend(t, s, "u1", store.Move{Ply: 0, Notation: "2b1-b3", Seat: 0, ClockMillis: -1})
	mustAppend(t, s, "u1", store.Move{Ply: 1, Notation: "1a3-a2", Seat: 1, ClockMillis: -1})
	if err := s.AddHint(ctx(t), "u1", store.Hint{Seat: 0, Ply: 2}); err != nil {
		t.Fatal(err)
	}
	if err := s.TruncateMoves(ctx(t), "u1", 0); err != nil {
		t.Fatal(err)
	}
	if err := s.AddHint(ctx(t), "u1", store.Hint{Seat: 0, Ply: 0}); err != nil {
		t.Fatal(err)
	}
	g := mustLoad(t, s, "u1")
	if len(g.Hints) != 2 || g.Hints[0].Ply != 2 || g.Hints[1].Ply != 0 {
		t.Errorf("hints after an undo: %+v, want plies 2 then 0", g.Hints)
	}
}

// A game holds MaxHints at most, from CreateGame as from AddHint.
func testHintFull(t *testing.T, s HintStore) {
	g := hintGame("f1")
	for range store.MaxHints + 1 {
		g.Hints = append(g.Hints, store.Hint{Seat: 0, Ply: 0, At: base})
	}
	if err := s.CreateGame(ctx(t), g); err == nil {
		t.Fatalf("a game with %d hints was stored", len(g.Hints))
	}
	g.Hints = g.Hints[:store.MaxHints-1]
	mustCreate(t, s, g)
	if err := s.AddHint(ctx(t), "f1", store.Hint{Seat: 0, Ply: 0}); err != nil {
		t.Fatalf("the last hint: %v", err)
	}
	wantErr(t, "a hint over the bound", s.AddHint(ctx(t), "f1", store.Hint{Seat: 0, Ply: 0}), store.ErrConflict)
	if got := len(mustLoad(t, s, "f1").Hints); got != store.MaxHints {
		t.Errorf("%d hints stored, want %d", got, store.MaxHints)
	}
}

// Writers racing to add hints to one game: every one is stored, each with
// its own number.
func testHintRace(t *testing.T, s HintStore) {
	mustCreate(t, s, hintGame("race"))
	const n = 8
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		wg.Go(func() { errs <- s.AddHint(ctx(t), "race", store.Hint{Seat: i % 2, Ply: 0}) })
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Errorf("AddHint: %v", err)
		}
	}
	if got := len(mustLoad(t, s, "race").Hints); got != n {
		t.Errorf("%d hints stored, want %d", got, n)
	}
}

// A hint racing the move that leaves its position: either the hint is
// stored first (for the position it was asked in) or refused.
func testHintRaceWithMove(t *testing.T, s HintStore) {
	for i := range 10 {
		id := "hm" + string(rune('a'+i))
		mustCreate(t, s, hintGame(id))
		var wg sync.WaitGroup
		var hintErr, moveErr error
		wg.Go(func() { hintErr = s.AddHint(ctx(t), id, store.Hint{Seat: 0, Ply: 0}) })
		wg.Go(func() {
			moveErr = s.AppendMove(ctx(t), id, store.Move{Ply: 0, Notation: "2b1-b3", Seat: 0, ClockMillis: -1})
		})
		wg.Wait()
		if moveErr != nil {
			t.Fatalf("the move: %v", moveErr)
		}
		g := mustLoad(t, s, id)
		switch {
		case hintErr == nil && (len(g.Hints) != 1 || g.Hints[0].Ply != 0):
			t.Errorf("%s: the hint was accepted but stored as %+v", id, g.Hints)
		case hintErr != nil && !errors.Is(hintErr, store.ErrConflict):
			t.Errorf("%s: the hint was refused with %v, want ErrConflict", id, hintErr)
		case hintErr != nil && len(g.Hints) != 0:
			t.Errorf("%s: the hint was refused but stored: %+v", id, g.Hints)
		}
	}
}
