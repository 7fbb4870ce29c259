package game

import (
	"errors"
	"fmt"
	"strings"
)

// Error is an error written in both languages of the interface: Error
// gives the English text, ErrorIn the text in a language. Its arguments
// that are errors or Texts are given in the same language, so that a
// message built from others (an option error inside a variant error) reads
// in one language throughout.
type Error struct {
	Msg  Text  // fmt formats in English and French, with the same arguments
	Args []any // the arguments of Msg
}

// Errorf builds an Error. The formats take the same arguments in the same
// order; use %v or %s for an error argument (it is localized), never %w:
// the errors among args are those Unwrap returns.
func Errorf(msg Text, args ...any) error {
	return &Error{Msg: msg, Args: args}
}

// Error is the English text.
func (e *Error) Error() string { return e.ErrorIn("en") }

// ErrorIn is the text in lang ("en" or "fr").
func (e *Error) ErrorIn(lang string) string { return e.errorIn(lang, nil) }

func (e *Error) errorIn(lang string, translate Translator) string {
	args := make([]any, len(e.Args))
	for i, a := range e.Args {
		switch x := a.(type) {
		case error:
			args[i] = errorText(x, lang, translate)
		case Text:
			args[i] = x.In(lang)
		default:
			args[i] = a
		}
	}
	return fmt.Sprintf(e.Msg.In(lang), args...)
}

// Unwrap gives the errors among the arguments, for errors.Is and errors.As.
func (e *Error) Unwrap() []error {
	var errs []error
	for _, a := range e.Args {
		if err, ok := a.(error); ok {
			errs = append(errs, err)
		}
	}
	return errs
}

// A Translator gives the text in lang of an error that does not know its
// languages (one of a library: a file error, a flag error), or false when
// it has none.
type Translator func(err error, lang string) (string, bool)

// ErrorText gives the text of err in lang ("en" or "fr"). An error that
// knows its languages (an ErrorIn method, as Error has) gives its own; an
// error wrapping others (fmt.Errorf with %w) gets the wrapped texts
// replaced by theirs in lang, its own words staying as they are (they
// should be a name, a file or an input, the same in every language); any
// other error gives its Error text.
func ErrorText(err error, lang string) string { return errorText(err, lang, nil) }

// ErrorTextWith is ErrorText where translate gives the text of the errors,
// at any depth, that do not know their languages.
func ErrorTextWith(err error, lang string, translate Translator) string {
	return errorText(err, lang, translate)
}

func errorText(err error, lang string, translate Translator) string {
	if err == nil {
		return ""
	}
	if e, ok := err.(*Error); ok {
		return e.errorIn(lang, translate)
	}
	if l, ok := err.(interface{ ErrorIn(lang string) string }); ok {
		return l.ErrorIn(lang)
	}
	text := err.Error()
	if !strings.EqualFold(lang, "fr") {
		return text
	}
	if translate != nil {
		if t, ok := translate(err, lang); ok {
			return t
		}
	}
	var inner []error
	switch u := err.(type) {
	case interface{ Unwrap() error }:
		if e := u.Unwrap(); e != nil {
			inner = []error{e}
		}
	case interface{ Unwrap() []error }:
		inner = u.Unwrap()
	}
	for _, e := range inner {
		en := e.Error()
		if en == "" {
			continue
		}
		if i := strings.LastIndex(text, en); i >= 0 {
			text = text[:i] + errorText(e, lang, translate) + text[i+len(en):]
		}
	}
	return text
}

// IsLocalized reports whether err, or an error it wraps, knows its
// languages (an ErrorIn method, as Error has).
func IsLocalized(err error) bool {
	var l interface{ ErrorIn(lang string) string }
	return errors.As(err, &l)
}
