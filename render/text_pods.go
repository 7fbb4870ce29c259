//go:build !js

// The text boards are for terminals: the browser's engine (GOOS=js)
// leaves them out of its module.

package render

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/pods"
)

// PODS as text: the 6x6 points five columns apart, with the links of the
// variant's orientation between them (- and | for the orthogonal links, \
// or / for the diagonal of each square), and each pod as its code (as on
// the web board), in upper case for White and lower case for Black.

func init() {
	registerText(textPods, "pods")
}

const podsPitch = 5 // columns from a point to the next

func textPods(s game.State, opt Options) (*TextBoard, error) {
	pos := s.Encode()
	grid, err := podsBoard(pos)
	if err != nil {
		return nil, fmt.Errorf("render pods: %w", err)
	}
	fields := strings.Fields(pos)
	if len(fields) != 6 {
		return nil, fmt.Errorf("render pods: position %q: want 6 fields", pos)
	}
	v := s.Variant()
	orientation, _ := strconv.Atoi(v.Options["orientation"])
	left, top := 1, 0 // the centre column of file a, the row of rank 6
	h, w := 2*podsSize-1, 2+(podsSize-1)*podsPitch+1
	if !opt.NoCoordinates {
		left, top = 3, 1
		h, w = h+2, w+4
	}
	t := newTextCanvas(opt, h, w)
	// at is the row and column of point (f, r).
	at := func(f, r int) (int, int) {
		if opt.Flip {
			f, r = podsSize-1-f, podsSize-1-r
		}
		return top + 2*(podsSize-1-r), left + podsPitch*f
	}
	// The cave's ground.
	for y := top; y < top+2*podsSize-1; y++ {
		for x := left - 1; x <= left+(podsSize-1)*podsPitch+1; x++ {
			t.put(y, x, ' ', RoleBoard, -1, "")
		}
	}
	for r := 0; r < podsSize; r++ {
		for f := 0; f < podsSize; f++ {
			row, col := at(f, r)
			// Links to the east and north neighbours as seen, and the
			// diagonal of the square above-right as seen.
			if f+1 < podsSize {
				_, c2 := at(f+1, r)
				for x := min(col, c2) + 2; x < max(col, c2)-1; x++ {
					t.put(row, x, '-', RoleLine, -1, "")
				}
			}
			if r+1 < podsSize {
				r2, _ := at(f, r+1)
				t.put((row+r2)/2, col, '|', RoleLine, -1, "")
			}
			if f+1 < podsSize && r+1 < podsSize {
				r2, c2 := at(f+1, r+1)
				ch := '\\'
				if pods.Linked(orientation, cellName(f, r), cellName(f+1, r+1)) {
					ch = '/'
				} else if !pods.Linked(orientation, cellName(f+1, r), cellName(f, r+1)) {
					ch = ' '
				}
				if ch != ' ' {
					t.put((row+r2)/2, min(col, c2)+3, ch, RoleLine, -1, "")
				}
			}
		}
	}
	for r := 0; r < podsSize; r++ {
		for f := 0; f < podsSize; f++ {
			row, col := at(f, r)
			name := cellName(f, r)
			// The point: a dot with the links through it, all of the place.
			for dx := -1; dx <= 1; dx++ {
				ch := '-'
				role := RoleLine
				switch {
				case dx == 0:
					ch, role = '.', RoleBoard
				case col+dx*podsPitch < left || col+dx*podsPitch > left+(podsSize-1)*podsPitch:
					ch, role = ' ', RoleBoard
				}
				t.put(row, col+dx, ch, role, -1, name)
			}
			t.spot(name, row, col)
			code := grid[r][f]
			if code == "" {
				continue
			}
			seat, _, ok := podOf(code)
			if !ok {
				return nil, fmt.Errorf("render pods: position %q: unknown pod %q", pos, code)
			}
			t.write(row, col, code, RolePiece, seat, name)
		}
	}
	if !opt.NoCoordinates {
		for f := 0; f < podsSize; f++ {
			_, col := at(f, 0)
			t.put(0, col, rune('a'+f), RoleCoord, -1, "")
			t.put(h-1, col, rune('a'+f), RoleCoord, -1, "")
		}
		for r := 0; r < podsSize; r++ {
			row, _ := at(0, r)
			t.put(row, 0, rune('1'+r), RoleCoord, -1, "")
			t.put(row, w-1, rune('1'+r), RoleCoord, -1, "")
		}
	}
	white, black := v.SeatName(0, opt.Lang), v.SeatName(1, opt.Lang)
	legend := []string{
		fmt.Sprintf(t.tr("Pods by code: upper case %s's, lower case %s's (Q3, q3)", "Pods par code : majuscules %s, minuscules %s (Q3, q3)"), white, black),
		t.tr(`A pod's feet follow its code, forward facing the opponent; - | \ / links`, `Les pieds suivent le code, l'avant face à l'adversaire ; - | \ / liens`),
	}
	legend = append(legend, t.tr(podsBoardWords(v, "en"), podsBoardWords(v, "fr")))
	for seat, name := range []string{white, black} {
		list := strings.ReplaceAll(strings.ToUpper(fields[1+seat]), ",", " ")
		if list == "-" {
			list = t.tr("empty", "vide")
		}
		legend = append(legend, packLines(fmt.Sprintf(t.tr("%s's reserve: ", "Réserve de %s : "), name), strings.Fields(list), " ")...)
	}
	return t.board(legend), nil
}
