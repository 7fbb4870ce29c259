package ai

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
)

func TestPerfectNeedsTheSolution(t *testing.T) {
	v, err := game.NewVariant("pogo", nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = New("perfect:table="+t.TempDir()+"/Missing.solution", v, 1)
	if err == nil || !strings.Contains(err.Error(), "plateau solve pogo") || !strings.Contains(err.Error(), "Missing") {
		t.Fatalf("missing table: %v", err)
	}
	other, _ := game.NewVariant("alignement", nil)
	if _, err := New("perfect", other, 1); err == nil || !strings.Contains(err.Error(), "only POGO") {
		t.Fatalf("perfect on another game: %v", err)
	}
	if _, err := New("perfect:depth=3", v, 1); err == nil {
		t.Fatal("an unknown parameter is accepted")
	}
}

// With the real table (PLATEAU_POGO_TABLE, written by plateau solve pogo),
// the perfect player never loses to random from the start, a draw.
func TestPerfectAgainstRandom(t *testing.T) {
	path := os.Getenv("PLATEAU_POGO_TABLE")
	if path == "" {
		t.Skip("PLATEAU_POGO_TABLE is not set (run plateau solve pogo to make the table)")
	}
	v, _ := game.NewVariant("pogo", nil)
	for g := 0; g < 10; g++ {
		perfect, err := New("perfect:table="+path, v, 1)
		if err != nil {
			t.Fatal(err)
		}
		agents := []Agent{perfect, NewRandom(newRNG(uint64(g)))}
		perfectSeat := g % 2
		if perfectSeat == 1 {
			agents[0], agents[1] = agents[1], agents[0]
		}
		o, err := PlayGame(context.Background(), game.NewMatch(v.Start()), agents)
		if err != nil {
			t.Fatal(err)
		}
		if o.Status == game.Win && !o.Won(perfectSeat) {
			t.Fatalf("game %d: perfect (seat %d) lost: %+v", g, perfectSeat+1, o)
		}
	}
}
