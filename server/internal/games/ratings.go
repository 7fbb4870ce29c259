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

// SeatRatings gives each seat's rating after a rated game with its
// change ("1662 (+162)"), "" for a seat without one, for the players'
// list of the game page, which otherwise shows the ratings before it.
func SeatRatings(changes []RatingChange, seats int) []string {
	if len(changes) == 0 {
		return nil
	}
	out := make([]string, seats)
	for _, c := range changes {
		if c.Seat >= 0 && c.Seat < seats {
			out[c.Seat] = fmt.Sprintf("%.0f (%s)", c.After, signed(math.Round(c.After)-math.Round(c.Before)))
		}
	}
	return out
}

// signed writes a change with its sign, a true minus for a loss.
func signed(d float64) string {
	if d < 0 {
		return fmt.Sprintf("−%.0f", -d)
	}
	return fmt.Sprintf("+%.0f", d)
}

// RatingText puts rating changes into words: "alice 1500 → 1662 (+162),
// bob 1500 → 1338 (−162)", under a title in the page's language.
func RatingText(changes []RatingChange, lang string) string {
	if len(changes) == 0 {
		return ""
	}
	parts := make([]string, len(changes))
	for i, c := range changes {
		parts[i] = fmt.Sprintf("%s %.0f → %.0f (%s)", c.User, c.Before, c.After, signed(math.Round(c.After)-math.Round(c.Before)))
	}
	return web.T(lang, "ratingchange") + " " + strings.Join(parts, ", ")
}
