package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/atomicfile"
	"github.com/plateau-games/plateau/record"
	"github.com/plateau-games/plateau/render"
)

// seat says who holds a seat: a human, or a computer player (random moves
// are one).
type seat struct {
	agent ai.Agent // nil for a human
	// who describes the player in the list of seats; tag follows the
	// computer's moves.
	who, tag game.Text
}

var (
	humanSeat = seat{who: game.Text{EN: "human", FR: "humain"}}
	randomWho = game.Text{EN: "random moves", FR: "coups au hasard"}
	randomTag = game.Text{EN: "random", FR: "au hasard"}
)

// seatFormat says how to write --seat.
var seatFormat = game.Text{
	EN: "N=human, N=random, N=LEVEL (easy, medium, hard, max) or N=AGENT (e.g. 2=mcts:time=2s), N being the seat number from 1",
	FR: "N=human, N=random, N=NIVEAU (easy, medium, hard, max) ou N=PROGRAMME (par ex. 2=mcts:time=2s), N étant le numéro de la place à partir de 1",
}

// Errors of --seat, in both languages.
var (
	msgSeatFormat = game.Text{EN: "--seat %q: write %[2]s", FR: "--seat %q : écrivez %[3]s"}
	msgSeatRange  = game.Text{EN: "--seat %q: %s has %d players, seats 1 to %d", FR: "--seat %q : %s se joue à %d, places 1 à %d"}
	msgSeatTwice  = game.Text{EN: "--seat: seat %d is given twice", FR: "--seat : la place %d est donnée deux fois"}
	msgSeatOnline = game.Text{EN: "--seat: a game's link holds its seats already; --seat N chooses a seat at a table (https://SITE/tables/ID)", FR: "--seat : le lien d'une partie porte déjà ses places ; --seat N choisit une place à une table (https://SITE/tables/ID)"}
	msgSeatAgent  = game.Text{EN: "--seat %q: a seat is human or random, or a computer player: %v", FR: "--seat %q : une place est « human », « random » ou un joueur ordinateur : %v"}
)

// recordName is how the record names the player.
func (s seat) recordName() string {
	if s.agent == nil {
		return "human"
	}
	return s.agent.Name()
}

