package loadtest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/plateau-games/plateau/server"
	"github.com/plateau-games/plateau/store"
)

// startServer runs a real plateau server over httptest on a new SQLite
// file; both stop with the test. Its per-address limits are lifted, as
// scripts/load does: all the load comes from one address.
func startServer(t *testing.T) (*httptest.Server, store.Store) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	srv, err := server.New(server.Config{Store: st, CreatePerMinute: -1, MaxWebSocketsPerClient: -1,
		MessagesPerSecond: 1000, MessageBurst: 1000})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	t.Cleanup(func() {
		srv.Close()
		ts.Close()
		st.Close()
	})
	return ts, st
}

// small is a short run of two games. Players think 40ms: at 10ms a
// player's socket would send more messages a second than a server limits
// one connection to.
func small(url string) Config {
	var log bytes.Buffer
	return Config{Server: url, Steps: []int{2}, Duration: 2500 * time.Millisecond, Warmup: 300 * time.Millisecond,
		CreateRate: 20, Think: 40 * time.Millisecond, MaxPlies: 12, FetchPages: true, Seed: 1, Progress: &log}
}

func mustRun(t *testing.T, cfg Config) Step {
	t.Helper()
	rep, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Steps) != 1 {
		t.Fatalf("%d steps, want 1", len(rep.Steps))
	}
	s := rep.Steps[0]
	t.Logf("%s", s.Line())
	var out bytes.Buffer
	rep.WriteText(&out)
	t.Logf("\n%s", out.String())
	return s
}

// noTrouble fails on any reject, error, connection failure or loss.
func noTrouble(t *testing.T, s Step) {
	t.Helper()
	for name, m := range map[string]map[string]int{"rejects": s.Rejects, "errors": s.Errors,
		"connection failures": s.ConnFailures, "connections lost": s.Closes} {
		if len(m) > 0 {
			t.Errorf("%s: %v", name, m)
		}
	}
	for k := range s.HTTP {
		if !strings.HasSuffix(k, " 303") && !strings.HasSuffix(k, " 200") && !strings.HasSuffix(k, " 101") {
			t.Errorf("HTTP %s: %d", k, s.HTTP[k])
		}
	}
}

// runEnough runs cfg until its step saw what the test needs (enough says
// what is missing, "" when nothing is), the window twice as long at each
// try, at most six tries (2.5 s to 80 s for small). A step is a window of
// wall-clock time: on a loaded machine fewer moves and games fit in it, and
// that is no failure; trouble (noTrouble) is one at any try.
func runEnough(t *testing.T, cfg Config, enough func(Step) string) Step {
	t.Helper()
	for try := 1; ; try++ {
		s := mustRun(t, cfg)
		noTrouble(t, s)
		missing := enough(s)
		if missing == "" {
			return s
		}
		if try == 6 {
			t.Fatalf("after %d tries, the last of %v: %s", try, cfg.Duration, missing)
		}
		t.Logf("in %v: %s; again, twice as long", cfg.Duration, missing)
		cfg.Duration *= 2
	}
}

