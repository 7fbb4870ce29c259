package game_test

import (
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/plateau-games/plateau/game"
	_ "github.com/plateau-games/plateau/games/all"
	"github.com/plateau-games/plateau/internal/fuzzseed"
)

// The fuzz targets of the rules API run over every registered game and
// variant: the fuzzer's first argument picks the variant (modulo their
// number, see fuzzseed.Variant). Run one with
//
//	go test ./game -run '^$' -fuzz '^FuzzPosition$' -fuzztime 30s -parallel 1
//
// or every target of the repository with scripts/fuzz.

// FuzzPosition reads arbitrary position texts: a text the variant accepts
// must be a sound position of its own, whose text reads back to the same
// position, and whose moves can be listed, written, read and played.
func FuzzPosition(f *testing.F) {
	for i, v := range fuzzseed.Variants() {
		for _, s := range fuzzseed.Positions(v, uint64(i), 3, 12, 40) {
			f.Add(uint(i), s.Encode())
		}
		for _, block := range fuzzseed.RulesBlocks(v.Game.ID) {
			if _, err := v.Decode(block); err == nil {
				f.Add(uint(i), block)
			}
		}
	}
	f.Add(uint(0), "")
	f.Add(uint(1), strings.Repeat("-", game.MaxInput+1))
	f.Fuzz(func(t *testing.T, which uint, text string) {
		_, v := fuzzseed.Variant(which)
		s, err := v.Decode(text)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("%s: empty error for %q", v, text)
			}
			return
		}
		checkDecoded(t, v, text, s)
	})
}

func checkDecoded(t *testing.T, v *game.Variant, text string, s game.State) {
	t.Helper()
	enc := s.Encode()
	again, err := v.Decode(enc)
	if err != nil {
		t.Fatalf("%s: %q is accepted, but its text %q is not: %v", v, text, enc, err)
	}
	if again.Encode() != enc || again.Hash() != s.Hash() || again.Ply() != s.Ply() ||
		again.ToMove() != s.ToMove() || again.Outcome() != s.Outcome() {
		t.Fatalf("%s: %q reads back as %q (hash %x, want %x)", v, enc, again.Encode(), again.Hash(), s.Hash())
	}
	if s.Variant() != v {
		t.Fatalf("%s: decoded state belongs to %v", v, s.Variant())
	}
	_ = s.String()
	moves := s.LegalMoves(nil)
	out := s.Outcome()
	if out.Ended() != (len(moves) == 0) {
		t.Fatalf("%s: %q: outcome %+v with %d legal moves", v, enc, out, len(moves))
	}
	if out.Ended() != (s.ToMove() < 0) || s.ToMove() >= v.Players {
		t.Fatalf("%s: %q: outcome %s with seat %d to move", v, enc, out.Status, s.ToMove())
	}
	checkMoves(t, s, moves)
	for _, mv := range moves {
		c := s.Clone()
		c.Apply(mv)
		if s.Encode() != enc {
			t.Fatalf("%s: playing %s on a clone changed %q", v, s.MoveString(mv), enc)
		}
		_ = c.LegalMoves(nil)
		_, _ = c.Outcome(), c.Hash()
		if _, err := v.Decode(c.Encode()); err != nil {
			t.Fatalf("%s: %s played on %q gives %q, which does not read back: %v", v, s.MoveString(mv), enc, c.Encode(), err)
		}
	}
	// A short random game from there, under the complete rules.
	m := game.NewMatch(s)
	rng := rand.New(rand.NewPCG(s.Hash(), 1))
	var buf []game.Move
	for i := 0; i < 100; i++ {
		buf = m.LegalMoves(buf)
		if len(buf) == 0 {
			break
		}
		if err := m.Play(buf[rng.IntN(len(buf))]); err != nil {
			t.Fatalf("%s: from %q: %v", v, enc, err)
		}
	}
}

// checkMoves checks that every legal move has its own notation, which
// reads back to it.
func checkMoves(t *testing.T, s game.State, moves []game.Move) {
	t.Helper()
	names := make(map[string]bool, len(moves))
	for _, mv := range moves {
		name := s.MoveString(mv)
		if name == "" || names[name] {
			t.Fatalf("%s at %q: notation %q empty or given twice", s.Variant(), s.Encode(), name)
		}
		names[name] = true
		back, err := s.ParseMove(name)
		if err != nil || back != mv {
			t.Fatalf("%s at %q: notation %q of a legal move reads back as %v, %v", s.Variant(), s.Encode(), name, back, err)
		}
	}
}

// positions holds, for every variant, the positions FuzzMove parses moves
// against: the start and three positions of a seeded random game.
var (
	positionsOnce sync.Once
	positions     [][]game.State
)

