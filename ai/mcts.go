package ai

import (
	"context"
	"math"
	"math/rand/v2"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/plateau-games/plateau/game"
)

// MCTSConfig configures Monte Carlo tree search. At least one budget
// (Iterations or Time) must be set; the search stops at the first one
// reached.
type MCTSConfig struct {
	// Iterations is the number of playouts per move, over all threads.
	Iterations int
	// Time is the thinking time per move.
	Time time.Duration
	// Threads is the number of trees searched in parallel (root
	// parallelisation); 0 means one per core (GOMAXPROCS).
	Threads int
	// C is the UCT exploration constant (rewards run from 0 to 1).
	C float64
	// MaxNodes bounds the nodes kept over all trees (32 bytes each); when
	// it is reached the trees stop growing and the search goes on with
	// playouts from their leaves. 0 means DefaultMaxNodes.
	MaxNodes int
	// NoReuse makes every move start from a fresh tree instead of keeping
	// the part of the last tree below the moves played since.
	NoReuse bool
	// NoDecisive turns off the look one move ahead at expansion: by
	// default every new child whose move ends the game is marked won, lost
	// or drawn at once, so that the solver sees a reply that wins on the
	// spot as soon as the move allowing it is expanded, not after a random
	// playout happens to try it.
	NoDecisive bool
}

// Defaults of MCTSConfig.
const (
	DefaultC        = 1.0
	DefaultMaxNodes = 1 << 22
)

// MCTS is UCT for any number of players, 1 to 4.
//
// Each node keeps the total reward of the seat that played the move leading
// to it, so that every seat maximises its own reward (Rewards: win 1, draw
// 1/2, loss 0; scores for games that end without winners). Playouts play
// uniformly random legal moves under the complete rules: the ply limit, and
// repetition counted over the real game's history as well as the path.
//
// MCTS-Solver: a node whose position ends the game is marked won, lost or
// drawn for the seat that moved into it, and the marks propagate: a node is
// won for its mover when a child wins for a partner of the mover's, and,
// in games with two sides, lost or drawn when all its children are proven
// (the best of them for the side to move). Proven wins are played at once,
// proven losses avoided, and a search whose root is proven stops early.
// With more than two sides only the first rule applies.
//
// With several threads, each searches its own tree with its own random
// numbers and the root statistics are merged (root parallelisation): the
// result depends only on the seed, the budget and the number of threads.
//
// Between moves, the subtree below the moves played since the last search
// is kept (tree reuse), so its statistics count again.
type MCTS struct {
	cfg   MCTSConfig
	seed  uint64
	trees []*tree
	// iterations is the number of playouts of the last Choose.
	iterations atomic.Int64
	// ranked is the legal moves of the last Choose, best first.
	ranked []game.Move
}

// Ranked is the moves of the last Choose in the order the search ranked
// them, best first: proven wins, then moves not proven lost, by visits.
func (a *MCTS) Ranked() []game.Move { return a.ranked }

// Iterations is the number of playouts the last Choose made, over all
// threads.
func (a *MCTS) Iterations() int64 { return a.iterations.Load() }

// NewMCTS returns an MCTS agent; zero fields of cfg take their defaults,
// but a budget is required.
func NewMCTS(cfg MCTSConfig, seed uint64) (*MCTS, error) {
	if cfg.Iterations <= 0 && cfg.Time <= 0 {
		return nil, game.Errorf(game.Text{EN: "mcts needs a budget: iterations=N or time=DURATION", FR: "mcts demande un budget : iterations=N ou time=DURÉE"})
	}
	if cfg.Threads <= 0 {
		cfg.Threads = runtime.GOMAXPROCS(0)
	}
	if cfg.C == 0 {
		cfg.C = DefaultC
	}
	if cfg.MaxNodes <= 0 {
		cfg.MaxNodes = DefaultMaxNodes
	}
	a := &MCTS{cfg: cfg, seed: seed, trees: make([]*tree, cfg.Threads)}
	for i := range a.trees {
		a.trees[i] = &tree{max: max(cfg.MaxNodes/cfg.Threads, 1024)}
	}
	return a, nil
}

