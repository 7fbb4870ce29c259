package ai

import (
	"math/bits"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/polygone"
)

func init() {
	RegisterEval("polygone", evalPolygone)
	// Alpha-beta with this evaluation crushes MCTS (whose random playouts tell
	// little of captures); two plies more make each level (docs/ai.md, Levels).
	RegisterLevels("polygone", map[string]string{
		"easy":   "alphabeta:depth=1",
		"medium": "alphabeta:depth=3",
		"hard":   "alphabeta:depth=5",
		"max":    "alphabeta:time=3s",
	})
	// The x of each end of every edge, from its name ("C1-B1").
	for e := 0; e < polygone.Edges; e++ {
		name := polygone.EdgeName(e)
		a, b := polygoneHoleX(name[0], name[1]), polygoneHoleX(name[3], name[4])
		polygoneEdgeX[e] = [2]int8{int8(min(a, b)), int8(max(a, b))}
	}
}

// polygoneHoleX is the doubled x of a hole from its row letter and number
// (docs/rules/polygone.md): rows A and E at 2, 4, 6, 8, rows B and D at 1,
// 3, ..., 9, row C at 0, 2, ..., 10.
func polygoneHoleX(row, num byte) int {
	n := int(num - '0')
	switch row {
	case 'A', 'E':
		return 2 * n
	case 'B', 'D':
		return 2*n - 1
	}
	return 2 * (n - 1)
}

// polygoneEdgeX holds the smaller and larger x of the ends of each edge.
var polygoneEdgeX [polygone.Edges][2]int8

// Weights of the Polygone evaluation, in segments.
const (
	polygoneCapture  = 1.0  // each segment captured
	polygoneProgress = 0.02 // each half step of progress of a segment's far end
	polygoneLead     = 0.1  // each half step of the most advanced segment
)

// evalPolygone weighs captures (seven win, and each one also weakens the
// other side's polygons), the progress of the side's segments towards the
// opposite sommet (the far end's x, summed: the other way to win, and
// segments that come forward are the ones that can close polygons in the
// middle) and the most advanced segment's progress, which is the threat of
// reaching the sommet. White goes towards x = 10 and Black towards x = 0.
func evalPolygone(st game.State, seat int) float64 {
	s := st.(*polygone.State)
	var value [2]float64
	for colour := 0; colour < 2; colour++ {
		mask := s.Segments(colour)
		total, lead := 0, 0
		for mask != 0 {
			e := bits.TrailingZeros64(mask)
			mask &= mask - 1
			x := int(polygoneEdgeX[e][1]) // White: the far end's x
			if colour == polygone.Black {
				x = 10 - int(polygoneEdgeX[e][0])
			}
			total += x
			lead = max(lead, x)
		}
		value[colour] = polygoneCapture*float64(s.Captured(colour)) +
			polygoneProgress*float64(total) + polygoneLead*float64(lead)
	}
	return value[seat] - value[1-seat]
}
