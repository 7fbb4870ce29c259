package poldr_test

// Independent rules checks of POLD.R, written from DECISIONS.md and the French
// rule sheet only (not from the implementation): hand-built positions for
// each rule, and a reference model (move generator, move effects, end of the
// round, match) played alongside the engine on random games.

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/internal/gametest"
	_ "github.com/plateau-games/plateau/games/poldr"
)

// ---------------------------------------------------------------------------
// Reference model.

var refColours = []byte{'B', 'Y', 'R'}

func refBrick(seat int) byte { return refColours[seat] + 'a' - 'A' }

type refPos struct {
	n       int
	players int
	cells   []byte // index rank*n+file, rank 0 = rank 1; '.' empty
	toMove  int
	reserve []int
	phase   int
	reached []int
	ply     int
	match   bool
	round   int
	wins    []int
	totals  []int
}

func (p *refPos) clone() *refPos {
	q := *p
	q.cells = append([]byte(nil), p.cells...)
	q.reserve = append([]int(nil), p.reserve...)
	q.reached = append([]int(nil), p.reached...)
	q.wins = append([]int(nil), p.wins...)
	q.totals = append([]int(nil), p.totals...)
	return &q
}

func refInts(s string) []int {
	var out []int
	for _, f := range strings.Split(s, ",") {
		v, err := strconv.Atoi(f)
		if err != nil {
			panic("bad number list " + s)
		}
		out = append(out, v)
	}
	return out
}

// refParse reads the position text as the rules page documents it.
func refParse(t testing.TB, text string) *refPos {
	t.Helper()
	f := strings.Fields(text)
	if len(f) != 6 && len(f) != 9 {
		t.Fatalf("position %q: %d fields", text, len(f))
	}
	ranks := strings.Split(f[0], "/")
	n := len(ranks)
	p := &refPos{n: n, cells: make([]byte, n*n)}
	for i, rk := range ranks {
		r := n - 1 - i
		file := 0
		for j := 0; j < len(rk); {
			c := rk[j]
			if c >= '0' && c <= '9' {
				k := j
				for k < len(rk) && rk[k] >= '0' && rk[k] <= '9' {
					k++
				}
				run, _ := strconv.Atoi(rk[j:k])
				for x := 0; x < run; x++ {
					p.cells[r*n+file] = '.'
					file++
				}
				j = k
				continue
			}
			p.cells[r*n+file] = c
			file++
			j++
		}
		if file != n {
			t.Fatalf("position %q: rank %d has %d cells", text, r+1, file)
		}
	}
	p.toMove = strings.IndexByte("BYR", f[1][0])
	p.reserve = refInts(f[2])
	p.players = len(p.reserve)
	p.phase, _ = strconv.Atoi(f[3])
	p.reached = refInts(f[4])
	p.ply, _ = strconv.Atoi(f[5])
	if len(f) == 9 {
		p.match = true
		p.round, _ = strconv.Atoi(f[6])
		p.wins = refInts(f[7])
		p.totals = refInts(f[8])
	}
	return p
}

