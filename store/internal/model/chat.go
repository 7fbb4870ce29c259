package model

import (
	"context"
	"errors"
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
	// Sender is who the limits count by: the account ("user:" and its
	// key) or, without one, the client's address ("addr:..."). Written,
	// never read back: it is not shown.
	Sender  string
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
// messages shown per game and channel (beyond, AddChat refuses; those an
// operator deleted do not count).
const (
	MaxChatText     = 300
	MaxChatMessages = 2000
	// ChatShareDivisor: one sender may hold at most MaxChatMessages /
	// ChatShareDivisor of a channel's messages shown, so that one person
	// cannot fill it.
	ChatShareDivisor = 4
)

// ChatLimits are the limits AddChat enforces, per sender (account, or
// address without one), counted in the store so that they hold across
// connections and servers. A zero field is no limit.
type ChatLimits struct {
	// PerMinute is how many messages one sender may write in the last
	// minute, all games and channels together; Burst how many in the last
	// ChatBurstWindow.
	PerMinute int
	Burst     int
	// Share is how many messages still shown one sender may hold in one
	// channel.
	Share int
}

// ChatBurstWindow is the window of ChatLimits.Burst.
const ChatBurstWindow = 10 * time.Second

// ErrChatRate and ErrChatShare are the refusals of ChatLimits, inside a
// *ChatLimitError (errors.Is finds them).
var (
	ErrChatRate  = errors.New("store: too many chat messages from this sender")
	ErrChatShare = errors.New("store: this sender holds his share of the chat")
)

// ChatLimitError is a refusal of AddChat by ChatLimits: Err is
// ErrChatRate or ErrChatShare, Limit the limit reached, Wait (for a rate)
// how long until a message is accepted again.
type ChatLimitError struct {
	Err   error
	Limit int
	Wait  time.Duration
}

func (e *ChatLimitError) Error() string {
	if e.Wait > 0 {
		return fmt.Sprintf("%v (limit %d; again in %v)", e.Err, e.Limit, e.Wait.Round(time.Second))
	}
	return fmt.Sprintf("%v (limit %d)", e.Err, e.Limit)
}

func (e *ChatLimitError) Unwrap() error { return e.Err }

// ChatRateCheck says whether a sender who wrote n1 messages in the last
// ChatBurstWindow and n60 in the last minute, the oldest of those at
// oldest1 and oldest60, may write one more at now, and else returns the
// refusal.
func ChatRateCheck(lim ChatLimits, now time.Time, n1, n60 int, oldest1, oldest60 time.Time) error {
	if lim.PerMinute > 0 && n60 >= lim.PerMinute {
		return &ChatLimitError{Err: ErrChatRate, Limit: lim.PerMinute, Wait: max(oldest60.Add(time.Minute).Sub(now), time.Second)}
	}
	if lim.Burst > 0 && n1 >= lim.Burst {
		return &ChatLimitError{Err: ErrChatRate, Limit: lim.Burst, Wait: max(oldest1.Add(ChatBurstWindow).Sub(now), time.Second)}
	}
	return nil
}

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
	case m.Sender == "" || len(m.Sender) > 200:
		return fmt.Errorf("store: a chat message needs a sender (an account or an address) of at most 200 bytes")
	}
	return nil
}

// Chat keeps the chats of games. Both SQL backends implement it
// (store/storetest.RunChat is its conformance suite).
type Chat interface {
	// AddChat stores a message and sets its ID and, when zero, its time
	// (now; the limits' windows end at that time). ErrNotFound for no such
	// game; ErrConflict when the channel shows MaxChatMessages already;
	// a *ChatLimitError when the sender is over lim. Atomic: concurrent
	// calls, from any server, never get past a limit together.
	AddChat(ctx context.Context, m *ChatMessage, lim ChatLimits) error
	// ChatMessages returns the last messages of a channel (at most limit,
	// 0: 100), oldest first, deleted ones included (flagged).
	ChatMessages(ctx context.Context, game, channel string, limit int) ([]ChatMessage, error)
	// DeleteChat flags a message deleted; ErrNotFound when the game has no
	// such message.
	DeleteChat(ctx context.Context, game string, id int64) error
}
