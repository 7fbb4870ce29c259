package poldr_test

import (
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/internal/gametest"
)

// model is a slow, plain reading of the rules, written apart from the
// engine: the board as letters, every move tried by copying the board.
type model struct {
	n, players int
	cell       [][]byte // [rank][file]: . b y r B Y R P
	reserve    []int
	phase      int
	toMove     int
	over       bool
}

const letters = "BYR"

func newModel(n, players int) *model {
	m := &model{n: n, players: players, phase: 1}
	m.cell = make([][]byte, n)
	for y := range m.cell {
		m.cell[y] = []byte(strings.Repeat(".", n))
	}
	for p := 0; p < players; p++ {
		m.reserve = append(m.reserve, 16)
	}
	return m
}

func (m *model) find(board [][]byte, ch byte) (int, int, bool) {
	for y := range board {
		for x := range board[y] {
			if board[y][x] == ch {
				return x, y, true
			}
		}
	}
	return 0, 0, false
}

func (m *model) name(x, y int) string { return string(rune('a'+x)) + strconv.Itoa(y+1) }

// between lists the cells strictly between two cells on one line at least
// two apart.
func between(x1, y1, x2, y2 int) ([][2]int, bool) {
	dx, dy := x2-x1, y2-y1
	adx, ady := dx, dy
	if adx < 0 {
		adx = -adx
	}
	if ady < 0 {
		ady = -ady
	}
	if !(dx == 0 || dy == 0 || adx == ady) || max(adx, ady) < 2 {
		return nil, false
	}
	sx, sy := 0, 0
	if dx != 0 {
		sx = dx / adx
	}
	if dy != 0 {
		sy = dy / ady
	}
	var out [][2]int
	for x, y := x1+sx, y1+sy; x != x2 || y != y2; x, y = x+sx, y+sy {
		out = append(out, [2]int{x, y})
	}
	return out, true
}

func (m *model) copyBoard() [][]byte {
	b := make([][]byte, m.n)
	for y := range b {
		b[y] = append([]byte(nil), m.cell[y]...)
	}
	return b
}

// try plays, on a copy, seat p putting piece ('M' his marker, 'P' the
// pawn) on (x, y); it returns the new board and whether the move is legal.
func (m *model) try(p int, piece byte, x, y int) ([][]byte, bool) {
	b := m.copyBoard()
	if b[y][x] != '.' {
		return nil, false
	}
	ch := letters[p]
	if piece == 'P' {
		ch = 'P'
	}
	if ox, oy, ok := m.find(b, ch); ok {
		b[oy][ox] = '.'
	}
	b[y][x] = ch
	mx, my, ok1 := m.find(b, letters[p])
	px, py, ok2 := m.find(b, 'P')
	if !ok1 || !ok2 {
		return nil, false
	}
	cells, ok := between(mx, my, px, py)
	if !ok {
		return nil, false
	}
	count := 0
	own := letters[p] + 'a' - 'A'
	for _, c := range cells {
		if m.phase == 1 && b[c[1]][c[0]] == '.' {
			b[c[1]][c[0]] = own
			count++
		}
		if m.phase == 2 && b[c[1]][c[0]] == own {
			b[c[1]][c[0]] = '.'
			count++
		}
	}
	if count == 0 || (m.phase == 1 && count > m.reserve[p]) {
		return nil, false
	}
	return b, true
}

// moves lists seat p's moves (without pass), with their boards.
func (m *model) moves(p int) map[string][][]byte {
	out := map[string][][]byte{}
	_, _, hasPawn := m.find(m.cell, 'P')
	_, _, hasMarker := m.find(m.cell, letters[p])
	for y := 0; y < m.n; y++ {
		for x := 0; x < m.n; x++ {
			if !hasPawn {
				for y2 := 0; y2 < m.n; y2++ {
					for x2 := 0; x2 < m.n; x2++ {
						if cells, ok := between(x, y, x2, y2); ok {
							b := m.copyBoard()
							b[y][x], b[y2][x2] = 'P', letters[p]
							for _, c := range cells {
								b[c[1]][c[0]] = letters[p] + 'a' - 'A'
							}
							out["P-"+m.name(x, y)+",M-"+m.name(x2, y2)] = b
						}
					}
				}
				continue
			}
			if b, ok := m.try(p, 'M', x, y); ok && (hasMarker || m.phase == 1) {
				out["M-"+m.name(x, y)] = b
			}
			if hasMarker {
				if b, ok := m.try(p, 'P', x, y); ok {
					out["P-"+m.name(x, y)] = b
				}
			}
		}
	}
	return out
}

