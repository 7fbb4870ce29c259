package polygone

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/plateau-games/plateau/game"
)

// EdgeName names edge e by its two holes, the left one (smaller x) first:
// "C1-B1".
func EdgeName(e int) string {
	if e < 0 || e >= Edges {
		return fmt.Sprintf("edge(%d)", e)
	}
	return edgeName(e)
}

// ParseEdge reads an edge written as two neighbouring holes in either
// order ("C1-B1" or "b1-c1").
func ParseEdge(s string) (int, bool) {
	return parseEdge(strings.ToUpper(strings.TrimSpace(s)))
}

// parseEdge reads "C1-B1" (upper case).
func parseEdge(s string) (int, bool) {
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		return 0, false
	}
	p, ok1 := parseHole(a)
	q, ok2 := parseHole(b)
	if !ok1 || !ok2 {
		return 0, false
	}
	e := edgeBetween(p, q)
	return int(e), e >= 0
}

var colourNames = [2]string{"White", "Black"}

func colourName(c uint8) string { return colourNames[c&1] }

var sideLetters = [2]string{"W", "B"}

// segmentList writes the edges of mask in edge order, comma-separated, or
// "-" when there are none.
func segmentList(mask uint64) string {
	if mask == 0 {
		return "-"
	}
	var b strings.Builder
	for m := mask; m != 0; m &= m - 1 {
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(edgeName(bits.TrailingZeros64(m)))
	}
	return b.String()
}

// Encode implements game.State. The position text has five fields: White's
// segments, Black's segments (comma-separated edges in edge order, "-" for
// none), the player to move (W or B), the passes in a row (0, 1 or 2) and
// the ply.
func (s *State) Encode() string {
	return segmentList(s.seg[White]) + " " + segmentList(s.seg[Black]) + " " + sideLetters[s.toMove] + " " +
		strconv.Itoa(int(s.passes)) + " " + strconv.Itoa(s.ply)
}

// StartText is the position text of the start position.
var StartText string

// Decode reads a position text written by Encode; holes may be in lower
// case and the two holes of an edge in either order. It refuses positions
// that cannot arise in a game (see the rules page).
func Decode(text string) (*State, error) { return decode(text, false) }

func decode(text string, swept bool) (*State, error) {
	form := `Polygone position text is "white black side passes ply", e.g. the start "` + StartText +
		`": White's then Black's segments as comma-separated edges such as C1-B1 (- for none), the player to move (W or B), the passes in a row (0, 1 or 2) and the ply`
	if len(text) > game.MaxInput {
		return nil, fmt.Errorf("%s; got %d bytes", form, len(text))
	}
	fields := strings.Fields(text)
	if len(fields) != 5 {
		return nil, fmt.Errorf("%s; got %d fields in %s", form, len(fields), game.Quote(text))
	}
	s := &State{swept: swept}
	for c := 0; c < 2; c++ {
		list := strings.ToUpper(fields[c])
		if list == "-" {
			continue
		}
		for _, item := range strings.Split(list, ",") {
			e, ok := parseEdge(item)
			if !ok {
				return nil, fmt.Errorf("%s; %s in %s's segments is not an edge (two neighbouring holes A1-A4, B1-B5, C1-C6, D1-D5, E1-E4, such as C1-B1)", form, game.Quote(item), colourName(uint8(c)))
			}
			if (s.seg[0]|s.seg[1])>>e&1 != 0 {
				return nil, fmt.Errorf("the edge %s is listed twice: an edge holds at most one segment", edgeName(e))
			}
			s.seg[c] |= 1 << e
		}
		if n := bits.OnesCount64(s.seg[c]); n > SegmentsEach {
			return nil, fmt.Errorf("%s has %d segments; a player has at most %d", colourName(uint8(c)), n, SegmentsEach)
		}
	}
	switch strings.ToUpper(fields[2]) {
	case "W":
		s.toMove = White
	case "B":
		s.toMove = Black
	default:
		return nil, fmt.Errorf("the player to move must be W (White) or B (Black), got %s", game.Quote(fields[2]))
	}
	passes, err := strconv.Atoi(fields[3])
	if err != nil || passes < 0 || passes > 2 {
		return nil, fmt.Errorf("the passes in a row must be 0, 1 or 2, got %s", game.Quote(fields[3]))
	}
	s.passes = uint8(passes)
	ply, err := strconv.Atoi(fields[4])
	if err != nil || ply < 0 || ply > 1_000_000 {
		return nil, fmt.Errorf("the ply must be a whole number from 0 to 1000000, got %s", game.Quote(fields[4]))
	}
	s.ply = ply
	if ply%2 != int(s.toMove) {
		return nil, fmt.Errorf("impossible position: White moves at even plies and Black at odd ones, but ply %d has %s to move", ply, colourName(s.toMove))
	}
	if ply < passes {
		return nil, fmt.Errorf("impossible position: %d passes in a row after %d plies", passes, ply)
	}
	if s.seg[s.toMove]&holeEdges[goal(s.toMove)] != 0 {
		return nil, fmt.Errorf("impossible position: %s, to move, already has a segment in %s; the game would have ended when it arrived", colourName(s.toMove), holeName[goal(s.toMove)])
	}
	var polys [maxPolys]poly
	if n := examine(s.seg[White], s.seg[Black], triangles, &polys); n > 0 {
		boundary, _ := boundaryOf(polys[0].tris, s.seg[White]|s.seg[Black])
		return nil, fmt.Errorf("impossible position: the polygon %s captures %s; captures are made at once, so no polygon that captures is ever left on the board", segmentList(boundary), segmentList(polys[0].minority))
	}
	s.judge()
	if s.passes > 0 {
		if s.result != ongoing && s.result != draw {
			return nil, fmt.Errorf("impossible position: the game was over before the last pass (%s)", reasonText[s.reason])
		}
		for k := 0; k < passes; k++ {
			passer := s.toMove ^ 1 ^ uint8(k)
			if s.canMove(passer) {
				return nil, fmt.Errorf("impossible position: %s passed but has a move (a player passes only when he cannot move)", colourName(passer))
			}
		}
	}
	return s, nil
}

