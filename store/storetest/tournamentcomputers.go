package storetest

import (
	"errors"
	"testing"
	"time"

	"github.com/plateau-games/plateau/store"
)

// testTournamentComputers: computer players enter only a tournament
// that allows them, under numbered names no account can have; their
// boards' games seat the computer at its level (anything else is
// refused); a game finds its tournament's board.
func testTournamentComputers(t *testing.T, s TournamentsStore) {
	users(t, s, "Alice", "Bob")
	no := newTournament("no", "alice", store.TournamentSwiss)
	createTournament(t, s, no)
	was := loadTournament(t, s, "no")
	if _, err := s.AddComputer(ctx(t), "no", "easy", base); !errors.Is(err, store.ErrConflict) {
		t.Errorf("a computer where none is allowed: %v, want ErrConflict", err)
	}
	tournamentUnchanged(t, s, "a refused computer", was)
	if _, err := s.AddComputer(ctx(t), "none", "easy", base); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a computer in no tournament: %v, want ErrNotFound", err)
	}
	tr := newTournament("c", "alice", store.TournamentSwiss)
	tr.Computers = true
	createTournament(t, s, tr)
	if !loadTournament(t, s, "c").Computers {
		t.Fatal("the setting of computers is not kept")
	}
	register(t, s, "c", "bob")
	var names []string
	for i, level := range []string{"easy", "hard"} {
		name, err := s.AddComputer(ctx(t), "c", level, base.Add(time.Duration(i+1)*time.Second))
		if err != nil {
			t.Fatalf("AddComputer(%s): %v", level, err)
		}
		names = append(names, name)
	}
	if names[0] != "@computer-1" || names[1] != "@computer-2" {
		t.Fatalf("the computers' names: %v", names)
	}
	if _, err := s.AddComputer(ctx(t), "c", "", base); err == nil {
		t.Error("a computer without a level was entered")
	}
	got := loadTournament(t, s, "c")
	if len(got.Entrants) != 3 || got.Entries != 3 || got.Entrants[1].User != "@computer-1" || got.Entrants[1].Agent != "easy" || got.Entrants[2].Agent != "hard" || got.Entrants[0].Agent != "" {
		t.Fatalf("the entrants: %+v", got.Entrants)
	}
	// A withdrawn computer's number is not given again.
	if err := s.Withdraw(ctx(t), "c", "@computer-2", base); err != nil {
		t.Fatal(err)
	}
	if name, err := s.AddComputer(ctx(t), "c", "medium", base.Add(5*time.Second)); err != nil || name != "@computer-2" {
		// Before the start a withdrawal leaves no trace: the number is free.
		t.Fatalf("a computer after a withdrawal: %q %v", name, err)
	}
	if err := s.StartTournament(ctx(t), "c", 2, base); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddComputer(ctx(t), "c", "easy", base); !errors.Is(err, store.ErrConflict) {
		t.Errorf("a computer entering a running Swiss: %v, want ErrConflict", err)
	}
	human := func(id string) *store.Game {
		return &store.Game{ID: id, GameID: "pogo", Result: store.Ongoing, ClockMillis: 300000,
			Seats: []store.Seat{{Kind: "human", Name: "Bob", User: "Bob"}, {Kind: "human", Name: "x", User: "alice"}}}
	}
	was = loadTournament(t, s, "c")
	pairs := []store.Pairing{{Board: 1, White: "bob", Black: "@computer-1", Game: "cg1"}, {Board: 2, White: "@computer-2"}}
	if err := s.PairRound(ctx(t), "c", 1, pairs, []*store.Game{human("cg1")}, base); err == nil {
		t.Error("a computer's board with a person at its seat was stored")
	}
	wrong := human("cg1")
	wrong.Seats[1] = store.Seat{Kind: "computer", Agent: "hard"}
	if err := s.PairRound(ctx(t), "c", 1, pairs, []*store.Game{wrong}, base); err == nil {
		t.Error("a computer's board with another level at its seat was stored")
	}
	tournamentUnchanged(t, s, "refused pairings", was)
	right := human("cg1")
	right.Seats[1] = store.Seat{Kind: "computer", Agent: "easy"}
	if err := s.PairRound(ctx(t), "c", 1, pairs, []*store.Game{right}, base); err != nil {
		t.Fatalf("a board against a computer: %v", err)
	}
	b, err := s.GameBoard(ctx(t), "cg1")
	if err != nil || b.Tournament != "c" || b.Name != "Club evening c" || b.Kind != store.TournamentSwiss || b.Round != 1 || b.Board != 1 {
		t.Errorf("GameBoard(cg1) = %+v, %v", b, err)
	}
	if _, err := s.GameBoard(ctx(t), ""); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("GameBoard of no game: %v, want ErrNotFound", err)
	}
	if _, err := s.GameBoard(ctx(t), "nogame"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("GameBoard of a game outside tournaments: %v, want ErrNotFound", err)
	}
}
