package puzzle

import (
	"github.com/plateau-games/plateau/game"
)

// The prover answers one question: can a given side force a win within n
// plies? It is an exhaustive AND-OR search over the legal moves, with the
// game's own end detection (Variant.Judge, so the ply limit counts) and
// nothing else: no evaluation, no depth-limited guess. A "yes" is a proof
// (a winning strategy of at most n plies against every defence); a "no"
// proves only that no such short win exists.
//
// To keep its proofs valid under any reading of the repetition rule, the
// prover counts a position that already occurred on the path from the root
// of the proof as a failure of the attacker (a draw the defender could
// claim), however the game would judge it. A proof that never goes through
// a repeated position wins with or without repetition rules, and with the
// ply limit, since a looser rule only lets the game go on where the proof
// never needed it to stop. For the same reason it keeps no transposition
// table: a result stored for one path could be reused on another one where
// the repetition rule would change it.
//
// Move ordering is what keeps it fast: at every depth the move that last
// decided a node (the winning move of the attacker, the refutation of the
// defender) is tried first, since in a tactical position the same threat
// usually works against most defences.
type prover struct {
	v       *game.Variant
	att     int   // the seat whose win is sought
	budget  int64 // positions a proof may visit (0: no limit)
	nodes   int64 // positions visited by the current proof
	total   int64 // positions visited since the prover was made
	aborted bool  // the current proof ran out of budget: its answer is "no"
	path    []uint64
	bufs    [][]game.Move
	// killers[seat][depth] is the move that last decided a node at that
	// depth of a proof of seat's win (hasKill says whether there is one).
	killers [game.MaxPlayers][maxDepth]game.Move
	hasKill [game.MaxPlayers][maxDepth]bool
	// tt is the horizon proofs' transposition table, for the attacker
	// ttAtt (see freeWithin).
	tt    map[uint64]ttEntry
	ttAtt int
}

// maxDepth bounds the plies of a proof.
const maxDepth = 16

// newProver makes a prover for positions of v; each proof may visit budget
// positions (0: no limit), after which it answers "not proved".
func newProver(v *game.Variant, budget int64) *prover {
	return &prover{v: v, budget: budget}
}

// winsWithin reports whether att can force a win within n plies from s, a
// position where the game goes on, whoever is to move there. root is the
// hash of the positions before s on the path (the puzzle's position, then
// s's parents), which count as repetitions. When att is to move at s, move
// is the first move of the win. If the budget ran out, ok is false and
// p.aborted is set.
func (p *prover) winsWithin(s game.State, att, n int, path ...uint64) (ok bool, move game.Move) {
	p.att = att
	p.nodes = 0
	p.aborted = false
	p.path = append(p.path[:0], path...)
	p.path = append(p.path, s.Hash())
	if n <= 0 || n >= maxDepth {
		return false, 0
	}
	return p.search(s, n, 0)
}

// forget clears the move ordering, so that what follows does not depend on
// the proofs made before.
func (p *prover) forget() {
	p.hasKill = [game.MaxPlayers][maxDepth]bool{}
}

// search is one node: s goes on, n ≥ 1 plies are left.
func (p *prover) search(s game.State, n, depth int) (bool, game.Move) {
	return p.node(s, n, depth, false)
}

// node is one node of a proof, with the repetition rule (child) or, free,
// without it (freeChild, the horizon proofs).
func (p *prover) node(s game.State, n, depth int, free bool) (bool, game.Move) {
	for depth >= len(p.bufs) {
		p.bufs = append(p.bufs, nil)
	}
	killers, hasKill := &p.killers[p.att], &p.hasKill[p.att]
	moves := s.LegalMoves(p.bufs[depth])
	p.bufs[depth] = moves
	if len(moves) == 0 {
		// The game is over by its rules exactly when there is no move, and
		// the caller judged s ongoing: never happens; no proof either way.
		return false, 0
	}
	or := s.ToMove() == p.att
	if hasKill[depth] {
		k := killers[depth]
		for i, m := range moves {
			if m == k {
				copy(moves[1:i+1], moves[:i])
				moves[0] = k
				break
			}
		}
	}
	for _, m := range moves {
		c := s.Clone()
		c.Apply(m)
		var ok bool
		if free {
			ok = p.freeChild(c, n-1, depth+1)
		} else {
			ok = p.child(c, n-1, depth+1)
		}
		if p.aborted {
			return false, 0
		}
		if ok == or {
			killers[depth], hasKill[depth] = m, true
			return or, m
		}
	}
	return !or, 0
}

