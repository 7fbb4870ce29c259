package server

import (
	"fmt"
	"math/rand/v2"
	"net/url"
	"slices"
	"testing"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/live"
	"github.com/plateau-games/plateau/store"
)

// The game page of a game of three or four (issue 25, item 4): every
// player sees the moves since his own last move, a spectator the last
// round; the turn order; who is connected; a rematch needs everyone.

// nums reads a JSON array of numbers.
func nums(v any) []int {
	var out []int
	for _, x := range asList(v) {
		f, _ := x.(float64)
		out = append(out, int(f))
	}
	return out
}

func asList(v any) []any { l, _ := v.([]any); return l }

// sinceList is what the page lists and marks for a viewer holding seats
// you (none: a spectator), as game.js recentSet picks it from the state:
// the plies of the recent moves after the viewer's last one; the last
// round for a spectator, a player who just moved, or once the game is
// over. It returns the plies and whether it is the last round.
func sinceList(st msg, you []int) ([]int, bool) {
	since := nums(st["since"])
	from, round := -1, false
	if len(you) > 0 && st.str("result") == "*" {
		for _, i := range you {
			if i < len(since) {
				from = max(from, since[i])
			}
		}
	}
	if from < 0 || from >= st.num("ply") {
		from, round = st.num("round"), true
	}
	var plies []int
	for _, r := range asList(st["recent"]) {
		m := r.(map[string]any)
		if p := int(m["ply"].(float64)); p > from {
			plies = append(plies, p)
		}
	}
	return plies, round
}

// fourTeamsForm is a new game of L'Empire for four in teams, every seat
// "me" or as given.
func fourTeamsForm(seats ...string) url.Values {
	f := form("empire", seats...)
	f.Set("variant", "custom")
	f.Set("opt_players", "4")
	f.Set("opt_teams", "true")
	return f
}

func TestFourPlayersEachSeeTheMovesSinceTheirOwnLastMove(t *testing.T) {
	_, ts := startServer(t, newMemStore())
	g := createGame(t, ts, fourTeamsForm("me", "me", "me", "me"))
	var players [4]*wsClient
	var st [4]msg
	for i := range players {
		players[i] = dial(t, ts, g.id)
		st[i] = players[i].hello(0, g.mine[i])
	}
	spectator := dial(t, ts, g.id)
	sp := spectator.hello(0)
	if order := nums(sp["order"]); !slices.Equal(order, []int{0, 1, 2, 3}) {
		t.Fatalf("turn order %v, want 0,1,2,3", order)
	}
	if sp["teams"] != true {
		t.Errorf("a game in teams does not say so")
	}
	teams := map[int][]int{}
	for i, s := range asList(sp["seats"]) {
		tm := int(s.(map[string]any)["team"].(float64))
		teams[tm] = append(teams[tm], i)
	}
	if len(teams) != 2 || !slices.Equal(teams[0], []int{0, 2}) || !slices.Equal(teams[1], []int{1, 3}) {
		t.Errorf("teams %v, want seats 0,2 against 1,3", teams)
	}
	// Nobody has moved: nothing to list.
	if plies, _ := sinceList(st[0], []int{0}); len(plies) != 0 {
		t.Errorf("moves since the start %v", plies)
	}
	// Six moves: each by the seat to move, on its own connection.
	var movers []int
	for ply := 0; ply < 6; ply++ {
		mover := st[0].num("toMove")
		legal := asList(st[mover]["legal"])
		if len(legal) == 0 {
			t.Fatalf("no legal move at ply %d", ply)
		}
		players[mover].move(ply, legal[0].(map[string]any)["move"].(string))
		for i := range players {
			st[i] = players[i].expect("state", plyIs(ply+1))
		}
		movers = append(movers, mover)
	}
	if !slices.Equal(movers, []int{0, 1, 2, 3, 0, 1}) {
		t.Fatalf("movers %v, want the turn order", movers)
	}
	sp = spectator.expect("state", plyIs(6))
	// Plies 1..6 by seats 0,1,2,3,0,1; seat 2 to move. Each player sees
	// the moves after his own last one: seat 2 (to move) plies 4,5,6,
	// seat 3 plies 5,6, seat 0 ply 6; seat 1 moved last, and sees the
	// last round (since seat 2's last move): plies 4,5,6.
	want := map[int]struct {
		plies []int
		round bool
	}{0: {[]int{6}, false}, 1: {[]int{4, 5, 6}, true}, 2: {[]int{4, 5, 6}, false}, 3: {[]int{5, 6}, false}}
	for i := range players {
		if you := nums(st[i]["you"]); !slices.Equal(you, []int{i}) {
			t.Fatalf("player %d's connection holds %v", i, you)
		}
		plies, round := sinceList(st[i], []int{i})
		if !slices.Equal(plies, want[i].plies) || round != want[i].round {
			t.Errorf("seat %d sees plies %v (last round %v), want %v (%v)", i, plies, round, want[i].plies, want[i].round)
		}
	}
	if plies, round := sinceList(sp, nil); !slices.Equal(plies, []int{4, 5, 6}) || !round {
		t.Errorf("the spectator sees plies %v (last round %v), want the last round 4,5,6", plies, round)
	}
	// Every recent move names its mover, its notation and places.
	moves := asList(sp["moves"])
	for _, r := range asList(sp["recent"]) {
		m := r.(map[string]any)
		p := int(m["ply"].(float64))
		if int(m["seat"].(float64)) != movers[p-1] || m["move"] != moves[p-1] || len(asList(m["places"])) == 0 {
			t.Errorf("recent move %v: want seat %d, move %v, places", m, movers[p-1], moves[p-1])
		}
	}
	// Presence: a player who goes is shown as gone to the others.
	players[3].conn.CloseNow()
	players[0].expect("state", func(m msg) bool {
		return asList(m["seats"])[3].(map[string]any)["online"] == false
	})
	for i, s := range asList(spectator.expect("state", func(m msg) bool {
		return asList(m["seats"])[3].(map[string]any)["online"] == false
	})["seats"]) {
		if on := s.(map[string]any)["online"] == true; on != (i != 3) {
			t.Errorf("seat %d online %v", i, on)
		}
	}
}

