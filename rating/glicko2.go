package rating

import (
	"errors"
	"fmt"
	"math"
)

// Constants of the Glicko-2 system. The step numbers below refer to
// Glickman's "Example of the Glicko-2 system".
const (
	// Scale converts between the Glicko scale and the Glicko-2 scale
	// (step 2): μ = (r − 1500)/Scale, φ = RD/Scale.
	Scale = 173.7178

	// DefaultRating, DefaultDeviation and DefaultVolatility are the values
	// Glickman gives to an unrated player (step 1).
	DefaultRating     = 1500.0
	DefaultDeviation  = 350.0
	DefaultVolatility = 0.06

	// DefaultTau is the system constant used by DefaultConfig. Glickman
	// suggests values between 0.3 and 1.2; smaller values keep volatility
	// from changing much after improbable results.
	DefaultTau = 0.5

	// DefaultMinDeviation and DefaultMaxDeviation are the clamps used when
	// Config leaves MinDeviation or MaxDeviation at 0.
	DefaultMinDeviation = 30.0
	DefaultMaxDeviation = DefaultDeviation

	// MaxResults bounds the results of one call to Update, so that a
	// caller cannot make one update take unbounded time and memory. A
	// rating period with more games than this is not a period Glicko-2
	// was designed for anyway (Glickman suggests 10–15 games per period).
	MaxResults = 10000

	// Epsilon is the convergence tolerance of the volatility iteration
	// (step 5).
	Epsilon = 0.000001

	// MaxIterations bounds each loop of the volatility iteration (step
	// 5). The Illinois algorithm converges in a handful of iterations on
	// any realistic input; this bound only stops pathological inputs from
	// looping for ever.
	MaxIterations = 100
)

// Errors returned by Update, wrapped with the details; test for them with
// errors.Is.
var (
	// ErrInvalid reports an input Update does not accept.
	ErrInvalid = errors.New("rating: invalid input")
	// ErrNumeric reports inputs so extreme that float64 cannot carry the
	// computation, or a volatility iteration that did not converge.
	ErrNumeric = errors.New("rating: computation failed")
)

// Rating is one player's Glicko-2 rating on the Glicko scale (the scale
// of 1500 and 350), which is what players are shown and what is stored.
type Rating struct {
	// Rating is the strength estimate r.
	Rating float64
	// Deviation is the rating deviation RD: the uncertainty of Rating.
	Deviation float64
	// Volatility is σ: how erratic the player's performances are.
	Volatility float64
}

// Default returns the rating of an unrated player: 1500 / 350 / 0.06.
func Default() Rating {
	return Rating{Rating: DefaultRating, Deviation: DefaultDeviation, Volatility: DefaultVolatility}
}

// Interval returns the 95% confidence interval of the rating,
// Rating ± 1.96·Deviation, which is the honest way to show a rating.
func (r Rating) Interval() (lo, hi float64) {
	return r.Rating - 1.96*r.Deviation, r.Rating + 1.96*r.Deviation
}

// Result is one game of a rating period against an opponent, whose
// rating is the one from before the period (Glickman's step 2 uses the
// opponents' pre-period ratings).
type Result struct {
	Opponent Rating
	// Score is 1 for a win, 0.5 for a draw and 0 for a loss.
	Score float64
}

// Config holds the parameters of the system. The zero Config is not
// usable because Tau has no safe zero; start from DefaultConfig.
type Config struct {
	// Tau is the system constant τ, which constrains the change of
	// volatility over time. It must be positive and finite.
	Tau float64
	// MinDeviation and MaxDeviation clamp the deviation after an update,
	// on the Glicko scale; 0 means DefaultMinDeviation and
	// DefaultMaxDeviation. The lower clamp keeps a very active player's
	// rating able to move: with a tiny deviation, new results would
	// barely change it. The upper clamp keeps an inactive player from
	// becoming more uncertain than an unrated one.
	MinDeviation, MaxDeviation float64
}

// DefaultConfig returns Tau 0.5 with the default clamps 30 and 350.
func DefaultConfig() Config {
	return Config{Tau: DefaultTau}
}

