package plural

import "testing"

// The forms CLDR gives English and French: French counts 0 and 1 (and
// 1.5, which a count never is) as one, English only 1.
func TestForm(t *testing.T) {
	for _, c := range []struct {
		lang string
		n    int
		want string
	}{
		{"en", 0, "other"}, {"en", 1, "one"}, {"en", 2, "other"}, {"en", 21, "other"},
		{"fr", 0, "one"}, {"fr", 1, "one"}, {"fr", 2, "other"}, {"fr", 1000000, "other"},
		{"de", 1, "one"}, {"", 0, "other"},
	} {
		if got := Form(c.lang, c.n, "one", "other"); got != c.want {
			t.Errorf("Form(%q, %d) = %s, want %s", c.lang, c.n, got, c.want)
		}
	}
	// The texts come back untouched, template delimiters and verbs included.
	if got := Form("en", 2, "%d {{x}}", "%d {{.Count}} seats"); got != "%d {{.Count}} seats" {
		t.Errorf("the text was changed: %q", got)
	}
}
