package polygone

import "math/bits"

// Faces and polygons.
//
// Every face of the plane graph formed by the segments is a union of unit
// triangles: two triangles that share an edge lie in the same face exactly
// when no segment lies on that edge, and a triangle whose border edge is
// free is open to the outside of the board. A face is bounded when none of
// its triangles is open to the outside.
//
// A bounded face R is a polygon when its boundary is one simple cycle:
//   - no segment has R on both sides (a segment inside the cycle, touching it
//     or not, is walked twice by the boundary);
//   - every hole of the boundary has exactly two boundary segments (no
//     pinch where the face touches itself);
//   - the boundary is connected: with the two conditions above, the closure
//     of R is a disc with k-1 holes, whose Euler characteristic
//     V - E + F = 2 - k must be 1 (no island of segments floating inside).

// maxPolys bounds the polygons that can capture at once: a capturing
// polygon has at least three segments, each segment borders at most two
// faces, and there are at most 24 segments.
const maxPolys = 16

// openMasks say which free edges join triangles, for a bit-parallel flood
// fill over the triangle bits: openSide has bit t when the edge between
// triangles t and t+1 of a band is free, openBase when the horizontal edge
// between triangle t and triangle t+16 below it is free, openBorder when
// the border edge of triangle t is free (t is open to the outside).
type openMasks [3]uint64

const (
	openSide = iota
	openBase
	openBorder
)

// masksFor gives the open masks of the board occ.
func masksFor(occ uint64) openMasks {
	m := allOpen
	for o := occ; o != 0; o &= o - 1 {
		e := bits.TrailingZeros64(o)
		m[edgeClass[e]] &^= edgeBit[e]
	}
	return m
}

// free and take update the masks when edge e is freed or taken.
func (m *openMasks) free(e int) { m[edgeClass[e]] |= edgeBit[e] }
func (m *openMasks) take(e int) { m[edgeClass[e]] &^= edgeBit[e] }

// grow adds to comp the triangles joined to it by a free edge.
func (m *openMasks) grow(comp uint64) uint64 {
	return comp | (comp&m[openSide])<<1 | (comp>>1)&m[openSide] | (comp&m[openBase])<<16 | (comp>>16)&m[openBase]
}

// flood finds the face holding the triangles seed (all in one face). When
// the face is open to the outside it stops early and returns the
// triangles found so far (all in that face) with bounded false.
func (m *openMasks) flood(seed uint64) (comp uint64, bounded bool) {
	comp = seed
	for {
		if comp&m[openBorder] != 0 {
			return comp, false
		}
		next := m.grow(comp)
		if next == comp {
			return comp, true
		}
		comp = next
	}
}

// floodAll finds the whole face (or faces) holding seed.
func (m *openMasks) floodAll(seed uint64) uint64 {
	for {
		next := m.grow(seed)
		if next == seed {
			return seed
		}
		seed = next
	}
}

// exterior is the set of triangles in the unbounded face.
func (m *openMasks) exterior() uint64 { return m.floodAll(m[openBorder]) }

// poly is a capturing polygon: its triangles and the minority segments it
// removes.
type poly struct {
	tris     uint64
	minority uint64
}

// boundaryOf returns the segments bounding the bounded face comp, and
// whether the face is a polygon (its boundary one simple cycle).
func boundaryOf(comp uint64, occ uint64) (boundary uint64, polygon bool) {
	var once, all uint64
	for c := comp; c != 0; c &= c - 1 {
		t := bits.TrailingZeros64(c)
		once ^= triEdges[t]
		all |= triEdges[t]
	}
	return once, simpleCycle(comp, once, all, occ)
}

// simpleCycle says whether the bounded face comp, whose triangles have
// the edges all and, once only, the edges once (its boundary), has one
// simple cycle for boundary.
func simpleCycle(comp, once, all, occ uint64) bool {
	// Edges of two triangles of the face are inside it: none may hold a
	// segment. (Edges of one triangle of a bounded face all hold segments.)
	if all&^once&occ != 0 {
		return false
	}
	var verts uint32
	for c := comp; c != 0; c &= c - 1 {
		verts |= triVerts[bits.TrailingZeros64(c)]
	}
	if bits.OnesCount32(verts)-bits.OnesCount64(all)+bits.OnesCount64(comp) != 1 {
		return false
	}
	var d1, d2, d3 uint32
	for b := once; b != 0; b &= b - 1 {
		e := bits.TrailingZeros64(b)
		for _, h := range edgeEnd[e] {
			m := uint32(1) << uint(h)
			d3 |= d2 & m
			d2 |= d1 & m
			d1 |= m
		}
	}
	return d3 == 0 && d1 == d2
}

// capturing says whether the bounded face comp is a polygon that captures,
// and which segments it removes: the minority colour's, when it holds both
// colours in unequal numbers.
func capturing(comp uint64, white, black uint64) (minority uint64, ok bool) {
	var once, all uint64
	for c := comp; c != 0; c &= c - 1 {
		t := bits.TrailingZeros64(c)
		once ^= triEdges[t]
		all |= triEdges[t]
	}
	wc, bc := bits.OnesCount64(once&white), bits.OnesCount64(once&black)
	switch {
	case wc == 0 || bc == 0 || wc == bc:
		return 0, false
	case wc < bc:
		minority = once & white
	default:
		minority = once & black
	}
	return minority, simpleCycle(comp, once, all, white|black)
}

// examine lists in out the capturing polygons among the faces that hold a
// triangle of seeds, on the board white, black whose open masks are m, and
// returns how many there are.
func (m *openMasks) examine(white, black uint64, seeds uint64, out *[maxPolys]poly) int {
	n := 0
	for seeds != 0 {
		comp, bounded := m.flood(seeds & -seeds)
		seeds &^= comp
		if !bounded {
			continue
		}
		if minority, ok := capturing(comp, white, black); ok && n < maxPolys {
			out[n] = poly{comp, minority}
			n++
		}
	}
	return n
}

// examine is examine on a board given by its segments alone.
func examine(white, black uint64, seeds uint64, out *[maxPolys]poly) int {
	m := masksFor(white | black)
	return m.examine(white, black, seeds, out)
}

// trianglesOf is the mask of the triangles having an edge of mask.
func trianglesOf(mask uint64) uint64 {
	var t uint64
	for b := mask; b != 0; b &= b - 1 {
		t |= edgeTris[bits.TrailingZeros64(b)]
	}
	return t
}

// Face is a face of the segment graph, for tests and tools.
type Face struct {
	Triangles uint64 // its unit triangles (bit 16k+x: band k, apex at x)
	Bounded   bool   // not open to the outside of the board
	Polygon   bool   // bounded, and its boundary is one simple cycle
	Boundary  uint64 // the edges holding its boundary segments (bounded faces)
}

// Faces lists every face of the graph of the segments on the board, in the
// order of their lowest triangle.
func (s *State) Faces() []Face {
	occ := s.seg[White] | s.seg[Black]
	m := masksFor(occ)
	var out []Face
	for left := triangles; left != 0; {
		comp, bounded := m.flood(left & -left)
		if !bounded {
			comp = m.floodAll(comp)
			out = append(out, Face{Triangles: comp})
		} else {
			boundary, polygon := boundaryOf(comp, occ)
			out = append(out, Face{Triangles: comp, Bounded: true, Polygon: polygon, Boundary: boundary})
		}
		left &^= comp
	}
	return out
}
