package polygone_test

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/internal/gametest"
	"github.com/plateau-games/plateau/games/polygone"
)

// Spare segments that keep each player above the five segments that would
// mean seven captures, far from where a test plays: a White tree at C1 and a
// Black tree at C6.
const (
	whiteSpare = "C1-B1,C1-D1,C1-C2,D1-E1,D1-D2,D2-E2"
	blackSpare = "C6-B5,C6-D5,C6-C5,D5-E4,D5-D4,D4-E3"
)

// position builds a position text: segment lists, side to move (W or B) and
// a ply of the right parity.
func position(white, black, side string) string {
	ply := 20
	if side == "B" {
		ply = 21
	}
	return fmt.Sprintf("%s %s %s 0 %d", white, black, side, ply)
}

func decode(t *testing.T, text string) *polygone.State {
	t.Helper()
	s, err := polygone.Decode(text)
	if err != nil {
		t.Fatalf("decode %q: %v", text, err)
	}
	return s
}

// turnsOf lists, sorted, the legal moves of the segment on edge seg.
func turnsOf(t *testing.T, s game.State, seg string) []string {
	t.Helper()
	want, ok := polygone.ParseEdge(seg)
	if !ok {
		t.Fatalf("bad edge %s", seg)
	}
	var out []string
	for _, m := range game.LegalNotations(s) {
		first, _, _ := strings.Cut(m, "/")
		if e, _ := polygone.ParseEdge(first); e == want {
			out = append(out, m)
		}
	}
	sort.Strings(out)
	return out
}

func same(t *testing.T, what string, got []string, want ...string) {
	t.Helper()
	got = append([]string(nil), got...)
	sort.Strings(got)
	sort.Strings(want)
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("%s:\n got %v\nwant %v", what, got, want)
	}
}

// board returns the segment lists of a position (its first two fields).
func board(s game.State) string {
	f := strings.Fields(s.Encode())
	return f[0] + " " + f[1]
}

// lists gives the segment lists of a position text, in the engine's order.
func lists(t *testing.T, white, black string) string {
	t.Helper()
	return board(polygone.RawBoard(white + " " + black))
}

// without removes segments from a comma-separated list.
func without(list string, segs ...string) string {
	var out []string
	for _, item := range strings.Split(list, ",") {
		e, _ := polygone.ParseEdge(item)
		keep := true
		for _, s := range segs {
			if f, _ := polygone.ParseEdge(s); f == e {
				keep = false
			}
		}
		if keep {
			out = append(out, item)
		}
	}
	if len(out) == 0 {
		return "-"
	}
	return strings.Join(out, ",")
}

// Figure 1 (reconstruction): the start position, White to move, Black the
// mirror image of White, 27 opening moves.
func TestStartPosition(t *testing.T) {
	s := polygone.New()
	want := "B1-A1,B1-B2,B2-A2,C1-B1,C1-C2,C1-D1,C2-B2,C2-C3,C2-D2,D1-D2,D1-E1,D2-E2 " +
		"A3-B4,A4-B5,B4-B5,B4-C5,B5-C6,C4-C5,C5-C6,D4-C5,D4-D5,D5-C6,E3-D4,E4-D5 W 0 0"
	if got := s.Encode(); got != want {
		t.Fatalf("start position\n got %s\nwant %s", got, want)
	}
	if s.Encode() != polygone.StartText {
		t.Fatal("StartText differs from the start position")
	}
	// Black's segments are White's under x -> 10 - x: A1<->A4, B1<->B5, C1<->C6...
	mirror := func(h string) string {
		n := map[byte]int{'A': 4, 'B': 5, 'C': 6, 'D': 5, 'E': 4}[h[0]]
		return fmt.Sprintf("%c%d", h[0], n+1-int(h[1]-'0'))
	}
	var mirrored []string
	for _, seg := range strings.Split(strings.Fields(want)[0], ",") {
		a, b, _ := strings.Cut(seg, "-")
		mirrored = append(mirrored, mirror(a)+"-"+mirror(b))
	}
	if got, want := lists(t, "-", strings.Join(mirrored, ",")), "- "+strings.Fields(want)[1]; got != want {
		t.Fatalf("Black is not White's mirror image:\n got %s\nwant %s", got, want)
	}
	if s.ToMove() != polygone.White || s.Outcome().Ended() || s.Captured(0) != 0 || s.Captured(1) != 0 {
		t.Fatalf("start: to move %d, outcome %+v", s.ToMove(), s.Outcome())
	}
	same(t, "opening moves", game.LegalNotations(s),
		"A1-B1/A1-B2", "A1-B1/A1-A2", "B2-B1/B2-A1", "B2-A2/B2-C3", "B2-A2/B2-B3", "A2-B2/A2-B3",
		"A2-B2/A2-A3", "B1-C1/B1-C2", "C2-C1/C2-D1", "C2-C1/C2-B1", "D1-C1/D1-C2", "B2-C2/B2-C3",
		"B2-C2/B2-B3", "C3-C2/C3-D2", "C3-C2/C3-D3", "C3-C2/C3-C4", "C3-C2/C3-B3", "C3-C2/C3-B2",
		"D2-C2/D2-D3", "D2-C2/D2-C3", "D2-D1/D2-E1", "E1-D1/E1-E2", "E1-D1/E1-D2", "D2-E2/D2-D3",
		"D2-E2/D2-C3", "E2-D2/E2-E3", "E2-D2/E2-D3")
}

