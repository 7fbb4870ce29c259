package main

// The engine side of plateau's line protocol (docs/engine-protocol.md),
// for POGO only.

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Server answers the protocol for one player.
type Server struct {
	player Player
	seed   uint64
	log    io.Writer // echo of the commands received, or nil

	mu  sync.Mutex // guards out
	out *bufio.Writer

	game    *Game
	goCount uint64

	stops atomic.Int64  // stop and quit lines read so far
	done  chan struct{} // closed when the running search has answered; nil when idle
}

// NewServer makes a server writing to out.
func NewServer(p Player, seed uint64, out io.Writer) *Server {
	return &Server{player: p, seed: seed, out: bufio.NewWriter(out), game: NewGame(StartBoard(), 0)}
}

func (s *Server) println(format string, args ...any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	fmt.Fprintf(s.out, format, args...)
	s.out.WriteByte('\n')
	s.out.Flush()
}

// wait blocks until the running search, if any, has answered.
func (s *Server) wait() {
	if s.done != nil {
		<-s.done
		s.done = nil
	}
}

// maxLine is the longest command line accepted.
const maxLine = 1 << 20

type inputLine struct {
	text        string
	tooLong     bool
	stopsBefore int64 // stop and quit lines read before this one
}

// readLines reads lines into the channel until quit or the end of the
// input. It counts stop and quit lines as soon as they are read, so that they
// act at once on a running search even when other commands are queued before
// them.
func (s *Server) readLines(in io.Reader, lines chan<- inputLine) {
	defer close(lines)
	r := bufio.NewReaderSize(in, 64*1024)
	for {
		var buf []byte
		tooLong := false
		var err error
		for {
			var chunk []byte
			chunk, err = r.ReadSlice('\n')
			if !tooLong {
				buf = append(buf, chunk...)
				if len(buf) > maxLine+2 {
					tooLong, buf = true, nil
				}
			}
			if err != bufio.ErrBufferFull {
				break
			}
		}
		if len(buf) == 0 && !tooLong && err != nil {
			return
		}
		text := strings.TrimSpace(string(buf))
		if s.log != nil {
			fmt.Fprintf(s.log, "< %s\n", text)
		}
		cmd := ""
		if f := strings.Fields(text); len(f) > 0 {
			cmd = strings.ToLower(f[0])
		}
		l := inputLine{text: text, tooLong: tooLong, stopsBefore: s.stops.Load()}
		if cmd == "stop" || cmd == "quit" {
			s.stops.Add(1)
		}
		lines <- l
		if cmd == "quit" || err != nil {
			return
		}
	}
}

// Run reads commands from in until quit or the end of the input.
func (s *Server) Run(in io.Reader) error {
	lines := make(chan inputLine, 1024)
	go s.readLines(in, lines)
	for l := range lines {
		if l.tooLong {
			s.wait()
			s.println("error line over 1 MiB")
			continue
		}
		if l.text == "" || strings.HasPrefix(l.text, "#") {
			continue
		}
		f := strings.Fields(l.text)
		cmd := strings.ToLower(f[0])
		s.wait()
		switch cmd {
		case "stop":
			s.println("ok")
			continue
		case "quit":
			s.println("ok")
			return nil
		}
		s.command(cmd, f[1:], l.stopsBefore)
	}
	s.wait()
	return nil
}

