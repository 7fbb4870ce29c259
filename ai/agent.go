// Package ai holds the computer players of plateau: one Agent interface,
// a uniformly random player, Monte Carlo tree search for every game and
// alpha-beta search for the games with two sides, the levels (easy, medium,
// hard, max) that map to tuned configurations of those, and a small
// in-process match runner to compare agents.
//
// Agents see games only through package game, so they play every
// registered game, including games written after them. Build one from a
// spec string with New:
//
//	a, err := ai.New("mcts:iterations=20000,threads=2", variant, seed)
//	move, err := a.Choose(ctx, match)
package ai

import (
	"context"
	"errors"
	"math/rand/v2"

	"github.com/plateau-games/plateau/game"
)

// Agent chooses moves for whichever seat is to move in a match.
//
// Choose is given the whole match, not only its position, because the
// history decides draws by repetition. It returns a legal move of the
// position. It stops searching when ctx is cancelled and then returns the
// best move found so far; it returns an error only when the match is over
// or it has no move to give (cancelled before it had evaluated any move).
//
// An agent built with an iteration or depth budget is reproducible: the
// same spec and seed, given the same sequence of positions, choose the same
// moves. Time budgets are not: how far a search gets in a second depends on
// the machine and its load.
//
// Agents keep state between calls (search trees, tables) and are not safe
// for concurrent use: give each game its own agents.
type Agent interface {
	// Name is the agent's spec in canonical form, e.g.
	// "mcts:iterations=20000,threads=2,c=1.4", or a level with the spec it
	// stands for, "hard (alphabeta:depth=8)". Records store it.
	Name() string
	Choose(ctx context.Context, m *game.Match) (game.Move, error)
}

// ErrGameOver is returned by Choose for a match that is over.
var ErrGameOver = errors.New("the game is over: there is no move to choose")

// legalOrError returns the legal moves of the match, or ErrGameOver.
func legalOrError(m *game.Match) ([]game.Move, error) {
	moves := m.LegalMoves(nil)
	if len(moves) == 0 {
		return nil, ErrGameOver
	}
	return moves, nil
}

// Random plays a legal move chosen uniformly at random.
type Random struct {
	rng *rand.Rand
	buf []game.Move
}

// NewRandom returns a random player drawing from rng. Several players may
// share one generator, so that one seed decides every random move of a game
// (the command line does this).
func NewRandom(rng *rand.Rand) *Random { return &Random{rng: rng} }

// Name implements Agent.
func (r *Random) Name() string { return "random" }

// Choose implements Agent. It never looks at ctx: it does not search.
func (r *Random) Choose(_ context.Context, m *game.Match) (game.Move, error) {
	r.buf = m.LegalMoves(r.buf)
	if len(r.buf) == 0 {
		return 0, ErrGameOver
	}
	return r.buf[r.rng.IntN(len(r.buf))], nil
}

// newRNG is the generator of every agent, so that a seed means the same
// thing everywhere.
func newRNG(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
}

// subSeed derives an independent seed for one use (a thread, a move number,
// a game of a match) from a base seed.
func subSeed(seed uint64, parts ...uint64) uint64 {
	for _, p := range parts {
		seed = game.Mix64(seed ^ game.Mix64(p+0x632be59bd9b4e019))
	}
	return seed
}

// position is what every search needs from a match: the current position,
// its legal moves, and how often each position of the game so far has
// occurred (the current one included), for draws by repetition.
type position struct {
	v     *game.Variant
	state game.State
	moves []game.Move
	seen  map[uint64]int
}

// newPosition reads the match. It replays the moves from the start because
// a Match does not expose its position hashes; that costs one pass over the
// game per decision, which is nothing beside a search.
func newPosition(m *game.Match) (*position, error) {
	moves, err := legalOrError(m)
	if err != nil {
		return nil, err
	}
	p := &position{v: m.Variant(), state: m.State().Clone(), moves: moves}
	if p.v.Repetition > 0 {
		s := m.Start().Clone()
		p.seen = map[uint64]int{s.Hash(): 1}
		for _, mv := range m.Moves() {
			s.Apply(mv)
			p.seen[s.Hash()]++
		}
	}
	return p, nil
}

// occurrences is how often the position with hash h has occurred in the
// game before the search (0 when the variant has no repetition rule).
func (p *position) occurrences(h uint64) int {
	if p.seen == nil {
		return 0
	}
	return p.seen[h]
}

// sides counts the sides of v: teams when it has teams, else players.
func sides(v *game.Variant) int {
	seen := map[int]bool{}
	for seat := 0; seat < v.Players; seat++ {
		seen[v.Team(seat)] = true
	}
	return len(seen)
}
