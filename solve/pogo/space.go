// Package pogosolve is the strong solution of POGO: a perfect index of every
// position, a retrograde analysis that gives each one its value (won, lost
// or drawn for the side to move, with the distance to the end in plies), a
// compact table file with a verifier, and a perfect player.
//
// # Positions and their index
//
// A POGO position is the 12 pieces, the way they are split into the 9
// stacks, and the side to move. Reading the stacks cell after cell (a1, b1,
// c1, a2, ... c3), each from the bottom up, lists the pieces as one sequence
// of 12 colours with 6 dark ones: C(12,6) = 924 colour patterns. The stack
// heights are a split of that sequence into 9 ordered, possibly empty parts:
// C(20,8) = 125,970 splits. So there are 924 × 125,970 = 116,396,280
// positions with each side to move, 232,792,560 in all, and
//
//	rank = side × 116,396,280 + split × 924 + pattern
//
// numbers them from 0 without gaps (Rank, Unrank). Patterns are ranked in
// increasing order of their 12-bit word (bit i set: the i-th piece of the
// sequence is dark), splits in the colexicographic order of their "stars and
// bars" (the combinatorial number system). The split comes first because
// the moves of a position depend on its split only: positions met in index
// order share their moves, and their successors fall in a few small blocks
// of the table, which the solver's memory accesses depend on.
//
// The rules do not care about colour names: a position with Dark to move is
// the same game as the position with every piece's colour swapped and Light
// to move. The solver and the table therefore hold only the 116,396,280
// positions with Light to move (the canonical half); a Dark-to-move
// position is looked up through its colour mirror.
//
// The solver works for any number k of pieces a side (the real game has
// k = 6), so that tests can solve small instances in milliseconds and
// check them against independent searches.
package pogosolve

import (
	"fmt"
	"math/bits"
	"sync"

	"github.com/plateau-games/plateau/games/pogo"
)

// Cells is the number of cells of the board.
const Cells = pogo.Cells

// Pieces is the number of pieces of each colour in POGO.
const Pieces = 6

// maxMoves bounds the number of moves (or un-moves) of one position: the
// board has 92 (cell, block size, cell) moves in all.
const maxMoves = 128

// reach[c][n-1] lists the cells a block of n pieces leaving c can end on:
// n orthogonal steps that never retrace one, i.e. Manhattan distance n, or
// distance 1 for three pieces (the U-shaped path). The relation is
// symmetric, so the same list gives the cells a block can have come from.
var reach [Cells][3][]int