// Perft from the start (depth 1: the 27 opening moves). Depths 1 to 3 are
// also checked against the independent model in model_test.go.
func TestPerftStart(t *testing.T) {
	want := []uint64{1, 27, 726, 20_628, 581_466}
	for depth, n := range want {
		if depth == 4 && testing.Short() {
			break
		}
		if got := game.Perft(polygone.New(), depth); got != n {
			t.Errorf("perft(%d) = %d, want %d", depth, got, n)
		}
	}
}

// Figures 2 and 4: "Les segments des joueurs ne se déplacent que dans un seul
// sens [...] Le recul n'est pas autorisé." A lone segment turns about either
// end; the moving end may go forward or stay level, never back.
func TestFigure2ForwardAndBackwardSwings(t *testing.T) {
	// Black B3-C4 alone in the middle: about B3 the end C4 (x 6) may go to
	// A2, A3 (level), B2 or C3, not to B4 (x 7); about C4 the end B3 (x 5)
	// may go to C3 or D3 (level), not to B4, C5 or D4.
	s := decode(t, position(whiteSpare, blackSpare+",B3-C4", "B"))
	same(t, "moves of Black B3-C4", turnsOf(t, s, "B3-C4"),
		"B3-C4/B3-A2", "B3-C4/B3-A3", "B3-C4/B3-B2", "B3-C4/B3-C3", "C4-B3/C4-C3", "C4-B3/C4-D3")
	for _, back := range []string{"B3-C4/B3-B4", "C4-B3/C4-B4", "C4-B3/C4-C5", "C4-B3/C4-D4"} {
		gametest.Refuses(t, s, back, "would go back")
	}
	// The same for White, mirrored: White B3-C3 goes right.
	s = decode(t, position(whiteSpare+",B3-C3", blackSpare, "W"))
	same(t, "moves of White B3-C3", turnsOf(t, s, "B3-C3"),
		"B3-C3/B3-A2", "B3-C3/B3-A3", "B3-C3/B3-B4", "B3-C3/B3-C4", "C3-B3/C3-C4", "C3-B3/C3-D3")
	for _, back := range []string{"B3-C3/B3-B2", "C3-B3/C3-B2", "C3-B3/C3-C2", "C3-B3/C3-D2"} {
		gametest.Refuses(t, s, back, "would go back")
	}
}

