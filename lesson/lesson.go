// Package lesson holds the guided first game of every game of the
// catalogue: a short lesson of steps taken from the game's rules page
// (docs/rules/GAME.md and GAME.fr.md). Each step shows one rule on a small
// position (a position text of the game) with a few sentences in English
// and French, and asks the learner to make the move the text describes; it
// says what a likely wrong move misses, and the rules engine explains any
// illegal one. After the last step the learner plays a first game against
// the computer (the server's lesson pages, docs/lessons.md).
//
// The package is pure: constant tables and functions of them. Every
// position, move and effect a step claims is checked by its tests against
// the rules engine.
package lesson

import (
	"strings"

	"github.com/plateau-games/plateau/game"
	_ "github.com/plateau-games/plateau/games/all" // the games the lessons teach
)

// Lesson is the guided first game of one game.
type Lesson struct {
	Game  string    // the game id
	Intro game.Text // the goal of the game, in a sentence or two
	Steps []Step
}

// Step is one rule on one position: the learner makes the move the text
// describes.
type Step struct {
	Title game.Text
	// Section is the heading of the rules page (English and French) the
	// step comes from; the tests check that both pages have it.
	Section game.Text
	// Options gives the variant of the position (nil: the game's
	// defaults).
	Options game.Options
	// Position is a position text of the variant (Variant.Decode).
	Position string
	// Text says what the rule is and which move to make. Notation is
	// written between backquotes.
	Text game.Text
	// Highlight lists the places the board rings (the ids of package
	// render: cells, points, holes, edges).
	Highlight []string
	// Accept lists the moves that complete the step, in notation as the
	// game writes it (State.MoveString). An entry ending in "*" accepts
	// every legal move whose notation starts with what comes before it
	// ("e5-*": every move of the piece on e5; "*": any legal move).
	Accept []string
	// Wrong says what a few likely legal moves that are not accepted
	// miss; Other is said for any other legal move (a general sentence
	// when empty). Illegal moves get the rules engine's explanation.
	Wrong []Reply
	Other game.Text
	// Done is said once an accepted move is played: what it did.
	Done game.Text
	// Effect is what every accepted move does, checked by the tests.
	Effect Effect
}

// Reply is what a step says to some legal moves that it does not accept.
type Reply struct {
	Moves []string // in notation (State.MoveString)
	Say   game.Text
}

// Effect is what an accepted move does, as the rules engine sees it. The
// counts are pieces on the board (bricks in POLD.R, segments in Polygone)
// after the move against before: a positive count means at least that many
// more, a negative one at least that many fewer, zero no claim.
type Effect struct {
	Wins   bool     // the mover wins at once
	Ends   bool     // the game ends (a win or not)
	Mine   int      // the mover's pieces
	Theirs int      // the other players' pieces, together
	Denies []string // moves the next player may no longer make (Le Blocus: "exit")
}

// lessons is the catalogue's order of the lessons.
var lessons = []*Lesson{&alignement, &blocus, &empire, &pods, &pogo, &poldr, &polygone, &porte, &saute, &solitaire}

// All lists the lessons, sorted by game id as game.Games is.
func All() []*Lesson { return lessons }

// For finds the lesson of a game, or nil.
func For(id string) *Lesson {
	for _, l := range lessons {
		if l.Game == id {
			return l
		}
	}
	return nil
}

// Step gives step n of the lesson, counted from 1; false when there is
// none.
func (l *Lesson) Step(n int) (*Step, bool) {
	if n < 1 || n > len(l.Steps) {
		return nil, false
	}
	return &l.Steps[n-1], true
}

// Variant is the variant of the step's position.
func (l *Lesson) Variant(st *Step) (*game.Variant, error) {
	return game.NewVariant(l.Game, st.Options)
}

// State reads the step's position.
func (l *Lesson) State(st *Step) (game.State, error) {
	v, err := l.Variant(st)
	if err != nil {
		return nil, err
	}
	return v.Decode(st.Position)
}

