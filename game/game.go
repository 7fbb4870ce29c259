// Package game is the rules API of plateau: the one small interface through
// which the command line, the computer players, the server and the web client
// talk to every game.
//
// A game package (games/pogo, games/blockade/...) is pure: data plus functions
// on it, no I/O. It registers a *Game describing itself and its options; a
// *Variant is that game with every option resolved; a State is one position of
// a variant. Software rules that are not part of a position's own rules
// (threefold repetition, the ply limit) are applied by Match, so that search
// code and perft can work on bare positions.
package game

import "fmt"

// MaxPlayers is the largest number of seats any game has.
const MaxPlayers = 4

// Move is one whole turn with every choice in it, encoded by its game.
// Only the game that produced a Move can interpret it; other code stores it,
// compares it and passes it back. Its notation comes from State.MoveString.
type Move uint64

// Pass is the move of a player who has nothing else to do, in every game that
// knows passes. Its notation is "pass".
const Pass Move = 1 << 63

// PassNotation is the notation of Pass in every game.
const PassNotation = "pass"

// Status says whether a game is on and, if not, how it ended.
type Status uint8

const (
	Ongoing Status = iota // the game goes on
	Win                   // one seat or one team won (Outcome.Winners)
	Draw                  // nobody won
	Over                  // ended without winners or draw, e.g. Solitaire: see the scores
)

var statusNames = [...]string{"ongoing", "win", "draw", "over"}

// String gives the status as used in JSON output: ongoing, win, draw or over.
func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return fmt.Sprintf("status(%d)", int(s))
}

// statusTexts name the statuses for people.
var statusTexts = [...]Text{
	{EN: "ongoing", FR: "en cours"},
	{EN: "win", FR: "victoire"},
	{EN: "draw", FR: "nulle"},
	{EN: "over", FR: "terminée"},
}

// Text names the status for people, in both languages.
func (s Status) Text() Text {
	if int(s) < len(statusTexts) {
		return statusTexts[s]
	}
	return Text{EN: s.String(), FR: s.String()}
}

// Outcome is how a position stands: on, or ended with winners and scores.
// It is a plain value so that asking for it never allocates.
type Outcome struct {
	Status Status
	// Winners has bit i set when seat i won; all partners of a winning team
	// are set.
	Winners uint8
	// Scores holds one score per seat (index = seat); its meaning is given by
	// Variant.ScoreName (pieces left, bricks in reserve, ...). Games without a
	// score leave it zero.
	Scores [MaxPlayers]int
	// Reason is a short English key for why the game ended ("all stacks",
	// "threefold repetition", "ply limit", ...); empty while ongoing.
	Reason string
}

// Ended reports whether the game is over.
func (o Outcome) Ended() bool { return o.Status != Ongoing }

// Won reports whether seat won.
func (o Outcome) Won(seat int) bool { return o.Winners&(1<<uint(seat)) != 0 }

// WinnerSeats lists the winning seats in order.
func (o Outcome) WinnerSeats() []int {
	var seats []int
	for i := 0; i < MaxPlayers; i++ {
		if o.Won(i) {
			seats = append(seats, i)
		}
	}
	return seats
}

// State is one position of a variant. Implementations are pointers to plain
// structs; LegalMoves, Apply, Outcome and Hash must not allocate.
//
// Seats are numbered from 0; seat 0 is the game's player 1.
type State interface {
	// Variant is the variant this position belongs to.
	Variant() *Variant
	// ToMove is the seat whose turn it is, or -1 once the game is over.
	ToMove() int
	// Ply is the number of turns (passes included) played since the start
	// of the game.
	Ply() int
	// LegalMoves appends the legal moves to buf[:0] and returns it, in a
	// stable order, without duplicates. It is empty exactly when the game
	// is over by its own rules. Where the rules say a player passes, the
	// only legal move is Pass.
	LegalMoves(buf []Move) []Move
	// Apply plays m, which must be one of LegalMoves. It does not check:
	// use Match.Play or ParseMove for untrusted input.
	Apply(m Move)
	// Outcome is the result by the game's own rules (without repetition
	// and ply limit, which Match adds).
	Outcome() Outcome
	// Hash is a stable 64-bit hash of everything that decides the future
	// (board, player to move, reserves, schedules) but not the ply count:
	// two positions that repeat each other have the same hash.
	Hash() uint64
	// Clone returns an independent copy.
	Clone() State
	// Encode gives the position text, which Variant.Decode reads back to
	// an equal state.
	Encode() string
	// MoveString gives the notation of a legal move m in this position.
	MoveString(m Move) string
	// ParseMove reads a move in notation and returns it if it is legal
	// here; otherwise an error says what was wrong and what is accepted.
	ParseMove(s string) (Move, error)
	// String draws the board as plain text.
	String() string
}

// StateText is the board text of s (State.String) in lang ("en" or "fr"):
// a game that writes its board's legend in both languages gives it with a
// method StringIn(lang string) string; the others give String.
func StateText(s State, lang string) string {
	if l, ok := s.(interface{ StringIn(lang string) string }); ok {
		return l.StringIn(lang)
	}
	return s.String()
}
