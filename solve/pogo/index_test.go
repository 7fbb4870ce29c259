package pogosolve

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/pogo"
)

func TestCounts(t *testing.T) {
	sp := pogoSpace()
	if sp.nColours != 924 || sp.nSplits != 125_970 || sp.size != PerSide || Positions != 232_792_560 {
		t.Fatalf("counts: %d patterns, %d splits, %d a side", sp.nColours, sp.nSplits, sp.size)
	}
}

// randomPosition deals k pieces of each colour at random into the stacks.
func randomPosition(rng *rand.Rand, k int) Position {
	var p Position
	colours := make([]uint16, 2*k)
	for i := k; i < 2*k; i++ {
		colours[i] = 1
	}
	rng.Shuffle(len(colours), func(i, j int) { colours[i], colours[j] = colours[j], colours[i] })
	// Skewed cell choice, so that tall stacks and empty cells are common.
	for _, c := range colours {
		cell := rng.IntN(Cells)
		if rng.IntN(2) == 0 {
			cell = rng.IntN(3)
		}
		p.Stacks[cell] |= c << p.Heights[cell]
		p.Heights[cell]++
	}
	p.DarkToMove = rng.IntN(2) == 1
	return p
}

func TestRankRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var edges []Position
	// Every piece in one stack, on each cell, both colour orders.
	for c := 0; c < Cells; c++ {
		for _, stack := range []uint16{0b111111000000, 0b000000111111, 0b101010101010} {
			var p Position
			p.Heights[c], p.Stacks[c] = 12, stack
			edges = append(edges, p, Position{Heights: p.Heights, Stacks: p.Stacks, DarkToMove: true})
		}
	}
	for _, r := range []int{0, 1, PerSide - 1, PerSide, Positions - 1} {
		p, err := Unrank(r)
		if err != nil {
			t.Fatal(err)
		}
		edges = append(edges, p)
	}
	for _, p := range edges {
		r := p.Rank()
		q, err := Unrank(r)
		if err != nil || q != p {
			t.Fatalf("%s: rank %d unranks to %s (%v)", p.Text(), r, q.Text(), err)
		}
	}
	for range 100_000 {
		r := rng.IntN(Positions)
		p, err := Unrank(r)
		if err != nil || p.Rank() != r {
			t.Fatalf("rank %d: %s ranks to %d (%v)", r, p.Text(), p.Rank(), err)
		}
		p = randomPosition(rng, Pieces)
		if q, _ := Unrank(p.Rank()); q != p {
			t.Fatalf("%s unranks to %s", p.Text(), q.Text())
		}
	}
	if _, err := Unrank(Positions); err == nil {
		t.Fatal("rank out of range accepted")
	}
	// The start position: Light's stacks on a1..c1 come first in the
	// sequence, and every split index is in range.
	start := PositionOf(pogo.New())
	if start.Text() != "DD,DD,DD/-,-,-/LL,LL,LL L 0" || Rank(pogo.New()) >= PerSide {
		t.Fatalf("start position read as %s, rank %d", start.Text(), Rank(pogo.New()))
	}
}

// TestSmallSpaces checks the index of every instance: a bijection, the
// canonical index agreeing with the colour mirror.
func TestSmallSpaces(t *testing.T) {
	for k := 1; k <= 3; k++ {
		sp, _ := spaceFor(k)
		for i := 0; i < sp.size; i++ {
			p := sp.position(i)
			if p.pieces() != k || sp.canonical(p) != i {
				t.Fatalf("k=%d: index %d gives %s, which indexes to %d", k, i, p.Text(), sp.canonical(p))
			}
			m := mirror(p)
			if sp.canonical(m) != i {
				t.Fatalf("k=%d: the mirror of %s has index %d, not %d", k, p.Text(), sp.canonical(m), i)
			}
		}
	}
}

// mirror swaps every colour and the side to move.
func mirror(p Position) Position {
	for c := 0; c < Cells; c++ {
		p.Stacks[c] = ^p.Stacks[c] & (1<<p.Heights[c] - 1)
	}
	p.DarkToMove = !p.DarkToMove
	return p
}

