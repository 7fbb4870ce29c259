package tui

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/coder/websocket"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/record"
	"github.com/plateau-games/plateau/render"
)

// Online is a game of a plateau server played over its WebSocket protocol
// (docs/server.md): the server judges the moves, runs the computer seats
// and the clocks; the view sends what the keyboard does and shows each
// state the server sends.
type Online struct {
	base   *url.URL // the server: scheme and host
	gameID string
	tokens []string // the seat tokens of the link
	lang   string
	// header goes with the WebSocket's handshake: an account's session
	// cookie and the site's Origin (SetHeader); nil for a link's tokens.
	header http.Header

	mu   sync.Mutex
	send func(tea.Msg)
	conn *websocket.Conn
	// stop ends the connection loop when the view quits.
	stop context.CancelFunc
}

// Limits of what the server may send: a state is a few tens of KB.
const (
	onlineReadLimit = 1 << 20
	onlineWriteWait = 10 * time.Second
)

// ParseGameLink reads a game's link as `plateau serve` gives it to players
// (https://club.example/games/ID#me=1-TOKEN), or a game id or path with
// server giving the site. The seat tokens of the link's fragment are kept;
// a link without them watches the game.
func ParseGameLink(server, link, lang string) (*Online, error) {
	link = strings.TrimSpace(link)
	if link == "" {
		return nil, game.Errorf(game.Text{EN: "no game link: give the link of the game, e.g. %s", FR: "pas de lien de partie : donnez le lien de la partie, par ex. %s"}, "https://club.example/games/ID#me=1-TOKEN")
	}
	var base *url.URL
	if server != "" {
		u, err := url.Parse(strings.TrimSpace(server))
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, game.Errorf(game.Text{EN: "--server %q: give the site's address, e.g. %s", FR: "--server %q : donnez l'adresse du site, par ex. %s"}, server, "https://club.example, http://127.0.0.1:8080")
		}
		base = &url.URL{Scheme: u.Scheme, Host: u.Host}
	}
	u, err := url.Parse(link)
	if err != nil {
		return nil, game.Errorf(game.Text{EN: "game link %q: %v", FR: "lien de partie %q : %v"}, link, err)
	}
	if u.Scheme == "http" || u.Scheme == "https" {
		if base == nil {
			base = &url.URL{Scheme: u.Scheme, Host: u.Host}
		} else if u.Host != base.Host {
			return nil, game.Errorf(game.Text{EN: "game link %q is on %s, not on --server %s", FR: "le lien de partie %q est sur %s, pas sur --server %s"}, link, u.Host, base.Host)
		}
	} else if u.Scheme != "" {
		return nil, game.Errorf(game.Text{EN: "game link %q: use an http or https link", FR: "lien de partie %q : donnez un lien http ou https"}, link)
	}
	if base == nil {
		return nil, game.Errorf(game.Text{EN: "game link %q: give the whole link (%s) or --server", FR: "lien de partie %q : donnez le lien entier (%s) ou --server"}, link, "https://…/games/ID#me=…")
	}
	path := strings.Trim(u.Path, "/")
	path = strings.TrimPrefix(path, "games/")
	if path == "" || strings.Contains(path, "/") || len(path) > 64 {
		return nil, game.Errorf(game.Text{EN: "game link %q: want %s", FR: "lien de partie %q : il faut %s"}, link, "…/games/ID")
	}
	o := &Online{base: base, gameID: path, lang: lang}
	frag, _ := url.ParseQuery(u.Fragment)
	for _, me := range strings.Split(frag.Get("me"), ",") {
		if _, token, ok := strings.Cut(me, "-"); ok && token != "" && len(token) <= 128 {
			o.tokens = append(o.tokens, token)
		}
	}
	if len(o.tokens) > 8 {
		return nil, game.Errorf(game.Text{EN: "game link %q: too many seats", FR: "lien de partie %q : trop de places"}, link)
	}
	return o, nil
}

func (o *Online) host() string { return o.base.Host }

// SetHeader gives the headers of the WebSocket's handshake: the session
// cookie of an account whose seats the server knows (the lobby's games
// have no seat tokens) and the site's Origin, as its page would send.
func (o *Online) SetHeader(h http.Header) { o.header = h }

