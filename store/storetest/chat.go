package storetest

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/store"
)

// ChatStore is what the chat suite needs: games, their chats, accounts.
type ChatStore interface {
	store.Store
	store.Accounts
	store.Chat
}

// RunChat runs the conformance suite of store.Chat, each test as a
// subtest of t, on an empty store from newStore.
func RunChat(t *testing.T, newStore func(t *testing.T) ChatStore) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s ChatStore)
	}{
		{"AddList", testChatAddList},
		{"BadMessages", testBadChat},
		{"Delete", testChatDelete},
		{"Full", testChatFull},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.fn(t, newStore(t)) })
	}
}

func testChatAddList(t *testing.T, s ChatStore) {
	users(t, s, "Zoe")
	if err := s.CreateGame(ctx(t), sample("chat1")); err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for i, m := range []store.ChatMessage{
		{Game: "chat1", Channel: store.ChatPlayers, Author: "Zoe", User: "zoe", Text: "bonne partie « ! »", At: base},
		{Game: "chat1", Channel: store.ChatSpectators, Author: "spectator", Text: "<b>not markup</b>", At: base},
		{Game: "chat1", Channel: store.ChatPlayers, Author: "Ordinateur", Text: "merci"},
	} {
		m := m
		if err := s.AddChat(ctx(t), &m); err != nil {
			t.Fatalf("message %d: %v", i, err)
		}
		if m.ID == 0 || m.At.IsZero() {
			t.Errorf("message %d: id %d, at %v", i, m.ID, m.At)
		}
		ids = append(ids, m.ID)
	}
	if !(ids[0] < ids[1] && ids[1] < ids[2]) {
		t.Errorf("ids not increasing: %v", ids)
	}
	players, err := s.ChatMessages(ctx(t), "chat1", store.ChatPlayers, 0)
	if err != nil || len(players) != 2 {
		t.Fatalf("players' chat: %+v, %v", players, err)
	}
	if players[0].Text != "bonne partie « ! »" || players[0].User != "Zoe" || !players[0].At.Equal(stored(base)) || players[1].Text != "merci" || players[1].User != "" {
		t.Errorf("players' chat: %+v", players)
	}
	spect, _ := s.ChatMessages(ctx(t), "chat1", store.ChatSpectators, 0)
	if len(spect) != 1 || spect[0].Text != "<b>not markup</b>" {
		t.Errorf("spectators' chat: %+v", spect)
	}
	last, _ := s.ChatMessages(ctx(t), "chat1", store.ChatPlayers, 1)
	if len(last) != 1 || last[0].Text != "merci" {
		t.Errorf("the last message: %+v", last)
	}
	if err := s.AddChat(ctx(t), &store.ChatMessage{Game: "none", Channel: store.ChatPlayers, Author: "x", Text: "hi"}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a message to no game: %v", err)
	}
}

func testBadChat(t *testing.T, s ChatStore) {
	if err := s.CreateGame(ctx(t), sample("chat2")); err != nil {
		t.Fatal(err)
	}
	for _, m := range []*store.ChatMessage{
		nil,
		{Game: "chat2", Channel: "everyone", Author: "a", Text: "hi"},
		{Game: "chat2", Channel: store.ChatPlayers, Author: "a", Text: ""},
		{Game: "chat2", Channel: store.ChatPlayers, Author: "a", Text: strings.Repeat("é", store.MaxChatText+1)},
		{Game: "chat2", Channel: store.ChatPlayers, Author: "a", Text: "bad \xff utf-8"},
		{Game: "chat2", Channel: store.ChatPlayers, Author: "", Text: "hi"},
		{Game: "", Channel: store.ChatPlayers, Author: "a", Text: "hi"},
	} {
		if err := s.AddChat(ctx(t), m); err == nil {
			t.Errorf("AddChat(%+v) accepted", m)
		}
	}
	if list, _ := s.ChatMessages(ctx(t), "chat2", store.ChatPlayers, 0); len(list) != 0 {
		t.Errorf("refused messages stored: %+v", list)
	}
	ok := &store.ChatMessage{Game: "chat2", Channel: store.ChatPlayers, Author: "a", Text: strings.Repeat("é", store.MaxChatText)}
	if err := s.AddChat(ctx(t), ok); err != nil {
		t.Errorf("a message of %d characters: %v", store.MaxChatText, err)
	}
}

func testChatDelete(t *testing.T, s ChatStore) {
	for _, id := range []string{"chat3", "chat4"} {
		if err := s.CreateGame(ctx(t), sample(id)); err != nil {
			t.Fatal(err)
		}
	}
	m := &store.ChatMessage{Game: "chat3", Channel: store.ChatPlayers, Author: "a", Text: "rude"}
	if err := s.AddChat(ctx(t), m); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteChat(ctx(t), "chat4", m.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("deleting through another game: %v", err)
	}
	if err := s.DeleteChat(ctx(t), "chat3", m.ID); err != nil {
		t.Fatal(err)
	}
	list, _ := s.ChatMessages(ctx(t), "chat3", store.ChatPlayers, 0)
	if len(list) != 1 || !list[0].Deleted {
		t.Errorf("after deletion: %+v", list)
	}
	if err := s.DeleteChat(ctx(t), "chat3", m.ID+1000); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("deleting a missing message: %v", err)
	}
}

func testChatFull(t *testing.T, s ChatStore) {
	if testing.Short() {
		t.Skip("fills a channel")
	}
	if err := s.CreateGame(ctx(t), sample("chat5")); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < store.MaxChatMessages; i++ {
		if err := s.AddChat(ctx(t), &store.ChatMessage{Game: "chat5", Channel: store.ChatSpectators, Author: "a", Text: fmt.Sprint(i)}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.AddChat(ctx(t), &store.ChatMessage{Game: "chat5", Channel: store.ChatSpectators, Author: "a", Text: "one more"}); !errors.Is(err, store.ErrConflict) {
		t.Errorf("message %d: %v, want ErrConflict", store.MaxChatMessages+1, err)
	}
	if err := s.AddChat(ctx(t), &store.ChatMessage{Game: "chat5", Channel: store.ChatPlayers, Author: "a", Text: "the other channel"}); err != nil {
		t.Errorf("the players' channel is not full: %v", err)
	}
}
