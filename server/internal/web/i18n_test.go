package web

import (
	"strings"
	"testing"
)

// The browser's preferences, weighed as RFC 9110 says: quality values
// first, then the order; regional tags count for their language.
func TestAcceptedLang(t *testing.T) {
	for header, want := range map[string]string{
		"":                                   "en",
		"fr":                                 "fr",
		"fr-CA,fr;q=0.9,en;q=0.8":            "fr",
		"en-GB,en;q=0.9":                     "en",
		"de-DE,de;q=0.9,fr;q=0.8,en;q=0.7":   "fr",
		"en;q=0.1, fr;q=0.9":                 "fr",
		"de, ja":                             "en",
		"*":                                  "en",
		"fr;q=0":                             "en",
		"not a header ;;; q=":                "en",
		strings.Repeat("fr-FR,", 200) + "fr": "en", // over the bound: not parsed
	} {
		if got := acceptedLang(header); got != want {
			t.Errorf("Accept-Language %.40q: %s, want %s", header, got, want)
		}
	}
}
