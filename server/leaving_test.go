package server

import (
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/record"
	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/store"
)

// Leaving a game of three or four (issue 25, item 2; DECISIONS.md,
// "Leaving a game of three or four"): without teams a player who resigns,
// runs out of time or misses a correspondence deadline leaves, his seat
// played on by the computer, and he ranks last; with teams he resigns for
// his team.

var leaveNames = []string{"Alice", "Bob", "Carol", "Dan"}

// leaveTable stores a game of rules id with options, one person per seat
// (leaveNames, each with a token), created at at with the given clock or
// days per move, and its first moves: one per seat, made a second apart,
// so that no seat's first move is still awaited (which would abort
// rather than leave). It returns the game's id and the seats' tokens.
func leaveTable(t *testing.T, st store.Store, id, options string, clockMillis int64, days int, at time.Time, firstRound bool) (string, []string) {
	t.Helper()
	return leaveTableOf(t, st, id, options, clockMillis, days, at, firstRound, false)
}

// leaveTableOf is leaveTable, the seats held by the accounts of the
// players' names in lower case when accounts is set.
func leaveTableOf(t *testing.T, st store.Store, id, options string, clockMillis int64, days int, at time.Time, firstRound, accounts bool) (string, []string) {
	t.Helper()
	opts, err := game.ParseOptions(options)
	if err != nil {
		t.Fatal(err)
	}
	v, err := game.NewVariant(id, opts)
	if err != nil {
		t.Fatal(err)
	}
	g := &store.Game{ID: games.NewID(), GameID: id, Options: v.Options.String(), Result: store.Ongoing, Casual: true,
		ClockMillis: clockMillis, MoveDays: days, CreatedAt: at.UTC(), UpdatedAt: at.UTC()}
	var toks []string
	for i := 0; i < v.Players; i++ {
		tok := games.NewToken()
		toks = append(toks, tok)
		g.Seats = append(g.Seats, store.Seat{Kind: "human", Name: leaveNames[i], TokenHash: games.HashToken(tok)})
		if accounts {
			g.Seats[i].User = strings.ToLower(leaveNames[i])
		}
	}
	if firstRound {
		m := game.NewMatch(v.Start())
		for i := 0; i < v.Players; i++ {
			seat := m.ToMove()
			legal := game.LegalNotations(m.State())
			if _, err := m.PlayNotation(legal[0]); err != nil {
				t.Fatal(err)
			}
			clock := int64(-1)
			if clockMillis > 0 {
				clock = clockMillis
			}
			g.Moves = append(g.Moves, store.Move{Ply: i, Notation: m.Notations()[i], Seat: seat, At: at.Add(time.Duration(i+1) * time.Second).UTC(), ClockMillis: clock})
		}
		g.UpdatedAt = g.Moves[len(g.Moves)-1].At
	}
	if err := st.CreateGame(t.Context(), g); err != nil {
		t.Fatal(err)
	}
	return g.ID, toks
}

// watcher reads a connection's messages in the background: the latest
// state, the notices and the errors, so that a test can play on many
// connections without any of them falling behind.
type watcher struct {
	c      *wsClient
	mu     sync.Mutex
	last   msg
	infos  []msg
	errs   []msg
	chats  []msg
	notify chan struct{}
}

func watch(t *testing.T, c *wsClient, tokens ...string) *watcher {
	t.Helper()
	if tokens == nil {
		tokens = []string{}
	}
	w := &watcher{c: c, notify: make(chan struct{}, 1)}
	c.send(map[string]any{"type": "hello", "tokens": tokens, "ply": 0, "lang": "en"})
	go func() {
		for {
			m, err := c.read(10 * time.Minute)
			if err != nil {
				return
			}
			w.mu.Lock()
			switch m.str("type") {
			case "state":
				w.last = m
			case "info":
				w.infos = append(w.infos, m)
			case "error", "reject":
				w.errs = append(w.errs, m)
			case "chat":
				w.chats = append(w.chats, m)
			}
			w.mu.Unlock()
			select {
			case w.notify <- struct{}{}:
			default:
			}
		}
	}()
	// In the room, greeted, its seats known: what others do from now on
	// reaches it.
	w.state("the first state", func(msg) bool { return true })
	return w
}

