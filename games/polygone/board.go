package polygone

import "fmt"

// The board is a hexagon of the triangular lattice with sides 2, 2, 3, 2, 2,
// 3. Its 24 holes lie in five rows, A (top) to E, of 4, 5, 6, 5 and 4 holes.
// With doubled x coordinates, rows A and E hold x = 2, 4, 6, 8, rows B and D
// x = 1, 3, 5, 7, 9 and row C x = 0, 2, ..., 10. Two holes are neighbours
// (joined by an edge) on the same row at x ± 2 and on an adjacent row at
// x ± 1. C1 is White's sommet, C6 Black's.
const (
	Holes     = 24
	Edges     = 55
	Triangles = 32
	Rows      = 5
)

// Directions around a hole, anticlockwise from east (rows are counted
// downwards, so "north" is the row above): E, NE, NW, W, SW, SE.
const (
	dirE = iota
	dirNE
	dirNW
	dirW
	dirSW
	dirSE
	nDirs
)

var (
	dirDX   = [nDirs]int{2, 1, -1, -2, -1, 1}
	dirDRow = [nDirs]int{0, -1, -1, 0, 1, 1}
)

// rowX gives the doubled x coordinates of each row's holes.
var rowX = [Rows][]int{
	{2, 4, 6, 8},
	{1, 3, 5, 7, 9},
	{0, 2, 4, 6, 8, 10},
	{1, 3, 5, 7, 9},
	{2, 4, 6, 8},
}

// Geometry tables, built once by init.
var (
	holeRow  [Holes]int     // 0 (A) .. 4 (E)
	holeX    [Holes]int     // doubled x
	holeName [Holes]string  // "A1" .. "E4"
	holeAt   [Rows][11]int8 // hole at (row, x), or -1

	// edgeAt[h][d] is the edge leaving hole h in direction d, or -1 when
	// that direction leaves the board.
	edgeAt [Holes][nDirs]int8
	// edgeEnd[e] are the two holes of edge e, the one with the smaller x
	// first (edges are never vertical).
	edgeEnd [Edges][2]int8
	// edgeDir[e][i] is the direction from edgeEnd[e][i] to the other end.
	edgeDir [Edges][2]int8
	// Triangles are numbered by their place in a 64-bit mask: the band of
	// triangles between rows k and k+1 takes bits 16k to 16k+15, and a
	// triangle's bit within its band is the x of its apex, which is also the
	// middle of its horizontal side. Neighbours in a band are one bit apart,
	// and the two triangles on either side of a horizontal edge are 16 bits
	// apart.
	triangles uint64        // the 32 triangle bits
	triEdges  [64]uint64    // the edges of each triangle
	triVerts  [64]uint32    // the holes of each triangle
	edgeTris  [Edges]uint64 // the one or two triangles of each edge
	edgeClass [Edges]uint8  // see openMasks
	edgeBit   [Edges]uint64 // see openMasks
	allOpen   openMasks     // every edge free

	// holeDirs[h] lists the edges at hole h with their directions.
	holeDirs [Holes][]dirEdge

	// holeEdges[h] is the mask of the edges at hole h.
	holeEdges [Holes]uint64

	// between[d][d2][w]: mask of the directions strictly between d and d2
	// turning anticlockwise (w = 0) or clockwise (w = 1).
	between [nDirs][nDirs][2]uint8
)

type dirEdge struct{ dir, edge int8 }

// turn is one end position of a segment turning about one of its ends:
// the edge it takes, its far hole, and the directions at the pivot that
// block the way anticlockwise (ccw) and clockwise (cw).
type turn struct {
	edge, far int8
	ccw, cw   uint8
}

// turnSet lists the forward or level turns of a segment about one end.
type turnSet struct {
	pivot int8
	n     int8
	turns [5]turn
}

// turns[colour][e][side] are the turns of colour's segment on edge e about
// its end edgeEnd[e][side] that do not move the other end back.
var turns [2][Edges][2]turnSet

