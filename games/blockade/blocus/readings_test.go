package blocus

import (
	"slices"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/blockade/board"
)

// readingPosition decodes a position of the variant with readings k: kings
// at home, South's guards on south, North's on north.
func readingPosition(t *testing.T, k Readings, toMove string, south, north []string) *State {
	t.Helper()
	r := variants[k]
	var grid [board.Cells]byte
	for i := range grid {
		grid[i] = '.'
	}
	grid[r.kingCell[South]] = 'K'
	grid[r.kingCell[North]] = 'k'
	for _, g := range []struct {
		names  []string
		letter byte
	}{{south, 'G'}, {north, 'g'}} {
		for _, n := range g.names {
			c, err := board.ParseCell(n)
			if err != nil {
				t.Fatal(err)
			}
			grid[c] = g.letter
		}
	}
	var b strings.Builder
	for rk := board.Size - 1; rk >= 0; rk-- {
		b.Write(grid[rk*board.Size : (rk+1)*board.Size])
		if rk > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteString(" " + toMove + " 0 40")
	st, err := r.variant.Decode(b.String())
	if err != nil {
		t.Fatalf("position %q: %v", b.String(), err)
	}
	return st.(*State)
}

func TestReadingOptions(t *testing.T) {
	v, err := game.NewVariant("blocus", nil)
	if err != nil || v.String() != "blocus" || v != Variant() {
		t.Fatalf("default variant %v, %v", v, err)
	}
	// Naming the default readings gives the same variant and name.
	if d, err := game.NewVariant("blocus", game.Options{"exit": "forced", "kings": "own-left", "kingpath": "sideways"}); err != nil || d != v {
		t.Errorf("defaults named: %v, %v", d, err)
	}
	o, err := game.NewVariant("blocus", game.Options{"exit": "optional", "kingpath": "straight"})
	if err != nil || o.String() != "blocus exit=optional kingpath=straight" || o != VariantOf(Readings{Exit: 1, KingPath: 2}) {
		t.Errorf("optional exit, straight path: %v, %v", o, err)
	}
	if _, err := game.NewVariant("blocus", game.Options{"kingpath": "diagonal"}); err == nil || !strings.Contains(err.Error(), "sideways, any, straight") {
		t.Errorf("unknown reading: %v", err)
	}
}

// exit=optional: a king with an exit path may leave, or its player places
// a guard instead; the default allows the exit alone.
func TestReadingExitOptional(t *testing.T) {
	// South's king runs east from e2 and turns north at the guard on j2...
	// ... and runs up file i.
	south, north := []string{"j2"}, []string{"a7"}
	forced := readingPosition(t, Readings{}, "S", south, north)
	if got := legal(forced); !slices.Equal(got, []string{"exit"}) {
		t.Fatalf("forced: %v", got)
	}
	opt := readingPosition(t, Readings{Exit: 1}, "S", south, north)
	got := legal(opt)
	if len(got) < 2 || got[0] != "exit" || !slices.Contains(got, "@a1") {
		t.Fatalf("optional: %v", got)
	}
	if _, err := forced.ParseMove("@a1"); err == nil || !strings.Contains(err.Error(), "only legal move is exit") {
		t.Errorf("forced accepts a placement: %v", err)
	}
	m := mustParse(t, opt, "@a1")
	opt.Apply(m)
	if opt.ToMove() != North || opt.Outcome().Status != game.Ongoing {
		t.Errorf("after declining the exit: %s", opt.Encode())
	}
	if _, err := readingPosition(t, Readings{Exit: 1}, "S", south, north).ParseMove("pass"); err == nil {
		t.Error("optional exit: pass accepted")
	}
}

// kings=same-file: North's king starts on e11, and its section d10-f12 is
// closed to guards instead of g10-i12.
func TestReadingKingsSameFile(t *testing.T) {
	s := VariantOf(Readings{Kings: 1}).Start().(*State)
	if got := s.Encode(); got != "............/....k......./............/............/............/............/............/............/............/............/....K......./............ S 0 0" {
		t.Fatalf("start %q", got)
	}
	moves := legal(s)
	if slices.Contains(moves, "@e10") || !slices.Contains(moves, "@h10") {
		t.Errorf("same-file placements: e10 %t, h10 %t", slices.Contains(moves, "@e10"), slices.Contains(moves, "@h10"))
	}
	if def := legal(New()); !slices.Contains(def, "@e10") || slices.Contains(def, "@h10") {
		t.Errorf("default placements: e10 %t, h10 %t", slices.Contains(def, "@e10"), slices.Contains(def, "@h10"))
	}
	if _, err := Decode(s.Encode()); err == nil {
		t.Error("the default reading reads North's king on e11")
	}
}

// kingpath: on the empty board the sideways runs leave by the side edges,
// the forward one (any, straight) through the far edge; a guard on l2 turns
// the king's run east up file k, and one on e4 blocks the forward run; a
// guard on e7 turns the forward run at e6 and one on a6 turns it again up
// file b (any, not straight: no turns).
func TestReadingKingPath(t *testing.T) {
	for _, tc := range []struct {
		south, north []string
		exit         [3]bool // sideways, any, straight
	}{
		{nil, nil, [3]bool{false, true, true}},
		{[]string{"l2", "e4"}, []string{"a7", "a9"}, [3]bool{true, true, false}},
		{[]string{"e7"}, []string{"a9"}, [3]bool{false, false, false}},
		{[]string{"e7", "a6"}, []string{"a9", "l9"}, [3]bool{false, true, false}},
	} {
		for p := range kingpathValues {
			s := readingPosition(t, Readings{KingPath: p}, "S", tc.south, tc.north)
			if got := s.HasExitPath(South); got != tc.exit[p] {
				t.Errorf("guards %v, kingpath=%s: exit path %t, want %t", tc.south, kingpathValues[p], got, tc.exit[p])
			}
			if got := legal(s); (len(got) == 1 && got[0] == "exit") != tc.exit[p] {
				t.Errorf("guards %v, kingpath=%s: legal %v", tc.south, kingpathValues[p], got)
			}
		}
	}
	// In the straight reading North's king on the same file blocks South's.
	s := readingPosition(t, Readings{Kings: 1, KingPath: 2}, "S", nil, nil)
	if s.HasExitPath(South) || s.HasExitPath(North) {
		t.Error("kings on one file: a straight run goes through the other king")
	}
}
