package engine

import (
	"bufio"
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/plateau-games/plateau/game"
	_ "github.com/plateau-games/plateau/games/all"
)

// session runs the server over the whole script and returns its answers
// without the info lines (they hold times).
func session(t *testing.T, script string) []string {
	t.Helper()
	var out strings.Builder
	s := NewServer(strings.NewReader(script), &out)
	if err := s.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, l := range strings.Split(strings.TrimRight(out.String(), "\n"), "\n") {
		if !strings.HasPrefix(l, "info ") {
			lines = append(lines, l)
		}
	}
	return lines
}

func expect(t *testing.T, got []string, want ...string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("answers:\n%q\nwant:\n%q", got, want)
	}
}

func TestScriptedSession(t *testing.T) {
	got := session(t, `plateau
newgame pogo
position start moves 2b1-b3
legal
moves 1a3-b3
status
position DD,DD,DD/-,-,-/LL,LL,LL L 0
perft 2
show
go depth 2 agent alphabeta
`)
	expect(t, got,
		"id name plateau",
		"id author the plateau authors",
		"protocol 1",
		"ok",
		"ok",
		"ok",
		"legal 1a3-a2 1a3-b3 2a3-a1 2a3-b2 2a3-c3 1c3-c2 1c3-b3 2c3-c1 2c3-b2 2c3-a3",
		"ok",
		"ok",
		"game pogo",
		"status ongoing",
		"to_move 1",
		"winners -",
		"scores 0 0",
		"reason -",
		"ply 2",
		"position D,DDLLD,DD/-,-,-/LL,-,LL L 2",
		"ok",
		"ok",
		"perft 2 240",
		"ok",
		"board    a   b   c   ",
		"board 3  DD  DD  DD  ",
		"board 2  .   .   .   ",
		"board 1  LL  LL  LL  ",
		"board (stacks bottom to top: L Light, D Dark; the last letter is the top)",
		"ok",
		"bestmove 2b1-b3", // depth 2, learned evaluation: b1 tops the b3 stack
	)
	// quit ends the session: what follows is not read. (It also stops a
	// running search at once, like stop.)
	expect(t, session(t, "newgame pogo\nquit\nlegal\n"), "ok", "ok")
}

func TestGamesAndSetOption(t *testing.T) {
	got := session(t, "games\nsetoption seed 7\nsetoption agent easy\nnewgame saute players=3\nsetoption agent mcts:depth=3\nsetoption colour red\nstatus\n")
	if got[0] != "game alignement 2 2 Alignement" || !contains(got, "game pogo 2 2 POGO") {
		t.Fatalf("games: %v", got)
	}
	rest := got[indexOf(got, "ok")+1:]
	if rest[0] != "ok" || rest[1] != "ok" || rest[2] != "ok" ||
		!strings.HasPrefix(rest[3], "error agent \"mcts:depth=3\": mcts has no parameter depth") ||
		!strings.HasPrefix(rest[4], "error unknown option \"colour\"") ||
		!strings.HasPrefix(rest[5], "game saute") || !strings.Contains(rest[5], "players=3") || rest[7] != "to_move 1" || rest[9] != "scores 0 0 0" {
		t.Fatalf("answers: %q", rest)
	}
}

// finishedPogo is the position text of a POGO game played to its end.
func finishedPogo(t *testing.T) string {
	v, err := game.NewVariant("pogo", nil)
	if err != nil {
		t.Fatal(err)
	}
	s := v.Start()
	for n := 0; len(s.LegalMoves(nil)) > 0; n++ {
		moves := s.LegalMoves(nil)
		s.Apply(moves[n%len(moves)])
	}
	return s.Encode()
}

func contains(list []string, s string) bool { return indexOf(list, s) >= 0 }

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

