package solitairesolve

import (
	"context"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/blockade/board"
	"github.com/plateau-games/plateau/games/blockade/solitaire"
)

// bookSolution is the rule sheet's 23-move game, in board notation.
var bookSolution = strings.Fields("f7-f3 g7-g3 f9-f7 g9-g7 d9-f9 i9-g9 d4-f4 i4-g4 d8-d4 i8-i4 e8-e4 h8-h4 " +
	"f3-f5 g3-g5 d4-f4 f4-f6 f6-f8 f8-f10 i4-g4 g4-g6 g6-g8 g8-g10 f10-h10")

// bestSolution is the 12-move game the solver finds for the book layout,
// proven the shortest leaving one piece (docs/solve-solitaire.md).
var bestSolution = strings.Fields("f5-f10 d6-d10 e6-e10 d10-g10 h5-h3 d4-h4 h9-h5 i5-f5 g10-g5 h3-h5 d5-i5 i4-i10")

// beamSolution is the 13-move game the beam search finds.
var beamSolution = strings.Fields("h9-h3 g4-c4 d8-d4 e8-e4 f8-f4 c4-g4 d9-h9 g4-g9 i8-i10 g9-i9 i10-i8 i8-i3 h3-j3")

// bruteForce explores every game from s with the rules package alone,
// level by level, and returns the fewest pieces reachable and the fewest
// moves reaching that many. It shares no code with the solver.
func bruteForce(s *solitaire.State) (left, moves int) {
	left, moves = s.Pieces(), 0
	level := map[string]*solitaire.State{s.Encode(): s}
	for depth := 1; len(level) > 0; depth++ {
		next := map[string]*solitaire.State{}
		for _, st := range level {
			for _, m := range st.LegalMoves(nil) {
				c := st.Clone().(*solitaire.State)
				c.Apply(m)
				if c.Pieces() < left {
					left, moves = c.Pieces(), depth
				}
				next[c.Encode()] = c
			}
		}
		level = next
	}
	return left, moves
}

// randomPosition lays n pieces of random colours on random cells of a
// w x w square of the board, as a position text.
func randomPosition(rng *rand.Rand, n, w int) string {
	return randomColours(rng, n, w, 4)
}

