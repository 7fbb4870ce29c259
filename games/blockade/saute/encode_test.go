package saute

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/plateau-games/plateau/games/blockade/board"
)

// Encode writes the board as board.AppendRanks writes it (runs of every
// length, from an empty board to a full one).
func TestEncodeAsAppendRanks(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	v, err := Game().Variant(Game().AllVariants()[0])
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3000; i++ {
		s := v.Start().(*State)
		s.ply = rng.IntN(1000)
		density := rng.IntN(5) // 0: an empty board
		for c := range s.cells {
			s.cells[c] = Empty
			if rng.IntN(4) < density {
				s.cells[c] = uint8(1 + rng.IntN(len(shapeLetters)-1))
			}
		}
		want := string(board.AppendRanks(nil, func(c board.Cell) string { return shapeLetters[s.cells[c]] })) +
			" " + string(seatLetters[s.toMove]) + " " + strconv.Itoa(int(s.passes)) + " " + strconv.Itoa(s.ply)
		if got := s.Encode(); got != want {
			t.Fatalf("Encode %q, AppendRanks %q", got, want)
		}
	}
}
