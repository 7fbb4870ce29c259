package storetest

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/plateau-games/plateau/store"
)

// The OpenSkill ratings of three- and four-player variants: the same
// contract as Glicko-2's (RateGame once, UserRatings, Leaderboard,
// RatingHistory), with the skill μ ± σ kept beside the number shown.

// skillDef are the defaults of a player without an OpenSkill rating: μ 25,
// σ 25/3, shown as 1500 with its uncertainty on that scale.
var skillDef = store.Rating{Rating: 1500, Deviation: 29.48 * 25 / 3, Mu: 25, Sigma: 25.0 / 3}

// skillShown is the number shown for μ and σ, as the site computes it
// (rating.Display; the store only keeps it).
func skillShown(mu, sigma float64) float64 { return 1500 + 29.48*(mu-3*sigma) }

// skillAdd is an update that adds d[i] to player i's μ, shrinks every σ by
// a tenth and shows the result; it fills the fields the store must ignore
// with nonsense.
func skillAdd(d ...float64) store.RatingUpdate {
	return func(cur []store.Rating) ([]store.Rating, error) {
		next := make([]store.Rating, len(cur))
		for i, r := range cur {
			mu, sigma := r.Mu+d[i], r.Sigma*0.9
			next[i] = store.Rating{User: "ignored", Variant: "ignored", Mu: mu, Sigma: sigma,
				Rating: skillShown(mu, sigma), Deviation: 29.48 * sigma, Games: 1000, Wins: 1000, UpdatedAt: base}
		}
		return next, nil
	}
}

