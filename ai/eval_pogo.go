package ai

import (
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/pogo"
)

func init() { RegisterEval("pogo", evalPogo) }

// pogoBoard is a POGO position unpacked for evaluation.
type pogoBoard struct {
	height [pogo.Cells]int
	colour [pogo.Cells]uint16 // bit i: the piece at level i is Dark
	toMove int
}

// readPogo unpacks s for evaluation.
func readPogo(s *pogo.State) pogoBoard {
	b := pogoBoard{toMove: s.ToMove()}
	for c := 0; c < pogo.Cells; c++ {
		b.height[c], b.colour[c] = s.Height(c), s.Colours(c)
	}
	return b
}

// top is the colour on top of cell, or -1 when it is empty.
func (b *pogoBoard) top(cell int) int {
	if b.height[cell] == 0 {
		return -1
	}
	return int(b.colour[cell] >> uint(b.height[cell]-1) & 1)
}

// evalPogo is the learned evaluation (eval_pogo_features.go): a linear
// model over the stacks, the stacks topped, the threats to top every stack
// in one move and the buried pieces, fitted to the values of the solution.
// Against the solution's player from 40 openings it kept 6 to 8 games more
// than the hand-made evaluation before it (stacks topped, pieces that can
// be carried, the threat), at depths 6 and 8 (docs/ai.md).
func evalPogo(st game.State, seat int) float64 {
	b := readPogo(st.(*pogo.State))
	return pogoEvalScale * pogoLearned(&b, seat)
}

// pogoEvalScale turns the model's log-odds into the evaluation's unit; the
// noise of the easy level is in that unit.
const pogoEvalScale = 5

// winsNow reports whether the side to move can top every stack with one
// move. The mover's block always tops its destination, so this needs the
// other side to top exactly one stack, d, and a move onto d from a stack
// that the mover still tops (or empties) once the block is lifted.
func (b *pogoBoard) winsNow() bool {
	d := -1
	for c := 0; c < pogo.Cells; c++ {
		if t := b.top(c); t >= 0 && t != b.toMove {
			if d >= 0 {
				return false
			}
			d = c
		}
	}
	if d < 0 {
		return false
	}
	for src := 0; src < pogo.Cells; src++ {
		if b.top(src) != b.toMove {
			continue
		}
		h := b.height[src]
		dist := abs(src%pogo.Size-d%pogo.Size) + abs(src/pogo.Size-d/pogo.Size)
		for n := 1; n <= min(h, 3); n++ {
			if dist != n && !(n == 3 && dist == 1) {
				continue
			}
			if h == n || int(b.colour[src]>>uint(h-n-1)&1) == b.toMove {
				return true
			}
		}
	}
	return false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