// canMove says whether colour has a segment move on the board.
func (s *State) canMove(colour uint8) bool {
	t := *s
	t.toMove, t.result, t.passes = colour, ongoing, 0
	var buf [64]game.Move
	return t.LegalMoves(buf[:0])[0] != game.Pass
}

var moveForm = game.Text{
	EN: "a Polygone move names the segment before and after its turn, pivot first: C3-C2/C3-D3 turns the segment C2-C3 about C3 so that its end C2 goes to D3 (also written C3:C2-D3); when the captures that follow can end in more than one way, add x and the segments they remove, e.g. C3-B3/C3-C4x(A2-A3,C3-C4,C4-B4); pass when no move is possible; holes are A1-A4, B1-B5, C1-C6, D1-D5, E1-E4",
	FR: "un coup de Polygone nomme le segment avant et après sa rotation, pivot d'abord : C3-C2/C3-D3 tourne le segment C2-C3 autour de C3 pour que son bout C2 aille en D3 (aussi écrit C3:C2-D3) ; quand les prises qui suivent peuvent finir de plusieurs façons, ajoutez x et les segments qu'elles retirent, par exemple C3-B3/C3-C4x(A2-A3,C3-C4,C4-B4) ; pass quand aucun coup n'est possible ; les trous sont A1-A4, B1-B5, C1-C6, D1-D5, E1-E4",
}

// colourTexts are colourNames in both languages.
var colourTexts = [2]game.Text{{EN: "White", FR: "Blanc"}, {EN: "Black", FR: "Noir"}}

// MoveString implements game.State: the segment before and after its turn,
// pivot first ("C2-C3/C2-B3"), then, only when the chain of captures of
// this turn can end on several boards, "x" and the segments the chain
// removes in edge order ("x(B2-C3,C3-D3)").
func (s *State) MoveString(m game.Move) string {
	if m == game.Pass {
		return game.PassNotation
	}
	from, to, slots := moveParts(m)
	if from >= Edges || to >= Edges || from == to || commonHole(from, to) < 0 {
		return fmt.Sprintf("move(%d)", uint64(m))
	}
	p := commonHole(from, to)
	name := holeName[p] + "-" + holeName[otherEnd(from, p)] + "/" + holeName[p] + "-" + holeName[otherEnd(to, p)]
	if s.result == ongoing && s.seg[s.toMove]>>from&1 != 0 {
		var arr [64]game.Move
		if results := s.results(arr[:0], from, to); len(results) > 1 {
			list := ""
			if removed := expand(slots, s.afterTurn(from, to)); removed != 0 {
				list = segmentList(removed)
			}
			name += "x(" + list + ")"
		}
	}
	return name
}

