package tui

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/record"
	"github.com/plateau-games/plateau/render"
)

// The line mode of an online game: what a script, a pipe or --plain gets
// instead of the full screen. The server's states are followed as in the
// view (the same connection, the same reconnection); every move is listed
// as it comes, the board is printed when a seat of this keyboard is to
// move, then a prompt where a move or a command is typed.

// The words of the line mode.
var (
	pJoined      = game.Text{EN: "Connected to %s: %s.", FR: "Connecté à %s : %s."}
	pSeatLine    = game.Text{EN: "  %d. %s: %s", FR: "  %d. %s : %s"}
	pOpenSeat    = game.Text{EN: "(nobody)", FR: "(personne)"}
	pYouPlay     = game.Text{EN: "You play %s. Type a move when it is your turn, or help for the commands.", FR: "Vous jouez %s. Tapez un coup quand c'est à vous, ou aide pour les commandes."}
	pYourTurn    = game.Text{EN: "Move %d: your move (%s).", FR: "Coup %d : à vous (%s)."}
	pWaitingFor  = game.Text{EN: "Move %d: waiting for %s.", FR: "Coup %d : en attente de %s."}
	pMovePlayed  = game.Text{EN: "%s played %s.", FR: "%s a joué %s."}
	pNotYourTurn = game.Text{EN: "It is not your move: wait for %s.", FR: "Ce n'est pas à vous de jouer : attendez %s."}
	pAnswerAsk   = game.Text{EN: "%s offers a draw: type yes or no.", FR: "%s propose la nulle : tapez oui ou non."}
	pUndoAsk     = game.Text{EN: "%s asks to take back a move: type yes or no.", FR: "%s demande à reprendre un coup : tapez oui ou non."}
	pNoOffer     = game.Text{EN: "There is no offer to answer.", FR: "Il n'y a pas de proposition à laquelle répondre."}
	pWatching    = game.Text{EN: "No seat of this game is yours: you are watching (quit to leave).", FR: "Aucune place de cette partie n'est à vous : vous regardez (quitter pour partir)."}
	pEndOfInput  = game.Text{EN: "End of input: you leave the game, which goes on without you.", FR: "Fin de l'entrée : vous quittez la partie, qui continue sans vous."}
	pHelp        = game.Text{
		EN: `Type a move in the game's notation (for example %s), or a command:
  moves (or ?, legal)  list the legal moves
  board                print the board again
  draw                 offer a draw
  undo                 ask to take back your last move
  yes, no              answer an offer
  resign               give up
  help                 show this help
  quit                 leave; the game goes on on the server`,
		FR: `Tapez un coup dans la notation du jeu (par exemple %s), ou une commande :
  coups (ou ?)         affiche les coups possibles
  plateau              affiche à nouveau le plateau
  nulle                propose la nulle
  annuler              demande à reprendre votre dernier coup
  oui, non             répond à une proposition
  abandon              abandonne
  aide                 affiche cette aide
  quitter              s'en va ; la partie continue sur le serveur
Les commandes anglaises marchent aussi.`,
	}
)

// plainOnline is one online game played a line at a time.
type plainOnline struct {
	lang string
	out  io.Writer
	echo bool
	conn *Online

	m       *game.Match
	you     []int
	seats   []serverSeat
	outcome string // the end in words, once the game is over
	offer   *serverOffer
	// prompted is the ply whose turn was last announced (-1: none), so
	// that a state that changes nothing else does not print it again.
	prompted int
	greeted  bool
	offline  bool
}

// RunPlain plays the online game o a line at a time on in and out until
// the game ends, the player quits, the input ends or ctx is done. echo
// repeats each line read (an input that is not a terminal), so that the
// output reads as a transcript.
func RunPlain(ctx context.Context, o *Online, in io.Reader, out io.Writer, echo bool) (Result, error) {
	p := &plainOnline{lang: o.lang, out: out, echo: echo, conn: o, prompted: -1}
	done := make(chan struct{})
	defer close(done)
	msgs := make(chan onlineMsg, 64)
	o.attach(func(m tea.Msg) {
		if om, ok := m.(onlineMsg); ok {
			select {
			case msgs <- om:
			case <-done:
			}
		}
	})
	o.start()
	defer o.close()
	lines := make(chan string)
	go func() {
		defer close(lines)
		r := bufio.NewReader(in)
		for {
			line, err := readBoundedLine(r)
			if err != nil {
				return
			}
			select {
			case lines <- line:
			case <-done:
				return
			}
		}
	}()
	fmt.Fprintln(out, tr(p.lang, wConnecting, o.host()))
	for {
		select {
		case <-ctx.Done():
			return p.result(), nil
		case msg := <-msgs:
			if msg.fatal != nil {
				return p.result(), msg.fatal
			}
			if p.take(msg) {
				return p.result(), nil
			}
		case line, ok := <-lines:
			if !ok {
				fmt.Fprintln(out)
				p.say(pEndOfInput)
				return p.result(), nil
			}
			if p.echo {
				fmt.Fprintln(out, line)
			}
			if p.handle(strings.TrimSpace(line)) {
				return p.result(), nil
			}
		}
	}
}

