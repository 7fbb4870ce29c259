package cli

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/plateau-games/plateau/server"
	"github.com/plateau-games/plateau/store"
)

// serveFlags are the options of plateau serve beyond the address, store
// and log level: computer players, limits and the site behind a proxy.
type serveFlags struct {
	engines        []string
	allowAgents    []string
	maxSearchTime  time.Duration
	maxThreads     int
	maxTableBits   int
	createPerMin   int
	createBurst    int
	wsPerClient    int
	wsTotal        int
	bodyTimeout    time.Duration
	maxClients     int
	trustedProxies []string
	origins        []string
	hosts          []string
	// live play
	maxRooms       int
	maxSearches    int
	maxSearchQueue int
	maxBackground  int
	queuePerPerson int
	wsPing         time.Duration
	wsIdle         time.Duration
	wsRate         float64
	wsBurst        int
	spectatorEvery time.Duration
	abandonAfter   time.Duration
	abortAfter     time.Duration
	hintBudget     time.Duration
	hintsPerMin    int
	reviewBudget   time.Duration
	pogoSolution   string
	lookupsPerMin  int
	maxReviews     int
	// the lab
	labWorkers     int
	labRuns        int
	labRunsPerDay  int
	labMaxGames    int
	labMaxReadings int
	labRescueAfter time.Duration
	chatPerMin     int
	chatBurst      int
	chatShare      int
	// accounts
	signupClosed    bool
	sessionLifetime time.Duration
	loginPerMin     int
	loginBurst      int
	challengeLife   time.Duration
	rateBots        bool
	leaseTTL        time.Duration
	maxHashes       int
	hashQueue       int
	hashWait        time.Duration
	revocationPoll  time.Duration
}

// config turns the flags into the server's Config (without Store and
// Logger).
func (f *serveFlags) config() (server.Config, error) {
	cfg := server.Config{AllowedAgents: f.allowAgents, AgentTimeout: f.maxSearchTime,
		MaxThreads: f.maxThreads, MaxTableBits: f.maxTableBits,
		CreatePerMinute: f.createPerMin, CreateBurst: f.createBurst,
		MaxWebSocketsPerClient: f.wsPerClient, MaxWebSockets: f.wsTotal,
		BodyTimeout: f.bodyTimeout, MaxClients: f.maxClients, Origins: f.origins,
		MaxRooms: f.maxRooms, MaxSearches: f.maxSearches, MaxSearchQueue: f.maxSearchQueue,
		MaxBackgroundSearches: f.maxBackground, SearchQueuePerPerson: f.queuePerPerson,
		PingInterval: f.wsPing, IdleTimeout: f.wsIdle, MessagesPerSecond: f.wsRate, MessageBurst: f.wsBurst,
		SpectatorInterval: f.spectatorEvery, AbandonAfter: f.abandonAfter, AbortAfter: f.abortAfter,
		HintBudget: f.hintBudget, HintsPerMinute: f.hintsPerMin,
		ReviewBudget: f.reviewBudget, MaxReviews: f.maxReviews, POGOSolution: f.pogoSolution, LookupsPerMinute: f.lookupsPerMin,
		LabWorkers: f.labWorkers, LabRunsPerAccount: f.labRuns, LabRunsPerDay: f.labRunsPerDay, LabMaxGames: f.labMaxGames, LabMaxReadings: f.labMaxReadings,
		LabRescueAfter: f.labRescueAfter,
		ChatPerMinute:  f.chatPerMin, ChatBurst: f.chatBurst, ChatShare: f.chatShare,
		SignupClosed: f.signupClosed, SessionLifetime: f.sessionLifetime,
		LoginPerMinute: f.loginPerMin, LoginBurst: f.loginBurst, ChallengeLifetime: f.challengeLife, RateBots: f.rateBots, LeaseTTL: f.leaseTTL,
		MaxHashes: f.maxHashes, HashQueue: f.hashQueue, HashWait: f.hashWait, RevocationPoll: f.revocationPoll}
	if len(f.engines) > 0 {
		cfg.Engines = map[string]string{}
	}
	for _, e := range f.engines {
		name, cmdline, ok := strings.Cut(e, "=")
		name = strings.TrimSpace(name)
		if !ok || name == "" || strings.TrimSpace(cmdline) == "" {
			return cfg, usageErrorT(msgBadEngineFlag, e)
		}
		if _, dup := cfg.Engines[name]; dup {
			return cfg, usageErrorT(msgEngineTwice, name)
		}
		cfg.Engines[name] = strings.TrimSpace(cmdline)
	}
	for _, text := range f.trustedProxies {
		p, err := server.ParseTrustedProxy(text)
		if err != nil {
			return cfg, usageErrorT(msgFlagError, "--trusted-proxy", err)
		}
		cfg.TrustedProxies = append(cfg.TrustedProxies, p)
	}
	for _, o := range f.origins {
		if _, err := server.ParseOrigin(o); err != nil {
			return cfg, usageErrorT(msgFlagError, "--origin", err)
		}
	}
	for _, h := range f.hosts {
		if _, err := server.ParseHost(h); err != nil {
			return cfg, usageErrorT(msgFlagError, "--host", err)
		}
		cfg.Hosts = append(cfg.Hosts, h)
	}
	for name, d := range map[string]time.Duration{"--ws-ping": f.wsPing, "--ws-idle": f.wsIdle, "--spectator-interval": f.spectatorEvery} {
		if d < 0 {
			return cfg, usageErrorT(msgPositiveDur, name, d)
		}
	}
	if f.maxSearchTime < 0 {
		return cfg, usageErrorT(msgPositiveDur, "--max-search-time", f.maxSearchTime)
	}
	return cfg, nil
}

