package server

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/lesson"
	"github.com/plateau-games/plateau/record"
	"github.com/plateau-games/plateau/server/internal/club"
	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/site"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// errBusy refuses work beyond a bound the operator set (rooms in memory).
var errBusy = errors.New("server: at capacity")

// storeTimeout bounds one store call made for a room.
const storeTimeout = site.StoreTimeout

// offer is a pending draw offer or undo request.
type offer struct {
	kind  string
	by    int
	needs uint8 // seats that must accept
	got   uint8
	keep  int // undo: plies kept
}

// room is a game being played: its match, its connections, its clocks and
// its computer player. All fields but evicted are guarded by mu; the store
// is written under mu, so that moves of one game are stored one at a time
// in ply order. A room lives while somebody is connected to it.
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
	search    *search // the computer's search of the current position
	gen       uint64  // bumped on every change: a stale computer move or flag is dropped
	ongoing   bool    // counted in the active games gauge
	// built is the state of the current position by view (language and
	// orientation, view.index), kept until the next change: a crowd
	// arriving at a game costs one build per view, not one each.
	built [4]*sharedState
	// ratings are the rating changes of the rated game once it ended.
	ratings []club.RatingChange
	// chatLast is the last chat message each channel's connections have
	// (by id), chatGone the messages they know deleted: a change announced
	// by the store (another server's message) sends only what is new.
	chatLast map[string]int64
	chatGone map[int64]bool
	loaded   time.Time
	// chatKnown is, per channel, the ids of the messages the connections
	// have: ids are not committed in their order across servers, so one
	// below chatLast may still be new (chatknown.go).
	chatKnown map[string]map[int64]bool
	// rematch is the game made to play this one again (rematch.go), once
	// known; proposal the pending proposal of it; rematchLooked that the
	// store was asked for one made before the room was loaded.
	rematch       string
	proposal      *rematchProposal
	rematchLooked bool
	// last caches the places of the last move, for the drawing's mark:
	// finding them replays the game, once per ply rather than once per
	// state built (every view, and every state of a game with clocks).
	last lastMove

	recent recentCache // the last moves of a game of more than two (recent.go)
	// drawDeclined is, per seat, the number of moves when its last draw
	// offer was declined: draws may be offered in rated games too, and
	// this keeps an offer from being repeated before the next move.
	drawDeclined map[int]int
	// pos counts the changes of position (moves, undos, reloads); hint is
	// the hint search running (one per game at most), lastHint the last
	// hint given, which holds while pos does.
	pos      uint64
	hint     *hintRun
	lastHint *givenHint

	evicted  atomic.Bool  // no longer serves: connections load a new room
	watchers atomic.Int64 // len(clients), for the writers' pace
}

