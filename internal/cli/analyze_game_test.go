package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/record"
	"github.com/plateau-games/plateau/review"
)

// analyzeGameRecord writes the record of a POGO game of a few plies, one
// of them a blunder: Light could top every stack with 3a2-c3 and plays
// 3a2-c1, after which Dark does (2c3-c1).
func analyzeGameRecord(t *testing.T) (path string, m *game.Match) {
	t.Helper()
	v, _ := game.NewVariant("pogo", nil)
	s, err := v.Position("-,-,DD/DDL,-,-/-,-,LLLLDDL L 10")
	if err != nil {
		t.Fatal(err)
	}
	m = game.NewMatch(s)
	if err := record.PlayMoves(m, []string{"3a2-c1", "2c3-c1"}); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := record.Write(&b, record.FromMatch(m)); err != nil {
		t.Fatal(err)
	}
	path = filepath.Join(t.TempDir(), "game.txt")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, m
}

// runSplit runs the command line with stdout and stderr apart.
func runSplit(t *testing.T, stdin string, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	root := NewRootCommand()
	var out, errOut bytes.Buffer
	root.SetArgs(args)
	root.SetIn(strings.NewReader(stdin))
	root.SetOut(&out)
	root.SetErr(&errOut)
	err = root.Execute()
	return out.String(), errOut.String(), err
}

func TestAnalyzeGame(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir()) // no POGO solution: the search judges
	path, m := analyzeGameRecord(t)
	out := mustRun(t, "", "analyze-game", path, "--nodes", "2000")
	for _, want := range []string{
		"pogo, 2 plies, judged by alphabeta:nodes=2000.",
		"ply  player     move    verdict  better move  best value  value played",
		"  1  Light (1)  3a2-c1  blunder  3a2-c3       win in 1    loss in 2",
		"  2  Dark (2)   2c3-c1  best                  win in 1    win in 1",
		"End: loss for Light (1).",
		"player     moves  best  good  inaccuracies  mistakes  blunders  average loss",
		"Light (1)      1     0     0             0         0         1         2.000",
		"Dark (2)       1     1     0             0         0         0         0.000",
		"2 plies judged in ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	fr := mustRun(t, "", "analyze-game", path, "--nodes", "2000", "--lang", "fr")
	for _, want := range []string{"pogo, 2 coups, jugée par alphabeta:nodes=2000.", "gaffe", "meilleur", "gain en 1", "perte en 2", "Fin : perte pour Clair (1).", "Bilan :", "imprécisions"} {
		if !strings.Contains(fr, want) {
			t.Errorf("no %q in:\n%s", want, fr)
		}
	}
	// The default judge: the level hard.
	if out := mustRun(t, "", "analyze-game", path); !strings.Contains(out, "judged by hard (alphabeta:depth=8).") {
		t.Errorf("default judge:\n%s", out)
	}
	// JSON, from standard input.
	data, _ := os.ReadFile(path)
	stdout, _, err := runSplit(t, string(data), "analyze-game", "-", "--agent", "mcts:iterations=300,threads=1", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var r review.Review
	if err := json.Unmarshal([]byte(stdout), &r); err != nil {
		t.Fatalf("%v:\n%s", err, stdout)
	}
	if len(r.Plies) != 2 || !r.Complete || r.Plies[0].Class != review.Blunder || r.Plies[0].Best != "3a2-c3" ||
		strings.Join(r.Plies[0].BestPlaces, "-") != "a2-c3" || len(r.Series) != 3 || len(r.Seats) != 2 || !strings.HasPrefix(r.Agent, "mcts:iterations=300") {
		t.Errorf("JSON: %+v", r)
	}
	if len(m.Moves()) != len(r.Plies) {
		t.Errorf("%d plies judged of %d", len(r.Plies), len(m.Moves()))
	}
}

func TestAnalyzeGameErrors(t *testing.T) {
	path, _ := analyzeGameRecord(t)
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("[Game \"pogo\"]\n\n1. 2b1-b3 2. 1a1-a1 *\n"), 0o644)
	junk := filepath.Join(dir, "junk.txt")
	os.WriteFile(junk, []byte("[Game \"chess\"]\n\n1. e4 *\n"), 0o644)
	for _, tc := range []struct {
		args  []string
		usage bool
		want  string
	}{
		{[]string{"analyze-game"}, true, "missing RECORD"},
		{[]string{"analyze-game", path, "extra"}, true, `unexpected argument "extra"`},
		{[]string{"analyze-game", path, "--nodes", "10", "--budget", "1s"}, true, "give one budget"},
		{[]string{"analyze-game", path, "--nodes", "0"}, true, "--nodes 0"},
		{[]string{"analyze-game", path, "--budget", "-1s"}, true, "--budget -1s"},
		{[]string{"analyze-game", path, "--agent", "random"}, true, "cannot value moves"},
		{[]string{"analyze-game", path, "--agent", "mcts:depth=3"}, true, "mcts has no parameter depth"},
		{[]string{"analyze-game", bad}, false, `move 2 "1a1-a1"`},
		{[]string{"analyze-game", junk}, false, "chess"},
		{[]string{"analyze-game", filepath.Join(dir, "none.txt")}, false, "none.txt"},
	} {
		out, err := run(t, "", tc.args...)
		var usage *usageError
		if err == nil || !strings.Contains(err.Error(), tc.want) || errors.As(err, &usage) != tc.usage {
			t.Errorf("plateau %s: %v (usage error: %v), want %q\n%s", strings.Join(tc.args, " "), err, errors.As(err, &usage), tc.want, out)
		}
	}
}
