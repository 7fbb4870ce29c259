package pogo_test

import (
	"math/rand/v2"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/pogo"
)

// model is an independent, deliberately naive POGO: stacks as strings
// (bottom to top), moves found by walking every path of n orthogonal steps
// that never turns straight back, as the rule text describes them.
type model struct {
	stacks [9]string
	toMove byte // 'L' or 'D'
	over   bool
}

type modelMove struct{ src, n, dst int }

func (m *model) moves() []modelMove {
	if m.over {
		return nil
	}
	seen := map[modelMove]bool{}
	var out []modelMove
	for src, st := range m.stacks {
		if st == "" || st[len(st)-1] != m.toMove {
			continue
		}
		for n := 1; n <= 3 && n <= len(st); n++ {
			var walk func(cell, steps, lastDir int)
			walk = func(cell, steps, lastDir int) {
				if steps == n {
					mv := modelMove{src, n, cell}
					if cell != src && !seen[mv] {
						seen[mv] = true
						out = append(out, mv)
					}
					return
				}
				x, y := cell%3, cell/3
				for dir, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
					if lastDir >= 0 && dir == lastDir^1 { // straight back
						continue
					}
					nx, ny := x+d[0], y+d[1]
					if nx >= 0 && nx < 3 && ny >= 0 && ny < 3 {
						walk(ny*3+nx, steps+1, dir)
					}
				}
			}
			walk(src, 0, -1)
		}
	}
	return out
}

func (m model) play(mv modelMove) model {
	st := m.stacks[mv.src]
	block := st[len(st)-mv.n:]
	m.stacks[mv.src] = st[:len(st)-mv.n]
	m.stacks[mv.dst] += block
	won := true
	for _, s := range m.stacks {
		if s != "" && s[len(s)-1] != m.toMove {
			won = false
		}
	}
	m.over = won
	if m.toMove == 'L' {
		m.toMove = 'D'
	} else {
		m.toMove = 'L'
	}
	return m
}

func (m model) perft(depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, mv := range m.moves() {
		n += m.play(mv).perft(depth - 1)
	}
	return n
}

func modelFrom(s *pogo.State) model {
	var m model
	for c := 0; c < pogo.Cells; c++ {
		for _, colour := range s.Stack(c) {
			m.stacks[c] += string("LD"[colour])
		}
	}
	m.toMove = "LD"[s.Ply()%2] // Light moves at even plies from the start
	m.over = s.Outcome().Ended()
	return m
}

// Perft from the start, checked against the independent model. The figures
// are also pinned so that a change to both would still be noticed.
func TestPerftStart(t *testing.T) {
	want := []uint64{1, 16, 240, 3_787, 58_150, 898_697}
	m := modelFrom(pogo.New())
	for depth, n := range want {
		if depth == len(want)-1 && testing.Short() {
			break
		}
		if got := game.Perft(pogo.New(), depth); got != n {
			t.Errorf("perft(%d) = %d, want %d", depth, got, n)
		}
		if depth <= 4 {
			if got := m.perft(depth); got != n {
				t.Errorf("model perft(%d) = %d, pinned %d", depth, got, n)
			}
		}
	}
}

// Perft from positions met in random games agrees with the model.
func TestPerftRandomPositions(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for g := 0; g < 40; g++ {
		s := pogo.New()
		for ply := 0; ply < 4+rng.IntN(60) && !s.Outcome().Ended(); ply++ {
			moves := s.LegalMoves(nil)
			s.Apply(moves[rng.IntN(len(moves))])
		}
		m := modelFrom(s)
		for depth := 1; depth <= 3; depth++ {
			if got, want := game.Perft(s, depth), m.perft(depth); got != want {
				t.Fatalf("%s: perft(%d) = %d, model %d", s.Encode(), depth, got, want)
			}
		}
	}
}
