package server

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeClock is a clock the test moves by hand.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func logLines(b *syncBuffer, substr string) int {
	n := 0
	for _, l := range strings.Split(b.String(), "\n") {
		if l != "" && strings.Contains(l, substr) {
			n++
		}
	}
	return n
}

func TestLogLimiter(t *testing.T) {
	clock := &fakeClock{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	out := &syncBuffer{}
	base := slog.New(slog.NewTextHandler(out, &slog.HandlerOptions{Level: slog.LevelDebug}))
	log, l := limitLogs(base, clock.now)
	if again, l2 := limitLogs(log, clock.now); again != log || l2 != l {
		t.Fatalf("a limited logger is limited twice")
	}
	game := log.With("component", "room") // derived loggers share the limits

	// 1000 identical errors in one interval: the first logPerMessage pass.
	for i := 0; i < 1000; i++ {
		game.Error("store move", "err", "connection refused", "n", i)
	}
	if n := logLines(out, `msg="store move"`); n != logPerMessage {
		t.Fatalf("%d lines of one message in an interval, want %d", n, logPerMessage)
	}
	if !strings.Contains(out.String(), "component=room") {
		t.Errorf("the attributes of the derived logger are lost:\n%s", out)
	}
	// Another message has its own share; info and debug pass untouched.
	for i := 0; i < 20; i++ {
		log.Warn("renew leases", "i", i)
		log.Info("request", "i", i)
		log.Debug("detail", "i", i)
	}
	if n := logLines(out, `msg="renew leases"`); n != logPerMessage {
		t.Errorf("%d lines of a second message, want %d", n, logPerMessage)
	}
	if logLines(out, `msg=request`) != 20 || logLines(out, `msg=detail`) != 20 {
		t.Errorf("info and debug lines were limited")
	}
	if strings.Contains(out.String(), "suppressed") {
		t.Fatalf("a summary before the interval is over:\n%s", out)
	}

	// The interval ends: the next line brings the summaries first.
	clock.add(logInterval)
	log.Info("after")
	for _, want := range []string{
		`level=ERROR msg="similar log lines suppressed" message="store move" suppressed=990 interval=10s`,
		`level=WARN msg="similar log lines suppressed" message="renew leases" suppressed=10 interval=10s`,
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no summary %q in\n%s", want, out)
		}
	}
	// A new interval: the message passes again.
	log.Error("store move", "n", "again")
	if n := logLines(out, `msg="store move"`); n != logPerMessage+1 {
		t.Errorf("%d lines after the interval, want %d", n, logPerMessage+1)
	}

	// Many different messages: at most logPerInterval lines in all, and
	// the table of messages is bounded.
	clock.add(logInterval)
	log.Info("roll")
	before := logLines(out, "level=ERROR")
	for i := 0; i < 10*logMaxKeys; i++ {
		log.Error(fmt.Sprintf("error %d", i))
	}
	if n := logLines(out, "level=ERROR") - before; n != logPerInterval {
		t.Errorf("%d error lines of different messages in an interval, want %d", n, logPerInterval)
	}
	if len(l.counts) > logMaxKeys+1 {
		t.Errorf("%d messages counted, want at most %d", len(l.counts), logMaxKeys+1)
	}
	// flush (the server closing) writes the summaries at once.
	before = logLines(out, "suppressed")
	l.flush(context.Background())
	if n := logLines(out, "suppressed") - before; n != logMaxKeys+1-logPerInterval {
		t.Errorf("%d summaries, want one per message suppressed and one for the others (%d)", n, logMaxKeys+1-logPerInterval)
	}
	if !strings.Contains(out.String(), `message="(other messages)" suppressed=900`) {
		t.Errorf("the messages beyond the table are not counted together:\n%.2000s", out)
	}
}

// A database outage: every request fails and logs an internal error. The
// log gets at most logPerInterval of them an interval, then one line with
// the count of the others, not one per request.
func TestAttackLogFloodOnOutage(t *testing.T) {
	clock := &fakeClock{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	st := &failingStore{memStore: newMemStore()}
	logs := &syncBuffer{}
	cfg := Config{Store: st, Now: clock.now, Logger: slog.New(slog.NewTextHandler(logs, nil))} // info and above, as served
	s, ts, _ := attackServer(t, cfg)
	g := createGame(t, ts, form("pogo", "me", "invite"))
	st.mu.Lock()
	st.fail = true
	st.mu.Unlock()
	const requests = 300
	for i := 0; i < requests; i++ {
		if code, _ := get(t, ts, "/games/"+g.id); code < 500 {
			t.Fatalf("request %d: status %d, want a 5xx", i, code)
		}
	}
	errors := logLines(logs, "level=ERROR")
	if errors > logPerInterval || errors == 0 {
		t.Errorf("%d error lines for %d failed requests, want 1 to %d", errors, requests, logPerInterval)
	}
	s.Close()
	if !strings.Contains(logs.String(), fmt.Sprintf(`msg="similar log lines suppressed" message="load game" suppressed=%d`, requests-errors)) {
		t.Errorf("no count of the suppressed lines:\n%.3000s", logs.String())
	}
	if lines := strings.Count(logs.String(), "\n"); lines > 2*logPerInterval {
		t.Errorf("%d log lines for %d failed requests", lines, requests)
	}
}
