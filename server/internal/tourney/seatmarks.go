package tourney

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/store"
)

// seatMarks are the crosstable's marks of the two seats of t's variant
// in lang, with the seats' names: the initials of the names the game
// gives its seats ("C"/"F" for Clair/Foncé, "SO"/"NE" for
// Sud-Ouest/Nord-Est), so that a French page does not say "w" and "b";
// the seat numbers "1"/"2" when the initials would be the same.
func seatMarks(t *store.Tournament, lang string) (marks, names [2]string) {
	names = [2]string{"1", "2"}
	g, err := game.Lookup(t.GameID)
	if err == nil {
		opts, err2 := game.ParseOptions(t.Options)
		if err2 == nil {
			if v, err3 := g.Variant(opts); err3 == nil && v.Players == 2 {
				names = [2]string{v.SeatName(0, lang), v.SeatName(1, lang)}
			}
		}
	}
	marks = [2]string{initials(names[0]), initials(names[1])}
	if marks[0] == "" || marks[0] == marks[1] {
		marks = [2]string{"1", "2"}
	}
	return marks, names
}

// initials are the capital first letters of the words of a seat's name
// ("Sud-Ouest" → "SO"), at most three.
func initials(name string) string {
	var b strings.Builder
	n := 0
	for _, w := range strings.FieldsFunc(name, func(r rune) bool { return r == '-' || r == ' ' }) {
		r := []rune(w)[0]
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			continue
		}
		b.WriteRune(unicode.ToUpper(r))
		if n++; n == 3 {
			break
		}
	}
	if b.Len() == 0 {
		return ""
	}
	if _, err := strconv.Atoi(b.String()); err == nil {
		return "" // "player 1": the numbers say it better
	}
	return b.String()
}
