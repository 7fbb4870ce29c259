package live

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/record"
	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// Leaving a game of three or four (DECISIONS.md, "Leaving a game of three
// or four"; docs/server.md, "Leaving"). Without teams, a player who
// resigns, runs out of time or misses a correspondence deadline leaves:
// the store makes his seat a computer's at the game's leaver level
// (store.Leaving), the computer plays it from his next turn on, and the
// game goes on for the others. He ranks last (games.SeatRanks). His
// connections keep watching, as spectators who may still chat with the
// players. When one player only is still at the table, nothing is left
// to play for: the game ends, he wins; so it does, without a winner, when
// only computers from the start are (lastAtTableLocked).
//
// With teams, or two sides, a resignation or a flag still ends the game
// (resultAgainst: the other side wins).

func init() {
	web.Register(leavingMessages)
}

var leavingMessages = map[string][2]string{
	"info:left_resigned": {"%s resigned and left the table: the computer plays on in their seat.", "%s a abandonné et quitté la table : l'ordinateur joue désormais à sa place."},
	"info:left_flag":     {"%s ran out of time and left the table: the computer plays on in their seat.", "%s n'a plus de temps et quitte la table : l'ordinateur joue désormais à sa place."},
	"info:left_deadline": {"%s missed the deadline for a move and left the table: the computer plays on in their seat.", "%s a laissé passer le délai d'un coup et quitte la table : l'ordinateur joue désormais à sa place."},
	"info:lastattable":   {"Every other player left the table: %s wins.", "Tous les autres joueurs ont quitté la table : %s gagne."},
	"info:tableleft":     {"Every player left the table: the game is over.", "Tous les joueurs ont quitté la table : la partie est terminée."},
	"err:left":           {"You left this game: the computer plays your seat now, and you can only watch.", "Vous avez quitté cette partie : l'ordinateur joue votre place désormais, et vous pouvez seulement regarder."},
	"err:leave_gone":     {"The game changed meanwhile: here is the current game.", "La partie a changé entre-temps : voici la partie actuelle."},
	"err:leave_storage":  {"Leaving the game could not be recorded; try again.", "Le départ de la partie n'a pas pu être enregistré ; réessayez."},
	"info:left":          {"%s left the table: the computer plays on in their seat.", "%s a quitté la table : l'ordinateur joue désormais à sa place."},
	"leave:event":        {"%s left the table; the computer plays on in their seat.", "%s a quitté la table ; l'ordinateur joue à sa place."},
}

// defaultLeaverAgent plays a leaver's seat when the game names no level
// (DECISIONS.md: the easy level).
const defaultLeaverAgent = "easy"

// leaves says whether seat, losing outside the rules (resigning, running
// out of time, missing a deadline), leaves the table rather than ending
// the game: a game of more than two players without teams, a seat still
// held by its player, a store that keeps leaves.
func (r *room) leaves(seat int) bool {
	return r.lv.leavesIn(r.g, r.match.Variant(), seat)
}

// leavesIn is leaves for a stored game, without its room (the sweeps).
func (lv *Live) leavesIn(g *store.Game, v *game.Variant, seat int) bool {
	if v.Players <= 2 || v.Teams != nil || games.Sides(v) <= 2 || seat < 0 || seat >= len(g.Seats) {
		return false
	}
	if st := g.Seats[seat]; st.Left != 0 || st.Kind == "computer" {
		return false
	}
	_, ok := lv.cfg.Store.(store.Leaving)
	return ok
}

// hasLeft says whether seat's player left the table.
func (r *room) hasLeft(seat int) bool {
	return seat >= 0 && seat < len(r.g.Seats) && r.g.Seats[seat].Left != 0
}

// leaverAgent is the level that plays a leaver's seat: the game's, if
// this server offers it, else the easy level.
func (r *room) leaverAgent() string {
	if a := r.g.LeaverAgent; a != "" {
		if _, err := r.lv.agents.AgentSpec(a, r.match.Variant()); err == nil {
			return a
		}
	}
	return defaultLeaverAgent
}

