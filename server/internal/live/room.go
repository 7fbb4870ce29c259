package live

import (
	"context"
	"errors"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/record"
	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/site"
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
	lv *Live
	id string

	mu        sync.Mutex
	g         *store.Game
	match     *game.Match
	order     []int // the seats in the order they play (turnOrder), found once: the start never changes
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
	ratings []games.RatingChange
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

	// kept: the server plays this game of computers alone though nobody
	// watches it (KeepPlaying, keep.go); the room stays until it ends.
	kept bool

	evicted  atomic.Bool  // no longer serves: connections load a new room
	watchers atomic.Int64 // len(clients), for the writers' pace
}

// room returns the game's room, loading it from the store if needed. The
// server-wide lock is held only to look the room up: a slow store read
// stalls the connections of that one game, nothing else.
func (lv *Live) room(ctx context.Context, id string) (*room, error) {
	if !games.ValidID(id) {
		return nil, store.ErrNotFound
	}
	if r, err := lv.lookupRoom(id); r != nil || err != nil {
		return r, err
	}
	// One load per game however many connect at once; the load is not
	// tied to the first caller, who may leave while the others wait.
	ch := lv.loads.DoChan(id, func() (any, error) {
		if r, err := lv.lookupRoom(id); r != nil || err != nil {
			return r, err
		}
		lctx, cancel := context.WithTimeout(lv.Ctx, storeTimeout)
		defer cancel()
		r, err := lv.loadRoom(lctx, id)
		if err != nil {
			return nil, err
		}
		lv.mu.Lock()
		defer lv.mu.Unlock()
		if lv.closed {
			return nil, errors.New("server: shutting down")
		}
		if len(lv.rooms) >= lv.cfg.MaxRooms {
			lv.metrics.RoomsRefused.Inc()
			return nil, errBusy
		}
		lv.rooms[id] = r
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
func (lv *Live) lookupRoom(id string) (*room, error) {
	lv.mu.Lock()
	defer lv.mu.Unlock()
	if lv.closed {
		return nil, errors.New("server: shutting down")
	}
	if r := lv.rooms[id]; r != nil && !r.evicted.Load() {
		return r, nil
	}
	return nil, nil
}

// loadRoom reads a game from the store into a new room. A game whose
// moves end it but whose result is missing (a result write that failed in
// an older version) is finished now: the moves are the truth.
func (lv *Live) loadRoom(ctx context.Context, id string) (*room, error) {
	g, err := lv.Store.LoadGame(ctx, id)
	if err != nil {
		return nil, err
	}
	m, err := games.Replay(g)
	if err != nil {
		return nil, err
	}
	r := &room{lv: lv, id: id, clients: map[*client]struct{}{}, loaded: time.Now()}
	// A rated game that ended before: its banner shows the rating changes
	// it made, from the ratings' history.
	var changes []games.RatingChange
	if g.Rated && g.Result != store.Ongoing {
		changes = lv.club.PastRatingChanges(ctx, g)
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
			r.lv.metrics.ActiveGames.Inc()
		} else {
			r.lv.metrics.ActiveGames.Dec()
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

// Playing gives the game and match of a game in play here, from its room
// (games.Games.Playing).
func (lv *Live) Playing(id string) (*store.Game, *game.Match, bool, error) {
	lv.mu.Lock()
	rm := lv.rooms[id]
	lv.mu.Unlock()
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
	evict := len(r.clients) == 0 && !r.keptLocked() && r.evictLocked()
	r.mu.Unlock()
	if evict {
		r.lv.forget(r)
	}
}

// releaseIfEmpty drops a room loaded for a connection that did not come.
func (r *room) releaseIfEmpty() {
	r.mu.Lock()
	evict := len(r.clients) == 0 && !r.keptLocked() && r.evictLocked()
	r.mu.Unlock()
	if evict {
		r.lv.forget(r)
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
	if err := r.lv.leases.release(ctx, r.id); err != nil {
		r.lv.LogError("release lease", err, "game", r.id)
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
	r.lv.forget(r)
}

// forget removes an evicted room from the server's table.
func (lv *Live) forget(r *room) {
	lv.mu.Lock()
	if lv.rooms[r.id] == r {
		delete(lv.rooms, r.id)
	}
	lv.mu.Unlock()
}

func (r *room) dropLocked(c *client) {
	delete(r.clients, c)
	r.watchers.Store(int64(len(r.clients)))
	if !c.gone {
		c.gone = true
		close(c.send)
	}
}
