package tourney

import (
	"testing"

	"github.com/plateau-games/plateau/store"
)

func TestGameResult(t *testing.T) {
	for _, tc := range []struct {
		result, reason, want string
		over                 bool
	}{
		{"*", "", "", false},
		{"win 1", "resigned 2", "1-0", true},
		{"win 2", "time 1", "0-1", true},
		{"draw", "agreed", "1/2-1/2", true},
		{"over", "aborted 1", "-/+", true},   // the first seat made no move: it loses by forfeit
		{"over", "abortedby 2", "+/-", true}, // the second aborted
		{"over", "abandoned", "-/-", true},
	} {
		got, over := gameResult(&store.Game{Result: tc.result, Reason: tc.reason})
		if got != tc.want || over != tc.over {
			t.Errorf("%s (%s): %q %v, want %q %v", tc.result, tc.reason, got, over, tc.want, tc.over)
		}
	}
}

func TestPoints(t *testing.T) {
	for p, want := range map[float64]string{0: "0", 0.5: "½", 1: "1", 2.5: "2½", 10: "10"} {
		if got := points(p); got != want {
			t.Errorf("points(%v) = %q, want %q", p, got, want)
		}
	}
}

// A round robin's withdrawn player stays in the roster; the standings of
// a stored tournament are package tournament's.
func TestTwoPlayerFromStore(t *testing.T) {
	tr := &store.Tournament{Kind: store.TournamentSwiss, Paired: 2, Rounds: 3,
		Entrants: []store.Entrant{{User: "ann", Rating: 1600}, {User: "ben", Rating: 1500}, {User: "cat", Rating: 1400, Withdrawn: true}},
		Pairings: []store.Pairing{
			{Round: 1, Board: 1, White: "ann", Black: "ben", Result: "1/2-1/2"},
			{Round: 1, Board: 2, White: "cat", Result: store.TournamentBye},
			{Round: 2, Board: 1, White: "cat", Black: "ann", Result: "-/+", Corrected: true},
		}}
	tt := twoPlayer(tr)
	if len(tt.Rounds) != 2 || tt.Rounds[0].Bye != "cat" || len(tt.Rounds[1].Absent) != 1 || tt.Rounds[1].Absent[0] != "ben" {
		t.Fatalf("rounds %+v", tt.Rounds)
	}
	rows, cols := standings(tr)
	want := tt.Standings()
	if len(cols) != 3 || len(rows) != 3 {
		t.Fatalf("%d rows, columns %v", len(rows), cols)
	}
	for i, s := range want {
		if rows[i].Player != s.Player.ID || rows[i].Points != points(s.Points) {
			t.Errorf("row %d: %+v, want %s %v", i, rows[i], s.Player.ID, s.Points)
		}
	}
	if !rows[2].Withdrawn && rows[2].Player == "cat" {
		t.Errorf("cat is not shown withdrawn")
	}
	if _, err := trf(tr); err != nil {
		t.Errorf("TRF of finished rounds: %v", err)
	}
	tr.Pairings = append(tr.Pairings, store.Pairing{Round: 2, Board: 2, White: "ben", Black: "dan"})
	if _, err := trf(tr); err == nil {
		t.Errorf("TRF with a pending game or an unknown player: no error")
	}
}

// A table's result in words: the places in order, partners together.
func TestRanksInWords(t *testing.T) {
	seats := []string{"alice", "bruno", "carol", "dave"}
	for _, c := range []struct{ result, lang, want string }{
		{"2,1,2,1", "en", "1st bruno, dave · 2nd alice, carol"},
		{"2,1,2,1", "fr", "1er bruno, dave · 2e alice, carol"},
		{"3,1,4,2", "en", "1st bruno · 2nd dave · 3rd alice · 4th carol"},
		{"1,2", "en", ""},
		{"1,x,2,3", "en", ""},
		{"1,2,3,9", "en", ""},
	} {
		if got := ranksInWords(c.result, seats, c.lang); got != c.want {
			t.Errorf("%s in %s: %q, want %q", c.result, c.lang, got, c.want)
		}
	}
}
