package pogosolve

import (
	"math/rand/v2"
	"os"
	"testing"

	"github.com/plateau-games/plateau/games/pogo"
)

// TestBestChild checks the choice of the perfect player on every position
// of POGO with 3 pieces a side: it keeps the position's value exactly, and
// among the moves that do, it takes the first with the most replies
// spoiling the opponent's result, then the most replies that are mistakes.
func TestBestChild(t *testing.T) {
	tab := smallTable(t, 3)
	sp := tab.sp
	var succ [maxMoves]int32
	for i := range sp.size {
		e := tab.data[i]
		if e == 0 || e == entryUnreachable {
			continue
		}
		best, mv := tab.bestChild(i)
		if mv.Value != valueOf(e) {
			t.Fatalf("%s (%s): the chosen move leads to %s", sp.position(i).Text(), valueOf(e), mv.Value)
		}
		n := sp.relatedOf(i, pogo.Light, &succ)
		for j, q := range succ[:n] {
			other := tab.rate(int(q))
			if other.Value != mv.Value {
				continue
			}
			if other.Blunders > mv.Blunders ||
				(other.Blunders == mv.Blunders && other.Mistakes > mv.Mistakes) ||
				(other.Blunders == mv.Blunders && other.Mistakes == mv.Mistakes && j < best) {
				t.Fatalf("%s: move %d (%+v) preferred to move %d (%+v)", sp.position(i).Text(), best, mv, j, other)
			}
		}
	}
}

// TestRate counts the opponent's replies on a position of 3 pieces a side
// by hand.
func TestRate(t *testing.T) {
	tab := smallTable(t, 3)
	sp := tab.sp
	rng := rand.New(rand.NewPCG(13, 14))
	for range 500 {
		p := randomPosition(rng, 3)
		p.DarkToMove = false
		i := sp.canonical(p)
		if tab.data[i] == entryUnreachable {
			continue
		}
		mv := tab.rate(i)
		// The mover has just played into p, Light to move: Light's value
		// is the opposite of the mover's.
		lightValue := valueOf(tab.data[i])
		if mv.Value != afterMove(lightValue) {
			t.Fatalf("%s: rated %s, Light's value %s", p.Text(), mv.Value, lightValue)
		}
		replies, mistakes, blunders := 0, 0, 0
		for _, q := range fromPosition(p).successors() {
			replies++
			after, _ := tab.ValueOf(q.position())
			reply := afterMove(after) // for Light, who made the reply
			if reply != lightValue {
				mistakes++
			}
			if reply.Result != lightValue.Result {
				blunders++
			}
		}
		if mv.Replies != replies || mv.Mistakes != mistakes || mv.Blunders != blunders {
			t.Fatalf("%s: rated %+v, counted %d replies, %d mistakes, %d blunders", p.Text(), mv, replies, mistakes, blunders)
		}
	}
}

// TestBestMoveAPI runs the pogo.State interface on a made-up table of the
// real size: all draws but for two of the start position's successors.
func TestBestMoveAPI(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates a full-size table (116 MB)")
	}
	sp := pogoSpace()
	tab := &Table{sp: sp, data: make([]byte, sp.size)}
	for i := range tab.data {
		tab.data[i] = entryDraw
	}
	start := pogo.New()
	after := func(move string) *pogo.State {
		s := *start
		m, err := s.ParseMove(move)
		if err != nil {
			t.Fatal(err)
		}
		s.Apply(m)
		return &s
	}
	tab.data[sp.canonical(PositionOf(after("1a1-b1")))] = 2 // Dark to move loses in 2
	tab.data[sp.canonical(PositionOf(after("2b1-b3")))] = 4
	tab.data[sp.canonical(PositionOf(start))] = 3
	if v := tab.Value(start); v != (Value{Win, 3}) {
		t.Fatalf("start: %s", v)
	}
	if v := tab.Value(after("1a1-b1")); v != (Value{Loss, 2}) {
		t.Fatalf("after 1a1-b1: %s", v)
	}
	m, v, ok := tab.BestMove(start)
	if !ok || start.MoveString(m) != "1a1-b1" || v != (Value{Win, 3}) {
		t.Fatalf("best move %s (%s, %v)", start.MoveString(m), v, ok)
	}
	moves := tab.Moves(start)
	if len(moves) != 16 || moves[1].Notation != "2b1-b3" || moves[1].Value != (Value{Win, 5}) || moves[2].Value.Result != Draw {
		t.Fatalf("moves: %+v", moves)
	}
	// The mirror lookup: Dark to move after 1a1-b1 is the table entry of
	// its colour mirror, which BestMove finds through the same index.
	if moves[0].Replies != len(after("1a1-b1").LegalMoves(nil)) {
		t.Fatalf("replies %d", moves[0].Replies)
	}
	// A finished game has no move.
	over, err := pogo.Decode("D,D,D/-,-,-/LLLLLLD,DD,- L 9")
	if err != nil {
		t.Fatal(err)
	}
	if _, _, ok := tab.BestMove(over); ok {
		t.Fatal("a move in a finished game")
	}
}

