package model

import (
	"context"
	"fmt"
	"time"
)

// Challenge is an account's offer to play a two-player game, open to
// anyone or aimed at one player, until it is accepted (it then names the
// game made), cancelled by its creator or expired.
type Challenge struct {
	ID              string // public id, like a game's
	Creator         string // the user's name
	Target          string // the only user who may accept; "" = anyone
	GameID          string // rules id
	Options         string // the resolved variant's options
	Seat            int    // the creator's seat: 0 moves first, 1 second; -1 drawn at acceptance
	Rated           bool
	ClockMillis     int64 // time per player, 0 = no clock
	IncrementMillis int64
	MoveDays        int    // correspondence: days per move, 0 = none
	Status          string // ChallengeOpen, ChallengeAccepted, ChallengeCancelled or ChallengeExpired
	Game            string // the game made on acceptance ("" before)
	AcceptedBy      string // who accepted ("" before)
	CreatedAt       time.Time
	ExpiresAt       time.Time
}

// The states of a challenge.
const (
	ChallengeOpen      = "open"
	ChallengeAccepted  = "accepted"
	ChallengeCancelled = "cancelled"
	ChallengeExpired   = "expired"
)

// MaxMoveDays bounds the days per move of a correspondence game.
const MaxMoveDays = 30

// MaxOpenChallenges bounds the open challenges of one account: a player
// cannot fill the lobby.
const MaxOpenChallenges = 10

// CheckChallenge says what is wrong with a new challenge, or nil.
func CheckChallenge(c *Challenge) error {
	switch {
	case c == nil:
		return fmt.Errorf("store: nil challenge")
	case c.ID == "" || len(c.ID) > 64:
		return fmt.Errorf("store: challenge id %q: 1 to 64 characters", c.ID)
	case c.GameID == "":
		return fmt.Errorf("store: challenge %s without a rules id", c.ID)
	case c.Seat < -1 || c.Seat > 1:
		return fmt.Errorf("store: challenge %s: seat %d, accepted: -1 (drawn), 0 or 1", c.ID, c.Seat)
	case c.MoveDays < 0 || c.MoveDays > MaxMoveDays:
		return fmt.Errorf("store: challenge %s: %d days per move, accepted: 0 to %d", c.ID, c.MoveDays, MaxMoveDays)
	case c.ClockMillis < 0 || c.IncrementMillis < 0:
		return fmt.Errorf("store: challenge %s: negative clock or increment", c.ID)
	case c.Target != "" && UserKey(c.Target) == UserKey(c.Creator):
		return fmt.Errorf("store: challenge %s: %s cannot challenge himself", c.ID, c.Creator)
	}
	return nil
}

// Lobby keeps challenges. Both SQL backends implement it
// (store/storetest.RunLobby is its conformance suite).
type Lobby interface {
	// CreateChallenge stores an open challenge. The creator must be an
	// enabled user and the target, if any, a user (ErrNotFound); a creator
	// with MaxOpenChallenges open challenges gets ErrConflict. A zero
	// CreatedAt becomes now; Status becomes open.
	CreateChallenge(ctx context.Context, c *Challenge) error
	// LoadChallenge returns one challenge in any state; ErrNotFound.
	LoadChallenge(ctx context.Context, id string) (*Challenge, error)
	// OpenChallenges returns the challenges open at now that user may see:
	// those open to anyone, and those user created or is the target of
	// (user "" sees the public ones only); oldest first, at most limit
	// (0: DefaultLimit).
	OpenChallenges(ctx context.Context, user string, now time.Time, limit int) ([]Challenge, error)
	// AcceptChallenge makes the challenge's game and marks it accepted by
	// user, in one transaction: g is stored as CreateGame stores it. It is
	// refused with ErrConflict, and nothing stored, unless the challenge is
	// open and not expired at now, user is not its creator, and the
	// challenge is public or aimed at user; ErrNotFound for no such
	// challenge or user. Of users racing to accept one challenge, exactly
	// one succeeds.
	AcceptChallenge(ctx context.Context, id, user string, now time.Time, g *Game) error
	// CancelChallenge withdraws an open challenge; only its creator may
	// (ErrConflict for anyone else, or when it is not open).
	CancelChallenge(ctx context.Context, id, user string) error
	// ExpireChallenges marks the open challenges expired at now and says
	// how many.
	ExpireChallenges(ctx context.Context, now time.Time) (int, error)
}
