package live

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// A rematch between people is a proposal: no game exists and no clock
// runs until every human player of the finished game has consented (the
// proposer by proposing, the others by accepting). A computer consents at
// once, so a rematch against computers only is made on the spot. One
// proposal per game at a time, lasting rematchLifetime; a decline, the
// proposer's withdrawal or the expiry ends it.
//
// The rematch's id is derived from the finished game (RematchID): every
// server, and two players clicking at once, compute the same id, and the
// store's refusal of a second game with one id makes the rematch exactly
// once. Its seats keep the token hashes of the finished game's seats
// (turned round): whoever held a seat holds its counterpart, and no
// secret needs to travel between servers.
//
// Proposals live in the rooms, like draw offers: announced to the other
// servers (store.Notifier) as "rematch offer BY HUMANS CONSENT EXPIRES",
// "rematch none SEAT CODE", "rematch made ID", and "rematch ask" from a
// server that loads the game and wants to hear of a pending one.

// rematchLifetime is how long a rematch proposal waits for its answers.
const rematchLifetime = 3 * time.Minute

// rematchProposal is a pending proposal of a finished game's rematch.
type rematchProposal struct {
	by      int   // the seat that proposed
	humans  uint8 // the human seats: every one must consent
	consent uint8 // those that did
	expires time.Time
	timer   *time.Timer // ends it at expires
}

// rematchMsg tells a player where the rematch is: url opens it with the
// tokens of the player's seats there. Follow is set when the game was just
// made: the page opens it (every player consented); otherwise the page
// offers a button.
type rematchMsg struct {
	Type   string `json:"type"` // "rematch"
	By     int    `json:"by"`   // the seat that proposed it (-1: unknown)
	URL    string `json:"url"`
	Follow bool   `json:"follow,omitempty"`
	Text   string `json:"text,omitempty"`
}

// rematchInfo is a pending proposal in the state: who proposed and the
// human seats whose answer is awaited.
type rematchInfo struct {
	By    int   `json:"by"`
	Needs []int `json:"needs"`
	// Accepted is the seats that consented: the proposer, those who
	// accepted, and the computers (which always do); with three or four
	// the page shows who accepted and who is awaited.
	Accepted []int `json:"accepted"`
}

// humanSeats is the set of a game's seats held by people.
func humanSeats(g *store.Game) uint8 {
	var m uint8
	for i, st := range g.Seats {
		if st.Kind != "computer" {
			m |= 1 << uint(i)
		}
	}
	return m
}

// RematchID is the id of a finished game's rematch: derived from its id
// and its seats' token hashes (which only the store knows), so that every
// server finds the same one and nobody can tell it from the public id.
func RematchID(g *store.Game) string {
	h := sha256.New()
	h.Write([]byte("plateau rematch\x00" + g.ID))
	for _, st := range g.Seats {
		h.Write([]byte("\x00" + st.TokenHash))
	}
	return games.IDEncoding.EncodeToString(h.Sum(nil))[:10]
}

// rematchSeat is where the player of old seat i sits in the rematch: the
// seats are turned round in a game of two (each takes the other colour).
func rematchSeat(n, i int) int {
	if n == 2 {
		return 1 - i
	}
	return i
}

// pendingRematchLocked is the pending proposal, nil when there is none or
// it has expired (by the server's clock).
func (r *room) pendingRematchLocked() *rematchProposal {
	p := r.proposal
	if p != nil && !r.lv.Now().Before(p.expires) {
		r.dropProposalLocked()
		return nil
	}
	return p
}

func (r *room) dropProposalLocked() {
	if r.proposal != nil && r.proposal.timer != nil {
		r.proposal.timer.Stop()
	}
	r.proposal = nil
	r.built = [4]*sharedState{}
}

