// Package site is what every feature of the server gets from the site
// around it (its Env, as each module of lila gets its own): the store, the
// clock, the log, the counters of refusals and errors, and goroutines that
// the server waits for and that never bring the process down. Features
// hold an *Env; none of them is its receiver.
package site

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// StoreTimeout bounds one store call made in the background (a room, a
// sweep, a notification).
const StoreTimeout = 10 * time.Second

// Env is the site's services, shared by every feature.
type Env struct {
	// Store keeps everything (timed for the metrics).
	Store store.Store
	// Log is the server's log, its warnings and errors limited.
	Log *slog.Logger
	// Now is the clock (a fake one in tests of the game clocks).
	Now func() time.Time
	// Ctx is cancelled by the server's Close: it stops computer players
	// and connections; Tasks waits for them (GoSafe).
	Ctx   context.Context
	Tasks sync.WaitGroup
	// Stopping is closed when Close starts.
	Stopping chan struct{}
	// Refusals counts refused requests by reason, Errors internal errors
	// by what failed, Panics recovered panics by where.
	Refusals *prometheus.CounterVec
	Errors   *prometheus.CounterVec
	Panics   *prometheus.CounterVec
}

// GoSafe runs f in a goroutine the server waits for on Close; a panic in
// it is logged and counted, never fatal to the process.
func (e *Env) GoSafe(where string, f func()) {
	e.Tasks.Add(1)
	go func() {
		defer e.Tasks.Done()
		defer func() {
			if v := recover(); v != nil {
				e.LogPanic(where, v)
			}
		}()
		f()
	}()
}

// LogPanic logs a recovered panic with its stack.
func (e *Env) LogPanic(where string, v any) {
	e.Panics.WithLabelValues(where).Inc()
	e.Log.Error("panic recovered", "where", where, "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
}

// LogError logs an internal error under a new id and returns the id, the
// only part of it a client is shown.
func (e *Env) LogError(what string, err error, attrs ...any) string {
	id := ErrorID()
	e.Log.Error(what, append([]any{"err", err, "error_id", id}, attrs...)...)
	return id
}

// Refuse counts a refusal and marks the request's log line with it.
func (e *Env) Refuse(r *http.Request, reason string) {
	e.Refusals.WithLabelValues(reason).Inc()
	web.Info(r).Refused = reason
}

// ErrorID is a short random reference for an internal error: the log line
// and the page shown both carry it.
func ErrorID() string {
	var b [4]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// InternalError answers a failed request with its reference only (the
// cause goes to the log): for answers that are not pages (SVG, records).
func (e *Env) InternalError(w http.ResponseWriter, r *http.Request, what string, err error) {
	id := e.LogInternal(r, what, err)
	web.Info(r).Handled = true
	http.Error(w, "internal error, reference "+id, http.StatusInternalServerError)
}

// LogInternal logs a request's internal error with the client's address,
// method and path under a new reference, and returns the reference.
func (e *Env) LogInternal(r *http.Request, what string, err error) string {
	id := ErrorID()
	info := web.Info(r)
	e.Errors.WithLabelValues(what).Inc()
	e.Log.Error(what, "error_id", id, "client", info.Client.String(), "method", r.Method, "path", r.URL.Path, "err", err)
	return id
}
