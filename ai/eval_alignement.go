package ai

import (
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/blockade/alignement"
	"github.com/plateau-games/plateau/games/blockade/board"
)

func init() {
	RegisterEval("alignement", evalAlignement)
	// MCTS beats alpha-beta with this evaluation at a comparable cost (the
	// schedule's forced moves are what playouts see well), so the levels are
	// MCTS, ten times the iterations a level (docs/ai.md, Levels).
	RegisterLevels("alignement", map[string]string{
		"easy":   "mcts:iterations=100,threads=1",
		"medium": "mcts:iterations=1000,threads=1",
		"hard":   "mcts:iterations=10000,threads=1",
		"max":    "mcts:time=5s",
	})
	// The circles' cells, point = row*4 + col.
	for p := 0; p < alignement.Points; p++ {
		alignCells[p] = board.At(1+3*(p%4), 1+3*(p/4))
	}
	// The ten lines: four ranks, four files, two long diagonals.
	n := 0
	for i := 0; i < 4; i++ {
		for j := 0; j < 4; j++ {
			alignLines[n][j] = int8(i*4 + j)
			alignLines[n+1][j] = int8(j*4 + i)
		}
		n += 2
	}
	for j := 0; j < 4; j++ {
		alignLines[8][j] = int8(j*4 + j)
		alignLines[9][j] = int8(j*4 + 3 - j)
	}
}

var (
	alignCells [alignement.Points]board.Cell
	alignLines [10][4]int8
)

// Weights of the Alignement evaluation, in lines threatened.
const (
	alignThree      = 1.0  // a line with three of the side's pieces and the fourth circle empty
	alignTwo        = 0.15 // a line with two of the side's pieces and two empty circles
	alignStuckShape = 0.6  // a kind of piece on the board none of which can move
	alignMobility   = 0.03 // each move of the side's pieces
)

// evalAlignement counts, for each side, the open lines (only its own pieces
// and empty circles) with three or two of its pieces: a three is a threat to
// win, two of them are usually a win. It also counts the moves of each kind
// of piece: the schedule names the kind to move, and a side whose required
// kind has no move loses at once, so a kind with every piece stuck is a
// liability; general mobility breaks ties.
func evalAlignement(st game.State, seat int) float64 {
	s := st.(*alignement.State)
	var owner [alignement.Points]int8 // -1 empty
	var shape [alignement.Points]board.Shape
	for p, c := range alignCells {
		o, sh := s.Piece(c)
		owner[p], shape[p] = int8(o), sh
	}
	var value [2]float64
	for _, line := range alignLines {
		var count [2]int
		empty := 0
		for _, p := range line {
			if o := owner[p]; o < 0 {
				empty++
			} else {
				count[o]++
			}
		}
		for side := 0; side < 2; side++ {
			if count[side]+empty == 4 {
				switch count[side] {
				case 3:
					value[side] += alignThree
				case 2:
					value[side] += alignTwo
				}
			}
		}
	}
	// Moves per side and kind (index by shape).
	var moves, pieces [2][4]int
	for p := 0; p < alignement.Points; p++ {
		o := owner[p]
		if o < 0 {
			continue
		}
		pieces[o][shape[p]]++
		r, c := p/4, p%4
		if shape[p] == board.Cylinder {
			for dr := -1; dr <= 1; dr++ {
				for dc := -1; dc <= 1; dc++ {
					if dr == 0 && dc == 0 {
						continue
					}
					for rr, cc := r+dr, c+dc; rr >= 0 && rr < 4 && cc >= 0 && cc < 4; rr, cc = rr+dr, cc+dc {
						if owner[rr*4+cc] < 0 {
							moves[o][board.Cylinder]++
							break
						}
					}
				}
			}
			continue
		}
		for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			rr, cc := r+d[0], c+d[1]
			if rr >= 0 && rr < 4 && cc >= 0 && cc < 4 && owner[rr*4+cc] < 0 {
				moves[o][shape[p]]++
			}
		}
	}
	for side := 0; side < 2; side++ {
		for sh := board.Cylinder; sh <= board.Square; sh++ {
			if pieces[side][sh] > 0 && moves[side][sh] == 0 {
				value[side] -= alignStuckShape
			}
			value[side] += alignMobility * float64(moves[side][sh])
		}
	}
	return value[seat] - value[1-seat]
}
