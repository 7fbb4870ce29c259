package storetest

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/plateau-games/plateau/store"
)

// TurnStore is what the turns suite needs: games, their offers and clock
// starts.
type TurnStore interface {
	store.Store
	store.Turns
}

// RunTurns runs the conformance suite of store.Turns, each test as a
// subtest of t, on an empty store from newStore.
func RunTurns(t *testing.T, newStore func(t *testing.T) TurnStore) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s TurnStore)
	}{
		{"MakeLoad", testOfferMakeLoad},
		{"Refused", testOfferRefused},
		{"Decline", testOfferDecline},
		{"DrawByAll", testOfferDrawByAll},
		{"Undo", testOfferUndo},
		{"AtOnce", testOfferAtOnce},
		{"AnswerRace", testOfferAnswerRace},
		{"RaceWithMove", testOfferRaceWithMove},
		{"ClockFrom", testClockFrom},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.fn(t, newStore(t)) })
	}
}

// turnGame is an ongoing game of seats human seats with plies moves, the
// i-th made a second after the (i-1)-th.
func turnGame(t *testing.T, s TurnStore, id string, seats, plies int) {
	t.Helper()
	g := &store.Game{ID: id, GameID: "pogo", Casual: true, CreatedAt: base, UpdatedAt: base}
	for i := range seats {
		g.Seats = append(g.Seats, store.Seat{Kind: "human", Name: fmt.Sprintf("p%d", i+1)})
	}
	mustCreate(t, s, g)
	for i := range plies {
		mustAppend(t, s, id, turnMove(i, seats))
	}
}

func turnMove(ply, seats int) store.Move {
	return store.Move{Ply: ply, Notation: fmt.Sprintf("m%d", ply), Seat: ply % seats,
		At: base.Add(time.Duration(ply+1) * time.Second), ClockMillis: -1}
}

func sameOffer(t *testing.T, what string, got *store.Offer, want store.Offer) {
	t.Helper()
	if got == nil {
		t.Errorf("%s: no offer, want %+v", what, want)
		return
	}
	if got.Kind != want.Kind || got.By != want.By || got.Needs != want.Needs || got.Got != want.Got ||
		got.Keep != want.Keep || got.Reason != want.Reason || got.Ply != want.Ply {
		t.Errorf("%s: offer %+v, want %+v", what, *got, want)
	}
	checkTime(t, what+" At", got.At, want.At)
}

func noOffer(t *testing.T, s TurnStore, id, what string) *store.Game {
	t.Helper()
	g := mustLoad(t, s, id)
	if g.Offer != nil {
		t.Errorf("%s: offer %+v, want none", what, *g.Offer)
	}
	return g
}

func testOfferMakeLoad(t *testing.T, s TurnStore) {
	turnGame(t, s, "o1", 2, 2)
	o := store.Offer{Kind: "draw", By: 0, Needs: 0b10, Reason: "agreement", Ply: 2, At: base.Add(time.Minute + 123456789)}
	if out, err := s.MakeOffer(ctx(t), "o1", o); err != nil || out != store.OfferWaiting {
		t.Fatalf("MakeOffer: %v, %v", out, err)
	}
	g := mustLoad(t, s, "o1")
	sameOffer(t, "loaded", g.Offer, o)
	if !g.ClockFrom.IsZero() {
		t.Errorf("an offer set the clock's start to %v", g.ClockFrom)
	}
	// One offer at a time.
	_, err := s.MakeOffer(ctx(t), "o1", store.Offer{Kind: "draw", By: 1, Needs: 0b01, Reason: "agreement", Ply: 2})
	wantErr(t, "a second offer", err, store.ErrConflict)
	// A listing leaves it out.
	if list, err := s.ListGames(ctx(t), store.Filter{}); err != nil || len(list) != 1 || list[0].Offer != nil {
		t.Errorf("listing: %+v, %v", list, err)
	}
	// A move leaves it behind; an offer in the new position is taken, its
	// time defaulting to now.
	mustAppend(t, s, "o1", turnMove(2, 2))
	noOffer(t, s, "o1", "after a move")
	before := time.Now().Add(-time.Second)
	o2 := store.Offer{Kind: "undo", By: 1, Needs: 0b01, Keep: 2, Ply: 3}
	if out, err := s.MakeOffer(ctx(t), "o1", o2); err != nil || out != store.OfferWaiting {
		t.Fatalf("an offer after the move: %v, %v", out, err)
	}
	g = mustLoad(t, s, "o1")
	if g.Offer == nil || g.Offer.Kind != "undo" || g.Offer.At.Before(before) || g.Offer.At.Location() != time.UTC {
		t.Errorf("the undo request loads as %+v", g.Offer)
	}
	// The end of the game ends it.
	if err := s.FinishGame(ctx(t), "o1", "win 1", "resigned 2"); err != nil {
		t.Fatal(err)
	}
	noOffer(t, s, "o1", "after the end")
	// A game without any has none.
	turnGame(t, s, "o2", 2, 0)
	noOffer(t, s, "o2", "a new game")
}

