package render

import (
	"bytes"
	"fmt"
	"html"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Palette. The seat colours are strong enough to tell apart on the pale
// board, and every piece also carries a letter or a shape, so that nothing
// depends on colour alone.
const (
	boardFill   = "#f3e7cf"
	boardAlt    = "#eadbbd"
	lineColour  = "#8c7a58"
	inkColour   = "#2b2620"
	lastFill    = "#f2b134"
	highlightOK = "#1f8a70"
	whiteFill   = "#f7f4ec"
	blackFill   = "#2f2f33"
)

// seatColours maps the English seat names that are colours to their fill and
// the colour of text drawn on it.
var seatColours = map[string][2]string{
	"Red":    {"#d1495b", "#ffffff"},
	"Blue":   {"#2f6db5", "#ffffff"},
	"Green":  {"#3a9d5d", "#ffffff"},
	"Yellow": {"#e8c229", "#2b2620"},
	"White":  {whiteFill, "#2b2620"},
	"Black":  {blackFill, "#ffffff"},
	"Light":  {"#f4e4bc", "#2b2620"},
	"Dark":   {"#6b3e26", "#ffffff"},
}

// seatOrder colours the seats whose names are not colours (South, North,
// corners) by seat number.
var seatOrder = []string{"Red", "Blue", "Green", "Yellow"}

// colourNamed returns the fill and text colour of a colour name, or of seat
// k's default colour when the name is not a colour.
func colourNamed(name string, k int) (fill, text string) {
	if c, ok := seatColours[name]; ok {
		return c[0], c[1]
	}
	c := seatColours[seatOrder[k%len(seatOrder)]]
	return c[0], c[1]
}

// num formats a coordinate with at most two decimals, so that the output is
// short and the same on every machine.
func num(v float64) string {
	hundredths := math.Round(v * 100)
	if math.Abs(hundredths) >= 1<<52 || math.IsNaN(hundredths) {
		return strconv.FormatFloat(hundredths/100, 'f', -1, 64)
	}
	// The shortest text of k/100 is k/100 written with at most two
	// decimals: written by hand, as strconv's general search is a fifth of
	// the time of a board drawn for every move.
	k := int64(hundredths)
	if k == 0 {
		return "0" // no "-0"
	}
	var b [24]byte
	out := b[:0]
	if k < 0 {
		out = append(out, '-')
		k = -k
	}
	out = strconv.AppendInt(out, k/100, 10)
	if frac := k % 100; frac != 0 {
		out = append(out, '.', byte('0'+frac/10))
		if frac%10 != 0 {
			out = append(out, byte('0'+frac%10))
		}
	}
	return string(out)
}

// esc escapes text for XML content and attribute values.
func esc(s string) string { return html.EscapeString(s) }

// place is one clickable point of the board: its shape (an SVG element
// without its closing "/>", used again for the overlays) and whether the
// shape is a line, whose overlay is a stroke rather than a fill.
type place struct {
	kind, id string
	shape    string
	line     bool
	cx, cy   float64
}

// canvas collects one drawing. Places go to their own layer under
// everything else, so that pieces and marks (which ignore pointer events)
// never hide them from a click.
type canvas struct {
	opt    Options
	w, h   float64
	cell   float64 // size of a board square, for the overlays
	places []place
	index  map[string]int
	bg     bytes.Buffer // place backgrounds
	fg     bytes.Buffer // board marks and pieces
	top    bytes.Buffer // above the highlights: captions
}

func newCanvas(opt Options) *canvas {
	// Sized for a Blockade board's places, so that it does not grow cell
	// by cell.
	return &canvas{opt: opt, index: make(map[string]int, 256)}
}

// fr says whether labels are in French.
func (c *canvas) fr() bool { return strings.EqualFold(c.opt.Lang, "fr") }

// tr picks the English or French text.
func (c *canvas) tr(en, fr string) string {
	if c.fr() {
		return fr
	}
	return en
}

// place adds a clickable place. shape is an SVG element without "/>", e.g.
// `rect x="0" y="0" width="10" height="10"`; fill is its background, or for
// a line the width of its (invisible) click band.
func (c *canvas) place(kind, id, shape, fill, title string, cx, cy float64, line bool) {
	if _, dup := c.index[id]; dup {
		panic("render: place " + id + " drawn twice")
	}
	c.index[id] = len(c.places)
	c.places = append(c.places, place{kind: kind, id: id, shape: shape, line: line, cx: cx, cy: cy})
	paint := `fill="` + fill + `"`
	if line {
		// A thin line is hard to hit: a wide transparent stroke makes the
		// whole band around it clickable.
		paint = `stroke="transparent" stroke-width="` + fill + `" stroke-linecap="round"`
	}
	// Without printf: a board's every square is a place, drawn for every
	// move, and boxing nine strings for printf cost more than writing them.
	eid := esc(id)
	b := &c.bg
	b.WriteString(`<g class="place `)
	b.WriteString(kind)
	b.WriteString(`" data-place="`)
	b.WriteString(eid)
	b.WriteString(`" data-`)
	b.WriteString(kind)
	b.WriteString(`="`)
	b.WriteString(eid)
	b.WriteString(`"><title>`)
	b.WriteString(esc(title))
	b.WriteString(`</title><`)
	b.WriteString(shape)
	b.WriteByte(' ')
	b.WriteString(paint)
	b.WriteString("/></g>\n")
}

// f writes to the board-and-pieces layer.
func (c *canvas) f(format string, args ...any) { printf(&c.fg, format, args...) }

// printf is fmt.Fprintf for the formats of the drawings: %s of strings
// and %d of ints, anything else handed to fmt. The server draws a board
// for every move, and fmt's general machinery was a fifth of its time.
func printf(buf *bytes.Buffer, format string, args ...any) {
	n := 0
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			// The text up to the next verb in one piece.
			j := strings.IndexByte(format[i:], '%')
			if j < 0 {
				buf.WriteString(format[i:])
				return
			}
			buf.WriteString(format[i : i+j])
			i += j
		}
		if i+1 >= len(format) || n >= len(args) {
			fmt.Fprintf(buf, format[i:], args[n:]...)
			return
		}
		i++
		switch verb, arg := format[i], args[n]; {
		case verb == '%':
			buf.WriteByte('%')
			continue
		case verb == 's':
			if str, ok := arg.(string); ok {
				buf.WriteString(str)
				n++
				continue
			}
		case verb == 'd':
			if v, ok := arg.(int); ok {
				buf.WriteString(strconv.Itoa(v))
				n++
				continue
			}
		}
		fmt.Fprintf(buf, format[i-1:i+1], args[n])
		n++
	}
}

