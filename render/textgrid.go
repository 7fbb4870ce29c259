//go:build !js

// The text boards are for terminals: the browser's engine (GOOS=js)
// leaves them out of its module.

package render

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Shared pieces of the text drawers: a canvas of cells, and the layout of a
// board of squares three columns wide and one row high (Blockade, POLD.R).

// Size limits of a text board: with a side panel it fits an 80x24 terminal.
const (
	TextMaxWidth  = 46 // columns of a board with its coordinates
	TextMaxHeight = 16 // rows of a board with its coordinates
	TextMaxLegend = 78 // runes of a legend line
)

// textCanvas collects a text board.
type textCanvas struct {
	opt   Options
	rows  [][]TextCell
	spots map[string]TextSpot
}

// newTextCanvas returns a blank board of h rows of w cells.
func newTextCanvas(opt Options, h, w int) *textCanvas {
	t := &textCanvas{opt: opt, spots: map[string]TextSpot{}, rows: make([][]TextCell, h)}
	cells := make([]TextCell, h*w)
	for i := range cells {
		cells[i] = TextCell{Ch: ' ', Seat: -1}
	}
	for r := range t.rows {
		t.rows[r] = cells[r*w : (r+1)*w : (r+1)*w]
	}
	return t
}

// fr says whether the board is in French.
func (t *textCanvas) fr() bool { return strings.EqualFold(t.opt.Lang, "fr") }

// tr picks the English or French text.
func (t *textCanvas) tr(en, fr string) string {
	if t.fr() {
		return fr
	}
	return en
}

// put sets one cell; positions off the board are ignored.
func (t *textCanvas) put(r, c int, ch rune, role Role, seat int, place string) {
	if r < 0 || r >= len(t.rows) || c < 0 || c >= len(t.rows[r]) {
		return
	}
	t.rows[r][c] = TextCell{Ch: ch, Role: role, Seat: seat, Place: place}
}

// write sets the cells of s from (r, c) on.
func (t *textCanvas) write(r, c int, s string, role Role, seat int, place string) {
	for _, ch := range s {
		t.put(r, c, ch, role, seat, place)
		c++
	}
}

// spot records the centre of a place.
func (t *textCanvas) spot(place string, r, c int) { t.spots[place] = TextSpot{Row: r, Col: c} }

// board returns the finished board with its legend.
func (t *textCanvas) board(legend []string) *TextBoard {
	return &TextBoard{Rows: t.rows, Spots: t.spots, Legend: legend}
}

// seatInitial is the upper-case initial of seat's name in the board's
// language, the letter the web board draws on its pieces.
func seatInitial(name string) rune {
	r, _ := utf8.DecodeRuneInString(name)
	return []rune(strings.ToUpper(string(r)))[0]
}

// lowerRune is r in lower case.
func lowerRune(r rune) rune { return []rune(strings.ToLower(string(r)))[0] }

// packLines joins parts with sep into lines of at most TextMaxLegend runes,
// prefix starting the first.
func packLines(prefix string, parts []string, sep string) []string {
	var out []string
	line := prefix
	for i, p := range parts {
		add := p
		if i < len(parts)-1 {
			add += sep
		}
		if line != "" && line != prefix && utf8.RuneCountInString(line+strings.TrimRight(add, " ")) > TextMaxLegend {
			out = append(out, strings.TrimRight(line, " "))
			line = ""
		}
		line += add
	}
	if line != "" {
		out = append(out, strings.TrimRight(line, " "))
	}
	return out
}

// textGrid lays out a board of squares three columns wide and one row high,
// with the rank numbers on both sides and the file letters above and under
// (unless Options.NoCoordinates). Rank 0 is at the bottom unless flipped.
type textGrid struct {
	files, ranks int
	flip, coords bool
	label        int // width of a rank number
}

func newTextGrid(files, ranks int, opt Options) textGrid {
	return textGrid{files: files, ranks: ranks, flip: opt.Flip, coords: !opt.NoCoordinates, label: len(strconv.Itoa(ranks))}
}

// size is the number of rows and columns of the board.
func (g textGrid) size() (h, w int) {
	if !g.coords {
		return g.ranks, 3 * g.files
	}
	return g.ranks + 2, 3*g.files + 2*(g.label+1)
}

// at is the row and the first column of square (f, r).
func (g textGrid) at(f, r int) (row, col int) {
	if g.flip {
		f, r = g.files-1-f, g.ranks-1-r
	}
	row, col = g.ranks-1-r, 3*f
	if g.coords {
		row, col = row+1, col+g.label+1
	}
	return row, col
}

// coordinates writes the file letters and rank numbers.
func (g textGrid) coordinates(t *textCanvas) {
	if !g.coords {
		return
	}
	h, w := g.size()
	for f := 0; f < g.files; f++ {
		_, c := g.at(f, 0)
		t.put(0, c+1, rune('a'+f), RoleCoord, -1, "")
		t.put(h-1, c+1, rune('a'+f), RoleCoord, -1, "")
	}
	for r := 0; r < g.ranks; r++ {
		row, _ := g.at(0, r)
		n := strconv.Itoa(r + 1)
		t.write(row, g.label-len(n), n, RoleCoord, -1, "")
		t.write(row, w-g.label, n, RoleCoord, -1, "")
	}
}

// square draws square (f, r), named by cellName, on the ground role: three
// spaces with mid in the middle (a '.' for an empty square), and records
// its spot.
func (g textGrid) square(t *textCanvas, f, r int, ground Role, mid rune) {
	row, c := g.at(f, r)
	name := cellName(f, r)
	t.put(row, c, ' ', ground, -1, name)
	t.put(row, c+1, mid, ground, -1, name)
	t.put(row, c+2, ' ', ground, -1, name)
	t.spot(name, row, c+1)
}

// Piece shapes of the square boards: the three characters around a letter.
const (
	textDisc     = "()"
	textTriangle = `/\`
	textBlock    = "[]"
)

// piece draws a piece on square (f, r): its letter between the two
// characters of its shape, with the role and seat of its owner (and its
// colour when it is not its seat's).
func (g textGrid) piece(t *textCanvas, f, r int, shape string, letter rune, role Role, seat int, colour string) {
	row, c := g.at(f, r)
	name := cellName(f, r)
	sh := []rune(shape)
	for i, ch := range []rune{sh[0], letter, sh[1]} {
		t.put(row, c+i, ch, role, seat, name)
		t.rows[row][c+i].Colour = colour
	}
}

// mark draws a mark (a circle, a throne) in the middle of square (f, r).
func (g textGrid) mark(t *textCanvas, f, r int, ch rune, seat int, colour string) {
	row, c := g.at(f, r)
	t.put(row, c+1, ch, RoleMark, seat, cellName(f, r))
	t.rows[row][c+1].Colour = colour
}
