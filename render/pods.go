package render

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/pods"
)

// PODS: the 6x6 points of the cave with the links of the variant's
// orientation (the orthogonal ones and one diagonal a square), and each pod
// as a disc with its code, its feet drawn in the directions they point for
// its owner: a walking foot as a short leg ending in a dot, a running foot
// as a long arrow.

const podsSize = 6

func init() {
	register(renderer{draw: drawPods, places: podsPlaces}, "pods")
}

// podsPlaces: a placement "B1@c3" is a click on its point (the pod is then
// chosen); a move "c1-c4", a shove or kick "c1-c2>c5", are clicks on the
// start and end points (shoves and kicks of one start and end are chosen).
func podsPlaces(s game.State, notation string) []string {
	if _, at, ok := strings.Cut(notation, "@"); ok {
		return cellsIn(at, 'f', podsSize)
	}
	move, _, _ := strings.Cut(notation, ">")
	return cellsIn(move, 'f', podsSize)
}

// podsBoard reads the board field of the position text: ranks 6 to 1
// split by "/", six entries each, "." or a pod code (upper case White,
// lower case Black). It returns the codes by point, rank 1 first.
func podsBoard(position string) ([podsSize][podsSize]string, error) {
	var out [podsSize][podsSize]string
	field, _, _ := strings.Cut(position, " ")
	ranks := strings.Split(field, "/")
	if len(ranks) != podsSize {
		return out, fmt.Errorf("position %q: want %d ranks", position, podsSize)
	}
	for i, rank := range ranks {
		f := 0
		for j := 0; j < len(rank); j++ {
			if f >= podsSize {
				return out, fmt.Errorf("position %q: rank %d too long", position, podsSize-i)
			}
			if rank[j] != '.' {
				code := rank[j : j+1]
				if j+1 < len(rank) && rank[j+1] >= '0' && rank[j+1] <= '9' {
					code = rank[j : j+2]
					j++
				}
				out[podsSize-1-i][f] = code
			}
			f++
		}
	}
	return out, nil
}

// podDirections are the absolute directions clockwise from north (towards
// rank 6) as (file, rank) steps, and the owner-relative names in the same
// order for White; Black's are turned a half turn.
var (
	podDX       = [8]int{0, 1, 1, 1, 0, -1, -1, -1}
	podDY       = [8]int{1, 1, 0, -1, -1, -1, 0, 1}
	podRelative = []string{"F", "FR", "R", "BR", "B", "BL", "L", "FL"}
)

// podFeet parses a design's feet ("F r, B w") into absolute directions for
// seat and whether each runs.
func podFeet(design pods.Design, seat int) (dirs []int, running []bool) {
	for _, foot := range strings.Split(design.Feet, ",") {
		parts := strings.Fields(foot)
		if len(parts) != 2 {
			continue
		}
		for rel, name := range podRelative {
			if name == parts[0] {
				dirs = append(dirs, (rel+4*seat)%8)
				running = append(running, parts[1] == "r")
			}
		}
	}
	return dirs, running
}

func podDesign(code string) (pods.Design, bool) {
	for _, d := range pods.DesignTable {
		if strings.EqualFold(d.Code, code) {
			return d, true
		}
	}
	return pods.Design{}, false
}

func drawPods(c *canvas, s game.State) ([]string, error) {
	pos := s.Encode()
	grid, err := podsBoard(pos)
	if err != nil {
		return nil, err
	}
	fields := strings.Fields(pos)
	if len(fields) != 6 {
		return nil, fmt.Errorf("position %q: want 6 fields", pos)
	}
	v := s.Variant()
	orientation, _ := strconv.Atoi(v.Options["orientation"])
	g := newGrid(podsSize, podsSize, 80, c.opt)
	c.w, c.h, c.cell = g.width(), g.height(), g.unit
	x0, y0 := g.centre(0, 0)
	x1, y1 := g.centre(podsSize-1, podsSize-1)
	printf(&c.bg, `<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="%s"/>`+"\n",
		num(min(x0, x1)-g.unit/2), num(min(y0, y1)-g.unit/2), num(math.Abs(x1-x0)+g.unit), num(math.Abs(y1-y0)+g.unit), num(g.unit*0.2), boardFill)
	for r := 0; r < podsSize; r++ {
		for f := 0; f < podsSize; f++ {
			x, y := g.centre(f, r)
			shape := fmt.Sprintf(`circle cx="%s" cy="%s" r="%s"`, num(x), num(y), num(g.unit*0.45))
			c.place("point", cellName(f, r), shape, boardFill, cellName(f, r), x, y, false)
		}
	}
	g.coordinates(c)
	// Links: every point to its east and north neighbours, and the
	// diagonals the orientation links.
	for r := 0; r < podsSize; r++ {
		for f := 0; f < podsSize; f++ {
			for _, d := range [][2]int{{1, 0}, {0, 1}, {1, 1}, {-1, 1}} {
				nf, nr := f+d[0], r+d[1]
				if nf < 0 || nf >= podsSize || nr >= podsSize {
					continue
				}
				if d[0] != 0 && d[1] != 0 && !pods.Linked(orientation, cellName(f, r), cellName(nf, nr)) {
					continue
				}
				xa, ya := g.centre(f, r)
				xb, yb := g.centre(nf, nr)
				c.f(`<line class="link" x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="2"/>`+"\n", num(xa), num(ya), num(xb), num(yb), lineColour)
			}
			x, y := g.centre(f, r)
			c.f(`<circle cx="%s" cy="%s" r="4" fill="%s"/>`+"\n", num(x), num(y), lineColour)
		}
	}
	for r := 0; r < podsSize; r++ {
		for f := 0; f < podsSize; f++ {
			if code := grid[r][f]; code != "" {
				drawPod(c, g, f, r, code, v)
			}
		}
	}
	// The reserves, drawn as the pods they hold, under the board.
	for seat := 0; seat < 2; seat++ {
		name := v.SeatName(seat, c.opt.Lang)
		var codes []string
		if fields[1+seat] != "-" {
			codes = strings.Split(fields[1+seat], ",")
		}
		size := c.w * 0.03
		c.h += size * 1.6
		label := fmt.Sprintf(c.tr("%s's reserve", "Réserve de %s"), name)
		if len(codes) == 0 {
			label += c.tr(": empty", " : vide")
		}
		printf(&c.fg, `<text class="reserve" x="%s" y="%s" font-size="%s" fill="%s">%s</text>`+"\n",
			num(g.margin), num(c.h-size*0.3), num(size), inkColour, esc(label))
		if len(codes) == 0 {
			continue
		}
		unit := min(g.unit*0.7, (c.w-2*g.margin)/float64(len(codes)))
		c.h += unit * 0.1
		for i, code := range codes {
			x := g.margin + unit*(float64(i)+0.5)
			drawPodAt(c, x, c.h+unit/2, unit, g.flip, code, v, fmt.Sprintf(c.tr("%s in %s's reserve", "%s dans la réserve de %s"), strings.ToUpper(code), name))
		}
		c.h += unit
	}
	return []string{c.tr(podsBoardWords(v, "en"), podsBoardWords(v, "fr"))}, nil
}

