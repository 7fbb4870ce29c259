// Package live is live play: the rooms of the games being played (loaded
// from the store on demand, split into lifecycle, moves and computer
// turns, clocks), the WebSocket protocol and the states it sends, offers
// (draw, undo, abort), rematches, the chat of a game, hints, the sweeps of
// games left on the clock, the leases of games with several servers, the
// notifications of what other servers wrote, and the game page with its
// drawings and record.
//
// The server is authoritative: browsers send moves in notation, a room
// checks them with a game.Match, stores them (store.Store) and only then
// acknowledges and broadcasts them. A restarted server picks up every
// acknowledged move. Computer seats play on the server, on the pool of
// searches (package pool).
//
// The seats of a game are held by secret tokens: whoever shows a seat's
// token to the WebSocket may move for it. Only the tokens' hashes are
// stored. See docs/server.md.
package live

import (
	"context"
	"net/http"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/pool"
	"github.com/plateau-games/plateau/server/internal/site"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// Config is live play's part of the server's settings, with the defaults
// filled in by the server (server.Config has the same fields and their
// documentation).
type Config struct {
	// Store is the store itself, for its optional interfaces (chat,
	// hints, turns, leases, notifications).
	Store             store.Store
	MaxRooms          int
	PingInterval      time.Duration
	IdleTimeout       time.Duration
	MessagesPerSecond float64
	MessageBurst      int
	SpectatorInterval time.Duration
	AbandonAfter      time.Duration
	AbortAfter        time.Duration
	LeaseTTL          time.Duration
	HintBudget        time.Duration
	HintsPerMinute    int
	ChatPerMinute     int
	ChatBurst         int
	ChatShare         int
	// MaxSearch is the search time ceiling: no computer move, and no hint,
	// takes longer.
	MaxSearch time.Duration
	// CreatePerMinute and CreateBurst bound the games one address creates
	// (<= 0: no limit), rematches included, in the server's table Clients.
	CreatePerMinute float64
	CreateBurst     int
	// Origins are the site's public origins (scheme://host[:port]): the
	// WebSocket upgrade accepts them besides the request's host.
	Origins []string
}

// Club is what live play needs from the accounts and ratings (package
// club, wired by the server).
type Club interface {
	// CurrentUser is the account logged in on the request, nil for none.
	CurrentUser(r *http.Request) *store.User
	// TrackCredential calls close when the request's session or bot token
	// is revoked, until the returned function is called.
	TrackCredential(info *web.RequestInfo, close func()) func()
	// RateGame rates a finished game (nil changes when it was rated
	// already or is not rated).
	RateGame(ctx context.Context, g *store.Game, v *game.Variant) ([]games.RatingChange, error)
	// PastRatingChanges are the changes a finished rated game made.
	PastRatingChanges(ctx context.Context, g *store.Game) []games.RatingChange
	// SeatRatingsJSON is the ratings of the game's accounts, for its page.
	SeatRatingsJSON(ctx context.Context, g *store.Game) string
}

// Services are what live play uses of the site, built by the server.
type Services struct {
	Web    *web.Shell
	Games  *games.Games
	Agents *games.Agents
	Club   Club
	// Render draws the boards.
	Render web.Renderer
	// NewAgent builds a computer player from a seat's stored name (through
	// games.Agents.BuildAgent: nothing stored reaches ai.New unchecked).
	NewAgent func(name string, v *game.Variant, seed uint64) (games.Agent, error)
	// Searches is the pool of computer searches, shared with the hints
	// and the analyses.
	Searches *pool.Pool
	// Clients is the server's table of rate limits by address.
	Clients *site.Buckets
	Metrics *Metrics
	// GameEnded, if set, is told of every game that ends here (its id,
	// result and reason): the tournaments take their results from it. It
	// must return at once.
	GameEnded func(g *store.Game)
}

// Live serves the games being played.
type Live struct {
	*site.Env
	Web *web.Shell

	cfg      Config
	games    *games.Games
	agents   *games.Agents
	club     Club
	render   web.Renderer
	newAgent func(name string, v *game.Variant, seed uint64) (games.Agent, error)
	agentMax time.Duration
	hints    hintLimits
	clients  *site.Buckets // creations by address (rematches)
	leases   *leaseKeeper
	metrics  *Metrics
	searches *pool.Pool
	loads    singleflight.Group // rooms being loaded, by game id
	rtSweep  rtSweep            // where the sweep of real-time games is (sweeprealtime.go)

	ended func(g *store.Game) // Services.GameEnded

	// mu guards only the table of rooms: nothing slow is done under it.
	mu     sync.Mutex
	rooms  map[string]*room
	closed bool
}

// New sets up live play.
func New(env *site.Env, cfg Config, sv Services) *Live {
	lv := &Live{Env: env, Web: sv.Web, cfg: cfg, games: sv.Games, agents: sv.Agents, club: sv.Club,
		render: sv.Render, newAgent: sv.NewAgent, agentMax: cfg.MaxSearch, clients: sv.Clients,
		metrics: sv.Metrics, searches: sv.Searches, rooms: map[string]*room{}, ended: sv.GameEnded}
	lv.hints = resolveHints(cfg, cfg.MaxSearch)
	lv.leases = newLeaseKeeper(cfg.Store, cfg.LeaseTTL)
	return lv
}

// Holder names this server in the leases and notifications.
func (lv *Live) Holder() string { return lv.leases.holder }

// Leases is how many games' leases this server holds.
func (lv *Live) Leases() int { return lv.leases.count() }

// RoomCount is how many games are in memory.
func (lv *Live) RoomCount() float64 {
	lv.mu.Lock()
	defer lv.mu.Unlock()
	return float64(len(lv.rooms))
}

// Metrics are live play's metrics (tests read them).
func (lv *Live) Metrics() *Metrics { return lv.metrics }

// Close closes the connections (going away), stops the computer players
// and the clocks' timers, and gives up the leases. The server has closed
// Stopping before.
func (lv *Live) Close() {
	lv.mu.Lock()
	lv.closed = true
	rooms := make([]*room, 0, len(lv.rooms))
	for _, r := range lv.rooms {
		rooms = append(rooms, r)
	}
	lv.mu.Unlock()
	for _, r := range rooms {
		r.shutdown()
	}
	lctx, lcancel := context.WithTimeout(context.Background(), 2*time.Second)
	lv.leases.releaseAll(lctx)
	lcancel()
}

// gameEnded tells Services.GameEnded that game id ended with result and
// reason.
func (lv *Live) gameEnded(id, result, reason string) {
	if lv.ended != nil {
		lv.ended(&store.Game{ID: id, Result: result, Reason: reason})
	}
}