// room returns the game's room, loading it from the store if needed. The
// server-wide lock is held only to look the room up: a slow store read
// stalls the connections of that one game, nothing else.
func (s *Server) room(ctx context.Context, id string) (*room, error) {
	if !games.ValidID(id) {
		return nil, store.ErrNotFound
	}
	if r, err := s.lookupRoom(id); r != nil || err != nil {
		return r, err
	}
	// One load per game however many connect at once; the load is not
	// tied to the first caller, who may leave while the others wait.
	ch := s.loads.DoChan(id, func() (any, error) {
		if r, err := s.lookupRoom(id); r != nil || err != nil {
			return r, err
		}
		lctx, cancel := context.WithTimeout(s.Ctx, storeTimeout)
		defer cancel()
		r, err := s.loadRoom(lctx, id)
		if err != nil {
			return nil, err
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.closed {
			return nil, errors.New("server: shutting down")
		}
		if len(s.rooms) >= s.cfg.MaxRooms {
			s.live.roomsRefused.Inc()
			return nil, errBusy
		}
		s.rooms[id] = r
		return r, nil
	})
	select {
	case res := <-ch:
		if res.Err != nil {
			return nil, res.Err
		}
		return res.Val.(*room), nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// lookupRoom is the room of id in memory, if any.
func (s *Server) lookupRoom(id string) (*room, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil, errors.New("server: shutting down")
	}
	if r := s.rooms[id]; r != nil && !r.evicted.Load() {
		return r, nil
	}
	return nil, nil
}

// loadRoom reads a game from the store into a new room. A game whose
// moves end it but whose result is missing (a result write that failed in
// an older version) is finished now: the moves are the truth.
func (s *Server) loadRoom(ctx context.Context, id string) (*room, error) {
	g, err := s.Store.LoadGame(ctx, id)
	if err != nil {
		return nil, err
	}
	m, err := games.Replay(g)
	if err != nil {
		return nil, err
	}
	r := &room{s: s, id: id, clients: map[*client]struct{}{}, loaded: time.Now()}
	// A rated game that ended before: its banner shows the rating changes
	// it made, from the ratings' history.
	var changes []club.RatingChange
	if g.Rated && g.Result != store.Ongoing {
		changes = s.club.PastRatingChanges(ctx, g)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.setLocked(g, m)
	r.ratings = changes
	if o := m.Outcome(); o.Ended() && !r.finished() {
		r.finishLocked(ctx, record.NewResult(m.Variant(), o).String(), o.Reason)
	}
	r.countLocked()
	return r, nil
}

// countLocked keeps the active games gauge: rooms of games still on.
func (r *room) countLocked() {
	on := !r.finished() && !r.evicted.Load()
	if on != r.ongoing {
		r.ongoing = on
		if on {
			r.s.metrics.activeGames.Inc()
		} else {
			r.s.metrics.activeGames.Dec()
		}
	}
}

// setLocked installs a stored game and its match, and the clocks as the
// stored moves left them: the clock of the seat to move has been running
// since the last move.
func (r *room) setLocked(g *store.Game, m *game.Match) {
	r.positionChangedLocked()
	r.built = [4]*sharedState{}
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
	r.turnLocked(g)
}

func (r *room) finished() bool { return r.g.Result != store.Ongoing }

// playing gives the game and match of a game in play here, from its room
// (games.Games.Playing).
func (s *Server) playing(id string) (*store.Game, *game.Match, bool, error) {
	s.mu.Lock()
	rm := s.rooms[id]
	s.mu.Unlock()
	if rm == nil {
		return nil, nil, false, nil
	}
	g, m, err := rm.snapshot()
	return g, m, true, err
}

// snapshot copies the game and its match for a page.
func (r *room) snapshot() (*store.Game, *game.Match, error) {
	r.mu.Lock()
	g := *r.g
	g.Seats = slices.Clone(r.g.Seats)
	g.Moves = slices.Clone(r.g.Moves)
	g.Hints = slices.Clone(r.g.Hints)
	r.mu.Unlock()
	m, err := games.Replay(&g)
	return &g, m, err
}

// shutdown closes the room's connections (going away) and stops its timer
// and computer player.
func (r *room) shutdown() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.stopLocked()
	r.stopHintLocked()
	for c := range r.clients {
		go c.conn.Close(websocket.StatusGoingAway, "server shutting down")
	}
}

func (r *room) stopLocked() {
	if r.search != nil {
		r.search.cancel()
		r.search = nil
	}
	if r.timer != nil {
		r.timer.Stop()
		r.timer = nil
	}
}

func (r *room) join(c *client) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.evicted.Load() {
		return false
	}
	first := len(r.clients) == 0
	r.clients[c] = struct{}{}
	r.watchers.Store(int64(len(r.clients)))
	c.watchers = &r.watchers
	if first {
		// The first connection starts the game's clock timer and its
		// computer player: a game nobody watches costs nothing.
		r.scheduleLocked()
	}
	return true
}

// leave removes a client. A room nobody is connected to is dropped from
// memory, its computer search stopped: it is reloaded from the store when
// somebody comes back, and the computer thinks again then.
func (r *room) leave(c *client) {
	r.mu.Lock()
	r.dropLocked(c)
	if c.seats != 0 && len(r.clients) > 0 && r.onlineLocked()&c.seats != c.seats {
		// A player left: the others see the seat empty.
		r.built = [4]*sharedState{}
		r.presenceLocked(nil)
	}
	evict := len(r.clients) == 0 && r.evictLocked()
	r.mu.Unlock()
	if evict {
		r.s.forget(r)
	}
}

// releaseIfEmpty drops a room loaded for a connection that did not come.
func (r *room) releaseIfEmpty() {
	r.mu.Lock()
	evict := len(r.clients) == 0 && r.evictLocked()
	r.mu.Unlock()
	if evict {
		r.s.forget(r)
	}
}

// evictLocked marks the room as no longer serving and stops what runs for
// it; false if it already was.
func (r *room) evictLocked() bool {
	if r.evicted.Swap(true) {
		return false
	}
	r.stopLocked()
	r.stopHintLocked()
	r.countLocked()
	// Another server may run this game now (a DELETE when the lease is
	// held, nothing otherwise).
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := r.s.leases.release(ctx, r.id); err != nil {
		r.s.LogError("release lease", err, "game", r.id)
	}
	return true
}

// fail ends a room after a panic: every connection is closed (the pages
// reconnect and load the game again from the store) and the room leaves
// memory.
func (r *room) fail() {
	r.mu.Lock()
	r.evictLocked()
	for c := range r.clients {
		r.dropLocked(c)
		go c.conn.Close(websocket.StatusInternalError, "internal error: reload the game")
	}
	r.mu.Unlock()
	r.s.forget(r)
}

// forget removes an evicted room from the server's table.
func (s *Server) forget(r *room) {
	s.mu.Lock()
	if s.rooms[r.id] == r {
		delete(s.rooms, r.id)
	}
	s.mu.Unlock()
}

func (r *room) dropLocked(c *client) {
	delete(r.clients, c)
	r.watchers.Store(int64(len(r.clients)))
	if !c.gone {
		c.gone = true
		close(c.send)
	}
}

// sendLocked queues a discrete message; a client too slow to take it is
// dropped.
func (r *room) sendLocked(c *client, v any) {
	if c == nil || c.gone {
		return
	}
	b, err := encode(r.localized(c, v))
	if err != nil {
		r.s.Log.Error("marshal", "err", err)
		return
	}
	select {
	case c.send <- b:
	default:
		r.s.Log.Warn("slow websocket client dropped", "game", r.id, "client", c.addr)
		r.s.live.slowDropped.Inc()
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
	r.sendStateLocked(c)
}

// handle runs one client message; false if the room no longer serves.
func (r *room) handle(ctx context.Context, c *client, msg inMsg) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.evicted.Load() || c.gone {
		return false
	}
	switch msg.Type {
	case "hello":
		first := !c.greeted
		channel := chatChannel(c)
		r.helloLocked(c, msg)
		if first || chatChannel(c) != channel {
			r.chatHistoryLocked(ctx, c)
		}
		r.rematchHelloLocked(ctx, c)
	case "move":
		r.moveLocked(ctx, c, msg)
	case "resign":
		r.resignLocked(ctx, c)
	case "draw", "undo":
		r.offerLocked(ctx, c, msg.Type)
	case "answer":
		r.answerLocked(ctx, c, msg.Accept)
	case "rematch":
		r.rematchLocked(ctx, c)
	case "rematchdecline":
		r.declineRematchLocked(c)
	case "abort":
		r.abortByHandLocked(ctx, c)
	case "chat":
		r.chatLocked(ctx, c, msg.Text)
	case "chatdelete":
		r.chatDeleteLocked(ctx, c, msg.ID)
	case "hint":
		r.hintLocked(c)
	default:
		r.sendLocked(c, errorMsg{Type: "error", Code: "unknown_type",
			Message: fmt.Sprintf("unknown message type %s; use hello, move, resign, draw, undo, answer, rematch, rematchdecline, abort, chat, chatdelete or hint", game.Quote(truncate(msg.Type, 40)))})
	}
	return true
}

func (r *room) helloLocked(c *client, msg inMsg) {
	if l := web.NormLang(msg.Lang); l != "" {
		c.lang = l
	}
	if msg.Flip != nil {
		c.flip = *msg.Flip
	}
	c.greeted = true
	held := c.seats
	bad := 0
	for i, tok := range msg.Tokens {
		if i >= len(r.g.Seats)+2 {
			bad += len(msg.Tokens) - i
			break
		}
		found := false
		for i, seat := range r.g.Seats {
			if len(tok) <= 64 && games.TokenMatches(tok, seat.TokenHash) {
				c.seats |= 1 << uint(i)
				found = true
				if i < len(c.seatTokens) {
					c.seatTokens[i] = tok // for the rematch's link
				}
			}
		}
		if !found {
			bad++
		}
	}
	// A seat of an account is held by the connection of that account's
	// session: no token needed (the lobby's games have none).
	if c.user != "" {
		for i, seat := range r.g.Seats {
			if seat.User != "" && store.UserKey(seat.User) == store.UserKey(c.user) {
				c.seats |= 1 << uint(i)
			}
		}
	}
	c.you = youPrefix(c.seats)
	if c.seats != held {
		// A player arrived: every view shows who is here.
		r.built = [4]*sharedState{}
		r.presenceLocked(c)
	}
	if bad > 0 {
		r.sendLocked(c, errorMsg{Type: "error", Code: "token",
			Message: web.Plural("en", bad, "1 token holds", fmt.Sprintf("%d tokens hold", bad)) + " no seat of this game; you can watch"})
	}
	n := len(r.g.Moves)
	if msg.Ply != nil && *msg.Ply >= 0 && *msg.Ply <= n {
		r.sendLocked(c, movesMsg{Type: "moves", From: *msg.Ply, Moves: slices.Clone(r.match.Notations()[*msg.Ply:])})
	}
	r.sendStateLocked(c)
}

func (r *room) moveLocked(ctx context.Context, c *client, msg inMsg) {
	if msg.Ply == nil || strings.TrimSpace(msg.Move) == "" {
		r.sendLocked(c, errorMsg{Type: "error", Code: "malformed", Message: `a move message needs "ply" (the number of moves before it) and "move" (its notation)`})
		return
	}
	if len(msg.Move) > game.MaxInput {
		r.rejectLocked(c, "illegal", fmt.Sprintf("a move of %d bytes; moves are at most %d", len(msg.Move), game.MaxInput), msg.Ply, "")
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
	r.commitLocked(ctx, c, seat, msg.Move)
}

// commitLocked plays a move for seat (already checked to be the seat to
// move, at the current ply): the rules engine checks it, the store keeps
// it, and only then is it acknowledged and broadcast. c is nil for a
// computer move. A move that ends the game is stored with the result in
// one transaction: a game can never be left over but still "on".
func (r *room) commitLocked(ctx context.Context, c *client, seat int, notation string) {
	start := time.Now()
	ply := len(r.g.Moves)
	now := r.s.Now().UTC()
	clock := int64(-1)
	if r.clocks != nil {
		clock = r.clocks[seat] - r.clockElapsedLocked(seat, now)
		if clock <= 0 {
			r.flagLocked(ctx, seat)
			return
		}
		clock += r.g.IncrementMillis
	}
	if r.firstMoveLateLocked(seat, now) {
		r.flagLocked(ctx, seat) // aborts the game (abort.go)
		return
	}
	if _, err := r.match.PlayNotation(notation); err != nil {
		// The rules' reason in the player's language, without the list of
		// legal moves (the board shows them; a list of a hundred buries
		// the reason).
		r.rejectLocked(c, "illegal", lesson.Reason(err, langOf(c)), &ply, notation)
		return
	}
	canonical := r.match.Notations()[ply]
	mv := store.Move{Ply: ply, Notation: canonical, Seat: seat, At: now, ClockMillis: clock}
	result, reason := "", ""
	if o := r.match.Outcome(); o.Ended() {
		result, reason = record.NewResult(r.match.Variant(), o).String(), o.Reason
	}
	// The write must not be cut short by the mover leaving: once checked,
	// a move is either stored or refused, never half-done.
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), storeTimeout)
	defer cancel()
	var err error
	if result != "" {
		err = r.s.Store.AppendFinalMove(wctx, r.id, mv, result, reason)
	} else {
		err = r.s.Store.AppendMove(wctx, r.id, mv)
	}
	if err != nil {
		r.match.Undo(1)
		if errors.Is(err, store.ErrConflict) {
			// Another server (or writer) took this ply: the store decides.
			r.reloadLocked(wctx)
			r.rejectLocked(c, "conflict", "another move was stored first: here is the current game", &ply, notation)
			r.broadcastStateLocked()
			return
		}
		r.s.live.storeFailures.Inc()
		id := r.s.LogError("store move", err, "game", r.id, "ply", ply)
		r.rejectLocked(c, "storage", "the move could not be stored; try again (reference "+id+")", &ply, notation)
		return
	}
	r.s.metrics.moves.Inc()
	r.positionChangedLocked()
	r.g.Moves = append(r.g.Moves, mv)
	r.g.UpdatedAt = now
	if r.clocks != nil {
		r.clocks[seat] = clock
	}
	r.turnStart = now
	r.offer, r.g.Offer = nil, nil
	if result != "" {
		r.endedLocked(result, reason)
	}
	r.sendLocked(c, moveMsg{Type: "ack", Ply: ply, Move: canonical, Seat: seat})
	// Players are told of the move itself; spectators see it in the next
	// state, which they get at their own pace.
	for other := range r.clients {
		if other != c && !other.spectator() {
			r.sendLocked(other, moveMsg{Type: "move", Ply: ply, Move: canonical, Seat: seat})
		}
	}
	r.scheduleLocked()
	r.broadcastStateLocked()
	r.s.live.moveSeconds.Observe(time.Since(start).Seconds())
}