// Site is the server's address (https://SITE).
func (o *Online) Site() string { return o.base.String() }

// GameID is the game's id on the server.
func (o *Online) GameID() string { return o.gameID }

// GameURL is the game's page, without the seat tokens.
func (o *Online) GameURL() string {
	u := *o.base
	u.Path = "/games/" + o.gameID
	return u.String()
}

// attach gives the connection the program's inbox.
func (o *Online) attach(send func(tea.Msg)) {
	o.mu.Lock()
	o.send = send
	o.mu.Unlock()
}

// onlineMsg is what the connection tells the view.
type onlineMsg struct {
	state   *serverState
	notice  string // an info or a refusal, in words
	refused bool
	offline bool // the connection dropped; it is being made again
	fatal   error
}

// serverState is the part of the server's state message the view reads.
type serverState struct {
	Type     string       `json:"type"`
	Rules    string       `json:"rules"`
	Options  string       `json:"options"`
	Position string       `json:"position"`
	Ply      int          `json:"ply"`
	Moves    []string     `json:"moves"`
	ToMove   int          `json:"toMove"`
	Result   string       `json:"result"`
	Reason   string       `json:"reason"`
	Seats    []serverSeat `json:"seats"`
	You      []int        `json:"you"`
	Clocks   []int64      `json:"clocks"`
	Running  int          `json:"running"`
	Offer    *serverOffer `json:"offer"`
	Outcome  string       `json:"outcome"`
	Thinking bool         `json:"thinking"`
	Message  string       `json:"message"`
	Text     string       `json:"text"`
}

type serverSeat struct {
	Name  string `json:"name"`
	Kind  string `json:"kind"`
	Level string `json:"level"`
}

type serverOffer struct {
	Kind  string `json:"kind"`
	By    int    `json:"by"`
	Needs []int  `json:"needs"`
}

// start connects and keeps the connection until the view quits, making it
// again after a drop (the server sends the whole state after each hello).
func (o *Online) start() tea.Cmd {
	ctx, cancel := context.WithCancel(context.Background())
	o.mu.Lock()
	o.stop = cancel
	o.mu.Unlock()
	go func() {
		defer func() {
			if r := recover(); r != nil {
				o.deliver(onlineMsg{fatal: fmt.Errorf("connection: %v", r)})
			}
		}()
		wait := time.Second
		for ctx.Err() == nil {
			err := o.session(ctx)
			if ctx.Err() != nil {
				return
			}
			var fatal *fatalError
			if errors.As(err, &fatal) {
				o.deliver(onlineMsg{fatal: fatal.err})
				return
			}
			o.deliver(onlineMsg{offline: true})
			select {
			case <-ctx.Done():
				return
			case <-time.After(wait):
			}
			wait = min(2*wait, 15*time.Second)
		}
	}()
	return nil
}

// fatalError is a refusal that retrying cannot mend (no such game).
type fatalError struct{ err error }

func (e *fatalError) Error() string { return e.err.Error() }

// close ends the connection.
func (o *Online) close() {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.stop != nil {
		o.stop()
	}
	if o.conn != nil {
		o.conn.Close(websocket.StatusNormalClosure, "bye")
	}
}

func (o *Online) deliver(msg onlineMsg) {
	o.mu.Lock()
	send := o.send
	o.mu.Unlock()
	if send != nil {
		send(msg)
	}
}