// child judges c, reached with n plies left: true when it is won for the
// attacker within them.
func (p *prover) child(c game.State, n, depth int) bool {
	p.nodes++
	p.total++
	if p.budget > 0 && p.nodes > p.budget {
		p.aborted = true
		return false
	}
	o := p.v.Judge(c, 1)
	if o.Ended() {
		return o.Status == game.Win && o.Won(p.att)
	}
	if n == 0 {
		return false
	}
	h := c.Hash()
	for _, x := range p.path {
		if x == h {
			return false
		}
	}
	p.path = append(p.path, h)
	ok, _ := p.search(c, n, depth)
	p.path = p.path[:len(p.path)-1]
	return ok
}

// The horizon proofs answer the other question of the horizon puzzles:
// can att force a win within n plies if no repetition rule existed? A
// repetition rule only ever turns a position into a draw, which never helps
// the attacker, so a "no" here is a "no" under every reading of the rule;
// the ply limit is kept out of reach by the callers (they refuse positions
// whose ply plus the horizon reaches it). Without the path dependence the
// result of a node depends only on its position, so a transposition table
// (by State.Hash, which tells positions apart for the repetition rule too)
// shares the subtrees of the wrong moves: the proofs of a position's wrong
// moves are most of the cost of a horizon puzzle.
type ttEntry struct {
	win   int8 // att wins within win plies (0: not known)
	nowin int8 // att does not win within nowin plies
}

// ttMax bounds the transposition table; it is cleared when it grows past.
const ttMax = 4_000_000

// freeWithin reports whether att can force a win within n plies from s (a
// position where the game goes on), repetitions ignored. When the node at
// s is the defender's and the answer is no, move is a defence that holds
// (after it att has no win within n-1). If the budget ran out, ok is false
// and p.aborted is set: no proof either way.
func (p *prover) freeWithin(s game.State, att, n int) (ok bool, move game.Move) {
	if p.tt == nil || p.ttAtt != att || len(p.tt) > ttMax {
		p.tt, p.ttAtt = map[uint64]ttEntry{}, att
	}
	p.att = att
	p.nodes = 0
	p.aborted = false
	if n <= 0 || n >= maxDepth {
		return false, 0
	}
	return p.free(s, n, 0)
}

// forgetTable drops the transposition table (between positions).
func (p *prover) forgetTable() { p.tt = nil }

// free is one node of a horizon proof: s goes on, n ≥ 1 plies are left.
func (p *prover) free(s game.State, n, depth int) (bool, game.Move) {
	return p.node(s, n, depth, true)
}

// freeChild judges c, reached with n plies left, repetitions ignored: true
// when att wins within them.
func (p *prover) freeChild(c game.State, n, depth int) bool {
	p.nodes++
	p.total++
	if p.budget > 0 && p.nodes > p.budget {
		p.aborted = true
		return false
	}
	o := p.v.Judge(c, 1)
	if o.Ended() {
		return o.Status == game.Win && o.Won(p.att)
	}
	if n == 0 {
		return false
	}
	h := c.Hash()
	e := p.tt[h]
	if e.win > 0 && int(e.win) <= n {
		return true
	}
	if n <= int(e.nowin) {
		return false
	}
	ok, _ := p.free(c, n, depth)
	if p.aborted {
		return false
	}
	if ok {
		e.win = int8(n)
	} else {
		e.nowin = int8(n)
	}
	p.tt[h] = e
	return ok
}