// text writes a label centred on (x, y).
func (c *canvas) text(buf *bytes.Buffer, x, y, size float64, fill, weight, s string) {
	printf(buf, `<text x="%s" y="%s" font-size="%s" fill="%s" font-weight="%s" text-anchor="middle" dominant-baseline="central">%s</text>`+"\n",
		num(x), num(y), num(size), fill, weight, esc(s))
}

// caption writes lines of text under the board, growing the drawing.
func (c *canvas) caption(lines []string, size float64) {
	for _, l := range lines {
		c.h += size * 1.5
		// A line longer than the board (a French outcome of four players,
		// "Bob et Dave gagnent — les deux commandants…") is set smaller
		// rather than cut at both sides: about 0.56 em a character.
		fs := size
		if est := float64(utf8.RuneCountInString(l)) * size * 0.56; est > c.w*0.96 {
			fs = size * c.w * 0.96 / est
		}
		printf(&c.top, `<text x="%s" y="%s" font-size="%s" fill="%s" text-anchor="middle">%s</text>`+"\n",
			num(c.w/2), num(c.h-size*0.4), num(fs), inkColour, esc(l))
	}
	c.h += size * 0.5
}

// bytes assembles the SVG document.
func (c *canvas) bytes(title string) []byte {
	var out bytes.Buffer
	width := float64(c.opt.Size)
	height := width * c.h / c.w
	fmt.Fprintf(&out, `<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s" role="img" font-family="DejaVu Sans, Verdana, sans-serif">`+"\n",
		num(width), num(height), num(c.w), num(c.h))
	fmt.Fprintf(&out, "<title>%s</title>\n", esc(title))
	fmt.Fprintf(&out, `<rect width="%s" height="%s" fill="#fbf8f1"/>`+"\n", num(c.w), num(c.h))
	out.WriteString(`<g class="places">` + "\n")
	out.Write(c.bg.Bytes())
	out.WriteString("</g>\n")
	out.WriteString(`<g class="marks" pointer-events="none">` + "\n")
	// The last move is tinted under the pieces, so that they stay visible.
	for _, id := range sortedUnique(c.opt.LastMove) {
		if i, ok := c.index[id]; ok {
			p := c.places[i]
			if p.line {
				fmt.Fprintf(&out, `<%s class="last" stroke="%s" stroke-opacity="0.7" stroke-width="%s" stroke-linecap="round"/>`+"\n", p.shape, lastFill, num(c.unit()*0.22))
			} else {
				fmt.Fprintf(&out, `<%s class="last" fill="%s" fill-opacity="0.55"/>`+"\n", p.shape, lastFill)
			}
		}
	}
	out.Write(c.fg.Bytes())
	// Highlights go on top, as rings round the place (or a band along an
	// edge): they must show on occupied places too (a capture, a shove, a
	// stack to climb on) without hiding the piece's letter.
	for _, id := range sortedUnique(c.opt.Highlight) {
		if i, ok := c.index[id]; ok {
			p := c.places[i]
			if p.line {
				fmt.Fprintf(&out, `<%s class="highlight" stroke="%s" stroke-opacity="0.5" stroke-width="%s" stroke-linecap="round"/>`+"\n", p.shape, highlightOK, num(c.unit()*0.3))
				continue
			}
			fmt.Fprintf(&out, `<circle class="highlight" cx="%s" cy="%s" r="%s" fill="%s" fill-opacity="0.08" stroke="%s" stroke-width="%s"/>`+"\n",
				num(p.cx), num(p.cy), num(c.unit()*0.44), highlightOK, highlightOK, num(c.unit()*0.05))
		}
	}
	out.Write(c.top.Bytes())
	out.WriteString("</g>\n</svg>\n")
	return out.Bytes()
}

