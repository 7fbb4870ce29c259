// Package engine is the plateau engine protocol: a line protocol on a
// program's standard input and output, in the spirit of UCI (chess) and
// GTP (go), through which other programs use plateau's rules and computer
// players, and plateau uses other programs as players (ai's "engine:"
// agents). docs/engine-protocol.md describes it with a full session.
//
// Every command gets zero or more data lines and then exactly one final
// line: "ok", "error MESSAGE", or, for go, "bestmove MOVE". A client reads
// until one of those, so it never has to guess whether more is coming.
package engine

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
)

// ProtocolVersion is answered to the handshake ("protocol 1").
const ProtocolVersion = 1

// DefaultAgent plays go when setoption agent was not given.
const DefaultAgent = "hard"

// maxLine is the longest command line read; a longer one is answered with
// an error and skipped, so that runaway input cannot fill the memory. It
// leaves room for a position text and a few thousand moves.
const maxLine = 1 << 20

// maxPerftDepth bounds perft: the command runs to its end before the next
// command is read, and deeper trees take hours in most games.
const maxPerftDepth = 12

// infoEvery is how often a running search reports its time.
const infoEvery = time.Second

// Server answers the protocol on one input and one output.
type Server struct {
	in  io.Reader
	out io.Writer
	// Agent and Seed are the agent spec and the seed of go when no agent
	// is named; setoption changes them.
	Agent string
	Seed  uint64
	// Lang is the language of the human words of the answers: error
	// messages, game names, boards ("en", the default, or "fr"). The
	// protocol's own words (ok, error, bestmove, info...) never change.
	Lang string

	outMu sync.Mutex // one line at a time on out

	mu       sync.Mutex // guards the fields below while a search runs
	v        *game.Variant
	m        *game.Match
	agent    ai.Agent // kept between searches with the same spec, for tree reuse
	agentKey string
	cancel   context.CancelFunc
	done     chan struct{} // closed when the search has answered
}

// NewServer returns a server reading commands from in and answering on out.
func NewServer(in io.Reader, out io.Writer) *Server {
	return &Server{in: in, out: out, Agent: DefaultAgent}
}

// Run answers commands until quit, the end of the input or ctx is done. It
// returns an error only when reading or writing fails; every mistake in the
// input is answered with an error line.
func (s *Server) Run(ctx context.Context) error {
	defer s.stopSearch()
	lines := make(chan lineOrErr)
	go readLines(ctx, s.in, lines)
	// Commands that come during a search wait in queue until it has
	// answered, so that a script may send "go" and the next commands at
	// once. stop and quit end the search at once, but are answered in
	// turn, after the commands sent before them: every command gets its
	// answer, in the order sent. A go that waits behind a quit is refused.
	var queue []lineOrErr
	quitting := false
	for {
		s.mu.Lock()
		done := s.done
		s.mu.Unlock()
		var l lineOrErr
		switch {
		case done == nil && len(queue) > 0:
			l, queue = queue[0], queue[1:]
		default:
			select {
			case <-ctx.Done():
				return nil
			case <-done: // nil when idle: never ready
				s.stopSearch() // only clears the finished search
				continue
			case l = <-lines:
			}
			if l.err == nil && done != nil {
				if !l.tooLong && isStopOrQuit(l.text) {
					s.stopSearch()
					quitting = quitting || isCommand(l.text, "quit")
				}
				queue = append(queue, l)
				continue
			}
		}
		if l.err != nil {
			if done != nil {
				// The input ended during a search: let it answer, then
				// answer what waits.
				s.waitSearch()
				queue = append(queue, l)
				continue
			}
			if errors.Is(l.err, io.EOF) {
				return nil
			}
			return l.err
		}
		if l.tooLong {
			s.send("error %s", game.Text{EN: fmt.Sprintf("the line is longer than %d bytes", maxLine), FR: fmt.Sprintf("la ligne fait plus de %d octets", maxLine)}.In(s.Lang))
			continue
		}
		if quitting && isCommand(l.text, "go") {
			s.send("error %s", game.Text{EN: "go not started: quit came after it", FR: "go non lancé : quit est venu après"}.In(s.Lang))
			continue
		}
		quit, err := s.handle(ctx, l.text)
		if err != nil {
			s.send("error %s", oneLine(game.ErrorText(err, s.Lang)))
		}
		if quit {
			return nil
		}
	}
}