func (p *refPos) boardText() string {
	var sb strings.Builder
	for r := p.n - 1; r >= 0; r-- {
		run := 0
		for x := 0; x < p.n; x++ {
			c := p.cells[r*p.n+x]
			if c == '.' {
				run++
				continue
			}
			if run > 0 {
				sb.WriteString(strconv.Itoa(run))
				run = 0
			}
			sb.WriteByte(c)
		}
		if run > 0 {
			sb.WriteString(strconv.Itoa(run))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	return sb.String()
}

func (p *refPos) name(i int) string {
	return fmt.Sprintf("%c%d", 'a'+i%p.n, i/p.n+1)
}

func (p *refPos) find(c byte) int {
	for i, x := range p.cells {
		if x == c {
			return i
		}
	}
	return -1
}

// refBetween lists the cells strictly between a and b when they share a
// rank, file or diagonal; ok is false otherwise.
func refBetween(n, a, b int) (cells []int, ok bool) {
	ax, ay, bx, by := a%n, a/n, b%n, b/n
	dx, dy := bx-ax, by-ay
	if a == b || !(dx == 0 || dy == 0 || dx == dy || dx == -dy) {
		return nil, false
	}
	sx, sy := sign(dx), sign(dy)
	for x, y := ax+sx, ay+sy; x != bx || y != by; x, y = x+sx, y+sy {
		cells = append(cells, y*n+x)
	}
	return cells, true
}

func sign(v int) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

type refMove struct {
	kind     byte // 'M', 'P', 'O' (opening: pawn a, marker b), 'x' pass
	a, b     int
	notation string
}

// refPhase1 lists the phase-1 moves of seat.
func (p *refPos) refPhase1(seat int) []refMove {
	var out []refMove
	me := refColours[seat]
	pawn := p.find('P')
	if pawn < 0 {
		for a := range p.cells {
			for b := range p.cells {
				iv, ok := refBetween(p.n, a, b)
				if ok && len(iv) >= 1 && len(iv) <= p.reserve[seat] {
					out = append(out, refMove{kind: 'O', a: a, b: b,
						notation: "P-" + p.name(a) + ",M-" + p.name(b)})
				}
			}
		}
		return out
	}
	marker := p.find(me)
	if marker < 0 { // first turn: the pawn stays, the marker is added
		for b, c := range p.cells {
			if c != '.' {
				continue
			}
			iv, ok := refBetween(p.n, b, pawn)
			e := countEmpty(p.cells, iv)
			if ok && e >= 1 && e <= p.reserve[seat] {
				out = append(out, refMove{kind: 'M', a: b, notation: "M-" + p.name(b)})
			}
		}
		return out
	}
	for _, kind := range []byte{'M', 'P'} {
		from := marker
		if kind == 'P' {
			from = pawn
		}
		board := append([]byte(nil), p.cells...)
		board[from] = '.'
		for to, c := range board {
			if c != '.' || to == from {
				continue
			}
			m, q := marker, pawn
			if kind == 'M' {
				m = to
			} else {
				q = to
			}
			iv, ok := refBetween(p.n, m, q)
			e := countEmpty(board, iv)
			if ok && e >= 1 && e <= p.reserve[seat] {
				out = append(out, refMove{kind: kind, a: to, notation: string(kind) + "-" + p.name(to)})
			}
		}
	}
	return out
}

func countEmpty(board []byte, iv []int) int {
	e := 0
	for _, i := range iv {
		if board[i] == '.' {
			e++
		}
	}
	return e
}

// refPhase2 lists the returning moves of seat.
func (p *refPos) refPhase2(seat int) []refMove {
	var out []refMove
	me, brick := refColours[seat], refBrick(seat)
	pawn, marker := p.find('P'), p.find(me)
	if pawn < 0 || marker < 0 {
		return nil
	}
	for _, kind := range []byte{'M', 'P'} {
		from := marker
		if kind == 'P' {
			from = pawn
		}
		board := append([]byte(nil), p.cells...)
		board[from] = '.'
		for to, c := range board {
			if c != '.' || to == from {
				continue
			}
			m, q := marker, pawn
			if kind == 'M' {
				m = to
			} else {
				q = to
			}
			iv, ok := refBetween(p.n, m, q)
			if !ok {
				continue
			}
			own := 0
			for _, i := range iv {
				if board[i] == brick {
					own++
				}
			}
			if own > 0 {
				out = append(out, refMove{kind: kind, a: to, notation: string(kind) + "-" + p.name(to)})
			}
		}
	}
	return out
}

// refMoves gives the legal moves of the player to move (switching the phase
// when he is blocked); nil when the round is over.
func (p *refPos) refMoves() []refMove {
	if p.phase == 1 {
		if ms := p.refPhase1(p.toMove); len(ms) > 0 {
			return ms
		}
		p.phase = 2 // blocked: the whole game switches, he keeps the turn
	}
	if ms := p.refPhase2(p.toMove); len(ms) > 0 {
		return ms
	}
	for s := 0; s < p.players; s++ {
		if s != p.toMove && len(p.refPhase2(s)) > 0 {
			return []refMove{{kind: 'x', notation: "pass"}}
		}
	}
	return nil
}

// refApply plays m; it returns the winner when the move ends the round by
// the last brick (else -1).
func (p *refPos) refApply(m refMove) int {
	seat := p.toMove
	me, brick := refColours[seat], refBrick(seat)
	winner := -1
	if m.kind != 'x' {
		var pawnAt, markerAt int
		switch m.kind {
		case 'O':
			p.cells[m.a], p.cells[m.b] = 'P', me
			pawnAt, markerAt = m.a, m.b
		case 'M':
			if old := p.find(me); old >= 0 {
				p.cells[old] = '.'
			}
			p.cells[m.a] = me
			pawnAt, markerAt = p.find('P'), m.a
		case 'P':
			p.cells[p.find('P')] = '.'
			p.cells[m.a] = 'P'
			pawnAt, markerAt = m.a, p.find(me)
		}
		iv, _ := refBetween(p.n, markerAt, pawnAt)
		for _, i := range iv {
			if p.phase == 1 && p.cells[i] == '.' {
				p.cells[i] = brick
				p.reserve[seat]--
			} else if p.phase == 2 && p.cells[i] == brick {
				p.cells[i] = '.'
				p.reserve[seat]++
			}
		}
		p.reached[seat] = p.ply + 1
		if p.phase == 1 && p.reserve[seat] == 0 {
			winner = seat
		}
	}
	p.ply++
	p.toMove = (seat + 1) % p.players
	return winner
}

// refRoundWinner is the winner of a round ended in phase 2: most bricks in
// reserve, then the earlier ply at which the reserve reached its value.
func (p *refPos) refRoundWinner() int {
	best := 0
	for s := 1; s < p.players; s++ {
		if p.reserve[s] > p.reserve[best] ||
			p.reserve[s] == p.reserve[best] && p.reached[s] < p.reached[best] {
			best = s
		}
	}
	return best
}

// ---------------------------------------------------------------------------
// Helpers on the engine.

func refSet(ms []refMove) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.notation)
	}
	sort.Strings(out)
	return out
}