func TestRunPlaysAndRestartsGames(t *testing.T) {
	ts, st := startServer(t)
	// Games resign after 12 moves: the two slots must have started more.
	s := runEnough(t, small(ts.URL), func(s Step) string {
		if s.Moves == 0 || s.Ack.Count == 0 || s.Opponent.Count == 0 {
			return "no move acknowledged by both players"
		}
		if s.GamesFinished == 0 || s.GamesStarted <= 2 || s.GamesResigned == 0 {
			return fmt.Sprintf("games were not replaced: started %d, finished %d, resigned %d", s.GamesStarted, s.GamesFinished, s.GamesResigned)
		}
		return ""
	})
	if s.MovesPerSecond <= 0 {
		t.Fatalf("no move rate: %+v", s)
	}
	if s.Ack.Count == 0 || s.Ack.P50 <= 0 || s.Ack.Max < s.Ack.P99 || s.Ack.P99 < s.Ack.P50 {
		t.Errorf("ack latency not recorded: %+v", s.Ack)
	}
	if s.Opponent.Count == 0 {
		t.Errorf("opponent latency not recorded: %+v", s.Opponent)
	}
	if s.Spectator.Count != 0 || s.Computer.Count != 0 {
		t.Errorf("latencies without spectators or computer: %+v %+v", s.Spectator, s.Computer)
	}
	if s.Sockets > 4 { // fewer when a game is between two
		t.Errorf("%d sockets open for two games of two players", s.Sockets)
	}
	if s.HTTP["POST /games 303"] == 0 || s.HTTP["GET /games/{id}/ws 101"] == 0 || s.HTTP["GET /games/{id} 200"] == 0 {
		t.Errorf("HTTP counts: %v", s.HTTP)
	}
	// The run ends by resigning what it played: nothing is left ongoing.
	// The resignations are sent before Run returns, but the server applies
	// them on its own time: the test waits for them. Idle, they are done
	// within milliseconds; the two minutes only turn a lost resignation
	// into a failure rather than a hang, however loaded the machine.
	finished := false
	deadline := time.Now().Add(2 * time.Minute)
	for {
		games, err := st.ListGames(context.Background(), store.Filter{Finished: &finished})
		if err != nil {
			t.Fatal(err)
		}
		if len(games) == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d games left ongoing after the run", len(games))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestRunSpectatorsAndComputer(t *testing.T) {
	ts, _ := startServer(t)
	cfg := small(ts.URL)
	cfg.Spectators = 3
	cfg.Computer = "easy"
	cfg.MaxPlies = 0
	s := runEnough(t, cfg, func(s Step) string {
		switch {
		case s.Moves == 0 || s.Ack.Count == 0:
			return "no move acknowledged"
		case s.Spectator.Count == 0:
			return "no spectator latency recorded"
		case s.Computer.Count == 0 || s.ComputerMoves == 0:
			return "no computer reply recorded"
		}
		return ""
	})
	if s.Opponent.Count != 0 {
		t.Errorf("opponent latency against the computer: %+v", s.Opponent)
	}
	// Two games, each with one human and three spectators (fewer when a
	// game is between two).
	if s.Sockets > 8 {
		t.Errorf("%d sockets open, want at most 8", s.Sockets)
	}
}

func TestRunSocketPerGameAndSteps(t *testing.T) {
	ts, _ := startServer(t)
	cfg := small(ts.URL)
	cfg.SocketPerGame = true
	cfg.FetchPages = false
	cfg.Steps = []int{1, 3}
	cfg.Duration = time.Second
	// As runEnough: a window twice as long when a step saw too little
	// (moves, games started) on a loaded machine, at most six tries.
	var rep *Report
	for try := 1; ; try++ {
		var err error
		rep, err = Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.Steps) != 2 || rep.Interrupted {
			t.Fatalf("report: %+v", rep)
		}
		missing := ""
		for i, s := range rep.Steps {
			t.Logf("%s", s.Line())
			noTrouble(t, s)
			if s.Games != cfg.Steps[i] {
				t.Errorf("step %d: %+v", i, s)
			}
			if s.Opponent.Count != 0 {
				t.Errorf("one socket a game has no opponent socket: %+v", s.Opponent)
			}
			if s.Moves == 0 {
				missing = fmt.Sprintf("step %d: no move", i)
			}
		}
		if got := rep.Steps[1].LiveGames; got < 1 || got > 3 {
			t.Errorf("step of 3 games played %d", got)
		}
		if got := rep.Steps[1].GamesStarted; got < 2 {
			missing = fmt.Sprintf("step of 3 games (1 before) started %d", got)
		}
		if missing == "" {
			break
		}
		if try == 6 {
			t.Fatalf("after %d tries, the last of %v: %s", try, cfg.Duration, missing)
		}
		t.Logf("in %v: %s; again, twice as long", cfg.Duration, missing)
		cfg.Duration *= 2
	}
	var md, js bytes.Buffer
	if err := rep.WriteMarkdown(&md); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md.String(), "| games | sockets | moves/s |") || strings.Count(md.String(), "\n| ") != 3 {
		t.Errorf("markdown:\n%s", md.String())
	}
	if err := json.NewEncoder(&js).Encode(rep); err != nil {
		t.Fatal(err)
	}
	var back Report
	if err := json.Unmarshal(js.Bytes(), &back); err != nil || len(back.Steps) != 2 || back.Steps[1].Moves != rep.Steps[1].Moves {
		t.Errorf("JSON round trip: %v\n%s", err, js.String())
	}
}

// Cancelling the context (Ctrl-C) stops a long run soon, with what was
// measured. The run asks for two hours: one that returns at all was
// stopped by the cancellation. The two minutes after it only turn a run
// deaf to it into a failure rather than a hang (idle, it stops within a
// second), however loaded the machine.
func TestRunStopsOnCancel(t *testing.T) {
	ts, _ := startServer(t)
	cfg := small(ts.URL)
	cfg.Steps = []int{1, 1}
	cfg.Duration = MaxDuration
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	type result struct {
		rep *Report
		err error
	}
	out := make(chan result, 1)
	go func() {
		rep, err := Run(ctx, cfg)
		out <- result{rep, err}
	}()
	time.Sleep(1500 * time.Millisecond) // the run is in its first step, or about to be: either is stopped
	cancel()
	select {
	case res := <-out:
		if res.err != nil {
			t.Fatal(res.err)
		}
		if !res.rep.Interrupted {
			t.Error("not marked interrupted")
		}
	case <-time.After(2 * time.Minute):
		t.Fatal("the run did not stop within two minutes of the cancellation")
	}
}

// A form the server refuses stops the run with the server's reason.
func TestRunRefusedForm(t *testing.T) {
	ts, _ := startServer(t)
	cfg := small(ts.URL)
	cfg.Computer = "nosuchlevel"
	_, err := Run(context.Background(), cfg)
	if err == nil || !strings.Contains(err.Error(), "400") {
		t.Fatalf("err = %v, want the 400 of the form", err)
	}
}