// wait returns the first of what the watcher has that ok finds (the
// latest state, the notices, the errors), waiting for it: idle, within
// milliseconds; the minute only turns one that never comes into a
// failure.
func (w *watcher) wait(what string, ok func(w *watcher) msg) msg {
	w.c.t.Helper()
	deadline := time.After(time.Minute)
	for {
		w.mu.Lock()
		m := ok(w)
		w.mu.Unlock()
		if m != nil {
			return m
		}
		select {
		case <-w.notify:
		case <-deadline:
			w.mu.Lock()
			defer w.mu.Unlock()
			w.c.t.Fatalf("waiting for %s: last state %v, notices %v, errors %v", what, w.last, w.infos, w.errs)
		}
	}
}

func (w *watcher) state(what string, ok func(msg) bool) msg {
	w.c.t.Helper()
	return w.wait(what, func(w *watcher) msg {
		if w.last != nil && ok(w.last) {
			return w.last
		}
		return nil
	})
}

func (w *watcher) info(code string, seat int) msg {
	w.c.t.Helper()
	return w.wait("notice "+code, func(w *watcher) msg {
		for _, m := range w.infos {
			if m.str("code") == code && m.num("seat") == seat {
				return m
			}
		}
		return nil
	})
}

// refusal sends v and returns the error it gets.
func (w *watcher) refusal(v map[string]any) msg {
	w.c.t.Helper()
	w.mu.Lock()
	n := len(w.errs)
	w.mu.Unlock()
	w.c.send(v)
	return w.wait(fmt.Sprintf("the refusal of %v", v), func(w *watcher) msg {
		if len(w.errs) > n {
			return w.errs[n]
		}
		return nil
	})
}

func (w *watcher) you() []any {
	w.mu.Lock()
	defer w.mu.Unlock()
	you, _ := w.last["you"].([]any)
	return you
}

// playOn plays the game from the watchers' side until it ends or until
// ply stop (-1: the end): each person at the table plays his first legal
// move; the computer plays the seats of those who left.
func playOn(t *testing.T, obs *watcher, players map[int]*watcher, stop int) msg {
	t.Helper()
	for {
		st := obs.state("the game going on", func(m msg) bool { return true })
		if finished(st) || stop >= 0 && st.num("ply") >= stop {
			return st
		}
		p, seat := st.num("ply"), st.num("toMove")
		pw := players[seat]
		if pw != nil && containsNum(pw.you(), seat) {
			ms := pw.state(fmt.Sprintf("ply %d on seat %d's page", p, seat), func(m msg) bool { return m.num("ply") == p || finished(m) })
			if finished(ms) {
				return ms
			}
			legal, _ := ms["legal"].([]any)
			if len(legal) == 0 {
				t.Fatalf("seat %d to move at ply %d has no legal move: %v", seat, p, ms)
			}
			mv, _ := legal[0].(map[string]any)
			pw.c.move(p, mv["move"].(string))
		}
		obs.state(fmt.Sprintf("a move after ply %d", p), func(m msg) bool { return m.num("ply") > p || finished(m) })
	}
}

func containsNum(list []any, n int) bool {
	for _, x := range list {
		if f, ok := x.(float64); ok && int(f) == n {
			return true
		}
	}
	return false
}

