package ai

import (
	"context"
	"fmt"
	"io"
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
		return m.Outcome(), game.Errorf(game.Text{EN: "%s has %d players, got %d agents", FR: "%s a %d joueurs, reçu %d agents"}, v, v.Players, len(agents))
	}
	for !m.Outcome().Ended() {
		if err := ctx.Err(); err != nil {
			return m.Outcome(), err
		}
		seat := m.ToMove()
		mv, err := agents[seat].Choose(ctx, m)
		if err != nil {
			return m.Outcome(), game.Errorf(game.Text{EN: "%s, seat %d: %v", FR: "%s, place %d : %v"}, agents[seat].Name(), seat+1, err)
		}
		if err := m.Play(mv); err != nil {
			return m.Outcome(), game.Errorf(game.Text{EN: "%s, seat %d, played an illegal move in %s: %v", FR: "%s, place %d, a joué un coup impossible dans %s : %v"}, agents[seat].Name(), seat+1, m.State().Encode(), err)
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
		return nil, game.Errorf(game.Text{EN: "a match needs at least one agent", FR: "un match demande au moins un agent"})
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
			return nil, game.Errorf(game.Text{EN: "game %d: %v", FR: "partie %d : %v"}, g+1, r.err)
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
	opening, err := RandomOpening(v, m.State(), cfg.Opening, rng)
	if err != nil {
		return m, nil, err
	}
	for _, mv := range opening {
		if err := m.Play(mv); err != nil {
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
	defer closeAgents(agents)
	_, err = PlayGame(ctx, m, agents)
	return m, clocks, err
}

// closeAgents releases what the agents of a finished game hold: an
// external engine (EngineAgent) is a process that must not outlive its
// game. Agents without resources are not io.Closers.
func closeAgents(agents []Agent) {
	for _, a := range agents {
		if c, ok := a.(*clocked); ok {
			a = c.Agent
		}
		if c, ok := a.(io.Closer); ok {
			c.Close()
		}
	}
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

// ArenaConfig describes a tournament between agents (plateau arena): the
// generalisation of RoundRobin to every player count, with an optional
// sequential test that stops a pairing once its result is clear.
type ArenaConfig struct {
	Variant *game.Variant
	// Specs are the agents (New). See ArenaTables for who meets whom.
	Specs []string
	// Games is the number of games of each table.
	Games int
	// Opening is the number of uniformly random plies before the agents
	// take over; each opening is played from every seating of its table.
	Opening int
	// Seed makes the tournament reproducible with iteration or depth
	// budgets: each game's opening and agents get seeds derived from it,
	// its table and its number, whatever Parallel is.
	Seed uint64
	// Parallel is the number of games played at once (default 1). Each
	// game builds its own agents, so no agent serves two games at a time.
	Parallel int
	// SPRT, when set, stops a table of two agents as soon as its test
	// accepts a hypothesis; it needs tables of two agents.
	SPRT *SPRT
	// Progress, when set, is called after every game with the games done
	// and the games still planned in all (which shrinks when a test stops
	// a table). Calls come one at a time.
	Progress func(done, total int)
}

// ArenaTable is one group of agents that play each other, and the seatings
// its games go through in turn.
type ArenaTable struct {
	Agents   []int   // indices into ArenaConfig.Specs, sorted
	Seatings [][]int // per seating, the agent of each seat
}

// ArenaTables lists the tables of a tournament between k agents in a
// variant with the given number of players:
//
//   - two players: every pair of agents, each agent taking both seats in
//     turn (the round robin);
//   - n ≥ 3 players and k = n agents: one table, every permutation of the
//     agents over the seats in turn (n! seatings: 6 or 24);
//   - n ≥ 3 players and k > n agents: every group of n agents, each as
//     above;
//   - n ≥ 3 players and k < n agents: one table, seat s held by agent
//     (s + r) mod k in rotation r, as Match does: with two agents in a game
//     of four, A B A B then B A B A, which gives each agent one team in
//     team games.
func ArenaTables(players, k int) ([]ArenaTable, error) {
	if players < 2 {
		return nil, game.Errorf(game.Text{EN: "an arena needs a game of two players or more", FR: "un tournoi demande un jeu à deux joueurs ou plus"})
	}
	if k < 2 {
		return nil, game.Errorf(game.Text{EN: "an arena needs two agents or more, got %d", FR: "un tournoi demande deux agents ou plus, reçu %d"}, k)
	}
	if players == 2 || k > players {
		n := min(players, k)
		if players == 2 {
			n = 2
		}
		var tables []ArenaTable
		for _, group := range combinations(k, n) {
			tables = append(tables, ArenaTable{Agents: group, Seatings: permutations(group)})
		}
		return tables, nil
	}
	t := ArenaTable{}
	for i := 0; i < k; i++ {
		t.Agents = append(t.Agents, i)
	}
	if k == players {
		t.Seatings = permutations(t.Agents)
		return []ArenaTable{t}, nil
	}
	for r := 0; r < k; r++ {
		seating := make([]int, players)
		for s := range seating {
			seating[s] = (s + r) % k
		}
		t.Seatings = append(t.Seatings, seating)
	}
	return []ArenaTable{t}, nil
}

// combinations lists the n-element subsets of 0..k-1 in lexicographic order.
func combinations(k, n int) [][]int {
	var out [][]int
	var rec func(start int, cur []int)
	rec = func(start int, cur []int) {
		if len(cur) == n {
			out = append(out, append([]int(nil), cur...))
			return
		}
		for i := start; i < k; i++ {
			rec(i+1, append(cur, i))
		}
	}
	rec(0, nil)
	return out
}

// permutations lists the orderings of items, the identity first, in
// lexicographic order of positions: for a pair, (a, b) then (b, a).
func permutations(items []int) [][]int {
	if len(items) <= 1 {
		return [][]int{append([]int(nil), items...)}
	}
	var out [][]int
	for i, first := range items {
		rest := append(append([]int(nil), items[:i]...), items[i+1:]...)
		for _, p := range permutations(rest) {
			out = append(out, append([]int{first}, p...))
		}
	}
	return out
}

// ArenaGame is one game of a tournament.
type ArenaGame struct {
	Table   int   // index into ArenaResult.Tables
	Game    int   // number within its table, from 0
	Seats   []int // the agent of each seat
	Opening int   // number of the opening within the table
	Outcome game.Outcome
	Rewards []float64 // per seat (Rewards)
	Moves   []string  // every move, the opening included, in notation
}

// ArenaPair is the record of agent A against agent B over the games where
// both played (in games of three or four, A beats B when its reward is
// higher).
type ArenaPair struct {
	A, B int
	WDL  WDL // from A's side
	Elo  EloEstimate
	// LLR and Verdict are those of the SPRT, when one ran; Stopped says
	// whether it stopped the table before its planned games.
	LLR     float64
	Verdict Verdict
	Stopped bool
}

// ArenaAgent is how one agent did over the whole tournament.
type ArenaAgent struct {
	Spec                string
	Seats               int // seats held, over all games
	Wins, Draws, Losses int // by seat, as in Standing
	Points              float64
	// VsField sums its pair records: its Elo against the agents it met.
	VsField  WDL
	Elo      EloEstimate
	Moves    int
	Thinking time.Duration
}

// Score is the mean reward of the agent's seats.
func (a ArenaAgent) Score() float64 {
	if a.Seats == 0 {
		return 0
	}
	return a.Points / float64(a.Seats)
}

// ArenaResult is the outcome of a tournament. Games holds the games that
// count, ordered by table then number; games a stopped table had started
// beyond its stop are left out, so that the result does not depend on
// Parallel.
type ArenaResult struct {
	Variant *game.Variant
	Specs   []string
	SPRT    *SPRT
	Tables  []ArenaTable
	Games   []ArenaGame
	Pairs   []ArenaPair
	Agents  []ArenaAgent
}

// pairRecord is the result of one game between agents a and b of its
// table, from a's side: the mean rewards of their seats compared.
func pairRecord(g *ArenaGame, a, b int) WDL {
	ra, rb := agentReward(g, a), agentReward(g, b)
	switch {
	case ra > rb+1e-9:
		return WDL{W: 1}
	case rb > ra+1e-9:
		return WDL{L: 1}
	}
	return WDL{D: 1}
}

func agentReward(g *ArenaGame, agent int) float64 {
	sum, n := 0.0, 0
	for seat, a := range g.Seats {
		if a == agent {
			sum += g.Rewards[seat]
			n++
		}
	}
	return sum / float64(max(n, 1))
}

// Arena plays a tournament. It stops at the first error (a bad spec, an
// agent that fails or plays an illegal move, ctx cancelled).
func Arena(ctx context.Context, cfg ArenaConfig) (*ArenaResult, error) {
	v := cfg.Variant
	tables, err := ArenaTables(v.Players, len(cfg.Specs))
	if err != nil {
		return nil, err
	}
	if cfg.SPRT != nil {
		for _, t := range tables {
			if len(t.Agents) != 2 {
				return nil, game.Errorf(game.Text{EN: "the SPRT compares two agents: with %d players, give 2 agents (or play a two-player variant)", FR: "le SPRT compare deux agents : à %d joueurs, donnez 2 agents (ou jouez une variante à deux joueurs)"}, v.Players)
			}
		}
	}
	if cfg.Games < 1 {
		return nil, game.Errorf(game.Text{EN: "the number of games must be 1 or more, got %d", FR: "le nombre de parties doit être 1 ou plus, reçu %d"}, cfg.Games)
	}
	for _, spec := range cfg.Specs {
		// Building every agent up front makes a bad spec fail at once;
		// external engines start only when they first move, so this costs
		// nothing.
		a, err := New(spec, v, 0)
		if err != nil {
			return nil, err
		}
		closeAgents([]Agent{a})
	}

	type tableState struct {
		ctx     context.Context
		cancel  context.CancelFunc
		games   []*ArenaGame
		clocks  [][]*clocked
		next    int // games[:next] are in and counted
		wdl     WDL
		stopped int // number of games counted when the SPRT stopped it; -1
	}
	ctx, cancelAll := context.WithCancel(ctx)
	defer cancelAll()
	states := make([]*tableState, len(tables))
	for i := range states {
		tctx, cancel := context.WithCancel(ctx)
		states[i] = &tableState{ctx: tctx, cancel: cancel, games: make([]*ArenaGame, cfg.Games), clocks: make([][]*clocked, cfg.Games), stopped: -1}
		defer cancel()
	}
	var (
		mu       sync.Mutex
		firstErr error
		done     int
		total    = cfg.Games * len(tables)
	)
	// finish records a game and runs the table's test over the games
	// counted in order, so that where a table stops does not depend on
	// which game finished first.
	finish := func(ti int, g *ArenaGame, clocks []*clocked, err error) {
		mu.Lock()
		defer mu.Unlock()
		st := states[ti]
		if st.stopped >= 0 && g.Game >= st.stopped {
			return // played, or cut short, after its table stopped
		}
		if err != nil {
			if firstErr == nil {
				firstErr = game.Errorf(game.Text{EN: "table %d, game %d: %v", FR: "table %d, partie %d : %v"}, ti+1, g.Game+1, err)
			}
			cancelAll()
			return
		}
		st.games[g.Game], st.clocks[g.Game] = g, clocks
		done++
		t := tables[ti]
		for st.next < cfg.Games && st.games[st.next] != nil && st.stopped < 0 {
			if cfg.SPRT != nil {
				st.wdl = st.wdl.Add(pairRecord(st.games[st.next], t.Agents[0], t.Agents[1]))
			}
			st.next++
			if cfg.SPRT != nil && st.next < cfg.Games && cfg.SPRT.Decide(st.wdl) != Continue {
				st.stopped = st.next
				st.cancel()
				for k := st.next; k < cfg.Games; k++ {
					if st.games[k] != nil {
						st.games[k], st.clocks[k] = nil, nil
						done--
					}
				}
				total -= cfg.Games - st.next
			}
		}
		if cfg.Progress != nil {
			cfg.Progress(done, total)
		}
	}

	type job struct{ table, game int }
	jobs := make(chan job)
	var wg sync.WaitGroup
	for w := 0; w < max(cfg.Parallel, 1); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				st := states[j.table]
				mu.Lock()
				skip := st.stopped >= 0 && j.game >= st.stopped
				mu.Unlock()
				if skip {
					continue
				}
				g, clocks, err := playArenaGame(st.ctx, cfg, tables[j.table], j.table, j.game)
				finish(j.table, g, clocks, err)
			}
		}()
	}
	// Games go out interleaved across tables, so that every pairing moves
	// on together and a test that stops one early saves the most time.
	for g := 0; g < cfg.Games && ctx.Err() == nil; g++ {
		for ti := range tables {
			if ctx.Err() != nil {
				break
			}
			select {
			case jobs <- job{ti, g}:
			case <-ctx.Done():
			}
		}
	}
	close(jobs)
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}

	res := &ArenaResult{Variant: v, Specs: cfg.Specs, SPRT: cfg.SPRT, Tables: tables, Agents: make([]ArenaAgent, len(cfg.Specs))}
	for i, spec := range cfg.Specs {
		res.Agents[i].Spec = spec
	}
	pairIndex := map[[2]int]int{}
	for ti, t := range tables {
		st := states[ti]
		for i := 0; i < len(t.Agents); i++ {
			for j := i + 1; j < len(t.Agents); j++ {
				key := [2]int{t.Agents[i], t.Agents[j]}
				if _, ok := pairIndex[key]; !ok {
					pairIndex[key] = len(res.Pairs)
					res.Pairs = append(res.Pairs, ArenaPair{A: key[0], B: key[1]})
				}
			}
		}
		for k := 0; k < st.next; k++ {
			g := st.games[k]
			res.Games = append(res.Games, *g)
			for i := 0; i < len(t.Agents); i++ {
				for j := i + 1; j < len(t.Agents); j++ {
					p := &res.Pairs[pairIndex[[2]int{t.Agents[i], t.Agents[j]}]]
					p.WDL = p.WDL.Add(pairRecord(g, t.Agents[i], t.Agents[j]))
				}
			}
			for seat, a := range g.Seats {
				ag := &res.Agents[a]
				ag.Seats++
				ag.Points += g.Rewards[seat]
				ag.Moves += st.clocks[k][seat].moves
				ag.Thinking += st.clocks[k][seat].total
				switch {
				case g.Outcome.Status == game.Draw:
					ag.Draws++
				case g.Outcome.Status == game.Win && g.Outcome.Won(seat):
					ag.Wins++
				case g.Outcome.Status == game.Win:
					ag.Losses++
				}
			}
		}
		if cfg.SPRT != nil && len(t.Agents) == 2 {
			p := &res.Pairs[pairIndex[[2]int{t.Agents[0], t.Agents[1]}]]
			p.LLR, p.Verdict, p.Stopped = cfg.SPRT.LLR(p.WDL), cfg.SPRT.Decide(p.WDL), st.stopped >= 0
		}
	}
	for i := range res.Pairs {
		p := &res.Pairs[i]
		p.Elo = Elo(p.WDL)
		res.Agents[p.A].VsField = res.Agents[p.A].VsField.Add(p.WDL)
		res.Agents[p.B].VsField = res.Agents[p.B].VsField.Add(p.WDL.Swap())
	}
	for i := range res.Agents {
		res.Agents[i].Elo = Elo(res.Agents[i].VsField)
	}
	return res, nil
}

