package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLab runs the lab on a cheap configuration (random players, 6 games
// a reading) and checks its table, its report and its plots, and that a
// seed gives the same figures whatever --parallel.
func TestLab(t *testing.T) {
	dir := t.TempDir()
	report := filepath.Join(dir, "lab.md")
	args := []string{"lab", "poldr", "--vary", "size=6,7", "--agent", "random", "--games", "6", "--seed", "3"}
	out, _, err := runSplit(t, "", append(args, "--parallel", "1", "--out", report)...)
	if err != nil {
		t.Fatalf("plateau lab: %v\n%s", err, out)
	}
	for _, want := range []string{"seed 3", "Ranking (lowest score first", "rank  reading", "size=6", "size=7",
		"balance gap (range)", "lead changes per game", "games with a forced pass", "games ended blocked", "report written to " + report} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	md, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"# Lab: poldr (size=6 vs size=7)", "## Ranking", "| rank | reading | score |", "## Readings",
		"| measure | size=6 | size=7 |", "lead change in their second half", "lab-lengths.svg", "lab-branching.svg", "lab-winrates.svg", "lab-readings.svg"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("report lacks %q:\n%s", want, md)
		}
	}
	for _, plot := range []string{"lab-lengths.svg", "lab-branching.svg", "lab-winrates.svg", "lab-readings.svg"} {
		if data, err := os.ReadFile(filepath.Join(dir, plot)); err != nil || !strings.Contains(string(data), "<svg") {
			t.Errorf("plot %s: %v", plot, err)
		} else if strings.Contains(string(data), "#-") {
			// A transparent grid colour came out as "#-8000000000000000...".
			t.Errorf("plot %s has an invalid colour", plot)
		}
	}

	// The same seed with two games at once: the same figures.
	jsonOf := func(parallel string) []byte {
		t.Helper()
		out, _, err := runSplit(t, "", append(args, "--parallel", parallel, "--json")...)
		if err != nil {
			t.Fatalf("plateau lab --parallel %s: %v", parallel, err)
		}
		return []byte(out)
	}
	one, two := jsonOf("1"), jsonOf("2")
	if string(one) != string(two) {
		t.Errorf("--parallel 1 and 2 differ:\n%s\n---\n%s", one, two)
	}
	var parsed struct {
		Seed    uint64 `json:"seed"`
		Ranking []struct {
			Rank  int
			Label string
		}
		Readings []struct {
			Label         string `json:"label"`
			Games         int    `json:"games"`
			DramaMeasured bool   `json:"drama_measured"`
			Lengths       []int  `json:"lengths"`
		} `json:"readings"`
	}
	if err := json.Unmarshal(one, &parsed); err != nil {
		t.Fatal(err)
	}
	if parsed.Seed != 3 || len(parsed.Readings) != 2 || len(parsed.Ranking) != 2 || parsed.Readings[1].Label != "size=7" ||
		parsed.Readings[0].Games != 6 || len(parsed.Readings[0].Lengths) != 6 || !parsed.Readings[0].DramaMeasured {
		t.Errorf("JSON %+v", parsed)
	}
}

// TestLabRefusals: what the game refuses is said with what it accepts.
func TestLabRefusals(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"lab", "poldr"}, `options of poldr: "players", "size", "match"`},
		{[]string{"lab", "poldr", "--vary", "colour=red"}, `poldr has no option "colour"; its options are: players, size, match`},
		{[]string{"lab", "pods", "--vary", "orientation=1,9"}, "use one of: 0, 1, 2, 3"},
		{[]string{"lab", "poldr", "--vary", "size"}, "not of the form option=value1,value2"},
		{[]string{"lab", "poldr", "--vary", "size=6", "--vary", "size=7"}, "varied twice"},
		{[]string{"lab", "poldr", "--opt", "size=6", "--vary", "size=7"}, "both fixed (--opt) and varied"},
		{[]string{"lab", "poldr", "--vary", "size=6", "--games", "0"}, "--games 0"},
		{[]string{"lab", "poldr", "--vary", "size=6", "--out", "lab.txt"}, "must end in .md or .html"},
		{[]string{"lab", "poldr", "--vary", "size=6", "--agent", "nobody"}, "nobody"},
	} {
		out, err := run(t, "", c.args...)
		if err == nil {
			t.Errorf("plateau %s: accepted", strings.Join(c.args, " "))
			continue
		}
		if msg := err.Error() + out; !strings.Contains(msg, c.want) {
			t.Errorf("plateau %s: %q lacks %q", strings.Join(c.args, " "), msg, c.want)
		}
	}
}
