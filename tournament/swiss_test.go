package tournament

import (
	"fmt"
	"math/rand"
	"strconv"
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

func TestDutchAbsentAndRefusals(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	tr := &Tournament{Players: genPlayers(rng, 20)}
	for r := 1; r <= 7; r++ {
		away := tr.Players[rng.Intn(len(tr.Players))].ID
		rd, err := PairDutch(tr, 7, []string{away})
		if err != nil {
			t.Fatalf("round %d: %v", r, err)
		}
		if len(rd.Absent) != 1 || rd.Absent[0] != away || rd.Bye == "" {
			t.Fatalf("round %d: %s absent, round %+v", r, away, rd)
		}
		for i := range rd.Games {
			rd.Games[i].Result = randomResult(rng, tr, rd.Games[i], false)
		}
		tr.Rounds = append(tr.Rounds, rd)
	}
	if _, err := PairDutch(tr, 7, nil); err == nil {
		t.Error("an eighth round of seven paired")
	}
	if _, err := PairDutch(tr, 9, []string{"nobody"}); err == nil {
		t.Error("an unknown absent player accepted")
	}
	tr.Rounds[6].Games[0].Result = Pending
	if _, err := PairDutch(tr, 9, nil); err == nil {
		t.Error("paired after an unfinished round")
	}
	// The check itself refuses a repeat pairing and a third colour.
	tr.Rounds[6].Games[0].Result = WhiteWins
	g := tr.Rounds[6].Games[0]
	bad := Round{Games: []Game{{White: g.White, Black: g.Black}}}
	if err := CheckDutchRound(tr, bad, false); err == nil || !strings.Contains(err.Error(), "unpaired") {
		t.Errorf("incomplete round accepted: %v", err)
	}
	two := &Tournament{Players: numbered(4), Rounds: []Round{
		{Games: []Game{{"1", "2", Draw}, {"3", "4", Draw}}},
		{Games: []Game{{"1", "3", Draw}, {"2", "4", Draw}}},
	}}
	if err := CheckDutchRound(two, Round{Games: []Game{{"1", "2", Pending}, {"3", "4", Pending}}}, false); err == nil {
		t.Error("repeat pairing accepted")
	}
	if err := CheckDutchRound(two, Round{Games: []Game{{"1", "4", Pending}, {"3", "2", Pending}}}, false); err == nil || !strings.Contains(err.Error(), "colour") {
		t.Errorf("a third White in a row accepted: %v", err)
	}
}

// TestDutchRoundOneColoursByPairingNumber: with player 3 absent in round
// 1, colours go by the pairing numbers of the players who entered (C.04.3
// 5.2.5 as bbpPairings reads it): n04 counts as 3. An odd-numbered higher
// player gets White, an even one Black.
func TestDutchRoundOneColoursByPairingNumber(t *testing.T) {
	ps := make([]Player, 10)
	for i := range ps {
		ps[i] = Player{ID: fmt.Sprintf("n%02d", i+1), Rating: 2000 - 10*i}
	}
	tr := &Tournament{Players: ps}
	rd, err := PairDutch(tr, 5, []string{"n03"})
	if err != nil {
		t.Fatal(err)
	}
	eff := func(id string) int {
		n, _ := strconv.Atoi(id[1:])
		if n > 3 {
			n--
		}
		return n
	}
	for _, g := range rd.Games {
		w, b := eff(g.White), eff(g.Black)
		hi := min(w, b)
		if (hi%2 == 1) != (w == hi) {
			t.Errorf("%s-%s: the higher player (number %d among those who entered) should have %s", g.White, g.Black, hi, map[bool]string{true: "White", false: "Black"}[hi%2 == 1])
		}
	}
}
