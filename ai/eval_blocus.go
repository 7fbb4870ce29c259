package ai

import (
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/blockade/blocus"
	"github.com/plateau-games/plateau/games/blockade/board"
)

func init() {
	RegisterEval("blocus", evalBlocus)
	// Alpha-beta with this evaluation beats MCTS at a comparable cost; each depth
	// beats the one below (docs/ai.md, Levels). Depth 1 without noise holds
	// depth 2 to draws by repetition too often (62.5% over 40 games), so easy
	// errs: medium then scores 90%.
	RegisterLevels("blocus", map[string]string{
		"easy":   "alphabeta:depth=1,noise=1",
		"medium": "alphabeta:depth=2",
		"hard":   "alphabeta:depth=3",
		"max":    "alphabeta:time=3s",
	})
}

// Weights of the Le Blocus evaluation, in guard moves.
const (
	blocusUnreachable = 4    // the distance given to a king with no path even with 3 more guards
	blocusExitNow     = 50.0 // the side to move has an exit path: it leaves now
	blocusWays        = 0.2  // each exit reached at the side's shortest distance, up to 3
)

// Directions of the kings, as in the rules.
var blocusForward = [2]board.Direction{board.North, board.South}

// blocusBoard is a Le Blocus position unpacked from its text: '.', 'K',
// 'k', 'G' or 'g' for each cell, and the kings' cells (they depend on the
// kings reading).
type blocusBoard struct {
	cells [board.Cells]byte
	kings [2]board.Cell
}

// evalBlocus compares how far each king is from an exit path: the least
// number of guards that would have to be added ahead of it for some
// sequence of turns to take it off its far edge (0 when it has a path now),
// found by a 0-1 breadth-first search over (cell, direction) states where
// running on is free and turning at an empty cell costs one guard. Fewer
// guards needed than the opponent is the whole game, since guards cost one
// move each; the number of distinct exits at that distance is a small
// bonus, as one guard cannot block them all. A side to move with a path
// leaves at once (search sees that; the bonus only helps at the horizon).
// Le Blocus has no accessor for its cells, so the position text is read
// (one string a call).
func evalBlocus(st game.State, seat int) float64 {
	s := st.(*blocus.State)
	text := s.Encode()
	var b blocusBoard
	b.kings = [2]board.Cell{s.KingCell(0), s.KingCell(1)}
	i := 0
	for r := board.Size - 1; r >= 0; r-- {
		for f := 0; f < board.Size; f++ {
			b.cells[board.At(f, r)] = text[i]
			i++
		}
		i++ // '/' or ' '
	}
	var dist [2]int
	var ways [2]int
	for side := 0; side < 2; side++ {
		dist[side], ways[side] = b.exitDistance(side)
	}
	v := float64(dist[1-seat]-dist[seat]) + blocusWays*float64(min(ways[seat], 3)-min(ways[1-seat], 3))
	if mover := s.ToMove(); mover >= 0 && dist[mover] == 0 {
		if mover == seat {
			v += blocusExitNow
		} else {
			v -= blocusExitNow
		}
	}
	return v
}

// blocusStep[c*4+d] is c.Step(d), and blocusSection[c] is c.Section():
// exitDistance asks them for every state of its search, and the divisions
// of the board's arithmetic were a third of its time.
var blocusStep, blocusSection = func() (step [board.Cells * 4]board.Cell, section [board.Cells]int8) {
	for c := board.Cell(0); c < board.Cells; c++ {
		for _, d := range board.Directions {
			step[int(c)*4+int(d)] = c.Step(d)
		}
		section[c] = int8(c.Section())
	}
	return step, section
}()

// exitDistance is the least number of guards to add for side's king to
// have an exit path (blocusUnreachable when more than 3), and how many
// exits (states leaving the far edge) are reached at that cost.
func (b *blocusBoard) exitDistance(side int) (int, int) {
	const maxCost = blocusUnreachable - 1
	other := byte('k')
	if side == 1 {
		other = 'K'
	}
	fwd := blocusForward[side]
	var cost [board.Cells * 4]int8 // best cost found +1; 0 unvisited
	// Buckets of a 0-1 BFS by cost: states as cell*4+direction.
	var queue [maxCost + 1][board.Cells * 4]int16
	var qlen [maxCost + 1]int
	push := func(c board.Cell, d board.Direction, k int) {
		if k > maxCost {
			return
		}
		i := int(c)*4 + int(d)
		if cost[i] != 0 && int(cost[i]) <= k+1 {
			return
		}
		cost[i] = int8(k + 1)
		queue[k][qlen[k]] = int16(i)
		qlen[k]++
	}
	guard := func(c board.Cell) bool { return b.cells[c] == 'G' || b.cells[c] == 'g' }
	// inKings says whether c lies in a king's section, where no guard
	// may stand.
	ks0, ks1 := blocusSection[b.kings[0]], blocusSection[b.kings[1]]
	inKings := func(c board.Cell) bool { return blocusSection[c] == ks0 || blocusSection[c] == ks1 }
	best, ways := blocusUnreachable, 0
	k0 := b.kings[side]
	push(k0, board.West, 0)
	push(k0, board.East, 0)
	// turn makes the king at c turn to d (the cell ahead of it in its
	// old direction being a guard, real or added): it leaves, or runs on
	// unless the cell just after the turn is a guard.
	turn := func(c board.Cell, d board.Direction, k int) {
		n := blocusStep[int(c)*4+int(d)]
		switch {
		case n == board.NoCell:
			if d == fwd && k <= best {
				if k < best {
					best, ways = k, 0
				}
				ways++
			}
		case guard(n) || b.cells[n] == other:
		default:
			push(c, d, k)
		}
	}
	for k := 0; k <= maxCost && k <= best; k++ {
		for qi := 0; qi < qlen[k]; qi++ {
			i := int(queue[k][qi])
			if int(cost[i]) != k+1 {
				continue // reached later at a lower cost
			}
			c, d := board.Cell(i/4), board.Direction(i%4)
			n := blocusStep[i]
			switch {
			case n == board.NoCell:
				if d == fwd && k <= best {
					if k < best {
						best, ways = k, 0
					}
					ways++
				}
			case b.cells[n] == other:
			case guard(n):
				turn(c, d.Left(), k)
				turn(c, d.Right(), k)
			default:
				push(n, d, k)
				if !inKings(n) { // a guard could be added on n
					turn(c, d.Left(), k+1)
					turn(c, d.Right(), k+1)
				}
			}
		}
	}
	return best, ways
}
