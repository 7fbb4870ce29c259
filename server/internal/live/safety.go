package live

// recoverRoom, deferred in a goroutine working for a room (a clock timer),
// ends the room after a panic.
func (lv *Live) recoverRoom(where string, r *room) {
	if v := recover(); v != nil {
		lv.LogPanic(where, v)
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
