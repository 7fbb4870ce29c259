// Package server is plateau in the browser: the composition root of the
// web server. New reads the Config and builds the features of
// server/internal (live play, the catalogue, learning, the club, above
// the games as stored, the pool of searches, the site's services and the
// web shell); the server serves them through one route table behind its
// middleware (hosts, same-origin checks, per-address limits, security
// headers, logs and metrics), runs their sweeps and hands them the
// store's notifications. See docs/server.md and docs/architecture.md.
package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/netip"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/klauspost/compress/gzhttp"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/server/internal/catalog"
	"github.com/plateau-games/plateau/server/internal/club"
	"github.com/plateau-games/plateau/server/internal/engineasset"
	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/lab"
	"github.com/plateau-games/plateau/server/internal/learn"
	"github.com/plateau-games/plateau/server/internal/live"
	"github.com/plateau-games/plateau/server/internal/offline"
	"github.com/plateau-games/plateau/server/internal/pool"
	"github.com/plateau-games/plateau/server/internal/site"
	"github.com/plateau-games/plateau/server/internal/tourney"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"

	_ "github.com/plateau-games/plateau/games/all" // registers every game
)

// Agent is what the server needs from a computer player (ai.Agent).
type Agent = games.Agent

// Config is what New needs. Only Store is required.
type Config struct {
	// Store keeps the games. The server does not close it: its owner does,
	// after Server.Close.
	Store store.Store
	// Logger receives structured logs; nil discards them.
	Logger *slog.Logger
	// Renderer draws boards; nil uses the default drawing.
	Renderer Renderer
	// NewAgent builds computer players from an agent spec (what games.Agents.AgentSpec
	// makes of a seat's stored name); nil uses ai.New. Tests pass cheap
	// agents here.
	NewAgent func(spec string, v *game.Variant, seed uint64) (Agent, error)
	// Now is the clock; nil uses time.Now. Tests of the game clocks set it.
	Now func() time.Time

	// Computer players. Visitors choose a level (random, easy, medium,
	// hard, max), an engine of Engines by its name, or a spec of
	// AllowedAgents; nothing else.

	// Engines are the operator's external engines: name → the command line
	// after "engine:" (ai.EngineSpecHelp), e.g. "stock" → "time=2s
	// /usr/local/bin/stock-engine --quiet".
	Engines map[string]string
	// AllowedAgents are agent specs visitors may choose, offered under
	// their own text (e.g. "mcts:time=2s"); New checks them against the
	// ceilings below.
	AllowedAgents []string
	// AgentTimeout is the search time ceiling (MaxSearchTime): no computer
	// move takes longer, and no allowed spec asks for more; 0 means
	// DefaultMaxSearchTime.
	AgentTimeout time.Duration
	// MaxThreads is the ceiling of an allowed spec's search threads; 0
	// means DefaultMaxThreads().
	MaxThreads int
	// MaxTableBits is the ceiling of an allowed spec's alpha-beta table
	// (2^N entries); 0 means DefaultMaxTableBits.
	MaxTableBits int

	// Limits on abuse, by client address (see ClientAddr). 0 means the
	// default (limits.go); a negative value turns the limit off.

	// CreatePerMinute is how many games one address may create a minute
	// on average, CreateBurst how many in a row.
	CreatePerMinute int
	CreateBurst     int
	// MaxWebSocketsPerClient bounds the WebSockets one address holds open;
	// MaxWebSockets those of the whole server (default: from the limit of
	// open files, DefaultMaxWebSockets).
	MaxWebSocketsPerClient int
	MaxWebSockets          int
	// BodyTimeout bounds the reading of a request body.
	BodyTimeout time.Duration
	// MaxClients bounds the table of addresses kept for rate limiting.
	MaxClients int

	// The site's address, for reverse proxies.

	// TrustedProxies are the reverse proxies whose X-Forwarded-For (and
	// X-Forwarded-Proto) are believed; without them the client address is
	// the connection's peer.
	TrustedProxies []netip.Prefix
	// Origins are the public origins of the site (scheme://host[:port], e.g.
	// https://club.example) when it is served through a proxy: requests
	// from pages of these origins are same-origin.
	Origins []string
	// Hosts are more host names of the site (a name or an address, no
	// port), e.g. those a reverse proxy passes in Host. Requests for any
	// other name are refused (hosts.go): addresses, localhost and the
	// hosts of Origins are always served.
	Hosts []string

	// Accounts (when the store keeps them: store.Accounts). Playing
	// without one stays possible.

	// SignupClosed leaves account creation to the operator (plateau users
	// add): the signup page says so.
	SignupClosed bool
	// SessionLifetime is how long a login lasts (default
	// DefaultSessionLifetime, at least a minute).
	SessionLifetime time.Duration
	// LoginPerMinute and LoginBurst bound login and signup attempts by
	// client address, and login attempts on one account from all
	// addresses (defaults DefaultLoginPerMinute, DefaultLoginBurst); a
	// negative LoginPerMinute turns them off.
	LoginPerMinute int
	LoginBurst     int
	// RateBots lets games against bot accounts be rated; without it a
	// rated challenge accepted by a bot becomes a casual game, as
	// computer seats are never rated.
	RateBots bool
	// LeaseTTL is how long a server's lease of a game (its computer seat
	// and clock, with several servers on PostgreSQL) lasts without
	// renewal: how long they wait when that server dies. Default
	// DefaultLeaseTTL.
	LeaseTTL time.Duration
	// ChallengeLifetime is how long a challenge of the lobby stays open
	// (default DefaultChallengeLifetime, at least a minute).
	ChallengeLifetime time.Duration
	// TableLifetime is how long a table of the lobby (two to four
	// players) waits for its players to fill its seats, and
	// CorrespondenceTableLifetime one of days per move (defaults
	// DefaultTableLifetime, an hour, and
	// DefaultCorrespondenceTableLifetime, seven days).
	TableLifetime               time.Duration
	CorrespondenceTableLifetime time.Duration

	// The bounds of live play; zero values take the defaults of
	// withDefaults (docs/server.md lists them).

	// MaxRooms bounds the games in memory (each with at least one
	// connection); beyond it connections are refused with "try again".
	MaxRooms int
	// MaxSearches is how many computer searches run at once, for all games
	// together; default the number of CPUs.
	MaxSearches int
	// MaxSearchQueue is how many computer searches may wait for a slot;
	// beyond it the computer says it is busy and tries again shortly.
	// Hints and analysis positions wait in a line of their own, of the
	// same bound.
	MaxSearchQueue int
	// MaxBackgroundSearches is how many of the MaxSearches slots hints and
	// analyses may hold at once (they run only on what the computer
	// opponents leave); default MaxSearches-1, at least 1 (package pool).
	MaxBackgroundSearches int
	// SearchQueuePerPerson is how many hints and analysis positions one
	// person (account, else address) may have waiting for a slot; default
	// DefaultSearchQueuePerPerson.
	SearchQueuePerPerson int
	// PingInterval is how often WebSocket connections are pinged; one that
	// does not answer within 10 seconds is closed.
	PingInterval time.Duration
	// IdleTimeout closes a WebSocket connection that sent nothing for that
	// long (the page reconnects when its player comes back).
	IdleTimeout time.Duration
	// MessagesPerSecond and MessageBurst bound what one WebSocket
	// connection may send; over it messages are refused, and a connection
	// that keeps going is closed.
	MessagesPerSecond float64
	MessageBurst      int
	// SpectatorInterval is the least time between two states sent to a
	// spectator: a game played fast costs the same however many watch.
	SpectatorInterval time.Duration
	// AbandonAfter ends, as abandoned, an ongoing game without a move for
	// that long; negative never does.
	AbandonAfter time.Duration
	// AbortAfter is the time a player of a game between people with a
	// real-time clock has for his first move before the game is aborted,
	// without result (live/abort.go); 0 means DefaultAbortAfter, negative
	// never aborts (a correspondence game neither, at its first deadline).
	AbortAfter time.Duration

	// Hints: in a casual game against the computer, the player to move may
	// ask for the move a short search finds (the game's hard level); the
	// game keeps how many each seat had, and where.

	// HintBudget is the search time of a hint, held to the search time
	// ceiling; 0 means DefaultHintBudget, negative gives no hints.
	HintBudget time.Duration
	// HintsPerMinute is how many hints one connection may ask a minute
	// (hintBurst in a row); 0 means DefaultHintsPerMinute, negative no
	// limit (one hint search at a time per game, and the pool of
	// searches, still hold).
	HintsPerMinute int

	// Analysis: a finished game's moves judged by the server (package
	// review), on the pool of searches, and stored (store.Reviews).

	// ReviewBudget is the search time per position of a review, held to
	// the search time ceiling; 0 means DefaultReviewBudget, negative gives
	// no analysis.
	ReviewBudget time.Duration
	// POGOSolution is the path of POGO's solution (plateau solve pogo),
	// whose exact values the analysis board in the browser asks for; ""
	// for the place plateau solve pogo writes it to.
	POGOSolution string
	// LookupsPerMinute is how many lookups of the POGO solution one
	// address may make a minute (each a whole game's positions); 0 means
	// DefaultLookupsPerMinute, negative no limit.
	LookupsPerMinute int
	// MaxReviews is how many reviews run at once (each of them one search
	// at a time on the pool); 0 means DefaultMaxReviews. Beyond, a request
	// is refused as busy.
	MaxReviews int

	// The chat's limits per person (account, or address without one),
	// across connections and servers (live/chatlimits.go): ChatPerMinute
	// messages a minute and ChatBurst in 10 seconds; 0 means
	// DefaultChatPerMinute and DefaultChatBurst, negative no limit.
	ChatPerMinute int
	ChatBurst     int
	// ChatShare is how many messages still shown one person may hold in
	// one channel (of store.MaxChatMessages); 0 means DefaultChatShare (a
	// quarter of them), negative no limit.
	ChatShare int
	// Password hashes (club/hashgate.go): MaxHashes run at once (default
	// DefaultMaxHashes), HashQueue more wait (default DefaultHashQueue,
	// negative none) at most HashWait (default DefaultHashWait); beyond,
	// a signup or login is answered "busy, try again".
	MaxHashes int
	HashQueue int
	HashWait  time.Duration
	// RevocationPoll is how often the store's count of revocations is
	// read, to close the connections of accounts disabled and bot tokens
	// revoked by other programs (club/revoke.go); default DefaultRevocationPoll.
	RevocationPoll time.Duration

	// The lab (/lab, server/internal/lab): runs of self-play games over
	// the readings of a game's rules, played as jobs of River's queue in
	// the store's database by every server. LabWorkers is how many lab
	// games this server plays at once (0: lab.DefaultWorkers, negative:
	// none); LabRunsPerAccount how many runs one account may have running
	// (0: lab.DefaultRunsPerAccount, negative no bound); LabMaxGames and
	// LabMaxReadings bound one run (0: lab.DefaultMaxGames,
	// lab.DefaultMaxReadings); LabRescueAfter is how long a game may run
	// before the queue gives it to another server (its server is taken
	// for dead; 0: lab.DefaultRescueAfter).
	LabWorkers        int
	LabRunsPerAccount int
	// LabRunsPerDay is how many runs one account may start in 24 hours
	// (0: lab.DefaultRunsPerDay, negative no bound): each keeps its
	// results and report.
	LabRunsPerDay  int
	LabMaxGames    int
	LabMaxReadings int
	LabRescueAfter time.Duration
}

