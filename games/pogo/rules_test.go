package pogo_test

import (
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/internal/gametest"
	"github.com/plateau-games/plateau/games/pogo"
)

func decode(t *testing.T, text string) *pogo.State {
	t.Helper()
	s, err := pogo.Decode(text)
	if err != nil {
		t.Fatalf("decode %q: %v", text, err)
	}
	return s
}

// movesFrom lists the legal moves starting on cell, sorted.
func movesFrom(s game.State, cell string) []string {
	var out []string
	for _, m := range gametest.Legal(s) {
		if m[1:3] == cell {
			out = append(out, m)
		}
	}
	return out
}

// "Au départ, chaque joueur met sur la ligne devant lui deux pièces par case":
// Light's three stacks of two on rank 1, Dark's on rank 3; 16 opening moves.
func TestStartPosition(t *testing.T) {
	s := pogo.New()
	if got := s.Encode(); got != "DD,DD,DD/-,-,-/LL,LL,LL L 0" {
		t.Fatalf("start position %q", got)
	}
	want := "1a1-a2 1a1-b1 1b1-a1 1b1-b2 1b1-c1 1c1-b1 1c1-c2 " +
		"2a1-a3 2a1-b2 2a1-c1 2b1-a2 2b1-b3 2b1-c2 2c1-a1 2c1-b2 2c1-c3"
	if got := strings.Join(gametest.Legal(s), " "); got != want {
		t.Fatalf("opening moves:\n got %s\nwant %s", got, want)
	}
}

// "Il n'y a pas de limite à la taille des piles. Ainsi, on peut imaginer que
// sur une case il y ait 3 pièces claires, une pièce noire et deux pièces
// claires empilées. [...] S'il prend deux pièces claires, la pile de départ
// aura une pièce foncée à son sommet."
func TestTextExampleTallStack(t *testing.T) {
	// b2 holds, bottom to top, L L L D L L; the other pieces stand aside.
	s := decode(t, "DD,-,DL/-,LLLDLL,-/D,-,D L 10")
	// One, two or three pieces may leave b2.
	got := movesFrom(s, "b2")
	want := []string{"1b2-a2", "1b2-b1", "1b2-b3", "1b2-c2", "2b2-a1", "2b2-a3", "2b2-c1", "2b2-c3",
		"3b2-a2", "3b2-b1", "3b2-b3", "3b2-c2"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("moves from b2:\n got %v\nwant %v", got, want)
	}
	gametest.Play(t, s, "2b2-a1")
	// The two light pieces land on a1's dark piece in the same order, and
	// b2's top is now the dark piece.
	if got := s.Encode(); got != "DD,-,DL/-,LLLD,-/DLL,-,D D 11" {
		t.Fatalf("after 2b2-a1: %q", got)
	}
	if got := s.Stack(4); got[len(got)-1] != pogo.Dark {
		t.Fatalf("b2 is topped by %v", got)
	}
}

// "Les pièces déplacées doivent être prélevées au sommet d'une pile
// existante" and "La pièce au sommet de l'ensemble déplacé doit être de sa
// couleur": only the top of a stack moves, and only if the mover tops it.
func TestOnlyOwnTopsMove(t *testing.T) {
	// a1: L under D (Dark's), b1: D under L (Light's).
	s := decode(t, "DD,-,DD/-,-,LL/LD,DL,LL L 3")
	if got := movesFrom(s, "a1"); len(got) != 0 {
		t.Fatalf("Light may not move from a stack Dark tops: %v", got)
	}
	if _, err := s.ParseMove("1a1-a2"); err == nil || !strings.Contains(err.Error(), "top piece of a1") {
		t.Fatalf("moving Dark's stack: %v", err)
	}
	// The two pieces of b1 (D under L) leave as a block: Dark's piece goes
	// along under Light's although Light does not own it.
	if got := movesFrom(s, "b1"); !contains(got, "2b1-b3") {
		t.Fatalf("2b1-b3 missing: %v", got)
	}
	gametest.Play(t, s, "2b1-b3")
	if got := s.Encode(); got != "DD,DL,DD/-,-,LL/LD,-,LL D 4" {
		t.Fatalf("after 2b1-b3: %q", got)
	}
}

func contains(list []string, x string) bool {
	for _, y := range list {
		if y == x {
			return true
		}
	}
	return false
}

