package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/docs"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/pogo"
	"github.com/plateau-games/plateau/record"
)

// run executes the command line in-process with stdin as its input and
// returns what it printed (stdout and stderr together) and its error.
func run(t *testing.T, stdin string, args ...string) (string, error) {
	t.Helper()
	root := NewRootCommand()
	var out bytes.Buffer
	root.SetArgs(args)
	root.SetIn(strings.NewReader(stdin))
	root.SetOut(&out)
	root.SetErr(&out)
	err := root.Execute()
	return out.String(), err
}

// mustRun is run for commands that must succeed.
func mustRun(t *testing.T, stdin string, args ...string) string {
	t.Helper()
	out, err := run(t, stdin, args...)
	if err != nil {
		t.Fatalf("plateau %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return out
}

func lines(s string) []string {
	return strings.Split(strings.TrimRight(s, "\n"), "\n")
}

func lastLine(s string) string {
	l := lines(s)
	return l[len(l)-1]
}

func TestEveryCommandHasHelp(t *testing.T) {
	root := NewRootCommand()
	for _, cmd := range append(root.Commands(), root) {
		if cmd.Name() == "help" {
			continue
		}
		if cmd.Short == "" || cmd.Long == "" || cmd.Example == "" {
			t.Errorf("%s lacks Short, Long or Example", cmd.CommandPath())
		}
		args := []string{"--help"}
		if cmd != root {
			args = []string{cmd.Name(), "--help"}
		}
		if out := mustRun(t, "", args...); !strings.Contains(out, "Examples:") {
			t.Errorf("%s --help shows no examples:\n%s", cmd.CommandPath(), out)
		}
	}
}

func TestGames(t *testing.T) {
	out := mustRun(t, "", "games")
	found := false
	for _, line := range lines(out) {
		if f := strings.Fields(line); len(f) >= 3 && f[0] == "pogo" && f[1] == "2" && f[2] == "POGO" {
			found = true
		}
	}
	if !found {
		t.Fatalf("games does not list pogo:\n%s", out)
	}
	mustRun(t, "", "games", "--variants", "--lang", "fr")
	if got := playerCounts(&game.Game{MinPlayers: 2, MaxPlayers: 4}); got != "2-4" {
		t.Fatalf("playerCounts = %q", got)
	}
}

func TestRules(t *testing.T) {
	fr := mustRun(t, "", "rules", "pogo", "--lang", "fr")
	want, err := docs.Rules("pogo", "fr")
	if err != nil {
		t.Fatal(err)
	}
	if strings.TrimSpace(fr) != strings.TrimSpace(want) || strings.Contains(fr, "pas encore traduite") {
		t.Fatalf("rules pogo --lang fr printed:\n%s", fr)
	}
	if en := mustRun(t, "", "rules", "POGO"); en == fr || !strings.Contains(en, "POGO") {
		t.Fatalf("rules pogo printed:\n%s", en)
	}
	if _, err := run(t, "", "rules", "nosuchgame"); err == nil || !strings.Contains(err.Error(), "known games: ") {
		t.Fatalf("unknown game: %v", err)
	}
}

func TestPerft(t *testing.T) {
	if got := lastLine(mustRun(t, "", "perft", "pogo", "1")); got != "16" {
		t.Fatalf("perft pogo 1: last line %q", got)
	}
	out := mustRun(t, "", "perft", "pogo", "2")
	want := strconv.FormatUint(game.Perft(pogo.New(), 2), 10)
	if got := lastLine(out); got != want {
		t.Fatalf("perft pogo 2: last line %q, want %s", got, want)
	}
	if !strings.HasPrefix(lines(out)[0], "depth 1: 16 (") {
		t.Fatalf("perft output:\n%s", out)
	}
	// --divide: one line per first move, adding up to the total.
	out = mustRun(t, "", "perft", "pogo", "3", "--divide")
	var sum uint64
	divided := 0
	for _, line := range lines(out) {
		if mv, n, ok := strings.Cut(line, ": "); ok && !strings.HasPrefix(mv, "depth") {
			count, err := strconv.ParseUint(n, 10, 64)
			if err != nil {
				t.Fatalf("divide line %q", line)
			}
			sum += count
			divided++
		}
	}
	if divided != 16 || strconv.FormatUint(sum, 10) != lastLine(out) {
		t.Fatalf("divide gives %d moves adding to %d:\n%s", divided, sum, out)
	}
	if got := lastLine(mustRun(t, "", "perft", "pogo", "0")); got != "1" {
		t.Fatalf("perft pogo 0: %q", got)
	}
	for _, bad := range []string{"-1", "x"} {
		if _, err := run(t, "", "perft", "pogo", bad); !isUsage(err) {
			t.Fatalf("perft pogo %s: %v", bad, err)
		}
	}
}

func isUsage(err error) bool {
	_, ok := err.(*usageError)
	return ok
}

func TestLegal(t *testing.T) {
	out := mustRun(t, "", "legal", "pogo")
	if l := lines(out); len(l) != 16 || l[0] != "1a1-b1" {
		t.Fatalf("legal pogo printed %d lines:\n%s", len(l), out)
	}
	// After a win nothing is legal.
	if out := mustRun(t, "", "legal", "pogo", "2b1-b3", "2a3-c3", "2c1-c3"); out != "" {
		t.Fatalf("legal after the end:\n%s", out)
	}
	// Repetition ends the game too (Match applies it).
	cycle := []string{"1a1-a2", "1a3-b3", "1a2-a1", "1b3-a3"}
	args := append([]string{"legal", "pogo"}, cycle...)
	args = append(args, cycle...)
	if out := mustRun(t, "", args...); out != "" {
		t.Fatalf("legal after threefold repetition:\n%s", out)
	}
}

func replayJSON(t *testing.T, args ...string) positionJSON {
	t.Helper()
	out := mustRun(t, "", append([]string{"replay", "--json"}, args...)...)
	var p positionJSON
	if err := json.Unmarshal([]byte(out), &p); err != nil {
		t.Fatalf("replay --json printed bad JSON: %v\n%s", err, out)
	}
	return p
}

func TestReplayJSON(t *testing.T) {
	p := replayJSON(t, "pogo", "2b1-b3")
	if p.Status != "ongoing" || p.Ply != 1 || p.ToMove == nil || *p.ToMove != 2 || *p.ToMoveName != "Dark" ||
		len(p.Scores) != 2 || len(p.Winners) != 0 || len(p.Moves) != 1 || len(p.LegalMoves) == 0 || p.Game != "pogo" {
		t.Fatalf("replay --json pogo 2b1-b3: %+v", p)
	}
	p = replayJSON(t, "pogo", "2b1-b3", "2a3-c3", "2c1-c3")
	if p.Status != "win" || p.ToMove != nil || len(p.Winners) != 1 || p.Winners[0] != 1 || p.Reason == "" || len(p.LegalMoves) != 0 {
		t.Fatalf("replay of a won game: %+v", p)
	}
	// From a position.
	start := "DD,D,DD/-,D,-/LL,LL,LL L 7"
	p = replayJSON(t, "pogo", "--position", start, "1a1-a2")
	if p.StartPosition != start || p.Ply != 8 {
		t.Fatalf("replay from a position: %+v", p)
	}
	// The text form shows the board and the turn.
	out := mustRun(t, "", "replay", "pogo", "2b1-b3", "--lang", "fr")
	if !strings.Contains(out, "Coup 2 : Foncé (joueur 2) au trait.") {
		t.Fatalf("replay text:\n%s", out)
	}
}

func TestReplayIllegalMove(t *testing.T) {
	_, err := run(t, "", "replay", "pogo", "2b1-b3", "zz")
	if err == nil {
		t.Fatal("an illegal move is accepted")
	}
	msg := err.Error()
	if !strings.Contains(msg, `move 2 "zz"`) || !strings.Contains(msg, "legal moves: 1a3-a2 1a3-b3") {
		t.Fatalf("error does not name the move and the legal moves: %v", err)
	}
	// A well-formed move that is not legal: the game's own message lists
	// the legal moves, once.
	_, err = run(t, "", "legal", "pogo", "2b1-b2")
	if err == nil || !strings.Contains(err.Error(), `move 1 "2b1-b2"`) || strings.Count(err.Error(), "legal moves:") != 1 {
		t.Fatalf("error: %v", err)
	}
	var stderr bytes.Buffer
	if code := Main([]string{"replay", "pogo", "zz"}, strings.NewReader(""), &bytes.Buffer{}, &stderr); code != exitError ||
		!strings.Contains(stderr.String(), `plateau: move 1 "zz"`) {
		t.Fatalf("exit status %d, stderr %q", code, stderr.String())
	}
}

func TestExitStatuses(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"games"}, exitOK, ""},
		{[]string{"perft"}, exitUsage, "missing GAME"},
		{[]string{"perft", "pogo"}, exitUsage, "missing DEPTH"},
		{[]string{"perft", "pogo", "1", "2"}, exitUsage, `unexpected argument "2"`},
		{[]string{"games", "--nope"}, exitUsage, "unknown flag: --nope"},
		{[]string{"gmaes"}, exitUsage, `unknown command "gmaes"; did you mean games?`},
		{[]string{"games", "--lang", "de"}, exitUsage, `--lang "de"`},
		{[]string{"legal", "nosuchgame"}, exitError, `unknown game "nosuchgame"; known games:`},
		{[]string{"legal", "pogo", "--opt", "size=4"}, exitError, "pogo takes no options"},
		{[]string{"legal", "pogo", "--opt", "size"}, exitError, `option "size" is not of the form name=value`},
		{[]string{"legal", "pogo", "--position", "nonsense"}, exitError, "--position: POGO position text"},
		{[]string{"play", "pogo", "--seat", "3=random"}, exitUsage, "pogo has 2 players"},
		{[]string{"play", "pogo", "--seat", "1=robot"}, exitUsage, "a seat is human or random"},
		{[]string{"play", "pogo", "--seat", "1=random", "--seat", "1=human"}, exitUsage, "seat 1 is given twice"},
		{[]string{"replay", "pogo", "--record", "x.txt", "--opt", "a=b"}, exitUsage, "only without --record"},
		{[]string{"bench", "pogo", "--seconds", "0"}, exitUsage, "--seconds 0"},
	} {
		var stdout, stderr bytes.Buffer
		code := Main(tc.args, strings.NewReader(""), &stdout, &stderr)
		if code != tc.code || !strings.Contains(stderr.String(), tc.err) {
			t.Errorf("plateau %s: exit %d, stderr %q; want %d and %q", strings.Join(tc.args, " "), code, stderr.String(), tc.code, tc.err)
		}
	}
}