// finishLocked stores the end of the game (a resignation, an agreement, a
// flag, or a result found missing on load).
func (r *room) finishLocked(ctx context.Context, result, reason string) bool {
	if err := r.s.Store.FinishGame(ctx, r.id, result, reason); err != nil {
		r.s.LogError("finish game", err, "game", r.id)
		if errors.Is(err, store.ErrConflict) {
			r.reloadLocked(ctx)
		}
		return false
	}
	r.endedLocked(result, reason)
	return true
}

// endedLocked records in memory a result the store holds.
func (r *room) endedLocked(result, reason string) {
	r.g.Result, r.g.Reason = result, reason
	r.offer, r.g.Offer = nil, nil
	r.stopHintLocked()
	r.countLocked()
	r.s.Log.Info("game over", "game", r.id, "result", result, "reason", reason)
	if r.g.Rated {
		r.rateLater()
	}
}

// reloadLocked replaces the room's game by what the store holds.
func (r *room) reloadLocked(ctx context.Context) {
	g, err := r.s.Store.LoadGame(ctx, r.id)
	if err != nil {
		r.s.LogError("reload game", err, "game", r.id)
		return
	}
	m, err := games.Replay(g)
	if err != nil {
		r.s.LogError("reload game", err, "game", r.id)
		return
	}
	r.setLocked(g, m)
	r.countLocked()
	r.scheduleLocked()
}