// withDefaults fills in the zero fields of the live bounds.
func (c Config) withDefaults() Config {
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	defDur := func(v *time.Duration, d time.Duration) {
		if *v == 0 {
			*v = d
		}
	}
	def(&c.MaxRooms, 50000)
	def(&c.MaxSearches, runtime.NumCPU())
	def(&c.MaxSearchQueue, 256)
	defDur(&c.PingInterval, 30*time.Second)
	defDur(&c.IdleTimeout, time.Hour)
	if c.MessagesPerSecond <= 0 {
		c.MessagesPerSecond = 20
	}
	def(&c.MessageBurst, 40)
	defDur(&c.SpectatorInterval, 250*time.Millisecond)
	defDur(&c.AbandonAfter, 30*24*time.Hour)
	defDur(&c.AbortAfter, DefaultAbortAfter)
	return c
}

// Server is the plateau web server. It is an http.Handler.
type Server struct {
	cfg      Config           // with the defaults of live play
	logLimit *logLimiter      // of log: warnings and errors limited (loglimit.go)
	render   Renderer         // draws boards: Config.Renderer or the default
	agents   *games.Agents    // the computer players offered
	games    *games.Games     // creating and loading games
	catalog  *catalog.Catalog // the catalogue, rules, new game form, archive
	learning *learn.Learning  // lessons, puzzles, the analysis board
	club     *club.Club       // accounts, lobby, ratings, players, bots' API
	live     *live.Live       // live play: rooms, WebSocket, the game page
	lab      *lab.Lab         // the designers' lab: runs on River's queue
	tourney  *tourney.Tourney // tournaments
	offline  *offline.Offline // the installed site: manifest, service worker, the offline game
	limits   limits
	clients  *site.Buckets
	sockets  *socketCount
	metrics  *metrics
	searches *pool.Pool
	mux      *http.ServeMux
	web      *web.Shell
	handler  http.Handler

	// The site's services (store, clock, log, safe goroutines), shared
	// with every feature; Close cancels its context.
	*site.Env
	cancel context.CancelFunc

	mu     sync.Mutex // guards closed
	closed bool
}