// rematchLocked proposes a rematch, or accepts the pending proposal, or,
// once the rematch exists, gives its link.
func (r *room) rematchLocked(ctx context.Context, c *client) {
	seat := r.mySeat(c)
	switch {
	case seat < 0:
		r.sendLocked(c, errorMsg{Type: "error", Code: "spectator", Message: "spectators cannot ask for a rematch"})
		return
	case !r.finished():
		r.sendLocked(c, errorMsg{Type: "error", Code: "not_over", Message: "a rematch is for a finished game"})
		return
	}
	r.lookForRematchLocked(ctx)
	if r.rematch != "" {
		r.sendLocked(c, rematchMsg{Type: "rematch", By: -1, URL: r.rematchURL(c), Follow: true})
		return
	}
	p := r.pendingRematchLocked()
	humans := humanSeats(r.g)
	if p == nil {
		// A proposal is a notice to the other players, and an immediate
		// rematch a new game: both count against the address's creation
		// limit, or proposing and withdrawing (or resigning and asking
		// again) would go on without end.
		if r.lv.cfg.CreatePerMinute > 0 {
			if ok, wait := r.lv.clients.Take(c.key, time.Now(), r.lv.cfg.CreatePerMinute, r.lv.cfg.CreateBurst); !ok {
				r.lv.Refusals.WithLabelValues("rate_limited").Inc()
				r.sendLocked(c, errorMsg{Type: "error", Code: "rematch_limited",
					Message: fmt.Sprintf("too many new games from your address: try again in %d seconds", max(int(math.Ceil(wait.Seconds())), 1))})
				return
			}
		}
		p = &rematchProposal{by: seat, humans: humans, consent: c.seats & humans, expires: r.lv.Now().Add(rematchLifetime)}
		if p.consent == p.humans {
			r.makeRematchLocked(ctx)
			return
		}
		r.proposal = p
		r.armProposalLocked(p)
		r.announceRematchLocked(r.offerEvent(p))
		for other := range r.clients {
			if other.seats&humans&^p.consent != 0 {
				r.sendLocked(other, infoMsg{Type: "info", Code: "rematch", Seat: seat})
			}
		}
		r.broadcastStateLocked()
		return
	}
	if c.seats&p.humans&^p.consent == 0 {
		// Asked again by one who consented already: nothing changes.
		r.sendStateLocked(c)
		return
	}
	p.consent |= c.seats & p.humans
	if p.consent == p.humans {
		r.makeRematchLocked(ctx)
		return
	}
	r.announceRematchLocked(r.offerEvent(p))
	r.broadcastStateLocked()
}

// declineRematchLocked ends the pending proposal: withdrawn by its
// proposer, declined by another player.
func (r *room) declineRematchLocked(c *client) {
	p := r.pendingRematchLocked()
	if p == nil || c.seats&p.humans == 0 || r.rematch != "" {
		r.sendLocked(c, errorMsg{Type: "error", Code: "no_rematch", Message: "there is no rematch proposal to answer"})
		return
	}
	seat := r.mySeat(c)
	code := "rematchdeclined"
	if c.holds(p.by) {
		code, seat = "rematchcancelled", p.by
	}
	r.dropProposalLocked()
	r.announceRematchLocked(fmt.Sprintf("rematch none %d %s", seat, code))
	r.broadcastLocked(infoMsg{Type: "info", Code: code, Seat: seat})
	r.broadcastStateLocked()
}

// armProposalLocked ends p when it expires, telling the players.
func (r *room) armProposalLocked(p *rematchProposal) {
	p.timer = time.AfterFunc(max(p.expires.Sub(r.lv.Now()), 0), func() {
		defer r.lv.recoverRoom("rematch expiry", r)
		r.mu.Lock()
		defer r.mu.Unlock()
		if r.proposal != p || r.evicted.Load() {
			return
		}
		r.proposal = nil
		r.broadcastLocked(infoMsg{Type: "info", Code: "rematchexpired", Seat: p.by})
		r.broadcastStateLocked()
	})
}

