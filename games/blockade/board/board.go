// Package board is the board shared by the six Blockade games (Sid Sackson,
// 1979): 12x12 cells, files a–l from the left, ranks 1–12 from South's side,
// divided into 16 sections of 3x3 cells whose centre cell is a circle.
//
// The French rule text often says "case" for a section; this package says
// cell for one square and section for a 3x3 block.
package board

import (
	"fmt"
	"strings"

	"github.com/plateau-games/plateau/game"
)

// Size is the number of files and of ranks.
const Size = 12

// Cells is the number of cells.
const Cells = Size * Size

// Cell is a cell index: rank*12 + file, both from 0 (a1 is 0, l12 is 143).
type Cell int16

// NoCell marks the absence of a cell (off the board).
const NoCell Cell = -1

// At returns the cell on file f and rank r (both from 0).
func At(f, r int) Cell { return Cell(r*Size + f) }

// OnBoard says whether file f and rank r (from 0) are on the board.
func OnBoard(f, r int) bool { return f >= 0 && f < Size && r >= 0 && r < Size }

// File is the cell's file, 0 for a.
func (c Cell) File() int { return int(c) % Size }

// Rank is the cell's rank, 0 for rank 1.
func (c Cell) Rank() int { return int(c) / Size }

// String gives the cell's name, a1 to l12.
func (c Cell) String() string {
	if c < 0 || int(c) >= Cells {
		return "??"
	}
	return fmt.Sprintf("%c%d", 'a'+c.File(), c.Rank()+1)
}

// ParseCell reads a cell name, a1 to l12 (case-insensitive).
func ParseCell(s string) (Cell, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if len(t) >= 2 && len(t) <= 3 && t[0] >= 'a' && t[0] <= 'l' {
		r := 0
		for _, ch := range t[1:] {
			if ch < '0' || ch > '9' {
				r = -1
				break
			}
			r = r*10 + int(ch-'0')
		}
		if r >= 1 && r <= Size && t[1] != '0' {
			return At(int(t[0]-'a'), r-1), nil
		}
	}
	return NoCell, game.Errorf(game.Text{EN: "%q is not a cell: cells run from a1 to l12 (file a–l, then rank 1–12)", FR: "%q n'est pas une case : les cases vont de a1 à l12 (colonne a–l, puis rangée 1–12)"}, s)
}

// Section is the index of the cell's 3x3 section: 0 to 15, row by row from
// the a1 corner (section 0 holds a1–c3, section 15 holds j10–l12).
func (c Cell) Section() int { return c.Rank()/3*4 + c.File()/3 }

// Circle is the centre cell of section s.
func Circle(s int) Cell { return At(s%4*3+1, s/4*3+1) }

// IsCircle says whether the cell is the centre of its section: files b, e,
// h, k on ranks 2, 5, 8, 11.
func (c Cell) IsCircle() bool { return c.File()%3 == 1 && c.Rank()%3 == 1 }

// SectionCells lists the nine cells of section s.
func SectionCells(s int) [9]Cell {
	var out [9]Cell
	f0, r0 := s%4*3, s/4*3
	for i := range out {
		out[i] = At(f0+i%3, r0+i/3)
	}
	return out
}

// Direction is one of the four orthogonal directions.
type Direction int8

const (
	North Direction = iota // towards rank 12
	East                   // towards file l
	South                  // towards rank 1
	West                   // towards file a
)

// Directions lists the four orthogonal directions in a fixed order.
var Directions = [4]Direction{North, East, South, West}

var (
	dirFile = [4]int{0, 1, 0, -1}
	dirRank = [4]int{1, 0, -1, 0}
)

// Delta is the file and rank change of one step in d.
func (d Direction) Delta() (df, dr int) { return dirFile[d], dirRank[d] }

// Left is the direction after a quarter turn to the left.
func (d Direction) Left() Direction { return (d + 3) % 4 }

// Right is the direction after a quarter turn to the right.
func (d Direction) Right() Direction { return (d + 1) % 4 }

// Opposite is the reverse direction.
func (d Direction) Opposite() Direction { return (d + 2) % 4 }

func (d Direction) String() string { return [...]string{"north", "east", "south", "west"}[d] }

// Step returns the neighbour of c in direction d, or NoCell off the board.
func (c Cell) Step(d Direction) Cell {
	f, r := c.File()+dirFile[d], c.Rank()+dirRank[d]
	if !OnBoard(f, r) {
		return NoCell
	}
	return At(f, r)
}

// Seat is a side of the board. They are numbered in playing order: play
// goes clockwise seen from above with rank 1 at the bottom, so South, West,
// North, East.
type Seat int8

const (
	SouthSeat Seat = iota // rank 1 side
	WestSeat              // file a side
	NorthSeat             // rank 12 side
	EastSeat              // file l side
)

func (s Seat) String() string { return [...]string{"South", "West", "North", "East"}[s] }

// FrenchName is the seat's name in French.
func (s Seat) FrenchName() string { return [...]string{"Sud", "Ouest", "Nord", "Est"}[s] }

// RotateClockwise turns c by k quarter turns clockwise about the board's
// centre (seen from above, rank 1 at the bottom).
func RotateClockwise(c Cell, k int) Cell {
	f, r := c.File(), c.Rank()
	for i := 0; i < ((k%4)+4)%4; i++ {
		f, r = r, Size-1-f
	}
	return At(f, r)
}

// RotateDirection turns d by k quarter turns clockwise.
func RotateDirection(d Direction, k int) Direction { return Direction((int(d) + ((k%4)+4)%4) % 4) }

// FromSouth maps a cell given in South's frame (South sits at rank 1) to
// the same cell in seat's frame: West's layout is South's turned a quarter
// turn clockwise, North's a half turn, East's three quarters.
func FromSouth(seat Seat, c Cell) Cell { return RotateClockwise(c, int(seat)) }

// Forward is the direction away from the seat's own edge.
func (s Seat) Forward() Direction { return RotateDirection(North, int(s)) }

// Draw renders the board: glyph returns up to two characters for a cell
// ("" draws "." on a plain cell and "o" on an empty circle). Rank 12 is on
// top, as seen from South.
func Draw(glyph func(Cell) string) string {
	var b strings.Builder
	files := "    a  b  c  d  e  f  g  h  i  j  k  l\n"
	b.WriteString(files)
	for r := Size - 1; r >= 0; r-- {
		fmt.Fprintf(&b, "%2d ", r+1)
		for f := 0; f < Size; f++ {
			c := At(f, r)
			g := glyph(c)
			if g == "" {
				g = "."
				if c.IsCircle() {
					g = "o"
				}
			}
			fmt.Fprintf(&b, " %-2s", g)
		}
		fmt.Fprintf(&b, " %d\n", r+1)
	}
	b.WriteString(files)
	return b.String()
}

// Shape is a kind of piece: cylinder, triangle or square.
type Shape int8

const (
	NoShape  Shape = iota
	Cylinder       // cylindre
	Triangle       // triangle
	Square         // carré
)

// Letter is the shape's letter in notation and position texts: C, T, S.
func (s Shape) Letter() byte { return " CTS"[s] }

func (s Shape) String() string { return [...]string{"none", "cylinder", "triangle", "square"}[s] }

// ParseShape reads C, T or S (case-insensitive).
func ParseShape(b byte) (Shape, bool) {
	switch b {
	case 'C', 'c':
		return Cylinder, true
	case 'T', 't':
		return Triangle, true
	case 'S', 's':
		return Square, true
	}
	return NoShape, false
}
