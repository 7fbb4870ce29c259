package live

import (
	"context"
	"errors"
	"strings"

	"golang.org/x/time/rate"

	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// The chat of a game: its players talk in one channel, its spectators in
// another (players do not read the spectators, nor the spectators the
// players). Text only (shown with textContent), at most
// store.MaxChatText characters, cleaned like names; a spectator needs an
// account to write; each connection may write chatPerSecond messages a
// second (ConnectionChatBurst in a row), and each person (account or address) has
// limits across connections and servers (chatlimits.go). An operator's
// connection may delete messages. Muting is the page's: it hides the
// channel.

const (
	chatPerSecond       = 0.5
	ConnectionChatBurst = 5
	chatHistory         = 100 // messages sent on hello
)

// chatItem is a message as the page gets it.
type chatItem struct {
	ID      int64  `json:"id"`
	Author  string `json:"author"`
	Text    string `json:"text"`
	At      int64  `json:"at"` // ms since the epoch
	Deleted bool   `json:"deleted,omitempty"`
}

type chatMsg struct {
	Type      string     `json:"type"` // "chat"
	Channel   string     `json:"channel"`
	Messages  []chatItem `json:"messages"`
	History   bool       `json:"history,omitempty"`   // the channel's last messages, on hello
	CanWrite  bool       `json:"canWrite,omitempty"`  // this connection may write
	Moderator bool       `json:"moderator,omitempty"` // this connection may delete
}

type chatDeletedMsg struct {
	Type string `json:"type"` // "chatdeleted"
	ID   int64  `json:"id"`
}

func itemOf(m store.ChatMessage) chatItem {
	it := chatItem{ID: m.ID, Author: m.Author, Text: m.Text, At: m.At.UnixMilli(), Deleted: m.Deleted}
	if m.Deleted {
		it.Text = ""
	}
	return it
}

// chatChannel is the channel of a connection: the players' for one that
// holds a seat.
func chatChannel(c *client) string {
	if c.spectator() && c.left == 0 { // a leaver still talks with the players
		return store.ChatSpectators
	}
	return store.ChatPlayers
}

// chatAuthor is the name a connection writes under: its account, else the
// first seat it holds.
func (r *room) chatAuthorLocked(c *client) string {
	if c.user != "" {
		return c.user
	}
	for i, seat := range r.g.Seats {
		if c.holds(i) {
			return games.SeatLabel(r.match.Variant(), i, seat, c.lang)
		}
	}
	return ""
}

// chatHistoryLocked sends a connection its channel's last messages.
func (r *room) chatHistoryLocked(ctx context.Context, c *client) {
	st, ok := r.lv.cfg.Store.(store.Chat)
	if !ok {
		return
	}
	ch := chatChannel(c)
	cctx, cancel := context.WithTimeout(ctx, storeTimeout)
	defer cancel()
	list, err := st.ChatMessages(cctx, r.id, ch, chatHistory)
	if err != nil {
		r.lv.LogError("chat history", err, "game", r.id)
		return
	}
	out := chatMsg{Type: "chat", Channel: ch, History: true, Messages: []chatItem{},
		CanWrite: !c.spectator() || c.user != "", Moderator: c.operator}
	r.chatSeenLocked(store.ChatMessage{}) // the room's connections have the chat from now on
	for _, m := range list {
		out.Messages = append(out.Messages, itemOf(m))
		r.chatSeenLocked(m)
	}
	r.sendLocked(c, out)
}

func (r *room) chatLocked(ctx context.Context, c *client, text string) {
	st, ok := r.lv.cfg.Store.(store.Chat)
	switch {
	case !ok:
		r.sendLocked(c, errorMsg{Type: "error", Code: "no_chat", Message: "this server keeps no chat"})
		return
	case c.spectator() && c.user == "":
		r.sendLocked(c, errorMsg{Type: "error", Code: "chat_login", Message: "log in to write in the spectators' chat"})
		return
	case c.chat != nil && !c.chat.Allow():
		r.lv.Refusals.WithLabelValues("chat_limited").Inc()
		r.sendLocked(c, errorMsg{Type: "error", Code: "chat_limited", Message: "too many messages: wait a little"})
		return
	}
	clean := web.CleanText(text, store.MaxChatText)
	if strings.TrimSpace(clean) == "" {
		r.sendLocked(c, errorMsg{Type: "error", Code: "chat_empty", Message: "an empty message"})
		return
	}
	m := store.ChatMessage{Game: r.id, Channel: chatChannel(c), Author: r.chatAuthorLocked(c), User: c.user, Sender: chatSender(c), Text: clean, At: r.lv.Now()}
	cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), storeTimeout)
	defer cancel()
	if err := st.AddChat(cctx, &m, chatLimits(r.lv.cfg)); err != nil {
		if r.chatRefusedLocked(c, err) {
			return
		}
		if errors.Is(err, store.ErrConflict) {
			r.sendLocked(c, errorMsg{Type: "error", Code: "chat_full", Message: "this chat is full"})
			return
		}
		id := r.lv.LogError("chat", err, "game", r.id)
		r.sendLocked(c, errorMsg{Type: "error", Code: "storage", Message: "the message could not be stored (reference " + id + ")", ID: id})
		return
	}
	r.chatSeenLocked(m)
	out := chatMsg{Type: "chat", Channel: m.Channel, Messages: []chatItem{itemOf(m)}}
	for other := range r.clients {
		if other.greeted && chatChannel(other) == m.Channel {
			r.sendLocked(other, out)
		}
	}
}

