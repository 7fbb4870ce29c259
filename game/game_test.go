package game_test

import (
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	_ "github.com/plateau-games/plateau/games/pogo"
)

func TestParseOptions(t *testing.T) {
	o, err := game.ParseOptions("players=3", "size=7,teams=true seed=12")
	if err != nil {
		t.Fatal(err)
	}
	if o.String() != "players=3 seed=12 size=7 teams=true" {
		t.Fatalf("got %q", o.String())
	}
	if n, err := o.Int("players", 2, 2, 4); n != 3 || err != nil {
		t.Fatalf("players: %d %v", n, err)
	}
	if _, err := o.Int("size", 6, 4, 6); err == nil || !strings.Contains(err.Error(), "from 4 to 6") {
		t.Fatalf("size out of range: %v", err)
	}
	if b, err := o.Bool("teams", false); !b || err != nil {
		t.Fatalf("teams: %v %v", b, err)
	}
	if seed, ok, err := o.Seed(); seed != 12 || !ok || err != nil {
		t.Fatalf("seed: %d %v %v", seed, ok, err)
	}
	for _, bad := range [][]string{{"players"}, {"=3"}, {"a=1", "a=2"}} {
		if _, err := game.ParseOptions(bad...); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if _, err := (game.Options{"teams": "maybe"}).Bool("teams", false); err == nil {
		t.Error("teams=maybe accepted")
	}
}

func TestRegistry(t *testing.T) {
	if _, err := game.Lookup("POGO"); err != nil {
		t.Fatal(err)
	}
	_, err := game.Lookup("chess")
	if err == nil || !strings.Contains(err.Error(), "pogo") {
		t.Fatalf("unknown game error should list known games: %v", err)
	}
	_, err = game.NewVariant("pogo", game.Options{"players": "3"})
	if err == nil || !strings.Contains(err.Error(), "takes no options") {
		t.Fatalf("option on a game without options: %v", err)
	}
	if v, err := game.NewVariant("pogo", game.Options{"players": "2"}); err != nil || v.String() != "pogo" {
		t.Fatalf("players=2 on a two-player game: %v", err)
	}
	if _, err := game.NewVariant("pogo", game.Options{"players": "3"}); err == nil {
		t.Fatal("players=3 accepted by POGO")
	}
	v, err := game.NewVariant("pogo", nil)
	if err != nil || v.Players != 2 || v.SeatName(1, "fr") != "Foncé" || v.SeatName(5, "en") != "player 6" {
		t.Fatalf("pogo variant: %+v %v", v, err)
	}
}

func TestRepetitionTable(t *testing.T) {
	rep := game.NewRepetitionTable(4)
	// Far more distinct keys than the table was made for: it grows.
	for i := uint64(0); i < 1000; i++ {
		if n := rep.Add(i * 0x9e3779b97f4a7c15); n != 1 {
			t.Fatalf("key %d counted %d", i, n)
		}
	}
	for i := uint64(0); i < 1000; i++ {
		if n := rep.Add(i * 0x9e3779b97f4a7c15); n != 2 {
			t.Fatalf("key %d counted %d the second time", i, n)
		}
	}
	rep.Reset()
	if n := rep.Add(0); n != 1 {
		t.Fatalf("after reset: %d", n)
	}
}

func TestMatch(t *testing.T) {
	v, _ := game.NewVariant("pogo", nil)
	m := game.NewMatch(v.Start())
	if _, err := m.PlayNotation("2b1-b3"); err != nil {
		t.Fatal(err)
	}
	_, err := m.PlayNotation("2b1-b3")
	if err == nil || !strings.Contains(err.Error(), "legal moves:") || !strings.Contains(err.Error(), "b1 is empty") {
		t.Fatalf("illegal move error: %v", err)
	}
	if err := m.Play(game.Move(1 << 40)); err == nil {
		t.Fatal("an unknown move code is accepted")
	}
	if _, err := m.PlayNotation("1a3-a2"); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(m.Notations(), " "); got != "2b1-b3 1a3-a2" || m.State().Ply() != 2 {
		t.Fatalf("notations %q", got)
	}
	if err := m.Undo(3); err == nil {
		t.Fatal("undo past the start")
	}
	if err := m.Undo(2); err != nil || m.State().Encode() != v.Start().Encode() || len(m.Moves()) != 0 {
		t.Fatalf("undo: %v %s", err, m.State().Encode())
	}
}

func TestQuote(t *testing.T) {
	long := strings.Repeat("x", 1000)
	if q := game.Quote(long); len(q) > 80 || !strings.Contains(q, "1000 bytes") {
		t.Fatalf("long input quoted as %q", q)
	}
}
