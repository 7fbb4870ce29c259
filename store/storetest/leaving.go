package storetest

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/plateau-games/plateau/store"
)

// LeaveStore is what the leaving suite needs: games, accounts (a leaver
// keeps his account) and leaves.
type LeaveStore interface {
	store.Store
	store.Accounts
	store.Leaving
}

// RunLeaving runs the conformance suite of store.Leaving, each test as a
// subtest of t, on an empty store from newStore.
func RunLeaving(t *testing.T, newStore func(t *testing.T) LeaveStore) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s LeaveStore)
	}{
		{"LeaveLoadList", testLeaveLoadList},
		{"Refused", testLeaveRefused},
		{"Race", testLeaveRace},
		{"CreateKeeps", testLeaveCreateKeeps},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.fn(t, newStore(t)) })
	}
}

// leaveGame is an ongoing game of three or four with one seat per name
// ("" : a computer's seat), the named seats held by accounts of those names.
func leaveGame(t *testing.T, s LeaveStore, id, agent string, names ...string) {
	t.Helper()
	g := &store.Game{ID: id, GameID: "saute", Options: fmt.Sprintf("players=%d", len(names)), LeaverAgent: agent,
		CreatedAt: base, UpdatedAt: base}
	for i, name := range names {
		if name == "" {
			g.Seats = append(g.Seats, store.Seat{Kind: "computer", Agent: "medium", Name: fmt.Sprintf("computer %d", i+1)})
			continue
		}
		if _, err := s.LoadUser(ctx(t), name); errors.Is(err, store.ErrNotFound) {
			if err := s.CreateUser(ctx(t), sampleUser(name)); err != nil {
				t.Fatal(err)
			}
		}
		g.Seats = append(g.Seats, store.Seat{Kind: "human", Name: name, User: name, TokenHash: fmt.Sprintf("%064x", i+1)})
	}
	mustCreate(t, s, g)
}

// A leave turns the seat into a computer's with the order of leaving,
// keeping its player's name, account and token; LoadGame and ListGames
// show it, with the game's leaver level.
func testLeaveLoadList(t *testing.T, s LeaveStore) {
	leaveGame(t, s, "leave1", "hard", "Alice", "Bob", "Carol")
	if g := mustLoad(t, s, "leave1"); g.LeaverAgent != "hard" || g.Seats[0].Left != 0 {
		t.Fatalf("before any leave: leaver agent %q, seat 1 left %d", g.LeaverAgent, g.Seats[0].Left)
	}
	at := base.Add(time.Minute)
	left, err := s.LeaveSeat(ctx(t), "leave1", 1, "hard", at)
	if err != nil || left != 1 {
		t.Fatalf("Bob leaves: %d, %v; want 1, nil", left, err)
	}
	left, err = s.LeaveSeat(ctx(t), "leave1", 0, "easy", time.Time{})
	if err != nil || left != 2 {
		t.Fatalf("Alice leaves second: %d, %v; want 2, nil", left, err)
	}
	check := func(how string, g *store.Game) {
		t.Helper()
		want := []store.Seat{
			{Kind: "computer", Agent: "easy", Name: "Alice", User: "Alice", TokenHash: fmt.Sprintf("%064x", 1), Left: 2},
			{Kind: "computer", Agent: "hard", Name: "Bob", User: "Bob", TokenHash: fmt.Sprintf("%064x", 2), Left: 1},
			{Kind: "human", Name: "Carol", User: "Carol", TokenHash: fmt.Sprintf("%064x", 3)},
		}
		if len(g.Seats) != len(want) {
			t.Fatalf("%s: %d seats, want %d", how, len(g.Seats), len(want))
		}
		for i := range want {
			if g.Seats[i] != want[i] {
				t.Errorf("%s: seat %d is %+v, want %+v", how, i, g.Seats[i], want[i])
			}
		}
		if g.LeaverAgent != "hard" || g.Result != store.Ongoing {
			t.Errorf("%s: leaver agent %q, result %q; want hard, the game on", how, g.LeaverAgent, g.Result)
		}
	}
	check("LoadGame", mustLoad(t, s, "leave1"))
	games, err := s.ListGames(ctx(t), store.Filter{User: "Bob"})
	if err != nil || len(games) != 1 {
		t.Fatalf("ListGames of Bob: %d games, %v", len(games), err)
	}
	check("ListGames", &games[0])
	if g := mustLoad(t, s, "leave1"); g.UpdatedAt.Before(at) {
		t.Errorf("UpdatedAt %v, before the leave at %v", g.UpdatedAt, at)
	}
}

