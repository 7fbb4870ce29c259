package server

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/plateau-games/plateau/accounts"
	"github.com/plateau-games/plateau/bot"
	"github.com/plateau-games/plateau/store"
	"github.com/plateau-games/plateau/tournament"
)

// TestTournamentRoundRobinDirected: a round robin of three paired by its
// director round by round (Berger tables, one player resting each round);
// a player who withdraws loses his later games by forfeit; the standings
// are package tournament's.
func TestTournamentRoundRobinDirected(t *testing.T) {
	_, ts, acc := accountServer(t, Config{LoginPerMinute: -1, CreatePerMinute: -1})
	st := acc.(store.Store)
	dora := signedUp(t, ts, "dora")
	names := []string{"ann", "ben", "cat"}
	clients := map[string]*http.Client{}
	for _, n := range names {
		clients[n] = signedUp(t, ts, n)
	}
	id := createTournament(t, ts, dora, newTournamentForm("Season", "roundrobin", 0, false))
	for _, n := range names {
		postTournament(t, ts, clients[n], id, "register", nil)
	}
	if code, _ := postTournament(t, ts, dora, id, "start", nil); code != http.StatusSeeOther {
		t.Fatalf("start: %d", code)
	}
	tr := loadTournament(t, st, id)
	if tr.Rounds != 3 || tr.Paired != 1 {
		t.Fatalf("a round robin of 3: %d rounds, %d paired", tr.Rounds, tr.Paired)
	}
	roster := []tournament.Player{{ID: "ann", Name: "ann"}, {ID: "ben", Name: "ben"}, {ID: "cat", Name: "cat"}}
	berger, err := tournament.BergerRounds(roster, false)
	if err != nil {
		t.Fatal(err)
	}
	tt := tournament.Tournament{Players: roster}
	rng := rand.New(rand.NewPCG(5, 5))
	for round := 1; round <= 3; round++ {
		tr = waitTournament(t, st, id, func(tr *store.Tournament) bool { return tr.Paired == round })
		var rd tournament.Round
		for _, p := range tr.Pairings {
			if p.Round != round {
				continue
			}
			want := berger[round-1].Games[0]
			if p.White != want.White || p.Black != want.Black {
				t.Errorf("round %d: %s–%s, Berger says %s–%s", round, p.White, p.Black, want.White, want.Black)
			}
			res := results(p.Result)
			if p.Game != "" {
				playBoard(t, ts, clients[p.White], clients[p.Black], p.Game, 0, rng)
				res = tournament.WhiteWins
			}
			rd.Games = append(rd.Games, tournament.Game{White: p.White, Black: p.Black, Result: res})
		}
		tt.Rounds = append(tt.Rounds, rd)
		if round == 1 {
			// The one who lost withdraws: his last game is a forfeit.
			loser := rd.Games[0].Black
			if code, _ := postTournament(t, ts, clients[loser], id, "withdraw", nil); code != http.StatusSeeOther {
				t.Fatalf("withdraw: %d", code)
			}
		}
		if round < 3 {
			waitTournament(t, st, id, func(tr *store.Tournament) bool {
				for _, p := range tr.Pairings {
					if p.Round == round && p.Result == "" {
						return false
					}
				}
				return true
			})
			if code, body := postTournament(t, ts, dora, id, "pair", url.Values{"round": {string(rune('1' + round))}}); code != http.StatusSeeOther {
				t.Fatalf("the director pairs round %d: %d %s", round+1, code, body)
			}
		}
	}
	tr = waitTournament(t, st, id, func(tr *store.Tournament) bool { return tr.Status == store.TournamentFinished })
	forfeits := 0
	for _, p := range tr.Pairings {
		if p.Game == "" && p.Black != "" {
			forfeits++
		}
	}
	if forfeits != 1 {
		t.Errorf("%d forfeits, want 1 (the withdrawn player's last game): %+v", forfeits, tr.Pairings)
	}
	_, page := getAs(t, browser(t), ts.URL+"/tournaments/"+id+"?lang=fr")
	got := standingRe.FindAllStringSubmatch(page, -1)
	for i, s := range tt.RoundRobinStandings() {
		if i >= len(got) || got[i][1] != s.Player.ID || got[i][2] != halfPoints(s.Points) {
			t.Errorf("standing %d: %v, package tournament says %s with %v", i+1, got, s.Player.ID, s.Points)
		}
	}
	for _, w := range []string{"Classement", "Grille", "Toutes rondes", "retiré"} {
		if !strings.Contains(page, w) {
			t.Errorf("the French page lacks %q", w)
		}
	}
}