// resultAgainst is the result when seat loses outside the rules (resigns,
// runs out of time): with two sides the other side wins; with more, the
// game ends without a winner.
func (r *room) resultAgainst(seat int) string {
	return resultAgainstIn(r.match.Variant(), seat)
}

// resultAgainstIn is resultAgainst for a variant.
func resultAgainstIn(v *game.Variant, seat int) string {
	if games.Sides(v) != 2 {
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
	if r.s.abortsFirstMove(r.g, seat) {
		// A player whose first move never came loses nothing: the game
		// is aborted (abort.go).
		r.abortLocked(ctx, seat, games.ReasonAborted)
		return
	}
	if r.clocks != nil {
		r.clocks[seat] = 0
	}
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), storeTimeout)
	defer cancel()
	if r.finishLocked(wctx, r.resultAgainst(seat), games.SeatReason(games.ReasonTime, seat)) {
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
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), storeTimeout)
	defer cancel()
	if r.finishLocked(wctx, r.resultAgainst(seat), games.SeatReason(games.ReasonResigned, seat)) {
		r.broadcastLocked(infoMsg{Type: "info", Code: "resigned", Seat: seat})
	}
	r.scheduleLocked()
	r.broadcastStateLocked()
}

func (r *room) broadcastLocked(v any) {
	for c := range r.clients {
		r.sendLocked(c, v)
	}
}

