package tourney

import (
	"strings"
	"testing"

	_ "github.com/plateau-games/plateau/games/all"
	"github.com/plateau-games/plateau/store"
)

// The crosstable names each game's seats as the game does, in the
// page's language: no "w"/"b" on a French page.
func TestCrosstableSeatsInFrench(t *testing.T) {
	tr := &store.Tournament{Kind: store.TournamentSwiss, GameID: "pogo", Paired: 1, Rounds: 2,
		Entrants: []store.Entrant{{User: "ann", Rating: 1600}, {User: "ben", Rating: 1500}},
		Pairings: []store.Pairing{{Round: 1, Board: 1, White: "ann", Black: "ben", Game: "g1", Result: "1-0"}}}
	rows, _ := standings(tr)
	for lang, want := range map[string][2]string{"fr": {"2 C 1", "1 F 0"}, "en": {"2 L 1", "1 D 0"}} {
		cross := crosstable(tr, rows, lang)
		if len(cross) != 2 || cross[0].Cells[0].Text != want[0] || cross[1].Cells[0].Text != want[1] {
			t.Errorf("%s: %+v, want %v", lang, cross, want)
		}
		if lang == "fr" && (cross[0].Cells[0].Title != "Clair" || cross[1].Cells[0].Title != "Foncé") {
			t.Errorf("the seats' names: %q %q", cross[0].Cells[0].Title, cross[1].Cells[0].Title)
		}
	}
	for game, want := range map[string]string{"empire": "SO NE", "pods": "B N", "alignement": "R B"} {
		tr.GameID = game
		marks, _ := seatMarks(tr, "fr")
		if got := strings.Join(marks[:], " "); got != want {
			t.Errorf("%s: %q, want %q", game, got, want)
		}
	}
	// Seats whose initials are the same: their numbers.
	if got := initials("Bleu") + initials("Blanc"); got != "BB" {
		t.Errorf("initials: %q", got)
	}
	tr.GameID = "nosuchgame"
	if marks, _ := seatMarks(tr, "fr"); marks != [2]string{"1", "2"} {
		t.Errorf("an unknown game's marks: %v", marks)
	}
}