// isStopOrQuit reports whether a line is a command that acts during a
// search.
func isStopOrQuit(line string) bool {
	return isCommand(line, "stop") || isCommand(line, "quit")
}

// isCommand reports whether line is the command cmd.
func isCommand(line, cmd string) bool {
	f := strings.Fields(line)
	return len(f) > 0 && strings.EqualFold(f[0], cmd)
}

type lineOrErr struct {
	text    string
	tooLong bool
	err     error
}

// readLines sends the input's lines; it runs apart from Run so that stop
// and quit are read while a search runs.
func readLines(ctx context.Context, in io.Reader, out chan<- lineOrErr) {
	r := bufio.NewReaderSize(in, 64*1024)
	for {
		var buf []byte
		tooLong := false
		for {
			part, isPrefix, err := r.ReadLine()
			if err != nil {
				select {
				case out <- lineOrErr{err: err}:
				case <-ctx.Done():
				}
				return
			}
			if len(buf)+len(part) > maxLine {
				tooLong = true
			} else {
				buf = append(buf, part...)
			}
			if !isPrefix {
				break
			}
		}
		select {
		case out <- lineOrErr{text: string(buf), tooLong: tooLong}:
		case <-ctx.Done():
			return
		}
	}
}

// send writes one line.
func (s *Server) send(format string, args ...any) {
	s.outMu.Lock()
	defer s.outMu.Unlock()
	fmt.Fprintf(s.out, format+"\n", args...)
}

// oneLine keeps an error message on one line: the protocol is line based.
func oneLine(msg string) string {
	return strings.Join(strings.Fields(msg), " ")
}

var commandHelp = game.Text{
	EN: "commands: plateau, games, newgame, position, moves, legal, go, stop, perft, show, status, setoption, quit",
	FR: "commandes : plateau, games, newgame, position, moves, legal, go, stop, perft, show, status, setoption, quit",
}

// handle runs one command. Its error becomes the "error" answer; quit
// reports that the session is over.
func (s *Server) handle(ctx context.Context, line string) (quit bool, err error) {
	line = strings.TrimSpace(line)
	if line == "" || strings.HasPrefix(line, "#") {
		return false, nil // blank lines and comments get no answer, as in GTP
	}
	fields := strings.Fields(line)
	cmd, args := strings.ToLower(fields[0]), fields[1:]
	switch cmd {
	case "stop":
		s.stopSearch()
		s.send("ok")
		return false, nil
	case "quit":
		s.stopSearch()
		s.send("ok")
		return true, nil
	}
	switch cmd {
	case "plateau":
		s.send("id name plateau")
		s.send("id author %s", game.Text{EN: "the plateau authors", FR: "les auteurs de plateau"}.In(s.Lang))
		s.send("protocol %d", ProtocolVersion)
		s.send("ok")
	case "games":
		for _, g := range game.Games() {
			s.send("game %s %d %d %s", g.ID, g.MinPlayers, g.MaxPlayers, g.Name.In(s.Lang))
		}
		s.send("ok")
	case "newgame":
		return false, s.newGame(args)
	case "position":
		return false, s.position(args)
	case "moves":
		return false, s.moves(args)
	case "legal":
		m, err := s.match()
		if err != nil {
			return false, err
		}
		moves := m.LegalMoves(nil)
		notations := make([]string, len(moves))
		for i, mv := range moves {
			notations[i] = m.State().MoveString(mv)
		}
		s.send("%s", strings.TrimSpace("legal "+strings.Join(notations, " ")))
		s.send("ok")
	case "go":
		return false, s.startSearch(ctx, args)
	case "perft":
		return false, s.perft(args)
	case "show":
		m, err := s.match()
		if err != nil {
			return false, err
		}
		for _, l := range strings.Split(strings.TrimRight(game.StateText(m.State(), s.Lang), "\n"), "\n") {
			s.send("board %s", l)
		}
		s.send("ok")
	case "status":
		return false, s.status()
	case "setoption":
		return false, s.setOption(line, args)
	case "isready":
		s.send("ok")
	default:
		return false, game.Errorf(game.Text{EN: "unknown command %s; %s", FR: "commande inconnue %s ; %s"}, game.Quote(fields[0]), commandHelp)
	}
	return false, nil
}

