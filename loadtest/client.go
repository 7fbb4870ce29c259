package loadtest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/coder/websocket"

	"github.com/plateau-games/plateau/game"
)

// slot keeps one game in play: it creates a game, plays it to its end and
// creates the next, until it is stopped.
type slot struct {
	r      *runner
	ctx    context.Context
	cancel context.CancelFunc
	rng    *rand.Rand
}

func (r *runner) newSlot(parent context.Context) *slot {
	ctx, cancel := context.WithCancel(parent)
	return &slot{r: r, ctx: ctx, cancel: cancel, rng: r.rng()}
}

// stop ends the slot: its game is resigned and its sockets closed.
func (s *slot) stop() { s.cancel() }

func (s *slot) run() {
	backoff := time.Second
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-s.r.create:
		}
		// A game asked for is created even if the slot stops meanwhile:
		// it is then resigned at once, rather than left ongoing.
		cctx, cancel := context.WithTimeout(context.WithoutCancel(s.ctx), 30*time.Second)
		c, err := s.r.createGame(cctx)
		cancel()
		if err == nil && s.ctx.Err() != nil {
			(&gameRun{r: s.r, id: c.id, tokens: c.tokens}).resign()
			return
		}
		if err != nil {
			var fe *fatalError
			if errors.As(err, &fe) {
				s.r.fail(err)
				return
			}
			if s.r.sleep(s.ctx, jitter(s.rng, backoff)) != nil {
				return
			}
			backoff = min(2*backoff, 10*time.Second)
			continue
		}
		backoff = time.Second
		s.play(c)
	}
}

// jitter is d give or take a half.
func jitter(rng *rand.Rand, d time.Duration) time.Duration {
	return d/2 + time.Duration(rng.Int64N(int64(d)+1))
}

// play runs one game: its players' and spectators' sockets, until it ends
// (then the slot creates the next) or the slot is stopped (then a player
// resigns it).
func (s *slot) play(c *created) {
	r := s.r
	r.cur.Load().started.Add(1)
	g := &gameRun{r: r, id: c.id, tokens: c.tokens, over: make(chan struct{})}
	// The sockets outlive the slot's context by a resignation.
	gctx, gcancel := context.WithCancel(context.Background())
	defer gcancel()
	if r.cfg.SocketPerGame {
		p := &sock{r: r, tgt: r.nextTarget(), g: g, rng: r.rng(), scheduled: -1}
		for seat, tok := range c.tokens {
			p.tokens = append(p.tokens, tok)
			p.seats |= 1 << uint(seat)
		}
		g.players = append(g.players, p)
	} else {
		for seat, tok := range c.tokens {
			g.players = append(g.players, &sock{r: r, tgt: r.nextTarget(), g: g, rng: r.rng(), scheduled: -1, tokens: []string{tok}, seats: 1 << uint(seat)})
		}
	}
	all := append([]*sock(nil), g.players...)
	for range r.cfg.Spectators {
		all = append(all, &sock{r: r, tgt: r.nextTarget(), g: g, rng: r.rng(), scheduled: -1, spectator: true})
	}
	var wg sync.WaitGroup
	for _, k := range all {
		wg.Add(1)
		go func() {
			defer wg.Done()
			k.run(gctx)
		}()
	}
	r.live.Add(1)
	select {
	case <-g.over:
		r.cur.Load().finished.Add(1)
	case <-s.ctx.Done():
		g.resign()
	}
	r.live.Add(-1)
	gcancel()
	wg.Wait()
}

// created is a game just created: its id and the tokens of its seats.
type created struct {
	id     string
	tokens map[int]string
}

// fatalError is a refusal that no retry will change: the form is wrong
// for this server.
type fatalError struct{ err error }

func (e *fatalError) Error() string { return e.err.Error() }
func (e *fatalError) Unwrap() error { return e.err }