// TestPositionOf checks the decoding of pogo's Key against its Stack.
func TestPositionOf(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 2000 {
		p := randomPosition(rng, Pieces)
		s, err := p.State()
		if err != nil {
			continue // the side to move tops every stack
		}
		q := PositionOf(s)
		if q != p {
			t.Fatalf("%s read back as %s", p.Text(), q.Text())
		}
		for c := 0; c < Cells; c++ {
			stack := s.Stack(c)
			if len(stack) != int(q.Heights[c]) {
				t.Fatalf("%s: cell %d", p.Text(), c)
			}
			for i, colour := range stack {
				if int(q.Stacks[c]>>i&1) != colour {
					t.Fatalf("%s: cell %d level %d", p.Text(), c, i)
				}
			}
		}
	}
}

// TestRelatedMatchesRules compares the solver's successors with those of
// package pogo, and checks that predecessors are exactly the positions
// that have the position as a successor.
func TestRelatedMatchesRules(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	sp := pogoSpace()
	var out [maxMoves]int32
	checked := 0
	for checked < 3000 {
		p := randomPosition(rng, Pieces)
		s, err := p.State()
		if err != nil || s.Outcome().Ended() {
			continue
		}
		checked++
		var want []int
		for _, m := range s.LegalMoves(nil) {
			c := *s
			c.Apply(m)
			want = append(want, sp.canonical(PositionOf(&c)))
		}
		idx := sp.canonical(p)
		n := sp.relatedOf(idx, pogo.Light, &out)
		var got []int
		for _, q := range out[:n] {
			got = append(got, int(q))
		}
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Fatalf("%s: successors %v, rules give %v", p.Text(), got, want)
		}
		if got := sp.lightMoves(sp.parts(idx)); got != len(want) {
			t.Fatalf("%s: move count %d, rules give %d", p.Text(), got, len(want))
		}
		// Each successor has idx among its predecessors.
		for _, q := range got {
			np := sp.relatedOf(q, pogo.Dark, &out)
			if !slices.Contains(out[:np], int32(idx)) {
				t.Fatalf("%s is not a predecessor of its successor %s", p.Text(), sp.position(q).Text())
			}
		}
		// Each predecessor that is a real position has idx as a successor.
		np := sp.relatedOf(idx, pogo.Dark, &out)
		preds := append([]int32(nil), out[:np]...)
		for _, q := range preds {
			ps, err := sp.position(int(q)).State()
			if err != nil || ps.Outcome().Ended() {
				continue
			}
			ns := sp.relatedOf(int(q), pogo.Light, &out)
			if !slices.Contains(out[:ns], int32(idx)) {
				t.Fatalf("%s: predecessor %s does not lead to it", p.Text(), ps.Encode())
			}
		}
	}
}

// TestEverySplitMatchesRules compares the successors of one position of
// every split (with a random colour pattern) with package pogo: the
// precomputed moves of all 125,970 splits are checked against the rules.
func TestEverySplitMatchesRules(t *testing.T) {
	if testing.Short() {
		t.Skip("goes through every split")
	}
	sp := pogoSpace()
	rng := rand.New(rand.NewPCG(17, 18))
	var out [maxMoves]int32
	var legal []game.Move
	var want, got []int
	for split := range sp.nSplits {
		i := split*sp.nColours + rng.IntN(sp.nColours)
		s, err := sp.position(i).State()
		if err != nil || s.Outcome().Ended() {
			continue // unreachable or over: no moves to compare
		}
		want, got = want[:0], got[:0]
		legal = s.LegalMoves(legal)
		for _, m := range legal {
			c := *s
			c.Apply(m)
			want = append(want, sp.canonical(PositionOf(&c)))
		}
		for _, q := range out[:sp.relatedOf(i, pogo.Light, &out)] {
			got = append(got, int(q))
		}
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Fatalf("%s: successors %v, rules give %v", sp.position(i).Text(), got, want)
		}
	}
}