func newPlayCommand(a *app) *cobra.Command {
	var vf variantFlags
	var sf seedFlag
	var seatSpecs []string
	var recordPath, server, user string
	var plain bool
	cmd := &cobra.Command{
		Use:   "play GAME | play GAME_LINK | play TABLE_LINK",
		Short: "Play a game in the terminal",
		Long: `Play a game in the terminal, against other people at the same keyboard or
computer players, or join a game of a plateau server.

On a terminal the game is full screen: the board drawn in place in the web
board's colours, the last move marked, a cursor moved with the arrow keys (or
h j k l) to pick a piece and then where it goes (Enter or space; the places
you can pick are marked), ':' to type a move in the game's notation, 'm' for
the list of legal moves, 'u' to take back, 'r' to resign, '?' for help and
'q' to quit. Computer moves appear after a short pause so that they can be
followed. It needs a terminal of at least 80x24; NO_COLOR is respected.

With --plain, or when the input or output is not a terminal (a pipe, a
script), the game is played a line at a time: the board is printed when a
person is to move, then a prompt where you type a move or a command:
  moves (or ?, legal)  list the legal moves
  undo                 take back the last move; against computer players,
                       take back their replies too, back to your last turn
  resign               give up: the game ends and every other player wins
                       (with teams: the other team). The record says
                       "win N..." with the reason "resignation".
  help                 list the commands
  quit                 stop; the unfinished game is saved
A move that is not accepted is explained and the prompt comes back. French
commands work too (coups, annuler, abandon, aide, quitter).

Every seat is human unless --seat gives it to a computer player (seats are
numbered from 1; player 1 moves first):
  --seat N=random          a legal move uniformly at random
  --seat N=easy            a level: easy, medium, hard or max
  --seat N=AGENT           a computer player and its budget, for example
                           mcts:time=2s, mcts:iterations=20000,threads=2,
                           alphabeta:depth=6 (docs/ai.md lists them all)
Computer players draw their random numbers from --seed, or from the clock:
the seed used is printed so that a game can be played again (exactly, for
players with an iteration or depth budget rather than a time budget).

At the end the result is printed and the game record is saved to --record
FILE, or to plateau-GAME-YYYYMMDD-HHMMSS.txt in the current directory. When
you quit or the input ends before the game does, the unfinished game is saved
the same way and the exit status is 0.

Online: give the link of a game of 'plateau serve' instead of GAME (the link
the site gives a player, https://SITE/games/ID#me=1-TOKEN: its seat token
lets you play; without one you watch). --server gives the site when the link
is only the game's id or path. The server judges the moves and runs the
clocks and the computer players; the game is shown full screen as above. 'd'
offers a draw and 'u' asks to take back a move, in casual games; 'y'/'o' or
'n' answers an offer. With --plain or in a pipe it is played a line at a
time: every move is listed as it comes, the board is printed at your turn,
and the prompt takes a move or moves, board, draw, undo, yes, no, resign,
help, quit (leave: the game goes on on the server).

A table of the site's lobby: give its link, https://SITE/tables/ID. You log
in to your account on the site: your user name and password are asked (the
password without echo), or --user NAME reads the password from the
environment variable PLATEAU_PASSWORD, for scripts. The login is kept in
memory only, never written. The table is shown (the game, the clock, who
sits where); you sit at --seat N (numbered from 1, as shown), or else at the
first seat reserved for you, else at the first open one. The table is shown
again as it fills; Ctrl-C while waiting leaves your seat. When every seat is
filled the game starts and is played here as above. A game link with --user
plays the seats your account holds in a game of the lobby.`,
		Example: `  plateau play pogo
  plateau play pogo --seat 2=random --lang fr
  plateau play pogo --seat 2=hard
  plateau play empire --opt players=4 --opt teams=true --seat 2=medium --seat 3=medium --seat 4=medium
  plateau play pogo --seat 1=mcts:time=500ms --seat 2=alphabeta:depth=6
  plateau play pogo --seat 1=random --seat 2=random --seed 7 --record game.txt
  printf '2b1-b3\nmoves\nquit\n' | plateau play pogo --seat 2=random`,
		Args: argsGame(nil, false),
		RunE: func(cmd *cobra.Command, args []string) error {
			if server != "" || isGameLink(args[0]) {
				o := onlineOptions{lang: a.lang, server: server, link: args[0], recordPath: recordPath, user: user, seats: seatSpecs, plain: plain}
				base, id, isTable, err := tableLink(server, args[0])
				switch {
				case err != nil:
					return err
				case isTable:
					return playTable(cmd, o, base, id)
				case len(seatSpecs) > 0:
					return usageErrorT(msgSeatOnline)
				case cmd.Flags().Changed("user"):
					return playGameAsUser(cmd, o)
				}
				return playOnline(cmd, o)
			}
			if cmd.Flags().Changed("user") {
				return usageErrorT(msgUserOnlyOnline)
			}
			v, s, err := vf.start(args[0])
			if err != nil {
				return err
			}
			seed := sf.value(cmd)
			rng := newRNG(seed)
			seats, err := parseSeats(v, seatSpecs, seed, rng)
			if err != nil {
				return err
			}
			if !plain && isTerminal(cmd.InOrStdin()) && isTerminal(cmd.OutOrStdout()) {
				return playFullScreen(cmd, a.lang, game.NewMatch(s), seats, seed, recordPath)
			}
			p := &playSession{
				ctx:        cmd.Context(),
				lang:       a.lang,
				m:          game.NewMatch(s),
				seats:      seats,
				in:         bufio.NewReader(cmd.InOrStdin()),
				echo:       !isTerminal(cmd.InOrStdin()),
				out:        cmd.OutOrStdout(),
				recordPath: recordPath,
				started:    time.Now(),
			}
			stop := p.saveOnInterrupt()
			defer stop()
			p.intro(seed)
			return p.run()
		},
	}
	vf.register(cmd, true)
	sf.register(cmd)
	cmd.Flags().StringArrayVar(&seatSpecs, "seat", nil, "who plays seat N: "+seatFormat.EN+" (repeatable); at a table's link, the number of the seat to take")
	cmd.Flags().StringVar(&recordPath, "record", "", "save the game record to this file (default: plateau-GAME-YYYYMMDD-HHMMSS.txt)")
	cmd.Flags().BoolVar(&plain, "plain", false, "play a line at a time even on a terminal (as in a pipe)")
	cmd.Flags().StringVar(&user, "user", "", "online: the account to log in as (its password is asked, or read from PLATEAU_PASSWORD)")
	cmd.Flags().StringVar(&server, "server", "", "the plateau server of the game link (https://SITE), when the link is only the game's id or path")
	return cmd
}

