package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/record"
	"github.com/plateau-games/plateau/store"
)

const (
	// maxMessage is the largest client message the protocol needs (a
	// hello with four tokens, a move); larger ones get an error message.
	maxMessage = 4 << 10
	// maxFrame is the read limit: beyond it the connection is closed with
	// status 1009 (message too big) without reading the rest.
	maxFrame = 64 << 10
	// sendQueue is how many messages may wait for a slow client before it
	// is disconnected (it resumes by reconnecting).
	sendQueue    = 64
	writeTimeout = 10 * time.Second
)

// inMsg is a message from a browser. See docs/server.md.
type inMsg struct {
	Type   string   `json:"type"`
	Tokens []string `json:"tokens,omitempty"`
	Ply    *int     `json:"ply,omitempty"`
	Move   string   `json:"move,omitempty"`
	Accept bool     `json:"accept,omitempty"`
	Lang   string   `json:"lang,omitempty"`
}

type errorMsg struct {
	Type    string `json:"type"` // "error" or "reject" (a refused move)
	Code    string `json:"code"`
	Message string `json:"message"`
	Ply     *int   `json:"ply,omitempty"`
	Move    string `json:"move,omitempty"`
}

type moveMsg struct {
	Type string `json:"type"` // "ack" to the mover, "move" to the others
	Ply  int    `json:"ply"`
	Move string `json:"move"`
	Seat int    `json:"seat"`
}

type movesMsg struct {
	Type  string   `json:"type"` // "moves": the moves from From on
	From  int      `json:"from"`
	Moves []string `json:"moves"`
}

type infoMsg struct {
	Type string `json:"type"` // "info"
	Code string `json:"code"` // "declined", "undone", "drawn", "resigned", "flag"
	Seat int    `json:"seat"`
}

type seatInfo struct {
	Name  string `json:"name"`
	Kind  string `json:"kind"`
	Agent string `json:"agent,omitempty"`
}

type legalMove struct {
	Move   string   `json:"move"`
	Places []string `json:"places"`
}

type offerInfo struct {
	Kind  string `json:"kind"` // "draw" or "undo"
	By    int    `json:"by"`
	Needs []int  `json:"needs"`
}

type stateMsg struct {
	Type     string      `json:"type"` // "state"
	Game     string      `json:"game"`
	Ply      int         `json:"ply"`
	Moves    []string    `json:"moves"`
	ToMove   int         `json:"toMove"`
	Result   string      `json:"result"`
	Reason   string      `json:"reason,omitempty"`
	Seats    []seatInfo  `json:"seats"`
	You      []int       `json:"you"`
	SVG      string      `json:"svg"`
	Legal    []legalMove `json:"legal"`
	Clocks   []int64     `json:"clocks,omitempty"`
	Running  int         `json:"running"`
	Offer    *offerInfo  `json:"offer,omitempty"`
	Casual   bool        `json:"casual"`
	Thinking bool        `json:"thinking"`
}

// client is one WebSocket connection: a player (holding seat tokens) or a
// spectator.
type client struct {
	conn  *websocket.Conn
	send  chan []byte
	seats uint8  // seats whose token it showed
	lang  string // of seat names and drawings: "en" or "fr"
	gone  bool   // dropped: send is closed
}

func (c *client) holds(seat int) bool { return seat >= 0 && c.seats&(1<<uint(seat)) != 0 }

// offer is a pending draw offer or undo request.
type offer struct {
	kind  string
	by    int
	needs uint8 // seats that must accept
	got   uint8
	keep  int // undo: plies kept
}

// room is a game being played: its match, its connections, its clocks and
// its computer players. All fields are guarded by mu; the store is written
// under mu, so that moves of one game are stored one at a time in ply order.
type room struct {
	s  *Server
	id string

	mu        sync.Mutex
	g         *store.Game
	match     *game.Match
	clients   map[*client]struct{}
	offer     *offer
	clocks    []int64 // remaining ms per seat when turnStart began
	turnStart time.Time
	timer     *time.Timer
	aiCancel  context.CancelFunc
	agents    map[int]Agent
	gen       uint64 // bumped on every change: a stale computer move or flag is dropped
	evicted   bool
}

