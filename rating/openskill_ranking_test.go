package rating_test

import (
	"testing"

	"github.com/plateau-games/plateau/game"
	_ "github.com/plateau-games/plateau/games/blockade/empire"
	_ "github.com/plateau-games/plateau/games/blockade/saute"
	"github.com/plateau-games/plateau/rating"
)

// TestOpenSkillFromRanking rates finished games the way a table of three
// or four will: game.Ranking gives the places, RateSeats the new ratings.
func TestOpenSkillFromRanking(t *testing.T) {
	cfg := rating.DefaultOpenSkill()

	// Saute for three: Blue home (won), Red 5 pieces home, Green 4; Red
	// left the table, so he is last.
	v, err := game.NewVariant("saute", game.Options{"players": "3"})
	if err != nil {
		t.Fatal(err)
	}
	s, err := v.Decode("12/12/12/STS9/2S6ST1/8S1TS/STS9/5S4TS/9STS/9STS/9STS/9STS R 0 30")
	if err != nil {
		t.Fatal(err)
	}
	ranks, err := game.Ranking(s, s.Outcome(), []int{1})
	if err != nil {
		t.Fatal(err)
	}
	before := []rating.Skill{rating.NewSkill(), rating.NewSkill(), rating.NewSkill()}
	after, err := cfg.RateSeats(before, v.Teams, ranks)
	if err != nil {
		t.Fatal(err)
	}
	if !(rating.Display(after[0]) > rating.Display(after[2]) && rating.Display(after[2]) > rating.Display(after[1])) {
		t.Errorf("ranks %v gave displays %.1f %.1f %.1f; want Blue > Green > Red", ranks,
			rating.Display(after[0]), rating.Display(after[1]), rating.Display(after[2]))
	}

	// L'Empire for four in teams, the second team wins: partners move
	// together, the winners up.
	v, err = game.NewVariant("empire", game.Options{"players": "4", "teams": "true"})
	if err != nil {
		t.Fatal(err)
	}
	out := game.Outcome{Status: game.Win, Winners: 1<<1 | 1<<3, Reason: "resigned"}
	ranks, err = game.Ranking(v.Start(), out, nil)
	if err != nil {
		t.Fatal(err)
	}
	four := []rating.Skill{rating.NewSkill(), rating.NewSkill(), rating.NewSkill(), rating.NewSkill()}
	after, err = cfg.RateSeats(four, v.Teams, ranks)
	if err != nil {
		t.Fatal(err)
	}
	if after[0] != after[2] || after[1] != after[3] || !(after[1].Mu > after[0].Mu) {
		t.Errorf("teams: ranks %v gave %v", ranks, after)
	}
}
