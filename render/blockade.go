package render

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/blockade/alignement"
	"github.com/plateau-games/plateau/games/blockade/board"
	"github.com/plateau-games/plateau/games/blockade/empire"
	"github.com/plateau-games/plateau/games/blockade/porte"
	"github.com/plateau-games/plateau/games/blockade/saute"
	"github.com/plateau-games/plateau/games/blockade/solitaire"
)

// The six Blockade games share one drawing of the 12x12 board: sections of
// 3x3 cells in alternate shades with heavy borders, and the circle of each
// section as a ring. Each game only adds its piece painter (who owns what
// on a cell) and its own marks (thrones, closed sections, reserves).

func init() {
	places := func(s game.State, n string) []string { return blockadePlaces(s, n) }
	register(renderer{draw: blockadeDrawer(blocusPainter), places: places}, "blocus")
	register(renderer{draw: blockadeDrawer(empirePainter), places: places}, "empire")
	register(renderer{draw: blockadeDrawer(sautePainter), places: places}, "saute")
	register(renderer{draw: blockadeDrawer(alignementPainter), places: places}, "alignement")
	register(renderer{draw: blockadeDrawer(solitairePainter), places: places}, "solitaire")
	register(renderer{draw: blockadeDrawer(portePainter), places: places}, "porte")
}

// bpiece is a piece as drawn: its shape, colours, the letter that tells
// its owner without colour, and its accessible title.
type bpiece struct {
	shape            board.Shape
	fill, ink, label string
	title            string
}

// painter reads a position: the piece on each cell (ok false when empty),
// marks to draw on the board under the pieces, and caption lines.
type painter func(c *canvas, g grid, s game.State) (piece func(board.Cell) (bpiece, bool), caption []string, err error)

func blockadeDrawer(paint painter) func(c *canvas, s game.State) ([]string, error) {
	return func(c *canvas, s game.State) ([]string, error) {
		g := newGrid(board.Size, board.Size, 40, c.opt)
		c.w, c.h, c.cell = g.width(), g.height(), g.unit
		g.squares(c, func(f, r int) string {
			if (f/3+r/3)%2 == 0 {
				return boardAlt
			}
			return boardFill
		})
		g.lines(c, 3)
		g.coordinates(c)
		for sec := 0; sec < 16; sec++ {
			x, y := g.centre(board.Circle(sec).File(), board.Circle(sec).Rank())
			c.f(`<circle class="circle" cx="%s" cy="%s" r="%s" fill="none" stroke="%s" stroke-width="1.5"/>`+"\n", num(x), num(y), num(g.unit*0.42), lineColour)
		}
		piece, caption, err := paint(c, g, s)
		if err != nil {
			return nil, err
		}
		for cell := board.Cell(0); cell < board.Cells; cell++ {
			p, ok := piece(cell)
			if !ok {
				continue
			}
			x, y := g.centre(cell.File(), cell.Rank())
			r := g.unit * 0.36
			switch p.shape {
			case board.Cylinder:
				c.disc(x, y, r, p.fill, p.ink, p.label, p.title)
			case board.Triangle:
				c.triangle(x, y, r, p.fill, p.ink, p.label, p.title)
			default:
				c.square(x, y, r, p.fill, p.ink, p.label, p.title)
			}
		}
		return caption, nil
	}
}

// blockadePlaces reads the cells of a Blockade move: "d4-d8", "c3xc6",
// "S@e5", "f9-f5+T" all name their cells; Le Blocus's "exit" is a click on
// the king that leaves.
func blockadePlaces(s game.State, notation string) []string {
	if notation == "exit" {
		king := byte('K')
		if s.ToMove() == 1 {
			king = 'k'
		}
		if cells, err := blocusCells(s); err == nil {
			for c, ch := range cells {
				if ch == king {
					return []string{board.Cell(c).String()}
				}
			}
		}
		return nil
	}
	return cellsIn(notation, 'l', board.Size)
}

// shapeName names a shape for titles.
func shapeName(c *canvas, sh board.Shape) string {
	switch sh {
	case board.Cylinder:
		return c.tr("cylinder", "cylindre")
	case board.Triangle:
		return c.tr("triangle", "triangle")
	}
	return c.tr("square", "carré")
}