// browserHeaders are the headers a browser sends with a same-origin
// request of the game's pages.
func (r *runner) browserHeaders(h http.Header, mode, dest string) {
	h.Set("Origin", r.origin)
	h.Set("Sec-Fetch-Site", "same-origin")
	h.Set("Sec-Fetch-Mode", mode)
	h.Set("Sec-Fetch-Dest", dest)
	h.Set("User-Agent", "plateau-loadtest/1")
	h.Set("Accept-Language", "en")
}

// healthy checks that the server answers GET /healthz with 200.
func (r *runner) healthy(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, r.base.String()+"/healthz", nil)
	if err != nil {
		return err
	}
	r.browserHeaders(req.Header, "cors", "empty")
	resp, err := r.httpc.Do(req)
	if err != nil {
		return game.Errorf(game.Text{EN: "loadtest: the server does not answer: %v", FR: "loadtest : le serveur ne répond pas : %v"}, err)
	}
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 4<<10))
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("loadtest: GET /healthz: %s: %s", resp.Status, pageText(body))
	}
	return nil
}

// createGame posts the new game form and reads the game's id and tokens
// from the redirect.
func (r *runner) createGame(ctx context.Context) (*created, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, r.base.String()+"/games", strings.NewReader(r.form.Encode()))
	if err != nil {
		return nil, &fatalError{err}
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	r.browserHeaders(req.Header, "navigate", "document")
	st := r.cur.Load()
	resp, err := r.httpc.Do(req)
	if err != nil {
		if ctx.Err() == nil {
			st.count(st.connFail, "POST /games: "+failureKind(err))
		}
		return nil, err
	}
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
	st.count(st.http, "POST /games "+strconv.Itoa(resp.StatusCode))
	if resp.StatusCode != http.StatusSeeOther {
		err := fmt.Errorf("POST /games: %s: %s", resp.Status, pageText(body))
		if resp.StatusCode >= 400 && resp.StatusCode < 500 && resp.StatusCode != http.StatusTooManyRequests &&
			resp.StatusCode != http.StatusRequestTimeout {
			return nil, &fatalError{err}
		}
		return nil, err
	}
	c, err := parseLocation(resp.Header.Get("Location"))
	if err != nil {
		return nil, &fatalError{err}
	}
	return c, nil
}

// parseLocation reads /games/ID#me=0-TOKEN&inv=1-TOKEN,2-TOKEN.
func parseLocation(loc string) (*created, error) {
	u, err := url.Parse(loc)
	if err != nil {
		return nil, fmt.Errorf("POST /games: Location %q: %v", loc, err)
	}
	i := strings.LastIndex(u.Path, "/games/")
	if i < 0 || len(u.Path) == i+len("/games/") {
		return nil, fmt.Errorf("POST /games: Location %q is not a game", loc)
	}
	c := &created{id: u.Path[i+len("/games/"):], tokens: map[int]string{}}
	frag, err := url.ParseQuery(u.Fragment)
	if err != nil {
		return nil, fmt.Errorf("POST /games: Location %q: fragment: %v", loc, err)
	}
	for _, key := range []string{"me", "inv"} {
		for _, item := range strings.Split(frag.Get(key), ",") {
			seat, tok, ok := strings.Cut(item, "-")
			n, err := strconv.Atoi(seat)
			if !ok || err != nil || n < 0 || n >= 8 || tok == "" {
				continue
			}
			c.tokens[n] = tok
		}
	}
	if len(c.tokens) == 0 {
		return nil, fmt.Errorf("POST /games: Location %q holds no seat token", loc)
	}
	return c, nil
}

// pageText is the gist of an HTML error page: its text, squeezed.
func pageText(b []byte) string {
	var out strings.Builder
	in := false
	for _, c := range string(b) {
		switch {
		case c == '<':
			in = true
		case c == '>':
			in = false
			out.WriteByte(' ')
		case !in:
			out.WriteRune(c)
		}
	}
	s := strings.Join(strings.Fields(out.String()), " ")
	if len(s) > 300 {
		s = s[:300] + "…"
	}
	return s
}

