// Package analysis measures games by self-play for their designers: how
// long games last, how many moves a player has to choose from, how often
// each seat wins (with confidence intervals), how games end, and how often
// players pass, for one or several variants side by side. Stats are plain
// numbers (testable without plots); WriteReport turns them into a Markdown
// or HTML report with plots.
package analysis

import (
	"context"
	"math"
	"math/rand/v2"
	"runtime"
	"sort"
	"sync"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
)

// Config is one variant to measure.
type Config struct {
	Variant *game.Variant
	// Label names the variant in reports, e.g. "size=6".
	Label string
	// Agent is the spec (ai.New) of the player on every seat.
	Agent string
	Games int
	// Seed decides every game: game g's seats get seeds derived from Seed
	// and g, so the statistics do not depend on Parallel.
	Seed uint64
	// Parallel is the number of games played at once; 0 means one per CPU.
	Parallel int
	// Openings is the number of uniformly random plies (from the game's
	// seed) that start each game before the agents play: without them a
	// deterministic agent plays the same game every time.
	Openings int
	// Progress, when set, is called after every game with the games done
	// and the total (from several goroutines, one at a time).
	Progress func(done, total int)
	// Slot, when set, is called before each move an agent chooses and
	// the function it returns after: the site's lab takes a slot of the
	// computer searches' pool there, so that live games come first. It
	// changes nothing in the games.
	Slot func(ctx context.Context) (release func(), err error)
}

// GameResult is what one game contributes to the statistics.
type GameResult struct {
	Plies int
	// Legal is the number of legal moves in each position where a seat
	// had to move, ply by ply (a forced pass counts 1).
	Legal   []int
	Passes  int
	Outcome game.Outcome
	// Moves hashes the game's moves: equal games have equal hashes.
	Moves uint64
	// Leaders is, for each position where a seat had to move, the side
	// (index into the variant's sides, see Sides) the game's evaluation
	// had ahead, or -1 when the best value was shared; nil when the game
	// has no evaluation or a single side (drama is not measured).
	Leaders []int8
	// ForcedPasses counts the positions where passing was the only move;
	// LastPass says the game ended on a pass.
	ForcedPasses int
	LastPass     bool
}

