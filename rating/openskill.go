package rating

import (
	"fmt"
	"math"
	"sort"
)

// This file is the Weng-Lin Bayesian rating ("OpenSkill") with the
// Plackett-Luce model, for games of more than two players and for teams:
// Ruby C. Weng and Chih-Jen Lin, "A Bayesian Approximation Method for
// Online Ranking", JMLR 12 (2011), algorithm 4. It computes what the
// reference implementation, the `openskill` package of the npm registry
// (version 5.0.1), computes with its default model: rating/testdata/openskill
// holds that package's results for the worked cases of the tests.

// Defaults of the OpenSkill system, the reference implementation's.
const (
	// OpenSkillMu is the skill μ of a new player.
	OpenSkillMu = 25.0
	// OpenSkillSigma is the uncertainty σ of a new player: μ/3, so that a
	// new player's conservative rating μ − 3σ is 0.
	OpenSkillSigma = OpenSkillMu / 3
	// OpenSkillBeta is β, the spread of one performance around the skill:
	// σ/2.
	OpenSkillBeta = OpenSkillSigma / 2
	// OpenSkillTau is τ, the additive dynamics factor: every player's σ
	// grows to sqrt(σ² + τ²) before each game, so that a rating never
	// freezes. σ/100.
	OpenSkillTau = OpenSkillSigma / 100
	// OpenSkillKappa is κ: a game shrinks σ² by a factor of at least κ, so
	// that σ never reaches 0.
	OpenSkillKappa = 0.0001
	// OpenSkillZ, OpenSkillAlpha and OpenSkillTarget define the ordinal
	// Target + Alpha·(μ − Z·σ), which the Balance option uses.
	OpenSkillZ      = 3.0
	OpenSkillAlpha  = 1.0
	OpenSkillTarget = 0.0

	// MaxOpenSkillTeams and MaxOpenSkillTeamSize bound one call to Rate, so
	// that a caller cannot make it take unbounded time (the update is
	// quadratic in the number of teams). They are far above any table of
	// this project (four seats).
	MaxOpenSkillTeams    = 64
	MaxOpenSkillTeamSize = 64

	// DisplayStart is the number a new player shows, on both scales: the
	// Glicko-2 DefaultRating, so that a new player reads the same on a
	// two-player and on a three- or four-player leaderboard.
	DisplayStart = DefaultRating
	// DisplayPerMu is how many displayed points one unit of μ − 3σ is
	// worth: 400/(ln 10 · √2 · β) ≈ 29.48, so that a gap of D points reads
	// as it does on the Elo and Glicko scales. Between two settled players
	// (equal small σ) the Plackett-Luce model expects the stronger to win
	// 1/(1 + exp(−Δμ/(√2·β))) of their games, and Elo expects
	// 1/(1 + 10^(−D/400)): the two are equal when D = DisplayPerMu·Δμ, so
	// 200 points are 76% on both scales.
	DisplayPerMu = 400 / (math.Ln10 * math.Sqrt2 * OpenSkillBeta)
)

// Skill is one player's OpenSkill rating: the skill estimate μ and its
// uncertainty σ (a normal belief N(μ, σ²)).
type Skill struct {
	Mu    float64 `json:"mu"`
	Sigma float64 `json:"sigma"`
}

// NewSkill is the rating of a new player with the defaults: 25 ± 25/3.
func NewSkill() Skill { return Skill{Mu: OpenSkillMu, Sigma: OpenSkillSigma} }

// Ordinal is the conservative rating μ − 3σ: the skill the player has
// with about 99.9% certainty. It is 0 for a new player and rises as games
// make σ smaller, so that a player climbs by playing and winning.
func (s Skill) Ordinal() float64 { return s.Mu - OpenSkillZ*s.Sigma }

// Display is the one number shown for an OpenSkill rating: the
// conservative rating μ − 3σ on the scale of the Glicko-2 ratings,
//
//	Display = 1500 + DisplayPerMu·(μ − 3σ),  DisplayPerMu = 400/(ln 10·√2·β) ≈ 29.48
//
// so that a new player (μ − 3σ = 0) shows 1500, the number a new
// two-player (Glicko-2) rating shows, and a 200-point gap between settled
// players is a 76% expected score, as on the Glicko scale. The map is linear and
// increasing: the order of players by Display is their order by μ − 3σ.
// Callers round it for display.
func Display(s Skill) float64 { return DisplayStart + DisplayPerMu*s.Ordinal() }

