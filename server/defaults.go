package server

import (
	"github.com/plateau-games/plateau/server/internal/club"
	"github.com/plateau-games/plateau/server/internal/live"
	"github.com/plateau-games/plateau/server/internal/pool"
	"github.com/plateau-games/plateau/server/internal/web"
)

// What package server shows of its features to its callers (the command
// line, the load test, the bots): the defaults of Config's fields, each
// documented in the package that uses it, and the types Config and the
// bots' API take.

// The defaults of live play's settings (package live).
const (
	DefaultAbortAfter     = live.DefaultAbortAfter
	DefaultLeaseTTL       = live.DefaultLeaseTTL
	DefaultHintBudget     = live.DefaultHintBudget
	DefaultHintsPerMinute = live.DefaultHintsPerMinute
	DefaultChatPerMinute  = live.DefaultChatPerMinute
	DefaultChatBurst      = live.DefaultChatBurst
	DefaultChatShare      = live.DefaultChatShare
)

// The defaults of the club's settings (package club).
const (
	DefaultSessionLifetime             = club.DefaultSessionLifetime
	DefaultLoginPerMinute              = club.DefaultLoginPerMinute
	DefaultLoginBurst                  = club.DefaultLoginBurst
	DefaultChallengeLifetime           = club.DefaultChallengeLifetime
	DefaultTableLifetime               = club.DefaultTableLifetime
	DefaultCorrespondenceTableLifetime = club.DefaultCorrespondenceTableLifetime
	DefaultHashQueue                   = club.DefaultHashQueue
	DefaultHashWait                    = club.DefaultHashWait
	DefaultRevocationPoll              = club.DefaultRevocationPoll
)

// DefaultSearchQueuePerPerson is how many hints and analysis positions one
// person may have waiting for the search pool (package pool).
const DefaultSearchQueuePerPerson = pool.DefaultQueuePerPerson

// DefaultMaxHashes is how many password hashes run at once by default.
func DefaultMaxHashes() int { return club.DefaultMaxHashes() }

// Renderer draws positions for the browser (web.Renderer): Config.Renderer.
type Renderer = web.Renderer

// APIChallenge and APIGame are what the bots' API answers (package club).
type (
	APIChallenge = club.APIChallenge
	APIGame      = club.APIGame
)
