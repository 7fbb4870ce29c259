package club

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/plateau-games/plateau/game"
	_ "github.com/plateau-games/plateau/games/all" // the rules
	"github.com/plateau-games/plateau/rating"
	"github.com/plateau-games/plateau/record"
	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/site"
	"github.com/plateau-games/plateau/store"
	"github.com/plateau-games/plateau/store/sqlite"
)

// skillStore is a store with the accounts named, and the club's ratings
// on it.
func skillStore(t *testing.T, names ...string) (*ratings, store.Store) {
	t.Helper()
	st, err := sqlite.Open(t.Context(), filepath.Join(t.TempDir(), "plateau.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	for _, n := range names {
		if err := st.CreateUser(t.Context(), &store.User{Name: n}); err != nil {
			t.Fatal(err)
		}
	}
	return &ratings{Env: &site.Env{Store: st, Now: time.Now}, cfg: Config{Store: st}}, st
}

// playedOut is a rated game of the variant played to its end by seeded
// random legal moves, with its result as the rules give it, seated by the
// users; the final position and outcome come with it. A playout that does
// not end with a winner within maxPlies is replayed with the next seed, so
// that the game rated has winners and losers.
func playedOut(t *testing.T, gameID, options string, seed uint64, users ...string) (*store.Game, *game.Match) {
	t.Helper()
	const maxPlies, maxTries = 4000, 50
	opts, err := game.ParseOptions(options)
	if err != nil {
		t.Fatal(err)
	}
	v, err := game.NewVariant(gameID, opts)
	if err != nil {
		t.Fatal(err)
	}
	for try := uint64(0); try < maxTries; try++ {
		rng := rand.New(rand.NewPCG(seed, try))
		start, err := v.Position("")
		if err != nil {
			t.Fatal(err)
		}
		m := game.NewMatch(start)
		var buf []game.Move
		for ply := 0; ply < maxPlies && !m.Outcome().Ended(); ply++ {
			buf = m.LegalMoves(buf[:0])
			if len(buf) == 0 {
				break
			}
			if err := m.Play(buf[rng.IntN(len(buf))]); err != nil {
				t.Fatal(err)
			}
		}
		if m.Outcome().Status != game.Win {
			continue
		}
		g := &store.Game{ID: fmt.Sprintf("%s-%d-%d", gameID, seed, try), GameID: gameID, Options: v.Options.String(),
			Rated: true, Result: record.NewResult(v, m.Outcome()).String(), CreatedAt: time.Now().UTC()}
		for ply, n := range m.Notations() {
			g.Moves = append(g.Moves, store.Move{Ply: ply, Notation: n})
		}
		for _, u := range users {
			g.Seats = append(g.Seats, store.Seat{Kind: "human", Name: u, User: u})
		}
		return g, m
	}
	t.Fatalf("%s %s: no random playout ended with a winner in %d tries", gameID, options, maxTries)
	return nil, nil
}

// wantSkills checks that the game's players have, in its variant, the
// skills rating.RateSeats gives from before with the ranks, and that the
// changes say so.
func wantSkills(t *testing.T, st store.Store, g *store.Game, v *game.Variant, before []rating.Skill, ranks []int, changes []games.RatingChange) []rating.Skill {
	t.Helper()
	var teamOf []int
	if v.Teams != nil {
		teamOf = v.Teams
	}
	want, err := rating.DefaultOpenSkill().RateSeats(before, teamOf, ranks)
	if err != nil {
		t.Fatal(err)
	}
	if len(changes) != len(g.Seats) {
		t.Fatalf("%d changes for %d seats: %+v", len(changes), len(g.Seats), changes)
	}
	key := variantKey(g.GameID, g.Options)
	for i, seat := range g.Seats {
		var got store.Rating
		list, err := st.(store.Ratings).UserRatings(t.Context(), seat.User)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range list {
			if r.Variant == key {
				got = r
			}
		}
		if math.Abs(got.Mu-want[i].Mu) > 1e-9 || math.Abs(got.Sigma-want[i].Sigma) > 1e-9 ||
			math.Abs(got.Rating-rating.Display(want[i])) > 1e-9 || math.Abs(got.Deviation-rating.DisplayPerMu*want[i].Sigma) > 1e-9 {
			t.Errorf("seat %d (%s, rank %d): stored %+v, want μ %v σ %v shown %v", i, seat.User, ranks[i], got, want[i].Mu, want[i].Sigma, rating.Display(want[i]))
		}
		c := changes[i]
		if c.Seat != i || c.User != seat.User || math.Abs(c.Before-rating.Display(before[i])) > 1e-9 || math.Abs(c.After-rating.Display(want[i])) > 1e-9 {
			t.Errorf("seat %d: change %+v, want %s %v → %v", i, c, seat.User, rating.Display(before[i]), rating.Display(want[i]))
		}
	}
	return want
}

func newSkills(n int) []rating.Skill {
	s := make([]rating.Skill, n)
	for i := range s {
		s[i] = rating.NewSkill()
	}
	return s
}

// A rated four-player game of L'Empire in two teams, played to the end,
// changes the four OpenSkill ratings as RateSeats computes them from the
// ranking (the winning partners first, tied); a second game starts from
// the skills the first left.
func TestOpenSkillEmpireTeams(t *testing.T) {
	users := []string{"alice", "bob", "carol", "dave"}
	rg, st := skillStore(t, users...)
	g, m := playedOut(t, "empire", "players=4 teams=true", 1, users...)
	v := m.Variant()
	ranks, err := game.Ranking(m.State(), m.Outcome(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if ranks[0] != ranks[2] || ranks[1] != ranks[3] || ranks[0] == ranks[1] {
		t.Fatalf("ranks %v: want partners (seats 1 and 3, 2 and 4) tied, the teams apart", ranks)
	}
	changes, err := rg.RateGame(t.Context(), g, v)
	if err != nil {
		t.Fatal(err)
	}
	after := wantSkills(t, st, g, v, newSkills(4), ranks, changes)
	for i, c := range changes {
		if won := ranks[i] == 1; won != (c.After > c.Before) {
			t.Errorf("seat %d (rank %d) went %v → %v", i, ranks[i], c.Before, c.After)
		}
	}
	banner := games.RatingText(changes, "en")
	for _, c := range changes {
		if !strings.Contains(banner, fmt.Sprintf("%s %.0f → %.0f (", c.User, c.Before, c.After)) {
			t.Errorf("the result banner %q lacks %s's change", banner, c.User)
		}
	}

	g2, m2 := playedOut(t, "empire", "players=4 teams=true", 2, users...)
	ranks2, err := game.Ranking(m2.State(), m2.Outcome(), nil)
	if err != nil {
		t.Fatal(err)
	}
	changes2, err := rg.RateGame(t.Context(), g2, v)
	if err != nil {
		t.Fatal(err)
	}
	wantSkills(t, st, g2, v, after, ranks2, changes2)
	if past := rg.PastRatingChanges(t.Context(), g2); fmt.Sprint(past) != fmt.Sprint(changes2) {
		t.Errorf("PastRatingChanges gives %+v, RateGame gave %+v", past, changes2)
	}
}

// A rated three-player Saute game, played to the end, is rated from its
// ranking; a player who left ranks last in it, whatever his seat did after
// (the computer played on), and a game is rated once.
func TestOpenSkillSauteThree(t *testing.T) {
	users := []string{"alice", "bob", "carol"}
	rg, st := skillStore(t, users...)
	g, m := playedOut(t, "saute", "players=3", 3, users...)
	v := m.Variant()
	ranks, err := game.Ranking(m.State(), m.Outcome(), nil)
	if err != nil {
		t.Fatal(err)
	}
	changes, err := rg.RateGame(t.Context(), g, v)
	if err != nil {
		t.Fatal(err)
	}
	wantSkills(t, st, g, v, newSkills(3), ranks, changes)

	// Rated twice: refused, nothing changes.
	key := variantKey(g.GameID, g.Options)
	before, err := st.(store.Ratings).Leaderboard(t.Context(), key, 0, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	again, err := rg.RateGame(t.Context(), g, v)
	if err != nil || again != nil {
		t.Errorf("rating the game again gave %+v, %v; want nothing", again, err)
	}
	if now, _ := st.(store.Ratings).Leaderboard(t.Context(), key, 0, 0, 0); fmt.Sprint(now) != fmt.Sprint(before) {
		t.Errorf("rating again changed the ratings:\n%+v\nwant\n%+v", now, before)
	}

	// The leaderboard of the variant lists them by the number shown.
	for i := 1; i < len(before); i++ {
		if before[i-1].Rating < before[i].Rating {
			t.Errorf("leaderboard out of order: %+v", before)
		}
	}
	if len(before) != 3 {
		t.Errorf("leaderboard of %s: %+v, want the three players", key, before)
	}
}

// A player who left ranks last, even when his seat (played on by the
// computer) won: his rating falls the most.
func TestOpenSkillLeaverLast(t *testing.T) {
	users := []string{"alice", "bob", "carol"}
	rg, st := skillStore(t, users...)
	g, m := playedOut(t, "saute", "players=3", 4, users...)
	v := m.Variant()
	winner := m.Outcome().WinnerSeats()[0]
	g.Seats[winner].Left = 1
	ranks, err := game.Ranking(m.State(), m.Outcome(), []int{winner})
	if err != nil {
		t.Fatal(err)
	}
	if ranks[winner] != 3 {
		t.Fatalf("ranks %v: the leaver (seat %d) is not last", ranks, winner)
	}
	changes, err := rg.RateGame(t.Context(), g, v)
	if err != nil {
		t.Fatal(err)
	}
	wantSkills(t, st, g, v, newSkills(3), ranks, changes)
	for i, c := range changes {
		if i != winner && changes[winner].After-changes[winner].Before >= c.After-c.Before {
			t.Errorf("the leaver's change %+v is not below %+v", changes[winner], c)
		}
	}
	list, err := st.(store.Ratings).UserRatings(t.Context(), users[winner])
	if err != nil || len(list) != 1 || list[0].Wins != 0 || list[0].Losses != 1 {
		t.Errorf("the leaver's counts: %+v, %v; want a loss, not a win", list, err)
	}

	// Two leavers: the later one ranks above the earlier one.
	g2, m2 := playedOut(t, "saute", "players=3", 5, users...)
	g2.Seats[0].Left, g2.Seats[2].Left = 2, 1
	if _, err := rg.RateGame(t.Context(), g2, m2.Variant()); err != nil {
		t.Fatal(err)
	}
	pts := func(u string) []store.RatingPoint {
		p, err := st.(store.Ratings).RatingHistory(t.Context(), u, variantKey(g.GameID, g.Options), 0)
		if err != nil || len(p) != 2 {
			t.Fatalf("%s's history: %+v, %v", u, p, err)
		}
		return p
	}
	before := []rating.Skill{}
	for _, u := range users {
		p := pts(u)
		before = append(before, rating.Skill{Mu: p[0].Mu, Sigma: p[0].Sigma})
	}
	want, err := rating.DefaultOpenSkill().RateSeats(before, nil, []int{2, 1, 3})
	if err != nil {
		t.Fatal(err)
	}
	for i, u := range users {
		if p := pts(u)[1]; math.Abs(p.Mu-want[i].Mu) > 1e-9 || math.Abs(p.Sigma-want[i].Sigma) > 1e-9 {
			t.Errorf("%s after two leavers: μ %v σ %v, want %v %v (ranks 2, 1, 3)", u, p.Mu, p.Sigma, want[i].Mu, want[i].Sigma)
		}
	}
}

// Games that are not to be rated change nothing: unrated, ended without a
// result ("over", aborted), another reading, a seat without an account.
func TestOpenSkillNotRated(t *testing.T) {
	users := []string{"alice", "bob", "carol"}
	rg, st := skillStore(t, users...)
	g, m := playedOut(t, "saute", "players=3", 6, users...)
	v := m.Variant()
	reading, err := game.NewVariant("saute", game.Options{"players": "3", "parity": "adjacent"})
	if err != nil {
		t.Fatal(err)
	}
	if len(reading.Readings()) == 0 {
		t.Fatal("saute parity=adjacent is not another reading")
	}
	for _, c := range []struct {
		name string
		edit func(g *store.Game)
		v    *game.Variant
	}{
		{"casual", func(g *store.Game) { g.Rated = false }, v},
		{"over", func(g *store.Game) { g.Result = "over" }, v},
		{"ongoing", func(g *store.Game) { g.Result = store.Ongoing }, v},
		{"another reading", func(g *store.Game) {}, reading},
		{"a computer seat", func(g *store.Game) { g.Seats[1] = store.Seat{Kind: "computer", Name: "computer"} }, v},
	} {
		cp := *g
		cp.Seats = append([]store.Seat(nil), g.Seats...)
		c.edit(&cp)
		changes, err := rg.RateGame(t.Context(), &cp, c.v)
		if err != nil || changes != nil {
			t.Errorf("%s: RateGame gave %+v, %v; want nothing", c.name, changes, err)
		}
	}
	for _, u := range users {
		if list, err := st.(store.Ratings).UserRatings(t.Context(), u); err != nil || len(list) != 0 {
			t.Errorf("%s has ratings %+v, %v; want none", u, list, err)
		}
	}
	// The game itself is still rated afterwards: nothing marked it.
	if changes, err := rg.RateGame(t.Context(), g, v); err != nil || len(changes) != 3 {
		t.Errorf("the game rated at last: %+v, %v", changes, err)
	}
}

// The game page's seat ratings and the leaderboard of a three-player
// variant show the number: 1500? for a new player, as a new two-player
// rating reads, then the rated number.
func TestOpenSkillShown(t *testing.T) {
	users := []string{"alice", "bob", "carol"}
	rg, st := skillStore(t, users...)
	g, m := playedOut(t, "saute", "players=3", 7, users...)
	var seats []string
	if err := json.Unmarshal([]byte(rg.SeatRatingsJSON(t.Context(), g)), &seats); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(seats) != "[1500? 1500? 1500?]" {
		t.Errorf("new players' seat ratings: %v, want 1500? each", seats)
	}
	changes, err := rg.RateGame(t.Context(), g, m.Variant())
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(rg.SeatRatingsJSON(t.Context(), g)), &seats); err != nil {
		t.Fatal(err)
	}
	for i, c := range changes {
		if want := strconv.Itoa(int(math.Round(c.After))); strings.TrimSuffix(seats[i], "?") != want {
			t.Errorf("seat %d shows %q, want %s", i, seats[i], want)
		}
	}
	offered := map[string]bool{}
	for _, c := range leaderboardChoices("fr") {
		offered[c.Key] = true
	}
	for _, key := range []string{variantKey(g.GameID, g.Options), "empire players=4 teams=true", "poldr match=false players=3 size=7", "pogo"} {
		if !offered[key] {
			t.Errorf("the leaderboard does not offer %s", key)
		}
	}
	if offered["saute expert=false parity=adjacent players=3 teams=false"] {
		t.Errorf("the leaderboard offers a three-player reading, never rated")
	}
	lb, err := st.(store.Ratings).Leaderboard(t.Context(), variantKey(g.GameID, g.Options), 1, 0, 0)
	if err != nil || len(lb) != 3 {
		t.Fatalf("leaderboard: %+v, %v", lb, err)
	}
	for i := 1; i < len(lb); i++ {
		if lb[i-1].Rating < lb[i].Rating || !lb[i].OpenSkill() {
			t.Errorf("leaderboard out of order: %+v", lb)
		}
	}
}
