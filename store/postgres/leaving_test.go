package postgres_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/plateau-games/plateau/store"
)

// A leave reaches every listener as a change of the seats (GameChange.Left),
// not of the moves; a refused leave notifies nothing.
func TestLeaveNotified(t *testing.T) {
	dsn(t)
	open := reopenable(t)
	writer, listener := open(), open()
	changes := make(chan store.GameChange, 16)
	ready := make(chan struct{}, 1)
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	go listener.(store.Notifier).Listen(ctx, func(c store.GameChange) {
		if c.Resync {
			ready <- struct{}{}
			return
		}
		c.Sent = time.Time{}
		changes <- c
	})
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
	g := &store.Game{ID: "leavenote", GameID: "saute", Options: "players=3",
		Seats: []store.Seat{{Kind: "human", Name: "a"}, {Kind: "computer", Agent: "easy"}, {Kind: "human", Name: "c"}}}
	if err := writer.CreateGame(t.Context(), g); err != nil {
		t.Fatal(err)
	}
	leaving := writer.(store.Leaving)
	if _, err := leaving.LeaveSeat(t.Context(), "leavenote", 1, "easy", time.Time{}); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("a computer's seat leaving: %v", err)
	}
	if _, err := leaving.LeaveSeat(t.Context(), "leavenote", 2, "easy", time.Time{}); err != nil {
		t.Fatal(err)
	}
	if c := next(); c != (store.GameChange{Game: "leavenote", Moves: -1, Left: true}) {
		t.Fatalf("after a leave (and not the refused one): %+v", c)
	}
}