func indField(s game.State, i int) string { return strings.Fields(s.Encode())[i] }

// ---------------------------------------------------------------------------
// Hand-built checks.

func TestIndependentOptions(t *testing.T) {
	for _, c := range []struct {
		opts          game.Options
		players, size int
	}{
		{game.Options{}, 2, 6},
		{game.Options{"players": "2"}, 2, 6},
		{game.Options{"players": "3"}, 3, 7},
		{game.Options{"players": "3", "size": "6"}, 3, 6},
		{game.Options{"players": "2", "size": "7"}, 2, 7},
	} {
		v := gametest.Variant(t, "poldr", c.opts)
		if v.Players != c.players {
			t.Errorf("%v: %d players", c.opts, v.Players)
		}
		if v.Options["size"] != strconv.Itoa(c.size) {
			t.Errorf("%v: size option %q, want %d", c.opts, v.Options["size"], c.size)
		}
		s := v.Start()
		p := refParse(t, s.Encode())
		if p.n != c.size || p.players != c.players || p.toMove != 0 || p.phase != 1 || s.ToMove() != 0 {
			t.Errorf("%v: start %s", c.opts, s.Encode())
		}
		for _, r := range p.reserve {
			if r != 16 {
				t.Errorf("%v: start reserves %v, want 16 each", c.opts, p.reserve)
			}
		}
		for i, c := range p.cells {
			if c != '.' {
				t.Errorf("start board not empty at %s", p.name(i))
			}
		}
		want := []string{"Blue", "Yellow", "Red"}[:c.players]
		for i, w := range want {
			if v.SeatName(i, "en") != w {
				t.Errorf("%v: seat %d is %q, want %q", c.opts, i, v.SeatName(i, "en"), w)
			}
		}
		if v.PlyLimit != 0 || v.Repetition != 0 {
			t.Errorf("%v: ply limit %d, repetition %d; POLD.R needs none", c.opts, v.PlyLimit, v.Repetition)
		}
	}
	for _, bad := range []game.Options{{"players": "1"}, {"players": "4"}} {
		if _, err := game.NewVariant("poldr", bad); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
}

func TestIndependentOpening(t *testing.T) {
	v := gametest.Variant(t, "poldr", game.Options{})
	s := v.Start()
	// Every opening names the pawn and a marker cell on one of its 8 lines
	// with at least one cell between.
	got := gametest.Legal(s)
	want := refSet(refParse(t, s.Encode()).refMoves())
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("openings differ: %d vs reference %d", len(got), len(want))
	}
	// The "ok" cells around a pawn on c3 (6x6), in all 8 directions.
	var ok []string
	for _, n := range got {
		if strings.HasPrefix(n, "P-c3,M-") {
			ok = append(ok, strings.TrimPrefix(n, "P-c3,M-"))
		}
	}
	sort.Strings(ok)
	if strings.Join(ok, " ") != "a1 a3 a5 c1 c5 c6 e1 e3 e5 f3 f6" {
		t.Errorf("ok cells of c3: %v", ok)
	}
	// Pawn in a corner: 3 lines, cells at distance >= 2.
	var corner []string
	for _, n := range got {
		if strings.HasPrefix(n, "P-a1,M-") {
			corner = append(corner, strings.TrimPrefix(n, "P-a1,M-"))
		}
	}
	sort.Strings(corner)
	if strings.Join(corner, " ") != "a3 a4 a5 a6 c1 c3 d1 d4 e1 e5 f1 f6" {
		t.Errorf("ok cells of a1: %v", corner)
	}
	// The interval is filled.
	gametest.Play(t, s, "P-c3,M-f6")
	if b := indField(s, 0); b != "5B/4b1/3b2/2P3/6/6" {
		t.Errorf("after P-c3,M-f6: board %s", b)
	}
	if r := indField(s, 2); r != "14,16" {
		t.Errorf("after P-c3,M-f6: reserves %s", r)
	}
	if s.ToMove() != 1 {
		t.Errorf("Yellow should move second")
	}
	// Yellow's first turn: only his marker, with an empty cell between.
	for _, n := range game.LegalNotations(s) {
		if !strings.HasPrefix(n, "M-") {
			t.Errorf("Yellow's first turn allows %s", n)
		}
	}
	if gametest.IsLegal(s, "M-e5") { // interval d4 holds only a blue brick
		t.Errorf("M-e5 legal with no empty cell in the interval")
	}
	if gametest.IsLegal(s, "M-d3") { // adjacent: empty interval
		t.Errorf("M-d3 legal with an empty interval")
	}
	gametest.Play(t, s, "M-c6") // c4, c5
	if b := indField(s, 0); b != "2Y2B/2y1b1/2yb2/2P3/6/6" || indField(s, 2) != "14,14" {
		t.Errorf("after M-c6: %s", s.Encode())
	}
	// Blue's second turn: marker or pawn.
	var kinds = map[byte]bool{}
	for _, n := range game.LegalNotations(s) {
		kinds[n[0]] = true
	}
	if !kinds['M'] || !kinds['P'] {
		t.Errorf("Blue's second turn: %v", game.LegalNotations(s))
	}
}

