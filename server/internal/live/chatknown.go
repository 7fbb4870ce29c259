package live

import "github.com/plateau-games/plateau/store"

// Chat messages from every server, each once. The store numbers messages
// when they are inserted, but two servers' transactions commit in either
// order: message 5 (written on this server) may be read before message 4
// (another server's, committed a moment later). A high-water mark would
// skip 4 forever; the room remembers instead which ids its connections
// have, among those the store can still return (the channel's last
// chatHistory), and sends any other.

// chatKnowLocked records that the connections have message m.
func (r *room) chatKnowLocked(m store.ChatMessage) {
	if m.Channel == "" || m.ID == 0 {
		return
	}
	if r.chatKnown == nil {
		r.chatKnown = map[string]map[int64]bool{}
	}
	if r.chatKnown[m.Channel] == nil {
		r.chatKnown[m.Channel] = map[int64]bool{}
	}
	r.chatKnown[m.Channel][m.ID] = true
}

// chatKnownLocked says whether the connections have message m.
func (r *room) chatKnownLocked(m store.ChatMessage) bool {
	return r.chatKnown[m.Channel][m.ID]
}

// chatForgetBeforeLocked bounds the memory to the ids of the channel's
// last messages (list, as the store returned them): an older id is never
// returned again.
func (r *room) chatForgetBeforeLocked(channel string, list []store.ChatMessage) {
	if len(list) == 0 {
		return
	}
	low := list[0].ID
	for _, m := range list {
		low = min(low, m.ID)
	}
	for id := range r.chatKnown[channel] {
		if id < low {
			delete(r.chatKnown[channel], id)
		}
	}
}