// parseSeats reads the --seat flags; seats not given are human. Random
// players all draw from rng, so that one seed gives the same random moves
// as ever; other computer players get their own seed derived from seed.
func parseSeats(v *game.Variant, specs []string, seed uint64, rng *rand.Rand) ([]seat, error) {
	seats := make([]seat, v.Players)
	for i := range seats {
		seats[i] = humanSeat
	}
	given := make([]bool, v.Players)
	for _, spec := range specs {
		num, kind, ok := strings.Cut(spec, "=")
		n, err := strconv.Atoi(strings.TrimSpace(num))
		if !ok || err != nil {
			return nil, usageErrorT(msgSeatFormat, spec, seatFormat.EN, seatFormat.FR)
		}
		if n < 1 || n > v.Players {
			return nil, usageErrorT(msgSeatRange, spec, v.String(), v.Players, v.Players)
		}
		if given[n-1] {
			return nil, usageErrorT(msgSeatTwice, n)
		}
		given[n-1] = true
		switch strings.ToLower(strings.TrimSpace(kind)) {
		case "human", "humain":
			seats[n-1] = humanSeat
		case "random", "hasard":
			seats[n-1] = seat{agent: ai.NewRandom(rng), who: randomWho, tag: randomTag}
		default:
			agent, err := ai.New(kind, v, seed+uint64(n))
			if err != nil {
				return nil, usageErrorT(msgSeatAgent, spec, err)
			}
			// A level is named in words, its search after it: "moyen
			// (alphabeta:depth=2)".
			name := game.Text{EN: agentName(agent.Name(), "en"), FR: agentName(agent.Name(), "fr")}
			seats[n-1] = seat{agent: agent, who: game.Text{EN: "computer, " + name.EN, FR: "ordinateur, " + name.FR}, tag: name}
		}
	}
	return seats, nil
}

// playSession is one game played in the terminal.
type playSession struct {
	ctx   context.Context
	lang  string
	m     *game.Match
	seats []seat
	in    *bufio.Reader
	out   io.Writer
	// echo repeats each input line after the prompt when the input is not
	// a terminal (a script, a pipe), so that the output reads as a
	// transcript.
	echo       bool
	recordPath string
	started    time.Time
	// movers holds the seat that played each move of this session, so that
	// undo knows how far back the last human move is.
	movers []int
	// resigned is the outcome of a resignation, which the rules engine does
	// not know about; nil otherwise.
	resigned *game.Outcome
	// mu is held while the game changes, so that Ctrl-C saves a record
	// between moves, never in the middle of one.
	mu sync.Mutex
}

// saveOnInterrupt saves the unfinished game when the user presses Ctrl-C,
// then exits with status 130 as shells expect. It returns the function
// that stops listening.
func (p *playSession) saveOnInterrupt() (stop func()) {
	signals := make(chan os.Signal, 1)
	done := make(chan struct{})
	signal.Notify(signals, os.Interrupt)
	go func() {
		select {
		case <-signals:
			p.mu.Lock()
			fmt.Fprintln(p.out)
			p.say(msgStopped)
			if err := p.save(); err != nil {
				fmt.Fprintln(os.Stderr, err)
			}
			os.Exit(130)
		case <-done:
		}
	}()
	return func() {
		signal.Stop(signals)
		close(done)
	}
}

func (p *playSession) say(t game.Text, args ...any) {
	fmt.Fprintln(p.out, tr(p.lang, t, args...))
}

func (p *playSession) variant() *game.Variant { return p.m.Variant() }

func (p *playSession) intro(seed uint64) {
	v := p.variant()
	if line := readingsLine(v, p.lang); line != "" {
		fmt.Fprintln(p.out, line)
	}
	computer := false
	for i, s := range p.seats {
		fmt.Fprintln(p.out, tr(p.lang, msgSeatsLine, seatLabel(v, i, p.lang), s.who.In(p.lang)))
		computer = computer || s.agent != nil
	}
	if computer {
		p.say(msgSeed, seed, seed)
	}
	p.say(msgIntro)
	if p.humanToMove() {
		p.showPosition()
	}
}

// showPosition draws the board and, while the game is on, says whose turn
// it is (run says how it ended).
func (p *playSession) showPosition() {
	fmt.Fprint(p.out, "\n"+p.board())
	if o := p.outcome(); !o.Ended() {
		fmt.Fprintln(p.out, turnLine(p.m.State(), p.lang))
	}
}

