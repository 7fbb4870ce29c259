package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/record"
)

// The output of every command under --lang fr, successes and failures
// alike, must hold no English: TestFrenchOutput runs each command line of
// frenchCases through Main and looks for common English words in what it
// printed, outside what is not prose (see outputEnglish).

// outputEnglishWords are common English words: one of them in the output
// of a command under --lang fr is English prose.
var outputEnglishWords = frenchTestWords(`the and of to is are was for with
	game games move moves player players wins draw default options missing
	unexpected unknown illegal legal position record seconds positions nodes
	random seat level error invalid must cannot not no yes saved file`)

// outputHomographs are English words that are French words too ("la
// position", "les options", "une file", a heading "## Options"): they
// count as English only with English typography, a colon right after them
// ("Position: ..."; French puts a space before it), on a line without any
// of the French words of frenchContext.
var outputHomographs = frenchTestWords(`options position positions file`)

var frenchContext = frenchTestWords(`le la les de des du un une et à au aux
	en pour par sur dans est sont ce qui que ne pas avec ou`)

// outputCodeWords are code wherever they stand: the names of the agents of
// the agent specs (random, mcts...) and the commands and keywords of the
// engine protocol, which a French user types as they are.
var outputCodeWords = frenchTestWords(`random easy medium hard max mcts alphabeta
	engine perfect plateau games newgame position moves legal go stop perft
	show status setoption quit isready agent seed start`)

// outputAllowed are proper nouns that are English words: none yet.
var outputAllowed = frenchTestWords(``)

