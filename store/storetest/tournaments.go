package storetest

import (
	"errors"
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/plateau-games/plateau/store"
)

// TournamentsStore is what the tournaments suite needs: tournaments, the
// accounts that play them and the games they make.
type TournamentsStore interface {
	store.Store
	store.Accounts
	store.Tournaments
	store.TournamentExtras
}

// RunTournaments runs the conformance suite of store.Tournaments, each
// test as a subtest of t, on an empty store from newStore.
func RunTournaments(t *testing.T, newStore func(t *testing.T) TournamentsStore) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s TournamentsStore)
	}{
		{"CreateLoad", testTournamentCreateLoad},
		{"BadTournaments", testBadTournaments},
		{"Register", testTournamentRegister},
		{"Start", testTournamentStart},
		{"PairAndResults", testTournamentPairResults},
		{"PairRefusals", testTournamentPairRefusals},
		{"PairRace", testTournamentPairRace},
		{"ArenaPairing", testTournamentArena},
		{"List", testTournamentList},
		{"Tables", testTournamentTables},
		{"Computers", testTournamentComputers},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.fn(t, newStore(t)) })
	}
}

func newTournament(id, director, kind string) *store.Tournament {
	tr := &store.Tournament{ID: id, Name: "Club evening " + id, Director: director, Kind: kind, GameID: "pogo", Options: "",
		Rated: true, ClockMillis: 300000, IncrementMillis: 2000, Rounds: 4, StartsAt: base.Add(time.Hour), CreatedAt: base}
	if kind == store.TournamentArena {
		tr.DurationMillis = int64(time.Hour / time.Millisecond)
	}
	return tr
}

func createTournament(t *testing.T, s TournamentsStore, tr *store.Tournament) {
	t.Helper()
	if err := s.CreateTournament(ctx(t), tr); err != nil {
		t.Fatalf("CreateTournament(%s): %v", tr.ID, err)
	}
}

func loadTournament(t *testing.T, s TournamentsStore, id string) *store.Tournament {
	t.Helper()
	tr, err := s.LoadTournament(ctx(t), id)
	if err != nil {
		t.Fatalf("LoadTournament(%s): %v", id, err)
	}
	return tr
}

// tournamentUnchanged checks that a refused change left tournament id as
// it was.
func tournamentUnchanged(t *testing.T, s TournamentsStore, what string, was *store.Tournament) {
	t.Helper()
	if got := loadTournament(t, s, was.ID); !reflect.DeepEqual(got, was) {
		t.Errorf("%s changed the tournament:\n got %+v\nwant %+v", what, got, was)
	}
}

func register(t *testing.T, s TournamentsStore, id string, names ...string) {
	t.Helper()
	for i, n := range names {
		if err := s.Register(ctx(t), id, n, 1500+10*i, base.Add(time.Duration(i)*time.Second)); err != nil {
			t.Fatalf("Register(%s, %s): %v", id, n, err)
		}
	}
}

// pairGame is the game of a board: white against black.
func pairGame(id, white, black string) *store.Game {
	return &store.Game{ID: id, GameID: "pogo", Result: store.Ongoing, Rated: true, ClockMillis: 300000,
		Seats: []store.Seat{{Kind: "human", Name: white, User: white}, {Kind: "human", Name: black, User: black}}}
}