// leaveLocked makes seat's player leave the table; code is the notice
// that says why ("left_resigned", "left_flag", "left_deadline"), c is
// the connection that asked (nil for a clock). The store decides: a leave
// refused because the game changed meanwhile (finished, or the seat left
// on another server) reloads it.
func (r *room) leaveLocked(ctx context.Context, c *client, seat int, code string) {
	ls := r.lv.cfg.Store.(store.Leaving)
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), storeTimeout)
	defer cancel()
	agent := r.leaverAgent()
	left, err := ls.LeaveSeat(wctx, r.id, seat, agent, r.lv.Now().UTC())
	if err != nil {
		if errors.Is(err, store.ErrConflict) || errors.Is(err, store.ErrNotFound) {
			before, wasOver, prev := len(r.g.Moves), r.finished(), r.offer
			r.reloadLocked(wctx) // tells of a leave made elsewhere
			r.endNoticeLocked(wasOver, before, prev)
			r.sendLocked(c, errorMsg{Type: "error", Code: "leave_gone", Message: "the game changed meanwhile: here is the current game"})
			r.broadcastStateLocked()
			return
		}
		r.lv.metrics.StoreFailures.Inc()
		id := r.lv.LogError("leave seat", err, "game", r.id, "seat", seat)
		r.sendLocked(c, errorMsg{Type: "error", Code: "leave_storage", Message: "leaving the game could not be recorded; try again (reference " + id + ")", ID: id})
		return
	}
	st := &r.g.Seats[seat]
	st.Kind, st.Agent, st.Left = "computer", agent, left
	r.g.UpdatedAt = r.lv.Now().UTC()
	// The store withdrew a pending offer: it was made to another table.
	r.offer, r.g.Offer = nil, nil
	r.lv.Log.Info("player left", "game", r.id, "seat", seat, "order", left, "why", code, "agent", agent)
	r.seatsLeftLocked()
	r.broadcastLocked(infoMsg{Type: "info", Code: code, Seat: seat})
	r.lastAtTableLocked(wctx)
	r.scheduleLocked()
	r.broadcastStateLocked()
}

// seatsLeftLocked takes the seats whose players left from the
// connections that held them: they watch from now on (c.left keeps them,
// to say so when they try to play).
func (r *room) seatsLeftLocked() {
	gone := r.leftSeatsOf()
	for c := range r.clients {
		r.dropLeftSeats(c, gone)
	}
}

// dropLeftSeats moves the seats of gone a connection holds to its left
// seats.
func (r *room) dropLeftSeats(c *client, gone uint8) {
	if c.seats&gone == 0 {
		return
	}
	c.left |= c.seats & gone
	c.seats &^= gone
	c.you = youPrefix(c.seats)
	r.built = [4]*sharedState{}
}

// leftSeatsOf is the mask of the seats whose players left.
func (r *room) leftSeatsOf() uint8 {
	var gone uint8
	for i, st := range r.g.Seats {
		if st.Left != 0 && i < 8 {
			gone |= 1 << uint(i)
		}
	}
	return gone
}

// refuseLeaverLocked answers a connection whose player left the table
// and tries to play, resign or offer: true when it was refused.
func (r *room) refuseLeaverLocked(c *client, ply *int, move string) bool {
	if c.seats != 0 || c.left == 0 {
		return false
	}
	msg := "you left this game: the computer plays your seat now, and you can only watch"
	if ply != nil {
		r.rejectLocked(c, "left", msg, ply, move)
	} else {
		r.sendLocked(c, errorMsg{Type: "error", Code: "left", Message: msg})
	}
	return true
}

// lastAtTableLocked ends the game when one player only is still at the
// table: the leavers' seats would only play against him, and he already
// ranks first; he wins. Seats played by the computer from the start count
// as players at the table, but when only they are left, nobody is left to
// play for: the game ends without a winner (docs/server.md, "Leaving a
// game of three or four").
func (r *room) lastAtTableLocked(ctx context.Context) {
	if r.finished() {
		return
	}
	still, people := -1, 0
	for i, st := range r.g.Seats {
		if st.Left != 0 {
			continue
		}
		if st.Kind != "computer" {
			people++
		}
		if still >= 0 && people > 0 {
			return // two or more still play, one of them a person
		}
		still = i
	}
	if still < 0 {
		return // cannot be: a computer's seat never leaves
	}
	// One seat at the table: it wins. Only computers from the start:
	// nobody is left to play for, and the game ends without a winner (they
	// share the first place, above the leavers).
	result, reason := record.Result{Status: game.Win, Winners: []int{still}}.String(), games.SeatReason(games.ReasonLastAtTable, still)
	if people == 0 && r.atTable() > 1 {
		result, reason = record.Result{Status: game.Over}.String(), games.ReasonTableLeft
	}
	if r.finishLocked(ctx, result, reason) {
		code := "lastattable"
		if people == 0 && r.atTable() > 1 {
			code = "tableleft"
		}
		r.broadcastLocked(infoMsg{Type: "info", Code: code, Seat: still})
	}
}

// atTable is the number of seats whose players did not leave.
func (r *room) atTable() int {
	n := 0
	for _, st := range r.g.Seats {
		if st.Left == 0 {
			n++
		}
	}
	return n
}