// board is the position as text in the session's language (the text board
// of package render), with its legend.
func (p *playSession) board() string { return boardText(p.m.State(), p.lang) }

// boardText is a position as text in lang: the text board of package
// render (the web board's letters), with its legend.
func boardText(s game.State, lang string) string {
	if b, err := render.Text(s, render.Options{Lang: lang}); err == nil {
		return b.String()
	}
	return game.StateText(s, lang)
}

// humanToMove says whether a person is to move in a game still on.
func (p *playSession) humanToMove() bool {
	return !p.outcome().Ended() && p.seats[p.m.ToMove()].agent == nil
}

// outcome is the result so far, counting a resignation.
func (p *playSession) outcome() game.Outcome {
	if p.resigned != nil {
		return *p.resigned
	}
	return p.m.Outcome()
}

// run plays until the game ends or the input stops, then saves the record.
func (p *playSession) run() error {
	for !p.outcome().Ended() {
		seat := p.m.ToMove()
		if p.seats[seat].agent != nil {
			if err := p.playComputer(seat); err != nil {
				return err
			}
			continue
		}
		fmt.Fprint(p.out, "> ")
		line, err := readLine(p.in)
		if errors.Is(err, io.EOF) {
			fmt.Fprintln(p.out)
			p.say(msgEndOfInput)
			return p.save()
		}
		if err != nil {
			return err
		}
		if p.echo {
			fmt.Fprintln(p.out, line)
		}
		p.mu.Lock()
		stop := p.handle(seat, strings.TrimSpace(line))
		p.mu.Unlock()
		if stop {
			p.say(msgStopped)
			return p.save()
		}
	}
	fmt.Fprint(p.out, "\n"+p.board())
	fmt.Fprintln(p.out, statusText(p.m.State(), p.outcome(), p.lang))
	return p.save()
}

// handle acts on one line typed by the human at seat and reports whether
// the player quits. A legal move is tried first, so that no command word
// can hide a move of some game.
func (p *playSession) handle(seat int, line string) (quit bool) {
	if line == "" {
		return false
	}
	mv, moveErr := p.m.State().ParseMove(line)
	if moveErr == nil {
		p.play(seat, mv)
		return false
	}
	switch strings.ToLower(line) {
	case "moves", "?", "legal", "coups":
		legal := legalNotations(p.m)
		p.say(msgLegalCount, len(legal))
		fmt.Fprint(p.out, columns(legal, 78))
	case "undo", "annuler":
		p.undo()
	case "resign", "abandon":
		p.resign(seat)
	case "help", "aide":
		example := ""
		if legal := legalNotations(p.m); len(legal) > 0 {
			example = legal[0]
		}
		p.say(msgHelp, example)
	case "quit", "quitter":
		return true
	default:
		fmt.Fprintln(p.out, errorText(p.lang, moveErr))
	}
	return false
}

func (p *playSession) play(seat int, mv game.Move) {
	notation := p.m.State().MoveString(mv)
	if err := p.m.Play(mv); err != nil {
		// The move came from the position's own parser or move list, and
		// the match was still on: a refusal is a bug in the game.
		panic(fmt.Sprintf("%s refused its own legal move %s: %v", p.variant(), notation, err))
	}
	p.movers = append(p.movers, seat)
	if s := p.seats[seat]; s.agent != nil {
		p.say(msgPlaysComputer, seatLabel(p.variant(), seat, p.lang), notation, s.tag.In(p.lang))
	} else {
		p.say(msgPlays, seatLabel(p.variant(), seat, p.lang), notation)
	}
	// The board is drawn for the person to move; the moves of computers
	// in between are only listed, and the end draws it once more.
	if p.humanToMove() {
		p.showPosition()
	}
}