// New builds a server on cfg.Store.
func New(cfg Config) (*Server, error) {
	if cfg.Store == nil {
		return nil, errors.New("server: no store")
	}
	cfg = cfg.withDefaults()
	s := &Server{
		cfg: cfg,
		Env: &site.Env{Log: cfg.Logger, Now: cfg.Now, Stopping: make(chan struct{})},
	}
	s.metrics = newMetrics()
	lm := live.NewMetrics(s.metrics.reg, func() float64 { return s.live.RoomCount() })
	s.Refusals, s.Errors, s.Panics = s.metrics.refusals, s.metrics.errors, lm.Panics
	s.searches = pool.New(pool.LimitsOf(cfg.MaxSearches, cfg.MaxSearchQueue, cfg.MaxBackgroundSearches, cfg.SearchQueuePerPerson), pool.Metrics{Running: lm.SearchesRunning, Queue: lm.SearchQueue, Busy: lm.SearchesBusy, Wait: lm.SearchWait})
	s.Store = timedStore{Store: cfg.Store, m: s.metrics}
	if err := s.resolveLimits(cfg); err != nil {
		return nil, err
	}
	cl, err := club.New(s.Env, club.Config{Store: cfg.Store, SignupClosed: cfg.SignupClosed, SessionLifetime: cfg.SessionLifetime,
		LoginPerMinute: cfg.LoginPerMinute, LoginBurst: cfg.LoginBurst, ChallengeLifetime: cfg.ChallengeLifetime, RateBots: cfg.RateBots,
		TableLifetime: cfg.TableLifetime, CorrespondenceTableLifetime: cfg.CorrespondenceTableLifetime,
		MaxHashes: cfg.MaxHashes, HashQueue: cfg.HashQueue, HashWait: cfg.HashWait, RevocationPoll: cfg.RevocationPoll,
		MaxClients: s.limits.maxClients}, s.metrics.reg)
	if err != nil {
		return nil, err
	}
	s.club = cl
	s.metrics.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "plateau_leases_held",
		Help: "Games whose computer seat and clock this server runs (several servers on PostgreSQL)."},
		func() float64 { return float64(s.live.Leases()) }))
	agents, err := games.NewAgents(cfg.Engines, cfg.AllowedAgents, s.limits.maxSearch, s.limits.maxThreads, s.limits.maxTableBits)
	if err != nil {
		return nil, fmt.Errorf("server: %w", err)
	}
	s.agents = agents
	s.games = &games.Games{Env: s.Env, Agents: agents}
	if s.Log == nil {
		s.Log = slog.New(slog.DiscardHandler)
	}
	s.render = cfg.Renderer
	if s.render == nil {
		s.render = web.DefaultRenderer()
	}
	build := cfg.NewAgent
	if build == nil {
		build = func(spec string, v *game.Variant, seed uint64) (Agent, error) {
			return ai.New(spec, v, seed)
		}
	}
	if s.Now == nil {
		s.Now = time.Now
	}
	s.Log, s.logLimit = limitLogs(s.Log, s.Now)
	s.Ctx, s.cancel = context.WithCancel(context.Background())
	s.web, err = web.New(web.Config{
		Renderer: s.render,
		User: func(r *http.Request) string {
			if u := s.club.CurrentUser(r); u != nil {
				return u.Name
			}
			return ""
		},
		Login:         s.club.KeepsAccounts(),
		InternalError: s.InternalError,
		LogInternal:   s.LogInternal,
		BadRequest:    func() { s.metrics.refusals.WithLabelValues("bad_request").Inc() },
	})
	if err != nil {
		return nil, err
	}
	s.live = live.New(s.Env, live.Config{Store: cfg.Store, MaxRooms: cfg.MaxRooms, PingInterval: cfg.PingInterval,
		IdleTimeout: cfg.IdleTimeout, MessagesPerSecond: cfg.MessagesPerSecond, MessageBurst: cfg.MessageBurst,
		SpectatorInterval: cfg.SpectatorInterval, AbandonAfter: cfg.AbandonAfter, AbortAfter: cfg.AbortAfter,
		LeaseTTL: cfg.LeaseTTL, HintBudget: cfg.HintBudget, HintsPerMinute: cfg.HintsPerMinute,
		ChatPerMinute: cfg.ChatPerMinute, ChatBurst: cfg.ChatBurst, ChatShare: cfg.ChatShare,
		MaxSearch: s.limits.maxSearch, CreatePerMinute: s.limits.createPerMinute, CreateBurst: s.limits.createBurst,
		Origins: s.limits.origins},
		live.Services{Web: s.web, Games: s.games, Agents: agents, Club: s.club, Render: s.render,
			// Rooms build agents from the stored names of the seats: the names go
			// through games.Agents.AgentSpec, so that nothing stored reaches ai.New unchecked.
			NewAgent: agents.BuildAgent(build),
			Searches: s.searches, Clients: s.clients, Metrics: lm,
			GameEnded: func(g *store.Game) { s.tourney.GameEnded(g) }})
	s.tourney = tourney.New(s.Env, cfg.Store, tourney.Services{Web: s.web, CurrentUser: s.club.CurrentUser, Holder: s.live.Holder(),
		KeepPlaying: s.live.KeepPlaying})
	s.games.Playing = s.live.Playing
	s.club.Connect(club.Links{Web: s.web, OwnOrigin: s.ownOrigin, Holder: s.live.Holder()})
	s.catalog = catalog.New(s.Env, s.web, s.games)
	s.offline = offline.New(s.web)
	var puzzles store.Puzzles
	if s.club.KeepsAccounts() {
		puzzles, _ = cfg.Store.(store.Puzzles)
	}
	s.learning = learn.New(s.Env, learn.Services{Web: s.web, Games: s.games, Searches: s.searches,
		Reviews:     learn.NewReviews(cfg.ReviewBudget, cfg.MaxReviews, s.limits.maxSearch, cfg.Store),
		CurrentUser: s.club.CurrentUser, Puzzles: puzzles, BadRecord: s.catalog.BadRecord, POGOSolution: cfg.POGOSolution})
	s.lab, err = lab.New(s.Env, lab.Config{Store: cfg.Store, Workers: cfg.LabWorkers, RunsPerAccount: cfg.LabRunsPerAccount, RunsPerDay: cfg.LabRunsPerDay,
		MaxGames: cfg.LabMaxGames, MaxReadings: cfg.LabMaxReadings, RescueAfter: cfg.LabRescueAfter, ID: "plateau-" + s.live.Holder()},
		lab.Services{Web: s.web, Searches: s.searches, CurrentUser: s.club.CurrentUser})
	if err != nil {
		return nil, fmt.Errorf("server: %w", err)
	}
	if err := s.lab.Start(); err != nil {
		return nil, fmt.Errorf("server: lab: %w", err)
	}
	s.handler = s.routes()
	s.GoSafe("maintenance", s.maintain)
	s.GoSafe("leases", s.live.RenewLeases)
	s.GoSafe("log summaries", s.summarizeLogs)
	s.GoSafe("revocations", s.club.WatchRevocations)
	if n, ok := cfg.Store.(store.Notifier); ok {
		// Serve only once listening: an offer announced before would be
		// missed (what is stored is read again, an offer is not).
		ready := make(chan struct{})
		s.GoSafe("notifications", func() { s.listen(n, ready) })
		select {
		case <-ready:
		case <-time.After(listenWait):
			s.Log.Warn("not yet listening to the other servers' changes", "after", listenWait)
		}
	}
	return s, nil
}

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.handler.ServeHTTP(w, r)
}

