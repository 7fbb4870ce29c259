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
	for _, want := range []string{"Foncé (joueur 2) : ordinateur, facile (", "Clair (joueur 1) joue 2b1-b3.", "(facile (", "2 coups repris.", "Coup 1 : Clair (joueur 1) au trait."} {
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

// TestPlayLineModeIsReadable: in the line mode the board is drawn for the
// person to move only (computer moves are a line each), no line says the
// same thing twice, and the legal moves come in columns that never split a
// move.
func TestPlayLineModeIsReadable(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.txt")
	out := mustRun(t, "moves\nquit\n", "play", "empire", "--opt", "players=4", "--seat", "2=random", "--seat", "3=random", "--seat", "4=random",
		"--seed", "5", "--record", path, "--lang", "fr")
	if n := strings.Count(out, "Coup 1 : "); n != 1 {
		t.Errorf("the turn is announced %d times:\n%s", n, out)
	}
	if strings.Contains(out, "to move") || strings.Contains(out, "Tour ") {
		t.Errorf("English or a round named for a ply:\n%s", out)
	}
	legal := strings.SplitN(out, "Coups possibles (", 2)
	if len(legal) != 2 {
		t.Fatalf("no list of moves:\n%s", out)
	}
	var listed []string
	for _, line := range lines(legal[1])[1:] {
		if strings.HasPrefix(line, ">") {
			break
		}
		if len([]rune(line)) > 78 {
			t.Errorf("a line of %d columns: %q", len([]rune(line)), line)
		}
		listed = append(listed, strings.Fields(line)...)
	}
	rec := readRecordFile(t, path)
	if len(rec.Moves) != 0 || len(listed) < 10 {
		t.Fatalf("%d moves listed, record %+v", len(listed), rec)
	}
	// A computer's move, the person's, the computer's: a board before each
	// of the person's turns only.
	out = mustRun(t, "1a3-b3\nquit\n", "play", "pogo", "--seat", "1=random", "--seed", "2", "--record", path)
	if n := strings.Count(out, "The top piece's owner"); n != 2 {
		t.Errorf("%d boards drawn for one computer move and one human move, want 2 (before each human turn):\n%s", n, out)
	}
}
