package live

import (
	"slices"

	"github.com/plateau-games/plateau/server/internal/games"
)

// In a game of three or four, a player who comes back to the board must
// see every move made since their own last one, not only the very last
// (Board Game Arena marks them all): the state carries the recent moves
// with their mover's seat, and the page tints each in its player's colour,
// keeping those after the viewer's own last move.

// maxRecent bounds the moves sent: a round of four players, and the moves
// of a seat that played twice in a row (a passed turn of another) fit.
const maxRecent = 8

// recentMove is one of the last moves: its number (from 1), the seat that
// made it and its places on the board.
type recentMove struct {
	Ply    int      `json:"ply"`
	Seat   int      `json:"seat"`
	Places []string `json:"places"`
	Move   string   `json:"move"`           // its notation
	Says   string   `json:"says,omitempty"` // in words, where the notation alone is hard to read (tableview.go)
}

// recentCache keeps the recent moves of one position: finding their
// places replays the game, once per move rather than once per state.
type recentCache struct {
	ply       int
	notations []string
	moves     []recentMove
}

// recentLocked is the last moves (at most maxRecent) of a game of more
// than two players; nil for two players, whose drawing tints the last
// move itself.
func (r *room) recentLocked() []recentMove {
	v := r.match.Variant()
	n := len(r.match.Notations())
	if v.Players <= 2 || n == 0 {
		return nil
	}
	from := max(0, n-maxRecent)
	tail := r.match.Notations()[from:]
	if r.recent.ply == n && slices.Equal(r.recent.notations, tail) {
		return r.recent.moves
	}
	s, err := games.PositionAt(r.match, from)
	if err != nil {
		return nil
	}
	var out []recentMove
	for i, notation := range tail {
		ply := from + i
		seat := s.ToMove()
		if ply < len(r.g.Moves) && r.g.Moves[ply].Seat >= 0 {
			seat = r.g.Moves[ply].Seat
		}
		mv, err := s.ParseMove(notation)
		if err != nil {
			return nil
		}
		places := r.lv.render.Places(s, mv)
		if places == nil {
			places = []string{}
		}
		out = append(out, recentMove{Ply: ply + 1, Seat: seat, Places: places, Move: notation})
		s = s.Clone()
		s.Apply(mv)
	}
	r.recent = recentCache{ply: n, notations: slices.Clone(tail), moves: out}
	return out
}

// recentState fills the state's recent moves; a game of more than two
// players then has no single last-move tint in its drawing, the page
// drawing each recent move in its player's colour instead.
func (r *room) recentState(st *stateMsg, lastMove *[]string) {
	st.Recent = r.recentLocked()
	if st.Recent != nil {
		*lastMove = nil
	}
}

// noteDeclinedLocked remembers when a draw offer was declined.
func (r *room) noteDeclinedLocked(kind string, by int) {
	if kind != "draw" {
		return
	}
	if r.drawDeclined == nil {
		r.drawDeclined = map[int]int{}
	}
	r.drawDeclined[by] = len(r.g.Moves)
}

// declinedHereLocked says whether seat's draw offer was declined in the
// current position: it may offer again once a move has been made.
func (r *room) declinedHereLocked(seat int) bool {
	n, ok := r.drawDeclined[seat]
	return ok && n == len(r.g.Moves)
}
