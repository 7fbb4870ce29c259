package puzzle

import (
	"github.com/plateau-games/plateau/game"
)

// Depths bounds the proofs of a puzzle: the key move wins within MaxWin
// plies (itself included), and every other move lets the opponent win
// within MaxLoss plies (the wrong move included). Both are counted in
// plies; MaxWin is odd (a win ends on the winner's move), MaxLoss even.
type Depths struct {
	MaxWin  int `json:"max_win"`
	MaxLoss int `json:"max_loss"`
	// Budget caps the positions one proof may visit (0: no cap); a proof
	// that reaches it counts as failed, so the position is left out.
	Budget int64 `json:"budget,omitempty"`
}

// analysis is what the prover found in a position: the one winning move
// and, for every other move, how the opponent wins.
type analysis struct {
	key   game.Move
	n     int // plies of the key's win, the key included
	wrong []refuted
	// horizon is, for a horizon puzzle with a wrong move not proved to
	// lose, the plies within which no wrong move wins; 0 otherwise.
	horizon int
}

// refuted is a wrong move, the opponent's winning reply (none when the
// wrong move loses at once) and the plies to the loss, the wrong move
// included. In a horizon puzzle a wrong move not proved to lose has plies
// 0 (nowin): its reply is then a defence after which the mover has no win
// within the rest of the horizon.
type refuted struct {
	move     game.Move
	reply    game.Move
	hasReply bool
	plies    int
}

// why a position is not a puzzle, for the generator's statistics.
const (
	rejectFewMoves   = "fewer than three moves"
	rejectTwoWins    = "two winning moves"
	rejectDraw       = "a move draws at once"
	rejectUnproved   = "two moves, or a win and another move, not proved to lose"
	rejectNoThreat   = "no threat"
	rejectRepetition = "a move repeats the position"
	rejectAllLose    = "every move loses"
	rejectNoWin      = "the only move that does not lose does not win within the depths"
	// The horizon puzzles' own.
	rejectNoKey     = "no win within the depths"
	rejectBudget    = "a proof ran out of budget"
	rejectOtherWin  = "another move wins within the horizon"
	rejectNearLimit = "too near the ply limit for the horizon"
)

// minMoves is the fewest legal moves a puzzle has: with two, finding the
// key is a coin toss.
const minMoves = 3

// prescreen is how many of the first moves the classifier looks at before
// the whole analysis: at least one of them must lose at once (the
// opponent then wins on his next move), which most positions of a game
// fail and cost little to check. Puzzles whose first moves all lose
// slowly are missed, never wrongly accepted.
const prescreen = 4

// classify finds whether s is a puzzle for the side to move within d: one
// move wins within d.MaxWin plies and every other move loses within
// d.MaxLoss plies, all proved. It returns the analysis, or why not.
func (p *prover) classify(s game.State, d Depths) (analysis, string) {
	p.budget = d.Budget
	var a analysis
	me := s.ToMove()
	if me < 0 || s.Variant().Players != 2 {
		return a, rejectFewMoves
	}
	opp := 1 - me
	moves := s.LegalMoves(nil)
	if len(moves) < minMoves {
		return a, rejectFewMoves
	}
	root := s.Hash()
	children, done, key, why := p.atOnce(s, moves, &a)
	if why != "" {
		return a, why
	}
	tried := make([]int, len(moves)) // the largest r a loss was tried with
	lossIn := func(i, r int) bool {
		if tried[i] >= r {
			return false
		}
		tried[i] = r
		ok, reply := p.winsWithin(children[i], opp, r, root)
		if ok {
			a.wrong = append(a.wrong, refuted{move: moves[i], reply: reply, hasReply: true, plies: r + 1})
			done[i] = true
		}
		return ok
	}
	// The prescreen: one of the first moves loses at once.
	if key < 0 {
		seen, lost := 0, false
		for i := range moves {
			if done[i] {
				continue
			}
			if lossIn(i, 1) {
				lost = true
				break
			}
			if p.aborted {
				return a, rejectUnproved
			}
			if seen++; seen >= prescreen {
				break
			}
		}
		if !lost {
			return a, rejectNoThreat
		}
	}
	// Every other move must lose; at most one may be left for the key.
	var open []int
	for i := range moves {
		if done[i] {
			continue
		}
		lost := false
		for r := 1; r < d.MaxLoss && !lost; r += 2 {
			lost = lossIn(i, r)
		}
		if lost {
			continue
		}
		open = append(open, i)
		if len(open) > 1 || key >= 0 {
			return a, rejectUnproved
		}
	}
	if key < 0 {
		if len(open) == 0 {
			return a, rejectAllLose
		}
		i := open[0]
		for n := 3; n <= d.MaxWin && key < 0; n += 2 {
			if ok, _ := p.winsWithin(children[i], me, n-1, root); ok {
				key, a.key, a.n = i, moves[i], n
			}
		}
		if key < 0 {
			return a, rejectNoWin
		}
	}
	// The wrong moves in the order of the legal moves.
	order := make(map[game.Move]int, len(moves))
	for i, m := range moves {
		order[m] = i
	}
	sortRefuted(a.wrong, order)
	return a, ""
}