// playArenaGame plays game g of table t: the table's seating for g, its
// seeded random opening (shared by the games of one round of seatings),
// then fresh agents, closed at the end.
func playArenaGame(ctx context.Context, cfg ArenaConfig, t ArenaTable, ti, g int) (*ArenaGame, []*clocked, error) {
	v := cfg.Variant
	seating := t.Seatings[g%len(t.Seatings)]
	opening := g / len(t.Seatings)
	res := &ArenaGame{Table: ti, Game: g, Seats: seating, Opening: opening}
	m := game.NewMatch(v.Start())
	rng := newRNG(subSeed(cfg.Seed, uint64(ti), 1, uint64(opening)))
	plies, err := RandomOpening(v, m.State(), cfg.Opening, rng)
	if err != nil {
		return res, nil, err
	}
	for _, mv := range plies {
		if err := m.Play(mv); err != nil {
			return res, nil, err
		}
	}
	agents := make([]Agent, v.Players)
	clocks := make([]*clocked, v.Players)
	defer closeAgents(agents)
	for seat := range agents {
		a, err := New(cfg.Specs[seating[seat]], v, subSeed(cfg.Seed, uint64(ti), 2, uint64(g), uint64(seat)))
		if err != nil {
			return res, nil, err
		}
		clocks[seat] = &clocked{Agent: a}
		agents[seat] = clocks[seat]
	}
	_, err = PlayGame(ctx, m, agents)
	res.Outcome = m.Outcome()
	rewards := Rewards(v, res.Outcome)
	res.Rewards = append([]float64(nil), rewards[:v.Players]...)
	res.Moves = append([]string(nil), m.Notations()...)
	return res, clocks, err
}
