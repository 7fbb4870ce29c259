package server

import (
	"context"
	"log/slog"
	"sort"
	"sync"
	"time"
)

// Rate-limited warnings and errors. When the database goes away every
// request and every room logs the same error: a 12-second outage once
// wrote 49,706 lines. The limiter lets through, per interval, the first
// few lines of each message (and level), and at most a total; it counts
// the others and, once the interval is over, writes one line per message
// saying how many were suppressed. Debug and info lines pass untouched.

const (
	// logInterval is the period of the limits and of the summaries.
	logInterval = 10 * time.Second
	// logPerMessage is how many lines of one message pass per interval.
	logPerMessage = 10
	// logPerInterval is how many warning and error lines pass per
	// interval, all messages together.
	logPerInterval = 100
	// logMaxKeys bounds the messages counted per interval; further ones
	// are counted together.
	logMaxKeys = 100
	// logOtherKey is the message under which they are.
	logOtherKey = "(other messages)"
)

type logKey struct {
	level slog.Level
	msg   string
}

type logCount struct{ passed, dropped int }

// logLimiter is the state shared by a handler and those derived from it
// (WithAttrs, WithGroup).
type logLimiter struct {
	mu       sync.Mutex
	out      slog.Handler // the summaries go here: the handler wrapped, as given
	now      func() time.Time
	interval time.Duration
	perMsg   int
	total    int
	maxKeys  int
	start    time.Time // of the current interval; zero before the first line
	passed   int       // lines passed in the interval, all messages
	counts   map[logKey]*logCount
}

func newLogLimiter(out slog.Handler, now func() time.Time) *logLimiter {
	if now == nil {
		now = time.Now
	}
	return &logLimiter{out: out, now: now, interval: logInterval, perMsg: logPerMessage,
		total: logPerInterval, maxKeys: logMaxKeys, counts: map[logKey]*logCount{}}
}

// limitedHandler is the slog.Handler of a logLimiter.
type limitedHandler struct {
	l *logLimiter
	h slog.Handler
}

// RateLimitedLogs wraps h so that its warnings and errors are limited per
// message and interval, with a line counting those suppressed. The serve
// command wraps its logger so; server.New wraps a Config.Logger that is
// not wrapped yet, and writes the summaries of the last interval on time
// and when it closes.
func RateLimitedLogs(h slog.Handler) slog.Handler {
	if _, ok := h.(limitedHandler); ok {
		return h
	}
	return limitedHandler{l: newLogLimiter(h, nil), h: h}
}

// limitLogs returns log rate-limited, and its limiter: log's own when it
// is one already (the serve command's), else a new one on now.
func limitLogs(log *slog.Logger, now func() time.Time) (*slog.Logger, *logLimiter) {
	if lh, ok := log.Handler().(limitedHandler); ok {
		return log, lh.l
	}
	l := newLogLimiter(log.Handler(), now)
	return slog.New(limitedHandler{l: l, h: log.Handler()}), l
}

func (h limitedHandler) Enabled(ctx context.Context, level slog.Level) bool {
	return h.h.Enabled(ctx, level)
}

func (h limitedHandler) Handle(ctx context.Context, r slog.Record) error {
	if r.Level < slog.LevelWarn {
		h.l.flushIfDue(ctx)
		return h.h.Handle(ctx, r)
	}
	if !h.l.admit(ctx, r.Level, r.Message) {
		return nil
	}
	return h.h.Handle(ctx, r)
}

func (h limitedHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return limitedHandler{l: h.l, h: h.h.WithAttrs(attrs)}
}

func (h limitedHandler) WithGroup(name string) slog.Handler {
	return limitedHandler{l: h.l, h: h.h.WithGroup(name)}
}

// admit counts a line and says whether it is written; it writes first
// the summaries of an interval that is over.
func (l *logLimiter) admit(ctx context.Context, level slog.Level, msg string) bool {
	l.mu.Lock()
	now := l.now()
	summaries := l.rollLocked(now)
	if l.start.IsZero() {
		l.start = now
	}
	k := logKey{level, msg}
	c := l.counts[k]
	if c == nil {
		if len(l.counts) >= l.maxKeys {
			k.msg = logOtherKey
			c = l.counts[k]
		}
		if c == nil {
			c = &logCount{}
			l.counts[k] = c
		}
	}
	ok := c.passed < l.perMsg && l.passed < l.total && k.msg != logOtherKey
	if ok {
		c.passed++
		l.passed++
	} else {
		c.dropped++
	}
	l.mu.Unlock()
	l.write(ctx, summaries)
	return ok
}

// flushIfDue writes the summaries of an interval that is over.
func (l *logLimiter) flushIfDue(ctx context.Context) {
	l.mu.Lock()
	summaries := l.rollLocked(l.now())
	l.mu.Unlock()
	l.write(ctx, summaries)
}

// flush ends the current interval now, writing its summaries (when the
// server closes).
func (l *logLimiter) flush(ctx context.Context) {
	l.mu.Lock()
	summaries := l.endLocked(l.now())
	l.mu.Unlock()
	l.write(ctx, summaries)
}

// rollLocked ends the interval if it is over and returns its summaries.
func (l *logLimiter) rollLocked(now time.Time) []slog.Record {
	if l.start.IsZero() || now.Sub(l.start) < l.interval {
		return nil
	}
	return l.endLocked(now)
}

func (l *logLimiter) endLocked(now time.Time) []slog.Record {
	keys := make([]logKey, 0, len(l.counts))
	for k, c := range l.counts {
		if c.dropped > 0 {
			keys = append(keys, k)
		}
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].msg != keys[j].msg {
			return keys[i].msg < keys[j].msg
		}
		return keys[i].level < keys[j].level
	})
	out := make([]slog.Record, 0, len(keys))
	for _, k := range keys {
		r := slog.NewRecord(now, k.level, "similar log lines suppressed", 0)
		r.AddAttrs(slog.String("message", k.msg), slog.Int("suppressed", l.counts[k].dropped),
			slog.Duration("interval", now.Sub(l.start).Round(time.Millisecond)))
		out = append(out, r)
	}
	l.start, l.passed = time.Time{}, 0
	clear(l.counts)
	return out
}

func (l *logLimiter) write(ctx context.Context, summaries []slog.Record) {
	for _, r := range summaries {
		if l.out.Enabled(ctx, r.Level) {
			_ = l.out.Handle(ctx, r)
		}
	}
}

// summarizeLogs writes the summaries on time, until the server closes;
// then those of the last interval.
func (s *Server) summarizeLogs() {
	t := time.NewTicker(logInterval)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			s.logLimit.flushIfDue(s.Ctx)
		case <-s.Stopping:
			s.logLimit.flush(context.Background())
			return
		}
	}
}