func (m *model) legal() []string {
	if m.over {
		return nil
	}
	var out []string
	for k := range m.moves(m.toMove) {
		out = append(out, k)
	}
	if len(out) == 0 {
		out = append(out, "pass")
	}
	sort.Strings(out)
	return out
}

func (m *model) count(ch byte) int {
	n := 0
	for _, row := range m.cell {
		n += strings.Count(string(row), string(ch))
	}
	return n
}

func (m *model) play(move string) {
	p := m.toMove
	if move != "pass" {
		m.cell = m.moves(p)[move]
		m.reserve[p] = 16 - m.count(letters[p]+'a'-'A')
	}
	m.toMove = (p + 1) % m.players
	if m.phase == 1 && m.reserve[p] == 0 {
		m.over = true
		return
	}
	if m.phase == 1 && len(m.moves(m.toMove)) == 0 {
		m.phase = 2
	}
	if m.phase == 2 {
		for q := 0; q < m.players; q++ {
			if len(m.moves(q)) > 0 {
				return
			}
		}
		m.over = true
	}
}

// head writes the board, the seat to move, the reserves and the phase the
// way the position text does.
func (m *model) head() string {
	var ranks []string
	for y := m.n - 1; y >= 0; y-- {
		var b strings.Builder
		run := 0
		for _, ch := range m.cell[y] {
			if ch == '.' {
				run++
				continue
			}
			if run > 0 {
				b.WriteString(strconv.Itoa(run))
				run = 0
			}
			b.WriteByte(ch)
		}
		if run > 0 {
			b.WriteString(strconv.Itoa(run))
		}
		ranks = append(ranks, b.String())
	}
	var res []string
	for _, r := range m.reserve {
		res = append(res, strconv.Itoa(r))
	}
	return strings.Join(ranks, "/") + " " + string(letters[m.toMove]) + " " + strings.Join(res, ",") + " " + strconv.Itoa(m.phase)
}

// The engine and the model agree on every legal move and every position
// along random games.
func TestAgainstModel(t *testing.T) {
	for _, tc := range []struct {
		players, size, games int
	}{{2, 4, 40}, {2, 5, 20}, {2, 6, 15}, {3, 5, 20}, {3, 7, 8}} {
		v := variant(t, game.Options{"players": strconv.Itoa(tc.players), "size": strconv.Itoa(tc.size)})
		rng := rand.New(rand.NewPCG(uint64(tc.size), uint64(tc.players)))
		for g := 0; g < tc.games; g++ {
			s := v.Start()
			m := newModel(tc.size, tc.players)
			for ply := 0; ; ply++ {
				want := m.legal()
				got := game.LegalNotations(s)
				sort.Strings(got)
				if strings.Join(got, " ") != strings.Join(want, " ") {
					t.Fatalf("%s ply %d at %q:\nengine %v\nmodel  %v", v, ply, s.Encode(), got, want)
				}
				if m.over != s.Outcome().Ended() {
					t.Fatalf("%s at %q: model over %v, engine %+v", v, s.Encode(), m.over, s.Outcome())
				}
				if !strings.HasPrefix(s.Encode(), m.head()+" ") {
					t.Fatalf("%s ply %d:\nengine %s\nmodel  %s", v, ply, s.Encode(), m.head())
				}
				if m.over {
					break
				}
				move := want[rng.IntN(len(want))]
				gametest.Play(t, s, move)
				m.play(move)
			}
		}
	}
}
