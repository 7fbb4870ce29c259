package ai

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/plateau-games/plateau/game"
)

// This file holds the statistics of the arena: the Elo difference that a
// score stands for, its 95% interval, and the sequential probability ratio
// test that stops a match once its result is clear. They are pure functions
// of win, draw and loss counts, so that they can be checked against values
// computed by hand (stats_test.go).

// WDL counts the games of one side of a pairing: won, drawn, lost.
type WDL struct{ W, D, L int }

// N is the number of games.
func (r WDL) N() int { return r.W + r.D + r.L }

// Score is the mean result (win 1, draw 1/2, loss 0); 1/2 without games.
func (r WDL) Score() float64 {
	if r.N() == 0 {
		return 0.5
	}
	return (float64(r.W) + float64(r.D)/2) / float64(r.N())
}

// Variance is the variance of one game's result under the trinomial model:
// each game is a win, a draw or a loss with the observed frequencies.
func (r WDL) Variance() float64 {
	n := float64(r.N())
	if n == 0 {
		return 0
	}
	p := r.Score()
	return (float64(r.W)*(1-p)*(1-p) + float64(r.D)*(0.5-p)*(0.5-p) + float64(r.L)*p*p) / n
}

// Swap is the same games seen from the other side.
func (r WDL) Swap() WDL { return WDL{W: r.L, D: r.D, L: r.W} }

// Add sums two counts.
func (r WDL) Add(o WDL) WDL { return WDL{W: r.W + o.W, D: r.D + o.D, L: r.L + o.L} }

// EloFromScore is the Elo difference of the logistic model for an expected
// score p: −400·log10(1/p − 1). It is ±Inf for a score of 1 or 0.
func EloFromScore(p float64) float64 {
	switch {
	case p >= 1:
		return math.Inf(1)
	case p <= 0:
		return math.Inf(-1)
	}
	return -400 * math.Log10(1/p-1)
}

// ScoreFromElo is the expected score of the logistic model for an Elo
// difference: 1/(1 + 10^(−elo/400)).
func ScoreFromElo(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// z95 is the two-sided 95% quantile of the normal distribution.
const z95 = 1.959963984540054

// EloEstimate is an Elo difference with its 95% interval.
type EloEstimate struct {
	Elo, Low, High float64
}

// Elo estimates the Elo difference that r stands for and its 95% interval.
// The interval is taken on the score, p ± 1.96·σ/√n, with σ² the variance
// of one game's result under the trinomial model (SmoothedVariance), and
// its ends are converted to Elo: the conversion is monotonic, so the Elo
// interval has the same coverage, and it is asymmetric as Elo is. The ends
// are clamped to scores of 0 and 1, which give infinite Elo.
func Elo(r WDL) EloEstimate {
	n := float64(r.N())
	if n == 0 {
		return EloEstimate{Elo: 0, Low: math.Inf(-1), High: math.Inf(1)}
	}
	p := r.Score()
	se := math.Sqrt(r.SmoothedVariance() / n)
	return EloEstimate{
		Elo:  EloFromScore(p),
		Low:  EloFromScore(math.Max(p-z95*se, 0)),
		High: EloFromScore(math.Min(p+z95*se, 1)),
	}
}

// SmoothedVariance is Variance taken on the counts with half a game added
// to each of win, draw and loss. Without it, a side that won every game
// would have a variance of 0: an interval of width 0 around an infinite
// Elo, and an SPRT that stops after the first game. The half games are a
// weak prior that matters for a handful of games only: after 10000 games
// the Elo interval moves by less than 0.1.
func (r WDL) SmoothedVariance() float64 {
	w, d, l := float64(r.W)+0.5, float64(r.D)+0.5, float64(r.L)+0.5
	n := w + d + l
	m := (w + d/2) / n
	return (w*(1-m)*(1-m) + d*(0.5-m)*(0.5-m) + l*m*m) / n
}

// String writes the estimate as "+147 [+86, +218]".
func (e EloEstimate) String() string {
	return fmt.Sprintf("%s [%s, %s]", formatElo(e.Elo), formatElo(e.Low), formatElo(e.High))
}

func formatElo(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "+inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	return fmt.Sprintf("%+.0f", x)
}

// SPRT describes a sequential probability ratio test between the
// hypotheses H0: the Elo difference is Elo0, and H1: it is Elo1 (logistic
// Elo, as EloFromScore), with error rates Alpha (accepting H1 when H0 holds)
// and Beta (accepting H0 when H1 holds).
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
}

