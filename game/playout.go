package game

import (
	"math/rand/v2"
)

// RepetitionTable counts position hashes during a playout without
// allocating: an open-addressing table cleared in O(1) by a generation stamp.
type RepetitionTable struct {
	keys   []uint64
	counts []uint8
	stamps []uint32
	gen    uint32
	used   int
}

// NewRepetitionTable makes a table for about n positions.
func NewRepetitionTable(n int) *RepetitionTable {
	size := 64
	for size < 2*n {
		size *= 2
	}
	return &RepetitionTable{
		keys:   make([]uint64, size),
		counts: make([]uint8, size),
		stamps: make([]uint32, size),
		gen:    1,
	}
}

// Reset forgets every position.
func (t *RepetitionTable) Reset() {
	t.gen++
	t.used = 0
	if t.gen == 0 { // wrapped: clear the stamps once
		clear(t.stamps)
		t.gen = 1
	}
}

// Add records one occurrence of h and returns how often h has occurred.
func (t *RepetitionTable) Add(h uint64) int {
	if 2*(t.used+1) > len(t.keys) {
		t.grow()
	}
	mask := uint64(len(t.keys) - 1)
	for i := (h ^ h>>29) & mask; ; i = (i + 1) & mask {
		if t.stamps[i] != t.gen {
			t.stamps[i], t.keys[i], t.counts[i] = t.gen, h, 1
			t.used++
			return 1
		}
		if t.keys[i] == h {
			if t.counts[i] < 255 {
				t.counts[i]++
			}
			return int(t.counts[i])
		}
	}
}

func (t *RepetitionTable) grow() {
	old := *t
	size := 2 * len(t.keys)
	*t = RepetitionTable{keys: make([]uint64, size), counts: make([]uint8, size), stamps: make([]uint32, size), gen: 1}
	mask := uint64(size - 1)
	for j := range old.keys {
		if old.stamps[j] != old.gen {
			continue
		}
		i := (old.keys[j] ^ old.keys[j]>>29) & mask
		for t.stamps[i] == t.gen {
			i = (i + 1) & mask
		}
		t.stamps[i], t.keys[i], t.counts[i] = t.gen, old.keys[j], old.counts[j]
		t.used++
	}
}

// Playout plays uniformly random legal moves on s (in place) until the
// game ends under the variant's complete rules, and returns the outcome and
// the number of plies played. buf and rep are scratch space that the caller
// reuses between playouts; rep may be nil when the variant has no
// repetition rule.
func Playout(s State, rng *rand.Rand, buf []Move, rep *RepetitionTable) (Outcome, int) {
	v := s.Variant()
	if rep != nil {
		rep.Reset()
	}
	plies := 0
	for {
		occurrences := 1
		if rep != nil && v.Repetition > 0 {
			occurrences = rep.Add(s.Hash())
		}
		if o := v.Judge(s, occurrences); o.Ended() {
			return o, plies
		}
		buf = s.LegalMoves(buf)
		s.Apply(buf[rng.IntN(len(buf))])
		plies++
	}
}

// Perft counts the leaf nodes of the move tree of depth plies from s, the
// chess way: depth 0 counts 1, a finished game at depth > 0 counts 0, a
// pass is a move, and repetition and ply limits are not applied.
func Perft(s State, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	bufs := make([][]Move, depth+1)
	return perft(s, depth, bufs)
}

func perft(s State, depth int, bufs [][]Move) uint64 {
	moves := s.LegalMoves(bufs[depth])
	bufs[depth] = moves
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, mv := range moves {
		child := s.Clone()
		child.Apply(mv)
		n += perft(child, depth-1, bufs)
	}
	return n
}

// DivideEntry is the perft count below one first move.
type DivideEntry struct {
	Move  string
	Nodes uint64
}

// PerftDivide gives the perft count below each legal move of s, in move
// order, for comparing with another implementation.
func PerftDivide(s State, depth int) []DivideEntry {
	if depth < 1 {
		return nil
	}
	moves := s.LegalMoves(nil)
	out := make([]DivideEntry, len(moves))
	for i, mv := range moves {
		child := s.Clone()
		child.Apply(mv)
		out[i] = DivideEntry{Move: s.MoveString(mv), Nodes: Perft(child, depth-1)}
	}
	return out
}