// seatPiece is the usual piece of a seat: the seat's colour and initial.
func seatPiece(c *canvas, v *game.Variant, seat int, sh board.Shape, cell board.Cell, what string) bpiece {
	fill, ink := colourNamed(v.Seats[seat].EN, seat)
	name := v.SeatName(seat, c.opt.Lang)
	if what == "" {
		what = shapeName(c, sh)
	}
	return bpiece{
		shape: sh, fill: fill, ink: ink,
		label: strings.ToUpper(name[:1]),
		title: fmt.Sprintf(c.tr("%s %s on %s", "%s %s en %s"), name, what, cell),
	}
}

// blocusCells reads Le Blocus's board from its position text: ranks 12 to
// 1, twelve letters each (. K k G g), as cells indexed from a1.
func blocusCells(s game.State) ([board.Cells]byte, error) {
	var cells [board.Cells]byte
	field, _, _ := strings.Cut(s.Encode(), " ")
	ranks := strings.Split(field, "/")
	if len(ranks) != board.Size {
		return cells, fmt.Errorf("position %q: want %d ranks", s.Encode(), board.Size)
	}
	for i, rank := range ranks {
		if len(rank) != board.Size {
			return cells, fmt.Errorf("position %q: want %d cells a rank", s.Encode(), board.Size)
		}
		for f := 0; f < board.Size; f++ {
			cells[board.At(f, board.Size-1-i)] = rank[f]
		}
	}
	return cells, nil
}

// blocusPainter: kings are cylinders, guards squares; the kings' sections,
// closed to guards, are tinted in their owner's colour.
func blocusPainter(c *canvas, g grid, s game.State) (func(board.Cell) (bpiece, bool), []string, error) {
	cells, err := blocusCells(s)
	if err != nil {
		return nil, nil, err
	}
	v := s.Variant()
	for seat, corner := range []string{"d1", "g10"} {
		fill, _ := colourNamed(v.Seats[seat].EN, seat)
		c0, _ := board.ParseCell(corner)
		x0, y0 := g.corner(c0.File(), c0.Rank())
		x1, y1 := g.corner(c0.File()+2, c0.Rank()+2)
		c.f(`<rect class="king-section" x="%s" y="%s" width="%s" height="%s" fill="%s" fill-opacity="0.15"/>`+"\n",
			num(min(x0, x1)), num(min(y0, y1)), num(3*g.unit), num(3*g.unit), fill)
	}
	return func(cell board.Cell) (bpiece, bool) {
		switch cells[cell] {
		case 'K':
			return seatPiece(c, v, 0, board.Cylinder, cell, c.tr("king", "roi")), true
		case 'k':
			return seatPiece(c, v, 1, board.Cylinder, cell, c.tr("king", "roi")), true
		case 'G':
			return seatPiece(c, v, 0, board.Square, cell, c.tr("guard", "garde")), true
		case 'g':
			return seatPiece(c, v, 1, board.Square, cell, c.tr("guard", "garde")), true
		}
		return bpiece{}, false
	}, nil, nil
}

// empirePainter: pieces carry their seat number (as in the position text,
// since the seats are named by corners); the four thrones are gold, each
// player's trône du roi ringed in his colour.
func empirePainter(c *canvas, g grid, s game.State) (func(board.Cell) (bpiece, bool), []string, error) {
	st, ok := s.(*empire.State)
	if !ok {
		return nil, nil, fmt.Errorf("not an empire position")
	}
	v := s.Variant()
	for _, name := range []string{"e5", "h5", "e8", "h8"} {
		cell, _ := board.ParseCell(name)
		x, y := g.centre(cell.File(), cell.Rank())
		c.f(`<g class="throne"><title>%s</title><circle cx="%s" cy="%s" r="%s" fill="#f1d27a" stroke="#b58a1b" stroke-width="2"/></g>`+"\n",
			esc(c.tr("throne ", "trône ")+name), num(x), num(y), num(g.unit*0.42))
	}
	for seat := 0; seat < v.Players; seat++ {
		cell := empire.KingThrone(v, seat)
		fill, _ := colourNamed(v.Seats[seat].EN, seat)
		x, y := g.centre(cell.File(), cell.Rank())
		c.f(`<circle class="king-throne" cx="%s" cy="%s" r="%s" fill="none" stroke="%s" stroke-width="4" stroke-dasharray="6 3"/>`+"\n",
			num(x), num(y), num(g.unit*0.47), fill)
	}
	names := map[board.Shape]string{
		board.Cylinder: c.tr("commandant", "commandant"),
		board.Triangle: c.tr("cavalier", "cavalier"),
		board.Square:   c.tr("archer", "archer"),
	}
	return func(cell board.Cell) (bpiece, bool) {
		seat, sh := st.Piece(cell)
		if sh == board.NoShape {
			return bpiece{}, false
		}
		p := seatPiece(c, v, seat, sh, cell, names[sh])
		p.label = strconv.Itoa(seat + 1)
		return p, true
	}, nil, nil
}

