package polygone

import "strings"

// RawBoard builds a state from the two segment lists of a position text
// without any of Decode's checks, for tests of the face finder.
func RawBoard(text string) *State {
	s := &State{}
	fields := strings.Fields(text)
	for c := 0; c < 2 && c < len(fields); c++ {
		if fields[c] == "-" {
			continue
		}
		for _, item := range strings.Split(strings.ToUpper(fields[c]), ",") {
			if e, ok := parseEdge(item); ok {
				s.seg[c] |= 1 << e
			}
		}
	}
	return s
}

// CapturingPolygons counts the capturing polygons on s's board, every face
// examined.
func CapturingPolygons(s *State) int {
	var polys [maxPolys]poly
	return examine(s.seg[White], s.seg[Black], triangles, &polys)
}