// A game of two has none of it: no turn order, no since.
func TestGameOfTwoHasNoTableView(t *testing.T) {
	_, ts := startServer(t, newMemStore())
	g := createGame(t, ts, form("pogo", "me", "me"))
	c := dial(t, ts, g.id)
	st := c.hello(0, g.mine[0], g.mine[1])
	for _, k := range []string{"order", "since", "round", "recent"} {
		if st[k] != nil {
			t.Errorf("a game of two has %s: %v", k, st[k])
		}
	}
}

// finishedTable stores a finished game of L'Empire for players seats
// (humans but those listed as computers), and gives its seats' tokens.
func finishedTable(t *testing.T, st store.Store, players int, teams bool, computers ...int) (string, []string) {
	t.Helper()
	opts := game.Options{"players": fmt.Sprint(players)}
	if teams {
		opts["teams"] = "true"
	}
	v, err := game.NewVariant("empire", opts)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC()
	g := &store.Game{ID: games.NewID(), GameID: "empire", Options: v.Options.String(), Result: "win 1", Reason: games.SeatReason("resignation", 1),
		CreatedAt: now, UpdatedAt: now, Casual: true}
	toks := make([]string, players)
	for i := range players {
		if slices.Contains(computers, i) {
			g.Seats = append(g.Seats, store.Seat{Kind: "computer", Agent: "easy"})
			continue
		}
		toks[i] = games.NewToken()
		g.Seats = append(g.Seats, store.Seat{Kind: "human", Name: fmt.Sprintf("p%d", i+1), TokenHash: games.HashToken(toks[i])})
	}
	if teams {
		g.Result = "win 1,3"
	}
	if err := st.CreateGame(t.Context(), g); err != nil {
		t.Fatal(err)
	}
	return g.ID, toks
}

// rematchOf is the pending rematch of a state: the seats that accepted
// and those awaited.
func rematchOf(m msg) (accepted, needs []int, ok bool) {
	rm, ok := m["rematch"].(map[string]any)
	if !ok {
		return nil, nil, false
	}
	return nums(rm["accepted"]), nums(rm["needs"]), true
}

