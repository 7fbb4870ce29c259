package storetest

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/plateau-games/plateau/store"
)

// RunRatings runs the conformance suite of store.Ratings, each test as a
// subtest of t, on an empty store from newStore (closed by the caller's
// t.Cleanup, as in Run). The store must implement store.Accounts too: the
// suite creates the players' accounts with it.
func RunRatings(t *testing.T, newStore func(t *testing.T) store.Ratings) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s store.Ratings)
	}{
		{"FirstGames", testRateFirstGames},
		{"Counts", testRateCounts},
		{"RatedOnce", testRateOnce},
		{"RatedOnceRace", testRateOnceRace},
		{"UnknownUser", testRateUnknownUser},
		{"BadGames", testRateBadGames},
		{"Teams", testRateTeams},
		{"Leaderboard", testRateLeaderboard},
		{"History", testRateHistory},
		{"UserRatings", testRateUserRatings},
		{"Concurrent", testRateConcurrent},
		{"Times", testRateTimes},
		{"OpenSkill", testRateOpenSkill},
		{"OpenSkillOnce", testRateOpenSkillOnce},
		{"OpenSkillLeaderboard", testRateOpenSkillLeaderboard},
		{"OpenSkillBad", testRateOpenSkillBad},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.fn(t, newStore(t)) })
	}
}

// rateDef are the defaults of a player without a rating (Glicko-2's).
var rateDef = store.Rating{Rating: 1500, Deviation: 350, Volatility: 0.06}

// rateUsers creates an account for each name.
func rateUsers(t *testing.T, s store.Ratings, names ...string) store.Accounts {
	t.Helper()
	a, ok := s.(store.Accounts)
	if !ok {
		t.Fatalf("%T implements store.Ratings but not store.Accounts", s)
	}
	for _, n := range names {
		if err := a.CreateUser(ctx(t), &store.User{Name: n}); err != nil {
			t.Fatal(err)
		}
	}
	return a
}

// rateScores pairs users with scores.
func rateScores(users []string, scores ...float64) []store.GameScore {
	gs := make([]store.GameScore, len(users))
	for i, u := range users {
		gs[i] = store.GameScore{User: u, Score: scores[i]}
	}
	return gs
}

// rateAdd is an update that adds d to every rating and takes 10 from every
// deviation; it fills the fields the store must ignore with nonsense.
func rateAdd(d float64) store.RatingUpdate {
	return func(cur []store.Rating) ([]store.Rating, error) {
		next := make([]store.Rating, len(cur))
		for i, r := range cur {
			next[i] = store.Rating{User: "ignored", Variant: "ignored", Rating: r.Rating + d, Deviation: r.Deviation - 10,
				Volatility: r.Volatility, Games: 1000, Wins: 1000, UpdatedAt: base}
		}
		return next, nil
	}
}

// rateSet is an update that gives each player the rating of its name (case
// folded) in m, its own if absent.
func rateSet(m map[string]float64) store.RatingUpdate {
	return func(cur []store.Rating) ([]store.Rating, error) {
		next := make([]store.Rating, len(cur))
		for i, r := range cur {
			next[i] = r
			if v, ok := m[store.UserKey(r.User)]; ok {
				next[i].Rating = v
			}
		}
		return next, nil
	}
}

func mustRate(t *testing.T, s store.Ratings, game, variant string, at time.Time, scores []store.GameScore, update store.RatingUpdate) []store.Rating {
	t.Helper()
	rs, err := s.RateGame(ctx(t), game, variant, at, scores, rateDef, update)
	if err != nil {
		t.Fatalf("RateGame(%s): %v", game, err)
	}
	return rs
}

func mustUserRatings(t *testing.T, s store.Ratings, user string) []store.Rating {
	t.Helper()
	rs, err := s.UserRatings(ctx(t), user)
	if err != nil {
		t.Fatalf("UserRatings(%s): %v", user, err)
	}
	return rs
}

