package main

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"time"
)

// Budget is what `go` allows a search; zero fields are unset.
type Budget struct {
	Depth      int
	Iterations int
	Time       time.Duration
}

// Search is one request for a move.
type Search struct {
	Game   *Game
	Budget Budget
	// Stopped reports whether the search must answer now; may be nil.
	Stopped func() bool
	Rng     *rand.Rand
}

func (s *Search) stopped() bool { return s.Stopped != nil && s.Stopped() }

// Player chooses moves. Choose is only called on a game that is not over; it
// returns a legal move and an optional info text ("depth 6 nodes 1234").
type Player interface {
	Name() string
	// Check refuses a budget the player has no use for.
	Check(b Budget) error
	Choose(s *Search) (Move, string)
}

// NewPlayer builds a player from its name and default budget.
func NewPlayer(name string, def Budget, c float64) (Player, error) {
	switch name {
	case "random":
		return randomPlayer{}, nil
	case "greedy":
		return greedyPlayer{}, nil
	case "minimax", "alphabeta":
		return &minimaxPlayer{def: def}, nil
	case "mcts":
		return &mctsPlayer{def: def, c: c}, nil
	case "program":
		return newProgramPlayer(programCommand)
	}
	return nil, fmt.Errorf("unknown player %q: random, greedy, minimax, mcts or program", name)
}

// --- random ---

type randomPlayer struct{}

func (randomPlayer) Name() string       { return "random" }
func (randomPlayer) Check(Budget) error { return nil }
func (randomPlayer) Choose(s *Search) (Move, string) {
	moves := s.Game.Legal()
	return moves[s.Rng.IntN(len(moves))], ""
}

// --- greedy: one ply with a simple heuristic ---

type greedyPlayer struct{}

func (greedyPlayer) Name() string       { return "greedy" }
func (greedyPlayer) Check(Budget) error { return nil }

// Choose plays a winning move if there is one, otherwise the move after which
// the mover tops the most stacks compared with the opponent, then has the
// most pieces of his colour free on top of his stacks; ties are broken at
// random. It does not look at the opponent's replies.
func (greedyPlayer) Choose(s *Search) (Move, string) {
	moves := s.Game.Legal()
	b := s.Game.Current()
	me := int(b.ToMove)
	best, nbest := math.MinInt, 0
	var choice Move
	for _, m := range moves {
		nb := b.Apply(m)
		var score int
		if nb.MoverWon() {
			score = 1 << 30
		} else {
			var tops, free [2]int
			for c := 0; c < 9; c++ {
				if nb.H[c] == 0 {
					continue
				}
				t := nb.Top(c)
				tops[t]++
				free[t] += freeRun(&nb, c)
			}
			score = 10*(tops[me]-tops[me^1]) + (free[me] - free[me^1])
		}
		switch {
		case score > best:
			best, nbest, choice = score, 1, m
		case score == best:
			nbest++
			if s.Rng.IntN(nbest) == 0 {
				choice = m
			}
		}
	}
	return choice, ""
}

// freeRun is the number of pieces of the top colour at the top of stack c,
// at most 3: the pieces its owner can move without carrying an enemy piece.
func freeRun(b *Board, c int) int {
	h := int(b.H[c])
	t := b.Bits[c] >> (h - 1) & 1
	n := 0
	for i := h - 1; i >= 0 && n < 3 && b.Bits[c]>>i&1 == t; i-- {
		n++
	}
	return n
}

// --- minimax: alpha-beta negamax with iterative deepening ---

const (
	winScore = 100000
	infScore = 1 << 30
	maxDepth = 64
)