func testTournamentCreateLoad(t *testing.T, s TournamentsStore) {
	users(t, s, "Alice", "Bob", "Carol")
	tr := newTournament("t1", "ALICE", store.TournamentSwiss)
	tr.Closed, tr.Invited, tr.AutoPair, tr.Status, tr.Paired, tr.Bots = true, []string{"bob", "CAROL", "Bob"}, true, store.TournamentFinished, 3, true
	createTournament(t, s, tr)
	want := &store.Tournament{ID: "t1", Name: "Club evening t1", Director: "Alice", Kind: store.TournamentSwiss, GameID: "pogo",
		Rated: true, ClockMillis: 300000, IncrementMillis: 2000, Rounds: 4, StartsAt: stored(base.Add(time.Hour)),
		Closed: true, Invited: []string{"Bob", "Carol"}, AutoPair: true, Bots: true, Status: store.TournamentUpcoming,
		CreatedAt: stored(base), UpdatedAt: stored(base)}
	got := loadTournament(t, s, "t1")
	if !reflect.DeepEqual(got, want) {
		t.Errorf("LoadTournament =\n %+v\nwant %+v (the accounts' spellings, upcoming, nothing paired)", got, want)
	}
	if _, err := s.LoadTournament(ctx(t), "none"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a missing tournament: %v, want ErrNotFound", err)
	}
	if err := s.CreateTournament(ctx(t), newTournament("t1", "bob", store.TournamentSwiss)); !errors.Is(err, store.ErrConflict) {
		t.Errorf("a second t1: %v, want ErrConflict", err)
	}
	tournamentUnchanged(t, s, "a second t1", want)
	rr := newTournament("rr", "bob", store.TournamentRoundRobin)
	createTournament(t, s, rr)
	if got := loadTournament(t, s, "rr"); got.Rounds != 0 || got.Closed || got.Invited != nil {
		t.Errorf("a round robin's rounds %d (fixed at its start: 0), closed %v %v", got.Rounds, got.Closed, got.Invited)
	}
}

func testBadTournaments(t *testing.T, s TournamentsStore) {
	users(t, s, "alice", "bob", "gone")
	disableUser(t, s, "gone")
	with := func(id string, change func(tr *store.Tournament)) *store.Tournament {
		tr := newTournament(id, "alice", store.TournamentSwiss)
		change(tr)
		return tr
	}
	long := ""
	for range store.MaxTournamentName + 1 {
		long += "é"
	}
	for _, tc := range []struct {
		tr   *store.Tournament
		want error
	}{
		{nil, nil},
		{with("", func(tr *store.Tournament) {}), nil},
		{with("b1", func(tr *store.Tournament) { tr.Name = "" }), nil},
		{with("b2", func(tr *store.Tournament) { tr.Name = long }), nil},
		{with("b3", func(tr *store.Tournament) { tr.Kind = "knockout" }), nil},
		{with("b4", func(tr *store.Tournament) { tr.Rounds = 0 }), nil},
		{with("b5", func(tr *store.Tournament) { tr.Rounds = store.MaxTournamentRounds + 1 }), nil},
		{with("b6", func(tr *store.Tournament) { tr.GameID = "" }), nil},
		{with("b7", func(tr *store.Tournament) { tr.Kind, tr.DurationMillis = store.TournamentArena, 1000 }), nil},
		{with("b8", func(tr *store.Tournament) { tr.MoveDays = store.MaxMoveDays + 1 }), nil},
		{with("b9", func(tr *store.Tournament) { tr.Invited = make([]string, store.MaxInvited+1) }), nil},
		{with("u1", func(tr *store.Tournament) { tr.Director = "nobody" }), store.ErrNotFound},
		{with("u2", func(tr *store.Tournament) { tr.Director = "gone" }), store.ErrNotFound},
		{with("u3", func(tr *store.Tournament) { tr.Closed, tr.Invited = true, []string{"bob", "nobody"} }), store.ErrNotFound},
	} {
		err := s.CreateTournament(ctx(t), tc.tr)
		switch {
		case err == nil:
			t.Errorf("CreateTournament(%+v) stored it", tc.tr)
		case tc.want != nil && !errors.Is(err, tc.want):
			t.Errorf("CreateTournament(%+v) = %v, want %v", tc.tr, err, tc.want)
		}
	}
	if list, err := s.ListTournaments(ctx(t), "", 0); err != nil || len(list) != 0 {
		t.Errorf("after the refusals: %d tournaments, %v", len(list), err)
	}
	for i := range store.MaxDirected {
		createTournament(t, s, newTournament(fmt.Sprint("d", i), "alice", store.TournamentSwiss))
	}
	if err := s.CreateTournament(ctx(t), newTournament("over", "alice", store.TournamentSwiss)); !errors.Is(err, store.ErrConflict) {
		t.Errorf("a tournament over MaxDirected: %v, want ErrConflict", err)
	}
	if _, err := s.ListTournaments(ctx(t), "lost", 0); err == nil {
		t.Error("ListTournaments of an unknown status: no error")
	}
}