// OpenSkillConfig holds the parameters of the system. Start from
// DefaultOpenSkill: the zero value is refused, because β and κ have no
// safe zero and τ = 0 is a meaningful choice (no dynamics).
type OpenSkillConfig struct {
	// Mu and Sigma are the rating of a new player (New).
	Mu, Sigma float64
	// Beta is β, the performance spread; > 0.
	Beta float64
	// Tau is τ, added in quadrature to every σ before a game; >= 0.
	Tau float64
	// Kappa is κ, the least factor a game multiplies σ² by; in (0, 1].
	Kappa float64
	// LimitSigma keeps a game from increasing any σ: τ could otherwise
	// make σ after a game larger than before it (the reference's
	// limitSigma option).
	LimitSigma bool
	// Balance weights a team's weaker members up when computing the
	// team's strength, by their ordinal's distance to the team's best
	// (the reference's balance option), with Z, Alpha and Target
	// defining the ordinal Target + Alpha·(μ − Z·σ).
	Balance          bool
	Z, Alpha, Target float64
}

// DefaultOpenSkill returns the defaults: μ 25, σ 25/3, β σ/2, τ σ/100,
// κ 0.0001, no sigma limit, no balance (ordinal μ − 3σ).
func DefaultOpenSkill() OpenSkillConfig {
	return OpenSkillConfig{
		Mu: OpenSkillMu, Sigma: OpenSkillSigma, Beta: OpenSkillBeta, Tau: OpenSkillTau, Kappa: OpenSkillKappa,
		Z: OpenSkillZ, Alpha: OpenSkillAlpha, Target: OpenSkillTarget,
	}
}

// New is the rating of a new player under c.
func (c OpenSkillConfig) New() Skill { return Skill{Mu: c.Mu, Sigma: c.Sigma} }

// check reports the first parameter of c that Rate cannot compute with.
func (c OpenSkillConfig) check() error {
	bad := func(name string, v float64, accepted string) error {
		return fmt.Errorf("%w: OpenSkillConfig.%s is %v; accepted: %s (start from DefaultOpenSkill)", ErrInvalid, name, v, accepted)
	}
	switch {
	case !finite(c.Mu):
		return bad("Mu", c.Mu, "a finite number (25 by default)")
	case !(c.Sigma > 0) || math.IsInf(c.Sigma, 0):
		return bad("Sigma", c.Sigma, "a finite number > 0 (25/3 by default)")
	case !(c.Beta > 0) || math.IsInf(c.Beta, 0):
		return bad("Beta", c.Beta, "a finite number > 0 (25/6 by default)")
	case !(c.Tau >= 0) || math.IsInf(c.Tau, 0):
		return bad("Tau", c.Tau, "a finite number >= 0 (25/300 by default)")
	case !(c.Kappa > 0 && c.Kappa <= 1):
		return bad("Kappa", c.Kappa, "a number in (0, 1] (0.0001 by default)")
	case c.Balance && !finite(c.Z, c.Alpha, c.Target):
		return fmt.Errorf("%w: OpenSkillConfig.Z, Alpha and Target are %v, %v and %v; accepted: finite numbers (3, 1 and 0 by default)", ErrInvalid, c.Z, c.Alpha, c.Target)
	}
	return nil
}

// teamStat is one team in the order of the ranks: the sum of its members'
// μ, of their σ², its position rank (the index of the first team of its
// tie group), and its index in the caller's order.
type teamStat struct {
	mu, sigSq float64
	rank      int
	index     int
}

