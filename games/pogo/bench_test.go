package pogo_test

import (
	"math/rand/v2"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/game/conformance"
	"github.com/plateau-games/plateau/games/pogo"
)

func BenchmarkLegalMoves(b *testing.B) { conformance.BenchmarkLegalMoves(b, pogo.Variant()) }

func BenchmarkApply(b *testing.B) {
	ps := conformance.Positions(pogo.Variant(), 1024, 3)
	moves := make([]game.Move, len(ps))
	for i, p := range ps {
		moves[i] = p.LegalMoves(nil)[0]
	}
	var s pogo.State
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		s = *ps[i&1023].(*pogo.State)
		s.Apply(moves[i&1023])
	}
}

func BenchmarkHash(b *testing.B) {
	ps := conformance.Positions(pogo.Variant(), 1024, 3)
	var sink uint64
	for i := 0; b.Loop(); i++ {
		sink ^= ps[i&1023].Hash()
	}
	_ = sink
}

// BenchmarkPlayout is one random game through the generic API with the
// complete rules (repetition and ply limit), as `plateau bench` plays it.
func BenchmarkPlayout(b *testing.B) { conformance.BenchmarkPlayout(b, pogo.Variant()) }

// BenchmarkHandwrittenPlayout is a single-purpose POGO playout loop with no
// API, no hashing and no repetition check (only the ply limit): the yardstick
// for BenchmarkPlayout and `plateau bench pogo`.
func BenchmarkHandwrittenPlayout(b *testing.B) {
	var dests [9][4][]int8
	for src := 0; src < 9; src++ {
		for n := 1; n <= 3; n++ {
			for dst := 0; dst < 9; dst++ {
				dx, dy := src%3-dst%3, src/3-dst/3
				d := max(dx, -dx) + max(dy, -dy)
				if d == n || (n == 3 && d == 1) {
					dests[src][n] = append(dests[src][n], int8(dst))
				}
			}
		}
	}
	type mv struct{ src, n, dst int8 }
	rng := rand.New(rand.NewPCG(1, 1))
	moves := make([]mv, 0, 64)
	plies := 0
	for b.Loop() {
		var col [9]uint16
		var h [9]int
		for f := 0; f < 3; f++ {
			h[f], h[6+f], col[6+f] = 2, 2, 3
		}
		me := uint16(0)
		for ply := 0; ply < 400; ply++ {
			moves = moves[:0]
			for c := 0; c < 9; c++ {
				if h[c] == 0 || col[c]>>(h[c]-1)&1 != me {
					continue
				}
				for n := 1; n <= 3 && n <= h[c]; n++ {
					for _, d := range dests[c][n] {
						moves = append(moves, mv{int8(c), int8(n), d})
					}
				}
			}
			m := moves[rng.IntN(len(moves))]
			src, n, dst := int(m.src), int(m.n), int(m.dst)
			keep := h[src] - n
			col[dst] |= col[src] >> keep << h[dst]
			col[src] &= 1<<keep - 1
			h[src], h[dst] = keep, h[dst]+n
			plies++
			won := true
			for c := 0; c < 9; c++ {
				if h[c] > 0 && col[c]>>(h[c]-1)&1 != me {
					won = false
					break
				}
			}
			if won {
				break
			}
			me ^= 1
		}
	}
	b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "moves/s")
}
