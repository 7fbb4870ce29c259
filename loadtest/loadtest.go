// Package loadtest drives a running plateau server (package server) the way
// browsers do, through its public API only, and measures its capacity.
//
// Games are created with POST /games (the new game form), their seat tokens
// read from the redirect's URL fragment; every human seat then opens the
// game's WebSocket (or one socket per game holds every seat), says hello
// with its token and plays random legal moves taken from the server's state
// messages, after a think time. Spectators only watch; a computer seat
// replies on the server. A finished game is replaced by a new one, so that
// the number of games in play stays constant during a step.
//
// A run is a list of steps (numbers of concurrent games). Each step reaches
// its number of games at a bounded creation rate, plays for a warm-up, then
// measures for a fixed duration: acknowledged moves per second and the
// latency from a move sent to its acknowledgement, to the opponent's
// socket, to the spectators' sockets, and of the computer's replies. See
// docs/loadtest.md.
package loadtest

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/plateau-games/plateau/game"

	_ "github.com/plateau-games/plateau/games/all" // the catalogue: seats per game
)

// Bounds of a run: a load generator must stop by itself.
const (
	MaxGames      = 100000
	MaxSpectators = 10000 // per game
	MaxSteps      = 32
	MaxDuration   = time.Hour
	MaxWarmup     = 10 * time.Minute
	MaxThink      = 10 * time.Minute
	MaxCreateRate = 10000.0
	// MaxRunTime bounds a whole run, whatever the steps ask.
	MaxRunTime = 6 * time.Hour
)

// Config is a load test. Server and Steps are required; zero values of
// the others take the defaults of the plateau loadtest command.
type Config struct {
	// Server is the base URL of the plateau server, http://127.0.0.1:8080.
	Server string
	// Also are more servers of the same site (several plateau serve on one
	// PostgreSQL): the sockets of each game are spread over Server and
	// these in turn, so that its players and spectators are on different
	// servers and every move crosses between them. Games are created on
	// Server.
	Also []string
	// AllowRemote lets the target be something else than a loopback
	// address. A load test can take a server down: off by default.
	AllowRemote bool

	// Game is the game id (default pogo). Variant is the form's variant
	// field ("players=3 size=7"); Options, when given, are sent as the
	// form's custom options (opt_NAME fields) instead.
	Game    string
	Variant string
	Options map[string]string
	// Casual games allow draw offers and take-backs (unused here). Clock is
	// the game clock in minutes (0: none), Increment in seconds.
	Casual    bool
	Clock     float64
	Increment float64

	// Steps are the numbers of concurrent games, one step each.
	Steps []int
	// Duration is the measurement window of a step (default 20s); Warmup
	// the time played before it, after the step's games are all created
	// (default 5s).
	Duration time.Duration
	Warmup   time.Duration
	// CreateRate bounds game creation, in games a second (default 50).
	CreateRate float64

	// Think is the mean time a player waits before moving (default 2s);
	// each wait is drawn uniformly from half to one and a half times it.
	// Negative means no wait at all.
	Think time.Duration
	// SocketPerGame opens one WebSocket per game holding every human seat,
	// instead of one per seat.
	SocketPerGame bool
	// Spectators per game: WebSockets that say hello without a token and
	// read.
	Spectators int
	// Computer, when set, makes the last seat a computer player at that
	// level (easy, medium, hard, max, random).
	Computer string
	// MaxPlies makes the player to move resign once that many moves are
	// played (0: games are played to their end).
	MaxPlies int
	// FetchPages makes every player and spectator GET the game page before
	// opening its WebSocket, as a browser does.
	FetchPages bool

	// Seed of the random choices (moves, think times); 0 takes the time.
	Seed uint64
	// Progress receives a line per step and notes as the run goes; nil
	// discards them. Lang is the language of its notes and of the errors
	// ("en" or "fr"; English when empty).
	Progress io.Writer
	Lang     string
}

// withDefaults fills in the zero fields.
func (c Config) withDefaults() Config {
	if c.Game == "" {
		c.Game = "pogo"
	}
	if c.Duration == 0 {
		c.Duration = 20 * time.Second
	}
	if c.Warmup == 0 {
		c.Warmup = 5 * time.Second
	}
	if c.CreateRate == 0 {
		c.CreateRate = 50
	}
	if c.Think == 0 {
		c.Think = 2 * time.Second
	}
	if c.Think < 0 {
		c.Think = 0
	}
	if c.Seed == 0 {
		c.Seed = uint64(time.Now().UnixNano())
	}
	if c.Progress == nil {
		c.Progress = io.Discard
	}
	return c
}

