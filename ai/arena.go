package ai

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/plateau-games/plateau/game"
)

// PlayGame plays m to its end, agents[seat] choosing the moves of seat,
// and returns the outcome; the moves are in m. It stops with an error when
// ctx is cancelled or an agent fails or plays an illegal move.
func PlayGame(ctx context.Context, m *game.Match, agents []Agent) (game.Outcome, error) {
	v := m.Variant()
	if len(agents) != v.Players {
		return m.Outcome(), fmt.Errorf("%s has %d players, got %d agents", v, v.Players, len(agents))
	}
	for !m.Outcome().Ended() {
		if err := ctx.Err(); err != nil {
			return m.Outcome(), err
		}
		seat := m.ToMove()
		mv, err := agents[seat].Choose(ctx, m)
		if err != nil {
			return m.Outcome(), fmt.Errorf("%s, seat %d: %w", agents[seat].Name(), seat+1, err)
		}
		if err := m.Play(mv); err != nil {
			return m.Outcome(), fmt.Errorf("%s, seat %d, played an illegal move in %s: %w", agents[seat].Name(), seat+1, m.State().Encode(), err)
		}
	}
	return m.Outcome(), nil
}

// MatchConfig describes a series of games between agents.
type MatchConfig struct {
	Variant *game.Variant
	// Specs are the agents (New). The seats rotate from game to game: in
	// game g, seat i is held by Specs[(i+g) % len(Specs)].
	Specs []string
	Games int
	// Seed makes the whole match reproducible (with iteration or depth
	// budgets): each game's agents and opening get seeds derived from it.
	Seed uint64
	// Opening is the number of uniformly random plies played before the
	// agents take over, so that deterministic agents do not play the same
	// game over and over. Each opening is played with every rotation of
	// the seats, which keeps the match fair.
	Opening int
	// Parallel is the number of games played at once (default 1). The
	// results do not depend on it.
	Parallel int
}

// Standing is how one spec did in a match, over the seats it held.
type Standing struct {
	Spec                string
	Seats               int     // seats held, over all games
	Wins, Draws, Losses int     // games won, drawn, lost (by a seat it held)
	Points              float64 // sum of the rewards (Rewards) of its seats
	Moves               int     // moves chosen
	Thinking            time.Duration
}

// Score is the mean reward of the spec's seats: 1 wins every game, 1/2 is
// even.
func (s Standing) Score() float64 {
	if s.Seats == 0 {
		return 0
	}
	return s.Points / float64(s.Seats)
}

// MatchResult is the outcome of a match.
type MatchResult struct {
	Standings []Standing // one per spec, in the order of MatchConfig.Specs
	Games     int
	Plies     int // over all games
}

