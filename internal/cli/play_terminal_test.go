package cli

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// The full-screen game in a real terminal: the plateau program runs in a
// tmux window of 80x24, keys are sent to it as a player types them and the
// screen is read back. These tests skip without tmux, except under CI
// (scripts/test installs it).

// terminal is one tmux session running a command.
type terminal struct {
	t       *testing.T
	session string
	socket  string
}

var (
	binOnce sync.Once
	binDir  string
	binPath string
	binErr  error
)

// plateauBinary builds the command once per test binary (the terminal
// tests and the examples share it), alone in its folder (the examples put
// it first on PATH); TestMain removes it. When PLATEAU_TEST_BINARY names a
// plateau that ./scripts/test has just built from this tree (for solving
// POGO before go test), the folder holds a link to it instead: the same
// program, without linking it a second time (some 3 s of CPU).
func plateauBinary(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "plateau-bin")
		if err != nil {
			binErr = err
			return
		}
		binDir = dir
		binPath = filepath.Join(dir, "plateau")
		if built := os.Getenv("PLATEAU_TEST_BINARY"); built != "" {
			if built, err = filepath.Abs(built); err == nil {
				err = os.Symlink(built, binPath)
			}
			if err == nil {
				_, err = os.Stat(binPath) // a dangling link would fail every line
			}
			if err != nil {
				binErr = fmt.Errorf("PLATEAU_TEST_BINARY: %w", err)
			}
			return
		}
		out, err := exec.Command("go", "build", "-o", binPath, "github.com/plateau-games/plateau/cmd/plateau").CombinedOutput()
		if err != nil {
			binErr = &buildError{string(out)}
		}
	})
	if binErr != nil {
		t.Fatalf("building plateau: %v", binErr)
	}
	return binPath
}

type buildError struct{ out string }

func (e *buildError) Error() string { return e.out }

func startTerminal(t *testing.T, w, h int, env []string, args ...string) *terminal {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("tmux is not installed, and CI=true: the terminal tests must run (scripts/test installs it)")
		}
		t.Skip("tmux is not installed")
	}
	bin := plateauBinary(t)
	dir := t.TempDir()
	term := &terminal{t: t, session: "plateau", socket: filepath.Join(dir, "tmux.sock")}
	// The command keeps its window after it ends, so that its last words
	// can be read.
	cmdline := "cd " + dir + " && env " + strings.Join(env, " ") + " " + bin + " " + strings.Join(args, " ") + "; echo EXIT=$?; sleep 30"
	out, err := exec.Command("tmux", "-S", term.socket, "-f", "/dev/null", "new-session", "-d", "-s", term.session,
		"-x", strconv.Itoa(w), "-y", strconv.Itoa(h), cmdline).CombinedOutput()
	if err != nil {
		t.Fatalf("tmux: %v\n%s", err, out)
	}
	t.Cleanup(func() { exec.Command("tmux", "-S", term.socket, "kill-server").Run() })
	return term
}

// keys sends tmux key names ("Enter", "Up", "q").
func (term *terminal) keys(keys ...string) {
	term.t.Helper()
	for _, k := range keys {
		if out, err := exec.Command("tmux", "-S", term.socket, "send-keys", "-t", term.session, k).CombinedOutput(); err != nil {
			term.t.Fatalf("send-keys %s: %v\n%s", k, err, out)
		}
		time.Sleep(30 * time.Millisecond)
	}
}

// screen is the window's text; with escapes, its colours too.
func (term *terminal) screen(escapes bool) string {
	args := []string{"-S", term.socket, "capture-pane", "-p", "-t", term.session}
	if escapes {
		args = append(args, "-e")
	}
	out, _ := exec.Command("tmux", args...).Output()
	return string(out)
}

// await waits until the screen holds want.
func (term *terminal) await(want string) string {
	term.t.Helper()
	return term.awaitMatch(want, func(s string) bool { return strings.Contains(s, want) })
}

// awaitMatch waits until ok holds for the screen.
func (term *terminal) awaitMatch(want string, ok func(string) bool) string {
	term.t.Helper()
	// Idle, the screen shows it within a second: two minutes only turn a
	// program that never shows it into a failure, however loaded the machine.
	deadline := time.Now().Add(2 * time.Minute)
	// Each look is a tmux client started: looks soon after the keys,
	// then less often, so that a slow (loaded) machine is not loaded more
	// by the looks themselves.
	pause := 10 * time.Millisecond
	for {
		s := term.screen(false)
		if ok(s) {
			return s
		}
		if time.Now().After(deadline) {
			term.t.Fatalf("the screen never showed %q:\n%s", want, s)
		}
		time.Sleep(pause)
		pause = min(pause*3/2, 250*time.Millisecond)
	}
}

