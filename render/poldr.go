package render

import (
	"fmt"
	"strings"

	"github.com/plateau-games/plateau/game"
)

// POLD.R: a square board of cells holding bricks (small blocks in their
// owner's colour with his initial), markers (large discs with the initial)
// and the black pawn. A dashed line joins each marker to the pawn when they
// share a line, since that interval is what the next move fills or empties.

func init() {
	register(renderer{draw: drawPoldr, places: poldrPlaces}, "poldr")
}

func poldrPlaces(s game.State, notation string) []string {
	n := poldrSize(s.Encode())
	return cellsIn(notation, byte('a'+n-1), n)
}

// poldrSize is the side of the board: the number of ranks of the position
// text's board field.
func poldrSize(position string) int {
	field, _, _ := strings.Cut(position, " ")
	return strings.Count(field, "/") + 1
}

// poldrBoard reads the board field: ranks from the top separated by "/",
// a letter a cell (b y r bricks, B Y R markers, P the pawn) or a number for
// a run of empty cells. It returns the cells by rank from the bottom.
func poldrBoard(position string) ([][]byte, error) {
	field, _, _ := strings.Cut(position, " ")
	ranks := strings.Split(field, "/")
	n := len(ranks)
	out := make([][]byte, n)
	for i, rank := range ranks {
		row := make([]byte, 0, n)
		run := 0
		for j := 0; j < len(rank); j++ {
			ch := rank[j]
			if ch >= '0' && ch <= '9' {
				run = run*10 + int(ch-'0')
				if j+1 < len(rank) && rank[j+1] >= '0' && rank[j+1] <= '9' {
					continue
				}
				for ; run > 0; run-- {
					row = append(row, '.')
				}
				continue
			}
			row = append(row, ch)
		}
		if len(row) != n {
			return nil, fmt.Errorf("position %q: rank %d has %d cells, want %d", position, n-i, len(row), n)
		}
		out[n-1-i] = row
	}
	return out, nil
}

func drawPoldr(c *canvas, s game.State) ([]string, error) {
	pos := s.Encode()
	cells, err := poldrBoard(pos)
	if err != nil {
		return nil, err
	}
	fields := strings.Fields(pos)
	if len(fields) < 6 {
		return nil, fmt.Errorf("position %q: want at least 6 fields", pos)
	}
	v := s.Variant()
	n := len(cells)
	g := newGrid(n, n, 480/float64(n), c.opt)
	c.w, c.h, c.cell = g.width(), g.height(), g.unit
	g.squares(c, checkered)
	g.lines(c, 0)
	g.coordinates(c)

	// seatOf maps a colour letter (either case) to its seat, by the seat
	// names' initials (Blue, Yellow, Red).
	seatOf := func(ch byte) int {
		for i, t := range v.Seats {
			if t.EN[0] == ch&^0x20 {
				return i
			}
		}
		return -1
	}
	// Intervals first, under the pieces.
	pf, pr := -1, -1
	for r := range cells {
		for f, ch := range cells[r] {
			if ch == 'P' {
				pf, pr = f, r
			}
		}
	}
	for r := range cells {
		for f, ch := range cells[r] {
			seat := seatOf(ch)
			if ch < 'A' || ch > 'Z' || ch == 'P' || seat < 0 || pf < 0 {
				continue
			}
			df, dr := pf-f, pr-r
			if df == 0 || dr == 0 || df == dr || df == -dr {
				fill, _ := colourNamed(v.Seats[seat].EN, seat)
				x0, y0 := g.centre(f, r)
				x1, y1 := g.centre(pf, pr)
				c.f(`<line class="interval" x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="%s" stroke-dasharray="%s" stroke-opacity="0.8"/>`+"\n",
					num(x0), num(y0), num(x1), num(y1), fill, num(g.unit*0.06), num(g.unit*0.12))
			}
		}
	}
	for r := range cells {
		for f, ch := range cells[r] {
			x, y := g.centre(f, r)
			name := cellName(f, r)
			switch {
			case ch == 'P':
				title := fmt.Sprintf(c.tr("black pawn on %s", "pion noir en %s"), name)
				u := g.unit
				c.f(`<g class="piece pawn"><title>%s</title><path d="M%s %s L%s %s L%s %s Z" fill="%s" stroke="%s" stroke-width="%s"/><circle cx="%s" cy="%s" r="%s" fill="%s" stroke="%s" stroke-width="%s"/></g>`+"\n",
					esc(title), num(x-u*0.28), num(y+u*0.34), num(x), num(y-u*0.12), num(x+u*0.28), num(y+u*0.34), blackFill, "#ffffff", num(u*0.03),
					num(x), num(y-u*0.14), num(u*0.17), blackFill, "#ffffff", num(u*0.03))
			case ch >= 'A' && ch <= 'Z' && seatOf(ch) >= 0:
				seat := seatOf(ch)
				fill, ink := colourNamed(v.Seats[seat].EN, seat)
				label := strings.ToUpper(v.SeatName(seat, c.opt.Lang)[:1])
				c.disc(x, y, g.unit*0.38, fill, ink, label, fmt.Sprintf(c.tr("%s marker on %s", "marqueur %s en %s"), v.SeatName(seat, c.opt.Lang), name))
			case ch >= 'a' && ch <= 'z' && seatOf(ch) >= 0:
				seat := seatOf(ch)
				fill, ink := colourNamed(v.Seats[seat].EN, seat)
				label := strings.ToLower(v.SeatName(seat, c.opt.Lang)[:1])
				title := fmt.Sprintf(c.tr("%s brick on %s", "brique %s en %s"), v.SeatName(seat, c.opt.Lang), name)
				w, h := g.unit*0.7, g.unit*0.42
				c.f(`<g class="piece brick"><title>%s</title><rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="%s" stroke="%s" stroke-width="%s"/>`,
					esc(title), num(x-w/2), num(y-h/2), num(w), num(h), num(h*0.12), fill, inkColour, num(g.unit*0.03))
				c.label(x, y, h*0.8, ink, label)
				c.f("</g>\n")
			}
		}
	}
	return poldrCaption(c, v, fields), nil
}

// poldrCaption gives the phase and the reserves (and the match's totals).
func poldrCaption(c *canvas, v *game.Variant, fields []string) []string {
	phase := c.tr("Phase 1: placing bricks", "Phase 1 : pose des briques")
	if fields[3] == "2" {
		phase = c.tr("Phase 2: taking bricks back", "Phase 2 : reprise des briques")
	}
	out := []string{phase, c.tr("Bricks in reserve: ", "Briques en réserve : ") + seatList(c, v, fields[2])}
	if len(fields) >= 9 {
		out = append(out, fmt.Sprintf(c.tr("Round %s; wins: %s; bricks: %s", "Manche %s ; victoires : %s ; briques : %s"),
			fields[6], seatList(c, v, fields[7]), seatList(c, v, fields[8])))
	}
	return out
}

// seatList pairs a comma-separated list of numbers with the seat names.
func seatList(c *canvas, v *game.Variant, list string) string {
	var parts []string
	for i, x := range strings.Split(list, ",") {
		parts = append(parts, v.SeatName(i, c.opt.Lang)+" "+x)
	}
	return strings.Join(parts, ", ")
}
