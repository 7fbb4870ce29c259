// Package bot plays on a plateau server as a bot account, as lichess's bot
// accounts do: it accepts the open challenges that match its settings,
// takes the seats of the lobby's tables reserved for it (and, when told
// to, open seats) at tables of games of two to four players that match them,
// plays its games over the games' WebSockets with an agent (a level, an
// agent spec, or an external program speaking the engine protocol), and
// resumes its unfinished games when it starts again. It talks to the
// server only through its public API (docs/server.md), with a bot token.
package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
)

// Config says where and how to play.
type Config struct {
	Server string // the server's base URL, http(s)://host[:port]
	Token  string // the bot account's token
	Agent  string // the agent spec that chooses the moves (ai.New): "hard", "mcts:time=2s", "engine:PROGRAM ARGS"

	Games     []string      // rules ids to accept; empty: every game the agent can play
	Rated     bool          // accept rated challenges
	Casual    bool          // accept casual challenges
	MaxClock  time.Duration // accept clocks up to this time per player (0: any)
	MaxGames  int           // games played at once (default 2)
	Poll      time.Duration // how often to look for challenges (default 2 s)
	StopAfter int           // stop after this many games ended (0: never), for tests and one-off runs
	Players   []int         // player counts of the tables it sits at; empty: any (2 to 4)
	OpenSeats bool          // also take open seats of tables, not only the seats reserved for it

	Client *http.Client // default: 10 s timeout
	Log    *slog.Logger // default: discard
	Lang   string       // language of the log messages: "en" (default) or "fr"
}

// challenge is a challenge as the server's API gives it.
type challenge struct {
	ID          string `json:"id"`
	Creator     string `json:"creator"`
	Target      string `json:"target"`
	Game        string `json:"game"`
	Options     string `json:"options"`
	Rated       bool   `json:"rated"`
	ClockMs     int64  `json:"clockMs"`
	IncrementMs int64  `json:"incrementMs"`
	MoveDays    int    `json:"moveDays"`
}

type apiGame struct {
	ID      string `json:"id"`
	Game    string `json:"game"`
	Options string `json:"options"`
}

// Run plays until ctx ends (nil then) or StopAfter games have ended; an
// error means it could not start (a bad URL, token or agent).
func Run(ctx context.Context, cfg Config) error {
	b, err := newBot(cfg)
	if err != nil {
		return err
	}
	return b.run(ctx)
}

type bot struct {
	cfg    Config
	base   *url.URL
	client *http.Client
	log    *slog.Logger
	me     string

	mu      sync.Mutex
	playing map[string]bool
	plays   map[string]bool // whether the agent plays a variant, found once
	ended   int
	done    chan struct{} // closed once StopAfter games ended
}

func newBot(cfg Config) (*bot, error) {
	u, err := url.Parse(strings.TrimRight(cfg.Server, "/"))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, game.Errorf(game.Text{EN: "bot: server %q: write http(s)://host[:port]", FR: "bot : serveur %q : écrivez http(s)://hôte[:port]"}, cfg.Server)
	}
	if cfg.Token == "" {
		return nil, game.Errorf(game.Text{EN: "bot: no token: the operator creates one with plateau users token add BOT", FR: "bot : aucun jeton : le responsable en crée un avec plateau users token add ROBOT"})
	}
	if cfg.Agent == "" {
		cfg.Agent = "hard"
	}
	pogo, _ := game.NewVariant("pogo", nil)
	a, err := ai.New(cfg.Agent, pogo, 1)
	if err != nil && !strings.HasPrefix(strings.ToLower(cfg.Agent), "engine:") {
		return nil, game.Errorf(game.Text{EN: "bot: agent %q: %v", FR: "bot : agent %q : %v"}, cfg.Agent, err)
	}
	closeAgent(a)
	if cfg.MaxGames <= 0 {
		cfg.MaxGames = 2
	}
	if cfg.Poll <= 0 {
		cfg.Poll = 2 * time.Second
	}
	if !cfg.Rated && !cfg.Casual {
		cfg.Rated, cfg.Casual = true, true
	}
	b := &bot{cfg: cfg, base: u, client: cfg.Client, log: cfg.Log, playing: map[string]bool{}, plays: map[string]bool{}, done: make(chan struct{})}
	if b.client == nil {
		b.client = &http.Client{Timeout: 10 * time.Second}
	}
	if b.log == nil {
		b.log = slog.New(slog.DiscardHandler)
	}
	return b, nil
}

