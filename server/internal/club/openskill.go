package club

import (
	"context"
	"errors"
	"fmt"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/rating"
	"github.com/plateau-games/plateau/record"
	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/store"
)

// A rated game of three or four players (teams or not) changes its
// players' OpenSkill ratings (Weng-Lin, Plackett-Luce; package rating) in
// its variant, from each seat's place: game.Ranking of the final position,
// the result and the order in which players left. The store keeps them
// beside the Glicko-2 ratings of two-player variants, with the number
// shown (rating.Display) as their Rating, so that the player page, the
// leaderboard, the game page and the result banner show both alike.

// usesOpenSkill says whether a variant is rated with OpenSkill: three or
// more players; two-player variants (teams or not) keep Glicko-2.
func usesOpenSkill(v *game.Variant) bool { return v.Players >= 3 }

// skillRating is an OpenSkill skill as the store keeps it: the skill, the
// number shown and its uncertainty on the scale of that number.
func skillRating(s rating.Skill) store.Rating {
	return store.Rating{Mu: s.Mu, Sigma: s.Sigma, Rating: rating.Display(s), Deviation: rating.DisplayPerMu * s.Sigma}
}

// seatRanks gives each seat's place in a finished game (1 best, ties
// shared), as game.Ranking defines it, and each seat's score for the
// counts of wins, draws and losses (a winner still at the table 1, a
// player still at the table in a draw 1/2, anyone else 0). ok is false
// for a game without a result to rate ("over": aborted, abandoned).
func seatRanks(g *store.Game, v *game.Variant) (ranks []int, scores []float64, ok bool, err error) {
	res, err := record.ParseResult(g.Result)
	if err != nil || (res.Status != game.Win && res.Status != game.Draw) {
		return nil, nil, false, nil
	}
	out := game.Outcome{Status: res.Status}
	for _, w := range res.Winners {
		if w < 0 || w >= v.Players {
			return nil, nil, false, fmt.Errorf("game %s: result %q names seat %d of %d", g.ID, g.Result, w+1, v.Players)
		}
		out.Winners |= 1 << uint(w)
	}
	m, err := games.Replay(g)
	if err != nil {
		return nil, nil, false, err
	}
	if ranks = games.SeatRanks(g, m); ranks == nil {
		return nil, nil, false, fmt.Errorf("game %s: no ranking of its result %q", g.ID, g.Result)
	}
	scores = make([]float64, len(ranks))
	for i := range scores {
		switch {
		case g.Seats[i].Left > 0:
		case out.Won(i):
			scores[i] = 1
		case res.Status == game.Draw:
			scores[i] = 0.5
		}
	}
	return ranks, scores, true, nil
}

// rateOpenSkill is RateGame for a variant of three or more players: nil
// when a seat has no account, the game has no result to rate or was rated
// already.
func (rg *ratings) rateOpenSkill(ctx context.Context, rs store.Ratings, g *store.Game, v *game.Variant) ([]games.RatingChange, error) {
	if len(g.Seats) != v.Players {
		return nil, fmt.Errorf("game %s: %d seats for %d players", g.ID, len(g.Seats), v.Players)
	}
	for _, seat := range g.Seats {
		if seat.User == "" {
			return nil, nil
		}
	}
	ranks, scores, ok, err := seatRanks(g, v)
	if err != nil || !ok {
		return nil, err
	}
	var teamOf []int
	if v.Teams != nil {
		teamOf = make([]int, v.Players)
		for i := range teamOf {
			teamOf[i] = v.Team(i)
		}
	}
	players := make([]store.GameScore, len(g.Seats))
	for i, seat := range g.Seats {
		players[i] = store.GameScore{User: seat.User, Score: scores[i]}
	}
	cfg := rating.DefaultOpenSkill()
	var before []store.Rating
	stored, err := rs.RateGame(ctx, g.ID, variantKey(g.GameID, g.Options), rg.Now(), players, skillRating(cfg.New()),
		func(current []store.Rating) ([]store.Rating, error) {
			before = append([]store.Rating(nil), current...)
			skills := make([]rating.Skill, len(current))
			for i, r := range current {
				skills[i] = rating.Skill{Mu: r.Mu, Sigma: r.Sigma}
			}
			next, err := cfg.RateSeats(skills, teamOf, ranks)
			if err != nil {
				return nil, err
			}
			out := make([]store.Rating, len(next))
			for i, s := range next {
				out[i] = skillRating(s)
			}
			return out, nil
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

// leaderboardChoices are the variants the leaderboard offers: every
// variant of two to four players, as the lobby names them; of three and
// four, only the default readings (the others are never rated).
func leaderboardChoices(lang string) []lobbyChoice {
	return lobbyChoicesOf(games.VariantChoices(lang, func(v *game.Variant) bool {
		return v.Players >= 2 && !(usesOpenSkill(v) && len(v.Readings()) > 0)
	}))
}