// Name implements Agent.
func (a *MCTS) Name() string {
	var parts []string
	if a.cfg.Iterations > 0 {
		parts = append(parts, "iterations="+strconv.Itoa(a.cfg.Iterations))
	}
	if a.cfg.Time > 0 {
		parts = append(parts, "time="+a.cfg.Time.String())
	}
	parts = append(parts, "threads="+strconv.Itoa(a.cfg.Threads), "c="+strconv.FormatFloat(a.cfg.C, 'g', -1, 64))
	if a.cfg.NoReuse {
		parts = append(parts, "reuse=false")
	}
	if a.cfg.NoDecisive {
		parts = append(parts, "decisive=false")
	}
	return "mcts:" + strings.Join(parts, ",")
}

// Proof marks of a node, for the seat that moved into it (its team).
const (
	proofNone int8 = iota
	proofWin
	proofLoss
	proofDraw
)

// node is one position of a tree, reached by move. Children are stored
// together, so that a node needs only the index of the first and their
// number, and a tree is one slice that is cheap to grow and to compact.
type node struct {
	move   game.Move
	reward float64 // sum over the visits of the reward of mover
	visits int32
	first  int32 // index of the first child; -1 until expanded
	count  int32 // number of children
	mover  int8  // the seat that played move; -1 at the root
	proof  int8
}

// tree is the search state of one thread, kept between moves.
type tree struct {
	nodes []node
	spare []node // the other buffer for compaction
	max   int    // node budget
	// start and played identify the root: the match's start position and
	// the moves from there, so that the next search can find its position
	// in this tree.
	start  string
	played []game.Move
	rng    *rand.Rand
	buf    []game.Move
	rep    *game.RepetitionTable
	path   []int32
}

// search is what the threads of one decision share (read only).
type search struct {
	pos      *position
	c        float64
	twoSided bool
	decisive bool
	done     <-chan struct{}
	deadline time.Time
}

// Choose implements Agent.
func (a *MCTS) Choose(ctx context.Context, m *game.Match) (game.Move, error) {
	a.ranked = a.ranked[:0]
	p, err := newPosition(m)
	if err != nil {
		return 0, err
	}
	if err := ctx.Err(); err != nil {
		return 0, err // cancelled before it started: no move so far
	}
	if len(p.moves) == 1 {
		return p.moves[0], nil
	}
	sh := &search{pos: p, c: a.cfg.C, twoSided: sides(p.v) == 2, decisive: !a.cfg.NoDecisive, done: ctx.Done()}
	if a.cfg.Time > 0 {
		sh.deadline = time.Now().Add(a.cfg.Time)
	}
	start := m.Start().Encode()
	a.iterations.Store(0)
	var wg sync.WaitGroup
	for i, t := range a.trees {
		iterations := 0
		if a.cfg.Iterations > 0 {
			iterations = a.cfg.Iterations / len(a.trees)
			if i < a.cfg.Iterations%len(a.trees) {
				iterations++
			}
		}
		t.prepare(start, m.Moves(), !a.cfg.NoReuse, subSeed(a.seed, uint64(i), uint64(len(m.Moves()))))
		wg.Add(1)
		go func() {
			defer wg.Done()
			a.iterations.Add(int64(t.run(sh, iterations)))
		}()
	}
	wg.Wait()
	mv, ok := a.best(p)
	if !ok {
		if err := ctx.Err(); err != nil {
			return 0, game.Errorf(game.Text{EN: "mcts: stopped before any playout: %v", FR: "mcts : arrêté avant toute partie simulée : %v"}, err)
		}
		return 0, game.Errorf(game.Text{EN: "mcts: no playout was made", FR: "mcts : aucune partie simulée"})
	}
	return mv, nil
}

