package tournament

import (
	"fmt"
	"math/rand"
	"testing"
)

func TestTablePoints(t *testing.T) {
	cases := []struct {
		ranks []int
		want  []float64
	}{
		{[]int{1, 2}, []float64{1, 0}},
		{[]int{1, 1}, []float64{0.5, 0.5}},
		{[]int{2, 1, 3}, []float64{1, 2, 0}},
		{[]int{1, 2, 2, 4}, []float64{3, 1.5, 1.5, 0}},
		{[]int{1, 1, 1, 1}, []float64{1.5, 1.5, 1.5, 1.5}},
		// A player who left is ranked last by the game's ranking.
		{[]int{2, 4, 1, 3}, []float64{2, 0, 3, 1}},
	}
	for _, c := range cases {
		got, err := TablePoints(c.ranks)
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("ranks %v: points %v, want %v", c.ranks, got, c.want)
		}
	}
	for _, bad := range [][]int{{1}, {1, 2, 3, 4, 5}, {0, 1, 2}, {1, 5, 2, 3}} {
		if _, err := TablePoints(bad); err == nil {
			t.Errorf("ranks %v accepted", bad)
		}
	}
}

// randomRanks ranks a table at random, with a tie now and then.
func randomRanks(rng *rand.Rand, k int) []int {
	perm := rng.Perm(k)
	ranks := make([]int, k)
	for i, p := range perm {
		ranks[i] = p + 1
	}
	if rng.Intn(5) == 0 { // the two last share the last-but-one rank
		for i := range ranks {
			if ranks[i] == k {
				ranks[i] = k - 1
			}
		}
	}
	return ranks
}

// minRepeats finds by brute force the fewest repeat meetings any seating
// of these players at tables of k can have.
func minRepeats(ids []string, k int, met map[[2]string]int) int {
	best := -1
	used := make([]bool, len(ids))
	var rec func(cost int)
	rec = func(cost int) {
		if best >= 0 && cost >= best {
			return
		}
		first := -1
		for i, u := range used {
			if !u {
				first = i
				break
			}
		}
		if first < 0 {
			best = cost
			return
		}
		used[first] = true
		var pick func(from int, table []int, cost int)
		pick = func(from int, table []int, cost int) {
			if len(table) == k {
				rec(cost)
				return
			}
			for i := from; i < len(ids); i++ {
				if used[i] {
					continue
				}
				c := cost
				for _, j := range table {
					c += met[pairKey(ids[i], ids[j])]
				}
				used[i] = true
				pick(i+1, append(table, i), c)
				used[i] = false
			}
		}
		pick(first+1, []int{first}, cost)
		used[first] = false
	}
	rec(0)
	return best
}

func TestSeatTablesMinimisesRepeats(t *testing.T) {
	for _, c := range []struct{ n, k, rounds int }{{9, 3, 5}, {12, 3, 6}, {8, 4, 4}, {12, 4, 5}, {10, 3, 4}, {13, 4, 4}} {
		rng := rand.New(rand.NewSource(int64(c.n*10 + c.k)))
		tt := &TableTournament{Size: c.k, Players: genPlayers(rng, c.n)}
		for r := 1; r <= c.rounds; r++ {
			rd, err := SeatTables(tt, nil)
			if err != nil {
				t.Fatal(err)
			}
			// Every player exactly once: at a table or on the bye.
			seen := map[string]int{}
			var seated []string
			for _, tb := range rd.Tables {
				for _, id := range tb.Seats {
					seen[id]++
					seated = append(seated, id)
				}
			}
			for _, id := range rd.Bye {
				seen[id]++
			}
			if len(seen) != c.n || len(rd.Bye) != c.n%c.k {
				t.Fatalf("%+v round %d: %d players placed, %d byes", c, r, len(seen), len(rd.Bye))
			}
			for id, k := range seen {
				if k != 1 {
					t.Fatalf("%+v round %d: %s placed %d times", c, r, id, k)
				}
			}
			met := tt.meetings()
			got := 0
			for _, tb := range rd.Tables {
				for i := range tb.Seats {
					for j := i + 1; j < len(tb.Seats); j++ {
						got += met[pairKey(tb.Seats[i], tb.Seats[j])]
					}
				}
			}
			if want := minRepeats(seated, c.k, met); got != want {
				t.Errorf("%+v round %d: %d repeat meetings, the best seating of these players has %d", c, r, got, want)
			}
			for i := range rd.Tables {
				rd.Tables[i].Ranks = randomRanks(rng, c.k)
			}
			tt.Rounds = append(tt.Rounds, rd)
		}
	}
}

