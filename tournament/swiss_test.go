package tournament

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// genPlayers makes n players with distinct, seeded ratings.
func genPlayers(rng *rand.Rand, n int) []Player {
	ps := make([]Player, n)
	for i := range ps {
		ps[i] = Player{ID: fmt.Sprintf("p%02d", i+1), Name: fmt.Sprintf("Player %02d", i+1), Rating: 1200 + rng.Intn(1200)}
	}
	return ps
}

// randomResult draws a result, the stronger player more likely to win;
// forfeits now and then when forfeits is set.
func randomResult(rng *rand.Rand, t *Tournament, g Game, forfeits bool) Result {
	if forfeits && rng.Intn(40) == 0 {
		return []Result{WhiteForfeit, BlackForfeit, DoubleForfeit}[rng.Intn(3)]
	}
	x := rng.Intn(100)
	switch {
	case x < 40:
		return WhiteWins
	case x < 70:
		return BlackWins
	}
	return Draw
}

// runSwiss plays a generated Swiss tournament through PairDutch.
func runSwiss(t *testing.T, seed int64, n, rounds int, forfeits bool) *Tournament {
	t.Helper()
	rng := rand.New(rand.NewSource(seed))
	tr := &Tournament{Name: fmt.Sprintf("Generated %d", seed), Players: genPlayers(rng, n)}
	for r := 1; r <= rounds; r++ {
		rd, err := PairDutch(tr, rounds, nil)
		if err != nil {
			t.Fatalf("seed %d round %d: %v", seed, r, err)
		}
		for i := range rd.Games {
			rd.Games[i].Result = randomResult(rng, tr, rd.Games[i], forfeits)
		}
		tr.Rounds = append(tr.Rounds, rd)
	}
	return tr
}

func TestDutchGeneratedInvariants(t *testing.T) {
	for seed := int64(1); seed <= 6; seed++ {
		n := 20 + int(seed)*3
		tr := runSwiss(t, seed, n, 9, seed%2 == 0)
		byes := map[string]int{}
		for _, rd := range tr.Rounds {
			if rd.Bye != "" {
				byes[rd.Bye]++
			}
			if n%2 == 0 && rd.Bye != "" {
				t.Errorf("seed %d: a bye with an even number of players", seed)
			}
		}
		for id, k := range byes {
			if k > 1 {
				t.Errorf("seed %d: %s got %d byes", seed, id, k)
			}
		}
	}
}

func TestDutchDeterministic(t *testing.T) {
	a := runSwiss(t, 42, 30, 9, false)
	b := runSwiss(t, 42, 30, 9, false)
	var wa, wb strings.Builder
	if err := WriteTRF(&wa, a, TRFOptions{TotalRounds: 9}); err != nil {
		t.Fatal(err)
	}
	if err := WriteTRF(&wb, b, TRFOptions{TotalRounds: 9}); err != nil {
		t.Fatal(err)
	}
	if wa.String() != wb.String() {
		t.Fatal("the same seed gave two different tournaments")
	}
}