func mustHistory(t *testing.T, s store.Ratings, user, variant string, limit int) []store.RatingPoint {
	t.Helper()
	ps, err := s.RatingHistory(ctx(t), user, variant, limit)
	if err != nil {
		t.Fatalf("RatingHistory(%s, %s, %d): %v", user, variant, limit, err)
	}
	return ps
}

// rateState is everything stored of the users' ratings in the variants.
func rateState(t *testing.T, s store.Ratings, users, variants []string) string {
	t.Helper()
	var b strings.Builder
	for _, u := range users {
		fmt.Fprintf(&b, "%s: %+v\n", u, mustUserRatings(t, s, u))
		for _, v := range variants {
			fmt.Fprintf(&b, "%s %s: %+v\n", u, v, mustHistory(t, s, u, v, 0))
		}
		for _, v := range variants {
			lb, err := s.Leaderboard(ctx(t), v, 0, 0, 0)
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&b, "leaderboard %s: %+v\n", v, lb)
		}
	}
	return b.String()
}

func testRateFirstGames(t *testing.T, s store.Ratings) {
	rateUsers(t, s, "Alice", "bob")
	var got []store.Rating
	update := func(cur []store.Rating) ([]store.Rating, error) {
		got = append([]store.Rating(nil), cur...)
		return []store.Rating{
			{User: "nonsense", Rating: 1662.5, Deviation: 290.25, Volatility: 0.0599, Games: 42, Wins: 7, UpdatedAt: base},
			{Rating: 1337.5, Deviation: 290.25, Volatility: 0.0601},
		}, nil
	}
	rs, err := s.RateGame(ctx(t), "g1", "pogo", base, rateScores([]string{"alice", "BOB"}, 1, 0), rateDef, update)
	if err != nil {
		t.Fatal(err)
	}
	wantCur := []store.Rating{
		{User: "Alice", Variant: "pogo", Rating: 1500, Deviation: 350, Volatility: 0.06},
		{User: "bob", Variant: "pogo", Rating: 1500, Deviation: 350, Volatility: 0.06},
	}
	if !reflect.DeepEqual(got, wantCur) {
		t.Errorf("update got %+v, want the defaults %+v", got, wantCur)
	}
	want := []store.Rating{
		{User: "Alice", Variant: "pogo", Rating: 1662.5, Deviation: 290.25, Volatility: 0.0599, Games: 1, Wins: 1, UpdatedAt: stored(base)},
		{User: "bob", Variant: "pogo", Rating: 1337.5, Deviation: 290.25, Volatility: 0.0601, Games: 1, Losses: 1, UpdatedAt: stored(base)},
	}
	if !reflect.DeepEqual(rs, want) {
		t.Errorf("RateGame returned %+v, want %+v", rs, want)
	}
	for i, u := range []string{"ALICE", "Bob"} {
		if got := mustUserRatings(t, s, u); !reflect.DeepEqual(got, want[i:i+1]) {
			t.Errorf("UserRatings(%s) = %+v, want %+v", u, got, want[i:i+1])
		}
	}
	if got, want := mustHistory(t, s, "alice", "pogo", 0), []store.RatingPoint{{Game: "g1", At: stored(base), Rating: 1662.5, Deviation: 290.25}}; !reflect.DeepEqual(got, want) {
		t.Errorf("RatingHistory = %+v, want %+v", got, want)
	}

	// The second game starts from what the first stored.
	at := base.Add(time.Hour)
	got = nil
	rs = mustRate(t, s, "g2", "pogo", at, rateScores([]string{"bob", "alice"}, 0.5, 0.5), func(cur []store.Rating) ([]store.Rating, error) {
		got = append([]store.Rating(nil), cur...)
		return rateAdd(1)(cur)
	})
	wantCur = []store.Rating{want[1], want[0]}
	if !reflect.DeepEqual(got, wantCur) {
		t.Errorf("second game: update got %+v, want %+v", got, wantCur)
	}
	want = []store.Rating{
		{User: "bob", Variant: "pogo", Rating: 1338.5, Deviation: 280.25, Volatility: 0.0601, Games: 2, Draws: 1, Losses: 1, UpdatedAt: stored(at)},
		{User: "Alice", Variant: "pogo", Rating: 1663.5, Deviation: 280.25, Volatility: 0.0599, Games: 2, Wins: 1, Draws: 1, UpdatedAt: stored(at)},
	}
	if !reflect.DeepEqual(rs, want) {
		t.Errorf("second game: RateGame returned %+v, want %+v", rs, want)
	}
	if got := mustUserRatings(t, s, "bob"); !reflect.DeepEqual(got, want[:1]) {
		t.Errorf("second game: UserRatings(bob) = %+v, want %+v", got, want[:1])
	}
}