func fuzzPositions() [][]game.State {
	positionsOnce.Do(func() {
		for i, v := range fuzzseed.Variants() {
			positions = append(positions, fuzzseed.Positions(v, uint64(i), 4, 15, 40))
		}
	})
	return positions
}

// FuzzMove reads arbitrary move notations in positions reachable in every
// variant: a move that is accepted is legal and its notation reads back to
// it; reading never changes the position.
func FuzzMove(f *testing.F) {
	for i, v := range fuzzseed.Variants() {
		spans := fuzzseed.RulesSpans(v.Game.ID)
		for j, s := range fuzzPositions()[i] {
			moves := s.LegalMoves(nil)
			if len(moves) > 0 {
				// A few legal moves of each position, and their spellings.
				for _, k := range []int{0, len(moves) / 2, len(moves) - 1} {
					n := s.MoveString(moves[k])
					f.Add(uint(i), uint(j), n)
					f.Add(uint(i), uint(j), strings.ToUpper(n))
				}
			}
			if j == 0 {
				for _, span := range spans {
					f.Add(uint(i), uint(j), span)
				}
			}
		}
	}
	f.Add(uint(0), uint(0), game.PassNotation)
	f.Add(uint(0), uint(0), "")
	f.Add(uint(0), uint(0), strings.Repeat("a1-", 2000))
	f.Fuzz(func(t *testing.T, which, pos uint, text string) {
		n, v := fuzzseed.Variant(which)
		list := fuzzPositions()[n]
		s := list[pos%uint(len(list))].Clone()
		before := s.Encode()
		mv, err := s.ParseMove(text)
		if s.Encode() != before {
			t.Fatalf("%s: reading %q changed the position %q to %q", v, text, before, s.Encode())
		}
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("%s at %q: empty error for %q", v, before, text)
			}
			return
		}
		legal := false
		for _, m := range s.LegalMoves(nil) {
			legal = legal || m == mv
		}
		if !legal {
			t.Fatalf("%s at %q: %q reads as a move that is not legal (%d)", v, before, text, uint64(mv))
		}
		name := s.MoveString(mv)
		back, err := s.ParseMove(name)
		if err != nil || back != mv {
			t.Fatalf("%s at %q: %q reads as %q, which reads back as %v, %v", v, before, text, name, back, err)
		}
	})
}

// FuzzOptions reads arbitrary option strings (as --opt gives them and
// records store them) for every game: accepted options make a variant
// whose resolved options make the same variant again, with a sound start.
func FuzzOptions(f *testing.F) {
	games := game.Games()
	for i, g := range games {
		for _, opts := range g.AllVariants() {
			f.Add(uint(i), opts.String())
		}
		for _, o := range g.Options {
			for _, val := range o.Values {
				f.Add(uint(i), o.Name+"="+val)
			}
			f.Add(uint(i), o.Name+"=")
			f.Add(uint(i), o.Name+"=99999999999999999999")
		}
	}
	f.Add(uint(0), "players=3,size=7 teams=true")
	f.Add(uint(0), "=")
	f.Add(uint(0), "a=b=c")
	f.Fuzz(func(t *testing.T, which uint, text string) {
		g := games[which%uint(len(games))]
		opts, err := game.ParseOptions(text)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("empty error for options %q", text)
			}
			return
		}
		again, err := game.ParseOptions(opts.String())
		if err != nil || again.String() != opts.String() || len(again) != len(opts) {
			t.Fatalf("options %q read as %q, which reads back as %q, %v", text, opts.String(), again.String(), err)
		}
		v, err := game.NewVariant(g.ID, opts)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("%s: empty error for options %q", g.ID, text)
			}
			return
		}
		if v.Game != g || v.Players < g.MinPlayers || v.Players > g.MaxPlayers || v.Players > game.MaxPlayers {
			t.Fatalf("%s %q: variant %v with %d players", g.ID, text, v, v.Players)
		}
		if v.Teams != nil && len(v.Teams) != v.Players {
			t.Fatalf("%s %q: %d teams for %d players", g.ID, text, len(v.Teams), v.Players)
		}
		same, err := game.NewVariant(g.ID, v.Options)
		if err != nil {
			t.Fatalf("%s %q: the resolved options %q are refused: %v", g.ID, text, v.Options.String(), err)
		}
		if same.String() != v.String() || same.Start().Encode() != v.Start().Encode() {
			t.Fatalf("%s %q: the resolved options %q give another variant: %v / %v", g.ID, text, v.Options.String(), same, v)
		}
		start := v.Start()
		checkDecoded(t, v, start.Encode(), start)
	})
}