// Close stops the live part of the server: WebSocket connections are closed
// (going away), computer players stop thinking, clock timers stop. It waits
// for them and leaves the store open (its owner closes it). Moves already
// acknowledged are in the store; nothing else needs saving.
func (s *Server) Close() error {
	s.mu.Lock()
	if !s.closed {
		close(s.Stopping)
	}
	s.closed = true
	s.mu.Unlock()
	s.live.Close()
	// Lab games being played go back to the queue, for another server
	// or this one after a restart.
	stopCtx, stopCancel := context.WithTimeout(context.Background(), 10*time.Second)
	s.lab.Stop(stopCtx)
	stopCancel()
	// Give the close handshakes a moment: cancelling the connections'
	// context first would cut them without a close frame, and browsers
	// would not know that the server is going away rather than broken.
	done := make(chan struct{})
	go func() {
		s.Tasks.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(3 * time.Second):
	}
	s.cancel()
	<-done
	return nil
}

// routes is the URL map of the server (see docs/server.md).
func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", s.healthz)
	mux.Handle("GET /metrics", s.metrics.handler())
	mux.Handle("GET /static/", http.StripPrefix("/static/", web.Static()))
	mux.Handle("GET "+engineasset.Prefix, engineasset.Load()) // the browser's rules engine, hashed names, immutable
	mux.HandleFunc("GET /{$}", s.catalog.Catalogue)
	mux.HandleFunc("GET /sw.js", s.offline.ServiceWorker) // the service worker: the site offline (docs/server.md)
	mux.HandleFunc("GET /manifest.webmanifest", s.offline.Manifest)
	mux.HandleFunc("GET /icons/{name}", s.offline.Icon)
	mux.HandleFunc("GET "+offline.PagePath, s.offline.Page)
	mux.HandleFunc("GET /rules/{id}", s.catalog.Rules)
	mux.HandleFunc("GET /learn", s.learning.LearnList)
	mux.HandleFunc("GET /learn/{id}", s.learning.LessonPage)
	mux.HandleFunc("POST /learn/{id}/check", s.learning.LessonCheck)
	mux.HandleFunc("GET /learn/{id}/preview", s.learning.LessonPreview)
	mux.HandleFunc("GET /puzzles", s.learning.PuzzleList)
	mux.HandleFunc("GET /puzzles/{id}", s.learning.PuzzlePage)
	mux.HandleFunc("POST /puzzles/{id}/check", s.learning.PuzzleCheck)
	mux.HandleFunc("POST /puzzles/{id}/solution", s.learning.PuzzleSolution)
	mux.HandleFunc("GET /puzzles/{id}/preview", s.learning.PuzzlePreview)
	mux.HandleFunc("GET /new", s.catalog.NewGame)
	mux.HandleFunc("POST /games", s.limitCreate(s.catalog.CreateGame))
	mux.HandleFunc("GET /games/{id}", s.live.GamePage)
	mux.HandleFunc(wsRoute, s.sameOriginUpgrade(s.limitSockets(s.live.ServeWS)))
	mux.HandleFunc("GET /games/{id}/svg", s.live.GameSVG)
	mux.HandleFunc("GET /games/{id}/preview", s.live.GamePreview)
	mux.HandleFunc("GET /games/{id}/record", s.live.GameRecord)
	mux.HandleFunc("GET /games/{id}/analysis", s.learning.AnalysisPage)
	mux.HandleFunc("POST /games/{id}/analysis", s.learning.StartAnalysis)
	mux.HandleFunc("GET /games/{id}/analysis.json", s.learning.AnalysisJSON)
	mux.HandleFunc("POST /archive/analysis", s.learning.ArchiveAnalysis)
	mux.HandleFunc("POST /games/{id}/analysis/play", s.limitCreate(s.learning.PlayFromGame))
	mux.HandleFunc("POST /archive/analysis/play", s.limitCreate(s.learning.PlayFromRecord))
	mux.HandleFunc("POST /analysis/pogo-values", s.limitLookups(s.learning.PogoValues))
	mux.HandleFunc("GET /archive", s.catalog.Archive)
	mux.HandleFunc("POST /archive/view", s.catalog.ViewRecord)
	mux.HandleFunc("POST /archive/svg", s.catalog.RecordSVG)
	mux.HandleFunc("GET /login", s.club.LoginPage)
	mux.HandleFunc("POST /login", s.club.Login)
	mux.HandleFunc("GET /signup", s.club.SignupPage)
	mux.HandleFunc("POST /signup", s.club.Signup)
	mux.HandleFunc("POST /logout", s.club.Logout)
	mux.HandleFunc("GET /lobby", s.club.Lobby)
	mux.HandleFunc("GET /players/{name}", s.club.Player)
	mux.HandleFunc("POST /players/{name}/disable", s.club.SetDisabled(true))
	mux.HandleFunc("POST /players/{name}/enable", s.club.SetDisabled(false))
	mux.HandleFunc("POST /players/{name}/tokens", s.club.BotToken(false))
	mux.HandleFunc("POST /players/{name}/tokens/{id}/revoke", s.club.BotToken(true))
	mux.HandleFunc("GET /my-games", s.club.MyGamesPage)
	mux.HandleFunc("GET /my-games/turns", s.club.MyTurns)
	mux.HandleFunc("GET /api/challenges", s.club.APIChallenges)
	mux.HandleFunc("POST /api/challenges/{id}/accept", s.limitCreate(s.club.APIAccept))
	mux.HandleFunc("GET /api/games", s.club.APIGames)
	mux.HandleFunc("GET /api/tables", s.club.APITables)
	mux.HandleFunc("POST /api/tables/{id}/seats/{seat}/take", s.limitCreate(s.club.APITakeSeat))
	mux.HandleFunc("GET /leaderboard", s.club.Leaderboard)
	mux.HandleFunc("GET /lobby/list", s.club.LobbyList)
	mux.HandleFunc("GET /lobby/events", s.limitSockets(s.club.LobbyEvents))
	mux.HandleFunc("POST /challenges", s.limitCreate(s.club.CreateChallenge))
	mux.HandleFunc("GET /challenges/{id}", s.club.ChallengeStatus)
	mux.HandleFunc("POST /challenges/{id}/accept", s.limitCreate(s.club.AcceptChallenge))
	mux.HandleFunc("POST /challenges/{id}/cancel", s.club.CancelChallenge)
	mux.HandleFunc("POST /tables", s.limitCreate(s.club.CreateTable))
	mux.HandleFunc("GET /tables/{id}", s.club.Table)
	mux.HandleFunc("GET /tables/{id}/part", s.club.TablePart)
	mux.HandleFunc("GET /tables/{id}/status", s.club.TableStatus)
	mux.HandleFunc("POST /tables/{id}/take", s.limitCreate(s.club.TakeSeat))
	mux.HandleFunc("POST /tables/{id}/leave", s.club.LeaveTable)
	mux.HandleFunc("POST /tables/{id}/computer", s.limitCreate(s.club.SetComputer))
	mux.HandleFunc("POST /tables/{id}/close", s.club.CloseTable)
	mux.HandleFunc("GET /lab", s.lab.Page)
	mux.HandleFunc("POST /lab/runs", s.lab.Create)
	mux.HandleFunc("GET /lab/runs/{id}", s.lab.RunPage)
	mux.HandleFunc("GET /lab/runs/{id}/progress", s.lab.Progress)
	mux.HandleFunc("GET /lab/runs/{id}/plots/{name}", s.lab.Plot)
	mux.HandleFunc("POST /lab/runs/{id}/cancel", s.lab.Cancel)
	mux.HandleFunc("GET /lab/compare", s.lab.Compare)
	mux.HandleFunc("GET /tournaments", s.tourney.List)
	mux.HandleFunc("POST /tournaments", s.limitCreate(s.tourney.Create))
	mux.HandleFunc("GET /tournaments/{id}", s.tourney.Page)
	mux.HandleFunc("GET /tournaments/{id}/part", s.tourney.Part)
	mux.HandleFunc("GET /tournaments/{id}/events", s.limitSockets(s.tourney.Events))
	mux.HandleFunc("GET /tournaments/{id}/trf", s.tourney.TRF)
	mux.HandleFunc("POST /tournaments/{id}/register", s.limitCreate(s.tourney.Register))
	mux.HandleFunc("POST /tournaments/{id}/withdraw", s.limitCreate(s.tourney.Withdraw))
	mux.HandleFunc("POST /tournaments/{id}/start", s.limitCreate(s.tourney.Start))
	mux.HandleFunc("POST /tournaments/{id}/pair", s.limitCreate(s.tourney.Pair))
	mux.HandleFunc("POST /tournaments/{id}/result", s.tourney.Result)
	mux.HandleFunc("POST /tournaments/{id}/finish", s.tourney.Finish)
	mux.HandleFunc("POST /tournaments/{id}/computer", s.limitCreate(s.tourney.Computer))
	// front: client address, security headers, same-origin check of every
	// state-changing request, body deadline, safe internal errors, logs and
	// metrics.
	s.mux = mux
	return s.front(compressed(mux))
}