// evaluate scores b for the side to move, in centi-stacks:
//   - 100 per stack topped (own minus opponent's): control is the goal;
//   - 15 per free piece (own colour at the top of an own stack, up to 3 a
//     stack): pieces that can move without carrying enemy pieces;
//   - 5 per legal move (mobility, own minus opponent's);
//   - 8 per enemy piece held under an own top (prisoners), minus the same for
//     own pieces held by the opponent;
//   - 20 for having the move.
//
// Immediate wins are detected before this is called (see leaf).
func evaluate(b *Board) int {
	me := int(b.ToMove)
	var tops, free, mob, prisoners [2]int
	for c := 0; c < 9; c++ {
		h := int(b.H[c])
		if h == 0 {
			continue
		}
		t := b.Top(c)
		tops[t]++
		free[t] += freeRun(b, c)
		hc := h
		if hc > 3 {
			hc = 3
		}
		mob[t] += moveCount[c][hc]
		for i := 0; i < h-1; i++ {
			if int(b.Bits[c]>>i&1) != t {
				prisoners[t]++
			}
		}
	}
	op := me ^ 1
	return 100*(tops[me]-tops[op]) + 15*(free[me]-free[op]) + 5*(mob[me]-mob[op]) +
		8*(prisoners[me]-prisoners[op]) + 20
}

type ttEntry struct {
	key   uint64
	score int32
	depth int8
	flag  uint8 // 0 empty, 1 exact, 2 lower bound, 3 upper bound
	move  Move
}

const ttBits = 18

type minimaxPlayer struct {
	def Budget
	tt  []ttEntry

	// per search
	search   *Search
	deadline time.Time
	nodes    int64
	aborted  bool
	rootPly  int
	history  map[uint64]int // positions of the game before the root
	path     []uint64       // keys from the root to the current node
	killers  [maxDepth + 2]Move
}

func (p *minimaxPlayer) Name() string { return "minimax" }

func (p *minimaxPlayer) Check(b Budget) error {
	if b.Iterations > 0 {
		return errors.New("minimax has no iterations budget: use depth or time")
	}
	return nil
}

func (p *minimaxPlayer) timeUp() bool {
	if p.aborted {
		return true
	}
	if p.nodes&1023 == 0 {
		if p.search.stopped() || (!p.deadline.IsZero() && time.Now().After(p.deadline)) {
			p.aborted = true
		}
	}
	return p.aborted
}

// repeated: the position has occurred before, in the game or on the search
// path. A repetition is scored as a draw (the repeating side could repeat
// again and reach the threefold draw).
func (p *minimaxPlayer) repeated(key uint64) bool {
	if p.history[key] > 0 {
		return true
	}
	for i := len(p.path) - 2; i >= 0; i-- {
		if p.path[i] == key {
			return true
		}
	}
	return false
}

func scoreToTT(s, ply int) int32 {
	switch {
	case s > winScore-1000:
		return int32(s + ply)
	case s < -winScore+1000:
		return int32(s - ply)
	}
	return int32(s)
}

func scoreFromTT(s int32, ply int) int {
	v := int(s)
	switch {
	case v > winScore-1000:
		return v - ply
	case v < -winScore+1000:
		return v + ply
	}
	return v
}

// leaf: a win in one for the side to move is exact; otherwise the
// evaluation.
func (p *minimaxPlayer) leaf(b *Board, ply int) int {
	if _, ok := b.WinningMove(); ok {
		return winScore - ply - 1
	}
	return evaluate(b)
}

