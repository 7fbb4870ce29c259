package ai

import (
	"io"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/internal/fuzzseed"
)

// skipsFuzz reports whether the fuzz leaves spec alone: external engines
// (which start the program they name at their first move) and the perfect
// player (which reads the file it names). TestEngineAndPerfectSpecsFailCleanly
// covers them apart.
func skipsFuzz(spec string) bool {
	s := strings.ToLower(strings.TrimSpace(spec))
	return strings.HasPrefix(s, "engine") || strings.HasPrefix(s, "perfect")
}

// FuzzNew builds agents from arbitrary specs for every variant: New never
// panics, refuses with a message, and what it builds is an in-process
// player (no external program, no file but the POGO solution the level max
// may use).
func FuzzNew(f *testing.F) {
	for _, spec := range []string{
		"random", " MCTS ", "mcts:time=2s", "mcts:iterations=20000,threads=2,c=1.4",
		"mcts:reuse=false,decisive=false", "alphabeta", "alphabeta:time=1s,noise=0.5",
		"alphabeta:nodes=5000,depth=4", "alphabeta:table=12", "easy", "medium", "hard", "max",
		"mcts:", "mcts:c", "mcts:c=1,c=2", "hard:time=1s", "random:x=1", "chess",
		"mcts:iterations=1e9", "alphabeta:depth=99999999999999999999", "mcts:c=NaN", "mcts:time=-1s",
	} {
		for i := range fuzzseed.Variants() {
			if i%3 == 0 {
				f.Add(uint(i), spec)
			}
		}
	}
	f.Fuzz(func(t *testing.T, which uint, spec string) {
		if skipsFuzz(spec) {
			t.Skip("engine and perfect specs name programs and files")
		}
		_, v := fuzzseed.Variant(which)
		a, err := New(spec, v, 1)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("%s: empty error for %q", v, spec)
			}
			return
		}
		if a == nil || a.Name() == "" {
			t.Fatalf("%s: %q gives agent %v", v, spec, a)
		}
		switch a.(type) {
		case *EngineAgent:
			t.Fatalf("%s: %q makes an external engine", v, spec)
		case *Perfect:
			if strings.ToLower(strings.TrimSpace(spec)) != "max" {
				t.Fatalf("%s: %q makes the perfect player", v, spec)
			}
		}
		if c, ok := a.(io.Closer); ok {
			c.Close()
		}
	})
}

// The specs the fuzz leaves out fail cleanly on garbage: no panic, an
// error that says why, and an engine agent that has not started anything.
func TestEngineAndPerfectSpecsFailCleanly(t *testing.T) {
	// The POGO solution a user may have made must not change the answers.
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	pogo := fuzzseed.Variants()[0]
	for _, vv := range fuzzseed.Variants() {
		if vv.Game.ID == "pogo" {
			pogo = vv
		}
	}
	missing := filepath.Join(t.TempDir(), "no-such-file")
	for spec, want := range map[string]string{
		"engine:":                          "no program given",
		"engine:   ":                       "no program given",
		"engine:time=1s":                   "no program given",
		"engine:time=x prog":               "must be a duration",
		"engine:time=-1s prog":             "must be a duration",
		"engine:depth=0 prog":              "must be a whole number",
		"engine:depth=1 nodes=2 prog":      "give one budget",
		"engine:bogus=1 prog":              "unknown parameter",
		"engine:'unclosed":                 "unclosed quote",
		"engine:\"a b":                     "unclosed quote",
		"engine:" + missing:                "cannot run",
		"engine:time=1s " + missing + " x": "cannot run",
		"ENGINE:" + missing:                "cannot run",
		"perfect:":                         "nothing after the colon",
		"perfect:x":                        "not of the form key=value",
		"perfect:table=a,table=b":          "given twice",
		"perfect:depth=3":                  "no parameter depth",
		"perfect:table=" + missing:         "no POGO solution",
		"PERFECT:table=" + missing:         "no POGO solution",
	} {
		a, err := New(spec, pogo, 1)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, %v; want an error with %q", spec, a, err, want)
		}
	}
	// perfect plays POGO only, whatever the table.
	for _, vv := range fuzzseed.Variants() {
		if vv.Game.ID != "pogo" {
			if _, err := New("perfect:table="+missing, vv, 1); err == nil || !strings.Contains(err.Error(), "only POGO") {
				t.Errorf("perfect on %s: %v", vv, err)
			}
		}
	}
	// Garbage after the prefixes: never a panic, never a started program.
	rng := rand.New(rand.NewPCG(1, 2))
	const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789=,: '\"\\/.-\t\x00é"
	for i := 0; i < 2000; i++ {
		b := make([]byte, rng.IntN(30))
		for j := range b {
			b[j] = alphabet[rng.IntN(len(alphabet))]
		}
		for _, prefix := range []string{"engine:", "engine", "perfect:", "perfect", " Engine:time=1s ", "perfect:table="} {
			spec := prefix + string(b)
			if strings.HasPrefix(prefix, "perfect:table=") {
				spec = prefix + filepath.Join(missing, string(b))
			}
			a, err := New(spec, pogo, 1)
			if err != nil {
				if err.Error() == "" {
					t.Fatalf("%q: empty error", spec)
				}
				continue
			}
			e, ok := a.(*EngineAgent)
			if !ok {
				t.Fatalf("%q is accepted as %T", spec, a)
			}
			if e.cmd != nil {
				t.Fatalf("%q: New started %s", spec, e.argv[0])
			}
			e.Close()
		}
	}
}
