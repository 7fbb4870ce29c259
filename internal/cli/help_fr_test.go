package cli

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// Main takes the default of --lang from the locale: the tests of the
// package expect English unless they ask for French, whatever the locale
// of the machine that runs them.
func init() {
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		os.Unsetenv(name)
	}
}

// fingerprint is the fingerprint of an English text in helpFR.
func fingerprint(english string) string {
	sum := sha256.Sum256([]byte(english))
	return hex.EncodeToString(sum[:4])
}

// englishTree is the command tree in English, with cobra's help command.
func englishTree() *cobra.Command {
	root := NewRootCommand()
	root.InitDefaultHelpCmd()
	return root
}

// TestHelpFrenchIsComplete checks that every command of the tree has the
// French of its Short, its Long and its flags, translated from the English
// the tree has now, and that helpFR translates nothing that is gone.
func TestHelpFrenchIsComplete(t *testing.T) {
	commands := map[string]bool{}
	flags := map[string]bool{} // "path --name"
	sharedUsed := map[string]bool{}
	check := func(what string, text fr, english string) {
		t.Helper()
		if text.fr == "" {
			t.Errorf("%s has no French", what)
			return
		}
		if want := fingerprint(english); text.en != want {
			t.Errorf("%s: the English changed since it was translated: bring the French up to date and set its fingerprint to %q (it is %q)\nEnglish now: %s",
				what, want, text.en, english)
		}
	}
	walkCommands(englishTree(), func(c *cobra.Command) {
		path := c.CommandPath()
		commands[path] = true
		text, ok := helpFR[path]
		if !ok {
			t.Errorf("%s: no French in helpFR (fingerprints: Short %q, Long %q)", path, fingerprint(c.Short), fingerprint(c.Long))
			return
		}
		check(path+" Short", text.short, c.Short)
		if c.Long != "" {
			check(path+" Long", text.long, c.Long)
		} else if text.long != (fr{}) {
			t.Errorf("%s has a French Long but no English one", path)
		}
		c.LocalFlags().VisitAll(func(f *pflag.Flag) {
			if f.Name == "help" {
				return // cobra's, whose French is helpFlagFR
			}
			what := path + " --" + f.Name
			if own, ok := text.flags[f.Name]; ok {
				flags[what] = true
				check(what, own, f.Usage)
			} else if shared, ok := sharedFlagsFR[f.Name]; ok {
				sharedUsed[f.Name] = true
				check(what+" (from sharedFlagsFR; give it its own French in helpFR if its English differs)", shared, f.Usage)
			} else {
				t.Errorf("%s: no French usage in helpFR[%q].flags (fingerprint %q)", what, path, fingerprint(f.Usage))
			}
		})
	})
	for path, text := range helpFR {
		if !commands[path] {
			t.Errorf("helpFR[%q]: there is no such command", path)
			continue
		}
		for name := range text.flags {
			if !flags[path+" --"+name] {
				t.Errorf("helpFR[%q].flags[%q]: the command has no such flag", path, name)
			}
		}
	}
	for name := range sharedFlagsFR {
		if !sharedUsed[name] {
			t.Errorf("sharedFlagsFR[%q]: no command uses it", name)
		}
	}
}

// englishWords must not appear in the French help, outside the examples,
// the command lines and the code.
var englishWords = words(`the and of to for with is are game games move moves
	player players seat help usage flags command commands available default
	print show file more information use`)

// englishAllowed are proper names that are also English words: none yet.
var englishAllowed = words(``)