// expectedRandomGame plays the game that play plays with every seat
// random and the given seed, the same way it does.
func expectedRandomGame(seed uint64) *game.Match {
	m := game.NewMatch(pogo.New())
	rng := newRNG(seed)
	var buf []game.Move
	for !m.Outcome().Ended() {
		buf = m.LegalMoves(buf)
		if err := m.Play(buf[rng.IntN(len(buf))]); err != nil {
			panic(err)
		}
	}
	return m
}

func readRecordFile(t *testing.T, path string) *record.Record {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, err := record.Parse(f)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestPlayRandomGameAndReplayItsRecord(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.txt")
	out := mustRun(t, "", "play", "pogo", "--seat", "1=random", "--seat", "2=random", "--seed", "42", "--record", path)
	want := expectedRandomGame(42)
	if !strings.Contains(out, "Random seed 42") || !strings.Contains(out, "Game record saved to "+path) ||
		!strings.Contains(out, describeOutcome(want.Variant(), want.Outcome(), "en")) {
		t.Fatalf("play output:\n%s", out)
	}
	rec := readRecordFile(t, path)
	if !rec.Result.Ended() || len(rec.Moves) != len(want.Moves()) || rec.Players[0] != "random" || rec.Date == "" {
		t.Fatalf("record: %+v", rec)
	}
	p := replayJSON(t, "pogo", "--record", path)
	if p.Position != want.State().Encode() || p.Status != want.Outcome().Status.String() || p.Ply != want.State().Ply() {
		t.Fatalf("replay of the record: %+v, want position %s", p, want.State().Encode())
	}
	// The record read from standard input gives the same.
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out = mustRun(t, string(data), "replay", "pogo", "--record", "-", "--json")
	if !strings.Contains(out, want.State().Encode()) {
		t.Fatalf("replay --record -:\n%s", out)
	}
	if _, err := run(t, "", "replay", "pogo", "--record", path, "1a1-a2"); err == nil {
		t.Fatal("a move after the end is accepted")
	}
	// The record names its game: GAME may be left out.
	out = mustRun(t, "", "replay", "--record", path, "--json")
	if !strings.Contains(out, want.State().Encode()) {
		t.Fatalf("replay --record without GAME:\n%s", out)
	}
	if _, err := run(t, "", "replay", "solitaire", "--record", path); err == nil || !strings.Contains(err.Error(), "record of") {
		t.Fatalf("a record replayed as another game: %v", err)
	}
}

func TestPlayHuman(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.txt")
	input := "garbage\n\nmoves\n2b1-b3\nundo\nundo\nhelp\n1a1-a2\n"
	out, err := run(t, input, "play", "pogo", "--seat", "2=random", "--seed", "1", "--record", path)
	if err != nil {
		t.Fatalf("play: %v\n%s", err, out)
	}
	for _, want := range []string{
		`> garbage` + "\n" + `"garbage" is not a move: a POGO move is`, // the game's error, then the game goes on
		"Legal moves (16):\n1a1-b1  ",
		"Light (player 1) plays 2b1-b3.",
		"plays", "(random).",
		"Took back 2 moves.",
		"Nothing to take back.",
		"take back the last move",
		"Light (player 1) plays 1a1-a2.",
		"End of input: the game is not finished.",
		"Game record saved to " + path,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("play output lacks %q:\n%s", want, out)
		}
	}
	rec := readRecordFile(t, path)
	if rec.Result.Ended() || len(rec.Moves) != 2 || rec.Moves[0] != "1a1-a2" || rec.Players[0] != "human" || rec.Players[1] != "random" {
		t.Fatalf("record of the unfinished game: %+v", rec)
	}
	// The unfinished game can be continued from its record.
	if out := mustRun(t, "", "legal", "pogo", "--record", path); len(lines(out)) == 0 {
		t.Fatal("no legal moves after the unfinished record")
	}
}