// call does one API request and decodes its JSON answer into out.
func (b *bot) call(ctx context.Context, method, path string, out any) (int, error) {
	req, err := http.NewRequestWithContext(ctx, method, b.base.String()+path, nil)
	if err != nil {
		return 0, err
	}
	req.Header.Set("Authorization", "Bearer "+b.cfg.Token)
	resp, err := b.client.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return resp.StatusCode, err
	}
	if resp.StatusCode != http.StatusOK {
		var e struct{ Message string }
		json.Unmarshal(body, &e)
		return resp.StatusCode, fmt.Errorf("%s %s: %s %s", method, path, resp.Status, e.Message)
	}
	return resp.StatusCode, json.Unmarshal(body, out)
}

// say is a log message in the bot's language.
func (b *bot) say(en, fr string) string {
	return game.Text{EN: en, FR: fr}.In(b.cfg.Lang)
}

func (b *bot) run(ctx context.Context) error {
	// The first call checks the token: a bad one stops at once.
	var first struct {
		You        string      `json:"you"`
		Challenges []challenge `json:"challenges"`
	}
	if code, err := b.call(ctx, http.MethodGet, "/api/challenges", &first); err != nil {
		if code == http.StatusUnauthorized {
			return game.Errorf(game.Text{EN: "bot: the server refuses the token (revoked, or not a bot account's): %v", FR: "bot : le serveur refuse le jeton (révoqué, ou pas celui d'un compte de robot) : %v"}, err)
		}
		return game.Errorf(game.Text{EN: "bot: %v", FR: "bot : %v"}, err)
	}
	b.me = first.You
	b.log.Info(b.say("bot connected", "robot connecté"), "server", b.base.String(), "as", b.me, "agent", b.cfg.Agent)
	var wg sync.WaitGroup
	defer wg.Wait()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	tick := time.NewTicker(b.cfg.Poll)
	defer tick.Stop()
	for {
		b.round(ctx, &wg)
		select {
		case <-ctx.Done():
			return nil
		case <-b.done:
			return nil
		case <-tick.C:
		}
	}
}

// round resumes the games not being played and accepts what fits.
func (b *bot) round(ctx context.Context, wg *sync.WaitGroup) {
	var games struct {
		Games []apiGame `json:"games"`
	}
	if _, err := b.call(ctx, http.MethodGet, "/api/games", &games); err != nil {
		b.log.Warn(b.say("listing games", "liste des parties"), "error", err)
		return
	}
	for _, g := range games.Games {
		b.start(ctx, wg, g)
	}
	var list struct {
		You        string      `json:"you"`
		Challenges []challenge `json:"challenges"`
	}
	if _, err := b.call(ctx, http.MethodGet, "/api/challenges", &list); err != nil {
		b.log.Warn(b.say("listing challenges", "liste des défis"), "error", err)
		return
	}
	b.sitAtTables(ctx)
	for _, c := range list.Challenges {
		if !b.wants(c) || !b.room() {
			continue
		}
		var g apiGame
		if _, err := b.call(ctx, http.MethodPost, "/api/challenges/"+url.PathEscape(c.ID)+"/accept", &g); err != nil {
			b.log.Info(b.say("challenge not accepted", "défi non accepté"), "id", c.ID, "error", err)
			continue
		}
		b.log.Info(b.say("challenge accepted", "défi accepté"), "id", c.ID, "from", c.Creator, "game", g.ID)
		b.start(ctx, wg, g)
	}
}

// table is an open table as the server's API gives it.
type table struct {
	ID          string `json:"id"`
	Host        string `json:"host"`
	Game        string `json:"game"`
	Options     string `json:"options"`
	Players     int    `json:"players"`
	Rated       bool   `json:"rated"`
	ClockMs     int64  `json:"clockMs"`
	IncrementMs int64  `json:"incrementMs"`
	MoveDays    int    `json:"moveDays"`
	YourSeats   []int  `json:"yourSeats"`
	Offered     []int  `json:"offered"`
	Seated      int    `json:"seated"`
}

