//go:build unix

package cli

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/plateau-games/plateau/accounts"
	"github.com/plateau-games/plateau/store"
	"github.com/plateau-games/plateau/store/pgtest"
)

// TestExamples runs every example a reader is shown, as the reader would:
// the Example block of every command's --help (the command tree of
// NewRootCommand) and the sh blocks of README.md. Each block runs in a
// fresh empty folder, its lines in the order printed (a later line may use
// a file an earlier one made: blocks must be self-contained), each through
// sh -c with a plateau built from this tree first on PATH, and each must
// exit 0.
//
// What the test does that a reader would do differently is all here:
//
//   - Standard input is empty (/dev/null): the interactive examples
//     (plateau play, plateau engine) then end as at the end of input. A line
//     that asks for a password in a terminal (users add without --bot,
//     users reset) gets one line, examplePassword, as the reader would type
//     it.
//   - HOME (and XDG_CACHE_HOME) is a fresh folder of the block: solve pogo
//     writes its table in the user cache directory.
//   - The lines that solve POGO (plateau solve pogo, --out FILE) share one
//     solve per test command, ./scripts/test's when it made one: each gets
//     a copy of the table where it would have written it (pogoSolveLine). The locale variables
//     are left out, so that the messages are English unless --lang fr.
//   - Port 8080, the default of serve --addr and loadtest --server, may be
//     taken on the machine: every ":8080" becomes a free port of the block,
//     a plateau serve without --addr gets --addr 127.0.0.1:PORT and a
//     plateau loadtest without --server gets --server http://127.0.0.1:PORT.
//   - A postgres:// URL is a placeholder for the reader's database: it
//     becomes a fresh schema of PLATEAU_TEST_POSTGRES (which ./scripts/test
//     starts); without it the line is skipped, except under CI, where it
//     fails (as package pgtest does).
//   - plateau serve runs until Ctrl-C: it is started, must answer
//     GET /healthz on its port, then gets SIGINT and must exit 0. A line
//     ending in & is a server started for the next lines: it is started
//     the same way and stopped (SIGINT, exit 0) at the end of its block.
//   - Other ports a block names (8081 to 8099, a second server) become
//     free ports of their own the same way.
//   - plateau bot runs until Ctrl-C: it must connect (it logs "bot
//     connected"), then gets SIGINT and must exit 0; a bot line ending in
//     & keeps playing until the end of its block. The examples make their
//     own server, bot account and token; a line written with the
//     placeholder --token TOKEN would instead be given a server of the
//     test's with a bot account, its address for --server and its token.
//
// Lines of README.md that do not run plateau (go run, go build,
// ./scripts/test) are how to start from a checkout, not examples:
// ./scripts/test runs this very test, "go run ./cmd/plateau serve" is
// plateau serve, which the Usage blocks run, and "go generate
// ./server/internal/engineasset" rebuilds the browser's engine, which
// TestEngineModuleFresh checks.
//
// The whole run takes a few minutes (the solvers, arenas and load tests
// run for real, at the sizes of the examples): it is skipped with -short.
func TestExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every example of the help and of README.md, a few minutes")
	}
	blocks := append(helpExamples(), readmeExamples(t)...)
	bin := plateauBinary(t)
	shared := &sharedRuns{dir: t.TempDir()}
	// The blocks are independent: they run side by side, as many at once
	// as -parallel allows (the number of CPUs by default), so that the
	// load tests, which mostly wait, overlap the solvers and arenas.
	for _, b := range blocks {
		t.Run(b.name, func(t *testing.T) {
			t.Parallel()
			runExamples(t, bin, b, shared)
		})
	}
}

// POGO's table is solved once per test command. The lines that solve it
// (pogoSolveLine: plateau solve pogo, with or without --out FILE) compute
// the same 58 MB table, about 20 s of two cores (minutes on a loaded
// machine), and differ only in where they write it: the first block to
// reach one gets the table, the others wait for it, and each line gets a
// copy of it where it would have written it, as if it had run. The table
// comes from:
//
//   - PLATEAU_TEST_POGO_TABLE when it is set: ./scripts/test solves POGO
//     before go test, with this tree's plateau solve pogo --out FILE (the
//     same command as these lines), for the packages that check against
//     the solution. The command is then run for real once per test
//     command, by ./scripts/test, which fails if it fails;
//   - otherwise the first of these lines, run for real as any line.
//
// Either way the table the examples use is checked: plateau solve pogo
// --verify proves every entry of it (the solve block), and plateau play
// pogo --seat 2=perfect plays from it (README).
var pogoSolveLine = regexp.MustCompile(`^plateau\s+solve\s+pogo(\s+--out\s+(\S+))?$`)

