package live

import (
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/render"
	"github.com/plateau-games/plateau/server/internal/web"
)

// The game page of a game of three or four, as Board Game Arena shows a
// table: the turn order (who plays after whom, partners as a team), and
// for every viewer the moves since his own last move, marked on the board
// in each mover's colour and listed in words. The state stays one encoding
// shared by every connection of a view: it carries, per seat, where that
// seat's "since your last move" starts, and each page picks its seats'.

func init() {
	web.Register(map[string][2]string{
		"turnorder":   {"Turn order", "Ordre de jeu"},
		"sincelast":   {"Since your last move", "Depuis votre dernier coup"},
		"lastround":   {"Last round", "Dernier tour"},
		"played":      {"%s played %s", "%s a joué %s"},
		"versus":      {"vs", "contre"},
		"seatthinks":  {"thinking…", "réfléchit…"},
		"seattomove":  {"to play", "doit jouer"},
		"rematchyes":  {"accepted", "a accepté"},
		"rematchwait": {"awaited", "attendu"},
	})
	web.RegisterJS("turnorder", "sincelast", "lastround", "played", "versus", "seatthinks", "seattomove",
		"rematchyes", "rematchwait")
}

// tableView is the part of the state only a game of more than two has
// (stateMsg embeds it).
type tableView struct {
	// Order is the seats in the order they play, from the first to move
	// at the start.
	Order []int `json:"order,omitempty"`
	// Since is, per seat, the ply of that seat's last move among the
	// recent ones (the recent moves after it are new to that seat's
	// player); a seat without a move among them has the ply before the
	// first of them.
	Since []int `json:"since,omitempty"`
	// Round is where the last round starts, for spectators and once the
	// game is over: the moves after the last move of the seat to move (of
	// the last mover before its final move, once over).
	Round int `json:"round,omitempty"`
}

// turnOrder is the order the seats play in: found by playing from the
// start position (any legal move) until every seat has come to move,
// rather than assumed to be the seats' order, which the rules do not
// promise. Seats the search does not reach follow in seat order.
func turnOrder(m *game.Match) []int {
	s := m.Start().Clone()
	n := s.Variant().Players
	seen := make([]bool, n)
	var order []int
	var buf []game.Move
	for steps := 0; steps < 4*n && len(order) < n; steps++ {
		seat := s.ToMove()
		if seat < 0 || seat >= n {
			break
		}
		if !seen[seat] {
			seen[seat] = true
			order = append(order, seat)
		}
		buf = s.LegalMoves(buf)
		if len(buf) == 0 {
			break
		}
		s.Apply(buf[0])
	}
	for i := 0; i < n; i++ {
		if !seen[i] {
			order = append(order, i)
		}
	}
	return order
}

// tableViewLocked fills the turn order and where each seat's moves since
// its last start, and puts the recent moves into words (say notation in
// words where the notation alone is hard to read).
func (r *room) tableViewLocked(st *stateMsg, lang string) {
	v := r.match.Variant()
	if v.Players <= 2 {
		return
	}
	if r.order == nil {
		r.order = turnOrder(r.match)
	}
	st.Order = r.order
	if len(st.Recent) == 0 {
		return
	}
	words := make([]recentMove, len(st.Recent))
	copy(words, st.Recent) // the cache is shared between languages
	for i := range words {
		words[i].Says = render.MoveInWords(v, words[i].Move, lang)
	}
	st.Recent = words
	first := st.Recent[0].Ply - 1
	st.Since = make([]int, len(r.g.Seats))
	for i := range st.Since {
		st.Since[i] = first
	}
	for _, m := range st.Recent {
		if m.Seat >= 0 && m.Seat < len(st.Since) {
			st.Since[m.Seat] = m.Ply
		}
	}
	if st.ToMove >= 0 && st.ToMove < len(st.Since) {
		st.Round = st.Since[st.ToMove]
		return
	}
	// Over: the whole last round, the final move included.
	last := st.Recent[len(st.Recent)-1]
	st.Round = first
	for i := len(st.Recent) - 2; i >= 0; i-- {
		if st.Recent[i].Seat == last.Seat {
			st.Round = st.Recent[i].Ply
			break
		}
	}
}
