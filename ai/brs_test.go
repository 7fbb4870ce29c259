package ai

import (
	"context"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/blockade/board"
	"github.com/plateau-games/plateau/games/blockade/empire"
)

// With best-reply search the opponents who do not reply play a default
// move. Were a default allowed to take a piece, the first opponent's
// default could take the piece of the last opponent that threatens the
// searcher's commandant, and the search would not see the commandant
// taken within the round: here South-West (to move) has its commandant on
// d4 under South-East's archer on h4, North-West's cavalier on h7 can
// take that archer (and its history is made to rate that capture best),
// and South-West can take North-East's commandant on f9, and its army,
// instead of saving its own. Hard for four must save it.
func TestBRSDefaultsTakeNothing(t *testing.T) {
	v := empire.Variant(4, false)
	pieces := map[board.Cell]string{
		board.At(3, 3): "1C", board.At(2, 8): "1T", board.At(0, 0): "1S",
		board.At(0, 11): "2C", board.At(7, 6): "2T",
		board.At(5, 8): "3C", board.At(11, 10): "3S", board.At(10, 11): "3T",
		board.At(11, 0): "4C", board.At(7, 3): "4S",
	}
	ranks := board.AppendRanks(nil, func(c board.Cell) string {
		if p, ok := pieces[c]; ok {
			return p
		}
		return "."
	})
	s, err := v.Position(string(ranks) + " 1 20")
	if err != nil {
		t.Fatal(err)
	}
	st := s.(*empire.State)
	// h7xh4, North-West's (the rules pack from | to<<8).
	takeArcher := game.Move(uint64(board.At(7, 6)) | uint64(board.At(7, 3))<<8)
	spec, _, err := LevelSpecFor(v, "hard")
	if err != nil || !strings.Contains(spec, "brs=true") {
		t.Fatalf("hard for four is %q (%v), want a best-reply search", spec, err)
	}
	a, err := New(spec, v, 1)
	if err != nil {
		t.Fatal(err)
	}
	ab := a.(*AlphaBeta)
	ab.history[1][historyIndex(takeArcher)] = 1 << 28
	m := game.NewMatch(s)
	mv, err := ab.Choose(context.Background(), m)
	if err != nil {
		t.Fatal(err)
	}
	after := st.Clone().(*empire.State)
	after.Apply(mv)
	cmd := board.NoCell
	for c := board.Cell(0); c < board.Cells; c++ {
		if seat, shape := after.Piece(c); seat == 0 && shape == empire.Commandant {
			cmd = c
		}
	}
	for seat := 1; seat < 4; seat++ {
		if cmd == board.NoCell || after.CanCapture(seat, cmd) {
			t.Fatalf("hard for four played %s: seat %d can take its commandant\n%v", st.MoveString(mv), seat+1, after)
		}
	}
}

// brs=true is read, named, and refused when it is not a boolean.
func TestBRSSpec(t *testing.T) {
	v := empire.Variant(4, false)
	a, err := New("alphabeta:depth=2,brs=true", v, 1)
	if err != nil || a.Name() != "alphabeta:depth=2,brs=true" || !a.(*AlphaBeta).brs {
		t.Fatalf("brs=true: %v, %v", a, err)
	}
	if _, err := New("alphabeta:depth=2,brs=often", v, 1); err == nil || !strings.Contains(err.Error(), "true or false") {
		t.Errorf("brs=often: %v, want an error saying true or false", err)
	}
	// With two sides there is no round to search by best replies.
	a, err = New("alphabeta:depth=2,brs=true", empire.Variant(2, false), 1)
	if err != nil || a.(*AlphaBeta).brs {
		t.Errorf("two players: brs set (%v)", err)
	}
}