// A server that does not answer is reported at once, not after a run of
// retries: the run asks for an hour, the test allows two minutes (idle, it
// ends within milliseconds), however loaded the machine.
func TestRunNoServer(t *testing.T) {
	ts := httptest.NewServer(nil)
	url := ts.URL
	ts.Close()
	cfg := small(url)
	cfg.Duration = MaxDuration
	start := time.Now()
	if _, err := Run(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "does not answer") {
		t.Fatalf("err = %v", err)
	}
	if time.Since(start) > 2*time.Minute {
		t.Errorf("took %v", time.Since(start))
	}
}

func TestCheckTarget(t *testing.T) {
	ctx := context.Background()
	for _, ok := range []string{"http://127.0.0.1:8080", "http://[::1]:8080/", "https://127.0.0.2", "http://localhost:1234"} {
		if _, err := CheckTarget(ctx, ok, false); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
	for _, bad := range []string{"http://192.0.2.1:8080", "http://10.0.0.1", "http://[2001:db8::1]:80"} {
		_, err := CheckTarget(ctx, bad, false)
		if err == nil || !strings.Contains(err.Error(), "--allow-remote") {
			t.Errorf("%s: err = %v, want a refusal", bad, err)
		}
		if _, err := CheckTarget(ctx, bad, true); err != nil {
			t.Errorf("%s with allowRemote: %v", bad, err)
		}
	}
	for _, bad := range []string{"127.0.0.1:8080", "ftp://127.0.0.1", "http://u:p@127.0.0.1", "http://127.0.0.1/?a=b"} {
		if _, err := CheckTarget(ctx, bad, true); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

func TestConfigBounds(t *testing.T) {
	for _, c := range []Config{
		{Steps: nil},
		{Steps: []int{0}},
		{Steps: []int{MaxGames + 1}},
		{Steps: []int{1}, Duration: 2 * MaxDuration},
		{Steps: []int{1}, Spectators: -1},
		{Steps: []int{1}, CreateRate: 0.01},
		{Steps: []int{1}, Variant: "players=2", Options: map[string]string{"size": "5"}},
	} {
		c.Server = "http://127.0.0.1:1"
		if _, err := Run(context.Background(), c); err == nil {
			t.Errorf("%+v accepted", c)
		}
	}
}

func TestParseSteps(t *testing.T) {
	got, err := ParseSteps("1,16, 64,1000")
	if err != nil || len(got) != 4 || got[3] != 1000 {
		t.Fatalf("%v %v", got, err)
	}
	for _, bad := range []string{"", "1,x", "1.5", ",,"} {
		if _, err := ParseSteps(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestHistogram(t *testing.T) {
	var h histogram
	for i := 1; i <= 100000; i++ {
		h.record(time.Duration(i) * time.Microsecond)
	}
	l := h.summary()
	for _, c := range []struct{ got, want float64 }{{l.P50, 50}, {l.P90, 90}, {l.P99, 99}, {l.Max, 100}, {l.Mean, 50}} {
		if math.Abs(c.got-c.want)/c.want > 0.02 {
			t.Errorf("got %v ms, want %v ms (%+v)", c.got, c.want, l)
		}
	}
	for v := uint64(0); v < 1<<22; v = v*9/8 + 1 {
		lo, hi := bucketRange(bucketOf(v))
		if v < lo || v > hi || float64(hi-lo) > 0.02*float64(v)+1 {
			t.Fatalf("%d in bucket [%d, %d]", v, lo, hi)
		}
	}
	var empty histogram
	if empty.summary().Count != 0 || (Latency{}).Cell() != "-" {
		t.Error("empty histogram")
	}
}

func TestFields(t *testing.T) {
	state := []byte(`{"you":[0],"type":"state","game":"abc","ply":12,"moves":["a\"ply\":3"],"toMove":-1,"result":"win 1",` +
		`"svg":"<svg a=\"legal\":>","legal":[{"move":"2b1-b3","places":["b1"]},{"move":"pass","places":[]}]}`)
	if typ := msgType(state); typ != "state" {
		t.Errorf("type %q", typ)
	}
	if n, ok := intField(state, "ply"); !ok || n != 12 {
		t.Errorf("ply %d %v", n, ok)
	}
	if n, ok := intField(state, "toMove"); !ok || n != -1 {
		t.Errorf("toMove %d %v", n, ok)
	}
	if s, ok := strField(state, "result"); !ok || s != "win 1" {
		t.Errorf("result %q %v", s, ok)
	}
	legal, err := legalMoves(state)
	if err != nil || len(legal) != 2 || legal[0] != "2b1-b3" || legal[1] != "pass" {
		t.Errorf("legal %v %v", legal, err)
	}
	if typ := msgType([]byte(`{ "type" : "ack" }`)); typ != "ack" {
		t.Errorf("spaced type %q", typ)
	}
	c, err := parseLocation("/games/abcdefghij#me=0-aaa&inv=1-bbb,2-ccc")
	if err != nil || c.id != "abcdefghij" || len(c.tokens) != 3 || c.tokens[2] != "ccc" {
		t.Errorf("location: %+v %v", c, err)
	}
}
