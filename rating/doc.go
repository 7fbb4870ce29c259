// Package rating computes Glicko-2 ratings exactly as Mark Glickman's
// "Example of the Glicko-2 system" (http://www.glicko.net/glicko/glicko2.pdf)
// describes them: ratings are collected into rating periods, and Update
// turns a player's rating and the results of one period into the rating
// after it.
//
// The package is pure: no I/O, no globals that change, no randomness. It
// never panics on bad input; Update reports what was wrong in an error.
//
//	cfg := rating.Config{Tau: 0.5}
//	r, err := cfg.Update(rating.Default(), []rating.Result{
//		{Opponent: rating.Rating{Rating: 1400, Deviation: 30, Volatility: 0.06}, Score: 1},
//	})
package rating
