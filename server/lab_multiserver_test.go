package server

import (
	"context"
	"net/http/httptest"
	"os"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/plateau-games/plateau/store"
)

// labRescue is the lab's RescueAfter in the tests of several servers: a
// game held by a killed server goes to another this soon (River's rescuer
// looks every 30 seconds, on the queue's leader).
const labRescue = 3 * time.Second

// Three servers on one PostgreSQL share a lab run; one of them, a real
// process, is killed (SIGKILL) while it plays games of the run. The
// queue gives its games to the others: every game is counted exactly
// once, the run finishes, and its figures equal plateau lab's for the
// same seed on one machine.
func TestLabThreeServersOneKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("builds plateau and runs it")
	}
	// 30 games a reading at the easy level; PLATEAU_TEST_LAB_GAMES and
	// PLATEAU_TEST_LAB_LEVEL run it larger (200 a reading is the issue's
	// measure).
	games, level := 30, "easy"
	if n, err := strconv.Atoi(os.Getenv("PLATEAU_TEST_LAB_GAMES")); err == nil && n > 0 {
		games = n
	}
	if l := os.Getenv("PLATEAU_TEST_LAB_LEVEL"); l != "" {
		level = l
	}
	maxGames := strconv.Itoa(2 * games)
	stores, dbURL := pgStoresURL(t, 2)
	procBase, proc := startServeProcess(t, dbURL, "--lab-rescue-after", labRescue.String(), "--create-per-minute", "-1",
		"--lab-max-games", maxGames)
	var servers [2]*Server
	var https [2]*httptest.Server
	for i := range servers {
		servers[i], https[i] = runServer(t, Config{Store: stores[i], NewAgent: cheapAgents, LabRescueAfter: labRescue, LabMaxGames: 2 * games})
	}
	pool, err := stores[0].(interface {
		QueuePool() (*pgxpool.Pool, error)
	}).QueuePool()
	if err != nil {
		t.Fatal(err)
	}
	ours := []string{"plateau-" + servers[0].live.Holder(), "plateau-" + servers[1].live.Holder()}
	// The run is started through the process: it stores the run and
	// queues its games; all three play them.
	c := labPlayer(t, https[0], "ada")
	if resp, _ := postAs(t, c, procBase+"/login", signupForm("ada", "correct horse battery")); resp.StatusCode >= 400 {
		t.Fatalf("login on the process: %d", resp.StatusCode)
	}
	id := startRun(t, c, procBase, labForm(strconv.Itoa(games), level, "2024"))
	// Wait until the process holds a game (running, last attempted by a
	// client that is not one of ours) and some games are in, then kill it.
	// The process is stopped (SIGSTOP) before its games are counted, so
	// that it cannot finish them between the count and the kill; when it
	// holds none once stopped, it goes on and the wait with it.
	ctx := context.Background()
	deadline := time.Now().Add(3 * time.Minute)
	heldByProcess := func() int {
		var n int
		if err := pool.QueryRow(ctx, `SELECT COUNT(*) FROM river_job WHERE kind = 'lab_game' AND state = 'running'
			AND NOT (attempted_by[array_length(attempted_by, 1)] = ANY($1))`, ours).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	for {
		p := progressOf(t, https[0].URL, id)
		if heldByProcess() > 0 && p.Done[0]+p.Done[1] >= 4 {
			if err := proc.Process.Signal(syscall.SIGSTOP); err != nil {
				t.Fatal(err)
			}
			if heldByProcess() > 0 {
				break
			}
			proc.Process.Signal(syscall.SIGCONT)
		}
		if p.State != store.LabRunning || time.Now().After(deadline) {
			t.Fatalf("the process never held a game while the run went on: %+v", p)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err := proc.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	proc.Wait()
	// Its connections are closed: what it still holds now is orphaned
	// for good (a commit it had sent before the stop may have landed).
	orphaned := heldByProcess()
	// Of those, the games whose results it had not stored yet are lost
	// unless the queue gives them to another server (a result is stored
	// before its job is marked done).
	var lost int
	if err := pool.QueryRow(ctx, `SELECT COUNT(*) FROM river_job j WHERE j.kind = 'lab_game' AND j.state = 'running'
		AND NOT (j.attempted_by[array_length(j.attempted_by, 1)] = ANY($1))
		AND NOT EXISTS (SELECT 1 FROM lab_results r WHERE r.run = j.args->>'run'
			AND r.reading = (j.args->>'reading')::int AND r.game = (j.args->>'game')::int)`, ours).Scan(&lost); err != nil {
		t.Fatal(err)
	}
	t.Logf("killed the process holding %d game(s), %d of them not stored", orphaned, lost)
	p := waitRun(t, https[1].URL, id, 4*time.Minute+time.Duration(games)*time.Second)
	if p.State != store.LabDone {
		t.Fatalf("run ended %+v", p)
	}
	// Every game once, and the figures of one machine.
	checkReport(t, stores[1].(store.Labs), id)
	// The games the process held were played again by the others.
	var rescued int
	if err := pool.QueryRow(ctx, `SELECT COUNT(*) FROM river_job WHERE kind = 'lab_game' AND attempt > 1`).Scan(&rescued); err != nil {
		t.Fatal(err)
	}
	if rescued < lost {
		t.Errorf("%d game(s) played again after the kill, of the %d the process held unstored", rescued, lost)
	}
	// Every server shows the same finished run.
	for _, ts := range https {
		if p := progressOf(t, ts.URL, id); p.State != store.LabDone || p.Done[0] != games || p.Done[1] != games {
			t.Errorf("%s shows %+v", ts.URL, p)
		}
	}
}
