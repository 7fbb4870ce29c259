package server

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/plateau-games/plateau/game"
)

// rematchMsg tells a player that the game is to be played again: url opens
// the new game with the tokens of the player's seats there.
type rematchMsg struct {
	Type string `json:"type"` // "rematch"
	By   int    `json:"by"`   // the seat that asked
	URL  string `json:"url"`
	Text string `json:"text,omitempty"`
}

// rematchLocked plays a finished game again: same game, options, clock
// and computer players, the seats turned round in a game of two (each
// player takes the other colour). The first request creates the game;
// every player then gets a link to it with their seat's token, the asker
// to open at once, the others to accept. Later requests give the same game.
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
	if r.rematch == "" {
		// A rematch is a new game: it counts against the address's
		// creation limit, or resigning and asking again would create
		// games without end.
		if r.s.limits.createPerMinute > 0 {
			if ok, wait := r.s.clients.take(c.key, time.Now(), r.s.limits.createPerMinute, r.s.limits.createBurst); !ok {
				r.s.metrics.refusals.WithLabelValues("rate_limited").Inc()
				r.sendLocked(c, errorMsg{Type: "error", Code: "rematch_limited",
					Message: fmt.Sprintf("too many new games from your address: try again in %d seconds", max(int(math.Ceil(wait.Seconds())), 1))})
				return
			}
		}
		v := r.match.Variant()
		n := len(r.g.Seats)
		// newSeat is where the player of old seat i sits in the new game.
		newSeat := func(i int) int {
			if n == 2 {
				return 1 - i
			}
			return i
		}
		spec := GameSpec{Game: v.Game.ID, Options: v.Options, Casual: r.g.Casual, Rated: r.g.Rated, MoveDays: r.g.MoveDays,
			Clock: time.Duration(r.g.ClockMillis) * time.Millisecond, Increment: time.Duration(r.g.IncrementMillis) * time.Millisecond}
		spec.Seats = make([]SeatSpec, n)
		for i, st := range r.g.Seats {
			ss := SeatSpec{Kind: "me", Name: st.Name, User: st.User}
			if st.Kind == "computer" {
				ss = SeatSpec{Kind: "computer", Agent: st.Agent, Name: st.Name}
			}
			spec.Seats[newSeat(i)] = ss
		}
		wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), storeTimeout)
		created, err := r.s.createGame(wctx, spec)
		cancel()
		if err != nil {
			id := r.s.logError("rematch", err, "game", r.id, "client", c.addr)
			r.sendLocked(c, errorMsg{Type: "error", Code: "storage", Message: "the rematch could not be created; try again (reference " + id + ")", ID: id})
			return
		}
		r.rematch = created.ID
		r.rematchSeats = map[int]string{}
		for i := range r.g.Seats {
			if tok, ok := created.Mine[newSeat(i)]; ok {
				r.rematchSeats[i] = strconv.Itoa(newSeat(i)) + "-" + tok
			}
		}
	}
	for other := range r.clients {
		if other.seats != 0 {
			r.sendLocked(other, rematchMsg{Type: "rematch", By: seat, URL: r.rematchURL(other)})
		}
	}
}

// rematchURL is the link to the rematch for c's seats.
func (r *room) rematchURL(c *client) string {
	frag := ""
	for i := 0; i < game.MaxPlayers; i++ {
		if c.holds(i) && r.rematchSeats[i] != "" {
			if frag != "" {
				frag += ","
			}
			frag += r.rematchSeats[i]
		}
	}
	return "/games/" + r.rematch + "#me=" + frag
}