func (r *room) chatDeleteLocked(ctx context.Context, c *client, id int64) {
	st, ok := r.lv.cfg.Store.(store.Chat)
	if !ok || !c.operator {
		r.sendLocked(c, errorMsg{Type: "error", Code: "not_operator", Message: "only an operator may delete chat messages"})
		return
	}
	cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), storeTimeout)
	defer cancel()
	if err := st.DeleteChat(cctx, r.id, id); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			r.sendLocked(c, errorMsg{Type: "error", Code: "not_found", Message: "no such message in this game"})
			return
		}
		r.lv.LogError("delete chat", err, "game", r.id)
		return
	}
	r.lv.Log.Info("chat message deleted", "game", r.id, "id", id, "by", c.user)
	r.chatSeenLocked(store.ChatMessage{ID: id, Deleted: true})
	for other := range r.clients {
		if other.greeted {
			r.sendLocked(other, chatDeletedMsg{Type: "chatdeleted", ID: id})
		}
	}
}

func newChatLimiter() *rate.Limiter {
	return rate.NewLimiter(rate.Limit(chatPerSecond), ConnectionChatBurst)
}

// chatSeenLocked records that the room's connections have m.
func (r *room) chatSeenLocked(m store.ChatMessage) {
	if r.chatLast == nil {
		r.chatLast, r.chatGone = map[string]int64{}, map[int64]bool{}
	}
	if m.Channel != "" && m.ID > r.chatLast[m.Channel] {
		r.chatLast[m.Channel] = m.ID
	}
	r.chatKnowLocked(m)
	if m.Deleted && len(r.chatGone) < 2*store.MaxChatMessages {
		r.chatGone[m.ID] = true
	}
}

// chatCatchUp sends the room's connections what another server changed in
// the chat: the messages they do not have yet, and the deletions.
func (r *room) chatCatchUp() {
	st, ok := r.lv.cfg.Store.(store.Chat)
	if !ok {
		return
	}
	defer r.lv.recoverRoom("chat notification", r)
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.evicted.Load() || r.chatLast == nil {
		return // nobody here has the chat yet: hello will send it
	}
	ctx, cancel := context.WithTimeout(r.lv.Ctx, storeTimeout)
	defer cancel()
	for _, ch := range []string{store.ChatPlayers, store.ChatSpectators} {
		list, err := st.ChatMessages(ctx, r.id, ch, chatHistory)
		if err != nil {
			r.lv.LogError("chat catch-up", err, "game", r.id)
			return
		}
		var fresh []chatItem
		var gone []int64
		for _, m := range list {
			switch {
			case !r.chatKnownLocked(m):
				fresh = append(fresh, itemOf(m))
			case m.Deleted && !r.chatGone[m.ID]:
				gone = append(gone, m.ID)
			}
			r.chatSeenLocked(m)
		}
		r.chatForgetBeforeLocked(ch, list)
		for c := range r.clients {
			if !c.greeted || chatChannel(c) != ch {
				continue
			}
			if len(fresh) > 0 {
				r.sendLocked(c, chatMsg{Type: "chat", Channel: ch, Messages: fresh})
			}
			for _, id := range gone {
				r.sendLocked(c, chatDeletedMsg{Type: "chatdeleted", ID: id})
			}
		}
	}
}