// randomColours is randomPosition with pieces of the first k colours only.
func randomColours(rng *rand.Rand, n, w, k int) string {
	var cells [board.Cells]byte
	for placed := 0; placed < n; {
		c := board.At(3+rng.IntN(w), 3+rng.IntN(w))
		if col := "YRBG"[rng.IntN(k)]; cells[c] == 0 && strings.Count(string(cells[:]), string(col)) < 9 {
			cells[c] = col
			placed++
		}
	}
	var ranks []string
	for r := board.Size - 1; r >= 0; r-- {
		var b strings.Builder
		empty := 0
		for f := 0; f < board.Size; f++ {
			if ch := cells[board.At(f, r)]; ch != 0 {
				if empty > 0 {
					b.WriteString(strconv.Itoa(empty))
				}
				b.WriteByte(ch)
				empty = 0
			} else {
				empty++
			}
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
		ranks = append(ranks, b.String())
	}
	return strings.Join(ranks, "/") + " 0"
}

func replay(t *testing.T, start game.State, moves []string) *solitaire.State {
	t.Helper()
	m := game.NewMatch(start)
	for _, mv := range moves {
		if _, err := m.PlayNotation(mv); err != nil {
			t.Fatalf("%s does not replay: %v", mv, err)
		}
	}
	return m.State().(*solitaire.State)
}

// TestAgainstBruteForce compares the solver with an exhaustive search
// written independently, on small random positions. The beam is kept
// narrow and the table tiny so that the proof steps (targets, deepening,
// table replacement) do the work.
func TestAgainstBruteForce(t *testing.T) {
	v := solitaire.Variant()
	rng := rand.New(rand.NewPCG(1, 2))
	proved := 0
	for i := 0; i < 60; i++ {
		text := randomPosition(rng, 5+rng.IntN(6), 4+rng.IntN(2))
		s, err := solitaire.Decode(v, text)
		if err != nil {
			t.Fatal(err)
		}
		wantLeft, wantMoves := bruteForce(s)
		res, err := Solve(context.Background(), s, Options{TableBits: 8, BeamWidth: 1 + i%3})
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if !res.LeftProven || !res.MovesProven || res.Left != wantLeft || res.Moves != wantMoves {
			t.Fatalf("%s: solver %d pieces in %d moves (proven %v %v), brute force %d in %d", text,
				res.Left, res.Moves, res.LeftProven, res.MovesProven, wantLeft, wantMoves)
		}
		if res.BeamMoves != res.Moves || res.BeamLeft != res.Left {
			proved++ // the exhaustive search improved on the beam
		}
		end := replay(t, s, res.Solution)
		if end.Pieces() != wantLeft || len(res.Solution) != wantMoves || !end.Outcome().Ended() {
			t.Fatalf("%s: the solution leaves %d pieces in %d moves", text, end.Pieces(), len(res.Solution))
		}
		if res.Layout != "" || res.Position != text {
			t.Errorf("layout %q position %q", res.Layout, res.Position)
		}
	}
	if proved == 0 {
		t.Error("the beam was always optimal: the exhaustive search was not exercised")
	}
}

// TestBookEnding solves the book layout from the position after the
// book's first 10 moves: the reduced version of the full proof, which runs
// in seconds. The book takes 13 more moves from there; 9 are enough, and
// the search proves that 8 are not (docs/solve-solitaire.md).
func TestBookEnding(t *testing.T) {
	s := replay(t, solitaire.New(), bookSolution[:10])
	res, err := Solve(context.Background(), s, Options{TableBits: 22, BeamWidth: 2000})
	if err != nil {
		t.Fatal(err)
	}
	if res.Left != 1 || !res.LeftProven || !res.MovesProven || res.Moves != 9 || res.NoneWithin != 8 {
		t.Fatalf("after 10 book moves: %d pieces in %d moves (proven %v %v)", res.Left, res.Moves, res.LeftProven, res.MovesProven)
	}
	end := replay(t, s, res.Solution)
	if end.Pieces() != 1 {
		t.Fatalf("the solution leaves %d pieces", end.Pieces())
	}
	for i, b := range res.Book {
		if back, err := solitaire.FromBook(b); b != "" && (err != nil || back != res.Solution[i]) {
			t.Errorf("move %d: book %q reads back as %q (%v), want %q", i+1, b, back, err, res.Solution[i])
		}
	}
	t.Logf("after 10 book moves: 1 piece in %d moves (book: 13), %d nodes", res.Moves, res.Nodes)
}

// TestBestSolution replays the solver's answer for the book layout.
func TestBestSolution(t *testing.T) {
	if len(bestSolution) == 0 {
		t.Skip("no solution recorded")
	}
	for _, sol := range [][]string{bestSolution, beamSolution} {
		end := replay(t, solitaire.New(), sol)
		if end.Pieces() != 1 || !end.Outcome().Ended() {
			t.Fatalf("the %d-move solution leaves %d pieces", len(sol), end.Pieces())
		}
	}
}

// TestDeterministic: the same search twice gives the same node counts,
// here from the position after the book's first 12 moves.
func TestDeterministic(t *testing.T) {
	s := replay(t, solitaire.New(), bookSolution[:12])
	a, err := Solve(context.Background(), s, Options{TableBits: 16, BeamWidth: 500})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Solve(context.Background(), s, Options{TableBits: 16, BeamWidth: 500})
	if err != nil {
		t.Fatal(err)
	}
	// The book's last 11 moves are optimal.
	if a.Left != 1 || a.Moves != 11 || !a.MovesProven {
		t.Errorf("after 12 book moves: %d pieces in %d moves (proven %v)", a.Left, a.Moves, a.MovesProven)
	}
	if a.Nodes != b.Nodes || strings.Join(a.Solution, " ") != strings.Join(b.Solution, " ") {
		t.Errorf("two runs differ: %d and %d nodes, %v and %v", a.Nodes, b.Nodes, a.Solution, b.Solution)
	}
}

// TestBookFull runs the whole book-layout search (minutes to hours):
// PLATEAU_SOLITAIRE_FULL=30m go test ./solve/solitaire -run TestBookFull -v -timeout 0
// gives it 30 minutes and logs how far the proof got.
func TestBookFull(t *testing.T) {
	limit := os.Getenv("PLATEAU_SOLITAIRE_FULL")
	if limit == "" {
		t.Skip("set PLATEAU_SOLITAIRE_FULL to a duration to run the full search")
	}
	d, err := time.ParseDuration(limit)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	res, err := Solve(ctx, solitaire.New(), Options{TableBits: 25, Progress: os.Stderr})
	if err != nil {
		t.Fatal(err)
	}
	if res.Left != 1 || res.Moves > 23 || res.MovesProven && res.Moves != len(bestSolution) {
		t.Fatalf("%d pieces in %d moves", res.Left, res.Moves)
	}
	t.Logf("1 piece in %d moves; no solution within %d moves (proven: %v); %v", res.Moves, res.NoneWithin, res.MovesProven, res.Solution)
}

// fewestMoves explores every game from s with the rules package alone and
// returns, for each number of pieces t, the fewest moves reaching at most
// t pieces (-1: never). A game leaving t' pieces leaves at most t for every
// t ≥ t'; a set entry is never lowered, the depths only growing.
func fewestMoves(s *solitaire.State) []int {
	best := make([]int, s.Pieces()+1)
	for t := range best {
		best[t] = -1
	}
	best[s.Pieces()] = 0
	level := map[string]*solitaire.State{s.Encode(): s}
	for depth := 1; len(level) > 0; depth++ {
		next := map[string]*solitaire.State{}
		for _, st := range level {
			for _, m := range st.LegalMoves(nil) {
				c := st.Clone().(*solitaire.State)
				c.Apply(m)
				for t := c.Pieces(); t < len(best) && best[t] < 0; t++ {
					best[t] = depth // the first depth is the fewest moves
				}
				next[c.Encode()] = c
			}
		}
		level = next
	}
	return best
}

// TestBoundsSound checks every cut against exhaustive search: on random
// positions and the positions reached from them, whenever at most t pieces
// can be reached in m moves, no bound may claim that m moves (or more) are
// not enough. The cuts: the line cover, the removal bound with the longest
// run and with the longest stretch, the quick cover test.
func TestBoundsSound(t *testing.T) {
	v := solitaire.Variant()
	rng := rand.New(rand.NewPCG(3, 4))
	checked := 0
	tight := 0
	for i := 0; i < 150; i++ {
		text := randomPosition(rng, 5+rng.IntN(7), 4+rng.IntN(4))
		s, err := solitaire.Decode(v, text)
		if err != nil {
			t.Fatal(err)
		}
		// The start and a few positions along a random game from it.
		for st := s; ; {
			best := fewestMoves(st)
			p := newPosition(st)
			_, longest := p.jumps(nil)
			for target := 1; target < p.pieces; target++ {
				m := best[target]
				if m < 0 {
					continue
				}
				for d := m; d <= p.pieces-1; d++ {
					checked++
					if p.cover() > d+target-1 || p.coverExceeds(d+target-1) {
						t.Fatalf("%s: %d pieces in %d moves, but the cover is %d", st.Encode(), target, m, p.cover())
					}
					if p.pieces-target > removable(p, longest, d) || cheapCut(p, target, d) {
						t.Fatalf("%s: %d pieces in %d moves, but the removal bound says no within %d", st.Encode(), target, m, d)
					}
				}
				if p.cover() == m+target-1 {
					tight++
				}
			}
			if st = randomSuccessor(st, rng); st == nil {
				break
			}
		}
	}
	if tight == 0 {
		t.Error("the cover bound was never tight: the test is too weak")
	}
	t.Logf("%d checks, cover bound tight %d times", checked, tight)
}

// TestParallel: the parallel search gives the brute force's answers, and
// the same node counts on every run.
func TestParallel(t *testing.T) {
	v := solitaire.Variant()
	rng := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 30; i++ {
		text := randomPosition(rng, 7+rng.IntN(4), 5)
		s, err := solitaire.Decode(v, text)
		if err != nil {
			t.Fatal(err)
		}
		wantLeft, wantMoves := bruteForce(s)
		res, err := Solve(context.Background(), s, Options{TableBits: 8, BeamWidth: 1, Workers: 2})
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if !res.LeftProven || !res.MovesProven || res.Left != wantLeft || res.Moves != wantMoves {
			t.Fatalf("%s: solver %d pieces in %d moves (proven %v %v), brute force %d in %d", text,
				res.Left, res.Moves, res.LeftProven, res.MovesProven, wantLeft, wantMoves)
		}
		replay(t, s, res.Solution)
	}
	s := replay(t, solitaire.New(), bookSolution[:10])
	var nodes []uint64
	for run := 0; run < 2; run++ {
		res, err := Solve(context.Background(), s, Options{TableBits: 20, BeamWidth: 2000, Workers: 3})
		if err != nil {
			t.Fatal(err)
		}
		if res.Moves != 9 || !res.MovesProven {
			t.Fatalf("after 10 book moves, in parallel: %d moves (proven %v)", res.Moves, res.MovesProven)
		}
		var proof uint64
		for _, it := range res.Searches {
			if !it.Found {
				proof += it.Nodes
			}
		}
		nodes = append(nodes, proof)
	}
	if nodes[0] != nodes[1] {
		t.Errorf("the parallel proofs differ: %d and %d nodes", nodes[0], nodes[1])
	}
}

// TestColourCoverSound checks the colour cover against exhaustive search:
// whenever one piece can be left within m moves, the pieces must have a
// cover by m uses. It also checks that the colour cover sometimes cuts
// where the plain line cover does not.
func TestColourCoverSound(t *testing.T) {
	v := solitaire.Variant()
	rng := rand.New(rand.NewPCG(7, 8))
	checked, stronger := 0, 0
	for i := 0; i < 200; i++ {
		w, k := 4+rng.IntN(2), 2+rng.IntN(3)
		text := randomColours(rng, min(8+rng.IntN(w*w-10), 9*k, 14), w, k)
		s, err := solitaire.Decode(v, text)
		if err != nil {
			t.Fatal(err)
		}
		for st := s; ; {
			best := fewestMoves(st)
			p := newPosition(st)
			if m := best[1]; m > 0 {
				checked++
				if !colourCoverWithin(p, m) {
					t.Fatalf("%s: one piece in %d moves, but no colour cover by %d uses", st.Encode(), m, m)
				}
			}
			for d := 1; d < p.pieces; d++ {
				if p.cover() <= d && !colourCoverWithin(p, d) {
					stronger++
					if best[1] > 0 && best[1] <= d {
						t.Fatalf("%s: cut at %d moves, solved in %d", st.Encode(), d, best[1])
					}
				}
			}
			if st = randomSuccessor(st, rng); st == nil {
				break
			}
		}
	}
	if stronger == 0 {
		t.Error("the colour cover never cut more than the line cover: the test is too weak")
	}
	t.Logf("%d solvable positions checked; %d cuts beyond the line cover", checked, stronger)
}

// TestColourCoverSearch: the search with the colour cover gives the brute
// force's answers.
func TestColourCoverSearch(t *testing.T) {
	v := solitaire.Variant()
	rng := rand.New(rand.NewPCG(9, 10))
	for i := 0; i < 40; i++ {
		text := randomPosition(rng, 6+rng.IntN(5), 4+rng.IntN(2))
		s, err := solitaire.Decode(v, text)
		if err != nil {
			t.Fatal(err)
		}
		wantLeft, wantMoves := bruteForce(s)
		res, err := Solve(context.Background(), s, Options{TableBits: 8, BeamWidth: 1, ColourCover: true, Workers: 1 + i%2})
		if err != nil {
			t.Fatal(err)
		}
		if !res.MovesProven || res.Left != wantLeft || res.Moves != wantMoves {
			t.Fatalf("%s: solver %d pieces in %d moves (proven %v), brute force %d in %d", text,
				res.Left, res.Moves, res.MovesProven, wantLeft, wantMoves)
		}
	}
}

// TestBestEnding: from the position after the first 3 moves of the
// 12-move solution, 9 more moves are the fewest (the reduced version of
// the full proof, seconds), sequentially and on two workers.
func TestBestEnding(t *testing.T) {
	s := replay(t, solitaire.New(), bestSolution[:3])
	for _, workers := range []int{1, 2} {
		res, err := Solve(context.Background(), s, Options{TableBits: 20, BeamWidth: 2000, Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		if res.Left != 1 || !res.MovesProven || res.Moves != 9 || res.NoneWithin != 8 {
			t.Fatalf("%d workers: %d pieces in %d moves (proven %v)", workers, res.Left, res.Moves, res.MovesProven)
		}
		if end := replay(t, s, res.Solution); end.Pieces() != 1 {
			t.Fatalf("the solution leaves %d pieces", end.Pieces())
		}
		t.Logf("%d workers: 9 moves, %d nodes", workers, res.Nodes)
	}
}

// TestGamePositions compares the solver with the brute force on positions
// of real games from the book layout (the rule sheet's game and random
// games), once they are down to 16 pieces: positions spread over the
// board as in the full search, where the line cover cuts most.
// The brute force takes a few seconds in all.
func TestGamePositions(t *testing.T) {
	var positions []*solitaire.State
	for k := 14; k < len(bookSolution); k += 2 {
		positions = append(positions, replay(t, solitaire.New(), bookSolution[:k]))
	}
	rng := rand.New(rand.NewPCG(11, 12))
	for len(positions) < 40 {
		st := solitaire.New()
		for st.Pieces() > 16 {
			moves := st.LegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			st.Apply(moves[rng.IntN(len(moves))])
		}
		if st.Pieces() <= 16 && len(st.LegalMoves(nil)) > 0 {
			positions = append(positions, st)
		}
	}
	ones := 0
	for i, s := range positions {
		wantLeft, wantMoves := bruteForce(s)
		if wantLeft == 1 {
			ones++
		}
		res, err := Solve(context.Background(), s, Options{TableBits: 10, BeamWidth: 1, Workers: 1 + i%2, ColourCover: i%3 == 0})
		if err != nil {
			t.Fatal(err)
		}
		if !res.MovesProven || res.Left != wantLeft || res.Moves != wantMoves {
			t.Fatalf("%s: solver %d pieces in %d moves (proven %v), brute force %d in %d", s.Encode(),
				res.Left, res.Moves, res.MovesProven, wantLeft, wantMoves)
		}
	}
	t.Logf("%d positions, %d of them can be brought down to one piece", len(positions), ones)
}

// randomSuccessor returns a copy of st after one of its moves drawn at
// random, or nil when it has none.
func randomSuccessor(st *solitaire.State, rng *rand.Rand) *solitaire.State {
	moves := st.LegalMoves(nil)
	if len(moves) == 0 {
		return nil
	}
	next := st.Clone().(*solitaire.State)
	next.Apply(moves[rng.IntN(len(moves))])
	return next
}