// Accepts says whether the step accepts the legal move written notation
// (as State.MoveString writes it).
func (st *Step) Accepts(notation string) bool {
	for _, a := range st.Accept {
		if prefix, ok := strings.CutSuffix(a, "*"); ok {
			if strings.HasPrefix(notation, prefix) {
				return true
			}
		} else if a == notation {
			return true
		}
	}
	return false
}

// Answer is the first accepted move, written as the game writes it: what
// "show the answer" shows. A pattern gives the first legal move it
// accepts.
func (l *Lesson) Answer(st *Step) string {
	s, err := l.State(st)
	if err != nil {
		return ""
	}
	for _, a := range st.Accept {
		if !strings.HasSuffix(a, "*") {
			return a
		}
		for _, n := range game.LegalNotations(s) {
			if (&Step{Accept: []string{a}}).Accepts(n) {
				return n
			}
		}
	}
	return ""
}

// Verdict is the judgement of a move played on a step.
type Verdict struct {
	Right   bool       // the step is done
	Illegal bool       // the rules refuse the move
	Move    string     // the move as the game writes it (a legal move only)
	Says    string     // why, in the language asked for
	Before  game.State // the step's position
	After   game.State // the position after the move (a legal move only)
	Played  game.Move  // the move (a legal move only)
}

// The general answers of Check.
var (
	sayEmpty   = game.Text{EN: "Click the board, or type a move.", FR: "Cliquez sur le plateau, ou tapez un coup."}
	sayTooLong = game.Text{EN: "That is far too long to be a move.", FR: "C'est bien trop long pour être un coup."}
	sayOther   = game.Text{EN: "That move is allowed, but it is not the one this step asks for: read the explanation again, or look at the answer.",
		FR: "Ce coup est permis, mais ce n'est pas celui que demande cette étape : relisez l'explication, ou regardez la réponse."}
)

// Check judges input, a move typed or clicked on the step's position, and
// says why in lang ("en" or "fr"). The error is for a step whose position
// does not decode, which the tests rule out.
func (l *Lesson) Check(st *Step, input, lang string) (Verdict, error) {
	s, err := l.State(st)
	if err != nil {
		return Verdict{}, err
	}
	v := Verdict{Before: s}
	input = strings.TrimSpace(input)
	switch {
	case input == "":
		v.Illegal, v.Says = true, sayEmpty.In(lang)
		return v, nil
	case len(input) > game.MaxInput:
		v.Illegal, v.Says = true, sayTooLong.In(lang)
		return v, nil
	}
	m, err := s.ParseMove(input)
	if err != nil {
		v.Illegal, v.Says = true, Reason(err, lang)
		return v, nil
	}
	v.Move, v.Played = s.MoveString(m), m
	v.After = s.Clone()
	v.After.Apply(m)
	if st.Accepts(v.Move) {
		v.Right, v.Says = true, st.Done.In(lang)
		return v, nil
	}
	for _, w := range st.Wrong {
		for _, n := range w.Moves {
			if n == v.Move {
				v.Says = w.Say.In(lang)
				return v, nil
			}
		}
	}
	if st.Other.EN != "" {
		v.Says = st.Other.In(lang)
	} else {
		v.Says = sayOther.In(lang)
	}
	return v, nil
}

// Reason is the rules engine's refusal of a move in lang, without the list
// of legal moves that ends it: in a lesson that list gives the answer away
// and buries the reason.
func Reason(err error, lang string) string {
	text := game.ErrorText(err, lang)
	for _, sep := range []string{"; legal moves: ", " ; coups possibles : "} {
		if i := strings.Index(text, sep); i >= 0 {
			text = text[:i]
		}
	}
	return text
}

// tx is a text in English and French, for the tables of the lessons.
func tx(en, fr string) game.Text { return game.Text{EN: en, FR: fr} }