func TestBetter(t *testing.T) {
	order := []MoveValue{
		{Value: Value{Win, 1}},
		{Value: Value{Win, 3}, Blunders: 2},
		{Value: Value{Win, 3}, Blunders: 1, Mistakes: 5},
		{Value: Value{Win, 3}, Blunders: 1, Mistakes: 4},
		{Value: Value{Result: Draw}, Blunders: 1},
		{Value: Value{Result: Draw}},
		{Value: Value{Loss, 20}},
		{Value: Value{Loss, 2}},
	}
	for i := range order {
		for j := range order {
			if better(order[i], order[j]) != (i < j) {
				t.Errorf("better(%+v, %+v) = %v", order[i], order[j], !(i < j))
			}
		}
	}
}

// TestFullTable checks the real table when PLATEAU_POGO_TABLE names it (it
// is not part of the normal run: computing it takes a minute): values near
// the end against the search, and games where the perfect player, from a
// won or drawn position, never does worse against random moves.
func TestFullTable(t *testing.T) {
	path := os.Getenv("PLATEAU_POGO_TABLE")
	if path == "" {
		t.Skip("set PLATEAU_POGO_TABLE to a table made by 'plateau solve pogo'")
	}
	tab, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(15, 16))
	near := 0
	for range 300 {
		p := randomPosition(rng, Pieces)
		got, _ := tab.ValueOf(p)
		if got.Result == Unreachable {
			continue
		}
		want, ok := search(fromPosition(p), 3)
		inReach := (got.Result == Win || got.Result == Loss) && got.Plies <= 3
		if ok != inReach || (ok && want != got) {
			t.Fatalf("%s: table %s, search %v (decided: %v)", p.Text(), got, want, ok)
		}
		if ok {
			near++
		}
	}
	t.Logf("%d positions decided within 3 plies agree with the search", near)
	// A few searched to depth 5 (up to 16^5 positions each), among those
	// the table says end in 4 or 5 plies.
	for deep := 0; deep < 4; {
		p := randomPosition(rng, Pieces)
		got, _ := tab.ValueOf(p)
		if (got.Result != Win && got.Result != Loss) || got.Plies < 4 || got.Plies > 5 {
			continue
		}
		deep++
		if want, ok := search(fromPosition(p), 5); !ok || want != got {
			t.Fatalf("%s: table %s, search to depth 5 %v (decided: %v)", p.Text(), got, want, ok)
		}
	}
	for game := range 20 {
		s := pogo.New()
		perfect := game % 2 // the seat of the perfect player
		var v Value         // his value at his first move
		for ply := 0; !s.Outcome().Ended() && ply < 300; ply++ {
			if s.ToMove() != perfect {
				moves := s.LegalMoves(nil)
				s.Apply(moves[rng.IntN(len(moves))])
				continue
			}
			if ply < 2 {
				v = tab.Value(s)
			}
			m, mv, _ := tab.BestMove(s)
			if mv != tab.Value(s) {
				t.Fatalf("game %d: %s: the best move gives %s, the position is %s", game, s.Encode(), mv, tab.Value(s))
			}
			s.Apply(m)
		}
		o := s.Outcome()
		if (v.Result == Win && !o.Won(perfect)) || (v.Result == Draw && o.Ended() && !o.Won(perfect)) {
			t.Fatalf("game %d: from a %s position the perfect player got %+v", game, v, o)
		}
	}
}
