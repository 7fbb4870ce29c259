package webengine

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/review"
)

// reviewGame loads a POGO game of a few moves into an engine.
func reviewGame(t *testing.T) (*Engine, *game.Match) {
	t.Helper()
	e := New()
	moves := []string{"2b1-b3", "1a3-a2", "1c1-c2", "2c3-c1"}
	if a := e.Handle(Request{Op: "load", Rules: "pogo", Moves: moves}); a.Error != "" {
		t.Fatal(a.Error)
	}
	return e, e.match
}

// The review op judges as package review does with the same search, tells
// its progress, and speaks the page's language.
func TestReviewOp(t *testing.T) {
	e, m := reviewGame(t)
	var progress []int
	e.Progress = func(id, done, total int) {
		if id != 7 {
			t.Errorf("progress of request %d, want 7", id)
		}
		progress = append(progress, done)
	}
	a := e.Handle(Request{ID: 7, Op: "review", Level: "medium", Lang: "fr"})
	if a.Error != "" || a.Review == nil {
		t.Fatalf("%+v", a)
	}
	want, err := review.Game(context.Background(), m, review.Options{Agent: "medium"})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Review.Plies) != len(want.Plies) || !a.Review.Complete || a.Review.Exact {
		t.Fatalf("%d plies (complete %v, exact %v), want %d", len(a.Review.Plies), a.Review.Complete, a.Review.Exact, len(want.Plies))
	}
	for i, p := range want.Views("fr") {
		if a.Review.Plies[i] != p {
			t.Errorf("ply %d: %+v, want %+v", i+1, a.Review.Plies[i], p)
		}
	}
	// The game is not over: its last position is judged too.
	if len(progress) != len(want.Plies)+1 || progress[len(progress)-1] != len(want.Plies)+1 {
		t.Errorf("progress %v", progress)
	}
	if !strings.Contains(a.Review.Graph, "Évaluation") || len(a.Review.Seats) != 2 {
		t.Errorf("graph or seats: %d seats", len(a.Review.Seats))
	}
	for _, bad := range []Request{
		{Op: "review", Level: "genius"},
		{Op: "review", TimeMS: -1},
		{Op: "review", Known: []KnownPosition{{Position: "x", Moves: []KnownMove{{Move: "2b1-b3", Result: "maybe"}}}}},
	} {
		if a := e.Handle(bad); a.Error == "" {
			t.Errorf("%+v: no error", bad)
		}
	}
}

// With the exact values of the server's POGO solution for every position,
// the review is exact and equal to the one the solution itself gives;
// values that do not fit a position are not trusted (the search judges it).
func TestReviewOpKnownValues(t *testing.T) {
	table := os.Getenv("PLATEAU_TEST_POGO_TABLE")
	if table == "" {
		t.Skip("PLATEAU_TEST_POGO_TABLE is not set")
	}
	e, m := reviewGame(t)
	perfect, err := ai.NewAnalyser("perfect:table="+table, m.Variant(), 0)
	if err != nil {
		t.Fatal(err)
	}
	var known []KnownPosition
	replay := game.NewMatch(m.Start())
	for _, n := range m.Notations() {
		an, err := perfect.Analyse(context.Background(), replay)
		if err != nil {
			t.Fatal(err)
		}
		kp := KnownPosition{Position: replay.State().Encode()}
		for _, mv := range an.Moves {
			kp.Moves = append(kp.Moves, KnownMove{Move: mv.Notation, Result: mv.Proof.String(), Plies: mv.Plies})
		}
		known = append(known, kp)
		replay.PlayNotation(n)
	}
	a := e.Handle(Request{Op: "review", Known: known, Lang: "en"})
	if a.Error != "" || !a.Review.Exact {
		t.Fatalf("with every position known: %+v", a)
	}
	want, err := review.Game(context.Background(), m, review.Options{Agent: "perfect:table=" + table})
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range want.Views("en") {
		if a.Review.Plies[i] != p {
			t.Errorf("ply %d: %+v, want %+v", i+1, a.Review.Plies[i], p)
		}
	}
	// A position's values with one move left out: searched, not exact.
	known[1].Moves = known[1].Moves[1:]
	if a := e.Handle(Request{Op: "review", Level: "easy", Known: known}); a.Error != "" || a.Review.Exact {
		t.Errorf("with a position's values short of a move: %+v", a.Review)
	}
}