// Figure 4: with Black segments 1 (C3-C4) and 2 (C3-B3), segment 1 has 4
// moves: about C3 to B2, C2, D2 and D3 (segment 2 takes B3 and the way
// round below is free); every move about C4 goes back.
func TestFigure4FourMoves(t *testing.T) {
	s := decode(t, position(whiteSpare, blackSpare+",C3-C4,C3-B3", "B"))
	same(t, "moves of segment 1", turnsOf(t, s, "C3-C4"),
		"C3-C4/C3-B2", "C3-C4/C3-C2", "C3-C4/C3-D2", "C3-C4/C3-D3")
	gametest.Refuses(t, s, "C3-C4/C3-B3", "is taken")
	for _, back := range []string{"C4-C3/C4-B3", "C4-C3/C4-B4", "C4-C3/C4-C5", "C4-C3/C4-D4", "C4-C3/C4-D3"} {
		gametest.Refuses(t, s, back, "would go back")
	}
}

// Figure 3: "Les segments ne peuvent pas passer les uns par dessus les
// autres." Black segment 1 (C3-C4) has only 2 moves: segments 2 (C3-B2) and
// 3 (C3-D2) at the pivot stop it from sweeping to position B (C3-C2) either
// way; segment 4 (B3-C4) does not touch the pivot and does not stop it
// reaching position A (C3-B3).
func TestFigure3BlockedAndFreeSweeps(t *testing.T) {
	s := decode(t, position(whiteSpare, blackSpare+",C3-C4,C3-B2,C3-D2,B3-C4", "B"))
	same(t, "moves of segment 1", turnsOf(t, s, "C3-C4"), "C3-C4/C3-B3", "C3-C4/C3-D3")
	gametest.Refuses(t, s, "C3-C4/C3-C2", "blocked both ways")
	// Without segment 3 the way below is free: position B is reachable.
	s = decode(t, position(whiteSpare, blackSpare+",C3-C4,C3-B2,B3-C4", "B"))
	if _, err := s.ParseMove("C3-C4/C3-C2"); err != nil {
		t.Fatalf("with one side free the sweep to C2 is refused: %v", err)
	}
}

// Figure 5: "Le bord du plateau n'est pas un obstacle au déplacement." Black
// segment 1 (A2-A3) turns about A2 on the top border; segment 2 (A2-B3)
// blocks the way inside to B2, but the way round outside the board is free:
// 2 moves, A1 and B2.
func TestFigure5RoundTheOutside(t *testing.T) {
	s := decode(t, position(whiteSpare, blackSpare+",A2-A3,A2-B3", "B"))
	same(t, "moves of segment 1", turnsOf(t, s, "A2-A3"), "A2-A3/A2-A1", "A2-A3/A2-B2")
	for _, back := range []string{"A3-A2/A3-A4", "A3-A2/A3-B3", "A3-A2/A3-B4"} {
		gametest.Refuses(t, s, back, "would go back")
	}
}

// Figure 6: the White segment turns to close a triangle with a Black
// segment: 2 White against 1 Black, the Black segment is taken.
func TestFigure6TriangleCapture(t *testing.T) {
	white, black := whiteSpare+",C3-C4,C3-B2", blackSpare+",B3-C4"
	s := decode(t, position(white, black, "W"))
	same(t, "moves of the white segment", turnsOf(t, s, "C3-B2"), "C3-B2/C3-B3", "C3-B2/C3-D2", "C3-B2/C3-D3", "B2-C3/B2-A2", "B2-C3/B2-B3")
	gametest.Play(t, s, "C3-B2/C3-B3")
	if got, want := board(s), lists(t, without(white, "C3-B2")+",C3-B3", blackSpare); got != want {
		t.Fatalf("after the capture\n got %s\nwant %s", got, want)
	}
	if s.Outcome().Ended() || s.ToMove() != polygone.Black {
		t.Fatalf("outcome %+v", s.Outcome())
	}
}

// Figure 7: the White segment closes a 9-sided polygon (the triangle of
// side 3 A1-A4-D3) of 6 White and 3 Black segments: the 3 are taken.
func TestFigure7NineSides(t *testing.T) {
	cycleW, cycleB := "A1-A2,A3-A4,A4-B4,C4-D3,C3-B2", "A2-A3,B4-C4,D3-C3"
	white, black := whiteSpare+","+cycleW+",B2-B1", blackSpare+","+cycleB
	s := decode(t, position(white, black, "W"))
	gametest.Play(t, s, "B2-B1/B2-A1")
	if got, want := board(s), lists(t, without(white, "B2-B1")+",B2-A1", blackSpare); got != want {
		t.Fatalf("after the capture\n got %s\nwant %s", got, want)
	}
}

