package board

import (
	"math/rand/v2"
	"testing"
)

// AppendCellRanks writes what AppendRanks writes for the same cells, on
// boards from empty to full (runs of every length, at the start, middle
// and end of a rank) and letters of one and two bytes.
func TestAppendCellRanksIsAppendRanks(t *testing.T) {
	letters := []string{"", "S", "T", "rC"}
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 500; n++ {
		var cells [Cells]uint8
		fill := rng.IntN(101)
		for c := range cells {
			if rng.IntN(100) < fill {
				cells[c] = uint8(1 + rng.IntN(len(letters)-1))
			}
		}
		want := string(AppendRanks(nil, func(c Cell) string { return letters[cells[c]] }))
		if got := string(AppendCellRanks(nil, &cells, letters)); got != want {
			t.Fatalf("board %d: %q, want %q", n, got, want)
		}
	}
}