// makeRematchLocked creates the rematch once every player consented: same
// game, options, clock, rating and computer players, the seats turned
// round. A store that already has it (another server, or a second click,
// made it first) is as good.
func (r *room) makeRematchLocked(ctx context.Context) {
	by := -1
	if r.proposal != nil {
		by = r.proposal.by
	}
	r.dropProposalLocked()
	now := r.lv.Now().UTC()
	g := &store.Game{ID: RematchID(r.g), GameID: r.g.GameID, Options: r.g.Options, Result: store.Ongoing,
		Casual: r.g.Casual, Rated: r.g.Rated, MoveDays: r.g.MoveDays,
		ClockMillis: r.g.ClockMillis, IncrementMillis: r.g.IncrementMillis, CreatedAt: now, UpdatedAt: now,
		LeaverAgent: r.g.LeaverAgent}
	n := len(r.g.Seats)
	g.Seats = make([]store.Seat, n)
	err := error(nil)
	for i, st := range r.g.Seats {
		if st.Left != 0 {
			// A player who left (leaving.go) did not consent: the computer
			// that played his seat keeps it, without his name or account.
			st = store.Seat{Kind: "computer", Agent: st.Agent}
		}
		if st.Kind == "computer" {
			// The operator may have withdrawn that player since.
			if e := r.lv.agents.CheckAgentName(st.Agent, r.match.Variant()); e != nil && err == nil {
				err = &web.FormError{Msg: fmt.Sprintf("seat %d: %v", i+1, e)}
			}
		}
		g.Seats[rematchSeat(n, i)] = st
	}
	if err == nil {
		wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), storeTimeout)
		err = r.lv.Store.CreateGame(wctx, g)
		cancel()
		if errors.Is(err, store.ErrConflict) {
			err = nil // made already, by another server or a racing click
		} else if err == nil {
			r.lv.Log.Info("game created", "id", g.ID, "game", g.GameID, "options", g.Options, "rematch of", r.id)
		}
	}
	if err != nil {
		id := r.lv.LogError("rematch", err, "game", r.id)
		r.announceRematchLocked(fmt.Sprintf("rematch none %d failed", by))
		for c := range r.clients {
			if c.seats != 0 {
				r.sendLocked(c, errorMsg{Type: "error", Code: "storage", Message: "the rematch could not be created; try again (reference " + id + ")", ID: id})
			}
		}
		r.broadcastStateLocked()
		return
	}
	r.rematch = g.ID
	r.announceRematchLocked("rematch made " + g.ID)
	r.followRematchLocked(by)
}

// followRematchLocked sends every player the link to the rematch just
// made: their pages open it.
func (r *room) followRematchLocked(by int) {
	for c := range r.clients {
		if c.seats&humanSeats(r.g) != 0 {
			r.sendLocked(c, rematchMsg{Type: "rematch", By: by, URL: r.rematchURL(c), Follow: true})
		}
	}
	r.broadcastStateLocked()
}

// lookForRematchLocked finds a rematch made before this room was loaded
// (by another server, or before a restart): once per room.
func (r *room) lookForRematchLocked(ctx context.Context) {
	if r.rematch != "" || r.rematchLooked {
		return
	}
	r.rematchLooked = true
	id := RematchID(r.g)
	lctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), storeTimeout)
	defer cancel()
	if _, err := r.lv.Store.LoadGame(lctx, id); err == nil {
		r.rematch = id
	} else if !errors.Is(err, store.ErrNotFound) {
		r.rematchLooked = false // look again next time
		r.lv.LogError("look for rematch", err, "game", r.id)
	}
}

// rematchHelloLocked tells a player arriving at a finished game of its
// rematch, if there is one (the page offers to open it), and asks the
// other servers for a proposal they may hold.
func (r *room) rematchHelloLocked(ctx context.Context, c *client) {
	if !r.finished() || c.seats == 0 {
		return
	}
	looked := r.rematchLooked
	r.lookForRematchLocked(ctx)
	if r.rematch != "" {
		r.sendLocked(c, rematchMsg{Type: "rematch", By: -1, URL: r.rematchURL(c)})
		return
	}
	if !looked && r.proposal == nil {
		r.announceRematchLocked("rematch ask")
	}
}

