package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/plateau-games/plateau/store"
)

// newTable posts the lobby's form of a new table as c and returns the
// table's id (from the redirect to its page).
func newTable(t *testing.T, ts *httptest.Server, c *http.Client, form url.Values) string {
	t.Helper()
	resp, body := postAs(t, c, ts.URL+"/tables", form)
	loc := resp.Header.Get("Location")
	if resp.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, "/tables/") {
		t.Fatalf("new table: %d %s %s", resp.StatusCode, loc, body)
	}
	return strings.TrimPrefix(loc, "/tables/")
}

// sit posts "sit at seat (1-based)" as c and returns where it leads.
func sit(t *testing.T, ts *httptest.Server, c *http.Client, id string, seat string) string {
	t.Helper()
	resp, _ := postAs(t, c, ts.URL+"/tables/"+id+"/take", url.Values{"seat": {seat}})
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("sit at %s seat %s: %d", id, seat, resp.StatusCode)
	}
	return resp.Header.Get("Location")
}

func loadTable(t *testing.T, st store.Store, id string) *store.Table {
	t.Helper()
	tb, err := st.(store.Tables).LoadTable(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// An L'Empire table for four in teams: the host sits, a seat reserved for
// Carol, two open; players find it in the lobby, the table refuses what
// it must, and the last seat taken starts the rated game with the four
// accounts at the seats they chose.
func TestTableFillsAndStarts(t *testing.T) {
	_, ts, acc := accountServer(t, Config{LoginPerMinute: -1, CreatePerMinute: -1})
	st := acc.(store.Store)
	alice, bob, carol, dave := signedUp(t, ts, "alice"), signedUp(t, ts, "bob"), signedUp(t, ts, "carol"), signedUp(t, ts, "dave")
	id := newTable(t, ts, alice, url.Values{"variant": {"empire|players=4 teams=true"}, "clock": {"10"}, "increment": {"5"}, "rated": {"1"},
		"seat0": {"me"}, "seat1": {"open"}, "seat2": {"player"}, "name2": {"carol"}, "seat3": {"open"}})

	// Everyone finds it in the lobby, with a button on each seat he may take.
	_, list := getAs(t, bob, ts.URL+"/lobby/list?lang=en")
	if !strings.Contains(list, "L&#39;Empire") || !strings.Contains(list, "/tables/"+id+"/take") || !strings.Contains(list, "alice") {
		t.Fatalf("bob's lobby: %s", list)
	}
	_, carolList := getAs(t, carol, ts.URL+"/lobby/list?lang=fr")
	if !strings.Contains(carolList, "réservée pour vous") {
		t.Errorf("carol is not told a seat waits for her: %s", carolList)
	}
	_, page := getAs(t, dave, ts.URL+"/tables/"+id+"?lang=en")
	for _, want := range []string{"reserved for", "carol", "open seat", "team 1", "team 2", "3 seats to fill"} {
		if !strings.Contains(page, want) {
			t.Errorf("the table's page lacks %q", want)
		}
	}

	if loc := sit(t, ts, bob, id, "2"); loc != "/tables/"+id {
		t.Fatalf("bob sits: %s", loc)
	}
	// Refusals, each with its words and nothing changed.
	before := loadTable(t, st, id)
	for _, c := range []struct {
		who  *http.Client
		seat string
		code string
	}{
		{dave, "3", "reserved"},  // reserved for Carol
		{carol, "4", "yourseat"}, // seat 3 waits for her
		{bob, "4", "twice"},      // bob already sits
		{dave, "2", "taken"},     // bob's seat
		{dave, "9", "badseat"},
		{dave, "x", "badseat"},
	} {
		if loc := sit(t, ts, c.who, id, c.seat); loc != "/tables/"+id+"?error="+c.code {
			t.Errorf("seat %s: went to %s, want the error %s", c.seat, loc, c.code)
		}
	}
	_, words := getAs(t, dave, ts.URL+"/tables/"+id+"?lang=en&error=reserved")
	if !strings.Contains(words, "That seat is reserved for another player.") {
		t.Errorf("the refusal is not said: %s", words)
	}
	if after := loadTable(t, st, id); !sameSeats(before, after) {
		t.Fatalf("a refusal changed the table: %+v → %+v", before.Seats, after.Seats)
	}

	sit(t, ts, carol, id, "3")
	loc := sit(t, ts, dave, id, "4")
	if !strings.HasPrefix(loc, "/games/") {
		t.Fatalf("the last seat did not start the game: %s", loc)
	}
	gameID := strings.TrimPrefix(loc, "/games/")
	g, err := st.LoadGame(context.Background(), gameID)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"alice", "bob", "carol", "dave"}
	for i, s := range g.Seats {
		if s.User != want[i] || s.Kind != "human" {
			t.Errorf("seat %d: %+v, want %s", i, s, want[i])
		}
	}
	if !g.Rated || g.GameID != "empire" || g.Options != "players=4 teams=true" || g.ClockMillis != 600000 {
		t.Errorf("the game: rated %v, %s %s, clock %d", g.Rated, g.GameID, g.Options, g.ClockMillis)
	}
	// The players' pages are told where the game is; others are not.
	for _, c := range []*http.Client{alice, bob, carol, dave} {
		if got := tableStatus(t, ts, c, id); got["status"] != "started" || got["game"] != gameID {
			t.Errorf("a player's status: %v", got)
		}
	}
	if got := tableStatus(t, ts, browser(t), id); got["status"] != "started" || got["game"] != "" {
		t.Errorf("a visitor's status: %v", got)
	}
	// "My games" and the turn reminder, for each of the four: the first
	// seat's move.
	for i, c := range []*http.Client{alice, bob, carol, dave} {
		_, turns := getAs(t, c, ts.URL+"/my-games/turns")
		want := map[bool]string{true: `"yourTurn":1`, false: `"yourTurn":0`}[i == 0]
		if !strings.Contains(turns, want) {
			t.Errorf("%s's reminder: %s, want %s", want, turns, want)
		}
		if _, mine := getAs(t, c, ts.URL+"/my-games?lang=en"); !strings.Contains(mine, gameID) {
			t.Errorf("the game is not in the player %d's games", i+1)
		}
	}
	// The table is gone from the lobby; a late taker is told so.
	if _, list := getAs(t, bob, ts.URL+"/lobby/list"); strings.Contains(list, id) {
		t.Errorf("a started table is still listed")
	}
	eve := signedUp(t, ts, "eve")
	if loc := sit(t, ts, eve, id, "1"); loc != "/tables/"+id+"?error=notopen" {
		t.Errorf("a seat at a started table: %s", loc)
	}
}

func sameSeats(a, b *store.Table) bool {
	if a.Status != b.Status || len(a.Seats) != len(b.Seats) {
		return false
	}
	for i := range a.Seats {
		if a.Seats[i] != b.Seats[i] {
			return false
		}
	}
	return true
}

func tableStatus(t *testing.T, ts *httptest.Server, c *http.Client, id string) map[string]string {
	t.Helper()
	_, body := getAs(t, c, ts.URL+"/tables/"+id+"/status")
	var out map[string]string
	if err := json.Unmarshal([]byte(body), &out); err != nil {
		t.Fatalf("status %s: %v", body, err)
	}
	return out
}

// The host's part: only he puts a computer at a seat or closes the table;
// a player leaves before the start and his seat is free again; the host
// cannot leave; a computer makes the game casual.
func TestTableHostAndLeaving(t *testing.T) {
	_, ts, acc := accountServer(t, Config{LoginPerMinute: -1, CreatePerMinute: -1})
	st := acc.(store.Store)
	alice, bob, carol := signedUp(t, ts, "alice"), signedUp(t, ts, "bob"), signedUp(t, ts, "carol")
	id := newTable(t, ts, alice, url.Values{"variant": {"saute|players=3"}, "clock": {"5"}, "increment": {"2"}, "rated": {"1"},
		"seat0": {"open"}, "seat1": {"me"}, "seat2": {"open"}, "leaver": {"medium"}})
	tb := loadTable(t, st, id)
	if tb.Seats[1].User != "alice" || tb.LeaverAgent != "medium" || !tb.Rated {
		t.Fatalf("the table: %+v", tb)
	}
	_, page := getAs(t, bob, ts.URL+"/tables/"+id+"?lang=fr")
	if !strings.Contains(page, "remplacé par l&#39;ordinateur (moyen)") {
		t.Errorf("the leaver's computer is not said: %s", page)
	}
	sit(t, ts, bob, id, "1")
	for _, c := range []struct {
		who        *http.Client
		path, code string
		form       url.Values
	}{
		{bob, "/computer", "notmine", url.Values{"seat": {"3"}, "level": {"easy"}}},
		{bob, "/close", "notmine", nil},
		{carol, "/leave", "notmine", nil},
		{alice, "/leave", "hostleave", nil},
		{alice, "/computer", "occupied", url.Values{"seat": {"1"}, "level": {"easy"}}},
		{alice, "/computer", "badlevel", url.Values{"seat": {"3"}, "level": {"mcts:time=1h"}}},
		{alice, "/computer", "badseat", url.Values{"seat": {"3"}, "level": {"open"}}},
	} {
		resp, _ := postAs(t, c.who, ts.URL+"/tables/"+id+c.path, c.form)
		if loc := resp.Header.Get("Location"); loc != "/tables/"+id+"?error="+c.code {
			t.Errorf("%s: %s, want the error %s", c.path, loc, c.code)
		}
	}
	// Bob leaves: his seat is open again, and Carol takes it.
	if resp, _ := postAs(t, bob, ts.URL+"/tables/"+id+"/leave", nil); resp.Header.Get("Location") != "/tables/"+id {
		t.Fatalf("bob leaves: %s", resp.Header.Get("Location"))
	}
	if got := loadTable(t, st, id).Seats[0]; got.User != "" {
		t.Fatalf("bob's seat after he left: %+v", got)
	}
	sit(t, ts, carol, id, "1")
	// The host seats a computer, changes his mind, then seats one for good:
	// the table is full and the game starts, casual.
	resp, _ := postAs(t, alice, ts.URL+"/tables/"+id+"/computer", url.Values{"seat": {"3"}, "level": {"easy"}})
	if loc := resp.Header.Get("Location"); !strings.HasPrefix(loc, "/games/") {
		t.Fatalf("the computer at the last seat: %s", loc)
	}
	g, err := st.LoadGame(context.Background(), loadTable(t, st, id).Game)
	if err != nil {
		t.Fatal(err)
	}
	if g.Rated || !g.Casual || g.Seats[2].Kind != "computer" || g.Seats[2].Agent != "easy" || g.Seats[0].User != "carol" || g.LeaverAgent != "medium" {
		t.Errorf("the game: rated %v casual %v seats %+v", g.Rated, g.Casual, g.Seats)
	}

	// Closing: the host only, and the table leaves the lobby.
	id2 := newTable(t, ts, bob, url.Values{"variant": {"pogo|"}, "clock": {"3"}, "increment": {"2"}, "seat0": {"me"}, "seat1": {"open"}})
	if resp, _ := postAs(t, bob, ts.URL+"/tables/"+id2+"/close", nil); resp.Header.Get("Location") != "/lobby" {
		t.Fatalf("close: %s", resp.Header.Get("Location"))
	}
	if got := loadTable(t, st, id2).Status; got != store.TableClosed {
		t.Errorf("closed table: %s", got)
	}
}

// The form of a new table refuses what no table can be, with words.
func TestTableFormRefusals(t *testing.T) {
	_, ts, _ := accountServer(t, Config{LoginPerMinute: -1, CreatePerMinute: -1})
	alice := signedUp(t, ts, "alice")
	signedUp(t, ts, "bob")
	for _, c := range []struct {
		form url.Values
		code string
	}{
		{url.Values{"variant": {"chess|"}, "seat0": {"me"}}, "badgame"},
		{url.Values{"variant": {"solitaire|"}, "seat0": {"me"}}, "badgame"}, // one player: no table
		{url.Values{"variant": {"pogo|"}, "seat0": {"open"}, "seat1": {"open"}}, "nome"},
		{url.Values{"variant": {"pogo|"}, "seat0": {"me"}, "seat1": {"me"}}, "nome"},
		{url.Values{"variant": {"pogo|"}, "seat0": {"me"}, "seat1": {"player"}, "name1": {"alice"}}, "self"},
		{url.Values{"variant": {"pogo|"}, "seat0": {"me"}, "seat1": {"player"}, "name1": {"nobody"}}, "nouser"},
		{url.Values{"variant": {"pogo|"}, "seat0": {"me"}, "seat1": {"player"}, "name1": {"../etc"}}, "nouser"},
		{url.Values{"variant": {"saute|players=3"}, "seat0": {"me"}, "seat1": {"player"}, "name1": {"bob"}, "seat2": {"player"}, "name2": {"Bob"}}, "twice"},
		{url.Values{"variant": {"pogo|"}, "seat0": {"me"}, "seat1": {"computer:max"}}, "badseat"},
		{url.Values{"variant": {"pogo|"}, "seat0": {"me"}, "seat1": {"engine:/bin/sh"}}, "badseat"},
		{url.Values{"variant": {"saute|players=3"}, "seat0": {"me"}, "leaver": {"max"}}, "badlevel"},
		{url.Values{"variant": {"pogo|"}, "seat0": {"me"}, "clock": {"-1"}}, "badclock"},
		{url.Values{"variant": {"empire|players=2 throne=near"}, "seat0": {"me"}, "rated": {"1"}}, "readings"},
	} {
		resp, _ := postAs(t, alice, ts.URL+"/tables", c.form)
		if loc := resp.Header.Get("Location"); loc != "/lobby?error=table-"+c.code {
			t.Errorf("%v: %s, want the error %s", c.form, loc, c.code)
		}
	}
	_, page := getAs(t, alice, ts.URL+"/lobby?lang=en&error=table-nome")
	if !strings.Contains(page, "Choose exactly one seat for yourself.") {
		t.Errorf("the lobby does not say the refusal")
	}
	// One host, at most store.MaxOpenTables open tables.
	for i := 0; i < store.MaxOpenTables; i++ {
		newTable(t, ts, alice, url.Values{"variant": {"pogo|"}, "seat0": {"me"}})
	}
	if resp, _ := postAs(t, alice, ts.URL+"/tables", url.Values{"variant": {"pogo|"}, "seat0": {"me"}}); resp.Header.Get("Location") != "/lobby?error=table-toomany" {
		t.Errorf("one table too many: %s", resp.Header.Get("Location"))
	}
}

// Ten players race for the last seat, on two servers of one store: exactly
// one sits and starts the game, the nine others are told it was taken, and
// one game exists.
func TestAttackTenTakersOfTheLastSeat(t *testing.T) {
	_, ts, acc := accountServer(t, Config{LoginPerMinute: -1, CreatePerMinute: -1})
	st := acc.(store.Store)
	host := signedUp(t, ts, "host")
	id := newTable(t, ts, host, url.Values{"variant": {"pogo|"}, "clock": {"3"}, "increment": {"2"}, "seat0": {"me"}, "seat1": {"open"}})
	var takers []*http.Client
	for i := 0; i < 10; i++ {
		takers = append(takers, signedUp(t, ts, "taker"+string(rune('a'+i))))
	}
	won, lost := raceForSeat(t, []string{ts.URL}, takers, id, "2")
	if won != 1 || lost != 9 {
		t.Fatalf("%d won and %d were refused, want 1 and 9", won, lost)
	}
	list, err := st.ListGames(context.Background(), store.Filter{GameID: "pogo"})
	if err != nil || len(list) != 1 {
		t.Fatalf("games made: %d (%v)", len(list), err)
	}
}

// Nobody changes a table without an account, from another site, or for
// another table's seat: a form for table A posted to table B takes B's
// seat only if B has it free, and never A's.
func TestAttackTablesFromOutside(t *testing.T) {
	_, ts, acc := accountServer(t, Config{LoginPerMinute: -1, CreatePerMinute: -1})
	st := acc.(store.Store)
	alice, bob := signedUp(t, ts, "alice"), signedUp(t, ts, "bob")
	a := newTable(t, ts, alice, url.Values{"variant": {"saute|players=3"}, "seat0": {"me"}, "seat1": {"player"}, "name1": {"bob"}, "seat2": {"open"}})
	// An anonymous visitor is sent to log in; nothing changes.
	resp, _ := postAs(t, browser(t), ts.URL+"/tables/"+a+"/take", url.Values{"seat": {"3"}})
	if loc := resp.Header.Get("Location"); !strings.HasPrefix(loc, "/login") {
		t.Errorf("anonymous sit: %s", loc)
	}
	// A form from another site is refused before anything is read.
	req, _ := http.NewRequest(http.MethodPost, ts.URL+"/tables/"+a+"/take", strings.NewReader("seat=3"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	if resp, _ := doAs(t, bob, req); resp.StatusCode != http.StatusForbidden {
		t.Errorf("cross-site sit: %d", resp.StatusCode)
	}
	// Ids that are not ids.
	for _, bad := range []string{"../../etc", "AAAAAAAAAA", strings.Repeat("a", 300)} {
		resp, _ := postAs(t, bob, ts.URL+"/tables/"+url.PathEscape(bad)+"/take", url.Values{"seat": {"1"}})
		if loc := resp.Header.Get("Location"); resp.StatusCode != http.StatusNotFound && !regexp.MustCompile(`error=table-notfound$`).MatchString(loc) {
			t.Errorf("table %q: %d %s", bad, resp.StatusCode, loc)
		}
	}
	if got := loadTable(t, st, a); got.Seats[2].User != "" || got.Seats[1].User != "" {
		t.Errorf("the table changed: %+v", got.Seats)
	}
}

// Three servers on one PostgreSQL share the tables: a table opened on one
// reaches the lobby pages of the others at once, a seat taken on one is
// taken on all, and of ten players racing for the last seat through the
// three servers exactly one sits and one game is made.
func TestThreeServersOneTable(t *testing.T) {
	stores := pgStores(t, 3)
	var tss []*httptest.Server
	for _, st := range stores {
		_, ts := runServer(t, Config{Store: st, NewAgent: cheapAgents, LoginPerMinute: -1, CreatePerMinute: -1})
		tss = append(tss, ts)
	}
	alice, bob := signedUp(t, tss[0], "alice"), signedUp(t, tss[1], "bob")
	lines2, lines3 := lobbyStream(t, tss[1]), lobbyStream(t, tss[2])
	id := newTable(t, tss[0], alice, url.Values{"variant": {"saute|players=3"}, "clock": {"5"}, "increment": {"2"}, "rated": {"1"},
		"seat0": {"me"}, "seat1": {"open"}, "seat2": {"open"}})
	// Generous bounds: the notification usually takes milliseconds, but
	// the machine may be busy.
	waitChanged(t, lines2, 30*time.Second)
	waitChanged(t, lines3, 30*time.Second)
	if _, list := getAs(t, bob, tss[2].URL+"/lobby/list"); !strings.Contains(list, id) {
		t.Fatalf("the third server's lobby lacks the table")
	}
	sit(t, tss[1], bob, id, "2")
	waitChanged(t, lines3, 30*time.Second)
	for i, ts := range tss {
		if _, page := getAs(t, browser(t), ts.URL+"/tables/"+id+"/part?lang=en"); !strings.Contains(page, ">bob</a>") || !strings.Contains(page, "1 seat to fill") {
			t.Errorf("server %d does not show bob seated: %s", i+1, page)
		}
	}
	var takers []*http.Client
	for i := 0; i < 10; i++ {
		takers = append(takers, signedUp(t, tss[i%3], "racer"+string(rune('a'+i))))
	}
	urls := []string{tss[0].URL, tss[1].URL, tss[2].URL}
	won, lost := raceForSeat(t, urls, takers, id, "3")
	if won != 1 || lost != 9 {
		t.Fatalf("%d won and %d were refused, want 1 and 9", won, lost)
	}
	list, err := stores[0].ListGames(context.Background(), store.Filter{GameID: "saute"})
	if err != nil || len(list) != 1 {
		t.Fatalf("games made: %d (%v)", len(list), err)
	}
	for i, ts := range tss {
		if got := tableStatus(t, ts, alice, id); got["status"] != "started" || got["game"] != list[0].ID {
			t.Errorf("server %d tells alice %v", i+1, got)
		}
	}
}

// A seat belongs to the table it was taken at: a player seated at table A
// holds nothing at table B's game (its WebSocket takes him for a
// spectator, his moves and resignation are refused), and no request
// starts a table whose seats are not all filled.
func TestAttackSeatOfAnotherTable(t *testing.T) {
	_, ts, acc := accountServer(t, Config{LoginPerMinute: -1, CreatePerMinute: -1})
	st := acc.(store.Store)
	alice, bob, carol, dave := signedUp(t, ts, "alice"), signedUp(t, ts, "bob"), signedUp(t, ts, "carol"), signedUp(t, ts, "dave")
	a := newTable(t, ts, alice, url.Values{"variant": {"saute|players=3"}, "seat0": {"me"}, "seat1": {"open"}, "seat2": {"open"}})
	sit(t, ts, bob, a, "2")
	b := newTable(t, ts, carol, url.Values{"variant": {"pogo|"}, "clock": {"5"}, "increment": {"2"}, "seat0": {"me"}, "seat1": {"open"}})
	loc := sit(t, ts, dave, b, "2")
	gameB := strings.TrimPrefix(loc, "/games/")
	// Alice and Bob, seated at table A, at table B's game.
	for _, c := range []*http.Client{alice, bob} {
		w := dialAs(t, ts, c, gameB)
		m := w.hello(0)
		if got := you(m); len(got) != 0 {
			t.Fatalf("a player of table A holds seats %v of table B's game", got)
		}
		w.send(map[string]any{"type": "move", "ply": 0, "move": m["legal"].([]any)[0].(map[string]any)["move"]})
		w.expect("reject", func(m msg) bool { return m.str("code") == "spectator" })
		w.send(map[string]any{"type": "resign"})
		w.expect("error", func(m msg) bool { return m.str("code") == "spectator" })
	}
	if g, _ := st.LoadGame(context.Background(), gameB); len(g.Moves) != 0 || g.Result != store.Ongoing {
		t.Errorf("table B's game changed: %d moves, %s", len(g.Moves), g.Result)
	}
	// Table A is not full: nothing starts it (there is no such request),
	// and a computer only at the host's word.
	for _, path := range []string{"/start", "/begin"} {
		resp, _ := postAs(t, alice, ts.URL+"/tables/"+a+path, nil)
		if resp.StatusCode != http.StatusNotFound && resp.StatusCode != http.StatusMethodNotAllowed {
			t.Errorf("POST %s: %d", path, resp.StatusCode)
		}
	}
	resp, _ := postAs(t, bob, ts.URL+"/tables/"+a+"/computer", url.Values{"seat": {"3"}, "level": {"easy"}})
	if loc := resp.Header.Get("Location"); loc != "/tables/"+a+"?error=notmine" {
		t.Errorf("a player who is not the host seats a computer: %s", loc)
	}
	if tb := loadTable(t, st, a); tb.Status != store.TableOpen || tb.Game != "" || tb.Seats[2].Filled() {
		t.Errorf("table A after the attempts: %+v", tb)
	}
}

// raceForSeat has every client ask for seat (from 1) of table id at
// once, client i through the server urls[i%len(urls)], and counts who sat
// (taken to the game) and who was told the seat was gone.
func raceForSeat(t *testing.T, urls []string, clients []*http.Client, id, seat string) (won, lost int) {
	t.Helper()
	var w, l atomic.Int32
	var wg sync.WaitGroup
	for i, c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req, _ := http.NewRequest(http.MethodPost, urls[i%len(urls)]+"/tables/"+id+"/take", strings.NewReader("seat="+seat))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			req.Header.Set("Sec-Fetch-Site", "same-origin")
			resp, err := c.Do(req)
			if err != nil {
				return
			}
			resp.Body.Close()
			switch loc := resp.Header.Get("Location"); {
			case strings.HasPrefix(loc, "/games/"):
				w.Add(1)
			case loc == "/tables/"+id+"?error=taken" || loc == "/tables/"+id+"?error=notopen":
				l.Add(1)
			}
		}()
	}
	wg.Wait()
	return int(w.Load()), int(l.Load())
}

// A table nobody fills expires: after TableLifetime (real time) or
// CorrespondenceTableLifetime (days per move) the maintenance marks it
// expired, the lobby drops it, and a late taker is told.
func TestTablesExpire(t *testing.T) {
	var now atomic.Int64
	now.Store(time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC).UnixNano())
	clock := func() time.Time { return time.Unix(0, now.Load()) }
	srv, ts, acc := accountServer(t, Config{LoginPerMinute: -1, CreatePerMinute: -1, Now: clock,
		TableLifetime: 30 * time.Minute, CorrespondenceTableLifetime: 3 * 24 * time.Hour})
	st := acc.(store.Store)
	alice, bob := signedUp(t, ts, "alice"), signedUp(t, ts, "bob")
	live := newTable(t, ts, alice, url.Values{"variant": {"pogo|"}, "clock": {"5"}, "increment": {"2"}, "seat0": {"me"}})
	corr := newTable(t, ts, alice, url.Values{"variant": {"saute|players=3"}, "days": {"2"}, "seat0": {"me"}})
	if tb := loadTable(t, st, corr); tb.MoveDays != 2 || tb.ClockMillis != 0 {
		t.Fatalf("the correspondence table: %+v", tb)
	}
	now.Add(int64(31 * time.Minute))
	srv.club.ExpireTables()
	if got := loadTable(t, st, live).Status; got != store.TableExpired {
		t.Errorf("the real-time table after 31 minutes: %s", got)
	}
	if got := loadTable(t, st, corr).Status; got != store.TableOpen {
		t.Errorf("the correspondence table after 31 minutes: %s", got)
	}
	if loc := sit(t, ts, bob, live, "2"); loc != "/tables/"+live+"?error=notopen" {
		t.Errorf("a seat at an expired table: %s", loc)
	}
	_, page := getAs(t, bob, ts.URL+"/tables/"+live+"?lang=en")
	if !strings.Contains(page, "This table has expired") {
		t.Errorf("the expired table's page does not say so")
	}
	now.Add(int64(3 * 24 * time.Hour))
	srv.club.ExpireTables()
	if got := loadTable(t, st, corr).Status; got != store.TableExpired {
		t.Errorf("the correspondence table after three days: %s", got)
	}
	if _, list := getAs(t, bob, ts.URL+"/lobby/list"); strings.Contains(list, live) || strings.Contains(list, corr) {
		t.Errorf("expired tables still listed")
	}
}