func testOfferRefused(t *testing.T, s TurnStore) {
	turnGame(t, s, "r1", 2, 2)
	for _, tc := range []struct {
		what string
		id   string
		o    store.Offer
		want error // nil: any error
	}{
		{"a past position", "r1", store.Offer{Kind: "draw", By: 0, Needs: 0b10, Reason: "agreement", Ply: 1}, store.ErrConflict},
		{"a future position", "r1", store.Offer{Kind: "draw", By: 0, Needs: 0b10, Reason: "agreement", Ply: 3}, store.ErrConflict},
		{"no such game", "none", store.Offer{Kind: "draw", By: 0, Needs: 0b10, Reason: "agreement", Ply: 0}, store.ErrNotFound},
		{"an unknown kind", "r1", store.Offer{Kind: "resign", By: 0, Needs: 0b10, Ply: 2}, nil},
		{"a seat the game has not", "r1", store.Offer{Kind: "draw", By: 2, Needs: 0b01, Reason: "agreement", Ply: 2}, nil},
		{"a negative seat", "r1", store.Offer{Kind: "draw", By: -1, Needs: 0b01, Reason: "agreement", Ply: 2}, nil},
		{"needing a seat the game has not", "r1", store.Offer{Kind: "draw", By: 0, Needs: 0b110, Reason: "agreement", Ply: 2}, nil},
		{"needing its own seat", "r1", store.Offer{Kind: "draw", By: 0, Needs: 0b11, Reason: "agreement", Ply: 2}, nil},
		{"a draw without a reason", "r1", store.Offer{Kind: "draw", By: 0, Needs: 0b10, Ply: 2}, nil},
		{"an undo keeping every move", "r1", store.Offer{Kind: "undo", By: 0, Needs: 0b10, Keep: 2, Ply: 2}, nil},
		{"an undo keeping a negative number", "r1", store.Offer{Kind: "undo", By: 0, Needs: 0b10, Keep: -1, Ply: 2}, nil},
	} {
		_, err := s.MakeOffer(ctx(t), tc.id, tc.o)
		if err == nil || tc.want != nil && !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.what, err, tc.want)
		}
	}
	noOffer(t, s, "r1", "after refused offers")
	// Answers to no offer.
	_, _, err := s.AnswerOffer(ctx(t), "r1", store.OfferAnswer{Kind: "draw", Ply: 2, Seats: 0b10, Accept: true})
	wantErr(t, "an answer to no offer", err, store.ErrConflict)
	_, _, err = s.AnswerOffer(ctx(t), "none", store.OfferAnswer{Kind: "draw", Ply: 0, Seats: 0b10, Accept: true})
	wantErr(t, "an answer in no game", err, store.ErrNotFound)
	// A finished game takes no offer.
	if err := s.FinishGame(ctx(t), "r1", "win 1", "resigned 2"); err != nil {
		t.Fatal(err)
	}
	_, err = s.MakeOffer(ctx(t), "r1", store.Offer{Kind: "draw", By: 0, Needs: 0b10, Reason: "agreement", Ply: 2})
	wantErr(t, "an offer after the end", err, store.ErrConflict)
}