// A finished game, a seat that left, a computer's seat, a seat the game
// does not have, an empty level: refused, nothing changed.
func testLeaveRefused(t *testing.T, s LeaveStore) {
	leaveGame(t, s, "leave2", "", "Alice", "", "Carol")
	if _, err := s.LeaveSeat(ctx(t), "leave2", 0, "easy", time.Time{}); err != nil {
		t.Fatal(err)
	}
	before := mustLoad(t, s, "leave2")
	_, err := s.LeaveSeat(ctx(t), "leave2", 0, "easy", time.Time{})
	wantErr(t, "a seat that left leaves again", err, store.ErrConflict)
	_, err = s.LeaveSeat(ctx(t), "leave2", 1, "easy", time.Time{})
	wantErr(t, "a computer's seat leaves", err, store.ErrConflict)
	_, err = s.LeaveSeat(ctx(t), "nosuch", 0, "easy", time.Time{})
	wantErr(t, "a game that does not exist", err, store.ErrNotFound)
	for _, bad := range []struct {
		seat  int
		agent string
	}{{3, "easy"}, {-1, "easy"}, {200, "easy"}, {2, ""}, {2, string(make([]byte, store.MaxAgentLength+1))}} {
		if _, err := s.LeaveSeat(ctx(t), "leave2", bad.seat, bad.agent, time.Time{}); err == nil {
			t.Errorf("seat %d with a level of %d bytes: no error", bad.seat, len(bad.agent))
		}
	}
	if err := s.FinishGame(ctx(t), "leave2", "win 3", "resigned"); err != nil {
		t.Fatal(err)
	}
	_, err = s.LeaveSeat(ctx(t), "leave2", 2, "easy", time.Time{})
	wantErr(t, "a leave from a finished game", err, store.ErrConflict)
	after := mustLoad(t, s, "leave2")
	for i := range before.Seats {
		if after.Seats[i] != before.Seats[i] {
			t.Errorf("seat %d changed by refused leaves: %+v, was %+v", i, after.Seats[i], before.Seats[i])
		}
	}
}

// Three players of four leaving at once get the orders 1, 2 and 3, each
// once: a leave counts those committed before it.
func testLeaveRace(t *testing.T, s LeaveStore) {
	leaveGame(t, s, "leave3", "", "Alice", "Bob", "Carol", "Dan")
	var wg sync.WaitGroup
	orders := make([]int, 3)
	errs := make([]error, 3)
	for i := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			orders[i], errs[i] = s.LeaveSeat(ctx(t), "leave3", i, "easy", time.Time{})
		}()
	}
	wg.Wait()
	seen := map[int]bool{}
	for i := range 3 {
		if errs[i] != nil {
			t.Fatalf("seat %d leaving: %v", i, errs[i])
		}
		seen[orders[i]] = true
	}
	if !seen[1] || !seen[2] || !seen[3] {
		t.Fatalf("orders of leaving %v, want 1, 2 and 3 once each", orders)
	}
	g := mustLoad(t, s, "leave3")
	for i := range 3 {
		if g.Seats[i].Left != orders[i] {
			t.Errorf("seat %d stored as left %d, LeaveSeat said %d", i, g.Seats[i].Left, orders[i])
		}
	}
	if g.Seats[3].Left != 0 || g.Seats[3].Kind != "human" {
		t.Errorf("the last player: %+v, want still at the table", g.Seats[3])
	}
}

// CreateGame keeps the seats' Left and the leaver level it is given (a
// game copied, a store moved).
func testLeaveCreateKeeps(t *testing.T, s LeaveStore) {
	g := &store.Game{ID: "leave4", GameID: "saute", Options: "players=3", LeaverAgent: "medium", Seats: []store.Seat{
		{Kind: "human", Name: "a"}, {Kind: "computer", Agent: "easy", Name: "b", Left: 1}, {Kind: "human", Name: "c"}}}
	mustCreate(t, s, g)
	got := mustLoad(t, s, "leave4")
	if got.LeaverAgent != "medium" || got.Seats[1].Left != 1 || got.Seats[0].Left != 0 {
		t.Fatalf("created with a leaver: %+v, leaver agent %q", got.Seats, got.LeaverAgent)
	}
	if left, err := s.LeaveSeat(ctx(t), "leave4", 2, "medium", time.Time{}); err != nil || left != 2 {
		t.Fatalf("the second leaver: %d, %v; want 2", left, err)
	}
}