// playComputer has the computer player of seat choose and play its move.
// It thinks without holding the lock, so that Ctrl-C saves the game at
// once rather than after the search.
func (p *playSession) playComputer(seat int) error {
	mv, err := p.seats[seat].agent.Choose(p.ctx, p.m)
	if err != nil {
		if serr := p.save(); serr != nil {
			fmt.Fprintln(p.out, serr)
		}
		return fmt.Errorf("%s: %w", p.seats[seat].recordName(), err)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.play(seat, mv)
	return nil
}

// undo takes back moves up to and including the last move a human played
// in this session, so that the human is to move again.
func (p *playSession) undo() {
	last := len(p.movers) - 1
	for last >= 0 && p.seats[p.movers[last]].agent != nil {
		last--
	}
	if last < 0 {
		p.say(msgNothingToUndo)
		return
	}
	n := len(p.movers) - last
	if err := p.m.Undo(n); err != nil {
		panic(fmt.Sprintf("undo %d of the %d moves of this session: %v", n, len(p.movers), err))
	}
	p.movers = p.movers[:last]
	if n == 1 {
		p.say(msgUndoneOne)
	} else {
		p.say(msgUndone, n)
	}
	p.showPosition()
}

// resign ends the game: every seat outside the resigning player's team
// wins. A lone player (Solitaire) just stops: the game is over without
// winners.
func (p *playSession) resign(seat int) {
	v := p.variant()
	o := game.Outcome{Status: game.Win, Reason: reasonResignation, Scores: p.m.State().Outcome().Scores}
	for other := 0; other < v.Players; other++ {
		if v.Team(other) != v.Team(seat) {
			o.Winners |= 1 << uint(other)
		}
	}
	if o.Winners == 0 {
		o.Status = game.Over
	}
	p.resigned = &o
	p.say(msgResigns, seatLabel(v, seat, p.lang))
}

// save writes the game record, finished or not, and says where.
func (p *playSession) save() error {
	rec := record.FromMatch(p.m)
	rec.Date = record.FormatDate(p.started)
	for _, s := range p.seats {
		rec.Players = append(rec.Players, s.recordName())
	}
	if p.resigned != nil {
		rec.Result = record.NewResult(p.variant(), *p.resigned)
	}
	path, err := writeRecord(rec, p.recordPath, p.started)
	if err != nil {
		return fmt.Errorf("saving the game record: %w", err)
	}
	p.say(msgSaved, path)
	return nil
}

// writeRecord writes rec to path, or when path is empty to a new file
// named after the game and the time, never overwriting an older record.
func writeRecord(rec *record.Record, path string, started time.Time) (string, error) {
	text := record.Format(rec)
	if path != "" {
		// Written whole or not at all: a record cut by a full disk would
		// lose the game it replaces.
		return path, atomicfile.WriteFile(path, []byte(text), 0o644)
	}
	base := defaultRecordName(rec.Game, started)
	for i := 1; ; i++ {
		name := base + ".txt"
		if i > 1 {
			name = fmt.Sprintf("%s-%d.txt", base, i)
		}
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, os.ErrExist) && i < 100 {
			continue
		}
		if err != nil {
			return "", err
		}
		_, err = f.WriteString(text)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		return name, err
	}
}

// defaultRecordName is the file name of a record without --record, without
// its extension: plateau-pogo-20261121-140312.
func defaultRecordName(id string, t time.Time) string {
	return "plateau-" + id + "-" + t.Format("20060102-150405")
}

// isTerminal reports whether r (an input or an output) is a terminal, where
// the user's typing is already shown. /dev/null is a character device but
// no terminal: the test is the terminal's own (isatty).
func isTerminal(r any) bool {
	f, ok := r.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// readLine reads one line without its end. A line longer than any move is
// cut (and then refused by the game) rather than read whole, so that a
// runaway input cannot fill the memory.
func readLine(r *bufio.Reader) (string, error) {
	var line []byte
	for {
		chunk, more, err := r.ReadLine()
		if err != nil {
			if errors.Is(err, io.EOF) && len(line) > 0 {
				return string(line), nil
			}
			return "", err
		}
		if len(line) < game.MaxInput {
			line = append(line, chunk[:min(len(chunk), game.MaxInput-len(line))]...)
		}
		if !more {
			return string(line), nil
		}
	}
}

// columns lays words out in columns no wider than width, a word never
// split across lines: the list of legal moves.
func columns(words []string, width int) string {
	if len(words) == 0 {
		return ""
	}
	w := 0
	for _, s := range words {
		w = max(w, len([]rune(s)))
	}
	w += 2
	per := max(1, width/w)
	rows := (len(words) + per - 1) / per
	var b strings.Builder
	for r := 0; r < rows; r++ {
		line := ""
		// Down the columns, as ls does: moves of one piece stay together.
		for c := 0; c < per; c++ {
			i := c*rows + r
			if i >= len(words) {
				break
			}
			line += words[i] + strings.Repeat(" ", w-len([]rune(words[i])))
		}
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	return b.String()
}
