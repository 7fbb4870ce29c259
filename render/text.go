package render

import (
	"fmt"

	"github.com/plateau-games/plateau/game"
)

// Text boards: the same positions drawn with characters, for a terminal. A
// text board is a grid of cells, each a character with a role (what it
// shows, so that a terminal can colour it like the web board) and the place
// it belongs to (so that a cursor can move from place to place and the
// marks of the SVG drawing, Highlight and LastMove, can be shown). Places
// are the ones Places returns: the click sequence of a move is also its
// cursor sequence.

// Role says what a text cell shows.
type Role uint8

const (
	RoleBlank Role = iota // outside the board
	RoleBoard             // the board's ground: a square, a point, a hole
	RoleAlt               // the board's other ground (the darker squares)
	RoleLine              // lines of the board: grid, lattice, edges
	RoleCoord             // file and rank labels
	RolePiece             // a piece of TextCell.Seat
	RoleMark              // a mark on the board: a circle, a gate, a throne, a neutral pawn (TextCell.Seat says whose, if a seat's)
	RoleText              // a legend or caption character
)

// TextCell is one character of a text board.
type TextCell struct {
	Ch   rune
	Role Role
	// Seat owns the piece when Role is RolePiece (0 for player 1), or the
	// mark when Role is RoleMark and the mark is a seat's (Polygone's
	// sommets, L'Empire's king's thrones); -1 otherwise.
	Seat int
	// Colour is the fill colour ("#rrggbb") the web board gives this piece
	// or mark when it is not its seat's colour: Solitaire's four colours
	// (pieces that no seat owns), L'Empire's gold thrones, POLD.R's black
	// pawn; "" otherwise.
	Colour string
	// Place is the place this character belongs to ("" for none): every
	// character of a square, of a point with its piece, of an edge.
	Place string
}

// TextSpot is where a place is on a text board: the row and column of its
// centre character, for cursor moves.
type TextSpot struct{ Row, Col int }

// TextBoard is a position drawn with characters.
type TextBoard struct {
	// Rows holds the board, one slice of cells per line; every cell is one
	// terminal column wide.
	Rows [][]TextCell
	// Spots gives the centre of every place drawn, including every place of
	// every legal move of the position.
	Spots map[string]TextSpot
	// Legend lines go under the board: what the letters mean and what the
	// board does not show (reserves, phase, captures), in Options.Lang.
	Legend []string
}

// String is the board without colours, with its legend: what a terminal
// without colour or a test sees.
func (b *TextBoard) String() string {
	var out []rune
	for _, row := range b.Rows {
		end := len(row)
		for end > 0 && row[end-1].Ch == ' ' {
			end--
		}
		for _, c := range row[:end] {
			out = append(out, c.Ch)
		}
		out = append(out, '\n')
	}
	for _, l := range b.Legend {
		out = append(out, []rune(l)...)
		out = append(out, '\n')
	}
	return string(out)
}

// textRenderers draw each game as text, keyed by game id; written only by
// init functions.
var textRenderers = map[string]func(s game.State, opt Options) (*TextBoard, error){}

func registerText(draw func(s game.State, opt Options) (*TextBoard, error), ids ...string) {
	for _, id := range ids {
		if _, dup := textRenderers[id]; dup {
			panic("render: two text renderers for " + id)
		}
		textRenderers[id] = draw
	}
}

// Text draws position s with characters. Of the options only Lang, Flip and
// NoCoordinates matter: highlights, the last move and a cursor are the
// terminal's to show, from TextCell.Place.
func Text(s game.State, opt Options) (*TextBoard, error) {
	if s == nil {
		return nil, fmt.Errorf("render: no position")
	}
	draw, ok := textRenderers[s.Variant().Game.ID]
	if !ok {
		return nil, fmt.Errorf("render: no text drawing for game %q", s.Variant().Game.ID)
	}
	return draw(s, opt)
}

// SeatInk is the colour of text drawn on seat's pieces (the letter on a
// piece of SeatColour), so that a terminal draws a piece as the web does.
func SeatInk(v *game.Variant, seat int) string {
	_, ink := colourNamed(v.SeatName(seat, "en"), seat)
	return ink
}

// Board colours of the drawings, for a terminal that follows them.
const (
	BoardColour     = boardFill
	BoardAltColour  = boardAlt
	LineColour      = lineColour
	InkColour       = inkColour
	LastMoveColour  = lastFill
	HighlightColour = highlightOK
)