// results appends the moves of the legal turn from -> to, one for each
// board its chain of captures can end on.
func (s *State) results(buf []game.Move, from, to int) []game.Move {
	m := masksFor(s.seg[White] | s.seg[Black])
	p := commonHole(from, to)
	return s.appendResults(buf, from, to, p, otherEnd(to, p), &m, 0)
}

// afterTurn is the occupied edges once the mover's segment has gone from
// from to to, before any capture.
func (s *State) afterTurn(from, to int) uint64 {
	return (s.seg[White]|s.seg[Black])&^(1<<from) | 1<<to
}

// ParseMove implements game.State. It reads the notation of MoveString in
// any case, with or without spaces, the holes of each edge in either order,
// and the pivot form "C2:C3-B3"; the list after x may be in any order, and
// may be given when the chain can end in one way only.
func (s *State) ParseMove(text string) (game.Move, error) {
	if len(text) > 300 {
		return 0, game.NotAMove(text, moveForm)
	}
	in := strings.ToUpper(strings.Join(strings.Fields(text), ""))
	if in == "" {
		return 0, game.Errorf(game.Text{EN: "an empty text is not a move: %s", FR: "un texte vide n'est pas un coup : %s"}, moveForm)
	}
	if s.result != ongoing {
		return 0, game.MoveAfterEnd(text)
	}
	if in == "PASS" {
		var buf [64]game.Move
		if moves := s.LegalMoves(buf[:0]); moves[0] == game.Pass {
			return game.Pass, nil
		}
		return 0, game.IllegalMove(s, text, game.Text{EN: "a player passes only when he cannot move", FR: "on ne passe que quand on ne peut pas jouer"})
	}
	main, suffix, hasSuffix := strings.Cut(in, "X")
	from, to, why := parseTurn(main)
	if why.EN != "" {
		return 0, game.Errorf(notAMoveWhy, game.Quote(text), why, moveForm)
	}
	if why := s.turnProblem(from, to); why.EN != "" {
		return 0, game.IllegalMove(s, text, why)
	}
	var arr [64]game.Move
	results := s.results(arr[:0], from, to)
	if !hasSuffix {
		if len(results) == 1 {
			return results[0], nil
		}
		names := make([]string, len(results))
		for i, m := range results {
			names[i] = s.MoveString(m)
		}
		return 0, game.Errorf(game.Text{EN: "%s is ambiguous: the captures after this turn can end in %d ways; add the segments removed, as in %s", FR: "%s est ambigu : les prises après cette rotation peuvent finir de %d façons ; ajoutez les segments retirés, comme dans %s"}, game.Quote(text), len(results), game.Text{EN: strings.Join(names, " or "), FR: strings.Join(names, " ou ")})
	}
	removed, why := parseRemoved(suffix)
	if why.EN != "" {
		return 0, game.Errorf(notAMoveWhy, game.Quote(text), why, moveForm)
	}
	occ := s.afterTurn(from, to)
	for _, m := range results {
		if _, _, slots := moveParts(m); expand(slots, occ) == removed {
			return m, nil
		}
	}
	var ends []string
	for _, m := range results {
		_, _, slots := moveParts(m)
		ends = append(ends, "("+segmentList(expand(slots, occ))+")")
	}
	return 0, game.IllegalMove(s, text, game.Text{
		EN: "the captures after this turn cannot remove exactly those segments; they remove " + strings.Join(ends, " or "),
		FR: "les prises après cette rotation ne peuvent pas retirer exactement ces segments ; elles retirent " + strings.Join(ends, " ou "),
	})
}

// notAMoveWhy refuses a text that is not a move, saying why and how moves
// are written.
var notAMoveWhy = game.Text{EN: "%s is not a move (%s): %s", FR: "%s n'est pas un coup (%s) : %s"}

