//go:build !js

// The text boards are for terminals: the browser's engine (GOOS=js)
// leaves them out of its module.

package render

import (
	"fmt"
	"strconv"

	"github.com/plateau-games/plateau/game"
)

// POGO as text: the 3x3 board with ruled squares three rows high, each
// stack written on its square's middle row bottom to top (the top last, in
// the owner's initial as on the web board's top disc) and its height
// under it.

const (
	pogoInner = 12 // columns inside a square: the longest stack
	pogoRows  = 3  // rows inside a square
)

func init() {
	registerText(textPogo, "pogo")
}

func textPogo(s game.State, opt Options) (*TextBoard, error) {
	stacks, err := pogoStacks(s)
	if err != nil {
		return nil, fmt.Errorf("render pogo: %w", err)
	}
	v := s.Variant()
	left, top := 0, 0
	h, w := 3*(pogoRows+1)+1, 3*(pogoInner+1)+1
	if !opt.NoCoordinates {
		left, top = 2, 1
		h, w = h+2, w+4
	}
	t := newTextCanvas(opt, h, w)
	letters := [2]rune{seatInitial(v.SeatName(0, opt.Lang)), seatInitial(v.SeatName(1, opt.Lang))}
	// at is the first row and column inside square (f, r).
	at := func(f, r int) (int, int) {
		if opt.Flip {
			f, r = 2-f, 2-r
		}
		return top + 1 + (2-r)*(pogoRows+1), left + 1 + f*(pogoInner+1)
	}
	// The rules: '+' at the crossings.
	for i := 0; i <= 3; i++ {
		y := top + i*(pogoRows+1)
		for c := left; c < left+3*(pogoInner+1)+1; c++ {
			t.put(y, c, '-', RoleLine, -1, "")
		}
	}
	for i := 0; i <= 3; i++ {
		x := left + i*(pogoInner+1)
		for r := top; r < top+3*(pogoRows+1)+1; r++ {
			ch := '|'
			if (r-top)%(pogoRows+1) == 0 {
				ch = '+'
			}
			t.put(r, x, ch, RoleLine, -1, "")
		}
	}
	for r := 0; r < 3; r++ {
		for f := 0; f < 3; f++ {
			row, col := at(f, r)
			name := cellName(f, r)
			ground := RoleBoard
			if (f+r)%2 == 0 {
				ground = RoleAlt
			}
			for y := row; y < row+pogoRows; y++ {
				for x := col; x < col+pogoInner; x++ {
					t.put(y, x, ' ', ground, -1, name)
				}
			}
			mid := row + pogoRows/2
			t.spot(name, mid, col+(pogoInner-1)/2)
			stack := stacks[r][f]
			if stack == "" {
				continue
			}
			start := col + (pogoInner-len(stack))/2
			for i := 0; i < len(stack) && i < pogoInner; i++ {
				seat := 0
				if stack[i] == 'D' {
					seat = 1
				}
				t.put(mid, start+i, letters[seat], RolePiece, seat, name)
			}
			n := strconv.Itoa(len(stack))
			t.write(mid+1, col+(pogoInner-len(n))/2, n, RoleMark, -1, name)
		}
	}
	if !opt.NoCoordinates {
		for f := 0; f < 3; f++ {
			_, col := at(f, 0)
			t.put(0, col+(pogoInner-1)/2, rune('a'+f), RoleCoord, -1, "")
			t.put(h-1, col+(pogoInner-1)/2, rune('a'+f), RoleCoord, -1, "")
		}
		for r := 0; r < 3; r++ {
			row, _ := at(0, r)
			t.put(row+pogoRows/2, 0, rune('1'+r), RoleCoord, -1, "")
			t.put(row+pogoRows/2, w-1, rune('1'+r), RoleCoord, -1, "")
		}
	}
	legend := []string{
		fmt.Sprintf(t.tr("Stacks read bottom to top, the top last: %c %s, %c %s", "Piles de bas en haut, le dessus en dernier : %c %s, %c %s"),
			letters[0], v.SeatName(0, opt.Lang), letters[1], v.SeatName(1, opt.Lang)),
		t.tr("The top piece's owner moves the stack; under it, its height.", "Le joueur du dessus déplace la pile ; en dessous, sa hauteur."),
	}
	return t.board(legend), nil
}
