package ai

import (
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/pogo"
)

func init() { RegisterEval("pogo", evalPogo) }

// Weights of the POGO evaluation, in stacks topped.
const (
	pogoTopWeight     = 1.0  // each stack topped
	pogoCarryWeight   = 0.3  // each piece that can be carried from a topped stack (up to 3)
	pogoControlWeight = 0.05 // each piece in a topped stack, buried ones included
	pogoThreatValue   = 50.0 // the side to move can top every stack now
)

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

// evalPogo counts, for each side, the stacks it tops, the pieces it could
// carry from them (up to 3 a stack: its mobility) and the pieces under its
// control; and it sees a win in one move for the side to move, the threat
// that decides most POGO games, which a search at its horizon would miss.
func evalPogo(st game.State, seat int) float64 {
	b := readPogo(st.(*pogo.State))
	var value [2]float64
	for c := 0; c < pogo.Cells; c++ {
		if t := b.top(c); t >= 0 {
			value[t] += pogoTopWeight + pogoCarryWeight*float64(min(b.height[c], 3)) + pogoControlWeight*float64(b.height[c])
		}
	}
	v := value[seat] - value[1-seat]
	if b.winsNow() {
		if b.toMove == seat {
			v += pogoThreatValue
		} else {
			v -= pogoThreatValue
		}
	}
	return v
}

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
