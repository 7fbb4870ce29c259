// Package server is plateau in the browser: an HTTP server with the
// catalogue, the rules, a form to start a game, the game page and the
// archive, and live play over WebSocket.
//
// The server is authoritative: browsers send moves in notation, the server
// checks them with a game.Match, stores them (store.Store) and only then
// acknowledges and broadcasts them. Games in play are kept in memory as
// rooms, loaded from the store on demand, so that a restarted server picks
// up every acknowledged move. Computer seats play on the server.
//
// The seats of a game are held by secret tokens: whoever shows a seat's
// token to the WebSocket may move for it. Only the tokens' hashes are
// stored. See docs/server.md.
package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/store"

	_ "github.com/plateau-games/plateau/games/all" // registers every game
)

// Agent is what the server needs from a computer player (ai.Agent).
type Agent interface {
	Choose(ctx context.Context, m *game.Match) (game.Move, error)
}

// Config is what New needs. Only Store is required.
type Config struct {
	// Store keeps the games. The server does not close it: its owner does,
	// after Server.Close.
	Store store.Store
	// Logger receives structured logs; nil discards them.
	Logger *slog.Logger
	// Renderer draws boards; nil uses the default drawing.
	Renderer Renderer
	// NewAgent builds computer players from a seat's agent spec; nil uses
	// ai.New. Tests pass cheap agents here.
	NewAgent func(spec string, v *game.Variant, seed uint64) (Agent, error)
	// Now is the clock; nil uses time.Now. Tests of the game clocks set it.
	Now func() time.Time
	// AgentTimeout bounds one computer move; 0 means 30 seconds.
	AgentTimeout time.Duration

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
	MaxSearchQueue int
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
	defDur(&c.AgentTimeout, 30*time.Second)
	def(&c.MaxRooms, 50000)
	def(&c.MaxSearches, runtime.NumCPU())
	def(&c.MaxSearchQueue, 256)
	defDur(&c.PingInterval, 30*time.Second)
	defDur(&c.IdleTimeout, time.Hour)
	if c.MessagesPerSecond <= 0 {
		c.MessagesPerSecond = 20
	}
	def(&c.MessageBurst, 40)
	defDur(&c.SpectatorInterval, 100*time.Millisecond)
	defDur(&c.AbandonAfter, 30*24*time.Hour)
	return c
}

// Server is the plateau web server. It is an http.Handler.
type Server struct {
	cfg      Config // with defaults
	store    store.Store
	log      *slog.Logger
	render   Renderer
	newAgent func(spec string, v *game.Variant, seed uint64) (Agent, error)
	now      func() time.Time
	metrics  *metrics
	live     *liveMetrics
	pool     *searchPool
	pages    *pages
	handler  http.Handler
	loads    singleflight.Group // rooms being loaded, by game id

	// ctx is cancelled by Close: it stops computer players and WebSocket
	// connections; wg waits for them.
	ctx      context.Context
	cancel   context.CancelFunc
	wg       sync.WaitGroup
	stopping chan struct{} // closed when Close starts

	// mu guards only the table of rooms: nothing slow is done under it.
	mu     sync.Mutex
	rooms  map[string]*room
	closed bool
}

// New builds a server on cfg.Store.
func New(cfg Config) (*Server, error) {
	if cfg.Store == nil {
		return nil, errors.New("server: no store")
	}
	cfg = cfg.withDefaults()
	s := &Server{
		cfg:      cfg,
		store:    cfg.Store,
		log:      cfg.Logger,
		render:   cfg.Renderer,
		newAgent: cfg.NewAgent,
		now:      cfg.Now,
		rooms:    map[string]*room{},
		stopping: make(chan struct{}),
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.render == nil {
		s.render = defaultRenderer()
	}
	if s.newAgent == nil {
		s.newAgent = func(spec string, v *game.Variant, seed uint64) (Agent, error) {
			return ai.New(spec, v, seed)
		}
	}
	if s.now == nil {
		s.now = time.Now
	}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	s.metrics = newMetrics()
	s.live = newLiveMetrics(s.metrics.reg, s.roomCount)
	s.pool = newSearchPool(cfg.MaxSearches, cfg.MaxSearchQueue, s.live)
	p, err := newPages(s)
	if err != nil {
		return nil, err
	}
	s.pages = p
	s.handler = s.routes()
	s.goSafe("maintenance", s.maintain)
	return s, nil
}

func (s *Server) roomCount() float64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return float64(len(s.rooms))
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
		close(s.stopping)
	}
	s.closed = true
	rooms := make([]*room, 0, len(s.rooms))
	for _, r := range s.rooms {
		rooms = append(rooms, r)
	}
	s.mu.Unlock()
	for _, r := range rooms {
		r.shutdown()
	}
	// Give the close handshakes a moment: cancelling the connections'
	// context first would cut them without a close frame, and browsers
	// would not know that the server is going away rather than broken.
	done := make(chan struct{})
	go func() {
		s.wg.Wait()
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
	mux.Handle("GET /static/", http.StripPrefix("/static/", staticHandler()))
	mux.HandleFunc("GET /{$}", s.pages.catalogue)
	mux.HandleFunc("GET /rules/{id}", s.pages.rules)
	mux.HandleFunc("GET /new", s.pages.newGame)
	mux.HandleFunc("POST /games", s.pages.createGame)
	mux.HandleFunc("GET /games/{id}", s.pages.gamePage)
	mux.HandleFunc("GET /games/{id}/ws", s.serveWS)
	mux.HandleFunc("GET /games/{id}/svg", s.pages.gameSVG)
	mux.HandleFunc("GET /games/{id}/record", s.pages.gameRecord)
	mux.HandleFunc("GET /archive", s.pages.archive)
	mux.HandleFunc("POST /archive/view", s.pages.viewRecord)
	mux.HandleFunc("POST /archive/svg", s.pages.recordSVG)
	return s.metrics.instrument(s.withLog(mux))
}

func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	// A listing touches the database, so a broken store shows here.
	if _, err := s.store.ListGames(ctx, store.Filter{Limit: 1}); err != nil {
		http.Error(w, "store: "+err.Error(), http.StatusServiceUnavailable)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	fmt.Fprintln(w, "ok")
}

// statusWriter remembers the status code for logs and metrics.
type statusWriter struct {
	http.ResponseWriter
	code int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.code == 0 {
		w.code = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.code == 0 {
		w.code = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController and the WebSocket upgrade reach the
// connection underneath.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (s *Server) withLog(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w}
		next.ServeHTTP(sw, r)
		s.log.Debug("request", "method", r.Method, "path", r.URL.Path, "status", sw.code,
			"duration", time.Since(start))
	})
}