// sitAtTables takes a seat at the tables that fit the settings: a seat
// reserved for the bot first, an open one only with OpenSeats. The tables
// it waits at count among its games, so that it never promises more
// than MaxGames.
func (b *bot) sitAtTables(ctx context.Context) {
	var list struct {
		Tables []table `json:"tables"`
	}
	code, err := b.call(ctx, http.MethodGet, "/api/tables", &list)
	if code == http.StatusNotFound {
		return // a server without tables
	}
	if err != nil {
		b.log.Warn(b.say("listing tables", "liste des tables"), "error", err)
		return
	}
	waiting := 0
	for _, t := range list.Tables {
		if t.Seated >= 0 {
			waiting++
		}
	}
	for _, t := range list.Tables {
		if t.Seated >= 0 || len(t.YourSeats) == 0 {
			continue
		}
		seats := t.Offered
		if b.cfg.OpenSeats {
			seats = t.YourSeats
		}
		if len(seats) == 0 || !b.wantsTable(t) {
			continue
		}
		b.mu.Lock()
		busy := len(b.playing) + waiting
		b.mu.Unlock()
		if busy >= b.cfg.MaxGames {
			return
		}
		var got struct {
			Status string `json:"status"`
			Game   string `json:"game"`
		}
		path := "/api/tables/" + url.PathEscape(t.ID) + "/seats/" + fmt.Sprint(seats[0]) + "/take"
		if _, err := b.call(ctx, http.MethodPost, path, &got); err != nil {
			b.log.Info(b.say("seat not taken", "place non prise"), "table", t.ID, "error", err)
			continue
		}
		waiting++
		b.log.Info(b.say("seat taken", "place prise"), "table", t.ID, "host", t.Host, "seat", seats[0]+1, "status", got.Status)
	}
}

// wantsTable says whether a table fits the settings, as wants does for a
// challenge, with the player count.
func (b *bot) wantsTable(t table) bool {
	if len(b.cfg.Players) > 0 && !slices.Contains(b.cfg.Players, t.Players) {
		return false
	}
	return b.fits(challenge{Creator: t.Host, Game: t.Game, Options: t.Options, Rated: t.Rated, ClockMs: t.ClockMs}, t.Players)
}

// wants says whether a challenge fits the settings.
func (b *bot) wants(c challenge) bool { return b.fits(c, 2) }

// fits says whether a game of players players offered by c's creator fits
// the settings.
func (b *bot) fits(c challenge, players int) bool {
	switch {
	case strings.EqualFold(c.Creator, b.me):
		return false
	case c.Rated && !b.cfg.Rated, !c.Rated && !b.cfg.Casual:
		return false
	case len(b.cfg.Games) > 0 && !slices.Contains(b.cfg.Games, c.Game):
		return false
	case b.cfg.MaxClock > 0 && time.Duration(c.ClockMs)*time.Millisecond > b.cfg.MaxClock:
		return false
	}
	v, err := variantOf(c.Game, c.Options)
	if err != nil || v.Players != players {
		return false
	}
	// Whether the agent plays this variant (an engine may not): asked once.
	key := v.String()
	b.mu.Lock()
	ok, known := b.plays[key]
	b.mu.Unlock()
	if !known {
		a, err := ai.New(b.cfg.Agent, v, 1)
		closeAgent(a)
		ok = err == nil
		b.mu.Lock()
		b.plays[key] = ok
		b.mu.Unlock()
	}
	return ok
}

// closeAgent releases an agent's resources (an engine's process).
func closeAgent(a ai.Agent) {
	if c, ok := a.(io.Closer); ok {
		c.Close()
	}
}

// room says whether one more game may start.
func (b *bot) room() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.playing) < b.cfg.MaxGames
}

func variantOf(rules, options string) (*game.Variant, error) {
	opts, err := game.ParseOptions(options)
	if err != nil {
		return nil, err
	}
	return game.NewVariant(rules, opts)
}