// sharedRuns is POGO's table, once a block has it.
type sharedRuns struct {
	dir     string // where the table of a line run for real is kept
	mu      sync.Mutex
	started bool
	done    chan struct{} // closed once table is known
	block   string        // the block that got it
	table   string        // the table file; "" if its line failed
}

// pogoTableOf is where a line that solves POGO (pogoSolveLine) writes its
// table, or "" for any other line.
func (r *exampleRun) pogoTableOf(cmdline string) string {
	cmd, _, _ := strings.Cut(cmdline, "#")
	m := pogoSolveLine.FindStringSubmatch(strings.TrimSpace(cmd))
	switch {
	case m == nil:
		return ""
	case m[2] == "":
		// pogosolve.DefaultPath under the block's XDG_CACHE_HOME.
		return filepath.Join(r.home, ".cache", "plateau", "pogo.solution")
	case filepath.IsAbs(m[2]):
		return m[2]
	}
	return filepath.Join(r.dir, m[2])
}

// runPogoSolve gives a line that solves POGO its table (see
// pogoSolveLine): from ./scripts/test's run, from the block that ran it,
// or by running it.
func (r *exampleRun) runPogoSolve(cmdline, stdin, dest string) {
	t := r.t
	sh := r.shared
	sh.mu.Lock()
	first := !sh.started
	if first {
		sh.started, sh.done, sh.block = true, make(chan struct{}), t.Name()
	}
	sh.mu.Unlock()
	if first {
		if path := os.Getenv("PLATEAU_TEST_POGO_TABLE"); path != "" {
			sh.block = "./scripts/test (PLATEAU_TEST_POGO_TABLE)"
			sh.table = path
			close(sh.done)
		} else {
			defer close(sh.done) // a failure below is t.Fatal: the others see no table
			r.run(cmdline, stdin)
			kept := filepath.Join(sh.dir, "pogo.solution")
			if err := copyFile(dest, kept); err != nil {
				t.Fatalf("%s: its table: %v", cmdline, err)
			}
			sh.table = kept
			return
		}
	}
	<-sh.done
	if sh.table == "" {
		t.Fatalf("%s: failed in %s", cmdline, sh.block)
	}
	if err := copyFile(sh.table, dest); err != nil {
		t.Fatalf("%s: the table of %s: %v", cmdline, sh.block, err)
	}
	t.Logf("%s: as solved by %s (its table copied to %s)", cmdline, sh.block, dest)
}

// copyFile copies the file src to dst, making dst's folder.
func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// examplePassword is what a reader types when an example asks for a
// password.
const examplePassword = "correct horse battery staple"

type exampleBlock struct {
	name  string
	lines []string
}

