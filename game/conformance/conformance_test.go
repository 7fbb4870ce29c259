package conformance

import (
	"strconv"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/pogo"
)

// misread is a POGO position whose notations do not read back at one ply:
// a fault the sampled checks must still find.
type misread struct {
	game.State
	badPly int
}

func (m misread) Clone() game.State { return misread{m.State.Clone(), m.badPly} }

func (m misread) ParseMove(text string) (game.Move, error) {
	if m.Ply() == m.badPly {
		return 0, game.NotAMove(text, game.Text{EN: "nothing, at this ply", FR: "rien, à ce coup-ci"})
	}
	return m.State.ParseMove(text)
}

func misreadVariant(badPly int) *game.Variant {
	orig := pogo.Variant()
	v := *orig
	v.Start = func() game.State { return misread{orig.Start(), badPly} }
	v.Decode = func(text string) (game.State, error) {
		s, err := orig.Decode(text)
		if err != nil {
			return nil, err
		}
		return misread{s, badPly}, nil
	}
	return &v
}

// A fault at one ply number is found by FullEvery games in a row, whatever
// the ply: the full checks' ply moves with the game's number.
func TestSampledChecksFindAFaultAtAnyPly(t *testing.T) {
	cfg, err := Config{Games: 3, FullEvery: 3, GarbageEvery: 4}.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	cfg.FullEvery, cfg.GarbageEvery = 3, 4 // whatever the environment says
	for _, bad := range []int{0, 1, 2, 7, 11} {
		v := misreadVariant(bad)
		found := 0
		for i := 0; i < cfg.FullEvery; i++ {
			_, err := playout(v, cfg, uint64(i), i, true)
			if err != nil && strings.Contains(err.Error(), "does not parse") && strings.Contains(err.Error(), "ply "+strconv.Itoa(bad)+",") {
				found++
			}
		}
		if found == 0 {
			t.Errorf("a fault at ply %d is missed by %d games in a row", bad, cfg.FullEvery)
		}
	}
	// The same games of the real variant pass.
	for i := 0; i < cfg.FullEvery; i++ {
		if _, err := playout(pogo.Variant(), cfg, uint64(i), i, true); err != nil {
			t.Errorf("game %d: %v", i, err)
		}
	}
}

func TestScaleFromEnvironment(t *testing.T) {
	for _, tc := range []struct {
		scale string
		games int
		bad   bool
	}{{"", 100, false}, {"10", 1000, false}, {"0.5", 50, false}, {"0.001", 1, false}, {"x", 0, true}, {"-1", 0, true}, {"0", 0, true}, {"NaN", 0, true}, {"Inf", 0, true}} {
		t.Setenv("PLATEAU_CONFORMANCE_SCALE", tc.scale)
		cfg, err := Config{Games: 100}.withDefaults()
		switch {
		case tc.bad && (err == nil || !strings.Contains(err.Error(), "want a positive number")):
			t.Errorf("scale %q: %v, want an error", tc.scale, err)
		case !tc.bad && (err != nil || cfg.Games != tc.games):
			t.Errorf("scale %q: %d games (%v), want %d", tc.scale, cfg.Games, err, tc.games)
		}
	}
	t.Setenv("PLATEAU_CONFORMANCE_SCALE", "")
	t.Setenv("PLATEAU_CONFORMANCE_FULL", "1")
	if cfg, _ := (Config{GarbageEvery: 10}).withDefaults(); cfg.FullEvery != 1 || cfg.GarbageEvery != 1 {
		t.Errorf("PLATEAU_CONFORMANCE_FULL=1 checks every %d and garbage every %d plies", cfg.FullEvery, cfg.GarbageEvery)
	}
}

// twice is a POGO position that lists its first legal move twice.
type twice struct{ game.State }

func (d twice) Clone() game.State { return twice{d.State.Clone()} }

func (d twice) LegalMoves(buf []game.Move) []game.Move {
	buf = d.State.LegalMoves(buf)
	if len(buf) > 0 {
		buf = append(buf, buf[0])
	}
	return buf
}

// A move listed twice is found, by the set that replaced the sort.
func TestDuplicateMoveFound(t *testing.T) {
	orig := pogo.Variant()
	v := *orig
	v.Start = func() game.State { return twice{orig.Start()} }
	v.Decode = func(text string) (game.State, error) {
		s, err := orig.Decode(text)
		if err != nil {
			return nil, err
		}
		return twice{s}, nil
	}
	cfg, err := Config{Games: 1}.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := playout(&v, cfg, 1, 0, true); err == nil || !strings.Contains(err.Error(), "listed twice") {
		t.Fatalf("a move listed twice: got %v", err)
	}
	// The set itself, list after list (its slots are reused, not cleared).
	var sc scratch
	for n := 0; n < 300; n++ {
		moves := make([]game.Move, n)
		for i := range moves {
			moves[i] = game.Move(uint64(i)<<32 | uint64(i)*7)
		}
		if mv, dup := sc.duplicate(moves); dup {
			t.Fatalf("%d distinct moves: %d reported twice", n, mv)
		}
		if n > 1 {
			moves = append(moves, moves[n/2])
			if mv, dup := sc.duplicate(moves); !dup || mv != moves[n/2] {
				t.Fatalf("%d moves, one twice: got %d, %v", n+1, mv, dup)
			}
		}
	}
}