// Nobody blocks the lobby by sitting at every table: one account sits at
// store.MaxSeatedTables open tables at most, and is told why.
func TestAttackSittingEverywhere(t *testing.T) {
	_, ts, acc := accountServer(t, Config{LoginPerMinute: -1, CreatePerMinute: -1})
	st := acc.(store.Store)
	eve := signedUp(t, ts, "eve")
	var ids []string
	for i := 0; i <= store.MaxSeatedTables; i++ {
		host := signedUp(t, ts, fmt.Sprint("host", i))
		ids = append(ids, newTable(t, ts, host, url.Values{"variant": {"saute|players=3"}, "seat0": {"me"}}))
	}
	for _, id := range ids[:store.MaxSeatedTables] {
		if loc := sit(t, ts, eve, id, "2"); loc != "/tables/"+id {
			t.Fatalf("eve's seat at %s: %s", id, loc)
		}
	}
	last := ids[store.MaxSeatedTables]
	if loc := sit(t, ts, eve, last, "2"); loc != "/tables/"+last+"?error=toomanyseats" {
		t.Fatalf("eve's seat at one table too many: %s", loc)
	}
	_, page := getAs(t, eve, ts.URL+"/tables/"+last+"?lang=en&error=toomanyseats")
	if !strings.Contains(page, fmt.Sprintf("You already sit at %d open tables", store.MaxSeatedTables)) {
		t.Errorf("the refusal is not said")
	}
	if tb := loadTable(t, st, last); tb.SeatOf("eve") >= 0 {
		t.Errorf("the refused seat was taken")
	}
}
