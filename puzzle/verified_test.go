package puzzle

import (
	"encoding/json"
	"fmt"
	"sync"

	pogosolve "github.com/plateau-games/plateau/solve/pogo"
)

// verifiedOnce is Verify for the package's tests, each puzzle proved once:
// a proof depends only on the puzzle, its set and the solution, and the
// first stored puzzle of Le Blocus (seconds of CPU) was proved by three
// tests (TestStoredPuzzlesVerify, TestVerifyRefusesTampered and
// TestVerifyRefusesTamperedHorizon). set nil is the puzzle's own, looked up
// as Verify does. The tampered puzzles are proved each time (they differ).
func verifiedOnce(p Puzzle, set *Set, table *pogosolve.Table) error {
	if set == nil {
		var err error
		if set, err = LookupSet(p.Set); err != nil {
			return err
		}
	}
	if !set.Solved {
		table = nil // only the sets from the solution read it
	}
	text, err := json.Marshal(p)
	if err != nil {
		return err
	}
	key := fmt.Sprintf("%s %s horizon %d solved %v %p %s", set.ID, set.Game, set.Horizon, set.Solved, table, text)
	e, _ := verifications.LoadOrStore(key, &verification{})
	v := e.(*verification)
	v.once.Do(func() { v.err = verifyIn(p, set, table) })
	return v.err
}

type verification struct {
	once sync.Once
	err  error
}

var verifications sync.Map // key (set, solution, puzzle) -> *verification