func (p *plainOnline) say(t game.Text, args ...any) { fmt.Fprintln(p.out, tr(p.lang, t, args...)) }

func (p *plainOnline) result() Result { return Result{Match: p.m, Outcome: p.outcome} }

// seatPerson says who holds a seat: "alice", "computer, easy", "you",
// or "" when the server names nobody.
func (p *plainOnline) seatPerson(seat int) string {
	who := ""
	if seat >= 0 && seat < len(p.seats) {
		s := p.seats[seat]
		switch {
		case s.Kind == "computer":
			who = tr(p.lang, wComputer)
			if s.Level != "" {
				who += ", " + s.Level
			}
		default:
			who = holderName(p.m.Variant(), seat, s.Name, p.lang)
		}
	}
	if p.mine(seat) {
		if who == "" {
			return tr(p.lang, wYou)
		}
		who += ", " + tr(p.lang, wYou)
	}
	return who
}

// seatWho names a seat and who holds it: "South (alice)".
func (p *plainOnline) seatWho(seat int) string {
	name := p.m.Variant().SeatName(seat, p.lang)
	if who := p.seatPerson(seat); who != "" {
		return name + " (" + who + ")"
	}
	return name
}

func (p *plainOnline) mine(seat int) bool {
	for _, y := range p.you {
		if y == seat {
			return true
		}
	}
	return false
}

// myTurn says whether a seat of this keyboard is to move in a game still on.
func (p *plainOnline) myTurn() bool {
	return p.m != nil && p.outcome == "" && !p.m.Outcome().Ended() && p.mine(p.m.ToMove())
}

// take follows one message of the connection; true when the game is over.
func (p *plainOnline) take(msg onlineMsg) bool {
	switch {
	case msg.offline:
		if !p.offline {
			p.say(wOffline)
		}
		p.offline = true
		return false
	case msg.notice != "":
		p.say(wServerSays, msg.notice)
		if msg.refused && p.myTurn() {
			p.prompted = -1 // the move was refused: ask again
			p.announce()
		}
		return false
	case msg.state == nil:
		return false
	}
	p.offline = false
	st := msg.state
	played, err := p.follow(st)
	if err != nil {
		p.say(wServerSays, err.Error())
		return false
	}
	p.you, p.seats = st.You, st.Seats
	if !p.greeted {
		p.greeted = true
		p.intro()
	}
	for _, pm := range played {
		p.say(pMovePlayed, p.seatWho(pm.seat), pm.notation)
	}
	if st.Outcome != "" || (st.Result != "" && st.Result != "*") {
		p.outcome = st.Outcome
		if p.outcome == "" {
			if r, err := record.ParseResult(st.Result); err == nil {
				o := r.Outcome()
				o.Reason = st.Reason
				p.outcome = Describe(p.m.Variant(), o, p.lang)
			} else {
				p.outcome = st.Result
			}
		}
		fmt.Fprint(p.out, "\n"+p.board())
		fmt.Fprintln(p.out, p.outcome)
		return true
	}
	newOffer := st.Offer != nil && (p.offer == nil || p.offer.Kind != st.Offer.Kind || p.offer.By != st.Offer.By)
	p.offer = st.Offer
	if newOffer && (&onlineView{offer: st.Offer, you: st.You}).mustAnswer() {
		ask := pAnswerAsk
		if st.Offer.Kind == "undo" {
			ask = pUndoAsk
		}
		p.say(ask, p.seatWho(st.Offer.By))
	}
	p.announce()
	return false
}

// announce says whose turn it is, once per ply: the board and a prompt
// for a seat of this keyboard.
func (p *plainOnline) announce() {
	if p.m == nil || p.prompted == p.m.State().Ply() {
		return
	}
	p.prompted = p.m.State().Ply()
	ply := p.m.State().Ply() + 1
	if p.myTurn() {
		fmt.Fprint(p.out, "\n"+p.board())
		line := tr(p.lang, pYourTurn, ply, p.m.Variant().SeatName(p.m.ToMove(), p.lang))
		if hint := render.TurnHint(p.m.State(), p.lang); hint != "" {
			line += "\n" + hint
		}
		fmt.Fprintln(p.out, line)
		fmt.Fprint(p.out, "> ")
		return
	}
	p.say(pWaitingFor, ply, p.seatWho(p.m.ToMove()))
}

func (p *plainOnline) intro() {
	v := p.m.Variant()
	label := v.Title(p.lang)
	if t := render.OptionsText(v.Options.String(), p.lang); t != "" {
		label += " — " + t
	}
	p.say(pJoined, p.conn.host(), label)
	for i := 0; i < v.Players; i++ {
		who := p.seatPerson(i)
		if who == "" {
			who = tr(p.lang, pOpenSeat)
		}
		p.say(pSeatLine, i+1, v.SeatName(i, p.lang), who)
	}
	if len(p.you) == 0 {
		p.say(pWatching)
		return
	}
	names := make([]string, len(p.you))
	for i, y := range p.you {
		names[i] = v.SeatName(y, p.lang)
	}
	p.say(pYouPlay, strings.Join(names, ", "))
}