// Figure 8: "la prise est impossible tant que le segment blanc en position 2
// sera à l'intérieur du polygone." White segment 1 closes an 11-sided
// polygon of 7 White and 4 Black segments; with White segment 2 inside it,
// floating or touching a side, nothing is taken. Without it, the 4 Black
// segments are.
func TestFigure8NoCaptureInANonEmptyPolygon(t *testing.T) {
	cycleW := "A1-A2,A3-A4,B5-C5,C2-C1,C1-B1,B1-A1"
	cycleB := "A2-A3,A4-B5,C5-C4,C3-C2"
	spareB := "D5-E4,D4-E3,E3-E4,D4-D5,D5-C6,C5-C6"
	for _, inside := range []string{"B2-B3", "B3-C4", "A2-B2"} {
		white, black := cycleW+",C3-D3,"+inside, cycleB+","+spareB
		s := decode(t, position(white, black, "W"))
		gametest.Play(t, s, "C3-D3/C3-C4")
		if got, want := board(s), lists(t, without(white, "C3-D3")+",C3-C4", black); got != want {
			t.Fatalf("with %s inside, something was taken:\n got %s\nwant %s", inside, got, want)
		}
	}
	// Segment 2 outside the polygon: the capture happens.
	white, black := cycleW+",C3-D3,D1-E1", cycleB+","+spareB
	s := decode(t, position(white, black, "W"))
	gametest.Play(t, s, "C3-D3/C3-C4")
	if got, want := board(s), lists(t, without(white, "C3-D3")+",C3-C4", spareB); got != want {
		t.Fatalf("empty polygon:\n got %s\nwant %s", got, want)
	}
}

// Figure 9: "Tel est pris qui croyait prendre." The White segment closes a
// triangle with a Black segment, which is taken; that opens the triangle
// onto an all-Black rhombus, forming a 5-sided polygon where White has only
// 2 segments: both are taken.
func TestFigure9CaptureTurnsAgainstTheCapturer(t *testing.T) {
	rhombus := "B3-B4,B4-C5,C5-C4"
	white, black := whiteSpare+",C3-C4,C3-B2", blackSpare+",B3-C4,"+rhombus
	s := decode(t, position(white, black, "W"))
	same(t, "moves of the white segment", turnsOf(t, s, "C3-B2"), "C3-B2/C3-B3", "C3-B2/C3-D2", "C3-B2/C3-D3", "B2-C3/B2-A2", "B2-C3/B2-B3")
	gametest.Play(t, s, "C3-B2/C3-B3")
	if got, want := board(s), lists(t, whiteSpare, blackSpare+","+rhombus); got != want {
		t.Fatalf("after the chain\n got %s\nwant %s", got, want)
	}
}