// session is one connection: hello, then every message until it drops.
func (o *Online) session(ctx context.Context) error {
	ws := *o.base
	ws.Scheme = map[string]string{"http": "ws", "https": "wss"}[o.base.Scheme]
	ws.Path = "/games/" + url.PathEscape(o.gameID) + "/ws"
	dctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	conn, resp, err := websocket.Dial(dctx, ws.String(), &websocket.DialOptions{HTTPHeader: o.header})
	cancel()
	if err != nil {
		if resp != nil && resp.StatusCode == http.StatusNotFound {
			return &fatalError{game.Errorf(game.Text{EN: "%s: no such game", FR: "%s : cette partie n'existe pas"}, o.gameID)}
		}
		if resp != nil && resp.StatusCode == http.StatusForbidden {
			return &fatalError{game.Errorf(game.Text{EN: "%s: the server refused the connection (403)", FR: "%s : le serveur a refusé la connexion (403)"}, o.host())}
		}
		return err
	}
	conn.SetReadLimit(onlineReadLimit)
	o.mu.Lock()
	o.conn = conn
	o.mu.Unlock()
	defer conn.CloseNow()
	tokens := o.tokens
	if tokens == nil {
		tokens = []string{}
	}
	if err := o.write(ctx, map[string]any{"type": "hello", "tokens": tokens, "ply": 0, "lang": o.lang}); err != nil {
		return err
	}
	for {
		_, data, err := conn.Read(ctx)
		if err != nil {
			return err
		}
		var st serverState
		if json.Unmarshal(data, &st) != nil {
			continue
		}
		switch st.Type {
		case "state":
			o.deliver(onlineMsg{state: &st})
		case "reject", "error":
			if st.Message != "" {
				o.deliver(onlineMsg{notice: st.Message, refused: true})
			}
		case "info":
			if st.Text != "" {
				o.deliver(onlineMsg{notice: st.Text})
			}
		}
	}
}

// write sends one message on the current connection.
func (o *Online) write(ctx context.Context, v any) error {
	o.mu.Lock()
	conn := o.conn
	o.mu.Unlock()
	if conn == nil {
		return errors.New("not connected")
	}
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	wctx, cancel := context.WithTimeout(ctx, onlineWriteWait)
	defer cancel()
	return conn.Write(wctx, websocket.MessageText, data)
}

// do sends a message off the view's goroutine; a failure shows as a notice
// (the connection loop reconnects).
func (o *Online) do(v any) tea.Cmd {
	return func() tea.Msg {
		if err := o.write(context.Background(), v); err != nil {
			return onlineMsg{notice: err.Error(), refused: true}
		}
		return nil
	}
}

func (o *Online) play(ply int, notation string) tea.Cmd {
	return o.do(map[string]any{"type": "move", "ply": ply, "move": notation})
}
func (o *Online) resign() tea.Cmd    { return o.do(map[string]any{"type": "resign"}) }
func (o *Online) offerDraw() tea.Cmd { return o.do(map[string]any{"type": "draw"}) }
func (o *Online) askUndo() tea.Cmd   { return o.do(map[string]any{"type": "undo"}) }
func (o *Online) answer(accept bool) tea.Cmd {
	return o.do(map[string]any{"type": "answer", "accept": accept})
}

// onlineView is what the view knows of an online game beyond the match.
type onlineView struct {
	conn        *Online
	you         []int
	outcome     game.Outcome
	outcomeText string
	offer       *serverOffer
	offline     bool
	clocks      []int64 // ms left per seat when the state came
	running     int     // the seat whose clock runs, -1 for none
	clockAt     time.Time
	thinking    bool
}

// mustAnswer says whether the pending offer waits for a seat of this
// keyboard.
func (v *onlineView) mustAnswer() bool {
	if v.offer == nil {
		return false
	}
	for _, s := range v.offer.Needs {
		for _, y := range v.you {
			if s == y {
				return true
			}
		}
	}
	return false
}

