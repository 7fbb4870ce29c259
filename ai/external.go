//go:build !js

package ai

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/plateau-games/plateau/game"
)

// EngineSpecHelp describes the spec of external engines, for help texts.
const EngineSpecHelp = `engine:[time=D] [iterations=N] [depth=N] [nodes=N] [timeout=D] PROGRAM [ARGS...]
  a program speaking the plateau engine protocol (docs/engine-protocol.md);
  words are separated by spaces, quoted with '...' or "..." when they hold
  spaces or commas; the key=value words before PROGRAM set the budget sent
  with go and how long to wait for an answer (default: budget + 30s, or 2m)`

// Timeouts of external engines.
const (
	engineHandshakeTimeout = 15 * time.Second // start, handshake, newgame, position
	engineDefaultTimeout   = 2 * time.Minute  // go without a time budget
	engineTimeMargin       = 30 * time.Second // go time T waits T plus this
	engineStopTimeout      = 5 * time.Second  // after stop, for the bestmove
	engineQuitTimeout      = 2 * time.Second  // after quit, before killing it
)

// EngineAgent is an external program that speaks the plateau engine
// protocol, used as an agent (spec "engine:PROGRAM ARGS"). The program is
// started at the first move, not by NewEngineAgent, so that checking a
// spec costs nothing; Close ends it. Like every agent it serves one game at
// a time.
type EngineAgent struct {
	name    string
	argv    []string
	goArgs  string // "time 1000", "iterations 500", "depth 4" or ""
	timeout time.Duration
	v       *game.Variant
	seed    uint64

	cmd     *exec.Cmd
	stdin   io.WriteCloser
	lines   chan string
	stderr  *tail
	waitErr chan error
	closed  chan struct{} // closed by Close: stop passing lines on
	err     error         // a failure that makes the engine unusable
}

// NewEngineAgent reads the text after "engine:" (see EngineSpecHelp).
func NewEngineAgent(text string, v *game.Variant, seed uint64) (*EngineAgent, error) {
	words, err := splitWords(text)
	if err != nil {
		return nil, err
	}
	a := &EngineAgent{name: "engine:" + strings.TrimSpace(text), v: v, seed: seed}
	var timeLimit time.Duration
	for len(words) > 0 {
		k, val, ok := strings.Cut(words[0], "=")
		if !ok || strings.ContainsAny(k, "/\\.") {
			break
		}
		switch strings.ToLower(k) {
		case "time", "timeout":
			d, err := time.ParseDuration(val)
			if err != nil || d <= 0 {
				return nil, fmt.Errorf("engine: %s=%s must be a duration such as 500ms, 2s or 1m", k, val)
			}
			if strings.EqualFold(k, "timeout") {
				a.timeout = d
			} else {
				timeLimit = d
				a.setBudget("time " + strconv.FormatInt(max(d.Milliseconds(), 1), 10))
			}
		case "iterations", "depth", "nodes":
			n, err := strconv.Atoi(val)
			if err != nil || n < 1 {
				return nil, fmt.Errorf("engine: %s=%s must be a whole number, 1 or more", k, val)
			}
			a.setBudget(strings.ToLower(k) + " " + val)
		default:
			return nil, fmt.Errorf("engine: unknown parameter %s; the parameters are time, iterations, depth, nodes and timeout, then the program", game.Quote(k))
		}
		if a.err != nil {
			return nil, a.err
		}
		words = words[1:]
	}
	if len(words) == 0 {
		return nil, fmt.Errorf("engine: no program given; write %s", EngineSpecHelp)
	}
	path, err := exec.LookPath(words[0])
	if err != nil {
		return nil, fmt.Errorf("engine: cannot run %s: %w", game.Quote(words[0]), err)
	}
	a.argv = append([]string{path}, words[1:]...)
	if a.timeout == 0 {
		a.timeout = engineDefaultTimeout
		if timeLimit > 0 {
			a.timeout = timeLimit + engineTimeMargin
		}
	}
	return a, nil
}