func TestPlayUndoBetweenHumans(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.txt")
	out := mustRun(t, "2b1-b3\n2a3-c3\nundo\nquit\n", "play", "pogo", "--record", path)
	if !strings.Contains(out, "Took back 1 move.") || !strings.Contains(out, "Game stopped before its end.") {
		t.Fatalf("play output:\n%s", out)
	}
	if rec := readRecordFile(t, path); len(rec.Moves) != 1 || rec.Result.Ended() {
		t.Fatalf("record: %+v", rec)
	}
}

func TestPlayResign(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.txt")
	out := mustRun(t, "2b1-b3\nabandon\n", "play", "pogo", "--record", path, "--lang", "fr")
	if !strings.Contains(out, "Foncé (joueur 2) abandonne.") || !strings.Contains(out, "Clair (joueur 1) gagne (abandon).") {
		t.Fatalf("play output:\n%s", out)
	}
	rec := readRecordFile(t, path)
	if rec.Result.String() != "win 1" || rec.Result.Reason != "resignation" {
		t.Fatalf("record result: %+v", rec.Result)
	}
	p := replayJSON(t, "pogo", "--record", path)
	if p.Status != "win" || p.Reason != "resignation" || p.ToMove != nil || len(p.LegalMoves) != 0 {
		t.Fatalf("replay of a resigned game: %+v", p)
	}
	if out := mustRun(t, "", "legal", "pogo", "--record", path); out != "" {
		t.Fatalf("legal moves after a resignation:\n%s", out)
	}
}