// check refuses configurations out of bounds.
func (c Config) check() error {
	switch {
	case len(c.Steps) == 0:
		return game.Errorf(game.Text{EN: "loadtest: no steps: give the numbers of concurrent games", FR: "loadtest : aucune étape : donnez les nombres de parties simultanées"})
	case len(c.Steps) > MaxSteps:
		return game.Errorf(game.Text{EN: "loadtest: %d steps; at most %d", FR: "loadtest : %d étapes ; au plus %d"}, len(c.Steps), MaxSteps)
	case c.Duration < 0 || c.Duration > MaxDuration:
		return game.Errorf(game.Text{EN: "loadtest: duration %v: from 500ms to %v", FR: "loadtest : durée %v : de 500ms à %v"}, c.Duration, MaxDuration)
	case c.Duration < time.Second/2:
		return game.Errorf(game.Text{EN: "loadtest: duration %v is too short to measure anything; at least 500ms", FR: "loadtest : la durée %v est trop courte pour mesurer quoi que ce soit ; au moins 500ms"}, c.Duration)
	case c.Warmup < 0 || c.Warmup > MaxWarmup:
		return game.Errorf(game.Text{EN: "loadtest: warm-up %v: from 0 to %v", FR: "loadtest : mise en route %v : de 0 à %v"}, c.Warmup, MaxWarmup)
	case c.CreateRate < 0 || c.CreateRate > MaxCreateRate:
		return game.Errorf(game.Text{EN: "loadtest: creation rate %g: from 0.1 to %g games a second", FR: "loadtest : rythme de création %g : de 0,1 à %g parties par seconde"}, c.CreateRate, MaxCreateRate)
	case c.Think > MaxThink:
		return game.Errorf(game.Text{EN: "loadtest: think time %v: at most %v", FR: "loadtest : temps de réflexion %v : au plus %v"}, c.Think, MaxThink)
	case c.Spectators < 0 || c.Spectators > MaxSpectators:
		return game.Errorf(game.Text{EN: "loadtest: %d spectators a game: from 0 to %d", FR: "loadtest : %d spectateurs par partie : de 0 à %d"}, c.Spectators, MaxSpectators)
	case c.MaxPlies < 0:
		return game.Errorf(game.Text{EN: "loadtest: max plies %d: 0 (no limit) or more", FR: "loadtest : coups au plus %d : 0 (sans limite) ou plus"}, c.MaxPlies)
	case c.Variant != "" && len(c.Options) > 0:
		return game.Errorf(game.Text{EN: "loadtest: give a variant or options, not both", FR: "loadtest : donnez une variante ou des réglages, pas les deux"})
	}
	if c.CreateRate < 0.1 {
		return game.Errorf(game.Text{EN: "loadtest: creation rate %g: at least 0.1 game a second", FR: "loadtest : rythme de création %g : au moins 0,1 partie par seconde"}, c.CreateRate)
	}
	for _, n := range c.Steps {
		if n < 1 || n > MaxGames {
			return game.Errorf(game.Text{EN: "loadtest: step of %d games: from 1 to %d", FR: "loadtest : étape de %d parties : de 1 à %d"}, n, MaxGames)
		}
	}
	return nil
}

// ParseSteps reads a list of numbers of games: "1,16,64,1000".
func ParseSteps(s string) ([]int, error) {
	var steps []int
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' }) {
		var n int
		if _, err := fmt.Sscanf(f, "%d", &n); err != nil || fmt.Sprint(n) != f {
			return nil, game.Errorf(game.Text{EN: "steps %q: %q is not a number of games", FR: "étapes %q : %q n'est pas un nombre de parties"}, s, f)
		}
		steps = append(steps, n)
	}
	if len(steps) == 0 {
		return nil, game.Errorf(game.Text{EN: "steps %q: no number of games", FR: "étapes %q : aucun nombre de parties"}, s)
	}
	return steps, nil
}