func (s *Server) match() (*game.Match, error) {
	if s.m == nil {
		return nil, game.Errorf(game.Text{EN: "no game: send newgame GAME [name=value ...] first (games lists them)", FR: "aucune partie : envoyez d'abord newgame JEU [nom=valeur ...] (games les liste)"})
	}
	return s.m, nil
}

// newGame reads "newgame GAME [name=value ...]".
func (s *Server) newGame(args []string) error {
	if len(args) == 0 {
		return game.Errorf(game.Text{EN: "newgame needs a game id: newgame GAME [name=value ...] (games lists them)", FR: "newgame demande un identifiant de jeu : newgame JEU [nom=valeur ...] (games les liste)"})
	}
	opts, err := game.ParseOptions(args[1:]...)
	if err != nil {
		return err
	}
	v, err := game.NewVariant(args[0], opts)
	if err != nil {
		return err
	}
	s.v, s.m = v, game.NewMatch(v.Start())
	s.dropAgent()
	s.send("ok")
	return nil
}

// position reads "position start|TEXT [moves M1 M2 ...]". The position
// changes only when everything in the command is valid.
func (s *Server) position(args []string) error {
	if s.v == nil {
		_, err := s.match()
		return err
	}
	split := len(args)
	for i, a := range args {
		if strings.EqualFold(a, "moves") {
			split = i
			break
		}
	}
	text := strings.Join(args[:split], " ")
	if text == "" {
		return game.Errorf(game.Text{EN: "position needs start or a position text: position start|TEXT [moves M1 M2 ...]", FR: "position demande start ou un texte de position : position start|TEXTE [moves C1 C2 ...]"})
	}
	var start game.State
	if strings.EqualFold(text, "start") {
		start = s.v.Start()
	} else {
		var err error
		if start, err = s.v.Decode(text); err != nil {
			return game.Errorf(game.Text{EN: "position %s: %v", FR: "position %s : %v"}, game.Quote(text), err)
		}
	}
	m := game.NewMatch(start)
	if split < len(args) {
		if err := playAll(m, args[split+1:]); err != nil {
			return err
		}
	}
	s.m = m
	s.send("ok")
	return nil
}

// moves reads "moves M1 M2 ...": they are played after the current
// position, all or none.
func (s *Server) moves(args []string) error {
	m, err := s.match()
	if err != nil {
		return err
	}
	if err := playAll(m, args); err != nil {
		return err
	}
	s.send("ok")
	return nil
}

// playAll plays the moves on m; when one is refused, the ones played are
// taken back and the error names the move and its number.
func playAll(m *game.Match, moves []string) error {
	for i, text := range moves {
		if _, err := m.PlayNotation(text); err != nil {
			if i > 0 {
				_ = m.Undo(i)
			}
			return game.Errorf(game.Text{EN: "move %d, %s: %v", FR: "coup %d, %s : %v"}, i+1, game.Quote(text), err)
		}
	}
	return nil
}

func (s *Server) perft(args []string) error {
	m, err := s.match()
	if err != nil {
		return err
	}
	if len(args) != 1 {
		return game.Errorf(game.Text{EN: "perft needs one depth: perft D", FR: "perft demande une profondeur : perft D"})
	}
	d, err := strconv.Atoi(args[0])
	if err != nil || d < 0 || d > maxPerftDepth {
		return game.Errorf(game.Text{EN: "perft depth %s must be a whole number from 0 to %d", FR: "la profondeur de perft %s doit être un nombre entier de 0 à %d"}, game.Quote(args[0]), maxPerftDepth)
	}
	s.send("perft %d %d", d, game.Perft(m.State(), d))
	s.send("ok")
	return nil
}