// rootStat merges what the trees know of one root move.
type rootStat struct {
	visits    int64
	reward    float64
	win, loss bool
}

// best merges the root children of every tree and picks a proven win if
// there is one, else the most visited move not proven lost, else (every
// move loses) the most visited move, which resists longest. ok is false
// when no tree has visited any move.
func (a *MCTS) best(p *position) (game.Move, bool) {
	stats := make(map[game.Move]*rootStat, len(p.moves))
	for _, mv := range p.moves {
		stats[mv] = &rootStat{}
	}
	for _, t := range a.trees {
		root := t.nodes[0]
		for i := root.first; root.first >= 0 && i < root.first+root.count; i++ {
			ch := &t.nodes[i]
			st := stats[ch.move]
			st.visits += int64(ch.visits)
			st.reward += ch.reward
			st.win = st.win || ch.proof == proofWin
			st.loss = st.loss || ch.proof == proofLoss
		}
	}
	better := func(x, y *rootStat) bool { // x before y
		if x.visits != y.visits {
			return x.visits > y.visits
		}
		return x.reward > y.reward
	}
	rank := func(st *rootStat) int {
		switch {
		case st.win:
			return 2
		case !st.loss:
			return 1
		}
		return 0
	}
	// p.moves is in the game's stable order, and the sort is stable, so
	// ties break the same way on every run.
	a.ranked = append(a.ranked[:0], p.moves...)
	sort.SliceStable(a.ranked, func(i, j int) bool {
		x, y := stats[a.ranked[i]], stats[a.ranked[j]]
		return rank(x) > rank(y) || rank(x) == rank(y) && better(x, y)
	})
	bestMove := a.ranked[0]
	if st := stats[bestMove]; st.visits == 0 && !st.win {
		return 0, false
	}
	return bestMove, true
}

// prepare makes the tree's root the match's position: the subtree below
// the moves played since the last search when reuse allows it, else a
// fresh root.
func (t *tree) prepare(start string, played []game.Move, reuse bool, seed uint64) {
	t.rng = newRNG(seed)
	if t.rep == nil {
		t.rep = game.NewRepetitionTable(256)
	}
	defer func() { t.played = append(t.played[:0], played...) }()
	if reuse && t.descend(start, played) {
		return
	}
	t.start = start
	t.nodes = append(t.nodes[:0], node{first: -1, mover: -1})
}

// descend moves the root down the moves played since the last search and
// reports whether the tree holds the new root.
func (t *tree) descend(start string, played []game.Move) bool {
	if len(t.nodes) == 0 || start != t.start || len(played) < len(t.played) {
		return false
	}
	for i, mv := range t.played {
		if played[i] != mv {
			return false
		}
	}
	n := int32(0)
	for _, mv := range played[len(t.played):] {
		if n = t.childWith(n, mv); n < 0 {
			return false
		}
	}
	t.compact(n)
	return true
}

// childWith returns the child of n reached by mv, or -1.
func (t *tree) childWith(n int32, mv game.Move) int32 {
	nd := t.nodes[n]
	for i := nd.first; nd.first >= 0 && i < nd.first+nd.count; i++ {
		if t.nodes[i].move == mv {
			return i
		}
	}
	return -1
}

// compact copies the subtree of n into the spare buffer, breadth first,
// so that n becomes the root (index 0) and the rest is dropped.
func (t *tree) compact(n int32) {
	dst := append(t.spare[:0], t.nodes[n])
	// The root's marks are recomputed from its children (run calls
	// prove), from the point of view of the side to move.
	dst[0].mover, dst[0].proof = -1, proofNone
	for i := 0; i < len(dst); i++ {
		if first := dst[i].first; first >= 0 {
			dst[i].first = int32(len(dst))
			dst = append(dst, t.nodes[first:first+dst[i].count]...)
		}
	}
	t.nodes, t.spare = dst, t.nodes[:0]
}

