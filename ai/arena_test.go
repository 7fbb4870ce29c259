package ai

import (
	"context"
	"reflect"
	"testing"

	"github.com/plateau-games/plateau/game"
)

func TestArenaTables(t *testing.T) {
	for _, tc := range []struct {
		players, agents, tables, seatings int
	}{
		{2, 2, 1, 2}, {2, 3, 3, 2}, {2, 4, 6, 2},
		{3, 3, 1, 6}, {4, 4, 1, 24}, {3, 4, 4, 6}, {4, 2, 1, 2}, {4, 3, 1, 3},
	} {
		tables, err := ArenaTables(tc.players, tc.agents)
		if err != nil || len(tables) != tc.tables || len(tables[0].Seatings) != tc.seatings {
			t.Errorf("ArenaTables(%d, %d): %d tables, %v", tc.players, tc.agents, len(tables), err)
			continue
		}
		for _, tb := range tables {
			for _, s := range tb.Seatings {
				if len(s) != tc.players {
					t.Errorf("ArenaTables(%d, %d): seating %v", tc.players, tc.agents, s)
				}
			}
		}
	}
	tables, _ := ArenaTables(4, 2)
	if want := [][]int{{0, 1, 0, 1}, {1, 0, 1, 0}}; !reflect.DeepEqual(tables[0].Seatings, want) {
		t.Errorf("two agents in four seats: %v", tables[0].Seatings)
	}
	for _, bad := range [][2]int{{1, 2}, {2, 1}, {3, 0}} {
		if _, err := ArenaTables(bad[0], bad[1]); err == nil {
			t.Errorf("ArenaTables(%d, %d) accepted", bad[0], bad[1])
		}
	}
}

func TestArenaRoundRobinCounts(t *testing.T) {
	v, err := game.NewVariant("pogo", nil)
	if err != nil {
		t.Fatal(err)
	}
	specs := []string{"random", "mcts:iterations=50,threads=1", "alphabeta:depth=1"}
	cfg := ArenaConfig{Variant: v, Specs: specs, Games: 4, Opening: 2, Seed: 5, Parallel: 1}
	calls := 0
	cfg.Progress = func(done, total int) {
		calls++
		if done > total || total != 12 {
			t.Errorf("progress %d/%d", done, total)
		}
	}
	res, err := Arena(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if calls != 12 || len(res.Games) != 12 || len(res.Pairs) != 3 {
		t.Fatalf("%d progress calls, %d games, %d pairs", calls, len(res.Games), len(res.Pairs))
	}
	var seats, points int
	for _, p := range res.Pairs {
		if p.WDL.N() != 4 {
			t.Errorf("pair %v: %+v", p, p.WDL)
		}
	}
	for i, a := range res.Agents {
		seats += a.Seats
		if a.Seats != 8 || a.Wins+a.Draws+a.Losses != 8 || a.VsField.N() != 8 {
			t.Errorf("agent %s: %+v", specs[i], a)
		}
		// Two players: the pair records add up to the seat records.
		if a.VsField.W != a.Wins || a.VsField.L != a.Losses {
			t.Errorf("agent %s: pairs %+v, seats %d-%d-%d", specs[i], a.VsField, a.Wins, a.Draws, a.Losses)
		}
		points += a.Wins - a.Losses
	}
	if seats != 24 || points != 0 {
		t.Errorf("seats %d, wins minus losses %d", seats, points)
	}
	for _, g := range res.Games {
		// Each pair plays both seatings of each opening.
		tb := res.Tables[g.Table]
		if !reflect.DeepEqual(g.Seats, tb.Seatings[g.Game%2]) || g.Opening != g.Game/2 {
			t.Errorf("game %+v", g)
		}
	}
	// Games of one opening start alike.
	if a, b := res.Games[0].Moves[:2], res.Games[1].Moves[:2]; !reflect.DeepEqual(a, b) {
		t.Errorf("openings differ: %v %v", a, b)
	}
	// The same seed gives the same tournament, whatever the parallelism.
	cfg.Parallel, cfg.Progress = 3, nil
	again, err := Arena(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	for i := range res.Games {
		if !reflect.DeepEqual(res.Games[i].Moves, again.Games[i].Moves) {
			t.Fatalf("game %d differs with 3 in parallel", i)
		}
	}
	if !reflect.DeepEqual(res.Pairs, again.Pairs) {
		t.Errorf("pairs differ: %+v %+v", res.Pairs, again.Pairs)
	}
}

func TestArenaSPRTStopsLopsidedPair(t *testing.T) {
	v, err := game.NewVariant("pogo", nil)
	if err != nil {
		t.Fatal(err)
	}
	test, err := ParseSPRT("0,100")
	if err != nil {
		t.Fatal(err)
	}
	cfg := ArenaConfig{Variant: v, Specs: []string{"alphabeta:depth=2", "random"}, Games: 200, Opening: 2, Seed: 1, Parallel: 2, SPRT: &test}
	res, err := Arena(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	p := res.Pairs[0]
	if !p.Stopped || p.Verdict != AcceptH1 || p.WDL.N() >= 40 || len(res.Games) != p.WDL.N() {
		t.Fatalf("SPRT: %+v after %d games", p, len(res.Games))
	}
	_, upper := test.Bounds()
	if p.LLR < upper {
		t.Errorf("stopped with LLR %.3f below %.3f", p.LLR, upper)
	}
	// The stop does not depend on the parallelism.
	cfg.Parallel = 1
	again, err := Arena(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if again.Pairs[0].WDL != p.WDL {
		t.Errorf("parallel 1: %+v, parallel 2: %+v", again.Pairs[0].WDL, p.WDL)
	}
	// A test needs pairs.
	v3, _ := game.NewVariant("saute", game.Options{"players": "3"})
	if _, err := Arena(context.Background(), ArenaConfig{Variant: v3, Specs: []string{"random", "random", "random"}, Games: 6, SPRT: &test}); err == nil {
		t.Error("an SPRT over a table of three was accepted")
	}
}

func TestArenaThreePlayers(t *testing.T) {
	v, err := game.NewVariant("saute", game.Options{"players": "3"})
	if err != nil {
		t.Fatal(err)
	}
	specs := []string{"random", "mcts:iterations=30,threads=1", "random"}
	res, err := Arena(context.Background(), ArenaConfig{Variant: v, Specs: specs, Games: 6, Seed: 2, Parallel: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Tables) != 1 || len(res.Games) != 6 || len(res.Pairs) != 3 {
		t.Fatalf("%d tables, %d games, %d pairs", len(res.Tables), len(res.Games), len(res.Pairs))
	}
	for i, a := range res.Agents {
		// The six seatings once each: every agent sits in every game and
		// meets the two others in each.
		if a.Seats != 6 || a.VsField.N() != 12 {
			t.Errorf("agent %d: %+v", i, a)
		}
	}
	for _, p := range res.Pairs {
		if p.WDL.N() != 6 {
			t.Errorf("pair %+v", p)
		}
	}
}