func (p *minimaxPlayer) negamax(b *Board, depth, alpha, beta, ply int) int {
	p.nodes++
	if b.MoverWon() {
		return -(winScore - ply)
	}
	if p.timeUp() {
		return 0
	}
	key := b.Key()
	if ply > 0 && p.repeated(key) {
		return 0
	}
	if p.rootPly+ply >= PlyLimit {
		return 0
	}
	if depth <= 0 {
		return p.leaf(b, ply)
	}
	e := &p.tt[key*0x9E3779B97F4A7C15>>(64-ttBits)]
	var ttMove Move
	hasTT := false
	if e.flag != 0 && e.key == key {
		ttMove, hasTT = e.move, true
		if int(e.depth) >= depth && ply > 0 {
			s := scoreFromTT(e.score, ply)
			switch {
			case e.flag == 1,
				e.flag == 2 && s >= beta,
				e.flag == 3 && s <= alpha:
				return s
			}
		}
	}
	var buf [48]Move
	moves := b.LegalMoves(buf[:0])
	// Order: the transposition table's move, immediate wins, the killer,
	// then the rest in generation order.
	var children [48]Board
	var rank [48]int
	for i, m := range moves {
		children[i] = b.Apply(m)
		switch {
		case hasTT && m == ttMove:
			rank[i] = 3
		case children[i].MoverWon():
			rank[i] = 2
		case m == p.killers[ply]:
			rank[i] = 1
		}
	}
	for i := 1; i < len(moves); i++ { // insertion sort, stable
		for j := i; j > 0 && rank[j] > rank[j-1]; j-- {
			rank[j], rank[j-1] = rank[j-1], rank[j]
			moves[j], moves[j-1] = moves[j-1], moves[j]
			children[j], children[j-1] = children[j-1], children[j]
		}
	}
	origAlpha := alpha
	best, bestMove := -infScore, moves[0]
	for i := range moves {
		p.path = append(p.path, children[i].Key())
		s := -p.negamax(&children[i], depth-1, -beta, -alpha, ply+1)
		p.path = p.path[:len(p.path)-1]
		if p.aborted {
			return 0
		}
		if s > best {
			best, bestMove = s, moves[i]
		}
		if s > alpha {
			alpha = s
		}
		if alpha >= beta {
			p.killers[ply] = moves[i]
			break
		}
	}
	flag := uint8(1)
	if best <= origAlpha {
		flag = 3
	} else if best >= beta {
		flag = 2
	}
	*e = ttEntry{key: key, score: scoreToTT(best, ply), depth: int8(depth), flag: flag, move: bestMove}
	return best
}

func (p *minimaxPlayer) Choose(s *Search) (Move, string) {
	if p.tt == nil {
		p.tt = make([]ttEntry, 1<<ttBits)
	}
	p.search, p.nodes, p.aborted = s, 0, false
	g := s.Game
	p.rootPly = g.Ply()
	p.history = make(map[uint64]int)
	for _, b := range g.Boards[:len(g.Boards)-1] {
		p.history[b.Key()]++
	}
	root := *g.Current()
	p.path = append(p.path[:0], root.Key())
	p.killers = [maxDepth + 2]Move{}

	budget := s.Budget
	if budget.Depth == 0 && budget.Time == 0 {
		budget = p.def
	}
	limit := budget.Depth
	if limit <= 0 || limit > maxDepth {
		limit = maxDepth
	}
	p.deadline = time.Time{}
	if budget.Time > 0 {
		p.deadline = time.Now().Add(budget.Time)
	}

	moves := root.LegalMoves(nil)
	if m, ok := root.WinningMove(); ok {
		return m, "depth 1 nodes 1 score win"
	}
	// Shuffle the root moves: equal scores are then broken at random (the
	// first best found is kept), so seeded games differ.
	s.Rng.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
	best, bestScore, done := moves[0], 0, 0
	for depth := 1; depth <= limit; depth++ {
		alpha := -infScore
		var iterBest Move
		iterScore := -infScore
		for _, m := range moves {
			child := root.Apply(m)
			p.path = append(p.path, child.Key())
			sc := -p.negamax(&child, depth-1, -infScore, -alpha, 1)
			p.path = p.path[:len(p.path)-1]
			if p.aborted {
				break
			}
			if sc > iterScore {
				iterScore, iterBest = sc, m
			}
			if sc > alpha {
				alpha = sc
			}
		}
		if p.aborted {
			break
		}
		best, bestScore, done = iterBest, iterScore, depth
		// Search the best move first at the next depth.
		for i, m := range moves {
			if m == best {
				copy(moves[1:i+1], moves[:i])
				moves[0] = m
				break
			}
		}
		if bestScore > winScore-1000 || bestScore < -winScore+1000 || p.rootPly+depth >= PlyLimit {
			break // the result is settled
		}
	}
	return best, fmt.Sprintf("depth %d nodes %d score %s", done, p.nodes, scoreText(bestScore))
}

func scoreText(s int) string {
	switch {
	case s > winScore-1000:
		return fmt.Sprintf("win%d", winScore-s)
	case s < -winScore+1000:
		return fmt.Sprintf("loss%d", winScore+s)
	}
	return fmt.Sprint(s)
}