// Figure 10: one White move closes two polygons, a hexagon above (4 White,
// 2 Black) and a triangle below (1 White, 2 Black). Taking the hexagon first
// takes 2 Black segments, then the triangle, still formed, takes the White
// one; taking the triangle first takes the White segment, which opens the
// hexagon onto the triangle: a 7-sided polygon of 3 White and 4 Black takes
// the 3 White. Both are legal moves, told apart by the segments removed.
func TestFigure10TwoPolygonsInTheMoversOrder(t *testing.T) {
	hexW, hexB := "B2-A2,A3-B4,C3-B2", "A2-A3,B4-C4"
	triB := "C3-D3,D3-C4"
	white, black := whiteSpare+","+hexW+",C3-B3", blackSpare+","+hexB+","+triB
	s := decode(t, position(white, black, "W"))
	hexFirst := "C3-B3/C3-C4x(A2-A3,C3-C4,C4-B4)"
	triFirst := "C3-B3/C3-C4x(A3-B4,B2-A2,B2-C3,C3-C4)"
	same(t, "moves of the white segment", turnsOf(t, s, "C3-B3"),
		"B3-C3/B3-A2", "B3-C3/B3-A3", "B3-C3/B3-B4", "B3-C3/B3-C4", hexFirst, triFirst)
	gametest.Refuses(t, s, "C3-B3/C3-C4", "ambiguous")
	gametest.Refuses(t, s, "C3-B3/C3-C4x(A2-A3)", "cannot remove exactly those segments")
	// Either order of the list, either order of the holes, is read.
	if m, err := s.ParseMove("b3-c3/c4-c3 x (c4-b4, c4-c3, a3-a2)"); err != nil || s.MoveString(m) != hexFirst {
		t.Fatalf("variant notation: %v %v", s.MoveString(m), err)
	}
	a := s.Clone()
	gametest.Play(t, a, hexFirst)
	if got, want := board(a), lists(t, without(white, "C3-B3"), blackSpare+","+triB); got != want {
		t.Fatalf("hexagon first:\n got %s\nwant %s", got, want)
	}
	b := s.Clone()
	gametest.Play(t, b, triFirst)
	if got, want := board(b), lists(t, whiteSpare, black); got != want {
		t.Fatalf("triangle first:\n got %s\nwant %s", got, want)
	}
}

// "Orders that end on the same board are the same move": the same two
// polygons, the triangle now 2 White against 1 Black; in either order both
// Black minorities are taken, so the move is one, written without a list.
func TestTwoPolygonsSameEndIsOneMove(t *testing.T) {
	hexW, hexB := "B2-A2,A3-B4,C3-B2", "A2-A3,B4-C4"
	white, black := whiteSpare+","+hexW+",C3-B3,C3-D3", blackSpare+","+hexB+",D3-C4"
	s := decode(t, position(white, black, "W"))
	var turns []string
	for _, m := range turnsOf(t, s, "C3-B3") {
		if strings.HasPrefix(m, "C3-B3/C3-C4") {
			turns = append(turns, m)
		}
	}
	same(t, "moves to C3-C4", turns, "C3-B3/C3-C4")
	gametest.Play(t, s, "C3-B3/C3-C4")
	if got, want := board(s), lists(t, without(white, "C3-B3")+",C3-C4", blackSpare); got != want {
		t.Fatalf("after the chain\n got %s\nwant %s", got, want)
	}
}

// "Lorsqu'il y a le même nombre de segments (blancs et noirs) dans un
// polygone, il y a équilibre et donc pas de prise possible."
func TestEqualCountsCaptureNothing(t *testing.T) {
	white, black := whiteSpare+",C3-C4,C3-B2", blackSpare+",B3-B4,B4-C4"
	s := decode(t, position(white, black, "W"))
	gametest.Play(t, s, "C3-B2/C3-B3") // the rhombus C3-B3-B4-C4: 2 against 2
	if got, want := board(s), lists(t, without(white, "C3-B2")+",C3-B3", black); got != want {
		t.Fatalf("balanced polygon:\n got %s\nwant %s", got, want)
	}
}