func frenchTestWords(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

var (
	// outputQuoted is text in quotes or backquotes: the user's input
	// echoed (a move, an option, a name), code or a command line, or a
	// quotation in « ». An opening single quote follows a space or a
	// parenthesis, unlike the French apostrophe.
	outputQuoted = regexp.MustCompile("`[^`\n]*`" + `|"[^"\n]*"|«[^»\n]*»|(^|[\s(])'[^'\n]*'`)
	// outputFlags are flag names: --seconds, -o.
	outputFlags = regexp.MustCompile(`(^|[\s(\[])--?[A-Za-z0-9][\w-]*`)
	// outputCode are name=value, agent specs, paths, URLs and file names.
	outputCode = regexp.MustCompile(`\S*[=/:]\S*[^\s.,;)]|\S+\.[A-Za-z]\w*`)
	// outputPlaceholders are the metavariables and acronyms: JEU, SPRT.
	outputPlaceholders = regexp.MustCompile(`\b[A-Z][A-Z0-9_]+\b`)
	// Runs of letters and digits (tokens, hashes, identifiers): a random
	// bot token such as "7nO8..." must not read as the English word "no".
	outputMixedRuns = regexp.MustCompile(`[A-Za-z0-9_-]*[0-9][A-Za-z0-9_-]*`)
	outputLetters   = regexp.MustCompile(`\p{L}+`)
	// outputSpecItem is an agent spec opening an indented line of a list
	// of specs (ai.SpecHelpText).
	outputSpecItem = regexp.MustCompile(`^\s+(random|easy|medium|hard|max)\b`)
)

// outputEnglish returns the English words of out, the output of the
// command line args. Left out are quoted text, flags, code, placeholders,
// the game ids and the words of args themselves (the user's input echoed:
// an agent spec such as random, a user name). A protocol output (the
// engine's) has a protocol keyword first on each line, and its info lines
// hold protocol keys only.
func outputEnglish(out string, args []string, protocol bool) []string {
	echoed := map[string]bool{}
	for w := range outputCodeWords {
		if protocol || !outputEnglishWords[w] {
			echoed[w] = true
		}
	}
	for _, id := range game.IDs() {
		echoed[id] = true
	}
	for _, a := range args {
		for _, w := range outputLetters.FindAllString(a, -1) {
			echoed[strings.ToLower(w)] = true
		}
	}
	var found []string
	for _, line := range strings.Split(out, "\n") {
		if protocol {
			first, rest, _ := strings.Cut(line, " ")
			if first == "info" {
				continue // time, agent, depth, nodes...: protocol keys
			}
			line = rest
		}
		for _, re := range []*regexp.Regexp{outputSpecItem, outputQuoted, outputFlags, outputCode, outputPlaceholders, outputMixedRuns} {
			line = re.ReplaceAllString(line, " ")
		}
		spans := outputLetters.FindAllStringIndex(line, -1)
		french := false
		for _, sp := range spans {
			french = french || frenchContext[strings.ToLower(line[sp[0]:sp[1]])]
		}
		for _, sp := range spans {
			w := line[sp[0]:sp[1]]
			lw := strings.ToLower(w)
			switch {
			case outputAllowed[w] || echoed[lw]:
			case outputHomographs[lw] && (french || !strings.HasPrefix(line[sp[1]:], ":")):
			case outputEnglishWords[lw]:
				found = append(found, w)
			}
		}
	}
	return found
}

func TestOutputEnglish(t *testing.T) {
	for _, tc := range []struct {
		out     string
		english string
	}{
		{"plateau: unknown game \"x\"; known games: pogo", "unknown game games"},
		{"Coups possibles : 2b1-b3 (the move \"the\")", "the move"},
		{"Texte de la position : DD,DD,DD/-,-,-/LL,LL,LL L 0", ""},
		{"Position: DD,DD,DD/-,-,-/LL,LL,LL L 0", "Position"},
		{"## Options", ""},
		{"ses options : \"players\", \"teams\"", ""},
		{"« with 3 players the order is red »", ""},
		{"agent  random  --seconds mcts:iterations=10 'plateau games' JEU", ""},
		{"plateau: l'option \"bad\" n'est pas de la forme nom=valeur", ""},
	} {
		if got := strings.Join(outputEnglish(tc.out, []string{"arena", "--agents", "random"}, false), " "); got != tc.english {
			t.Errorf("outputEnglish(%q) = %q, want %q", tc.out, got, tc.english)
		}
	}
}

// frenchCase is a command line run under --lang fr.
type frenchCase struct {
	args  []string
	stdin string
	fails bool // it must fail (exit status 1 or 2)
	// protocol: the output is the engine protocol (see outputEnglish).
	protocol bool
	// skip says why the case is not run here.
	skip string
}

// playChecked is the reason the play cases are not run here.

// frenchCases covers every command and subcommand, succeeding and failing.
// $DIR is a temporary directory, $DB a store in it, $RECORD and $BADRECORD
// game records written there, $TOKEN the id of the token 'users token add'
// made.
func frenchCases() []frenchCase {
	return []frenchCase{
		// Usage errors, before and after the flags are parsed.
		{args: []string{"nope"}, fails: true},
		{args: []string{"gmaes"}, fails: true},
		{args: []string{"games", "--x"}, fails: true},
		{args: []string{"games", "extra"}, fails: true},
		{args: []string{"perft"}, fails: true},
		{args: []string{"perft", "pogo"}, fails: true},
		{args: []string{"perft", "pogo", "x"}, fails: true},
		{args: []string{"perft", "pogo", "2", "3"}, fails: true},
		{args: []string{"perft", "nope", "2"}, fails: true},
		{args: []string{"bench", "pogo", "--seconds", "abc"}, fails: true},
		{args: []string{"bench", "pogo", "--seconds"}, fails: true},
		{args: []string{"bench", "pogo", "--opt", "players=3"}, fails: true},
		{args: []string{"bench", "pogo", "--opt", "bad"}, fails: true},
		{args: []string{"bench", "empire", "--opt", "players=9"}, fails: true},
		{args: []string{"bench", "empire", "--opt", "players=x"}, fails: true},

		// games, rules, perft, legal, replay, render.
		{args: []string{"games"}},
		{args: []string{"games", "--variants"}},
		{args: []string{"rules", "pogo"}},
		{args: []string{"rules", "nope"}, fails: true},
		{args: []string{"perft", "pogo", "2"}},
		{args: []string{"perft", "pogo", "2", "--divide"}},
		{args: []string{"perft", "pogo", "1", "--position", "zz"}, fails: true},
		{args: []string{"legal", "pogo", "2b1-b3"}},
		{args: []string{"legal"}, fails: true},
		{args: []string{"legal", "pogo", "1a3-a2"}, fails: true},
		{args: []string{"replay", "pogo", "2b1-b3"}},
		{args: []string{"replay", "--record", "$RECORD"}},
		{args: []string{"replay", "pogo", "--record", "$RECORD"}},
		{args: []string{"replay", "pogo", "zz"}, fails: true},
		{args: []string{"replay", "pogo", "1a3-a2"}, fails: true},
		{args: []string{"replay", "pogo", "3b1-b2"}, fails: true},
		{args: []string{"replay", "pogo", "b1-b1"}, fails: true},
		{args: []string{"replay", "--record", "$BADRECORD"}, fails: true},
		{args: []string{"replay", "--record", "$DIR/none.txt"}, fails: true},
		{args: []string{"replay", "--record", "$RECORD", "--opt", "x=1"}, fails: true},
		{args: []string{"replay", "blocus", "--record", "$RECORD"}, fails: true},
		{args: []string{"render", "pogo", "2b1-b3", "-o", "$DIR/board.svg"}},
		{args: []string{"render", "pogo", "--size", "3"}, fails: true},
		{args: []string{"render", "pogo", "--from", "zz"}, fails: true},

		// bench, arena, analyze.
		{args: []string{"bench", "pogo", "--seconds", "0.05", "--seed", "1"}},
		{args: []string{"arena", "pogo", "--agents", "random,random", "--games", "2", "--parallel", "1", "--seed", "1"}},
		{args: []string{"arena", "pogo", "--agents", "random,random", "--games", "2", "--parallel", "1", "--seed", "1", "--sprt", "0,100"}},
		{args: []string{"arena", "pogo"}, fails: true},
		{args: []string{"arena", "pogo", "--agents", "random"}, fails: true},
		{args: []string{"arena", "pogo", "--agents", "random,nobody"}, fails: true},
		{args: []string{"arena", "pogo", "--agents", "random,medium:depth=2"}, fails: true},
		{args: []string{"arena", "pogo", "--agents", "random,mcts:iterations=x"}, fails: true},
		{args: []string{"arena", "pogo", "--agents", "random,random", "--sprt", "x"}, fails: true},
		{args: []string{"arena", "pogo", "--agents", "random,random", "--games", "0"}, fails: true},
		{args: []string{"analyze", "pogo", "--agent", "random", "--games", "3", "--parallel", "1", "--seed", "1"}},
		{args: []string{"analyze", "pogo", "--agent", "random", "--games", "2", "--parallel", "1", "--seed", "1", "--out", "$DIR/report.md"}},
		{args: []string{"analyze", "pogo", "--out", "report.txt"}, fails: true},
		{args: []string{"analyze", "pogo", "--compare", "x"}, fails: true},
		{args: []string{"lab", "poldr", "--vary", "size=6,7", "--agent", "random", "--games", "2", "--parallel", "1", "--seed", "1"}},
		{args: []string{"lab", "poldr", "--vary", "size=6", "--agent", "random", "--games", "2", "--parallel", "1", "--seed", "1", "--out", "$DIR/lab.md"}},
		{args: []string{"lab", "poldr"}, fails: true},
		{args: []string{"lab", "poldr", "--vary", "colour=red"}, fails: true},
		{args: []string{"lab", "poldr", "--vary", "size"}, fails: true},
		{args: []string{"lab", "poldr", "--vary", "size=6", "--vary", "size=7"}, fails: true},
		{args: []string{"analyze-game", "$RECORD", "--nodes", "500"}},
		{args: []string{"analyze-game", "$RECORD", "--agent", "medium"}},
		{args: []string{"analyze-game", "-", "--agent", "mcts:iterations=100,threads=1", "--json"}, stdin: "[Game \"pogo\"]\n\n1. 2b1-b3 2. 1a3-a2 *\n"},
		{args: []string{"analyze-game"}, fails: true},
		{args: []string{"analyze-game", "$BADRECORD"}, fails: true},
		{args: []string{"analyze-game", "$DIR/none.txt"}, fails: true},
		{args: []string{"analyze-game", "$RECORD", "--agent", "random"}, fails: true},
		{args: []string{"analyze-game", "$RECORD", "--nodes", "0"}, fails: true},
		{args: []string{"analyze-game", "$RECORD", "--nodes", "5", "--budget", "1s"}, fails: true},

		// engine, with a script: the protocol's keywords stay, its
		// messages follow --lang.
		{args: []string{"engine"}, protocol: true,
			stdin: "plateau\ngames\nnewgame pogo\nshow\nlegal\nmoves zz\nmoves 1a3-a2\nposition qq\n" +
				"perft 2\nperft x\nsetoption foo 1\nnewgame\nfoo\ngo depth 1\nquit\n"},
		{args: []string{"engine", "extra"}, fails: true},

		// serve: only its errors.
		{args: []string{"serve", "--log", "nope"}, fails: true},
		{args: []string{"serve", "--engine", "x"}, fails: true},
		{args: []string{"serve", "--ws-ping", "-1s"}, fails: true},

		// users and users token, on a temporary SQLite store.
		{args: []string{"users", "list", "--db", "$DB"}},
		{args: []string{"users", "add", "alice", "--db", "$DB"}, stdin: "correct horse battery\n"},
		{args: []string{"users", "add", "alice", "--db", "$DB"}, stdin: "correct horse battery\n", fails: true},
		{args: []string{"users", "add", "Alice", "--db", "$DB"}, stdin: "correct horse battery\n", fails: true},
		{args: []string{"users", "add", "carol", "--db", "$DB"}, stdin: "short\n", fails: true},
		{args: []string{"users", "add", "carol", "--db", "$DB"}, fails: true},
		{args: []string{"users", "add", "x", "--db", "$DB"}, fails: true},
		{args: []string{"users", "add", "stockbot", "--bot", "--owner", "alice", "--db", "$DB"}},
		{args: []string{"users", "add", "otherbot", "--bot", "--owner", "nobody", "--db", "$DB"}, fails: true},
		{args: []string{"users", "add", "dave", "--owner", "alice", "--db", "$DB"}, fails: true},
		{args: []string{"users", "add", "--db", "$DB"}, fails: true},
		{args: []string{"users", "list", "--db", "$DB"}},
		{args: []string{"users", "list", "--limit", "1", "--db", "$DB"}},
		{args: []string{"users", "list", "--limit", "0", "--db", "$DB"}, fails: true},
		{args: []string{"users", "role", "alice", "operator", "--db", "$DB"}},
		{args: []string{"users", "role", "alice", "operator", "--db", "$DB"}},
		{args: []string{"users", "role", "alice", "king", "--db", "$DB"}, fails: true},
		{args: []string{"users", "role", "alice", "--db", "$DB"}, fails: true},
		{args: []string{"users", "disable", "alice", "--db", "$DB"}},
		{args: []string{"users", "disable", "alice", "--db", "$DB"}},
		{args: []string{"users", "enable", "alice", "--db", "$DB"}},
		{args: []string{"users", "enable", "nobody", "--db", "$DB"}, fails: true},
		{args: []string{"users", "reset", "alice", "--db", "$DB"}, stdin: "another long password\n"},
		{args: []string{"users", "reset", "stockbot", "--db", "$DB"}, fails: true},
		{args: []string{"users", "frob"}, fails: true},
		{args: []string{"users", "token", "add", "stockbot", "--label", "club", "--db", "$DB"}},
		{args: []string{"users", "token", "list", "stockbot", "--db", "$DB"}},
		{args: []string{"users", "token", "list", "alice", "--db", "$DB"}},
		{args: []string{"users", "token", "revoke", "stockbot", "$TOKEN", "--db", "$DB"}},
		{args: []string{"users", "token", "revoke", "stockbot", "$TOKEN", "--db", "$DB"}, fails: true},
		{args: []string{"users", "token", "revoke", "stockbot", "--db", "$DB"}, fails: true},
		{args: []string{"users", "token", "add", "nobody", "--db", "$DB"}, fails: true},

		// bot and loadtest: only their errors (they need a server).
		{args: []string{"bot", "--server", "x"}, fails: true},
		{args: []string{"bot", "--server", "x", "--token", "y"}, fails: true},
		{args: []string{"bot", "--server", "http://127.0.0.1:1", "--token", "y", "--agent", "nobody"}, fails: true},
		{args: []string{"loadtest", "--games", "x"}, fails: true},
		{args: []string{"loadtest", "--server", "http://10.0.0.5:8080"}, fails: true},
		{args: []string{"loadtest", "--duration", "0s"}, fails: true},

		// solve: solitaire with a short time limit, and the errors.
		{args: []string{"solve", "solitaire", "--time", "200ms", "--table-bits", "12", "--beam", "4"}},
		{args: []string{"solve", "solitaire", "--layout", "nope"}, fails: true},
		{args: []string{"solve", "solitaire", "--verify"}, fails: true},
		{args: []string{"solve", "pogo", "$DIR/none.table"}, fails: true},
		{args: []string{"solve", "blocus"}, fails: true},
		{args: []string{"solve", "pogo", "a", "b"}, fails: true},

		// puzzles: the stored ones, a short generation, and the errors.
		{args: []string{"puzzles"}},
		{args: []string{"puzzles", "list"}},
		{args: []string{"puzzles", "list", "saute"}},
		{args: []string{"puzzles", "show", "saute-1", "--solution"}},
		{args: []string{"puzzles", "show", "pogo-3", "--solution"}},
		{args: []string{"puzzles", "check", "saute-1", "i8-l8"}},
		{args: []string{"puzzles", "check", "saute-1", "j8-l8"}, fails: true},
		{args: []string{"puzzles", "check", "saute-1", "zz"}, fails: true},
		{args: []string{"puzzles", "show", "nope-1"}, fails: true},
		{args: []string{"puzzles", "list", "nope"}, fails: true},
		{args: []string{"puzzles", "list", "pods"}, fails: true},
		{args: []string{"puzzles", "generate", "saute", "--count", "0"}, fails: true},
		// Seed 4 finds its puzzle in 2 games (0.35 s of CPU), seed 1 in 10
		// (1.2 s): the same messages, and seed 1 is the English example's.
		{args: []string{"puzzles", "generate", "porte", "--count", "1", "--seed", "4", "--out", "$DIR/porte.json"}},
		{args: []string{"puzzles", "verify", "--file", "$DIR/porte.json"}},
		{args: []string{"puzzles", "verify", "--file", "$DIR/none.json"}, fails: true},
		{args: []string{"puzzles", "verify", "saute"}},
		{args: []string{"play", "alignement", "--seat", "1=medium", "--seat", "2=medium", "--seed", "2", "--record", "$DIR/alignement.txt"}},
		{args: []string{"puzzles", "find", "$DIR/alignement.txt", "--out", "$DIR/found.json"}},
		{args: []string{"puzzles", "find"}, fails: true},
		{args: []string{"puzzles", "find", "--db", "$DIR/nothere.db"}, fails: true},
		{args: []string{"puzzles", "find", "$DIR/alignement.txt", "--limit", "0"}, fails: true},

		// play.
		{args: []string{"play", "pogo", "--seat", "2=random"}, stdin: "xx\ncoups\n2b1-b3\nannuler\naide\nabandon\n"},
		{args: []string{"play", "empire", "--opt", "players=4", "--opt", "teams=true", "--seat", "2=medium", "--seat", "3=random", "--seat", "4=easy"}, stdin: "coups\nquitter\n"},
		{args: []string{"play", "pogo", "--seat", "1=random", "--seat", "2=random", "--seed", "4"}},
		{args: []string{"play", "pogo", "--seat", "5=random"}, fails: true},
		{args: []string{"play", "pogo", "--seat", "2=chess"}, fails: true},
		{args: []string{"play", "pogo", "--seat", "two"}, fails: true},
		{args: []string{"play", "pogo", "--seat", "1=random", "--seat", "1=human"}, fails: true},
		{args: []string{"play", "https://club.example/games/a/b"}, fails: true},
	}
}

// frenchGameCases are, for every game, its board after a move (with its
// legend), a text that is no move, a move played twice (refused in every
// game: the piece has gone, the place is taken), a bad option and its
// rules.
func frenchGameCases(t *testing.T) []frenchCase {
	var cases []frenchCase
	for _, g := range game.Games() {
		v, err := g.Variant(game.Options{})
		if err != nil {
			t.Fatal(err)
		}
		first := v.Start().MoveString(v.Start().LegalMoves(nil)[0])
		cases = append(cases,
			frenchCase{args: []string{"replay", g.ID, first}},
			frenchCase{args: []string{"replay", g.ID, "zz"}, fails: true},
			frenchCase{args: []string{"replay", g.ID, first, first}, fails: true},
			frenchCase{args: []string{"legal", g.ID, "--opt", "nope=1"}, fails: true},
			frenchCase{args: []string{"rules", g.ID}},
		)
	}
	return cases
}

// frenchFiles writes the records the cases read: a game of pogo started
// with its first legal moves, and a record with a refused move.
func frenchFiles(t *testing.T, dir string) {
	v, err := game.NewVariant("pogo", nil)
	if err != nil {
		t.Fatal(err)
	}
	m := game.NewMatch(v.Start())
	for range 3 {
		if err := m.Play(m.LegalMoves(nil)[0]); err != nil {
			t.Fatal(err)
		}
	}
	var b bytes.Buffer
	if err := record.Write(&b, record.FromMatch(m)); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "game.txt"), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := "[Game \"pogo\"]\n\n1. 2b1-b3 2. 1a1-a1 *\n"
	if err := os.WriteFile(filepath.Join(dir, "bad.txt"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
}

var tokenID = regexp.MustCompile(`Jeton (\w+) de`)

func TestFrenchOutput(t *testing.T) {
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_MESSAGES", "")
	t.Setenv("LANG", "C.UTF-8")
	dir := t.TempDir()
	// play saves its records in the current directory.
	t.Chdir(dir)
	frenchFiles(t, dir)
	vars := map[string]string{
		"$DIR":       dir,
		"$DB":        filepath.Join(dir, "users.db"),
		"$RECORD":    filepath.Join(dir, "game.txt"),
		"$BADRECORD": filepath.Join(dir, "bad.txt"),
	}
	for _, tc := range append(frenchCases(), frenchGameCases(t)...) {
		name := strings.Join(tc.args, " ")
		if tc.skip != "" {
			t.Logf("%s: skipped: %s", name, tc.skip)
			continue
		}
		args := []string{"--lang", "fr"}
		for _, a := range tc.args {
			for k, v := range vars {
				a = strings.ReplaceAll(a, k, v)
			}
			args = append(args, a)
		}
		var stdout, stderr bytes.Buffer
		code := Main(args, strings.NewReader(tc.stdin), &stdout, &stderr)
		out := stdout.String() + stderr.String()
		switch {
		case tc.fails && code == exitOK:
			t.Errorf("plateau %s: succeeded, want a failure\n%s", name, out)
		case !tc.fails && code != exitOK:
			t.Errorf("plateau %s: exit status %d\n%s", name, code, out)
		case tc.fails && !strings.HasPrefix(stderr.String(), "plateau: "):
			t.Errorf("plateau %s: no error message\n%s", name, out)
		}
		if english := outputEnglish(out, args, tc.protocol); len(english) > 0 {
			t.Errorf("plateau %s: English words %q in\n%s", name, english, out)
		}
		if m := tokenID.FindStringSubmatch(out); m != nil {
			vars["$TOKEN"] = m[1]
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "board.svg")); err != nil {
		t.Errorf("render -o: %v", err)
	}
}

// TestFrenchFromLocale: without --lang, LANG=fr_FR.UTF-8 makes the
// messages French, errors included.
func TestFrenchFromLocale(t *testing.T) {
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_MESSAGES", "")
	t.Setenv("LANG", "fr_FR.UTF-8")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"perft", "pogo", "1"}, "profondeur 1 : 16"},
		{[]string{"perft", "nope", "1"}, `plateau: jeu inconnu "nope"`},
		{[]string{"perft", "--x"}, "plateau: option inconnue : --x\nLancez 'plateau perft --help' pour voir l'aide."},
		{[]string{"replay", "pogo", "1a3-a2"}, "n'est pas un coup possible ici (le pion du haut de a3 n'est pas à Clair)"},
		{[]string{"--lang", "en", "perft", "nope", "1"}, `plateau: unknown game "nope"`},
		{[]string{"perft", "--x", "--lang", "en"}, "plateau: unknown flag: --x\nRun 'plateau perft --help' for usage."},
	} {
		var stdout, stderr bytes.Buffer
		Main(tc.args, strings.NewReader(""), &stdout, &stderr)
		if out := stdout.String() + stderr.String(); !strings.Contains(out, tc.want) {
			t.Errorf("plateau %s: %q, want %q in it", strings.Join(tc.args, " "), out, tc.want)
		}
	}
}
