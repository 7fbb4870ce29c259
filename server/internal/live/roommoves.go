package live

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/lesson"
	"github.com/plateau-games/plateau/record"
	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// A room's messages from its connections: hello, moves, resignation,
// and the ends of games they make (stored with the last move).

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
		r.hintLocked(c, msg)
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
	if msg.Engine != nil {
		c.engine.Store(*msg.Engine)
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
	r.dropLeftSeats(c, r.leftSeatsOf()) // a leaver watches (leaving.go)
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
	if r.refuseLeaverLocked(c, msg.Ply, msg.Move) {
		return
	}
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
	now := r.lv.Now().UTC()
	clock := int64(-1)
	if r.clocks != nil {
		clock = r.clocks[seat] - r.clockElapsedLocked(seat, now)
		if clock <= 0 && !r.hasLeft(seat) {
			r.flagLocked(ctx, seat)
			return
		}
		clock = max(clock, 0) // a leaver's seat plays on without time (leaving.go)
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
		err = r.lv.Store.AppendFinalMove(wctx, r.id, mv, result, reason)
	} else {
		err = r.lv.Store.AppendMove(wctx, r.id, mv)
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
		r.lv.metrics.StoreFailures.Inc()
		id := r.lv.LogError("store move", err, "game", r.id, "ply", ply)
		r.rejectLocked(c, "storage", "the move could not be stored; try again (reference "+id+")", &ply, notation)
		return
	}
	r.lv.metrics.Moves.Inc()
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
	r.lv.metrics.MoveSeconds.Observe(time.Since(start).Seconds())
}

// finishLocked stores the end of the game (a resignation, an agreement, a
// flag, or a result found missing on load).
func (r *room) finishLocked(ctx context.Context, result, reason string) bool {
	if err := r.lv.Store.FinishGame(ctx, r.id, result, reason); err != nil {
		r.lv.LogError("finish game", err, "game", r.id)
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
	r.lv.Log.Info("game over", "game", r.id, "result", result, "reason", reason)
	if r.g.Rated {
		r.rateLater()
	}
	r.lv.gameEnded(r.id, result, reason)
}

// reloadLocked replaces the room's game by what the store holds.
func (r *room) reloadLocked(ctx context.Context) {
	g, err := r.lv.Store.LoadGame(ctx, r.id)
	if err != nil {
		r.lv.LogError("reload game", err, "game", r.id)
		return
	}
	m, err := games.Replay(g)
	if err != nil {
		r.lv.LogError("reload game", err, "game", r.id)
		return
	}
	gone := r.leftSeatsOf()
	r.setLocked(g, m)
	r.leftSinceLocked(gone) // players who left elsewhere (leaving.go)
	r.countLocked()
	r.scheduleLocked()
}

// resultAgainst is the result when seat loses outside the rules (resigns,
// runs out of time): with two sides the other side wins; with more, the
// player leaves instead (leaving.go), and only a store that keeps no
// leaves ends the game without a winner.
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
	case r.refuseLeaverLocked(c, nil, ""):
		return
	case seat < 0:
		r.sendLocked(c, errorMsg{Type: "error", Code: "spectator", Message: "spectators cannot resign"})
		return
	case r.finished():
		r.sendLocked(c, errorMsg{Type: "error", Code: "over", Message: "the game is over"})
		return
	case r.leaves(seat):
		r.leaveLocked(ctx, c, seat, "left_resigned") // a game of three or four goes on (leaving.go)
		return
	}
	r.endLocked(ctx, r.resultAgainst(seat), games.ReasonResigned, seat, "resigned")
}

// endLocked ends the game because of seat (a resignation, a flag, an
// abort): result and the seat's reason stored, then, if this server is the
// one that stored them, everyone told why (info code), and the new state
// sent. The store write outlives the request that caused it.
func (r *room) endLocked(ctx context.Context, result, reason string, seat int, code string) {
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), storeTimeout)
	defer cancel()
	if r.finishLocked(wctx, result, games.SeatReason(reason, seat)) {
		r.broadcastLocked(infoMsg{Type: "info", Code: code, Seat: seat})
	}
	r.scheduleLocked()
	r.broadcastStateLocked()
}