// helpExamples are the Example blocks of every command, walked from the
// root.
func helpExamples() []exampleBlock {
	var blocks []exampleBlock
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		var lines []string
		for _, l := range strings.Split(c.Example, "\n") {
			if l = strings.TrimSpace(l); l != "" {
				lines = append(lines, l)
			}
		}
		if len(lines) > 0 {
			blocks = append(blocks, exampleBlock{"help_" + strings.ReplaceAll(c.CommandPath(), " ", "_"), lines})
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(NewRootCommand())
	return blocks
}

// readmeExamples are the lines that run plateau in the sh blocks of
// README.md, a block each.
func readmeExamples(t *testing.T) []exampleBlock {
	data, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var blocks []exampleBlock
	var cur *exampleBlock
	section := "top"
	for _, l := range strings.Split(string(data), "\n") {
		trimmed := strings.TrimSpace(l)
		switch {
		case cur == nil && strings.HasPrefix(l, "## "):
			section = strings.ReplaceAll(strings.TrimPrefix(l, "## "), " ", "_")
		case cur == nil && trimmed == "```sh":
			cur = &exampleBlock{name: fmt.Sprintf("README_%s_%d", section, len(blocks)+1)}
		case cur != nil && trimmed == "```":
			if len(cur.lines) > 0 {
				blocks = append(blocks, *cur)
			}
			cur = nil
		case cur != nil && (trimmed == "plateau" || strings.HasPrefix(trimmed, "plateau ")):
			cur.lines = append(cur.lines, trimmed)
		}
	}
	if len(blocks) == 0 {
		t.Fatal("README.md has no sh block running plateau")
	}
	return blocks
}

// freePort is a TCP port of the loopback nobody listens on now.
func freePort(t *testing.T) int {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// exampleRun is the state of one block's run.
type exampleRun struct {
	t          *testing.T
	bin        string
	dir        string // the block's folder, where its lines run
	env        []string
	port       int         // the block's port, for 8080
	ports      map[int]int // the block's ports for the others a line names (8081 to 8099)
	background []*exampleProc
	home       string // the block's HOME
	shared     *sharedRuns
	postgres   string // the block's schema URL, once a line needs one
	botServer  string // the bot fixture's server URL, once started
	botToken   string
	cpu        time.Duration // CPU time (user+sys) of the line run last, for the log
}

func runExamples(t *testing.T, bin string, b exampleBlock, shared *sharedRuns) {
	home := t.TempDir()
	r := &exampleRun{t: t, bin: bin, dir: t.TempDir(), port: freePort(t), ports: map[int]int{}, home: home, shared: shared}
	// The environment of the test, but for what the examples must not
	// depend on: the locale (the messages follow a French one), colours.
	skip := map[string]bool{"PATH": true, "HOME": true, "XDG_CACHE_HOME": true, "NO_COLOR": true,
		"LC_ALL": true, "LC_MESSAGES": true, "LANG": true, "LANGUAGE": true}
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); !skip[k] {
			r.env = append(r.env, kv)
		}
	}
	r.env = append(r.env, "PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"),
		"HOME="+home, "XDG_CACHE_HOME="+filepath.Join(home, ".cache"))
	// The background servers stop at the end of the block, before the
	// cleanups (the PostgreSQL schema is dropped in one).
	defer func() {
		for i := len(r.background) - 1; i >= 0; i-- {
			p := r.background[i]
			p.stop(t)
			t.Logf("CPU %5.1f s  %s (in the background)", p.cpu.Seconds(), p.cmdline)
		}
	}()
	for _, line := range b.lines {
		cmdline, ok := r.prepare(line)
		if !ok {
			continue
		}
		begin := time.Now()
		r.cpu = 0
		switch {
		case backgroundLine.MatchString(cmdline) && strings.HasPrefix(line, "plateau bot"):
			p := r.start(backgroundLine.ReplaceAllString(cmdline, ""), "")
			r.background = append(r.background, p)
			p.waitOutput(t, "bot connected")
		case backgroundLine.MatchString(cmdline):
			p := r.start(backgroundLine.ReplaceAllString(cmdline, ""), "")
			r.background = append(r.background, p)
			p.waitHTTP(t, r.portOf(cmdline))
		case strings.HasPrefix(line, "plateau serve"):
			p := r.start(cmdline, "")
			p.waitHTTP(t, r.port)
			p.stop(t)
			r.cpu = p.cpu
		case strings.HasPrefix(line, "plateau bot"):
			p := r.start(cmdline, "")
			p.waitOutput(t, "bot connected")
			p.stop(t)
			r.cpu = p.cpu
		case r.pogoTableOf(cmdline) != "":
			r.runPogoSolve(cmdline, stdinFor(line), r.pogoTableOf(cmdline))
		default:
			r.run(cmdline, stdinFor(line))
		}
		t.Logf("%5.1f s (CPU %5.1f s)  %s", time.Since(begin).Seconds(), r.cpu.Seconds(), cmdline)
	}
}

// stdinFor is the standard input of an example line: a password for the
// lines that ask for one, nothing for the others.
func stdinFor(line string) string {
	if strings.Contains(line, "|") {
		return ""
	}
	if strings.HasPrefix(line, "plateau users reset ") ||
		strings.HasPrefix(line, "plateau users add ") && !strings.Contains(line, "--bot") {
		return examplePassword + "\n"
	}
	return ""
}

var (
	// backgroundLine is the end of a line run in the background: " &",
	// maybe followed by a comment.
	backgroundLine = regexp.MustCompile(`\s&\s*(#.*)?$`)
	postgresURL    = regexp.MustCompile(`postgres://[^\s'"]+`)
	botServer      = regexp.MustCompile(`--server\s+\S+`)
	// otherPort is a second server's port in a block: 8081 to 8099.
	otherPort = regexp.MustCompile(`:80(8[1-9]|9[0-9])\b`)
)

