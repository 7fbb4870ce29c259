package game

import (
	"fmt"
	"strings"
)

// Judge returns the outcome of s under the variant's complete rules: the
// game's own outcome, else a draw when the position has occurred
// `Repetition` times (occurrences counts this one) or the ply limit is
// reached.
func (v *Variant) Judge(s State, occurrences int) Outcome {
	o := s.Outcome()
	if o.Ended() {
		return o
	}
	if v.Repetition > 0 && occurrences >= v.Repetition {
		return Outcome{Status: Draw, Reason: "threefold repetition"}
	}
	if v.PlyLimit > 0 && s.Ply() >= v.PlyLimit {
		return Outcome{Status: Draw, Reason: "ply limit"}
	}
	return o
}

// Match is a game in progress or finished: a start position, the moves
// played, and the software rules (repetition, ply limit) on top of the
// game's own. It checks every move it is given, so it is the safe way to
// play untrusted input. It is not safe for concurrent use.
type Match struct {
	variant   *Variant
	start     State
	state     State
	moves     []Move
	notations []string
	history   []uint64       // hash of every position, start included
	seen      map[uint64]int // occurrences of each hash
	outcome   Outcome
	buf       []Move
}

// NewMatch starts a match from start (which it copies).
func NewMatch(start State) *Match {
	m := &Match{variant: start.Variant(), start: start.Clone()}
	m.reset()
	return m
}

func (m *Match) reset() {
	m.state = m.start.Clone()
	m.moves = m.moves[:0]
	m.notations = m.notations[:0]
	m.history = append(m.history[:0], m.state.Hash())
	m.seen = map[uint64]int{m.state.Hash(): 1}
	m.outcome = m.variant.Judge(m.state, 1)
}

// Variant is the variant being played.
func (m *Match) Variant() *Variant { return m.variant }

// Start is the start position (do not modify it).
func (m *Match) Start() State { return m.start }

// State is the current position (do not modify it; Clone it to explore).
func (m *Match) State() State { return m.state }

// Moves are the moves played so far.
func (m *Match) Moves() []Move { return m.moves }

// Notations are the moves played so far in notation.
func (m *Match) Notations() []string { return m.notations }

// Outcome is the result under the complete rules.
func (m *Match) Outcome() Outcome { return m.outcome }

// ToMove is the seat to move, or -1 when the match is over.
func (m *Match) ToMove() int {
	if m.outcome.Ended() {
		return -1
	}
	return m.state.ToMove()
}

// LegalMoves appends the legal moves to buf[:0]; none once the match is over
// (by repetition or ply limit too).
func (m *Match) LegalMoves(buf []Move) []Move {
	if m.outcome.Ended() {
		return buf[:0]
	}
	return m.state.LegalMoves(buf)
}

// Play checks that mv is legal and plays it.
func (m *Match) Play(mv Move) error {
	if m.outcome.Ended() {
		return errGameOver(m.outcome)
	}
	m.buf = m.state.LegalMoves(m.buf)
	for _, legal := range m.buf {
		if legal == mv {
			m.apply(mv, m.state.MoveString(mv))
			return nil
		}
	}
	return Errorf(Text{EN: "move %d is not legal here", FR: "le coup %d n'est pas possible ici"}, uint64(mv))
}

// PlayNotation reads a move in notation and plays it; the error says why a
// move was refused and which moves are legal.
func (m *Match) PlayNotation(s string) (Move, error) {
	if m.outcome.Ended() {
		return 0, errGameOver(m.outcome)
	}
	mv, err := m.state.ParseMove(s)
	if err != nil {
		return 0, err
	}
	m.apply(mv, m.state.MoveString(mv))
	return mv, nil
}

func (m *Match) apply(mv Move, notation string) {
	m.state.Apply(mv)
	m.moves = append(m.moves, mv)
	m.notations = append(m.notations, notation)
	h := m.state.Hash()
	m.history = append(m.history, h)
	m.seen[h]++
	m.outcome = m.variant.Judge(m.state, m.seen[h])
}