// room returns the game's room, loading it from the store if needed.
func (s *Server) room(ctx context.Context, id string) (*room, error) {
	if !validGameID(id) {
		return nil, store.ErrNotFound
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil, errors.New("server: shutting down")
	}
	if r := s.rooms[id]; r != nil {
		return r, nil
	}
	g, err := s.store.LoadGame(ctx, id)
	if err != nil {
		return nil, err
	}
	m, err := replayStored(g)
	if err != nil {
		return nil, err
	}
	r := &room{s: s, id: id, clients: map[*client]struct{}{}, agents: map[int]Agent{}}
	r.mu.Lock()
	r.setLocked(g, m)
	if !r.finished() {
		s.metrics.activeGames.Inc()
	}
	r.scheduleLocked()
	r.mu.Unlock()
	s.rooms[id] = r
	return r, nil
}

// setLocked installs a stored game and its match, and the clocks as the
// stored moves left them: the clock of the seat to move has been running
// since the last move.
func (r *room) setLocked(g *store.Game, m *game.Match) {
	r.g, r.match, r.offer = g, m, nil
	r.clocks = nil
	if g.ClockMillis > 0 {
		r.clocks = make([]int64, len(g.Seats))
		for i := range r.clocks {
			r.clocks[i] = g.ClockMillis
		}
		for _, mv := range g.Moves {
			if mv.ClockMillis >= 0 && mv.Seat >= 0 && mv.Seat < len(r.clocks) {
				r.clocks[mv.Seat] = mv.ClockMillis
			}
		}
	}
	r.turnStart = g.CreatedAt
	if n := len(g.Moves); n > 0 {
		r.turnStart = g.Moves[n-1].At
	}
}

func (r *room) finished() bool { return r.g.Result != "*" }

// snapshot copies the game and its match for a page.
func (r *room) snapshot() (*store.Game, *game.Match, error) {
	r.mu.Lock()
	g := *r.g
	g.Seats = slices.Clone(r.g.Seats)
	g.Moves = slices.Clone(r.g.Moves)
	r.mu.Unlock()
	m, err := replayStored(&g)
	return &g, m, err
}

// shutdown closes the room's connections (going away) and stops its timer
// and computer player.
func (r *room) shutdown() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.stopLocked()
	for c := range r.clients {
		go c.conn.Close(websocket.StatusGoingAway, "server shutting down")
	}
}

func (r *room) stopLocked() {
	if r.aiCancel != nil {
		r.aiCancel()
		r.aiCancel = nil
	}
	if r.timer != nil {
		r.timer.Stop()
		r.timer = nil
	}
}

// serveWS upgrades to a WebSocket and runs the protocol until the client or
// the server goes.
func (s *Server) serveWS(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	rm, err := s.room(r.Context(), id)
	if err != nil {
		if errors.Is(err, store.ErrNotFound) {
			http.NotFound(w, r)
			return
		}
		http.Error(w, err.Error(), http.StatusServiceUnavailable)
		return
	}
	// Accept checks that the Origin is this host: another site's page
	// cannot drive a visitor's seats.
	conn, err := websocket.Accept(w, r, nil)
	if err != nil {
		return // Accept has answered
	}
	conn.SetReadLimit(maxFrame)
	s.wg.Add(1)
	defer s.wg.Done()
	s.metrics.websockets.Inc()
	defer s.metrics.websockets.Dec()

	ctx, cancel := context.WithCancel(s.ctx)
	defer cancel()
	c := &client{conn: conn, send: make(chan []byte, sendQueue)}
	for !rm.join(c) {
		// The room was evicted between lookup and join: load it again.
		if rm, err = s.room(ctx, id); err != nil {
			conn.Close(websocket.StatusInternalError, "game unavailable")
			return
		}
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for msg := range c.send {
			wctx, wcancel := context.WithTimeout(ctx, writeTimeout)
			err := conn.Write(wctx, websocket.MessageText, msg)
			wcancel()
			if err != nil {
				conn.CloseNow()
				for range c.send { // drain until the room drops us
				}
				return
			}
		}
	}()
	for {
		typ, data, err := conn.Read(ctx)
		if err != nil {
			break
		}
		if len(data) > maxMessage {
			rm.sendError(c, "too_big", fmt.Sprintf("message of %d bytes; the limit is %d", len(data), maxMessage))
			continue
		}
		var msg inMsg
		if typ != websocket.MessageText || json.Unmarshal(data, &msg) != nil {
			rm.sendError(c, "malformed", `messages are JSON objects with a "type": hello, move, resign, draw, undo, answer`)
			continue
		}
		rm.handle(ctx, c, msg)
	}
	rm.leave(c)
	<-done
	conn.Close(websocket.StatusNormalClosure, "")
}