// run searches until the budget, the deadline or the cancellation of the
// search, or until the root is proven, and says how many playouts it made.
func (t *tree) run(sh *search, iterations int) (done int) {
	if t.nodes[0].first >= 0 {
		t.prove(0, sh)
	}
	for i := 0; iterations <= 0 || i < iterations; i++ {
		if t.nodes[0].proof != proofNone {
			return
		}
		if i&15 == 0 {
			select {
			case <-sh.done:
				return
			default:
			}
			if !sh.deadline.IsZero() && time.Now().After(sh.deadline) {
				return
			}
		}
		t.iterate(sh)
		done++
	}
	return done
}

// occurrences counts the position s on the path and in the game history,
// for the repetition rule.
func (t *tree) occurrences(s game.State, sh *search) int {
	if sh.pos.v.Repetition == 0 {
		return 1
	}
	h := s.Hash()
	return sh.pos.occurrences(h) + t.rep.Add(h)
}

// iterate is one MCTS iteration: select down the tree, expand the leaf,
// play out from the new node, and back the result up the path.
func (t *tree) iterate(sh *search) { t.iterateVia(sh, -1) }

// iterateVia is iterate whose first step from the root goes to the root's
// child first, whatever UCT would choose (-1: as UCT chooses; Analyse
// values every root move so).
func (t *tree) iterateVia(sh *search, first int32) {
	v := sh.pos.v
	s := sh.pos.state.Clone()
	t.rep.Reset()
	path := append(t.path[:0], 0)
	n := int32(0)
	var o game.Outcome // the root is never over: the match is on
	for t.nodes[n].first >= 0 {
		if first >= 0 {
			n, first = first, -1
		} else {
			n = t.selectChild(n, sh)
		}
		s.Apply(t.nodes[n].move)
		path = append(path, n)
		if t.nodes[n].first < 0 {
			o = v.Judge(s, t.occurrences(s, sh))
		} else {
			t.occurrences(s, sh) // inner nodes are known to go on; count them for repetition
		}
	}
	if !o.Ended() && t.expand(n, s, sh) {
		n = t.selectChild(n, sh)
		s.Apply(t.nodes[n].move)
		path = append(path, n)
		o = v.Judge(s, t.occurrences(s, sh))
	}
	terminal := o.Ended()
	if !terminal {
		o = t.playout(s, sh)
	}
	r := Rewards(v, o)
	proven := false
	if terminal {
		// A node marked when its parent was expanded has not told the
		// parent yet: try to prove the path above it either way.
		t.markTerminal(n, r, sh)
		proven = t.nodes[n].proof != proofNone
	}
	for i := len(path) - 1; i >= 0; i-- {
		nd := &t.nodes[path[i]]
		nd.visits++
		if nd.mover >= 0 {
			nd.reward += r[nd.mover]
		}
		if proven && i > 0 {
			proven = t.prove(path[i-1], sh)
		}
	}
	t.path = path
}

// selectChild picks the child of n to descend to: a proven win for the
// side to move, else an unvisited child (children are shuffled when
// created, so this is a random one), else the best UCT value among the
// children not proven lost; when all are lost, the most visited.
func (t *tree) selectChild(n int32, sh *search) int32 {
	nd := &t.nodes[n]
	logN := math.Log(float64(max(nd.visits, 1)))
	best, unvisited, lost := int32(-1), int32(-1), int32(-1)
	bestValue := math.Inf(-1)
	for i := nd.first; i < nd.first+nd.count; i++ {
		ch := &t.nodes[i]
		switch {
		case ch.proof == proofWin:
			return i
		case ch.proof == proofLoss:
			if lost < 0 || ch.visits > t.nodes[lost].visits {
				lost = i
			}
		case ch.visits == 0:
			if unvisited < 0 {
				unvisited = i
			}
		default:
			visits := float64(ch.visits)
			value := ch.reward/visits + sh.c*math.Sqrt(logN/visits)
			if value > bestValue {
				best, bestValue = i, value
			}
		}
	}
	switch {
	case unvisited >= 0:
		return unvisited
	case best >= 0:
		return best
	}
	return lost
}