func TestIndependentThreePlayers(t *testing.T) {
	v := gametest.Variant(t, "poldr", game.Options{"players": "3"})
	s := v.Start()
	gametest.Play(t, s, "P-d4,M-d7")
	gametest.Play(t, s, "M-a1")
	if s.ToMove() != 2 {
		t.Fatalf("Red should be third, to move %d", s.ToMove())
	}
	for _, n := range game.LegalNotations(s) {
		if !strings.HasPrefix(n, "M-") {
			t.Errorf("Red's first turn allows %s", n)
		}
	}
	gametest.Play(t, s, "M-g4")
	if indField(s, 0) != "3B3/3b3/3b3/3PrrR/2y4/1y5/Y6" || indField(s, 2) != "14,14,14" || s.ToMove() != 0 {
		t.Errorf("after three first turns: %s", s.Encode())
	}
}

func TestIndependentPhase1(t *testing.T) {
	v := gametest.Variant(t, "poldr", game.Options{})
	const vac = "Yy4/6/6/6/6/1BbP2 B 15,15 1 1,2 2"
	// The vacated cell counts as empty: Blue's marker b1, pawn d1, c1 blue.
	// M-a1 makes the interval b1 c1: b1 (just left) gets a brick.
	s := gametest.Decode(t, v, vac)
	if !gametest.IsLegal(s, "M-a1") {
		t.Fatalf("M-a1 (vacated cell in the interval) refused: %v", game.LegalNotations(s))
	}
	gametest.Play(t, s, "M-a1")
	if indField(s, 0) != "Yy4/6/6/6/6/BbbP2" || indField(s, 2) != "14,15" || s.ToMove() != 1 {
		t.Errorf("after M-a1: %s", s.Encode())
	}
	// The same with the pawn: P-e1 makes the interval c1 d1, d1 just left.
	s = gametest.Decode(t, v, vac)
	gametest.Play(t, s, "P-e1")
	if indField(s, 0) != "Yy4/6/6/6/6/1BbbP1" || indField(s, 2) != "14,15" {
		t.Errorf("after P-e1: %s", s.Encode())
	}
	// Only empty cells can receive the piece.
	s = gametest.Decode(t, v, vac)
	for _, bad := range []string{"M-c1", "M-d1", "M-a6", "M-b6", "P-c1", "P-b1", "P-a6"} {
		if gametest.IsLegal(s, bad) {
			t.Errorf("%s (occupied cell) legal", bad)
		}
	}
	// An interval with no empty cell is no move: M-e1 and P-a1 (adjacent),
	// M-c2 and P-c2 (adjacent on a diagonal), M-a3 and P-e3 (not aligned).
	for _, bad := range []string{"M-e1", "M-c2", "P-a1", "P-c2", "M-a3", "P-e3"} {
		if gametest.IsLegal(s, bad) {
			t.Errorf("%s (no empty cell between) legal", bad)
		}
	}
	// Intervals may hold any pieces; only empty cells get bricks. Blue's
	// marker a2 goes to a1; pawn f1; b1 yellow, c1 Yellow's marker, d1
	// empty, e1 blue.
	s = gametest.Decode(t, v, "6/6/6/6/B5/1yY1bP B 15,15 1 1,2 2")
	gametest.Play(t, s, "M-a1")
	if indField(s, 0) != "6/6/6/6/6/ByYbbP" || indField(s, 2) != "14,15" {
		t.Errorf("after M-a1 over mixed pieces: %s", s.Encode())
	}
	// Moving the pawn moves it for everybody, and changes only the mover's
	// bricks.
	s = gametest.Decode(t, v, "Y5/y5/6/6/6/1BbP2 Y 15,15 1 1,2 2")
	gametest.Play(t, s, "P-a3") // Yellow: a6-a3 holds a5 (yellow) and a4 (empty)
	if indField(s, 0) != "Y5/y5/y5/P5/6/1Bb3" || indField(s, 2) != "15,14" || s.ToMove() != 0 {
		t.Errorf("after Yellow's P-a3: %s", s.Encode())
	}
}

