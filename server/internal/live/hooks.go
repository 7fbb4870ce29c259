package live

import "time"

// Hooks for the server's tests (package server), which drive live play
// through the assembled site and look inside it only here.

// HasRoom says whether the game's room is in memory.
func (lv *Live) HasRoom(id string) bool {
	r, _ := lv.lookupRoom(id)
	return r != nil
}

// CatchUpChat reads the chat of the game's room again, as a notification
// of the store does; false without a room.
func (lv *Live) CatchUpChat(id string) bool {
	r, _ := lv.lookupRoom(id)
	if r == nil {
		return false
	}
	r.chatCatchUp()
	return true
}

// DropIfEmpty drops the game's room if nobody is connected to it (as the
// sweep does, without waiting); true when no room is left.
func (lv *Live) DropIfEmpty(id string) bool {
	r, _ := lv.lookupRoom(id)
	if r == nil {
		return true
	}
	r.mu.Lock()
	gone := len(r.clients) == 0 && r.evictLocked()
	r.mu.Unlock()
	if gone {
		lv.forget(r)
	}
	return gone
}

// KeepLeases leaves this server's leases in the store when its rooms go,
// as a server that dies would.
func (lv *Live) KeepLeases() {
	lv.leases.mu.Lock()
	lv.leases.keep = true
	lv.leases.mu.Unlock()
}

// LeaseUntil is when this server's lease of the game expires, as last
// taken or renewed (zero: not held).
func (lv *Live) LeaseUntil(game string) time.Time {
	lv.leases.mu.Lock()
	defer lv.leases.mu.Unlock()
	return lv.leases.held[game]
}
