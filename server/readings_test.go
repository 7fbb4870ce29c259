package server

import (
	"context"
	"net/url"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/store"
)

// A game with another reading of the rules is never rated: the lobby
// refuses a rated challenge of one (and says why, in both languages), the
// server refuses to create a rated one, and rateGame skips one stored as
// rated; its page's title and the lobby name the readings in words.
func TestReadingsNeverRated(t *testing.T) {
	srv, ts, st := accountServer(t, Config{LoginPerMinute: -1, CreatePerMinute: -1})
	alice := signedUp(t, ts, "alice")
	resp, _ := postAs(t, alice, ts.URL+"/challenges", url.Values{"variant": {"empire|throne=near"}, "rated": {"1"}})
	if got := resp.Header.Get("Location"); got != "/lobby?error=readings" {
		t.Errorf("rated challenge with another reading: %s", got)
	}
	_, page := getAs(t, alice, ts.URL+"/lobby?error=readings&lang=fr")
	if !strings.Contains(page, "n&#39;est jamais classée") && !strings.Contains(page, "n'est jamais classée") {
		t.Errorf("the French lobby does not explain the refusal")
	}
	if !strings.Contains(page, "L&#39;Empire — 2 joueurs, trône proche") && !strings.Contains(page, "L'Empire — 2 joueurs, trône proche") {
		t.Errorf("the lobby does not name the reading in words")
	}
	resp, _ = postAs(t, alice, ts.URL+"/challenges", url.Values{"variant": {"empire|throne=near"}})
	if got := resp.Header.Get("Location"); strings.Contains(got, "error") {
		t.Errorf("unrated challenge with another reading: %s", got)
	}
	resp, _ = postAs(t, alice, ts.URL+"/challenges", url.Values{"variant": {"empire|throne=far"}, "rated": {"1"}})
	if got := resp.Header.Get("Location"); strings.Contains(got, "error") {
		t.Errorf("rated challenge with the default reading named: %s", got)
	}

	ctx := context.Background()
	if _, err := srv.games.Create(ctx, games.GameSpec{Game: "blocus", Options: game.Options{"exit": "optional"}, Rated: true}); err == nil || !strings.Contains(err.Error(), "never rated") || !strings.Contains(err.Error(), "optional exit") {
		t.Errorf("rated game with another reading: %v", err)
	}
	v, err := game.NewVariant("blocus", game.Options{"exit": "optional"})
	if err != nil {
		t.Fatal(err)
	}
	g := &store.Game{ID: "g1", GameID: "blocus", Options: v.Options.String(), Rated: true, Result: "win 1",
		Seats: []store.Seat{{Kind: "human", User: "alice"}, {Kind: "human", User: "bob"}}}
	if changes, err := srv.club.RateGame(ctx, g, v); changes != nil || err != nil {
		t.Errorf("a stored rated game with another reading was rated: %v, %v", changes, err)
	}
	if list, err := st.(store.Ratings).UserRatings(ctx, "alice"); err != nil || len(list) != 0 {
		t.Errorf("alice's ratings: %v, %v", list, err)
	}

	// The game page's title names the readings.
	f := form("empire", "me", "computer")
	f.Set("variant", "throne=near")
	c := createGame(t, ts, f)
	_, page = getAs(t, browser(t), ts.URL+"/games/"+c.id+"?lang=fr")
	if !strings.Contains(page, "<title>L&#39;Empire, trône proche") && !strings.Contains(page, "<title>L'Empire, trône proche") {
		i := strings.Index(page, "<title>")
		t.Errorf("title: %q", page[i:min(len(page), i+80)])
	}
}