func TestIndependentTooFewBricksAndLastBrick(t *testing.T) {
	v := gametest.Variant(t, "poldr", game.Options{})
	// Blue has 1 brick left (15 on the board): marker a1, pawn e1, b1-d1 empty.
	const pos = "bbbbbb/bbbbbb/bbb2Y/yyyyyy/yyyyyy/B3Py B 1,3 1 9,10 10"
	s := gametest.Decode(t, v, pos)
	got := strings.Join(gametest.Legal(s), " ")
	if got != "M-c1 P-c1" {
		t.Errorf("legal moves with 1 brick: %s, want M-c1 P-c1 (M-b1 and P-d1 need 2)", got)
	}
	gametest.Play(t, s, "M-c1")
	o := s.Outcome()
	if o.Status != game.Win || o.Winners != 1 || len(s.LegalMoves(nil)) != 0 || s.ToMove() != -1 {
		t.Errorf("last brick: outcome %+v, to move %d, %d moves", o, s.ToMove(), len(s.LegalMoves(nil)))
	}
	if o.Scores[0] != 0 || o.Scores[1] != 3 {
		t.Errorf("last brick: scores %v, want the reserves 0,3", o.Scores)
	}
}

func TestIndependentBlockageAndPhase2(t *testing.T) {
	v := gametest.Variant(t, "poldr", game.Options{"size": "4"})
	// Yellow to move in phase 1 but blocked (only d1 is empty): the game
	// switches to phase 2 and Yellow keeps the turn.
	s := gametest.Decode(t, v, "bbbb/bPbb/yyBy/yYy1 Y 9,11 1 5,6 6")
	if s.ToMove() != 1 || indField(s, 3) != "2" {
		t.Fatalf("blocked Yellow: %s", s.Encode())
	}
	if got := strings.Join(gametest.Legal(s), " "); got != "P-d1" {
		t.Fatalf("Yellow's returning moves: %s, want P-d1", got)
	}
	gametest.Play(t, s, "P-d1") // c1 goes back
	if indField(s, 0) != "bbbb/b1bb/yyBy/yY1P" || indField(s, 2) != "9,12" {
		t.Fatalf("after P-d1: %s", s.Encode())
	}
	// Blue cannot take a brick back, Yellow can (P-b3): Blue passes.
	if got := strings.Join(gametest.Legal(s), " "); got != "pass" {
		t.Fatalf("Blue: %s, want pass", got)
	}
	gametest.Play(t, s, "pass")
	if got := strings.Join(gametest.Legal(s), " "); got != "P-b3" {
		t.Fatalf("Yellow: %s, want P-b3", got)
	}
	gametest.Play(t, s, "P-b3")
	// Nobody can take a brick back: the game ends at once, Yellow 13 to 9.
	o := s.Outcome()
	if o.Status != game.Win || o.Winners != 2 || o.Scores[0] != 9 || o.Scores[1] != 13 || len(s.LegalMoves(nil)) != 0 {
		t.Errorf("end: %+v in %s", o, s.Encode())
	}

	// Phase 2: all the mover's bricks of the interval return, the others stay,
	// empty cells are not filled. Blue moves his marker from a2 to a1: the
	// interval b1..e1 holds blue, yellow, empty, blue.
	v6 := gametest.Variant(t, "poldr", game.Options{})
	s = gametest.Decode(t, v6, "Yyyy2/bbbbbb/bbbbb1/6/B5/1by1bP B 3,12 2 9,10 10")
	gametest.Play(t, s, "M-a1")
	if indField(s, 0) != "Yyyy2/bbbbbb/bbbbb1/6/6/B1y2P" || indField(s, 2) != "5,12" {
		t.Errorf("phase-2 return: %s", s.Encode())
	}
	// A move whose interval holds no brick of the mover is not a phase-2 move.
	s = gametest.Decode(t, v6, "Yyyy2/bbbbbb/bbbbb1/6/B5/1by1bP B 3,12 2 9,10 10")
	if gametest.IsLegal(s, "M-f3") || gametest.IsLegal(s, "P-a4") {
		t.Errorf("phase-2 moves without own bricks: %v", game.LegalNotations(s))
	}
}