// expand creates the children of n, whose position is s, in random order,
// and marks those whose move ends the game by the rules (repetition, which
// depends on the path, is left to the iterations). It reports false when
// the node budget does not allow it (the root is always expanded: the
// choice is made among its children).
func (t *tree) expand(n int32, s game.State, sh *search) bool {
	t.buf = s.LegalMoves(t.buf)
	if n != 0 && len(t.nodes)+len(t.buf) > t.max {
		return false
	}
	t.rng.Shuffle(len(t.buf), func(i, j int) { t.buf[i], t.buf[j] = t.buf[j], t.buf[i] })
	first, mover := len(t.nodes), int8(s.ToMove())
	for _, mv := range t.buf {
		t.nodes = append(t.nodes, node{move: mv, first: -1, mover: mover})
	}
	t.nodes[n].first, t.nodes[n].count = int32(first), int32(len(t.buf))
	if sh.decisive {
		v := sh.pos.v
		for i := first; i < len(t.nodes); i++ {
			c := s.Clone()
			c.Apply(t.nodes[i].move)
			if o := v.Judge(c, 1); o.Ended() {
				t.markTerminal(int32(i), Rewards(v, o), sh)
			}
		}
	}
	return true
}

// playout plays random moves from s, which is not over, to the end of the
// game under the complete rules.
func (t *tree) playout(s game.State, sh *search) game.Outcome {
	v := sh.pos.v
	for {
		t.buf = s.LegalMoves(t.buf)
		s.Apply(t.buf[t.rng.IntN(len(t.buf))])
		if o := v.Judge(s, t.occurrences(s, sh)); o.Ended() {
			return o
		}
	}
}

// markTerminal marks the node n, whose position ends the game with rewards
// r, as won, lost or (with two sides) drawn for its mover, and reports
// whether it did. Fractional rewards (scores) prove nothing.
func (t *tree) markTerminal(n int32, r [game.MaxPlayers]float64, sh *search) bool {
	nd := &t.nodes[n]
	if nd.proof != proofNone {
		return false // its parent was told the first time
	}
	switch x := r[nd.mover]; {
	case x == 1:
		nd.proof = proofWin
	case x == 0:
		nd.proof = proofLoss
	case x == 0.5 && sh.twoSided:
		nd.proof = proofDraw
	default:
		return false
	}
	return true
}

// prove tries to prove n from its children's marks (see MCTS) and reports
// whether n was newly proven.
func (t *tree) prove(n int32, sh *search) bool {
	nd := &t.nodes[n]
	if nd.proof != proofNone || nd.first < 0 {
		return false
	}
	best, all := proofLoss, true
children:
	for i := nd.first; i < nd.first+nd.count; i++ {
		switch t.nodes[i].proof {
		case proofWin:
			best = proofWin
			break children
		case proofDraw:
			best = proofDraw
		case proofNone:
			all = false
		}
	}
	if best != proofWin && !all {
		return false
	}
	// best is the value for the side to move at n; nd's mark is for the
	// seat that moved into n.
	toMove := int(t.nodes[nd.first].mover)
	v := sh.pos.v
	switch {
	case nd.mover < 0 || v.Team(int(nd.mover)) == v.Team(toMove):
		nd.proof = best
	case sh.twoSided:
		nd.proof = opposite(best)
	default:
		return false
	}
	return true
}

// opposite is a proof mark seen from the other side.
func opposite(proof int8) int8 {
	switch proof {
	case proofWin:
		return proofLoss
	case proofLoss:
		return proofWin
	}
	return proof
}