func (a *EngineAgent) setBudget(args string) {
	if a.goArgs != "" {
		a.err = fmt.Errorf("engine: give one budget: time, iterations or depth")
	}
	a.goArgs = args
}

// splitWords splits a command line at spaces, keeping what is inside
// single or double quotes together (without the quotes).
func splitWords(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	var quote rune
	for _, r := range s {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(r)
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == ' ' || r == '\t':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("engine: unclosed quote %c in %s", quote, game.Quote(s))
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}

// Name implements Agent: the spec as given.
func (a *EngineAgent) Name() string { return a.name }

// fail records a fatal error, adding what the program last wrote on its
// standard error, and ends the program.
func (a *EngineAgent) fail(format string, args ...any) error {
	msg := fmt.Sprintf(format, args...)
	if a.waitErr != nil {
		// Give a dying program a moment to finish its last words.
		select {
		case err := <-a.waitErr:
			a.waitErr <- err // for Close
		case <-time.After(200 * time.Millisecond):
		}
	}
	if a.stderr != nil {
		if t := a.stderr.String(); t != "" {
			msg += " (its stderr: " + t + ")"
		}
	}
	a.err = fmt.Errorf("engine %s: %s", a.argv[0], msg)
	a.Close()
	return a.err
}

// start runs the program and does the handshake and newgame.
func (a *EngineAgent) start() error {
	cmd := exec.Command(a.argv[0], a.argv[1:]...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return a.fail("%v", err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return a.fail("%v", err)
	}
	a.stderr = &tail{}
	cmd.Stderr = a.stderr
	if err := cmd.Start(); err != nil {
		a.err = fmt.Errorf("engine %s: %w", a.argv[0], err)
		return a.err
	}
	a.cmd, a.stdin = cmd, stdin
	a.lines = make(chan string, 64)
	a.waitErr = make(chan error, 1)
	a.closed = make(chan struct{})
	lines, closed, waitErr := a.lines, a.closed, a.waitErr
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			case <-closed: // nobody reads any more: drain to the end
			}
		}
		close(lines)
		// Wait only once the output is read: it closes the pipe.
		waitErr <- cmd.Wait()
	}()

	if err := a.command("plateau", engineHandshakeTimeout, nil); err != nil {
		return err
	}
	// Ask for the agent's seed, so that an engine with an iteration or
	// depth budget plays reproducibly; an engine without seeds may refuse.
	_ = a.commandTolerant("setoption seed "+strconv.FormatUint(a.seed, 10), engineHandshakeTimeout)
	if a.err != nil {
		return a.err
	}
	newgame := "newgame " + a.v.Game.ID
	if len(a.v.Options) > 0 {
		newgame += " " + a.v.Options.String()
	}
	return a.command(newgame, engineHandshakeTimeout, nil)
}

// send writes one command line.
func (a *EngineAgent) send(line string) error {
	if _, err := io.WriteString(a.stdin, line+"\n"); err != nil {
		return a.fail("ended or stopped reading: cannot send %s: %v", game.Quote(line), err)
	}
	return nil
}

// readLine waits for the next line that is not info.
func (a *EngineAgent) readLine(what string, timeout time.Duration, cancel <-chan struct{}) (string, bool, error) {
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	for {
		select {
		case l, ok := <-a.lines:
			if !ok {
				return "", false, a.fail("ended while we waited for %s", what)
			}
			l = strings.TrimSpace(l)
			if l == "" || strings.HasPrefix(l, "info") {
				continue
			}
			return l, false, nil
		case <-timer.C:
			return "", false, a.fail("no answer to %s within %v", what, timeout)
		case <-cancel:
			return "", true, nil
		}
	}
}

