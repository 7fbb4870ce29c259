package ai

import (
	"context"
	"sort"
	"strings"
	"sync"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/blockade/empire"
)

// A verdict on one move in a game of three or four: whether the players
// who move after it, before the mover's next turn, can make the mover
// lose.
type verdict int8

const (
	unproven verdict = iota // the budget ran out first
	safe                    // no sequence of the round loses
	lost                    // the opponents can make the mover lose in the round
)

// roundVerdict judges root's move mv in s: the opponents of the round
// choosing the worst for root, root's partners the best. Losing is a
// finished game root does not win, or, without teams, root's being out of
// the game (the turn does not come back to it after the round: its
// commandant or king was taken). budget bounds the positions visited.
//
// The opponents may prepare the blow together, but the one who ends the
// game must not lose by it: without teams, a rival does not end the game
// to hand the win to another (that paranoid view made the guard lose
// games of POLD.R for three, where many moves let a coalition end the
// game).
// LosesInRound says whether the move mv of the player to move in s is
// proven to lose within the round (as the levels' guard decides it),
// visiting at most budget positions. For tools and tests that check a
// player's choice from outside, such as an engine's.
func LosesInRound(v *game.Variant, s game.State, mv game.Move, budget int) bool {
	return roundVerdict(v, s, mv, &budget, false) == lost
}

// roundVerdict judges mv; with out, only root's side being put out of the
// game (its commandant taken) counts as lost, whatever else the round does.
func roundVerdict(v *game.Variant, s game.State, mv game.Move, budget *int, out bool) verdict {
	c := s.Clone()
	c.Apply(mv)
	r := rounder{v: v, root: s.ToMove(), budget: budget, out: out, blow: lookupRoundBlow(v.Game.ID)}
	return r.search(c, s.ToMove(), v.Players-1)
}

// sideOut says whether a player of root's side is out of the game, for
// games that can tell (L'Empire: its commandant taken).
func sideOut(v *game.Variant, s game.State, root int) bool {
	e, ok := s.(interface{ Eliminated(seat int) bool })
	if !ok {
		return false
	}
	for p := 0; p < v.Players; p++ {
		if v.Team(p) == v.Team(root) && e.Eliminated(p) {
			return true
		}
	}
	return false
}

// rounder is one search of a round (roundVerdict), with the lists of
// moves and the positions of each ply kept from one node to the next: the
// search visits up to b^2 positions for four players, and allocating two
// of each at every one cost more than the rules did.
type rounder struct {
	v      *game.Variant
	root   int
	budget *int
	out    bool
	blow   func(s game.State, root int, out bool) bool
	moves  [game.MaxPlayers][]game.Move
	states [game.MaxPlayers]game.State
}

// child is the position after mv in s, in the scratch state of plies.
func (r *rounder) child(s game.State, mv game.Move, plies int) game.State {
	switch from := s.(type) {
	case *empire.State:
		// A copy of the struct in place of Clone's allocation.
		to, ok := r.states[plies].(*empire.State)
		if !ok {
			to = new(empire.State)
			r.states[plies] = to
		}
		*to = *from
		to.Apply(mv)
		return to
	}
	c := s.Clone()
	c.Apply(mv)
	return c
}

// search judges s, reached by a move of the seat last.
func (r *rounder) search(s game.State, last, plies int) verdict {
	v, root, out := r.v, r.root, r.out
	*r.budget--
	if *r.budget < 0 {
		return unproven
	}
	if out && sideOut(v, s, root) {
		return lost
	}
	if o := v.Judge(s, 1); o.Ended() {
		if out {
			return safe // over, and root's side still in it
		}
		rw := Rewards(v, o)
		if rw[root] < 0.5 && (v.Teams != nil || last == root || rw[last] >= 0.5) {
			return lost
		}
		return safe
	}
	if plies == 0 {
		if v.Teams == nil && s.ToMove() != root {
			return lost
		}
		return safe
	}
	mover := s.ToMove()
	if mover == root {
		return safe // the round is over: root moves again
	}
	enemy := v.Team(mover) != v.Team(root)
	if plies == 1 && enemy && r.blow != nil {
		// The round's last opponent: a game that says what its one move
		// can do (RegisterRoundBlow) is asked instead of trying every
		// move; a round of four costs b^2 positions rather than b^3.
		if r.blow(s, root, out) {
			return lost
		}
		return safe
	}
	open := false
	r.moves[plies] = s.LegalMoves(r.moves[plies])
	for _, mv := range r.moves[plies] {
		switch r.search(r.child(s, mv, plies), mover, plies-1) {
		case lost:
			if enemy {
				return lost
			}
		case safe:
			if !enemy {
				return safe
			}
		default:
			open = true
		}
	}
	switch {
	case open:
		return unproven
	case enemy:
		return safe
	}
	return lost
}

