package analysis

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
)

// TestDramaOnScriptedEvaluations follows the leader along a scripted
// sequence of evaluations (one value per side and position) and counts
// its changes: ties are nobody's lead and do not break a lead.
func TestDramaOnScriptedEvaluations(t *testing.T) {
	evals := [][]float64{
		{0, 0},     // even: nobody
		{1, -1},    // side 0
		{0.5, 0.4}, // side 0
		{-2, 2},    // side 1: change 1
		{1, 1},     // even: skipped
		{-1, 1},    // side 1 again: no change
		{3, -3},    // side 0: change 2
		{1, 2},     // side 1: change 3
	}
	var leaders []int8
	for _, v := range evals {
		leaders = append(leaders, int8(Leader(v)))
	}
	want := []int8{-1, 0, 0, 1, -1, 1, 0, 1}
	for i := range want {
		if leaders[i] != want[i] {
			t.Fatalf("leaders %v, want %v", leaders, want)
		}
	}
	if n, at := LeadChanges(leaders); n != 3 || at != 7 {
		t.Errorf("lead changes %d, the last at %d; want 3, at 7", n, at)
	}
	if Leader([]float64{1, 3, 3}) != -1 || Leader([]float64{1, 3, 2}) != 1 {
		t.Error("three sides: a shared best is nobody's lead, else the best leads")
	}
	if n, at := LeadChanges(nil); n != 0 || at != -1 {
		t.Error("no position, no change")
	}
	if n, at := LeadChanges([]int8{-1, -1}); n != 0 || at != -1 {
		t.Error("no leader, no change")
	}
}

func TestComputeLab(t *testing.T) {
	v, err := game.NewVariant("pogo", nil)
	if err != nil {
		t.Fatal(err)
	}
	win := func(seat int) game.Outcome {
		return game.Outcome{Status: game.Win, Winners: 1 << uint(seat), Reason: "tops every stack"}
	}
	results := []GameResult{
		// Seat 2 (side 1) led, then seat 1 came back and won, in the
		// second half.
		{Plies: 3, Legal: []int{5, 5, 5}, Leaders: []int8{1, 1, 0}, Outcome: win(0)},
		// Two forced passes, then a draw by two passes: blocked.
		{Plies: 3, Legal: []int{1, 1, 4}, ForcedPasses: 2, LastPass: true, Leaders: []int8{-1, 0, 0},
			Outcome: game.Outcome{Status: game.Draw, Reason: "two passes in a row"}},
		// The game's own stalemate reason, without a pass.
		{Plies: 2, Legal: []int{3, 3}, Leaders: []int8{0, 0}, Outcome: game.Outcome{Status: game.Win, Winners: 1, Reason: "no placement or move"}},
		// A change at the second of two positions: the second half.
		{Plies: 2, Legal: []int{3, 3}, Leaders: []int8{1, 0}, Outcome: win(0)},
		// A change at the second of five positions: the first half.
		{Plies: 5, Legal: []int{3, 3, 3, 3, 3}, Leaders: []int8{1, 0, 0, -1, 0}, Outcome: win(0)},
	}
	st := Compute(Config{Variant: v, Label: "x", Agent: "random"}, results)
	if !st.DramaMeasured || st.Sides != 2 {
		t.Fatalf("drama measured %v, sides %d", st.DramaMeasured, st.Sides)
	}
	if st.LeadChanges.Max != 1 || st.LeadChangeGames.Count != 3 || math.Abs(st.LeadChanges.Mean-0.6) > 1e-12 {
		t.Errorf("lead changes %+v, games with one %+v", st.LeadChanges, st.LeadChangeGames)
	}
	if st.LateLeadChangeGames.Count != 2 || st.LateLeadChangeGames.Total != 5 {
		t.Errorf("late lead changes %+v, want 2 of 5", st.LateLeadChangeGames)
	}
	if st.ForcedPasses.Count != 2 || st.ForcedPasses.Total != 15 || st.ForcedPassGames.Count != 1 {
		t.Errorf("forced passes %+v in %+v games", st.ForcedPasses, st.ForcedPassGames)
	}
	if st.StalemateEnds.Count != 2 {
		t.Errorf("stalemate ends %+v, want 2", st.StalemateEnds)
	}
	// Seat 1 won the 4 decided games: the farthest side from 1/2, and
	// its interval (0.51–1) just leaves 1/2 out.
	b := st.Balance
	if b.Decided != 4 || b.Side != 0 || b.Wins != 4 || b.Gap != 0.5 || b.GapLow <= 0 || b.GapLow > 0.02 || b.GapHigh != 0.5 {
		t.Errorf("balance %+v", b)
	}
	// Results without evaluations (other tools', or a game without one)
	// leave drama unmeasured rather than zero.
	st = Compute(Config{Variant: v}, []GameResult{{Plies: 1, Legal: []int{2}, Outcome: win(1)}})
	if st.DramaMeasured {
		t.Error("drama measured without leaders")
	}
}

