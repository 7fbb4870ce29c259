package solitairesolve

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

// pool runs a search on several workers. The tasks are the positions two
// moves from the root, in the search's move order; worker w takes tasks w,
// w+W, w+2W, … in order, each with its own table. The split is static, so
// a search that finds nothing (a proof) visits the same nodes on every run
// and machine for the same number of workers. When tasks find solutions,
// the one of the first task in order is kept, so the solution is also the
// same on every run (node counts may then vary).
type pool struct {
	root     position
	workers  []*searcher
	solution []jump
	total    uint64
}

func newPool(ctx context.Context, root *position, workers, tableBits int) *pool {
	pl := &pool{root: *root}
	for i := 0; i < workers; i++ {
		pl.workers = append(pl.workers, &searcher{ctx: ctx, p: *root, table: newTable(tableBits)})
	}
	return pl
}

// sortMoves puts the longest runs first (stable: the order is
// deterministic). The order only changes how soon a solution is found.
func sortMoves(moves []jump) {
	for i := 1; i < len(moves); i++ { // insertion sort: stable, no allocation
		for k := i; k > 0 && moves[k].n > moves[k-1].n; k-- {
			moves[k], moves[k-1] = moves[k-1], moves[k]
		}
	}
}

// lowerBound is the smallest number of moves the bounds allow.
func (pl *pool) lowerBound(target int) int {
	pl.workers[0].p = pl.root
	return pl.workers[0].lowerBound(target)
}

// iterate searches for at most target pieces within d moves.
func (pl *pool) iterate(target, d int) Iteration {
	w0 := pl.workers[0]
	if len(pl.workers) == 1 || d < 3 || pl.root.pieces <= target {
		w0.p = pl.root
		it := w0.iterate(target, d)
		pl.total += it.Nodes
		if it.Found {
			pl.solution = append(pl.solution[:0], w0.solution...)
		}
		return it
	}
	start := time.Now()
	// The tasks: every first move, then every second move of the
	// positions the cheap cuts keep. A first move that reaches the target
	// is a task of its own (second move -1).
	type task struct{ first, second int }
	var tasks []task
	var nodes uint64 = 1
	p := pl.root
	var taken [size]uint8
	firsts, _ := p.jumps(nil)
	sortMoves(firsts)
	seconds := make([][]jump, len(firsts))
	for i, m := range firsts {
		nodes++
		p.apply(m, &taken)
		d1 := min(d-1, p.pieces-1)
		switch {
		case p.pieces <= target:
			tasks = append(tasks, task{i, -1})
		case !cheapCut(&p, target, d1):
			moves, longest := p.jumps(nil)
			if p.pieces-target <= removable(&p, longest, d1) {
				sortMoves(moves)
				seconds[i] = moves
				for k := range moves {
					tasks = append(tasks, task{i, k})
				}
			}
		}
		p.undo(m, &taken)
	}
	var (
		mu       sync.Mutex
		best     atomic.Int64 // the first task found to succeed
		solution []jump
		wg       sync.WaitGroup
		stopped  atomic.Bool
	)
	best.Store(int64(len(tasks)))
	for w, sr := range pl.workers {
		if sr.table.target != target {
			sr.table.reset(target)
		}
		sr.target, sr.nodes, sr.stopped = target, 0, false
		wg.Add(1)
		go func(w int, sr *searcher) {
			defer wg.Done()
			var taken [2][size]uint8
			for i := w; i < len(tasks) && int64(i) < best.Load(); i += len(pl.workers) {
				t := tasks[i]
				sr.p = pl.root
				first := firsts[t.first]
				sr.p.apply(first, &taken[0])
				sr.path = append(sr.path[:0], first)
				ok := true
				if t.second >= 0 {
					second := seconds[t.first][t.second]
					sr.p.apply(second, &taken[1])
					sr.path = append(sr.path, second)
					ok = sr.search(d-2, 2)
				}
				if sr.stopped {
					stopped.Store(true)
					return
				}
				if ok {
					mu.Lock()
					if int64(i) < best.Load() {
						best.Store(int64(i))
						if t.second < 0 {
							solution = append([]jump(nil), sr.path...)
						} else {
							solution = append([]jump(nil), sr.solution...)
						}
					}
					mu.Unlock()
					return
				}
			}
		}(w, sr)
	}
	wg.Wait()
	for _, sr := range pl.workers {
		nodes += sr.nodes
		sr.total += sr.nodes
	}
	pl.total += nodes
	found := solution != nil
	if found {
		pl.solution = solution
	}
	return Iteration{Target: target, Moves: d, Found: found, Complete: found || !stopped.Load(),
		Nodes: nodes, Seconds: time.Since(start).Seconds()}
}