// parseTurn reads "C3-C2/C3-D3" or "C3:C2-D3" (upper case) into the edge
// left and the edge taken; why says what is wrong otherwise.
func parseTurn(in string) (from, to int, why game.Text) {
	var f, t int
	if p, rest, ok := strings.Cut(in, ":"); ok {
		q, r, ok := strings.Cut(rest, "-")
		if !ok {
			return 0, 0, game.Text{EN: "the pivot form is pivot:end-newend, such as C3:C2-D3", FR: "la forme avec pivot est pivot:bout-nouveaubout, comme C3:C2-D3"}
		}
		if f, why = readEdge(p + "-" + q); why.EN != "" {
			return 0, 0, why
		}
		if t, why = readEdge(p + "-" + r); why.EN != "" {
			return 0, 0, why
		}
	} else {
		a, b, ok := strings.Cut(in, "/")
		if !ok {
			return 0, 0, game.Text{EN: "write the segment before and after, separated by /", FR: "écrivez le segment avant et après, séparés par /"}
		}
		if f, why = readEdge(a); why.EN != "" {
			return 0, 0, why
		}
		if t, why = readEdge(b); why.EN != "" {
			return 0, 0, why
		}
	}
	if f == t || commonHole(f, t) < 0 {
		return 0, 0, game.Text{EN: "the two segments must share exactly one hole, the pivot", FR: "les deux segments doivent partager exactement un trou, le pivot"}
	}
	return f, t, game.Text{}
}

// readEdge reads an edge "C1-B1" (upper case) or says what is wrong.
func readEdge(s string) (int, game.Text) {
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		return 0, game.Text{EN: "a segment is written as two neighbouring holes, such as C2-C3", FR: "un segment s'écrit avec deux trous voisins, comme C2-C3"}
	}
	p, ok1 := parseHole(a)
	q, ok2 := parseHole(b)
	switch {
	case !ok1:
		return 0, game.Texts("%s is not a hole", "%s n'est pas un trou", game.Quote(a))
	case !ok2:
		return 0, game.Texts("%s is not a hole", "%s n'est pas un trou", game.Quote(b))
	}
	e := edgeBetween(p, q)
	if e < 0 {
		return 0, game.Texts("%s and %s are not neighbours", "%s et %s ne sont pas voisins", holeName[p], holeName[q])
	}
	return int(e), game.Text{}
}

// parseRemoved reads the list after x: "(B2-C3,C3-D3)", "()" or without
// brackets.
func parseRemoved(in string) (uint64, game.Text) {
	if strings.HasPrefix(in, "(") && strings.HasSuffix(in, ")") {
		in = in[1 : len(in)-1]
	} else if strings.ContainsAny(in, "()") {
		return 0, game.Text{EN: "unbalanced brackets after x", FR: "parenthèses mal appariées après x"}
	}
	var removed uint64
	if in == "" {
		return 0, game.Text{}
	}
	for _, item := range strings.Split(in, ",") {
		e, ok := parseEdge(item)
		if !ok {
			return 0, game.Text{EN: "after x comes the list of segments removed, such as (B2-C3,C3-D3)", FR: "après x vient la liste des segments retirés, comme (B2-C3,C3-D3)"}
		}
		if removed>>e&1 != 0 {
			return 0, game.Text{EN: "a segment is listed twice after x", FR: "un segment est donné deux fois après x"}
		}
		removed |= 1 << e
	}
	return removed, game.Text{}
}