func TestErrors(t *testing.T) {
	for _, tc := range []struct{ script, want string }{
		{"legal", "error no game: send newgame GAME"},
		{"go", "error no game"},
		{"position start", "error no game"},
		{"frobnicate", `error unknown command "frobnicate"; commands:`},
		{"newgame", "error newgame needs a game id"},
		{"newgame chess", `error unknown game "chess"`},
		{"newgame pogo size=3", "error pogo takes no options"},
		{"newgame pogo\nposition", "error position needs start or a position text"},
		{"newgame pogo\nposition XX", `error position "XX":`},
		{"newgame pogo\nposition start moves 2b1-b3 9z9-z9", `error move 2, "9z9-z9":`},
		{"newgame pogo\nmoves 1a1-a3", `error move 1, "1a1-a3": "1a1-a3" is not a legal move here`},
		{"newgame pogo\nperft", "error perft needs one depth"},
		{"newgame pogo\nperft -1", "error perft depth \"-1\" must be a whole number from 0 to 12"},
		{"newgame pogo\nperft 99", "error perft depth \"99\""},
		{"newgame pogo\ngo depth", "error go depth needs a number"},
		{"newgame pogo\ngo depth x", `error go depth "x": give a whole number`},
		{"newgame pogo\ngo depth 2 time 5", "error go takes one budget"},
		{"newgame pogo\ngo sideways", `error go does not understand "sideways"`},
		{"newgame pogo\ngo depth 3 agent mcts", "error mcts has no depth budget"},
		{"newgame pogo\ngo nodes 3 agent mcts", "error mcts has no nodes budget"},
		{"newgame pogo\ngo iterations 3 agent alphabeta", "error alphabeta has no iteration budget"},
		{"newgame pogo\ngo agent chess", `error unknown agent "chess"`},
		{"newgame pogo\ngo agent", "error go agent needs a spec"},
		{"newgame pogo\nsetoption", "error setoption needs a name and a value"},
		{"newgame pogo\nsetoption seed -3", `error setoption seed: "-3" is not a whole number`},
		{"newgame pogo\nposition " + finishedPogo(t) + "\ngo", "error the game is over (win): there is no move to choose"},
	} {
		got := session(t, tc.script+"\n")
		last := got[len(got)-1]
		if !strings.HasPrefix(last, tc.want) || strings.Count(strings.Join(got, "\n"), "error") != 1 {
			t.Errorf("%q: got %q, want %q", tc.script, got, tc.want)
		}
	}
	// The position did not change after refused moves.
	got := session(t, "newgame pogo\nmoves 2b1-b3\nmoves 1a3-b3 1a1-a9\nstatus\n")
	if !contains(got, "ply 1") {
		t.Errorf("a refused moves command changed the position: %q", got)
	}
	// A line longer than the limit is refused, and the session goes on.
	got = session(t, strings.Repeat("x", maxLine+10)+"\nnewgame pogo\n")
	expect(t, got, "error the line is longer than 1048576 bytes", "ok")
	// Blank lines and comments are not answered.
	expect(t, session(t, "\n# a comment\n  \nisready\n"), "ok")
}

func TestGoBudgets(t *testing.T) {
	for _, tc := range []struct{ cmd, agent string }{
		{"go iterations 200 agent mcts:threads=1", "mcts:iterations=200,threads=1,c=1"},
		{"go time 100 agent mcts:threads=1", "mcts:time=100ms,threads=1,c=1"},
		{"go movetime 50 agent alphabeta", "alphabeta:time=50ms"},
		{"go depth 3 agent alphabeta:noise=1", "alphabeta:depth=3,noise=1"},
		{"go depth 2 agent hard", "alphabeta:depth=2"},
		{"go nodes 3000 agent alphabeta:depth=4,noise=1", "alphabeta:nodes=3000,noise=1"},
		{"go depth 2", "alphabeta:depth=2"},
		{"go iterations 100 agent random", "random"},
		{"go agent medium", "medium (alphabeta:depth=2)"},
	} {
		var out strings.Builder
		s := NewServer(strings.NewReader("newgame pogo\n"+tc.cmd+"\n"), &out)
		if err := s.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		text := out.String()
		if !strings.Contains(text, "info time ") || !strings.Contains(text, " agent "+tc.agent+"\n") && !strings.Contains(text, " agent "+tc.agent+" ") {
			t.Errorf("%s: %q", tc.cmd, text)
		}
		lines := strings.Split(strings.TrimSpace(text), "\n")
		if !strings.HasPrefix(lines[len(lines)-1], "bestmove ") {
			t.Errorf("%s: %q", tc.cmd, text)
		}
	}
	// Budgets in iterations or depth repeat under one seed.
	script := "setoption seed 3\nnewgame pogo\nposition start moves 2b1-b3\ngo iterations 300 agent mcts:threads=1\n"
	if a, b := session(t, script), session(t, script); strings.Join(a, " ") != strings.Join(b, " ") {
		t.Errorf("two runs differ: %q %q", a, b)
	}
}

func TestStop(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := NewServer(inR, outW)
	ended := make(chan error, 1)
	go func() { ended <- s.Run(context.Background()); outW.Close() }()
	answers := bufio.NewScanner(outR)
	read := func() string {
		if !answers.Scan() {
			t.Fatal("the server stopped answering")
		}
		return answers.Text()
	}
	io.WriteString(inW, "newgame empire\ngo time 600000 agent mcts:threads=1\n")
	if got := read(); got != "ok" {
		t.Fatalf("newgame: %q", got)
	}
	// Commands sent during the search wait for it; stop acts at once.
	time.Sleep(100 * time.Millisecond)
	start := time.Now()
	io.WriteString(inW, "status\nstop\n")
	var got []string
	for len(got) == 0 || !strings.HasPrefix(got[len(got)-1], "ok") || len(got) < 3 {
		l := read()
		if !strings.HasPrefix(l, "info ") {
			got = append(got, l)
		}
		if len(got) > 20 {
			break
		}
	}
	// The search was given ten minutes: answering within one shows stop
	// acted, however loaded the machine (idle: milliseconds).
	if time.Since(start) > time.Minute {
		t.Errorf("stop took %v", time.Since(start))
	}
	// stop ends the search at once (its bestmove comes first); the status
	// that waited for the search is answered next, then stop, in the order
	// sent.
	if !strings.HasPrefix(got[0], "bestmove ") || !strings.HasPrefix(got[1], "game empire") || got[len(got)-1] != "ok" {
		t.Fatalf("after stop: %q", got)
	}
	if got := read(); got != "ok" {
		t.Fatalf("stop answered %q", got)
	}
	// stop when idle answers ok; quit ends the session.
	io.WriteString(inW, "stop\nquit\n")
	for answers.Scan() {
		if l := answers.Text(); l != "ok" && !strings.HasPrefix(l, "status") && !strings.Contains(l, " ") {
			t.Errorf("unexpected %q", l)
		}
	}
	if err := <-ended; err != nil {
		t.Fatal(err)
	}
}