func testRateCounts(t *testing.T, s store.Ratings) {
	rateUsers(t, s, "alice", "bob")
	players := []string{"alice", "bob"}
	for i, sc := range [][]float64{{1, 0}, {0.5, 0.5}, {0, 1}, {0.5, 0.5}, {1, 0}, {1, 0}} {
		mustRate(t, s, fmt.Sprint("g", i), "pogo", base.Add(time.Duration(i)*time.Minute), rateScores(players, sc...), rateAdd(0))
	}
	for _, c := range []struct {
		user                       string
		games, wins, draws, losses int
	}{{"alice", 6, 3, 2, 1}, {"bob", 6, 1, 2, 3}} {
		rs := mustUserRatings(t, s, c.user)
		if len(rs) != 1 || rs[0].Games != c.games || rs[0].Wins != c.wins || rs[0].Draws != c.draws || rs[0].Losses != c.losses {
			t.Errorf("%s: %+v, want %d games, %d wins, %d draws, %d losses", c.user, rs, c.games, c.wins, c.draws, c.losses)
		}
	}
}

func testRateOnce(t *testing.T, s store.Ratings) {
	rateUsers(t, s, "alice", "bob", "carol", "dave")
	players := []string{"alice", "bob"}
	mustRate(t, s, "g1", "pogo", base, rateScores(players, 1, 0), rateAdd(10))
	users, variants := []string{"alice", "bob", "carol", "dave"}, []string{"pogo", "blocus"}
	before := rateState(t, s, users, variants)
	for _, c := range []struct {
		variant string
		players []string
	}{
		{"pogo", players},                     // the same game again
		{"pogo", []string{"bob", "alice"}},    // in another order
		{"blocus", players},                   // in another variant
		{"pogo", []string{"carol", "dave"}},   // with other players
		{"pogo", []string{"alice", "nobody"}}, // even with a missing user
	} {
		_, err := s.RateGame(ctx(t), "g1", c.variant, base.Add(time.Hour), rateScores(c.players, 0, 1), rateDef, rateAdd(100))
		wantErr(t, fmt.Sprintf("g1 rated again (%s, %v)", c.variant, c.players), err, store.ErrConflict)
	}
	if after := rateState(t, s, users, variants); after != before {
		t.Errorf("a refused second rating changed the ratings:\n%s\nwant\n%s", after, before)
	}
}

// testRateOnceRace: of writers rating one game at once (several servers
// finishing it), exactly one rates it.
func testRateOnceRace(t *testing.T, s store.Ratings) {
	rateUsers(t, s, "alice", "bob")
	const writers = 8
	var wins atomic.Int32
	var wg sync.WaitGroup
	for i := 0; i < writers; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := s.RateGame(ctx(t), "g1", "pogo", base, rateScores([]string{"alice", "bob"}, 1, 0), rateDef, rateAdd(1))
			switch {
			case err == nil:
				wins.Add(1)
			case !errors.Is(err, store.ErrConflict):
				t.Errorf("writer %d: %v", i, err)
			}
		}()
	}
	wg.Wait()
	if wins.Load() != 1 {
		t.Errorf("%d writers rated the game, want 1", wins.Load())
	}
	rs := mustUserRatings(t, s, "alice")
	if len(rs) != 1 || rs[0].Games != 1 || rs[0].Rating != 1501 {
		t.Errorf("after the race: %+v, want 1 game, rating 1501", rs)
	}
	if ps := mustHistory(t, s, "bob", "pogo", 0); len(ps) != 1 {
		t.Errorf("after the race: history %+v, want 1 point", ps)
	}
}

