package storetest

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/plateau-games/plateau/store"
)

// LobbyStore is what the lobby suite needs: challenges, the accounts they
// belong to and the games they become.
type LobbyStore interface {
	store.Store
	store.Accounts
	store.Lobby
}

// RunLobby runs the conformance suite of store.Lobby, each test as a
// subtest of t, on an empty store from newStore.
func RunLobby(t *testing.T, newStore func(t *testing.T) LobbyStore) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s LobbyStore)
	}{
		{"CreateLoad", testChallengeCreateLoad},
		{"BadChallenges", testBadChallenges},
		{"OpenListing", testOpenChallenges},
		{"Accept", testAcceptChallenge},
		{"AcceptRefusals", testAcceptRefusals},
		{"AcceptRace", testAcceptRace},
		{"Cancel", testCancelChallenge},
		{"Expire", testExpireChallenges},
		{"OpenBound", testOpenChallengeBound},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.fn(t, newStore(t)) })
	}
}

func users(t *testing.T, s store.Accounts, names ...string) {
	t.Helper()
	for _, n := range names {
		if err := s.CreateUser(ctx(t), &store.User{Name: n}); err != nil {
			t.Fatal(err)
		}
	}
}

// challenge is an open POGO challenge of creator made at at, lasting an
// hour.
func challenge(id, creator string, at time.Time) *store.Challenge {
	return &store.Challenge{ID: id, Creator: creator, GameID: "pogo", Options: "", Seat: -1, Rated: true,
		ClockMillis: 300000, IncrementMillis: 2000, CreatedAt: at, ExpiresAt: at.Add(time.Hour)}
}

// gameOf is the game a challenge becomes.
func gameOf(id string, players ...string) *store.Game {
	g := &store.Game{ID: id, GameID: "pogo", Rated: true, ClockMillis: 300000, IncrementMillis: 2000}
	for _, p := range players {
		g.Seats = append(g.Seats, store.Seat{Kind: "human", Name: p, User: p})
	}
	return g
}

func testChallengeCreateLoad(t *testing.T, s LobbyStore) {
	users(t, s, "Alice", "Bob")
	c := challenge("ch1", "alice", base)
	c.Target = "BOB"
	c.Seat = 1
	c.MoveDays = 3
	if err := s.CreateChallenge(ctx(t), c); err != nil {
		t.Fatal(err)
	}
	got, err := s.LoadChallenge(ctx(t), "ch1")
	if err != nil {
		t.Fatal(err)
	}
	want := store.Challenge{ID: "ch1", Creator: "Alice", Target: "Bob", GameID: "pogo", Seat: 1, Rated: true,
		ClockMillis: 300000, IncrementMillis: 2000, MoveDays: 3, Status: store.ChallengeOpen,
		CreatedAt: stored(base), ExpiresAt: stored(base.Add(time.Hour))}
	if *got != want {
		t.Errorf("LoadChallenge = %+v, want %+v (names as the accounts have them)", *got, want)
	}
	if _, err := s.LoadChallenge(ctx(t), "none"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a missing challenge: %v", err)
	}
	if err := s.CreateChallenge(ctx(t), challenge("ch1", "bob", base)); !errors.Is(err, store.ErrConflict) {
		t.Errorf("a second challenge ch1: %v, want ErrConflict", err)
	}
}

func testBadChallenges(t *testing.T, s LobbyStore) {
	users(t, s, "alice", "gone")
	g, _ := s.LoadUser(ctx(t), "gone")
	g.Disabled = true
	if err := s.UpdateUser(ctx(t), g); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		c    *store.Challenge
		want error
	}{
		{nil, nil},
		{func() *store.Challenge { c := challenge("", "alice", base); return c }(), nil},
		{func() *store.Challenge { c := challenge("b1", "alice", base); c.GameID = ""; return c }(), nil},
		{func() *store.Challenge { c := challenge("b2", "alice", base); c.Seat = 2; return c }(), nil},
		{func() *store.Challenge { c := challenge("b3", "alice", base); c.ClockMillis = -1; return c }(), nil},
		{func() *store.Challenge { c := challenge("b4", "alice", base); c.Target = "ALICE"; return c }(), nil},
		{func() *store.Challenge { c := challenge("b5", "alice", base); c.ExpiresAt = base; return c }(), nil},
		{func() *store.Challenge { c := challenge("b10", "alice", base); c.MoveDays = 31; return c }(), nil},
		{challenge("b6", "nobody", base), store.ErrNotFound},
		{challenge("b7", "gone", base), store.ErrNotFound},
		{func() *store.Challenge { c := challenge("b8", "alice", base); c.Target = "nobody"; return c }(), store.ErrNotFound},
		{func() *store.Challenge { c := challenge("b9", "alice", base); c.Target = "gone"; return c }(), store.ErrNotFound},
	} {
		err := s.CreateChallenge(ctx(t), tc.c)
		if err == nil || tc.want != nil && !errors.Is(err, tc.want) {
			t.Errorf("CreateChallenge(%+v) = %v, want an error (%v)", tc.c, err, tc.want)
		}
	}
	if list, err := s.OpenChallenges(ctx(t), "alice", base, 0); err != nil || len(list) != 0 {
		t.Errorf("after refused challenges: %+v, %v", list, err)
	}
}