func (r *room) join(c *client) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.evicted {
		return false
	}
	r.clients[c] = struct{}{}
	return true
}

// leave removes a client; a room nobody watches and where no computer is
// thinking is dropped from memory (it is reloaded from the store on demand).
func (r *room) leave(c *client) {
	r.s.mu.Lock()
	defer r.s.mu.Unlock()
	r.mu.Lock()
	defer r.mu.Unlock()
	r.dropLocked(c)
	if len(r.clients) == 0 && r.aiCancel == nil && !r.evicted {
		r.evicted = true
		r.stopLocked()
		if !r.finished() {
			r.s.metrics.activeGames.Dec()
		}
		if r.s.rooms[r.id] == r {
			delete(r.s.rooms, r.id)
		}
	}
}

func (r *room) dropLocked(c *client) {
	if _, ok := r.clients[c]; ok {
		delete(r.clients, c)
	}
	if !c.gone {
		c.gone = true
		close(c.send)
	}
}

// sendLocked queues a message; a client too slow to take it is dropped.
func (r *room) sendLocked(c *client, v any) {
	if c == nil || c.gone {
		return
	}
	b, err := json.Marshal(v)
	if err != nil {
		r.s.log.Error("marshal", "err", err)
		return
	}
	select {
	case c.send <- b:
	default:
		r.s.log.Warn("slow websocket client dropped", "game", r.id)
		r.dropLocked(c)
		go c.conn.Close(websocket.StatusPolicyViolation, "too slow")
	}
}

func (r *room) sendError(c *client, code, msg string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.sendLocked(c, errorMsg{Type: "error", Code: code, Message: msg})
}

func (r *room) rejectLocked(c *client, code, msg string, ply *int, move string) {
	r.sendLocked(c, errorMsg{Type: "reject", Code: code, Message: msg, Ply: ply, Move: move})
	r.sendLocked(c, r.stateFor(c))
}

// handle runs one client message.
func (r *room) handle(ctx context.Context, c *client, msg inMsg) {
	r.mu.Lock()
	defer r.mu.Unlock()
	switch msg.Type {
	case "hello":
		r.helloLocked(c, msg)
	case "move":
		r.moveLocked(ctx, c, msg)
	case "resign":
		r.resignLocked(ctx, c)
	case "draw", "undo":
		r.offerLocked(ctx, c, msg.Type)
	case "answer":
		r.answerLocked(ctx, c, msg.Accept)
	default:
		r.sendLocked(c, errorMsg{Type: "error", Code: "unknown_type",
			Message: fmt.Sprintf("unknown message type %s; use hello, move, resign, draw, undo or answer", game.Quote(msg.Type))})
	}
}

func (r *room) helloLocked(c *client, msg inMsg) {
	if l := normLang(msg.Lang); l != "" {
		c.lang = l
	}
	bad := 0
	for _, tok := range msg.Tokens {
		found := false
		for i, seat := range r.g.Seats {
			if len(tok) <= 64 && tokenMatches(tok, seat.TokenHash) {
				c.seats |= 1 << uint(i)
				found = true
			}
		}
		if !found {
			bad++
		}
	}
	if bad > 0 {
		r.sendLocked(c, errorMsg{Type: "error", Code: "token",
			Message: fmt.Sprintf("%d token(s) hold no seat of this game; you can watch", bad)})
	}
	n := len(r.g.Moves)
	if msg.Ply != nil && *msg.Ply >= 0 && *msg.Ply <= n {
		r.sendLocked(c, movesMsg{Type: "moves", From: *msg.Ply, Moves: slices.Clone(r.match.Notations()[*msg.Ply:])})
	}
	r.sendLocked(c, r.stateFor(c))
}

