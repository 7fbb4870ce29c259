package poldr

import "github.com/plateau-games/plateau/game"

// matchWinWeight puts a round won above any number of bricks in the
// ranking score of a match (a match holds at most 3 rounds of 16 bricks).
const matchWinWeight = 1 << 10

// RankScores implements game.RankScorer, which ranks the players who did
// not win a game of three (rules decisions, "Leaving a game of three or
// four"): the bricks in reserve when the game ended in phase 2, where most
// bricks win; but the bricks placed (minus the reserve) when it ended in
// phase 1 by a last brick, where the goal is to place them all. In a
// match, the rounds won first, then the bricks in reserve of all rounds,
// as the match is ranked (the round just ended counts once the game is
// over, as in Outcome).
func (s *State) RankScores() [game.MaxPlayers]int {
	var scores [game.MaxPlayers]int
	if !s.r.match {
		for p := 0; p < s.r.players; p++ {
			scores[p] = int(s.reserve[p])
			if s.phase == phaseFill {
				scores[p] = -scores[p]
			}
		}
		return scores
	}
	w := -1
	if s.over {
		w, _ = s.roundResult()
	}
	for p := 0; p < s.r.players; p++ {
		wins := int(s.wins[p])
		if p == w {
			wins++
		}
		scores[p] = wins*matchWinWeight + int(s.totals[p]) + int(s.reserve[p])
	}
	return scores
}