// Undo takes back the last n moves.
func (m *Match) Undo(n int) error {
	if n < 1 || n > len(m.moves) {
		return Errorf(Text{EN: "cannot take back %d moves: %d played", FR: "impossible de reprendre %d coups : %d joués"}, n, len(m.moves))
	}
	keep := append([]Move(nil), m.moves[:len(m.moves)-n]...)
	m.reset()
	for _, mv := range keep {
		m.apply(mv, m.state.MoveString(mv))
	}
	return nil
}

// LegalNotations lists the legal moves of s in notation, for messages.
func LegalNotations(s State) []string {
	moves := s.LegalMoves(nil)
	out := make([]string, len(moves))
	for i, mv := range moves {
		out[i] = s.MoveString(mv)
	}
	return out
}

// IllegalMoveError builds the error every game returns for a well-formed
// move that is not legal in the position: it names the move and lists the
// legal ones.
//
// why is in English only; IllegalMove takes it in both languages.
func IllegalMoveError(s State, input, why string) error {
	return IllegalMove(s, input, Text{EN: why})
}

// IllegalMove is IllegalMoveError with the reason in both languages (an
// empty Text when there is none to give).
func IllegalMove(s State, input string, why Text) error {
	legal := LegalNotations(s)
	if len(legal) == 0 {
		return Errorf(Text{EN: "%s is not legal: the game is over", FR: "%s n'est pas possible : la partie est terminée"}, Quote(input))
	}
	msg := Text{EN: "%s is not a legal move here; legal moves: %s", FR: "%s n'est pas un coup possible ici ; coups possibles : %s"}
	if why.EN != "" {
		msg = Text{EN: "%s is not a legal move here (%s); legal moves: %s", FR: "%s n'est pas un coup possible ici (%s) ; coups possibles : %s"}
		return Errorf(msg, Quote(input), why, listMoves(legal))
	}
	return Errorf(msg, Quote(input), listMoves(legal))
}

// errGameOver refuses a move after the end of the game.
func errGameOver(o Outcome) error {
	return Errorf(Text{EN: "the game is over (%s): no more moves", FR: "la partie est terminée (%s) : plus aucun coup"}, o.Status.Text())
}

// maxListedMoves is how many legal moves an error lists before it only
// gives their number: some games have hundreds.
const maxListedMoves = 40

func listMoves(legal []string) Text {
	if len(legal) <= maxListedMoves {
		list := strings.Join(legal, " ")
		return Text{EN: list, FR: list}
	}
	list := strings.Join(legal[:maxListedMoves], " ")
	return Text{EN: fmt.Sprintf("%s … (%d in all)", list, len(legal)), FR: fmt.Sprintf("%s … (%d en tout)", list, len(legal))}
}

// MaxInput is the longest move or position text worth reading; longer input
// is refused before any parsing.
const MaxInput = 4096

// Quote quotes user input for an error message, shortened when long so that
// a bad input never floods the answer.
func Quote(s string) string {
	const max = 40
	if len(s) > max {
		return fmt.Sprintf("%q… (%d bytes)", s[:max], len(s))
	}
	return fmt.Sprintf("%q", s)
}

// NotAMove is the error for a text that is not written as a move; form
// says how the game writes its moves.
func NotAMove(input string, form Text) error {
	return Errorf(Text{EN: "%s is not a move: %s", FR: "%s n'est pas un coup : %s"}, Quote(input), form)
}

// MoveAfterEnd refuses a move given once the game is over.
func MoveAfterEnd(input string) error {
	return Errorf(Text{EN: "%s cannot be played: the game is over", FR: "%s ne peut pas être joué : la partie est terminée"}, Quote(input))
}

// Texts formats the same arguments in an English and a French format, for
// the reasons of IllegalMove.
func Texts(en, fr string, args ...any) Text {
	return Text{EN: fmt.Sprintf(en, args...), FR: fmt.Sprintf(fr, args...)}
}
