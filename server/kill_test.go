package server

import (
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/plateau-games/plateau/store"
)

// plateauProgram is the plateau program built from this tree:
// $PLATEAU_TEST_BINARY, which scripts/test builds once for every package
// that runs it, or a fresh go build.
func plateauProgram(t *testing.T) string {
	t.Helper()
	if bin := os.Getenv("PLATEAU_TEST_BINARY"); bin != "" {
		return bin
	}
	bin := filepath.Join(t.TempDir(), "plateau")
	build := exec.Command("go", "build", "-o", bin, "github.com/plateau-games/plateau/cmd/plateau")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// startServeProcess runs `plateau serve` on the database url, returning
// its base URL and the process.
func startServeProcess(t *testing.T, dbURL string, args ...string) (string, *exec.Cmd) {
	t.Helper()
	bin := plateauProgram(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := exec.Command(bin, append([]string{"serve", "--addr", addr, "--db", dbURL, "--log", "warn"}, args...)...)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	base := "http://" + addr
	for deadline := time.Now().Add(30 * time.Second); ; {
		if resp, err := http.Get(base + "/healthz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return base, cmd
			}
		}
		if time.Now().After(deadline) {
			t.Fatal("plateau serve did not answer /healthz within 30 s")
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// Three servers on one PostgreSQL, one of them a real process: a game
// against the computer, with a clock, played from the first server and
// watched from the others. The process is killed (SIGKILL) in the middle:
// the game goes on from the other servers, every acknowledged move is
// kept, and the computer never plays twice for one turn.
func TestKilledServerGameGoesOn(t *testing.T) {
	if testing.Short() {
		t.Skip("builds plateau and runs it")
	}
	stores, dbURL := pgStoresURL(t, 2)
	base, proc := startServeProcess(t, dbURL, "--lease-ttl", "2s", "--create-per-minute", "-1")
	var servers [2]*httptest.Server
	for i := range servers {
		_, servers[i] = runServer(t, Config{Store: stores[i], NewAgent: cheapAgents, LeaseTTL: 2 * time.Second})
	}
	procTS := &httptest.Server{URL: base}
	f := form("pogo", "me", "computer")
	f.Set("clock", "10")
	g := createGame(t, procTS, f)

	player := dial(t, procTS, g.id)
	watchers := []*wsClient{dial(t, servers[0], g.id), dial(t, servers[1], g.id)}
	state := player.hello(0, g.mine[0])
	for _, w := range watchers {
		w.hello(0)
	}
	var acked []string
	// Play until the game is over, moving to another server when the
	// process is killed after the first acknowledged move: POGO can end
	// at ply 3, so after the player's second move the computer's reply
	// may already have won.
	killed := false
	for turn := 0; state.str("result") == "*" && len(acked) < 8 && turn < 100; turn++ {
		if !killed && len(acked) == 1 {
			if err := proc.Process.Signal(syscall.SIGKILL); err != nil {
				t.Fatal(err)
			}
			killed = true
			player = dial(t, servers[0], g.id)
			state = player.hello(0, g.mine[0])
		}
		if you := you(state); len(you) == 1 && you[0] == state.num("toMove") {
			legal := state["legal"].([]any)
			mv := legal[0].(map[string]any)["move"].(string)
			player.move(state.num("ply"), mv)
			var ack msg
			for ack == nil {
				m, err := player.read(time.Minute)
				if err != nil {
					t.Fatalf("waiting for ack: %v", err)
				}
				if tp := m.str("type"); tp == "ack" || tp == "error" || tp == "reject" {
					ack = m
				}
			}
			if ack.str("type") != "ack" {
				// Refused: this server's position was behind the store
				// (a move of the killed process not yet heard of). Not
				// acknowledged, so nothing to keep: greet again for the
				// fresh state and play from it.
				t.Logf("a move refused after the kill: %v", ack)
				state = player.hello(0, g.mine[0])
				continue
			}
			acked = append(acked, fmt.Sprint(ack.num("ply"), " ", ack.str("move")))
		}
		want := state.num("ply") + 1
		state = player.expect("state", func(m msg) bool { return m.num("ply") >= want || m.str("result") != "*" })
	}
	if !killed {
		t.Fatalf("the game ended before the server was killed: result %s (%s) at ply %d, %d moves acknowledged", state.str("result"), state.str("reason"), state.num("ply"), len(acked))
	}
	if state.str("result") == "*" {
		player.send(map[string]any{"type": "resign"})
	}
	var stored *store.Game
	for deadline := time.Now().Add(10 * time.Second); ; {
		var err error
		if stored, err = stores[0].LoadGame(t.Context(), g.id); err != nil {
			t.Fatal(err)
		}
		if stored.Result != store.Ongoing || time.Now().After(deadline) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if stored.Result == store.Ongoing {
		t.Fatalf("the game did not end: %d moves", len(stored.Moves))
	}
	// Every acknowledged move is stored, at its ply; seats alternate, so
	// no turn got two moves.
	byPly := map[int]string{}
	for i, m := range stored.Moves {
		byPly[m.Ply] = m.Notation
		if i > 0 && stored.Moves[i-1].Seat == m.Seat {
			t.Errorf("seat %d moved twice in a row, at plies %d and %d", m.Seat, i-1, i)
		}
	}
	for _, a := range acked {
		var ply int
		var mv string
		fmt.Sscan(a, &ply, &mv)
		if byPly[ply] != mv {
			t.Errorf("acknowledged move %s is stored as %q", a, byPly[ply])
		}
	}
	// The spectator on the third server saw the end too.
	end := watchers[1].expect("state", func(m msg) bool { return m.str("result") != "*" })
	if end.num("ply") != len(stored.Moves) {
		t.Errorf("the spectator saw the end at ply %d, the store has %d moves", end.num("ply"), len(stored.Moves))
	}
	t.Logf("%d moves, %d acknowledged to the player (the process killed after 1); result %s, %s", len(stored.Moves), len(acked), stored.Result, stored.Reason)
}
