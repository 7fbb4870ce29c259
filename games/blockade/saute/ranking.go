package saute

import (
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/blockade/board"
)

// RankScores implements game.RankScorer: each seat's pieces home, on files
// j–l of its own band (0 to 9, the expert finish's triangle file aside),
// which rank the players who did not win a game of three or four (rules
// decisions, "Leaving a game of three or four").
func (s *State) RankScores() [game.MaxPlayers]int {
	var scores [game.MaxPlayers]int
	for seat := 0; seat < s.r.v.Players; seat++ {
		r0 := int(s.r.band[seat])
		for rank := r0; rank < r0+bandRanks; rank++ {
			for f := finishFile; f < board.Size; f++ {
				if s.cells[rank*board.Size+f] != Empty {
					scores[seat]++
				}
			}
		}
	}
	return scores
}