// unit is the drawing's scale for overlays: the size of one board square,
// set by each game's renderer.
func (c *canvas) unit() float64 { return c.cell }

func sortedUnique(ids []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	sort.Strings(out)
	return out
}

// grid is a board of files x ranks squares (or points) of side unit, with a
// margin for the coordinates. Rank 0 is at the bottom unless flipped.
type grid struct {
	files, ranks int
	unit, margin float64
	flip         bool
}

func newGrid(files, ranks int, unit float64, opt Options) grid {
	g := grid{files: files, ranks: ranks, unit: unit, flip: opt.Flip, margin: unit * 0.15}
	if !opt.NoCoordinates {
		g.margin = max(unit*0.35, 18)
	}
	return g
}

// width and height of the board with its margins.
func (g grid) width() float64  { return float64(g.files)*g.unit + 2*g.margin }
func (g grid) height() float64 { return float64(g.ranks)*g.unit + 2*g.margin }

// corner is the top-left corner of square (f, r).
func (g grid) corner(f, r int) (x, y float64) {
	if g.flip {
		f, r = g.files-1-f, g.ranks-1-r
	}
	return g.margin + float64(f)*g.unit, g.margin + float64(g.ranks-1-r)*g.unit
}

// centre is the centre of square (f, r).
func (g grid) centre(f, r int) (x, y float64) {
	x, y = g.corner(f, r)
	return x + g.unit/2, y + g.unit/2
}

// cellName is the usual name of square (f, r): file letter, rank number.
func cellName(f, r int) string { return string(rune('a'+f)) + strconv.Itoa(r+1) }

// squares adds every square of the grid as a place named by cellName and
// filled with the colour fill gives.
func (g grid) squares(c *canvas, fill func(f, r int) string) {
	// Without fmt, and the square's size written once: a board of 144
	// squares is drawn for every move.
	size := `" width="` + num(g.unit) + `" height="` + num(g.unit) + `"`
	for r := 0; r < g.ranks; r++ {
		for f := 0; f < g.files; f++ {
			x, y := g.corner(f, r)
			shape := `rect x="` + num(x) + `" y="` + num(y) + size
			cx, cy := g.centre(f, r)
			name := cellName(f, r)
			c.place("cell", name, shape, fill(f, r), name, cx, cy, false)
		}
	}
}

