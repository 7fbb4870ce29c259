package live

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
	"golang.org/x/time/rate"

	"github.com/plateau-games/plateau/server/internal/site"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

const (
	// MaxMessage is the largest client message the protocol needs (a
	// hello with four tokens, a move); larger ones get an error message.
	MaxMessage = 4 << 10
	// MaxFrame is the read limit: beyond it the connection is closed with
	// status 1009 (message too big) without reading the rest.
	MaxFrame = 64 << 10
	// sendQueue is how many discrete messages (acks, errors, notices) may
	// wait for a slow client before it is disconnected (it resumes by
	// reconnecting). States do not queue: a connection is sent the latest.
	sendQueue    = 64
	writeTimeout = 10 * time.Second
	// MaxRateStrikes is how many messages over its rate a connection may
	// send in a row before it is closed.
	MaxRateStrikes = 20
	// StatusIdle closes a connection that sent nothing for the idle
	// timeout; the page reconnects when its player comes back.
	StatusIdle = websocket.StatusCode(4000)
)

// wsAcceptOptions are the options the WebSocket upgrade should use: the
// front middleware has checked the origin (sameOriginUpgrade), and the
// configured public origins are accepted as well as the request's host,
// which a reverse proxy may have rewritten.
func (lv *Live) wsAcceptOptions() *websocket.AcceptOptions {
	// permessage-deflate without context takeover: each message is
	// compressed alone with a pooled writer, so an idle connection holds
	// no compressor (with takeover, 1.2 MB each). A state (the board's
	// SVG and the legal moves) shrinks about ninefold.
	opts := &websocket.AcceptOptions{CompressionMode: websocket.CompressionNoContextTakeover}
	for _, o := range lv.cfg.Origins {
		_, host, _ := strings.Cut(o, "://")
		opts.OriginPatterns = append(opts.OriginPatterns, host)
	}
	return opts
}

// stateBuffers hold state messages while they are written.
var stateBuffers = sync.Pool{New: func() any { return new([]byte) }}

// client is one WebSocket connection: a player (holding seat tokens) or a
// spectator. seats, lang and gone are guarded by the room's mutex; the
// latest state by its own, since the writer takes it.
type client struct {
	conn     *websocket.Conn
	addr     string
	key      string        // its address for rate limits (an IPv6 /64)
	send     chan []byte   // discrete messages, in order
	wake     chan struct{} // a new state is waiting (capacity 1)
	seats    uint8         // seats whose token it showed
	left     uint8         // seats it held whose players left the table (leaving.go): it watches them
	you      []byte        // youPrefix(seats)
	lang     string        // of seat names and drawings: "en" or "fr"
	flip     bool          // the drawing seen from the other side
	greeted  bool          // it has said hello
	user     string        // the account logged in when it connected ("" for none)
	operator bool          // that account is an operator: it may delete chat messages
	chat     *rate.Limiter // its chat messages
	hints    *rate.Limiter // its hints (nil: no limit)
	gone     bool          // dropped: send is closed
	// seatTokens are the tokens it showed, by seat: its link to a
	// rematch (rematch.go) holds them.
	seatTokens [8]string

	lastRead atomic.Int64  // unix ns of the last message received
	watchers *atomic.Int64 // connections to its game, the room's count

	stateMu sync.Mutex
	prefix  []byte // `{"you":[...],` of this connection
	state   *sharedState

	engine atomic.Bool // the page runs the rules engine: states after the first go as deltas (delta.go)
}

func (c *client) holds(seat int) bool { return seat >= 0 && c.seats&(1<<uint(seat)) != 0 }

func (c *client) spectator() bool { return c.seats == 0 }