func (r *room) moveLocked(ctx context.Context, c *client, msg inMsg) {
	if msg.Ply == nil || strings.TrimSpace(msg.Move) == "" {
		r.sendLocked(c, errorMsg{Type: "error", Code: "malformed", Message: `a move message needs "ply" (the number of moves before it) and "move" (its notation)`})
		return
	}
	if r.finished() {
		r.rejectLocked(c, "over", "the game is over", msg.Ply, msg.Move)
		return
	}
	seat := r.match.ToMove()
	if c.seats == 0 {
		r.rejectLocked(c, "spectator", "spectators cannot move: open the game with a seat's link to play", msg.Ply, msg.Move)
		return
	}
	if *msg.Ply != len(r.g.Moves) {
		r.rejectLocked(c, "stale", fmt.Sprintf("move for ply %d, but %d moves are played: here is the current game", *msg.Ply, len(r.g.Moves)), msg.Ply, msg.Move)
		return
	}
	if !c.holds(seat) {
		r.rejectLocked(c, "not_your_turn", fmt.Sprintf("it is seat %d's turn, not yours", seat+1), msg.Ply, msg.Move)
		return
	}
	if len(msg.Move) > game.MaxInput {
		r.rejectLocked(c, "illegal", "move too long", msg.Ply, "")
		return
	}
	r.commitLocked(ctx, c, seat, msg.Move)
}

// commitLocked plays a move for seat (already checked to be the seat to
// move, at the current ply): the rules engine checks it, the store keeps
// it, and only then is it acknowledged and broadcast. c is nil for a
// computer move.
func (r *room) commitLocked(ctx context.Context, c *client, seat int, notation string) {
	ply := len(r.g.Moves)
	now := r.s.now().UTC()
	clock := int64(-1)
	if r.clocks != nil {
		clock = r.clocks[seat] - now.Sub(r.turnStart).Milliseconds()
		if clock <= 0 {
			r.flagLocked(ctx, seat)
			return
		}
		clock += r.g.IncrementMillis
	}
	if _, err := r.match.PlayNotation(notation); err != nil {
		r.rejectLocked(c, "illegal", err.Error(), &ply, notation)
		return
	}
	canonical := r.match.Notations()[ply]
	mv := store.Move{Ply: ply, Notation: canonical, Seat: seat, At: now, ClockMillis: clock}
	// The write must not be cut short by the mover leaving: once checked,
	// a move is either stored or refused, never half-done.
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	if err := r.s.store.AppendMove(wctx, r.id, mv); err != nil {
		r.match.Undo(1)
		if errors.Is(err, store.ErrConflict) {
			// Another server (or writer) took this ply: the store decides.
			r.reloadLocked(wctx)
			r.rejectLocked(c, "conflict", "another move was stored first: here is the current game", &ply, notation)
			r.broadcastStateLocked()
			return
		}
		r.s.log.Error("store move", "game", r.id, "ply", ply, "err", err)
		r.rejectLocked(c, "storage", "the move could not be stored; try again", &ply, notation)
		return
	}
	r.s.metrics.moves.Inc()
	r.g.Moves = append(r.g.Moves, mv)
	r.g.UpdatedAt = now
	if r.clocks != nil {
		r.clocks[seat] = clock
	}
	r.turnStart = now
	r.offer = nil
	if o := r.match.Outcome(); o.Ended() {
		r.finishLocked(wctx, record.NewResult(r.match.Variant(), o).String(), o.Reason)
	}
	r.sendLocked(c, moveMsg{Type: "ack", Ply: ply, Move: canonical, Seat: seat})
	for other := range r.clients {
		if other != c {
			r.sendLocked(other, moveMsg{Type: "move", Ply: ply, Move: canonical, Seat: seat})
		}
	}
	r.scheduleLocked()
	r.broadcastStateLocked()
}

