package cli

import (
	"strings"
	"testing"

	xansi "github.com/charmbracelet/x/ansi"
	"github.com/mattn/go-runewidth"

	"github.com/plateau-games/plateau/docs"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/render"
)

// pogoStart is the start position text of POGO, one of the example
// positions of its rules page.
const pogoStart = "DD,DD,DD/-,-,-/LL,LL,LL L 0"

func TestRulesMarkdown(t *testing.T) {
	for _, lang := range []string{"en", "fr"} {
		page, err := docs.Rules("pogo", lang)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasSuffix(page, "\n") {
			page += "\n"
		}
		// --markdown, and anything that is not a terminal (a pipe, a
		// file, this buffer): the page as it is written.
		for _, args := range [][]string{{"rules", "pogo", "--markdown"}, {"rules", "pogo"}} {
			args = append(args, "--lang", lang)
			if out := mustRun(t, "", args...); out != page {
				t.Errorf("plateau %s did not print the page unchanged:\n%s", strings.Join(args, " "), out)
			}
		}
	}
}

func TestRulesStyleFlags(t *testing.T) {
	if _, err := run(t, "", "rules", "pogo", "--style", "pink"); err == nil || !strings.Contains(err.Error(), "--style") {
		t.Errorf("--style pink: %v", err)
	}
	if _, err := run(t, "", "rules", "pogo", "--markdown", "--style", "dark"); err == nil || !strings.Contains(err.Error(), "--markdown") {
		t.Errorf("--markdown --style dark: %v", err)
	}
	// A style named lays the page out also in a pipe; notty without any
	// escape sequence.
	out := mustRun(t, "", "rules", "pogo", "--style", "notty")
	if strings.Contains(out, "\x1b") || strings.Contains(out, "```") || !strings.Contains(out, "# POGO") {
		t.Errorf("--style notty printed:\n%s", out)
	}
	out = mustRun(t, "", "rules", "pogo", "--style", "dark")
	if !strings.Contains(out, "\x1b[") || strings.Contains(xansi.Strip(out), "```") {
		t.Errorf("--style dark printed no styled page:\n%s", out)
	}
}

// checkLaidOut checks a page laid out by renderRules: no Markdown fences,
// no bold markers, no line wider than width.
func checkLaidOut(t *testing.T, name, out string, width int) {
	t.Helper()
	plain := xansi.Strip(out)
	if strings.Contains(plain, "```") {
		t.Errorf("%s: a code fence is left:\n%s", name, plain)
	}
	if strings.Contains(plain, "**") {
		t.Errorf("%s: a ** marker is left:\n%s", name, plain)
	}
	for _, l := range strings.Split(plain, "\n") {
		if w := runewidth.StringWidth(l); w > width {
			t.Errorf("%s: a line of %d columns, more than %d:\n%q", name, w, width, l)
		}
	}
}

func TestRulesLaidOut(t *testing.T) {
	g, err := game.Lookup("pogo")
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"en", "fr"} {
		page, err := docs.Rules("pogo", lang)
		if err != nil {
			t.Fatal(err)
		}
		for _, style := range []string{styleDark, styleLight} {
			out, err := renderRules(page, g, lang, style, 80)
			if err != nil {
				t.Fatal(err)
			}
			checkLaidOut(t, "pogo "+lang+" "+style, out, 80)
			plain := xansi.Strip(out)
			// The page of that language: its first heading.
			heading := strings.TrimPrefix(strings.SplitN(page, "\n", 2)[0], "# ")
			if !strings.Contains(plain, heading) {
				t.Errorf("%s %s: no %q:\n%s", lang, style, heading, plain)
			}
			if lang == "fr" && !strings.Contains(plain, "Un coup") {
				t.Errorf("the French page is not French:\n%s", plain)
			}
			// After the example position, its text board, when render.Text
			// draws POGO.
			at := strings.Index(plain, pogoStart)
			if at < 0 {
				t.Fatalf("%s %s: the start position block is missing:\n%s", lang, style, plain)
			}
			v, _ := game.NewVariant("pogo", nil)
			s, _ := v.Decode(pogoStart)
			b, err := render.Text(s, render.Options{Lang: lang})
			if err != nil {
				t.Logf("render.Text does not draw pogo yet (%v): no board to look for", err)
				continue
			}
			after := plain[at:]
			for i, row := range strings.Split(strings.TrimRight(b.String(), "\n"), "\n")[:len(b.Rows)] {
				if row = strings.TrimSpace(row); row != "" && !strings.Contains(after, row) {
					t.Errorf("%s %s: row %d of the text board, %q, is not after the position:\n%s", lang, style, i, row, after)
				}
			}
			if n := strings.Count(plain, strings.TrimSpace(strings.Split(b.String(), "\n")[3])); n != 1 {
				t.Errorf("%s %s: the board's fourth row shows %d times, want once", lang, style, n)
			}
		}
	}
}

func TestRulesLaidOutEveryGame(t *testing.T) {
	for _, g := range game.Games() {
		for _, lang := range []string{"en", "fr"} {
			page, err := docs.Rules(g.ID, lang)
			if err != nil {
				t.Fatal(err)
			}
			for _, width := range []int{80, 60} {
				out, err := renderRules(page, g, lang, styleDark, width)
				if err != nil {
					t.Fatalf("%s %s: %v", g.ID, lang, err)
				}
				checkLaidOut(t, g.ID+" "+lang, out, width)
			}
		}
	}
}

func TestTrimPadding(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"abc   ", "abc"},
		{"\x1b[1mabc\x1b[m\x1b[38;5;252m \x1b[m\x1b[38;5;252m \x1b[m", "\x1b[1mabc\x1b[m"},
		{"   ", ""},
		{"\x1b[38;5;252m \x1b[m", ""},
		{"a b", "a b"},
	} {
		if got := trimPadding(c.in); got != c.want {
			t.Errorf("trimPadding(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
