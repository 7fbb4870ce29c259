package board

import (
	"fmt"
	"strconv"

	"github.com/plateau-games/plateau/game"
)

// AppendRanks appends the board part of a position text to b: the ranks
// from 12 down to 1 separated by "/", each from file a to l. piece gives
// the letters of the piece on c, or "" for an empty cell; each run of empty
// cells is written as its length (1 to 12). A game that writes every empty
// cell (as ".") returns that letter for it, and no run is written.
func AppendRanks(b []byte, piece func(c Cell) string) []byte {
	for r := Size - 1; r >= 0; r-- {
		run := 0
		for f := 0; f < Size; f++ {
			p := piece(At(f, r))
			if p == "" {
				run++
				continue
			}
			if run > 0 {
				b = strconv.AppendInt(b, int64(run), 10)
				run = 0
			}
			b = append(b, p...)
		}
		if run > 0 {
			b = strconv.AppendInt(b, int64(run), 10)
		}
		if r > 0 {
			b = append(b, '/')
		}
	}
	return b
}

// AppendCellRanks writes what AppendRanks writes, for a board kept as one
// byte a cell in the board's order (cells[At(f, r)]), 0 for an empty cell:
// the piece of value v is written letters[v]. It makes no call per cell:
// the games that keep such boards write their position texts on every
// check of the conformance suite.
func AppendCellRanks(b []byte, cells *[Cells]uint8, letters []string) []byte {
	for r := Size - 1; r >= 0; r-- {
		run := 0
		for _, v := range cells[r*Size : (r+1)*Size] {
			if v == 0 {
				run++
				continue
			}
			if run > 0 {
				b, run = appendRun(b, run), 0
			}
			b = append(b, letters[v]...)
		}
		if run > 0 {
			b = appendRun(b, run)
		}
		if r > 0 {
			b = append(b, '/')
		}
	}
	return b
}

// appendRun appends the length of a run of empty cells, 1 to 12.
func appendRun(b []byte, run int) []byte {
	if run >= 10 {
		return append(b, '1', byte('0'+run-10))
	}
	return append(b, byte('0'+run))
}

// ReadRank reads rank r (from 0) of a position text written by AppendRanks
// with one letter a piece: files a to l, a number from 1 to 12 for each run
// of empty cells. letter gives the value of a piece letter (ok false for a
// byte that is none), which ReadRank puts on the piece's cell in cells.
// The errors begin with form, what a position text looks like; one for a
// byte that is neither a piece letter nor a number names the piece letters
// with what (e.g. "S, T").
func ReadRank(cells *[Cells]uint8, text string, r int, form, what string, letter func(byte) (uint8, bool)) error {
	f := 0
	for j := 0; j < len(text) && f <= Size; j++ {
		ch := text[j]
		if ch >= '1' && ch <= '9' {
			n := int(ch - '0')
			if n == 1 && j+1 < len(text) && text[j+1] >= '0' && text[j+1] <= '2' {
				n = 10 + int(text[j+1]-'0')
				j++
			}
			f += n
			continue
		}
		x, ok := letter(ch)
		if !ok {
			return fmt.Errorf("%s; rank %d has %q, which is neither %s nor a number", form, r+1, ch, what)
		}
		if f < Size {
			cells[At(f, r)] = x
		}
		f++
	}
	if f != Size {
		return fmt.Errorf("%s; rank %d (%s) does not describe exactly 12 cells", form, r+1, game.Quote(text))
	}
	return nil
}
