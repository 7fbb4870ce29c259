package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"
)

// programCommand is the program of the player "program" (--program).
var programCommand string

// programPlayer asks another program for its move: it writes the side to
// move and the nine stacks, "L LL LL LL - - - DD DD DD" (cells a1, b1, c1,
// a2, ..., c3; each stack bottom to top, - when empty), and reads back a
// line holding "RESULT" and the nine stacks after its move; the move is the
// legal one that leads there. Any other output is skipped. This is how
// laurentg/pogo's search is measured (laurentg/README.md): that program
// only plays interactively, so a shim runs its search on given positions.
type programPlayer struct {
	in    *bufio.Writer
	out   *bufio.Reader
	total time.Duration
	moves int
}

func newProgramPlayer(command string) (*programPlayer, error) {
	args := strings.Fields(command)
	if len(args) == 0 {
		return nil, fmt.Errorf("the player program needs --program 'PATH [ARGS]'")
	}
	cmd := exec.Command(args[0], args[1:]...)
	w, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	r, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	return &programPlayer{in: bufio.NewWriter(w), out: bufio.NewReader(r)}, nil
}

func (p *programPlayer) Name() string       { return "program" }
func (p *programPlayer) Check(Budget) error { return nil }

// stackText is stack c bottom to top, "-" when empty.
func stackText(b *Board, c int) string {
	if b.H[c] == 0 {
		return "-"
	}
	var sb strings.Builder
	for i := 0; i < int(b.H[c]); i++ {
		if b.Bits[c]>>i&1 == 1 {
			sb.WriteByte('D')
		} else {
			sb.WriteByte('L')
		}
	}
	return sb.String()
}

func (p *programPlayer) Choose(s *Search) (Move, string) {
	b := s.Game.Current()
	fields := []string{"L"}
	if b.ToMove == 1 {
		fields[0] = "D"
	}
	for c := 0; c < 9; c++ {
		fields = append(fields, stackText(b, c))
	}
	began := time.Now()
	fmt.Fprintln(p.in, strings.Join(fields, " "))
	legal := s.Game.Legal()
	if err := p.in.Flush(); err != nil {
		return legal[0], "program-error gone: " + err.Error()
	}
	var result []string
	for len(result) != 9 {
		line, err := p.out.ReadString('\n')
		if err != nil {
			return legal[0], "program-error gone: " + err.Error()
		}
		if i := strings.Index(line, "RESULT"); i >= 0 {
			result = strings.Fields(line[i:])[1:]
		}
	}
	took := time.Since(began)
	p.total += took
	p.moves++
	info := fmt.Sprintf("program-ms %d mean-ms %d", took.Milliseconds(), (p.total / time.Duration(p.moves)).Milliseconds())
	fmt.Fprintf(os.Stderr, "program: %s over %d moves\n", info, p.moves)
	for _, m := range legal {
		after := b.Apply(m)
		same := true
		for c := 0; c < 9 && same; c++ {
			same = stackText(&after, c) == result[c]
		}
		if same {
			return m, info
		}
	}
	return legal[0], "program-error no legal move leads to " + strings.Join(result, " ")
}
