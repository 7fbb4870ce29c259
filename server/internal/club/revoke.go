package club

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/plateau-games/plateau/server/internal/site"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// Revocation is immediate: when an account is disabled, its sessions ended
// or a bot token revoked, by this server, another one or plateau users
// writing the store, every WebSocket and event stream opened with the
// withdrawn credential closes, on every server. Each live connection
// opened with a session or a bot token is tracked with that credential;
// on a revocation the server checks the credentials of the account's
// connections again in the store, and closes those no longer valid. It
// learns of revocations from its own pages at once, from the other
// servers and programs through the store's notifications (PostgreSQL),
// and without notifications (SQLite) by polling the store's count of
// revocations (store.Revocations) every RevocationPoll.

const (
	// DefaultRevocationPoll is how often the count of revocations is read.
	DefaultRevocationPoll = 2 * time.Second
	// StatusRevoked closes a WebSocket whose account or token was revoked.
	StatusRevoked = site.StatusRevoked
	// maxPendingRevocations bounds the accounts waiting for a check; more
	// and every connection is checked.
	maxPendingRevocations = 1024
)

// liveConn is a connection opened with a credential.
type liveConn struct {
	user  string // the account, as UserKey
	cred  string // reqInfo.cred
	close func()
}

// revoker tracks the live connections by credential and the accounts to
// check, and closes those whose session or bot token was revoked.
type revoker struct {
	*site.Env
	cfg     Config
	poll    time.Duration
	mu      sync.Mutex
	conns   map[*liveConn]struct{}
	pending map[string]bool // accounts to check (UserKey)
	all     bool            // check every connection
	// gen counts the checks begun: a connection whose credential was read
	// before a check began and tracked after it is checked again.
	gen    atomic.Int64
	wake   chan struct{}
	closed prometheus.Counter
}

// newRevoker sets up the revocations from cfg and registers their metric.
func newRevoker(env *site.Env, cfg Config, reg prometheus.Registerer) *revoker {
	poll := cfg.RevocationPoll
	if poll <= 0 {
		poll = DefaultRevocationPoll
	}
	rv := &revoker{Env: env, cfg: cfg, poll: poll, conns: map[*liveConn]struct{}{}, pending: map[string]bool{}, wake: make(chan struct{}, 1),
		closed: prometheus.NewCounter(prometheus.CounterOpts{Name: "plateau_connections_revoked_total",
			Help: "Live connections (WebSockets, event streams) closed because their account or bot token was revoked."})}
	reg.MustRegister(rv.closed)
	return rv
}

// request asks for a check of the connections of user ("" for all).
func (rv *revoker) request(user string) {
	rv.mu.Lock()
	if user == "" || len(rv.pending) >= maxPendingRevocations {
		rv.all = true
	} else {
		rv.pending[store.UserKey(user)] = true
	}
	rv.mu.Unlock()
	select {
	case rv.wake <- struct{}{}:
	default:
	}
}

// TrackCredential tracks a live connection opened with the credential of
// info (s.currentUser was called); close ends it and must not block. The
// returned function stops the tracking, when the connection ends.
func (rv *revoker) TrackCredential(info *web.RequestInfo, close func()) func() {
	if info.User == nil || info.Cred == "" {
		return func() {}
	}
	c := &liveConn{user: store.UserKey(info.User.Name), cred: info.Cred, close: close}
	rv.mu.Lock()
	rv.conns[c] = struct{}{}
	rv.mu.Unlock()
	if rv.gen.Load() != info.CredGen {
		// A check began between the lookup and now, and may have missed
		// this connection.
		rv.request(c.user)
	}
	return func() {
		rv.mu.Lock()
		delete(rv.conns, c)
		rv.mu.Unlock()
	}
}

// revocationChanged is called by this server's pages when they withdraw
// an account's credentials: its connections here are checked at once
// (the other servers hear of it from the store).
func (rv *revoker) revocationChanged(user string) { rv.request(user) }

// WatchRevocations runs the checks, and polls the store's count of
// revocations, until Close.
func (rv *revoker) WatchRevocations() {
	counter, _ := rv.cfg.Store.(store.Revocations)
	var tick <-chan time.Time
	var last int64
	known := false
	readCount := func() {
		ctx, cancel := context.WithTimeout(rv.Ctx, site.StoreTimeout)
		defer cancel()
		n, err := counter.Revocations(ctx)
		if err != nil {
			rv.Log.Warn("reading the count of revocations", "error", err)
			return
		}
		if known && n != last {
			rv.request("")
		}
		last, known = n, true
	}
	// With notifications (PostgreSQL) every revocation is announced, in
	// its transaction, and a lost listener reads everything again
	// (Resync): no need to poll, and each revocation checks only its
	// account's connections.
	if _, notified := rv.cfg.Store.(store.Notifier); notified {
		counter = nil
	}
	if counter != nil {
		readCount()
		t := time.NewTicker(rv.poll)
		defer t.Stop()
		tick = t.C
	}
	for {
		select {
		case <-rv.Stopping:
			return
		case <-tick:
			readCount()
		case <-rv.wake:
		}
		rv.checkCredentials()
	}
}

// checkCredentials checks the credentials of the connections asked for,
// each credential once, and closes the connections of those revoked.
func (rv *revoker) checkCredentials() {
	rv.mu.Lock()
	all, users := rv.all, rv.pending
	if !all && len(users) == 0 {
		rv.mu.Unlock()
		return
	}
	rv.all, rv.pending = false, map[string]bool{}
	rv.gen.Add(1)
	byCred := map[string][]*liveConn{}
	for c := range rv.conns {
		if all || users[c.user] {
			byCred[c.cred] = append(byCred[c.cred], c)
		}
	}
	rv.mu.Unlock()
	for cred, conns := range byCred {
		if rv.credentialValid(cred) {
			continue
		}
		for _, c := range conns {
			c.close()
			rv.closed.Inc()
		}
		rv.Log.Info("connections closed: credential revoked", "user", conns[0].user, "kind", strings.Fields(cred)[0], "connections", len(conns))
	}
}

// credentialValid says whether a credential still opens its account; on a
// store error it says yes (the next check will tell).
func (rv *revoker) credentialValid(cred string) bool {
	ctx, cancel := context.WithTimeout(rv.Ctx, site.StoreTimeout)
	defer cancel()
	kind, hash, _ := strings.Cut(cred, " ")
	var err error
	switch kind {
	case "session":
		acc, ok := rv.cfg.Store.(store.Accounts)
		if !ok {
			return true
		}
		_, _, err = acc.LoadSession(ctx, hash, rv.Now())
	case "bot":
		bots, ok := rv.cfg.Store.(store.BotTokens)
		if !ok {
			return true
		}
		_, err = bots.BotTokenUser(ctx, hash)
	default:
		return true
	}
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		rv.Log.Warn("checking a credential", "error", err)
		return true
	}
	return err == nil
}