func testOfferDecline(t *testing.T, s TurnStore) {
	turnGame(t, s, "d1", 2, 3)
	o := store.Offer{Kind: "undo", By: 0, Needs: 0b10, Keep: 2, Ply: 3, At: base.Add(time.Hour)}
	if _, err := s.MakeOffer(ctx(t), "d1", o); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		what string
		a    store.OfferAnswer
	}{
		{"another kind", store.OfferAnswer{Kind: "draw", Ply: 3, Seats: 0b10}},
		{"another position", store.OfferAnswer{Kind: "undo", Ply: 2, Seats: 0b10}},
		{"a seat that need not answer", store.OfferAnswer{Kind: "undo", Ply: 3, Seats: 0b01}},
		{"no seat", store.OfferAnswer{Kind: "undo", Ply: 3}},
	} {
		_, _, err := s.AnswerOffer(ctx(t), "d1", tc.a)
		wantErr(t, tc.what, err, store.ErrConflict)
	}
	sameOffer(t, "after refused answers", mustLoad(t, s, "d1").Offer, o)
	got, out, err := s.AnswerOffer(ctx(t), "d1", store.OfferAnswer{Kind: "undo", Ply: 3, Seats: 0b11})
	if err != nil || out != store.OfferDeclined {
		t.Fatalf("declining: %v, %v", out, err)
	}
	sameOffer(t, "the declined offer", &got, o)
	g := noOffer(t, s, "d1", "after the refusal")
	if len(g.Moves) != 3 {
		t.Errorf("a declined undo left %d moves, want 3", len(g.Moves))
	}
	_, _, err = s.AnswerOffer(ctx(t), "d1", store.OfferAnswer{Kind: "undo", Ply: 3, Seats: 0b10, Accept: true})
	wantErr(t, "an answer to a declined offer", err, store.ErrConflict)
	// Another offer may follow.
	if _, err := s.MakeOffer(ctx(t), "d1", store.Offer{Kind: "draw", By: 1, Needs: 0b01, Reason: "agreement", Ply: 3}); err != nil {
		t.Errorf("an offer after a refusal: %v", err)
	}
}

// Three players: the offer waits for both others; the last acceptance
// ends the game, in the same write.
func testOfferDrawByAll(t *testing.T, s TurnStore) {
	turnGame(t, s, "a1", 3, 1)
	o := store.Offer{Kind: "draw", By: 0, Needs: 0b110, Reason: "agreement", Ply: 1, At: base.Add(time.Hour)}
	if _, err := s.MakeOffer(ctx(t), "a1", o); err != nil {
		t.Fatal(err)
	}
	got, out, err := s.AnswerOffer(ctx(t), "a1", store.OfferAnswer{Kind: "draw", Ply: 1, Seats: 0b011, Accept: true})
	if err != nil || out != store.OfferWaiting || got.Got != 0b010 {
		t.Fatalf("the first acceptance: %+v, %v, %v", got, out, err)
	}
	o.Got = 0b010
	g := mustLoad(t, s, "a1")
	sameOffer(t, "half accepted", g.Offer, o)
	if g.Result != store.Ongoing {
		t.Fatalf("one acceptance of two ended the game: %s", g.Result)
	}
	_, _, err = s.AnswerOffer(ctx(t), "a1", store.OfferAnswer{Kind: "draw", Ply: 1, Seats: 0b010, Accept: true})
	wantErr(t, "accepting twice", err, store.ErrConflict)
	got, out, err = s.AnswerOffer(ctx(t), "a1", store.OfferAnswer{Kind: "draw", Ply: 1, Seats: 0b100, Accept: true})
	if err != nil || out != store.OfferCarried || got.Got != 0b110 {
		t.Fatalf("the last acceptance: %+v, %v, %v", got, out, err)
	}
	g = noOffer(t, s, "a1", "after the draw")
	if g.Result != "draw" || g.Reason != "agreement" || len(g.Moves) != 1 {
		t.Errorf("after the agreed draw: %s (%s), %d moves", g.Result, g.Reason, len(g.Moves))
	}
	_, _, err = s.AnswerOffer(ctx(t), "a1", store.OfferAnswer{Kind: "draw", Ply: 1, Seats: 0b100, Accept: true})
	wantErr(t, "an answer after the end", err, store.ErrConflict)
}

