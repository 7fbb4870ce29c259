package server

import (
	"fmt"
	"math"
	"net/http"
	"net/netip"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/server/internal/learn"
	"github.com/plateau-games/plateau/server/internal/site"
	"github.com/plateau-games/plateau/server/internal/web"
)

// The defaults of the limits, in one place. A zero Config field takes its
// default; a negative one (where it says so) turns the limit off. The
// serve command shows these in its flags.
const (
	// DefaultMaxSearchTime bounds one computer move (Config.AgentTimeout).
	DefaultMaxSearchTime = 30 * time.Second
	// DefaultMaxTableBits bounds alpha-beta's transposition table of an
	// operator-allowed spec: 2^20 entries of 32 bytes, 32 MiB.
	DefaultMaxTableBits = 20
	// DefaultCreatePerMinute is how many games one client address may
	// create a minute, on average; DefaultCreateBurst how many at once.
	DefaultCreatePerMinute = 30
	DefaultCreateBurst     = 10
	// DefaultLookupsPerMinute is how many lookups of the POGO solution (a
	// game's positions each) one client address may make a minute;
	// DefaultLookupsBurst how many at once.
	DefaultLookupsPerMinute = 20
	DefaultLookupsBurst     = 5
	// DefaultWebSocketsPerClient is how many WebSockets one client address
	// may hold open.
	DefaultWebSocketsPerClient = 64
	// DefaultBodyTimeout bounds the reading of a request body (a form, an
	// upload): a client sending one byte now and then is cut off.
	DefaultBodyTimeout = 10 * time.Second
	// DefaultMaxClients bounds the table of client addresses kept for rate
	// limiting; the least recently seen are forgotten first.
	DefaultMaxClients = 10000
	// DefaultReadHeaderTimeout and DefaultMaxHeaderBytes are for the
	// http.Server (the serve command sets them).
	DefaultReadHeaderTimeout = 10 * time.Second
	DefaultMaxHeaderBytes    = 64 << 10
	// fdReserve is how many file descriptors are kept for everything but
	// WebSockets (HTTP requests, the database, logs) when the WebSocket
	// limit is derived from RLIMIT_NOFILE.
	fdReserve = 512
	// minWebSockets is the least total WebSocket limit derived from a small
	// RLIMIT_NOFILE.
	minWebSockets = 64
	// DefaultReviewBudget is the search time per position of a game's
	// review (Config.ReviewBudget); DefaultMaxReviews how many reviews run
	// at once (Config.MaxReviews).
	DefaultReviewBudget = learn.DefaultReviewBudget
	DefaultMaxReviews   = learn.DefaultMaxReviews
)

// DefaultMaxThreads is the default ceiling of search threads: the number of
// CPUs.
func DefaultMaxThreads() int { return runtime.NumCPU() }

// DefaultMaxWebSockets is the default total of open WebSockets: the soft
// limit of open files (RLIMIT_NOFILE) less a reserve for everything else,
// and at least 64. The serve command raises the soft limit to the hard one
// before asking.
func DefaultMaxWebSockets() int {
	n, ok := openFileLimit()
	if !ok || n > math.MaxInt32 {
		return 16384
	}
	return max(int(n)-fdReserve, minWebSockets)
}

// limits are the resolved limits of a server (Config with defaults).
type limits struct {
	maxSearch        time.Duration
	maxThreads       int
	maxTableBits     int
	createPerMinute  float64 // <= 0: no limit
	lookupsPerMinute float64 // <= 0: no limit
	createBurst      int
	wsPerClient      int // <= 0: no limit
	wsTotal          int // <= 0: no limit
	bodyTimeout      time.Duration
	maxClients       int
	trustedProxies   []netip.Prefix
	origins          []string // public origins: scheme://host[:port]
	// hosts are the site's host names besides addresses and localhost
	// (hosts.go).
	hosts map[string]bool
}

