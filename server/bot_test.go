package server

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/plateau-games/plateau/accounts"
	"github.com/plateau-games/plateau/bot"
	"github.com/plateau-games/plateau/store"
)

// newBotAccount makes a bot account with a token and returns the token.
func newBotAccount(t *testing.T, st store.Accounts, name string) (token, id string) {
	t.Helper()
	if err := st.CreateUser(t.Context(), &store.User{Name: name, Bot: true}); err != nil {
		t.Fatal(err)
	}
	token, hash, err := accounts.NewToken()
	if err != nil {
		t.Fatal(err)
	}
	if err := st.(store.BotTokens).CreateBotToken(t.Context(), &store.BotToken{ID: "tok1", User: name, Hash: hash, Label: "test"}); err != nil {
		t.Fatal(err)
	}
	return token, "tok1"
}

// A bot connected through package bot (what plateau bot runs) accepts a
// player's challenge and plays the game to its end.
func TestBotAcceptsAndPlays(t *testing.T) {
	// Both sides move at once: more messages a second than people send.
	_, ts, st := accountServer(t, Config{LoginPerMinute: -1, CreatePerMinute: -1, MessagesPerSecond: 1000, MessageBurst: 1000})
	token, _ := newBotAccount(t, st, "robo")
	alice := signedUp(t, ts, "alice")
	// A rated challenge for a game the bot does not take, then the one it takes.
	postAs(t, alice, ts.URL+"/challenges", url.Values{"variant": {"polygone|"}, "colour": {"0"}, "rated": {"1"}})
	postAs(t, alice, ts.URL+"/challenges", url.Values{"variant": {"pogo|"}, "colour": {"0"}, "rated": {"1"}})

	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	done := make(chan error, 1)
	go func() {
		done <- bot.Run(ctx, bot.Config{Server: ts.URL, Token: token, Agent: "random", Games: []string{"pogo"},
			Poll: 100 * time.Millisecond, StopAfter: 1})
	}()
	// Alice waits for the game, then plays random legal moves.
	var gameID string
	for gameID == "" {
		select {
		case err := <-done:
			t.Fatalf("the bot stopped before playing: %v", err)
		case <-time.After(50 * time.Millisecond):
		}
		list, _ := st.(store.Store).ListGames(t.Context(), store.Filter{User: "robo"})
		if len(list) == 1 {
			gameID = list[0].ID
		}
	}
	g, robo := playAgainstBot(t, ts, alice, gameID, st.(store.Store), done, ctx)
	// A bot's games are casual unless the operator rates them (RateBots).
	if g.Result == "*" || robo == 0 || g.Rated || !g.Casual || g.GameID != "pogo" {
		t.Fatalf("the bot's game: %s, %q, the bot played %d moves", g.GameID, g.Result, robo)
	}
	open, _ := st.(store.Lobby).OpenChallenges(t.Context(), "", time.Now(), 0)
	if len(open) != 1 || open[0].GameID != "polygone" {
		t.Errorf("the bot took a game it was not set for: %+v", open)
	}
}