// The seventh capture wins, for the mover; segments the mover loses in his
// own chain count for his opponent, who wins on his seventh; when both reach
// seven in one chain, the mover wins.
func TestSevenCaptures(t *testing.T) {
	// Figure 6 with Black down to 6 segments: the capture is White's 7th.
	s := decode(t, position(whiteSpare+",C3-C4,C3-B2", "C6-B5,C6-D5,C6-C5,D5-E4,D5-D4,B3-C4", "W"))
	if s.Captured(polygone.White) != 6 {
		t.Fatalf("White has captured %d", s.Captured(polygone.White))
	}
	gametest.Play(t, s, "C3-B2/C3-B3")
	if o := s.Outcome(); o.Status != game.Win || !o.Won(polygone.White) || o.Reason != "seven segments captured" || s.ToMove() != -1 {
		t.Fatalf("outcome %+v", o)
	}
	if len(s.LegalMoves(nil)) != 0 {
		t.Fatal("moves after the end")
	}
	// Figure 9 with White at 7 segments: White takes one but loses two, and
	// Black's capture is his seventh.
	rhombus := "B3-B4,B4-C5,C5-C4"
	s = decode(t, position("C1-B1,C1-D1,C1-C2,D1-E1,D1-D2,C3-C4,C3-B2", blackSpare+",B3-C4,"+rhombus, "W"))
	gametest.Play(t, s, "C3-B2/C3-B3")
	if o := s.Outcome(); o.Status != game.Win || !o.Won(polygone.Black) || o.Reason != "seven segments captured" {
		t.Fatalf("outcome %+v", o)
	}
	// The same with Black at 6: both reach seven, the mover wins.
	s = decode(t, position("C1-B1,C1-D1,C1-C2,D1-E1,D1-D2,C3-C4,C3-B2", "C6-B5,C6-D5,B3-C4,"+rhombus, "W"))
	gametest.Play(t, s, "C3-B2/C3-B3")
	if o := s.Outcome(); o.Status != game.Win || !o.Won(polygone.White) || s.Captured(polygone.Black) != 7 {
		t.Fatalf("outcome %+v, Black captured %d", o, s.Captured(polygone.Black))
	}
}

// "Le joueur qui atteint le sommet opposé, en se déplaçant, n'est vainqueur
// que si son segment n'est pas pris par un polygone adverse à l'issue de ce
// déplacement."
func TestReachingTheOppositeSommet(t *testing.T) {
	black := "A2-A3,A3-A4,A3-B3,E2-E3,E3-E4,D3-E3"
	s := decode(t, position(whiteSpare+",C5-B4", black, "W"))
	gametest.Play(t, s, "C5-B4/C5-C6")
	if o := s.Outcome(); o.Status != game.Win || !o.Won(polygone.White) || o.Reason != "opposite sommet reached" {
		t.Fatalf("outcome %+v", o)
	}
	// Reached, but the segment closes the triangle C5-C6-B5 against two
	// Black segments and is taken: no win, Black to move.
	s = decode(t, position(whiteSpare+",C5-B4", black+",B5-C6,B5-C5", "W"))
	gametest.Play(t, s, "C5-B4/C5-C6")
	if o := s.Outcome(); o.Ended() || s.ToMove() != polygone.Black {
		t.Fatalf("outcome %+v", o)
	}
	if got, want := board(s), lists(t, whiteSpare, black+",B5-C6,B5-C5"); got != want {
		t.Fatalf("after the chain\n got %s\nwant %s", got, want)
	}
	// Black reaches C1.
	s = decode(t, position("D1-E1,D1-D2,D2-E2,E1-E2,A3-A4,A2-A3", blackSpare+",C2-B2", "B"))
	gametest.Play(t, s, "C2-B2/C2-C1")
	if o := s.Outcome(); o.Status != game.Win || !o.Won(polygone.Black) || o.Reason != "opposite sommet reached" {
		t.Fatalf("outcome %+v", o)
	}
}

// stuckWhite is a board where none of White's segments can turn: every
// forward end position is taken or walled off both ways.
const stuckWhite = "B4-B5,A4-B5,D4-D5,E4-D5,A4-B4,A3-A4 B5-C5,B5-C6,D5-C5,D5-C6,B4-C4,E1-E2"

// "No legal move: pass (this is his move)."
func TestPass(t *testing.T) {
	s := decode(t, stuckWhite+" W 0 20")
	same(t, "White's moves", game.LegalNotations(s), "pass")
	h := s.Hash()
	gametest.Play(t, s, "PASS")
	if s.Encode() != board(decode(t, stuckWhite+" W 0 20"))+" B 1 21" || s.Hash() == h {
		t.Fatalf("after the pass: %s", s.Encode())
	}
	// Black has moves and may not pass; his move resets the count.
	gametest.Refuses(t, s, "pass", "passes only when he cannot move")
	moves := s.LegalMoves(nil)
	s.Apply(moves[0])
	if strings.Fields(s.Encode())[3] != "0" {
		t.Fatalf("passes not reset: %s", s.Encode())
	}
}