// turnsSwept are the turns with the backwards=swept reading (DECISIONS.md,
// "Alternative readings"): a way that sweeps through a direction pointing
// backwards (off the board too) has its blocking mask set to every
// direction, so it is always blocked (the segment itself is at the pivot);
// a turn with both ways so blocked is left out.
var turnsSwept [2][Edges][2]turnSet

// sweptBack says whether one of the directions dirs at hole p points
// backwards for colour from the moving end's start hole q: White's end
// would have a smaller x, Black's a larger one.
func sweptBack(colour uint8, p, q int, dirs uint8) bool {
	for j := 0; j < nDirs; j++ {
		if dirs>>j&1 == 0 {
			continue
		}
		x := holeX[p] + dirDX[j]
		if colour == White && x < holeX[q] || colour == Black && x > holeX[q] {
			return true
		}
	}
	return false
}

// The sommets.
var (
	sommetWhite int // C1, White's home, Black's goal
	sommetBlack int // C6, Black's home, White's goal
)

// buildGeometry fills the geometry tables; the package's init calls it first.
func buildGeometry() {
	h := 0
	for r := range holeAt {
		for x := range holeAt[r] {
			holeAt[r][x] = -1
		}
	}
	for r, xs := range rowX {
		for i, x := range xs {
			holeRow[h], holeX[h] = r, x
			holeName[h] = fmt.Sprintf("%c%d", 'A'+r, i+1)
			holeAt[r][x] = int8(h)
			h++
		}
	}
	if h != Holes {
		panic("polygone: hole count")
	}
	sommetWhite, sommetBlack = int(holeAt[2][0]), int(holeAt[2][10])

	// Edges: for each hole in order, towards NE, E and SE (the neighbours
	// with a larger x), so that the left end comes first.
	for h := range edgeAt {
		for d := range edgeAt[h] {
			edgeAt[h][d] = -1
		}
	}
	e := 0
	for h := 0; h < Holes; h++ {
		for _, d := range [3]int{dirNE, dirE, dirSE} {
			o := neighbour(h, d)
			if o < 0 {
				continue
			}
			edgeEnd[e] = [2]int8{int8(h), int8(o)}
			edgeDir[e] = [2]int8{int8(d), int8((d + 3) % nDirs)}
			edgeAt[h][d] = int8(e)
			edgeAt[o][(d+3)%nDirs] = int8(e)
			holeEdges[h] |= 1 << e
			holeEdges[o] |= 1 << e
			e++
		}
	}
	if e != Edges {
		panic("polygone: edge count")
	}
	for h := 0; h < Holes; h++ {
		for d := 0; d < nDirs; d++ {
			if edgeAt[h][d] >= 0 {
				holeDirs[h] = append(holeDirs[h], dirEdge{int8(d), edgeAt[h][d]})
			}
		}
	}

	// Triangles: each has one horizontal edge; its left end h, with the
	// third hole above (NE of h) or below (SE of h).
	n := 0
	for h := 0; h < Holes; h++ {
		right := neighbour(h, dirE)
		if right < 0 {
			continue
		}
		for _, d := range [2]int{dirNE, dirSE} {
			apex := neighbour(h, d)
			if apex < 0 {
				continue
			}
			band := holeRow[h]
			if d == dirNE {
				band--
			}
			t := 16*band + holeX[apex]
			triangles |= 1 << t
			triVerts[t] = 1<<h | 1<<right | 1<<apex
			for _, ed := range [3]int8{edgeAt[h][dirE], edgeAt[h][d], edgeBetween(right, apex)} {
				triEdges[t] |= 1 << ed
				edgeTris[ed] |= 1 << t
			}
			n++
		}
	}
	if n != Triangles {
		panic("polygone: triangle count")
	}
	for e := 0; e < Edges; e++ {
		lo := edgeTris[e] & -edgeTris[e]
		switch hi := edgeTris[e] &^ lo; {
		case hi == 0:
			edgeClass[e], edgeBit[e] = openBorder, lo
		case hi == lo<<1:
			edgeClass[e], edgeBit[e] = openSide, lo
		case hi == lo<<16:
			edgeClass[e], edgeBit[e] = openBase, lo
		default:
			panic("polygone: triangle layout")
		}
		allOpen[edgeClass[e]] |= edgeBit[e]
	}

	for d := 0; d < nDirs; d++ {
		for k := 1; k < nDirs; k++ {
			d2 := (d + k) % nDirs
			var ccw, cw uint8
			for j := 1; j < k; j++ {
				ccw |= 1 << ((d + j) % nDirs)
			}
			for j := k + 1; j < nDirs; j++ {
				cw |= 1 << ((d + j) % nDirs)
			}
			between[d][d2] = [2]uint8{ccw, cw}
		}
	}
	for colour := uint8(0); colour < 2; colour++ {
		for e := 0; e < Edges; e++ {
			for side := 0; side < 2; side++ {
				p, q, d := int(edgeEnd[e][side]), int(edgeEnd[e][1-side]), int(edgeDir[e][side])
				ts := &turns[colour][e][side]
				ts.pivot = int8(p)
				for k := 1; k < nDirs; k++ {
					d2 := (d + k) % nDirs
					t := edgeAt[p][d2]
					if t < 0 || !forward(colour, q, otherEnd(int(t), p)) {
						continue
					}
					b := between[d][d2]
					ts.turns[ts.n] = turn{t, int8(otherEnd(int(t), p)), b[0], b[1]}
					ts.n++
					sw := &turnsSwept[colour][e][side]
					sw.pivot = int8(p)
					ccwBack, cwBack := sweptBack(colour, p, q, b[0]), sweptBack(colour, p, q, b[1])
					if ccwBack && cwBack {
						continue
					}
					tn := turn{t, int8(otherEnd(int(t), p)), b[0], b[1]}
					if ccwBack {
						tn.ccw = 0xff
					}
					if cwBack {
						tn.cw = 0xff
					}
					sw.turns[sw.n] = tn
					sw.n++
				}
			}
		}
	}
}