// A revoked token opens nothing: the API answers 401, the bot refuses to
// start, and the WebSocket holds no seat.
func TestBotRevokedToken(t *testing.T) {
	_, ts, st := accountServer(t, Config{LoginPerMinute: -1})
	token, id := newBotAccount(t, st, "robo")
	req, _ := http.NewRequest(http.MethodGet, ts.URL+"/api/challenges", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	if resp, body := doAs(t, &http.Client{}, req); resp.StatusCode != http.StatusOK || !strings.Contains(body, `"you":"robo"`) {
		t.Fatalf("with the token: %d %s", resp.StatusCode, body)
	}
	if err := st.(store.BotTokens).RevokeBotToken(t.Context(), "robo", id); err != nil {
		t.Fatal(err)
	}
	if resp, _ := doAs(t, &http.Client{}, req); resp.StatusCode != http.StatusUnauthorized {
		t.Fatalf("a revoked token: %d", resp.StatusCode)
	}
	err := bot.Run(t.Context(), bot.Config{Server: ts.URL, Token: token, Agent: "random"})
	if err == nil || !strings.Contains(err.Error(), "refuses the token") {
		t.Fatalf("the bot with a revoked token: %v", err)
	}
	for _, bad := range []string{"", "Bearer ", "Bearer " + strings.Repeat("x", 5000), "Basic abc"} {
		r2, _ := http.NewRequest(http.MethodGet, ts.URL+"/api/games", nil)
		r2.Header.Set("Authorization", bad)
		if resp, _ := doAs(t, &http.Client{}, r2); resp.StatusCode != http.StatusUnauthorized {
			t.Errorf("Authorization %.20q: %d", bad, resp.StatusCode)
		}
	}
}

// A bot's owner creates its token on the bot's page (shown once), and
// revokes it there; nobody else may.
func TestBotOwnerManagesTokens(t *testing.T) {
	_, ts, st := accountServer(t, Config{LoginPerMinute: -1})
	alice, mallory := signedUp(t, ts, "alice"), signedUp(t, ts, "mallory")
	if err := st.CreateUser(t.Context(), &store.User{Name: "robo", Bot: true, Owner: "alice"}); err != nil {
		t.Fatal(err)
	}
	if _, page := getAs(t, mallory, ts.URL+"/players/robo?lang=en"); strings.Contains(page, `id="bottokens"`) || !strings.Contains(page, "Bot of") {
		t.Errorf("another player sees the bot's tokens")
	}
	if resp, _ := postAs(t, mallory, ts.URL+"/players/robo/tokens", url.Values{"label": {"mine now"}}); resp.StatusCode != http.StatusForbidden {
		t.Errorf("another player creating a token: %d", resp.StatusCode)
	}
	resp, page := postAs(t, alice, ts.URL+"/players/robo/tokens?lang=en", url.Values{"label": {"home <b>server</b>"}})
	i := strings.Index(page, `id="newtoken" value="`)
	if resp.StatusCode != http.StatusOK || i < 0 {
		t.Fatalf("the owner creating a token: %d", resp.StatusCode)
	}
	token := page[i+len(`id="newtoken" value="`):]
	token = token[:strings.Index(token, `"`)]
	if strings.Contains(page, "<b>server</b>") {
		t.Errorf("the label came back as markup")
	}
	req, _ := http.NewRequest(http.MethodGet, ts.URL+"/api/games", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	if resp, _ := doAs(t, &http.Client{}, req); resp.StatusCode != http.StatusOK {
		t.Fatalf("the new token: %d", resp.StatusCode)
	}
	if _, again := getAs(t, alice, ts.URL+"/players/robo"); strings.Contains(again, token) {
		t.Errorf("the token is shown again")
	}
	list, _ := st.(store.BotTokens).ListBotTokens(t.Context(), "robo")
	if len(list) != 1 {
		t.Fatalf("tokens: %+v", list)
	}
	if resp, _ := postAs(t, mallory, ts.URL+"/players/robo/tokens/"+list[0].ID+"/revoke", nil); resp.StatusCode != http.StatusForbidden {
		t.Errorf("another player revoking: %d", resp.StatusCode)
	}
	postAs(t, alice, ts.URL+"/players/robo/tokens/"+list[0].ID+"/revoke", nil)
	if resp, _ := doAs(t, &http.Client{}, req); resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("the revoked token: %d", resp.StatusCode)
	}
}

// A host offers a seat of a table for three to a bot by reserving it for
// the bot's name: plateau bot (package bot, with --players 3) takes it,
// the table starts with the computer at its last seat, and the bot plays
// the game to its end. It leaves alone the open seat of another table (no
// --open-seats) and the table of a player count it was not set for.
func TestBotTakesTheSeatOffered(t *testing.T) {
	_, ts, st := accountServer(t, Config{LoginPerMinute: -1, CreatePerMinute: -1, MessagesPerSecond: 1000, MessageBurst: 1000})
	token, _ := newBotAccount(t, st, "robo")
	alice, bob := signedUp(t, ts, "alice"), signedUp(t, ts, "bob")
	open := newTable(t, ts, bob, url.Values{"variant": {"saute|players=3"}, "seat0": {"me"}, "seat1": {"open"}, "seat2": {"open"}})
	four := newTable(t, ts, bob, url.Values{"variant": {"saute|players=4"}, "seat0": {"me"}, "seat1": {"player"}, "name1": {"robo"}})
	offered := newTable(t, ts, alice, url.Values{"variant": {"saute|players=3"}, "seat0": {"me"}, "seat1": {"player"}, "name1": {"robo"}, "seat2": {"computer:easy"}})

	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	done := make(chan error, 1)
	go func() {
		done <- bot.Run(ctx, bot.Config{Server: ts.URL, Token: token, Agent: "random", Players: []int{3},
			Poll: 100 * time.Millisecond, StopAfter: 1})
	}()
	var gameID string
	for gameID == "" {
		select {
		case err := <-done:
			t.Fatalf("the bot stopped before playing: %v", err)
		case <-time.After(50 * time.Millisecond):
		}
		if tb := loadTable(t, st.(store.Store), offered); tb.Status == store.TableStarted {
			gameID = tb.Game
		}
	}
	g, robo := playAgainstBot(t, ts, alice, gameID, st.(store.Store), done, ctx)
	t.Logf("the bot's game: %s (%s) after %d moves, %d of them the bot's", g.Result, g.Reason, len(g.Moves), robo)
	if g.Result == "*" || robo == 0 || g.Seats[1].User != "robo" {
		t.Fatalf("the bot's game: %q, seats %+v, the bot played %d moves", g.Result, g.Seats, robo)
	}
	for _, id := range []string{open, four} {
		if tb := loadTable(t, st.(store.Store), id); tb.SeatOf("robo") >= 0 || tb.Status != store.TableOpen {
			t.Errorf("the bot sat at a table it was not set for: %+v", tb)
		}
	}
}

// playAgainstBot plays c's seat of the game with its first legal move
// each turn until the end, waits for the bot (done) to stop, and returns
// the stored game and how many of its moves the bot "robo" made.
func playAgainstBot(t *testing.T, ts *httptest.Server, c *http.Client, gameID string, st store.Store, done <-chan error, ctx context.Context) (*store.Game, int) {
	t.Helper()
	w := dialAs(t, ts, c, gameID)
	for m := w.hello(0); m.str("result") == "*"; m = w.expect("state", nil) {
		if you := you(m); len(you) == 1 && you[0] == m.num("toMove") {
			legal := m["legal"].([]any)
			w.move(m.num("ply"), legal[0].(map[string]any)["move"].(string))
		}
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("bot: %v", err)
		}
	case <-ctx.Done():
		t.Fatal("the bot did not stop after its game")
	}
	g, _ := st.LoadGame(t.Context(), gameID)
	robo := 0
	for _, mv := range g.Moves {
		if g.Seats[mv.Seat].User == "robo" {
			robo++
		}
	}
	return g, robo
}
