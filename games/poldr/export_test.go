package poldr

import "github.com/plateau-games/plateau/game"

// IsLegal exposes the direct legality test to the tests.
func (s *State) IsLegal(mv game.Move) bool { return s.isLegal(mv) }

// AllMoves lists every well-formed move of a board of the given size.
func AllMoves(cells int) []game.Move {
	out := []game.Move{game.Pass}
	for d := 0; d < cells; d++ {
		out = append(out, mkMove(kindMarker, d, 0), mkMove(kindPawn, d, 0))
		for a := 0; a < cells; a++ {
			out = append(out, mkMove(kindOpening, d, a))
		}
	}
	return out
}

// Wins and Totals expose the match counters to the tests.
func (s *State) Wins(seat int) int   { return int(s.wins[seat]) }
func (s *State) Totals(seat int) int { return int(s.totals[seat]) }
