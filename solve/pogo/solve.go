package pogosolve

import (
	"fmt"
	"io"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/pogo"
)

// Entries of the table, one byte a position (value for the side to move).
const (
	// MaxDistance is the longest distance to the end an entry can hold.
	// Entries 0 to MaxDistance are distances in plies; an even distance is
	// a loss (0: the previous mover tops every stack), an odd one a win,
	// because a win ends on the winner's own move.
	MaxDistance = 253
	// entryDraw marks a position neither side can force a win from; while
	// solving it means "not resolved yet".
	entryDraw = 254
	// entryUnreachable marks the positions where the side to move tops
	// every stack: only the player who has just moved can do that, so they
	// never occur.
	entryUnreachable = 255
)

// Options tune Solve and Verify.
type Options struct {
	// Workers is the number of goroutines; 0 means GOMAXPROCS.
	Workers int
	// Progress receives one line per step (nil: none), in Lang ("en" or
	// "fr"; English when empty).
	Progress io.Writer
	Lang     string
}

func (o Options) workers() int {
	if o.Workers > 0 {
		return o.Workers
	}
	return runtime.GOMAXPROCS(0)
}

func (o Options) logf(format game.Text, args ...any) {
	if o.Progress != nil {
		fmt.Fprintf(o.Progress, format.In(o.Lang)+"\n", args...)
	}
}

// Solve computes the value of every POGO position by retrograde analysis
// and returns the table. It needs about 430 MB at its peak.
func Solve(opt Options) (*Table, error) { return solve(Pieces, opt) }

// The retrograde analysis goes level by level of distance. Level 0 is the
// terminal positions (lost for the side to move). The predecessors of the
// positions lost in d plies are won in d+1 unless already resolved
// (resolved earlier means a shorter win). Each predecessor of a position
// won in d has its counter of open moves decremented; when it reaches 0,
// every move leads to a win for the opponent, the longest in d, so the
// position is lost in d+1. Positions never resolved are draws.
//
// Nearly all the time goes into these updates, about 1.8 billion, and the
// obvious way (for each position of the level, update each predecessor)
// makes each one a cache miss somewhere in 116 MB. Instead each level is
// "pulled": the workers take the splits one at a time and update the 924
// positions of a split (one block of the arrays, which stays in the
// processor's cache) from the positions of the level they are
// predecessors of. Those lie in the splits one block move away (the moves
// of a split are precomputed, space.moveList), and for each such move the
// level's positions there are read from a list of the level sorted by
// split. So the memory traffic is a few cache lines per pair of
// neighbouring splits instead of one per update, no two workers ever write
// the same block, and no atomic operation is needed.

// chunk is the number of positions (or splits) a worker claims at a time
// in the parallel loops.
const chunk = 1 << 16

// splitsAtATime is the number of splits a worker claims at a time when
// resolving a level.
const splitsAtATime = 32

// solver holds the work arrays of the retrograde analysis.
type solver struct {
	sp  *space
	opt Options
	// open[i] is the number of moves of position i not yet known to lead
	// to a position won by the opponent, or 0 once i is resolved (or
	// terminal, or unreachable).
	open []byte
	// entry[i] is the entry of position i: entryDraw while unresolved.
	entry []byte
	// frontier has a bit for each position of the level being pulled
	// from, next for each position resolved at the next level. Each split
	// has its own words (wordsPerSplit of them, bit = pattern index), so
	// that the workers updating different splits never share a word.
	frontier, next []uint64
	wordsPerSplit  int
	// count[split] and nextCount[split] are the numbers of positions of
	// split in frontier and next: splits without any are skipped at once.
	count, nextCount []uint16
	// list[start[split]:start[split+1]] are the colour pattern indexes of
	// the frontier positions of split, rebuilt from frontier at each level.
	list  []uint16
	start []uint32
	// pred[predStart[e&1023]+c] is, for the reverse of block move e (the
	// low 10 bits of a moveList entry: n, a, at) from a position of
	// pattern c, the pattern index of its canonical predecessor when the
	// block is topped by Dark, or noPred when it is Light's: the bit
	// operations of the reverse move done once for the solve instead of
	// once for each of some 1.8 billion links, so that the inner loop is a
	// table load.
	pred      []uint16
	predStart [1 << 10]int32
}

// noPred marks the patterns whose moving block is Light's in solver.pred:
// their reverse move is not Dark's, so they have no predecessor there.
const noPred = 1 << 15

// newPred fills s.pred and s.predStart (for every block move the split's
// sequence allows, whatever the split).
func (s *solver) newPred() {
	sp := s.sp
	for e := range s.predStart {
		s.predStart[e] = -1
		n, a, at := uint32(e&3), uint32(e>>2&15), uint32(e>>6&15)
		if n == 0 || a+n > uint32(sp.pieces) || at+n > uint32(sp.pieces) {
			continue
		}
		s.predStart[e] = int32(len(s.pred))
		for _, v := range sp.colourWord {
			if v>>(at+n-1)&1 != pogo.Dark {
				s.pred = append(s.pred, noPred)
				continue
			}
			block := v >> at & (1<<n - 1)
			rest := v&(1<<at-1) | v>>(at+n)<<at // the sequence without the block
			before := rest&(1<<a-1) | block<<a | rest>>a<<(a+n)
			s.pred = append(s.pred, uint16(sp.colourIndex[^before&sp.full]))
		}
	}
}