// rematchURL is the link to the rematch for c's seats: its tokens, which
// hold the counterparts there (a seat of an account needs none).
func (r *room) rematchURL(c *client) string {
	frag := ""
	n := len(r.g.Seats)
	for i := 0; i < n && i < game.MaxPlayers; i++ {
		if c.holds(i) && c.seatTokens[i] != "" {
			if frag != "" {
				frag += ","
			}
			frag += strconv.Itoa(rematchSeat(n, i)) + "-" + c.seatTokens[i]
		}
	}
	if frag == "" {
		return "/games/" + r.rematch
	}
	return "/games/" + r.rematch + "#me=" + frag
}

// rematchStateLocked is the pending proposal for the state.
func (r *room) rematchStateLocked() *rematchInfo {
	p := r.proposal
	if p == nil || !r.lv.Now().Before(p.expires) || r.rematch != "" {
		return nil
	}
	ri := &rematchInfo{By: p.by, Needs: []int{}, Accepted: []int{}}
	for i := range r.g.Seats {
		if p.humans&^p.consent&(1<<uint(i)) != 0 {
			ri.Needs = append(ri.Needs, i)
		} else {
			ri.Accepted = append(ri.Accepted, i)
		}
	}
	return ri
}

func (r *room) offerEvent(p *rematchProposal) string {
	return fmt.Sprintf("rematch offer %d %d %d %d", p.by, p.humans, p.consent, p.expires.UnixMilli())
}

// announceRematchLocked tells the other servers (nothing with one).
func (r *room) announceRematchLocked(event string) {
	n, ok := r.lv.cfg.Store.(store.Notifier)
	if !ok {
		return
	}
	ctx, cancel := context.WithTimeout(r.lv.Ctx, storeTimeout)
	defer cancel()
	if err := n.Announce(ctx, r.id, event); err != nil {
		r.lv.LogError("announce rematch", err, "game", r.id)
	}
}

// rematchFromElsewhere applies another server's announcement (or this
// one's, echoed back: then nothing changes).
func (r *room) rematchFromElsewhere(event string) {
	defer r.lv.recoverRoom("rematch event", r)
	f := strings.Fields(event)
	num := func(s string) int64 { n, _ := strconv.ParseInt(s, 10, 64); return n }
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.evicted.Load() || !r.finished() || len(f) < 2 {
		return
	}
	switch {
	case f[1] == "ask" && len(f) == 2:
		if p := r.pendingRematchLocked(); p != nil {
			r.announceRematchLocked(r.offerEvent(p))
		}
	case f[1] == "made" && len(f) == 3:
		if r.rematch != "" || f[2] != RematchID(r.g) {
			return
		}
		by := -1
		if r.proposal != nil {
			by = r.proposal.by
		}
		r.dropProposalLocked()
		r.rematch = f[2]
		r.followRematchLocked(by)
	case f[1] == "none" && len(f) == 4:
		if r.proposal == nil {
			return
		}
		r.dropProposalLocked()
		seat := int(num(f[2]))
		if code := f[3]; code == "rematchdeclined" || code == "rematchcancelled" {
			r.broadcastLocked(infoMsg{Type: "info", Code: code, Seat: seat})
		}
		r.broadcastStateLocked()
	case f[1] == "offer" && len(f) == 6:
		if r.rematch != "" {
			return
		}
		humans := humanSeats(r.g)
		if uint8(num(f[3])) != humans {
			return // not this game's seats: stale or garbled
		}
		consent := uint8(num(f[4])) & humans
		p := r.pendingRematchLocked()
		if p == nil {
			expires := time.UnixMilli(num(f[5]))
			if !r.lv.Now().Before(expires) {
				return
			}
			p = &rematchProposal{by: int(num(f[2])), humans: humans, consent: consent, expires: expires}
			r.proposal = p
			r.armProposalLocked(p)
		} else if p.consent|consent == p.consent {
			return // nothing new (our own, echoed back)
		} else {
			p.consent |= consent
		}
		if p.consent == p.humans {
			// Both sides consented on different servers: each makes the
			// game, the store keeps one.
			r.makeRematchLocked(r.lv.Ctx)
			return
		}
		r.broadcastStateLocked()
	}
}