func testRateUnknownUser(t *testing.T, s store.Ratings) {
	rateUsers(t, s, "alice", "bob")
	called := false
	update := func(cur []store.Rating) ([]store.Rating, error) {
		called = true
		return rateAdd(1)(cur)
	}
	for _, players := range [][]string{{"alice", "Ghost"}, {"Ghost", "alice"}, {"alice", "bob", "Ghost"}} {
		_, err := s.RateGame(ctx(t), "g1", "pogo", base, rateScores(players, 1, 0, 0), rateDef, update)
		wantErr(t, fmt.Sprintf("RateGame(%v)", players), err, store.ErrNotFound)
		if err != nil && !strings.Contains(err.Error(), "Ghost") {
			t.Errorf("the error does not name the missing user: %v", err)
		}
	}
	if called {
		t.Error("the update was called for a game with a missing user")
	}
	for _, u := range []string{"alice", "bob"} {
		if rs := mustUserRatings(t, s, u); len(rs) != 0 {
			t.Errorf("%s after refused games: %+v", u, rs)
		}
		if ps := mustHistory(t, s, u, "pogo", 0); len(ps) != 0 {
			t.Errorf("%s's history after refused games: %+v", u, ps)
		}
	}
	// The game was not marked rated.
	mustRate(t, s, "g1", "pogo", base, rateScores([]string{"alice", "bob"}, 1, 0), rateAdd(1))
}

func testRateBadGames(t *testing.T, s store.Ratings) {
	rateUsers(t, s, "alice", "bob")
	players := []string{"alice", "bob"}
	good := rateScores(players, 1, 0)
	errUpdate := errors.New("the update fails")
	answer := func(rs ...store.Rating) store.RatingUpdate {
		return func([]store.Rating) ([]store.Rating, error) { return rs, nil }
	}
	fine := store.Rating{Rating: 1500, Deviation: 300, Volatility: 0.06}
	with := func(f func(r *store.Rating)) store.Rating {
		r := fine
		f(&r)
		return r
	}
	for _, c := range []struct {
		what          string
		game, variant string
		scores        []store.GameScore
		def           store.Rating
		update        store.RatingUpdate
		want          error // nil: any error
	}{
		{what: "a user twice", scores: rateScores([]string{"alice", "ALICE"}, 1, 0)},
		{what: "one player", scores: rateScores([]string{"alice"}, 1)},
		{what: "no player"},
		{what: "a score of 0.3", scores: rateScores(players, 0.3, 0.7)},
		{what: "a score of 2", scores: rateScores(players, 2, 0)},
		{what: "a score of -1", scores: rateScores(players, 1, -1)},
		{what: "a score of NaN", scores: rateScores(players, math.NaN(), 0)},
		{what: "a player without a name", scores: rateScores([]string{"alice", ""}, 1, 0)},
		{what: "no game id", game: "-"},
		{what: "no variant", variant: "-"},
		{what: "no update", update: nil},
		{what: "defaults with no deviation", def: store.Rating{Rating: 1500, Volatility: 0.06}},
		{what: "NaN defaults", def: store.Rating{Rating: math.NaN(), Deviation: 350, Volatility: 0.06}},
		{what: "an error from the update", update: func([]store.Rating) ([]store.Rating, error) { return nil, errUpdate }, want: errUpdate},
		{what: "a NaN rating from the update", update: answer(fine, with(func(r *store.Rating) { r.Rating = math.NaN() }))},
		{what: "an infinite rating from the update", update: answer(with(func(r *store.Rating) { r.Rating = math.Inf(1) }), fine)},
		{what: "an infinite deviation from the update", update: answer(fine, with(func(r *store.Rating) { r.Deviation = math.Inf(1) }))},
		{what: "a NaN volatility from the update", update: answer(fine, with(func(r *store.Rating) { r.Volatility = math.NaN() }))},
		{what: "a zero deviation from the update", update: answer(fine, with(func(r *store.Rating) { r.Deviation = 0 }))},
		{what: "a negative volatility from the update", update: answer(with(func(r *store.Rating) { r.Volatility = -0.01 }), fine)},
		{what: "one rating for two players", update: answer(fine)},
		{what: "three ratings for two players", update: answer(fine, fine, fine)},
		{what: "no ratings", update: answer()},
	} {
		game, variant, scores, def, update := "g1", "pogo", c.scores, c.def, c.update
		if c.game == "-" {
			game = ""
		}
		if c.variant == "-" {
			variant = ""
		}
		if scores == nil && c.what != "no player" {
			scores = good
		}
		if def == (store.Rating{}) {
			def = rateDef
		}
		if update == nil && c.what != "no update" {
			update = rateAdd(1)
		}
		rs, err := s.RateGame(ctx(t), game, variant, base, scores, def, update)
		if err == nil {
			t.Errorf("%s: accepted, returned %+v", c.what, rs)
			continue
		}
		if c.want != nil && !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.what, err, c.want)
		}
		for _, u := range players {
			if rs := mustUserRatings(t, s, u); len(rs) != 0 {
				t.Fatalf("%s: stored %+v", c.what, rs)
			}
			if ps := mustHistory(t, s, u, "pogo", 0); len(ps) != 0 {
				t.Fatalf("%s: stored the points %+v", c.what, ps)
			}
		}
	}
	// None of them marked the game rated.
	mustRate(t, s, "g1", "pogo", base, good, rateAdd(1))
}