func TestSeatTablesBalancesFirstSeat(t *testing.T) {
	for _, k := range []int{3, 4} {
		for _, tables := range []int{1, 2, 3} {
			rng := rand.New(rand.NewSource(int64(k*10 + tables)))
			tt := &TableTournament{Size: k, Players: genPlayers(rng, tables*k)}
			for r := 0; r < 2*k; r++ {
				rd, err := SeatTables(tt, nil)
				if err != nil {
					t.Fatal(err)
				}
				for i := range rd.Tables {
					rd.Tables[i].Ranks = randomRanks(rng, k)
				}
				tt.Rounds = append(tt.Rounds, rd)
			}
			first := map[string]int{}
			seat := map[string][]int{}
			for _, rd := range tt.Rounds {
				for _, tb := range rd.Tables {
					first[tb.Seats[0]]++
					for s, id := range tb.Seats {
						if seat[id] == nil {
							seat[id] = make([]int, k)
						}
						seat[id][s]++
					}
				}
			}
			// 2k rounds: a fair share is 2 first seats each. One table
			// (the same players every round) reaches it exactly, every
			// seat twice; with tables changing by standings, within one.
			for _, p := range tt.Players {
				f := first[p.ID]
				if tables == 1 {
					for s, c := range seat[p.ID] {
						if c != 2 {
							t.Errorf("k=%d one table: %s had seat %d %d times in %d rounds, want 2", k, p.ID, s+1, c, 2*k)
						}
					}
				} else if f < 1 || f > 3 {
					t.Errorf("k=%d %d tables: %s played first %d times in %d rounds, want 1 to 3", k, tables, p.ID, f, 2*k)
				}
			}
		}
	}
}

func TestTableStandingsAndByes(t *testing.T) {
	tt := &TableTournament{Size: 3, Players: numbered(7)}
	rd, err := SeatTables(tt, []string{"7"})
	if err != nil {
		t.Fatal(err)
	}
	if len(rd.Tables) != 2 || len(rd.Bye) != 0 || len(rd.Absent) != 1 {
		t.Fatalf("6 present of 7 at tables of 3: %+v", rd)
	}
	rd.Tables[0].Ranks = []int{1, 2, 3}
	rd.Tables[1].Ranks = []int{3, 1, 1}
	tt.Rounds = append(tt.Rounds, rd)
	rd2, err := SeatTables(tt, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(rd2.Bye) != 1 {
		t.Fatalf("7 players at tables of 3 need one bye: %+v", rd2)
	}
	// The bye goes to the bottom of the standings: player 7 (absent,
	// 0 points, lowest seed among the zeros).
	st := tt.Standings()
	if rd2.Bye[0] != st[len(st)-1].Player.ID {
		t.Errorf("bye to %s, bottom of standings is %s", rd2.Bye[0], st[len(st)-1].Player.ID)
	}
	if st[0].Points != 2 {
		t.Errorf("leader has %v points, want 2", st[0].Points)
	}
	for i := range rd2.Tables {
		rd2.Tables[i].Ranks = []int{1, 2, 3}
	}
	tt.Rounds = append(tt.Rounds, rd2)
	if got := tt.Scores()[rd2.Bye[0]]; got != 1 {
		t.Errorf("bye worth %v at tables of 3, want 1", got)
	}
	if _, err := SeatTables(&TableTournament{Size: 5, Players: numbered(10)}, nil); err == nil {
		t.Error("tables of 5 accepted")
	}
	pending := &TableTournament{Size: 3, Players: numbered(6), Rounds: []TableRound{{Tables: []Table{{Seats: []string{"1", "2", "3"}}, {Seats: []string{"4", "5", "6"}}}}}}
	if _, err := SeatTables(pending, nil); err == nil {
		t.Error("seated a round after an unfinished one")
	}
}