// status answers one "key value" line per item: seats are numbered from 1,
// "-" stands for nothing.
func (s *Server) status() error {
	m, err := s.match()
	if err != nil {
		return err
	}
	o := m.Outcome()
	toMove := "-"
	if seat := m.ToMove(); seat >= 0 {
		toMove = strconv.Itoa(seat + 1)
	}
	var winners, scores []string
	for _, seat := range o.WinnerSeats() {
		winners = append(winners, strconv.Itoa(seat+1))
	}
	for seat := 0; seat < s.v.Players; seat++ {
		scores = append(scores, strconv.Itoa(o.Scores[seat]))
	}
	orDash := func(x string) string {
		if x == "" {
			return "-"
		}
		return x
	}
	s.send("game %s", s.v)
	s.send("status %s", o.Status)
	s.send("to_move %s", toMove)
	s.send("winners %s", orDash(strings.Join(winners, " ")))
	s.send("scores %s", strings.Join(scores, " "))
	s.send("reason %s", orDash(o.Reason))
	s.send("ply %d", len(m.Moves()))
	s.send("position %s", m.State().Encode())
	s.send("ok")
	return nil
}

// setOption reads "setoption agent SPEC" (the rest of the line, which may
// hold spaces, as engine specs do) and "setoption seed N".
func (s *Server) setOption(line string, args []string) error {
	if len(args) < 2 {
		return game.Errorf(game.Text{EN: "setoption needs a name and a value: setoption agent SPEC, setoption seed N", FR: "setoption demande un nom et une valeur : setoption agent SPEC, setoption seed N"})
	}
	switch strings.ToLower(args[0]) {
	case "agent":
		// Keep the spec as written after "agent": engine specs hold paths
		// whose case and spaces matter.
		_, rest, _ := strings.Cut(line, args[0])
		spec := strings.TrimSpace(rest)
		if s.v != nil {
			a, err := ai.New(spec, s.v, s.Seed)
			if err != nil {
				return err
			}
			closeAgent(a)
		}
		s.Agent = spec
		s.dropAgent()
	case "seed":
		n, err := strconv.ParseUint(args[1], 10, 64)
		if err != nil || len(args) != 2 {
			return game.Errorf(game.Text{EN: "setoption seed: %s is not a whole number from 0 to %d", FR: "setoption seed : %s n'est pas un nombre entier de 0 à %d"}, game.Quote(strings.Join(args[1:], " ")), uint64(1<<64-1))
		}
		s.Seed = n
		s.dropAgent()
	default:
		return game.Errorf(game.Text{EN: "unknown option %s; the options are agent and seed", FR: "réglage inconnu %s ; les réglages sont agent et seed"}, game.Quote(args[0]))
	}
	s.send("ok")
	return nil
}

// dropAgent forgets the kept agent (a new game, agent or seed).
func (s *Server) dropAgent() {
	if s.agent != nil {
		closeAgent(s.agent)
	}
	s.agent, s.agentKey = nil, ""
}

func closeAgent(a ai.Agent) {
	if c, ok := a.(io.Closer); ok {
		c.Close()
	}
}

// budget is the budget of one go command.
type budget struct {
	kind  string // "", "iterations", "time", "depth" or "nodes"
	value int
}