// CheckTarget parses a server's base URL and refuses a host that is not a
// loopback address unless allowRemote: every address the name resolves to
// must be a loopback one.
func CheckTarget(ctx context.Context, server string, allowRemote bool) (*url.URL, error) {
	u, err := url.Parse(strings.TrimSpace(server))
	if err != nil {
		return nil, game.Errorf(game.Text{EN: "server %q: %v", FR: "serveur %q : %v"}, server, err)
	}
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return nil, game.Errorf(game.Text{EN: "server %q: give a base URL such as http://127.0.0.1:8080", FR: "serveur %q : donnez une adresse de base comme http://127.0.0.1:8080"}, server)
	}
	if u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return nil, game.Errorf(game.Text{EN: "server %q: only scheme, host, port and path", FR: "serveur %q : seulement schéma, hôte, port et chemin"}, server)
	}
	u.Path = strings.TrimRight(u.Path, "/")
	if allowRemote {
		return u, nil
	}
	host := u.Hostname()
	refuse := func(why game.Text) error {
		return game.Errorf(game.Text{
			EN: "server %q: %s; a load test can take a server down, so only loopback targets are allowed without --allow-remote",
			FR: "serveur %q : %s ; un test de charge peut faire tomber un serveur, aussi seules les adresses locales (loopback) sont permises sans --allow-remote"},
			server, why)
	}
	if ip := net.ParseIP(host); ip != nil {
		if !ip.IsLoopback() {
			return nil, refuse(game.Text{EN: host + " is not a loopback address", FR: host + " n'est pas une adresse locale (loopback)"})
		}
		return u, nil
	}
	rctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	addrs, err := net.DefaultResolver.LookupIPAddr(rctx, host)
	if err != nil || len(addrs) == 0 {
		return nil, refuse(game.Text{EN: "cannot resolve " + host, FR: "impossible de résoudre " + host})
	}
	for _, a := range addrs {
		if !a.IP.IsLoopback() {
			return nil, refuse(game.Text{
				EN: fmt.Sprintf("%s resolves to %s, not a loopback address", host, a.IP),
				FR: fmt.Sprintf("%s donne %s, qui n'est pas une adresse locale (loopback)", host, a.IP)})
		}
	}
	return u, nil
}

// runner is one run.
type runner struct {
	cfg    Config
	base   *url.URL
	origin string // scheme://host[:port]
	wsBase string // ws://host[:port]/path
	// targets are the servers sockets connect to, Server first (Also).
	targets  []target
	nextTgt  atomic.Int64
	players  int // seats of the variant
	compSeat int // the computer's seat, or -1
	form     url.Values
	httpc    *http.Client
	start    time.Time

	cur      atomic.Pointer[stats]
	sockets  atomic.Int64 // open WebSockets
	live     atomic.Int64 // games being played
	seq      atomic.Uint64
	create   chan struct{} // creation tokens, at CreateRate
	dialSem  chan struct{} // WebSocket handshakes in flight
	bufs     sync.Pool
	wsOnce   sync.Once
	ws       *http.Client
	fatalErr chan error
	stopRun  context.CancelFunc
}