// finishLocked stores the end of the game.
func (r *room) finishLocked(ctx context.Context, result, reason string) bool {
	if err := r.s.store.FinishGame(ctx, r.id, result, reason); err != nil {
		r.s.log.Error("finish game", "game", r.id, "err", err)
		if errors.Is(err, store.ErrConflict) {
			r.reloadLocked(ctx)
		}
		return false
	}
	if !r.finished() && !r.evicted {
		r.s.metrics.activeGames.Dec()
	}
	r.g.Result, r.g.Reason = result, reason
	r.offer = nil
	r.s.log.Info("game over", "game", r.id, "result", result, "reason", reason)
	return true
}

// reloadLocked replaces the room's game by what the store holds.
func (r *room) reloadLocked(ctx context.Context) {
	g, err := r.s.store.LoadGame(ctx, r.id)
	if err != nil {
		r.s.log.Error("reload game", "game", r.id, "err", err)
		return
	}
	m, err := replayStored(g)
	if err != nil {
		r.s.log.Error("reload game", "game", r.id, "err", err)
		return
	}
	wasOn := !r.finished()
	r.setLocked(g, m)
	if wasOn && r.finished() && !r.evicted {
		r.s.metrics.activeGames.Dec()
	}
	r.scheduleLocked()
}

// resultAgainst is the result when seat loses outside the rules (resigns,
// runs out of time): with two sides the other side wins; with more, the
// game ends without a winner.
func (r *room) resultAgainst(seat int) string {
	v := r.match.Variant()
	if sides(v) != 2 {
		return "over"
	}
	var winners []int
	for i := 0; i < v.Players; i++ {
		if v.Team(i) != v.Team(seat) {
			winners = append(winners, i)
		}
	}
	return record.Result{Status: game.Win, Winners: winners}.String()
}

func (r *room) flagLocked(ctx context.Context, seat int) {
	if r.finished() {
		return
	}
	if r.clocks != nil {
		r.clocks[seat] = 0
	}
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	if r.finishLocked(wctx, r.resultAgainst(seat), fmt.Sprintf("seat %d ran out of time", seat+1)) {
		r.broadcastLocked(infoMsg{Type: "info", Code: "flag", Seat: seat})
	}
	r.scheduleLocked()
	r.broadcastStateLocked()
}

// mySeat is the seat a client acts for in a resignation or offer: the
// seat to move if it holds it, else its first seat.
func (r *room) mySeat(c *client) int {
	if t := r.match.ToMove(); c.holds(t) {
		return t
	}
	for i := range r.g.Seats {
		if c.holds(i) {
			return i
		}
	}
	return -1
}

func (r *room) resignLocked(ctx context.Context, c *client) {
	seat := r.mySeat(c)
	switch {
	case seat < 0:
		r.sendLocked(c, errorMsg{Type: "error", Code: "spectator", Message: "spectators cannot resign"})
		return
	case r.finished():
		r.sendLocked(c, errorMsg{Type: "error", Code: "over", Message: "the game is over"})
		return
	}
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	if r.finishLocked(wctx, r.resultAgainst(seat), fmt.Sprintf("seat %d resigned", seat+1)) {
		r.broadcastLocked(infoMsg{Type: "info", Code: "resigned", Seat: seat})
	}
	r.scheduleLocked()
	r.broadcastStateLocked()
}