// An accepted undo takes the moves back and restarts the clock of the
// seat to move at the answer; a new offer keeps that start, a move ends
// it.
func testOfferUndo(t *testing.T, s TurnStore) {
	turnGame(t, s, "u1", 2, 4)
	o := store.Offer{Kind: "undo", By: 1, Needs: 0b01, Keep: 1, Ply: 4, At: base.Add(time.Hour)}
	if _, err := s.MakeOffer(ctx(t), "u1", o); err != nil {
		t.Fatal(err)
	}
	at := base.Add(2*time.Hour + 987654321)
	if _, out, err := s.AnswerOffer(ctx(t), "u1", store.OfferAnswer{Kind: "undo", Ply: 4, Seats: 0b01, Accept: true, At: at}); err != nil || out != store.OfferCarried {
		t.Fatalf("accepting: %v, %v", out, err)
	}
	g := noOffer(t, s, "u1", "after the undo")
	sameMoves(t, "u1", g.Moves, []store.Move{turnMove(0, 2)})
	checkTime(t, "the clock's start after the undo", g.ClockFrom, at)
	if g.Result != store.Ongoing {
		t.Errorf("the undo ended the game: %s", g.Result)
	}
	if _, err := s.MakeOffer(ctx(t), "u1", store.Offer{Kind: "draw", By: 0, Needs: 0b10, Reason: "agreement", Ply: 1}); err != nil {
		t.Fatal(err)
	}
	g = mustLoad(t, s, "u1")
	checkTime(t, "the clock's start with an offer", g.ClockFrom, at)
	if _, out, err := s.AnswerOffer(ctx(t), "u1", store.OfferAnswer{Kind: "draw", Ply: 1, Seats: 0b10}); err != nil || out != store.OfferDeclined {
		t.Fatalf("declining: %v, %v", out, err)
	}
	g = noOffer(t, s, "u1", "after the refusal")
	checkTime(t, "the clock's start after a refusal", g.ClockFrom, at)
	mv := turnMove(1, 2)
	mv.At = at.Add(time.Second)
	mustAppend(t, s, "u1", mv)
	if g := mustLoad(t, s, "u1"); !g.ClockFrom.IsZero() {
		t.Errorf("the clock's start outlived the move: %v", g.ClockFrom)
	}
	// TruncateMoves back to the undone position does not bring it back.
	if err := s.TruncateMoves(ctx(t), "u1", 1); err != nil {
		t.Fatal(err)
	}
	if g := mustLoad(t, s, "u1"); !g.ClockFrom.IsZero() || g.Offer != nil {
		t.Errorf("TruncateMoves revived %v, %+v", g.ClockFrom, g.Offer)
	}
}

// An offer nobody must accept is carried out at once.
func testOfferAtOnce(t *testing.T, s TurnStore) {
	turnGame(t, s, "n1", 2, 3)
	o := store.Offer{Kind: "undo", By: 0, Keep: 2, Ply: 3, At: base.Add(time.Hour)}
	if out, err := s.MakeOffer(ctx(t), "n1", o); err != nil || out != store.OfferCarried {
		t.Fatalf("an undo nobody answers: %v, %v", out, err)
	}
	g := noOffer(t, s, "n1", "after the undo")
	if len(g.Moves) != 2 {
		t.Errorf("%d moves after the undo, want 2", len(g.Moves))
	}
	checkTime(t, "the clock's start", g.ClockFrom, o.At)
	if out, err := s.MakeOffer(ctx(t), "n1", store.Offer{Kind: "draw", By: 0, Reason: "agreement", Ply: 2}); err != nil || out != store.OfferCarried {
		t.Fatalf("a draw nobody answers: %v, %v", out, err)
	}
	if g := mustLoad(t, s, "n1"); g.Result != "draw" || g.Reason != "agreement" {
		t.Errorf("after the draw: %s (%s)", g.Result, g.Reason)
	}
}

// Many servers take one answer at once: exactly one carries the offer
// out.
func testOfferAnswerRace(t *testing.T, s TurnStore) {
	turnGame(t, s, "x1", 2, 6)
	if _, err := s.MakeOffer(ctx(t), "x1", store.Offer{Kind: "undo", By: 0, Needs: 0b10, Keep: 4, Ply: 6}); err != nil {
		t.Fatal(err)
	}
	const n = 8
	outs := make([]store.OfferOutcome, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, outs[i], errs[i] = s.AnswerOffer(ctx(t), "x1", store.OfferAnswer{Kind: "undo", Ply: 6, Seats: 0b10, Accept: true})
		}()
	}
	wg.Wait()
	carried := 0
	for i := range n {
		switch {
		case errs[i] == nil && outs[i] == store.OfferCarried:
			carried++
		case !errors.Is(errs[i], store.ErrConflict):
			t.Errorf("answer %d: %v, %v", i, outs[i], errs[i])
		}
	}
	if carried != 1 {
		t.Fatalf("%d answers carried the undo out, want 1", carried)
	}
	if g := mustLoad(t, s, "x1"); len(g.Moves) != 4 {
		t.Errorf("%d moves after the undo, want 4", len(g.Moves))
	}
}