// broadcastStateLocked gives every connection the new state: built and
// encoded once per language, whatever the number of connections.
func (r *room) broadcastStateLocked() {
	// Every change of the game ends in a broadcast: what was built before
	// is stale.
	r.built = [4]*sharedState{}
	for c := range r.clients {
		r.sendStateLocked(c)
	}
}

// builtLocked is the state for c's view, built if needed. A game with
// clocks is built anew each time: its state holds the time left now.
func (r *room) builtLocked(c *client) (*sharedState, error) {
	vw := view{fr: langOf(c) == "fr", flip: c != nil && c.flip}
	i := vw.index()
	// A rematch proposal that expired since the state was built is not
	// shown (its timer may not have run yet): dropping it clears r.built.
	r.pendingRematchLocked()
	if r.built[i] != nil && r.clocks == nil {
		return r.built[i], nil
	}
	st, err := r.stateLocked(vw)
	if err != nil {
		return nil, err
	}
	r.built[i] = st
	return st, nil
}

// sendStateLocked gives one connection the state.
func (r *room) sendStateLocked(c *client) {
	if c == nil || c.gone {
		return
	}
	st, err := r.builtLocked(c)
	if err != nil {
		r.s.LogError("state", err, "game", r.id)
		return
	}
	c.setState(st, c.you)
}