func TestIndependentTieBreak(t *testing.T) {
	v := gametest.Variant(t, "poldr", game.Options{"size": "4"})
	// Nobody has a returning move; reserves 10 and 10.
	for _, c := range []struct {
		reached string
		winner  uint8
	}{{"3,4", 1}, {"5,4", 2}} {
		s := gametest.Decode(t, v, "bbb1/bbPy/ybBy/yYyy B 10,10 2 "+c.reached+" 8")
		o := s.Outcome()
		if o.Status != game.Win || o.Winners != c.winner || o.Scores[0] != 10 || o.Scores[1] != 10 {
			t.Errorf("reached %s: outcome %+v", c.reached, o)
		}
	}
}

// refGame follows a round or a match with the reference model.
type refGame struct {
	p          *refPos
	lastBricks int // rounds ended by the last brick
	over       bool
	outcome    game.Outcome
}

func newRefGame(p *refPos) *refGame { return &refGame{p: p} }

// endRound closes the round won by winner: next round or end.
func (g *refGame) endRound(winner int) {
	p := g.p
	if !p.match {
		g.over = true
		g.outcome = game.Outcome{Status: game.Win, Winners: 1 << uint(winner)}
		copy(g.outcome.Scores[:], p.reserve)
		return
	}
	if p.round < p.players {
		p.wins[winner]++
		for s := range p.totals {
			p.totals[s] += p.reserve[s]
		}
		p.round++
		for i := range p.cells {
			p.cells[i] = '.'
		}
		for s := range p.reserve {
			p.reserve[s] = 16
			p.reached[s] = p.ply
		}
		p.phase = 1
		p.toMove = p.round - 1
		return
	}
	g.over = true
	wins := append([]int(nil), p.wins...)
	totals := append([]int(nil), p.totals...)
	wins[winner]++
	for s := range totals {
		totals[s] += p.reserve[s]
	}
	var mask uint8
	best := -1
	for s := 0; s < p.players; s++ {
		switch {
		case best < 0 || wins[s] > wins[best] || wins[s] == wins[best] && totals[s] > totals[best]:
			best, mask = s, 1<<uint(s)
		case wins[s] == wins[best] && totals[s] == totals[best]:
			mask |= 1 << uint(s)
		}
	}
	g.outcome = game.Outcome{Status: game.Win, Winners: mask}
	if mask&(mask-1) != 0 {
		g.outcome = game.Outcome{Status: game.Draw}
	}
	copy(g.outcome.Scores[:], totals)
}

