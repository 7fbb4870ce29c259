package club

import (
	"context"
	"errors"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/rating"
	"github.com/plateau-games/plateau/record"
	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/site"
	"github.com/plateau-games/plateau/store"
)

// A rated game (from the lobby) changes its players' Glicko-2 ratings in
// its variant when it ends with a winner or a draw; a game of three or
// four players changes OpenSkill ratings instead (openskill.go). The store
// rates a game once, whichever server finished it.

// ratings rates the finished games (Glicko-2) and shows the players'
// ratings on game pages, challenges and the leaderboard.
type ratings struct {
	*site.Env
	cfg Config
}

// variantKey names a variant in the ratings: the rules id and the
// resolved options ("pogo", "empire players=2").
func variantKey(gameID, options string) string {
	if options == "" {
		return gameID
	}
	return gameID + " " + options
}

// gameScores gives each seat's score in a finished game: 1 for a winner,
// 0 for a loser, 1/2 each for a draw; ok false for an end without a
// result to rate ("over": abandoned, no winner).
func gameScores(result string, players int) ([]float64, bool) {
	res, err := record.ParseResult(result)
	if err != nil {
		return nil, false
	}
	scores := make([]float64, players)
	switch res.Status {
	case game.Draw:
		for i := range scores {
			scores[i] = 0.5
		}
	case game.Win:
		for _, w := range res.Winners {
			if w < players {
				scores[w] = 1
			}
		}
	default:
		return nil, false
	}
	return scores, true
}

// glickoUpdate rates one game: each player's period is the game against
// every opponent (a player of another team), all from the ratings before
// the game.
func glickoUpdate(teams []int, scores []float64) store.RatingUpdate {
	return func(current []store.Rating) ([]store.Rating, error) {
		cfg := rating.DefaultConfig()
		out := make([]store.Rating, len(current))
		for i, me := range current {
			var results []rating.Result
			for j, other := range current {
				if j == i || teams[j] == teams[i] {
					continue
				}
				score := 0.5
				switch {
				case scores[i] > scores[j]:
					score = 1
				case scores[i] < scores[j]:
					score = 0
				}
				results = append(results, rating.Result{Score: score,
					Opponent: rating.Rating{Rating: other.Rating, Deviation: other.Deviation, Volatility: other.Volatility}})
			}
			next, err := cfg.Update(rating.Rating{Rating: me.Rating, Deviation: me.Deviation, Volatility: me.Volatility}, results)
			if err != nil {
				return nil, err
			}
			out[i] = me
			out[i].Rating, out[i].Deviation, out[i].Volatility = next.Rating, next.Deviation, next.Volatility
		}
		return out, nil
	}
}

// RateGame applies a finished rated game to its players' ratings and
// returns the changes; nil when the game is not rated, has a seat without
// an account, ended without a result, or was rated already (by this
// server or another).
func (rg *ratings) RateGame(ctx context.Context, g *store.Game, v *game.Variant) ([]games.RatingChange, error) {
	rs, ok := rg.cfg.Store.(store.Ratings)
	if !ok || !g.Rated || len(v.Readings()) > 0 { // another reading: never rated
		return nil, nil
	}
	if usesOpenSkill(v) {
		return rg.rateOpenSkill(ctx, rs, g, v) // openskill.go
	}
	scores, ok := gameScores(g.Result, len(g.Seats))
	if !ok {
		return nil, nil
	}
	var players []store.GameScore
	teams := make([]int, len(g.Seats))
	for i, seat := range g.Seats {
		if seat.User == "" {
			return nil, nil
		}
		players = append(players, store.GameScore{User: seat.User, Score: scores[i]})
		teams[i] = v.Team(i)
	}
	def := rating.Default()
	var before []store.Rating
	update := glickoUpdate(teams, scores)
	stored, err := rs.RateGame(ctx, g.ID, variantKey(g.GameID, g.Options), rg.Now(), players,
		store.Rating{Rating: def.Rating, Deviation: def.Deviation, Volatility: def.Volatility},
		func(current []store.Rating) ([]store.Rating, error) {
			before = append([]store.Rating(nil), current...)
			return update(current)
		})
	if errors.Is(err, store.ErrConflict) {
		return nil, nil // rated already
	}
	if err != nil {
		return nil, err
	}
	changes := make([]games.RatingChange, len(stored))
	for i := range stored {
		changes[i] = games.RatingChange{Seat: i, User: stored[i].User, Before: before[i].Rating, After: stored[i].Rating}
	}
	return changes, nil
}

// PastRatingChanges finds the rating changes a finished rated game made:
// each player's history point of the game and the point before it (or the
// default rating before a first game). Nil when the game was not rated
// (no point) or the store keeps no ratings.
func (rg *ratings) PastRatingChanges(ctx context.Context, g *store.Game) []games.RatingChange {
	rs, ok := rg.cfg.Store.(store.Ratings)
	if !ok {
		return nil
	}
	key := variantKey(g.GameID, g.Options)
	var changes []games.RatingChange
	for i, seat := range g.Seats {
		if seat.User == "" {
			return nil
		}
		points, err := rs.RatingHistory(ctx, seat.User, key, 0)
		if err != nil {
			return nil
		}
		at := -1
		for j, pt := range points {
			if pt.Game == g.ID {
				at = j
			}
		}
		if at < 0 {
			return nil
		}
		before := rating.Default().Rating
		if at > 0 {
			before = points[at-1].Rating
		}
		changes = append(changes, games.RatingChange{Seat: i, User: seat.User, Before: before, After: points[at].Rating})
	}
	return changes
}
