package cli

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The full POGO solve takes a minute: these tests cover the command line
// around it; the solver itself is tested in solve/pogo.

func TestSolveUsage(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		usage bool
		want  string
	}{
		{[]string{"solve"}, true, "missing GAME"},
		{[]string{"solve", "chess"}, false, "chess"},
		{[]string{"solve", "blocus"}, false, "no solver for blocus"},
		{[]string{"solve", "pogo", "a", "b"}, true, `unexpected argument "b"`},
		{[]string{"solve", "pogo", "--out", "x", "y"}, true, "--out"},
		{[]string{"solve", "pogo", "--out", "x", "--verify"}, true, "--out"},
		{[]string{"solve", "pogo", "--workers", "-1"}, true, "--workers"},
	} {
		out, err := run(t, "", tc.args...)
		var usage *usageError
		if err == nil || !strings.Contains(err.Error(), tc.want) || errors.As(err, &usage) != tc.usage {
			t.Errorf("plateau %s: %v (usage error: %v), want %q\n%s", strings.Join(tc.args, " "), err, errors.As(err, &usage), tc.want, out)
		}
	}
}

func TestSolvePogoBadTable(t *testing.T) {
	dir := t.TempDir()
	if _, err := run(t, "", "solve", "pogo", "--verify", filepath.Join(dir, "missing")); err == nil || !strings.Contains(err.Error(), "missing") {
		t.Errorf("missing table: %v", err)
	}
	junk := filepath.Join(dir, "junk.solution")
	if err := os.WriteFile(junk, []byte("not a table"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"solve", "pogo", junk}, {"solve", "pogo", "--verify", junk}} {
		if _, err := run(t, "", args...); err == nil || !strings.Contains(err.Error(), "not a POGO solution table") {
			t.Errorf("plateau %s: %v", strings.Join(args, " "), err)
		}
	}
}

// TestSolvePogoTable reads the real table when PLATEAU_POGO_TABLE names
// one (made by 'plateau solve pogo'; too slow to make here).
func TestSolvePogoTable(t *testing.T) {
	path := os.Getenv("PLATEAU_POGO_TABLE")
	if path == "" {
		t.Skip("set PLATEAU_POGO_TABLE to a table made by 'plateau solve pogo'")
	}
	out := mustRun(t, "", "solve", "pogo", path)
	for _, want := range []string{"start position, Light to move: draw", "1a1-b1 ", "positions (both sides to move): 232792560"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
}
