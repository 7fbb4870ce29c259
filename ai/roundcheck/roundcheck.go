// Package roundcheck decides, by a plain exhaustive search of one round
// over the rules API, whether a move of a game of three or four players
// lets the players who move before the mover's next turn take something
// from it: in L'Empire its commandant (or, in teams, its partner's), in
// any game the game itself. It shares no code with package ai's searches,
// so that it can check them: the tests play the computer levels and ask
// it about every move (docs/ai.md, "Checking the levels").
//
// Within the round the opponents choose the worst for the mover and its
// partners the best, as the levels' round guard defines it.
package roundcheck

import (
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/blockade/board"
	"github.com/plateau-games/plateau/games/blockade/empire"
)

// Loss is what the mover must not lose within the round.
type Loss int

const (
	// Commandant: a commandant of the mover's side is taken (L'Empire).
	// A game that ends otherwise within the round (another player's
	// win) does not count: the commandant was not taken.
	Commandant Loss = iota
	// Game: the game ends within the round and the mover's side does not
	// win, or (without teams) the mover is out of the game (its turn does
	// not come back). An opponent who ends the game must not lose by it:
	// a rival does not end the game to hand it to another.
	Game
)

// Checker judges moves. Budget bounds the positions one verdict visits (0:
// 5 million); Exact turns off the shortcut of the round's last opponent
// (below), applying each of its moves instead, for the tests that check
// the shortcut.
type Checker struct {
	Loss   Loss
	Budget int
	Exact  bool
}

// Verdict is what a search of the round found.
type Verdict int8

const (
	Unknown Verdict = iota // the budget ran out first
	Safe                   // nothing can be lost in the round
	Lost                   // the other players can take it
)

func (v Verdict) String() string {
	return [...]string{"unknown", "safe", "lost"}[v]
}

// Judge is the verdict on the move mv of the player to move in s.
func (c Checker) Judge(v *game.Variant, s game.State, mv game.Move) Verdict {
	budget := c.Budget
	if budget <= 0 {
		budget = 5_000_000
	}
	root := s.ToMove()
	r := &round{c: c, v: v, root: root, budget: budget}
	r.seated = r.sideSeats(s)
	after := s.Clone()
	after.Apply(mv)
	return r.judge(after, root, v.Players-1, nil)
}

// Blunder says whether mv loses what the checker guards while another
// legal move is safe; safe is then such a move. ok is false when a budget
// ran out before the answer was known.
func (c Checker) Blunder(v *game.Variant, s game.State, mv game.Move) (blunder bool, safe game.Move, ok bool) {
	switch c.Judge(v, s, mv) {
	case Safe:
		return false, 0, true
	case Unknown:
		return false, 0, false
	}
	ok = true
	for _, alt := range s.LegalMoves(nil) {
		if alt == mv {
			continue
		}
		switch c.Judge(v, s, alt) {
		case Safe:
			return true, alt, true
		case Unknown:
			ok = false
		}
	}
	return false, 0, ok
}

type round struct {
	c      Checker
	v      *game.Variant
	root   int
	budget int
	seated []int // the seats of root's side with a commandant (L'Empire)
	// The move lists and positions of each ply, kept from one node to
	// the next.
	moves  [game.MaxPlayers][]game.Move
	states [game.MaxPlayers]*empire.State
}

// sideSeats lists the seats of root's side whose commandant is on the
// board of s.
func (r *round) sideSeats(s game.State) []int {
	var seats []int
	for seat := 0; seat < r.v.Players; seat++ {
		if r.v.Team(seat) == r.v.Team(r.root) && commandant(s, seat) != board.NoCell {
			seats = append(seats, seat)
		}
	}
	return seats
}

// commandant is the cell of seat's commandant in s, NoCell when it is not
// on the board (taken) or the game is not L'Empire.
func commandant(s game.State, seat int) board.Cell {
	e, ok := s.(*empire.State)
	if !ok {
		return board.NoCell
	}
	for c := board.Cell(0); c < board.Cells; c++ {
		if p, shape := e.Piece(c); shape == empire.Commandant && p == seat {
			return c
		}
	}
	return board.NoCell
}

