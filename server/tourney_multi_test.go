package server

import (
	"bufio"
	"context"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/plateau-games/plateau/store"
)

// tournamentStream follows a tournament page's event stream.
func tournamentStream(t *testing.T, ts *httptest.Server, id string) <-chan string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, ts.URL+"/tournaments/"+id+"/events", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		t.Fatalf("tournament events: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	lines := make(chan string, 64)
	go func() {
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			default: // a slow reader misses lines, never blocks the stream
			}
		}
		close(lines)
	}()
	return lines
}

// TestThreeServersPairRoundOnce: three servers on one PostgreSQL run a
// Swiss paired automatically. Players play on different servers; one
// server is stopped during the round; when the last game ends, the two
// others race to pair the next round (the end-of-game hook on one, both
// sweeps again and again): it is paired exactly once, with one game per
// board, and the page on the other server is told at once.
func TestThreeServersPairRoundOnce(t *testing.T) {
	stores := pgStores(t, 3)
	var srvs []*Server
	var tss []*httptest.Server
	for _, st := range stores {
		s, ts := runServer(t, Config{Store: st, NewAgent: cheapAgents, LoginPerMinute: -1, CreatePerMinute: -1})
		srvs, tss = append(srvs, s), append(tss, ts)
	}
	st := stores[0]
	dora := signedUp(t, tss[0], "dora")
	names := []string{"ann", "ben", "cat", "dan", "eva", "fay"}
	clients := map[string]*http.Client{}
	for i, n := range names {
		clients[n] = signedUp(t, tss[i%3], n)
	}
	id := createTournament(t, tss[0], dora, newTournamentForm("Three servers", "swiss", 3, true))
	for i, n := range names {
		if code, body := postTournament(t, tss[i%3], clients[n], id, "register", nil); code != http.StatusSeeOther {
			t.Fatalf("%s registers: %d %s", n, code, body)
		}
	}
	lines := tournamentStream(t, tss[1], id)
	if code, _ := postTournament(t, tss[2], dora, id, "start", nil); code != http.StatusSeeOther {
		t.Fatalf("start: %d", code)
	}
	// Told on server 2 of the start made on server 3 (the store's
	// notification; a generous bound on a busy machine).
	waitChanged(t, lines, 30*time.Second)
	tr := waitTournament(t, st, id, func(tr *store.Tournament) bool { return tr.Paired == 1 })
	boards := tr.Pairings
	if len(boards) != 3 {
		t.Fatalf("round 1: %+v", boards)
	}
	rng := rand.New(rand.NewPCG(3, 1))
	playBoard(t, tss[0], clients[boards[0].White], clients[boards[0].Black], boards[0].Game, 0, rng)
	playBoard(t, tss[1], clients[boards[1].White], clients[boards[1].Black], boards[1].Game, 2, rng)
	// Server 3 stops.
	srvs[2].Close()
	tss[2].Close()
	// The last game ends on server 1 while both servers sweep.
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for _, s := range srvs[:2] {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				s.tourney.Sweep()
			}
		}()
	}
	playBoard(t, tss[0], clients[boards[2].White], clients[boards[2].Black], boards[2].Game, 1, rng)
	tr = waitTournament(t, st, id, func(tr *store.Tournament) bool { return tr.Paired >= 2 })
	// Let the sweeps race a while longer over the paired round.
	for range 3 {
		srvs[0].tourney.Sweep()
		srvs[1].tourney.Sweep()
	}
	close(stop)
	wg.Wait()
	tr = loadTournament(t, st, id)
	if tr.Paired != 2 {
		t.Fatalf("%d rounds paired, want 2", tr.Paired)
	}
	var round2 []store.Pairing
	for _, p := range tr.Pairings {
		if p.Round == 2 {
			round2 = append(round2, p)
		}
	}
	if len(round2) != 3 {
		t.Fatalf("round 2: %+v", round2)
	}
	list, err := st.ListGames(t.Context(), store.Filter{GameID: "pogo", Limit: 100})
	if err != nil || len(list) != 6 {
		t.Fatalf("%d games made, want 6 (3 boards twice): %v", len(list), err)
	}
	waitChanged(t, lines, 30*time.Second)
	if _, page := getAs(t, clients[round2[0].White], tss[1].URL+"/tournaments/"+id+"/part?lang=en"); !strings.Contains(page, "/games/"+round2[0].Game) {
		t.Errorf("server 2's page lacks round 2's game")
	}
}
