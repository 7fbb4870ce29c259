package games

import (
	"fmt"
	"testing"

	"github.com/plateau-games/plateau/game"
	_ "github.com/plateau-games/plateau/games/all"
	"github.com/plateau-games/plateau/store"
)

// rankedGame is a Saute game for three after its first round, Bob (seat
// 1) having left, ended with result and reason.
func rankedGame(t *testing.T, result, reason string) (*store.Game, *game.Match) {
	t.Helper()
	opts, _ := game.ParseOptions("players=3")
	v, err := game.NewVariant("saute", opts)
	if err != nil {
		t.Fatal(err)
	}
	g := &store.Game{ID: "ranked", GameID: "saute", Options: v.Options.String(), Result: result, Reason: reason,
		Seats: []store.Seat{{Kind: "human", Name: "Alice"}, {Kind: "computer", Agent: "easy", Name: "Bob", Left: 1}, {Kind: "human", Name: "Carol"}}}
	m := game.NewMatch(v.Start())
	for i := 0; i < 3; i++ {
		if _, err := m.PlayNotation(game.LegalNotations(m.State())[0]); err != nil {
			t.Fatal(err)
		}
		g.Moves = append(g.Moves, store.Move{Ply: i, Notation: m.Notations()[i], Seat: i})
	}
	return g, m
}

// The places: the leaver last even when the computer won with his seat,
// the others tied without a score between them; and in words.
func TestSeatRanksAndWords(t *testing.T) {
	g, m := rankedGame(t, "win 2", "all pieces home")
	if ranks := SeatRanks(g, m); fmt.Sprint(ranks) != "[1 3 1]" {
		t.Errorf("ranks %v, want [1 3 1]: the leaver last, the two others tied", ranks)
	}
	want := map[string]string{
		"en": "Bob (left) wins — all pieces home — Ranking: 1st Alice, 1st Carol, 3rd Bob (left)",
		"fr": "Bob (a quitté la table) gagne — ",
	}
	for lang, w := range want {
		if got := OutcomeWithRanking(g, m, lang); len(got) < len(w) || got[:len(w)] != w {
			t.Errorf("%s: %q, want it to begin %q", lang, got, w)
		}
	}
	if got := RankingSentence(g, m, "fr"); got != "Classement : 1er Alice, 1er Carol, 3e Bob (a quitté la table)" {
		t.Errorf("fr ranking %q", got)
	}
	// A game still on has no places; one nobody left no ranking in words.
	on, _ := rankedGame(t, store.Ongoing, "")
	if ranks := SeatRanks(on, m); ranks != nil {
		t.Errorf("a game still on ranked %v", ranks)
	}
	stayed, _ := rankedGame(t, "win 1", "resigned 2")
	stayed.Seats[1].Left = 0
	if s := RankingSentence(stayed, m, "en"); s != "" {
		t.Errorf("a ranking in words without a leaver: %q", s)
	}
	if ranks := SeatRanks(stayed, m); fmt.Sprint(ranks) != "[1 2 2]" {
		t.Errorf("ranks without a leaver %v, want [1 2 2]", ranks)
	}
	for place, w := range map[int]string{1: "1st", 2: "2nd", 3: "3rd", 4: "4th"} {
		if got := Ordinal(place, "en"); got != w {
			t.Errorf("Ordinal(%d) %q, want %q", place, got, w)
		}
	}
}
