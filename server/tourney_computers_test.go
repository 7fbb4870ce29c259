package server

import (
	"context"
	"html"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/plateau-games/plateau/accounts"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/store"
)

// TestTournamentComputerPlayers: computer players take part where the
// director allows them (the setting ticked when creating the tournament,
// which makes it casual). The director adds three at the easy level; a
// person plays against one (he moves and resigns); the two others play
// each other with nobody watching, the server playing both seats to the
// end. Refused, each with its words and nothing changed: a computer in a
// tournament that does not allow them (its director's own request too),
// a computer added by a player who does not direct it, a level that is
// none, a bot account where bots are not allowed.
func TestTournamentComputerPlayers(t *testing.T) {
	_, ts, acc := accountServer(t, Config{LoginPerMinute: -1, CreatePerMinute: -1, AgentTimeout: 200 * time.Millisecond})
	st := acc.(store.Store)
	dora, bob := signedUp(t, ts, "dora"), signedUp(t, ts, "bob")
	// A tournament without computers.
	people := createTournament(t, ts, dora, newTournamentForm("People only", "swiss", 1, true))
	for lang, words := range map[string]string{"en": "does not allow computer players", "fr": "n'admet pas d'ordinateurs"} {
		resp, body := postAs(t, dora, ts.URL+"/tournaments/"+people+"/computer?lang="+lang, url.Values{"level": {"easy"}})
		if resp.StatusCode != http.StatusForbidden || !strings.Contains(html.UnescapeString(body), words) {
			t.Errorf("a computer where none is allowed (%s): %d %s", lang, resp.StatusCode, body)
		}
	}
	// Nor may a player there: he does not direct it either.
	if code, _ := postTournament(t, ts, bob, people, "computer", url.Values{"level": {"easy"}}); code != http.StatusForbidden {
		t.Errorf("a player adds a computer where none is allowed: %d", code)
	}
	if tr := loadTournament(t, st, people); len(tr.Entrants) != 0 || tr.Computers {
		t.Fatalf("the refused computer entered: %+v", tr.Entrants)
	}
	// One that allows them: casual, even when asked rated.
	f := newTournamentForm("Against the machine", "swiss", 1, true)
	f.Set("computers", "1")
	f.Set("rated", "1")
	id := createTournament(t, ts, dora, f)
	if tr := loadTournament(t, st, id); !tr.Computers || tr.Rated || tr.Bots {
		t.Fatalf("a tournament with computers: computers %v, rated %v, bots %v (want casual, no bots)", tr.Computers, tr.Rated, tr.Bots)
	}
	// The attack: a player who does not direct it adds a computer.
	if code, body := postTournament(t, ts, bob, id, "computer", url.Values{"level": {"easy"}}); code != http.StatusForbidden || !strings.Contains(body, "director can do that") {
		t.Errorf("a computer added by a player: %d %s", code, body)
	}
	if code, body := postTournament(t, ts, dora, id, "computer", url.Values{"level": {"grandmaster"}}); code != http.StatusBadRequest || !strings.Contains(body, "easy, medium or hard") {
		t.Errorf("a level that is none: %d %s", code, body)
	}
	// A person takes a computer out only through the director, and a
	// person is not taken out so.
	if code, _ := postTournament(t, ts, dora, id, "computer", url.Values{"remove": {"bob"}}); code != http.StatusForbidden {
		t.Errorf("the director takes a person out: %d", code)
	}
	if tr := loadTournament(t, st, id); len(tr.Entrants) != 0 {
		t.Fatalf("refused requests entered %+v", tr.Entrants)
	}
	// A bot account: refused here, as bots are not allowed.
	if err := acc.CreateUser(t.Context(), &store.User{Name: "robo", Bot: true}); err != nil {
		t.Fatal(err)
	}
	token, hash, err := accounts.NewToken()
	if err != nil {
		t.Fatal(err)
	}
	if err := st.(store.BotTokens).CreateBotToken(t.Context(), &store.BotToken{ID: "tokrobo", User: "robo", Hash: hash, Label: "test"}); err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequest(http.MethodPost, ts.URL+"/tournaments/"+id+"/register?lang=fr", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	if resp, body := doAs(t, noRedirect, req); resp.StatusCode != http.StatusForbidden || !strings.Contains(body, "Les comptes de robots ne participent pas") {
		t.Errorf("a bot where bots are not allowed: %d %s", resp.StatusCode, body)
	}
	// The director adds three computers; bob registers.
	for range 3 {
		if code, body := postTournament(t, ts, dora, id, "computer", url.Values{"level": {"easy"}}); code != http.StatusSeeOther {
			t.Fatalf("the director adds a computer: %d %s", code, body)
		}
	}
	if code, body := postTournament(t, ts, bob, id, "register", nil); code != http.StatusSeeOther {
		t.Fatalf("bob registers: %d %s", code, body)
	}
	_, page := getAs(t, dora, ts.URL+"/tournaments/"+id+"?lang=fr")
	for _, want := range []string{"Ordinateur 1 (facile)", "Ordinateur 3 (facile)", `id="tnaddcomputer"`, "ordinateurs admis"} {
		if !strings.Contains(page, want) {
			t.Errorf("the director's page lacks %q", want)
		}
	}
	if _, page := getAs(t, bob, ts.URL+"/tournaments/"+id+"?lang=en"); strings.Contains(page, `id="tnaddcomputer"`) || !strings.Contains(page, "Computer 2 (easy)") {
		t.Errorf("a player's page: the form to add computers, or no computer named")
	}
	if code, _ := postTournament(t, ts, dora, id, "start", nil); code != http.StatusSeeOther {
		t.Fatalf("start: %d", code)
	}
	tr := waitTournament(t, st, id, func(tr *store.Tournament) bool { return tr.Paired == 1 })
	rng := rand.New(rand.NewPCG(28, 3))
	for _, p := range tr.Pairings {
		g, err := st.LoadGame(t.Context(), p.Game)
		if err != nil {
			t.Fatal(err)
		}
		for i, name := range p.Seats() {
			if computer := store.IsComputerEntrant(name); computer != (g.Seats[i].Kind == "computer") || computer && g.Seats[i].Agent != "easy" {
				t.Errorf("board %d seat %d (%s): %+v", p.Board, i, name, g.Seats[i])
			}
		}
		seat := -1
		for i, name := range p.Seats() {
			if name == "bob" {
				seat = i
			}
		}
		if seat < 0 {
			continue // the computers' game: the server plays it
		}
		// Bob plays one move against the computer and resigns.
		c := dialAs(t, ts, bob, p.Game)
		s := c.hello(0)
		for s.num("toMove") != seat {
			s = c.expect("state", nil)
		}
		c.move(s.num("ply"), randomLegal(t, s, rng))
		c.expect("state", func(m msg) bool { return m.num("ply") > s.num("ply") })
		c.send(map[string]any{"type": "resign"})
		c.expect("state", func(m msg) bool { r := m.str("result"); return r != "" && r != "*" })
	}
	tr = waitTournament(t, st, id, func(tr *store.Tournament) bool { return tr.Status == store.TournamentFinished })
	for _, p := range tr.Pairings {
		if p.Result == "" || p.Corrected || p.Result == "-/-" {
			t.Errorf("board %+v: no result played", p)
		}
		g, _ := st.LoadGame(t.Context(), p.Game)
		t.Logf("board %d: %v, %s after %d plies", p.Board, p.Seats(), p.Result, len(g.Moves))
		if strings.HasPrefix(p.White, store.ComputerPrefix) && strings.HasPrefix(p.Black, store.ComputerPrefix) && len(g.Moves) < 2 {
			t.Errorf("the computers' game was not played: %d moves", len(g.Moves))
		}
	}
	if _, page := getAs(t, dora, ts.URL+"/tournaments/"+id+"?lang=fr"); strings.Contains(page, `id="tnaddcomputer"`) {
		t.Error("computers can still be added to a finished Swiss")
	}
}

// stalledAgent never chooses: it waits for its search to be cancelled
// (the server stopping).
type stalledAgent struct{}

func (stalledAgent) Choose(ctx context.Context, _ *game.Match) (game.Move, error) {
	<-ctx.Done()
	return 0, ctx.Err()
}

// TestComputersGameTakenOverAcrossServers: two servers on one
// PostgreSQL; a tournament of two computer players, started on the
// first, whose computers never move (a stalled agent, its search as long
// as the operator allows: the game is by correspondence, with no clock to
// shorten it). The second server's sweep keeps the game too but does not
// play it while the first holds its lease: no move. The first stops; the
// second's kept room takes the lapsed lease and plays the game to its
// end, and the tournament ends with the game's result.
func TestComputersGameTakenOverAcrossServers(t *testing.T) {
	stores := pgStores(t, 2)
	stalled := func(string, *game.Variant, uint64) (Agent, error) { return stalledAgent{}, nil }
	srvA, tsA := runServer(t, Config{Store: stores[0], NewAgent: stalled, AgentTimeout: 10 * time.Minute,
		LeaseTTL: 2 * time.Second, LoginPerMinute: -1, CreatePerMinute: -1})
	srvB, _ := runServer(t, Config{Store: stores[1], NewAgent: cheapAgents, LeaseTTL: 2 * time.Second, LoginPerMinute: -1, CreatePerMinute: -1})
	st := stores[0]
	dora := signedUp(t, tsA, "dora")
	f := newTournamentForm("Machines", "swiss", 1, true)
	f.Set("computers", "1")
	f.Set("clock", "0")
	f.Set("increment", "0")
	f.Set("days", "1")
	id := createTournament(t, tsA, dora, f)
	for range 2 {
		if code, body := postTournament(t, tsA, dora, id, "computer", url.Values{"level": {"easy"}}); code != http.StatusSeeOther {
			t.Fatalf("add a computer: %d %s", code, body)
		}
	}
	if code, _ := postTournament(t, tsA, dora, id, "start", nil); code != http.StatusSeeOther {
		t.Fatalf("start: %d", code)
	}
	tr := waitTournament(t, st, id, func(tr *store.Tournament) bool { return tr.Paired == 1 })
	game := tr.Pairings[0].Game
	// The first server holds the game: its lease taken as it kept the
	// room at the pairing, its search stalled.
	srvB.tourney.Sweep()
	if g, err := st.LoadGame(t.Context(), game); err != nil || len(g.Moves) != 0 || g.Result != store.Ongoing {
		t.Fatalf("the stalled game moved or ended: %v %v", g, err)
	}
	srvA.Close()
	tsA.Close()
	srvB.tourney.Sweep()
	tr = waitTournament(t, st, id, func(tr *store.Tournament) bool { return tr.Status == store.TournamentFinished })
	g, err := st.LoadGame(t.Context(), game)
	if err != nil || g.Result == store.Ongoing || len(g.Moves) < 2 || tr.Pairings[0].Result == "" || tr.Pairings[0].Corrected {
		t.Fatalf("the game of computers after the takeover: %+v %v; board %+v", g, err, tr.Pairings[0])
	}
	t.Logf("played by the second server: %s after %d plies", g.Result, len(g.Moves))
}