func testRateTeams(t *testing.T, s store.Ratings) {
	players := []string{"ann", "Ben", "cat", "Dan"}
	rateUsers(t, s, players...)
	mustRate(t, s, "t0", "saute players=4 teams=true", base, rateScores([]string{"ann", "cat"}, 1, 0), rateSet(map[string]float64{"ann": 1550, "cat": 1450}))
	var got []store.Rating
	rs := mustRate(t, s, "t1", "saute players=4 teams=true", base.Add(time.Minute), rateScores(players, 1, 0, 1, 0),
		func(cur []store.Rating) ([]store.Rating, error) {
			got = append([]store.Rating(nil), cur...)
			next := make([]store.Rating, len(cur))
			for i, r := range cur {
				next[i] = r
				next[i].Rating += []float64{20, -20, 20, -20}[i]
			}
			return next, nil
		})
	var names []string
	for _, r := range got {
		names = append(names, r.User)
	}
	if !reflect.DeepEqual(names, players) || got[0].Rating != 1550 || got[0].Games != 1 || got[1].Rating != 1500 || got[1].Games != 0 || got[2].Rating != 1450 {
		t.Errorf("update got %+v, want the players in order with their ratings", got)
	}
	want := []struct {
		user          string
		rating        float64
		games, wins   int
		draws, losses int
	}{{"ann", 1570, 2, 2, 0, 0}, {"Ben", 1480, 1, 0, 0, 1}, {"cat", 1470, 2, 1, 0, 1}, {"Dan", 1480, 1, 0, 0, 1}}
	if len(rs) != len(want) {
		t.Fatalf("RateGame returned %d ratings, want %d", len(rs), len(want))
	}
	for i, w := range want {
		r := rs[i]
		if r.User != w.user || r.Rating != w.rating || r.Games != w.games || r.Wins != w.wins || r.Draws != w.draws || r.Losses != w.losses {
			t.Errorf("player %d: %+v, want %+v", i, r, w)
		}
		if got := mustUserRatings(t, s, w.user); len(got) != 1 || !reflect.DeepEqual(got[0], r) {
			t.Errorf("UserRatings(%s) = %+v, want %+v", w.user, got, r)
		}
	}
}