// compressed gzips pages, scripts, styles, drawings and records for the
// browsers that accept it (a game page is about a tenth of its size
// then); WebSocket upgrades pass untouched (their messages are compressed
// by permessage-deflate, see wsAcceptOptions).
func compressed(next http.Handler) http.Handler {
	gz, err := gzhttp.NewWrapper(gzhttp.MinSize(1024))
	if err != nil {
		panic(err) // the options above are constant and valid
	}
	zipped := gz(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// WebSocket upgrades, and the lobby's event stream, which a
		// compressor would hold back.
		if r.Header.Get("Upgrade") != "" || r.URL.Path == "/lobby/events" || strings.HasPrefix(r.URL.Path, "/tournaments/") && strings.HasSuffix(r.URL.Path, "/events") {
			next.ServeHTTP(w, r)
			return
		}
		zipped.ServeHTTP(w, r)
	})
}

// healthz proves that the store can write. The cause of a failure goes to the log, not to the
// client.
func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	// A durable write: a full disk or a read-only database shows here.
	if err := s.Store.Check(ctx); err != nil {
		id := s.LogInternal(r, "health check", err)
		web.Info(r).Handled = true
		http.Error(w, "store unavailable, reference "+id, http.StatusServiceUnavailable)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	fmt.Fprintln(w, "ok")
}