func testTournamentRegister(t *testing.T, s TournamentsStore) {
	users(t, s, "alice", "Bob", "carol", "dave", "gone")
	disableUser(t, s, "gone")
	createTournament(t, s, newTournament("open", "alice", store.TournamentSwiss))
	closed := newTournament("closed", "alice", store.TournamentSwiss)
	closed.Closed, closed.Invited = true, []string{"carol"}
	createTournament(t, s, closed)
	register(t, s, "open", "bob", "carol")
	tr := loadTournament(t, s, "open")
	if tr.Entries != 2 || len(tr.Entrants) != 2 || tr.Entrants[0].User != "Bob" || tr.Entrants[0].Rating != 1500 ||
		!tr.Entrants[0].At.Equal(stored(base)) || tr.Entrants[1].User != "carol" {
		t.Errorf("entrants %+v (%d)", tr.Entrants, tr.Entries)
	}
	for _, tc := range []struct {
		id, user string
		want     error
	}{
		{"open", "BOB", store.ErrConflict},    // twice
		{"closed", "dave", store.ErrConflict}, // not invited
		{"open", "nobody", store.ErrNotFound}, // no account
		{"open", "gone", store.ErrNotFound},   // disabled
		{"none", "dave", store.ErrNotFound},   // no tournament
	} {
		was, _ := s.LoadTournament(ctx(t), tc.id)
		if err := s.Register(ctx(t), tc.id, tc.user, 1500, base); !errors.Is(err, tc.want) {
			t.Errorf("Register(%s, %s) = %v, want %v", tc.id, tc.user, err, tc.want)
		}
		if was != nil {
			tournamentUnchanged(t, s, "a refused registration", was)
		}
	}
	register(t, s, "closed", "carol")
	if err := s.Withdraw(ctx(t), "open", "dave", base); !errors.Is(err, store.ErrConflict) {
		t.Errorf("withdrawing one not registered: %v, want ErrConflict", err)
	}
	if err := s.Withdraw(ctx(t), "open", "bob", base); err != nil {
		t.Fatal(err)
	}
	tr = loadTournament(t, s, "open")
	if tr.Entries != 1 || len(tr.Entrants) != 1 || tr.Entrants[0].User != "carol" {
		t.Errorf("after a withdrawal before the start: %d entries, %+v (the entry gone)", tr.Entries, tr.Entrants)
	}
	if err := s.Withdraw(ctx(t), "open", "bob", base); !errors.Is(err, store.ErrConflict) {
		t.Errorf("withdrawing twice: %v, want ErrConflict", err)
	}
	if err := s.Register(ctx(t), "open", "bob", 1600, base.Add(time.Minute)); err != nil {
		t.Errorf("coming back after a withdrawal: %v", err)
	}
	if tr := loadTournament(t, s, "open"); tr.Entries != 2 || tr.Entrants[1].User != "Bob" || tr.Entrants[1].Rating != 1600 {
		t.Errorf("after coming back: %+v", tr.Entrants)
	}
	// One account's registrations are bounded (withdrawn ones do not
	// count).
	var directors []string
	for i := range store.MaxEntered/store.MaxDirected + 1 {
		directors = append(directors, fmt.Sprint("dir", i))
	}
	users(t, s, directors...)
	for i := range store.MaxEntered - 2 { // carol is in "open" and "closed" already
		id := fmt.Sprint("m", i)
		createTournament(t, s, newTournament(id, directors[i/store.MaxDirected], store.TournamentSwiss))
		register(t, s, id, "carol")
	}
	createTournament(t, s, newTournament("last", directors[len(directors)-1], store.TournamentSwiss))
	if err := s.Register(ctx(t), "last", "carol", 1500, base); !errors.Is(err, store.ErrConflict) {
		t.Errorf("a registration over MaxEntered: %v, want ErrConflict", err)
	}
	if err := s.Withdraw(ctx(t), "m0", "carol", base); err != nil {
		t.Fatal(err)
	}
	register(t, s, "last", "carol")
}