func testRateLeaderboard(t *testing.T, s store.Ratings) {
	a := rateUsers(t, s, "Zed", "amy", "Bob", "carl", "dora", "eve")
	final := rateSet(map[string]float64{"amy": 1700, "bob": 1600, "carl": 1600, "zed": 1650, "dora": 1800, "eve": 1900})
	for i, p := range [][]string{{"amy", "Bob"}, {"carl", "Zed"}, {"amy", "carl"}, {"Bob", "Zed"}, {"dora", "eve"}, {"dora", "amy"}} {
		mustRate(t, s, fmt.Sprint("g", i), "pogo", base.Add(time.Duration(i)*time.Minute), rateScores(p, 1, 0), final)
	}
	mustRate(t, s, "e0", "empire", base, rateScores([]string{"Bob", "amy"}, 0, 1), rateSet(map[string]float64{"amy": 2000, "bob": 1000}))
	dora, err := a.LoadUser(ctx(t), "dora")
	if err != nil {
		t.Fatal(err)
	}
	dora.Disabled = true
	if err := a.UpdateUser(ctx(t), dora); err != nil {
		t.Fatal(err)
	}
	board := func(variant string, minGames, limit, offset int) []string {
		t.Helper()
		rs, err := s.Leaderboard(ctx(t), variant, minGames, limit, offset)
		if err != nil {
			t.Fatalf("Leaderboard(%s, %d, %d, %d): %v", variant, minGames, limit, offset, err)
		}
		var names []string
		for _, r := range rs {
			if r.Variant != variant {
				t.Errorf("Leaderboard(%s) lists %+v", variant, r)
			}
			names = append(names, fmt.Sprintf("%s %g", r.User, r.Rating))
		}
		return names
	}
	for _, c := range []struct {
		minGames, limit, offset int
		want                    []string
	}{
		// Highest first, ties by name regardless of case; dora disabled.
		{0, 0, 0, []string{"eve 1900", "amy 1700", "Zed 1650", "Bob 1600", "carl 1600"}},
		{2, 0, 0, []string{"amy 1700", "Zed 1650", "Bob 1600", "carl 1600"}},
		{3, 0, 0, []string{"amy 1700"}},
		{4, 0, 0, nil},
		{2, 2, 0, []string{"amy 1700", "Zed 1650"}},
		{2, 2, 2, []string{"Bob 1600", "carl 1600"}},
		{2, 2, 4, nil},
		{0, 3, 1, []string{"amy 1700", "Zed 1650", "Bob 1600"}},
	} {
		if got := board("pogo", c.minGames, c.limit, c.offset); !reflect.DeepEqual(got, c.want) {
			t.Errorf("Leaderboard(pogo, %d, %d, %d) = %v, want %v", c.minGames, c.limit, c.offset, got, c.want)
		}
	}
	if got, want := board("empire", 0, 0, 0), []string{"amy 2000", "Bob 1000"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Leaderboard(empire) = %v, want %v", got, want)
	}
	if got := board("blocus", 0, 0, 0); got != nil {
		t.Errorf("Leaderboard of an unrated variant: %v", got)
	}
	// An entry is the whole rating, as UserRatings gives it.
	rs, err := s.Leaderboard(ctx(t), "empire", 0, 1, 0)
	if err != nil || len(rs) != 1 {
		t.Fatalf("Leaderboard(empire, limit 1) = %+v, %v", rs, err)
	}
	if amy := mustUserRatings(t, s, "amy"); len(amy) != 2 || !reflect.DeepEqual(amy[0], rs[0]) {
		t.Errorf("leaderboard entry %+v, UserRatings %+v", rs[0], amy)
	}
	// Enabled again, dora is back.
	dora.Disabled = false
	if err := a.UpdateUser(ctx(t), dora); err != nil {
		t.Fatal(err)
	}
	if got := board("pogo", 2, 1, 0); !reflect.DeepEqual(got, []string{"dora 1800"}) {
		t.Errorf("with dora enabled again: %v", got)
	}
	for _, bad := range [][3]int{{-1, 0, 0}, {0, -1, 0}, {0, 0, -1}} {
		if _, err := s.Leaderboard(ctx(t), "pogo", bad[0], bad[1], bad[2]); err == nil {
			t.Errorf("Leaderboard(pogo, %d, %d, %d) accepted", bad[0], bad[1], bad[2])
		}
	}
}

