package live

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"golang.org/x/time/rate"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/pool"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// Hints. In a casual game with a computer seat, the player to move may ask
// for a hint: the move the game's hard level finds in a short search
// (Config.HintBudget). The search is background work of the scheduler
// (package pool): it runs only on what the computer opponents leave, in
// turn with other people's hints and analyses, so that hints cannot crowd
// out the server nor anyone else: one hint search at a time per game, a
// bucket of hints per connection (Config.HintsPerMinute), a bounded line
// per person (account, else address) and for all together. A hint is stored (store.Hints)
// before it is shown, so that a game's record says who had hints and
// where; the move goes to the asking connection only, and everybody sees
// the count.

const (
	// DefaultHintBudget is the search time of a hint (Config.HintBudget).
	DefaultHintBudget = time.Second
	// DefaultHintsPerMinute is how many hints one connection may ask a
	// minute (Config.HintsPerMinute); hintBurst how many in a row.
	DefaultHintsPerMinute = 10
	hintBurst             = 3
)

func init() {
	web.Register(hintQueueMessages)
}

// hintQueueMessages are the refusal of a person's full line of hints and
// analyses (package pool).
var hintQueueMessages = map[string][2]string{
	"err:hint_queue": {"You already have several hints or analyses waiting for the computer: ask again in a moment.",
		"Vous avez déjà plusieurs indices ou analyses en attente de l'ordinateur : redemandez dans un instant."},
}

// HintStrength is the level whose spec a hint searches with.
const HintStrength = "hard"

// hintLimits are the resolved hint settings of a server.
type hintLimits struct {
	budget  time.Duration // 0: no hints
	perMin  float64       // <= 0: no limit per connection
	burst   int
	enabled bool
}

func resolveHints(cfg Config, ceiling time.Duration) hintLimits {
	h := hintLimits{budget: cfg.HintBudget, perMin: float64(cfg.HintsPerMinute), burst: hintBurst}
	if h.budget == 0 {
		h.budget = DefaultHintBudget
	}
	if h.budget < 0 {
		return hintLimits{}
	}
	h.budget = min(h.budget, ceiling)
	if h.perMin == 0 {
		h.perMin = DefaultHintsPerMinute
	}
	if h.perMin > 0 {
		h.burst = min(hintBurst, max(1, int(h.perMin)))
	}
	_, keeps := cfg.Store.(store.Hints)
	h.enabled = keeps
	return h
}

// newHintLimiter is a connection's bucket of hints; nil without a limit.
func (lv *Live) newHintLimiter() *rate.Limiter {
	if lv.hints.perMin <= 0 {
		return nil
	}
	return rate.NewLimiter(rate.Limit(lv.hints.perMin/60), lv.hints.burst)
}

// hintMsg answers a hint to the connection that asked.
type hintMsg struct {
	Type   string   `json:"type"` // "hint"
	Ply    int      `json:"ply"`  // the position: the number of moves played
	Seat   int      `json:"seat"`
	Move   string   `json:"move"`   // in notation, a legal move of the position
	Places []string `json:"places"` // its places on the board, as in the state's legal moves
	Says   string   `json:"says"`   // the move in words, in the connection's language
	Text   string   `json:"text"`   // "Hint: ..." in the connection's language
	Used   int      `json:"used"`   // hints this seat had in the game, this one included
}

// hintRun is the hint search running for a room.
type hintRun struct {
	cancel context.CancelFunc
	c      *client
	seat   int
	ply    int
	pos    uint64 // the room's position counter when it began
}

// givenHint is the last hint given in a room, for its position: asked
// again there, it is sent again without a search, and counts once.
type givenHint struct {
	pos uint64
	msg hintMsg
}

// positionChangedLocked is called whenever the position of the room may
// have changed (a move stored, an undo, a reload): a hint searching the
// old one is stopped, and the last hint no longer holds.
func (r *room) positionChangedLocked() {
	r.pos++
	r.stopHintLocked()
	r.lastHint = nil
}

func (r *room) stopHintLocked() {
	if r.hint != nil {
		r.hint.cancel()
		r.hint = nil
	}
}

// hintableLocked says whether the game gives hints: this server gives
// them and keeps them, and the game is casual, not rated, and has a
// computer seat. Whether the asker may have one now is hintLocked's.
func (r *room) hintableLocked() bool {
	return r.lv.hints.enabled && r.g.Casual && !r.g.Rated && r.hasComputerLocked()
}

