// Package record reads and writes plateau game records: a plain text format
// in the spirit of chess's PGN, with tags in brackets followed by the moves.
//
//	[Game "pogo"]
//	[Options ""]
//	[Player1 "human"]
//	[Player2 "random"]
//	[Date "2026.11.21"]
//	[Result "win 1"]
//	[Reason "tops every stack"]
//	[Plies "5"]
//
//	1. 2b1-b3 2. 1a3-a2 3. 1c1-c2 4. 2c3-a3 5. 3b3-a3 win 1
//
// Moves are numbered by ply (every turn, whichever seat plays it), because
// games have one to four players and a "round" has no fixed size. The full
// description is in docs/records.md.
package record

import (
	"strconv"
	"strings"
	"time"

	"github.com/plateau-games/plateau/game"
)

// Record is one game: its variant, its start position, who played, the
// moves and the result.
type Record struct {
	// Game is the game id (pogo, empire, ...).
	Game string
	// Options are the variant's options; empty when the game has none.
	Options game.Options
	// Position is the start position text (State.Encode), or "" when the
	// game started from the variant's start position.
	Position string
	// Players says who held each seat (index = seat): "human", "random",
	// or a name; "" when unknown.
	Players []string
	// Date is the day the game was played, in DateLayout form; "" when
	// unknown.
	Date string
	// Result is how the game ended; Status game.Ongoing when unfinished.
	Result Result
	// Moves are the moves in notation, in the order played.
	Moves []string
	// Hints are the hints each seat was given (index = seat), in the
	// order given: each is the ply of its position (0-based: the number of
	// moves played then; the hint was for move ply+1, written so in the
	// Hints tag). nil, or no ply at all, when nobody had a hint. A ply may
	// be beyond the moves (a hint for a move taken back, or the last
	// position of a resigned game) and may repeat.
	Hints [][]int
	// Tags are any other tags, kept in their order so that a record read
	// and written again loses nothing.
	Tags []Tag
}

// Tag is one "[Name "value"]" line that the format does not define itself.
type Tag struct{ Name, Value string }

// DateLayout is the time layout of the Date tag: 2026.11.21, as in PGN.
const DateLayout = "2006.01.02"

// FormatDate gives t in the form of the Date tag.
func FormatDate(t time.Time) string { return t.Format(DateLayout) }

// Result is how a recorded game ended.
type Result struct {
	// Status is game.Ongoing for an unfinished game.
	Status game.Status
	// Winners lists the winning seats (0-based, written 1-based).
	Winners []int
	// Scores holds one score per seat when the game keeps a score
	// (Variant.ScoreName); nil otherwise.
	Scores []int
	// Reason is why the game ended ("tops every stack", "resignation",
	// ...); empty while unfinished.
	Reason string
}

// NewResult gives the result of outcome o in variant v, keeping scores
// only when the variant has any.
func NewResult(v *game.Variant, o game.Outcome) Result {
	r := Result{Status: o.Status, Winners: o.WinnerSeats(), Reason: o.Reason}
	if v.ScoreName.EN != "" {
		r.Scores = append([]int(nil), o.Scores[:v.Players]...)
	}
	return r
}

// Outcome converts the result back to a game.Outcome.
func (r Result) Outcome() game.Outcome {
	o := game.Outcome{Status: r.Status, Reason: r.Reason}
	for _, seat := range r.Winners {
		o.Winners |= 1 << uint(seat)
	}
	copy(o.Scores[:], r.Scores)
	return o
}

// Ended reports whether the result is a finished game.
func (r Result) Ended() bool { return r.Status != game.Ongoing }

// String gives the result token: "*" while unfinished, "win 1" or
// "win 1,3" (winning seats, 1-based), "draw", or "over" (no winner: see the
// scores).
func (r Result) String() string {
	switch r.Status {
	case game.Ongoing:
		return "*"
	case game.Win:
		seats := make([]string, len(r.Winners))
		for i, s := range r.Winners {
			seats[i] = strconv.Itoa(s + 1)
		}
		return "win " + strings.Join(seats, ",")
	}
	return r.Status.String()
}

// ParseResult reads a result token written by Result.String; Reason and
// Scores come from their own tags. Spaces around the seats are allowed
// ("win 1, 3").
func ParseResult(s string) (Result, error) {
	form := game.Text{
		EN: `a result is "*" (unfinished), "draw", "over", or "win" and the winning seats, e.g. "win 1" or "win 1,3"`,
		FR: `un résultat s'écrit "*" (inachevée), "draw" (nulle), "over" (terminée), ou "win" et les places gagnantes, par exemple "win 1" ou "win 1,3"`,
	}
	fields := strings.Fields(s)
	if len(fields) == 0 {
		return Result{}, game.Errorf(game.Text{EN: "empty result: %s", FR: "résultat vide : %s"}, form)
	}
	word := strings.ToLower(fields[0])
	switch {
	case len(fields) == 1 && word == "*":
		return Result{Status: game.Ongoing}, nil
	case len(fields) == 1 && word == "draw":
		return Result{Status: game.Draw}, nil
	case len(fields) == 1 && word == "over":
		return Result{Status: game.Over}, nil
	case word == "win" && len(fields) > 1:
		seats, err := parseSeats(strings.Join(fields[1:], ""))
		if err != nil {
			return Result{}, game.Errorf(game.Text{EN: "%s in %s: %s", FR: "%s dans %s : %s"}, err, game.Quote(s), form)
		}
		return Result{Status: game.Win, Winners: seats}, nil
	}
	return Result{}, game.Errorf(game.Text{EN: "%s is not a result: %s", FR: "%s n'est pas un résultat : %s"}, game.Quote(s), form)
}

// parseSeats reads "1,3" into 0-based seats, in increasing order.
func parseSeats(s string) ([]int, error) {
	var mask uint
	for _, item := range strings.Split(s, ",") {
		n, err := strconv.Atoi(item)
		if err != nil || n < 1 || n > game.MaxPlayers {
			return nil, game.Errorf(game.Text{EN: "seat %s is not a number from 1 to %d", FR: "la place %s n'est pas un nombre de 1 à %d"}, game.Quote(item), game.MaxPlayers)
		}
		if mask&(1<<uint(n-1)) != 0 {
			return nil, game.Errorf(game.Text{EN: "seat %d is given twice", FR: "la place %d est donnée deux fois"}, n)
		}
		mask |= 1 << uint(n-1)
	}
	var seats []int
	for i := 0; i < game.MaxPlayers; i++ {
		if mask&(1<<uint(i)) != 0 {
			seats = append(seats, i)
		}
	}
	return seats, nil
}

// sameEnd reports whether two results say the same thing about how the game
// ended (status and winners; reasons and scores are not compared, since a
// record may word them differently).
func sameEnd(a, b Result) bool {
	return a.Status == b.Status && a.Outcome().Winners == b.Outcome().Winners
}