// Run runs the load test cfg against a running server and returns what each
// step measured. It stops by itself after the last step; when ctx is
// cancelled (Ctrl-C) it stops early and returns what was measured, with
// Report.Interrupted set. The error is for a run that cannot go on: a bad
// configuration, a refused target, a form the server refuses.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	cfg = cfg.withDefaults()
	if err := cfg.check(); err != nil {
		return nil, err
	}
	base, err := CheckTarget(ctx, cfg.Server, cfg.AllowRemote)
	if err != nil {
		return nil, err
	}
	r := &runner{cfg: cfg, base: base, compSeat: -1, start: time.Now(),
		create: make(chan struct{}), dialSem: make(chan struct{}, 64), fatalErr: make(chan error, 1)}
	r.origin = base.Scheme + "://" + base.Host
	r.wsBase = "ws" + strings.TrimPrefix(base.Scheme, "http") + "://" + base.Host + base.Path
	r.targets = []target{{origin: r.origin, wsBase: r.wsBase}}
	for _, a := range cfg.Also {
		u, err := CheckTarget(ctx, a, cfg.AllowRemote)
		if err != nil {
			return nil, err
		}
		r.targets = append(r.targets, target{origin: u.Scheme + "://" + u.Host,
			wsBase: "ws" + strings.TrimPrefix(u.Scheme, "http") + "://" + u.Host + u.Path})
	}
	if err := r.buildForm(); err != nil {
		return nil, err
	}
	tr := &http.Transport{Proxy: nil, MaxIdleConns: 256, MaxIdleConnsPerHost: 256, IdleConnTimeout: 30 * time.Second,
		DialContext: (&net.Dialer{Timeout: 10 * time.Second}).DialContext}
	r.httpc = &http.Client{Transport: tr, Timeout: 30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	defer tr.CloseIdleConnections()
	r.bufs.New = func() any { return new([]byte) }
	if err := r.healthy(ctx); err != nil {
		return nil, err
	}
	r.cur.Store(newStats())

	rep := &Report{Server: base.String(), Started: r.start.UTC(), Config: summarize(cfg, r.players)}
	limit, raised, lerr := raiseFileLimit()
	rep.FileLimit = limit
	switch {
	case lerr != nil:
		fmt.Fprintf(cfg.Progress, game.Text{EN: "note: open file limit: %v\n", FR: "remarque : limite de fichiers ouverts : %v\n"}.In(cfg.Lang), game.ErrorText(lerr, cfg.Lang))
	case raised:
		fmt.Fprintf(cfg.Progress, game.Text{EN: "raised the open file limit to %d\n", FR: "limite de fichiers ouverts relevée à %d\n"}.In(cfg.Lang), limit)
	}

	// A hard deadline: every step's creation, warm-up and window, with
	// room to spare, and never more than MaxRunTime.
	var budget time.Duration
	prev := 0
	for _, n := range cfg.Steps {
		budget += r.rampLimit(max(n-prev, 0)) + cfg.Warmup + cfg.Duration + 10*time.Second
		prev = n
	}
	budget = min(budget+30*time.Second, MaxRunTime)
	runCtx, cancelRun := context.WithTimeout(ctx, budget)
	defer cancelRun()
	r.stopRun = cancelRun

	// Creation tokens at the asked rate.
	go func() {
		interval := time.Duration(float64(time.Second) / cfg.CreateRate)
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-runCtx.Done():
				return
			case r.create <- struct{}{}:
			}
			select {
			case <-runCtx.Done():
				return
			case <-t.C:
			}
		}
	}()

	var slots []*slot
	var wg sync.WaitGroup
	defer func() {
		// Stop every game: the players resign, the sockets close.
		for _, s := range slots {
			s.stop()
		}
		wg.Wait()
	}()
	for i, n := range cfg.Steps {
		fds := r.fdsFor(n)
		if limit > 0 && uint64(fds) > limit {
			st := Step{Games: n, Skipped: fmt.Sprintf("needs about %d open files, the limit is %d (raise the hard limit: ulimit -Hn, LimitNOFILE)", fds, limit)}
			rep.Steps = append(rep.Steps, st)
			fmt.Fprintf(cfg.Progress, "step %d/%d: %s\n", i+1, len(cfg.Steps), st.Line())
			continue
		}
		st := newStats()
		r.cur.Store(st)
		stepStart := time.Now()
		// Grow or shrink to n games.
		for len(slots) < n {
			s := r.newSlot(runCtx)
			slots = append(slots, s)
			wg.Add(1)
			go func() {
				defer wg.Done()
				s.run()
			}()
		}
		for len(slots) > n {
			s := slots[len(slots)-1]
			slots = slots[:len(slots)-1]
			s.stop()
		}
		note := ""
		rampEnd := stepStart.Add(r.rampLimit(n))
		for r.live.Load() < int64(n) && time.Now().Before(rampEnd) && runCtx.Err() == nil {
			if err := r.sleep(runCtx, 50*time.Millisecond); err != nil {
				break
			}
		}
		if got := r.live.Load(); got < int64(n) && runCtx.Err() == nil {
			note = fmt.Sprintf("only %d of %d games were created in time", got, n)
			fmt.Fprintf(cfg.Progress, "step %d/%d: %s\n", i+1, len(cfg.Steps), note)
		}
		if err := r.sleep(runCtx, cfg.Warmup); err == nil {
			cpu0 := cpuTime()
			w0 := time.Now()
			st.measuring.Store(true)
			r.sleep(runCtx, cfg.Duration)
			st.measuring.Store(false)
			res := r.result(st, n, time.Since(w0), cpuTime()-cpu0)
			res.Note = note
			rep.Steps = append(rep.Steps, res)
			fmt.Fprintf(cfg.Progress, "step %d/%d: %s\n", i+1, len(cfg.Steps), res.Line())
		}
		if err := r.fatal(); err != nil {
			return rep, err
		}
		if ctx.Err() != nil {
			rep.Interrupted = true
			break
		}
		if runCtx.Err() != nil {
			rep.Interrupted = true
			fmt.Fprintf(cfg.Progress, game.Text{EN: "stopped: the run took longer than its time limit (%v)\n", FR: "arrêté : le test a duré plus que sa limite de temps (%v)\n"}.In(cfg.Lang), budget)
			break
		}
	}
	return rep, nil
}