// command sends line and reads its answer up to ok; data lines go to
// data. An "error" answer is an error.
func (a *EngineAgent) command(line string, timeout time.Duration, data func(string)) error {
	if err := a.send(line); err != nil {
		return err
	}
	for {
		l, _, err := a.readLine(game.Quote(line), timeout, nil)
		if err != nil {
			return err
		}
		switch {
		case l == "ok":
			return nil
		case strings.HasPrefix(l, "error"):
			return fmt.Errorf("engine %s refused %s: %s", a.argv[0], game.Quote(line), strings.TrimSpace(strings.TrimPrefix(l, "error")))
		case data != nil:
			data(l)
		}
	}
}

// commandTolerant is command for optional commands: a refusal is not fatal.
func (a *EngineAgent) commandTolerant(line string, timeout time.Duration) error {
	err := a.command(line, timeout, nil)
	if a.err != nil {
		return a.err
	}
	return err
}

// Choose implements Agent: it sends the position (the match's start and
// every move, so the engine sees the history that decides repetitions),
// then go with the budget, and reads bestmove. Cancelling ctx sends stop.
func (a *EngineAgent) Choose(ctx context.Context, m *game.Match) (game.Move, error) {
	if a.err != nil {
		return 0, a.err
	}
	if m.Outcome().Ended() {
		return 0, ErrGameOver
	}
	if a.cmd == nil {
		if err := a.start(); err != nil {
			return 0, err
		}
	}
	pos := "position start"
	if start := m.Start().Encode(); start != m.Variant().Start().Encode() {
		pos = "position " + start
	}
	if notes := m.Notations(); len(notes) > 0 {
		pos += " moves " + strings.Join(notes, " ")
	}
	if err := a.command(pos, engineHandshakeTimeout, nil); err != nil {
		return 0, err
	}
	goLine := strings.TrimSpace("go " + a.goArgs)
	if err := a.send(goLine); err != nil {
		return 0, err
	}
	l, cancelled, err := a.readLine("go", a.timeout, ctx.Done())
	if err != nil {
		return 0, err
	}
	if cancelled {
		// Stop the search: its bestmove comes first, then stop's ok.
		if err := a.send("stop"); err != nil {
			return 0, err
		}
		if l, _, err = a.readLine("bestmove after stop", engineStopTimeout, nil); err != nil {
			return 0, err
		}
		if _, _, err := a.readLine("ok after stop", engineStopTimeout, nil); err != nil {
			return 0, err
		}
	}
	if strings.HasPrefix(l, "error") {
		return 0, fmt.Errorf("engine %s: %s", a.argv[0], strings.TrimSpace(strings.TrimPrefix(l, "error")))
	}
	text, ok := strings.CutPrefix(l, "bestmove ")
	if !ok {
		return 0, a.fail("answered %s to go instead of bestmove MOVE", game.Quote(l))
	}
	mv, err := m.State().ParseMove(strings.TrimSpace(text))
	if err != nil {
		return 0, fmt.Errorf("engine %s played an illegal move: %w", a.argv[0], err)
	}
	return mv, nil
}

// Close ends the program: quit, then kill if it lingers. It is safe to
// call more than once and on an agent that never started.
func (a *EngineAgent) Close() error {
	if a.cmd == nil {
		return nil
	}
	cmd := a.cmd
	a.cmd = nil
	if a.err == nil {
		a.err = fmt.Errorf("engine %s: closed", a.argv[0])
	}
	close(a.closed)
	io.WriteString(a.stdin, "quit\n")
	a.stdin.Close()
	select {
	case <-a.waitErr:
	case <-time.After(engineQuitTimeout):
		cmd.Process.Kill()
		<-a.waitErr
	}
	return nil
}

// tail keeps the last bytes a program wrote, for error messages.
type tail struct {
	mu  sync.Mutex
	buf []byte
}

const tailSize = 512

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > tailSize {
		t.buf = t.buf[len(t.buf)-tailSize:]
	}
	return len(p), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.Join(strings.Fields(string(t.buf)), " ")
}