func testTournamentStart(t *testing.T, s TournamentsStore) {
	users(t, s, "alice", "bob", "carol")
	createTournament(t, s, newTournament("s", "alice", store.TournamentSwiss))
	register(t, s, "s", "bob")
	was := loadTournament(t, s, "s")
	if err := s.StartTournament(ctx(t), "s", 4, base); !errors.Is(err, store.ErrConflict) {
		t.Errorf("starting with one player: %v, want ErrConflict", err)
	}
	tournamentUnchanged(t, s, "a refused start", was)
	register(t, s, "s", "carol")
	if err := s.StartTournament(ctx(t), "s", 0, base); err == nil {
		t.Error("starting a Swiss with 0 rounds: no error")
	}
	if err := s.StartTournament(ctx(t), "s", 4, base.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	tr := loadTournament(t, s, "s")
	if tr.Status != store.TournamentRunning || !tr.StartedAt.Equal(stored(base.Add(time.Hour))) || !tr.UpdatedAt.Equal(stored(base.Add(time.Hour))) {
		t.Errorf("after the start: %s, started %v, updated %v", tr.Status, tr.StartedAt, tr.UpdatedAt)
	}
	if err := s.StartTournament(ctx(t), "s", 4, base); !errors.Is(err, store.ErrConflict) {
		t.Errorf("starting twice: %v, want ErrConflict", err)
	}
	if err := s.Register(ctx(t), "s", "alice", 1500, base); !errors.Is(err, store.ErrConflict) {
		t.Errorf("registering in a running Swiss: %v, want ErrConflict", err)
	}
}

// startedSwiss is a running Swiss of 4 rounds with the players given.
func startedSwiss(t *testing.T, s TournamentsStore, id string, players ...string) {
	t.Helper()
	createTournament(t, s, newTournament(id, "alice", store.TournamentSwiss))
	register(t, s, id, players...)
	if err := s.StartTournament(ctx(t), id, 4, base); err != nil {
		t.Fatal(err)
	}
}

func testTournamentPairResults(t *testing.T, s TournamentsStore) {
	users(t, s, "alice", "bob", "carol", "dave", "eve")
	startedSwiss(t, s, "p", "bob", "carol", "dave", "eve", "alice")
	pairs := []store.Pairing{{Board: 1, White: "bob", Black: "carol", Game: "g1"}, {Board: 2, White: "dave", Black: "eve", Game: "g2"},
		{Board: 3, White: "alice"}}
	games := []*store.Game{pairGame("g1", "bob", "carol"), pairGame("g2", "dave", "eve")}
	if err := s.PairRound(ctx(t), "p", 1, pairs, games, base); err != nil {
		t.Fatal(err)
	}
	tr := loadTournament(t, s, "p")
	want := []store.Pairing{{Round: 1, Board: 1, White: "bob", Black: "carol", Game: "g1"}, {Round: 1, Board: 2, White: "dave", Black: "eve", Game: "g2"},
		{Round: 1, Board: 3, White: "alice", Result: store.TournamentBye}}
	if tr.Paired != 1 || !reflect.DeepEqual(tr.Pairings, want) {
		t.Errorf("round 1: paired %d, %+v\nwant %+v", tr.Paired, tr.Pairings, want)
	}
	if g, err := s.LoadGame(ctx(t), "g1"); err != nil || g.Seats[0].User != "bob" {
		t.Errorf("the game of board 1: %v %v", g, err)
	}
	// Round 2 waits for round 1's results.
	if err := s.PairRound(ctx(t), "p", 2, []store.Pairing{{Board: 1, White: "alice", Black: "bob", Game: "g3"}},
		[]*store.Game{pairGame("g3", "alice", "bob")}, base); !errors.Is(err, store.ErrConflict) {
		t.Errorf("pairing round 2 before round 1's results: %v, want ErrConflict", err)
	}
	if _, err := s.LoadGame(ctx(t), "g3"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a refused pairing made its game: %v", err)
	}
	id, err := s.GameResult(ctx(t), "g1", "1-0", base)
	if err != nil || id != "p" {
		t.Fatalf("GameResult(g1) = %q, %v", id, err)
	}
	if _, err := s.GameResult(ctx(t), "g1", "0-1", base); !errors.Is(err, store.ErrConflict) {
		t.Errorf("a second result of g1: %v, want ErrConflict", err)
	}
	if _, err := s.GameResult(ctx(t), "nogame", "1-0", base); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the result of a game of no tournament: %v, want ErrNotFound", err)
	}
	if err := s.SetResult(ctx(t), "p", 1, 2, "2-0", true, base); err == nil {
		t.Error("a result 2-0: no error")
	}
	if err := s.SetResult(ctx(t), "p", 1, 3, "1-0", true, base); !errors.Is(err, store.ErrConflict) {
		t.Errorf("correcting a bye: %v, want ErrConflict", err)
	}
	if err := s.SetResult(ctx(t), "p", 1, 9, "1-0", true, base); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a board that does not exist: %v, want ErrNotFound", err)
	}
	if err := s.SetResult(ctx(t), "p", 1, 2, "-/+", true, base); err != nil {
		t.Fatal(err)
	}
	// The director's result stays when the game ends after it.
	if _, err := s.GameResult(ctx(t), "g2", "1-0", base); !errors.Is(err, store.ErrConflict) {
		t.Errorf("a game's result over the director's: %v, want ErrConflict", err)
	}
	if err := s.SetResult(ctx(t), "p", 1, 1, "1/2-1/2", true, base); err != nil {
		t.Fatal(err)
	}
	tr = loadTournament(t, s, "p")
	if p := tr.Pairings[0]; p.Result != "1/2-1/2" || !p.Corrected {
		t.Errorf("board 1 after a correction: %+v", p)
	}
	if p := tr.Pairings[1]; p.Result != "-/+" || !p.Corrected {
		t.Errorf("board 2 after a forfeit: %+v", p)
	}
	if err := s.PairRound(ctx(t), "p", 2, []store.Pairing{{Board: 1, White: "alice", Black: "bob", Game: "g3"}, {Board: 2, White: "carol"}},
		[]*store.Game{pairGame("g3", "alice", "bob")}, base); err != nil {
		t.Errorf("round 2: %v", err)
	}
	if err := s.FinishTournament(ctx(t), "p", base.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if tr := loadTournament(t, s, "p"); tr.Status != store.TournamentFinished || !tr.EndedAt.Equal(stored(base.Add(time.Hour))) {
		t.Errorf("after the end: %s %v", tr.Status, tr.EndedAt)
	}
	if err := s.FinishTournament(ctx(t), "p", base); !errors.Is(err, store.ErrConflict) {
		t.Errorf("finishing twice: %v, want ErrConflict", err)
	}
	if err := s.Withdraw(ctx(t), "p", "bob", base); !errors.Is(err, store.ErrConflict) {
		t.Errorf("withdrawing from a finished tournament: %v, want ErrConflict", err)
	}
}

