package puzzle

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
	pogosolve "github.com/plateau-games/plateau/solve/pogo"
)

// SelfPlay replays game number g (from 0) of the self-play run of seed
// seed for set, in the set's variant for game g (Set.Variant): Openings
// uniformly random plies, then the level Levels[g % len(Levels)] on both
// sides, each seat with its own seed, all drawn from a generator seeded by
// (seed, g). The levels below max have
// depth or iteration budgets, so the same seed always gives the same game.
// It returns the match, ended (or as far as ctx let it go).
func SelfPlay(ctx context.Context, set *Set, seed uint64, g int) (*game.Match, error) {
	v, err := set.Variant(g)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(seed, uint64(g)))
	m := game.NewMatch(v.Start())
	var buf []game.Move
	for i := 0; i < set.Openings && !m.Outcome().Ended(); i++ {
		buf = m.LegalMoves(buf)
		if err := m.Play(buf[rng.IntN(len(buf))]); err != nil {
			return nil, err
		}
	}
	level := set.Levels[g%len(set.Levels)]
	agents := make([]ai.Agent, v.Players)
	for seat := range agents {
		if agents[seat], err = ai.New(level, v, rng.Uint64()); err != nil {
			return nil, err
		}
	}
	if _, err := ai.PlayGame(ctx, m, agents); err != nil {
		return m, err
	}
	return m, nil
}

// Options tune Generate.
type Options struct {
	// Count is the number of puzzles wanted.
	Count int
	// Seed makes the run reproducible: game g is SelfPlay(set, Seed, g).
	Seed uint64
	// MaxGames stops the run after that many games even if Count is not
	// reached (0: no limit).
	MaxGames int
	// Parallel is the number of games played and analysed at once (0 or
	// 1: one). The result does not depend on it.
	Parallel int
	// Table is POGO's solution, needed by the POGO set.
	Table *pogosolve.Table
	// Progress, when not nil, is called after each game with the puzzles
	// found so far and the games done.
	Progress func(puzzles, games int)
}

// Stats counts what a run looked at.
type Stats struct {
	Games     int            `json:"games"`
	Positions int            `json:"positions"` // distinct positions analysed
	Rejected  map[string]int `json:"rejected"`  // why positions were not puzzles
	Nodes     int64          `json:"nodes"`     // positions the prover visited
}

// gameResult is what one game gave: its candidate puzzles, with the hash
// of each position (to drop positions already found in earlier games).
type gameResult struct {
	puzzles   []Puzzle
	hashes    []uint64
	analysed  []uint64 // every position analysed
	positions int
	rejected  map[string]int
	nodes     int64
	err       error
}

// Generate plays self-play games of set and keeps the positions that are
// puzzles, in the order of the games and of their plies, each position
// once, until it has opt.Count of them. The same set and seed always give
// the same puzzles, whatever opt.Parallel.
func Generate(ctx context.Context, set *Set, opt Options) ([]Puzzle, Stats, error) {
	st := Stats{Rejected: map[string]int{}}
	if set.Solved && opt.Table == nil {
		return nil, st, ErrNoTable
	}
	par := max(opt.Parallel, 1)
	seen := map[uint64]bool{}
	// analysed holds the positions of the earlier batches, which the games
	// of a batch do not analyse again (their puzzles are already in); it
	// changes only between batches, so the result does not depend on
	// Parallel.
	analysed := map[uint64]bool{}
	var out []Puzzle
	for g := 0; len(out) < opt.Count && (opt.MaxGames <= 0 || g < opt.MaxGames); g += par {
		n := par
		if opt.MaxGames > 0 {
			n = min(n, opt.MaxGames-g)
		}
		results := make([]gameResult, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				results[i] = analyseGame(ctx, set, opt, g+i, analysed)
			}()
		}
		wg.Wait()
		for i, r := range results {
			if r.err != nil {
				return out, st, r.err
			}
			st.Games++
			st.Positions += r.positions
			for _, h := range r.analysed {
				analysed[h] = true
			}
			st.Nodes += r.nodes
			for k, c := range r.rejected {
				st.Rejected[k] += c
			}
			for j, p := range r.puzzles {
				if len(out) >= opt.Count || seen[r.hashes[j]] {
					continue
				}
				seen[r.hashes[j]] = true
				p.ID = fmt.Sprintf("%s-%d", set.ID, len(out)+1)
				out = append(out, p)
			}
			if opt.Progress != nil {
				opt.Progress(len(out), g+i+1)
			}
			if len(out) >= opt.Count {
				break
			}
		}
	}
	return out, st, nil
}

// analyseGame plays game g and analyses each of its positions where the
// game goes on, but those in before.
func analyseGame(ctx context.Context, set *Set, opt Options, g int, before map[uint64]bool) gameResult {
	m, err := SelfPlay(ctx, set, opt.Seed, g)
	if err != nil {
		return gameResult{err: err}
	}
	return analyseMatch(ctx, set, opt.Table, m, Source{Level: set.Levels[g%len(set.Levels)], Seed: opt.Seed, Game: g}, before)
}