func (r *room) hasComputerLocked() bool {
	for _, st := range r.g.Seats {
		// A leaver's seat is a computer's, but the game stays one between
		// people: no hints (leaving.go).
		if st.Kind == "computer" && st.Left == 0 {
			return true
		}
	}
	return false
}

// hintLocked answers a request for a hint: a refusal with its code, the
// hint already given in this position, or a search (here, or in the page:
// hintlocal.go).
func (r *room) hintLocked(c *client, msg inMsg) {
	seat := r.match.ToMove()
	switch {
	case !r.lv.hints.enabled:
		r.sendLocked(c, errorMsg{Type: "error", Code: "hint_off", Message: web.T("en", "err:hint_off")})
	case c.spectator():
		r.sendLocked(c, errorMsg{Type: "error", Code: "spectator", Message: "spectators cannot ask for hints"})
	case r.finished():
		r.sendLocked(c, errorMsg{Type: "error", Code: "over", Message: "the game is over"})
	case r.g.Rated:
		r.sendLocked(c, errorMsg{Type: "error", Code: "hint_rated", Message: web.T("en", "err:hint_rated")})
	case !r.g.Casual:
		r.sendLocked(c, errorMsg{Type: "error", Code: "hint_not_casual", Message: web.T("en", "err:hint_not_casual")})
	case !r.hasComputerLocked():
		r.sendLocked(c, errorMsg{Type: "error", Code: "hint_no_computer", Message: web.T("en", "err:hint_no_computer")})
	case !c.holds(seat):
		r.sendLocked(c, errorMsg{Type: "error", Code: "not_your_turn", Message: fmt.Sprintf("it is seat %d's turn, not yours: a hint is for the player to move", seat+1)})
	case r.hint != nil:
		r.sendLocked(c, errorMsg{Type: "error", Code: "hint_pending", Message: web.T("en", "err:hint_pending")})
	case r.lastHint != nil && r.lastHint.pos == r.pos && r.lastHint.msg.Seat == seat:
		// The same position: the same hint, not counted again.
		r.sendLocked(c, r.lastHint.msg)
	case c.hints != nil && !c.hints.Allow():
		r.lv.Refusals.WithLabelValues("hint_limited").Inc()
		r.sendLocked(c, errorMsg{Type: "error", Code: "hint_limited", Message: fmt.Sprintf("Too many hints: at most %g a minute; wait a little.", r.lv.hints.perMin)})
	case msg.Move != "":
		r.localHintLocked(c, seat, msg)
	default:
		r.startHintLocked(c, seat)
	}
}

// startHintLocked searches the current position for seat, in a goroutine
// of its own, on its own copy of the match; the hint is stored and sent
// only if the position is still the same when the search ends.
func (r *room) startHintLocked(c *client, seat int) {
	v := r.match.Variant()
	spec, err := r.lv.agents.AgentSpec(HintStrength, v)
	if err != nil {
		r.lv.LogError("hint", err, "game", r.id)
		r.sendLocked(c, errorMsg{Type: "error", Code: "hint_failed", Message: web.T("en", "err:hint_failed")})
		return
	}
	m := game.NewMatch(r.match.Start())
	for _, mv := range r.match.Moves() {
		m.Play(mv)
	}
	ctx, cancel := context.WithCancel(r.lv.Ctx)
	hr := &hintRun{cancel: cancel, c: c, seat: seat, ply: len(r.g.Moves), pos: r.pos}
	r.hint = hr
	seed := uint64(time.Now().UnixNano()) ^ 0x68696e74
	owner := pool.Owner(c.user, c.key)
	r.lv.GoSafe("hint search", func() {
		defer cancel()
		defer r.lv.recoverRoom("hint", r)
		mv, err := r.lv.runSearch(ctx, pool.Background, owner, spec, v, seed, m, r.lv.hints.budget)
		r.mu.Lock()
		defer r.mu.Unlock()
		if r.hint != hr {
			return // stopped: the position changed, or the room ended
		}
		r.hint = nil
		if r.evicted.Load() || r.finished() || r.pos != hr.pos || r.lv.Ctx.Err() != nil || c.gone {
			return
		}
		switch {
		case errors.Is(err, pool.ErrQueueFull):
			r.sendLocked(c, errorMsg{Type: "error", Code: "hint_busy", Message: web.T("en", "err:hint_busy")})
			return
		case errors.Is(err, pool.ErrOwnerBusy):
			r.sendLocked(c, errorMsg{Type: "error", Code: "hint_queue", Message: web.T("en", "err:hint_queue")})
			return
		case err != nil:
			r.lv.Log.Warn("hint search failed", "game", r.id, "err", err)
			r.sendLocked(c, errorMsg{Type: "error", Code: "hint_failed", Message: web.T("en", "err:hint_failed")})
			return
		}
		r.giveHintLocked(c, hr, m, mv)
	})
}

