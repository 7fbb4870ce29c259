package ai

import "github.com/plateau-games/plateau/games/pogo"

// The learned part of the POGO evaluation: a linear model over binary
// features of the position seen from one seat, fitted to the values of
// POGO's solution (TestFitPogoEval, PLATEAU_FIT_POGO=1). The search that
// uses it reads no table: the solution only taught it what matters.
const (
	pogoHeightBuckets = 6 // heights 1..5, and 6 or more
	pogoStackFeatures = 2 * 3 * pogoHeightBuckets * 3
	pogoCountBase     = pogoStackFeatures    // stacks topped, 0..9, by side
	pogoThreatBase    = pogoCountBase + 2*10 // see pogoFeatures
	pogoBuriedBase    = pogoThreatBase + 5   // pieces buried under the other side, 0..6+, by side
	pogoFeatureCount  = pogoBuriedBase + 2*7
)

// pogoCellClass is the symmetry class of each cell: corner, edge, centre.
var pogoCellClass = [pogo.Cells]int{0, 1, 0, 1, 2, 1, 0, 1, 0}

// pogoFeatures appends the features active in b seen from seat:
//   - each stack: whose top (seat's or not), the cell's class, its height,
//     and how many pieces of the top's colour lie on top of each other (1-3);
//   - how many stacks each side tops;
//   - who moves, and whether the side to move, or the other were it to
//     move, could top every stack in one move;
//   - how many pieces of each side lie buried under the other's tops.
func pogoFeatures(b *pogoBoard, seat int, out []int) []int {
	var topped, buried [2]int
	for c := 0; c < pogo.Cells; c++ {
		h := b.height[c]
		if h == 0 {
			continue
		}
		t := b.top(c)
		rel := 0
		if t != seat {
			rel = 1
		}
		topped[rel]++
		run := 0
		for i := h - 1; i >= 0 && run < 3; i-- {
			if int(b.colour[c]>>uint(i)&1) != t {
				break
			}
			run++
		}
		for i := 0; i < h; i++ {
			if int(b.colour[c]>>uint(i)&1) != t {
				buried[1-rel]++
			}
		}
		hb := min(h, pogoHeightBuckets) - 1
		out = append(out, ((rel*3+pogoCellClass[c])*pogoHeightBuckets+hb)*3+run-1)
	}
	out = append(out, pogoCountBase+topped[0], pogoCountBase+10+topped[1])
	moverIsSeat := b.toMove == seat
	if moverIsSeat {
		out = append(out, pogoThreatBase)
	}
	if b.winsNow() {
		if moverIsSeat {
			out = append(out, pogoThreatBase+1)
		} else {
			out = append(out, pogoThreatBase+2)
		}
	}
	b.toMove = 1 - b.toMove
	if b.winsNow() {
		if moverIsSeat {
			out = append(out, pogoThreatBase+3) // the other side threatens
		} else {
			out = append(out, pogoThreatBase+4) // the seat threatens
		}
	}
	b.toMove = 1 - b.toMove
	out = append(out, pogoBuriedBase+min(buried[0], 6), pogoBuriedBase+7+min(buried[1], 6))
	return out
}

// pogoLearned is the model's value of b for seat: the log-odds of its
// expected result, win 1, draw 1/2, loss 0.
func pogoLearned(b *pogoBoard, seat int) float64 {
	var buf [16]int
	z := pogoBias
	for _, f := range pogoFeatures(b, seat, buf[:0]) {
		z += pogoWeights[f]
	}
	return z
}
