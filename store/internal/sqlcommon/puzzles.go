package sqlcommon

import (
	"fmt"
	"math"
	"time"

	"github.com/plateau-games/plateau/store/internal/model"
)

// RatePuzzle is a RatePuzzle call checked and ready to be applied, the same
// on every backend.
type RatePuzzle struct {
	Attempt   model.PuzzleAttempt // At as stored; Rating not yet known
	Key       string              // the user's key (model.UserKey)
	DefPlayer model.PuzzleRating
	DefPuzzle model.PuzzleStanding
	Update    model.PuzzleUpdate
}

// PrepareRatePuzzle checks RatePuzzle's arguments before its transaction: a
// user, a puzzle and a game id (ids of at most model.MaxPuzzleID bytes),
// usable defaults and an update function. A zero a.At becomes now; it is
// truncated as stored.
func PrepareRatePuzzle(a model.PuzzleAttempt, defPlayer model.PuzzleRating, defPuzzle model.PuzzleStanding, update model.PuzzleUpdate) (*RatePuzzle, error) {
	switch {
	case a.User == "":
		return nil, fmt.Errorf("store: an attempt at puzzle %q without a user name", a.Puzzle)
	case a.Puzzle == "":
		return nil, fmt.Errorf("store: an attempt of %s without a puzzle id", a.User)
	case a.Game == "":
		return nil, fmt.Errorf("store: an attempt at puzzle %s without a game id", a.Puzzle)
	case len(a.Puzzle) > model.MaxPuzzleID:
		return nil, fmt.Errorf("store: a puzzle id of %d bytes, at most %d", len(a.Puzzle), model.MaxPuzzleID)
	case len(a.Game) > model.MaxPuzzleID:
		return nil, fmt.Errorf("store: a game id of %d bytes, at most %d", len(a.Game), model.MaxPuzzleID)
	case update == nil:
		return nil, fmt.Errorf("store: an attempt at puzzle %s without an update function", a.Puzzle)
	}
	if err := CheckGlicko(defPlayer.Rating, defPlayer.Deviation, defPlayer.Volatility); err != nil {
		return nil, fmt.Errorf("store: an attempt at puzzle %s: the player's defaults: %w", a.Puzzle, err)
	}
	if err := CheckGlicko(defPuzzle.Rating, defPuzzle.Deviation, defPuzzle.Volatility); err != nil {
		return nil, fmt.Errorf("store: an attempt at puzzle %s: the puzzle's defaults: %w", a.Puzzle, err)
	}
	if a.At.IsZero() {
		a.At = time.Now()
	}
	a.At = Time(a.At)
	a.Rating = 0
	return &RatePuzzle{Attempt: a, Key: model.UserKey(a.User), DefPlayer: defPlayer, DefPuzzle: defPuzzle, Update: update}, nil
}

// Unrated is the rating a player without one in the game comes with to the
// update: the defaults' values, no attempts, no time.
func (p *RatePuzzle) Unrated(name string) model.PuzzleRating {
	return model.PuzzleRating{
		User:       name,
		Game:       p.Attempt.Game,
		Rating:     p.DefPlayer.Rating,
		Deviation:  p.DefPlayer.Deviation,
		Volatility: p.DefPlayer.Volatility,
	}
}

// Unattempted is the standing of a puzzle never attempted: the defaults'
// values, no attempts.
func (p *RatePuzzle) Unattempted() model.PuzzleStanding {
	return model.PuzzleStanding{
		Puzzle:     p.Attempt.Puzzle,
		Rating:     p.DefPuzzle.Rating,
		Deviation:  p.DefPuzzle.Deviation,
		Volatility: p.DefPuzzle.Volatility,
	}
}

// Apply calls the update with the current rating and standing and returns
// what to store: the update's values, the counts of current plus this
// attempt, the player's UpdatedAt the attempt's time, and the attempt with
// the player's new rating. An error from the update is returned as it is;
// an answer that cannot be stored is an error. Nothing is to be stored
// after an error.
func (p *RatePuzzle) Apply(player model.PuzzleRating, puzzle model.PuzzleStanding) (model.PuzzleRating, model.PuzzleStanding, model.PuzzleAttempt, error) {
	a := p.Attempt
	nextPlayer, nextPuzzle, err := p.Update(player, puzzle, a.Solved)
	if err != nil {
		return model.PuzzleRating{}, model.PuzzleStanding{}, a, err
	}
	if err := CheckGlicko(nextPlayer.Rating, nextPlayer.Deviation, nextPlayer.Volatility); err != nil {
		return model.PuzzleRating{}, model.PuzzleStanding{}, a, fmt.Errorf("store: an attempt at puzzle %s: the update's rating of %s: %w", a.Puzzle, player.User, err)
	}
	if err := CheckGlicko(nextPuzzle.Rating, nextPuzzle.Deviation, nextPuzzle.Volatility); err != nil {
		return model.PuzzleRating{}, model.PuzzleStanding{}, a, fmt.Errorf("store: an attempt at puzzle %s: the update's standing of the puzzle: %w", a.Puzzle, err)
	}
	r, s := player, puzzle
	r.Rating, r.Deviation, r.Volatility = nextPlayer.Rating, nextPlayer.Deviation, nextPlayer.Volatility
	s.Rating, s.Deviation, s.Volatility = nextPuzzle.Rating, nextPuzzle.Deviation, nextPuzzle.Volatility
	r.Attempts++
	s.Attempts++
	if a.Solved {
		r.Solved++
		s.Solved++
	}
	r.UpdatedAt = a.At
	a.User = r.User // as the account spells it
	a.Rating = r.Rating
	return r, s, a, nil
}

// AttemptedTwice is the error of a second attempt of a user at a puzzle.
func (p *RatePuzzle) AttemptedTwice() error {
	return fmt.Errorf("%w: %s has already attempted puzzle %s", model.ErrConflict, p.Attempt.User, p.Attempt.Puzzle)
}

// CheckGlicko says what makes a Glicko-2 rating unfit to be stored, or nil:
// its numbers must be finite, its deviation and volatility positive (the
// rule of CheckRating too).
func CheckGlicko(rating, deviation, volatility float64) error {
	for _, v := range []float64{rating, deviation, volatility} {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("rating %v, deviation %v, volatility %v: not finite", rating, deviation, volatility)
		}
	}
	if deviation <= 0 || volatility <= 0 {
		return fmt.Errorf("deviation %v and volatility %v must be positive", deviation, volatility)
	}
	return nil
}

// AttemptsLimit is the number of attempts PuzzleAttempts returns at most:
// 0 means model.DefaultLimit, anything above model.MaxHistory
// model.MaxHistory.
func AttemptsLimit(limit int) (int, error) {
	switch {
	case limit < 0:
		return 0, fmt.Errorf("store: negative limit (%d)", limit)
	case limit == 0:
		return model.DefaultLimit, nil
	case limit > model.MaxHistory:
		return model.MaxHistory, nil
	}
	return limit, nil
}

// CheckPuzzleIDs refuses more than model.MaxPuzzleIDs ids for
// PuzzleStandings.
func CheckPuzzleIDs(ids []string) error {
	if len(ids) > model.MaxPuzzleIDs {
		return fmt.Errorf("store: standings of %d puzzles asked, at most %d at once", len(ids), model.MaxPuzzleIDs)
	}
	return nil
}
