package server

import (
	"fmt"
	"html"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/rating"
	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/store"
)

// winningPlayout plays the variant with seeded random legal moves until a
// playout ends with a winner, and returns its moves.
func winningPlayout(t *testing.T, v *game.Variant, seed uint64) *game.Match {
	t.Helper()
	for try := uint64(0); try < 50; try++ {
		rng := rand.New(rand.NewPCG(seed, try))
		m := game.NewMatch(v.Start())
		var buf []game.Move
		for ply := 0; ply < 4000 && !m.Outcome().Ended(); ply++ {
			if buf = m.LegalMoves(buf[:0]); len(buf) == 0 {
				break
			}
			if err := m.Play(buf[rng.IntN(len(buf))]); err != nil {
				t.Fatal(err)
			}
		}
		if m.Outcome().Status == game.Win {
			return m
		}
	}
	t.Fatalf("%s: no random playout ended with a winner", v.Options)
	return nil
}

// A rated three-player Saute game whose last move is played live is rated
// with OpenSkill: the result banner gives the three changes, the stored
// skills are RateSeats' from the game's ranking, and the player pages (in
// French and in English) and the variant's leaderboard show the numbers.
func TestOpenSkillRatedLive(t *testing.T) {
	_, ts, acc := accountServer(t, Config{LoginPerMinute: -1})
	st := acc.(store.Store)
	users := []string{"alice", "bob", "carol"}
	for _, u := range users {
		signedUp(t, ts, u)
	}
	viewer := signedUp(t, ts, "dave")
	v, err := game.NewVariant("saute", game.Options{"players": "3"})
	if err != nil {
		t.Fatal(err)
	}
	m := winningPlayout(t, v, 11)
	notes := m.Notations()
	last := len(notes) - 1
	before := game.NewMatch(v.Start())
	for _, n := range notes[:last] {
		if _, err := before.PlayNotation(n); err != nil {
			t.Fatal(err)
		}
	}
	mover := before.ToMove()

	now := time.Now().UTC()
	g := &store.Game{ID: games.NewID(), GameID: "saute", Options: v.Options.String(), Result: store.Ongoing, Rated: true,
		CreatedAt: now, UpdatedAt: now}
	toks := make([]string, len(users))
	for i, u := range users {
		toks[i] = games.NewToken()
		g.Seats = append(g.Seats, store.Seat{Kind: "human", Name: u, User: u, TokenHash: games.HashToken(toks[i])})
	}
	for ply, n := range notes[:last] {
		g.Moves = append(g.Moves, store.Move{Ply: ply, Notation: n, At: now})
	}
	if err := st.CreateGame(t.Context(), g); err != nil {
		t.Fatal(err)
	}
	c := dial(t, ts, g.ID)
	c.hello(last, toks[mover])
	c.move(last, notes[last])
	banner := c.expect("state", func(m msg) bool { return m.str("ratings") != "" }).str("ratings")

	ranks, err := game.Ranking(m.State(), m.Outcome(), nil)
	if err != nil {
		t.Fatal(err)
	}
	skills := []rating.Skill{rating.NewSkill(), rating.NewSkill(), rating.NewSkill()}
	want, err := rating.DefaultOpenSkill().RateSeats(skills, nil, ranks)
	if err != nil {
		t.Fatal(err)
	}
	key := "saute " + v.Options.String()
	t.Logf("%d plies, ranks %v: %s", len(notes), ranks, banner)
	lb, err := st.(store.Ratings).Leaderboard(t.Context(), key, 1, 0, 0)
	if err != nil || len(lb) != 3 {
		t.Fatalf("leaderboard of %s: %+v, %v", key, lb, err)
	}
	shown := map[string]string{}
	for _, r := range lb {
		i := map[string]int{"alice": 0, "bob": 1, "carol": 2}[r.User]
		if math.Abs(r.Mu-want[i].Mu) > 1e-9 || math.Abs(r.Sigma-want[i].Sigma) > 1e-9 {
			t.Errorf("%s (rank %d): μ %v σ %v, want %v %v", r.User, ranks[i], r.Mu, r.Sigma, want[i].Mu, want[i].Sigma)
		}
		after := math.Round(rating.Display(want[i]))
		d := after - 1500
		sign := "+"
		if d < 0 {
			sign = "−"
		}
		if part := fmt.Sprintf("%s 1500 → %.0f (%s%.0f)", r.User, after, sign, math.Abs(d)); !strings.Contains(banner, part) {
			t.Errorf("the result banner %q lacks %q", banner, part)
		}
		shown[r.User] = fmt.Sprintf("%.0f", after)
	}

	for _, lang := range []string{"fr", "en"} {
		for _, u := range users {
			_, page := getAs(t, viewer, ts.URL+"/players/"+u+"?lang="+lang)
			block := fmt.Sprintf(`data-variant="%s">`, html.EscapeString(key))
			at := strings.Index(page, block)
			if at < 0 {
				t.Errorf("%s's page (%s) has no rating in %s", u, lang, key)
				continue
			}
			rest := page[at:]
			for _, want := range []string{`<span class="rating">` + shown[u] + `?</span>`, `<svg class="ratinggraph"`} {
				if !strings.Contains(rest, want) {
					t.Errorf("%s's page (%s) lacks %q in its %s block", u, lang, want, key)
				}
			}
			gamesWord := map[string]string{"fr": "Parties", "en": "Games"}[lang]
			if i := strings.Index(rest, "</div>"); i < 0 || !strings.Contains(rest[:i], " 1 ·") || !strings.Contains(strings.ToLower(rest[:i]), strings.ToLower(gamesWord)) {
				t.Errorf("%s's page (%s) does not count one game: %q", u, lang, rest[:min(len(rest), 400)])
			}
		}
		_, board := getAs(t, viewer, ts.URL+"/leaderboard?lang="+lang+"&variant="+strings.ReplaceAll(key, " ", "+"))
		prev := -1
		for _, r := range lb {
			at := strings.Index(board, ">"+r.User+"<")
			if at < prev {
				t.Errorf("leaderboard (%s): %s at %d, after %d: want the order %+v", lang, r.User, at, prev, lb)
			}
			prev = at
		}
		for _, offered := range []string{key, "empire players=4 teams=true", "porte players=3 teams=false"} {
			if !strings.Contains(board, `<option value="`+html.EscapeString(offered)+`"`) {
				t.Errorf("the leaderboard (%s) does not offer %s", lang, offered)
			}
		}
	}
}
