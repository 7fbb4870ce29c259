package render

import (
	"fmt"
	"math"
	"strings"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/polygone"
)

// Polygone: the hexagon of 24 holes on the triangular lattice with its 55
// edges, the segments on them (White's outlined pale bars, Black's dark
// bars), and the two sommets ringed in their owner's colour. Holes and edges
// are both places; a move is clicked as the segment's edge and then the
// edge it turns to.

func init() {
	register(renderer{draw: drawPolygone, places: polygonePlaces}, "polygone")
}

// polygonePlaces: "C3-C2/C3-D3" (and its capture list "x(...)", which the
// client asks for when several moves share the two edges) is the old edge
// and the new one, written as the drawing names edges (polygone.EdgeName:
// left hole first).
func polygonePlaces(s game.State, notation string) []string {
	move, _, _ := strings.Cut(notation, "x")
	before, after, ok := strings.Cut(move, "/")
	if !ok {
		return nil
	}
	var out []string
	for _, e := range []string{before, after} {
		id, ok := polygone.ParseEdge(e)
		if !ok {
			return nil
		}
		out = append(out, polygone.EdgeName(id))
	}
	return out
}

// polygoneHole gives the row (0 for A) and the doubled x of a hole name:
// rows A to E hold 4, 5, 6, 5, 4 holes, row C starting at x 0.
func polygoneHole(name string) (row, x int, ok bool) {
	if len(name) != 2 || name[0] < 'A' || name[0] > 'E' {
		return 0, 0, false
	}
	row = int(name[0] - 'A')
	first := row - 2
	if first < 0 {
		first = -first
	}
	i := int(name[1] - '1')
	if i < 0 || i >= 6-first {
		return 0, 0, false
	}
	return row, first + 2*i, true
}

func drawPolygone(c *canvas, s game.State) ([]string, error) {
	fields := strings.Fields(s.Encode())
	if len(fields) != 5 {
		return nil, fmt.Errorf("position %q: want 5 fields", s.Encode())
	}
	v := s.Variant()
	u := 80.0 // one edge
	margin := u * 0.6
	c.w, c.h, c.cell = 10*u/2+2*margin, 4*u*math.Sqrt(3)/2+2*margin, u
	at := func(name string) (float64, float64) {
		row, x, _ := polygoneHole(name)
		if c.opt.Flip {
			row, x = 4-row, 10-x
		}
		return margin + float64(x)*u/2, margin + float64(row)*u*math.Sqrt(3)/2
	}
	// The hexagon's outline, under the places.
	var pts []string
	for _, h := range []string{"A1", "A4", "C6", "E4", "E1", "C1"} {
		x, y := at(h)
		pts = append(pts, num(x)+","+num(y))
	}
	printf(&c.bg, `<polygon points="%s" fill="%s" stroke="%s" stroke-width="%s" stroke-linejoin="round"/>`+"\n",
		strings.Join(pts, " "), boardFill, boardAlt, num(u*0.5))

	owner := map[string]int{}
	for colour := 0; colour < 2; colour++ {
		if fields[colour] == "-" {
			continue
		}
		for _, e := range strings.Split(fields[colour], ",") {
			if id, ok := polygone.ParseEdge(e); ok {
				owner[polygone.EdgeName(id)] = colour + 1
			}
		}
	}
	var holes []string
	seen := map[string]bool{}
	for e := 0; e < polygone.Edges; e++ {
		name := polygone.EdgeName(e)
		a, b, _ := strings.Cut(name, "-")
		xa, ya := at(a)
		xb, yb := at(b)
		shape := fmt.Sprintf(`line x1="%s" y1="%s" x2="%s" y2="%s"`, num(xa), num(ya), num(xb), num(yb))
		c.place("edge", name, shape, num(u*0.3), name, (xa+xb)/2, (ya+yb)/2, true)
		c.f(`<line class="lattice" x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="1.5" stroke-dasharray="3 4"/>`+"\n", num(xa), num(ya), num(xb), num(yb), lineColour)
		for _, h := range []string{a, b} {
			if !seen[h] {
				seen[h] = true
				holes = append(holes, h)
			}
		}
	}
	// Holes after edges, so that a click near a hole finds the hole.
	for _, h := range holes {
		x, y := at(h)
		c.place("hole", h, fmt.Sprintf(`circle cx="%s" cy="%s" r="%s"`, num(x), num(y), num(u*0.14)), "transparent", h, x, y, false)
	}
	// The sommets: C1 White's home, C6 Black's.
	for colour, h := range []string{"C1", "C6"} {
		x, y := at(h)
		fill, _ := colourNamed(v.Seats[colour].EN, colour)
		title := fmt.Sprintf(c.tr("sommet %s: %s's home", "sommet %s : départ de %s"), h, v.SeatName(colour, c.opt.Lang))
		c.f(`<g class="sommet"><title>%s</title><circle cx="%s" cy="%s" r="%s" fill="%s" stroke="%s" stroke-width="3"/></g>`+"\n",
			esc(title), num(x), num(y), num(u*0.3), fill, inkColour)
	}
	for e := 0; e < polygone.Edges; e++ {
		name := polygone.EdgeName(e)
		colour := owner[name] - 1
		if colour < 0 {
			continue
		}
		a, b, _ := strings.Cut(name, "-")
		xa, ya := at(a)
		xb, yb := at(b)
		fill, _ := colourNamed(v.Seats[colour].EN, colour)
		title := fmt.Sprintf(c.tr("%s segment %s", "segment %s %s"), v.SeatName(colour, c.opt.Lang), name)
		// Shortened at both ends so that the holes stay visible, outlined
		// so that the pale segments show on the pale board.
		dx, dy := (xb-xa)*0.12, (yb-ya)*0.12
		line := fmt.Sprintf(`x1="%s" y1="%s" x2="%s" y2="%s"`, num(xa+dx), num(ya+dy), num(xb-dx), num(yb-dy))
		c.f(`<g class="piece segment"><title>%s</title><line %s stroke="%s" stroke-width="%s" stroke-linecap="round"/><line %s stroke="%s" stroke-width="%s" stroke-linecap="round"/></g>`+"\n",
			esc(title), line, inkColour, num(u*0.17), line, fill, num(u*0.11))
	}
	for _, h := range holes {
		x, y := at(h)
		c.f(`<circle class="hole" cx="%s" cy="%s" r="%s" fill="%s" stroke="%s" stroke-width="1.5"/>`+"\n", num(x), num(y), num(u*0.07), "#ffffff", inkColour)
		if !c.opt.NoCoordinates {
			c.text(&c.fg, x, y+u*0.24, u*0.16, lineColour, "normal", h)
		}
	}
	if st, ok := s.(*polygone.State); ok {
		return []string{fmt.Sprintf(c.tr("Captured: %s %d, %s %d", "Prises : %s %d, %s %d"),
			v.SeatName(0, c.opt.Lang), st.Captured(0), v.SeatName(1, c.opt.Lang), st.Captured(1))}, nil
	}
	return nil, nil
}