func langOf(c *client) string {
	if c != nil && c.lang == "fr" {
		return "fr"
	}
	return "en"
}

// scheduleLocked sets what runs between moves: the flag timer of the seat
// to move and, on a computer seat, its search. Whatever ran before is
// stopped: it belongs to a position that is gone.
func (r *room) scheduleLocked() {
	r.built = [4]*sharedState{} // the computer's thinking is in the state
	r.stopLocked()
	r.gen++
	if r.finished() || r.evicted.Load() || r.s.isStopping() {
		return
	}
	seat := r.match.ToMove()
	if seat < 0 {
		return
	}
	gen := r.gen
	// With several servers, one runs the computer and the clock: the
	// holder of the game's lease. Without it, look again when the holder's
	// lease could have expired.
	if r.clocks != nil || r.g.MoveDays > 0 || r.g.Seats[seat].Kind == "computer" {
		ctx, cancel := context.WithTimeout(r.s.Ctx, storeTimeout)
		held, lapsed, err := r.s.leases.take(ctx, r.id)
		cancel()
		if err != nil {
			r.s.LogError("take lease", err, "game", r.id)
		}
		if held && lapsed > 0 {
			r.lapsedLocked(lapsed)
		}
		if !held {
			r.timer = time.AfterFunc(r.s.leases.ttl/2, func() {
				defer r.s.recoverRoom("lease", r)
				r.mu.Lock()
				defer r.mu.Unlock()
				if r.gen == gen {
					r.scheduleLocked()
				}
			})
			return
		}
	}
	// The mover's time: a clock, or the days of a correspondence move.
	// Either way the timer flags the seat unless a move came first (gen).
	left, timed := time.Duration(0), false
	switch {
	case r.clocks != nil:
		left, timed = time.Duration(r.clocks[seat]-r.clockElapsedLocked(seat, r.s.Now()))*time.Millisecond, true
	case r.g.MoveDays > 0:
		left, timed = r.turnStart.Add(games.MoveTime(r.g.MoveDays)).Sub(r.s.Now()), true
	}
	if at, ok := r.abortAtLocked(seat); ok {
		left, timed = min(left, at.Sub(r.s.Now())), true
	}
	if timed {
		r.timer = time.AfterFunc(max(left, 0), func() {
			defer r.s.recoverRoom("clock", r)
			r.mu.Lock()
			defer r.mu.Unlock()
			if r.gen == gen {
				r.flagLocked(r.s.Ctx, seat)
			}
		})
	}
	if r.g.Seats[seat].Kind == "computer" {
		r.startSearchLocked(seat, gen)
	}
}