// Rate returns the ratings after one game. teams[i] lists the players of
// team i (a free-for-all is teams of one player); ranks[i] is the place of
// team i, lower is better, equal ranks tie (1, 2, 2, 4 or 0, 1, 1, 3: only
// the order matters). The result has the shape of teams; teams is not
// modified.
//
// Every player's σ first grows to sqrt(σ² + τ²); then the Plackett-Luce
// update of Weng and Lin applies, as the reference implementation
// computes it: with c² = Σ over teams (σ²_team + β²), team q's strength
// exp(μ_q/c), and for each team i the sum over the teams q placed at or
// above it of its share of the strengths of the teams placed at or below q
// (ties split by the size of q's tie group),
//
//	Ω_i = σ²_i/c · Σ_q ([i=q] − p_iq)/A_q,  Δ_i = γ_i·σ²_i/c² · Σ_q p_iq(1−p_iq)/A_q,  γ_i = σ_i/c;
//
// each member j gets μ_j + σ_j²/σ²_i·Ω_i and σ_j·sqrt(max(1 − σ_j²/σ²_i·Δ_i, κ)).
//
// Rate never panics: bad input gives an error wrapping ErrInvalid, results
// float64 cannot carry one wrapping ErrNumeric.
func (c OpenSkillConfig) Rate(teams [][]Skill, ranks []int) ([][]Skill, error) {
	if err := c.check(); err != nil {
		return nil, err
	}
	if len(teams) < 2 || len(teams) > MaxOpenSkillTeams {
		return nil, fmt.Errorf("%w: %d teams; accepted: 2 to MaxOpenSkillTeams = %d teams (a free-for-all is teams of one player)", ErrInvalid, len(teams), MaxOpenSkillTeams)
	}
	if len(ranks) != len(teams) {
		return nil, fmt.Errorf("%w: %d ranks for %d teams; accepted: one rank per team", ErrInvalid, len(ranks), len(teams))
	}
	for i, team := range teams {
		if len(team) < 1 || len(team) > MaxOpenSkillTeamSize {
			return nil, fmt.Errorf("%w: team %d has %d players; accepted: 1 to MaxOpenSkillTeamSize = %d", ErrInvalid, i, len(team), MaxOpenSkillTeamSize)
		}
		for j, p := range team {
			if !finite(p.Mu) || !(p.Sigma > 0) || math.IsInf(p.Sigma, 0) {
				return nil, fmt.Errorf("%w: team %d player %d is μ %v, σ %v; accepted: a finite μ and a finite σ > 0 (25 and 25/3 for a new player)", ErrInvalid, i, j, p.Mu, p.Sigma)
			}
		}
	}

	// Dynamics: σ² + τ² for everyone before the game.
	tauSq := c.Tau * c.Tau
	grown := make([][]Skill, len(teams))
	for i, team := range teams {
		grown[i] = make([]Skill, len(team))
		for j, p := range team {
			grown[i][j] = Skill{Mu: p.Mu, Sigma: math.Sqrt(p.Sigma*p.Sigma + tauSq)}
		}
	}

	// Teams in the order of their ranks (stable, as the reference sorts),
	// each with the position of the first team of its tie group.
	stats := make([]teamStat, len(teams))
	order := make([]int, len(teams))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return ranks[order[a]] < ranks[order[b]] })
	for k, i := range order {
		mu, sigSq := c.teamStrength(grown[i])
		stats[k] = teamStat{mu: mu, sigSq: sigSq, rank: k, index: i}
		if k > 0 && ranks[order[k-1]] == ranks[i] {
			stats[k].rank = stats[k-1].rank
		}
	}

	// c, the strengths exp(μ/c) (shifted by the largest μ, which cancels
	// in every quotient and keeps exp in range), sumQ and A.
	var cSq, maxMu float64
	for k, s := range stats {
		cSq += s.sigSq + c.Beta*c.Beta
		if k == 0 || s.mu > maxMu {
			maxMu = s.mu
		}
	}
	cc := math.Sqrt(cSq)
	strength := make([]float64, len(stats))
	for k, s := range stats {
		strength[k] = math.Exp((s.mu - maxMu) / cc)
	}
	sumQ := make([]float64, len(stats))
	tied := make([]float64, len(stats))
	for q, sq := range stats {
		for i, si := range stats {
			if si.rank >= sq.rank {
				sumQ[q] += strength[i]
			}
			if si.rank == sq.rank {
				tied[q]++
			}
		}
	}

	out := make([][]Skill, len(teams))
	for i, si := range stats {
		var omega, delta float64
		for q, sq := range stats {
			if sq.rank > si.rank {
				continue
			}
			quotient := strength[i] / sumQ[q]
			if i == q {
				omega += (1 - quotient) / tied[q]
			} else {
				omega -= quotient / tied[q]
			}
			delta += quotient * (1 - quotient) / tied[q]
		}
		gamma := math.Sqrt(si.sigSq) / cc
		omega *= si.sigSq / cc
		delta *= si.sigSq / cSq * gamma
		team := grown[si.index]
		res := make([]Skill, len(team))
		for j, p := range team {
			share := p.Sigma * p.Sigma / si.sigSq
			res[j] = Skill{
				Mu:    p.Mu + share*omega,
				Sigma: p.Sigma * math.Sqrt(math.Max(1-share*delta, c.Kappa)),
			}
			if c.LimitSigma && c.Tau != 0 {
				res[j].Sigma = math.Min(res[j].Sigma, teams[si.index][j].Sigma)
			}
			if !finite(res[j].Mu, res[j].Sigma) || !(res[j].Sigma > 0) {
				return nil, fmt.Errorf("%w: team %d player %d comes out at μ %v, σ %v; accepted: ratings of realistic size (μ within a few hundred of 25)", ErrNumeric, si.index, j, res[j].Mu, res[j].Sigma)
			}
		}
		out[si.index] = res
	}
	return out, nil
}

