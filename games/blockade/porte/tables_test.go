package porte

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/blockade/board"
)

// plainLegalMoves is the move generator LegalMoves replaced (neighbours
// walked one by one, entries asked of entries), kept to check the
// table-driven one.
func (s *State) plainLegalMoves() []game.Move {
	var buf []game.Move
	me := int(s.toMove)
	l := &s.lines
	doors := s.doors
	for c := 0; c < board.Cells; c++ {
		v := s.cells[c]
		if v == 0 || pieceSeat(v) != me {
			continue
		}
		if doors != 0 && (!isCircle[c] || doors&(1<<board.Cell(c).Section()) == 0) {
			continue
		}
		for d := 0; d < 4; d++ {
			for to := int(next[c][d]); to >= 0; to = int(next[to][d]) {
				if s.cells[to] != 0 || isCircle[to] {
					continue
				}
				t, sq := s.entries(l, me, c, to)
				if t {
					buf = append(buf, mkMove(c, to, entryT))
				}
				if sq {
					buf = append(buf, mkMove(c, to, entryS))
				}
				if (!t && !sq) || s.r.readings.EntryOptional {
					buf = append(buf, mkMove(c, to, entryNone))
				}
			}
		}
	}
	if len(buf) == 0 {
		buf = append(buf, game.Pass)
	}
	return buf
}

// The table-driven generator agrees with the plain generator on random games of
// every variant and of the optional-entry reading, and on boards of random
// pieces (doors taken or not, every shape beside every other).
func TestFastPathsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	optional, err := game.NewVariant("porte", game.Options{"players": "3", "entry": "optional"})
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []*game.Variant{Variant(2, false), Variant(3, false), Variant(4, false), Variant(4, true), optional} {
		for g := 0; g < 20; g++ {
			s := v.Start().(*State)
			for !s.Outcome().Ended() && s.Ply() < v.PlyLimit {
				moves := s.LegalMoves(nil)
				if want := s.plainLegalMoves(); !slices.Equal(moves, want) {
					t.Fatalf("%s at %q: LegalMoves %v, plain %v", v, s.Encode(), moves, want)
				}
				s.Apply(moves[rng.IntN(len(moves))])
			}
		}
		r := v.Start().(*State).r
		for i := 0; i < 2000; i++ {
			s := &State{r: r, toMove: uint8(rng.IntN(r.players))}
			for c := range s.cells {
				if rng.IntN(4) == 0 {
					s.cells[c] = piece(rng.IntN(r.players), board.Shape(1+rng.IntN(3)))
				}
			}
			for seat := range s.reserve {
				s.reserve[seat] = [2]uint8{uint8(rng.IntN(2)), uint8(rng.IntN(2))}
			}
			s.derive()
			if got, want := s.LegalMoves(nil), s.plainLegalMoves(); !slices.Equal(got, want) {
				t.Fatalf("%s, random board %q: LegalMoves %v, plain %v", v, s.Encode(), got, want)
			}
		}
	}
}

// Encode writes the board as board.AppendRanks writes it (runs of every
// length, from an empty board to a full one).
func TestEncodeAsAppendRanks(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 3000; i++ {
		r := Variant(2+rng.IntN(3), false).Start().(*State).r
		s := &State{r: r, toMove: uint8(rng.IntN(r.players)), ply: rng.IntN(1000)}
		density := rng.IntN(5) // 0: an empty board
		for c := range s.cells {
			if rng.IntN(4) < density {
				s.cells[c] = piece(rng.IntN(r.players), board.Shape(1+rng.IntN(3)))
			}
		}
		want := string(board.AppendRanks(nil, func(c board.Cell) string { return r.letters[s.cells[c]] })) +
			" " + string(colourLetters[r.colours[s.toMove]]) + " " + strconv.Itoa(s.ply)
		if got := s.Encode(); got != want {
			t.Fatalf("Encode %q, AppendRanks %q", got, want)
		}
	}
}
