// Package render draws the positions of every plateau game as SVG and tells
// a client which places of the drawing a move is made of, so that a web page
// can turn clicks into moves.
//
// The rules packages stay pure: renderers read positions only through their
// exported accessors and their documented position text (State.Encode), and
// moves only through their notation (State.MoveString). Each game (or family
// of games) registers one renderer in this package, keyed by game id.
//
// Every clickable place of a drawing is an element carrying data-place (and
// data-cell, data-point, data-hole or data-edge as the game calls it); the
// ids are the ones Places returns. See docs/render.md.
package render

import (
	"fmt"
	"strings"

	"github.com/plateau-games/plateau/game"
)

// Options says how to draw a position. The zero value is a 480-pixel drawing
// with coordinates, in English, seen from player 1's side.
type Options struct {
	// Size is the width of the drawing in pixels (0: 480); the height
	// follows the board's shape.
	Size int
	// NoCoordinates leaves out the file and rank labels.
	NoCoordinates bool
	// Highlight marks places with a ring, e.g. where the piece a user has
	// picked can go (see NextPlaces).
	Highlight []string
	// LastMove tints the places of the last move (Places of that move in
	// the position before it).
	LastMove []string
	// Flip turns the board a half turn: the view from the other side.
	Flip bool
	// Status replaces the line under the board that says whose turn it is
	// or how the position ended: e.g. the result of a game ended by a
	// resignation, which the position itself does not know.
	Status string
	// Lang is the language of labels and titles: "en" (default) or "fr".
	Lang string
}

// DefaultSize is the width of a drawing when Options.Size is 0.
const DefaultSize = 480

// renderer draws one game. draw adds the places and pieces to the canvas and
// returns extra caption lines (reserves, phase); places gives the click
// sequence of a move from its notation.
type renderer struct {
	draw   func(c *canvas, s game.State) ([]string, error)
	places func(s game.State, notation string) []string
}

// renderers is written only by this package's init functions.
var renderers = map[string]renderer{}

func register(r renderer, ids ...string) {
	for _, id := range ids {
		if _, dup := renderers[id]; dup {
			panic("render: two renderers for " + id)
		}
		renderers[id] = r
	}
}

// Supported says whether the game id has a renderer.
func Supported(id string) bool {
	_, ok := renderers[id]
	return ok
}

func lookup(s game.State) (renderer, error) {
	if s == nil {
		return renderer{}, fmt.Errorf("render: no position")
	}
	id := s.Variant().Game.ID
	r, ok := renderers[id]
	if !ok {
		return renderer{}, fmt.Errorf("render: no drawing for game %q", id)
	}
	return r, nil
}

// SVG draws position s as a standalone SVG document. The output depends only
// on s and opt, so that it can be compared and cached.
func SVG(s game.State, opt Options) ([]byte, error) {
	r, err := lookup(s)
	if err != nil {
		return nil, err
	}
	if opt.Size <= 0 {
		opt.Size = DefaultSize
	}
	c := newCanvas(opt)
	extra, err := r.draw(c, s)
	if err != nil {
		return nil, fmt.Errorf("render %s: %w", s.Variant().Game.ID, err)
	}
	status := statusLine(s, opt.Lang)
	if opt.Status != "" {
		status = opt.Status
	}
	c.caption(append([]string{status}, extra...), c.w*0.035)
	title := s.Variant().Game.Name.In(opt.Lang) + " — " + status
	return c.bytes(title), nil
}

// statusLine says whose turn it is or how the game ended.
func statusLine(s game.State, lang string) string {
	v := s.Variant()
	fr := strings.EqualFold(lang, "fr")
	o := s.Outcome()
	switch {
	case o.Status == game.Win:
		var names []string
		for _, seat := range o.WinnerSeats() {
			names = append(names, v.SeatName(seat, lang))
		}
		if fr {
			if len(names) > 1 {
				return strings.Join(names, " et ") + " gagnent"
			}
			return strings.Join(names, "") + " gagne"
		}
		if len(names) > 1 {
			return strings.Join(names, " and ") + " win"
		}
		return strings.Join(names, "") + " wins"
	case o.Status == game.Draw:
		if fr {
			return "Partie nulle"
		}
		return "Draw"
	case o.Status == game.Over:
		if fr {
			return "Partie terminée"
		}
		return "Game over"
	}
	if fr {
		return fmt.Sprintf("%s joue (coup %d)", v.SeatName(s.ToMove(), lang), s.Ply()+1)
	}
	return fmt.Sprintf("%s to move (move %d)", v.SeatName(s.ToMove(), lang), s.Ply()+1)
}

// Places is the sequence of places a user clicks to make move m, a legal
// move of s: e.g. ["b1", "b3"] for POGO's 2b1-b3, ["e5"] for a placement.
// Several moves may share one sequence (POGO's piece counts, Polygone's
// capture orders, La Porte's entering piece, PODS's shoves and kicks, POLD.R's
// marker or pawn): the client then asks which one, showing their notations.
// A pass has no places (nil): a client offers it as a button.
func Places(s game.State, m game.Move) []string {
	if m == game.Pass {
		return nil
	}
	r, err := lookup(s)
	if err != nil {
		return nil
	}
	return r.places(s, s.MoveString(m))
}

// NextPlaces lists, in the order of the legal moves, the distinct places
// that can follow the places already clicked: with nothing clicked, the
// first places of the moves (the pieces that can move); after one click,
// where that piece can go. It is what Options.Highlight shows.
func NextPlaces(s game.State, clicked []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, m := range s.LegalMoves(nil) {
		p := Places(s, m)
		if len(p) > len(clicked) && hasPrefix(p, clicked) && !seen[p[len(clicked)]] {
			seen[p[len(clicked)]] = true
			out = append(out, p[len(clicked)])
		}
	}
	return out
}

// Matching lists the legal moves whose click sequence is exactly clicked:
// none (keep clicking), one (play it) or several (ask which).
func Matching(s game.State, clicked []string) []game.Move {
	var out []game.Move
	for _, m := range s.LegalMoves(nil) {
		p := Places(s, m)
		if len(p) == len(clicked) && hasPrefix(p, clicked) {
			out = append(out, m)
		}
	}
	return out
}

func hasPrefix(p, prefix []string) bool {
	for i, x := range prefix {
		if p[i] != x {
			return false
		}
	}
	return true
}

// cellsIn extracts the grid cells named in a move's notation, in order: a
// file letter up to last followed by a rank number from 1 to maxRank. Other
// letters (shape letters, "M-", "x", "+T") are not followed by a number, or
// are past last, and are skipped.
func cellsIn(notation string, last byte, maxRank int) []string {
	t := strings.ToLower(notation)
	var out []string
	for i := 0; i < len(t); i++ {
		if t[i] < 'a' || t[i] > last {
			continue
		}
		n, j := 0, i+1
		for j < len(t) && j < i+3 && t[j] >= '0' && t[j] <= '9' {
			n = n*10 + int(t[j]-'0')
			j++
		}
		if j > i+1 && n >= 1 && n <= maxRank {
			out = append(out, t[i:j])
			i = j - 1
		}
	}
	return out
}

// SeatColour is the fill colour of seat's pieces in the drawings of v, for
// a swatch next to the player's name.
func SeatColour(v *game.Variant, seat int) string {
	fill, _ := colourNamed(v.SeatName(seat, "en"), seat)
	return fill
}
