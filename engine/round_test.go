package engine

import (
	"strings"
	"testing"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
)

// Through the engine, a level keeps its guard of the round in games of
// three and four, also when go gives it a budget of its own: in the Saute
// position below the levels without their guard let an opponent finish
// before their next turn; L'Empire's levels (paranoid alpha-beta) and
// POLD.R's are checked the same way.
func TestEngineLevelsSeeTheRound(t *testing.T) {
	if testing.Short() {
		t.Skip("searches rounds of four players")
	}
	for _, tc := range []struct{ newgame, position string }{
		{"saute players=4", "8T1SS/9STS/3T2S4S/6S3ST/6T3SS/7S1S1T/9STS/9TSS/7S1T1S/9SST/5ST4S/5T4SS Y 0 151"},
		{"empire players=4", "2T2S2T.2S...3S3T3S./2S.2S...2C...3C3S/2T.2T......3T3S3T/2S..........3S/..1T........./.1S........../1S..3T......../.2S........../...........4S/1T1S1T......4T4S4T/1S1C1S...4S..4S4C./1T4S4T....1S.3S4S4T 4 15"},
		{"poldr players=3", "1bbbbb1/1bB2ry/1bbbr2/3rbrR/1yr1bb1/YyyyyrP/7 R 4,10,10 1 10,11,9 11"},
	} {
		checkRound(t, tc.newgame, tc.position)
	}
}

// checkRound plays every level with every budget on one position.
func checkRound(t *testing.T, newgame, position string) {
	t.Helper()
	f := strings.Fields(newgame)
	opts, err := game.ParseOptions(f[1:]...)
	if err != nil {
		t.Fatal(err)
	}
	v, err := game.NewVariant(f[0], opts)
	if err != nil {
		t.Fatal(err)
	}
	s, err := v.Position(position)
	if err != nil {
		t.Fatal(err)
	}
	// The levels often choose the same move: judged once (in L'Empire for
	// four, about 2 s of CPU each).
	loses := map[game.Move]bool{}
	// A budget of go replaces the level's own: the levels of MCTS become
	// the same search (mcts:time=100ms,threads=1 for easy and medium),
	// searched once.
	searched := map[string]bool{}
	for _, level := range ai.Levels {
		// Time budgets only bound the search (it must answer): what it
		// plays is checked as any other move. The MCTS levels are
		// guarded whatever they find, and in L'Empire's position every
		// depth from 1 to 5 plays a safe move (2026-11-27): what a time
		// budget finds on a loaded machine passes too.
		for _, budget := range []string{"", "time 100 ", "iterations 200 ", "depth 2 "} {
			if level == "max" && budget == "" {
				budget = "time 200 " // its own 3 s would only slow the test
			}
			line := "go " + budget + "agent " + level
			if b, spec, err := parseGo(line, strings.Fields(line)[1:]); err == nil && b.kind != "" {
				if full, err := withBudget(spec, v, b); err == nil {
					if searched[full] {
						continue
					}
					searched[full] = true
				}
			}
			got := session(t, "newgame "+newgame+"\nposition "+position+"\n"+line+"\n")
			last := got[len(got)-1]
			if !strings.HasPrefix(last, "bestmove ") {
				if strings.HasPrefix(last, "error ") && strings.Contains(last, "budget") {
					continue // a budget this level's search has no use for
				}
				t.Fatalf("%s with %q: %v", level, budget, got)
			}
			mv, err := s.ParseMove(strings.TrimPrefix(last, "bestmove "))
			if err != nil {
				t.Fatal(err)
			}
			lost, ok := loses[mv]
			if !ok {
				lost = ai.LosesInRound(v, s, mv, 3_000_000)
				loses[mv] = lost
			}
			if lost {
				t.Errorf("%s: go %sagent %s plays %s, which loses within the round", v, budget, level, s.MoveString(mv))
			}
		}
	}
}