func testOpenChallenges(t *testing.T, s LobbyStore) {
	users(t, s, "alice", "bob", "carol")
	now := time.Now()
	public := challenge("pub", "alice", now.Add(-2*time.Minute))
	aimed := challenge("aim", "alice", now.Add(-time.Minute))
	aimed.Target = "bob"
	old := challenge("old", "carol", now.Add(-2*time.Hour)) // expired an hour ago
	for _, c := range []*store.Challenge{public, aimed, old} {
		if err := s.CreateChallenge(ctx(t), c); err != nil {
			t.Fatal(err)
		}
	}
	ids := func(user string) []string {
		list, err := s.OpenChallenges(ctx(t), user, now, 0)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, c := range list {
			out = append(out, c.ID)
		}
		return out
	}
	for user, want := range map[string]string{"": "[pub]", "carol": "[pub]", "bob": "[pub aim]", "ALICE": "[pub aim]"} {
		if got := fmt.Sprint(ids(user)); got != want {
			t.Errorf("OpenChallenges(%q) = %s, want %s", user, got, want)
		}
	}
}

func testAcceptChallenge(t *testing.T, s LobbyStore) {
	users(t, s, "alice", "Bob")
	now := time.Now()
	if err := s.CreateChallenge(ctx(t), challenge("ch", "alice", now)); err != nil {
		t.Fatal(err)
	}
	if err := s.AcceptChallenge(ctx(t), "ch", "bob", now, gameOf("g1", "Bob", "alice")); err != nil {
		t.Fatal(err)
	}
	c, _ := s.LoadChallenge(ctx(t), "ch")
	if c.Status != store.ChallengeAccepted || c.Game != "g1" || c.AcceptedBy != "Bob" {
		t.Errorf("accepted challenge: %+v", c)
	}
	g, err := s.LoadGame(ctx(t), "g1")
	if err != nil || len(g.Seats) != 2 || g.Seats[0].User != "Bob" || g.Seats[1].User != "alice" || !g.Rated {
		t.Fatalf("the challenge's game: %+v, %v", g, err)
	}
	if list, _ := s.OpenChallenges(ctx(t), "", now, 0); len(list) != 0 {
		t.Errorf("an accepted challenge is still listed: %+v", list)
	}
}

func testAcceptRefusals(t *testing.T, s LobbyStore) {
	users(t, s, "alice", "bob", "carol", "dave")
	now := time.Now()
	aimed := challenge("aimed", "alice", now)
	aimed.Target = "bob"
	expired := challenge("expired", "alice", now.Add(-2*time.Hour))
	for _, c := range []*store.Challenge{aimed, expired, challenge("mine", "carol", now)} {
		if err := s.CreateChallenge(ctx(t), c); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		id, user string
		want     error
	}{
		{"aimed", "carol", store.ErrConflict}, // for another player
		{"expired", "bob", store.ErrConflict},
		{"mine", "carol", store.ErrConflict}, // one's own
		{"none", "bob", store.ErrNotFound},
		{"mine", "nobody", store.ErrNotFound},
	} {
		err := s.AcceptChallenge(ctx(t), tc.id, tc.user, now, gameOf("x-"+tc.id+"-"+tc.user, tc.user, "alice"))
		if !errors.Is(err, tc.want) {
			t.Errorf("AcceptChallenge(%s, %s) = %v, want %v", tc.id, tc.user, err, tc.want)
		}
		if _, err := s.LoadGame(ctx(t), "x-"+tc.id+"-"+tc.user); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("a refused acceptance stored its game: %v", err)
		}
	}
	// A game id already taken: the acceptance fails whole, the challenge stays open.
	if err := s.CreateGame(ctx(t), gameOf("taken")); err != nil {
		t.Fatal(err)
	}
	if err := s.AcceptChallenge(ctx(t), "mine", "dave", now, gameOf("taken", "dave", "carol")); !errors.Is(err, store.ErrConflict) {
		t.Errorf("accepting into a taken game id: %v", err)
	}
	if c, _ := s.LoadChallenge(ctx(t), "mine"); c.Status != store.ChallengeOpen {
		t.Errorf("after a failed acceptance: %+v", c)
	}
}

