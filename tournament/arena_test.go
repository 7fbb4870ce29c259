package tournament

import (
	"fmt"
	"testing"
)

func TestArenaScoreStreaks(t *testing.T) {
	W, D, L := ArenaWin, ArenaDraw, ArenaLoss
	cases := []struct {
		games []ArenaOutcome
		each  string
		total int
		fire  bool
	}{
		{[]ArenaOutcome{W, W, W}, "[2 2 4]", 8, true},
		{[]ArenaOutcome{W, W, D}, "[2 2 2]", 6, false}, // a draw on fire is doubled, and ends the streak
		{[]ArenaOutcome{W, W, W, L, W}, "[2 2 4 0 2]", 10, false},
		{[]ArenaOutcome{W, W, W, W}, "[2 2 4 4]", 12, true},
		{[]ArenaOutcome{D, W, W, D, W}, "[1 2 2 2 2]", 9, false},
		{[]ArenaOutcome{L, W, L, W, W, W}, "[0 2 0 2 2 4]", 10, true},
		{nil, "[]", 0, false},
	}
	for _, c := range cases {
		each, total, fire := ArenaScore(c.games)
		if fmt.Sprint(each) != c.each || total != c.total || fire != c.fire {
			t.Errorf("%v: %v total %d fire %v, want %s %d %v", c.games, each, total, fire, c.each, c.total, c.fire)
		}
	}
}

func TestPairArenaCloseAndNoRematch(t *testing.T) {
	free := []ArenaPlayer{
		{ID: "a", Rating: 2000, Points: 10, Opponents: []string{"b"}},
		{ID: "b", Rating: 1990, Points: 10, Opponents: []string{"a"}},
		{ID: "c", Rating: 1500, Points: 9},
		{ID: "d", Rating: 1400, Points: 0, ColourBalance: -1},
		{ID: "e", Rating: 1450, Points: 1, ColourBalance: 1},
	}
	pairs, waiting, err := PairArena(free, ArenaOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprint(pairs, waiting)
	// a and b just played: not again. a takes c (closest score), b
	// takes the next closest, e (1 point); d waits. e has had more
	// White than b (balance 1 against 0), so b gets White.
	want := "[{a c} {b e}] [d]"
	if got != want {
		t.Errorf("pairs %s, want %s", got, want)
	}
	// Two players who just met wait rather than meet again at once.
	pairs, waiting, _ = PairArena(free[:2], ArenaOptions{})
	if len(pairs) != 0 || len(waiting) != 2 {
		t.Errorf("immediate rematch: %v waiting %v", pairs, waiting)
	}
	// An older opponent is avoided when another is close enough.
	free2 := []ArenaPlayer{
		{ID: "x", Points: 4, Rating: 1500, Opponents: []string{"y", "q"}},
		{ID: "y", Points: 4, Rating: 1500},
		{ID: "z", Points: 3, Rating: 1500},
	}
	pairs, _, _ = PairArena(free2, ArenaOptions{})
	if len(pairs) != 1 || (pairs[0].White != "z" && pairs[0].Black != "z") {
		t.Errorf("recent opponent not avoided: %v", pairs)
	}
	if _, _, err := PairArena([]ArenaPlayer{{ID: "a"}, {ID: "a"}}, ArenaOptions{}); err == nil {
		t.Error("a player free twice accepted")
	}
}

func TestArenaStandings(t *testing.T) {
	W, D, L := ArenaWin, ArenaDraw, ArenaLoss
	st := ArenaStandings([]ArenaRecord{
		{Player: Player{ID: "a"}, Games: []ArenaOutcome{W, W, W}},          // 8
		{Player: Player{ID: "b"}, Games: []ArenaOutcome{W, L, W, L, W, D}}, // 7
		{Player: Player{ID: "c"}, Games: []ArenaOutcome{W, W, L, D, D}},    // 6
		{Player: Player{ID: "d"}, Games: []ArenaOutcome{W, D, W, D}},       // 6, 2 wins in 4 games
	})
	got := ""
	for _, s := range st {
		got += fmt.Sprintf("%d%s%d ", s.Rank, s.Player.ID, s.Points)
	}
	if got != "1a8 2b7 3d6 4c6 " {
		t.Errorf("standings %q", got)
	}
	if !st[0].OnFire || st[1].OnFire {
		t.Error("fire flags wrong")
	}
}