func newServeCommand(a *app) *cobra.Command {
	var addr, db, logLevel string
	var flags serveFlags
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Play in the browser: run the plateau web server",
		Long: `Run the plateau web server: the catalogue, the rules, games against people
or the computer, spectators, and the archive of finished games, in French and
English. Open the address it prints in a browser.

Games are stored in an SQLite file, created on first start (plateau.db in the
current directory unless --db names another file), or in PostgreSQL with
--db postgres://user:password@host/database. A restarted server continues
every game where it was.

Visitors choose computer players by name only: random, easy, medium, hard,
max, the engines the operator declares with --engine NAME=COMMAND-LINE (the
command line of an engine: agent spec, see 'plateau play --help'), and the
agent specs the operator allows with --allow-agent SPEC (held to
--max-search-time, --max-threads and --max-table-bits). Nothing a visitor
types is run or opened.

Requests that change something (new games, uploads, the game WebSocket) must
come from the site's own pages; behind a TLS reverse proxy give the public
address with --origin https://club.example and the proxy's address with
--trusted-proxy, so that the client address comes from X-Forwarded-For.
Game creation and open WebSockets are limited per client address.

Accounts are optional: visitors play without one. With one (Sign up on the
site, or 'plateau users add NAME' for the operator) a player logs in with a
name and a password, meets others in the lobby (open challenges, rated or
casual) and has a Glicko-2 rating per game variant, shown on a player page
and a leaderboard; --signup-closed leaves account creation to the
operator. Login attempts are limited per client address and per account.

The server stops on Ctrl-C (SIGINT) or SIGTERM: it finishes the requests in
progress, closes the live connections (browsers reconnect by themselves) and
the store. GET /healthz answers "ok"; GET /metrics gives Prometheus metrics.
See docs/server.md.`,
		Example: `  plateau serve
  plateau serve --addr 0.0.0.0:8080 --db games.db
  plateau serve --engine 'stock=time=2s plateau engine' --allow-agent mcts:time=2s,threads=2
  plateau serve --origin https://club.example --trusted-proxy 127.0.0.1`,
		Args: argsNone,
		RunE: func(cmd *cobra.Command, args []string) error {
			var level slog.Level
			if err := level.UnmarshalText([]byte(logLevel)); err != nil {
				return usageErrorT(msgBadLogLevel, logLevel)
			}
			// Warnings and errors are rate-limited (an outage of the
			// database would write one per request): see server.RateLimitedLogs.
			log := slog.New(server.RateLimitedLogs(slog.NewTextHandler(cmd.ErrOrStderr(), &slog.HandlerOptions{Level: level})))
			cfg, err := flags.config()
			if err != nil {
				return err
			}
			// Each WebSocket is an open file: take all the files the
			// system allows before the server sizes its limit on them.
			if err := raiseOpenFileLimit(); err != nil {
				log.Warn(msgLogRlimit.In(langOf(cmd)), "err", err)
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return serve(ctx, addr, db, log, cfg, cmd)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&addr, "addr", "127.0.0.1:8080", "address to listen on, host:port")
	fl.StringVar(&db, "db", "", "store: an SQLite file (default "+store.DefaultPath+") or a postgres:// URL")
	fl.StringVar(&logLevel, "log", "info", "log level: debug, info, warn or error")
	fl.StringArrayVar(&flags.engines, "engine", nil, "an external engine visitors may choose by NAME: NAME=COMMAND-LINE (repeatable)")
	fl.StringArrayVar(&flags.allowAgents, "allow-agent", nil, "an agent spec visitors may choose, e.g. mcts:time=2s (repeatable)")
	fl.DurationVar(&flags.maxSearchTime, "max-search-time", server.DefaultMaxSearchTime, "ceiling of one computer move")
	fl.IntVar(&flags.maxThreads, "max-threads", 0, "ceiling of the search threads of an allowed spec (0: the number of CPUs)")
	fl.IntVar(&flags.maxTableBits, "max-table-bits", server.DefaultMaxTableBits, "ceiling of an allowed alpha-beta spec's table, 2^N entries")
	fl.IntVar(&flags.createPerMin, "create-per-minute", server.DefaultCreatePerMinute, "new games a minute per client address (-1: no limit)")
	fl.IntVar(&flags.createBurst, "create-burst", server.DefaultCreateBurst, "new games in a row per client address")
	fl.IntVar(&flags.wsPerClient, "max-websockets-per-client", server.DefaultWebSocketsPerClient, "open WebSockets per client address (-1: no limit)")
	fl.IntVar(&flags.wsTotal, "max-websockets", 0, "open WebSockets in all (0: the open file limit less 512)")
	fl.DurationVar(&flags.bodyTimeout, "body-timeout", server.DefaultBodyTimeout, "time to read a request body")
	fl.IntVar(&flags.maxClients, "max-clients", server.DefaultMaxClients, "client addresses remembered for rate limiting")
	fl.StringArrayVar(&flags.trustedProxies, "trusted-proxy", nil, "a reverse proxy (address or CIDR) whose X-Forwarded-For gives the client address (repeatable)")
	fl.StringArrayVar(&flags.origins, "origin", nil, "the public origin of the site behind a proxy, e.g. https://club.example (repeatable)")
	fl.StringArrayVar(&flags.hosts, "host", nil, "a host name of the site besides localhost, addresses and those of --origin, e.g. what a proxy passes in Host; requests for other names are refused (repeatable)")
	fl.IntVar(&flags.maxRooms, "max-rooms", 50000, "games in memory at once (each has a connection)")
	fl.IntVar(&flags.maxSearches, "max-searches", runtime.NumCPU(), "computer searches running at once, all games together")
	fl.IntVar(&flags.maxSearchQueue, "max-search-queue", 256, "computer searches waiting for a slot; beyond, the computer says it is busy")
	fl.IntVar(&flags.maxBackground, "max-background-searches", 0, "of the --max-searches slots, how many hints and analyses may hold at once (0: one less than --max-searches, at least 1); computer opponents always go first")
	fl.IntVar(&flags.queuePerPerson, "search-queue-per-person", server.DefaultSearchQueuePerPerson, "hints and analysis positions one person (account, else address) may have waiting for a search slot; beyond, the hint is refused as busy")
	fl.DurationVar(&flags.wsPing, "ws-ping", 30*time.Second, "how often WebSockets are pinged (a dead one is closed)")
	fl.DurationVar(&flags.wsIdle, "ws-idle", time.Hour, "close a WebSocket that sent nothing for this long")
	fl.Float64Var(&flags.wsRate, "ws-messages-per-second", 20, "messages a second one WebSocket may send")
	fl.IntVar(&flags.wsBurst, "ws-message-burst", 40, "messages in a row one WebSocket may send")
	fl.DurationVar(&flags.spectatorEvery, "spectator-interval", 250*time.Millisecond, "least time between two states sent to a spectator")
	fl.DurationVar(&flags.abandonAfter, "abandon-after", 30*24*time.Hour, "end as abandoned a game without a move for this long (negative: never)")
	fl.DurationVar(&flags.abortAfter, "abort-after", server.DefaultAbortAfter, "abort, without result, a game between people with a clock whose player has not made his first move within this time (negative: never, nor at a correspondence game's first deadline)")
	fl.DurationVar(&flags.hintBudget, "hint-budget", server.DefaultHintBudget, "search time of a hint in a casual game against the computer (negative: no hints)")
	fl.IntVar(&flags.hintsPerMin, "hints-per-minute", server.DefaultHintsPerMinute, "hints one WebSocket may ask a minute, 3 in a row (-1: no limit)")
	fl.StringVar(&flags.pogoSolution, "pogo-solution", "", "POGO's solution (plateau solve pogo) whose exact values the analysis board in the browser asks for (default: where plateau solve pogo writes it)")
	fl.IntVar(&flags.lookupsPerMin, "lookups-per-minute", server.DefaultLookupsPerMinute, "lookups of POGO's solution (a game's positions each) a minute per client address (-1: no limit)")
	fl.DurationVar(&flags.reviewBudget, "review-budget", server.DefaultReviewBudget, "search time per position of a finished game's analysis, on the pool of searches (negative: no analysis)")
	fl.IntVar(&flags.maxReviews, "max-reviews", server.DefaultMaxReviews, "analyses of games running at once; more are refused as busy")
	fl.IntVar(&flags.labWorkers, "lab-workers", server.DefaultLabWorkers, "lab games this server plays at once, on the background slots of the searches' pool (-1: none, the other servers play them)")
	fl.IntVar(&flags.labRuns, "lab-runs-per-account", server.DefaultLabRunsPerAccount, "lab runs one account may have running at once (-1: no limit)")
	fl.IntVar(&flags.labRunsPerDay, "lab-runs-per-day", server.DefaultLabRunsPerDay, "lab runs one account may start in 24 hours, each keeping its results and report (-1: no limit)")
	fl.IntVar(&flags.labMaxGames, "lab-max-games", server.DefaultLabMaxGames, "games of one lab run, all its readings together")
	fl.IntVar(&flags.labMaxReadings, "lab-max-readings", server.DefaultLabMaxReadings, "readings of one lab run")
	fl.DurationVar(&flags.labRescueAfter, "lab-rescue-after", server.DefaultLabRescueAfter, "how long a lab game may run before the job queue takes its server for dead and gives it to another (also the longest a game may take)")
	fl.IntVar(&flags.chatPerMin, "chat-per-minute", server.DefaultChatPerMinute, "chat messages a minute per person (account, or client address without one), all pages and servers together (-1: no limit)")
	fl.IntVar(&flags.chatBurst, "chat-burst", server.DefaultChatBurst, "chat messages in 10 seconds per person (-1: no limit)")
	fl.IntVar(&flags.chatShare, "chat-share", server.DefaultChatShare, "messages still shown one person may have in one chat channel, of its 2000 (-1: no limit)")
	fl.BoolVar(&flags.signupClosed, "signup-closed", false, "visitors cannot create accounts: only 'plateau users add' does")
	fl.DurationVar(&flags.sessionLifetime, "session-lifetime", server.DefaultSessionLifetime, "how long a login lasts")
	fl.IntVar(&flags.loginPerMin, "login-per-minute", server.DefaultLoginPerMinute, "login and signup attempts a minute per client address, and login attempts per account (-1: no limit)")
	fl.DurationVar(&flags.challengeLife, "challenge-lifetime", server.DefaultChallengeLifetime, "how long a challenge of the lobby stays open")
	fl.DurationVar(&flags.leaseTTL, "lease-ttl", server.DefaultLeaseTTL, "several servers on PostgreSQL: how long a server's hold on a game's computer and clock lasts without renewal")
	fl.BoolVar(&flags.rateBots, "rate-bots", false, "games against bot accounts may be rated (by default a bot plays casual games only)")
	fl.IntVar(&flags.loginBurst, "login-burst", server.DefaultLoginBurst, "login attempts in a row per client address and per account")
	fl.IntVar(&flags.maxHashes, "max-hashes", server.DefaultMaxHashes(), "password hashes (signups, logins) running at once, 19 MiB each")
	fl.IntVar(&flags.hashQueue, "hash-queue", server.DefaultHashQueue, "signups and logins waiting for a password hash; beyond, answered busy (-1: none wait)")
	fl.DurationVar(&flags.hashWait, "hash-wait", server.DefaultHashWait, "longest wait for a password hash before the answer busy")
	fl.DurationVar(&flags.revocationPoll, "revocation-poll", server.DefaultRevocationPoll, "how often the store is asked whether accounts were disabled or bot tokens revoked, to close their connections")
	return cmd
}

// serve runs the server until ctx is cancelled, then shuts it down in
// order: no new requests, live connections and computer players stopped,
// requests in flight finished, and the store closed last, after every
// write that was acknowledged.
func serve(ctx context.Context, addr, db string, log *slog.Logger, cfg server.Config, cmd *cobra.Command) error {
	lang := langOf(cmd)
	st, err := store.Open(ctx, db)
	if err != nil {
		return errorT(msgOpeningStore, err)
	}
	defer st.Close()
	cfg.Store, cfg.Logger = st, log
	// The listen address's name is the site's (addresses and localhost
	// always are): see server.Config.Hosts.
	if host, _, err := net.SplitHostPort(addr); err == nil && host != "" {
		if _, err := server.ParseHost(host); err == nil {
			cfg.Hosts = append(cfg.Hosts, host)
		}
	}
	srv, err := server.New(cfg)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		srv.Close()
		return err
	}
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: server.DefaultReadHeaderTimeout, IdleTimeout: 2 * time.Minute,
		MaxHeaderBytes: server.DefaultMaxHeaderBytes, ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
	// WebSockets are hijacked connections, which Shutdown does not wait
	// for: the server closes them itself.
	hs.RegisterOnShutdown(func() { srv.Close() })
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	storeName := db
	if storeName == "" {
		storeName = store.DefaultPath
	}
	log.Info(msgLogListening.In(lang), "addr", ln.Addr().String(), "store", redact(storeName))
	if _, shared := st.(store.Notifier); !shared {
		log.Info(msgLogOneServer.In(lang))
	}
	fmt.Fprintln(cmd.OutOrStdout(), tr(lang, msgRunning, displayAddr(ln.Addr())))
	select {
	case err := <-errc:
		srv.Close()
		return err
	case <-ctx.Done():
	}
	log.Info(msgLogShutdown.In(lang))
	sctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	err = hs.Shutdown(sctx)
	srv.Close()
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Error(msgLogServe.In(lang), "err", err)
	}
	log.Info(msgLogStopped.In(lang))
	return err
}

// displayAddr turns a listening address into one a browser can open: a
// wildcard host becomes localhost.
func displayAddr(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() {
		host = "localhost"
	}
	return net.JoinHostPort(host, port)
}

// redact hides a password in a database URL before it is logged.
func redact(db string) string {
	u, err := url.Parse(db)
	if err != nil || u.User == nil {
		return db
	}
	if _, has := u.User.Password(); has {
		u.User = url.UserPassword(u.User.Username(), "xxxxx")
	}
	return u.String()
}
