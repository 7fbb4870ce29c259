package tui

import (
	"bytes"
	"context"
	"io"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"
)

// lockedBuffer is an output written by RunPlain and read by the test.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// A game of the link's seat token played a line at a time against the
// server's computer: the board and the prompt at each turn, the
// computer's replies listed, a refused line explained, resigning ends it.
func TestOnlinePlainAgainstTheServersComputer(t *testing.T) {
	ts := startServer(t)
	link := newGame(t, ts, url.Values{"game": {"pogo"}, "variant": {""}, "casual": {"1"}, "clock": {"0"}, "increment": {"0"},
		"seat0": {"me"}, "seat1": {"computer"}, "level1": {"easy"}})
	o, err := ParseGameLink("", link, "en")
	if err != nil {
		t.Fatal(err)
	}
	in, typing := io.Pipe()
	defer typing.Close()
	out := &lockedBuffer{}
	type ended struct {
		res Result
		err error
	}
	done := make(chan ended, 1)
	go func() {
		res, err := RunPlain(context.Background(), o, in, out, true)
		done <- ended{res, err}
	}()
	await := func(want string, count int) {
		t.Helper()
		// Idle it comes within milliseconds: a minute only turns what
		// never comes into a failure, however loaded the machine.
		deadline := time.Now().Add(time.Minute)
		for strings.Count(out.String(), want) < count {
			if time.Now().After(deadline) {
				t.Fatalf("never said %q (%d times):\n%s", want, count, out.String())
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	await("your move", 1)
	if s := out.String(); !strings.Contains(s, "You play") || !strings.Contains(s, "computer, easy") {
		t.Fatalf("the seats are not said:\n%s", s)
	}
	io.WriteString(typing, "zz\n")
	await("zz", 2) // echoed, then explained
	io.WriteString(typing, "moves\n")
	await("Legal moves (", 1)
	io.WriteString(typing, "1a1-a2\n")
	await("(computer, easy) played", 1)
	await("your move", 2)
	io.WriteString(typing, "resign\n")
	select {
	case e := <-done:
		if e.err != nil || e.res.Outcome == "" {
			t.Fatalf("the end: %v %q\n%s", e.err, e.res.Outcome, out.String())
		}
	case <-time.After(time.Minute):
		t.Fatalf("the game did not end:\n%s", out.String())
	}
	t.Logf("the transcript:\n%s", out.String())
	if !strings.Contains(out.String(), "resign") {
		t.Errorf("the resignation is not said:\n%s", out.String())
	}
}
