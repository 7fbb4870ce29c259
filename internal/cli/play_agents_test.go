package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestPlayBetweenComputerPlayers(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.txt")
	out := mustRun(t, "", "play", "pogo", "--seat", "1=mcts:iterations=50,threads=1", "--seat", "2=alphabeta:depth=2", "--seed", "3", "--record", path)
	for _, want := range []string{
		"Light (player 1): computer, mcts:iterations=50,threads=1,c=1.",
		"Dark (player 2): computer, alphabeta:depth=2.",
		"Random seed 3",
		"plays", "(mcts:iterations=50,threads=1,c=1).", "(alphabeta:depth=2).",
		"Game over at ply",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("play output lacks %q:\n%s", want, out)
		}
	}
	rec := readRecordFile(t, path)
	if !rec.Result.Ended() || rec.Players[0] != "mcts:iterations=50,threads=1,c=1" || rec.Players[1] != "alphabeta:depth=2" {
		t.Fatalf("record: %+v", rec)
	}
	// The same seed and budgets give the same game.
	again := filepath.Join(t.TempDir(), "again.txt")
	mustRun(t, "", "play", "pogo", "--seat", "1=mcts:iterations=50,threads=1", "--seat", "2=alphabeta:depth=2", "--seed", "3", "--record", again)
	if a, b := strings.Join(rec.Moves, " "), strings.Join(readRecordFile(t, again).Moves, " "); a != b {
		t.Fatalf("two games with one seed:\n%s\n%s", a, b)
	}
}

func TestPlayAgainstLevel(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.txt")
	out := mustRun(t, "2b1-b3\nundo\nquit\n", "play", "pogo", "--seat", "2=easy", "--seed", "1", "--record", path, "--lang", "fr")
	for _, want := range []string{"Foncé (joueur 2) : ordinateur, easy (", "Clair (joueur 1) joue 2b1-b3.", "(easy (", "2 coup(s) repris."} {
		if !strings.Contains(out, want) {
			t.Errorf("play output lacks %q:\n%s", want, out)
		}
	}
}

func TestPlayBadSeat(t *testing.T) {
	for spec, want := range map[string]string{
		"2=chess":        "unknown agent",
		"2=mcts:depth=3": "mcts has no parameter depth",
		"two=random":     "N=human, N=random, N=LEVEL",
	} {
		out, err := run(t, "", "play", "pogo", "--seat", spec)
		if err == nil || !strings.Contains(err.Error()+out, want) {
			t.Errorf("--seat %s: %v\n%s", spec, err, out)
		}
	}
}
