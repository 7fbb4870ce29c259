package engine

import (
	"strings"
	"testing"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
)

// Through the engine, a level keeps its guard of the round in a game of
// four, also when go gives it a budget of its own: in this Saute position
// every level chose a move that lets an opponent finish before its next
// turn when it had no guard.
func TestEngineLevelsSeeTheRound(t *testing.T) {
	if testing.Short() {
		t.Skip("searches rounds of four players")
	}
	const position = "8T1SS/9STS/3T2S4S/6S3ST/6T3SS/7S1S1T/9STS/9TSS/7S1T1S/9SST/5ST4S/5T4SS Y 0 151"
	v, err := game.NewVariant("saute", game.Options{"players": "4"})
	if err != nil {
		t.Fatal(err)
	}
	s, err := v.Position(position)
	if err != nil {
		t.Fatal(err)
	}
	for _, level := range ai.Levels {
		for _, budget := range []string{"", "time 300 ", "iterations 200 ", "depth 2 "} {
			if level == "max" && budget == "" {
				budget = "time 500 " // its own 3 s would only slow the test
			}
			got := session(t, "newgame saute players=4\nposition "+position+"\ngo "+budget+"agent "+level+"\n")
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
			if ai.LosesInRound(v, s, mv, 3_000_000) {
				t.Errorf("go %sagent %s plays %s, which loses within the round", budget, level, s.MoveString(mv))
			}
		}
	}
}
