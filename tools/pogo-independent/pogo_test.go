package main

import (
	"bufio"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"
)

// The figures published in the project's documentation (plateau perft pogo).
func TestPerft(t *testing.T) {
	want := []int64{1, 16, 240, 3787, 58150, 898697}
	for d, w := range want {
		if got := Perft(StartBoard(), d); got != w {
			t.Errorf("perft %d = %d, want %d", d, got, w)
		}
	}
}

// The end cells found by walking paths are those of the rule as settled in
// DECISIONS.md: Manhattan distance n, and also 1 when n = 3.
func TestDestinations(t *testing.T) {
	abs := func(x int) int {
		if x < 0 {
			return -x
		}
		return x
	}
	for c := 0; c < 9; c++ {
		for n := 1; n <= 3; n++ {
			var want []uint8
			for d := 0; d < 9; d++ {
				dist := abs(c%3-d%3) + abs(c/3-d/3)
				if dist == n || (n == 3 && dist == 1) {
					want = append(want, uint8(d))
				}
			}
			if !slices.Equal(dests[c][n], want) {
				t.Errorf("%s, %d pieces: %v, want %v", cellName(c), n, dests[c][n], want)
			}
		}
	}
}

func TestNotationAndPositionText(t *testing.T) {
	b := StartBoard()
	if got := b.PositionText(0); got != "DD,DD,DD/-,-,-/LL,LL,LL L 0" {
		t.Errorf("start text %q", got)
	}
	for _, s := range []string{"2b1-b3", "b1-b3", "2 B1 - B3"} {
		if m, err := b.ParseMove(s); err != nil || m.String() != "2b1-b3" {
			t.Errorf("ParseMove(%q) = %v, %v", s, m, err)
		}
	}
	if _, err := b.ParseMove("a1-c3"); err == nil {
		t.Error("a1-c3 accepted")
	}
	// A stack of three lets both a one-piece step and a three-piece U-turn
	// reach a neighbour.
	g2 := NewGame(b, 0)
	for _, m := range []string{"1b1-a1", "1a3-a2"} {
		if err := g2.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := g2.Current().ParseMove("a1-b1"); err == nil || !strings.Contains(err.Error(), "ambiguous") {
		t.Errorf("a1-b1 with three pieces on a1: %v, want ambiguous", err)
	}
	text := g2.Current().PositionText(g2.Ply())
	nb, ply, err := ParsePosition(strings.Fields(text))
	if err != nil || nb != *g2.Current() || ply != 2 {
		t.Errorf("round trip of %q: %v %d %v", text, nb, ply, err)
	}
	for _, bad := range []string{"DD,DD,DD/-,-,-/LL,LL,L L 0", "DD,DD,DD/-,-,-/LL,LL,LX L 0", "DD,DD,DD/-,-/LL,LL,LL L 0", "DD,DD,DD/-,-,-/LL,LL,LL X 0",
		"-,-,-/-,-,-/DDDDDDLLLLLL,-,- L 0"} {
		if _, _, err := ParsePosition(strings.Fields(bad)); err == nil {
			t.Errorf("ParsePosition(%q) accepted", bad)
		}
	}
}

func TestRepetitionAndPlyLimit(t *testing.T) {
	g := NewGame(StartBoard(), 0)
	cycle := []string{"1a1-a2", "1a3-b3", "1a2-a1", "1b3-a3"}
	for i := 0; i < 8; i++ {
		if over, _, _ := g.Result(); over {
			t.Fatalf("over after %d moves", i)
		}
		if err := g.Play(cycle[i%4]); err != nil {
			t.Fatal(err)
		}
	}
	if over, w, reason := g.Result(); !over || w != -1 || reason != "threefold repetition" {
		t.Errorf("after two cycles: %v %d %q", over, w, reason)
	}
	if len(g.Legal()) != 0 || g.Play("1a1-a2") == nil {
		t.Error("moves allowed after the threefold repetition")
	}
	b, _, _ := ParsePosition(strings.Fields("DD,DD,DD/-,-,-/LL,LL,LL L 400"))
	if over, _, reason := NewGame(b, 400).Result(); !over || reason != "ply limit" {
		t.Errorf("ply 400: %v %q", over, reason)
	}
}

// randomGame plays n random plies from the start, or fewer if the game ends.
func randomGame(rng *rand.Rand, n int) *Game {
	g := NewGame(StartBoard(), 0)
	for i := 0; i < n; i++ {
		moves := g.Legal()
		if len(moves) == 0 {
			break
		}
		if err := g.Play(moves[rng.IntN(len(moves))].String()); err != nil {
			panic(err)
		}
	}
	return g
}

func testPlayers() []Player {
	return []Player{
		randomPlayer{},
		greedyPlayer{},
		&minimaxPlayer{def: Budget{Depth: 4}},
		&mctsPlayer{def: Budget{Iterations: 300}, c: 1.4},
	}
}

func TestPlayersMoveLegally(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, p := range testPlayers() {
		for i := 0; i < 40; i++ {
			g := randomGame(rng, rng.IntN(30))
			if over, _, _ := g.Result(); over {
				continue
			}
			m, _ := p.Choose(&Search{Game: g, Rng: rand.New(rand.NewPCG(uint64(i), 0))})
			if !slices.Contains(g.Legal(), m) {
				t.Fatalf("%s chose %v, not legal in %s", p.Name(), m, g.Current().PositionText(g.Ply()))
			}
		}
		// Just before the ply limit.
		b, _, _ := ParsePosition(strings.Fields("D,D,D/L,-,DDD/LL,LL,L L 399"))
		g := NewGame(b, 399)
		m, _ := p.Choose(&Search{Game: g, Rng: rand.New(rand.NewPCG(1, 1))})
		if !slices.Contains(g.Legal(), m) {
			t.Fatalf("%s at ply 399 chose %v", p.Name(), m)
		}
	}
}

// Light wins at once with 2c3-b2 (and only with it: 2a1-b2 uncovers a1).
const winInOne = "-,-,LLLL/-,D,-/DDDDDLL,-,- L 10"

func TestWinInOne(t *testing.T) {
	b, ply, err := ParsePosition(strings.Fields(winInOne))
	if err != nil {
		t.Fatal(err)
	}
	if m, ok := b.WinningMove(); !ok || m.String() != "2c3-b2" {
		t.Fatalf("WinningMove = %v %v", m, ok)
	}
	for _, p := range testPlayers()[1:] {
		for seed := uint64(0); seed < 5; seed++ {
			g := NewGame(b, ply)
			m, _ := p.Choose(&Search{Game: g, Rng: rand.New(rand.NewPCG(seed, 0))})
			if m.String() != "2c3-b2" {
				t.Errorf("%s (seed %d) played %v, not the win 2c3-b2", p.Name(), seed, m)
			}
		}
	}
}

// On random positions, minimax at depth 2 never allows a win in one when it
// has a move that does not.
func TestMinimaxDefends(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	checked := 0
	for i := 0; i < 400 && checked < 60; i++ {
		g := randomGame(rng, 4+rng.IntN(40))
		if over, _, _ := g.Result(); over {
			continue
		}
		b := *g.Current()
		if _, ok := b.WinningMove(); ok {
			continue
		}
		safe, unsafe := 0, 0
		for _, m := range g.Legal() {
			nb := b.Apply(m)
			if _, ok := nb.WinningMove(); ok {
				unsafe++
			} else {
				safe++
			}
		}
		if safe == 0 || unsafe == 0 {
			continue
		}
		checked++
		p := &minimaxPlayer{def: Budget{Depth: 2}}
		m, _ := p.Choose(&Search{Game: g, Rng: rand.New(rand.NewPCG(uint64(i), 0))})
		nb := b.Apply(m)
		if _, ok := nb.WinningMove(); ok {
			t.Errorf("%s: minimax played %v, which allows a win in one", b.PositionText(g.Ply()), m)
		}
	}
	if checked < 10 {
		t.Errorf("only %d positions checked", checked)
	}
}

// session feeds lines to a server and returns its output lines.
func session(t *testing.T, p Player, input string) []string {
	t.Helper()
	var out strings.Builder
	srv := NewServer(p, 1, &out)
	if err := srv.Run(strings.NewReader(input)); err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
}

func TestProtocol(t *testing.T) {
	in := `plateau
setoption seed 7
newgame pogo
# a comment

position start moves 2b1-b3
legal
moves 1a3-b3
status
perft 2
position DD,DD,DD/-,-,-/LL,LL,LL L 0 moves 2b1-b3 1a3-b3
status
moves 9z9
position start moves 2b1-b3 2b1-b3
fly
go depth 2
go iterations 5
stop
setoption agent hard
newgame polygone
quit
legal
`
	got := session(t, &minimaxPlayer{def: Budget{Depth: 3}}, in)
	want := []string{
		"id name pogo-independent minimax",
		"id author independent POGO players for plateau",
		"protocol 1",
		"ok",
		"ok",
		"ok",
		"ok",
		"legal 1a3-a2 1a3-b3 2a3-a1 2a3-b2 2a3-c3 1c3-c2 1c3-b3 2c3-c1 2c3-b2 2c3-a3",
		"ok",
		"ok",
		"game pogo", "status ongoing", "to_move 1", "winners -", "scores 0 0", "reason -", "ply 2",
		"position D,DDLLD,DD/-,-,-/LL,-,LL L 2",
		"ok",
		"perft 2 173",
		"ok",
		"ok",
		"game pogo", "status ongoing", "to_move 1", "winners -", "scores 0 0", "reason -", "ply 2",
		"position D,DDLLD,DD/-,-,-/LL,-,LL L 2",
		"ok",
		"error*", // 9z9
		"error*", // illegal second move: the position stays
		"error*", // fly
		"info*",
		"bestmove*",
		"error*", // minimax has no iterations budget
		"ok",     // stop while idle
		"error*", // setoption agent
		"error*", // another game
		"ok",     // quit; the last line is not read
	}
	if len(got) != len(want) {
		t.Fatalf("got %d lines, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for i := range want {
		if w, ok := strings.CutSuffix(want[i], "*"); ok {
			if !strings.HasPrefix(got[i], w) {
				t.Errorf("line %d: %q, want %s...", i+1, got[i], w)
			}
		} else if got[i] != want[i] {
			t.Errorf("line %d: %q, want %q", i+1, got[i], want[i])
		}
	}
	b, _, _ := ParsePosition(strings.Fields("D,DDLLD,DD/-,-,-/LL,-,LL L 2"))
	m := strings.TrimPrefix(got[len(got)-6], "bestmove ")
	if _, err := b.ParseMove(m); err != nil {
		t.Errorf("bestmove %q: %v", m, err)
	}
}

// A long search is stopped by stop, which answers bestmove then ok; a
// command sent while it runs waits for it.
func TestProtocolStop(t *testing.T) {
	for _, p := range []Player{&minimaxPlayer{def: Budget{Depth: 6}}, &mctsPlayer{def: Budget{Iterations: 100}, c: 1.4}} {
		pr, pw := io.Pipe()
		outR, outW := io.Pipe()
		srv := NewServer(p, 1, outW)
		finished := make(chan error, 1)
		go func() { finished <- srv.Run(pr); outW.Close() }()
		lines := bufio.NewScanner(outR)
		read := func() string {
			if !lines.Scan() {
				t.Fatal("output ended")
			}
			return lines.Text()
		}
		io.WriteString(pw, "newgame pogo\nposition start\ngo time 600000\nisready\n")
		if l := read(); l != "ok" {
			t.Fatal(l)
		}
		if l := read(); l != "ok" {
			t.Fatal(l)
		}
		time.Sleep(100 * time.Millisecond)
		start := time.Now()
		io.WriteString(pw, "stop\n")
		var got []string
		for oks := 0; oks < 2; {
			got = append(got, read())
			if got[len(got)-1] == "ok" {
				oks++
			}
		}
		// The search was given ten minutes: answering within one shows
		// the stop worked, however loaded the machine (idle: milliseconds).
		if time.Since(start) > time.Minute {
			t.Errorf("%s: stop took %v", p.Name(), time.Since(start))
		}
		// bestmove, then isready's ok (it waited), then stop's ok.
		if n := len(got); n < 3 || !strings.HasPrefix(got[n-3], "bestmove ") || got[n-2] != "ok" {
			t.Errorf("%s: after stop: %q", p.Name(), got)
		}
		io.WriteString(pw, "quit\n")
		if l := read(); l != "ok" {
			t.Fatal(l)
		}
		if err := <-finished; err != nil {
			t.Fatal(err)
		}
		pw.Close()
	}
}

// The search obeys its time budget.
func TestTimeBudget(t *testing.T) {
	for _, p := range []Player{&minimaxPlayer{}, &mctsPlayer{c: 1.4}} {
		g := NewGame(StartBoard(), 0)
		start := time.Now()
		m, _ := p.Choose(&Search{Game: g, Budget: Budget{Time: 200 * time.Millisecond}, Rng: rand.New(rand.NewPCG(1, 1))})
		// Not sooner than the budget (a search that ignores it stops at
		// once or never); the upper bound is a minute, as the machine may
		// be loaded: without a budget the search would run far longer.
		if d := time.Since(start); d < 150*time.Millisecond || d > time.Minute {
			t.Errorf("%s took %v for 200 ms", p.Name(), d)
		}
		if !slices.Contains(g.Legal(), m) {
			t.Errorf("%s: %v", p.Name(), m)
		}
	}
}

// With PLATEAU_BIN set to a plateau binary, the legal moves and the position
// texts are compared with `plateau engine` (used as a black box) along random
// games.
func TestAgainstPlateauEngine(t *testing.T) {
	bin := os.Getenv("PLATEAU_BIN")
	if bin == "" {
		t.Skip("PLATEAU_BIN is not set")
	}
	cmd := exec.Command(bin, "engine")
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { stdin.Close(); cmd.Wait() }()
	sc := bufio.NewScanner(stdout)
	ask := func(line string) []string {
		io.WriteString(stdin, line+"\n")
		var ans []string
		for sc.Scan() {
			l := sc.Text()
			if l == "ok" || strings.HasPrefix(l, "error") {
				if strings.HasPrefix(l, "error") {
					t.Fatalf("%s: %s", line, l)
				}
				return ans
			}
			ans = append(ans, l)
		}
		t.Fatal("plateau engine ended")
		return nil
	}
	ask("newgame pogo")
	rng := rand.New(rand.NewPCG(5, 5))
	positions := 0
	for game := 0; game < 60; game++ {
		g := NewGame(StartBoard(), 0)
		var played []string
		for {
			ask("position start moves " + strings.Join(played, " "))
			legal := ask("legal")
			status := ask("status")
			var mine []string
			for _, m := range g.Legal() {
				mine = append(mine, m.String())
			}
			if theirs := strings.Fields(strings.TrimPrefix(legal[0], "legal")); !slices.Equal(theirs, mine) {
				t.Fatalf("after %v: plateau %v, mine %v", played, theirs, mine)
			}
			wantPos := "position " + g.Current().PositionText(g.Ply())
			if !slices.Contains(status, wantPos) {
				t.Fatalf("after %v: plateau %v, mine %q", played, status, wantPos)
			}
			positions++
			if len(mine) == 0 {
				break
			}
			m := mine[rng.IntN(len(mine))]
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
			played = append(played, m)
		}
	}
	t.Logf("%d positions compared", positions)
}

func BenchmarkMinimaxDepth6(b *testing.B) {
	for i := 0; i < b.N; i++ {
		p := &minimaxPlayer{def: Budget{Depth: 6}}
		p.Choose(&Search{Game: NewGame(StartBoard(), 0), Rng: rand.New(rand.NewPCG(1, 1))})
	}
}
