package engine

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/fuzzseed"
)

// maxFuzzInput bounds a fuzzed session: long enough for a position text
// and hundreds of moves, short enough that every line fits the reader's
// buffer in one piece (lines longer than maxLine are tested apart).
const maxFuzzInput = 32 << 10

// fuzzSafe keeps the lines of a fuzzed session that end quickly and stay
// in the process: go only with the random agent the session starts with
// (its budget ignored), perft to depth 2, no engine or perfect agent (they
// name a program and a file).
func fuzzSafe(input string) []string {
	var kept []string
	agentChanged := false
	for _, line := range strings.Split(input, "\n") {
		line = strings.TrimSuffix(line, "\r")
		f := strings.Fields(line)
		if len(f) == 0 {
			kept = append(kept, line)
			continue
		}
		switch strings.ToLower(f[0]) {
		case "go":
			if agentChanged || strings.Contains(strings.ToLower(line), "agent") {
				continue
			}
		case "perft":
			if len(f) == 2 {
				if d, err := strconv.Atoi(f[1]); err == nil && d > 2 {
					continue
				}
			}
		case "setoption":
			if len(f) >= 2 && strings.EqualFold(f[1], "agent") {
				_, spec, _ := strings.Cut(line, f[1])
				spec = strings.ToLower(strings.TrimSpace(spec))
				if strings.HasPrefix(spec, "engine") || strings.HasPrefix(spec, "perfect") {
					continue
				}
				agentChanged = true
			}
		}
		kept = append(kept, line)
	}
	return kept
}

// isFinal reports whether an answer line ends a command's answer.
func isFinal(line string) bool {
	return line == "ok" || strings.HasPrefix(line, "error ") || strings.HasPrefix(line, "bestmove ")
}

// FuzzServer feeds arbitrary sessions to the engine protocol: the server
// never panics, ends, and answers every command with exactly one final
// line (ok, error or bestmove), up to quit.
func FuzzServer(f *testing.F) {
	doc, err := os.ReadFile("../docs/engine-protocol.md")
	if err != nil {
		f.Fatal(err)
	}
	var session []string
	for _, l := range strings.Split(string(doc), "\n") {
		if c, ok := strings.CutPrefix(l, "> "); ok {
			session = append(session, c)
		}
	}
	f.Add(strings.Join(session, "\n"))
	f.Add("plateau\nnewgame pogo\nposition start moves 2b1-b3\nlegal\nmoves 1a3-b3\nstatus\nposition DD,DD,DD/-,-,-/LL,LL,LL L 0\nperft 2\nshow\ngo depth 2\n")
	f.Add("newgame pogo\ngo\nstop\nstatus\nquit\nlegal\n")
	f.Add("isready\n# a comment\n\nbogus\nsetoption seed 7\nsetoption agent random\nsetoption agent mcts:\nnewgame\nnewgame chess\nmoves\nperft x\n")
	for i, v := range fuzzseed.Variants() {
		m := fuzzseed.RandomGame(v, uint64(i), 6)
		opts := strings.ReplaceAll(v.Options.String(), " ", " ")
		f.Add("newgame " + v.Game.ID + " " + opts + "\nposition start moves " + strings.Join(m.Notations(), " ") +
			"\nlegal\nstatus\ngo\nperft 1\nshow\nposition " + m.State().Encode() + "\nmoves pass\nstatus\nquit\n")
	}
	f.Fuzz(func(t *testing.T, input string) {
		if len(input) > maxFuzzInput {
			t.Skip("longer than a session needs")
		}
		lines := fuzzSafe(input)
		commands := 0
		for _, l := range lines {
			l = strings.TrimSpace(l)
			if l == "" || strings.HasPrefix(l, "#") {
				continue
			}
			commands++
			if f := strings.Fields(l); strings.EqualFold(f[0], "quit") {
				break
			}
		}
		var out strings.Builder
		s := NewServer(strings.NewReader(strings.Join(lines, "\n")), &lockedWriter{b: &out})
		s.Agent = "random"
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		done := make(chan error, 1)
		go func() { done <- s.Run(ctx) }()
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
		case <-time.After(30 * time.Second):
			cancel()
			<-done
			t.Fatalf("the session has not ended after 30 s:\n%s", strings.Join(lines, "\n"))
		}
		finals := 0
		for _, l := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
			if isFinal(l) {
				finals++
			}
		}
		if finals != commands {
			t.Fatalf("%d commands got %d final answers; session:\n%s\nanswers:\n%s", commands, finals, strings.Join(lines, "\n"), out.String())
		}
	})
}

// lockedWriter is a strings.Builder written by one line at a time (the
// server holds its own lock around each line).
type lockedWriter struct{ b *strings.Builder }

func (w *lockedWriter) Write(p []byte) (int, error) { return w.b.Write(p) }