// "L'ensemble déplacé doit bouger du même nombre de cases que le nombre
// d'éléments dont il est constitué [...] en ligne ou en colonne (pas de
// diagonale) [...] Dans les deux derniers cas, le déplacement peut se faire
// en coude", and the three-piece moves of the lost figures, among them the
// U-shaped one back next to the start.
func TestStepsEqualPieces(t *testing.T) {
	// A single light stack of three on a1 (the rest out of the way on c3).
	s := decode(t, "-,-,LLLDDDDDD/-,-,-/LLL,-,- L 0")
	want := []string{
		"1a1-a2", "1a1-b1", // one piece, one step
		"2a1-a3", "2a1-b2", "2a1-c1", // two pieces, two steps, straight or bent
		"3a1-a2", "3a1-b1", "3a1-b3", "3a1-c2", // three pieces: three steps, or a U back next to a1
	}
	if got := movesFrom(s, "a1"); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("moves from a1:\n got %v\nwant %v", got, want)
	}
	// From the centre three pieces cannot go three cells away: only the U.
	s = decode(t, "-,-,LLLDDDDDD/-,LLL,-/-,-,- L 0")
	if got := movesFrom(s, "b2"); !contains(got, "3b2-a2") || contains(got, "3b2-a1") {
		t.Fatalf("moves from b2: %v", got)
	}
	// No diagonal single step, no move to the own cell.
	for _, bad := range []string{"1a1-b2", "2a1-a1", "3a1-c3"} {
		s := decode(t, "-,-,LLLDDDDDD/-,-,-/LLL,-,- L 0")
		if _, err := s.ParseMove(bad); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

// The count may be omitted when only one block can make the trip; a trip
// that one or three pieces can make must say which.
func TestNotationShortForms(t *testing.T) {
	s := decode(t, "-,-,LLLDDDDDD/-,-,-/LLL,-,- L 0")
	if m, err := s.ParseMove("a1-c1"); err != nil || s.MoveString(m) != "2a1-c1" {
		t.Fatalf("a1-c1: %v", err)
	}
	if _, err := s.ParseMove("a1-b1"); err == nil || !strings.Contains(err.Error(), "1a1-b1 or 3a1-b1") {
		t.Fatalf("a1-b1 should be ambiguous: %v", err)
	}
	if m, err := s.ParseMove(" 3 A1 - B1 "); err != nil || s.MoveString(m) != "3a1-b1" {
		t.Fatalf("spaced upper-case move: %v", err)
	}
	for _, bad := range []string{"", "4a1-b1", "0a1-b1", "a1", "a1-d1", "x", "2a1c1c1"} {
		if _, err := s.ParseMove(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// "Dès qu'un joueur contrôle toutes les piles [...] il gagne immédiatement."
func TestImmediateWin(t *testing.T) {
	// Light tops a1, b1 and c2; Dark tops only c3, which 1c2-c3 covers.
	s := decode(t, "-,-,DDDDD/-,-,DLL/LL,LL,- L 20")
	gametest.Play(t, s, "1c2-c3")
	o := s.Outcome()
	if o.Status != game.Win || !o.Won(pogo.Light) || o.Won(pogo.Dark) || s.ToMove() != -1 {
		t.Fatalf("outcome %+v, to move %d", o, s.ToMove())
	}
	if len(s.LegalMoves(nil)) != 0 {
		t.Fatal("moves after the win")
	}
	// A position where the side to move already tops everything cannot arise.
	if _, err := pogo.Decode("-,-,DDDDDL/-,-,DL/LL,LL,- L 20"); err == nil {
		t.Fatal("impossible position accepted")
	}
}

// Threefold repetition (a software rule): shuffling a piece back and forth
// draws on the third occurrence of the position.
func TestThreefoldRepetition(t *testing.T) {
	m := game.NewMatch(pogo.New())
	seq := []string{"1a1-a2", "1a3-b3", "1a2-a1", "1b3-a3"}
	for round := 0; round < 2; round++ {
		for _, mv := range seq {
			if m.Outcome().Ended() {
				t.Fatalf("ended early at %s in round %d", mv, round)
			}
			if _, err := m.PlayNotation(mv); err != nil {
				t.Fatal(err)
			}
		}
	}
	o := m.Outcome()
	if o.Status != game.Draw || o.Reason != "threefold repetition" {
		t.Fatalf("after the start position's third occurrence: %+v", o)
	}
	if len(m.LegalMoves(nil)) != 0 || m.ToMove() != -1 {
		t.Fatal("moves after the draw")
	}
	if err := m.Undo(1); err != nil || m.Outcome().Ended() {
		t.Fatalf("undo: %v %+v", err, m.Outcome())
	}
}

// The ply limit (a software rule) draws at ply 400.
func TestPlyLimit(t *testing.T) {
	s := decode(t, "DD,DD,DD/-,-,-/LL,LL,LL L 399")
	m := game.NewMatch(s)
	if _, err := m.PlayNotation("1a1-a2"); err != nil {
		t.Fatal(err)
	}
	if o := m.Outcome(); o.Status != game.Draw || o.Reason != "ply limit" {
		t.Fatalf("at ply 400: %+v", o)
	}
}

func TestBadPositions(t *testing.T) {
	for _, bad := range []string{
		"", "DD,DD,DD/-,-,-/LL,LL,LL", "DD,DD,DD/-,-,-/LL,LL,LL X 0",
		"DD,DD,DD/-,-,-/LL,LL,L L 0", "DD,DD,DD/-,-/LL,LL,LL L 0",
		"DD,DD,DD/-,-,-/LL,LL,LX L 0", "DD,DD,DD/-,-,-/LL,LL,LL L -1",
		"DD,DD,DD/,-,-/LL,LL,LL L 0",
	} {
		if _, err := pogo.Decode(bad); err == nil {
			t.Errorf("%q accepted", bad)
		} else if err.Error() == "" {
			t.Errorf("%q: empty error", bad)
		}
	}
}