// giveHintLocked stores the hint, then sends it to the connection that
// asked and the new count to everyone. A hint that cannot be stored is not
// shown: every hint seen is in the game's record.
func (r *room) giveHintLocked(c *client, hr *hintRun, m *game.Match, mv game.Move) {
	s := m.State()
	notation := s.MoveString(mv)
	places := r.lv.render.Places(s, mv)
	if places == nil {
		places = []string{}
	}
	h := store.Hint{Seat: hr.seat, Ply: hr.ply, At: r.lv.Now().UTC()}
	hs, _ := r.lv.cfg.Store.(store.Hints)
	wctx, cancel := context.WithTimeout(r.lv.Ctx, storeTimeout)
	defer cancel()
	if err := hs.AddHint(wctx, r.id, h); err != nil {
		if errors.Is(err, store.ErrConflict) || errors.Is(err, store.ErrNotFound) {
			// Another server moved on (or ended the game) first.
			r.reloadLocked(wctx)
			r.broadcastStateLocked()
			return
		}
		id := r.lv.LogError("store hint", err, "game", r.id)
		r.sendLocked(c, errorMsg{Type: "error", Code: "hint_storage", Message: "The hint could not be recorded, so it is not shown; try again (reference " + id + ").", ID: id})
		return
	}
	h.At = h.At.Truncate(time.Millisecond)
	r.g.Hints = append(r.g.Hints, h)
	msg := hintMsg{Type: "hint", Ply: hr.ply, Seat: hr.seat, Move: notation, Places: places, Used: r.hintsOfLocked(hr.seat)}
	r.lastHint = &givenHint{pos: r.pos, msg: msg}
	r.sendLocked(c, msg)
	r.broadcastStateLocked()
}

// hintsOfLocked is how many hints seat had in the game.
func (r *room) hintsOfLocked(seat int) int {
	n := 0
	for _, h := range r.g.Hints {
		if h.Seat == seat {
			n++
		}
	}
	return n
}

// hintMoves is, per seat, the numbers of the moves (from 1) each hint was
// for, in the order given; nil when nobody had one.
func hintMoves(g *store.Game) [][]int {
	if len(g.Hints) == 0 {
		return nil
	}
	out := make([][]int, len(g.Seats))
	for i := range out {
		out[i] = []int{}
	}
	for _, h := range g.Hints {
		if h.Seat >= 0 && h.Seat < len(out) {
			out[h.Seat] = append(out[h.Seat], h.Ply+1)
		}
	}
	return out
}

// recordHints is the record's Hints (per seat, 0-based plies).
func recordHints(g *store.Game) [][]int {
	if len(g.Hints) == 0 {
		return nil
	}
	out := make([][]int, len(g.Seats))
	for _, h := range g.Hints {
		if h.Seat >= 0 && h.Seat < len(out) {
			out[h.Seat] = append(out[h.Seat], h.Ply)
		}
	}
	return out
}

// localizedHint puts a hint into words in lang: "Hint: Move 2 pieces from
// b1 to b3 (2b1-b3)".
func (r *room) localizedHint(m hintMsg, lang string) hintMsg {
	m.Places = slices.Clone(m.Places)
	m.Says = games.DescribeMove(r.match.Variant(), m.Move, lang)
	words := m.Move
	if !strings.Contains(m.Says, m.Move) {
		words = m.Says + " (" + m.Move + ")"
	}
	m.Text = fmt.Sprintf(web.T(lang, "hint:text"), words)
	return m
}

// hintsCatchUp reads a game's hints again after another server stored one.
func (r *room) hintsCatchUp() {
	defer r.lv.recoverRoom("hint notification", r)
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.evicted.Load() {
		return
	}
	ctx, cancel := context.WithTimeout(r.lv.Ctx, storeTimeout)
	defer cancel()
	g, err := r.lv.Store.LoadGame(ctx, r.id)
	if err != nil {
		r.lv.LogError("reload hints", err, "game", r.id)
		return
	}
	if len(g.Hints) == len(r.g.Hints) {
		return // ours, echoed back
	}
	r.g.Hints = g.Hints
	r.broadcastStateLocked()
}
