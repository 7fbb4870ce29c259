package web

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/plateau-games/plateau/internal/plural"
)

// isBidiControl reports the Unicode bidirectional formatting characters,
// which can make a name display as something else (U+202E turns the text
// after it around).
func isBidiControl(r rune) bool {
	switch {
	case r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069:
		return true
	case r == 0x200E, r == 0x200F, r == 0x061C:
		return true
	}
	return false
}

// CleanText makes user text fit to store and show: invalid UTF-8, control
// characters (line breaks and tabs become spaces), bidirectional controls,
// line and paragraph separators and byte order marks are removed, spaces
// are collapsed and trimmed, and the result is at most n runes.
func CleanText(s string, n int) string {
	s = strings.ToValidUTF8(s, "")
	var b strings.Builder
	space := false
	count := 0
	for _, r := range s {
		if count >= n {
			break
		}
		switch {
		case r == '\t' || r == '\n' || r == '\r' || unicode.IsSpace(r):
			space = b.Len() > 0
			continue
		case unicode.IsControl(r), isBidiControl(r), r == 0x2028, r == 0x2029, r == 0xFEFF, r == utf8.RuneError:
			continue
		}
		if space {
			b.WriteByte(' ')
			count++
			space = false
			if count >= n {
				break
			}
		}
		b.WriteRune(r)
		count++
	}
	return b.String()
}

// MaxNameRunes bounds a seat name.
const MaxNameRunes = 40

// Plural picks the singular or plural form for n by the language's CLDR
// rules (package plural, go-i18n): French counts 0 and 1 as singular ("0
// coup repris"), English only 1.
func Plural(lang string, n int, one, many string) string {
	return plural.Form(lang, n, one, many)
}

// CountWords is n with its noun in the right number: key+":one" or
// key+":many" formats n ("1 essai", "0 essai", "2 tries").
func CountWords(lang string, n int, key string) string {
	return fmt.Sprintf(plural.Form(lang, n, T(lang, key+":one"), T(lang, key+":many")), n)
}

// FormError is a mistake in what a visitor filled in (a form, a record):
// its text is shown to him.
type FormError struct{ Msg string }

func (e *FormError) Error() string { return e.Msg }
