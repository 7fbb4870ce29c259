package porte

import "github.com/plateau-games/plateau/game"

// RankScores implements game.RankScorer: each seat's entries, the reserve
// pieces it has brought in (0 to 8), which rank the players who did not win
// a game of three or four (rules decisions, "Leaving a game of three or
// four").
func (s *State) RankScores() [game.MaxPlayers]int {
	var scores [game.MaxPlayers]int
	for seat := 0; seat < s.r.players; seat++ {
		triangles, squares := s.Reserve(seat)
		scores[seat] = ReservePieces - triangles - squares
	}
	return scores
}