func init() {
	for c := 0; c < Cells; c++ {
		for n := 1; n <= 3; n++ {
			for d := 0; d < Cells; d++ {
				dist := abs(c%3-d%3) + abs(c/3-d/3)
				if dist == n || (n == 3 && dist == 1) {
					reach[c][n-1] = append(reach[c][n-1], d)
				}
			}
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// binomial returns C(n, k), 0 outside 0 ≤ k ≤ n.
func binomial(n, k int) int {
	if k < 0 || k > n || n < 0 {
		return 0
	}
	r := 1
	for i := 1; i <= k; i++ {
		r = r * (n - k + i) / i
	}
	return r
}

// space is the index of the positions with k pieces a side and Light to
// move, with the tables that make moving between indexes fast.
type space struct {
	k        int    // pieces of each colour
	pieces   int    // 2k, the length of the colour sequence
	full     uint32 // the word with every piece dark
	nColours int    // C(2k, k) colour patterns
	nSplits  int    // C(2k+8, 8) splits into 9 stacks
	size     int    // nColours × nSplits positions with Light to move

	colourWord  []uint32 // pattern index → word
	colourIndex []int32  // word → pattern index, -1 without exactly k dark bits
	// splitHeights[split] packs the nine heights, 4 bits a cell (cell 0 in
	// the low bits), so that unranking a split is one load.
	splitHeights []uint64
	// term[j*termStride+p] = C(p, j+1): the contribution of bar j of the
	// stars and bars standing on slot p. Bar j stands after the pieces of
	// cells 0..j, on slot (pieces in cells 0..j) + j.
	term       []int
	termStride int

	// The block moves of each split, whatever the colours: the moves of
	// split s are moveList[moveStart[s]:moveStart[s+1]], each packed as
	// n | a<<2 | at<<6 | split'<<10: the block is the n pieces from
	// sequence index a (so its top piece, which decides who may move it,
	// is at a+n-1), it is reinserted at index at of the sequence without
	// it, and split' is the split after the move. With them, finding the
	// index of a successor is a few bit operations and two table loads.
	moveStart []uint32
	moveList  []uint32
	// cellMoves[s*Cells:] lists the non-empty stacks of split s (then
	// zeros), each packed as b | first<<4 | count<<11: the sequence index b
	// of its top piece, and its moves moveList[moveStart[s]+first:][:count].
	// Checking the colour of a stack once for all its moves halves the
	// work, and saves the mispredicted branches of checking each move.
	cellMoves []uint32
	// tops[s] has a bit at the top piece of every non-empty stack of split
	// s; moveCount[s*pieces+b] is the number of moves of the stack whose
	// top piece is at sequence index b.
	tops      []uint16
	moveCount []uint8
	// lightAt[b] lists the colour patterns whose piece b is light.
	lightAt [2 * Pieces][]uint16
}

var (
	spaceOnce [Pieces + 1]sync.Once
	spaces    [Pieces + 1]*space
)

// spaceFor returns the index for k pieces a side, built on first use
// (about 0.2 s and 23 MB for k = 6).
func spaceFor(k int) (*space, error) {
	if k < 1 || k > Pieces {
		return nil, fmt.Errorf("pieces a side must be from 1 to %d, got %d", Pieces, k)
	}
	spaceOnce[k].Do(func() { spaces[k] = newSpace(k) })
	return spaces[k], nil
}

// pogoSpace is the index of POGO itself.
func pogoSpace() *space {
	sp, _ := spaceFor(Pieces)
	return sp
}

func newSpace(k int) *space {
	sp := &space{k: k, pieces: 2 * k}
	sp.full = 1<<sp.pieces - 1
	sp.nColours = binomial(sp.pieces, k)
	sp.nSplits = binomial(sp.pieces+Cells-1, Cells-1)
	sp.size = sp.nColours * sp.nSplits

	sp.colourIndex = make([]int32, 1<<sp.pieces)
	for w := range sp.colourIndex {
		sp.colourIndex[w] = -1
		if bits.OnesCount(uint(w)) == k {
			sp.colourIndex[w] = int32(len(sp.colourWord))
			sp.colourWord = append(sp.colourWord, uint32(w))
		}
	}

	for c, w := range sp.colourWord {
		for b := range sp.pieces {
			if w>>b&1 == pogo.Light {
				sp.lightAt[b] = append(sp.lightAt[b], uint16(c))
			}
		}
	}

	slots := sp.pieces + Cells - 1
	sp.termStride = slots + 1
	sp.term = make([]int, (Cells-1)*sp.termStride)
	for j := 0; j < Cells-1; j++ {
		for p := 0; p <= slots; p++ {
			sp.term[j*sp.termStride+p] = binomial(p, j+1)
		}
	}

	// Enumerate every split and store it at its rank: this also proves
	// that the ranking is a bijection onto [0, nSplits).
	sp.splitHeights = make([]uint64, sp.nSplits)
	filled := make([]bool, sp.nSplits)
	var h [Cells]int
	var rec func(c, left int)
	rec = func(c, left int) {
		if c == Cells-1 {
			h[c] = left
			r := sp.splitRank(&h)
			if filled[r] {
				panic("pogosolve: split ranking is not injective")
			}
			filled[r] = true
			sp.splitHeights[r] = packHeights(&h)
			return
		}
		for x := 0; x <= left; x++ {
			h[c] = x
			rec(c+1, left-x)
		}
	}
	rec(0, sp.pieces)

	sp.moveStart = make([]uint32, sp.nSplits+1)
	sp.cellMoves = make([]uint32, sp.nSplits*Cells)
	sp.tops = make([]uint16, sp.nSplits)
	sp.moveCount = make([]uint8, sp.nSplits*sp.pieces)
	var off [Cells + 1]int
	for s := 0; s < sp.nSplits; s++ {
		sp.layout(s, &h, &off)
		sp.tops[s] = uint16(topMask(&h, &off))
		stacks := 0
		for x := 0; x < Cells; x++ {
			if h[x] == 0 {
				continue
			}
			first := len(sp.moveList) - int(sp.moveStart[s])
			for n := 1; n <= 3 && n <= h[x]; n++ {
				a := off[x] + h[x] - n
				for _, y := range reach[x][n-1] {
					at := off[y] + h[y]
					if y > x {
						at -= n
					}
					h[x], h[y] = h[x]-n, h[y]+n
					next := sp.splitRank(&h)
					h[x], h[y] = h[x]+n, h[y]-n
					sp.moveList = append(sp.moveList, uint32(n|a<<2|at<<6|next<<10))
					sp.moveCount[s*sp.pieces+off[x]+h[x]-1]++
				}
			}
			count := len(sp.moveList) - int(sp.moveStart[s]) - first
			sp.cellMoves[s*Cells+stacks] = uint32(off[x] + h[x] - 1 | first<<4 | count<<11)
			stacks++
		}
		sp.moveStart[s+1] = uint32(len(sp.moveList))
	}
	return sp
}

func packHeights(h *[Cells]int) uint64 {
	var p uint64
	for c := Cells - 1; c >= 0; c-- {
		p = p<<4 | uint64(h[c])
	}
	return p
}

// splitRank ranks a split given its heights.
func (sp *space) splitRank(h *[Cells]int) int {
	r, s := 0, 0
	for j := 0; j < Cells-1; j++ {
		s += h[j]
		r += sp.term[j*sp.termStride+s+j]
	}
	return r
}

// layout unpacks a split: the heights and where each stack starts in the
// colour sequence (off[Cells] is the number of pieces).
func (sp *space) layout(split int, h *[Cells]int, off *[Cells + 1]int) {
	p := sp.splitHeights[split]
	s := 0
	for c := 0; c < Cells; c++ {
		hc := int(p >> (4 * c) & 15)
		h[c], off[c] = hc, s
		s += hc
	}
	off[Cells] = s
}

// related lists the canonical indexes of the positions one block move
// away from the canonical position (pattern word w, split): the stack a
// block leaves must be topped by colour top; then the colours are swapped
// so that the result is again a position with Light to move.
//
// With top = Light these are the successors (Light moves, then Dark is to
// move, which is the colour mirror of a Light-to-move position). With top
// = Dark they are the predecessors: the position before Dark's last move,
// with Dark to move, is the mirror of a Light-to-move position, and Dark's
// block (topped by Dark, now on top of some stack) goes back to the top of
// the stack it came from, which is again a block move because the
// distances that allow a move are symmetric. Predecessors found this way
// may be terminal or unreachable positions, which are not really
// predecessors; the callers skip them by their value.
//
// It serves the player, the tests and the verifier's messages; the solver
// and the verifier run the same bit operations split by split (solver.pull,
// Table.checkSplit).
func (sp *space) related(w uint32, split int, top uint32, out *[maxMoves]int32) int {
	moves := sp.moveList[sp.moveStart[split]:sp.moveStart[split+1]]
	index, flip, nColours := sp.colourIndex, sp.full, int32(sp.nColours)
	count := 0
	for _, stack := range sp.cellMoves[split*Cells : split*Cells+Cells] {
		if stack == 0 {
			break // no more stacks (a stack's moves are never 0)
		}
		if w>>(stack&15)&1 != top {
			continue
		}
		for _, e := range moves[stack>>4&127 : stack>>4&127+stack>>11] {
			n, a, at := e&3, e>>2&15, e>>6&15
			block := w >> a & (1<<n - 1)
			rest := w&(1<<a-1) | w>>(a+n)<<a // the sequence without the block
			moved := rest&(1<<at-1) | block<<at | rest>>at<<(at+n)
			out[count&(maxMoves-1)] = int32(e>>10)*nColours + index[^moved&flip]
			count++
		}
	}
	return count
}

// parts splits a canonical index into its colour pattern word and its
// split.
func (sp *space) parts(i int) (w uint32, split int) {
	return sp.colourWord[i%sp.nColours], i / sp.nColours
}

// relatedOf is related for the canonical position i.
func (sp *space) relatedOf(i int, top uint32, out *[maxMoves]int32) int {
	w, split := sp.parts(i)
	return sp.related(w, split, top, out)
}

// lightMoves is the number of moves of the canonical position (w, split),
// Light to move: the number of its successors, all distinct because a
// move changes exactly the heights of its two cells, by its block size.
func (sp *space) lightMoves(w uint32, split int) int {
	count := 0
	row := sp.moveCount[split*sp.pieces : (split+1)*sp.pieces]
	for light := ^w & uint32(sp.tops[split]); light != 0; light &= light - 1 {
		count += int(row[bits.TrailingZeros32(light)])
	}
	return count
}

// topMask is the word with a bit at the top piece of every non-empty stack.
func topMask(h *[Cells]int, off *[Cells + 1]int) uint32 {
	var m uint32
	for c := 0; c < Cells; c++ {
		if h[c] > 0 {
			m |= 1 << (off[c] + h[c] - 1)
		}
	}
	return m
}

// Position is a POGO position as the solver sees it, with any number of
// pieces a side (the real game has six).
type Position struct {
	// Heights is the number of pieces on each cell (cell = rank×3 + file,
	// a1 = 0, c3 = 8).
	Heights [Cells]uint8
	// Stacks gives the colours of each stack from the bottom: bit i set
	// when the piece at level i is dark.
	Stacks [Cells]uint16
	// DarkToMove is the side to move.
	DarkToMove bool
}

// PositionOf reads a pogo.State. It decodes State.Key, the exact code
// documented by package pogo (per cell, bottom to top, the bits 1 and the
// colour for each piece, then a 0; last the side to move), which is known
// without allocating.
func PositionOf(s *pogo.State) Position {
	key := s.Key()
	var p Position
	p.DarkToMove = key&1 == pogo.Dark
	key >>= 1
	cell := 0
	for b := 4*Pieces + Cells - 1; b >= 0 && cell < Cells; b-- {
		if key>>b&1 == 0 {
			cell++
			continue
		}
		b--
		p.Stacks[cell] |= uint16(key>>b&1) << p.Heights[cell]
		p.Heights[cell]++
	}
	return p
}

// State builds the pogo.State of a position with six pieces a side (ply
// 0). It fails on positions that package pogo refuses: other piece counts,
// and the unreachable positions where the side to move already tops every
// stack.
func (p Position) State() (*pogo.State, error) {
	return pogo.Decode(p.Text())
}

// Text is the position in pogo's position text (ply 0), e.g.
// "DD,DD,DD/-,-,-/LL,LL,LL L 0".
func (p Position) Text() string {
	var b []byte
	for r := 2; r >= 0; r-- {
		for f := 0; f < 3; f++ {
			c := 3*r + f
			if p.Heights[c] == 0 {
				b = append(b, '-')
			}
			for i := uint8(0); i < p.Heights[c]; i++ {
				b = append(b, "LD"[p.Stacks[c]>>i&1])
			}
			if f < 2 {
				b = append(b, ',')
			}
		}
		if r > 0 {
			b = append(b, '/')
		}
	}
	b = append(b, " L 0"...)
	if p.DarkToMove {
		b[len(b)-3] = 'D'
	}
	return string(b)
}

// word is the colour sequence of p, its heights and its piece counts.
func (p Position) word() (w uint32, h [Cells]int, dark, total int) {
	s := 0
	for c := 0; c < Cells; c++ {
		h[c] = int(p.Heights[c])
		w |= uint32(p.Stacks[c]&(1<<h[c]-1)) << s
		s += h[c]
	}
	return w, h, bits.OnesCount32(w), s
}

// pieces returns k when p holds k pieces of each colour (1 ≤ k ≤ 6), else 0.
func (p Position) pieces() int {
	for c := 0; c < Cells; c++ {
		if p.Heights[c] > 2*Pieces || p.Stacks[c]>>p.Heights[c] != 0 {
			return 0
		}
	}
	_, _, dark, total := p.word()
	if total != 2*dark || dark < 1 || dark > Pieces {
		return 0
	}
	return dark
}

// canonical is the index of p among the positions with Light to move,
// after swapping colours when Dark is to move.
func (sp *space) canonical(p Position) int {
	w, h, _, _ := p.word()
	if p.DarkToMove {
		w = ^w & sp.full
	}
	return sp.splitRank(&h)*sp.nColours + int(sp.colourIndex[w])
}

// position is the inverse of canonical (Light to move).
func (sp *space) position(idx int) Position {
	w, split := sp.parts(idx)
	var h [Cells]int
	var off [Cells + 1]int
	sp.layout(split, &h, &off)
	var p Position
	for c := 0; c < Cells; c++ {
		p.Heights[c] = uint8(h[c])
		p.Stacks[c] = uint16(w >> off[c] & (1<<h[c] - 1))
	}
	return p
}

// PerSide is the number of positions with one given side to move.
const PerSide = 116_396_280

// Positions is the number of positions, both sides to move.
const Positions = 2 * PerSide

// Rank numbers a position with six pieces a side: from 0 to Positions-1,
// side × PerSide + split × 924 + pattern (see the package comment). It
// panics on other piece counts.
func (p Position) Rank() int {
	if p.pieces() != Pieces {
		panic("pogosolve: Rank needs six pieces of each colour")
	}
	w, h, _, _ := p.word()
	sp := pogoSpace()
	r := sp.splitRank(&h)*sp.nColours + int(sp.colourIndex[w])
	if p.DarkToMove {
		r += PerSide
	}
	return r
}

// Rank is the rank of a pogo position (see Position.Rank).
func Rank(s *pogo.State) int { return PositionOf(s).Rank() }

// Unrank is the position of a rank from 0 to Positions-1.
func Unrank(rank int) (Position, error) {
	if rank < 0 || rank >= Positions {
		return Position{}, fmt.Errorf("rank %d is out of range: ranks run from 0 to %d", rank, Positions-1)
	}
	p := pogoSpace().position(rank % PerSide)
	p.DarkToMove = rank >= PerSide
	return p, nil
}
