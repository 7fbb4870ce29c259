//go:build !js

// The text boards are for terminals: the browser's engine (GOOS=js)
// leaves them out of its module.

package render

import (
	"fmt"
	"strings"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/polygone"
)

// Polygone as text: the hexagon of holes, each written as its name (or
// "()" without coordinates), three rows from one row of holes to the next
// and eight columns from a hole to the next on its row, so that the edges
// keep the lattice's angles: a horizontal edge is the six characters
// between its holes, a slanting one a "/" or "\" on each of the two rows
// between. A free edge is drawn as lines, a segment as its owner's
// initial in lower case along the edge (w or b, in French b or n).

func init() {
	registerText(textPolygone, "polygone")
}

const (
	polyHalf = 4 // columns a half step of the lattice
	polyRow  = 3 // rows from one row of holes to the next
)

func textPolygone(s game.State, opt Options) (*TextBoard, error) {
	fields := strings.Fields(s.Encode())
	if len(fields) != 5 {
		return nil, fmt.Errorf("render polygone: position %q: want 5 fields", s.Encode())
	}
	v := s.Variant()
	t := newTextCanvas(opt, 4*polyRow+1, 10*polyHalf+2)
	// at is the row and column of a hole's first character.
	at := func(name string) (int, int) {
		row, x, _ := polygoneHole(name)
		if opt.Flip {
			row, x = 4-row, 10-x
		}
		return row * polyRow, x * polyHalf
	}
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
	// Segments are the owner's initial in lower case, to tell them from
	// the hole names.
	letters := [2]rune{lowerRune(seatInitial(v.SeatName(0, opt.Lang))), lowerRune(seatInitial(v.SeatName(1, opt.Lang)))}
	seen := map[string]bool{}
	var holes []string
	for e := 0; e < polygone.Edges; e++ {
		name := polygone.EdgeName(e)
		a, b, _ := strings.Cut(name, "-")
		for _, h := range []string{a, b} {
			if !seen[h] {
				seen[h] = true
				holes = append(holes, h)
			}
		}
		ra, ca := at(a)
		rb, cb := at(b)
		if ra > rb || (ra == rb && ca > cb) {
			ra, ca, rb, cb = rb, cb, ra, ca
		}
		role, seat := RoleLine, -1
		if colour := owner[name] - 1; colour >= 0 {
			role, seat = RolePiece, colour
		}
		mark := func(line rune) rune {
			if seat >= 0 {
				return letters[seat]
			}
			return line
		}
		switch {
		case ra == rb: // horizontal: the six columns between the holes
			free := []rune(" ---- ")
			for i := range free {
				if free[i] == ' ' {
					t.put(ra, ca+2+i, ' ', RoleBoard, -1, name)
					continue
				}
				t.put(ra, ca+2+i, mark('-'), role, seat, name)
			}
			t.spot(name, ra, ca+4)
		case cb > ca: // down to the right
			t.put(ra+1, ca+2, mark('\\'), role, seat, name)
			t.put(ra+2, ca+3, mark('\\'), role, seat, name)
			t.spot(name, ra+1, ca+2)
		default: // down to the left
			t.put(ra+1, ca-1, mark('/'), role, seat, name)
			t.put(ra+2, ca-2, mark('/'), role, seat, name)
			t.spot(name, ra+1, ca-1)
		}
	}
	sommets := map[string]int{"C1": 0, "C6": 1}
	for _, h := range holes {
		r, c := at(h)
		text, role, seat := "()", RoleBoard, -1
		if !opt.NoCoordinates {
			text, role = h, RoleCoord
		}
		if colour, ok := sommets[h]; ok {
			role, seat = RoleMark, colour
		}
		t.write(r, c, text, role, seat, h)
		t.spot(h, r, c)
	}
	// The hexagon's ground: every blank between the first and last
	// characters of a row.
	for _, row := range t.rows {
		first, last := -1, -1
		for i, c := range row {
			if c.Ch != ' ' {
				if first < 0 {
					first = i
				}
				last = i
			}
		}
		for i := first; i >= 0 && i <= last; i++ {
			if row[i].Role == RoleBlank {
				row[i].Role = RoleBoard
			}
		}
	}
	white, black := v.SeatName(0, opt.Lang), v.SeatName(1, opt.Lang)
	legend := []string{
		fmt.Sprintf(t.tr("%c %s's segment, %c %s's; - \\ / a free edge", "%c segment de %s, %c de %s ; - \\ / arête libre"), letters[0], white, letters[1], black),
		fmt.Sprintf(t.tr("Sommets: C1 %s's start, C6 %s's", "Sommets : C1 départ de %s, C6 de %s"), white, black),
	}
	if opt.NoCoordinates {
		side := [2]string{t.tr("left", "gauche"), t.tr("right", "droite")}
		if opt.Flip {
			side[0], side[1] = side[1], side[0]
		}
		legend[1] = fmt.Sprintf(t.tr("() hole; sommets: %s %s's start, %s %s's", "() trou ; sommets : à %s départ de %s, à %s de %s"), side[0], white, side[1], black)
	}
	if st, ok := s.(*polygone.State); ok {
		legend = append(legend, fmt.Sprintf(t.tr("Captured: %s %d, %s %d", "Prises : %s %d, %s %d"), white, st.Captured(0), black, st.Captured(1)))
	}
	return t.board(legend), nil
}