func (s *Server) resolveLimits(cfg Config) error {
	l := limits{
		maxSearch:        cfg.AgentTimeout,
		maxThreads:       cfg.MaxThreads,
		maxTableBits:     cfg.MaxTableBits,
		createPerMinute:  float64(cfg.CreatePerMinute),
		lookupsPerMinute: float64(cfg.LookupsPerMinute),
		createBurst:      cfg.CreateBurst,
		wsPerClient:      cfg.MaxWebSocketsPerClient,
		wsTotal:          cfg.MaxWebSockets,
		bodyTimeout:      cfg.BodyTimeout,
		maxClients:       cfg.MaxClients,
		trustedProxies:   cfg.TrustedProxies,
	}
	if l.maxSearch <= 0 {
		l.maxSearch = DefaultMaxSearchTime
	}
	if l.maxThreads <= 0 {
		l.maxThreads = DefaultMaxThreads()
	}
	if l.maxTableBits == 0 {
		l.maxTableBits = DefaultMaxTableBits
	}
	if l.maxTableBits < 8 || l.maxTableBits > 28 {
		return fmt.Errorf("server: MaxTableBits %d: from 8 to 28", l.maxTableBits)
	}
	if l.lookupsPerMinute == 0 {
		l.lookupsPerMinute = DefaultLookupsPerMinute
	}
	if l.createPerMinute == 0 {
		l.createPerMinute = DefaultCreatePerMinute
	}
	if l.createBurst <= 0 {
		l.createBurst = DefaultCreateBurst
	}
	if l.wsPerClient == 0 {
		l.wsPerClient = DefaultWebSocketsPerClient
	}
	if l.wsTotal == 0 {
		l.wsTotal = DefaultMaxWebSockets()
	}
	if l.bodyTimeout == 0 {
		l.bodyTimeout = DefaultBodyTimeout
	}
	if l.maxClients <= 0 {
		l.maxClients = DefaultMaxClients
	}
	for _, o := range cfg.Origins {
		norm, err := ParseOrigin(o)
		if err != nil {
			return err
		}
		l.origins = append(l.origins, norm)
	}
	hosts, err := resolveHosts(l.origins, cfg.Hosts)
	if err != nil {
		return fmt.Errorf("server: %w", err)
	}
	l.hosts = hosts
	s.limits = l
	s.clients = site.NewBuckets(l.maxClients)
	s.sockets = &socketCount{per: map[string]int{}}
	return nil
}

// ParseOrigin checks a public origin (scheme://host[:port], as browsers
// send it in Origin) and returns it in lower case.
func ParseOrigin(o string) (string, error) {
	o = strings.TrimSuffix(strings.TrimSpace(o), "/")
	scheme, host, ok := strings.Cut(strings.ToLower(o), "://")
	if !ok || (scheme != "http" && scheme != "https") || host == "" || strings.ContainsAny(host, "/?#@ ") {
		return "", game.Errorf(game.Text{EN: "origin %q: write scheme://host[:port], e.g. https://club.example", FR: "origine %q : écrivez schéma://hôte[:port], par exemple https://club.example"}, o)
	}
	return scheme + "://" + host, nil
}

// ParseTrustedProxy reads a CIDR (10.0.0.0/8) or one address (a /32 or
// /128).
func ParseTrustedProxy(text string) (netip.Prefix, error) {
	text = strings.TrimSpace(text)
	if strings.Contains(text, "/") {
		p, err := netip.ParsePrefix(text)
		if err != nil {
			return netip.Prefix{}, game.Errorf(game.Text{EN: "trusted proxy %q: %v", FR: "proxy de confiance %q : %v"}, text, err)
		}
		return p.Masked(), nil
	}
	a, err := netip.ParseAddr(text)
	if err != nil {
		return netip.Prefix{}, game.Errorf(game.Text{EN: "trusted proxy %q: an address or a CIDR such as 10.0.0.0/8", FR: "proxy de confiance %q : une adresse ou un bloc CIDR comme 10.0.0.0/8"}, text)
	}
	a = a.Unmap()
	return netip.PrefixFrom(a, a.BitLen()), nil
}

// clientAddr is the address of the client: the connection's peer, unless
// that peer is a trusted proxy; then X-Forwarded-For is read from the
// right, skipping trusted proxies, and the first other address is the
// client. Addresses an untrusted client wrote to the left of it are
// ignored: anyone can send an X-Forwarded-For.
func (s *Server) clientAddr(r *http.Request) netip.Addr {
	peer := web.RemoteIP(r.RemoteAddr)
	if !s.trusted(peer) {
		return peer
	}
	var hops []string
	for _, h := range r.Header.Values("X-Forwarded-For") {
		hops = append(hops, strings.Split(h, ",")...)
	}
	client := peer
	for i := len(hops) - 1; i >= 0; i-- {
		a, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			break // a garbled entry: stop at the last good one
		}
		client = a.Unmap()
		if !s.trusted(client) {
			break
		}
	}
	return client
}