// Update returns the rating after one rating period with these results.
//
// With no results the player did not compete: only the deviation grows,
// to sqrt(φ² + σ²) on the Glicko-2 scale (step 6 alone), as Glickman
// prescribes. The returned deviation is clamped to [MinDeviation,
// MaxDeviation]; the clamp applies to the stored deviation only, so the
// new rating is exactly Glickman's.
//
// Update never panics. It returns an error wrapping ErrInvalid when an
// input is not accepted, and one wrapping ErrNumeric when the inputs are
// valid but too extreme for float64 or the volatility iteration does not
// converge.
func (c Config) Update(r Rating, results []Result) (Rating, error) {
	minDev, maxDev, err := c.clamps()
	if err != nil {
		return Rating{}, err
	}
	if err := checkRating(-1, r); err != nil {
		return Rating{}, err
	}
	if len(results) > MaxResults {
		return Rating{}, fmt.Errorf("%w: len(results) is %d; accepted: at most MaxResults = %d results per call", ErrInvalid, len(results), MaxResults)
	}
	for i, res := range results {
		if err := checkRating(i, res.Opponent); err != nil {
			return Rating{}, err
		}
		if !(res.Score >= 0 && res.Score <= 1) { // also rejects NaN
			return Rating{}, fmt.Errorf("%w: results[%d].Score is %v; accepted: a number in [0, 1] (1 win, 0.5 draw, 0 loss)", ErrInvalid, i, res.Score)
		}
	}

	// Step 2: convert to the Glicko-2 scale.
	mu := (r.Rating - DefaultRating) / Scale
	phi := r.Deviation / Scale
	sigma := r.Volatility

	if len(results) == 0 {
		// Step 6 only: the rating and volatility stay, the deviation grows.
		phiStar := math.Sqrt(phi*phi + sigma*sigma)
		return finish(Rating{Rating: r.Rating, Deviation: phiStar * Scale, Volatility: sigma}, minDev, maxDev)
	}

	// Steps 3 and 4: the estimated variance v of the rating from the game
	// outcomes alone, and the estimated improvement Δ.
	var info, gain float64
	for _, res := range results {
		muJ := (res.Opponent.Rating - DefaultRating) / Scale
		gJ := g(res.Opponent.Deviation / Scale)
		e := expected(mu, muJ, gJ)
		info += gJ * gJ * e * (1 - e)
		gain += gJ * (res.Score - e)
	}
	if !(info > 0) || math.IsInf(info, 0) {
		return Rating{}, fmt.Errorf("%w: the expected scores of the games are 0 or 1 to float64 precision, so they carry no information; accepted: opponents within a few thousand points of the player", ErrNumeric)
	}
	v := 1 / info
	delta := v * gain
	if !finite(v, delta, delta*delta) {
		return Rating{}, fmt.Errorf("%w: the variance v = %v or improvement Δ = %v overflows float64; accepted: opponents within a few thousand points of the player", ErrNumeric, v, delta)
	}

	// Step 5: the new volatility.
	sigmaNew, err := volatility(phi, sigma, v, delta, c.Tau)
	if err != nil {
		return Rating{}, err
	}

	// Step 6: pre-period deviation with the new volatility.
	phiStar := math.Sqrt(phi*phi + sigmaNew*sigmaNew)

	// Step 7: the new deviation and rating.
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*gain

	// Step 8: back to the Glicko scale.
	return finish(Rating{Rating: Scale*muNew + DefaultRating, Deviation: Scale * phiNew, Volatility: sigmaNew}, minDev, maxDev)
}

// Expected returns the expected score of r against opp, Glickman's
// E(μ, μj, φj): it discounts the rating difference by g of the opponent's
// deviation, because an uncertain opponent makes the outcome less
// predictable. Equal ratings give 0.5. Expected does not validate; NaN
// fields give NaN.
func Expected(r, opp Rating) float64 {
	return expected((r.Rating-DefaultRating)/Scale, (opp.Rating-DefaultRating)/Scale, g(opp.Deviation/Scale))
}

// g is Glickman's g(φ) = 1/sqrt(1 + 3φ²/π²).
func g(phi float64) float64 {
	return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi))
}

// expected is Glickman's E(μ, μj, φj) given gJ = g(φj).
func expected(mu, muJ, gJ float64) float64 {
	return 1 / (1 + math.Exp(-gJ*(mu-muJ)))
}