// ParseSPRT reads "elo0,elo1[,alpha,beta]"; alpha and beta default to 0.05.
func ParseSPRT(s string) (SPRT, error) {
	parts := strings.Split(s, ",")
	if len(parts) != 2 && len(parts) != 4 {
		return SPRT{}, game.Errorf(game.Text{EN: "SPRT %q: write elo0,elo1 or elo0,elo1,alpha,beta (e.g. 0,50 or 0,50,0.05,0.05)", FR: "SPRT %q : écrivez elo0,elo1 ou elo0,elo1,alpha,beta (par exemple 0,50 ou 0,50,0.05,0.05)"}, s)
	}
	x := make([]float64, len(parts))
	for i, p := range parts {
		v, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return SPRT{}, game.Errorf(game.Text{EN: "SPRT %q: %q is not a number", FR: "SPRT %q : %q n'est pas un nombre"}, s, strings.TrimSpace(p))
		}
		x[i] = v
	}
	t := SPRT{Elo0: x[0], Elo1: x[1], Alpha: 0.05, Beta: 0.05}
	if len(x) == 4 {
		t.Alpha, t.Beta = x[2], x[3]
	}
	if t.Elo1 <= t.Elo0 {
		return SPRT{}, game.Errorf(game.Text{EN: "SPRT %q: elo1 must be above elo0", FR: "SPRT %q : elo1 doit être plus grand que elo0"}, s)
	}
	if !(t.Alpha > 0 && t.Alpha < 0.5 && t.Beta > 0 && t.Beta < 0.5) {
		return SPRT{}, game.Errorf(game.Text{EN: "SPRT %q: alpha and beta must be between 0 and 0.5", FR: "SPRT %q : alpha et beta doivent être entre 0 et 0,5"}, s)
	}
	return t, nil
}

// Bounds are the usual (Wald) bounds of the log-likelihood ratio: H0 is
// accepted at or below ln(β/(1−α)), H1 at or above ln((1−β)/α).
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// LLR is the log-likelihood ratio of H1 against H0 after the games r, by
// the normal approximation of the generalised SPRT (the one Fishtest and
// cutechess-style tools use for trinomial results):
//
//	LLR = n·(s1 − s0)·(2·x̄ − s0 − s1) / (2·σ²)
//
// with x̄ the mean score, s0 and s1 the scores of Elo0 and Elo1, and σ² the
// trinomial variance of one game, smoothed (SmoothedVariance) so that an
// unbroken run of wins does not give an infinite ratio after one game.
func (t SPRT) LLR(r WDL) float64 {
	n := float64(r.N())
	if n == 0 {
		return 0
	}
	s0, s1 := ScoreFromElo(t.Elo0), ScoreFromElo(t.Elo1)
	return n * (s1 - s0) * (2*r.Score() - s0 - s1) / (2 * r.SmoothedVariance())
}

// Verdict is the state of an SPRT.
type Verdict int

const (
	Continue Verdict = iota // neither bound crossed
	AcceptH0                // the LLR fell to the lower bound
	AcceptH1                // the LLR rose to the upper bound
)

func (v Verdict) String() string {
	switch v {
	case AcceptH0:
		return "H0"
	case AcceptH1:
		return "H1"
	}
	return "continue"
}

// Decide compares the LLR of r with the bounds.
func (t SPRT) Decide(r WDL) Verdict {
	llr := t.LLR(r)
	lower, upper := t.Bounds()
	switch {
	case llr >= upper:
		return AcceptH1
	case llr <= lower:
		return AcceptH0
	}
	return Continue
}
