package sqlcommon

import (
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/plateau-games/plateau/store/internal/model"
)

// RateGame is a RateGame call checked and ready to be applied, the same on
// every backend.
type RateGame struct {
	Game    string
	Variant string
	At      time.Time         // as stored
	Scores  []model.GameScore // as given
	Keys    []string          // the users' keys (model.UserKey), in the order of Scores
	Def     model.Rating      // the defaults of a player without a rating
	Update  model.RatingUpdate
}

// PrepareRateGame checks RateGame's arguments before its transaction: a
// game id and a variant, at least two players, distinct regardless of
// case, scores of 1, 1/2 or 0, usable defaults and an update function. A
// zero at becomes now; it is truncated as stored.
func PrepareRateGame(game, variant string, at time.Time, scores []model.GameScore, def model.Rating, update model.RatingUpdate) (*RateGame, error) {
	switch {
	case game == "":
		return nil, errors.New("store: rating a game without an id")
	case variant == "":
		return nil, fmt.Errorf("store: rating game %s without a variant", game)
	case update == nil:
		return nil, fmt.Errorf("store: rating game %s without an update function", game)
	case len(scores) < 2:
		return nil, fmt.Errorf("store: rating game %s: %d players, at least 2 needed", game, len(scores))
	}
	if err := CheckRating(def); err != nil {
		return nil, fmt.Errorf("store: rating game %s: defaults: %w", game, err)
	}
	keys := make([]string, len(scores))
	seen := make(map[string]bool, len(scores))
	for i, sc := range scores {
		if sc.User == "" {
			return nil, fmt.Errorf("store: rating game %s: player %d without a user name", game, i)
		}
		if sc.Score != 0 && sc.Score != 0.5 && sc.Score != 1 {
			return nil, fmt.Errorf("store: rating game %s: %s scores %v, accepted: 1 (a win), 0.5 (a draw), 0 (a loss)", game, sc.User, sc.Score)
		}
		keys[i] = model.UserKey(sc.User)
		if seen[keys[i]] {
			return nil, fmt.Errorf("store: rating game %s: user %s plays twice", game, sc.User)
		}
		seen[keys[i]] = true
	}
	if at.IsZero() {
		at = time.Now()
	}
	return &RateGame{Game: game, Variant: variant, At: Time(at), Scores: scores, Keys: keys, Def: def, Update: update}, nil
}

// Unrated is the rating a player without one in the variant comes with to
// the update: the defaults' values, no games, no time.
func (g *RateGame) Unrated(name string) model.Rating {
	return model.Rating{
		User:       name,
		Variant:    g.Variant,
		Rating:     g.Def.Rating,
		Deviation:  g.Def.Deviation,
		Volatility: g.Def.Volatility,
		Mu:         g.Def.Mu,
		Sigma:      g.Def.Sigma,
	}
}

// CheckSystem refuses a stored rating of another system than the game's
// (the defaults'): a variant's ratings are all Glicko-2 or all OpenSkill.
func (g *RateGame) CheckSystem(r model.Rating) error {
	if r.OpenSkill() != g.Def.OpenSkill() {
		return fmt.Errorf("store: rating game %s: %s's rating in %s is %s, the game's is %s", g.Game, r.User, g.Variant, systemName(r), systemName(g.Def))
	}
	return nil
}

func systemName(r model.Rating) string {
	if r.OpenSkill() {
		return "OpenSkill"
	}
	return "Glicko-2"
}

// Apply calls the update with the current ratings (in the order of the
// scores) and returns the ratings to store: the update's values, the
// counts of current plus this game's result, UpdatedAt the game's time. An
// error from the update is returned as it is; an answer that cannot be
// stored is an error. Nothing is to be stored after an error.
func (g *RateGame) Apply(current []model.Rating) ([]model.Rating, error) {
	arg := make([]model.Rating, len(current)) // the update may scribble on it
	copy(arg, current)
	next, err := g.Update(arg)
	if err != nil {
		return nil, err
	}
	if len(next) != len(current) {
		return nil, fmt.Errorf("store: rating game %s: the update returned %d ratings for %d players", g.Game, len(next), len(current))
	}
	out := make([]model.Rating, len(current))
	for i, cur := range current {
		if err := CheckRating(next[i]); err != nil {
			return nil, fmt.Errorf("store: rating game %s: the update's rating of %s: %w", g.Game, cur.User, err)
		}
		if next[i].OpenSkill() != g.Def.OpenSkill() {
			return nil, fmt.Errorf("store: rating game %s: the update's rating of %s is %s, the game's is %s", g.Game, cur.User, systemName(next[i]), systemName(g.Def))
		}
		r := cur
		r.Rating, r.Deviation, r.Volatility = next[i].Rating, next[i].Deviation, next[i].Volatility
		r.Mu, r.Sigma = next[i].Mu, next[i].Sigma
		r.Games++
		switch g.Scores[i].Score {
		case 1:
			r.Wins++
		case 0.5:
			r.Draws++
		default:
			r.Losses++
		}
		r.UpdatedAt = g.At
		out[i] = r
	}
	return out, nil
}

// CheckRating says what makes a rating unfit to be stored, or nil: its
// numbers must be finite, its deviation positive; a Glicko-2 rating's
// volatility positive and Mu 0; an OpenSkill rating's (Sigma > 0)
// volatility 0.
func CheckRating(r model.Rating) error {
	if math.IsNaN(r.Mu) || math.IsInf(r.Mu, 0) || math.IsNaN(r.Sigma) || math.IsInf(r.Sigma, 0) || r.Sigma < 0 {
		return fmt.Errorf("OpenSkill μ %v, σ %v: accepted: finite numbers, σ > 0 (both 0 for a Glicko-2 rating)", r.Mu, r.Sigma)
	}
	if !r.OpenSkill() {
		if r.Mu != 0 {
			return fmt.Errorf("μ %v without σ: accepted: σ > 0 for an OpenSkill rating, both 0 for a Glicko-2 rating", r.Mu)
		}
		return CheckGlicko(r.Rating, r.Deviation, r.Volatility)
	}
	if math.IsNaN(r.Rating) || math.IsInf(r.Rating, 0) || math.IsNaN(r.Deviation) || math.IsInf(r.Deviation, 0) || !(r.Deviation > 0) {
		return fmt.Errorf("OpenSkill rating %v, deviation %v: accepted: finite numbers, deviation > 0", r.Rating, r.Deviation)
	}
	if r.Volatility != 0 {
		return fmt.Errorf("OpenSkill rating with volatility %v: accepted: 0 (only Glicko-2 has a volatility)", r.Volatility)
	}
	return nil
}

// LeaderboardPage returns the LIMIT and OFFSET of a leaderboard, with the
// default limit, and refuses a negative minimum of games.
func LeaderboardPage(minGames, limit, offset int) (int, int, error) {
	if minGames < 0 {
		return 0, 0, fmt.Errorf("store: negative minimum of games (%d)", minGames)
	}
	return Page(model.Filter{Limit: limit, Offset: offset})
}

// HistoryLimit is the number of points RatingHistory returns at most: 0 and
// anything above model.MaxHistory mean model.MaxHistory.
func HistoryLimit(limit int) (int, error) {
	if limit < 0 {
		return 0, fmt.Errorf("store: negative limit (%d)", limit)
	}
	if limit == 0 || limit > model.MaxHistory {
		return model.MaxHistory, nil
	}
	return limit, nil
}
