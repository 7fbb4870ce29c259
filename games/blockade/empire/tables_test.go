package empire

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/blockade/board"
)

// plainLegalMoves is the move generator LegalMoves replaced (files and
// ranks computed cell by cell), kept to check the table-driven one.
func (s *State) plainLegalMoves() []game.Move {
	var buf []game.Move
	me := int(s.next)
	for c := board.Cell(0); c < board.Cells; c++ {
		p := s.cells[c]
		if p == 0 || codeSeat(p) != me {
			continue
		}
		f0, r0 := c.File(), c.Rank()
		for _, d := range dirs {
			f, rk := f0+d[0], r0+d[1]
			for dist := 1; board.OnBoard(f, rk); dist++ {
				t := board.At(f, rk)
				if q := s.cells[t]; q == 0 || (s.r.opposed(me, codeSeat(q)) && captureDistance(codeShape(p), dist)) {
					buf = append(buf, encodeMove(c, t))
				}
				f, rk = f+d[0], rk+d[1]
			}
		}
	}
	if len(buf) == 0 {
		buf = append(buf, game.Pass)
	}
	return buf
}

// plainActiveMask is activeMask cell by cell.
func (s *State) plainActiveMask() uint8 {
	var m uint8
	for _, p := range s.cells {
		if p != 0 && codeShape(p) == Commandant {
			m |= 1 << uint(codeSeat(p))
		}
	}
	return m
}

// The tables and word tricks of the fast paths agree with the plain code
// on random games of every variant, and on boards of random pieces (every
// seat and shape on every cell, commandants side by side).
func TestFastPathsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, v := range []*game.Variant{Variant(2, false), Variant(3, false), Variant(4, false), Variant(4, true)} {
		for g := 0; g < 20; g++ {
			s := v.Start().(*State)
			for !s.Outcome().Ended() && s.Ply() < v.PlyLimit {
				moves := s.LegalMoves(nil)
				if want := s.plainLegalMoves(); !slices.Equal(moves, want) {
					t.Fatalf("%s at %q: LegalMoves %v, plain %v", v, s.Encode(), moves, want)
				}
				if got, want := s.activeMask(), s.plainActiveMask(); got != want {
					t.Fatalf("%s at %q: activeMask %b, plain %b", v, s.Encode(), got, want)
				}
				s.Apply(moves[rng.IntN(len(moves))])
			}
		}
		r := v.Start().(*State).r
		for i := 0; i < 2000; i++ {
			s := &State{r: r, next: int8(rng.IntN(r.players))}
			for c := range s.cells {
				if rng.IntN(3) == 0 {
					s.cells[c] = pieceCode(rng.IntN(r.players), board.Shape(1+rng.IntN(3)))
				}
			}
			if got, want := s.LegalMoves(nil), s.plainLegalMoves(); !slices.Equal(got, want) {
				t.Fatalf("%s, random board %q: LegalMoves %v, plain %v", v, s.Encode(), got, want)
			}
			if got, want := s.activeMask(), s.plainActiveMask(); got != want {
				t.Fatalf("%s, random board %q: activeMask %b, plain %b", v, s.Encode(), got, want)
			}
		}
	}
}
