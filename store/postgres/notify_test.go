package postgres_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/plateau-games/plateau/store"
	"github.com/plateau-games/plateau/store/postgres"
)

// Every write to a game reaches every listener, its own store's included,
// once committed; a refused write sends nothing.
func TestNotifications(t *testing.T) {
	dsn(t)
	open := reopenable(t)
	writer, listener := open(), open()
	changes := make(chan store.GameChange, 16)
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	ready := make(chan struct{}, 1)
	go func() {
		done <- listener.(store.Notifier).Listen(ctx, func(c store.GameChange) {
			if c.Resync { // once listening: every write from now on is announced
				ready <- struct{}{}
				return
			}
			if c.Sent.IsZero() || time.Since(c.Sent) > time.Minute {
				t.Errorf("a change without its time: %+v", c)
			}
			c.Sent = time.Time{}
			changes <- c
		})
	}()
	next := func() store.GameChange {
		t.Helper()
		select {
		case c := <-changes:
			return c
		case <-time.After(time.Minute): // milliseconds idle; a minute for a loaded machine
			t.Fatal("no notification within a minute")
		}
		return store.GameChange{}
	}
	select {
	case <-ready:
	case <-time.After(time.Minute):
		t.Fatal("not listening after a minute")
	}
	// A site in another schema of the same database: its games are not
	// this one's (the notification would come first, written first).
	other := reopenable(t)()
	if err := other.CreateGame(t.Context(), &store.Game{ID: "elsewhere", GameID: "pogo"}); err != nil {
		t.Fatal(err)
	}
	if err := other.AppendMove(t.Context(), "elsewhere", store.Move{Ply: 0, Notation: "2b1-b3"}); err != nil {
		t.Fatal(err)
	}
	g := &store.Game{ID: "notify1", GameID: "pogo", Seats: []store.Seat{{Kind: "human"}, {Kind: "human"}}}
	if err := writer.CreateGame(t.Context(), g); err != nil {
		t.Fatal(err)
	}
	if err := writer.AppendMove(t.Context(), "notify1", store.Move{Ply: 0, Notation: "2b1-b3"}); err != nil {
		t.Fatal(err)
	}
	if c := next(); c != (store.GameChange{Game: "notify1", Moves: 1}) {
		t.Fatalf("after a move: %+v", c)
	}
	// A refused move (a taken ply) notifies nothing.
	if err := writer.AppendMove(t.Context(), "notify1", store.Move{Ply: 0, Notation: "x"}); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("a taken ply: %v", err)
	}
	// A hint says so (the moves are the same); a refused one (for a
	// position that is gone) notifies nothing.
	if err := writer.(store.Hints).AddHint(t.Context(), "notify1", store.Hint{Seat: 1, Ply: 0}); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("a hint for a past position: %v", err)
	}
	if err := writer.(store.Hints).AddHint(t.Context(), "notify1", store.Hint{Seat: 1, Ply: 1}); err != nil {
		t.Fatal(err)
	}
	if c := next(); c != (store.GameChange{Game: "notify1", Moves: -1, Hint: true}) {
		t.Fatalf("after a hint: %+v", c)
	}
	// An offer and its refusal change the turn, not the moves; a refused
	// offer notifies nothing; an accepted undo is a write of the game.
	turns := writer.(store.Turns)
	if _, err := turns.MakeOffer(t.Context(), "notify1", store.Offer{Kind: "draw", By: 0, Needs: 0b10, Reason: "agreement", Ply: 0}); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("an offer for a past position: %v", err)
	}
	if _, err := turns.MakeOffer(t.Context(), "notify1", store.Offer{Kind: "draw", By: 0, Needs: 0b10, Reason: "agreement", Ply: 1}); err != nil {
		t.Fatal(err)
	}
	if c := next(); c != (store.GameChange{Game: "notify1", Moves: -1, Turn: true}) {
		t.Fatalf("after an offer: %+v", c)
	}
	if _, _, err := turns.AnswerOffer(t.Context(), "notify1", store.OfferAnswer{Kind: "draw", Ply: 1, Seats: 0b10}); err != nil {
		t.Fatal(err)
	}
	if c := next(); c != (store.GameChange{Game: "notify1", Moves: -1, Turn: true}) {
		t.Fatalf("after a refusal: %+v", c)
	}
	if err := turns.SetClockFrom(t.Context(), "notify1", 1, time.Now()); err != nil {
		t.Fatal(err)
	}
	if c := next(); c != (store.GameChange{Game: "notify1", Moves: -1, Turn: true}) {
		t.Fatalf("after a clock's start: %+v", c)
	}
	if _, err := turns.MakeOffer(t.Context(), "notify1", store.Offer{Kind: "undo", By: 0, Ply: 1}); err != nil {
		t.Fatal(err)
	}
	if c := next(); c != (store.GameChange{Game: "notify1", Moves: 0}) {
		t.Fatalf("after an undo nobody had to accept: %+v", c)
	}
	if err := writer.AppendMove(t.Context(), "notify1", store.Move{Ply: 0, Notation: "2b1-b3"}); err != nil {
		t.Fatal(err)
	}
	next()
	if err := writer.AppendFinalMove(t.Context(), "notify1", store.Move{Ply: 1, Notation: "1a3-a2"}, "win 2", "test"); err != nil {
		t.Fatal(err)
	}
	if c := next(); c != (store.GameChange{Game: "notify1", Moves: 2, Finished: true}) {
		t.Errorf("after the final move (and not the refused one): %+v", c)
	}
	g2 := &store.Game{ID: "notify2", GameID: "pogo"}
	writer.CreateGame(t.Context(), g2)
	writer.AppendMove(t.Context(), "notify2", store.Move{Ply: 0, Notation: "2b1-b3"})
	next()
	if err := writer.TruncateMoves(t.Context(), "notify2", 0); err != nil {
		t.Fatal(err)
	}
	if c := next(); c != (store.GameChange{Game: "notify2", Moves: -1}) {
		t.Errorf("after an undo: %+v", c)
	}
	if err := writer.FinishGame(t.Context(), "notify2", "draw", "agreed"); err != nil {
		t.Fatal(err)
	}
	if c := next(); c != (store.GameChange{Game: "notify2", Moves: -1, Finished: true}) {
		t.Errorf("after a finish: %+v", c)
	}
	// The listening connection is cut (a restarted database, a proxy):
	// the listener connects again and says to read everything again.
	conn, err := pgx.Connect(t.Context(), dsn(t))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(t.Context(), `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
		WHERE query = $1 AND pid <> pg_backend_pid()`,
		"LISTEN "+pgx.Identifier{postgres.Channel(listener.(*postgres.Store))}.Sanitize()); err != nil {
		t.Fatal(err)
	}
	select {
	case <-ready:
	case <-time.After(time.Minute):
		t.Fatal("no resync within a minute after the listening connection was cut")
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Listen: %v", err)
	}
}
