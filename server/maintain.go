package server

import (
	"time"
)

// maintenanceInterval is how often the server looks for rooms nobody joined
// and for abandoned games.
const maintenanceInterval = 30 * time.Second

// maintain runs the server's periodic chores until Close.
func (s *Server) maintain() {
	t := time.NewTicker(maintenanceInterval)
	defer t.Stop()
	for {
		select {
		case <-s.stopping:
			return
		case <-t.C:
			s.sweepRooms()
		}
	}
}

// sweepRooms drops rooms without connections: a room is loaded for a
// connection, which may have gone before it joined.
func (s *Server) sweepRooms() {
	s.mu.Lock()
	var empty []*room
	for _, r := range s.rooms {
		empty = append(empty, r)
	}
	s.mu.Unlock()
	for _, r := range empty {
		r.mu.Lock()
		evict := len(r.clients) == 0 && time.Since(r.loaded) > maintenanceInterval && r.evictLocked()
		r.mu.Unlock()
		if evict {
			s.forget(r)
		}
	}
}
