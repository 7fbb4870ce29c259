package pogosolve

import (
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/plateau-games/plateau/games/pogo"

	"github.com/plateau-games/plateau/game"
)

// Verify checks every entry of the table against the entries of its
// successors, with nothing taken from the solver:
//
//   - unreachable exactly when the side to move tops every stack;
//   - loss in 0 exactly when the previous mover tops every stack;
//   - win in d: some move leads to a loss in d-1, none to a shorter loss;
//   - loss in d > 0: every move leads to a win, the longest in d-1;
//   - draw: no move leads to a loss, some move leads to a draw.
//
// Together these prove the table: by induction on the distance, every win
// and loss entry is achievable and no shorter (longer) one exists, and a
// position whose true value is a win or a loss cannot pass as a draw. It
// returns the first inconsistency found, naming the position.
func (t *Table) Verify(opt Options) error {
	sp := t.sp
	start := time.Now()
	var failed atomic.Bool
	var mu sync.Mutex
	var first error
	var done, reported atomic.Int64
	const splitsAtATime = 256
	moved := newMovedColours(sp)
	parallelBy(opt.workers(), sp.nSplits, splitsAtATime, func(_, lo, hi int) {
		if failed.Load() {
			return
		}
		a := newAggregates(moved)
		for split := lo; split < hi; split++ {
			if c := t.checkSplit(split, a); c >= 0 {
				i := split*sp.nColours + c
				var succ [maxMoves]int32
				why := t.check(sp.colourWord[c], split, t.data[i], &succ)
				if why == "" {
					why = "the entry disagrees with its successors" // not reached: both checks agree
				}
				mu.Lock()
				if first == nil {
					first = fmt.Errorf("inconsistent entry %d, position %q: %s", i, sp.position(i).Text(), why)
				}
				mu.Unlock()
				failed.Store(true)
				return
			}
		}
		// One line per tenth of the table.
		n := done.Add(int64(hi - lo))
		tenth := n * 10 / int64(sp.nSplits)
		if r := reported.Load(); tenth > r && reported.CompareAndSwap(r, tenth) {
			opt.logf(game.Text{EN: "verify: %3d%% checked (%.1f s)", FR: "vérification : %3d %% vérifié (%.1f s)"}, tenth*10, time.Since(start).Seconds())
		}
	})
	return first
}

// aggregates hold, for each colour pattern of one split, the best
// successor found so far (bestKey: 0 for none yet), and the successors of
// the moves (movedColours).
type aggregates struct {
	best  []uint16
	stack []uint16 // the best through one stack's moves, in the order of lightAt
	moved *movedColours
}

func newAggregates(moved *movedColours) *aggregates {
	n := len(moved.sp.colourWord)
	return &aggregates{best: make([]uint16, n), stack: make([]uint16, n), moved: moved}
}

// bestKey orders the entries of the successors from the mover's point of
// view: none < win in 1 < win in 3 < ... < win in MaxDistance < draw <
// loss in MaxDistance-1 < ... < loss in 0 < unreachable. The largest key
// of a position's successors then says everything the entry must agree
// with: a win in d has a successor lost in d-1 and none lost sooner (the
// largest key is that loss's); a draw has no successor lost and one drawn
// (the draw's); a loss in d > 0 has every successor won and the longest
// win in d-1 (that win's); and an unreachable successor, above all, fails
// every entry. One maximum a successor replaces the four aggregates (quickest
// loss, longest win, draws, unreachable) that say the same, at a quarter of
// the work.
var bestKey = func() (k [256]uint16) {
	for e := range 256 {
		switch {
		case e == entryUnreachable:
			k[e] = 256
		case e == entryDraw:
			k[e] = 128
		case e%2 == 0: // loss in e: 255 (in 0) down to 129 (in 252)
			k[e] = uint16(255 - e/2)
		default: // win in e: 1 (in 1) up to 127 (in 253)
			k[e] = uint16(1 + e/2)
		}
	}
	return
}()

// wantKey[e] is the largest key of the successors that entry e needs, for
// a position where neither side tops every stack: a loss one ply shorter
// for a win, a win one ply shorter for a loss, a draw for a draw.
// Unreachable and lost in 0 need what no maximum is (0xFFFF): such a
// position is neither.
var wantKey = func() (k [256]uint16) {
	for e := range 256 {
		switch {
		case e == entryUnreachable || e == 0:
			k[e] = 0xFFFF
		case e == entryDraw:
			k[e] = bestKey[entryDraw]
		default:
			k[e] = bestKey[e-1]
		}
	}
	return
}()

// movedColours gives, for every block move (n, a, at) of the split's
// sequence of pieces (the low 10 bits of a moveList entry), the colour
// pattern of the successor (mirrored, Dark to move becoming Light) of each
// pattern whose moving block is Light's, in the order of lightAt[a+n-1]:
// the bit operations of space.related done once for the whole table
// instead of once a split.
type movedColours struct {
	sp   *space
	from [1 << 10]int32 // where a move's list starts in to; -1 for no move
	to   []uint16
}

