package render

import (
	"fmt"
	"strings"

	"github.com/plateau-games/plateau/game"
)

// POGO: a 3x3 board of stacks, each drawn from the side as a pile of discs
// (cream for Light, brown for Dark) with its height in a badge, so that
// both the order and the count read at a glance.

func init() {
	register(renderer{draw: drawPogo, places: func(s game.State, n string) []string { return cellsIn(n, 'c', 3) }}, "pogo")
}

// pogoStacks reads the stacks from the position text: ranks 3 to 1 split by
// "/", cells a to c by ",", each stack bottom-up in L and D, "-" if empty.
func pogoStacks(s game.State) (stacks [3][3]string, err error) {
	board, _, _ := strings.Cut(s.Encode(), " ")
	ranks := strings.Split(board, "/")
	if len(ranks) != 3 {
		return stacks, fmt.Errorf("position %q: want 3 ranks", s.Encode())
	}
	for i, rank := range ranks {
		cells := strings.Split(rank, ",")
		if len(cells) != 3 {
			return stacks, fmt.Errorf("position %q: want 3 cells a rank", s.Encode())
		}
		for f, cell := range cells {
			if cell != "-" {
				stacks[2-i][f] = cell
			}
		}
	}
	return stacks, nil
}

func drawPogo(c *canvas, s game.State) ([]string, error) {
	stacks, err := pogoStacks(s)
	if err != nil {
		return nil, err
	}
	v := s.Variant()
	g := newGrid(3, 3, 100, c.opt)
	c.w, c.h, c.cell = g.width(), g.height(), g.unit
	g.squares(c, checkered)
	g.lines(c, 0)
	g.coordinates(c)
	for r := 0; r < 3; r++ {
		for f := 0; f < 3; f++ {
			if stacks[r][f] != "" {
				drawStack(c, g, f, r, stacks[r][f], v)
			}
		}
	}
	return nil, nil
}

// drawStack draws the stack on (f, r), bottom-up pieces given as L and D.
func drawStack(c *canvas, g grid, f, r int, pieces string, v *game.Variant) {
	cx, cy := g.centre(f, r)
	h := len(pieces)
	step := min(14, 62/float64(h))
	rx, ry, thick := g.unit*0.3, g.unit*0.1, step*0.8
	name := cellName(f, r)
	c.f(`<g class="stack" data-height="%d">`+"\n", h)
	for i := 0; i < h; i++ {
		seat := 0
		if pieces[i] == 'D' {
			seat = 1
		}
		fill, ink := colourNamed(v.Seats[seat].EN, seat)
		y := cy + float64(h-1)*step/2 - float64(i)*step + step*0.1
		title := fmt.Sprintf(c.tr("%s piece, level %d of %d on %s", "pièce %s, niveau %d sur %d en %s"), v.SeatName(seat, c.opt.Lang), i+1, h, name)
		c.f(`<g class="piece"><title>%s</title>`, esc(title))
		c.f(`<ellipse cx="%s" cy="%s" rx="%s" ry="%s" fill="%s" stroke="%s" stroke-width="1.5"/>`, num(cx), num(y+thick/2), num(rx), num(ry), fill, inkColour)
		c.f(`<rect x="%s" y="%s" width="%s" height="%s" fill="%s"/>`, num(cx-rx+0.75), num(y), num(2*rx-1.5), num(thick/2), fill)
		c.f(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="1.5"/><line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="1.5"/>`,
			num(cx-rx), num(y), num(cx-rx), num(y+thick/2), inkColour, num(cx+rx), num(y), num(cx+rx), num(y+thick/2), inkColour)
		c.f(`<ellipse cx="%s" cy="%s" rx="%s" ry="%s" fill="%s" stroke="%s" stroke-width="1.5"/>`, num(cx), num(y), num(rx), num(ry), fill, inkColour)
		// The seat's initial on the top disc (the others are hidden), so
		// that who owns the stack reads without colour.
		if i == h-1 {
			letter := strings.ToUpper(v.SeatName(seat, c.opt.Lang)[:1])
			c.f(`<text x="%s" y="%s" font-size="%s" fill="%s" font-weight="bold" text-anchor="middle" dominant-baseline="central">%s</text>`,
				num(cx), num(y), num(ry*1.5), ink, esc(letter))
		}
		c.f("</g>\n")
	}
	// The height badge in the square's corner.
	x, y := g.corner(f, r)
	bx, by := x+g.unit*0.84, y+g.unit*0.16
	c.f(`<circle cx="%s" cy="%s" r="%s" fill="#ffffff" stroke="%s" stroke-width="1.5"/>`, num(bx), num(by), num(g.unit*0.12), inkColour)
	c.text(&c.fg, bx, by, g.unit*0.15, inkColour, "bold", fmt.Sprint(h))
	c.f("</g>\n")
}