// solve runs the retrograde analysis for k pieces a side.
func solve(k int, opt Options) (*Table, error) {
	sp, err := spaceFor(k)
	if err != nil {
		return nil, err
	}
	begin := time.Now()
	wps := (sp.nColours + 63) / 64
	s := &solver{sp: sp, opt: opt, wordsPerSplit: wps,
		frontier: make([]uint64, sp.nSplits*wps), next: make([]uint64, sp.nSplits*wps),
		count: make([]uint16, sp.nSplits), nextCount: make([]uint16, sp.nSplits),
		start: make([]uint32, sp.nSplits+1)}
	s.newPred()
	open, freeOpen := bigArray(sp.size)
	entry, freeEntry := bigArray(sp.size)
	s.open, s.entry = open, entry
	defer func() {
		if s.open != nil {
			freeOpen()
		}
		freeEntry()
	}()

	terminal, unreachable := s.initialise()
	opt.logf(game.Text{
		EN: "solve: %d positions with Light to move (those with Dark to move are their colour mirrors): %d terminal, %d unreachable, %d to resolve (%.1f s)",
		FR: "solve : %d positions avec Clair au trait (celles avec Foncé au trait en sont le miroir) : %d finales, %d inaccessibles, %d à résoudre (%.1f s)"},
		sp.size, terminal, unreachable, sp.size-terminal-unreachable, time.Since(begin).Seconds())
	resolved := terminal
	for d, count := 0, terminal; count > 0; d++ {
		found := s.level(d)
		if found > 0 && d+1 > MaxDistance {
			return nil, fmt.Errorf("positions at distance %d do not fit the table's %d plies", d+1, MaxDistance)
		}
		resolved += found
		kind := game.Text{EN: "losses", FR: "défaites"}
		if d%2 == 1 {
			kind = game.Text{EN: "wins", FR: "gains"}
		}
		opt.logf(game.Text{
			EN: "solve: level %3d: %10d %-6s -> %10d at level %d; %5.1f%% resolved (%.1f s)",
			FR: "solve : niveau %3d : %10d %-8s -> %10d au niveau %d ; %5.1f %% résolues (%.1f s)"},
			d, count, kind.In(opt.Lang), found, d+1, 100*float64(resolved)/float64(sp.size-unreachable), time.Since(begin).Seconds())
		count = found
	}

	// The table moves to the Go heap, where it can live on after solve.
	freeOpen()
	s.open = nil
	data := make([]byte, sp.size)
	parallel(opt.workers(), sp.size, func(_, lo, hi int) { copy(data[lo:hi], s.entry[lo:hi]) })
	opt.logf(game.Text{EN: "solve: done: %d drawn positions (%.1f s)", FR: "solve : fini : %d positions nulles (%.1f s)"}, sp.size-unreachable-resolved, time.Since(begin).Seconds())
	return &Table{sp: sp, data: data}, nil
}

// parallel runs fn over [0, n) in chunks claimed by workers goroutines;
// fn gets the number of its goroutine.
func parallel(workers, n int, fn func(worker, lo, hi int)) {
	parallelBy(workers, n, chunk, fn)
}

// parallelBy is parallel with chunks of size.
func parallelBy(workers, n, size int, fn func(worker, lo, hi int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for id := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				lo := int(next.Add(int64(size))) - size
				if lo >= n {
					return
				}
				fn(id, lo, min(lo+size, n))
			}
		}()
	}
	wg.Wait()
}

// initialise sets every position: terminal ones to 0 (lost) and into the
// frontier, the unreachable ones, and the others to unresolved with their
// move count.
func (s *solver) initialise() (terminal, unreachable int) {
	sp := s.sp
	var nTerminal, nUnreachable atomic.Int64
	parallelBy(s.opt.workers(), sp.nSplits, splitsAtATime, func(_, lo, hi int) {
		term, unr := 0, 0
		for split := lo; split < hi; split++ {
			tops := uint32(sp.tops[split])
			base := split * sp.nColours
			open := s.open[base : base+sp.nColours]
			entry := s.entry[base : base+sp.nColours]
			// The moves of each stack count for every pattern where its
			// top piece is Light's (space.lightMoves, a stack at a time
			// rather than a position at a time); open starts at 0.
			counts := sp.moveCount[split*sp.pieces : (split+1)*sp.pieces]
			for t := tops; t != 0; t &= t - 1 {
				b := bits.TrailingZeros32(t)
				for _, c := range sp.lightAt[b] {
					open[c] += counts[b]
				}
			}
			for c, w := range sp.colourWord {
				switch w & tops {
				case tops: // Dark, who has just moved, tops every stack
					entry[c] = 0 // and Light has no move: open[c] is 0
					s.frontier[split*s.wordsPerSplit+c>>6] |= 1 << (c & 63)
					s.count[split]++
					term++
				case 0: // Light to move already tops every stack
					entry[c], open[c] = entryUnreachable, 0
					unr++
				default:
					entry[c] = entryDraw
				}
			}
		}
		nTerminal.Add(int64(term))
		nUnreachable.Add(int64(unr))
	})
	return int(nTerminal.Load()), int(nUnreachable.Load())
}

