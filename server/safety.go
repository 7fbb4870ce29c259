package server

import (
	"fmt"
	"runtime/debug"
)

// goSafe runs f in a goroutine the server waits for on Close; a panic in
// it is logged and counted, never fatal to the process.
func (s *Server) goSafe(where string, f func()) {
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		defer func() {
			if v := recover(); v != nil {
				s.logPanic(where, v)
			}
		}()
		f()
	}()
}

// logPanic logs a recovered panic with its stack.
func (s *Server) logPanic(where string, v any) {
	s.live.panics.WithLabelValues(where).Inc()
	s.log.Error("panic recovered", "where", where, "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
}

// recoverRoom, deferred in a goroutine working for a room (a clock timer),
// ends the room after a panic.
func (s *Server) recoverRoom(where string, r *room) {
	if v := recover(); v != nil {
		s.logPanic(where, v)
		r.fail()
	}
}

// truncate cuts s to n runes, for echoing visitors' text in messages.
func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) > n {
		return string(r[:n])
	}
	return s
}

// logError logs an internal error under a new id and returns the id, the
// only part of it a client is shown.
func (s *Server) logError(what string, err error, attrs ...any) string {
	id := errorID()
	s.log.Error(what, append([]any{"err", err, "error_id", id}, attrs...)...)
	return id
}