// offerLocked starts a draw offer or an undo request. The seats that must
// accept are the human seats the asker does not hold; computers decline
// draws and accept undos.
func (r *room) offerLocked(ctx context.Context, c *client, kind string) {
	seat := r.mySeat(c)
	switch {
	case seat < 0:
		r.sendLocked(c, errorMsg{Type: "error", Code: "spectator", Message: "spectators cannot " + kind})
		return
	case r.finished():
		r.sendLocked(c, errorMsg{Type: "error", Code: "over", Message: "the game is over"})
		return
	case !r.g.Casual:
		r.sendLocked(c, errorMsg{Type: "error", Code: "not_casual", Message: "draw offers and undo requests are for casual games"})
		return
	case r.offer != nil:
		r.sendLocked(c, errorMsg{Type: "error", Code: "pending", Message: "an offer is already waiting for an answer"})
		return
	}
	o := &offer{kind: kind, by: seat}
	computers := false
	for i, st := range r.g.Seats {
		if c.holds(i) {
			continue
		}
		if st.Kind == "computer" {
			computers = true
		} else {
			o.needs |= 1 << uint(i)
		}
	}
	if kind == "undo" {
		o.keep = -1
		for i := len(r.g.Moves) - 1; i >= 0; i-- {
			if c.holds(r.g.Moves[i].Seat) {
				o.keep = i
				break
			}
		}
		if o.keep < 0 {
			r.sendLocked(c, errorMsg{Type: "error", Code: "nothing", Message: "you have no move to take back"})
			return
		}
	}
	if kind == "draw" && computers {
		r.sendLocked(c, infoMsg{Type: "info", Code: "declined", Seat: seat})
		return
	}
	r.offer = o
	if o.needs == 0 {
		r.settleLocked(ctx)
		return
	}
	r.broadcastStateLocked()
}

func (r *room) answerLocked(ctx context.Context, c *client, accept bool) {
	o := r.offer
	if o == nil || c.seats&o.needs == 0 {
		r.sendLocked(c, errorMsg{Type: "error", Code: "no_offer", Message: "there is no offer for you to answer"})
		return
	}
	if !accept {
		r.offer = nil
		r.broadcastLocked(infoMsg{Type: "info", Code: "declined", Seat: o.by})
		r.broadcastStateLocked()
		return
	}
	o.got |= c.seats & o.needs
	if o.got == o.needs {
		r.settleLocked(ctx)
		return
	}
	r.broadcastStateLocked()
}

// settleLocked carries out an accepted offer.
func (r *room) settleLocked(ctx context.Context) {
	o := r.offer
	r.offer = nil
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	switch o.kind {
	case "draw":
		if r.finishLocked(wctx, "draw", "agreement") {
			r.broadcastLocked(infoMsg{Type: "info", Code: "drawn", Seat: o.by})
		}
	case "undo":
		if err := r.s.store.TruncateMoves(wctx, r.id, o.keep); err != nil {
			r.s.log.Error("undo", "game", r.id, "err", err)
			r.reloadLocked(wctx)
			break
		}
		if n := len(r.g.Moves) - o.keep; n > 0 {
			r.match.Undo(n)
		}
		g := r.g
		g.Moves = g.Moves[:o.keep]
		r.setLocked(g, r.match)
		// The clock of the seat to move starts again now, not at the time
		// of the move before the ones taken back.
		r.turnStart = r.s.now().UTC()
		r.broadcastLocked(infoMsg{Type: "info", Code: "undone", Seat: o.by})
	}
	r.scheduleLocked()
	r.broadcastStateLocked()
}

func (r *room) broadcastLocked(v any) {
	for c := range r.clients {
		r.sendLocked(c, v)
	}
}

func (r *room) broadcastStateLocked() {
	for c := range r.clients {
		r.sendLocked(c, r.stateFor(c))
	}
}

