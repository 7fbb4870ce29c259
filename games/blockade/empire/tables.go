package empire

import "github.com/plateau-games/plateau/games/blockade/board"

// The masks of LegalMoves, over the twelve cells of a rank (bit file) or a
// file (bit rank).
var (
	// above[i] has the bits over i, below[i] those under it.
	above, below [board.Size]uint16
	// captureUp[shape][i] has bit i+d for each distance d at which shape
	// captures, captureDown[shape][i] bit i-d (those on the board).
	captureUp, captureDown [4][board.Size]uint16
)

func init() {
	const all = 1<<board.Size - 1
	for i := 0; i < board.Size; i++ {
		below[i] = 1<<uint(i) - 1
		above[i] = all &^ (below[i] | 1<<uint(i))
		for shape := range captureUp {
			for d := 1; d < board.Size; d++ {
				if !captureDistance(board.Shape(shape), d) {
					continue
				}
				if i+d < board.Size {
					captureUp[shape][i] |= 1 << uint(i+d)
				}
				if i-d >= 0 {
					captureDown[shape][i] |= 1 << uint(i-d)
				}
			}
		}
	}
}
