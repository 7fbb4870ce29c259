package puzzle

import (
	"errors"
	"os"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/pogo"
	pogosolve "github.com/plateau-games/plateau/solve/pogo"
)

// The POGO puzzles come from the strong solution, which gives the value of
// every position under the game's own rules (without the repetition rule
// and the ply limit): a win puzzle is a won position where exactly one
// legal move keeps the win, a save puzzle a drawn position where exactly one
// legal move keeps the draw and every other one loses.

// Moves' rejections for POGO.
const (
	rejectLostPosition = "the side to move loses"
	rejectSeveral      = "several moves keep the result"
	rejectDrawAlt      = "a save where another move does not lose"
	rejectPlyLimit     = "too near the ply limit"
)

// pogoLongest bounds the plies of every forced win or loss of POGO.
const pogoLongest = 52

// ErrNoTable says that POGO's solution is missing.
var ErrNoTable = game.Errorf(game.Text{
	EN: "no POGO solution: run 'plateau solve pogo' first (about 20 s and 60 MB)",
	FR: "pas de solution de POGO : lancez d'abord 'plateau solve pogo' (environ 20 s et 60 Mo)",
})

// LoadTable reads POGO's solution from path ("" for the place where
// plateau solve pogo writes it); ErrNoTable when there is none.
func LoadTable(path string) (*pogosolve.Table, error) {
	if path == "" {
		path = pogosolve.DefaultPath()
	}
	t, err := pogosolve.Load(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, ErrNoTable
	}
	return t, err
}

// solvedPuzzle is the POGO puzzle of s, or why s is none.
func solvedPuzzle(t *pogosolve.Table, s game.State) (Puzzle, string) {
	ps, ok := s.(*pogo.State)
	if !ok || s.ToMove() < 0 {
		return Puzzle{}, rejectFewMoves
	}
	legal := s.LegalMoves(nil)
	if len(legal) < minMoves {
		return Puzzle{}, rejectFewMoves
	}
	// The solution knows nothing of the ply limit: keep away from it (no
	// win or loss takes more than 51 plies).
	if v := s.Variant(); v.PlyLimit > 0 && s.Ply()+pogoLongest >= v.PlyLimit {
		return Puzzle{}, rejectPlyLimit
	}
	val := t.Value(ps)
	var want pogosolve.Result
	switch val.Result {
	case pogosolve.Win:
		want = pogosolve.Win
	case pogosolve.Draw:
		want = pogosolve.Draw
	default:
		return Puzzle{}, rejectLostPosition
	}
	p := Puzzle{Position: s.Encode(), Player: s.ToMove() + 1}
	keys := 0
	for _, m := range legal {
		c := *ps
		c.Apply(m)
		cv := t.Value(&c) // for the opponent
		mine := moverValue(cv)
		if mine.Result == want {
			keys++
			p.Key = s.MoveString(m)
			continue
		}
		if want == pogosolve.Draw && mine.Result != pogosolve.Loss {
			return Puzzle{}, rejectDrawAlt
		}
		w := Wrong{Move: s.MoveString(m), Result: mine.Result.String()}
		if mine.Result == pogosolve.Loss {
			w.Plies = mine.Plies
		}
		if reply, _, ok := t.BestMove(&c); ok {
			w.Reply = c.MoveString(reply)
		}
		p.Wrong = append(p.Wrong, w)
	}
	if keys != 1 {
		return Puzzle{}, rejectSeveral
	}
	if want == pogosolve.Win {
		p.Kind, p.N = KindWin, val.Plies
	} else {
		p.Kind = KindSave
	}
	return p, ""
}

// moverValue is the value of a move for its mover, from the value cv of
// the position it leads to for the opponent.
func moverValue(cv pogosolve.Value) pogosolve.Value {
	switch cv.Result {
	case pogosolve.Loss:
		return pogosolve.Value{Result: pogosolve.Win, Plies: cv.Plies + 1}
	case pogosolve.Win:
		return pogosolve.Value{Result: pogosolve.Loss, Plies: cv.Plies + 1}
	}
	return cv
}