func testRateHistory(t *testing.T, s store.Ratings) {
	rateUsers(t, s, "alice", "bob", "carol")
	players := []string{"alice", "bob"}
	var want []store.RatingPoint
	for i := 1; i <= 5; i++ {
		at := base.Add(time.Duration(i) * time.Minute)
		game := fmt.Sprint("g", i)
		mustRate(t, s, game, "pogo", at, rateScores(players, 1, 0), rateAdd(10))
		want = append(want, store.RatingPoint{Game: game, At: stored(at), Rating: 1500 + 10*float64(i), Deviation: 350 - 10*float64(i)})
	}
	mustRate(t, s, "e1", "empire", base, rateScores(players, 1, 0), rateAdd(-10))
	if got := mustHistory(t, s, "ALICE", "pogo", 0); !reflect.DeepEqual(got, want) {
		t.Errorf("RatingHistory = %+v, want %+v", got, want)
	}
	if got := mustHistory(t, s, "alice", "pogo", 2); !reflect.DeepEqual(got, want[3:]) {
		t.Errorf("RatingHistory, limit 2 = %+v, want the last two %+v", got, want[3:])
	}
	if got := mustHistory(t, s, "alice", "pogo", store.MaxHistory+1); !reflect.DeepEqual(got, want) {
		t.Errorf("RatingHistory, limit MaxHistory+1 = %+v, want %+v", got, want)
	}
	if got := mustHistory(t, s, "alice", "empire", 0); len(got) != 1 || got[0].Game != "e1" || got[0].Rating != 1490 {
		t.Errorf("RatingHistory(empire) = %+v", got)
	}
	// A game rated late, but played earlier, takes its place by time.
	mustRate(t, s, "g0", "pogo", base, rateScores(players, 0, 1), rateAdd(0))
	got := mustHistory(t, s, "alice", "pogo", 0)
	if len(got) != 6 || got[0].Game != "g0" || !reflect.DeepEqual(got[1:], want) {
		t.Errorf("RatingHistory after a late game = %+v", got)
	}
	if got := mustHistory(t, s, "carol", "pogo", 0); len(got) != 0 {
		t.Errorf("RatingHistory of a user without games = %+v", got)
	}
	if _, err := s.RatingHistory(ctx(t), "nobody", "pogo", 0); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("RatingHistory of a missing user: %v, want ErrNotFound", err)
	}
	if _, err := s.RatingHistory(ctx(t), "alice", "pogo", -1); err == nil {
		t.Error("RatingHistory accepted a negative limit")
	}
}

func testRateUserRatings(t *testing.T, s store.Ratings) {
	rateUsers(t, s, "Alice", "bob", "carol", "dave", "erin")
	mustRate(t, s, "g1", "pogo", base, rateScores([]string{"alice", "bob"}, 1, 0), rateAdd(1))
	mustRate(t, s, "g2", "empire players=4 teams=true", base, rateScores([]string{"alice", "bob", "carol", "dave"}, 1, 0, 1, 0), rateAdd(2))
	mustRate(t, s, "g3", "blocus", base, rateScores([]string{"bob", "alice"}, 1, 0), rateAdd(3))
	mustRate(t, s, "g4", "Z-variant", base, rateScores([]string{"bob", "alice"}, 0.5, 0.5), rateAdd(4))
	rs := mustUserRatings(t, s, "ALICE")
	var got []string
	for _, r := range rs {
		if r.User != "Alice" || r.Games != 1 {
			t.Errorf("UserRatings(alice) lists %+v", r)
		}
		got = append(got, fmt.Sprintf("%s %g", r.Variant, r.Rating))
	}
	// By variant, bytewise.
	want := []string{"Z-variant 1504", "blocus 1503", "empire players=4 teams=true 1502", "pogo 1501"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("UserRatings(alice) = %v, want %v", got, want)
	}
	if rs := mustUserRatings(t, s, "erin"); len(rs) != 0 {
		t.Errorf("UserRatings of a user without games = %+v", rs)
	}
	if _, err := s.UserRatings(ctx(t), "nobody"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("UserRatings of a missing user: %v, want ErrNotFound", err)
	}
}