func TestTerminalGameWithKeys(t *testing.T) {
	term := startTerminal(t, 80, 24, []string{"TERM=xterm-256color"}, "play", "pogo", "--seat", "2=random", "--seed", "3", "--lang", "fr", "--record", "partie.txt")
	term.await("À vous")
	// The cursor starts on a1, the first piece that can move: Enter picks
	// it, Up goes to a2, Enter plays 1a1-a2.
	term.keys("Enter")
	term.await("Choisissez maintenant où aller")
	term.keys("Up", "Enter")
	s := term.await("Foncé a joué")
	if !strings.Contains(s, "1. 1a1-a2") {
		t.Fatalf("the move list:\n%s", s)
	}
	// The full list of moves, and the first one played from it.
	term.keys("m")
	term.await("Coups possibles")
	term.keys("Enter")
	round2 := regexp.MustCompile(`  2\. \S+  \S+`)
	term.awaitMatch("the second round", round2.MatchString)
	// A typed move the rules refuse, explained.
	term.keys(":", "z", "z", "Enter")
	s = term.await("zz")
	// The reason wraps onto the next lines rather than being cut: the
	// line after it is more of it, not the key bar; the French key bar
	// has resign (r) as the English one does.
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if strings.Contains(l, "n'est pas un coup") {
			if i+1 >= len(lines) || strings.Contains(lines[i+1], "←↑↓→") || strings.TrimSpace(lines[i+1]) == "" {
				t.Errorf("the refusal is on one line only:\n%s", s)
			}
			break
		}
	}
	if strings.Contains(s, "…") && !strings.Contains(s, "coups possibles") {
		t.Errorf("the refusal is cut:\n%s", s)
	}
	if !strings.Contains(s, "· r ·") && !strings.Contains(s, "r abandonner") {
		t.Errorf("the French key bar lacks r:\n%s", s)
	}
	// Undo takes back the reply and the move.
	term.keys("u")
	term.await("2 coups repris")
	// Colours are those of the web board: the board's wood as a
	// background.
	if colours := term.screen(true); !strings.Contains(colours, "48;5;") && !strings.Contains(colours, "48;2;") {
		t.Errorf("no background colour on the board:\n%q", colours[:min(400, len(colours))])
	}
	// A small window is told so; back to 80x24 the game is there again.
	exec.Command("tmux", "-S", term.socket, "resize-window", "-t", term.session, "-x", "60", "-y", "20").Run()
	term.await("au moins 80x24")
	exec.Command("tmux", "-S", term.socket, "resize-window", "-t", term.session, "-x", "80", "-y", "24").Run()
	term.await("Joueurs")
	// Quit asks, then saves the unfinished game.
	term.keys("q")
	term.await("Quitter la partie inachevée")
	term.keys("o")
	s = term.await("EXIT=0")
	if !strings.Contains(s, "Partie enregistrée dans partie.txt") {
		t.Fatalf("the record is not said to be saved:\n%s", s)
	}
}

func TestTerminalWithoutColour(t *testing.T) {
	term := startTerminal(t, 80, 24, []string{"TERM=xterm-256color", "NO_COLOR=1"}, "play", "blocus", "--lang", "en", "--record", "game.txt")
	term.await("Placing guards") // the placing phase says what to do
	s := term.screen(true)
	for _, colour := range []string{"38;5;", "48;5;", "38;2;", "48;2;"} {
		if strings.Contains(s, colour) {
			t.Fatalf("NO_COLOR and still colours (%s):\n%q", colour, s)
		}
	}
	// The cursor is still shown, in reverse video.
	if !strings.Contains(s, "\x1b[7m") && !strings.Contains(s, ";7m") {
		t.Errorf("no reverse video for the cursor:\n%q", s)
	}
	term.keys("q", "y")
	term.await("EXIT=0")
}

// TestPlainWhenNotATerminal: with --plain the line mode runs even in a
// terminal.
func TestPlainInATerminal(t *testing.T) {
	term := startTerminal(t, 80, 24, []string{"TERM=xterm-256color"}, "play", "pogo", "--plain", "--record", "game.txt")
	term.await(">")
	term.keys("quit", "Enter")
	term.await("EXIT=0")
}