func testTournamentPairRefusals(t *testing.T, s TournamentsStore) {
	users(t, s, "alice", "bob", "carol", "dave", "eve")
	createTournament(t, s, newTournament("up", "alice", store.TournamentSwiss))
	register(t, s, "up", "bob", "carol")
	if err := s.PairRound(ctx(t), "up", 1, []store.Pairing{{Board: 1, White: "bob", Black: "carol", Game: "g"}},
		[]*store.Game{pairGame("g", "bob", "carol")}, base); !errors.Is(err, store.ErrConflict) {
		t.Errorf("pairing an upcoming tournament: %v, want ErrConflict", err)
	}
	startedSwiss(t, s, "p", "bob", "carol", "dave")
	was := loadTournament(t, s, "p")
	for _, tc := range []struct {
		what  string
		round int
		pairs []store.Pairing
		games []*store.Game
	}{
		{"round 2 first", 2, []store.Pairing{{Board: 1, White: "bob", Black: "carol", Game: "g"}}, []*store.Game{pairGame("g", "bob", "carol")}},
		{"no board", 1, nil, nil},
		{"a player not entered", 1, []store.Pairing{{Board: 1, White: "bob", Black: "eve", Game: "g"}}, []*store.Game{pairGame("g", "bob", "eve")}},
		{"a player twice", 1, []store.Pairing{{Board: 1, White: "bob", Black: "carol", Game: "g"}, {Board: 2, White: "bob"}}, []*store.Game{pairGame("g", "bob", "carol")}},
		{"a game of others", 1, []store.Pairing{{Board: 1, White: "bob", Black: "carol", Game: "g"}}, []*store.Game{pairGame("g", "carol", "bob")}},
		{"a game missing", 1, []store.Pairing{{Board: 1, White: "bob", Black: "carol", Game: "g"}}, nil},
		{"a game too many", 1, []store.Pairing{{Board: 1, White: "bob"}}, []*store.Game{pairGame("g", "carol", "bob")}},
		{"boards out of order", 1, []store.Pairing{{Board: 2, White: "bob", Black: "carol", Game: "g"}}, []*store.Game{pairGame("g", "bob", "carol")}},
	} {
		if err := s.PairRound(ctx(t), "p", tc.round, tc.pairs, tc.games, base); err == nil {
			t.Errorf("%s: stored", tc.what)
		}
		tournamentUnchanged(t, s, tc.what, was)
	}
	// A withdrawn player is paired no more, but a board against him may be
	// stored decided (a round robin's scheduled game: a forfeit).
	if err := s.PairRound(ctx(t), "p", 1, []store.Pairing{{Board: 1, White: "bob", Black: "carol"}}, nil, base); err == nil {
		t.Error("a board without game nor forfeit: stored")
	}
	if err := s.Withdraw(ctx(t), "p", "dave", base); err != nil {
		t.Fatal(err)
	}
	if tr := loadTournament(t, s, "p"); tr.Entries != 2 || !tr.Entrants[2].Withdrawn {
		t.Errorf("a withdrawal after the start: %+v (flagged, kept)", tr.Entrants)
	}
	if err := s.PairRound(ctx(t), "p", 1, []store.Pairing{{Board: 1, White: "dave", Black: "carol", Game: "g"}},
		[]*store.Game{pairGame("g", "dave", "carol")}, base); !errors.Is(err, store.ErrConflict) {
		t.Errorf("pairing a withdrawn player: %v, want ErrConflict", err)
	}
	if err := s.PairRound(ctx(t), "p", 1, []store.Pairing{{Board: 1, White: "bob", Black: "carol", Game: "g"}, {Board: 2, White: "dave", Black: "alice", Result: "-/+"}},
		[]*store.Game{pairGame("g", "bob", "carol")}, base); err == nil {
		t.Error("a forfeit against one not entered: stored")
	}
	if err := s.PairRound(ctx(t), "p", 1, []store.Pairing{{Board: 1, White: "bob", Black: "carol", Game: "g"}, {Board: 2, White: "dave", Black: "bob", Result: "-/+"}},
		[]*store.Game{pairGame("g", "bob", "carol")}, base); err == nil {
		t.Error("a player on two boards: stored")
	}
	users(t, s, "frank")
	register(t, s, "up", "frank")
	if err := s.Withdraw(ctx(t), "p", "bob", base); err != nil {
		t.Fatal(err)
	}
	if err := s.PairRound(ctx(t), "p", 1, []store.Pairing{{Board: 1, White: "carol", Black: "dave", Result: "+/-"}, {Board: 2, White: "bob"}},
		nil, base); err == nil {
		t.Error("a bye to a withdrawn player: stored")
	}
	if err := s.PairRound(ctx(t), "p", 1, []store.Pairing{{Board: 1, White: "carol", Black: "dave", Result: "+/-"}}, nil, base); err != nil {
		t.Fatalf("a forfeit against a withdrawn player: %v", err)
	}
	if p := loadTournament(t, s, "p").Pairings[0]; p.Result != "+/-" || !p.Corrected || p.Game != "" {
		t.Errorf("the forfeit stored as %+v", p)
	}
}

