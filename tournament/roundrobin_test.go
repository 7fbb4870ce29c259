package tournament

import (
	"fmt"
	"strings"
	"testing"
)

func numbered(n int) []Player {
	ps := make([]Player, n)
	for i := range ps {
		ps[i] = Player{ID: fmt.Sprint(i + 1), Name: fmt.Sprintf("P%d", i+1)}
	}
	return ps
}

func roundText(rd Round) string {
	var s []string
	for _, g := range rd.Games {
		s = append(s, g.White+"-"+g.Black)
	}
	return strings.Join(s, " ")
}

// TestBergerTableSix compares with the FIDE Berger table for 5-6 players.
func TestBergerTableSix(t *testing.T) {
	want := []string{
		"1-6 2-5 3-4",
		"6-4 5-3 1-2",
		"2-6 3-1 4-5",
		"6-5 1-4 2-3",
		"3-6 4-2 5-1",
	}
	rds, err := BergerRounds(numbered(6), false)
	if err != nil {
		t.Fatal(err)
	}
	for i, rd := range rds {
		if got := roundText(rd); got != want[i] {
			t.Errorf("round %d: %q, FIDE table says %q", i+1, got, want[i])
		}
	}
	// Five players: number 6 is the dummy; its opponent rests.
	rds, _ = BergerRounds(numbered(5), false)
	if roundText(rds[0]) != "2-5 3-4" || len(rds[0].Absent) != 1 || rds[0].Absent[0] != "1" {
		t.Errorf("5 players round 1: %q rest %v", roundText(rds[0]), rds[0].Absent)
	}
}

func TestBergerEveryPairOnceAndColours(t *testing.T) {
	for n := 2; n <= 16; n++ {
		for _, double := range []bool{false, true} {
			rds, err := BergerRounds(numbered(n), double)
			if err != nil {
				t.Fatal(err)
			}
			met := map[[2]string]int{}
			ordered := map[[2]string]int{}
			whites := map[string]int{}
			games := map[string]int{}
			for r, rd := range rds {
				seen := map[string]bool{}
				for _, g := range rd.Games {
					for _, id := range []string{g.White, g.Black} {
						if seen[id] {
							t.Fatalf("n=%d round %d: %s twice", n, r+1, id)
						}
						seen[id] = true
						games[id]++
					}
					met[pairKey(g.White, g.Black)]++
					ordered[[2]string{g.White, g.Black}]++
					whites[g.White]++
				}
				if len(seen)+len(rd.Absent) != n {
					t.Fatalf("n=%d round %d: %d seated, %d resting", n, r+1, len(seen), len(rd.Absent))
				}
			}
			cycles := 1
			if double {
				cycles = 2
			}
			if len(met) != n*(n-1)/2 {
				t.Fatalf("n=%d: %d pairs met, want %d", n, len(met), n*(n-1)/2)
			}
			for k, c := range met {
				if c != cycles {
					t.Fatalf("n=%d double=%v: %v met %d times", n, double, k, c)
				}
				if double && (ordered[k] != 1 || ordered[[2]string{k[1], k[0]}] != 1) {
					t.Fatalf("n=%d: %v does not swap colours in the second cycle", n, k)
				}
			}
			// Berger tables balance colours: each player has White
			// in half his games, rounded up or down.
			for id, g := range games {
				if d := 2*whites[id] - g; d > 1 || d < -1 {
					t.Errorf("n=%d double=%v: %s has %d whites in %d games", n, double, id, whites[id], g)
				}
			}
		}
	}
}

func TestBergerRejects(t *testing.T) {
	if _, err := BergerRounds(numbered(1), false); err == nil {
		t.Error("one player accepted")
	}
	if _, err := BergerRounds(numbered(40), true); err == nil {
		t.Error("78 rounds accepted")
	}
	if _, err := BergerRounds([]Player{{ID: "a"}, {ID: "a"}}, false); err == nil {
		t.Error("duplicate ids accepted")
	}
}