func words(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// The headings of usage_fr.tmpl.
var headingsFR = words(`Utilisation_: Alias_: Exemples_: Commandes_disponibles_: Autres_commandes_:
	Options_: Options_globales_: Autres_sujets_d'aide_:`)

var (
	// quotedCode is code in backquotes or quotes. An opening single quote
	// follows a space or a parenthesis, unlike the French apostrophe.
	quotedCode = regexp.MustCompile("`[^`\n]*`" + `|"[^"\n]*"|(^|[\s(])'[^'\n]*'`)
	flagNames  = regexp.MustCompile(`(^|[\s(\[])--?[A-Za-z0-9][\w-]*`)
	// codeTokens are name=value, paths, URLs, file names and HTTP headers.
	codeTokens = regexp.MustCompile(`\S*[=/]\S*|\S+\.[A-Za-z]\w*|\bX-[\w-]+`)
	// placeholders are the metavariables of the command lines: GAME, MOVE.
	placeholders = regexp.MustCompile(`\b[A-Z][A-Z0-9_]+\b`)
	letters      = regexp.MustCompile(`\p{L}+`)
)

// englishIn returns the English words of the help out of c (a command of
// the English tree), leaving out the examples, the command lines of the
// usage, the names of the commands and flags, and code.
func englishIn(out string, c *cobra.Command) []string {
	var found []string
	section := ""
	for _, line := range strings.Split(out, "\n") {
		if headingsFR[strings.ReplaceAll(line, " ", "_")] {
			section = line
			continue
		}
		switch section {
		case "Exemples :":
			continue
		case "Utilisation :":
			line = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), c.CommandPath()))
			line = strings.TrimPrefix(line, strings.TrimSpace(strings.TrimPrefix(c.Use, c.Name())))
		case "Commandes disponibles :", "Autres commandes :":
			if f := strings.Fields(line); len(f) > 0 {
				line = strings.Join(f[1:], " ")
			}
		}
		for _, re := range []*regexp.Regexp{quotedCode, flagNames, codeTokens, placeholders} {
			line = re.ReplaceAllString(line, " ")
		}
		for _, w := range letters.FindAllString(line, -1) {
			if lw := strings.ToLower(w); englishWords[lw] && !englishAllowed[w] {
				found = append(found, w)
			}
		}
	}
	return found
}

// mainOut runs Main and returns what it printed on stdout.
func mainOut(t *testing.T, args ...string) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := Main(args, strings.NewReader(""), &stdout, &stderr); code != exitOK {
		t.Fatalf("plateau %s: exit status %d\n%s", strings.Join(args, " "), code, stderr.String())
	}
	return stdout.String()
}

// setLocale sets the locale of the environment for Main.
func setLocale(t *testing.T, lang string) {
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_MESSAGES", "")
	t.Setenv("LANG", lang)
}

// TestHelpFrenchWords reads the French help of every command, asked for
// in each way, and looks for English in it.
func TestHelpFrenchWords(t *testing.T) {
	setLocale(t, "C.UTF-8")
	type run struct {
		locale string
		args   []string
	}
	walkCommands(englishTree(), func(c *cobra.Command) {
		path := strings.Fields(c.CommandPath())[1:]
		runs := []run{
			{"C.UTF-8", append(append([]string{"--lang", "fr"}, path...), "--help")},
			{"en_GB.UTF-8", append([]string{"--lang=fr", "help"}, path...)},
			{"fr_FR.UTF-8", append(append([]string{}, path...), "--help")},
		}
		if len(path) == 0 {
			runs = append(runs, run{"fr_CA.UTF-8", nil}) // plateau alone prints its help
		}
		for _, r := range runs {
			setLocale(t, r.locale)
			out := mainOut(t, r.args...)
			what := "LANG=" + r.locale + " plateau " + strings.Join(r.args, " ")
			text := helpFR[c.CommandPath()]
			head := text.long.fr
			if head == "" {
				head = text.short.fr
			}
			if !strings.HasPrefix(out, head+"\n\nUtilisation :\n") {
				t.Errorf("%s: not the French help:\n%s", what, out)
			}
			if c.Example != "" && !strings.Contains(out, "Exemples :\n"+c.Example+"\n") {
				t.Errorf("%s: the examples are not the English ones:\n%s", what, out)
			}
			if c.Runnable() && !strings.Contains(out, "  -h, --help ") {
				t.Errorf("%s: no --help flag:\n%s", what, out)
			}
			if english := englishIn(out, c); len(english) > 0 {
				t.Errorf("%s: English words %q in:\n%s", what, english, out)
			}
		}
	})
}

