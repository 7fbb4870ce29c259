package live

import (
	"github.com/coder/websocket"
)

// What a room sends: discrete messages queued per connection, and
// states built once per view and handed to each connection's writer.

// sendLocked queues a discrete message; a client too slow to take it is
// dropped.
func (r *room) sendLocked(c *client, v any) {
	if c == nil || c.gone {
		return
	}
	b, err := encode(r.localized(c, v))
	if err != nil {
		r.lv.Log.Error("marshal", "err", err)
		return
	}
	select {
	case c.send <- b:
	default:
		r.lv.Log.Warn("slow websocket client dropped", "game", r.id, "client", c.addr)
		r.lv.metrics.SlowDropped.Inc()
		r.dropLocked(c)
		go c.conn.Close(websocket.StatusPolicyViolation, "too slow")
	}
}

func (r *room) sendError(c *client, code, msg string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.sendLocked(c, errorMsg{Type: "error", Code: code, Message: msg})
}

func (r *room) rejectLocked(c *client, code, msg string, ply *int, move string) {
	r.sendLocked(c, errorMsg{Type: "reject", Code: code, Message: msg, Ply: ply, Move: move})
	r.sendStateLocked(c)
}

func (r *room) broadcastLocked(v any) {
	for c := range r.clients {
		r.sendLocked(c, v)
	}
}

// broadcastStateLocked gives every connection the new state: built and
// encoded once per language, whatever the number of connections.
func (r *room) broadcastStateLocked() {
	// Every change of the game ends in a broadcast: what was built before
	// is stale.
	r.built = [4]*sharedState{}
	for c := range r.clients {
		r.sendStateLocked(c)
	}
}

// builtLocked is the state for c's view, built if needed. A game with
// clocks is built anew each time: its state holds the time left now.
func (r *room) builtLocked(c *client) (*sharedState, error) {
	vw := view{fr: langOf(c) == "fr", flip: c != nil && c.flip}
	i := vw.index()
	// A rematch proposal that expired since the state was built is not
	// shown (its timer may not have run yet): dropping it clears r.built.
	r.pendingRematchLocked()
	if r.built[i] != nil && r.clocks == nil {
		return r.built[i], nil
	}
	st, err := r.stateLocked(vw)
	if err != nil {
		return nil, err
	}
	r.built[i] = st
	return st, nil
}

// sendStateLocked gives one connection the state.
func (r *room) sendStateLocked(c *client) {
	if c == nil || c.gone {
		return
	}
	st, err := r.builtLocked(c)
	if err != nil {
		r.lv.LogError("state", err, "game", r.id)
		return
	}
	c.setState(st, c.you)
}

func langOf(c *client) string {
	if c != nil && c.lang == "fr" {
		return "fr"
	}
	return "en"
}