// moves normalises the phase and gives the legal moves; it closes the round
// when there are none.
func (g *refGame) moves() []refMove {
	for !g.over {
		ms := g.p.refMoves()
		if len(ms) > 0 {
			return ms
		}
		g.endRound(g.p.refRoundWinner())
	}
	return nil
}

func (g *refGame) apply(m refMove) {
	if w := g.p.refApply(m); w >= 0 {
		g.lastBricks++
		g.endRound(w)
	}
}

// compare checks the engine's position against the model's.
func (g *refGame) compare(t testing.TB, s game.State, where string) bool {
	t.Helper()
	ms := g.moves()
	q := refParse(t, s.Encode())
	p := g.p
	var diffs []string
	if q.boardText() != p.boardText() {
		diffs = append(diffs, "board "+q.boardText()+" want "+p.boardText())
	}
	if fmt.Sprint(q.reserve) != fmt.Sprint(p.reserve) {
		diffs = append(diffs, fmt.Sprintf("reserves %v want %v", q.reserve, p.reserve))
	}
	if q.ply != p.ply || s.Ply() != p.ply {
		diffs = append(diffs, fmt.Sprintf("ply %d want %d", q.ply, p.ply))
	}
	if p.match && (q.round != p.round || fmt.Sprint(q.wins, q.totals) != fmt.Sprint(p.wins, p.totals)) {
		diffs = append(diffs, fmt.Sprintf("match %d %v %v want %d %v %v", q.round, q.wins, q.totals, p.round, p.wins, p.totals))
	}
	if g.over {
		o := s.Outcome()
		if o.Status != g.outcome.Status || o.Winners != g.outcome.Winners || o.Scores != g.outcome.Scores || s.ToMove() != -1 {
			diffs = append(diffs, fmt.Sprintf("outcome %+v to move %d, want %+v", o, s.ToMove(), g.outcome))
		}
	} else {
		if s.Outcome().Ended() {
			diffs = append(diffs, fmt.Sprintf("ended early: %+v", s.Outcome()))
		}
		if q.phase != p.phase {
			diffs = append(diffs, fmt.Sprintf("phase %d want %d", q.phase, p.phase))
		}
		if s.ToMove() != p.toMove {
			diffs = append(diffs, fmt.Sprintf("to move %d want %d", s.ToMove(), p.toMove))
		}
		if fmt.Sprint(q.reached) != fmt.Sprint(p.reached) {
			diffs = append(diffs, fmt.Sprintf("reached %v want %v", q.reached, p.reached))
		}
	}
	got, want := gametest.Legal(s), refSet(ms)
	if strings.Join(got, " ") != strings.Join(want, " ") {
		diffs = append(diffs, fmt.Sprintf("legal moves %v\n   reference %v", got, want))
	}
	if len(diffs) > 0 {
		t.Errorf("%s: position %s\n  %s", where, s.Encode(), strings.Join(diffs, "\n  "))
		return false
	}
	return true
}