// Match plays cfg.Games games and tallies them. It stops at the first
// error (an agent that fails or plays an illegal move, or ctx cancelled).
func Match(ctx context.Context, cfg MatchConfig) (*MatchResult, error) {
	v := cfg.Variant
	if len(cfg.Specs) == 0 {
		return nil, fmt.Errorf("a match needs at least one agent")
	}
	// Build every agent once up front so that a bad spec fails at once.
	for _, spec := range cfg.Specs {
		if _, err := New(spec, v, 0); err != nil {
			return nil, err
		}
	}
	type result struct {
		outcome game.Outcome
		plies   int
		clocks  []*clocked // by seat
		err     error
	}
	results := make([]result, cfg.Games)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < max(cfg.Parallel, 1); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for g := range jobs {
				m, clocks, err := playMatchGame(ctx, cfg, g)
				results[g] = result{clocks: clocks, err: err}
				if m != nil {
					results[g].outcome, results[g].plies = m.Outcome(), len(m.Moves())
				}
				if err != nil {
					cancel()
				}
			}
		}()
	}
	for g := 0; g < cfg.Games && ctx.Err() == nil; g++ {
		jobs <- g
	}
	close(jobs)
	wg.Wait()
	res := &MatchResult{Standings: make([]Standing, len(cfg.Specs))}
	for i, spec := range cfg.Specs {
		res.Standings[i].Spec = spec
	}
	for g, r := range results {
		if r.err != nil {
			return nil, fmt.Errorf("game %d: %w", g+1, r.err)
		}
		res.Games++
		res.Plies += r.plies
		rewards := Rewards(v, r.outcome)
		for seat := 0; seat < v.Players; seat++ {
			st := &res.Standings[(seat+g)%len(cfg.Specs)]
			st.Seats++
			st.Points += rewards[seat]
			st.Moves += r.clocks[seat].moves
			st.Thinking += r.clocks[seat].total
			switch {
			case r.outcome.Status == game.Draw:
				st.Draws++
			case r.outcome.Status == game.Win && r.outcome.Won(seat):
				st.Wins++
			case r.outcome.Status == game.Win:
				st.Losses++
			}
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return res, nil
}

// clocked is an agent whose thinking time is measured.
type clocked struct {
	Agent
	moves int
	total time.Duration
}

func (c *clocked) Choose(ctx context.Context, m *game.Match) (game.Move, error) {
	start := time.Now()
	mv, err := c.Agent.Choose(ctx, m)
	c.total += time.Since(start)
	c.moves++
	return mv, err
}

// playMatchGame plays game g of a match: the seeded random opening, then
// the agents.
func playMatchGame(ctx context.Context, cfg MatchConfig, g int) (*game.Match, []*clocked, error) {
	v := cfg.Variant
	k := len(cfg.Specs)
	m := game.NewMatch(v.Start())
	// Games g and g+1, ..., g+k-1 (one per rotation) share an opening.
	rng := newRNG(subSeed(cfg.Seed, 1, uint64(g/k)))
	var buf []game.Move
	for i := 0; i < cfg.Opening && !m.Outcome().Ended(); i++ {
		buf = m.LegalMoves(buf)
		if err := m.Play(buf[rng.IntN(len(buf))]); err != nil {
			return m, nil, err
		}
	}
	agents := make([]Agent, v.Players)
	clocks := make([]*clocked, v.Players)
	for seat := range agents {
		a, err := New(cfg.Specs[(seat+g)%k], v, subSeed(cfg.Seed, 2, uint64(g), uint64(seat)))
		if err != nil {
			return m, nil, err
		}
		clocks[seat] = &clocked{Agent: a}
		agents[seat] = clocks[seat]
	}
	_, err := PlayGame(ctx, m, agents)
	return m, clocks, err
}

// RoundRobin plays a match of cfg.Games games between every pair of
// cfg.Specs (the other fields as in Match) and returns the results in the
// order (0,1), (0,2), ..., (1,2), ...
func RoundRobin(ctx context.Context, cfg MatchConfig) ([]*MatchResult, error) {
	var out []*MatchResult
	for i := range cfg.Specs {
		for j := i + 1; j < len(cfg.Specs); j++ {
			pair := cfg
			pair.Specs = []string{cfg.Specs[i], cfg.Specs[j]}
			pair.Seed = subSeed(cfg.Seed, uint64(i), uint64(j))
			r, err := Match(ctx, pair)
			if err != nil {
				return out, err
			}
			out = append(out, r)
		}
	}
	return out, nil
}

// FormatMatch writes a match result as a few lines of text: per spec its
// score, wins, draws and losses, and its mean thinking time per move.
func FormatMatch(v *game.Variant, r *MatchResult, took time.Duration) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d games, %.1f plies a game, %v\n", v, r.Games, float64(r.Plies)/float64(max(r.Games, 1)), took.Round(time.Second))
	for _, st := range r.Standings {
		perMove := time.Duration(0)
		if st.Moves > 0 {
			perMove = st.Thinking / time.Duration(st.Moves)
		}
		fmt.Fprintf(&b, "  %-40s score %5.1f%%  +%d =%d -%d  %v/move\n", st.Spec, 100*st.Score(), st.Wins, st.Draws, st.Losses, perMove.Round(time.Microsecond))
	}
	return strings.TrimRight(b.String(), "\n")
}
