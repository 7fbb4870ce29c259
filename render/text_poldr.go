//go:build !js

// The text boards are for terminals: the browser's engine (GOOS=js)
// leaves them out of its module.

package render

import (
	"fmt"
	"strings"

	"github.com/plateau-games/plateau/game"
)

// POLD.R as text: the checkered board, three columns a cell. Letters are
// the web board's: a brick is its owner's lower-case initial in a block,
// [b]; a marker the upper-case initial in a disc, (B); the black pawn,
// no seat's, /P\.

func init() {
	registerText(textPoldr, "poldr")
}

func textPoldr(s game.State, opt Options) (*TextBoard, error) {
	pos := s.Encode()
	cells, err := poldrBoard(pos)
	if err != nil {
		return nil, fmt.Errorf("render poldr: %w", err)
	}
	fields := strings.Fields(pos)
	if len(fields) < 6 {
		return nil, fmt.Errorf("render poldr: position %q: want at least 6 fields", pos)
	}
	v := s.Variant()
	n := len(cells)
	g := newTextGrid(n, n, opt)
	h, w := g.size()
	t := newTextCanvas(opt, h, w)
	seatOf := func(ch byte) int {
		for i, name := range v.Seats {
			if name.EN[0] == ch&^0x20 {
				return i
			}
		}
		return -1
	}
	for r := range cells {
		for f, ch := range cells[r] {
			ground := RoleBoard
			if (f+r)%2 == 0 {
				ground = RoleAlt
			}
			g.square(t, f, r, ground, '.')
			seat := seatOf(ch)
			switch {
			case ch == 'P':
				g.piece(t, f, r, textTriangle, 'P', RoleMark, -1, blackFill)
			case ch >= 'A' && ch <= 'Z' && seat >= 0:
				g.piece(t, f, r, textDisc, seatInitial(v.SeatName(seat, opt.Lang)), RolePiece, seat, "")
			case ch >= 'a' && ch <= 'z' && seat >= 0:
				g.piece(t, f, r, textBlock, lowerRune(seatInitial(v.SeatName(seat, opt.Lang))), RolePiece, seat, "")
			}
		}
	}
	g.coordinates(t)
	var letters []string
	for seat := 0; seat < v.Players; seat++ {
		name := v.SeatName(seat, opt.Lang)
		letters = append(letters, fmt.Sprintf("%c %s", seatInitial(name), name))
	}
	legend := packLines(t.tr(`[x] brick, (X) marker, /P\ black pawn; `, `[x] brique, (X) marqueur, /P\ pion noir ; `), letters, ", ")
	c := &canvas{opt: opt}
	legend = append(legend, poldrCaption(c, v, fields[:6])...)
	if len(fields) >= 9 {
		legend = append(legend,
			fmt.Sprintf(t.tr("Round %s; wins: %s", "Manche %s ; victoires : %s"), fields[6], seatList(c, v, fields[7])),
			t.tr("Bricks of the rounds played: ", "Briques des manches jouées : ")+seatList(c, v, fields[8]))
	}
	return t.board(legend), nil
}