// prepare makes the substitutions described at TestExamples; ok is false
// for a line to skip.
func (r *exampleRun) prepare(line string) (cmdline string, ok bool) {
	t := r.t
	port := strconv.Itoa(r.port)
	cmdline = strings.ReplaceAll(line, ":8080", ":"+port)
	cmdline = otherPort.ReplaceAllStringFunc(cmdline, func(m string) string {
		n, _ := strconv.Atoi(m[1:])
		if r.ports[n] == 0 {
			r.ports[n] = freePort(t)
		}
		return ":" + strconv.Itoa(r.ports[n])
	})
	if rest, found := strings.CutPrefix(cmdline, "plateau serve"); found && !strings.Contains(rest, "--addr") {
		cmdline = "plateau serve --addr 127.0.0.1:" + port + rest
	}
	if rest, found := strings.CutPrefix(cmdline, "plateau loadtest"); found && !strings.Contains(rest, "--server") {
		cmdline = "plateau loadtest --server http://127.0.0.1:" + port + rest
	}
	if postgresURL.MatchString(cmdline) {
		if r.postgres == "" {
			if os.Getenv("PLATEAU_TEST_POSTGRES") == "" && os.Getenv("CI") != "true" {
				t.Logf("skipped, no PostgreSQL (./scripts/test starts one): %s", line)
				return "", false
			}
			r.postgres = pgtest.URL(t, "examples")
		}
		cmdline = postgresURL.ReplaceAllLiteralString(cmdline, "'"+r.postgres+"'")
	}
	if strings.HasPrefix(cmdline, "plateau bot") && strings.Contains(cmdline, "--token TOKEN") {
		url, token := r.botFixture()
		cmdline = botServer.ReplaceAllLiteralString(cmdline, "--server "+url)
		cmdline = strings.ReplaceAll(cmdline, "--token TOKEN", "--token "+token)
	}
	return cmdline, true
}

// portOf is the port of the server a line starts: the block's port unless
// the line names another.
func (r *exampleRun) portOf(cmdline string) int {
	for _, p := range r.ports {
		if strings.Contains(cmdline, ":"+strconv.Itoa(p)) {
			return p
		}
	}
	return r.port
}

// run runs a line to its end, which must be exit status 0. No line has a
// time limit of its own: how long one takes depends on the machine and its
// load (plateau solve pogo: 20 s idle, over 5 minutes at load 25), and a
// line that hangs is stopped by the test's own deadline (-timeout), a
// minute before it, with its output.
func (r *exampleRun) run(cmdline, stdin string) {
	t := r.t
	ctx := context.Background()
	if deadline, ok := t.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, deadline.Add(-time.Minute))
		defer cancel()
	}
	cmd := exec.CommandContext(ctx, "sh", "-c", cmdline)
	cmd.Dir, cmd.Env = r.dir, r.env
	if stdin != "" {
		cmd.Stdin = strings.NewReader(stdin)
	}
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 10 * time.Second
	err := cmd.Run()
	if cmd.ProcessState != nil {
		r.cpu += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	if err != nil {
		t.Fatalf("%s: %v (the later lines of the block may need it)\n%s", cmdline, err, tail(out.String()))
	}
}

// startWait bounds how long a server or a bot may take to answer, to
// connect, or to stop after SIGINT: a second or less idle; the bound only
// turns a hang into a failure, generous for a machine at load 10 and more.
const startWait = 5 * time.Minute

// exampleProc is a line that runs until it is stopped: a server, a bot.
type exampleProc struct {
	cmdline string
	cmd     *exec.Cmd
	out     *syncBuffer
	done    chan struct{} // closed when it exited
	err     error
	cpu     time.Duration // its CPU time (user+sys), once it exited
}

// start starts a line that runs until stopped, exec'd by sh so that its
// signal goes to plateau itself.
func (r *exampleRun) start(cmdline, stdin string) *exampleProc {
	t := r.t
	p := &exampleProc{cmdline: cmdline, out: &syncBuffer{}, done: make(chan struct{})}
	p.cmd = exec.Command("sh", "-c", "exec "+cmdline)
	p.cmd.Dir, p.cmd.Env = r.dir, r.env
	if stdin != "" {
		p.cmd.Stdin = strings.NewReader(stdin)
	}
	p.cmd.Stdout, p.cmd.Stderr = p.out, p.out
	p.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	p.cmd.WaitDelay = 10 * time.Second
	if err := p.cmd.Start(); err != nil {
		t.Fatalf("%s: %v", cmdline, err)
	}
	go func() {
		p.err = p.cmd.Wait()
		if st := p.cmd.ProcessState; st != nil {
			p.cpu = st.UserTime() + st.SystemTime()
		}
		close(p.done)
	}()
	// Whatever happens to the test, nothing is left running.
	t.Cleanup(func() {
		select {
		case <-p.done:
		default:
			syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
			<-p.done
		}
	})
	return p
}