// failureKind names a connection failure for the counts.
func failureKind(err error) string {
	var ne net.Error
	switch {
	case errors.Is(err, syscall.ECONNREFUSED):
		return "refused"
	case errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.EPIPE):
		return "reset"
	case errors.Is(err, syscall.EADDRNOTAVAIL):
		return "no local port left"
	case errors.Is(err, syscall.EMFILE), errors.Is(err, syscall.ENFILE):
		return "too many open files"
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, os.ErrDeadlineExceeded),
		errors.As(err, &ne) && ne.Timeout():
		return "timeout"
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return "closed"
	}
	return "other"
}

// gameRun is a game being played: what its sockets share.
type gameRun struct {
	r        *runner
	id       string
	tokens   map[int]string
	players  []*sock
	overOnce sync.Once
	over     chan struct{}

	mu   sync.Mutex
	ring [16]plyTimes // by ply modulo 16
}

// plyTimes is when the move of a ply was sent by its player and when its
// ack arrived (ns since the start of the run; 0: not seen).
type plyTimes struct {
	ply          int
	sent, acked  int64
	computerSeen bool
}

func (g *gameRun) end() { g.overOnce.Do(func() { close(g.over) }) }

func (g *gameRun) isOver() bool {
	select {
	case <-g.over:
		return true
	default:
		return false
	}
}

func (g *gameRun) markSent(ply int, at int64) {
	g.mu.Lock()
	g.ring[ply%len(g.ring)] = plyTimes{ply: ply, sent: at}
	g.mu.Unlock()
}

