// Package plural chooses the form of a counted phrase ("1 seat", "2
// seats"; in French "0 place", "1 place", "2 places") by the CLDR plural
// rules of each language, through go-i18n (v2): the rules come from the
// library, not from a hand-written test, so that a third language brings
// its own.
package plural

import (
	"github.com/nicksnyder/go-i18n/v2/i18n"
	"github.com/nicksnyder/go-i18n/v2/i18n/template"
	"golang.org/x/text/language"
)

// localizers holds one localizer per language the programs speak, each on
// a bundle whose default language is its own, so that a message given in
// the call (no message files) is counted by that language's rules.
var localizers = map[string]*i18n.Localizer{
	"en": i18n.NewLocalizer(i18n.NewBundle(language.English), "en"),
	"fr": i18n.NewLocalizer(i18n.NewBundle(language.French), "fr"),
}

// Form returns one or other, whichever CLDR's rules of lang ("en" or "fr";
// any other is English) use for the count n. The texts are returned as
// they are (no template is run on them): callers format the number in.
func Form(lang string, n int, one, other string) string {
	loc, ok := localizers[lang]
	if !ok {
		loc = localizers["en"]
	}
	s, err := loc.Localize(&i18n.LocalizeConfig{
		DefaultMessage: &i18n.Message{ID: "counted", One: one, Other: other},
		PluralCount:    n,
		TemplateParser: template.IdentityParser{},
	})
	if err != nil {
		return other
	}
	return s
}