// leftCatchUp reads the game again after a player left on another
// server: his seat is the computer's, his connections here watch.
func (r *room) leftCatchUp() {
	defer r.lv.recoverRoom("leave notification", r)
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.evicted.Load() {
		return
	}
	ctx, cancel := context.WithTimeout(r.lv.Ctx, storeTimeout)
	defer cancel()
	before := r.leftSeatsOf()
	moves, wasOver, prev := len(r.g.Moves), r.finished(), r.offer
	r.reloadLocked(ctx) // tells of the new leavers
	if r.leftSeatsOf() == before && len(r.g.Moves) == moves && r.finished() == wasOver {
		return // ours, echoed back
	}
	r.endNoticeLocked(wasOver, moves, prev)
	r.broadcastStateLocked()
}

// leftSinceLocked follows a reload of the game: the seats that left since
// (gone is the mask before) are taken from the connections, and everyone
// is told, once whichever notification or reload brought the news.
func (r *room) leftSinceLocked(gone uint8) {
	r.seatsLeftLocked()
	now := r.leftSeatsOf()
	for i := range r.g.Seats {
		if now&^gone&(1<<uint(i)) != 0 {
			r.broadcastLocked(infoMsg{Type: "info", Code: "left", Seat: i})
		}
	}
}

// leaveEvents are the leaves of a game in words, in the order they
// happened, for the list of moves ("Carol left the table (resigned)").
func leaveEvents(g *store.Game, name func(seat int) string, lang string) []string {
	var out []string
	for order := 1; order <= len(g.Seats); order++ {
		for i, st := range g.Seats {
			if st.Left == order {
				out = append(out, fmt.Sprintf(web.T(lang, "leave:event"), name(i)))
			}
		}
	}
	return out
}

// leftState is what the state says of the leaves: per seat its order of
// leaving (nil when nobody left) and the leaves in words.
func (r *room) leftState(lang string) ([]int, []string) {
	if r.leftSeatsOf() == 0 {
		return nil, nil
	}
	left := make([]int, len(r.g.Seats))
	for i, st := range r.g.Seats {
		left[i] = st.Left
	}
	v := r.match.Variant()
	return left, leaveEvents(r.g, func(seat int) string { return games.PlayerName(v, seat, r.g.Seats, lang) }, lang)
}

// wakeLocked keeps a room loaded by a sweep (nobody has the game open)
// while the seat to move is a leaver's: its computer plays, which a room
// released at once would not do. SweepRooms drops the room once it has
// been empty for a while; true when the room stays.
func (r *room) wakeLocked() bool {
	if r.finished() || r.evicted.Load() || !r.hasLeft(r.match.ToMove()) {
		return false
	}
	r.scheduleLocked()
	return true
}

// leaveOnDeadline is the correspondence sweep's end of a move's days in a
// game of three or four that nobody has open here: under the game's lease,
// through a room loaded for the moment, the room's own flagLocked makes
// the player to move leave, and the room stays while the computer plays
// his seat. A game whose seat to move is already a leaver's is woken the
// same way (its computer had no room to play in). It says whether the
// game changed.
func (lv *Live) leaveOnDeadline(ctx context.Context, id string) (bool, error) {
	r, _, err := lv.roomUnderLease(ctx, id)
	if r == nil {
		return false, err // another server has it open (its room's timer decides), or an error
	}
	awake := false
	defer func() {
		if !awake {
			r.releaseIfEmpty()
		}
	}()
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.evicted.Load() || r.finished() || r.g.MoveDays <= 0 {
		return false, nil
	}
	seat := r.match.ToMove()
	if r.hasLeft(seat) {
		awake = r.wakeLocked()
		return awake, nil
	}
	if lv.Now().Before(r.turnStart.Add(games.MoveTime(r.g.MoveDays))) {
		return false, nil // a move came meanwhile
	}
	pos := r.pos
	r.flagLocked(lv.Ctx, seat)
	awake = r.wakeLocked()
	return r.pos == pos, nil
}

// leaveTags are the record's tags of a game that players left: Left, per
// seat its order of leaving (0: stayed), and once it ended Ranking, per
// seat its place (games.SeatRanks), both in seat order ("0,2,1").
func leaveTags(g *store.Game, m *game.Match) []record.Tag {
	if len(games.Leavers(g.Seats)) == 0 {
		return nil
	}
	left := make([]string, len(g.Seats))
	for i, st := range g.Seats {
		left[i] = strconv.Itoa(st.Left)
	}
	tags := []record.Tag{{Name: "Left", Value: strings.Join(left, ",")}}
	if ranks := games.SeatRanks(g, m); ranks != nil {
		places := make([]string, len(ranks))
		for i, r := range ranks {
			places[i] = strconv.Itoa(r)
		}
		tags = append(tags, record.Tag{Name: "Ranking", Value: strings.Join(places, ",")})
	}
	return tags
}
