package render

import (
	"fmt"

	"github.com/plateau-games/plateau/game"
)

// MoveInWords is DescribeMove where it says more than the notation (a
// count of pieces, a piece brought in, segments taken), and "" where it
// would only say "Play NOTATION": a list of moves already shows the
// notation beside the player's name.
func MoveInWords(v *game.Variant, notation, lang string) string {
	s := DescribeMove(v, notation, lang)
	if s == fmt.Sprintf(moveWords["play"].In(lang), notation) {
		return ""
	}
	return s
}
