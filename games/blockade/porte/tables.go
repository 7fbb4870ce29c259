package porte

import "github.com/plateau-games/plateau/games/blockade/board"

// The masks of LegalMoves, over the twelve cells of a rank (bit file) or a
// file (bit rank).
var (
	// above[i] has the bits over i, below[i] those under it.
	above, below [board.Size]uint16
	// circleRanks[r] has the circles of rank r, circleFiles[f] those of
	// file f: cells no piece stops on.
	circleRanks, circleFiles [board.Size]uint16
)

func init() {
	const all = 1<<board.Size - 1
	for i := 0; i < board.Size; i++ {
		below[i] = 1<<uint(i) - 1
		above[i] = all &^ (below[i] | 1<<uint(i))
	}
	for c := board.Cell(0); c < board.Cells; c++ {
		if c.IsCircle() {
			circleRanks[c.Rank()] |= 1 << uint(c.File())
			circleFiles[c.File()] |= 1 << uint(c.Rank())
		}
	}
}

// otherShapes gives, for each shape, the bit shifts of the two others in
// a lines mask (see earns).
var otherShapes = [4][2]uint{{1, 2}, {2, 3}, {1, 3}, {1, 2}}