// roundGuardBudget bounds the positions the guard visits for one move:
// a whole round of Saute, La Porte or POLD.R from any move for three, or
// for four in teams (at most about 25,000 positions, a few milliseconds;
// random games, 2026-11-25), and most of one of La Porte for four (0.1 s).
// roundGuardTotal bounds the search for a safe move once the agent's move
// is proven lost.
const (
	roundGuardBudget = 400_000
	roundGuardTotal  = 2_000_000
)

// roundGuard keeps an agent of a game of three or four from playing a move
// that loses within the round when another move is safe. The agent chooses
// as usual; its move is checked by a search of the round (roundVerdict),
// and only a proven loss is replaced, by the agent's next preferred move
// proven safe. MCTS misses such moves when few playouts reach them (an
// opponent finishing a race, or taking the last pieces, on the next turn);
// a two-sided alpha-beta for four in teams sees only part of the round.
type roundGuard struct {
	Agent
	v *game.Variant
}

func (g roundGuard) Unwrap() Agent { return g.Agent }

func (g roundGuard) Choose(ctx context.Context, m *game.Match) (game.Move, error) {
	mv, err := g.Agent.Choose(ctx, m)
	if err != nil {
		return mv, err
	}
	s := m.State()
	total := roundGuardTotal
	// First a move that does not lose the game within the round; when
	// every move loses it (a rival's win cannot be stopped), at least one
	// that keeps the player in the game: a commandant taken hands a
	// whole army to another player, which spoils the game for the others
	// at the table (issue 29).
	for _, out := range []bool{false, true} {
		budget := roundGuardBudget
		if roundVerdict(g.v, s, mv, &budget, out) != lost {
			return mv, nil
		}
		for _, alt := range preferred(g.Agent, g.v, s) {
			// Not stopped by ctx: the budget bounds it, and a move chosen
			// in a hurry needs the check most.
			if total <= 0 {
				break
			}
			if alt == mv {
				continue
			}
			budget := min(roundGuardBudget, total)
			v := roundVerdict(g.v, s, alt, &budget, out)
			total -= min(roundGuardBudget, total) - max(budget, 0)
			if v == safe {
				return alt, nil
			}
		}
	}
	return mv, nil
}

// ranker is an agent that can say how it ranked the moves of its last
// search, best first.
type ranker interface {
	Ranked() []game.Move
}

// preferred orders the moves of s as the agent would: by its last search
// when it can tell (MCTS: visits), else by the game's evaluation after the
// move, else in the game's order.
func preferred(a Agent, v *game.Variant, s game.State) []game.Move {
	moves := s.LegalMoves(nil)
	for {
		if r, ok := a.(ranker); ok {
			if ranked := r.Ranked(); len(ranked) == len(moves) {
				return ranked
			}
		}
		u, ok := a.(interface{ Unwrap() Agent })
		if !ok {
			break
		}
		a = u.Unwrap()
	}
	eval, ok := LookupEval(v.Game.ID)
	if !ok {
		return moves
	}
	me := s.ToMove()
	value := make(map[game.Move]float64, len(moves))
	for _, mv := range moves {
		c := s.Clone()
		c.Apply(mv)
		value[mv] = eval(c, me)
	}
	sort.SliceStable(moves, func(i, j int) bool { return value[moves[i]] > value[moves[j]] })
	return moves
}

var (
	blowsMu sync.RWMutex
	blows   = map[string]func(s game.State, root int, out bool) bool{}
)

// RegisterRoundBlow gives the round guard a game's exact answer to: can
// the player to move in s, with one move, make root lose (take the
// commandant of root's side, win at once; with out, only put root's side
// out of the game)? It is asked for the round's last opponent, whose every
// move the guard would otherwise try.
func RegisterRoundBlow(id string, f func(s game.State, root int, out bool) bool) {
	blowsMu.Lock()
	defer blowsMu.Unlock()
	blows[strings.ToLower(id)] = f
}

func lookupRoundBlow(id string) func(game.State, int, bool) bool {
	blowsMu.RLock()
	defer blowsMu.RUnlock()
	return blows[strings.ToLower(id)]
}
