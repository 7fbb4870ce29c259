// Package rating computes the ratings of players: Glicko-2 for games of
// two (glicko2.go), and OpenSkill, the Weng-Lin Bayesian rating with the
// Plackett-Luce model, for games of three or four and for teams
// (openskill.go: Rate, RateSeats, and Display, the number shown; checked
// against the reference implementation, see docs/ratings.md).
//
// Glicko-2 ratings are computed exactly as Mark Glickman's
// "Example of the Glicko-2 system" (http://www.glicko.net/glicko/glicko2.pdf)
// describes them: ratings are collected into rating periods, and Update
// turns a player's rating and the results of one period into the rating
// after it.
//
// His example (1500 ± 200, volatility 0.06; a win against 1400 ± 30 and
// losses against 1550 ± 100 and 1700 ± 300) comes out at 1464.0507 ±
// 151.5165, volatility 0.059996: his 1464.06 and 151.52 are computed
// from the Glicko-2 scale values rounded to four places (μ' = −0.2069,
// φ' = 0.8722), which these round to.
//
// The package is pure: no I/O, no globals that change, no randomness. It
// never panics on bad input; Update reports what was wrong in an error.
//
//	cfg := rating.Config{Tau: 0.5}
//	r, err := cfg.Update(rating.Default(), []rating.Result{
//		{Opponent: rating.Rating{Rating: 1400, Deviation: 30, Volatility: 0.06}, Score: 1},
//	})
package rating