// "Two passes in a row: draw." No position where both players are stuck
// has been found (see the rules page), so the rule is checked on the
// mechanism: a second pass in a row ends the game in a draw, and a move in
// between resets the count.
func TestTwoPassesDraw(t *testing.T) {
	s := decode(t, stuckWhite+" W 0 20")
	s.Apply(game.Pass)
	s.Apply(game.Pass) // as if Black could not move either
	if o := s.Outcome(); o.Status != game.Draw || o.Reason != "two passes in a row" || s.ToMove() != -1 {
		t.Fatalf("outcome %+v", o)
	}
	if len(s.LegalMoves(nil)) != 0 {
		t.Fatal("moves after the draw")
	}
	// Decode refuses two passes when a player could have moved.
	if _, err := polygone.Decode(stuckWhite + " W 2 22"); err == nil || !strings.Contains(err.Error(), "has a move") {
		t.Fatalf("two passes with a move accepted: %v", err)
	}
}

// Level moves can repeat positions: the third occurrence is a draw
// (software rule), and the ply limit is 300.
func TestRepetition(t *testing.T) {
	v := polygone.Variant()
	if v.PlyLimit != 300 || v.Repetition != 3 {
		t.Fatalf("ply limit %d, repetition %d", v.PlyLimit, v.Repetition)
	}
	s := decode(t, position(whiteSpare+",B2-A1", blackSpare+",B4-A4", "W"))
	m := game.NewMatch(s)
	for i := 0; i < 2; i++ {
		for _, mv := range []string{"B2-A1/B2-C2", "B4-A4/B4-C5", "B2-C2/B2-A1", "B4-C5/B4-A4"} {
			if _, err := m.PlayNotation(mv); err != nil {
				t.Fatal(err)
			}
		}
	}
	if o := m.Outcome(); o.Status != game.Draw || o.Reason != "threefold repetition" {
		t.Fatalf("outcome %+v", o)
	}
}

func TestNotation(t *testing.T) {
	s := polygone.New()
	want, _ := s.ParseMove("C3-C2/C3-D3")
	for _, in := range []string{"c3-c2/c3-d3", " C3 - C2 / C3 - D3 ", "C2-C3/D3-C3", "C3:C2-D3", "c3:c2-d3", "C3-C2/C3-D3x()"} {
		if m, err := s.ParseMove(in); err != nil || m != want {
			t.Errorf("%q: %v", in, err)
		}
	}
	for in, why := range map[string]string{
		"C3-C2":           "separated by /",
		"C3-C2/C4-D4":     "share exactly one hole",
		"C3-C2/C3-Z9":     "is not a hole",
		"C2-C3/C2-B3":     "C2 and B3 are not neighbours",
		"C3-C2/C3-C2":     "share exactly one hole",
		"C3:C2-C5":        "not neighbours",
		"C4-C5/C4-B4":     "is a Black segment",
		"C3-C4/C3-B3":     "no segment on C3-C4",
		"C2-C3/C2-B2":     "is taken",
		"C2-C3/C2-B1":     "would go back",
		"C1-B1/C1-D1":     "is taken",
		"B1-A1/B1-C2":     "blocked both ways",
		"pass":            "passes only when he cannot move",
		"C3-C2/C3-D3x(C1": "brackets",
		"":                "empty",
	} {
		gametest.Refuses(t, s, in, why)
	}
}