// volatility is step 5: it solves f(x) = 0 for x = ln(σ'²) with the
// Illinois algorithm, Glickman's procedure, with each loop bounded.
func volatility(phi, sigma, v, delta, tau float64) (float64, error) {
	a := math.Log(sigma * sigma)
	phi2, delta2 := phi*phi, delta*delta
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi2 + v + ex
		return ex*(delta2-phi2-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	fail := func(what string) (float64, error) {
		return 0, fmt.Errorf("%w: the volatility iteration %s (Volatility %v, Tau %v); accepted: volatilities and deviations of realistic size, such as Volatility below 1", ErrNumeric, what, sigma, tau)
	}
	if !finite(a) {
		return fail("cannot start from ln(σ²)")
	}

	// Step 5.2: bracket the root between A and B.
	A := a
	var B float64
	if delta2 > phi2+v {
		B = math.Log(delta2 - phi2 - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 {
			if k >= MaxIterations {
				return fail("found no bracket in MaxIterations steps")
			}
			k++
		}
		B = a - k*tau
	}

	// Steps 5.3 and 5.4: Illinois iteration.
	fA, fB := f(A), f(B)
	if !finite(B, fA, fB) {
		return fail("left float64 range")
	}
	for i := 0; math.Abs(B-A) > Epsilon; i++ {
		if i >= MaxIterations {
			return fail("did not converge in MaxIterations steps")
		}
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if !finite(C, fC) {
			return fail("left float64 range")
		}
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}

	// Step 5.5.
	return math.Exp(A / 2), nil
}

// clamps returns the effective deviation clamps of c, after checking c.
func (c Config) clamps() (minDev, maxDev float64, err error) {
	if !(c.Tau > 0) || math.IsInf(c.Tau, 0) {
		return 0, 0, fmt.Errorf("%w: Tau is %v; accepted: a finite number > 0 (Glickman suggests 0.3 to 1.2; DefaultConfig uses 0.5)", ErrInvalid, c.Tau)
	}
	minDev, maxDev = c.MinDeviation, c.MaxDeviation
	if !(minDev >= 0) || math.IsInf(minDev, 0) {
		return 0, 0, fmt.Errorf("%w: MinDeviation is %v; accepted: a finite number >= 0, 0 meaning %v", ErrInvalid, minDev, DefaultMinDeviation)
	}
	if !(maxDev >= 0) || math.IsInf(maxDev, 0) {
		return 0, 0, fmt.Errorf("%w: MaxDeviation is %v; accepted: a finite number >= 0, 0 meaning %v", ErrInvalid, maxDev, DefaultMaxDeviation)
	}
	if minDev == 0 {
		minDev = DefaultMinDeviation
	}
	if maxDev == 0 {
		maxDev = DefaultMaxDeviation
	}
	if minDev > maxDev {
		return 0, 0, fmt.Errorf("%w: MinDeviation %v is above MaxDeviation %v; accepted: MinDeviation <= MaxDeviation (0 means %v and %v)", ErrInvalid, minDev, maxDev, DefaultMinDeviation, DefaultMaxDeviation)
	}
	return minDev, maxDev, nil
}

// checkRating reports a rating Update cannot compute with: the player's
// if i < 0, else the opponent of results[i].
func checkRating(i int, r Rating) error {
	ok := finite(r.Rating) && r.Deviation > 0 && !math.IsInf(r.Deviation, 0) &&
		r.Volatility > 0 && !math.IsInf(r.Volatility, 0)
	if ok {
		return nil // the common case, without formatting the name
	}
	who := "player"
	if i >= 0 {
		who = fmt.Sprintf("results[%d].Opponent", i)
	}
	if !finite(r.Rating) {
		return fmt.Errorf("%w: %s Rating is %v; accepted: a finite number", ErrInvalid, who, r.Rating)
	}
	if !(r.Deviation > 0) || math.IsInf(r.Deviation, 0) {
		return fmt.Errorf("%w: %s Deviation is %v; accepted: a finite number > 0 (350 for an unrated player)", ErrInvalid, who, r.Deviation)
	}
	if !(r.Volatility > 0) || math.IsInf(r.Volatility, 0) {
		return fmt.Errorf("%w: %s Volatility is %v; accepted: a finite number > 0 (0.06 for an unrated player)", ErrInvalid, who, r.Volatility)
	}
	return nil
}

// finish clamps the deviation and makes sure that what Update returns is
// a usable rating.
func finish(r Rating, minDev, maxDev float64) (Rating, error) {
	if !finite(r.Rating, r.Deviation, r.Volatility) || !(r.Volatility > 0) {
		return Rating{}, fmt.Errorf("%w: the new rating %v / %v / %v is not finite; accepted: ratings, deviations and volatilities of realistic size", ErrNumeric, r.Rating, r.Deviation, r.Volatility)
	}
	r.Deviation = min(max(r.Deviation, minDev), maxDev)
	return r, nil
}

// finite reports whether every x is neither NaN nor infinite.
func finite(xs ...float64) bool {
	for _, x := range xs {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}