// start plays a game in the background unless it is being played.
func (b *bot) start(ctx context.Context, wg *sync.WaitGroup, g apiGame) {
	b.mu.Lock()
	if b.playing[g.ID] {
		b.mu.Unlock()
		return
	}
	b.playing[g.ID] = true
	b.mu.Unlock()
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer func() {
			if v := recover(); v != nil {
				b.log.Error(b.say("panic while playing", "panique pendant la partie"), "game", g.ID, "panic", fmt.Sprint(v))
			}
		}()
		over, err := b.play(ctx, g)
		if err != nil && ctx.Err() == nil {
			b.log.Warn(b.say("game interrupted", "partie interrompue"), "game", g.ID, "error", err)
		}
		b.mu.Lock()
		delete(b.playing, g.ID)
		if over {
			b.ended++
			if b.cfg.StopAfter > 0 && b.ended == b.cfg.StopAfter {
				close(b.done)
			}
		}
		b.mu.Unlock()
	}()
}

// serverState is the part of a game's state the bot reads.
type serverState struct {
	Type    string   `json:"type"`
	Ply     int      `json:"ply"`
	Moves   []string `json:"moves"`
	ToMove  int      `json:"toMove"`
	Result  string   `json:"result"`
	You     []int    `json:"you"`
	Message string   `json:"message"`
	Code    string   `json:"code"`
}

// play plays one game to its end (true) or until the connection ends.
func (b *bot) play(ctx context.Context, g apiGame) (bool, error) {
	v, err := variantOf(g.Game, g.Options)
	if err != nil {
		return false, err
	}
	agent, err := ai.New(b.cfg.Agent, v, uint64(time.Now().UnixNano()))
	if err != nil {
		return false, err
	}
	defer closeAgent(agent)
	ws := *b.base
	ws.Scheme = map[string]string{"http": "ws", "https": "wss"}[b.base.Scheme]
	ws.Path = "/games/" + url.PathEscape(g.ID) + "/ws"
	conn, _, err := websocket.Dial(ctx, ws.String(), &websocket.DialOptions{
		HTTPHeader: http.Header{"Authorization": {"Bearer " + b.cfg.Token}}})
	if err != nil {
		return false, err
	}
	defer conn.CloseNow()
	conn.SetReadLimit(4 << 20)
	send := func(v any) error {
		data, _ := json.Marshal(v)
		wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		return conn.Write(wctx, websocket.MessageText, data)
	}
	if err := send(map[string]any{"type": "hello", "tokens": []string{}, "ply": 0}); err != nil {
		return false, err
	}
	played := -1 // the ply of the last move sent
	for {
		_, data, err := conn.Read(ctx)
		if err != nil {
			return false, err
		}
		var st serverState
		if json.Unmarshal(data, &st) != nil {
			continue
		}
		switch st.Type {
		case "reject", "error":
			b.log.Info(b.say("server says", "le serveur dit"), "game", g.ID, "code", st.Code, "message", st.Message)
			if played >= 0 {
				// The move was refused (too fast, or the game moved on):
				// wait a moment and ask for the state again.
				played = -1
				select {
				case <-ctx.Done():
					return false, ctx.Err()
				case <-time.After(time.Second):
				}
				if err := send(map[string]any{"type": "hello", "tokens": []string{}, "ply": 0}); err != nil {
					return false, err
				}
			}
			continue
		case "state":
		default:
			continue
		}
		if st.Result != "*" {
			b.log.Info(b.say("game over", "partie terminée"), "game", g.ID, "result", st.Result)
			conn.Close(websocket.StatusNormalClosure, "game over")
			return true, nil
		}
		if !slices.Contains(st.You, st.ToMove) || st.Ply == played {
			continue
		}
		m := game.NewMatch(v.Start())
		for _, n := range st.Moves {
			if _, err := m.PlayNotation(n); err != nil {
				return false, game.Errorf(game.Text{EN: "replaying the server's moves: %v", FR: "rejeu des coups du serveur : %v"}, err)
			}
		}
		mv, err := agent.Choose(ctx, m)
		if err != nil {
			return false, game.Errorf(game.Text{EN: "the agent: %v", FR: "l'agent : %v"}, err)
		}
		if err := send(map[string]any{"type": "move", "ply": st.Ply, "move": m.State().MoveString(mv)}); err != nil {
			return false, err
		}
		played = st.Ply
	}
}
