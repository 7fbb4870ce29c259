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

// bestSolution is the 13-move game the solver finds for the book layout
// (docs/solve-solitaire.md).
var bestSolution = strings.Fields("h9-h3 g4-c4 d8-d4 e8-e4 f8-f4 c4-g4 d9-h9 g4-g9 i8-i10 g9-i9 i10-i8 i8-i3 h3-j3")

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
	var cells [board.Cells]byte
	for placed := 0; placed < n; {
		c := board.At(3+rng.IntN(w), 3+rng.IntN(w))
		if cells[c] == 0 {
			cells[c] = "YRBG"[rng.IntN(4)]
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
	end := replay(t, solitaire.New(), bestSolution)
	if end.Pieces() != 1 || !end.Outcome().Ended() {
		t.Fatalf("the %d-move solution leaves %d pieces", len(bestSolution), end.Pieces())
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
	if res.Left != 1 || res.Moves > 23 {
		t.Fatalf("%d pieces in %d moves", res.Left, res.Moves)
	}
	t.Logf("1 piece in %d moves; no solution within %d moves (proven: %v); %v", res.Moves, res.NoneWithin, res.MovesProven, res.Solution)
}