// testTournamentPairRace: servers racing to pair one round; exactly one
// stores it, the others get ErrConflict and their games are not made.
func testTournamentPairRace(t *testing.T, s TournamentsStore) {
	users(t, s, "alice", "bob", "carol", "dave", "eve")
	startedSwiss(t, s, "r", "bob", "carol", "dave", "eve")
	const racers = 8
	var wg sync.WaitGroup
	errs := make([]error, racers)
	for i := range racers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g1, g2 := fmt.Sprintf("r%da", i), fmt.Sprintf("r%db", i)
			errs[i] = s.PairRound(ctx(t), "r", 1, []store.Pairing{{Board: 1, White: "bob", Black: "carol", Game: g1},
				{Board: 2, White: "dave", Black: "eve", Game: g2}},
				[]*store.Game{pairGame(g1, "bob", "carol"), pairGame(g2, "dave", "eve")}, base)
		}()
	}
	wg.Wait()
	won := -1
	for i, err := range errs {
		switch {
		case err == nil && won >= 0:
			t.Errorf("racers %d and %d both paired round 1", won, i)
		case err == nil:
			won = i
		case !errors.Is(err, store.ErrConflict):
			t.Errorf("racer %d: %v, want ErrConflict", i, err)
		}
	}
	if won < 0 {
		t.Fatal("no racer paired round 1")
	}
	tr := loadTournament(t, s, "r")
	if tr.Paired != 1 || len(tr.Pairings) != 2 || tr.Pairings[0].Game != fmt.Sprintf("r%da", won) {
		t.Errorf("after the race: %d paired, %+v", tr.Paired, tr.Pairings)
	}
	for i := range racers {
		_, err := s.LoadGame(ctx(t), fmt.Sprintf("r%da", i))
		if (i == won) != (err == nil) {
			t.Errorf("racer %d (winner %d): its game: %v", i, won, err)
		}
	}
}

