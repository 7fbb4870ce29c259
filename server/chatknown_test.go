package server

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/plateau-games/plateau/store"
)

// lateChat is a store whose chat hides the messages not yet "committed":
// another server's transaction that took an id before this server's
// message and commits after it.
type lateChat struct {
	store.Store
	chat   store.Chat
	mu     sync.Mutex
	hidden map[int64]bool
}

func (l *lateChat) AddChat(ctx context.Context, m *store.ChatMessage, lim store.ChatLimits) error {
	return l.chat.AddChat(ctx, m, lim)
}

func (l *lateChat) DeleteChat(ctx context.Context, game string, id int64) error {
	return l.chat.DeleteChat(ctx, game, id)
}

func (l *lateChat) ChatMessages(ctx context.Context, game, channel string, limit int) ([]store.ChatMessage, error) {
	list, err := l.chat.ChatMessages(ctx, game, channel, limit)
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []store.ChatMessage
	for _, m := range list {
		if !l.hidden[m.ID] {
			out = append(out, m)
		}
	}
	return out, err
}

// Found flooding the chat of one game from 20 connections of one account
// on two servers: 5 messages were stored, the other player saw 4. The
// room sent only the messages above the last id it had, and the ids of
// two servers' inserts commit in either order: a message committed after
// a later id was never shown on the other server. It is shown now.
func TestChatMessageCommittedLateIsShown(t *testing.T) {
	db, err := store.Open(t.Context(), filepath.Join(t.TempDir(), "plateau.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	st := &lateChat{Store: db, chat: db.(store.Chat), hidden: map[int64]bool{}}
	s, ts := runServer(t, Config{Store: st, NewAgent: cheapAgents})
	g := createGame(t, ts, form("pogo", "me", "invite"))
	a, b := dial(t, ts, g.id), dial(t, ts, g.id)
	// Both histories read first: one loaded after the other server's
	// messages below would already hold them (nothing left to catch up).
	a.helloChat(g.mine[0])
	b.helloChat(g.invited[1])
	live := func(m msg) bool { return m["history"] != true }
	if !s.live.HasRoom(g.id) {
		t.Fatal("no room")
	}
	// Another server's two messages: the first is still being committed
	// when the notification of the second arrives.
	other := func(text string) int64 {
		m := store.ChatMessage{Game: g.id, Channel: store.ChatPlayers, Author: "Light", Sender: "seat", Text: text, At: time.Now()}
		if err := st.AddChat(t.Context(), &m, store.ChatLimits{}); err != nil {
			t.Fatal(err)
		}
		return m.ID
	}
	first := other("first")
	other("second")
	st.mu.Lock()
	st.hidden[first] = true
	st.mu.Unlock()
	s.live.CatchUpChat(g.id)
	if m := b.expect("chat", live); len(m["messages"].([]any)) != 1 {
		t.Fatalf("the committed message: %v", m)
	}
	st.mu.Lock()
	delete(st.hidden, first)
	st.mu.Unlock()
	s.live.CatchUpChat(g.id)
	m := b.expect("chat", live)
	list := m["messages"].([]any)
	if len(list) != 1 || list[0].(map[string]any)["text"] != "first" {
		t.Fatalf("the message committed late: %v", m)
	}
	// And each once: nothing new, nothing sent.
	s.live.CatchUpChat(g.id)
	a.send(map[string]any{"type": "chat", "text": "after"})
	if m := b.expect("chat", live); m["messages"].([]any)[0].(map[string]any)["text"] != "after" {
		t.Fatalf("a message sent twice: %v", m)
	}
	// This server's own message, caught up again (its notification's
	// echo), is not sent twice either.
	s.live.CatchUpChat(g.id)
	a.send(map[string]any{"type": "chat", "text": "last"})
	if m := b.expect("chat", live); m["messages"].([]any)[0].(map[string]any)["text"] != "last" {
		t.Fatalf("a message sent twice: %v", m)
	}
}
