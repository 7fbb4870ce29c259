package porte

import (
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/blockade/board"
)

// referenceMoves is a plain, slow reading of the rules, to check the fast
// move generator against.
func referenceMoves(s *State) []string {
	me := int(s.toMove)
	// Readings from the variant's options (DECISIONS.md, "Alternative
	// readings"): partners side by side (seats 1, 2 against 3, 4), an
	// earned entry that may be declined.
	opts := s.r.variant.Options
	adjacent, optional := opts["seating"] == "adjacent", opts["entry"] == "optional"
	opposing := func(seat int) bool {
		if adjacent {
			return seat/2 != me/2
		}
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
				if !optional {
					continue
				}
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
	var vs []*game.Variant
	for _, k := range []struct {
		n int
		t bool
	}{{2, false}, {3, false}, {4, false}, {4, true}} {
		vs = append(vs, Variant(k.n, k.t))
	}
	lockstep(t, vs, 6, 50)
}

// readingVariantsForTest are the variants of the alternative readings.
func readingVariantsForTest() []*game.Variant {
	two, three := board.Seating{Players: 2}, board.Seating{Players: 3}
	teams := board.Seating{Players: 4, Teams: true}
	return []*game.Variant{
		VariantOf(two, Readings{EntryOptional: true}), VariantOf(three, Readings{EntryOptional: true}),
		VariantOf(teams, Readings{EntryOptional: true}), VariantOf(three, Readings{OrderListed: true}),
		VariantOf(three, Readings{OrderListed: true, EntryOptional: true}),
		VariantOf(board.Adjacent, Readings{}), VariantOf(board.Adjacent, Readings{EntryOptional: true}),
	}
}

// Every reading in lockstep with the reference: a few games each here,
// PLATEAU_READINGS_GAMES=N games each by hand (thousands in all).
func TestReadingsAgainstReference(t *testing.T) {
	games := 4
	if n, err := strconv.Atoi(os.Getenv("PLATEAU_READINGS_GAMES")); err == nil && n > 0 {
		games = n
	}
	lockstep(t, readingVariantsForTest(), games, 30)
}

// lockstep plays random games of each variant, comparing the legal moves
// with the reference at every ply.
func lockstep(t *testing.T, vs []*game.Variant, games, minEntries int) {
	entries := 0
	for i, v := range vs {
		rng := rand.New(rand.NewPCG(uint64(i), 11))
		for g := 0; g < games; g++ {
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
	if entries < minEntries {
		t.Fatalf("only %d entries played: the check saw too few", entries)
	}
}
