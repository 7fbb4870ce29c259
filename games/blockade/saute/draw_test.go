package saute

import (
	"testing"

	"github.com/plateau-games/plateau/games/blockade/board"
)

// draw must look exactly like the shared board.Draw.
func TestDrawMatchesBoard(t *testing.T) {
	glyph := func(c int) (byte, byte) {
		if c%7 == 0 {
			return 'B', 't'
		}
		return 0, 0
	}
	want := board.Draw(func(c board.Cell) string {
		if a, b := glyph(int(c)); a != 0 {
			return string([]byte{a, b})
		}
		return ""
	})
	if got := draw(glyph); got != want {
		t.Fatalf("draw:\n%s\nboard.Draw:\n%s", got, want)
	}
}
