package ai

import (
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/poldr"
)

func init() {
	RegisterEval("poldr", evalPoldr)
	// MCTS beats alpha-beta with this evaluation (1000 iterations against
	// depth 2: 90%), so the levels are MCTS, ten times the iterations a level
	// (docs/ai.md, Levels); the evaluation serves alphabeta specs.
	RegisterLevels("poldr", map[string]string{
		"easy":   "mcts:iterations=100,threads=1",
		"medium": "mcts:iterations=1000,threads=1",
		"hard":   "mcts:iterations=10000,threads=1",
		"max":    "mcts:time=5s",
	})
}

// Weights of the POLD.R evaluation, in bricks.
const (
	poldrPhase1Weight = 0.5 // each brick placed more than the opponent in phase 1
	poldrPhase2Weight = 1.0 // each brick more in reserve in phase 2
)

// evalPoldr is phase-aware. In phase 1 the fewer bricks a player has left,
// the better: the last brick wins at once, and bricks on the board are what
// phase 2 takes back; it counts at half weight since that is only a
// promise. In phase 2 the result is the reserve itself (most bricks in
// reserve wins), so the reserve difference is the evaluation. With three
// players the seat is compared with the best other seat.
func evalPoldr(st game.State, seat int) float64 {
	s := st.(*poldr.State)
	players := s.Variant().Players
	best := -1
	for p := 0; p < players; p++ {
		if p != seat && (best < 0 || poldrBetter(s, p, best)) {
			best = p
		}
	}
	if s.Phase() == 1 {
		return poldrPhase1Weight * float64(s.Reserve(best)-s.Reserve(seat))
	}
	return poldrPhase2Weight * float64(s.Reserve(seat)-s.Reserve(best))
}

// poldrBetter reports whether seat a stands better than seat b by the measure of
// the current phase.
func poldrBetter(s *poldr.State, a, b int) bool {
	if s.Phase() == 1 {
		return s.Reserve(a) < s.Reserve(b)
	}
	return s.Reserve(a) > s.Reserve(b)
}
