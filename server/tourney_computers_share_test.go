package server

import (
	"net/http"
	"net/url"
	"sync"
	"testing"

	"github.com/plateau-games/plateau/server/internal/live"
	"github.com/plateau-games/plateau/server/internal/pool"
	"github.com/plateau-games/plateau/store"
)

// A game of computers alone (a tournament's board between two of them) is
// nobody's opponent: every search it makes takes the background's share
// under one owner for all such games, never a slot of the people's
// computer opponents, however many a director starts.
func TestComputersGamesSearchInTheBackground(t *testing.T) {
	s, ts, acc := accountServer(t, Config{LoginPerMinute: -1, CreatePerMinute: -1, NewAgent: cheapAgents})
	st := acc.(store.Store)
	var mu sync.Mutex
	grants := map[string]int{}
	s.searches.SetGranted(func(kind pool.Kind, owner string) {
		mu.Lock()
		grants[kind.String()+"/"+owner]++
		mu.Unlock()
	})
	dora := signedUp(t, ts, "dora")
	f := newTournamentForm("Machines", "swiss", 1, true)
	f.Set("computers", "1")
	f.Set("clock", "0")
	f.Set("increment", "0")
	f.Set("days", "1")
	id := createTournament(t, ts, dora, f)
	for range 4 {
		if code, body := postTournament(t, ts, dora, id, "computer", url.Values{"level": {"easy"}}); code != http.StatusSeeOther {
			t.Fatalf("add a computer: %d %s", code, body)
		}
	}
	if code, _ := postTournament(t, ts, dora, id, "start", nil); code != http.StatusSeeOther {
		t.Fatalf("start: %d", code)
	}
	tr := waitTournament(t, st, id, func(tr *store.Tournament) bool { return tr.Status == store.TournamentFinished })
	mu.Lock()
	defer mu.Unlock()
	moves := 0
	for _, p := range tr.Pairings {
		g, err := st.LoadGame(t.Context(), p.Game)
		if err != nil {
			t.Fatal(err)
		}
		moves += len(g.Moves)
	}
	background := grants[pool.Background.String()+"/"+live.ComputersOwner]
	if background < moves || len(grants) != 1 {
		t.Errorf("searches granted %v for %d moves of computers alone, want every one in the background as %q", grants, moves, live.ComputersOwner)
	}
	t.Logf("%d games of computers, %d moves, searches granted %v", len(tr.Pairings), moves, grants)
}
