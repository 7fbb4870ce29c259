package porte

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/blockade/board"
)

// referenceMoves is a plain, slow reading of the rules, to check the fast
// move generator against.
func referenceMoves(s *State) []string {
	me := int(s.toMove)
	opposing := func(seat int) bool {
		return seat != me && !(s.r.teams && seat%2 == me%2)
	}
	canMove := func(c board.Cell) bool {
		for q := board.Cell(0); q < board.Cells; q++ {
			if q != c && (q.File() == c.File() || q.Rank() == c.Rank()) && s.cells[q] == 0 && !q.IsCircle() {
				return true
			}
		}
		return false
	}
	// Door rule.
	var bound []board.Cell
	free := true
	for c := board.Cell(0); c < board.Cells; c++ {
		if v := s.cells[c]; v == 0 || pieceSeat(v) != me || !c.IsCircle() {
			continue
		}
		n := 0
		for _, q := range board.SectionCells(c.Section()) {
			if v := s.cells[q]; v != 0 && opposing(pieceSeat(v)) {
				n++
			}
		}
		if n >= 2 {
			bound = append(bound, c)
			if canMove(c) {
				free = false
			}
		}
	}
	var out []string
	for c := board.Cell(0); c < board.Cells; c++ {
		v := s.cells[c]
		if v == 0 || pieceSeat(v) != me || (!free && !slices.Contains(bound, c)) {
			continue
		}
		for q := board.Cell(0); q < board.Cells; q++ {
			if q == c || (q.File() != c.File() && q.Rank() != c.Rank()) || s.cells[q] != 0 || q.IsCircle() {
				continue
			}
			earned := false
			for x := 0; x < s.r.players; x++ {
				if !opposing(x) {
					continue
				}
				for i := 0; i < board.Size; i++ {
					for j := 0; j < board.Size; j++ {
						p1, p2 := board.At(i, q.Rank()), board.At(q.File(), j) // on q's rank, on q's file
						a, b := s.cells[p1], s.cells[p2]
						if a == 0 || b == 0 || pieceSeat(a) != x || pieceSeat(b) != x {
							continue
						}
						sa, sb, sm := pieceShape(a), pieceShape(b), pieceShape(v)
						if sa != sb && sa != sm && sb != sm {
							earned = true
						}
					}
				}
			}
			d := board.Circle(q.Section())
			name := q.String()
			if earned && (s.cells[d] == 0 || d == c) && (s.reserve[me][0] > 0 || s.reserve[me][1] > 0) {
				if s.reserve[me][0] > 0 {
					out = append(out, c.String()+"-"+name+"+T")
				}
				if s.reserve[me][1] > 0 {
					out = append(out, c.String()+"-"+name+"+S")
				}
				continue
			}
			out = append(out, c.String()+"-"+name)
		}
	}
	if len(out) == 0 {
		out = append(out, "pass")
	}
	slices.Sort(out)
	return out
}

func TestAgainstReference(t *testing.T) {
	entries := 0
	for _, k := range []struct {
		n int
		t bool
	}{{2, false}, {3, false}, {4, false}, {4, true}} {
		v := Variant(k.n, k.t)
		rng := rand.New(rand.NewPCG(uint64(k.n), 11))
		for g := 0; g < 6; g++ {
			s := v.Start().(*State)
			for ply := 0; ply < 600 && !s.Outcome().Ended(); ply++ {
				got := legal(s)
				slices.Sort(got)
				if want := referenceMoves(s); !slices.Equal(got, want) {
					t.Fatalf("%s at %q:\ngot  %v\nwant %v", v, s.Encode(), got, want)
				}
				moves := s.LegalMoves(nil)
				m := moves[rng.IntN(len(moves))]
				if m != game.Pass {
					if _, _, e := moveParts(m); e != entryNone {
						entries++
					}
				}
				s.Apply(m)
			}
		}
	}
	if entries < 50 {
		t.Fatalf("only %d entries played: the check saw too few", entries)
	}
}