func (s *Server) trusted(a netip.Addr) bool {
	if !a.IsValid() {
		return false
	}
	for _, p := range s.limits.trustedProxies {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// socketCount counts open WebSockets, in all and by client key. An entry
// exists only while its count is above zero, so the map is bounded by the
// total limit.
type socketCount struct {
	mu    sync.Mutex
	total int
	per   map[string]int
}

// acquire takes a slot, or says which limit is reached.
func (c *socketCount) acquire(key string, perClient, total int) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if total > 0 && c.total >= total {
		return "too_many_connections"
	}
	if perClient > 0 && c.per[key] >= perClient {
		return "client_connections"
	}
	c.total++
	c.per[key]++
	return ""
}

func (c *socketCount) release(key string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.total--
	if c.per[key]--; c.per[key] <= 0 {
		delete(c.per, key)
	}
}

// limitCreate is the token bucket of game creation, by client address:
// 429 with Retry-After and a page in the visitor's language when empty.
func (s *Server) limitCreate(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if s.limits.createPerMinute > 0 {
			info := web.Info(r)
			ok, wait := s.clients.Take(info.Key, time.Now(), s.limits.createPerMinute, s.limits.createBurst)
			if !ok {
				secs := int(math.Ceil(wait.Seconds()))
				w.Header().Set("Retry-After", strconv.Itoa(max(secs, 1)))
				lang := web.PickLang(w, r)
				s.Refuse(r, "rate_limited")
				s.web.Fail(w, r, lang, http.StatusTooManyRequests, fmt.Sprintf(web.T(lang, "ratelimited"), max(secs, 1)))
				return
			}
		}
		next(w, r)
	}
}

// limitLookups is the token bucket of the POGO solution's lookups, by
// client address: a lookup is cheap (no search), but a whole game's
// positions each time.
func (s *Server) limitLookups(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if s.limits.lookupsPerMinute > 0 {
			ok, wait := s.clients.Take("lookup|"+web.Info(r).Key, time.Now(), s.limits.lookupsPerMinute, DefaultLookupsBurst)
			if !ok {
				secs := max(int(math.Ceil(wait.Seconds())), 1)
				w.Header().Set("Retry-After", strconv.Itoa(secs))
				s.Refuse(r, "rate_limited")
				http.Error(w, fmt.Sprintf(web.T(web.PickLang(w, r), "ratelimited"), secs), http.StatusTooManyRequests)
				return
			}
		}
		next(w, r)
	}
}

// limitSockets holds a WebSocket slot for the whole life of the
// connection (until the handler returns), or refuses the upgrade: 503 when
// the server is full, 429 when this client holds too many.
func (s *Server) limitSockets(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		info := web.Info(r)
		switch reason := s.sockets.acquire(info.Key, s.limits.wsPerClient, s.limits.wsTotal); reason {
		case "":
		case "too_many_connections":
			s.Refuse(r, reason)
			info.Handled = true
			w.Header().Set("Retry-After", "30")
			http.Error(w, "The server has too many live connections; try again in a minute.", http.StatusServiceUnavailable)
			return
		default:
			s.Refuse(r, reason)
			w.Header().Set("Retry-After", "30")
			http.Error(w, fmt.Sprintf("Too many live connections from your address (the limit is %d); close some game pages.", s.limits.wsPerClient), http.StatusTooManyRequests)
			return
		}
		defer s.sockets.release(info.Key)
		next(w, r)
	}
}

// bodyDeadline bounds the time to read a request's body, so that a client
// trickling a body byte by byte holds nothing for long. WebSocket upgrades
// are left alone: their connection lives on, with its own limits.
func (s *Server) bodyDeadline(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodGet || r.Method == http.MethodHead || isUpgrade(r) || s.limits.bodyTimeout < 0 {
		return
	}
	// Not every ResponseWriter has a connection (tests with a recorder).
	_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(s.limits.bodyTimeout))
}

func isUpgrade(r *http.Request) bool {
	return strings.EqualFold(r.Header.Get("Upgrade"), "websocket")
}
