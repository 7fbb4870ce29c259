package cli

import (
	"errors"
	"testing"
)

// Cobra's messages written with "(s)" read with the right number, in
// English and French.
func TestCobraErrorsWithoutParenthesisedPlurals(t *testing.T) {
	for _, c := range []struct{ lang, in, want string }{
		{"en", `required flag(s) "agents" not set`, `required flag "agents" not set`},
		{"en", `required flag(s) "a", "b" not set`, `required flags "a", "b" not set`},
		{"en", `accepts 1 arg(s), received 2`, `accepts 1 argument, received 2`},
		{"en", `requires at least 2 arg(s), only received 1`, `requires at least 2 arguments, only received 1`},
		{"fr", `required flag(s) "agents" not set`, `il faut donner l'option "agents"`},
		{"fr", `accepts at most 1 arg(s), received 3`, `nombre d'arguments : au plus 1, et non 3`},
	} {
		if got := errorText(c.lang, errors.New(c.in)); got != c.want {
			t.Errorf("%s %q: %q, want %q", c.lang, c.in, got, c.want)
		}
	}
}