// podOf reads a pod's code: its owner (lower case: Black) and design.
func podOf(code string) (seat int, design pods.Design, ok bool) {
	seat = pods.White
	if code != strings.ToUpper(code) {
		seat = pods.Black
	}
	design, ok = podDesign(code)
	return seat, design, ok
}

// drawPod draws the pod with the given code (lower case: Black's) on (f, r).
func drawPod(c *canvas, g grid, f, r int, code string, v *game.Variant) {
	seat, design, ok := podOf(code)
	if !ok {
		return
	}
	x, y := g.centre(f, r)
	title := fmt.Sprintf(c.tr("%s %s (%s) on %s", "%s de %s (%s) en %s"), c.tr(design.EN, design.FR), v.SeatName(seat, c.opt.Lang), design.Code, cellName(f, r))
	drawPodAt(c, x, y, g.unit, g.flip, code, v, title)
}

// drawPodAt draws the pod with the given code centred on (x, y), at the
// scale of a board square of side unit.
func drawPodAt(c *canvas, x, y, unit float64, flip bool, code string, v *game.Variant, title string) {
	seat, design, ok := podOf(code)
	if !ok {
		return
	}
	g := grid{unit: unit, flip: flip}
	fill, ink := colourNamed(v.Seats[seat].EN, seat)
	c.f(`<g class="piece pod"><title>%s</title>`+"\n", esc(title))
	dirs, running := podFeet(design, seat)
	body := g.unit * 0.2
	for i, d := range dirs {
		dx, dy := float64(podDX[d]), -float64(podDY[d])
		if g.flip {
			dx, dy = -dx, -dy
		}
		if d%2 == 1 {
			dx, dy = dx/math.Sqrt2, dy/math.Sqrt2
		}
		length := g.unit * 0.33
		if running[i] {
			length = g.unit * 0.46
		}
		ex, ey := x+dx*length, y+dy*length
		c.f(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="%s" stroke-linecap="round"/>`,
			num(x), num(y), num(ex), num(ey), inkColour, num(g.unit*0.045))
		if running[i] {
			// An arrowhead: the toes of a running foot.
			a := g.unit * 0.1
			px, py := -dy, dx
			c.f(`<polygon points="%s,%s %s,%s %s,%s" fill="%s"/>`,
				num(ex+dx*a*0.6), num(ey+dy*a*0.6), num(ex-dx*a+px*a*0.7), num(ey-dy*a+py*a*0.7), num(ex-dx*a-px*a*0.7), num(ey-dy*a-py*a*0.7), inkColour)
		} else {
			c.f(`<circle cx="%s" cy="%s" r="%s" fill="%s"/>`, num(ex), num(ey), num(g.unit*0.045), inkColour)
		}
		c.f("\n")
	}
	c.f(`<circle cx="%s" cy="%s" r="%s" fill="%s" stroke="%s" stroke-width="%s"/>`, num(x), num(y), num(body), fill, inkColour, num(g.unit*0.035))
	c.label(x, y, body*0.95, ink, design.Code)
	c.f("</g>\n")
}

// podsBoardWords is the level and the board in words, a sentence's start:
// "Basic level, board A", "Niveau de base, plateau A".
func podsBoardWords(v *game.Variant, lang string) string {
	text := OptionsText("level="+v.Options["level"]+" orientation="+v.Options["orientation"], lang)
	if text == "" {
		return ""
	}
	r := []rune(text)
	return strings.ToUpper(string(r[:1])) + string(r[1:])
}