func testTournamentArena(t *testing.T, s TournamentsStore) {
	users(t, s, "alice", "bob", "carol", "dave", "eve")
	createTournament(t, s, newTournament("a", "alice", store.TournamentArena))
	register(t, s, "a", "bob", "carol", "dave")
	if err := s.StartTournament(ctx(t), "a", 3, base); err == nil {
		t.Error("an arena started with rounds: no error")
	}
	if err := s.StartTournament(ctx(t), "a", 0, base); err != nil {
		t.Fatal(err)
	}
	register(t, s, "a", "eve") // an arena takes players while it runs
	if err := s.PairRound(ctx(t), "a", 1, []store.Pairing{{Board: 1, White: "bob", Black: "carol", Game: "a1"}},
		[]*store.Game{pairGame("a1", "bob", "carol")}, base); err != nil {
		t.Fatal(err)
	}
	// Others are paired while that game goes on, but not its players.
	if err := s.PairRound(ctx(t), "a", 2, []store.Pairing{{Board: 1, White: "eve", Black: "bob", Game: "a2"}},
		[]*store.Game{pairGame("a2", "eve", "bob")}, base); !errors.Is(err, store.ErrConflict) {
		t.Errorf("pairing a player whose game is on: %v, want ErrConflict", err)
	}
	if err := s.PairRound(ctx(t), "a", 2, []store.Pairing{{Board: 1, White: "dave", Black: "eve", Game: "a2"}},
		[]*store.Game{pairGame("a2", "dave", "eve")}, base); err != nil {
		t.Errorf("pairing two free players: %v", err)
	}
}

