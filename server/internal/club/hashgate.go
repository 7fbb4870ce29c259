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

// ErrHashBusy is the refusal of the gate: every slot taken and the queue
// full, or no slot freed within the wait.
var ErrHashBusy = errors.New("too many password checks at once")

// HashGate is the bound on password hashes: a semaphore of max slots and a
// queue of at most queue waiters.
type HashGate struct {
	Slots   chan struct{}
	Queue   int64
	Wait    time.Duration
	Waiting atomic.Int64
	Running atomic.Int64
	Peak    atomic.Int64 // the most hashes ever run at once
	// inSlot, when set (tests), runs in the slot before the hash: a test
	// holds slots with it to see what the gate does when full.
	InSlot func()
}

// NewHashGate lets max hashes run at once and queue more wait at most
// wait.
func NewHashGate(max, queue int, wait time.Duration) *HashGate {
	return &HashGate{Slots: make(chan struct{}, max), Queue: int64(queue), Wait: wait}
}

// run runs fn (a hash) in a slot, waiting for one within the bounds; it
// returns errHashBusy, or ctx's error, without running fn.
func (g *HashGate) run(ctx context.Context, fn func()) error {
	select {
	case g.Slots <- struct{}{}:
	default:
		if g.Waiting.Add(1) > g.Queue {
			g.Waiting.Add(-1)
			return ErrHashBusy
		}
		t := time.NewTimer(g.Wait)
		select {
		case g.Slots <- struct{}{}:
			g.Waiting.Add(-1)
			t.Stop()
		case <-t.C:
			g.Waiting.Add(-1)
			return ErrHashBusy
		case <-ctx.Done():
			g.Waiting.Add(-1)
			t.Stop()
			return ctx.Err()
		}
	}
	defer func() { <-g.Slots }()
	n := g.Running.Add(1)
	defer g.Running.Add(-1)
	for {
		p := g.Peak.Load()
		if n <= p || g.Peak.CompareAndSwap(p, n) {
			break
		}
	}
	if g.InSlot != nil {
		g.InSlot()
	}
	fn()
	return nil
}

// newHashGateOf sets up the gate from cfg and registers its metrics.
func newHashGateOf(cfg Config, reg prometheus.Registerer) *HashGate {
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
	g := NewHashGate(n, q, wait)
	reg.MustRegister(
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "plateau_password_hashes_running",
			Help: "Password hashes (argon2id) running now, at most --max-hashes."},
			func() float64 { return float64(g.Running.Load()) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "plateau_password_hashes_waiting",
			Help: "Password checks waiting for a slot, at most --hash-queue."},
			func() float64 { return float64(g.Waiting.Load()) }))
	return g
}

// The password operations of the site, each through the gate.

func (g *HashGate) checkPassword(ctx context.Context, hash, password string) (ok bool, err error) {
	gateErr := g.run(ctx, func() { ok, err = accounts.CheckPassword(hash, password) })
	if gateErr != nil {
		return false, gateErr
	}
	return ok, err
}

func (g *HashGate) dummyCheck(ctx context.Context, password string) error {
	return g.run(ctx, func() { accounts.DummyCheck(password) })
}

func (g *HashGate) hashPassword(ctx context.Context, password string) (hash string, err error) {
	gateErr := g.run(ctx, func() { hash, err = accounts.HashPassword(password) })
	if gateErr != nil {
		return "", gateErr
	}
	return hash, err
}

// gateRefused says whether err is the gate's refusal (or the client gone
// while waiting); then busy answers.
func gateRefused(err error) bool {
	return errors.Is(err, ErrHashBusy) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// hashBusy answers a refusal of the gate: 503 with Retry-After, as JSON to
// a client that asks for it, else as the form again (form re-renders it
// with the message and the status).
func (mb *members) hashBusy(w http.ResponseWriter, r *http.Request, lang string, form func(code int, msg string)) {
	mb.Refuse(r, "hash_busy")
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