// clockText is a seat's time left, counting down for the seat to move.
func (v *onlineView) clockText(seat int, now time.Time) string {
	if seat >= len(v.clocks) {
		return ""
	}
	ms := v.clocks[seat]
	if seat == v.running {
		ms -= now.Sub(v.clockAt).Milliseconds()
	}
	ms = max(0, ms)
	s := ms / 1000
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	if s < 10 {
		return fmt.Sprintf("%d:%02d.%d", s/60, s%60, ms/100%10)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// clockTick redraws the clocks while one runs.
type clockTick struct{}

func tickClock() tea.Cmd {
	return tea.Tick(200*time.Millisecond, func(time.Time) tea.Msg { return clockTick{} })
}

// onlineUpdate takes what the connection says.
func (m *model) onlineUpdate(msg onlineMsg) tea.Cmd {
	ov := m.online
	switch {
	case msg.fatal != nil:
		m.message, m.isError = localizeError(msg.fatal, m.lang), true
		return nil
	case msg.offline:
		ov.offline = true
		return nil
	case msg.notice != "":
		m.message, m.isError = tr(m.lang, wServerSays, msg.notice), msg.refused
		return nil
	case msg.state == nil:
		return nil
	}
	ov.offline = false
	st := msg.state
	if m.m == nil {
		m.message = "" // connected: the turn's prompt takes its place
	}
	if err := m.takeState(st); err != nil {
		m.message, m.isError = err.Error(), true
		return nil
	}
	running := ov.running >= 0
	ov.clocks, ov.running, ov.clockAt = st.Clocks, st.Running, time.Now()
	if len(st.Clocks) == 0 {
		ov.running = -1
	}
	if !running && ov.running >= 0 {
		return tickClock()
	}
	return nil
}

// takeState brings the match to the server's moves and the seats to its
// state.
func (m *model) takeState(st *serverState) error {
	ov := m.online
	if m.m == nil || m.m.Variant().Game.ID != st.Rules || len(st.Moves) < len(m.m.Moves()) || !prefixOf(m.m.Notations(), st.Moves) {
		opts, err := game.ParseOptions(strings.Fields(st.Options)...)
		if err != nil {
			return fmt.Errorf("the server's game: %w", err)
		}
		v, err := game.NewVariant(st.Rules, opts)
		if err != nil {
			return fmt.Errorf("the server's game: %w", err)
		}
		start, err := v.Position(st.Position)
		if err != nil {
			return fmt.Errorf("the server's game: %w", err)
		}
		m.m = game.NewMatch(start)
		m.movers = nil
	}
	played := false
	for _, n := range st.Moves[len(m.m.Moves()):] {
		seat := m.m.ToMove()
		before := m.m.State()
		mv, err := m.m.PlayNotation(n)
		if err != nil {
			return fmt.Errorf("the server's move %s: %w", n, err)
		}
		m.movers = append(m.movers, seat)
		m.lastPlaces = render.Places(before, mv)
		played = true
	}
	if len(st.Moves) == 0 {
		m.lastPlaces = nil
	}
	ov.you = st.You
	m.players = make([]Player, m.m.Variant().Players)
	for i := range m.players {
		p := Player{}
		if i < len(st.Seats) {
			p.Who = holderName(m.m.Variant(), i, st.Seats[i].Name, m.lang)
			if st.Seats[i].Kind == "computer" {
				p.Who = tr(m.lang, wComputer)
				if st.Seats[i].Level != "" {
					p.Who += ", " + st.Seats[i].Level
				}
			}
		}
		for _, y := range st.You {
			if y == i {
				p.Local = true
				p.Who = strings.TrimSpace(p.Who + " (" + tr(m.lang, wYou) + ")")
			}
		}
		m.players[i] = p
	}
	ov.offer = st.Offer
	ov.thinking = st.Thinking
	ov.outcome = game.Outcome{}
	ov.outcomeText = st.Outcome
	if st.Result != "" && st.Result != "*" {
		if r, err := record.ParseResult(st.Result); err == nil {
			o := r.Outcome()
			o.Reason = st.Reason
			ov.outcome = o
		} else {
			ov.outcome = game.Outcome{Status: game.Over}
		}
	}
	if played || m.board == nil {
		if played && len(m.movers) > 0 {
			last := m.movers[len(m.movers)-1]
			if !m.players[last].Local {
				m.say(false, wPlayed, m.seatName(last), m.m.Notations()[len(m.movers)-1])
			} else {
				m.message = ""
			}
		}
		m.positionChanged()
	}
	return nil
}

// holderName is who holds a seat in the server's label of it ("Blue —
// alice" gives alice): "" for a seat named after itself alone, which the
// line already says.
func holderName(v *game.Variant, seat int, label, lang string) string {
	name := v.SeatName(seat, lang)
	if rest, ok := strings.CutPrefix(label, name); ok {
		rest = strings.TrimSpace(rest)
		rest = strings.TrimSpace(strings.TrimPrefix(rest, "—"))
		return rest
	}
	return label
}

func prefixOf(have, all []string) bool {
	if len(have) > len(all) {
		return false
	}
	for i := range have {
		if have[i] != all[i] {
			return false
		}
	}
	return true
}
