package server

import (
	"context"
	"strings"
	"sync"
	"time"

	"github.com/plateau-games/plateau/server/internal/tourney"
	"github.com/plateau-games/plateau/store"
)

// The store's notifications (PostgreSQL's LISTEN/NOTIFY, store.Notifier)
// carry what other servers wrote: games (live play brings its rooms up to
// date, internal/live/notify.go), revocations and the lobby (the club).

// listenWait bounds how long New waits for the store's notifications to
// begin.
const listenWait = 5 * time.Second

// listen follows the store's changes until Close begins (not later: Close
// waits for the server's goroutines before it cancels their context);
// ready is closed once listening has begun.
func (s *Server) listen(n store.Notifier, ready chan struct{}) {
	ctx, cancel := context.WithCancel(s.Ctx)
	defer cancel()
	go func() {
		select {
		case <-s.Stopping:
		case <-ctx.Done():
		}
		cancel()
	}()
	var once sync.Once
	n.Listen(ctx, func(c store.GameChange) {
		if c.Resync {
			once.Do(func() { close(ready) })
		}
		s.onGameChange(c)
	})
}

// onGameChange hands a change to live play, then to the club.
func (s *Server) onGameChange(c store.GameChange) {
	s.live.OnGameChange(c)
	switch {
	case c.Resync:
		// Revocations may have been missed too.
		s.club.Revoked("")
		s.tourney.Resync()
	case c.Game == "-" && strings.HasPrefix(c.Event, "revoke "):
		s.club.Revoked(strings.TrimPrefix(c.Event, "revoke "))
	case c.Game == "-" && strings.HasPrefix(c.Event, tourney.Event):
		s.tourney.ChangedElsewhere(strings.TrimPrefix(c.Event, tourney.Event))
	case c.Game == "-" && strings.HasPrefix(c.Event, "lobby "):
		if strings.TrimPrefix(c.Event, "lobby ") != s.live.Holder() { // not our own, echoed back
			s.club.LobbyChangedElsewhere()
		}
	}
}