// A quit that comes during a search ends it at once, but the commands sent
// before it are answered first (they were dropped, unanswered).
func TestQuitAnswersQueuedCommands(t *testing.T) {
	got := session(t, "newgame empire\ngo time 600000 agent mcts:threads=1\nstatus\ngo\nquit\nstatus\n")
	want := []string{"ok", "bestmove ", "game empire", "status ongoing", "to_move 1", "winners -", "scores 0 0",
		"reason -", "ply 0", "position ", "ok", "error go not started: quit came after it", "ok"}
	if len(got) != len(want) {
		t.Fatalf("answers:\n%q\nwant:\n%q", got, want)
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Fatalf("answer %d is %q, want %q...; all:\n%q", i, got[i], want[i], got)
		}
	}
}

// TestInfoFigures: the last info line says what the search counted, for
// alpha-beta and MCTS, a level's agent included.
func TestInfoFigures(t *testing.T) {
	for _, tc := range []struct{ cmd, want string }{
		{"go depth 3 agent alphabeta", " nodes "},
		{"go iterations 300 agent mcts:threads=1", " iterations 300 ips "},
		{"go agent easy", " nodes "},
	} {
		var b strings.Builder
		if err := NewServer(strings.NewReader("newgame pogo\n"+tc.cmd+"\n"), &b).Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		if !strings.Contains(out, tc.want) || !strings.Contains(out, "bestmove") {
			t.Errorf("%s: no %q in\n%s", tc.cmd, tc.want, out)
		}
	}
}

// TestEndOfInputLetsTheSearchAnswer: the help's example, piped in without
// quit, always prints a searched move (quit would stop the search).
func TestEndOfInputLetsTheSearchAnswer(t *testing.T) {
	for i := 0; i < 5; i++ {
		var b strings.Builder
		script := "plateau\nnewgame pogo\nposition start moves 2b1-b3\ngo depth 4\n"
		if err := NewServer(strings.NewReader(script), &b).Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		if out := b.String(); !strings.Contains(out, "bestmove") || strings.Contains(out, "stopped before") || !strings.Contains(out, "depth 4 nodes") {
			t.Fatalf("run %d:\n%s", i+1, out)
		}
	}
}

// newgame takes the options that choose another reading of the rules, as
// --opt does: status names them, the start option's position is the one
// position start sets; a value outside the reading's is refused with the
// values accepted, an illegal start position with what is wrong.
func TestNewGameReadings(t *testing.T) {
	book := "........2S2T2S2T/.........2S2C2S/.........2T2S2T/...........2S/............/............/............/............/1S.........../1T1S1T........./1S1C1S........./1T1S1T1S........"
	moved := strings.Replace(book, "1T1S1T1S........", "1T1S1T.1S.......", 1)
	got := session(t, "newgame empire throne=near guard=all\nstatus\nnewgame empire start="+moved+"_1_0\nmoves d1-g1\nposition start\nstatus\n")
	if got[0] != "ok" || got[1] != "game empire guard=all players=2 teams=false throne=near" {
		t.Fatalf("readings: %q", got)
	}
	// d1-g1 is not a move of the given start (its archer is on e1), and
	// position start goes back to that start, not the book's.
	if !strings.HasPrefix(got[10], "ok") || !strings.HasPrefix(got[11], `error move 1, "d1-g1"`) || got[12] != "ok" || !contains(got, "position "+moved+" 1 0") {
		t.Fatalf("start option: %q", got)
	}
	for _, tc := range []struct{ script, want string }{
		{"newgame empire throne=middle", `error empire: option throne="middle" is not accepted; use one of: far, near`},
		{"newgame saute triangles=j", "error saute: triangles=j needs expert=true"},
		{"newgame empire start=" + strings.Replace(moved, "1C", "1S", 1) + "_1_0", "error empire: option start:"},
		{"newgame empire start=" + moved + "_2_0", "error empire: option start: player 2 is to move"},
		{"newgame blocus start=x", `error blocus has no option "start"`},
	} {
		got := session(t, tc.script+"\nstatus\n")
		if len(got) != 2 || !strings.HasPrefix(got[0], tc.want) || got[1] != "error no game: send newgame GAME [name=value ...] first (games lists them)" {
			t.Errorf("%q: got %q, want %q then no game", tc.script, got, tc.want)
		}
	}
}