// checkLeft says that seat left the table in the given order, its seat a
// computer's at the easy level, its player's name kept.
func checkLeft(t *testing.T, st store.Store, id string, seat, order int) *store.Game {
	t.Helper()
	g, err := st.LoadGame(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	s := g.Seats[seat]
	if s.Left != order || s.Kind != "computer" || s.Agent != "easy" || s.Name != leaveNames[seat] {
		t.Fatalf("seat %d after leaving: %+v, want a computer (easy) with Left %d and its name", seat, s, order)
	}
	return g
}

// checkRankedLast finishes the check of a game a player left: it ended,
// and he ranks last in games.SeatRanks and in the banner's words.
func checkRankedLast(t *testing.T, st store.Store, id string, seat int, banner msg) {
	t.Helper()
	g, err := st.LoadGame(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	if g.Result == store.Ongoing {
		t.Fatalf("the game did not end: %+v", g)
	}
	m, err := games.Replay(g)
	if err != nil {
		t.Fatal(err)
	}
	ranks := games.SeatRanks(g, m)
	if len(ranks) != len(g.Seats) {
		t.Fatalf("SeatRanks: %v", ranks)
	}
	for i, r := range ranks {
		if i != seat && r >= ranks[seat] {
			t.Errorf("ranks %v (result %s %s): seat %d, who stayed, is not above the leaver %d", ranks, g.Result, g.Reason, i, seat)
		}
	}
	if ranks[seat] != len(g.Seats) {
		t.Errorf("ranks %v: the leaver %d is not last", ranks, seat)
	}
	want := fmt.Sprintf("%s %s (left)", games.Ordinal(len(g.Seats), "en"), leaveNames[seat])
	if out := banner.str("outcome"); !strings.Contains(out, "Ranking: ") || !strings.Contains(out, want) {
		t.Errorf("the banner %q does not rank %q", out, want)
	}
}

// Saute for three: Bob resigns in the middle; his seat becomes the
// computer's, everyone is told, he watches (his page offers him no move),
// and what he tries then is refused with nothing changed, as is a
// spectator's resignation; the game goes on to its end, and Bob ranks
// last.
func TestLeaveResignThreeGoesOn(t *testing.T) {
	st := newMemStore()
	_, ts := startServer(t, st)
	id, toks := leaveTable(t, st, "saute", "players=3", 0, 0, time.Now(), false)
	players := map[int]*watcher{}
	for i, tok := range toks {
		players[i] = watch(t, dial(t, ts, id), tok)
	}
	obs := watch(t, dial(t, ts, id))
	playOn(t, players[0], players, 7)

	players[1].c.send(map[string]any{"type": "resign"})
	for i, w := range players {
		m := w.info("left_resigned", 1)
		if !strings.Contains(m.str("text"), "Bob resigned and left the table") {
			t.Errorf("seat %d's notice: %v", i, m)
		}
	}
	obs.info("left_resigned", 1)
	before := checkLeft(t, st, id, 1, 1)
	if before.Result != store.Ongoing {
		t.Fatalf("the game ended: %s %s", before.Result, before.Reason)
	}
	bob := players[1]
	bob.state("Bob watching", func(m msg) bool { you, _ := m["you"].([]any); return len(you) == 0 })
	ev := obs.state("the leave in the list of moves", func(m msg) bool { e, _ := m["leftEvents"].([]any); return len(e) == 1 })
	if e := ev["leftEvents"].([]any)[0].(string); !strings.Contains(e, "Bob left the table") {
		t.Errorf("the event line: %q", e)
	}

	// Attacks: the leaver moving, resigning again, offering a draw or an
	// undo; a spectator resigning for somebody.
	ply := obs.state("now", func(msg) bool { return true }).num("ply")
	for _, a := range []map[string]any{
		{"type": "move", "ply": ply, "move": "a1-a2"},
		{"type": "resign"},
		{"type": "draw"},
		{"type": "undo"},
	} {
		if e := bob.refusal(a); e.str("code") != "left" || !strings.Contains(e.str("message"), "you left this game") {
			t.Errorf("the leaver's %v: %v, want the code left", a, e)
		}
	}
	if e := obs.refusal(map[string]any{"type": "resign"}); e.str("code") != "spectator" {
		t.Errorf("a spectator's resignation: %v", e)
	}
	// His token, shown again on a new page, does not give the seat back.
	again := watch(t, dial(t, ts, id), toks[1])
	if you := again.you(); len(you) != 0 {
		t.Errorf("the leaver's token holds seats %v again", you)
	}
	if e := again.refusal(map[string]any{"type": "move", "ply": ply, "move": "a1-a2"}); e.str("code") != "left" {
		t.Errorf("the leaver moving from a new page: %v", e)
	}
	after, _ := st.LoadGame(t.Context(), id)
	if after.Result != store.Ongoing || after.Offer != nil || after.Seats[0] != before.Seats[0] || after.Seats[2] != before.Seats[2] || after.Seats[1] != before.Seats[1] {
		t.Fatalf("refused attempts changed the game: %+v", after)
	}

	// Alice's page follows the game (a spectator's is paced).
	end := playOn(t, players[0], players, -1)
	checkRankedLast(t, st, id, 1, end)
	// Bob's page shows the end too.
	bob.state("the end on the leaver's page", finished)
}

// A draw offered in a game of three that a player left needs only the
// two still at the table: the leaver's seat (a computer's now) neither
// declines it nor is asked.
func TestLeaveDrawNeedsThoseAtTable(t *testing.T) {
	st := newMemStore()
	_, ts := startServer(t, st)
	id, toks := leaveTable(t, st, "saute", "players=3", 0, 0, time.Now(), true)
	players := map[int]*watcher{}
	for i, tok := range toks {
		players[i] = watch(t, dial(t, ts, id), tok)
	}
	// An offer made before the leave, to the three, is withdrawn by it.
	players[0].c.send(map[string]any{"type": "draw"})
	players[2].state("the first draw offer", func(m msg) bool { o, _ := m["offer"].(map[string]any); return o != nil })
	players[2].c.send(map[string]any{"type": "resign"})
	players[0].info("left_resigned", 2)
	checkLeft(t, st, id, 2, 1)
	if s := players[1].state("the offer withdrawn", func(m msg) bool { return m["left"] != nil }); s["offer"] != nil {
		t.Errorf("the offer made to the three is still pending after a leave: %v", s["offer"])
	}
	if g, _ := st.LoadGame(t.Context(), id); g.Offer != nil {
		t.Errorf("the store still holds the offer: %+v", *g.Offer)
	}
	// The leaver's computer gives the two people left no hints: they
	// play each other.
	if s := players[0].state("after the leave", func(m msg) bool { return m["left"] != nil }); s["hintable"] == true {
		t.Errorf("hints offered in a game between people once one left: %v", s)
	}
	if e := players[0].refusal(map[string]any{"type": "hint"}); e.str("type") != "error" {
		t.Errorf("a hint asked for: %v", e)
	}
	players[0].c.send(map[string]any{"type": "draw"})
	offered := players[1].state("the draw offer", func(m msg) bool { o, _ := m["offer"].(map[string]any); return o != nil })
	needs, _ := offered["offer"].(map[string]any)["needs"].([]any)
	if len(needs) != 1 || !containsNum(needs, 1) {
		t.Fatalf("the draw offer needs %v, want only seat 1 (Bob)", needs)
	}
	if e := players[2].refusal(map[string]any{"type": "answer", "accept": true}); e.str("code") != "left" {
		t.Errorf("the leaver answering: %v", e)
	}
	players[1].c.send(map[string]any{"type": "answer", "accept": true})
	end := players[0].state("the draw", finished)
	if end.str("result") != "draw" {
		t.Fatalf("result %q, want draw", end.str("result"))
	}
	checkRankedLast(t, st, id, 2, end)
}

// A real-time game of three: Alice's clock runs out while nobody has the
// game open; the maintenance makes her leave (not end the game), the
// computer plays her seat at once, and the two others play on to the end,
// Alice last.
func TestLeaveFlagThreeGoesOn(t *testing.T) {
	clk := newConsentClock(time.Now())
	st := newMemStore()
	srv, ts := runServer(t, Config{Store: st, NewAgent: cheapAgents, Now: clk.now})
	id, toks := leaveTable(t, st, "saute", "players=3", 60_000, 0, clk.now(), true)
	clk.add(2 * time.Minute)
	if n := srv.live.ExpireRealTime(); n != 0 {
		t.Fatalf("the sweep ended %d games; a game of three goes on", n)
	}
	checkLeft(t, st, id, 0, 1)
	players := map[int]*watcher{1: watch(t, dial(t, ts, id), toks[1]), 2: watch(t, dial(t, ts, id), toks[2])}
	alice := watch(t, dial(t, ts, id), toks[0])
	alice.state("Alice watching", func(m msg) bool { you, _ := m["you"].([]any); return m["you"] != nil && len(you) == 0 })
	// The computer plays Alice's seat: ply 3 was hers.
	players[1].state("the computer's move for Alice", func(m msg) bool { return m.num("ply") > 3 })
	end := playOn(t, players[1], players, -1)
	checkRankedLast(t, st, id, 0, end)
}

// A correspondence game of three: the days for Alice's move pass while
// nobody has it open; the sweep makes her leave, and the computer plays
// her seat (the room stays for it).
func TestLeaveDeadlineThreeGoesOn(t *testing.T) {
	clk := newConsentClock(time.Now())
	st := newMemStore()
	srv, ts := runServer(t, Config{Store: st, NewAgent: cheapAgents, Now: clk.now})
	id, toks := leaveTable(t, st, "saute", "players=3", 0, 1, clk.now(), true)
	clk.add(25 * time.Hour)
	srv.live.ExpireCorrespondence()
	checkLeft(t, st, id, 0, 1)
	players := map[int]*watcher{1: watch(t, dial(t, ts, id), toks[1]), 2: watch(t, dial(t, ts, id), toks[2])}
	players[1].state("the computer's move for Alice", func(m msg) bool { return m.num("ply") > 3 })
	g, _ := st.LoadGame(t.Context(), id)
	if g.Result != store.Ongoing {
		t.Fatalf("the game ended: %s %s", g.Result, g.Reason)
	}
	end := playOn(t, players[1], players, -1)
	checkRankedLast(t, st, id, 0, end)
}

// When every other player left, the last one at the table wins at once:
// nothing is left to play for.
func TestLeaveLastAtTableWins(t *testing.T) {
	st := newMemStore()
	_, ts := startServer(t, st)
	id, toks := leaveTable(t, st, "saute", "players=3", 0, 0, time.Now(), true)
	players := map[int]*watcher{}
	for i, tok := range toks {
		players[i] = watch(t, dial(t, ts, id), tok)
	}
	players[0].c.send(map[string]any{"type": "resign"})
	players[2].info("left_resigned", 0)
	players[1].c.send(map[string]any{"type": "resign"})
	players[2].info("lastattable", 2)
	end := players[2].state("the end", finished)
	if end.str("result") != "win 3" || end.str("reason") != "lastattable 3" {
		t.Fatalf("result %q reason %q, want win 3 / lastattable 3", end.str("result"), end.str("reason"))
	}
	g := checkLeft(t, st, id, 1, 2)
	m, _ := games.Replay(g)
	if ranks := games.SeatRanks(g, m); fmt.Sprint(ranks) != "[3 2 1]" {
		t.Errorf("ranks %v, want [3 2 1]: Carol, then Bob (who left later), then Alice", ranks)
	}
	if out := end.str("outcome"); !strings.Contains(out, "1st Carol, 2nd Bob (left), 3rd Alice (left)") {
		t.Errorf("the banner: %q", out)
	}
	// The record says who left and the places; the game page says the
	// ranking in French too.
	if code, body := get(t, ts, "/games/"+id+"/record"); code != 200 || !strings.Contains(body, `[Left "1,2,0"]`) || !strings.Contains(body, `[Ranking "3,2,1"]`) {
		t.Errorf("the record (%d):\n%s", code, body)
	}
	if code, body := get(t, ts, "/games/"+id+"?lang=fr"); code != 200 || !strings.Contains(body, "Classement : 1er Carol, 2e Bob (a quitté la table), 3e Alice (a quitté la table)") {
		t.Errorf("the French game page (%d) does not rank the players", code)
	}
	// A rematch: the leavers did not consent; the computers that played
	// their seats keep them, without their names, accounts or tokens.
	players[2].c.send(map[string]any{"type": "rematch"})
	var re *store.Game
	for deadline := time.Now().Add(time.Minute); re == nil && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		list, _ := st.ListGames(t.Context(), store.Filter{})
		for i := range list {
			if list[i].ID != id {
				re = &list[i]
			}
		}
	}
	if re == nil {
		t.Fatal("no rematch made")
	}
	for _, s := range re.Seats {
		if s.Kind == "computer" && (s.Left != 0 || s.Name != "" || s.User != "" || s.TokenHash != "" || s.Agent != "easy") {
			t.Errorf("a leaver's seat in the rematch: %+v", s)
		}
	}
	if n := len(re.Seats); n != 3 || re.Seats[0].Name != "Carol" && re.Seats[1].Name != "Carol" && re.Seats[2].Name != "Carol" {
		t.Errorf("the rematch's seats: %+v", re.Seats)
	}
}

// L'Empire for four in two teams: a partner who resigns resigns for his
// team, and the other team wins; nobody's seat becomes a computer's.
func TestLeaveTeamsResignEnds(t *testing.T) {
	st := newMemStore()
	_, ts := startServer(t, st)
	id, toks := leaveTable(t, st, "empire", "players=4 teams=true", 0, 0, time.Now(), true)
	players := map[int]*watcher{}
	for i, tok := range toks {
		players[i] = watch(t, dial(t, ts, id), tok)
	}
	players[1].c.send(map[string]any{"type": "resign"})
	end := players[0].state("the end", finished)
	g, _ := st.LoadGame(t.Context(), id)
	m, _ := games.Replay(g)
	v := m.Variant()
	var winners []int
	for i := 0; i < v.Players; i++ {
		if v.Team(i) != v.Team(1) {
			winners = append(winners, i)
		}
	}
	want := record.Result{Status: game.Win, Winners: winners}.String()
	if g.Result != want || end.str("result") != want || g.Reason != "resigned 2" {
		t.Fatalf("result %q (%q), reason %q; want %q, resigned 2", g.Result, end.str("result"), g.Reason, want)
	}
	for i, s := range g.Seats {
		if s.Left != 0 || s.Kind != "human" {
			t.Errorf("seat %d after a team's resignation: %+v", i, s)
		}
	}
	if ranks := games.SeatRanks(g, m); ranks[1] != 2 || ranks[winners[0]] != 1 {
		t.Errorf("ranks %v: the resigning team is not second", ranks)
	}
}

// A person playing two computers who resigns leaves, and with no person
// left at the table the game ends without a winner: the computers share
// the first place, the leaver is last.
func TestLeaveOnlyComputersLeft(t *testing.T) {
	st := newMemStore()
	_, ts := startServer(t, st)
	tok := games.NewToken()
	g := &store.Game{ID: games.NewID(), GameID: "saute", Options: "expert=false players=3 teams=false", Result: store.Ongoing, Casual: true,
		Seats: []store.Seat{{Kind: "human", Name: "Alice", TokenHash: games.HashToken(tok)},
			{Kind: "computer", Agent: "easy"}, {Kind: "computer", Agent: "easy"}}}
	if err := st.CreateGame(t.Context(), g); err != nil {
		t.Fatal(err)
	}
	alice := watch(t, dial(t, ts, g.ID), tok)
	alice.c.send(map[string]any{"type": "resign"})
	end := alice.state("the end", finished)
	if end.str("result") != "over" || end.str("reason") != "tableleft" {
		t.Fatalf("result %q reason %q, want over / tableleft", end.str("result"), end.str("reason"))
	}
	alice.info("tableleft", 2)
	stored, _ := st.LoadGame(t.Context(), g.ID)
	m, _ := games.Replay(stored)
	if ranks := games.SeatRanks(stored, m); fmt.Sprint(ranks) != "[3 1 1]" {
		t.Errorf("ranks %v, want [3 1 1]", ranks)
	}
	if out := end.str("outcome"); !strings.Contains(out, "every player left the table") || !strings.Contains(out, "3rd Alice (left)") {
		t.Errorf("the banner: %q", out)
	}
}

// A player who left a correspondence game is no longer asked to play it:
// it leaves his "my games" and /api/games (the reminder), even when the
// computer is to move in his seat, and stays in the others'.
func TestLeaverOutOfMyGames(t *testing.T) {
	clk := newConsentClock(time.Now())
	srv, ts, acc := accountServer(t, Config{LoginPerMinute: -1, Now: clk.now})
	st := acc.(store.Store)
	alice, bob := signedUp(t, ts, "alice"), signedUp(t, ts, "bob")
	signedUp(t, ts, "carol")
	id, _ := leaveTableOf(t, st, "saute", "players=3", 0, 1, clk.now(), true, true)
	if _, body := getAs(t, alice, ts.URL+"/api/games"); !strings.Contains(body, `"id":"`+id+`"`) {
		t.Fatalf("Alice's game is not in her /api/games: %s", body)
	}
	clk.add(25 * time.Hour)
	srv.live.ExpireCorrespondence()
	checkLeft(t, st, id, 0, 1)
	for _, page := range []string{"/api/games", "/my-games"} {
		if _, body := getAs(t, alice, ts.URL+page); strings.Contains(body, id) {
			t.Errorf("the game Alice left is still in her %s", page)
		}
		if _, body := getAs(t, bob, ts.URL+page); !strings.Contains(body, id) {
			t.Errorf("the game is not in Bob's %s", page)
		}
	}
}

// A leaver without an account still talks with the players, under his
// seat's name (a spectator without one may not write).
func TestLeaverChats(t *testing.T) {
	st, err := store.Open(t.Context(), filepath.Join(t.TempDir(), "plateau.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	_, ts := startServer(t, st)
	id, toks := leaveTable(t, st, "saute", "players=3", 0, 0, time.Now(), true)
	alice := watch(t, dial(t, ts, id), toks[0])
	bob := watch(t, dial(t, ts, id), toks[1])
	bob.c.send(map[string]any{"type": "resign"})
	alice.info("left_resigned", 1)
	bob.state("Bob watching", func(m msg) bool { you, _ := m["you"].([]any); return m["left"] != nil && len(you) == 0 })
	bob.c.send(map[string]any{"type": "chat", "text": "good luck"})
	alice.wait("Bob's chat message", func(w *watcher) msg {
		for _, m := range w.chats {
			if items, _ := m["messages"].([]any); len(items) > 0 && m["history"] != true {
				if it, _ := items[0].(map[string]any); it["text"] == "good luck" && strings.Contains(fmt.Sprint(it["author"]), "Bob") {
					return m
				}
			}
		}
		return nil
	})
	obs := watch(t, dial(t, ts, id))
	if e := obs.refusal(map[string]any{"type": "chat", "text": "hello"}); e.str("code") != "chat_login" {
		t.Errorf("a spectator without an account writing: %v", e)
	}
}
