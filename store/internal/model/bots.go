package model

import (
	"context"
	"fmt"
	"time"
)

// BotToken lets a program play as a bot account: it sends the token, the
// store keeps only its SHA-256. The operator creates tokens for a bot
// account and revokes them.
type BotToken struct {
	ID        string // a short public name of the token, to list and revoke it
	User      string // the bot account
	Label     string // what it is for ("the engine on the club's server")
	Hash      string // hex SHA-256 of the secret token
	CreatedAt time.Time
}

// MaxBotTokens bounds the tokens of one bot account.
const MaxBotTokens = 20

// CheckBotToken says what is wrong with a new token, or nil.
func CheckBotToken(t *BotToken) error {
	switch {
	case t == nil:
		return fmt.Errorf("store: nil bot token")
	case t.ID == "" || len(t.ID) > 32:
		return fmt.Errorf("store: bot token id %q: 1 to 32 characters", t.ID)
	case len(t.Hash) != 64:
		return fmt.Errorf("store: bot token hash of %d characters, accepted: 64 (hex SHA-256)", len(t.Hash))
	case len(t.Label) > 100:
		return fmt.Errorf("store: bot token label of %d bytes, at most 100", len(t.Label))
	}
	return nil
}

// BotTokens keeps the tokens of bot accounts. Both SQL backends implement
// it (store/storetest.RunBotTokens is its conformance suite).
type BotTokens interface {
	// CreateBotToken stores a token of an existing bot account
	// (ErrNotFound for no such account, ErrConflict for an account that
	// is not a bot, one with MaxBotTokens tokens, or an id or hash taken).
	CreateBotToken(ctx context.Context, t *BotToken) error
	// BotTokenUser returns the bot account of a token hash; ErrNotFound
	// for an unknown or revoked token, or a disabled account.
	BotTokenUser(ctx context.Context, hash string) (*User, error)
	// ListBotTokens returns a bot's tokens (without hashes), oldest first.
	ListBotTokens(ctx context.Context, user string) ([]BotToken, error)
	// RevokeBotToken deletes a bot's token; ErrNotFound when it has none
	// of that id.
	RevokeBotToken(ctx context.Context, user, id string) error
}