// commandants are the cells of every seat's commandant in s (NoCell when
// taken), found in one pass over the board.
func commandants(s *empire.State) [game.MaxPlayers]board.Cell {
	cells := [game.MaxPlayers]board.Cell{board.NoCell, board.NoCell, board.NoCell, board.NoCell}
	for c := board.Cell(0); c < board.Cells; c++ {
		if p, shape := s.Piece(c); shape == empire.Commandant {
			cells[p] = c
		}
	}
	return cells
}

// commandantsAfter is commandants(s), s reached by one move from a
// position whose commandants were before (nil: unknown). A commandant only
// moves, or is taken where it stands: when every one of before is still
// on its cell (most moves move another piece), they are s's, found
// without the pass over the board (a third of the checker's time).
func commandantsAfter(s *empire.State, before *[game.MaxPlayers]board.Cell) [game.MaxPlayers]board.Cell {
	if before == nil {
		return commandants(s)
	}
	for seat, c := range before {
		if c == board.NoCell {
			continue
		}
		if p, shape := s.Piece(c); shape != empire.Commandant || p != seat {
			return commandants(s)
		}
	}
	return *before
}

// taken says whether a commandant of root's side is no longer on the board
// (cmd: commandants).
func (r *round) taken(cmd *[game.MaxPlayers]board.Cell) bool {
	for _, seat := range r.seated {
		if cmd[seat] == board.NoCell {
			return true
		}
	}
	return false
}

// judge is the verdict on s, reached by a move of the seat last, with at
// most plies moves of the round left.
func (r *round) judge(s game.State, last, plies int, before *[game.MaxPlayers]board.Cell) Verdict {
	r.budget--
	if r.budget < 0 {
		return Unknown
	}
	cmd := [game.MaxPlayers]board.Cell{board.NoCell, board.NoCell, board.NoCell, board.NoCell}
	e, isEmpire := s.(*empire.State)
	if isEmpire && r.c.Loss == Commandant {
		cmd = commandantsAfter(e, before)
	}
	if r.c.Loss == Commandant {
		if r.taken(&cmd) {
			return Lost
		}
		if r.v.Judge(s, 1).Ended() {
			return Safe // ended otherwise: the commandant was not taken
		}
	} else if o := r.v.Judge(s, 1); o.Ended() {
		mine := o.Winners&(1<<uint(r.root)) != 0
		if !mine && (r.v.Teams != nil || last == r.root || o.Winners&(1<<uint(last)) != 0) {
			return Lost
		}
		return Safe
	}
	mover := s.ToMove()
	if mover == r.root {
		return Safe // the round is over
	}
	if plies == 0 {
		if r.c.Loss == Game && r.v.Teams == nil {
			return Lost // the turn does not come back to root: it is out
		}
		return Safe
	}
	enemy := r.v.Team(mover) != r.v.Team(r.root)
	if enemy && r.c.Loss == Commandant && !r.c.Exact {
		// The shortcut: a capture of the commandant is a legal move
		// exactly when the rules' CanCapture says so; and when the
		// mover is the last before root, nothing else it plays can
		// lose the commandant.
		for _, seat := range r.seated {
			if e.CanCapture(mover, cmd[seat]) {
				return Lost
			}
		}
		if r.lastBefore(&cmd, mover) {
			return Safe
		}
	}
	open := false
	r.moves[plies] = s.LegalMoves(r.moves[plies])
	for _, mv := range r.moves[plies] {
		var c game.State
		if isEmpire {
			// Clone is a copy of the struct: made in place, in the
			// position kept for this ply (the search visits millions).
			if r.states[plies] == nil {
				r.states[plies] = new(empire.State)
			}
			*r.states[plies] = *e
			c = r.states[plies]
		} else {
			c = s.Clone()
		}
		c.Apply(mv)
		switch r.judge(c, mover, plies-1, &cmd) {
		case Lost:
			if enemy {
				return Lost
			}
		case Safe:
			if !enemy {
				return Safe
			}
		default:
			open = true
		}
	}
	switch {
	case open:
		return Unknown
	case enemy:
		return Safe
	}
	return Lost
}

// lastBefore says whether mover is the last seat still in the game (its
// commandant on the board) before root in the turn order: a move of it
// that does not take a commandant of root's side gives root the turn.
func (r *round) lastBefore(cmd *[game.MaxPlayers]board.Cell, mover int) bool {
	n := r.v.Players
	for i := 1; i < n; i++ {
		seat := (mover + i) % n
		if seat == r.root {
			return true
		}
		if cmd[seat] != board.NoCell {
			return false
		}
	}
	return true
}