// --- MCTS: plain UCT with uniformly random playouts ---

type mctsNode struct {
	board    Board
	move     Move // the move that led here
	parent   *mctsNode
	children []*mctsNode
	untried  []Move
	visits   float64
	reward   float64 // summed reward of the player who played move
	terminal bool
	winner   int // for terminal nodes: the winning colour, or -1 (draw)
	ply      int
}

type mctsPlayer struct {
	def Budget
	c   float64
}

func (p *mctsPlayer) Name() string { return "mcts" }

func (p *mctsPlayer) Check(b Budget) error {
	if b.Depth > 0 {
		return errors.New("mcts has no depth budget: use iterations or time")
	}
	return nil
}

func newNode(b Board, m Move, parent *mctsNode, ply int, rng *rand.Rand) *mctsNode {
	n := &mctsNode{board: b, move: m, parent: parent, ply: ply, winner: -1}
	switch {
	case b.MoverWon():
		n.terminal, n.winner = true, int(b.ToMove^1)
	case ply >= PlyLimit:
		n.terminal = true
	default:
		n.untried = b.LegalMoves(nil)
		rng.Shuffle(len(n.untried), func(i, j int) { n.untried[i], n.untried[j] = n.untried[j], n.untried[i] })
	}
	return n
}

// playout plays uniformly random moves from b to the end of the game (a
// win, or the ply limit: a draw) and returns the winning colour or -1.
func playout(b Board, ply int, rng *rand.Rand) int {
	var buf [48]Move
	for ; ply < PlyLimit; ply++ {
		if b.MoverWon() {
			return int(b.ToMove ^ 1)
		}
		moves := b.LegalMoves(buf[:0])
		b = b.Apply(moves[rng.IntN(len(moves))])
	}
	if b.MoverWon() {
		return int(b.ToMove ^ 1)
	}
	return -1
}

func (p *mctsPlayer) Choose(s *Search) (Move, string) {
	g := s.Game
	budget := s.Budget
	if budget.Iterations == 0 && budget.Time == 0 {
		budget = p.def
	}
	if budget.Iterations == 0 && budget.Time == 0 {
		budget.Iterations = 10000
	}
	var deadline time.Time
	if budget.Time > 0 {
		deadline = time.Now().Add(budget.Time)
	}
	root := newNode(*g.Current(), Move{}, nil, g.Ply(), s.Rng)
	iter := 0
	for ; budget.Iterations == 0 || iter < budget.Iterations; iter++ {
		if iter&63 == 0 && (s.stopped() || (!deadline.IsZero() && time.Now().After(deadline))) {
			break
		}
		// Selection.
		n := root
		for !n.terminal && len(n.untried) == 0 {
			logN := math.Log(n.visits)
			var best *mctsNode
			bestU := math.Inf(-1)
			for _, ch := range n.children {
				u := ch.reward/ch.visits + p.c*math.Sqrt(logN/ch.visits)
				if u > bestU {
					best, bestU = ch, u
				}
			}
			n = best
		}
		// Expansion.
		if !n.terminal {
			m := n.untried[len(n.untried)-1]
			n.untried = n.untried[:len(n.untried)-1]
			ch := newNode(n.board.Apply(m), m, n, n.ply+1, s.Rng)
			n.children = append(n.children, ch)
			n = ch
		}
		// Simulation.
		winner := n.winner
		if !n.terminal {
			winner = playout(n.board, n.ply, s.Rng)
		}
		// Back-propagation: each node is scored for the player who moved
		// into it.
		for ; n != nil; n = n.parent {
			n.visits++
			mover := int(n.board.ToMove ^ 1)
			switch winner {
			case mover:
				n.reward++
			case -1:
				n.reward += 0.5
			}
		}
	}
	var best *mctsNode
	for _, ch := range root.children {
		if best == nil || ch.visits > best.visits {
			best = ch
		}
	}
	if best == nil { // stopped before the first iteration
		return root.untried[len(root.untried)-1], "iterations 0"
	}
	return best.move, fmt.Sprintf("iterations %d visits %.0f value %.3f", iter, best.visits, best.reward/best.visits)
}