// stateFor is the whole game as client c sees it.
func (r *room) stateFor(c *client) stateMsg {
	st := stateMsg{Type: "state", Game: r.id, Ply: len(r.g.Moves), Moves: slices.Clone(r.match.Notations()),
		ToMove: -1, Result: r.g.Result, Reason: r.g.Reason, Casual: r.g.Casual, Running: -1, You: []int{}}
	if st.Moves == nil {
		st.Moves = []string{}
	}
	lang := "en"
	if c != nil && c.lang != "" {
		lang = c.lang
	}
	v := r.match.Variant()
	for i, seat := range r.g.Seats {
		st.Seats = append(st.Seats, seatInfo{Name: seatLabel(v, i, seat, lang), Kind: seat.Kind, Agent: seat.Agent})
		if c != nil && c.holds(i) {
			st.You = append(st.You, i)
		}
	}
	s := r.match.State()
	if svg, err := r.s.render.SVG(s, lang); err == nil {
		st.SVG = string(svg)
	}
	if !r.finished() {
		st.ToMove = r.match.ToMove()
		for _, mv := range r.match.LegalMoves(nil) {
			places := r.s.render.Places(s, mv)
			if places == nil {
				places = []string{}
			}
			st.Legal = append(st.Legal, legalMove{Move: s.MoveString(mv), Places: places})
		}
		st.Thinking = r.aiCancel != nil
	}
	if r.clocks != nil {
		st.Clocks = slices.Clone(r.clocks)
		if !r.finished() && st.ToMove >= 0 {
			st.Running = st.ToMove
			st.Clocks[st.ToMove] = max(0, st.Clocks[st.ToMove]-r.s.now().Sub(r.turnStart).Milliseconds())
		}
	}
	if r.offer != nil {
		oi := &offerInfo{Kind: r.offer.kind, By: r.offer.by, Needs: []int{}}
		for i := range r.g.Seats {
			if r.offer.needs&(1<<uint(i)) != 0 && r.offer.got&(1<<uint(i)) == 0 {
				oi.Needs = append(oi.Needs, i)
			}
		}
		st.Offer = oi
	}
	return st
}

// scheduleLocked sets what runs between moves: the flag timer of the seat
// to move and, on a computer seat, its search in a goroutine. Whatever ran
// before is stopped: it belongs to a position that is gone.
func (r *room) scheduleLocked() {
	r.stopLocked()
	r.gen++
	if r.finished() || r.evicted || r.s.ctx.Err() != nil {
		return
	}
	seat := r.match.ToMove()
	if seat < 0 {
		return
	}
	gen := r.gen
	if r.clocks != nil {
		left := time.Duration(r.clocks[seat]-r.s.now().Sub(r.turnStart).Milliseconds()) * time.Millisecond
		r.timer = time.AfterFunc(max(left, 0), func() {
			r.mu.Lock()
			defer r.mu.Unlock()
			if r.gen == gen {
				r.flagLocked(r.s.ctx, seat)
			}
		})
	}
	if r.g.Seats[seat].Kind != "computer" {
		return
	}
	agent, err := r.agentLocked(seat)
	if err != nil {
		r.s.log.Error("computer player", "game", r.id, "seat", seat, "err", err)
		return
	}
	// The agent works on its own copy: the room's match changes under it
	// (an undo, a resignation) while it thinks.
	m := game.NewMatch(r.match.Start())
	for _, mv := range r.match.Moves() {
		m.Play(mv)
	}
	budget := r.s.agentMax
	if r.clocks != nil {
		// Think for at most a tenth of the time left, so that a computer
		// does not lose on time.
		budget = min(budget, time.Duration(r.clocks[seat])*time.Millisecond/10+100*time.Millisecond)
	}
	ctx, cancel := context.WithTimeout(r.s.ctx, budget)
	r.aiCancel = cancel
	r.s.wg.Add(1)
	go func() {
		defer r.s.wg.Done()
		defer cancel()
		mv, err := agent.Choose(ctx, m)
		r.mu.Lock()
		defer r.mu.Unlock()
		if r.gen != gen || r.s.ctx.Err() != nil {
			return
		}
		r.aiCancel = nil
		if err != nil {
			// Never leave a game stuck on a computer: play its first
			// legal move.
			r.s.log.Warn("computer player failed; playing its first legal move", "game", r.id, "err", err)
			legal := m.LegalMoves(nil)
			if len(legal) == 0 {
				return
			}
			mv = legal[0]
		}
		r.commitLocked(r.s.ctx, nil, seat, m.State().MoveString(mv))
	}()
}

func (r *room) agentLocked(seat int) (Agent, error) {
	if a := r.agents[seat]; a != nil {
		return a, nil
	}
	// A fresh seed per game and seat: the computer should not play the
	// same game every time.
	seed := uint64(time.Now().UnixNano()) + uint64(seat)
	a, err := r.s.newAgent(r.g.Seats[seat].Agent, r.match.Variant(), seed)
	if err != nil {
		return nil, err
	}
	r.agents[seat] = a
	return a, nil
}