// sentAt is when the move of ply was sent, or 0.
func (g *gameRun) sentAt(ply int) int64 {
	if ply < 0 {
		return 0
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if e := g.ring[ply%len(g.ring)]; e.ply == ply {
		return e.sent
	}
	return 0
}

// acked records the ack of ply and gives when its move was sent.
func (g *gameRun) acked(ply int, at int64) (sent int64) {
	g.mu.Lock()
	defer g.mu.Unlock()
	e := &g.ring[ply%len(g.ring)]
	if e.ply != ply || e.sent == 0 {
		return 0
	}
	e.acked = at
	return e.sent
}

// computerReply gives when the ack of the move before a computer's move
// ply arrived, once per computer move (several sockets see it).
func (g *gameRun) computerReply(ply int) int64 {
	if ply < 1 {
		return 0
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	e := &g.ring[(ply-1)%len(g.ring)]
	if e.ply != ply-1 || e.acked == 0 || e.computerSeen {
		return 0
	}
	e.computerSeen = true
	return e.acked
}

// resign has a player resign the game, when the run stops with the game
// still on: the store is left with finished games. A player's socket does
// it; without one connected, a socket of its own.
func (g *gameRun) resign() {
	resign := []byte(`{"type":"resign"}`)
	for _, p := range g.players {
		p.mu.Lock()
		conn, over := p.conn, p.over
		p.mu.Unlock()
		if over {
			return
		}
		if conn == nil {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		err := conn.Write(ctx, websocket.MessageText, resign)
		cancel()
		if err == nil {
			return
		}
	}
	var tokens []string
	for _, tok := range g.tokens {
		tokens = append(tokens, tok)
	}
	r := g.r
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	h := http.Header{}
	r.browserHeaders(h, "websocket", "websocket")
	conn, _, err := websocket.Dial(ctx, r.wsBase+"/games/"+g.id+"/ws", &websocket.DialOptions{HTTPClient: r.wsClient(), HTTPHeader: h})
	if err != nil {
		return
	}
	defer conn.CloseNow()
	hello, _ := json.Marshal(helloMsg{Type: "hello", Tokens: tokens, Lang: "en"})
	if conn.Write(ctx, websocket.MessageText, hello) == nil && conn.Write(ctx, websocket.MessageText, resign) == nil {
		conn.Close(websocket.StatusGoingAway, "")
	}
}

// sock is one WebSocket of a game: a player (holding one seat's token, or
// every seat's) or a spectator.
type sock struct {
	r         *runner
	tgt       target // the server it connects to
	g         *gameRun
	tokens    []string
	seats     uint8
	spectator bool
	rng       *rand.Rand
	paged     bool // the game page was fetched

	mu        sync.Mutex
	conn      *websocket.Conn
	synced    bool // a state came since the last (re)connection
	ply       int  // moves known
	over      bool
	legal     []string
	scheduled int  // the ply a move is scheduled or in flight for, or -1
	inflight  bool // a move was sent, no answer yet
	timer     *time.Timer
}

// run keeps the socket connected until ctx ends, reconnecting with
// back-off when the connection fails or closes.
func (k *sock) run(ctx context.Context) {
	backoff := 100 * time.Millisecond
	for ctx.Err() == nil && !k.g.isOver() {
		t0 := time.Now()
		k.session(ctx)
		if ctx.Err() != nil || k.g.isOver() {
			return
		}
		if time.Since(t0) > 10*time.Second {
			backoff = 100 * time.Millisecond
		}
		if k.r.sleep(ctx, jitter(k.rng, backoff)) != nil {
			return
		}
		backoff = min(2*backoff, 5*time.Second)
	}
}

// fetchPage GETs the game page, as a browser opening the game's link.
func (k *sock) fetchPage(ctx context.Context) {
	r := k.r
	st := r.cur.Load()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, r.base.String()+"/games/"+k.g.id, nil)
	if err != nil {
		return
	}
	r.browserHeaders(req.Header, "navigate", "document")
	resp, err := r.httpc.Do(req)
	if err != nil {
		if ctx.Err() == nil {
			st.count(st.connFail, "GET /games/{id}: "+failureKind(err))
		}
		return
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	st.count(st.http, "GET /games/{id} "+strconv.Itoa(resp.StatusCode))
}

// session is one connection: dial, hello, then messages until it closes.
func (k *sock) session(ctx context.Context) {
	r := k.r
	if r.cfg.FetchPages && !k.paged {
		k.paged = true
		k.fetchPage(ctx)
	}
	select {
	case r.dialSem <- struct{}{}:
	case <-ctx.Done():
		return
	}
	h := http.Header{}
	r.browserHeaders(h, "websocket", "websocket")
	h.Set("Origin", k.tgt.origin)
	dctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	conn, resp, err := websocket.Dial(dctx, k.tgt.wsBase+"/games/"+k.g.id+"/ws", &websocket.DialOptions{HTTPClient: r.wsClient(), HTTPHeader: h})
	cancel()
	<-r.dialSem
	st := r.cur.Load()
	if err != nil {
		if ctx.Err() != nil {
			return
		}
		if resp != nil && resp.StatusCode != 0 {
			st.count(st.http, "GET /games/{id}/ws "+strconv.Itoa(resp.StatusCode))
			st.count(st.connFail, "WebSocket: HTTP "+strconv.Itoa(resp.StatusCode))
		} else {
			st.count(st.connFail, "WebSocket: "+failureKind(err))
		}
		return
	}
	st.count(st.http, "GET /games/{id}/ws 101")
	conn.SetReadLimit(16 << 20)
	r.sockets.Add(1)
	defer r.sockets.Add(-1)
	stop := context.AfterFunc(ctx, func() { conn.Close(websocket.StatusGoingAway, "") })
	defer stop()

	k.mu.Lock()
	k.conn, k.synced, k.scheduled, k.inflight = conn, false, -1, false
	hello := helloMsg{Type: "hello", Tokens: k.tokens, Ply: k.ply, Lang: "en"}
	k.mu.Unlock()
	defer func() {
		k.mu.Lock()
		k.conn = nil
		if k.timer != nil {
			k.timer.Stop()
			k.timer = nil
		}
		k.mu.Unlock()
		conn.CloseNow()
	}()
	b, _ := json.Marshal(hello)
	wctx, wcancel := context.WithTimeout(ctx, 10*time.Second)
	err = conn.Write(wctx, websocket.MessageText, b)
	wcancel()
	if err != nil {
		k.closed(ctx, err)
		return
	}
	for {
		_, rd, err := conn.Reader(context.Background())
		if err != nil {
			k.closed(ctx, err)
			return
		}
		bp := r.bufs.Get().(*[]byte)
		buf, err := readAll((*bp)[:0], rd)
		if err != nil {
			r.bufs.Put(bp)
			k.closed(ctx, err)
			return
		}
		k.handle(buf)
		if cap(buf) <= 1<<20 {
			*bp = buf[:0]
			r.bufs.Put(bp)
		}
	}
}

// closed counts a connection lost other than by the load generator.
func (k *sock) closed(ctx context.Context, err error) {
	if ctx.Err() != nil || k.g.isOver() {
		return
	}
	st := k.r.cur.Load()
	code := websocket.CloseStatus(err)
	if code == -1 {
		st.count(st.closes, "no close frame: "+failureKind(err))
		return
	}
	st.count(st.closes, fmt.Sprintf("%d %s", int(code), strings.TrimPrefix(code.String(), "Status")))
}

func readAll(b []byte, rd io.Reader) ([]byte, error) {
	if cap(b) == 0 {
		b = make([]byte, 0, 16<<10)
	}
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
		n, err := rd.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return b, err
		}
	}
}

// The messages of the protocol (docs/server.md), as far as they are read.

type helloMsg struct {
	Type   string   `json:"type"`
	Tokens []string `json:"tokens"`
	Ply    int      `json:"ply"`
	Lang   string   `json:"lang"`
}

type moveOut struct {
	Type string `json:"type"`
	Ply  int    `json:"ply"`
	Move string `json:"move"`
}

// smallMsg is ack, move, reject, error and info.
type smallMsg struct {
	Ply  int    `json:"ply"`
	Move string `json:"move"`
	Seat int    `json:"seat"`
	Code string `json:"code"`
}

// handle reads one server message.
func (k *sock) handle(b []byte) {
	r := k.r
	st := r.cur.Load()
	now := r.now()
	typ := msgType(b)
	if typ == "state" {
		k.onState(b, now, st)
		return
	}
	var m smallMsg
	switch typ {
	case "ack", "move", "reject", "error", "info":
		if err := json.Unmarshal(b, &m); err != nil {
			st.count(st.errors, "unreadable "+typ)
			return
		}
	}
	switch typ {
	case "moves":
		// The moves missed while away: the state that follows has them.
	case "chat", "chatdeleted":
		// The game's chat (its history comes with every hello): not load.
	case "ack":
		k.onAck(m, now, st)
	case "move":
		k.onMove(m, now, st)
	case "reject":
		st.count(st.rejects, m.Code)
		k.mu.Lock()
		// A state follows: the move is chosen again from it.
		k.scheduled, k.inflight = -1, false
		k.mu.Unlock()
	case "error":
		st.count(st.errors, m.Code)
		k.onError()
	case "info":
		st.count(st.infos, m.Code)
	default:
		// A message this tool does not know is not the server's fault.
		st.count(st.infos, "message "+strconv.Quote(typ))
	}
}

func (k *sock) onAck(m smallMsg, now int64, st *stats) {
	if sent := k.g.acked(m.Ply, now); sent > 0 {
		st.latency(&st.ack, time.Duration(now-sent))
	}
	if st.measuring.Load() {
		st.moves.Add(1)
	}
	k.mu.Lock()
	k.inflight = false
	k.mu.Unlock()
}

func (k *sock) onMove(m smallMsg, now int64, st *stats) {
	if k.spectator {
		k.seen(m.Ply+1, now, st)
		return
	}
	if m.Seat == k.r.compSeat {
		if acked := k.g.computerReply(m.Ply); acked > 0 {
			st.latency(&st.computer, time.Duration(now-acked))
			if st.measuring.Load() {
				st.computerMoves.Add(1)
			}
		}
		return
	}
	if sent := k.g.sentAt(m.Ply); sent > 0 {
		st.latency(&st.opponent, time.Duration(now-sent))
	}
}

// seen records that a spectator knows the first n moves: the latency of
// each new one.
func (k *sock) seen(n int, now int64, st *stats) {
	k.mu.Lock()
	from, synced := k.ply, k.synced
	if n > k.ply {
		k.ply = n
	}
	k.synced = true
	k.mu.Unlock()
	if !synced {
		return // the moves before the connection are not news
	}
	for p := from; p < n; p++ {
		if sent := k.g.sentAt(p); sent > 0 {
			st.latency(&st.spectator, time.Duration(now-sent))
		}
	}
}

// onError follows an error message. A move in flight that got an error
// instead of an ack (the server refused the message: rate, size) is sent
// again after a think time: no state follows an error.
func (k *sock) onError() {
	k.mu.Lock()
	defer k.mu.Unlock()
	if !k.inflight || k.scheduled < 0 || k.over {
		return
	}
	k.inflight = false
	ply := k.scheduled
	k.timer = time.AfterFunc(max(k.r.think(k.rng), 200*time.Millisecond), func() { k.fire(ply) })
}

func (k *sock) onState(b []byte, now int64, st *stats) {
	ply, ok1 := intField(b, "ply")
	toMove, ok2 := intField(b, "toMove")
	result, ok3 := strField(b, "result")
	if !ok1 || !ok2 || !ok3 {
		var full struct {
			Ply    int    `json:"ply"`
			ToMove int    `json:"toMove"`
			Result string `json:"result"`
		}
		if err := json.Unmarshal(b, &full); err != nil {
			st.count(st.errors, "unreadable state")
			return
		}
		ply, toMove, result = full.Ply, full.ToMove, full.Result
	}
	over := result != "*"
	if k.spectator {
		k.seen(ply, now, st)
		if over {
			k.g.end()
		}
		return
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	k.ply, k.synced = ply, true
	if over {
		k.over = true
		if k.timer != nil {
			k.timer.Stop()
			k.timer = nil
		}
		k.g.end()
		return
	}
	if toMove < 0 || k.seats&(1<<uint(toMove)) == 0 {
		// Not our turn.
		if k.timer != nil {
			k.timer.Stop()
			k.timer = nil
		}
		k.scheduled, k.inflight = -1, false
		return
	}
	if k.scheduled == ply {
		return // already on it
	}
	legal, err := legalMoves(b)
	if err != nil {
		st.count(st.errors, "unreadable legal moves")
		return
	}
	if k.timer != nil {
		k.timer.Stop()
	}
	k.legal = legal
	k.scheduled, k.inflight = ply, false
	k.timer = time.AfterFunc(k.r.think(k.rng), func() { k.fire(ply) })
}

// fire plays the move scheduled for ply: a random legal move, or a
// resignation past --max-plies.
func (k *sock) fire(ply int) {
	r := k.r
	k.mu.Lock()
	if k.scheduled != ply || k.ply != ply || k.conn == nil || k.over || k.inflight {
		k.mu.Unlock()
		return
	}
	conn := k.conn
	var msg []byte
	if r.cfg.MaxPlies > 0 && ply >= r.cfg.MaxPlies {
		msg = []byte(`{"type":"resign"}`)
		k.over = true
		r.cur.Load().resigned.Add(1)
	} else {
		if len(k.legal) == 0 {
			k.mu.Unlock()
			return
		}
		mv := k.legal[k.rng.IntN(len(k.legal))]
		msg, _ = json.Marshal(moveOut{Type: "move", Ply: ply, Move: mv})
		k.g.markSent(ply, r.now())
	}
	k.inflight = true
	k.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn.Write(ctx, websocket.MessageText, msg) // a failure shows in the reader
}

// wsClient is the HTTP client of the WebSocket handshakes: its
// connections are taken over by the sockets, never pooled.
func (r *runner) wsClient() *http.Client {
	r.wsOnce.Do(func() {
		r.ws = &http.Client{Transport: &http.Transport{Proxy: nil, DisableKeepAlives: true,
			DialContext: (&net.Dialer{Timeout: 10 * time.Second}).DialContext}}
	})
	return r.ws
}
