package club

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/plateau-games/plateau/accounts"
	"github.com/plateau-games/plateau/server/internal/site"
	"github.com/plateau-games/plateau/server/internal/web"
)

// Password hashes are bounded server-wide: each argon2id hash holds 19 MiB
// and a core for tens of milliseconds, so 200 signups or logins at once
// would take about 4 GB and every core. At most MaxHashes run at once;
// HashQueue more wait up to HashWait for a slot; beyond, or after the
// wait, the answer is 503 "busy, try again in a few seconds" with
// Retry-After. The rest of the site (the health check, the games) keeps
// its share of the machine.

const (
	// maxDefaultHashes caps the default of MaxHashes: 8 hashes hold 152
	// MiB.
	maxDefaultHashes = 8
	// DefaultHashQueue is how many password checks may wait for a slot.
	DefaultHashQueue = 32
	// DefaultHashWait bounds the wait for a slot: a client waits a few
	// seconds at most, then hears "try again".
	DefaultHashWait = 3 * time.Second
	// hashRetryAfter is the Retry-After of a busy answer, in seconds.
	hashRetryAfter = 5
)

// DefaultMaxHashes is the default number of password hashes run at once:
// the number of CPUs less one (at least one, at most 8). The core left
// keeps the rest of the site answering during a storm of logins: on two
// cores, /healthz answered a storm of 200 signups in a median 13 ms with
// one hash at a time, 109 ms with two (docs/server.md).
func DefaultMaxHashes() int { return max(1, min(runtime.NumCPU()-1, maxDefaultHashes)) }

// errHashBusy is the refusal of the gate: every slot taken and the queue
// full, or no slot freed within the wait.
var errHashBusy = errors.New("too many password checks at once")

// hashGate is the bound on password hashes: a semaphore of max slots and a
// queue of at most queue waiters.
type hashGate struct {
	slots   chan struct{}
	queue   int64
	wait    time.Duration
	waiting atomic.Int64
	running atomic.Int64
	peak    atomic.Int64 // the most hashes ever run at once
	// inSlot, when set (tests), runs in the slot before the hash: a test
	// holds slots with it to see what the gate does when full.
	inSlot func()
}

func newHashGate(max, queue int, wait time.Duration) *hashGate {
	return &hashGate{slots: make(chan struct{}, max), queue: int64(queue), wait: wait}
}

// run runs fn (a hash) in a slot, waiting for one within the bounds; it
// returns errHashBusy, or ctx's error, without running fn.
func (g *hashGate) run(ctx context.Context, fn func()) error {
	select {
	case g.slots <- struct{}{}:
	default:
		if g.waiting.Add(1) > g.queue {
			g.waiting.Add(-1)
			return errHashBusy
		}
		t := time.NewTimer(g.wait)
		select {
		case g.slots <- struct{}{}:
			g.waiting.Add(-1)
			t.Stop()
		case <-t.C:
			g.waiting.Add(-1)
			return errHashBusy
		case <-ctx.Done():
			g.waiting.Add(-1)
			t.Stop()
			return ctx.Err()
		}
	}
	defer func() { <-g.slots }()
	n := g.running.Add(1)
	defer g.running.Add(-1)
	for {
		p := g.peak.Load()
		if n <= p || g.peak.CompareAndSwap(p, n) {
			break
		}
	}
	if g.inSlot != nil {
		g.inSlot()
	}
	fn()
	return nil
}

// resolveHashes sets up the gate from cfg and its metrics.
func (cl *Club) resolveHashes(cfg Config) {
	n, q, wait := cfg.MaxHashes, cfg.HashQueue, cfg.HashWait
	if n <= 0 {
		n = DefaultMaxHashes()
	}
	if q == 0 {
		q = DefaultHashQueue
	}
	if q < 0 {
		q = 0
	}
	if wait <= 0 {
		wait = DefaultHashWait
	}
	cl.hashes = newHashGate(n, q, wait)
	cl.devices.buckets = site.NewBuckets(cl.limits.maxClients)
	cl.metrics.reg.MustRegister(
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "plateau_password_hashes_running",
			Help: "Password hashes (argon2id) running now, at most --max-hashes."},
			func() float64 { return float64(cl.hashes.running.Load()) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "plateau_password_hashes_waiting",
			Help: "Password checks waiting for a slot, at most --hash-queue."},
			func() float64 { return float64(cl.hashes.waiting.Load()) }))
}

// The password operations of the site, each through the gate.

func (cl *Club) checkPassword(ctx context.Context, hash, password string) (ok bool, err error) {
	gateErr := cl.hashes.run(ctx, func() { ok, err = accounts.CheckPassword(hash, password) })
	if gateErr != nil {
		return false, gateErr
	}
	return ok, err
}

func (cl *Club) dummyCheck(ctx context.Context, password string) error {
	return cl.hashes.run(ctx, func() { accounts.DummyCheck(password) })
}

func (cl *Club) hashPassword(ctx context.Context, password string) (hash string, err error) {
	gateErr := cl.hashes.run(ctx, func() { hash, err = accounts.HashPassword(password) })
	if gateErr != nil {
		return "", gateErr
	}
	return hash, err
}

// gateRefused says whether err is the gate's refusal (or the client gone
// while waiting); then busy answers.
func gateRefused(err error) bool {
	return errors.Is(err, errHashBusy) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// hashBusy answers a refusal of the gate: 503 with Retry-After, as JSON to
// a client that asks for it, else as the form again (form re-renders it
// with the message and the status).
func (cl *Club) hashBusy(w http.ResponseWriter, r *http.Request, lang string, form func(code int, msg string)) {
	cl.Refuse(r, "hash_busy")
	web.Info(r).Handled = true // a 503 of ours, safe to show
	w.Header().Set("Retry-After", strconv.Itoa(hashRetryAfter))
	if strings.Contains(r.Header.Get("Accept"), "application/json") {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		w.WriteHeader(http.StatusServiceUnavailable)
		json.NewEncoder(w).Encode(map[string]any{"error": "busy", "message": web.T(lang, "hashbusy"), "retryAfter": hashRetryAfter})
		return
	}
	form(http.StatusServiceUnavailable, web.T(lang, "hashbusy"))
}

func init() {
	web.Register(map[string][2]string{
		"hashbusy": {"The server is busy, try again in a few seconds.", "Le serveur est occupé, réessayez dans quelques secondes."},
	})
}
