package record

import (
	"github.com/plateau-games/plateau/game"
)

// FromMatch records m: its variant, its start position when it is not the
// variant's own, its moves and its result. Players and Date are left for
// the caller, who knows who played and when.
func FromMatch(m *game.Match) *Record {
	v := m.Variant()
	r := &Record{
		Game:    v.Game.ID,
		Options: game.Options{},
		Moves:   append([]string(nil), m.Notations()...),
		Result:  NewResult(v, m.Outcome()),
	}
	for k, val := range v.Options {
		r.Options[k] = val
	}
	if start := m.Start().Encode(); start != v.Start().Encode() {
		r.Position = start
	}
	return r
}

// Variant builds the record's variant from its game and options.
func (r *Record) Variant() (*game.Variant, error) {
	v, err := game.NewVariant(r.Game, r.Options)
	if err != nil {
		return nil, err
	}
	if len(r.Players) > v.Players {
		return nil, game.Errorf(game.Text{EN: "the record names %d players but %s has %d", FR: "la partie enregistrée nomme %d joueurs mais %s en a %d"}, len(r.Players), v, v.Players)
	}
	for seat := v.Players; seat < len(r.Hints); seat++ {
		if len(r.Hints[seat]) > 0 {
			return nil, game.Errorf(game.Text{EN: "the Hints tag names seat %d but %s has %d players", FR: "l'étiquette Hints nomme la place %d mais %s a %d joueurs"}, seat+1, v, v.Players)
		}
	}
	return v, nil
}

// Replay plays the record's moves from its start position in a new match,
// checking every move. The error of a refused move names its number and
// the move (a *MoveError); the match is then returned too, as it stood
// before that move, so that the caller can show the legal moves. Replay
// also checks the recorded result against the moves when the moves end the
// game. A recorded result on a game the moves leave unfinished is accepted:
// such a game ended outside the rules (resignation, agreement), and the
// caller reads it from r.Result.
func (r *Record) Replay() (*game.Match, error) {
	v, err := r.Variant()
	if err != nil {
		return nil, err
	}
	start, err := v.Position(r.Position)
	if err != nil {
		return nil, game.Errorf(game.Text{EN: "start position: %v", FR: "position de départ : %v"}, err)
	}
	m := game.NewMatch(start)
	if err := PlayMoves(m, r.Moves); err != nil {
		return m, err
	}
	if got := NewResult(v, m.Outcome()); got.Ended() && r.Result.Ended() && !sameEnd(got, r.Result) {
		return nil, game.Errorf(game.Text{EN: "the record says %q but its moves give %q (%s)", FR: "la partie enregistrée dit %q mais ses coups donnent %q (%s)"}, r.Result.String(), got.String(), game.Text{EN: got.Reason, FR: game.ReasonText(got.Reason, "fr")})
	}
	return m, nil
}

// PlayMoves plays moves in notation on m, stopping at the first one that
// is refused.
func PlayMoves(m *game.Match, moves []string) error {
	for _, mv := range moves {
		index := len(m.Notations()) + 1
		if _, err := m.PlayNotation(mv); err != nil {
			return &MoveError{Index: index, Move: mv, Err: err}
		}
	}
	return nil
}

// MoveError is a move of a game that could not be played.
type MoveError struct {
	// Index is the move's number in the game, from 1 for the first move
	// after the start position.
	Index int
	// Move is the move as it was written.
	Move string
	// Err is the game's reason.
	Err error
}

func (e *MoveError) Error() string { return e.ErrorIn("en") }

// ErrorIn is the text in lang ("en" or "fr"), the game's reason included.
func (e *MoveError) ErrorIn(lang string) string {
	msg := game.Text{EN: "move %d %s: %v", FR: "coup %d %s : %v"}
	return game.Errorf(msg, e.Index, game.Quote(e.Move), e.Err).(*game.Error).ErrorIn(lang)
}

func (e *MoveError) Unwrap() error { return e.Err }
