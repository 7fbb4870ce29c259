// Package club is what a club of players does on the site besides
// playing: accounts (signup, login, sessions, devices, the password hash
// gate, revocation of sessions and bot tokens), the lobby of challenges
// and its event stream, ratings, player pages and the leaderboard, my
// games with the turn reminder, and the bots' API.
package club

import (
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/site"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// Config is the club's part of the server's settings (server.Config has
// the same fields and their documentation).
type Config struct {
	Store             store.Store // the store itself, for its optional interfaces
	SignupClosed      bool
	SessionLifetime   time.Duration
	LoginPerMinute    int
	LoginBurst        int
	ChallengeLifetime time.Duration
	RateBots          bool
	MaxHashes         int
	HashQueue         int
	HashWait          time.Duration
	RevocationPoll    time.Duration
	// MaxClients bounds the tables of rate limits by address.
	MaxClients int
}

// Club serves the accounts, the lobby, the ratings and the player pages.
type Club struct {
	*site.Env
	Web   *web.Shell
	Games *games.Games
	// OwnOrigin is the site's origin as the request reached it.
	OwnOrigin func(r *http.Request) string
	// AnnounceRated shows a rated game's rating changes to those who
	// watch it (live play).
	AnnounceRated func(id string)
	// Holder names this server in the notifications it sends.
	Holder string

	cfg      Config
	limits   struct{ maxClients int }
	metrics  struct{ reg prometheus.Registerer }
	accounts accountLimits
	devices  devices
	hashes   *HashGate
	revokes  *revoker
	lobbyHub lobbyHub
	turns    turnsCache
}

// New sets up the club's accounts, hash gate and revocations; reg
// registers their metrics. The shell (Web) may be set afterwards: it
// needs the club's CurrentUser.
func New(env *site.Env, g *games.Games, cfg Config, reg prometheus.Registerer) (*Club, error) {
	cl := &Club{Env: env, Games: g, cfg: cfg}
	cl.limits.maxClients = cfg.MaxClients
	cl.metrics.reg = reg
	if err := cl.resolveAccounts(cfg); err != nil {
		return nil, err
	}
	cl.resolveHashes(cfg)
	cl.resolveRevocations(cfg)
	return cl, nil
}

// Revoked checks at once the connections of user (every user for ""),
// whose credentials another server withdrew.
func (cl *Club) Revoked(user string) { cl.revokes.request(user) }

// LobbyChangedElsewhere wakes the lobby's event streams when another
// server changed the challenges.
func (cl *Club) LobbyChangedElsewhere() { cl.lobbyHub.changed() }

// KeepsAccounts says the store keeps accounts.
func (cl *Club) KeepsAccounts() bool { return cl.accounts.accountsOfStore != nil }

// Hashes is the password hash gate (its counters and bounds, for tests
// and measurements).
func (cl *Club) Hashes() *HashGate { return cl.hashes }

// RevocationGen is how many revocation checks have begun (tests).
func (cl *Club) RevocationGen() int64 { return cl.revokes.gen.Load() }
