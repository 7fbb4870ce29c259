package pogosolve

import (
	"math/rand/v2"
	"testing"

	"github.com/plateau-games/plateau/games/pogo"
)

// benchIndexes are random canonical positions of POGO that are not over.
func benchIndexes(n int) []int {
	sp := pogoSpace()
	rng := rand.New(rand.NewPCG(9, 10))
	var out []int
	for len(out) < n {
		i := rng.IntN(sp.size)
		w, split := sp.parts(i)
		tops := uint32(sp.tops[split])
		if w&tops != tops && w&tops != 0 {
			out = append(out, i)
		}
	}
	return out
}

// BenchmarkSuccessors is the inner loop of the verifier: the indexes of
// every successor of a position (ns/op is per position; see succ/op).
func BenchmarkSuccessors(b *testing.B) {
	benchRelated(b, pogo.Light)
}

// BenchmarkPredecessors is the generation half of the solver's inner loop.
func BenchmarkPredecessors(b *testing.B) {
	benchRelated(b, pogo.Dark)
}

func benchRelated(b *testing.B, top uint32) {
	sp := pogoSpace()
	idx := benchIndexes(1 << 12)
	var out [maxMoves]int32
	total := 0
	for i := 0; b.Loop(); i++ {
		x := idx[i&(len(idx)-1)]
		total += sp.relatedOf(x, top, &out)
	}
	b.ReportMetric(float64(total)/float64(b.N), "moves/op")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(total), "ns/move")
}

// BenchmarkRank is Rank of a pogo.State (decoding its Key included).
func BenchmarkRank(b *testing.B) {
	var states []*pogo.State
	for _, x := range benchIndexes(1 << 10) {
		s, err := pogoSpace().position(x).State()
		if err != nil {
			b.Fatal(err)
		}
		states = append(states, s)
	}
	sum := 0
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		sum += Rank(states[i&(len(states)-1)])
	}
	_ = sum
}

// BenchmarkPull is the solver's inner loop: one split's positions updated
// from a level holding a random seventh of all positions (ns/op is per
// split; see ns/link, per predecessor link examined).
func BenchmarkPull(b *testing.B) {
	sp := pogoSpace()
	wps := (sp.nColours + 63) / 64
	s := &solver{sp: sp, opt: Options{Workers: 1}, wordsPerSplit: wps,
		frontier: make([]uint64, sp.nSplits*wps), next: make([]uint64, sp.nSplits*wps),
		count: make([]uint16, sp.nSplits), nextCount: make([]uint16, sp.nSplits),
		start: make([]uint32, sp.nSplits+1), open: make([]byte, sp.size), entry: make([]byte, sp.size)}
	rng := rand.New(rand.NewPCG(11, 12))
	for i := range s.open {
		s.open[i], s.entry[i] = byte(1+rng.IntN(60)), entryDraw
	}
	for split := range sp.nSplits {
		for c := range sp.nColours {
			if rng.IntN(7) == 0 {
				s.frontier[split*wps+c>>6] |= 1 << (c & 63)
				s.count[split]++
			}
		}
	}
	s.newPred()
	s.listFrontier()
	links := 0
	for i := 0; b.Loop(); i++ {
		split := rng.IntN(sp.nSplits)
		for _, e := range sp.moveList[sp.moveStart[split]:sp.moveStart[split+1]] {
			links += int(s.count[e>>10]) // about half of them are links
		}
		s.pull(split, 4) // an even level: the updates take open moves off
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(max(links, 1)), "ns/link")
}

// BenchmarkCheckSplit is the verifier's inner loop on one split (ns/op),
// on a made-up table (the verdict does not matter, the work is the same).
func BenchmarkCheckSplit(b *testing.B) {
	sp := pogoSpace()
	t := &Table{sp: sp, data: make([]byte, sp.size)}
	rng := rand.New(rand.NewPCG(13, 14))
	for i := range t.data {
		t.data[i] = byte(rng.IntN(256))
	}
	a := newAggregates(newMovedColours(sp))
	for b.Loop() {
		t.checkSplit(rng.IntN(sp.nSplits), a)
	}
}