// TestIndependentRandomGames plays random games (half the moves greedy, to
// run reserves down) with the engine and the reference model side by side.
func TestIndependentRandomGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(2015, 5))
	positions, phase2, lackOfBricks, passes, lastBrick, ended := 0, 0, 0, 0, 0, 0
	for _, opts := range []game.Options{
		{"players": "2"}, {"players": "3"}, {"players": "2", "size": "4"},
		{"players": "3", "size": "5"}, {"players": "2", "match": "true"}, {"players": "3", "match": "true"},
	} {
		v := gametest.Variant(t, "poldr", opts)
		for gi := 0; gi < 12; gi++ {
			s := v.Start()
			g := newRefGame(refParse(t, s.Encode()))
			greedy := gi%2 == 0
			for step := 0; ; step++ {
				if g.p.phase == 1 && !g.over && blockedForLackOfBricks(g.p) {
					lackOfBricks++
				}
				if !g.compare(t, s, fmt.Sprintf("%v game %d ply %d", opts, gi, step)) {
					break
				}
				positions++
				ms := g.moves()
				if g.over {
					ended++
					break
				}
				if g.p.phase == 2 {
					phase2++
				}
				m := ms[rng.IntN(len(ms))]
				if greedy && g.p.phase == 1 {
					best := -1
					for _, c := range ms {
						r := g.p.clone()
						r.refApply(c)
						if d := g.p.reserve[g.p.toMove] - r.reserve[g.p.toMove]; d > best {
							best, m = d, c
						}
					}
				}
				if m.kind == 'x' {
					passes++
				}
				gametest.Play(t, s, m.notation)
				g.apply(m)
			}
			lastBrick += g.lastBricks
		}
	}
	t.Logf("%d positions, %d in phase 2, %d blocked for lack of bricks, %d passes, %d last-brick round ends, %d games ended",
		positions, phase2, lackOfBricks, passes, lastBrick, ended)
	if positions < 300 || phase2 == 0 || passes == 0 || ended == 0 || lastBrick == 0 {
		t.Errorf("the random games do not cover the rules enough")
	}
}

// blockedForLackOfBricks: the player to move has no phase-1 move, but would
// have one with more bricks.
func blockedForLackOfBricks(p *refPos) bool {
	if len(p.refPhase1(p.toMove)) > 0 {
		return false
	}
	r := p.clone()
	r.reserve[r.toMove] = 99
	return len(r.refPhase1(r.toMove)) > 0
}

func TestIndependentBlockedForLackOfBricks(t *testing.T) {
	v := gametest.Variant(t, "poldr", game.Options{})
	// Blue has 1 brick; his only phase-1 intervals need 2 or more (found by
	// random play with the reference model). Read in phase 1, the position
	// is blocked: phase 2, Blue keeps the turn and has returning moves.
	const pos = "Bbb1P1/bbyyyb/b1yyyb/b1yyyb/byy1bb/1bbbY1 B 1,5 1 13,14 14"
	p := refParse(t, pos)
	if !blockedForLackOfBricks(p) {
		t.Fatal("setup: Blue should be blocked for lack of bricks only")
	}
	s := gametest.Decode(t, v, pos)
	if s.ToMove() != 0 || indField(s, 3) != "2" {
		t.Fatalf("blocked Blue: %s", s.Encode())
	}
	got, want := gametest.Legal(s), refSet(p.refMoves())
	if strings.Join(got, " ") != strings.Join(want, " ") || len(got) == 0 || got[0] == "pass" {
		t.Errorf("Blue's moves %v, reference %v", got, want)
	}
}

func TestIndependentMatchRounds(t *testing.T) {
	for _, players := range []int{2, 3} {
		v := gametest.Variant(t, "poldr", game.Options{"players": strconv.Itoa(players), "match": "true"})
		s := v.Start()
		rng := rand.New(rand.NewPCG(uint64(players), 9))
		round := 1
		for s.ToMove() >= 0 {
			f := strings.Fields(s.Encode())
			if r, _ := strconv.Atoi(f[6]); r != round {
				// A new round: empty board, 16 bricks each, colour r opens.
				round = r
				if s.ToMove() != r-1 || strings.Trim(f[0], "0123456789/") != "" || f[3] != "1" {
					t.Errorf("round %d starts with %s", r, s.Encode())
				}
				for _, n := range game.LegalNotations(s) {
					if !strings.HasPrefix(n, "P-") || !strings.Contains(n, ",M-") {
						t.Fatalf("round %d: first move %s", r, n)
					}
				}
			}
			ms := s.LegalMoves(nil)
			s.Apply(ms[rng.IntN(len(ms))])
		}
		if round != players {
			t.Errorf("%d players: the match ended in round %d", players, round)
		}
	}
}
