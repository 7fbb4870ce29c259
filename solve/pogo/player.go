package pogosolve

import (
	"encoding/json"
	"sort"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/pogo"
)

// MarshalText gives the result's name in JSON.
func (r Result) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// MoveValue is one legal move and what it leads to.
type MoveValue struct {
	Move     game.Move `json:"-"`
	Notation string    `json:"move"`
	// Value is the value of the move for the player who makes it.
	Value Value `json:"value"`
	// Replies is the number of the opponent's replies. Mistakes counts
	// those that do not keep his value (a worse result, a slower win or a
	// quicker loss); Blunders, those that make his result worse.
	Replies  int `json:"replies"`
	Mistakes int `json:"mistakes"`
	Blunders int `json:"blunders"`
}

// valueJSON is Value with the field names of the JSON output.
type valueJSON struct {
	Result Result `json:"result"`
	Plies  int    `json:"plies"`
}

// MarshalJSON writes {"result": "win", "plies": 7}.
func (v Value) MarshalJSON() ([]byte, error) {
	return json.Marshal(valueJSON(v))
}

// afterMove is the value, for the player who has just moved, of a position
// whose value for the side to move is v.
func afterMove(v Value) Value {
	switch v.Result {
	case Loss:
		return Value{Result: Win, Plies: v.Plies + 1}
	case Win:
		return Value{Result: Loss, Plies: v.Plies + 1}
	}
	return v
}

// score orders values for the player they belong to: any win beats any
// draw beats any loss, a quicker win is better, a longer loss is better.
func score(v Value) int {
	switch v.Result {
	case Win:
		return 1000 - v.Plies
	case Loss:
		return -1000 + v.Plies
	}
	return 0
}

// better says whether a perfect player prefers move a to move b: the
// better value first; among equal values the move that leaves the opponent
// the most replies spoiling his result, then the most replies not keeping
// his exact value (the most ways to go wrong). Ties keep the legal order,
// which makes the choice deterministic.
func better(a, b MoveValue) bool {
	if sa, sb := score(a.Value), score(b.Value); sa != sb {
		return sa > sb
	}
	if a.Blunders != b.Blunders {
		return a.Blunders > b.Blunders
	}
	return a.Mistakes > b.Mistakes
}

// rate returns what moving into the canonical position child is worth to
// the mover, with the opponent's replies counted.
func (t *Table) rate(child int) MoveValue {
	sp := t.sp
	c := valueOf(t.data[child])
	mv := MoveValue{Value: afterMove(c)}
	if c.Result == Loss && c.Plies == 0 {
		return mv // the move wins at once: no replies
	}
	var succ [maxMoves]int32
	n := sp.relatedOf(child, pogo.Light, &succ)
	mv.Replies = n
	for _, g := range succ[:n] {
		reply := afterMove(valueOf(t.data[g]))
		if reply != c {
			mv.Mistakes++
		}
		if reply.Result != c.Result {
			mv.Blunders++
		}
	}
	return mv
}

// Moves rates every legal move of s, in the order a perfect player
// prefers them (BestMove is the first). It is empty when the game is over.
// It panics if t is not the table of POGO (six pieces a side).
func (t *Table) Moves(s *pogo.State) []MoveValue {
	if t.sp.k != Pieces {
		panic("pogosolve: Moves needs the table of POGO (six pieces a side)")
	}
	legal := s.LegalMoves(nil)
	list := make([]MoveValue, len(legal))
	for i, m := range legal {
		child := *s
		child.Apply(m)
		list[i] = t.rate(t.sp.canonical(PositionOf(&child)))
		list[i].Move, list[i].Notation = m, s.MoveString(m)
	}
	sort.SliceStable(list, func(i, j int) bool { return better(list[i], list[j]) })
	return list
}

// BestMove returns the move of the perfect player in s and its value for
// the player to move; ok is false when the game is over. The player never
// lets a won or drawn position slip, wins in the fewest plies, delays a
// loss as long as possible, and among equally good moves prefers the one
// that leaves the opponent the most ways to go wrong.
//
// It plays the game's own rules: it knows nothing of threefold repetition
// or the ply limit, so in a drawn position it may repeat.
func (t *Table) BestMove(s *pogo.State) (m game.Move, v Value, ok bool) {
	list := t.Moves(s)
	if len(list) == 0 {
		return 0, Value{}, false
	}
	return list[0].Move, list[0].Value, true
}

// bestChild is BestMove on canonical indexes, for tables of any size: the
// index in the successors of parent of the move chosen, and its rating.
func (t *Table) bestChild(parent int) (int, MoveValue) {
	sp := t.sp
	var succ [maxMoves]int32
	n := sp.relatedOf(parent, pogo.Light, &succ)
	best, bestMV := -1, MoveValue{}
	for i, q := range succ[:n] {
		mv := t.rate(int(q))
		if best < 0 || better(mv, bestMV) {
			best, bestMV = i, mv
		}
	}
	return best, bestMV
}
