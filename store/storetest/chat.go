package storetest

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/plateau-games/plateau/store"
)

// ChatStore is what the chat suite needs: games, their chats, accounts.
type ChatStore interface {
	store.Store
	store.Accounts
	store.Chat
}

// ChatFiller writes n messages to a channel at once, as n calls of AddChat
// without limits would: message i, for i from first to first+n-1, by
// author, sent by senders[i%len(senders)], of text fmt.Sprint(i), in that
// order.
type ChatFiller func(ctx context.Context, s ChatStore, game, channel, author string, senders []string, first, n int) error

// ChatOption adds to what RunChat tests.
type ChatOption func(*chatConfig)

type chatConfig struct{ fill ChatFiller }

// FillChat has RunChat fill the channels of its tests of the cap with f
// between a first and a last message it adds with AddChat, rather than with
// 2,000 calls of AddChat each (each counting the channel: the whole was
// quadratic, and most of the chat suite's time). The cap is still reached,
// and checked, by AddChat, at the same count.
func FillChat(f ChatFiller) ChatOption { return func(c *chatConfig) { c.fill = f } }

// RunChat runs the conformance suite of store.Chat, each test as a
// subtest of t, on an empty store from newStore.
func RunChat(t *testing.T, newStore func(t *testing.T) ChatStore, opts ...ChatOption) {
	var c chatConfig
	for _, o := range opts {
		o(&c)
	}
	tests := []struct {
		name string
		fn   func(t *testing.T, s ChatStore)
	}{
		{"AddList", testChatAddList},
		{"BadMessages", testBadChat},
		{"Delete", testChatDelete},
		{"Full", func(t *testing.T, s ChatStore) { testChatFull(t, s, c.fill) }},
		{"Rate", testChatRate},
		{"Share", testChatShare},
		{"DeletionFreesRoom", func(t *testing.T, s ChatStore) { testChatDeletionFreesRoom(t, s, c.fill) }},
		{"ConcurrentSender", testChatConcurrentSender},
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
		{Game: "chat1", Channel: store.ChatPlayers, Author: "Zoe", User: "zoe", Sender: "user:zoe", Text: "bonne partie « ! »", At: base},
		{Game: "chat1", Channel: store.ChatSpectators, Author: "spectator", Sender: "addr:1", Text: "<b>not markup</b>", At: base},
		{Game: "chat1", Channel: store.ChatPlayers, Author: "Ordinateur", Sender: "addr:1", Text: "merci"},
	} {
		m := m
		if err := s.AddChat(ctx(t), &m, store.ChatLimits{}); err != nil {
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
	if err := s.AddChat(ctx(t), &store.ChatMessage{Game: "none", Channel: store.ChatPlayers, Author: "x", Text: "hi", Sender: "addr:a"}, store.ChatLimits{}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a message to no game: %v", err)
	}
}

func testBadChat(t *testing.T, s ChatStore) {
	if err := s.CreateGame(ctx(t), sample("chat2")); err != nil {
		t.Fatal(err)
	}
	for _, m := range []*store.ChatMessage{
		nil,
		{Game: "chat2", Channel: "everyone", Author: "a", Sender: "addr:a", Text: "hi"},
		{Game: "chat2", Channel: store.ChatPlayers, Author: "a", Sender: "addr:a", Text: ""},
		{Game: "chat2", Channel: store.ChatPlayers, Author: "a", Sender: "addr:a", Text: strings.Repeat("é", store.MaxChatText+1)},
		{Game: "chat2", Channel: store.ChatPlayers, Author: "a", Sender: "addr:a", Text: "bad \xff utf-8"},
		{Game: "chat2", Channel: store.ChatPlayers, Author: "", Sender: "addr:a", Text: "hi"},
		{Game: "", Channel: store.ChatPlayers, Author: "a", Sender: "addr:a", Text: "hi"},
		{Game: "chat2", Channel: store.ChatPlayers, Author: "a", Text: "no sender"},
	} {
		if err := s.AddChat(ctx(t), m, store.ChatLimits{}); err == nil {
			t.Errorf("AddChat(%+v) accepted", m)
		}
	}
	if list, _ := s.ChatMessages(ctx(t), "chat2", store.ChatPlayers, 0); len(list) != 0 {
		t.Errorf("refused messages stored: %+v", list)
	}
	ok := &store.ChatMessage{Game: "chat2", Channel: store.ChatPlayers, Author: "a", Sender: "addr:a", Text: strings.Repeat("é", store.MaxChatText)}
	if err := s.AddChat(ctx(t), ok, store.ChatLimits{}); err != nil {
		t.Errorf("a message of %d characters: %v", store.MaxChatText, err)
	}
}

func testChatDelete(t *testing.T, s ChatStore) {
	for _, id := range []string{"chat3", "chat4"} {
		if err := s.CreateGame(ctx(t), sample(id)); err != nil {
			t.Fatal(err)
		}
	}
	m := &store.ChatMessage{Game: "chat3", Channel: store.ChatPlayers, Author: "a", Sender: "addr:a", Text: "rude"}
	if err := s.AddChat(ctx(t), m, store.ChatLimits{}); err != nil {
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

// fillChannel adds n messages to a channel as ChatFiller describes, the
// first and the last with AddChat, the others with fill when there is one,
// and returns the first one's id.
func fillChannel(t *testing.T, s ChatStore, fill ChatFiller, game, channel, author string, senders []string, n int) (first int64) {
	add := func(i int) int64 {
		m := &store.ChatMessage{Game: game, Channel: channel, Author: author, Text: fmt.Sprint(i), Sender: senders[i%len(senders)]}
		if err := s.AddChat(ctx(t), m, store.ChatLimits{}); err != nil {
			t.Fatalf("message %d: %v", i, err)
		}
		return m.ID
	}
	if fill == nil || n < 3 {
		for i := 0; i < n; i++ {
			if id := add(i); i == 0 {
				first = id
			}
		}
		return first
	}
	first = add(0)
	if err := fill(ctx(t), s, game, channel, author, senders, 1, n-2); err != nil {
		t.Fatal(err)
	}
	add(n - 1)
	return first
}

func testChatFull(t *testing.T, s ChatStore, fill ChatFiller) {
	if testing.Short() {
		t.Skip("fills a channel")
	}
	if err := s.CreateGame(ctx(t), sample("chat5")); err != nil {
		t.Fatal(err)
	}
	fillChannel(t, s, fill, "chat5", store.ChatSpectators, "a", []string{"addr:a"}, store.MaxChatMessages)
	if err := s.AddChat(ctx(t), &store.ChatMessage{Game: "chat5", Channel: store.ChatSpectators, Author: "a", Text: "one more", Sender: "addr:a"}, store.ChatLimits{}); !errors.Is(err, store.ErrConflict) {
		t.Errorf("message %d: %v, want ErrConflict", store.MaxChatMessages+1, err)
	}
	if err := s.AddChat(ctx(t), &store.ChatMessage{Game: "chat5", Channel: store.ChatPlayers, Author: "a", Text: "the other channel", Sender: "addr:a"}, store.ChatLimits{}); err != nil {
		t.Errorf("the players' channel is not full: %v", err)
	}
}

// chatLimited checks that err is a *ChatLimitError of want.
func chatLimited(t *testing.T, what string, err error, want error, limit int) *store.ChatLimitError {
	t.Helper()
	var le *store.ChatLimitError
	if !errors.Is(err, want) || !errors.As(err, &le) || le.Limit != limit {
		t.Fatalf("%s: %v, want %v (limit %d)", what, err, want, limit)
	}
	return le
}

// The rate of a sender counts his messages in every game and channel:
// Burst in ChatBurstWindow, PerMinute in a minute; others are not held.
func testChatRate(t *testing.T, s ChatStore) {
	for _, id := range []string{"rate1", "rate2"} {
		if err := s.CreateGame(ctx(t), sample(id)); err != nil {
			t.Fatal(err)
		}
	}
	lim := store.ChatLimits{PerMinute: 6, Burst: 3}
	at := base
	post := func(sender, game, channel string, at time.Time) error {
		return s.AddChat(ctx(t), &store.ChatMessage{Game: game, Channel: channel, Author: "x", Sender: sender, Text: "hi", At: at}, lim)
	}
	// Three at once, in two games and both channels: the fourth waits for
	// the burst window.
	for i, where := range [][2]string{{"rate1", store.ChatPlayers}, {"rate2", store.ChatSpectators}, {"rate1", store.ChatSpectators}} {
		if err := post("user:zoe", where[0], where[1], at.Add(time.Duration(i)*time.Second)); err != nil {
			t.Fatalf("message %d: %v", i, err)
		}
	}
	le := chatLimited(t, "the fourth in 10 s", post("user:zoe", "rate2", store.ChatPlayers, at.Add(3*time.Second)), store.ErrChatRate, 3)
	if le.Wait != 7*time.Second {
		t.Errorf("wait %v, want 7s (the first leaves the window)", le.Wait)
	}
	// Somebody else, and the same person once the window moved on.
	if err := post("addr:10.0.0.1", "rate2", store.ChatPlayers, at.Add(3*time.Second)); err != nil {
		t.Errorf("another sender: %v", err)
	}
	for i := 0; i < 3; i++ {
		if err := post("user:zoe", "rate2", store.ChatPlayers, at.Add(time.Duration(20+i)*time.Second)); err != nil {
			t.Fatalf("message %d after the window: %v", i+3, err)
		}
	}
	// Six in the minute: the seventh waits for the first to be a minute
	// old, even after the burst window.
	le = chatLimited(t, "the seventh in a minute", post("user:zoe", "rate1", store.ChatPlayers, at.Add(40*time.Second)), store.ErrChatRate, 6)
	if le.Wait != 20*time.Second {
		t.Errorf("wait %v, want 20s", le.Wait)
	}
	if err := post("user:zoe", "rate1", store.ChatPlayers, at.Add(61*time.Second)); err != nil {
		t.Errorf("a minute later: %v", err)
	}
	// Refused messages are not stored and do not count.
	list, _ := s.ChatMessages(ctx(t), "rate1", store.ChatPlayers, 0)
	if len(list) != 2 {
		t.Errorf("%d messages stored in rate1, want 2", len(list))
	}
	// No limits: anything goes.
	for i := 0; i < 10; i++ {
		if err := s.AddChat(ctx(t), &store.ChatMessage{Game: "rate1", Channel: store.ChatPlayers, Author: "x", Sender: "user:zoe", Text: "hi", At: at.Add(61 * time.Second)}, store.ChatLimits{}); err != nil {
			t.Fatal(err)
		}
	}
}

// One sender holds at most Share messages shown in a channel; the others
// still write; his messages elsewhere are his own share.
func testChatShare(t *testing.T, s ChatStore) {
	if err := s.CreateGame(ctx(t), sample("share1")); err != nil {
		t.Fatal(err)
	}
	lim := store.ChatLimits{Share: 3}
	post := func(sender, channel string) error {
		return s.AddChat(ctx(t), &store.ChatMessage{Game: "share1", Channel: channel, Author: "x", Sender: sender, Text: "hi"}, lim)
	}
	for i := 0; i < 3; i++ {
		if err := post("addr:a", store.ChatSpectators); err != nil {
			t.Fatal(err)
		}
	}
	chatLimited(t, "over the share", post("addr:a", store.ChatSpectators), store.ErrChatShare, 3)
	for _, sender := range []string{"addr:b", "user:c"} {
		if err := post(sender, store.ChatSpectators); err != nil {
			t.Errorf("%s, while addr:a holds his share: %v", sender, err)
		}
	}
	if err := post("addr:a", store.ChatPlayers); err != nil {
		t.Errorf("the other channel: %v", err)
	}
	// An operator deletes one of his: he may write one more.
	list, _ := s.ChatMessages(ctx(t), "share1", store.ChatSpectators, 0)
	if err := s.DeleteChat(ctx(t), "share1", list[0].ID); err != nil {
		t.Fatal(err)
	}
	if err := post("addr:a", store.ChatSpectators); err != nil {
		t.Errorf("after a deletion: %v", err)
	}
	chatLimited(t, "over the share again", post("addr:a", store.ChatSpectators), store.ErrChatShare, 3)
}

// The cap of a channel counts the messages shown: an operator's deletion
// frees room.
func testChatDeletionFreesRoom(t *testing.T, s ChatStore, fill ChatFiller) {
	if testing.Short() {
		t.Skip("fills a channel")
	}
	if err := s.CreateGame(ctx(t), sample("room1")); err != nil {
		t.Fatal(err)
	}
	senders := make([]string, 8)
	for i := range senders {
		senders[i] = fmt.Sprintf("addr:%d", i)
	}
	first := fillChannel(t, s, fill, "room1", store.ChatPlayers, "a", senders, store.MaxChatMessages)
	add := func() error {
		return s.AddChat(ctx(t), &store.ChatMessage{Game: "room1", Channel: store.ChatPlayers, Author: "b", Sender: "addr:new", Text: "room?"}, store.ChatLimits{Share: 10})
	}
	if err := add(); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("a full channel: %v, want ErrConflict", err)
	}
	if err := s.DeleteChat(ctx(t), "room1", first); err != nil {
		t.Fatal(err)
	}
	if err := add(); err != nil {
		t.Fatalf("after a deletion: %v", err)
	}
	if err := add(); !errors.Is(err, store.ErrConflict) {
		t.Errorf("full again: %v, want ErrConflict", err)
	}
}

// Many writers of one sender at once (as many connections, or servers):
// exactly the limit gets through.
func testChatConcurrentSender(t *testing.T, s ChatStore) {
	for _, id := range []string{"conc1", "conc2", "conc3"} {
		if err := s.CreateGame(ctx(t), sample(id)); err != nil {
			t.Fatal(err)
		}
	}
	lim := store.ChatLimits{PerMinute: 7, Burst: 7, Share: 100}
	var wg sync.WaitGroup
	var mu sync.Mutex
	accepted, limited := 0, 0
	for i := 0; i < 40; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			game := []string{"conc1", "conc2", "conc3"}[i%3]
			err := s.AddChat(ctx(t), &store.ChatMessage{Game: game, Channel: store.ChatPlayers, Author: "x", Sender: "user:flood", Text: fmt.Sprint(i), At: base}, lim)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				accepted++
			case errors.Is(err, store.ErrChatRate):
				limited++
			default:
				t.Errorf("message %d: %v", i, err)
			}
		}()
	}
	wg.Wait()
	if accepted != lim.PerMinute || limited != 40-lim.PerMinute {
		t.Errorf("%d accepted and %d limited of 40 at once, want %d and %d", accepted, limited, lim.PerMinute, 40-lim.PerMinute)
	}
}