func TestBalanceAndRank(t *testing.T) {
	// 10 of 20 decided games: fair, the interval holds 1/2.
	if b := NewBalance([]int{10, 10}, 20); b.Gap != 0 || b.GapLow != 0 || b.Fair != 0.5 {
		t.Errorf("even balance %+v", b)
	}
	// 18 of 20: the interval (0.70–0.97) is above 1/2.
	b := NewBalance([]int{18, 2}, 20)
	if b.Side != 0 || math.Abs(b.Gap-0.4) > 1e-12 || b.GapLow < 0.19 || b.GapHigh < b.Gap {
		t.Errorf("lopsided balance %+v", b)
	}
	// Three sides: the one farthest from 1/3 is reported.
	if b := NewBalance([]int{3, 3, 9}, 15); b.Side != 2 || math.Abs(b.Gap-(0.6-1.0/3)) > 1e-12 {
		t.Errorf("three sides %+v", b)
	}
	if b := NewBalance([]int{0, 0}, 0); b.Gap != 0 || b.Decided != 0 {
		t.Errorf("nothing decided %+v", b)
	}
	mk := func(label string, gap float64, draws int) *Stats {
		return &Stats{Label: label, Sides: 2, Balance: Balance{Decided: 10, Gap: gap}, Draws: NewProportion(draws, 20)}
	}
	stats := []*Stats{mk("lopsided", 0.4, 0), mk("drawish", 0, 10), mk("good", 0.05, 1), mk("tie", 0.1, 0)}
	r := Rank(stats)
	order := []string{}
	for _, x := range r {
		order = append(order, x.Label)
	}
	if got := strings.Join(order, ","); got != "good,tie,lopsided,drawish" {
		t.Errorf("ranking %s, want good,tie,lopsided,drawish", got)
	}
	if r[0].Rank != 1 || r[3].Rank != 4 {
		t.Errorf("ranks %+v", r)
	}
	if r := Rank([]*Stats{mk("a", 0.1, 0), mk("b", 0.1, 0)}); r[0].Rank != 1 || r[1].Rank != 1 || r[0].Label != "a" {
		t.Errorf("equal scores share a rank and keep their order: %+v", r)
	}
}

func TestReadings(t *testing.T) {
	a, err := ParseVary("players=2,3")
	if err != nil {
		t.Fatal(err)
	}
	b, err := ParseVary("size=6, 7")
	if err != nil {
		t.Fatal(err)
	}
	rs, err := Readings("poldr", game.Options{"match": "false"}, []Vary{a, b})
	if err != nil {
		t.Fatal(err)
	}
	var labels []string
	for _, r := range rs {
		labels = append(labels, r.Label)
	}
	if got := strings.Join(labels, ","); got != "players=2 size=6,players=2 size=7,players=3 size=6,players=3 size=7" {
		t.Errorf("readings %s", got)
	}
	if rs[3].Variant.Players != 3 {
		t.Errorf("reading %s has %d players", rs[3].Label, rs[3].Variant.Players)
	}
	for _, bad := range []string{"size", "=6", "size=6,,7", "size=6,6"} {
		if _, err := ParseVary(bad); err == nil {
			t.Errorf("ParseVary(%q) accepted", bad)
		}
	}
	// The game's own errors name what it accepts.
	if _, err := Readings("poldr", nil, []Vary{{"colour", []string{"red"}}}); err == nil || !strings.Contains(err.Error(), "size") {
		t.Errorf("unknown option: %v", err)
	}
	if _, err := Readings("pods", nil, []Vary{{"orientation", []string{"1", "9"}}}); err == nil || !strings.Contains(err.Error(), "0, 1, 2, 3") {
		t.Errorf("refused value: %v", err)
	}
	if _, err := Readings("poldr", game.Options{"size": "6"}, []Vary{b}); err == nil {
		t.Error("an option both fixed and varied was accepted")
	}
	if _, err := Readings("poldr", nil, []Vary{b, b}); err == nil {
		t.Error("an option varied twice was accepted")
	}
	many, more := Vary{Option: "size"}, Vary{Option: "players"}
	for i := 0; i < 17; i++ {
		many.Values = append(many.Values, strings.Repeat("6", i+1))
		more.Values = append(more.Values, strings.Repeat("2", i+1))
	}
	if _, err := Readings("poldr", nil, []Vary{many, more}); err == nil || !strings.Contains(err.Error(), "256") {
		t.Errorf("more than MaxReadings: %v", err)
	}
}

// TestPlayMeasuresDrama checks that real games carry a leader for every
// position where a seat moved, and none for a game played alone.
func TestPlayMeasuresDrama(t *testing.T) {
	v, err := game.NewVariant("poldr", nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Variant: v, Agent: "random", Games: 3, Seed: 5, Parallel: 1}
	results, err := Play(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	for g, r := range results {
		if len(r.Leaders) != len(r.Legal) {
			t.Errorf("game %d: %d leaders for %d positions", g, len(r.Leaders), len(r.Legal))
		}
	}
	if st := Compute(cfg, results); !st.DramaMeasured {
		t.Error("POLD.R has an evaluation: drama should be measured")
	}
	sol, err := game.NewVariant("solitaire", nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg = Config{Variant: sol, Agent: "random", Games: 1, Seed: 5, Parallel: 1}
	results, err = Play(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if st := Compute(cfg, results); st.DramaMeasured || results[0].Leaders != nil {
		t.Error("a game played alone has no lead")
	}
}