func mustRateSkill(t *testing.T, s store.Ratings, game, variant string, scores []store.GameScore, update store.RatingUpdate) []store.Rating {
	t.Helper()
	rs, err := s.RateGame(ctx(t), game, variant, base, scores, skillDef, update)
	if err != nil {
		t.Fatalf("RateGame(%s): %v", game, err)
	}
	return rs
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// testRateOpenSkill: a first game gives the update the defaults' μ and σ,
// stores what it answers (the skill, the number shown, the counts) and a
// history point with the skill; a second game starts from the stored
// skill; the Glicko-2 ratings of the same players elsewhere are untouched.
func testRateOpenSkill(t *testing.T, s store.Ratings) {
	rateUsers(t, s, "alice", "bob", "carol")
	mustRate(t, s, "duel", "pogo", base, rateScores([]string{"alice", "bob"}, 1, 0), rateAdd(10))
	glicko := mustUserRatings(t, s, "alice")

	const v = "saute players=3"
	players := []string{"alice", "bob", "carol"}
	var got []store.Rating
	capture := func(update store.RatingUpdate) store.RatingUpdate {
		return func(cur []store.Rating) ([]store.Rating, error) {
			got = append([]store.Rating(nil), cur...)
			return update(cur)
		}
	}
	rated := mustRateSkill(t, s, "g1", v, rateScores(players, 1, 0, 0), capture(skillAdd(3, -1, -2)))
	for i, r := range got {
		if r.User != players[i] || r.Variant != v || r.Mu != 25 || r.Sigma != 25.0/3 || r.Rating != 1500 || r.Games != 0 {
			t.Errorf("first game: the update got %+v for %s, want the defaults (μ 25, σ 25/3, 1500, no games)", r, players[i])
		}
	}
	for i, r := range rated {
		mu, sigma := 25+[]float64{3, -1, -2}[i], 25.0/3*0.9
		if !r.OpenSkill() || !near(r.Mu, mu) || !near(r.Sigma, sigma) || !near(r.Rating, skillShown(mu, sigma)) || r.Volatility != 0 ||
			r.Games != 1 || r.User != players[i] || r.Variant != v {
			t.Errorf("first game: stored %+v for %s, want μ %v σ %v, one game", r, players[i], mu, sigma)
		}
	}
	if rated[0].Wins != 1 || rated[1].Losses != 1 || rated[2].Losses != 1 {
		t.Errorf("first game: counts %+v, want alice a win, bob and carol a loss", rated)
	}
	mustRateSkill(t, s, "g2", v, rateScores(players, 0, 0, 1), capture(skillAdd(1, 1, 1)))
	for i, r := range got {
		if !near(r.Mu, rated[i].Mu) || !near(r.Sigma, rated[i].Sigma) || r.Games != 1 || !r.OpenSkill() {
			t.Errorf("second game: the update got %+v for %s, want the stored %+v", r, players[i], rated[i])
		}
	}
	for _, r := range mustUserRatings(t, s, "alice") {
		switch r.Variant {
		case "pogo":
			if r.OpenSkill() || r.Mu != 0 || r != glicko[0] {
				t.Errorf("alice's Glicko-2 rating became %+v, want %+v", r, glicko[0])
			}
		case v:
			if !r.OpenSkill() || !near(r.Mu, 29) || !near(r.Sigma, 25.0/3*0.81) || r.Games != 2 || r.Wins != 1 || r.Losses != 1 {
				t.Errorf("alice's OpenSkill rating is %+v, want μ 29, σ 25/3·0.81, 2 games (1 win, 1 loss)", r)
			}
		default:
			t.Errorf("alice has a rating in %s", r.Variant)
		}
	}
	hist := mustHistory(t, s, "alice", v, 0)
	if len(hist) != 2 || hist[0].Game != "g1" || !near(hist[0].Mu, 28) || !near(hist[0].Sigma, 25.0/3*0.9) ||
		!near(hist[0].Rating, skillShown(28, 25.0/3*0.9)) || hist[1].Game != "g2" || !near(hist[1].Mu, 29) {
		t.Errorf("alice's OpenSkill history is %+v, want g1 at μ 28 and g2 at μ 29", hist)
	}
	if h := mustHistory(t, s, "alice", "pogo", 0); len(h) != 1 || h[0].Mu != 0 || h[0].Sigma != 0 {
		t.Errorf("alice's Glicko-2 history is %+v, want one point without a skill", h)
	}
}

// testRateOpenSkillOnce: a game is rated once, whichever system; the
// refused second rating changes nothing.
func testRateOpenSkillOnce(t *testing.T, s store.Ratings) {
	users := []string{"alice", "bob", "carol", "dave"}
	rateUsers(t, s, users...)
	const v = "empire players=4 teams=true"
	mustRateSkill(t, s, "g1", v, rateScores(users, 1, 0, 1, 0), skillAdd(2, -2, 2, -2))
	before := rateState(t, s, users, []string{v, "pogo"})
	_, err := s.RateGame(ctx(t), "g1", v, base, rateScores(users, 0, 1, 0, 1), skillDef, skillAdd(-5, 5, -5, 5))
	wantErr(t, "an OpenSkill game rated again", err, store.ErrConflict)
	_, err = s.RateGame(ctx(t), "g1", "pogo", base, rateScores(users[:2], 0, 1), rateDef, rateAdd(10))
	wantErr(t, "an OpenSkill game rated again as Glicko-2", err, store.ErrConflict)
	if after := rateState(t, s, users, []string{v, "pogo"}); after != before {
		t.Errorf("a refused second rating changed the ratings:\n%s\nwant\n%s", after, before)
	}
}

// testRateOpenSkillLeaderboard: a three-player variant's leaderboard is
// sorted by the number shown (not by μ), one list per variant.
func testRateOpenSkillLeaderboard(t *testing.T, s store.Ratings) {
	users := []string{"alice", "bob", "carol"}
	rateUsers(t, s, users...)
	const v = "saute players=3"
	// bob gets the highest μ but, with a σ kept large, the lowest number
	// shown; the update sets both.
	set := func(cur []store.Rating) ([]store.Rating, error) {
		next := make([]store.Rating, len(cur))
		skills := map[string][2]float64{"alice": {27, 5}, "bob": {30, 8}, "carol": {25, 4}}
		for i, r := range cur {
			sk := skills[r.User]
			next[i] = store.Rating{Mu: sk[0], Sigma: sk[1], Rating: skillShown(sk[0], sk[1]), Deviation: 29.48 * sk[1]}
		}
		return next, nil
	}
	mustRateSkill(t, s, "g1", v, rateScores(users, 0, 1, 0), set)
	mustRate(t, s, "duel", "pogo", base, rateScores([]string{"bob", "carol"}, 1, 0), rateAdd(10))
	lb, err := s.Leaderboard(ctx(t), v, 1, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, r := range lb {
		names = append(names, fmt.Sprintf("%s %.0f", r.User, r.Rating))
		if !r.OpenSkill() || r.Variant != v {
			t.Errorf("leaderboard row %+v: want an OpenSkill rating of %s", r, v)
		}
	}
	want := []string{
		fmt.Sprintf("carol %.0f", skillShown(25, 4)),
		fmt.Sprintf("alice %.0f", skillShown(27, 5)),
		fmt.Sprintf("bob %.0f", skillShown(30, 8)),
	}
	if fmt.Sprint(names) != fmt.Sprint(want) {
		t.Errorf("leaderboard of %s: %v, want %v (by the number shown)", v, names, want)
	}
	if lb, err := s.Leaderboard(ctx(t), "pogo", 1, 0, 0); err != nil || len(lb) != 2 || lb[0].OpenSkill() {
		t.Errorf("the pogo leaderboard is %+v, %v: want bob and carol's Glicko-2 ratings", lb, err)
	}
}

// testRateOpenSkillBad: what cannot be stored is refused and leaves the
// game unrated: an update answering in the other system, a skill that is
// not a number, a stored rating of the other system, defaults mixing both.
func testRateOpenSkillBad(t *testing.T, s store.Ratings) {
	users := []string{"alice", "bob", "carol"}
	rateUsers(t, s, users...)
	mustRate(t, s, "duel", "mixed", base, rateScores(users[:2], 1, 0), rateAdd(10))
	variants := []string{"saute players=3", "mixed"}
	before := rateState(t, s, users, variants)
	answer := func(r store.Rating) store.RatingUpdate {
		return func(cur []store.Rating) ([]store.Rating, error) {
			next := make([]store.Rating, len(cur))
			for i := range next {
				next[i] = r
			}
			return next, nil
		}
	}
	for _, c := range []struct {
		name    string
		variant string
		def     store.Rating
		update  store.RatingUpdate
	}{
		{"a Glicko-2 answer", variants[0], skillDef, answer(rateDef)},
		{"an OpenSkill answer to Glicko-2 defaults", variants[0], rateDef, answer(skillDef)},
		{"σ NaN", variants[0], skillDef, answer(store.Rating{Rating: 1500, Deviation: 100, Mu: 25, Sigma: math.NaN()})},
		{"μ infinite", variants[0], skillDef, answer(store.Rating{Rating: 1500, Deviation: 100, Mu: math.Inf(1), Sigma: 1})},
		{"σ negative", variants[0], skillDef, answer(store.Rating{Rating: 1500, Deviation: 100, Mu: 25, Sigma: -1})},
		{"μ without σ", variants[0], rateDef, answer(store.Rating{Rating: 1500, Deviation: 100, Volatility: 0.06, Mu: 25})},
		{"a volatility", variants[0], skillDef, answer(store.Rating{Rating: 1500, Deviation: 100, Volatility: 0.06, Mu: 25, Sigma: 1})},
		{"no deviation", variants[0], skillDef, answer(store.Rating{Rating: 1500, Mu: 25, Sigma: 1})},
		{"a shown number NaN", variants[0], skillDef, answer(store.Rating{Rating: math.NaN(), Deviation: 100, Mu: 25, Sigma: 1})},
		{"OpenSkill in a Glicko-2 variant", variants[1], skillDef, skillAdd(1, 1, 1)},
		{"bad defaults", variants[0], store.Rating{Rating: 1500, Deviation: 100, Volatility: 0.06, Mu: 25, Sigma: 1}, skillAdd(1, 1, 1)},
	} {
		_, err := s.RateGame(ctx(t), "g1", c.variant, base, rateScores(users, 1, 0, 0), c.def, c.update)
		if err == nil || errors.Is(err, store.ErrConflict) || errors.Is(err, store.ErrNotFound) {
			t.Errorf("%s: RateGame gave %v, want an error saying what is wrong", c.name, err)
		}
	}
	if after := rateState(t, s, users, variants); after != before {
		t.Errorf("refused ratings changed the ratings:\n%s\nwant\n%s", after, before)
	}
	// Nothing of the refused attempts stayed: the game can still be rated.
	mustRateSkill(t, s, "g1", variants[0], rateScores(users, 1, 0, 0), skillAdd(1, 0, -1))
}