func sortRefuted(w []refuted, order map[game.Move]int) {
	for i := 1; i < len(w); i++ {
		for j := i; j > 0 && order[w[j].move] < order[w[j-1].move]; j-- {
			w[j], w[j-1] = w[j-1], w[j]
		}
	}
}

// classifyHorizon finds whether s is a puzzle of a set with a horizon h:
// one move, the key, wins within d.MaxWin plies, and no other move wins
// within h plies (itself included), all proved; the wrong moves proved to
// lose within d.MaxLoss are losses, the others "nowin". A position where
// every wrong move loses is a plain win puzzle (horizon 0).
//
// A loss needs no horizon proof: the opponent's proved win holds without
// repetition rule, so the mover cannot also force one. The key's win is
// proved as in classify (a repetition fails the attacker), the "no win"
// of the others with repetitions ignored (freeWithin), and the ply limit is
// out of reach of both: positions whose ply plus h reaches it are left out.
func (p *prover) classifyHorizon(s game.State, d Depths, h int) (analysis, string) {
	p.budget = d.Budget
	p.forgetTable()
	var a analysis
	me := s.ToMove()
	if me < 0 || s.Variant().Players != 2 {
		return a, rejectFewMoves
	}
	if limit := p.v.PlyLimit; limit > 0 && s.Ply()+h >= limit {
		return a, rejectNearLimit
	}
	opp := 1 - me
	moves := s.LegalMoves(nil)
	if len(moves) < minMoves {
		return a, rejectFewMoves
	}
	root := s.Hash()
	children, done, key, why := p.atOnce(s, moves, &a)
	if why != "" {
		return a, why
	}
	// The key: the shortest win, so that N is exact.
	for n := 3; n <= d.MaxWin && key < 0; n += 2 {
		ok, m := p.winsWithin(s, me, n)
		if p.aborted {
			return a, rejectBudget
		}
		if ok {
			for i := range moves {
				if moves[i] == m {
					key, a.key, a.n = i, m, n
				}
			}
		}
	}
	if key < 0 {
		return a, rejectNoKey
	}
	done[key] = true
	lossIn := func(i, r int) bool {
		ok, reply := p.winsWithin(children[i], opp, r, root)
		if ok {
			a.wrong = append(a.wrong, refuted{move: moves[i], reply: reply, hasReply: true, plies: r + 1})
			done[i] = true
		}
		return ok
	}
	// The cheap losses first, then the horizon proofs, which refuse the
	// position as soon as another move wins; the longer losses, for the
	// record, only when it is a puzzle.
	for i := range moves {
		if !done[i] && !lossIn(i, 1) && p.aborted {
			return a, rejectBudget
		}
	}
	defence := make([]game.Move, len(moves))
	for i := range moves {
		if done[i] {
			continue
		}
		ok, m := p.freeWithin(children[i], me, h-1)
		if p.aborted {
			return a, rejectBudget
		}
		if ok {
			return a, rejectOtherWin
		}
		defence[i] = m
	}
	for i := range moves {
		lost := done[i]
		for r := 3; r < d.MaxLoss && !lost; r += 2 {
			lost = lossIn(i, r)
		}
		if !lost {
			// Not proved to lose (a proof out of budget included): nowin.
			a.wrong = append(a.wrong, refuted{move: moves[i], reply: defence[i], hasReply: true})
			a.horizon = h
		}
	}
	order := make(map[game.Move]int, len(moves))
	for i, m := range moves {
		order[m] = i
	}
	sortRefuted(a.wrong, order)
	return a, ""
}

// atOnce plays every move of s and judges the moves that end the game: a
// win is the key (index key, N = 1; two refuse the position), a loss a
// wrong move lost at once; done marks them. A move back to s itself, a
// draw at once, or sides that do not alternate refuse the position (why).
func (p *prover) atOnce(s game.State, moves []game.Move, a *analysis) (children []game.State, done []bool, key int, why string) {
	me := s.ToMove()
	opp := 1 - me
	root := s.Hash()
	children = make([]game.State, len(moves))
	done = make([]bool, len(moves))
	key = -1
	for i, m := range moves {
		c := s.Clone()
		c.Apply(m)
		children[i] = c
		if c.Hash() == root {
			return nil, nil, -1, rejectRepetition
		}
		o := p.v.Judge(c, 1)
		switch {
		case !o.Ended() && c.ToMove() != opp:
			// The sides alternate in every game with two; the refutations
			// assume it.
			return nil, nil, -1, rejectUnproved
		case !o.Ended():
			continue
		case o.Status == game.Win && o.Won(me):
			if key >= 0 {
				return nil, nil, -1, rejectTwoWins
			}
			key, a.key, a.n = i, m, 1
		case o.Status == game.Win && o.Won(opp):
			a.wrong = append(a.wrong, refuted{move: m, plies: 1})
		default:
			return nil, nil, -1, rejectDraw
		}
		done[i] = true
	}
	return children, done, key, ""
}
