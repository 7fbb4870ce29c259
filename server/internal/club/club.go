// Package club is what a club of players does on the site besides
// playing: accounts (signup, login, sessions, devices, the password hash
// gate, revocation of sessions and bot tokens), the lobby of challenges
// and its event stream, ratings, player pages and the leaderboard, my
// games with the turn reminder, and the bots' API.
//
// Each part is its own small type with only what it needs (members,
// devices, HashGate, revoker, lobby, ratings, players, ownGames, botAPI),
// wired by Club.
package club

import (
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"

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
	// TableLifetime and CorrespondenceTableLifetime are how long a table
	// of real-time games, and one of days per move, waits for its
	// players (0: DefaultTableLifetime, DefaultCorrespondenceTableLifetime).
	TableLifetime               time.Duration
	CorrespondenceTableLifetime time.Duration
	RateBots                    bool
	MaxHashes                   int
	HashQueue                   int
	HashWait                    time.Duration
	RevocationPoll              time.Duration
	// MaxClients bounds the tables of rate limits by address.
	MaxClients int
}

// Club wires the club's parts together. Each part is its own type, with
// only what it needs: members (accounts and sessions, accounts.go),
// devices (device cookies, device.go), the HashGate (hashgate.go), the
// revoker (revocations, revoke.go), lobby (lobby.go, lobbyevents.go),
// ratings (ratings.go, playerwords.go), players (players.go), ownGames
// (mygames.go) and botAPI (api.go). The root's routes and live play call
// the parts' exported methods, promoted through Club.
type Club struct {
	*members
	*lobby
	*tables
	*ratings
	*players
	*ownGames
	*botAPI
	*revoker
	devices *devices
}

// New sets up the club's accounts, hash gate, revocations and lobby; reg
// registers their metrics. Connect gives it the rest afterwards.
func New(env *site.Env, cfg Config, reg prometheus.Registerer) (*Club, error) {
	limits, err := resolveAccounts(cfg)
	if err != nil {
		return nil, err
	}
	rv := newRevoker(env, cfg, reg)
	dv := &devices{Env: env, cfg: cfg, buckets: site.NewBuckets(cfg.MaxClients)}
	m := &members{Env: env, cfg: cfg, limits: limits, devices: dv, revokes: rv}
	dv.limits = &m.limits
	m.hashes = newHashGateOf(cfg, reg)
	rg := &ratings{Env: env, cfg: cfg}
	lb, err := newLobby(env, cfg, m, rg, rv)
	if err != nil {
		return nil, err
	}
	tb := newTables(env, cfg, lb, m, rg)
	lb.tables = tb
	og := &ownGames{Env: env, members: m, maxClients: cfg.MaxClients}
	return &Club{members: m, lobby: lb, tables: tb, ratings: rg, revoker: rv, devices: dv, ownGames: og,
		players: &players{Env: env, cfg: cfg, members: m, ratings: rg, revokes: rv},
		botAPI:  &botAPI{Env: env, members: m, lobby: lb, tables: tb, ownGames: og}}, nil
}

// Links is what the club gets from the rest of the site once it is built
// (the shell is built with the club's CurrentUser, and live play,
// which names the server, with the club).
type Links struct {
	Web *web.Shell
	// OwnOrigin is the site's origin as the request reached it.
	OwnOrigin func(r *http.Request) string
	// Holder names this server in the notifications it sends.
	Holder string
}

// Connect hands the parts the shell, the site's origin and the server's
// name.
func (cl *Club) Connect(l Links) {
	cl.members.web, cl.lobby.web, cl.players.web, cl.ownGames.web, cl.tables.web = l.Web, l.Web, l.Web, l.Web, l.Web
	cl.members.ownOrigin, cl.devices.ownOrigin = l.OwnOrigin, l.OwnOrigin
	cl.lobby.holder = l.Holder
}

// Revoked checks at once the connections of user (every user for ""),
// whose credentials another server withdrew.
func (cl *Club) Revoked(user string) { cl.revoker.request(user) }

// LobbyChangedElsewhere wakes the lobby's event streams when another
// server changed the challenges.
func (cl *Club) LobbyChangedElsewhere() { cl.lobby.hub.changed() }

// KeepsAccounts says the store keeps accounts.
func (cl *Club) KeepsAccounts() bool { return cl.members.limits.accountsOfStore != nil }

// Hashes is the password hash gate (its counters and bounds, for tests
// and measurements).
func (cl *Club) Hashes() *HashGate { return cl.members.hashes }

// RevocationGen is how many revocation checks have begun (tests).
func (cl *Club) RevocationGen() int64 { return cl.revoker.gen.Load() }
