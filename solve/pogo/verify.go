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
	parallelBy(opt.workers(), sp.nSplits, splitsAtATime, func(_, lo, hi int) {
		if failed.Load() {
			return
		}
		a := newAggregates(sp.nColours)
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

// aggregates summarise, for each colour pattern of one split, the entries
// of its successors: the quickest loss (255: none), the longest win (0:
// none), the number of draws and whether one is unreachable.
type aggregates struct {
	minLoss, maxWin, draws, unreachable []uint8
}

func newAggregates(n int) *aggregates {
	return &aggregates{make([]uint8, n), make([]uint8, n), make([]uint8, n), make([]uint8, n)}
}

// Each entry's share in the aggregates, by table lookup so that the inner
// loop of checkSplit has no branch.
var lossKey, winKey, drawKey, unreachableKey = func() (l, w, d, u [256]uint8) {
	for e := range 256 {
		l[e] = 255
		switch {
		case e == entryDraw:
			d[e] = 1
		case e == entryUnreachable:
			u[e] = 1
		case e%2 == 0:
			l[e] = uint8(e)
		default:
			w[e] = uint8(e)
		}
	}
	return
}()

// checkSplit checks the entries of every position of split and returns
// the colour pattern of one that is wrong, or -1. It runs move by move over
// the positions where the moving stack is Light's, like the solver's
// expand: the successors through one move lie in one block of the table.
func (t *Table) checkSplit(split int, a *aggregates) int {
	sp := t.sp
	nColours, flip, index, data := sp.nColours, sp.full, sp.colourIndex, t.data
	for c := range nColours {
		a.minLoss[c], a.maxWin[c], a.draws[c], a.unreachable[c] = 255, 0, 0, 0
	}
	moves := sp.moveList[sp.moveStart[split]:sp.moveStart[split+1]]
	for _, stack := range sp.cellMoves[split*Cells : split*Cells+Cells] {
		if stack == 0 {
			break // no more stacks
		}
		light := sp.lightAt[stack&15]
		for _, e := range moves[stack>>4&127 : stack>>4&127+stack>>11] {
			n, at, pos := e&3, e>>6&15, e>>2&15
			succ := data[int(e>>10)*nColours : int(e>>10+1)*nColours]
			for _, c := range light {
				w := sp.colourWord[c]
				block := w >> pos & (1<<n - 1)
				rest := w&(1<<pos-1) | w>>(pos+n)<<pos
				moved := rest&(1<<at-1) | block<<at | rest>>at<<(at+n)
				v := succ[index[^moved&flip]]
				a.minLoss[c] = min(a.minLoss[c], lossKey[v])
				a.maxWin[c] = max(a.maxWin[c], winKey[v])
				a.draws[c] += drawKey[v]
				a.unreachable[c] |= unreachableKey[v]
			}
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
		case e == entryUnreachable:
			ok = false
		case dark == tops:
			ok = e == 0
		case e == 0 || a.unreachable[c] != 0:
			ok = false
		case e == entryDraw:
			ok = a.minLoss[c] == 255 && a.draws[c] > 0
		case e%2 == 1:
			ok = a.minLoss[c] == e-1
		default:
			ok = a.minLoss[c] == 255 && a.draws[c] == 0 && a.maxWin[c] == e-1
		}
		if !ok {
			return c
		}
	}
	return -1
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
