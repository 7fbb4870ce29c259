package ai

import (
	"strings"
	"sync"

	"github.com/plateau-games/plateau/game"
)

// Rewards is what a finished game is worth to each seat, from 0 (the worst)
// to 1 (the best): a win 1, a draw 1/2, a loss 0. Partners share their
// team's result, because Outcome.Winners already names every partner.
//
// A game that ends Over, without winners, is judged by its scores (the
// number of pieces left in Solitaire, ...). Whether a score is better high
// or low is not part of the rules API, so ai keeps it in a table keyed by
// game id (RegisterScoreRule); see scoreReward for games not in it.
func Rewards(v *game.Variant, o game.Outcome) [game.MaxPlayers]float64 {
	var r [game.MaxPlayers]float64
	switch o.Status {
	case game.Win:
		for seat := 0; seat < v.Players; seat++ {
			if o.Won(seat) {
				r[seat] = 1
			}
		}
	case game.Over:
		rule, known := lookupScoreRule(v.Game.ID)
		for seat := 0; seat < v.Players; seat++ {
			r[seat] = scoreReward(v, o, seat, rule, known)
		}
	default: // a draw, or an unfinished game counted as one
		for seat := 0; seat < v.Players; seat++ {
			r[seat] = 0.5
		}
	}
	return r
}

// ScoreRule tells how the scores of a game that ends without winners turn
// into rewards: Best scores 1, Worst 0, and scores between them in
// proportion (beyond them, 1 or 0).
type ScoreRule struct {
	Best, Worst int
}

var (
	scoreRulesMu sync.RWMutex
	// scoreRules is keyed by game id. Solitaire: 36 pieces at the start,
	// and one left is the perfect finish; lower is better.
	scoreRules = map[string]ScoreRule{
		"solitaire": {Best: 1, Worst: 36},
	}
)

// RegisterScoreRule sets how the scores of the game id are judged when it
// ends without winners.
func RegisterScoreRule(id string, rule ScoreRule) {
	scoreRulesMu.Lock()
	defer scoreRulesMu.Unlock()
	scoreRules[strings.ToLower(id)] = rule
}

func lookupScoreRule(id string) (ScoreRule, bool) {
	scoreRulesMu.RLock()
	defer scoreRulesMu.RUnlock()
	rule, ok := scoreRules[id]
	return rule, ok
}

// scoreReward is the reward of seat in a game that ended Over. With a rule,
// the score is placed between Worst and Best. Without one, higher scores are
// taken as better: with several players a seat's reward is the share of the
// other seats it outscores (ties count half); a lone player without a rule
// gets 1/2 whatever the score, since nothing says which way is better.
func scoreReward(v *game.Variant, o game.Outcome, seat int, rule ScoreRule, known bool) float64 {
	if known {
		if rule.Best == rule.Worst {
			return 0.5
		}
		x := float64(o.Scores[seat]-rule.Worst) / float64(rule.Best-rule.Worst)
		return min(1, max(0, x))
	}
	if v.Players < 2 {
		return 0.5
	}
	var beaten float64
	for other := 0; other < v.Players; other++ {
		switch {
		case other == seat:
		case o.Scores[seat] > o.Scores[other]:
			beaten++
		case o.Scores[seat] == o.Scores[other]:
			beaten += 0.5
		}
	}
	return beaten / float64(v.Players-1)
}