func testAcceptRace(t *testing.T, s LobbyStore) {
	const racers = 8
	names := make([]string, racers)
	for i := range names {
		names[i] = fmt.Sprint("racer", i)
	}
	users(t, s, append(names, "host")...)
	now := time.Now()
	if err := s.CreateChallenge(ctx(t), challenge("hot", "host", now)); err != nil {
		t.Fatal(err)
	}
	var wins atomic.Int32
	var wg sync.WaitGroup
	for i, n := range names {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := s.AcceptChallenge(ctx(t), "hot", n, now, gameOf(fmt.Sprint("race", i), n, "host"))
			switch {
			case err == nil:
				wins.Add(1)
			case !errors.Is(err, store.ErrConflict):
				t.Errorf("%s: %v", n, err)
			}
		}()
	}
	wg.Wait()
	if wins.Load() != 1 {
		t.Fatalf("%d acceptances of one challenge succeeded, want 1", wins.Load())
	}
	games, err := s.ListGames(ctx(t), store.Filter{})
	if err != nil || len(games) != 1 {
		t.Errorf("games made by the race: %d, %v", len(games), err)
	}
}

func testCancelChallenge(t *testing.T, s LobbyStore) {
	users(t, s, "alice", "bob")
	now := time.Now()
	if err := s.CreateChallenge(ctx(t), challenge("ch", "alice", now)); err != nil {
		t.Fatal(err)
	}
	if err := s.CancelChallenge(ctx(t), "ch", "bob"); !errors.Is(err, store.ErrConflict) {
		t.Errorf("bob cancelling alice's challenge: %v", err)
	}
	if err := s.CancelChallenge(ctx(t), "ch", "ALICE"); err != nil {
		t.Fatal(err)
	}
	if err := s.CancelChallenge(ctx(t), "ch", "alice"); !errors.Is(err, store.ErrConflict) {
		t.Errorf("cancelling twice: %v", err)
	}
	if err := s.AcceptChallenge(ctx(t), "ch", "bob", now, gameOf("g", "bob", "alice")); !errors.Is(err, store.ErrConflict) {
		t.Errorf("accepting a cancelled challenge: %v", err)
	}
	if err := s.CancelChallenge(ctx(t), "none", "alice"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("cancelling a missing challenge: %v", err)
	}
}

func testExpireChallenges(t *testing.T, s LobbyStore) {
	users(t, s, "alice")
	start := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	for i, life := range []time.Duration{time.Minute, 2 * time.Minute, time.Hour} {
		c := challenge(fmt.Sprint("e", i), "alice", start)
		c.ExpiresAt = start.Add(life)
		if err := s.CreateChallenge(ctx(t), c); err != nil {
			t.Fatal(err)
		}
	}
	if n, err := s.ExpireChallenges(ctx(t), start.Add(2*time.Minute)); err != nil || n != 2 {
		t.Errorf("ExpireChallenges = %d, %v; want 2 (one at its expiry exactly)", n, err)
	}
	for id, want := range map[string]string{"e0": store.ChallengeExpired, "e1": store.ChallengeExpired, "e2": store.ChallengeOpen} {
		if c, _ := s.LoadChallenge(ctx(t), id); c.Status != want {
			t.Errorf("%s is %s, want %s", id, c.Status, want)
		}
	}
}

func testOpenChallengeBound(t *testing.T, s LobbyStore) {
	users(t, s, "alice")
	now := time.Now()
	for i := 0; i < store.MaxOpenChallenges; i++ {
		if err := s.CreateChallenge(ctx(t), challenge(fmt.Sprint("c", i), "alice", now)); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.CreateChallenge(ctx(t), challenge("one-more", "alice", now)); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("challenge %d: %v, want ErrConflict", store.MaxOpenChallenges+1, err)
	}
	if err := s.CancelChallenge(ctx(t), "c0", "alice"); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateChallenge(ctx(t), challenge("one-more", "alice", now)); err != nil {
		t.Errorf("after a cancellation: %v", err)
	}
}