// results reads a stored result as package tournament's.
func results(r string) tournament.Result {
	return map[string]tournament.Result{"1-0": tournament.WhiteWins, "0-1": tournament.BlackWins, "1/2-1/2": tournament.Draw,
		"+/-": tournament.WhiteForfeit, "-/+": tournament.BlackForfeit, "-/-": tournament.DoubleForfeit}[r]
}

// TestTournamentArena: an arena pairs its players at once, again as soon
// as they finish (never with the opponent just met), takes a newcomer
// while it runs, scores a win 2 and a streak double, and ends at its time.
func TestTournamentArena(t *testing.T) {
	clock := &fakeClock{t: time.Now()}
	srv, ts, acc := accountServer(t, Config{LoginPerMinute: -1, CreatePerMinute: -1, Now: clock.now})
	st := acc.(store.Store)
	dora := signedUp(t, ts, "dora")
	names := []string{"ann", "ben", "cat", "dan", "eva"}
	clients := map[string]*http.Client{}
	for _, n := range names {
		clients[n] = signedUp(t, ts, n)
	}
	id := createTournament(t, ts, dora, newTournamentForm("Hour arena", "arena", 0, false))
	for _, n := range names[:4] {
		postTournament(t, ts, clients[n], id, "register", nil)
	}
	postTournament(t, ts, dora, id, "start", nil)
	tr := waitTournament(t, st, id, func(tr *store.Tournament) bool { return tr.Paired == 1 })
	if len(tr.Pairings) != 2 {
		t.Fatalf("the arena's first games: %+v", tr.Pairings)
	}
	first := tr.Pairings
	rng := rand.New(rand.NewPCG(7, 7))
	// A newcomer while it runs: paired with the first two who finish?
	// Not with the opponent just met, so eva waits for a free player.
	if code, _ := postTournament(t, ts, clients["eva"], id, "register", nil); code != http.StatusSeeOther {
		t.Fatalf("eva joins the running arena: %d", code)
	}
	playBoard(t, ts, clients[first[0].White], clients[first[0].Black], first[0].Game, 0, rng)
	tr = waitTournament(t, st, id, func(tr *store.Tournament) bool { return tr.Paired == 2 })
	p := tr.Pairings[2]
	if (p.White != "eva" && p.Black != "eva") || p.White == p.Black {
		t.Errorf("eva is not paired with a free player: %+v", p)
	}
	playBoard(t, ts, clients[first[1].White], clients[first[1].Black], first[1].Game, 0, rng)
	tr = waitTournament(t, st, id, func(tr *store.Tournament) bool { return tr.Paired == 3 })
	for _, q := range tr.Pairings[3:] {
		for _, f := range first {
			if q.White == f.White && q.Black == f.Black || q.White == f.Black && q.Black == f.White {
				t.Errorf("paired again at once with the opponent just met: %+v", q)
			}
		}
	}
	// The arena ends at its time; the sweep sees it.
	clock.add(31 * time.Minute)
	srv.tourney.Sweep()
	tr = loadTournament(t, st, id)
	if tr.Status != store.TournamentFinished {
		t.Fatalf("after its 30 minutes the arena is %s", tr.Status)
	}
	_, page := getAs(t, browser(t), ts.URL+"/tournaments/"+id+"?lang=en")
	got := standingRe.FindAllStringSubmatch(page, -1)
	if len(got) != 5 || got[0][2] != "2" || got[1][2] != "2" || got[2][2] != "0" {
		t.Errorf("arena standings %v: two winners with 2 points first", got)
	}
	if !strings.Contains(page, "a draw 1") {
		t.Errorf("the arena's page does not say its scoring")
	}
}