// neighbour is the hole next to h in direction d, or -1.
func neighbour(h, d int) int {
	r, x := holeRow[h]+dirDRow[d], holeX[h]+dirDX[d]
	if r < 0 || r >= Rows || x < 0 || x > 10 {
		return -1
	}
	return int(holeAt[r][x])
}

// edgeBetween is the edge joining holes a and b, or -1.
func edgeBetween(a, b int) int8 {
	for d := 0; d < nDirs; d++ {
		if e := edgeAt[a][d]; e >= 0 && otherEnd(int(e), a) == b {
			return e
		}
	}
	return -1
}

// otherEnd is the end of edge e that is not h.
func otherEnd(e, h int) int {
	if int(edgeEnd[e][0]) == h {
		return int(edgeEnd[e][1])
	}
	return int(edgeEnd[e][0])
}

// commonHole is the hole shared by edges a and b, or -1.
func commonHole(a, b int) int {
	for _, p := range edgeEnd[a] {
		for _, q := range edgeEnd[b] {
			if p == q {
				return int(p)
			}
		}
	}
	return -1
}

// edgeName writes an edge with the left hole first: "C1-B1".
func edgeName(e int) string {
	return holeName[edgeEnd[e][0]] + "-" + holeName[edgeEnd[e][1]]
}

// parseHole reads a hole name such as "C1" (upper-case input).
func parseHole(s string) (int, bool) {
	if len(s) != 2 || s[0] < 'A' || s[0] > 'E' || s[1] < '1' || s[1] > '9' {
		return 0, false
	}
	r, i := int(s[0]-'A'), int(s[1]-'1')
	if i >= len(rowX[r]) {
		return 0, false
	}
	return int(holeAt[r][rowX[r][i]]), true
}
