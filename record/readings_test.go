package record_test

import (
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	_ "github.com/plateau-games/plateau/games/blockade/empire"
	"github.com/plateau-games/plateau/record"
)

// A record of a game with another reading of the rules names it in words,
// in English and French; reading the record back and writing it again
// gives the same text; a default variant's record has no such tags.
func TestRecordNamesReadings(t *testing.T) {
	v, err := game.NewVariant("empire", game.Options{"throne": "near"})
	if err != nil {
		t.Fatal(err)
	}
	m := game.NewMatch(v.Start())
	if _, err := m.PlayNotation("b2-b4"); err != nil {
		t.Fatal(err)
	}
	text := record.Format(record.FromMatch(m))
	if !strings.Contains(text, "[Options \"players=2 teams=false throne=near\"]\n[Readings \"near throne\"]\n[Lectures \"trône proche\"]\n") {
		t.Fatalf("record:\n%s", text)
	}
	r, err := record.Parse(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Tags) != 0 || record.Format(r) != text {
		t.Errorf("read back: tags %v\n%s", r.Tags, record.Format(r))
	}
	if _, err := r.Replay(); err != nil {
		t.Error(err)
	}
	dv, err := game.NewVariant("empire", game.Options{"throne": "far"})
	if err != nil {
		t.Fatal(err)
	}
	d := record.FromMatch(game.NewMatch(dv.Start()))
	if text := record.Format(d); strings.Contains(text, "Readings") || strings.Contains(text, "Lectures") {
		t.Errorf("default record:\n%s", text)
	}
}
