package ai

import (
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/blockade/board"
	"github.com/plateau-games/plateau/games/blockade/porte"
)

func init() {
	RegisterEval("porte", evalPorte)
	// Alpha-beta with this evaluation beats MCTS at a fraction of its cost
	// (depth 2 against 200 iterations: 100%). Between alpha-beta players La
	// Porte is mostly drawn by repetition (each side keeps its pieces on its
	// edge, where no entry is possible), so the lower levels get noise, which
	// makes them leave it (docs/ai.md, Levels). Easy errs the most: with
	// noise 3 it still beats random 40-0, and medium beats it 40-0.
	RegisterLevels("porte", map[string]string{
		"easy":   "alphabeta:depth=1,noise=3",
		"medium": "alphabeta:depth=2,noise=1",
		"hard":   "alphabeta:depth=4",
		"max":    "alphabeta:time=3s",
	})
}

// Weights of the La Porte evaluation, in pieces brought in.
const (
	porteBrought   = 1.0  // each reserve piece brought into play
	porteThreat    = 0.12 // each cell where a move of the side would bring a piece in
	porteThreatMax = 6    // threats counted at most
	porteReady     = 0.6  // the side to move has an entry now
	porteLiability = 0.15 // a piece on a door held down by the door rule
)

// evalPorte weighs the pieces each side has brought in (eight win), its
// entry threats (empty cells, not circles, whose section's door is free,
// where one of its pieces could stop in line with an opponent's two other
// shapes, one on the rank and one on the file: the next entries), and the
// door rule's liabilities (its pieces on doors of sections holding two
// opposing pieces, which must move first and so cost the side its free
// choice). With more than two players every opponent counts together.
func evalPorte(st game.State, seat int) float64 {
	s := st.(*porte.State)
	v := s.Variant()
	var b porteBoard
	b.read(s)
	mover := s.ToMove()
	mine, theirs := 0.0, 0.0
	for p := 0; p < v.Players; p++ {
		t, q := s.Reserve(p)
		value := porteBrought * float64(8-t-q)
		if t+q > 0 {
			threats := 0
			for x := 0; x < v.Players; x++ {
				if v.Team(x) != v.Team(p) {
					threats += b.threats(p, x)
				}
			}
			value += porteThreat * float64(min(threats, porteThreatMax))
			if threats > 0 && p == mover {
				value += porteReady
			}
		}
		value -= porteLiability * float64(b.liabilities(p, v))
		if v.Team(p) == v.Team(seat) {
			mine += value
		} else {
			theirs += value
		}
	}
	return mine - theirs
}

// porteBoard is a La Porte position unpacked for evaluation.
type porteBoard struct {
	seat  [board.Cells]int8 // -1 empty
	shape [board.Cells]board.Shape
	// Shapes (bit per shape) of each seat's pieces on each rank and file.
	rank, file [game.MaxPlayers][board.Size]uint8
}

func (b *porteBoard) read(s *porte.State) {
	for c := board.Cell(0); c < board.Cells; c++ {
		p, sh := s.Piece(c)
		b.seat[c], b.shape[c] = int8(p), sh
		if p >= 0 {
			b.rank[p][c.Rank()] |= 1 << sh
			b.file[p][c.File()] |= 1 << sh
		}
	}
}

const porteAllShapes = 1<<board.Cylinder | 1<<board.Triangle | 1<<board.Square

// threats counts the cells where a move of p's would bring a piece in
// against opponent x: p has a piece of shape s on the cell's rank or file
// (it can move there, jumping), and x has the two other shapes, one on the
// rank and the other on the file. The door of the cell's section must be
// free (a door left by the moving piece itself is overlooked).
func (b *porteBoard) threats(p, x int) int {
	n := 0
	for c := board.Cell(0); c < board.Cells; c++ {
		if b.seat[c] >= 0 || c.IsCircle() {
			continue
		}
		if b.seat[board.Circle(c.Section())] >= 0 {
			continue
		}
		r, f := c.Rank(), c.File()
		movers := b.rank[p][r] | b.file[p][f]
		xr, xf := b.rank[x][r], b.file[x][f]
		for sh := board.Cylinder; sh <= board.Square; sh++ {
			if movers&(1<<sh) == 0 {
				continue
			}
			rest := porteAllShapes &^ (1 << sh)
			// One of the rest on the rank and the other on the file.
			var a, c2 board.Shape
			for t := board.Cylinder; t <= board.Square; t++ {
				if rest&(1<<t) != 0 {
					if a == board.NoShape {
						a = t
					} else {
						c2 = t
					}
				}
			}
			if xr&(1<<a) != 0 && xf&(1<<c2) != 0 || xr&(1<<c2) != 0 && xf&(1<<a) != 0 {
				n++
				break
			}
		}
	}
	return n
}

// liabilities counts p's pieces on doors whose section holds two or more
// opposing pieces: the door rule makes p move them first.
func (b *porteBoard) liabilities(p int, v *game.Variant) int {
	n := 0
	for sec := 0; sec < 16; sec++ {
		door := board.Circle(sec)
		if int(b.seat[door]) != p {
			continue
		}
		opposing := 0
		for _, c := range board.SectionCells(sec) {
			if q := b.seat[c]; q >= 0 && v.Team(int(q)) != v.Team(p) {
				opposing++
			}
		}
		if opposing >= 2 {
			n++
		}
	}
	return n
}