// turnProblem says why turning the segment on from to to is not legal for
// the player to move, or returns an empty Text when it is.
func (s *State) turnProblem(from, to int) game.Text {
	me := s.toMove
	occ := s.seg[White] | s.seg[Black]
	switch {
	case s.seg[me]>>from&1 == 0 && s.seg[me^1]>>from&1 != 0:
		return game.Text{EN: fmt.Sprintf("%s is a %s segment", edgeName(from), colourName(me^1)), FR: fmt.Sprintf("%s est un segment de %s", edgeName(from), colourTexts[(me^1)&1].FR)}
	case s.seg[me]>>from&1 == 0:
		return game.Texts("there is no segment on %s", "il n'y a pas de segment en %s", edgeName(from))
	case occ>>to&1 != 0:
		return game.Texts("the edge %s is taken", "le bord %s est pris", edgeName(to))
	}
	p := commonHole(from, to)
	q, r := otherEnd(from, p), otherEnd(to, p)
	if !forward(me, q, r) {
		way := game.Text{EN: "left (towards C1)", FR: "vers la gauche (vers C1)"}
		if me == Black {
			way = game.Text{EN: "right (towards C6)", FR: "vers la droite (vers C6)"}
		}
		return game.Text{
			EN: fmt.Sprintf("the end %s would go back from %s to %s: %s's ends never move %s", holeName[q], holeName[q], holeName[r], colourName(me), way.EN),
			FR: fmt.Sprintf("le bout %s reculerait de %s à %s : les bouts de %s ne vont jamais %s", holeName[q], holeName[q], holeName[r], colourTexts[me&1].FR, way.FR),
		}
	}
	d, d2 := int(edgeDir[from][sideOf(from, p)]), int(edgeDir[to][sideOf(to, p)])
	taken := dirsTaken(p, occ)
	if b := between[d][d2]; s.swept && sweptBack(me, p, q, b[0]) && sweptBack(me, p, q, b[1]) {
		return game.Texts("both ways of the turn about %s sweep through a direction pointing backwards (backwards=swept)", "les deux sens de la rotation autour de %s balaient une direction qui pointe vers l'arrière (backwards=swept)", holeName[p])
	} else if s.swept && (sweptBack(me, p, q, b[0]) || sweptBack(me, p, q, b[1])) {
		// One way sweeps backwards: only the other way may be clear.
		w := 0
		if sweptBack(me, p, q, b[0]) {
			w = 1
		}
		if taken&b[w] != 0 {
			return game.Texts("the turn about %s is blocked one way and sweeps backwards the other (backwards=swept)", "la rotation autour de %s est bloquée d'un côté et balaie vers l'arrière de l'autre (backwards=swept)", holeName[p])
		}
	}
	if b := between[d][d2]; taken&b[0] != 0 && taken&b[1] != 0 {
		var blockers []string
		for dir := 0; dir < nDirs; dir++ {
			if (b[0]|b[1])&taken&(1<<dir) != 0 {
				blockers = append(blockers, edgeName(int(edgeAt[p][dir])))
			}
		}
		return game.Texts("the turn about %s is blocked both ways, by %s", "la rotation autour de %s est bloquée des deux côtés, par %s", holeName[p], strings.Join(blockers, ", "))
	}
	return game.Text{}
}

// sideOf is 0 when h is the left end of e, 1 when it is the right end.
func sideOf(e, h int) int {
	if int(edgeEnd[e][0]) == h {
		return 0
	}
	return 1
}

// String implements game.State: the board with its holes, White's
// segments drawn with w, Black's with b and the free edges with dots.
func (s *State) String() string { return s.StringIn("en") }

// StringIn is String with its legend in lang (see game.StateText).
func (s *State) StringIn(lang string) string {
	const width = 34
	var grid [2*Rows - 1][width]byte
	for i := range grid {
		for j := range grid[i] {
			grid[i][j] = ' '
		}
	}
	col := func(h int) int { return 3*holeX[h] + 1 }
	mark := func(e int, free byte) byte {
		switch {
		case s.seg[White]>>e&1 != 0:
			return 'w'
		case s.seg[Black]>>e&1 != 0:
			return 'b'
		}
		return free
	}
	for h := 0; h < Holes; h++ {
		line, c := 2*holeRow[h], col(h)
		grid[line][c], grid[line][c+1] = holeName[h][0], holeName[h][1]
		if e := edgeAt[h][dirE]; e >= 0 {
			m := mark(int(e), '.')
			grid[line][c+3], grid[line][c+4] = m, m
		}
		if e := edgeAt[h][dirSE]; e >= 0 {
			grid[line+1][c+2] = mark(int(e), '.')
		}
		if e := edgeAt[h][dirSW]; e >= 0 {
			grid[line+1][c-1] = mark(int(e), '.')
		}
	}
	var b strings.Builder
	for _, line := range grid {
		b.WriteString(strings.TrimRight(string(line[:]), " "))
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, game.Text{
		EN: "White (w, from C1 to C6) has captured %d, Black (b, from C6 to C1) %d; . is a free edge\n",
		FR: "Blanc (w, de C1 vers C6) a pris %d, Noir (b, de C6 vers C1) %d ; . est un bord libre\n",
	}.In(lang), s.Captured(White), s.Captured(Black))
	return b.String()
}
