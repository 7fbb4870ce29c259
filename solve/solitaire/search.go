package solitairesolve

import (
	"math/bits"

	"github.com/plateau-games/plateau/games/blockade/board"
	"github.com/plateau-games/plateau/games/blockade/solitaire"
)

// The search works on its own compact board rather than on solitaire.State:
// it needs the counts of pieces per rank and file for its bounds and an
// exact key for its table, and it undoes moves instead of copying states.

const (
	size  = board.Size
	cells = board.Cells
)

// next[c][d] is the neighbour of cell c in direction d (up, right, down,
// left, as in the rules package), or -1 off the board.
var next [cells][4]int16

func init() {
	df := [4]int{0, 1, 0, -1}
	dr := [4]int{1, 0, -1, 0}
	for c := 0; c < cells; c++ {
		for d := 0; d < 4; d++ {
			f, r := c%size+df[d], c/size+dr[d]
			next[c][d] = -1
			if board.OnBoard(f, r) {
				next[c][d] = int16(r*size + f)
			}
		}
	}
}

// position is a board under search.
type position struct {
	cell   [cells]uint8 // colour, 0 for empty
	rank   [size]int8   // pieces on each rank
	file   [size]int8   // pieces on each file
	pieces int
	// lines holds the occupied cells of each rank (bit f of lines[r]) and
	// each file (bit r of lines[size+f]), for the gap bound.
	lines [2 * size]uint16
}

func newPosition(s *solitaire.State) *position {
	p := &position{}
	for c := 0; c < cells; c++ {
		if col := s.Colour(board.Cell(c)); col != solitaire.Empty {
			p.put(c, uint8(col))
		}
	}
	return p
}

func (p *position) put(c int, col uint8) {
	p.cell[c] = col
	p.rank[c/size]++
	p.file[c%size]++
	p.pieces++
	p.lines[c/size] |= 1 << uint(c%size)
	p.lines[size+c%size] |= 1 << uint(c/size)
}

func (p *position) take(c int) uint8 {
	col := p.cell[c]
	p.cell[c] = 0
	p.rank[c/size]--
	p.file[c%size]--
	p.pieces--
	p.lines[c/size] &^= 1 << uint(c%size)
	p.lines[size+c%size] &^= 1 << uint(c/size)
	return col
}

// jump is one legal jump: from, direction, the landing cell and the number
// of pieces jumped.
type jump struct {
	from, to int16
	dir, n   int8
}

// jumps appends the legal jumps to buf[:0] in the rules package's order
// (start cell a1 to l12, then up, right, down, left), and returns them with
// the longest run.
func (p *position) jumps(buf []jump) ([]jump, int) {
	buf = buf[:0]
	longest := 0
	for c := 0; c < cells; c++ {
		col := p.cell[c]
		if col == 0 {
			continue
		}
		for d := 0; d < 4; d++ {
			n := 0
			x := next[c][d]
			for x >= 0 {
				y := p.cell[x]
				if y == 0 || y == col {
					break
				}
				n++
				x = next[x][d]
			}
			if n > 0 && x >= 0 && p.cell[x] == 0 {
				buf = append(buf, jump{from: int16(c), to: x, dir: int8(d), n: int8(n)})
				longest = max(longest, n)
			}
		}
	}
	return buf, longest
}

// apply plays j and records the jumped colours in taken (for undo).
func (p *position) apply(j jump, taken *[size]uint8) {
	col := p.take(int(j.from))
	x := next[j.from][j.dir]
	for i := 0; i < int(j.n); i++ {
		taken[i] = p.take(int(x))
		x = next[x][j.dir]
	}
	p.put(int(j.to), col)
}

func (p *position) undo(j jump, taken *[size]uint8) {
	col := p.take(int(j.to))
	x := next[j.from][j.dir]
	for i := 0; i < int(j.n); i++ {
		p.put(int(x), taken[i])
		x = next[x][j.dir]
	}
	p.put(int(j.from), col)
}

// maxLine is the largest number of pieces on one rank or file.
func (p *position) maxLine() int {
	m := 0
	for i := 0; i < size; i++ {
		m = max(m, int(p.rank[i]), int(p.file[i]))
	}
	return m
}