func (s *Server) command(cmd string, args []string, stopsBefore int64) {
	switch cmd {
	case "plateau":
		s.println("id name pogo-independent %s", s.player.Name())
		s.println("id author independent POGO players for plateau")
		s.println("protocol 1")
		s.println("ok")
	case "isready":
		s.println("ok")
	case "games":
		s.println("game pogo 2 2 POGO")
		s.println("ok")
	case "setoption":
		s.setoption(args)
	case "newgame":
		if len(args) == 0 || strings.ToLower(args[0]) != "pogo" {
			s.println("error this engine plays only pogo")
			return
		}
		for _, o := range args[1:] {
			name, val, ok := strings.Cut(o, "=")
			if !ok {
				s.println("error bad option %q: name=value", o)
				return
			}
			if strings.ToLower(name) == "seed" {
				if _, err := strconv.ParseUint(val, 10, 64); err != nil {
					s.println("error bad seed %q", val)
					return
				}
				continue // the game has no randomness; the agents' seed is setoption's
			}
			s.println("error pogo has no option %q", name)
			return
		}
		s.game = NewGame(StartBoard(), 0)
		s.goCount = 0
		s.println("ok")
	case "position":
		s.position(args)
	case "moves":
		g := &Game{StartPly: s.game.StartPly, Boards: append([]Board(nil), s.game.Boards...), Moves: append([]Move(nil), s.game.Moves...)}
		for i, m := range args {
			if err := g.Play(m); err != nil {
				s.println("error move %d, %q: %v", i+1, m, err)
				return
			}
		}
		s.game = g
		s.println("ok")
	case "legal":
		var sb strings.Builder
		sb.WriteString("legal")
		for _, m := range s.game.Legal() {
			sb.WriteString(" " + m.String())
		}
		s.println("%s", sb.String())
		s.println("ok")
	case "show":
		b := s.game.Current()
		s.println("board    a      b      c")
		for r := 2; r >= 0; r-- {
			line := fmt.Sprintf("board %d  ", r+1)
			for f := 0; f < 3; f++ {
				c := f + 3*r
				st := "."
				if b.H[c] > 0 {
					st = ""
					for i := uint8(0); i < b.H[c]; i++ {
						st += string("LD"[b.Bits[c]>>i&1])
					}
				}
				line += fmt.Sprintf("%-7s", st)
			}
			s.println("%s", line)
		}
		s.println("ok")
	case "status":
		over, winner, reason := s.game.Result()
		status, toMove, winners := "ongoing", strconv.Itoa(int(s.game.Current().ToMove)+1), "-"
		if over {
			toMove = "-"
			status = "draw"
			if winner >= 0 {
				status, winners = "win", strconv.Itoa(winner+1)
			}
		}
		if reason == "" {
			reason = "-"
		}
		s.println("game pogo")
		s.println("status %s", status)
		s.println("to_move %s", toMove)
		s.println("winners %s", winners)
		scores := "0 0"
		if winner == Light {
			scores = "1 0"
		} else if winner == Dark {
			scores = "0 1"
		}
		s.println("scores %s", scores)
		s.println("reason %s", reason)
		s.println("ply %d", len(s.game.Moves))
		s.println("position %s", s.game.Current().PositionText(s.game.Ply()))
		s.println("ok")
	case "perft":
		d, err := strconv.Atoi(strings.Join(args, ""))
		if err != nil || len(args) != 1 || d < 0 || d > 12 {
			s.println("error perft needs a depth from 0 to 12")
			return
		}
		s.println("perft %d %d", d, Perft(*s.game.Current(), d))
		s.println("ok")
	case "go":
		s.goCommand(args, stopsBefore)
	default:
		s.println("error unknown command %q; commands: plateau, games, newgame, position, moves, legal, go, stop, perft, show, status, setoption, isready, quit", cmd)
	}
}

func (s *Server) setoption(args []string) {
	if len(args) != 2 {
		s.println("error setoption needs a name and a value")
		return
	}
	switch strings.ToLower(args[0]) {
	case "seed":
		v, err := strconv.ParseUint(args[1], 10, 64)
		if err != nil {
			s.println("error bad seed %q", args[1])
			return
		}
		s.seed = v
		s.println("ok")
	default:
		s.println("error unknown option %q: this engine knows only seed (its player is chosen on its command line)", args[0])
	}
}

// position start|TEXT [moves M1 M2 ...], all or nothing.
func (s *Server) position(args []string) {
	if len(args) == 0 {
		s.println("error position needs start or a position text")
		return
	}
	var moves []string
	for i, a := range args {
		if strings.ToLower(a) == "moves" {
			args, moves = args[:i], args[i+1:]
			break
		}
	}
	var g *Game
	switch {
	case len(args) == 1 && strings.ToLower(args[0]) == "start":
		g = NewGame(StartBoard(), 0)
	default:
		b, ply, err := ParsePosition(args)
		if err != nil {
			s.println("error bad position: %v", err)
			return
		}
		g = NewGame(b, ply)
	}
	for i, m := range moves {
		if err := g.Play(m); err != nil {
			s.println("error move %d, %q: %v", i+1, m, err)
			return
		}
	}
	s.game = g
	s.println("ok")
}

func (s *Server) goCommand(args []string, stopsBefore int64) {
	var b Budget
	for i := 0; i < len(args); i += 2 {
		key := strings.ToLower(args[i])
		if key == "agent" {
			s.println("error this engine has no agents; its player is chosen on its command line")
			return
		}
		if i+1 >= len(args) {
			s.println("error go %s needs a value", key)
			return
		}
		v, err := strconv.Atoi(args[i+1])
		if err != nil || v <= 0 {
			s.println("error bad %s %q", key, args[i+1])
			return
		}
		switch key {
		case "time", "movetime":
			b.Time = time.Duration(v) * time.Millisecond
		case "depth":
			b.Depth = v
		case "iterations":
			b.Iterations = v
		default:
			s.println("error unknown budget %q: time, depth or iterations", key)
			return
		}
	}
	if err := s.player.Check(b); err != nil {
		s.println("error %v", err)
		return
	}
	if over, _, reason := s.game.Result(); over {
		s.println("error the game is over (%s)", reason)
		return
	}
	s.goCount++
	// The random stream depends on the seed, the ply and how many searches
	// this game has seen, so the same seed and positions give the same moves.
	rng := rand.New(rand.NewPCG(s.seed, uint64(s.game.Ply())<<20|s.goCount))
	// The search stops when a stop or quit line that came after this go has
	// been read.
	stopped := func() bool { return s.stops.Load() > stopsBefore }
	search := &Search{Game: s.game, Budget: b, Stopped: stopped, Rng: rng}
	done := make(chan struct{})
	s.done = done
	go func() {
		defer close(done)
		start := time.Now()
		m, info := s.player.Choose(search)
		ms := time.Since(start).Milliseconds()
		if info != "" {
			info = " " + info
		}
		s.println("info time %d player %s%s", ms, s.player.Name(), info)
		s.println("bestmove %s", m)
	}()
}