func testTournamentList(t *testing.T, s TournamentsStore) {
	users(t, s, "alice", "bob", "carol")
	for i, id := range []string{"l3", "l1", "l2"} {
		tr := newTournament(id, "alice", store.TournamentSwiss)
		tr.StartsAt = base.Add(time.Duration(3-i) * time.Hour)
		createTournament(t, s, tr)
	}
	register(t, s, "l2", "bob", "carol")
	if err := s.StartTournament(ctx(t), "l2", 3, base); err != nil {
		t.Fatal(err)
	}
	ids := func(status string) string {
		list, err := s.ListTournaments(ctx(t), status, 0)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, tr := range list {
			out = append(out, fmt.Sprint(tr.ID, ":", tr.Entries))
		}
		return fmt.Sprint(out)
	}
	if got := ids(store.TournamentUpcoming); got != "[l1:0 l3:0]" {
		t.Errorf("upcoming %s, want [l1:0 l3:0] (by start)", got)
	}
	if got := ids(store.TournamentRunning); got != "[l2:2]" {
		t.Errorf("running %s", got)
	}
	if got := ids(store.TournamentFinished); got != "[]" {
		t.Errorf("finished %s", got)
	}
	if list, _ := s.ListTournaments(ctx(t), "", 2); len(list) != 2 {
		t.Errorf("a limit of 2 gave %d", len(list))
	}
}

// testTournamentTables: a round of a tournament at tables of three or
// four: a table's board names its four players and its game their seats;
// its result is the ranks by seat.
func testTournamentTables(t *testing.T, s TournamentsStore) {
	users(t, s, "alice", "bob", "carol", "dave", "eve", "fred")
	tr := newTournament("tb", "alice", store.TournamentTables)
	tr.GameID, tr.Options = "empire", "players=4 teams=true"
	createTournament(t, s, tr)
	register(t, s, "tb", "bob", "carol", "dave", "eve", "fred")
	if err := s.StartTournament(ctx(t), "tb", 3, base); err != nil {
		t.Fatal(err)
	}
	four := &store.Game{ID: "e1", GameID: "empire", Options: "players=4 teams=true", Result: store.Ongoing}
	for _, n := range []string{"bob", "carol", "dave", "eve"} {
		four.Seats = append(four.Seats, store.Seat{Kind: "human", Name: n, User: n})
	}
	bad := *four
	bad.Seats = append([]store.Seat(nil), four.Seats[:3]...)
	if err := s.PairRound(ctx(t), "tb", 1, []store.Pairing{{Board: 1, White: "bob", Black: "carol", Others: []string{"dave", "eve"}, Game: "e1"}},
		[]*store.Game{&bad}, base); err == nil {
		t.Error("a table whose game has three seats: stored")
	}
	if err := s.PairRound(ctx(t), "tb", 1, []store.Pairing{{Board: 1, White: "bob", Black: "carol", Others: []string{"dave", "bob"}, Game: "e1"}},
		[]*store.Game{four}, base); err == nil {
		t.Error("a player twice at a table: stored")
	}
	if err := s.PairRound(ctx(t), "tb", 1, []store.Pairing{{Board: 1, White: "bob", Black: "carol", Others: []string{"dave", "eve"}, Game: "e1"},
		{Board: 2, White: "fred"}}, []*store.Game{four}, base); err != nil {
		t.Fatal(err)
	}
	got := loadTournament(t, s, "tb").Pairings
	if len(got) != 2 || fmt.Sprint(got[0].Others) != "[dave eve]" || got[1].Result != store.TournamentBye {
		t.Fatalf("the table's round: %+v", got)
	}
	if _, err := s.GameResult(ctx(t), "e1", "1-0", base); err == nil {
		t.Error("a two-player result at a table: stored")
	}
	if _, err := s.GameResult(ctx(t), "e1", "1,2,5,3", base); err == nil {
		t.Error("a rank 5 at a table of four: stored")
	}
	if _, err := s.GameResult(ctx(t), "e1", "1,2,1,2", base); err != nil {
		t.Fatal(err)
	}
	if err := s.SetResult(ctx(t), "tb", 1, 1, "2,1,2,1", true, base); err != nil {
		t.Fatal(err)
	}
	if p := loadTournament(t, s, "tb").Pairings[0]; p.Result != "2,1,2,1" || !p.Corrected {
		t.Errorf("after the correction: %+v", p)
	}
}
