package tournament

import (
	"fmt"
	"testing"
)

// TestStandingsTieBreaks works a small Swiss out by hand.
//
//	round 1: A-B 1-0, C-D ½-½, E bye
//	round 2: E-A 0-1, B-C 1-0, D absent
//	round 3: A-C ½-½, D-E 0-1, B absent
//
// Points: A 2.5, B 1, C 1, D 0.5, E 2.
func TestStandingsTieBreaks(t *testing.T) {
	tr := &Tournament{Players: []Player{
		{ID: "A", Rating: 2000}, {ID: "B", Rating: 1900}, {ID: "C", Rating: 1800}, {ID: "D", Rating: 1700}, {ID: "E", Rating: 1600},
	}, Rounds: []Round{
		{Games: []Game{{"A", "B", WhiteWins}, {"C", "D", Draw}}, Bye: "E"},
		{Games: []Game{{"E", "A", BlackWins}, {"B", "C", WhiteWins}}, Absent: []string{"D"}},
		{Games: []Game{{"A", "C", Draw}, {"D", "E", BlackWins}}, Absent: []string{"B"}},
	}}
	got := map[string]string{}
	for _, s := range tr.Standings() {
		got[s.Player.ID] = fmt.Sprintf("#%d %.1f BH %.1f C1 %.1f SB %.2f", s.Rank, s.Points, s.Buchholz, s.BuchholzCut1, s.SonnebornBerger)
	}
	want := map[string]string{
		// A met B (1), E (2), C (1): BH 4, cut the lowest (1): 3;
		// SB = 1·1 + 1·2 + ½·1 = 3.5.
		"A": "#1 2.5 BH 4.0 C1 3.0 SB 3.50",
		// E: bye (own score 2), A (2.5), D (0.5): BH 5, C1 4.5;
		// SB = 1·2 (bye) + 0 + 1·0.5 = 2.5.
		"E": "#2 2.0 BH 5.0 C1 4.5 SB 2.50",
		// B: A (2.5), C (1), absent (own 1): BH 4.5, C1 3.5; SB = 1·1.
		"B": "#3 1.0 BH 4.5 C1 3.5 SB 1.00",
		// C: D (0.5), B (1), A (2.5): BH 4, C1 3.5; SB = ½·0.5 + ½·2.5.
		"C": "#4 1.0 BH 4.0 C1 3.5 SB 1.50",
		// D: C (1), absent (own 0.5), E (2): BH 3.5, C1 3; SB = ½·1.
		"D": "#5 0.5 BH 3.5 C1 3.0 SB 0.50",
	}
	for id, w := range want {
		if got[id] != w {
			t.Errorf("%s: %s, want %s", id, got[id], w)
		}
	}
	// In a round robin, Sonneborn-Berger decides between B and C.
	rr := tr.RoundRobinStandings()
	if rr[2].Player.ID != "C" || rr[3].Player.ID != "B" {
		t.Errorf("round robin order: %v then %v", rr[2].Player.ID, rr[3].Player.ID)
	}
}