// key is an exact code of a position: which cells are occupied (144
// bits) and the colours of the pieces in cell order (2 bits each, at most
// 36 pieces: 72 bits), packed into 216 of 256 bits. Two positions have the
// same key exactly when they are equal, so the table can never confuse
// them: that is what makes its "no solution" entries part of a proof.
type key [4]uint64

func (p *position) key() key {
	var occ [3]uint64
	var colours [2]uint64
	n := 0
	for c := 0; c < cells; c++ {
		if col := p.cell[c]; col != 0 {
			occ[c>>6] |= 1 << uint(c&63)
			colours[n>>5] |= uint64(col-1) << uint(2*(n&31))
			n++
		}
	}
	// occ[2] uses 16 bits (cells 128-143); the colours fill the rest.
	return key{occ[0], occ[1], occ[2] | colours[0]<<16, colours[0]>>48 | colours[1]<<16}
}

func (k key) hash() uint64 {
	h := k[0]*0x9e3779b97f4a7c15 ^ bits.RotateLeft64(k[1]*0xc2b2ae3d27d4eb4f, 17) ^
		bits.RotateLeft64(k[2]*0x165667b19e3779f9, 31) ^ bits.RotateLeft64(k[3]*0x27d4eb2f165667c5, 47)
	h ^= h >> 29
	h *= 0xbf58476d1ce4e5b9
	return h ^ h>>32
}

// gapRun[mask][k] is the length of the longest stretch of a line (12
// cells, bit i set when cell i is occupied) that holds at most k empty
// cells.
var gapRun [1 << size][size + 1]uint8

func init() {
	for mask := 0; mask < 1<<size; mask++ {
		for k := 0; k <= size; k++ {
			best := 0
			for a := 0; a < size; a++ {
				empty := 0
				for b := a; b < size; b++ {
					if mask&(1<<uint(b)) == 0 {
						empty++
					}
					if empty > k {
						break
					}
					best = max(best, b-a+1)
				}
			}
			gapRun[mask][k] = uint8(best)
		}
	}
}

// stretch is the longest stretch of any rank or file holding at most k
// empty cells.
func (p *position) stretch(k int) int {
	k = min(k, size)
	m := 0
	for _, l := range p.lines {
		m = max(m, int(gapRun[l][k]))
	}
	return m
}

// cover is the fewest ranks and files that together hold every piece. By
// König's theorem it is the size of a maximum matching between ranks and
// files (a piece joins its rank to its file), found here by augmenting
// paths.
func (p *position) cover() int {
	return p.matching(size)
}

// matching is the size of a maximum matching, or any number above limit
// when it is above limit. It starts from a greedy matching, often enough.
func (p *position) matching(limit int) int {
	var fileOf [size]int8 // the rank matched to each file, -1 for none
	for i := range fileOf {
		fileOf[i] = -1
	}
	var used uint16
	var unmatched [size]int8
	n, u := 0, 0
	for r := 0; r < size; r++ {
		if p.lines[r] == 0 {
			continue
		}
		if free := p.lines[r] &^ used; free != 0 {
			f := bits.TrailingZeros16(free)
			used |= 1 << uint(f)
			fileOf[f] = int8(r)
			n++
		} else {
			unmatched[u] = int8(r)
			u++
		}
	}
	for i := 0; i < u && n <= limit; i++ {
		var seen uint16
		if p.augment(int(unmatched[i]), &seen, &fileOf) {
			n++
		}
	}
	return n
}

// coverExceeds tells whether the cover is above limit. It is quick when
// the pieces use at most limit ranks or at most limit files, which cover
// them.
func (p *position) coverExceeds(limit int) bool {
	nr, nf := 0, 0
	for i := 0; i < size; i++ {
		if p.rank[i] != 0 {
			nr++
		}
		if p.file[i] != 0 {
			nf++
		}
	}
	return min(nr, nf) > limit && p.matching(limit) > limit
}

func (p *position) augment(r int, seen *uint16, fileOf *[size]int8) bool {
	for m := p.lines[r] &^ *seen; m != 0; m &= m - 1 {
		f := bits.TrailingZeros16(m)
		*seen |= 1 << uint(f)
		if fileOf[f] < 0 || p.augment(int(fileOf[f]), seen, fileOf) {
			fileOf[f] = int8(r)
			return true
		}
	}
	return false
}
