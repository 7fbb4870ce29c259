package docs

import (
	"strings"
	"testing"
	"testing/fstest"
)

func TestRulesFromFS(t *testing.T) {
	fsys := fstest.MapFS{
		"rules/both.md":    {Data: []byte("English")},
		"rules/both.fr.md": {Data: []byte("Français")},
		"rules/enonly.md":  {Data: []byte("Only English")},
	}
	for _, tc := range []struct{ id, lang, want, err string }{
		{"both", "en", "English", ""},
		{"both", "", "English", ""},
		{"both", "fr", "Français", ""},
		{"BOTH", "FR", "Français", ""},
		{"enonly", "fr", frenchFallbackNote + "Only English", ""},
		{"missing", "en", "", `no rules page for "missing"`},
		{"missing", "fr", "", `no rules page for "missing"`},
		{"both", "de", "", `no language "de"`},
		{"../both", "en", "", "is not a game id"},
		{"both.fr", "en", "", "is not a game id"},
		{"", "en", "", "is not a game id"},
	} {
		got, err := rulesFrom(fsys, tc.id, tc.lang)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("rulesFrom(%q, %q): error %v, want %q", tc.id, tc.lang, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("rulesFrom(%q, %q) = %q, %v; want %q", tc.id, tc.lang, got, err, tc.want)
		}
	}
}

// TestEmbeddedPages checks that every embedded page can be read, in both
// languages, through the public function.
func TestEmbeddedPages(t *testing.T) {
	entries, err := rulesFS.ReadDir("rules")
	if err != nil || len(entries) == 0 {
		t.Fatalf("no embedded rules pages: %v", err)
	}
	for _, e := range entries {
		name := strings.TrimSuffix(e.Name(), ".md")
		if strings.HasSuffix(name, ".fr") {
			continue
		}
		for _, lang := range []string{"en", "fr"} {
			if page, err := Rules(name, lang); err != nil || strings.TrimSpace(page) == "" {
				t.Errorf("Rules(%q, %q): %v", name, lang, err)
			}
		}
	}
	if page, err := Rules("pogo", "fr"); err != nil || strings.HasPrefix(page, frenchFallbackNote) {
		t.Errorf("the French POGO page is missing: %v", err)
	}
}
