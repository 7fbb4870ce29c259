// Package web is the site's shell: the layout and page templates, the
// static files, the interface strings in English and French and the
// choice of language, and the helpers every feature's pages share
// (rendering a page or an error, pictures of positions, clean user text,
// words for counts). It knows no feature: features register their strings
// and use the shell.
package web

import (
	"net/http"
	"strings"
	"time"

	"golang.org/x/text/language"

	"github.com/plateau-games/plateau/game"
)

// LangCookie remembers the language chosen with ?lang=.
const LangCookie = "plateau_lang"

// PickLang chooses the page language: ?lang= (remembered in a cookie), then
// the cookie, then the browser's Accept-Language, then English.
func PickLang(w http.ResponseWriter, r *http.Request) string {
	if l := NormLang(r.URL.Query().Get("lang")); l != "" {
		http.SetCookie(w, &http.Cookie{Name: LangCookie, Value: l, Path: "/",
			MaxAge: int((365 * 24 * time.Hour).Seconds()), SameSite: http.SameSiteLaxMode})
		return l
	}
	if c, err := r.Cookie(LangCookie); err == nil {
		if l := NormLang(c.Value); l != "" {
			return l
		}
	}
	return acceptedLang(r.Header.Get("Accept-Language"))
}

// spoken are the languages of the site, in the order of langMatcher's.
var (
	spoken      = []string{"en", "fr"}
	langMatcher = language.NewMatcher([]language.Tag{language.English, language.French})
)

// acceptedLang is the language of the site an Accept-Language header
// prefers (quality values and regional tags weighed by
// golang.org/x/text/language's matcher), English when it names neither or
// does not parse.
func acceptedLang(header string) string {
	if header == "" || len(header) > maxAcceptLanguage {
		return "en"
	}
	tags, _, err := language.ParseAcceptLanguage(header)
	if err != nil || len(tags) == 0 {
		return "en"
	}
	_, i, conf := langMatcher.Match(tags...)
	if conf == language.No {
		return "en"
	}
	return spoken[i]
}

// maxAcceptLanguage bounds the header read: browsers send a few dozen
// bytes; a longer one is not worth parsing.
const maxAcceptLanguage = 512

// NormLang is the language a tag names, "fr" or "en", or "" for one the
// site does not speak.
func NormLang(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	switch {
	case s == "fr" || strings.HasPrefix(s, "fr-"):
		return "fr"
	case s == "en" || strings.HasPrefix(s, "en-"):
		return "en"
	}
	return ""
}

// T translates key into lang; an unknown key shows itself, so that a
// missing string is visible rather than blank.
func T(lang, key string) string {
	m, ok := messages[key]
	if !ok {
		return key
	}
	if lang == "fr" {
		return m[1]
	}
	return m[0]
}

// Has says whether key has a text.
func Has(key string) bool {
	_, ok := messages[key]
	return ok
}

// Register adds a feature's interface strings (English, French) to the
// shell's; each feature registers its own from an init function. A key
// registered twice is a programming error, caught when the program starts.
func Register(m map[string][2]string) {
	for k, v := range m {
		if _, dup := messages[k]; dup {
			panic("web: message " + k + " registered twice")
		}
		messages[k] = v
	}
}

// jsKeys are the strings of the game page's script, which the features
// register (RegisterJS).
var jsKeys []string

// RegisterJS adds keys to the strings the game page's script gets.
func RegisterJS(keys ...string) {
	jsKeys = append(jsKeys, keys...)
}

// JSMessages are the strings the game page's script uses.
func JSMessages(lang string) map[string]string {
	keys := jsKeys
	out := make(map[string]string, len(keys))
	for _, k := range keys {
		out[k] = T(lang, k)
	}
	// End reasons come from the rules engines in English.
	for en, text := range game.ReasonTexts(lang) {
		out["reason:"+en] = text
	}
	return out
}

// All is every interface string by key (a copy), for the checks that
// every text has its French.
func All() map[string][2]string {
	out := make(map[string][2]string, len(messages))
	for k, v := range messages {
		out[k] = v
	}
	return out
}
