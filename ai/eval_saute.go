package ai

import (
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/blockade/board"
	"github.com/plateau-games/plateau/games/blockade/saute"
)

func init() {
	RegisterEval("saute", evalSaute)
	// Alpha-beta with this evaluation at depth 7 beats MCTS with 1000
	// iterations (90%); each level searches deeper (docs/ai.md, Levels).
	RegisterLevels("saute", map[string]string{
		"easy":   "alphabeta:depth=1",
		"medium": "alphabeta:depth=3",
		"hard":   "alphabeta:depth=7",
		"max":    "alphabeta:time=3s",
	})
	// For four in teams the first team wins most games between equal
	// players, and depths 2 to 5 did no better than 1 against depth 1;
	// easy errs instead (docs/ai.md, Three and four players).
	RegisterTeamLevels("saute", map[string]string{
		"easy":   "alphabeta:depth=1,noise=1",
		"medium": "alphabeta:depth=3",
		"hard":   "alphabeta:depth=7",
		"max":    "alphabeta:time=3s",
	})
}

// Weights of the Saute evaluation, in files a piece still has to go.
const (
	sauteTempo = 1.5 // the side to move is a move ahead: about one step and a half
)

// evalSaute weighs the race: the files each side's pieces still have to
// travel to fill files j–l of their ranks (on each rank the leading piece
// must reach l, the next k, the last j: that is exactly what finishing
// asks), the other side's total minus the seat's, plus a tempo for the side
// to move. Saute is a pure race (nothing is captured, nothing blocks
// for good), so the distance left is the whole story but for the jumps,
// which the search sees. A team finishes with its slower partner; the
// seat's side is compared with the opposing side nearest to finishing.
func evalSaute(st game.State, seat int) float64 {
	s := st.(*saute.State)
	v := s.Variant()
	var togo [game.MaxPlayers]int
	for r := 0; r < board.Size; r++ {
		// The files of the pieces of this rank, left to right.
		var files [3]int
		n, owner := 0, -1
		for f := 0; f < board.Size && n < 3; f++ {
			if o := s.Owner(board.At(f, r)); o >= 0 {
				files[n], owner = f, o
				n++
			}
		}
		for i := 0; i < n; i++ {
			if target := board.Size - n + i; files[i] < target {
				togo[owner] += target - files[i]
			}
		}
	}
	var side [game.MaxPlayers]int // by team: the files its slower partner has to go
	for p := 0; p < v.Players; p++ {
		side[v.Team(p)] = max(side[v.Team(p)], togo[p])
	}
	mine, theirs := side[v.Team(seat)], 1<<30
	for p := 0; p < v.Players; p++ {
		if v.Team(p) != v.Team(seat) {
			theirs = min(theirs, side[v.Team(p)])
		}
	}
	value := float64(theirs - mine)
	if mover := s.ToMove(); mover >= 0 {
		if v.Team(mover) == v.Team(seat) {
			value += sauteTempo
		} else {
			value -= sauteTempo
		}
	}
	return value
}