// setState makes st the next state the writer sends, replacing one not
// sent yet: a client slower than the game skips intermediate states, and
// the room never waits for it.
func (c *client) setState(st *sharedState, prefix []byte) {
	c.stateMu.Lock()
	c.state, c.prefix = st, prefix
	c.stateMu.Unlock()
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

func (c *client) takeState() (*sharedState, []byte) {
	c.stateMu.Lock()
	defer c.stateMu.Unlock()
	st := c.state
	c.state = nil
	return st, c.prefix
}

// ServeWS upgrades to a WebSocket and runs the protocol until the client or
// the server goes.
func (lv *Live) ServeWS(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	rm, err := lv.room(r.Context(), id)
	if err != nil {
		switch {
		case errors.Is(err, store.ErrNotFound):
			http.NotFound(w, r)
		case errors.Is(err, errBusy):
			w.Header().Set("Retry-After", "10")
			http.Error(w, "the server is full; try again later", http.StatusServiceUnavailable)
		default:
			id := lv.LogInternal(r, "load game", err)
			web.Info(r).Handled = true
			http.Error(w, "game unavailable, reference "+id, http.StatusServiceUnavailable)
		}
		return
	}
	// Accept checks that the Origin is this host: another site's page
	// cannot drive a visitor's seats.
	conn, err := websocket.Accept(w, r, lv.wsAcceptOptions())
	if err != nil {
		rm.releaseIfEmpty()
		return // Accept has answered
	}
	conn.SetReadLimit(MaxFrame)
	lv.Tasks.Add(1)
	defer lv.Tasks.Done()
	lv.metrics.WebSockets.Inc()
	defer lv.metrics.WebSockets.Dec()

	ctx, cancel := context.WithCancel(lv.Ctx)
	defer cancel()
	c := &client{conn: conn, addr: web.Info(r).Client.String(), key: web.Info(r).Key, send: make(chan []byte, sendQueue), wake: make(chan struct{}, 1),
		prefix: youPrefix(0), you: youPrefix(0)}
	if u := lv.club.CurrentUser(r); u != nil {
		c.user, c.operator = u.Name, u.Role == store.RoleOperator
	}
	// Closed at once if its session or bot token is revoked (club/revoke.go).
	defer lv.club.TrackCredential(web.Info(r), func() { go conn.Close(site.StatusRevoked, "signed out: the account or its token was revoked") })()
	c.chat = newChatLimiter()
	c.hints = lv.newHintLimiter()
	c.lastRead.Store(time.Now().UnixNano())
	for !rm.join(c) {
		// The room was evicted between lookup and join: load it again.
		if rm, err = lv.room(ctx, id); err != nil {
			conn.Close(websocket.StatusTryAgainLater, "game unavailable; try again")
			return
		}
	}
	done := make(chan struct{})
	lv.GoSafe("websocket writer", func() {
		defer close(done)
		lv.writeLoop(ctx, c)
	})
	stopPings := lv.startPings(ctx, c)
	defer func() {
		// A panic while handling a message leaves the room in a state
		// nobody can vouch for: log it, end the room (its clients reload
		// it from the store, which holds only what was acknowledged) and
		// keep serving the other games.
		if v := recover(); v != nil {
			lv.LogPanic("websocket handler", v)
			rm.fail()
		}
		rm.leave(c)
		cancel()
		stopPings()
		<-done
		conn.Close(websocket.StatusNormalClosure, "")
	}()
	limiter := rate.NewLimiter(rate.Limit(lv.cfg.MessagesPerSecond), lv.cfg.MessageBurst)
	strikes := 0
	for {
		typ, data, err := conn.Read(ctx)
		if err != nil {
			return
		}
		c.lastRead.Store(time.Now().UnixNano())
		if !limiter.Allow() {
			lv.metrics.RateLimited.Inc()
			strikes++
			if strikes > MaxRateStrikes {
				conn.Close(websocket.StatusPolicyViolation, "too many messages")
				return
			}
			rm.sendError(c, "rate_limited", fmt.Sprintf("too many messages: at most %g a second; this one was ignored", lv.cfg.MessagesPerSecond))
			continue
		}
		strikes = 0
		if len(data) > MaxMessage {
			rm.sendError(c, "too_big", fmt.Sprintf("message of %d bytes; the limit is %d", len(data), MaxMessage))
			continue
		}
		var msg inMsg
		if typ != websocket.MessageText || json.Unmarshal(data, &msg) != nil {
			rm.sendError(c, "malformed", `messages are JSON objects with a "type": hello, move, resign, draw, undo, answer, rematch, chat, chatdelete, hint`)
			continue
		}
		if !rm.handle(ctx, c, msg) {
			// The room ended under us (evicted after a failure): the
			// client reconnects and gets a fresh one.
			conn.Close(websocket.StatusTryAgainLater, "game reloading")
			return
		}
	}
}

// writeLoop sends a client its messages: discrete messages in order, and
// the latest state after the messages queued before it. Spectators get at
// most one state per SpectatorInterval: a game played fast costs the same
// however many people watch it.
func (lv *Live) writeLoop(ctx context.Context, c *client) {
	var last time.Time
	var sent *sharedState // the last state written, for deltas
	var sentPrefix []byte
	var timer *time.Timer
	var timerC <-chan time.Time
	defer func() {
		if timer != nil {
			timer.Stop()
		}
	}()
	fail := func() {
		c.conn.CloseNow()
		for range c.send { // drain until the room drops us
		}
	}
	write := func(msg []byte) bool {
		wctx, cancel := context.WithTimeout(ctx, writeTimeout)
		defer cancel()
		return c.conn.Write(wctx, websocket.MessageText, msg) == nil
	}
	// drain sends the discrete messages already queued; false when the
	// connection is over.
	drain := func() bool {
		for {
			select {
			case msg, ok := <-c.send:
				if !ok {
					return false
				}
				if !write(msg) {
					fail()
					return false
				}
			default:
				return true
			}
		}
	}
	sendState := func() bool {
		if !drain() {
			return false
		}
		st, prefix := c.takeState()
		if st == nil {
			return true
		}
		last = time.Now()
		if c.engine.Load() {
			var d []byte
			ok := false
			if sent != nil && bytes.Equal(prefix, sentPrefix) {
				d, ok = stateDelta(sent, st)
			} else {
				d, ok = boardless(st, prefix)
			}
			if ok {
				sent, sentPrefix = st, prefix
				if !write(d) {
					fail()
					return false
				}
				lv.metrics.StatesSent.Inc()
				return true
			}
		}
		sent, sentPrefix = st, prefix
		// One write a message, from a pooled buffer: an idle connection
		// holds none (ten thousand of them would hold a board each).
		bp := stateBuffers.Get().(*[]byte)
		buf := append(append((*bp)[:0], prefix...), st.body...)
		ok := write(buf)
		if cap(buf) <= 1<<20 {
			*bp = buf
			stateBuffers.Put(bp)
		}
		if !ok {
			fail()
			return false
		}
		lv.metrics.StatesSent.Inc()
		return true
	}
	for {
		select {
		case msg, ok := <-c.send:
			if !ok {
				return
			}
			if !write(msg) {
				fail()
				return
			}
		case <-c.wake:
			if c.isSpectator() && lv.cfg.SpectatorInterval > 0 {
				if wait := lv.spectatorInterval(c) - time.Since(last); wait > 0 {
					if timerC == nil {
						timer = time.NewTimer(wait)
						timerC = timer.C
					}
					continue
				}
			}
			if !sendState() {
				return
			}
		case <-timerC:
			timer, timerC = nil, nil
			if !sendState() {
				return
			}
		}
	}
}

// spectatorBudget is the spectator states a game sends a second at most,
// all its spectators together: beyond SpectatorInterval, a crowd gets its
// states less often rather than costing its game more.
const spectatorBudget = 1000

// spectatorInterval is the least time between two states to the spectator
// c: SpectatorInterval, or longer when its game has many watchers.
func (lv *Live) spectatorInterval(c *client) time.Duration {
	crowd := time.Duration(c.watchers.Load()) * time.Second / spectatorBudget
	return max(lv.cfg.SpectatorInterval, crowd)
}

// isSpectator reads the seats of a client outside the room's lock: the
// prefix changes with them, under stateMu.
func (c *client) isSpectator() bool {
	c.stateMu.Lock()
	defer c.stateMu.Unlock()
	return len(c.prefix) == len(`{"you":[],`)
}

// startPings pings the client every PingInterval; one that does not answer
// within the write timeout is gone (a dead network keeps no connection).
// It also closes a connection that sent nothing for the idle timeout: a
// page left open with nothing to say (it reconnects when its player comes
// back), so that forgotten tabs do not hold connections for ever. It runs
// on a timer, not in a goroutine of its own: ten thousand idle connections
// should not be ten thousand more goroutines for the collector to scan.
// The returned function stops it.
func (lv *Live) startPings(ctx context.Context, c *client) (stop func()) {
	every := min(lv.cfg.PingInterval, lv.cfg.IdleTimeout/4)
	lastPing := time.Now()
	var t *time.Timer
	var mu sync.Mutex // guards t between the callback and stop
	check := func() {
		defer func() {
			if v := recover(); v != nil {
				lv.LogPanic("websocket pinger", v)
			}
		}()
		if ctx.Err() != nil {
			return
		}
		if time.Since(time.Unix(0, c.lastRead.Load())) > lv.cfg.IdleTimeout {
			lv.metrics.IdleClosed.Inc()
			c.conn.Close(StatusIdle, "idle")
			return
		}
		if time.Since(lastPing) >= lv.cfg.PingInterval {
			lastPing = time.Now()
			pctx, cancel := context.WithTimeout(ctx, writeTimeout)
			err := c.conn.Ping(pctx)
			cancel()
			if err != nil {
				if ctx.Err() == nil {
					lv.metrics.PingTimeouts.Inc()
				}
				c.conn.CloseNow()
				return
			}
		}
		mu.Lock()
		if ctx.Err() == nil {
			t.Reset(every)
		}
		mu.Unlock()
	}
	mu.Lock()
	t = time.AfterFunc(every, check)
	mu.Unlock()
	return func() {
		mu.Lock()
		t.Stop()
		mu.Unlock()
	}
}