// Play plays the games of cfg and collects them in game order.
func Play(ctx context.Context, cfg Config) ([]GameResult, error) {
	if cfg.Games < 1 {
		return nil, game.Errorf(game.Text{EN: "the number of games must be at least 1, got %d", FR: "le nombre de parties doit être au moins 1, reçu %d"}, cfg.Games)
	}
	if _, err := ai.New(cfg.Agent, cfg.Variant, 0); err != nil {
		return nil, err
	}
	workers := cfg.Parallel
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	results := make([]GameResult, cfg.Games)
	errs := make([]error, cfg.Games)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan int)
	var wg sync.WaitGroup
	var progressMu sync.Mutex
	done := 0
	for w := 0; w < min(workers, cfg.Games); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for g := range jobs {
				results[g], errs[g] = playOne(ctx, cfg, g)
				if errs[g] != nil {
					cancel()
				}
				if cfg.Progress != nil {
					progressMu.Lock()
					done++
					cfg.Progress(done, cfg.Games)
					progressMu.Unlock()
				}
			}
		}()
	}
	for g := 0; g < cfg.Games && ctx.Err() == nil; g++ {
		jobs <- g
	}
	close(jobs)
	wg.Wait()
	for g, err := range errs {
		if err != nil {
			return nil, game.Errorf(game.Text{EN: "%s, game %d: %v", FR: "%s, partie %d : %v"}, cfg.Variant, g+1, err)
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return results, nil
}

// PlayOne plays game g (from 0) of cfg alone: the same game Play plays
// as its g-th, whatever else runs, so games can be spread over machines
// (the site's lab) and the statistics still equal a run of Play.
func PlayOne(ctx context.Context, cfg Config, g int) (GameResult, error) { return playOne(ctx, cfg, g) }

func playOne(ctx context.Context, cfg Config, g int) (GameResult, error) {
	v := cfg.Variant
	agents := make([]ai.Agent, v.Players)
	for seat := range agents {
		a, err := ai.New(cfg.Agent, v, game.Mix64(cfg.Seed^game.Mix64(uint64(g)<<3|uint64(seat))))
		if err != nil {
			return GameResult{}, err
		}
		agents[seat] = a
	}
	m := game.NewMatch(v.Start())
	var r GameResult
	var buf []game.Move
	rng := rand.New(rand.NewPCG(cfg.Seed, game.Mix64(uint64(g)+0x0e1)))
	eval, hasEval := ai.LookupEval(v.Game.ID)
	reps := sideSeats(v)
	values := make([]float64, len(reps))
	// The random plies are drawn again until they leave the game to the
	// agents (no commandant of L'Empire left to be taken, ai.FairOpening).
	opening, err := ai.RandomOpening(v, m.State(), cfg.Openings, rng)
	if err != nil {
		return r, err
	}
	for !m.Outcome().Ended() {
		if err := ctx.Err(); err != nil {
			return r, err
		}
		buf = m.LegalMoves(buf)
		r.Legal = append(r.Legal, len(buf))
		if len(buf) == 1 && buf[0] == game.Pass {
			r.ForcedPasses++
		}
		if hasEval && len(reps) > 1 {
			for i, seat := range reps {
				values[i] = eval(m.State(), seat)
			}
			r.Leaders = append(r.Leaders, int8(Leader(values)))
		}
		seat := m.ToMove()
		var mv game.Move
		if n := len(m.Moves()); n < len(opening) {
			mv = opening[n]
		} else {
			release := func() {}
			if cfg.Slot != nil {
				if release, err = cfg.Slot(ctx); err != nil {
					return r, err
				}
			}
			mv, err = agents[seat].Choose(ctx, m)
			release()
			if err != nil {
				return r, game.Errorf(game.Text{EN: "%s, seat %d: %v", FR: "%s, place %d : %v"}, agents[seat].Name(), seat+1, err)
			}
		}
		if mv == game.Pass {
			r.Passes++
		}
		r.LastPass = mv == game.Pass
		if err := m.Play(mv); err != nil {
			return r, game.Errorf(game.Text{EN: "%s, seat %d, played an illegal move: %v", FR: "%s, place %d, a joué un coup impossible : %v"}, agents[seat].Name(), seat+1, err)
		}
	}
	r.Plies, r.Outcome = len(m.Moves()), m.Outcome()
	r.Moves = 0x9e3779b97f4a7c15
	for _, mv := range m.Moves() {
		r.Moves = game.Mix64(r.Moves ^ uint64(mv))
	}
	return r, nil
}

// Proportion is a count out of a total with its Wilson score interval.
type Proportion struct {
	Count int     `json:"count"`
	Total int     `json:"total"`
	Rate  float64 `json:"rate"`
	Low   float64 `json:"low"`  // 95% interval
	High  float64 `json:"high"` // 95% interval
}

// Z95 is the normal quantile of a two-sided 95% interval.
const Z95 = 1.959963984540054

// NewProportion computes count/total and its 95% Wilson interval.
func NewProportion(count, total int) Proportion {
	p := Proportion{Count: count, Total: total}
	if total > 0 {
		p.Rate = float64(count) / float64(total)
	}
	p.Low, p.High = Wilson(count, total, Z95)
	return p
}

// Wilson is the Wilson score interval of k successes in n trials for the
// normal quantile z. Unlike the textbook p ± z·sqrt(p(1−p)/n) it stays in
// [0, 1] and is not empty at p = 0 or 1, which matters for seats that
// (almost) always win. With n = 0 it is the whole [0, 1].
func Wilson(k, n int, z float64) (low, high float64) {
	if n <= 0 {
		return 0, 1
	}
	nf := float64(n)
	p := float64(k) / nf
	z2 := z * z
	centre := (p + z2/(2*nf)) / (1 + z2/nf)
	half := z / (1 + z2/nf) * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	return max(0, centre-half), min(1, centre+half)
}

// Summary describes a sample of whole numbers.
type Summary struct {
	Mean   float64 `json:"mean"`
	StdDev float64 `json:"stddev"`
	Min    int     `json:"min"`
	Median float64 `json:"median"`
	Max    int     `json:"max"`
}

// Summarise computes the summary of xs (zero for an empty sample).
func Summarise(xs []int) Summary {
	if len(xs) == 0 {
		return Summary{}
	}
	s := append([]int(nil), xs...)
	sort.Ints(s)
	var sum, sq float64
	for _, x := range s {
		sum += float64(x)
	}
	mean := sum / float64(len(s))
	for _, x := range s {
		sq += (float64(x) - mean) * (float64(x) - mean)
	}
	sd := 0.0
	if len(s) > 1 {
		sd = math.Sqrt(sq / float64(len(s)-1))
	}
	med := float64(s[len(s)/2])
	if len(s)%2 == 0 {
		med = (float64(s[len(s)/2-1]) + float64(s[len(s)/2])) / 2
	}
	return Summary{Mean: mean, StdDev: sd, Min: s[0], Median: med, Max: s[len(s)-1]}
}

// Count is one value of a distribution and how often it occurred.
type Count struct {
	Key   string `json:"key"`
	Count int    `json:"count"`
}

// Stats are the statistics of one variant.
type Stats struct {
	Label   string `json:"label"`
	Variant string `json:"variant"`
	Agent   string `json:"agent"`
	Games   int    `json:"games"`
	Seed    uint64 `json:"seed"`
	// Openings is the number of random plies each game began with;
	// Distinct counts the different games played (fewer than Games: some
	// games were the same, and count more than once).
	Openings int `json:"openings"`
	Distinct int `json:"distinct"`
	Players  int `json:"players"`
	// Seats names the seats in English.
	Seats []string `json:"seats"`
	// Lengths are the games' lengths in plies, in game order.
	Lengths []int   `json:"lengths"`
	Length  Summary `json:"length"`
	// Branching summarises the legal move counts over every position where
	// a seat had to move; BranchingCounts is their distribution.
	Branching       Summary `json:"branching"`
	BranchingCounts []int   `json:"branching_counts"` // index = number of legal moves
	// BranchingByPly is the mean number of legal moves at each ply, over
	// the games that reached it; ReachedPly counts those games.
	BranchingByPly []float64 `json:"branching_by_ply"`
	ReachedPly     []int     `json:"reached_ply"`
	// SeatWins is, per seat, the games that seat won (partners share a
	// win); Draws the drawn games; NoWinner the games over without a
	// winner or draw (scores decide, e.g. Solitaire).
	SeatWins []Proportion `json:"seat_wins"`
	Draws    Proportion   `json:"draws"`
	NoWinner Proportion   `json:"no_winner"`
	// Reasons counts why the games ended, most frequent first.
	Reasons []Count `json:"reasons"`
	// Passes are the passes among all moves played.
	Passes Proportion `json:"passes"`
	// ScoreName says what the games' scores count (pieces left, ...);
	// Scores summarises each seat's final score. Both are empty for games
	// without scores.
	ScoreName string    `json:"score_name,omitempty"`
	Scores    []Summary `json:"scores,omitempty"`

	// Sides counts the sides (teams, else seats); Balance measures how far
	// the decided games are from an even share between them.
	Sides   int     `json:"sides"`
	Balance Balance `json:"balance"`
	// DramaMeasured says the game has an evaluation and two sides or
	// more; then LeadChanges summarises, per game, how often the side the
	// evaluation had ahead changed, LeadChangeGames counts the games where
	// it changed at least once, and LateLeadChangeGames those where it
	// changed in the second half of the game (the result was still open
	// late).
	DramaMeasured       bool       `json:"drama_measured"`
	LeadChanges         Summary    `json:"lead_changes"`
	LeadChangeGames     Proportion `json:"lead_change_games"`
	LateLeadChangeGames Proportion `json:"late_lead_change_games"`
	// ForcedPasses are the positions where passing was the only move,
	// among all positions where a seat had to move; ForcedPassGames the
	// games with at least one; StalemateEnds the games that ended because
	// players could not move (see IsStalemateEnd).
	ForcedPasses    Proportion `json:"forced_passes"`
	ForcedPassGames Proportion `json:"forced_pass_games"`
	StalemateEnds   Proportion `json:"stalemate_ends"`

	// seatsFR and scoreNameFR are Seats and ScoreName in French, for
	// TableIn.
	seatsFR     []string
	scoreNameFR string
}

// Compute turns game results into statistics.
func Compute(cfg Config, results []GameResult) *Stats {
	v := cfg.Variant
	st := &Stats{Label: cfg.Label, Variant: v.String(), Agent: cfg.Agent, Games: len(results), Seed: cfg.Seed, Players: v.Players,
		Openings: cfg.Openings}
	seen := map[uint64]bool{}
	for _, r := range results {
		seen[r.Moves] = true
	}
	st.Distinct = len(seen)
	for seat := 0; seat < v.Players; seat++ {
		st.Seats = append(st.Seats, v.SeatName(seat, "en"))
		st.seatsFR = append(st.seatsFR, v.SeatName(seat, "fr"))
	}
	wins := make([]int, v.Players)
	var draws, none, passes, plies int
	var legal []int
	reasons := map[string]int{}
	var sums []float64
	for _, r := range results {
		st.Lengths = append(st.Lengths, r.Plies)
		plies += r.Plies
		passes += r.Passes
		legal = append(legal, r.Legal...)
		for ply, n := range r.Legal {
			if ply >= len(sums) {
				sums = append(sums, 0)
				st.ReachedPly = append(st.ReachedPly, 0)
			}
			sums[ply] += float64(n)
			st.ReachedPly[ply]++
			for n >= len(st.BranchingCounts) {
				st.BranchingCounts = append(st.BranchingCounts, 0)
			}
			st.BranchingCounts[n]++
		}
		switch r.Outcome.Status {
		case game.Win:
			for seat := 0; seat < v.Players; seat++ {
				if r.Outcome.Won(seat) {
					wins[seat]++
				}
			}
		case game.Draw:
			draws++
		default:
			none++
		}
		reason := r.Outcome.Reason
		if reason == "" {
			reason = "(none given)"
		}
		reasons[reason]++
	}
	n := len(results)
	for seat := range wins {
		st.SeatWins = append(st.SeatWins, NewProportion(wins[seat], n))
	}
	st.Draws, st.NoWinner = NewProportion(draws, n), NewProportion(none, n)
	st.Passes = NewProportion(passes, plies)
	st.Length = Summarise(st.Lengths)
	st.Branching = Summarise(legal)
	st.scoreNameFR = v.ScoreName.In("fr")
	if st.ScoreName = v.ScoreName.EN; st.ScoreName != "" {
		for seat := 0; seat < v.Players; seat++ {
			var xs []int
			for _, r := range results {
				xs = append(xs, r.Outcome.Scores[seat])
			}
			st.Scores = append(st.Scores, Summarise(xs))
		}
	}
	computeLab(st, v, results)
	for ply, s := range sums {
		st.BranchingByPly = append(st.BranchingByPly, s/float64(st.ReachedPly[ply]))
	}
	for k, c := range reasons {
		st.Reasons = append(st.Reasons, Count{Key: k, Count: c})
	}
	sort.Slice(st.Reasons, func(i, j int) bool {
		if st.Reasons[i].Count != st.Reasons[j].Count {
			return st.Reasons[i].Count > st.Reasons[j].Count
		}
		return st.Reasons[i].Key < st.Reasons[j].Key
	})
	return st
}

// Run plays and computes one variant.
func Run(ctx context.Context, cfg Config) (*Stats, error) {
	results, err := Play(ctx, cfg)
	if err != nil {
		return nil, err
	}
	return Compute(cfg, results), nil
}