func TestPlayFinishedByHuman(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.txt")
	out := mustRun(t, "2b1-b3\n2a3-c3\n2c1-c3\n", "play", "pogo", "--record", path)
	if !strings.Contains(out, "Game over at ply 3.\nLight (player 1) wins (tops every stack).") {
		t.Fatalf("play output:\n%s", out)
	}
	if rec := readRecordFile(t, path); rec.Result.String() != "win 1" || rec.Result.Reason != "tops every stack" {
		t.Fatalf("record: %+v", rec)
	}
}

func TestPlayDefaultRecordName(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	for i := 0; i < 2; i++ { // the second game in the same second gets its own file
		mustRun(t, "quit\n", "play", "pogo")
	}
	files, err := filepath.Glob(filepath.Join(dir, "plateau-pogo-*.txt"))
	if err != nil || len(files) != 2 {
		t.Fatalf("record files: %v %v", files, err)
	}
}

func TestReadLineBoundsLongLines(t *testing.T) {
	long := strings.Repeat("x", 3*game.MaxInput)
	out := mustRun(t, long+"\nquit\n", "play", "pogo", "--record", filepath.Join(t.TempDir(), "g.txt"))
	if !strings.Contains(out, "is not a move") || !strings.Contains(out, "Game stopped") {
		t.Fatalf("play output:\n%.2000s", out)
	}
}

func TestBench(t *testing.T) {
	out := mustRun(t, "", "bench", "pogo", "--seconds", "0.05", "--seed", "1", "--json")
	var res benchResult
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("bench --json: %v\n%s", err, out)
	}
	total := 0
	for _, r := range res.Results {
		total += r.Count
	}
	if res.Games == 0 || res.Plies < res.Games || total != res.Games || res.Seed != 1 || res.WarmUpSeconds < 0.2 {
		t.Fatalf("bench result: %+v", res)
	}
	out = mustRun(t, "", "bench", "pogo", "--seconds", "0.05")
	if !strings.Contains(out, "moves/s:") || !strings.Contains(out, "wins (tops every stack)") {
		t.Fatalf("bench output:\n%s", out)
	}
}

// TestBenchLoopAllocations keeps the measured loop lean: the only
// allocation of a playout is the copy of the start position.
func TestBenchLoopAllocations(t *testing.T) {
	b := newBencher(pogo.Variant(), 1)
	b.run(0) // first map entries
	allocs := testing.AllocsPerRun(200, func() {
		game.Playout(b.start.Clone(), b.rng, b.buf, b.rep)
	})
	if allocs > 1 {
		t.Fatalf("%.1f allocations per playout", allocs)
	}
}