// analyseMatch analyses each position of a played game where the game
// goes on, but those in before; src says where the game comes from (its
// Ply is set for each puzzle).
func analyseMatch(ctx context.Context, set *Set, table *pogosolve.Table, m *game.Match, src Source, before map[uint64]bool) gameResult {
	r := gameResult{rejected: map[string]int{}}
	v := m.Variant()
	s := m.Start().Clone()
	pr := newProver(v, set.Depths.Budget)
	seen := map[uint64]bool{}
	moves := m.Moves()
	for ply := 0; ply <= len(moves); ply++ {
		if ply > 0 {
			s.Apply(moves[ply-1])
		}
		if ctx.Err() != nil {
			r.err = ctx.Err()
			return r
		}
		if ply == len(moves) && m.Outcome().Ended() {
			break
		}
		h := positionKey(s)
		if seen[h] || before[h] {
			continue
		}
		seen[h] = true
		r.positions++
		r.analysed = append(r.analysed, h)
		var p Puzzle
		var why string
		if set.Solved {
			p, why = solvedPuzzle(table, s)
		} else {
			pr.forget()
			var a analysis
			if set.Horizon > 0 {
				a, why = pr.classifyHorizon(s, set.Depths, set.Horizon)
			} else {
				a, why = pr.classify(s, set.Depths)
			}
			if why == "" {
				p = a.puzzle(s)
			}
		}
		if why != "" {
			r.rejected[why]++
			continue
		}
		p.Set, p.Game, p.Options = set.ID, set.Game, v.Options
		p.Source = src
		p.Source.Ply = ply
		r.puzzles = append(r.puzzles, p)
		r.hashes = append(r.hashes, h)
	}
	r.nodes = pr.total
	return r
}

// plyMargin is how near the ply limit a position must be for its ply to
// change its analysis: more than any proof's depth, and than POGO's longest
// forced win.
const plyMargin = 64

// positionKey tells positions apart for the generator: their hash, which
// leaves out the ply, and the ply too near the ply limit, where it changes
// what the proofs find.
func positionKey(s game.State) uint64 {
	h := s.Hash()
	if limit := s.Variant().PlyLimit; limit > 0 && s.Ply()+plyMargin >= limit {
		h ^= 0x9e3779b97f4a7c15 * uint64(s.Ply()+1)
	}
	return h
}

// puzzle writes the analysis of s as a puzzle (without its set and source).
func (a analysis) puzzle(s game.State) Puzzle {
	p := Puzzle{
		Position: s.Encode(),
		Player:   s.ToMove() + 1,
		Kind:     KindWin,
		Key:      s.MoveString(a.key),
		N:        a.n,
		Horizon:  a.horizon,
	}
	for _, w := range a.wrong {
		e := Wrong{Move: s.MoveString(w.move), Result: "loss", Plies: w.plies}
		if w.plies == 0 {
			e.Result = "nowin"
		}
		if w.hasReply {
			c := s.Clone()
			c.Apply(w.move)
			e.Reply = c.MoveString(w.reply)
		}
		p.Wrong = append(p.Wrong, e)
	}
	return p
}

// FromGames finds the puzzles of played games (records, a server's stored
// games): every position of each game where the game goes on, analysed as
// Generate analyses self-play, each position once. A game whose variant is
// no set's is skipped (skipped counts them). Each puzzle's Source names its
// game (Source.Record) and ply; the puzzles are numbered in each set from
// 1, in the order of the games.
func FromGames(ctx context.Context, games []PlayedGame, table *pogosolve.Table, progress func(done int)) ([]Puzzle, Stats, int, error) {
	st := Stats{Rejected: map[string]int{}}
	seen := map[string]map[uint64]bool{} // by set
	counts := map[string]int{}
	var out []Puzzle
	skipped := 0
	for i, pg := range games {
		set, ok := SetOf(pg.Match.Variant())
		if !ok {
			skipped++
			continue
		}
		if set.Solved && table == nil {
			return out, st, skipped, ErrNoTable
		}
		if seen[set.ID] == nil {
			seen[set.ID] = map[uint64]bool{}
		}
		r := analyseMatch(ctx, set, table, pg.Match, Source{Record: pg.Name}, seen[set.ID])
		if r.err != nil {
			return out, st, skipped, r.err
		}
		st.Games++
		st.Positions += r.positions
		st.Nodes += r.nodes
		for k, c := range r.rejected {
			st.Rejected[k] += c
		}
		for _, h := range r.analysed {
			seen[set.ID][h] = true
		}
		for _, p := range r.puzzles {
			counts[set.ID]++
			p.ID = fmt.Sprintf("%s-%d", set.ID, counts[set.ID])
			out = append(out, p)
		}
		if progress != nil {
			progress(i + 1)
		}
	}
	return out, st, skipped, nil
}

// PlayedGame is a game FromGames analyses: its match (its start and
// moves) and a name for the puzzles' Source (a record's file, a stored
// game's id).
type PlayedGame struct {
	Name  string
	Match *game.Match
}

// SetOf is the puzzle set of a variant, if it has one.
func SetOf(v *game.Variant) (*Set, bool) {
	for _, s := range sets {
		if s.Game != v.Game.ID {
			continue
		}
		if _, ok := s.variantOf(v.Options); ok {
			return s, true
		}
	}
	return nil, false
}