// lines draws the grid lines between squares; every thick-th line (0: none)
// is drawn heavier, such as the Blockade section borders.
func (g grid) lines(c *canvas, thick int) {
	x0, y0 := g.margin, g.margin
	x1, y1 := x0+float64(g.files)*g.unit, y0+float64(g.ranks)*g.unit
	for i := 0; i <= g.files; i++ {
		x := x0 + float64(i)*g.unit
		c.f(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="%s"/>`+"\n", num(x), num(y0), num(x), num(y1), lineColour, num(g.weight(i, g.files, thick)))
	}
	for i := 0; i <= g.ranks; i++ {
		y := y0 + float64(i)*g.unit
		c.f(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="%s"/>`+"\n", num(x0), num(y), num(x1), num(y), lineColour, num(g.weight(i, g.ranks, thick)))
	}
}

func (g grid) weight(i, n, thick int) float64 {
	if i == 0 || i == n || (thick > 0 && i%thick == 0) {
		return g.unit * 0.06
	}
	return g.unit * 0.02
}

// coordinates writes the file letters under and above the board and the
// rank numbers on both sides, following the flip.
func (g grid) coordinates(c *canvas) {
	if c.opt.NoCoordinates {
		return
	}
	size := g.margin * 0.55
	for f := 0; f < g.files; f++ {
		x, _ := g.centre(f, 0)
		c.text(&c.fg, x, g.margin/2, size, lineColour, "normal", string(rune('a'+f)))
		c.text(&c.fg, x, g.height()-g.margin/2, size, lineColour, "normal", string(rune('a'+f)))
	}
	for r := 0; r < g.ranks; r++ {
		_, y := g.centre(0, r)
		c.text(&c.fg, g.margin/2, y, size, lineColour, "normal", strconv.Itoa(r+1))
		c.text(&c.fg, g.width()-g.margin/2, y, size, lineColour, "normal", strconv.Itoa(r+1))
	}
}

// checkered shades alternate squares, as on a chess board.
func checkered(f, r int) string {
	if (f+r)%2 == 0 {
		return boardAlt
	}
	return boardFill
}

// Piece shapes shared by the games.

// disc draws a round piece with a letter.
func (c *canvas) disc(x, y, r float64, fill, ink, label, title string) {
	c.f(`<g class="piece"><title>%s</title><circle cx="%s" cy="%s" r="%s" fill="%s" stroke="%s" stroke-width="%s"/>`,
		esc(title), num(x), num(y), num(r), fill, inkColour, num(r*0.12))
	c.label(x, y, r, ink, label)
	c.f("</g>\n")
}

// triangle draws a triangle piece (point up) with a letter.
func (c *canvas) triangle(x, y, r float64, fill, ink, label, title string) {
	h := r * 1.1
	c.f(`<g class="piece"><title>%s</title><polygon points="%s,%s %s,%s %s,%s" fill="%s" stroke="%s" stroke-width="%s" stroke-linejoin="round"/>`,
		esc(title), num(x), num(y-h), num(x+h*0.95), num(y+h*0.7), num(x-h*0.95), num(y+h*0.7), fill, inkColour, num(r*0.12))
	c.label(x, y+h*0.18, r*0.85, ink, label)
	c.f("</g>\n")
}

// square draws a square piece with a letter.
func (c *canvas) square(x, y, r float64, fill, ink, label, title string) {
	s := r * 0.9
	c.f(`<g class="piece"><title>%s</title><rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="%s" stroke="%s" stroke-width="%s"/>`,
		esc(title), num(x-s), num(y-s), num(2*s), num(2*s), num(s*0.15), fill, inkColour, num(r*0.12))
	c.label(x, y, r, ink, label)
	c.f("</g>\n")
}

func (c *canvas) label(x, y, r float64, ink, label string) {
	if label == "" {
		return
	}
	size := r * 0.95
	if len(label) > 1 {
		size = r * 0.75
	}
	c.f(`<text x="%s" y="%s" font-size="%s" fill="%s" font-weight="bold" text-anchor="middle" dominant-baseline="central">%s</text>`,
		num(x), num(y), num(size), ink, esc(label))
}