// waitHTTP waits until the server answers GET /healthz on port.
func (p *exampleProc) waitHTTP(t *testing.T, port int) {
	t.Helper()
	url := fmt.Sprintf("http://127.0.0.1:%d/healthz", port)
	client := &http.Client{Timeout: 10 * time.Second}
	deadline := time.Now().Add(startWait)
	for time.Now().Before(deadline) {
		select {
		case <-p.done:
			t.Fatalf("%s exited before it answered on port %d: %v\n%s", p.cmdline, port, p.err, tail(p.out.String()))
		default:
		}
		if resp, err := client.Get(url); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("%s does not answer %s after %v\n%s", p.cmdline, url, startWait, tail(p.out.String()))
}

// waitOutput waits until the line printed want.
func (p *exampleProc) waitOutput(t *testing.T, want string) {
	t.Helper()
	deadline := time.Now().Add(startWait)
	for !strings.Contains(p.out.String(), want) {
		select {
		case <-p.done:
			t.Fatalf("%s exited before it printed %q: %v\n%s", p.cmdline, want, p.err, tail(p.out.String()))
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s did not print %q in %v\n%s", p.cmdline, want, startWait, tail(p.out.String()))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// stop sends SIGINT (Ctrl-C) and checks that the line exits 0 by itself.
func (p *exampleProc) stop(t *testing.T) {
	t.Helper()
	select {
	case <-p.done:
		t.Fatalf("%s exited by itself: %v\n%s", p.cmdline, p.err, tail(p.out.String()))
	default:
	}
	p.cmd.Process.Signal(syscall.SIGINT)
	select {
	case <-p.done:
	case <-time.After(startWait):
		syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
		<-p.done
		t.Fatalf("%s did not stop within %v of SIGINT\n%s", p.cmdline, startWait, tail(p.out.String()))
	}
	if p.err != nil {
		t.Fatalf("%s, stopped by SIGINT: %v\n%s", p.cmdline, p.err, tail(p.out.String()))
	}
}

// botFixture starts, once a block, the server the bot examples play on,
// with a bot account and its token, and returns its URL and the token.
func (r *exampleRun) botFixture() (url, token string) {
	if r.botServer != "" {
		return r.botServer, r.botToken
	}
	t := r.t
	dir := t.TempDir()
	db := filepath.Join(dir, "bots.db")
	ctx := context.Background()
	st, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	acc := st.(store.Accounts)
	if err := acc.CreateUser(ctx, &store.User{Name: "examplebot", Role: store.RolePlayer, Bot: true}); err != nil {
		t.Fatal(err)
	}
	token, hash, err := accounts.NewToken()
	if err != nil {
		t.Fatal(err)
	}
	if err := acc.(store.BotTokens).CreateBotToken(ctx, &store.BotToken{ID: "examples", User: "examplebot", Hash: hash}); err != nil {
		t.Fatal(err)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	port := freePort(t)
	server := &exampleRun{t: t, bin: r.bin, dir: dir, env: r.env, port: port}
	p := server.start(fmt.Sprintf("plateau serve --db %s --addr 127.0.0.1:%d", db, port), "")
	p.waitHTTP(t, port)
	r.background = append(r.background, p)
	r.botServer, r.botToken = fmt.Sprintf("http://127.0.0.1:%d", port), token
	return r.botServer, r.botToken
}

// tail is the end of a long output, for error messages.
func tail(s string) string {
	const keep = 4000
	if len(s) > keep {
		s = "...\n" + s[len(s)-keep:]
	}
	return s
}

// syncBuffer is a bytes.Buffer that a process writes while the test reads.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestReadmeExampleLines checks the rule that picks README's examples on
// the README itself: the lines of its sh blocks are plateau command lines,
// or the commands of a checkout that the rule leaves out on purpose.
func TestReadmeExampleLines(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	in := false
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		switch {
		case l == "```sh":
			in = true
		case l == "```":
			in = false
		case in && l != "" && !strings.HasPrefix(l, "#") && l != "plateau" && !strings.HasPrefix(l, "plateau ") &&
			l != "./scripts/test" && l != "go run ./cmd/plateau serve" && l != "go generate ./server/internal/engineasset":
			t.Errorf("README.md: %q in an sh block is neither an example (plateau ...) nor a command of the checkout that TestExamples leaves out", l)
		}
	}
}
