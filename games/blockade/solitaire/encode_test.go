package solitaire

import (
	"math/rand/v2"
	"testing"

	"github.com/plateau-games/plateau/games/blockade/board"
)

// Encode writes what board.AppendRanks writes (runs of every length, from
// an empty board to a full one).
func TestEncodeAsAppendRanks(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	v := Variant()
	for i := 0; i < 3000; i++ {
		s := &State{v: v, ply: rng.IntN(100)}
		density := rng.IntN(5) // 0: empty board, 4: every other cell or so
		for c := range s.cells {
			if rng.IntN(4) < density {
				s.cells[c] = uint8(1 + rng.IntN(4))
			}
		}
		want := string(board.AppendRanks(nil, func(c board.Cell) string { return pieceLetters[s.cells[c]] })) + " " + itoa(s.ply)
		if got := s.Encode(); got != want {
			t.Fatalf("Encode %q, AppendRanks %q", got, want)
		}
	}
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