// parseGo reads "go [iterations N|time MS|depth D|nodes N] [agent SPEC]".
func parseGo(line string, args []string) (budget, string, error) {
	var b budget
	spec := ""
	for i := 0; i < len(args); i++ {
		key := strings.ToLower(args[i])
		switch key {
		case "iterations", "time", "movetime", "depth", "nodes":
			if b.kind != "" {
				return b, "", game.Errorf(game.Text{EN: "go takes one budget: iterations N, time MS, depth D or nodes N", FR: "go prend un seul budget : iterations N, time MS, depth D ou nodes N"})
			}
			if i+1 >= len(args) {
				return b, "", game.Errorf(game.Text{EN: "go %s needs a number", FR: "go %s demande un nombre"}, key)
			}
			n, err := strconv.Atoi(args[i+1])
			if err != nil || n < 1 || n > 1e9 {
				return b, "", game.Errorf(game.Text{EN: "go %s %s: give a whole number from 1 to 1000000000", FR: "go %s %s : donnez un nombre entier de 1 à 1000000000"}, key, game.Quote(args[i+1]))
			}
			if key == "movetime" {
				key = "time" // the UCI name
			}
			b = budget{kind: key, value: n}
			i++
		case "agent":
			if i+1 >= len(args) {
				return b, "", game.Errorf(game.Text{EN: "go agent needs a spec, e.g. go agent mcts:iterations=1000", FR: "go agent demande un agent, par exemple go agent mcts:iterations=1000"})
			}
			// The spec is the rest of the line, as written.
			idx := strings.Index(strings.ToLower(line), " agent ")
			spec = strings.TrimSpace(line[idx+len(" agent "):])
			i = len(args)
		default:
			return b, "", game.Errorf(game.Text{EN: "go does not understand %s; write go [iterations N|time MS|depth D|nodes N] [agent SPEC]", FR: "go ne comprend pas %s ; écrivez go [iterations N|time MS|depth D|nodes N] [agent SPEC]"}, game.Quote(args[i]))
		}
	}
	return b, spec, nil
}

// withBudget rewrites spec so that its search has budget b instead of its
// own: the budget of go replaces the agent's iterations, time, depth and
// nodes.
// Levels stand for their spec in this game. Random and the perfect player
// (POGO's max once solved) need no budget: they answer at once.
func withBudget(spec string, v *game.Variant, b budget) (string, error) {
	if b.kind == "" {
		return spec, nil
	}
	a, err := ai.New(spec, v, 0)
	if err != nil {
		return "", err
	}
	name := a.Name()
	closeAgent(a)
	// A level is named "hard (alphabeta:depth=6)": take the spec inside.
	if i := strings.Index(name, " ("); i >= 0 && strings.HasSuffix(name, ")") {
		name = name[i+2 : len(name)-1]
	}
	kind, params, _ := strings.Cut(name, ":")
	switch kind {
	case "random", "perfect":
		return name, nil
	case "mcts":
		if b.kind == "depth" || b.kind == "nodes" {
			return "", game.Errorf(game.Text{EN: "mcts has no %s budget: use go iterations N or go time MS", FR: "mcts n'a pas de budget %s : prenez go iterations N ou go time MS"}, b.kind)
		}
	case "alphabeta":
		if b.kind == "iterations" {
			return "", game.Errorf(game.Text{EN: "alphabeta has no iteration budget: use go depth D, go nodes N or go time MS", FR: "alphabeta n'a pas de budget en itérations : prenez go depth D, go nodes N ou go time MS"})
		}
	default:
		return "", game.Errorf(game.Text{EN: "go cannot give a budget to %s: give it in the agent spec", FR: "go ne peut pas donner de budget à %s : donnez-le dans l'agent"}, game.Quote(name))
	}
	var keep []string
	for _, p := range strings.Split(params, ",") {
		k, _, _ := strings.Cut(p, "=")
		if p != "" && k != "iterations" && k != "time" && k != "depth" && k != "nodes" {
			keep = append(keep, p)
		}
	}
	value := strconv.Itoa(b.value)
	if b.kind == "time" {
		value += "ms"
	}
	return kind + ":" + strings.Join(append([]string{b.kind + "=" + value}, keep...), ","), nil
}