// An acceptance and a move racing: one of them wins, never both (an undo
// that took the new move back too, or a move after a draw).
func testOfferRaceWithMove(t *testing.T, s TurnStore) {
	for round := range 6 {
		id := fmt.Sprintf("m%d", round)
		turnGame(t, s, id, 2, 2)
		kind, keep, reason := "undo", 1, ""
		if round%2 == 1 {
			kind, keep, reason = "draw", 0, "agreement"
		}
		if _, err := s.MakeOffer(ctx(t), id, store.Offer{Kind: kind, By: 1, Needs: 0b01, Keep: keep, Reason: reason, Ply: 2}); err != nil {
			t.Fatal(err)
		}
		var moveErr, answerErr error
		var wg sync.WaitGroup
		wg.Add(2)
		go func() {
			defer wg.Done()
			moveErr = s.AppendMove(ctx(t), id, turnMove(2, 2))
		}()
		go func() {
			defer wg.Done()
			_, _, answerErr = s.AnswerOffer(ctx(t), id, store.OfferAnswer{Kind: kind, Ply: 2, Seats: 0b01, Accept: true})
		}()
		wg.Wait()
		if (moveErr == nil) == (answerErr == nil) {
			t.Fatalf("%s: the move (%v) and the acceptance (%v) both won or both lost", id, moveErr, answerErr)
		}
		g := mustLoad(t, s, id)
		switch {
		case moveErr == nil && (len(g.Moves) != 3 || g.Result != store.Ongoing):
			t.Errorf("%s: the move won, but the game has %d moves (%s)", id, len(g.Moves), g.Result)
		case answerErr == nil && kind == "undo" && len(g.Moves) != 1:
			t.Errorf("%s: the undo won, but the game has %d moves", id, len(g.Moves))
		case answerErr == nil && kind == "draw" && (len(g.Moves) != 2 || g.Result != "draw"):
			t.Errorf("%s: the draw won, but the game has %d moves (%s)", id, len(g.Moves), g.Result)
		}
	}
}

func testClockFrom(t *testing.T, s TurnStore) {
	turnGame(t, s, "c1", 2, 2)
	last := turnMove(1, 2).At
	wantErr(t, "another position", s.SetClockFrom(ctx(t), "c1", 1, last.Add(time.Second)), store.ErrConflict)
	wantErr(t, "before the last move", s.SetClockFrom(ctx(t), "c1", 2, last.Add(-time.Millisecond)), store.ErrConflict)
	wantErr(t, "no such game", s.SetClockFrom(ctx(t), "none", 0, last), store.ErrNotFound)
	if g := mustLoad(t, s, "c1"); !g.ClockFrom.IsZero() {
		t.Errorf("refused starts set it to %v", g.ClockFrom)
	}
	o := store.Offer{Kind: "draw", By: 0, Needs: 0b10, Reason: "agreement", Ply: 2, At: last.Add(time.Second)}
	if _, err := s.MakeOffer(ctx(t), "c1", o); err != nil {
		t.Fatal(err)
	}
	from := last.Add(7*time.Second + 400*time.Millisecond)
	if err := s.SetClockFrom(ctx(t), "c1", 2, from); err != nil {
		t.Fatal(err)
	}
	g := mustLoad(t, s, "c1")
	checkTime(t, "the clock's start", g.ClockFrom, from)
	sameOffer(t, "the offer beside it", g.Offer, o)
	// A game without moves: the start is its creation.
	turnGame(t, s, "c2", 2, 0)
	wantErr(t, "before the creation", s.SetClockFrom(ctx(t), "c2", 0, base.Add(-time.Second)), store.ErrConflict)
	if err := s.SetClockFrom(ctx(t), "c2", 0, base.Add(time.Second)); err != nil {
		t.Error(err)
	}
	if err := s.FinishGame(ctx(t), "c1", "win 1", "time 2"); err != nil {
		t.Fatal(err)
	}
	wantErr(t, "a finished game", s.SetClockFrom(ctx(t), "c1", 2, from), store.ErrConflict)
	if g := mustLoad(t, s, "c1"); !g.ClockFrom.IsZero() || g.Offer != nil {
		t.Errorf("a finished game loads with a clock start %v and offer %+v", g.ClockFrom, g.Offer)
	}
}