// teamStrength is the team's μ and σ²: the sums over its members, or with
// Balance the sums with each member weighted by 1 + (best ordinal − his
// ordinal)/(best ordinal + κ), as the reference computes them.
func (c OpenSkillConfig) teamStrength(team []Skill) (mu, sigSq float64) {
	if !c.Balance {
		for _, p := range team {
			mu += p.Mu
			sigSq += p.Sigma * p.Sigma
		}
		return mu, sigSq
	}
	ordinal := func(p Skill) float64 { return c.Target + c.Alpha*(p.Mu-c.Z*p.Sigma) }
	best := math.Inf(-1)
	for _, p := range team {
		best = math.Max(best, ordinal(p))
	}
	denom := best + c.Kappa
	for _, p := range team {
		factor := 1 + (best-ordinal(p))/denom
		mu += p.Mu * factor
		s := p.Sigma * factor
		sigSq += s * s
	}
	return mu, sigSq
}

// RateSeats rates one game of a table: skills[i], teamOf[i] and ranks[i]
// are the rating, the team and the rank of seat i (lower rank is better;
// partners have the same team number and must have the same rank; nil
// teamOf means every seat plays for itself). It returns the rating of each
// seat after the game.
func (c OpenSkillConfig) RateSeats(skills []Skill, teamOf []int, ranks []int) ([]Skill, error) {
	if len(ranks) != len(skills) || (teamOf != nil && len(teamOf) != len(skills)) {
		return nil, fmt.Errorf("%w: %d ratings, %d teams and %d ranks; accepted: one rating, one rank and (with teams) one team per seat", ErrInvalid, len(skills), len(teamOf), len(ranks))
	}
	if len(skills) > MaxOpenSkillTeams {
		return nil, fmt.Errorf("%w: %d seats; accepted: at most MaxOpenSkillTeams = %d", ErrInvalid, len(skills), MaxOpenSkillTeams)
	}
	var teams [][]Skill
	var teamRanks []int
	var members [][]int // seats of each team, in seat order
	index := map[int]int{}
	for seat, s := range skills {
		key := seat
		if teamOf != nil {
			key = teamOf[seat]
		}
		t, ok := index[key]
		if !ok {
			t = len(teams)
			index[key] = t
			teams = append(teams, nil)
			teamRanks = append(teamRanks, ranks[seat])
			members = append(members, nil)
		} else if teamRanks[t] != ranks[seat] {
			return nil, fmt.Errorf("%w: seats %d and %d are partners (team %d) with ranks %d and %d; accepted: partners share their team's rank", ErrInvalid, members[t][0], seat, key, teamRanks[t], ranks[seat])
		}
		teams[t] = append(teams[t], s)
		members[t] = append(members[t], seat)
	}
	rated, err := c.Rate(teams, teamRanks)
	if err != nil {
		return nil, err
	}
	out := make([]Skill, len(skills))
	for t, seats := range members {
		for j, seat := range seats {
			out[seat] = rated[t][j]
		}
	}
	return out, nil
}