// level resolves the positions at distance d+1 from those at distance d
// (the frontier), makes them the next frontier and returns their number.
func (s *solver) level(d int) int {
	s.listFrontier()
	var found atomic.Int64
	clear(s.next)
	clear(s.nextCount)
	parallelBy(s.opt.workers(), s.sp.nSplits, splitsAtATime, func(_, lo, hi int) {
		n := 0
		for split := lo; split < hi; split++ {
			n += s.pull(split, byte(d+1))
		}
		found.Add(int64(n))
	})
	s.frontier, s.next = s.next, s.frontier
	s.count, s.nextCount = s.nextCount, s.count
	return int(found.Load())
}

// listFrontier lists the frontier positions split by split.
func (s *solver) listFrontier() {
	sp, wps := s.sp, s.wordsPerSplit
	total := 0
	for split, n := range s.count {
		s.start[split] = uint32(total)
		total += int(n)
	}
	s.start[sp.nSplits] = uint32(total)
	if cap(s.list) < total {
		s.list = make([]uint16, total)
	}
	s.list = s.list[:total]
	parallelBy(s.opt.workers(), sp.nSplits, chunk/64, func(_, lo, hi int) {
		for split := lo; split < hi; split++ {
			at := s.start[split]
			for j, f := range s.frontier[split*wps : (split+1)*wps] {
				for ; f != 0; f &= f - 1 {
					s.list[at] = uint16(j<<6 + bits.TrailingZeros64(f))
					at++
				}
			}
		}
	})
}

// pull updates the positions of split from the frontier positions they
// are predecessors of, resolving them at distance d: for an odd d (the
// frontier is lost) every unresolved predecessor is won; for an even d
// (the frontier is won) each link takes an open move off the predecessor,
// which is lost when it has none left. It returns how many positions it
// resolved.
//
// A move of split (block from y to x, n pieces) leads to the split where a
// frontier position has its predecessors here through the reverse move:
// in the frontier position the block lies at sequence index at..at+n-1,
// topped by Dark (who made the move); taking it out and reinserting it at
// a gives the colours before the move, Dark to move, whose mirror is the
// canonical predecessor.
func (s *solver) pull(split int, d byte) int {
	sp := s.sp
	nColours := sp.nColours
	base := split * nColours
	open := s.open[base : base+nColours]
	entry := s.entry[base : base+nColours]
	next := s.next[split*s.wordsPerSplit : (split+1)*s.wordsPerSplit]
	var buf [1024]uint16 // the predecessors through one move (nColours ≤ 924)
	found := 0
	for _, e := range sp.moveList[sp.moveStart[split]:sp.moveStart[split+1]] {
		from := e >> 10
		list := s.list[s.start[from]:s.start[from+1]]
		if len(list) == 0 {
			continue
		}
		k := predecessors(&buf, list, s.pred[s.predStart[e&1023]:][:nColours])
		if d%2 == 1 {
			found += resolveWon(buf[:k], open, entry, next, d)
		} else {
			found += takeOpenMove(buf[:k], open, entry, next, d)
		}
	}
	s.nextCount[split] = uint16(found)
	return found
}

// predecessors puts into buf the pattern indexes of the predecessors of
// the frontier patterns list through one reverse move (its row of
// solver.pred) and returns their number. Those whose block is Light's are
// skipped by counting rather than by branching: the colours are random,
// and a branch on them would be mispredicted half of the time.
func predecessors(buf *[1024]uint16, list, row []uint16) int {
	k := 0
	for _, c := range list {
		q := row[c]
		buf[k&1023] = q
		k += int(q>>15 ^ 1)
	}
	return k
}

// resolveWon resolves the unresolved positions among preds as won in d
// (their move leads to a lost position) and returns how many it resolved.
func resolveWon(preds []uint16, open, entry []byte, next []uint64, d byte) int {
	found := 0
	for _, q := range preds {
		if open[q] == 0 {
			continue // resolved, terminal or unreachable
		}
		open[q], entry[q] = 0, d
		next[q>>6] |= 1 << (q & 63)
		found++
	}
	return found
}

// takeOpenMove takes an open move off each unresolved position among
// preds (their move leads to a won position) and resolves those left
// without any as lost in d; it returns how many it resolved.
func takeOpenMove(preds []uint16, open, entry []byte, next []uint64, d byte) int {
	found := 0
	for _, q := range preds {
		m := open[q]
		if m == 0 {
			continue // resolved, terminal or unreachable
		}
		if m > 1 {
			open[q] = m - 1
			continue
		}
		open[q], entry[q] = 0, d
		next[q>>6] |= 1 << (q & 63)
		found++
	}
	return found
}
