package ai

import (
	"strconv"
	"testing"

	"github.com/plateau-games/plateau/games/blockade/board"
	"github.com/plateau-games/plateau/games/blockade/empire"
)

// The round's last player about to win in one (its commandant on the file
// of its empty trône du roi, safe there from the next player) weighs far
// more than material against the searcher: medium for four stops its
// search exactly there, and lost its games to easy while it counted 0.25.
func TestEvalEmpireWinInOne(t *testing.T) {
	v := empire.Variant(4, false)
	k := empire.KingThrone(v, 3)
	dr := 3
	if k.Rank()+dr >= 12 {
		dr = -3
	}
	build := func(c3 board.Cell) *empire.State {
		t.Helper()
		pieces := map[board.Cell]string{
			board.At(0, 0): "1C", board.At(0, 11): "2C", board.At(11, 11): "3C", c3: "4C",
		}
		ranks := board.AppendRanks(nil, func(c board.Cell) string {
			if p, ok := pieces[c]; ok {
				return p
			}
			return "."
		})
		s, err := v.Position(string(ranks) + " 4 " + strconv.Itoa(20))
		if err != nil {
			t.Fatal(err)
		}
		return s.(*empire.State)
	}
	near := build(board.At(k.File(), k.Rank()+dr))
	far := build(board.At(k.File()+1, k.Rank()+dr))
	if !near.WinsAtOnce() || far.WinsAtOnce() {
		t.Fatalf("WinsAtOnce: %v on the trône's file, %v off it\n%v\n%v", near.WinsAtOnce(), far.WinsAtOnce(), near, far)
	}
	for seat := 0; seat < 3; seat++ {
		if d := evalEmpire(far, seat) - evalEmpire(near, seat); d < empireWinAtOnce-1 {
			t.Errorf("seat %d: the last player's win in one costs %.2f, want at least %.2f", seat+1, d, empireWinAtOnce-1)
		}
	}
	if d := evalEmpire(near, 3) - evalEmpire(far, 3); d < empireWinAtOnce-1 {
		t.Errorf("seat 4, to move: its win in one is worth %.2f, want at least %.2f", d, empireWinAtOnce-1)
	}
}