func TestDecodeRefuses(t *testing.T) {
	start := polygone.StartText
	for text, why := range map[string]string{
		"":                        "fields",
		"C1-B1 C6-B5 W 0":         "fields",
		"C1-C3 C6-B5 W 0 0":       "not an edge",
		"C1-B1,B1-C1 C6-B5 W 0 0": "listed twice",
		"C1-B1 C1-B1 W 0 0":       "listed twice",
		strings.Replace(start, "W 0 0", "X 0 0", 1):  "W (White) or B (Black)",
		strings.Replace(start, "W 0 0", "W 3 0", 1):  "0, 1 or 2",
		strings.Replace(start, "W 0 0", "W 0 1", 1):  "even plies",
		strings.Replace(start, "W 0 0", "W 0 -2", 1): "whole number",
		strings.Replace(start, "W 0 0", "W 2 0", 1):  "passes in a row after",
		strings.Replace(start, "W 0 0", "W 1 2", 1):  "has a move",
		// White to move with a segment in C6.
		position(whiteSpare+",C5-C6", "A2-A3,A3-A4,A3-B3,E2-E3,E3-E4,D3-E3", "W"): "already has a segment in C6",
		// Figure 6's triangle left on the board.
		position(whiteSpare+",C3-C4,C3-B3", blackSpare+",B3-C4", "B"): "captures",
		// Thirteen White segments.
		position(whiteSpare+",A1-A2,A2-A3,A3-A4,B2-B3,B3-B4,C3-C4,E3-E4", blackSpare, "W"): "at most 12",
	} {
		_, err := polygone.Decode(text)
		if err == nil || !strings.Contains(err.Error(), why) {
			t.Errorf("%q: error %v, want one saying %q", text, err, why)
		}
	}
	// Lower case and holes in either order are read, and written back in
	// the engine's form.
	s := decode(t, "b1-c1,c1-d1,c1-c2,d1-e1,d1-d2,d2-e2 c6-b5,c6-d5,c6-c5,d5-e4,d5-d4,d4-e3 w 0 20")
	if got := s.Encode(); got != position(lists(t, whiteSpare, "-")[:len(lists(t, whiteSpare, "-"))-2], lists(t, "-", blackSpare)[2:], "W") {
		t.Fatalf("encoded as %s", got)
	}
	// A finished game decodes as finished: White has a segment in C6 and
	// Black is to move.
	s = decode(t, position(whiteSpare+",C5-C6", "A2-A3,A3-A4,A3-B3,E2-E3,E3-E4,D3-E3", "B"))
	if o := s.Outcome(); !o.Won(polygone.White) || o.Reason != "opposite sommet reached" {
		t.Fatalf("outcome %+v", o)
	}
}

func TestString(t *testing.T) {
	got := polygone.New().String()
	want := `       A1 .. A2 .. A3 .. A4
      w  .  w  .  .  b  .  b
    B1 ww B2 .. B3 .. B4 bb B5
   w  .  w  .  .  .  .  b  .  b
 C1 ww C2 ww C3 .. C4 bb C5 bb C6
   w  .  w  .  .  .  .  b  .  b
    D1 ww D2 .. D3 .. D4 bb D5
      w  .  w  .  .  b  .  b
       E1 .. E2 .. E3 .. E4
`
	if !strings.HasPrefix(got, want) {
		t.Fatalf("board drawing:\n%s", got)
	}
}

// Move generation does not allocate when chains of captures branch either
// (the conformance suite checks ordinary positions).
func TestChainsDoNotAllocate(t *testing.T) {
	for _, text := range []string{
		// Figure 10: two orders, two end boards.
		position(whiteSpare+",B2-A2,A3-B4,C3-B2,C3-B3", blackSpare+",A2-A3,B4-C4,C3-D3,D3-C4", "W"),
		// Figure 9: a chain of two captures.
		position(whiteSpare+",C3-C4,C3-B2", blackSpare+",B3-C4,B3-B4,B4-C5,C5-C4", "W"),
	} {
		s := decode(t, text)
		buf := make([]game.Move, 0, 256)
		if n := testing.AllocsPerRun(10, func() { buf = s.LegalMoves(buf) }); n != 0 {
			t.Errorf("LegalMoves allocates %v times at %s", n, text)
		}
		moves := s.LegalMoves(nil)
		for _, m := range moves {
			var c polygone.State
			if n := testing.AllocsPerRun(10, func() { c = *s; c.Apply(m) }); n != 0 {
				t.Errorf("Apply(%s) allocates %v times", s.MoveString(m), n)
			}
		}
	}
}