// playedMove is a move the server's state brought.
type playedMove struct {
	seat     int
	notation string
}

// follow brings the match to the server's moves (a new game when they
// are not a continuation of the ones known) and returns the new ones.
func (p *plainOnline) follow(st *serverState) ([]playedMove, error) {
	if p.m == nil || p.m.Variant().Game.ID != st.Rules || len(st.Moves) < len(p.m.Moves()) || !prefixOf(p.m.Notations(), st.Moves) {
		opts, err := game.ParseOptions(strings.Fields(st.Options)...)
		if err != nil {
			return nil, fmt.Errorf("the server's game: %w", err)
		}
		v, err := game.NewVariant(st.Rules, opts)
		if err != nil {
			return nil, fmt.Errorf("the server's game: %w", err)
		}
		start, err := v.Position(st.Position)
		if err != nil {
			return nil, fmt.Errorf("the server's game: %w", err)
		}
		fresh := p.m == nil
		p.m = game.NewMatch(start)
		p.prompted = -1
		if fresh {
			// The moves before joining are the game's past: not listed.
			for _, n := range st.Moves {
				if _, err := p.m.PlayNotation(n); err != nil {
					return nil, fmt.Errorf("the server's move %s: %w", n, err)
				}
			}
			return nil, nil
		}
	}
	var played []playedMove
	for _, n := range st.Moves[len(p.m.Moves()):] {
		seat := p.m.ToMove()
		if _, err := p.m.PlayNotation(n); err != nil {
			return played, fmt.Errorf("the server's move %s: %w", n, err)
		}
		played = append(played, playedMove{seat, n})
	}
	return played, nil
}

func (p *plainOnline) board() string {
	if b, err := render.Text(p.m.State(), render.Options{Lang: p.lang}); err == nil {
		return b.String()
	}
	return game.StateText(p.m.State(), p.lang)
}

// handle acts on one typed line; true when the player leaves.
func (p *plainOnline) handle(line string) (quit bool) {
	if line == "" {
		if p.myTurn() {
			fmt.Fprint(p.out, "> ")
		}
		return false
	}
	if p.m != nil && p.outcome == "" {
		if mv, err := p.m.State().ParseMove(line); err == nil {
			if !p.myTurn() {
				if len(p.you) == 0 {
					p.say(pWatching)
				} else {
					p.say(pNotYourTurn, p.seatWho(p.m.ToMove()))
				}
				return false
			}
			p.send(p.conn.play(p.m.State().Ply(), p.m.State().MoveString(mv)))
			return false
		}
	}
	switch strings.ToLower(line) {
	case "moves", "?", "legal", "coups":
		if p.m == nil {
			return false
		}
		var legal []string
		st := p.m.State()
		for _, mv := range st.LegalMoves(nil) {
			legal = append(legal, st.MoveString(mv))
		}
		fmt.Fprintln(p.out, tr(p.lang, game.Text{EN: "Legal moves (%d):", FR: "Coups possibles (%d) :"}, len(legal)))
		fmt.Fprintln(p.out, strings.Join(legal, "  "))
	case "board", "plateau":
		if p.m != nil {
			fmt.Fprint(p.out, p.board())
		}
	case "draw", "nulle":
		p.send(p.conn.offerDraw())
		p.say(wOfferSent)
	case "undo", "annuler":
		p.send(p.conn.askUndo())
		p.say(wOfferSent)
	case "yes", "y", "oui", "o", "no", "n", "non":
		if p.offer == nil {
			p.say(pNoOffer)
			return false
		}
		accept := strings.HasPrefix(strings.ToLower(line), "y") || strings.HasPrefix(strings.ToLower(line), "o")
		p.send(p.conn.answer(accept))
	case "resign", "abandon":
		p.send(p.conn.resign())
		return false // the server's answer ends the game
	case "help", "aide":
		example := ""
		if p.m != nil {
			if legal := p.m.State().LegalMoves(nil); len(legal) > 0 {
				example = p.m.State().MoveString(legal[0])
			}
		}
		p.say(pHelp, example)
	case "quit", "quitter":
		return true
	default:
		if p.m != nil {
			_, err := p.m.State().ParseMove(line)
			fmt.Fprintln(p.out, localizeError(err, p.lang))
		}
	}
	if p.myTurn() {
		fmt.Fprint(p.out, "> ")
	}
	return false
}

// send runs one of the connection's commands here (the line mode has no
// program to run it); a failure is said.
func (p *plainOnline) send(cmd tea.Cmd) {
	if msg, ok := cmd().(onlineMsg); ok && msg.notice != "" {
		p.say(wServerSays, msg.notice)
	}
}

// readBoundedLine reads one line without its end, cut at game.MaxInput so
// that a runaway input cannot fill the memory.
func readBoundedLine(r *bufio.Reader) (string, error) {
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