// testRateConcurrent: games of the same players rated at once are rated
// one after the other: each update starts from the previous one's result,
// none is lost.
func testRateConcurrent(t *testing.T, s store.Ratings) {
	rateUsers(t, s, "alice", "Bob")
	const games = 8
	var wg sync.WaitGroup
	for i := 0; i < games; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Half list the players the other way round: the locks must
			// not depend on the order.
			scores := rateScores([]string{"alice", "Bob"}, 1, 0)
			if i%2 == 1 {
				scores = rateScores([]string{"bob", "ALICE"}, 0, 1)
			}
			_, err := s.RateGame(ctx(t), fmt.Sprint("c", i), "pogo", base.Add(time.Duration(i)*time.Second), scores, rateDef, rateAdd(1))
			if err != nil {
				t.Errorf("game %d: %v", i, err)
			}
		}()
	}
	wg.Wait()
	for _, c := range []struct {
		user         string
		wins, losses int
	}{{"alice", games, 0}, {"bob", 0, games}} {
		rs := mustUserRatings(t, s, c.user)
		if len(rs) != 1 || rs[0].Games != games || rs[0].Wins != c.wins || rs[0].Losses != c.losses ||
			rs[0].Rating != rateDef.Rating+games || rs[0].Deviation != rateDef.Deviation-10*games {
			t.Errorf("%s after %d games at once: %+v, want %d games, rating %g", c.user, games, rs, games, rateDef.Rating+games)
		}
		ps := mustHistory(t, s, c.user, "pogo", 0)
		if len(ps) != games {
			t.Fatalf("%s's history: %d points, want %d", c.user, len(ps), games)
		}
		seen := map[float64]bool{}
		for i, p := range ps {
			if p.Game != fmt.Sprint("c", i) {
				t.Errorf("%s's point %d is of game %s, want c%d", c.user, i, p.Game, i)
			}
			seen[p.Rating] = true
		}
		if len(seen) != games {
			t.Errorf("%s's history has %d distinct ratings, want %d (an update lost): %+v", c.user, len(seen), games, ps)
		}
	}
}

func testRateTimes(t *testing.T, s store.Ratings) {
	rateUsers(t, s, "alice", "bob")
	at := time.Date(2026, 7, 8, 9, 10, 11, 987654321, time.FixedZone("UTC-7", -7*3600))
	rs := mustRate(t, s, "g1", "pogo", at, rateScores([]string{"alice", "bob"}, 1, 0), rateAdd(1))
	for _, r := range rs {
		checkTime(t, "RateGame's UpdatedAt", r.UpdatedAt, at)
	}
	for _, r := range mustUserRatings(t, s, "alice") {
		checkTime(t, "UserRatings' UpdatedAt", r.UpdatedAt, at)
	}
	lb, err := s.Leaderboard(ctx(t), "pogo", 0, 0, 0)
	if err != nil || len(lb) != 2 {
		t.Fatalf("Leaderboard: %+v, %v", lb, err)
	}
	for _, r := range lb {
		checkTime(t, "Leaderboard's UpdatedAt", r.UpdatedAt, at)
	}
	for _, p := range mustHistory(t, s, "bob", "pogo", 0) {
		checkTime(t, "RatingHistory's At", p.At, at)
	}
	// The next game sees the time stored.
	mustRate(t, s, "g2", "pogo", at.Add(time.Millisecond), rateScores([]string{"alice", "bob"}, 0, 1), func(cur []store.Rating) ([]store.Rating, error) {
		for _, r := range cur {
			checkTime(t, "the update's UpdatedAt", r.UpdatedAt, at)
		}
		return rateAdd(1)(cur)
	})
}
