package server

import (
	"time"

	"github.com/plateau-games/plateau/server/internal/live"
)

// maintenanceInterval is how often the server looks for rooms nobody joined,
// abandoned games, expired sessions and challenges, and clocks run out.
const maintenanceInterval = live.SweepInterval

// maintain runs each feature's periodic chores until Close.
func (s *Server) maintain() {
	t := time.NewTicker(maintenanceInterval)
	defer t.Stop()
	for {
		select {
		case <-s.Stopping:
			return
		case <-t.C:
			s.live.SweepRooms()
			s.live.ExpireAbandoned()
			s.club.ExpireSessions()
			s.club.ExpireChallenges()
			s.club.ExpireTables()
			s.live.ExpireCorrespondence()
			s.live.ExpireRealTime()
			s.tourney.Sweep()
		}
	}
}
