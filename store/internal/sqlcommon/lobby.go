package sqlcommon

import (
	"fmt"
	"time"

	"github.com/plateau-games/plateau/store/internal/model"
)

// PrepareChallenge checks a new challenge and fills in its defaults, as
// stored: status open, a zero CreatedAt now, times truncated.
func PrepareChallenge(c *model.Challenge) error {
	if err := model.CheckChallenge(c); err != nil {
		return err
	}
	if c.CreatedAt.IsZero() {
		c.CreatedAt = time.Now()
	}
	c.CreatedAt, c.ExpiresAt = Time(c.CreatedAt), Time(c.ExpiresAt)
	if !c.ExpiresAt.After(c.CreatedAt) {
		return fmt.Errorf("store: challenge %s expires (%v) before it begins (%v)", c.ID, c.ExpiresAt, c.CreatedAt)
	}
	c.Status, c.Game, c.AcceptedBy = model.ChallengeOpen, "", ""
	return nil
}

// Acceptable is the verdict on user accepting a challenge, from what is
// stored (keys, not display names) inside the accepting transaction.
func Acceptable(id, status, creatorKey, targetKey, user string, expires, now time.Time) error {
	key := model.UserKey(user)
	switch {
	case status != model.ChallengeOpen:
		return fmt.Errorf("%w: challenge %s is %s", model.ErrConflict, id, status)
	case !expires.After(Time(now)):
		return fmt.Errorf("%w: challenge %s has expired", model.ErrConflict, id)
	case key == creatorKey:
		return fmt.Errorf("%w: %s cannot accept his own challenge", model.ErrConflict, user)
	case targetKey != "" && key != targetKey:
		return fmt.Errorf("%w: challenge %s is for another player", model.ErrConflict, id)
	}
	return nil
}

// Cancellable is the verdict on user cancelling a challenge.
func Cancellable(id, status, creatorKey, user string) error {
	switch {
	case model.UserKey(user) != creatorKey:
		return fmt.Errorf("%w: only its creator may cancel challenge %s", model.ErrConflict, id)
	case status != model.ChallengeOpen:
		return fmt.Errorf("%w: challenge %s is %s", model.ErrConflict, id, status)
	}
	return nil
}