// startSearch starts go in the background: stop and quit are read while it
// runs. Its answer is "bestmove MOVE", after info lines.
func (s *Server) startSearch(ctx context.Context, args []string) error {
	m, err := s.match()
	if err != nil {
		return err
	}
	line := "go " + strings.Join(args, " ")
	b, spec, err := parseGo(line, args)
	if err != nil {
		return err
	}
	if spec == "" {
		spec = s.Agent
	}
	if m.Outcome().Ended() {
		return game.Errorf(game.Text{EN: "the game is over (%s): there is no move to choose", FR: "la partie est terminée (%s) : il n'y a aucun coup à choisir"}, m.Outcome().Status.Text())
	}
	full, err := withBudget(spec, s.v, b)
	if err != nil {
		return err
	}
	// Keep the agent between searches with the same spec: MCTS reuses its
	// tree when the next position follows from the last.
	if s.agent == nil || s.agentKey != full {
		s.dropAgent()
		a, err := ai.New(full, s.v, s.Seed)
		if err != nil {
			return err
		}
		if ai.IsLevel(spec) && full != spec {
			// A level searched with go's budget keeps the level's guard of
			// the round in games of three or four.
			a = ai.GuardRound(full, a, s.v)
		}
		s.agent, s.agentKey = a, full
	}
	// The search gets its own copy of the match: show, status and legal
	// must not touch positions a search is reading.
	copyM := game.NewMatch(m.Start())
	for _, mv := range m.Moves() {
		if err := copyM.Play(mv); err != nil {
			return err
		}
	}
	sctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	s.mu.Lock()
	s.cancel, s.done = cancel, done
	s.mu.Unlock()
	agent := s.agent
	go func() {
		defer close(done)
		defer cancel()
		start := time.Now()
		ticker := time.NewTicker(infoEvery)
		defer ticker.Stop()
		type result struct {
			mv  game.Move
			err error
		}
		res := make(chan result, 1)
		go func() {
			mv, err := agent.Choose(sctx, copyM)
			res <- result{mv, err}
		}()
		var r result
	wait:
		for {
			select {
			case r = <-res:
				break wait
			case <-ticker.C:
				s.send("info time %d", time.Since(start).Milliseconds())
			}
		}
		took := time.Since(start).Milliseconds()
		if r.err != nil && sctx.Err() != nil {
			// Stopped before the agent had a move: go always answers a
			// move while there is one, so give the first legal one.
			if moves := copyM.LegalMoves(nil); len(moves) > 0 {
				s.send("info time %d %s", took, game.Text{EN: "stopped before any move was searched: first legal move", FR: "arrêté avant d'avoir cherché un coup : premier coup possible"}.In(s.Lang))
				s.send("bestmove %s", copyM.State().MoveString(moves[0]))
				return
			}
		}
		if r.err != nil {
			s.send("error %s", oneLine(game.ErrorText(r.err, s.Lang)))
			return
		}
		info := fmt.Sprintf("info time %d agent %s", took, agent.Name())
		depth, nodes, iterations := ai.SearchFigures(agent)
		if nodes > 0 {
			info += fmt.Sprintf(" depth %d nodes %d nps %d", depth, nodes, perSecond(nodes, took))
		}
		if iterations > 0 {
			info += fmt.Sprintf(" iterations %d ips %d", iterations, perSecond(iterations, took))
		}
		s.send("%s", info)
		s.send("bestmove %s", copyM.State().MoveString(r.mv))
	}()
	return nil
}

// waitSearch waits for a running search to answer, without stopping it.
func (s *Server) waitSearch() {
	s.mu.Lock()
	done := s.done
	s.mu.Unlock()
	if done != nil {
		<-done
	}
	s.stopSearch()
}

// stopSearch cancels a running search and waits for its answer.
func (s *Server) stopSearch() {
	s.mu.Lock()
	cancel, done := s.cancel, s.done
	s.mu.Unlock()
	if cancel != nil {
		cancel()
		<-done
	}
	s.mu.Lock()
	s.cancel, s.done = nil, nil
	s.mu.Unlock()
}

// perSecond is n per second over ms milliseconds.
func perSecond(n, ms int64) int64 {
	return n * 1000 / max(ms, 1)
}