// TestHelpEnglish checks that --lang en, also in a French environment,
// prints the help cobra prints, and that the flag lists of the French help
// are laid out as pflag lays out the English ones.
func TestHelpEnglish(t *testing.T) {
	walkCommands(englishTree(), func(c *cobra.Command) {
		path := strings.Fields(c.CommandPath())[1:]
		var want bytes.Buffer
		root := NewRootCommand()
		root.SetArgs(append(append([]string{}, path...), "--help"))
		root.SetOut(&want)
		if err := root.Execute(); err != nil {
			t.Fatal(err)
		}
		for _, locale := range []string{"en_US.UTF-8", "fr_FR.UTF-8"} {
			setLocale(t, locale)
			out := mainOut(t, append(append([]string{"--lang", "en"}, path...), "--help")...)
			if locale == "fr_FR.UTF-8" {
				// The default of --lang is the environment's.
				out = strings.Replace(out, `(default "fr")`, `(default "en")`, 1)
			}
			if out != want.String() {
				t.Errorf("LANG=%s plateau --lang en %s --help:\n%s\nwant:\n%s", locale, strings.Join(path, " "), out, want.String())
			}
			head := c.Long
			if head == "" {
				head = c.Short
			}
			if !strings.HasPrefix(out, head+"\n\nUsage:\n") {
				t.Errorf("plateau --lang en %s --help is not the English help:\n%s", strings.Join(path, " "), out)
			}
		}
		english := flagWords{defaultIs: "default ", deprecated: "DEPRECATED: "}
		for _, fs := range []*pflag.FlagSet{c.LocalFlags(), c.InheritedFlags()} {
			if got, want := flagUsages(fs, english), fs.FlagUsages(); got != want {
				t.Errorf("%s: flagUsages in English:\n%s\npflag:\n%s", c.CommandPath(), got, want)
			}
		}
	})
}

func TestLangFromEnv(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{}, "en"},
		{map[string]string{"LANG": "fr_FR.UTF-8"}, "fr"},
		{map[string]string{"LANG": "fr"}, "fr"},
		{map[string]string{"LANG": "en_US.UTF-8"}, "en"},
		{map[string]string{"LANG": "C"}, "en"},
		{map[string]string{"LANG": "fr_FR.UTF-8", "LC_ALL": "C"}, "en"},
		{map[string]string{"LANG": "en_US.UTF-8", "LC_MESSAGES": "fr_CA.UTF-8"}, "fr"},
		{map[string]string{"LANG": "fr_FR.UTF-8", "LC_MESSAGES": "en_GB.UTF-8"}, "en"},
		{map[string]string{"LC_ALL": "fr_BE.UTF-8", "LC_MESSAGES": "en_GB.UTF-8", "LANG": "en_US"}, "fr"},
		{map[string]string{"LC_ALL": "", "LANG": "fr_CH"}, "fr"},
	} {
		if got := langFromEnv(func(k string) string { return tc.env[k] }); got != tc.want {
			t.Errorf("langFromEnv(%v) = %s, want %s", tc.env, got, tc.want)
		}
	}
}

// TestLangDefaultFromEnv checks that the environment gives the default of
// --lang for the commands too, and that --lang wins over it.
func TestLangDefaultFromEnv(t *testing.T) {
	setLocale(t, "fr_FR.UTF-8")
	if out := mainOut(t, "--help"); !strings.Contains(out, `(par défaut : "fr")`) {
		t.Errorf("LANG=fr_FR.UTF-8: --lang does not default to fr:\n%s", out)
	}
	if out := mainOut(t, "--lang", "en", "--help"); !strings.Contains(out, "Usage:") {
		t.Errorf("LANG=fr_FR.UTF-8 plateau --lang en --help is not in English:\n%s", out)
	}
	setLocale(t, "en_US.UTF-8")
	if out := mainOut(t, "--help"); !strings.Contains(out, "Usage:") || !strings.Contains(out, `(default "en")`) {
		t.Errorf("LANG=en_US.UTF-8 plateau --help:\n%s", out)
	}
}

// TestEnglishIn checks the checker: English prose is found, code and
// examples are not.
func TestEnglishIn(t *testing.T) {
	c := &cobra.Command{Use: "play GAME"}
	(&cobra.Command{Use: "plateau"}).AddCommand(c)
	out := `Joue la partie (see the rules) ; l'aide d'un coup, 'plateau games'.
Tapez ` + "`moves`" + ` ou "help", --seat 2=player, POST /games, GAME, plateau.db

Utilisation :
  plateau play GAME [options]

Exemples :
  plateau play pogo --help for more

Commandes disponibles :
  games       Lister les jeux

Options :
      --opt texte   option par défaut, print
`
	got := strings.Join(englishIn(out, c), " ")
	if want := "the print"; got != want {
		t.Errorf("englishIn found %q, want %q", got, want)
	}
}
