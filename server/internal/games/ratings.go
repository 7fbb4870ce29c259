package games

// The rating changes of a rated game, as the club makes them and live
// play shows them.

import (
	"fmt"
	"math"
	"strings"

	"github.com/plateau-games/plateau/server/internal/web"
)

// RatingChange is one seat's rating before and after a rated game.
type RatingChange struct {
	Seat          int
	User          string
	Before, After float64
}

// RatingText puts rating changes into words: "alice 1500 → 1662 (+162),
// bob 1500 → 1338 (−162)", under a title in the page's language.
func RatingText(changes []RatingChange, lang string) string {
	if len(changes) == 0 {
		return ""
	}
	parts := make([]string, len(changes))
	for i, c := range changes {
		d := math.Round(c.After) - math.Round(c.Before)
		sign := "+"
		if d < 0 {
			sign = "−"
		}
		parts[i] = fmt.Sprintf("%s %.0f → %.0f (%s%.0f)", c.User, c.Before, c.After, sign, math.Abs(d))
	}
	return web.T(lang, "ratingchange") + " " + strings.Join(parts, ", ")
}