// A rematch of a game of four is made only once all four accepted; the
// state says, at each step, who accepted and who is awaited.
func TestRematchOfFourNeedsEveryPlayer(t *testing.T) {
	st := newMemStore()
	_, ts := startServer(t, st)
	id, toks := finishedTable(t, st, 4, true)
	var c [4]*wsClient
	for i := range c {
		c[i] = dial(t, ts, id)
		c[i].hello(0, toks[i])
	}
	g, err := st.LoadGame(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	rid := live.RematchID(g)
	c[0].send(map[string]any{"type": "rematch"})
	for k := 1; k < 4; k++ {
		// Seats 0..k-1 accepted: everyone's state says so, and no game.
		wantAcc, wantNeeds := []int{}, []int{}
		for i := range 4 {
			if i < k {
				wantAcc = append(wantAcc, i)
			} else {
				wantNeeds = append(wantNeeds, i)
			}
		}
		for i := range c {
			c[i].expect("state", func(m msg) bool {
				acc, needs, ok := rematchOf(m)
				return ok && slices.Equal(acc, wantAcc) && slices.Equal(needs, wantNeeds)
			})
		}
		if _, err := st.LoadGame(t.Context(), rid); err == nil {
			t.Fatalf("the rematch exists with %d of 4 accepted", k)
		}
		c[k].send(map[string]any{"type": "rematch"})
	}
	for i := range c {
		if m := c[i].expect("rematch", nil); m["follow"] != true || m.str("url") == "" {
			t.Errorf("seat %d is told %v", i, m)
		}
	}
	rg, err := st.LoadGame(t.Context(), rid)
	if err != nil {
		t.Fatalf("no rematch after four accepted: %v", err)
	}
	if len(rg.Seats) != 4 || rg.Options != g.Options {
		t.Fatalf("the rematch: %d seats, options %q (was %q)", len(rg.Seats), rg.Options, g.Options)
	}
	for i := range rg.Seats {
		if rg.Seats[i].TokenHash != g.Seats[i].TokenHash {
			t.Errorf("rematch seat %d is not held by the same player", i)
		}
	}
}

// With three players, two of them people and one a computer, the computer
// counts as accepted at once; one person's decline ends the proposal for
// everyone.
func TestRematchOfThreeWithAComputer(t *testing.T) {
	st := newMemStore()
	_, ts := startServer(t, st)
	id, toks := finishedTable(t, st, 3, false, 2)
	a, b := dial(t, ts, id), dial(t, ts, id)
	a.hello(0, toks[0])
	b.hello(0, toks[1])
	g, err := st.LoadGame(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	rid := live.RematchID(g)
	// Declined: nothing made, and the proposal is gone.
	a.send(map[string]any{"type": "rematch"})
	b.expect("state", func(m msg) bool {
		acc, needs, ok := rematchOf(m)
		return ok && slices.Equal(acc, []int{0, 2}) && slices.Equal(needs, []int{1})
	})
	b.send(map[string]any{"type": "rematchdecline"})
	a.expect("info", infoIs("rematchdeclined"))
	a.expect("state", func(m msg) bool { _, _, ok := rematchOf(m); return !ok })
	if _, err := st.LoadGame(t.Context(), rid); err == nil {
		t.Fatal("a declined rematch was made")
	}
	// Proposed by the second, accepted by the first: made.
	b.send(map[string]any{"type": "rematch"})
	a.expect("state", func(m msg) bool {
		acc, needs, ok := rematchOf(m)
		return ok && slices.Equal(acc, []int{1, 2}) && slices.Equal(needs, []int{0})
	})
	a.send(map[string]any{"type": "rematch"})
	a.expect("rematch", func(m msg) bool { return m["follow"] == true })
	b.expect("rematch", func(m msg) bool { return m["follow"] == true })
	rg, err := st.LoadGame(t.Context(), rid)
	if err != nil {
		t.Fatalf("no rematch: %v", err)
	}
	if rg.Seats[2].Kind != "computer" || rg.Seats[0].TokenHash != g.Seats[0].TokenHash {
		t.Errorf("rematch seats %+v", rg.Seats)
	}
}

// QuickMove, which the browser tests of tables play with, ends a game of
// L'Empire for four in teams in a reasonable number of plies (a browser
// test clicks every one of them).
func TestQuickMoveEndsEmpireForFourInTeams(t *testing.T) {
	v, err := game.NewVariant("empire", game.Options{"players": "4", "teams": "true"})
	if err != nil {
		t.Fatal(err)
	}
	m := game.NewMatch(v.Start())
	rng := rand.New(rand.NewPCG(4, 25))
	for m.ToMove() >= 0 && len(m.Notations()) < 400 {
		mv, err := QuickMove(m, rng)
		if err != nil {
			t.Fatal(err)
		}
		if err := m.Play(mv); err != nil {
			t.Fatal(err)
		}
	}
	o := m.Outcome()
	t.Logf("ended after %d plies: %v, winners %v", len(m.Notations()), o.Reason, o.WinnerSeats())
	if !o.Ended() || len(m.Notations()) > 200 {
		t.Errorf("QuickMove's game: ended %v after %d plies, want an end within 200", o.Ended(), len(m.Notations()))
	}
}

// The turn order is the order the seats come to move: La Porte for three,
// clockwise or in the text's listing order (red, blue, green: the seats
// are numbered in that order, each its own colour).
func TestTurnOrderOfThree(t *testing.T) {
	_, ts := startServer(t, newMemStore())
	for _, c := range []struct {
		order string
		want  []int
	}{{"cw", []int{0, 1, 2}}, {"listed", []int{0, 1, 2}}} {
		f := form("porte", "me", "me", "me")
		f.Set("variant", "custom")
		f.Set("opt_players", "3")
		f.Set("opt_order", c.order)
		g := createGame(t, ts, f)
		cl := dial(t, ts, g.id)
		st := cl.hello(0, g.mine[0], g.mine[1], g.mine[2])
		order := nums(st["order"])
		// The order is the seats as they come to move.
		var seen []int
		for ply := 0; ply < 3; ply++ {
			seen = append(seen, st.num("toMove"))
			legal := asList(st["legal"])
			cl.move(ply, legal[0].(map[string]any)["move"].(string))
			st = cl.expect("state", plyIs(ply+1))
		}
		if !slices.Equal(order, seen) {
			t.Errorf("order=%s: the state's turn order %v, the seats moved %v", c.order, order, seen)
		}
		if c.want != nil && !slices.Equal(order, c.want) {
			t.Errorf("order=%s: turn order %v, want %v", c.order, order, c.want)
		}
		colours := []string{}
		for _, s := range asList(st["seats"]) {
			colours = append(colours, s.(map[string]any)["colour"].(string))
		}
		if c.order == "listed" && colours[1] != "#2f6db5" {
			t.Errorf("order=listed: the second to play has colour %s, want blue", colours[1])
		}
	}
}
