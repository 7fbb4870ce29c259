package ai

import (
	"sort"
	"strings"
	"sync"

	"github.com/plateau-games/plateau/game"
)

// EvalFunc estimates an ongoing position s for seat (and its partners):
// positive when seat stands better. The scale is free but should stay well
// within ±EvalLimit (values beyond are clamped); a unit of about one
// "piece" or "stack" is the convention of the evaluations here. It must not
// modify s, and should be fast: alpha-beta calls it at every leaf.
type EvalFunc func(s game.State, seat int) float64

// EvalLimit bounds evaluations, far below the scores of won and lost
// positions so that a proven result always outweighs an estimate.
const EvalLimit = 10000

var (
	evalsMu sync.RWMutex
	evals   = map[string]EvalFunc{}
)

// RegisterEval sets the evaluation alpha-beta uses for the game id. Games
// without one are searched with a generic mobility evaluation.
func RegisterEval(id string, f EvalFunc) {
	evalsMu.Lock()
	defer evalsMu.Unlock()
	evals[strings.ToLower(id)] = f
}

// LookupEval returns the evaluation registered for the game id.
func LookupEval(id string) (EvalFunc, bool) {
	evalsMu.RLock()
	defer evalsMu.RUnlock()
	f, ok := evals[strings.ToLower(id)]
	return f, ok
}

// EvalGames lists the game ids that have an evaluation, sorted.
func EvalGames() []string {
	evalsMu.RLock()
	defer evalsMu.RUnlock()
	ids := make([]string, 0, len(evals))
	for id := range evals {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// mobilityValue is the generic evaluation of games without their own: the
// balance of the number of legal moves of the side to move (mine) and of
// the other side when it last moved (theirs), from -1 to 1. Mobility is a
// weak but universal sign of freedom in these games, and both counts come
// for free from the search.
func mobilityValue(mine, theirs int) float64 {
	if mine+theirs == 0 {
		return 0
	}
	return float64(mine-theirs) / float64(mine+theirs)
}
