package server

import "github.com/plateau-games/plateau/server/internal/club"

// The defaults of the club's settings (Config fields of the same names;
// package club documents them).
const (
	DefaultSessionLifetime   = club.DefaultSessionLifetime
	DefaultLoginPerMinute    = club.DefaultLoginPerMinute
	DefaultLoginBurst        = club.DefaultLoginBurst
	DefaultChallengeLifetime = club.DefaultChallengeLifetime
	DefaultHashQueue         = club.DefaultHashQueue
	DefaultHashWait          = club.DefaultHashWait
	DefaultRevocationPoll    = club.DefaultRevocationPoll
)

// DefaultMaxHashes is how many password hashes run at once by default.
func DefaultMaxHashes() int { return club.DefaultMaxHashes() }

// APIChallenge and APIGame are what the bots' API answers (package club).
type (
	APIChallenge = club.APIChallenge
	APIGame      = club.APIGame
)