// TestTournamentTablesOfFour: L'Empire for four in teams, eight players
// at two tables a round, seated by package tournament (SeatTables); one
// table's game aborted by its first player (its ranks come back from the
// game), the other's ranks set by the director; round 2 is paired by the
// server as the last board gets its result.
func TestTournamentTablesOfFour(t *testing.T) {
	_, ts, acc := accountServer(t, Config{LoginPerMinute: -1, CreatePerMinute: -1})
	st := acc.(store.Store)
	dora := signedUp(t, ts, "dora")
	names := []string{"ann", "ben", "cat", "dan", "eva", "fay", "gus", "hal"}
	clients := map[string]*http.Client{}
	for _, n := range names {
		clients[n] = signedUp(t, ts, n)
	}
	f := newTournamentForm("Empire evening", "tables", 2, true)
	f.Set("variant", "empire|players=4 teams=true")
	id := createTournament(t, ts, dora, f)
	for _, n := range names {
		postTournament(t, ts, clients[n], id, "register", nil)
	}
	if code, body := postTournament(t, ts, dora, id, "start", nil); code != http.StatusSeeOther {
		t.Fatalf("start: %d %s", code, body)
	}
	tr := waitTournament(t, st, id, func(tr *store.Tournament) bool { return tr.Paired == 1 })
	if len(tr.Pairings) != 2 || len(tr.Pairings[0].Others) != 2 {
		t.Fatalf("round 1: %+v", tr.Pairings)
	}
	tt := tournament.TableTournament{Size: 4}
	for _, n := range names {
		tt.Players = append(tt.Players, tournament.Player{ID: n, Name: n})
	}
	want, err := tournament.SeatTables(&tt, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range tr.Pairings {
		if fmt.Sprint(p.Seats()) != fmt.Sprint(want.Tables[i].Seats) {
			t.Errorf("table %d: %v, package tournament seats %v", i+1, p.Seats(), want.Tables[i].Seats)
		}
		g, err := st.LoadGame(t.Context(), p.Game)
		if err != nil || len(g.Seats) != 4 || g.GameID != "empire" {
			t.Fatalf("table %d's game: %+v %v", i+1, g, err)
		}
	}
	// Table 1: its first player aborts before moving.
	first := tr.Pairings[0]
	w := dialAs(t, ts, clients[first.White], first.Game)
	w.hello(0)
	w.send(map[string]any{"type": "abort"})
	w.expect("state", func(m msg) bool { s := m.str("result"); return s != "" && s != "*" })
	tr = waitTournament(t, st, id, func(tr *store.Tournament) bool { return tr.Pairings[0].Result != "" })
	if tr.Pairings[0].Corrected {
		t.Errorf("table 1's result is not the game's: %+v", tr.Pairings[0])
	}
	// Table 2: the director's ranks; a player's are refused.
	code, body := postTournament(t, ts, clients[tr.Pairings[1].White], id, "result", url.Values{"round": {"1"}, "board": {"2"}, "result": {"1,2,1,2"}})
	if code != http.StatusForbidden || !strings.Contains(body, "director can do that") {
		t.Errorf("a player's ranks: %d", code)
	}
	code, _ = postTournament(t, ts, dora, id, "result", url.Values{"round": {"1"}, "board": {"2"}, "result": {"1-0"}})
	if code != http.StatusBadRequest {
		t.Errorf("a two-player result at a table: %d", code)
	}
	if code, body := postTournament(t, ts, dora, id, "result", url.Values{"round": {"1"}, "board": {"2"}, "result": {"1,2,1,2"}}); code != http.StatusSeeOther {
		t.Fatalf("the director's ranks: %d %s", code, body)
	}
	tr = waitTournament(t, st, id, func(tr *store.Tournament) bool { return tr.Paired == 2 })
	// Round 2 is package tournament's seating of the same results.
	for _, p := range tr.Pairings[:2] {
		tb := tournament.Table{Seats: p.Seats()}
		for _, r := range strings.Split(p.Result, ",") {
			n := 0
			fmt.Sscan(r, &n)
			tb.Ranks = append(tb.Ranks, n)
		}
		tt.Rounds = append(tt.Rounds, tournament.TableRound{})
		tt.Rounds[0].Tables = append(tt.Rounds[0].Tables, tb)
	}
	tt.Rounds = tt.Rounds[:1]
	want, err = tournament.SeatTables(&tt, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range tr.Pairings[2:] {
		if fmt.Sprint(p.Seats()) != fmt.Sprint(want.Tables[i].Seats) {
			t.Errorf("round 2 table %d: %v, package tournament seats %v", i+1, p.Seats(), want.Tables[i].Seats)
		}
	}
	_, page := getAs(t, clients["ann"], ts.URL+"/tournaments/"+id+"?lang=en")
	got := standingRe.FindAllStringSubmatch(page, -1)
	ws := tt.Standings()
	for i, s := range ws {
		if i >= len(got) || got[i][1] != s.Player.ID || got[i][2] != halfPoints(s.Points) {
			t.Errorf("standing %d: %v, package tournament says %s with %v", i+1, got, s.Player.ID, s.Points)
			break
		}
	}
	if !strings.Contains(page, `id="tnmygame"`) || !strings.Contains(page, "Tables of 3 or 4") {
		t.Errorf("ann's page lacks her round 2 game or the kind: %s", page)
	}
}

// TestTournamentStartsAtItsTime: with automatic pairing, the sweep starts
// a tournament once its start time has come (not before), and pairs its
// first round. It is a correspondence tournament: its games have days
// per move.
func TestTournamentStartsAtItsTime(t *testing.T) {
	clock := &fakeClock{t: time.Now()}
	srv, ts, acc := accountServer(t, Config{LoginPerMinute: -1, CreatePerMinute: -1, Now: clock.now})
	st := acc.(store.Store)
	dora, ann, ben := signedUp(t, ts, "dora"), signedUp(t, ts, "ann"), signedUp(t, ts, "ben")
	f := newTournamentForm("At nine", "swiss", 3, true)
	f.Set("starts", clock.now().UTC().Add(time.Hour).Format("2006-01-02T15:04"))
	f.Set("days", "3")
	id := createTournament(t, ts, dora, f)
	postTournament(t, ts, ann, id, "register", nil)
	postTournament(t, ts, ben, id, "register", nil)
	srv.tourney.Sweep()
	if tr := loadTournament(t, st, id); tr.Status != store.TournamentUpcoming {
		t.Fatalf("started before its time: %s", tr.Status)
	}
	clock.add(61 * time.Minute)
	srv.tourney.Sweep()
	tr := loadTournament(t, st, id)
	if tr.Status != store.TournamentRunning || tr.Paired != 1 || len(tr.Pairings) != 1 {
		t.Fatalf("at its time: %s, %d paired, %+v", tr.Status, tr.Paired, tr.Pairings)
	}
	if g, err := st.LoadGame(t.Context(), tr.Pairings[0].Game); err != nil || g.MoveDays != 3 || g.ClockMillis != 0 {
		t.Errorf("the correspondence game: %+v %v", g, err)
	}
}

// TestTournamentOfBots: a Swiss open to bots, played by four bot
// accounts through package bot (plateau bot): each registers with its
// token, finds its games in the API and plays them; the server pairs
// round 2 and the tournament ends. A tournament not open to bots refuses
// them.
func TestTournamentOfBots(t *testing.T) {
	_, ts, acc := accountServer(t, Config{LoginPerMinute: -1, CreatePerMinute: -1, MessagesPerSecond: 1000, MessageBurst: 1000})
	st := acc.(store.Store)
	dora := signedUp(t, ts, "dora")
	closed := createTournament(t, ts, dora, newTournamentForm("People only", "swiss", 2, true))
	f := newTournamentForm("Bots' evening", "swiss", 2, true)
	f.Set("bots", "1")
	f.Set("rated", "1")
	id := createTournament(t, ts, dora, f)
	if tr := loadTournament(t, st, id); !tr.Bots || tr.Rated {
		t.Fatalf("a tournament open to bots: bots %v, rated %v (want casual)", tr.Bots, tr.Rated)
	}
	tokens := map[string]string{}
	for i, n := range []string{"robo1", "robo2", "robo3", "robo4"} {
		if err := acc.CreateUser(t.Context(), &store.User{Name: n, Bot: true}); err != nil {
			t.Fatal(err)
		}
		token, hash, err := accounts.NewToken()
		if err != nil {
			t.Fatal(err)
		}
		if err := st.(store.BotTokens).CreateBotToken(t.Context(), &store.BotToken{ID: fmt.Sprint("tok", i), User: n, Hash: hash, Label: "test"}); err != nil {
			t.Fatal(err)
		}
		tokens[n] = token
		for _, tid := range []string{closed, id} {
			req, _ := http.NewRequest(http.MethodPost, ts.URL+"/tournaments/"+tid+"/register?lang=en", nil)
			req.Header.Set("Authorization", "Bearer "+token)
			resp, body := doAs(t, noRedirect, req)
			if tid == closed && (resp.StatusCode != http.StatusForbidden || !strings.Contains(body, "Bot accounts do not take part")) {
				t.Errorf("a bot in a tournament not open to bots: %d", resp.StatusCode)
			}
			if tid == id && resp.StatusCode != http.StatusSeeOther {
				t.Fatalf("%s registers: %d %s", n, resp.StatusCode, body)
			}
		}
	}
	if code, _ := postTournament(t, ts, dora, id, "start", nil); code != http.StatusSeeOther {
		t.Fatalf("start: %d", code)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	done := make(chan error, len(tokens))
	for _, token := range tokens {
		go func() {
			done <- bot.Run(ctx, bot.Config{Server: ts.URL, Token: token, Agent: "random", Games: []string{"pogo"},
				Poll: 100 * time.Millisecond, StopAfter: 2})
		}()
	}
	for range tokens {
		if err := <-done; err != nil {
			t.Fatalf("a bot: %v", err)
		}
	}
	tr := waitTournament(t, st, id, func(tr *store.Tournament) bool { return tr.Status == store.TournamentFinished })
	if tr.Paired != 2 || len(tr.Pairings) != 4 {
		t.Fatalf("the bots' tournament: %+v", tr.Pairings)
	}
	for _, p := range tr.Pairings {
		if p.Result == "" || p.Corrected {
			t.Errorf("board %+v: no result from its game", p)
		}
	}
}