// rampLimit is how long creating n games may take before a step measures
// with fewer games than asked.
func (r *runner) rampLimit(n int) time.Duration {
	return time.Duration(float64(n)/r.cfg.CreateRate*1.5*float64(time.Second)) + 30*time.Second
}

// socketsPerGame is how many WebSockets a game opens.
func (r *runner) socketsPerGame() int {
	humans := r.players
	if r.compSeat >= 0 {
		humans--
	}
	if r.cfg.SocketPerGame {
		humans = min(humans, 1)
	}
	return humans + r.cfg.Spectators
}

// fdsFor is about how many descriptors n games need on this side.
func (r *runner) fdsFor(n int) int { return n*r.socketsPerGame() + 300 }

func (r *runner) sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

func (r *runner) fail(err error) {
	select {
	case r.fatalErr <- err:
	default:
	}
	r.stopRun()
}

func (r *runner) fatal() error {
	select {
	case err := <-r.fatalErr:
		return err
	default:
		return nil
	}
}

// now is the time since the start of the run, the clock of latencies.
func (r *runner) now() int64 { return int64(time.Since(r.start)) }

// rng is a random source for one socket or slot, from the run's seed.
func (r *runner) rng() *rand.Rand {
	return rand.New(rand.NewPCG(r.cfg.Seed, r.seq.Add(1)))
}

// think is a think time: uniform between half and one and a half times
// the mean.
func (r *runner) think(rng *rand.Rand) time.Duration {
	if r.cfg.Think <= 0 {
		return 0
	}
	return r.cfg.Think/2 + time.Duration(rng.Int64N(int64(r.cfg.Think)+1))
}

// buildForm is the new game form every game is created with.
func (r *runner) buildForm() error {
	cfg := r.cfg
	opts := game.Options{}
	if cfg.Variant != "" {
		o, err := game.ParseOptions(cfg.Variant)
		if err != nil {
			return game.Errorf(game.Text{EN: "loadtest: variant: %v", FR: "loadtest : variante : %v"}, err)
		}
		opts = o
	}
	for k, v := range cfg.Options {
		opts[k] = v
	}
	v, err := game.NewVariant(cfg.Game, opts)
	if err != nil {
		return game.Errorf(game.Text{EN: "loadtest: %v", FR: "loadtest : %v"}, err)
	}
	r.players = v.Players
	f := url.Values{"game": {v.Game.ID}, "clock": {fmt.Sprint(cfg.Clock)}, "increment": {fmt.Sprint(cfg.Increment)}}
	if cfg.Casual {
		f.Set("casual", "1")
	}
	if len(cfg.Options) > 0 {
		f.Set("variant", "custom")
		for k, val := range cfg.Options {
			f.Set("opt_"+k, val)
		}
	} else {
		f.Set("variant", cfg.Variant)
	}
	if cfg.Computer != "" {
		if r.players < 2 {
			return game.Errorf(game.Text{EN: "loadtest: %s has one seat: no room for a computer", FR: "loadtest : %s n'a qu'une place : pas de place pour l'ordinateur"}, v)
		}
		r.compSeat = r.players - 1
	}
	for i := 0; i < r.players; i++ {
		n := fmt.Sprint(i)
		if i == r.compSeat {
			f.Set("seat"+n, "computer")
			f.Set("level"+n, cfg.Computer)
		} else if i == 0 {
			f.Set("seat"+n, "me")
		} else {
			// The creator invites the other players, as people do.
			f.Set("seat"+n, "invite")
		}
	}
	r.form = f
	return nil
}

// target is a server sockets connect to.
type target struct {
	origin string // scheme://host[:port], sent as the socket's Origin
	wsBase string // ws://host[:port]/path
}

// nextTarget spreads the sockets over the servers in turn.
func (r *runner) nextTarget() target {
	return r.targets[int(r.nextTgt.Add(1)-1)%len(r.targets)]
}
