package model

import (
	"context"
	"fmt"
	"time"
	"unicode/utf8"
)

// ChatMessage is one message of a game's chat. The players of a game talk
// in one channel, its spectators in another.
type ChatMessage struct {
	ID      int64  // given by the store, increasing within a game
	Game    string // the game's public id
	Channel string // ChatPlayers or ChatSpectators
	Author  string // the name shown
	User    string // the author's account ("" for none)
	Text    string
	At      time.Time
	Deleted bool // removed by an operator: kept for the record, no longer shown
}

// The channels of a game's chat.
const (
	ChatPlayers    = "players"
	ChatSpectators = "spectators"
)

// Bounds of the chat: the length of a message (in characters), and the
// messages kept per game and channel (beyond, AddChat refuses).
const (
	MaxChatText     = 300
	MaxChatMessages = 2000
)

// CheckChat says what is wrong with a new chat message, or nil.
func CheckChat(m *ChatMessage) error {
	switch {
	case m == nil:
		return fmt.Errorf("store: nil chat message")
	case m.Game == "":
		return fmt.Errorf("store: chat message without a game")
	case m.Channel != ChatPlayers && m.Channel != ChatSpectators:
		return fmt.Errorf("store: chat channel %q, accepted: %s or %s", m.Channel, ChatPlayers, ChatSpectators)
	case m.Text == "" || !utf8.ValidString(m.Text) || utf8.RuneCountInString(m.Text) > MaxChatText:
		return fmt.Errorf("store: a chat message has 1 to %d characters of UTF-8", MaxChatText)
	case m.Author == "" || len(m.Author) > 200:
		return fmt.Errorf("store: a chat message needs an author of at most 200 bytes")
	}
	return nil
}

// Chat keeps the chats of games. Both SQL backends implement it
// (store/storetest.RunChat is its conformance suite).
type Chat interface {
	// AddChat stores a message and sets its ID and, when zero, its time
	// (now). ErrNotFound for no such game; ErrConflict when the channel
	// holds MaxChatMessages already.
	AddChat(ctx context.Context, m *ChatMessage) error
	// ChatMessages returns the last messages of a channel (at most limit,
	// 0: 100), oldest first, deleted ones included (flagged).
	ChatMessages(ctx context.Context, game, channel string, limit int) ([]ChatMessage, error)
	// DeleteChat flags a message deleted; ErrNotFound when the game has no
	// such message.
	DeleteChat(ctx context.Context, game string, id int64) error
}