// sautePainter: squares and triangles of the band's owner.
func sautePainter(c *canvas, g grid, s game.State) (func(board.Cell) (bpiece, bool), []string, error) {
	st, ok := s.(*saute.State)
	if !ok {
		return nil, nil, fmt.Errorf("not a saute position")
	}
	v := s.Variant()
	return func(cell board.Cell) (bpiece, bool) {
		seat := st.Owner(cell)
		if seat < 0 {
			return bpiece{}, false
		}
		sh := board.Square
		if st.Shape(cell) == saute.Triangle {
			sh = board.Triangle
		}
		return seatPiece(c, v, seat, sh, cell, ""), true
	}, nil, nil
}

// alignementPainter: pieces stand on circles only; the caption says what
// the schedule asks next.
func alignementPainter(c *canvas, g grid, s game.State) (func(board.Cell) (bpiece, bool), []string, error) {
	st, ok := s.(*alignement.State)
	if !ok {
		return nil, nil, fmt.Errorf("not an alignement position")
	}
	v := s.Variant()
	var caption []string
	if !s.Outcome().Ended() {
		player, sh, place := st.Required()
		verb := c.tr("moves", "déplace")
		if place {
			verb = c.tr("places", "pose")
		}
		caption = append(caption, fmt.Sprintf(c.tr("%s %s a %s", "%s %s un %s"), v.SeatName(player, c.opt.Lang), verb, shapeName(c, sh)))
	}
	return func(cell board.Cell) (bpiece, bool) {
		seat, sh := st.Piece(cell)
		if sh == board.NoShape {
			return bpiece{}, false
		}
		return seatPiece(c, v, seat, sh, cell, ""), true
	}, caption, nil
}

// solitaireColours are the four colours of Solitaire, by the package's
// colour numbers (1 yellow, 2 red, 3 blue, 4 green).
var solitaireColours = [5]game.Text{{}, {EN: "Yellow", FR: "Jaune"}, {EN: "Red", FR: "Rouge"}, {EN: "Blue", FR: "Bleu"}, {EN: "Green", FR: "Vert"}}

// solitairePainter: round pieces in four colours, each with its colour's
// initial.
func solitairePainter(c *canvas, g grid, s game.State) (func(board.Cell) (bpiece, bool), []string, error) {
	st, ok := s.(*solitaire.State)
	if !ok {
		return nil, nil, fmt.Errorf("not a solitaire position")
	}
	caption := []string{fmt.Sprintf(c.tr("%d pieces left", "%d pièces restantes"), st.Pieces())}
	return func(cell board.Cell) (bpiece, bool) {
		k := st.Colour(cell)
		if k <= 0 || k >= len(solitaireColours) {
			return bpiece{}, false
		}
		fill, ink := colourNamed(solitaireColours[k].EN, k)
		name := solitaireColours[k].In(c.opt.Lang)
		return bpiece{shape: board.Cylinder, fill: fill, ink: ink, label: name[:1],
			title: fmt.Sprintf(c.tr("%s piece on %s", "pièce %s en %s"), name, cell)}, true
	}, caption, nil
}

// portePainter: every colour's pieces, and the reserves in the caption.
func portePainter(c *canvas, g grid, s game.State) (func(board.Cell) (bpiece, bool), []string, error) {
	st, ok := s.(*porte.State)
	if !ok {
		return nil, nil, fmt.Errorf("not a porte position")
	}
	v := s.Variant()
	var caption []string
	for seat := 0; seat < v.Players; seat++ {
		t, sq := st.Reserve(seat)
		caption = append(caption, fmt.Sprintf(c.tr("%s's reserve: %d triangles, %d squares", "Réserve de %s : %d triangles, %d carrés"), v.SeatName(seat, c.opt.Lang), t, sq))
	}
	return func(cell board.Cell) (bpiece, bool) {
		seat, sh := st.Piece(cell)
		if seat < 0 {
			return bpiece{}, false
		}
		return seatPiece(c, v, seat, sh, cell, ""), true
	}, caption, nil
}
