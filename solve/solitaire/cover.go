package solitairesolve

import "math/bits"

// The colour cover: a finer form of the line cover, for one piece left.
//
// Every piece is involved in some move of a game that leaves one piece
// (jumped, or the jumper of its move; the survivor is the last jumper), and
// its first involvement happens on its current cell, on the line (rank or
// file) of that move. So the pieces of a move's first involvements, S, are
// on its line; they are its jumper (if that piece never moved before) and
// pieces of its run. A run holds no piece of the jumper's colour c, and
// the jumper is at one end of the jumper-and-run stretch: so S holds no
// piece of colour c but at most one, which is then at one end of S along
// the line. Such a set is a "use" of the line; c is the colour of a piece
// of the position (the jumper). Within d moves, the pieces
// must be covered by d uses. The plain line cover (the matching) ignores
// the colours; colourCover searches the uses exactly, by branch and bound
// with the matching of the pieces left to cover as the bound.

// coverer holds one position's pieces, indexed in cell order: the pieces
// of a rank by file, of a file by rank.
type coverer struct {
	n      int
	rank   [36]int8
	file   [36]int8
	line   [2 * size]uint64 // the pieces of each rank, then each file
	colour [5]uint64        // the pieces of each colour
	calls  int
}

// coverBudget bounds the branch-and-bound's calls per position; past it
// the search gives up and claims nothing (no cut), which keeps it sound.
const coverBudget = 200

// colourCoverWithin tells whether the pieces of p can be covered by at
// most limit uses. It answers true when unsure (more than 36 pieces, or the
// budget spent): the answer false is a proof.
func colourCoverWithin(p *position, limit int) bool {
	if p.pieces > 36 {
		return true
	}
	var cv coverer
	for c := 0; c < cells; c++ {
		if col := p.cell[c]; col != 0 {
			i := cv.n
			cv.rank[i], cv.file[i] = int8(c/size), int8(c%size)
			cv.line[c/size] |= 1 << uint(i)
			cv.line[size+c%size] |= 1 << uint(i)
			cv.colour[col] |= 1 << uint(i)
			cv.n++
		}
	}
	all := uint64(1)<<uint(cv.n) - 1
	if cv.n == 64 {
		all = ^uint64(0)
	}
	return cv.within(all, limit)
}

// matching is the size of a maximum matching of the pieces in u between
// ranks and files (the fewest lines covering them).
func (cv *coverer) matching(u uint64) int {
	var adj [size]uint16
	for m := u; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		adj[cv.rank[i]] |= 1 << uint(cv.file[i])
	}
	var fileOf [size]int8
	for i := range fileOf {
		fileOf[i] = -1
	}
	n := 0
	for r := 0; r < size; r++ {
		if adj[r] != 0 {
			var seen uint16
			if augmentAdj(&adj, r, &seen, &fileOf) {
				n++
			}
		}
	}
	return n
}

func augmentAdj(adj *[size]uint16, r int, seen *uint16, fileOf *[size]int8) bool {
	for m := adj[r] &^ *seen; m != 0; m &= m - 1 {
		f := bits.TrailingZeros16(m)
		*seen |= 1 << uint(f)
		if fileOf[f] < 0 || augmentAdj(adj, int(fileOf[f]), seen, fileOf) {
			fileOf[f] = int8(r)
			return true
		}
	}
	return false
}

// within tells whether the pieces u can be covered by at most b uses
// (true also when the budget is spent).
func (cv *coverer) within(u uint64, b int) bool {
	if u == 0 {
		return true
	}
	if b == 0 {
		return false
	}
	cv.calls++
	if cv.calls > coverBudget {
		return true
	}
	if cv.matching(u) > b {
		return false
	}
	// The first piece left must be in some use of its rank or its file:
	// try the largest uses holding it (any use holding it is part of
	// one of those, and covering more never hurts).
	x := bits.TrailingZeros64(u)
	var cands [40]uint64
	n := 0
	for _, l := range [2]int{int(cv.rank[x]), size + int(cv.file[x])} {
		q := u & cv.line[l]
		for c := 1; c <= 4; c++ {
			if cv.colour[c] == 0 {
				continue // a jumper is a piece of the position
			}
			other := q &^ cv.colour[c]
			if other&(1<<uint(x)) != 0 {
				cands[n] = other
				n++
			}
			for m := q & cv.colour[c]; m != 0; m &= m - 1 {
				y := bits.TrailingZeros64(m)
				below := uint64(1)<<uint(y) - 1
				for _, s := range [2]uint64{1<<uint(y) | other&below, 1<<uint(y) | other&^below} {
					if s&(1<<uint(x)) != 0 {
						cands[n] = s
						n++
					}
				}
			}
		}
	}
	for i := 0; i < n; i++ {
		s := cands[i]
		dominated := false
		for k := 0; k < n && !dominated; k++ {
			t := cands[k]
			// Drop s when another candidate holds it (the first of
			// equal ones is kept).
			dominated = k != i && s&t == s && (s != t || k < i)
		}
		if !dominated && cv.within(u&^s, b-1) {
			return true
		}
	}
	return false
}