func newMovedColours(sp *space) *movedColours {
	m := &movedColours{sp: sp}
	for e := range m.from {
		m.from[e] = -1
		n, a, at := uint32(e&3), uint32(e>>2&15), uint32(e>>6&15)
		if n == 0 || a+n > uint32(sp.pieces) || at+n > uint32(sp.pieces) {
			continue
		}
		m.from[e] = int32(len(m.to))
		for _, c := range sp.lightAt[a+n-1] {
			w := sp.colourWord[c]
			block := w >> a & (1<<n - 1)
			rest := w&(1<<a-1) | w>>(a+n)<<a // the sequence without the block
			moved := rest&(1<<at-1) | block<<at | rest>>at<<(at+n)
			m.to = append(m.to, uint16(sp.colourIndex[^moved&sp.full]))
		}
	}
	return m
}

// checkSplit checks the entries of every position of split and returns
// the colour pattern of one that is wrong, or -1. It runs move by move over
// the positions where the moving stack is Light's, like the solver's
// expand: the successors through one move lie in one block of the table.
func (t *Table) checkSplit(split int, a *aggregates) int {
	sp := t.sp
	nColours, data, best := sp.nColours, t.data, a.best
	from, to := &a.moved.from, a.moved.to
	for c := range best {
		best[c] = 0
	}
	moves := sp.moveList[sp.moveStart[split]:sp.moveStart[split+1]]
	for _, stack := range sp.cellMoves[split*Cells : split*Cells+Cells] {
		if stack == 0 {
			break // no more stacks
		}
		// The stack's moves are all Light's for the same patterns: their
		// best is kept in the order of those patterns, then merged.
		light := sp.lightAt[stack&15]
		stackBest := a.stack[:len(light)]
		for j := range stackBest {
			stackBest[j] = 0
		}
		for _, e := range moves[stack>>4&127 : stack>>4&127+stack>>11] {
			succ := data[int(e>>10)*nColours : int(e>>10+1)*nColours]
			raiseKeys(stackBest, to[from[e&1023]:][:len(stackBest)], succ)
		}
		for j, c := range light {
			best[c] = max(best[c], stackBest[j])
		}
	}
	tops := uint32(sp.tops[split])
	entries := data[split*nColours : (split+1)*nColours]
	for c, e := range entries {
		dark := sp.colourWord[c] & tops
		var ok bool
		switch {
		case dark == 0:
			ok = e == entryUnreachable
		case dark == tops:
			ok = e == 0
		default:
			ok = best[c] == wantKey[e]
		}
		if !ok {
			return c
		}
	}
	return -1
}

// raiseKeys raises best[j] to the key of the successor entry
// succ[moved[j]]: the inner loop of checkSplit, on its own so that its few
// values stay in registers (inlined in checkSplit they were spilled to the
// stack and reloaded on every entry, a third of the verifier's time).
//
//go:noinline
func raiseKeys(best, moved []uint16, succ []byte) {
	keys := &bestKey
	moved = moved[:len(best)]
	for j, m := range moved {
		best[j] = max(best[j], keys[succ[m]])
	}
}

// check returns why entry e of the canonical position (w, split) is
// inconsistent, or "" when it is right.
func (t *Table) check(w uint32, split int, e byte, succ *[maxMoves]int32) string {
	sp := t.sp
	tops := uint32(sp.tops[split])
	switch {
	case w&tops == 0:
		if e != entryUnreachable {
			return fmt.Sprintf("the side to move tops every stack, so it must be unreachable, not %s", valueOf(e))
		}
		return ""
	case e == entryUnreachable:
		return "marked unreachable, but the side to move does not top every stack"
	case w&tops == tops:
		if e != 0 {
			return fmt.Sprintf("the previous mover tops every stack, so it must be a loss in 0 plies, not %s", valueOf(e))
		}
		return ""
	case e == 0:
		return "marked lost in 0 plies, but the previous mover does not top every stack"
	case e > MaxDistance && e != entryDraw:
		return fmt.Sprintf("entry %d is no value", e)
	}
	n := sp.related(w, split, pogo.Light, succ)
	minLoss, maxWin, draws := 256, -1, 0
	for _, q := range succ[:n] {
		switch s := t.data[q]; {
		case s == entryDraw:
			draws++
		case s == entryUnreachable:
			return fmt.Sprintf("a move leads to the unreachable position %q", sp.position(int(q)).Text())
		case s%2 == 0:
			minLoss = min(minLoss, int(s))
		default:
			maxWin = max(maxWin, int(s))
		}
	}
	switch d := int(e); {
	case e == entryDraw:
		if minLoss < 256 {
			return fmt.Sprintf("marked drawn, but a move leads to a loss in %d plies for the opponent", minLoss)
		}
		if draws == 0 {
			return "marked drawn, but every move leads to a win for the opponent"
		}
	case d%2 == 1:
		if minLoss != d-1 {
			if minLoss == 256 {
				return fmt.Sprintf("marked won in %d plies, but no move leads to a loss for the opponent", d)
			}
			return fmt.Sprintf("marked won in %d plies, but the quickest loss a move gives the opponent is in %d plies", d, minLoss)
		}
	default:
		if minLoss < 256 || draws > 0 {
			return fmt.Sprintf("marked lost in %d plies, but a move leads to a draw or a loss for the opponent", d)
		}
		if maxWin != d-1 {
			return fmt.Sprintf("marked lost in %d plies, but the opponent's longest win after a move is in %d plies", d, maxWin)
		}
	}
	return ""
}
