package model

import (
	"context"
	"time"

	"github.com/plateau-games/plateau/game"
)

// User is a player's account. Playing without one stays possible: accounts
// only add a name that lasts (and, later, ratings and a lobby).
type User struct {
	Name         string // unique regardless of case (see CheckUserName); kept as chosen
	PasswordHash string // a PHC string ($argon2id$...) made by package accounts; "" = cannot log in with a password (a bot)
	Role         string // RolePlayer or RoleOperator
	Bot          bool   // an account for a program: no password login
	Disabled     bool   // cannot log in; its sessions are deleted when it is disabled
	Owner        string // a bot's owner: the account that creates and revokes its tokens on the site ("" for none)
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

// The roles of an account.
const (
	RolePlayer   = "player"
	RoleOperator = "operator" // may disable accounts and delete chat messages
)

// Session is one login: the browser holds the secret token in a cookie, the
// store only its SHA-256, so a copy of the database opens no session.
type Session struct {
	TokenHash string // hex SHA-256 of the secret token
	User      string // the user's name
	CreatedAt time.Time
	ExpiresAt time.Time
}

// The bounds of a user name: 2 to 20 characters among ASCII letters, digits,
// '_' and '-', starting with a letter or a digit. Names appear in URLs and
// pages: a small alphabet leaves no room for look-alike names, markup or
// path tricks.
const (
	MinUserName = 2
	MaxUserName = 20
)

// MaxPasswordHash bounds what the store accepts as a password hash, far
// above an argon2id PHC string (about 100 bytes).
const MaxPasswordHash = 512

// CheckUserName says what is wrong with a user name, or nil.
func CheckUserName(name string) error {
	if len(name) < MinUserName || len(name) > MaxUserName {
		return game.Errorf(game.Text{EN: "user name %q: %d characters, accepted: %d to %d", FR: "nom d'utilisateur %q : %d caractères, acceptés : de %d à %d"}, name, len(name), MinUserName, MaxUserName)
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case (c == '_' || c == '-') && i > 0:
		default:
			return game.Errorf(game.Text{EN: "user name %q: character %q not accepted: letters a-z and A-Z, digits, and '_' or '-' after the first character", FR: "nom d'utilisateur %q : caractère %q refusé : lettres a-z et A-Z, chiffres, et '_' ou '-' après le premier caractère"}, name, c)
		}
	}
	return nil
}

// UserKey is the form of a name that must be unique: names differ by more
// than case.
func UserKey(name string) string {
	b := []byte(name)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// Accounts keeps users and their sessions. Both SQL backends implement it
// next to Store (store/storetest.RunAccounts is its conformance suite);
// the same rules as Store hold: a write returns once it is durable, an
// error means nothing was stored, times come back in UTC at millisecond
// precision. Names are looked up regardless of case.
type Accounts interface {
	// CreateUser stores a new user; ErrConflict if the name is taken (in
	// any case). Zero CreatedAt and UpdatedAt become now; Role "" becomes
	// RolePlayer. The name, role and hash are checked first.
	CreateUser(ctx context.Context, u *User) error
	// LoadUser returns the user of that name (in any case); ErrNotFound.
	LoadUser(ctx context.Context, name string) (*User, error)
	// UpdateUser writes u's password hash, role, bot and disabled flags to
	// the user of that name and sets UpdatedAt to now; ErrNotFound.
	// Disabling a user deletes its sessions in the same transaction.
	UpdateUser(ctx context.Context, u *User) error
	// ListUsers returns users by name (case-folded), a page at a time
	// (limit 0: DefaultLimit).
	ListUsers(ctx context.Context, limit, offset int) ([]User, error)
	// CreateSession stores a session of an existing, enabled user
	// (ErrNotFound otherwise); ErrConflict if the hash exists.
	CreateSession(ctx context.Context, s *Session) error
	// LoadSession returns the session of that token hash and its user, if
	// it has not expired at now and its user is not disabled; ErrNotFound
	// otherwise.
	LoadSession(ctx context.Context, tokenHash string, now time.Time) (*Session, *User, error)
	// DeleteSession ends one session (logging out); deleting a session
	// that does not exist is not an error.
	DeleteSession(ctx context.Context, tokenHash string) error
	// DeleteSessions ends every session of a user (a new password) and
	// says how many there were.
	DeleteSessions(ctx context.Context, name string) (int, error)
	// DeleteExpiredSessions removes the sessions expired at now and says
	// how many.
	DeleteExpiredSessions(ctx context.Context, now time.Time) (int, error)
}
