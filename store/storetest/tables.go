package storetest

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/plateau-games/plateau/store"
)

// TablesStore is what the tables suite needs: tables, the accounts that
// sit at them and the games they become.
type TablesStore interface {
	store.Store
	store.Accounts
	store.Tables
}

// RunTables runs the conformance suite of store.Tables, each test as a
// subtest of t, on an empty store from newStore.
func RunTables(t *testing.T, newStore func(t *testing.T) TablesStore) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s TablesStore)
	}{
		{"CreateLoad", testTableCreateLoad},
		{"BadTables", testBadTables},
		{"OpenBound", testOpenTableBound},
		{"OpenListing", testOpenTables},
		{"TakeSeat", testTakeSeat},
		{"TakeRefusals", testTakeSeatRefusals},
		{"LastSeatStarts", testLastSeatStarts},
		{"StartFails", testTableStartFails},
		{"TakeRace", testTakeSeatRace},
		{"Leave", testStandUp},
		{"Computer", testSetComputer},
		{"Close", testCloseTable},
		{"Expire", testExpireTables},
		{"CreateFull", testCreateFullTable},
		{"SeatedBound", testSeatedBound},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.fn(t, newStore(t)) })
	}
}

// newTable is an open table of host made at at, lasting an hour: host at
// seat 0, the other seats open.
func newTable(id, host string, at time.Time, seats int) *store.Table {
	tb := &store.Table{ID: id, Host: host, GameID: "blockade", Options: "board=small", Rated: true,
		ClockMillis: 300000, IncrementMillis: 2000, CreatedAt: at, ExpiresAt: at.Add(time.Hour),
		Seats: make([]store.TableSeat, seats)}
	tb.Seats[0].User = host
	return tb
}

// starter makes game id from a full table: a human seat per player, a
// computer's per computer, in the table's order.
func starter(id string) store.StartTable {
	return func(tb *store.Table) (*store.Game, error) {
		g := &store.Game{ID: id, GameID: tb.GameID, Options: tb.Options, Rated: tb.Rated,
			ClockMillis: tb.ClockMillis, IncrementMillis: tb.IncrementMillis, MoveDays: tb.MoveDays}
		for _, s := range tb.Seats {
			if s.Agent != "" {
				g.Seats = append(g.Seats, store.Seat{Kind: "computer", Agent: s.Agent, Name: s.Agent})
			} else {
				g.Seats = append(g.Seats, store.Seat{Kind: "human", Name: s.User, User: s.User})
			}
		}
		return g, nil
	}
}

// neverStart fails the test if a change that must not start the table
// calls it.
func neverStart(t *testing.T) store.StartTable {
	return func(tb *store.Table) (*store.Game, error) {
		t.Errorf("table %s started: %+v", tb.ID, tb.Seats)
		return nil, errors.New("not to be started")
	}
}

func createTable(t *testing.T, s TablesStore, tb *store.Table) {
	t.Helper()
	if err := s.CreateTable(ctx(t), tb, neverStart(t)); err != nil {
		t.Fatalf("CreateTable(%s): %v", tb.ID, err)
	}
}

func loadTable(t *testing.T, s TablesStore, id string) *store.Table {
	t.Helper()
	tb, err := s.LoadTable(ctx(t), id)
	if err != nil {
		t.Fatalf("LoadTable(%s): %v", id, err)
	}
	return tb
}

func disableUser(t *testing.T, s store.Accounts, name string) {
	t.Helper()
	u, err := s.LoadUser(ctx(t), name)
	if err != nil {
		t.Fatal(err)
	}
	u.Disabled = true
	if err := s.UpdateUser(ctx(t), u); err != nil {
		t.Fatal(err)
	}
}

// unchanged checks that a refused change left table id as it was.
func unchanged(t *testing.T, s TablesStore, what string, was *store.Table) {
	t.Helper()
	if got := loadTable(t, s, was.ID); !reflect.DeepEqual(got, was) {
		t.Errorf("%s changed the table:\n got %+v\nwant %+v", what, got, was)
	}
}

func openIDs(t *testing.T, s TablesStore, now time.Time, limit int) string {
	t.Helper()
	list, err := s.OpenTables(ctx(t), now, limit)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, tb := range list {
		ids = append(ids, tb.ID)
	}
	return fmt.Sprint(ids)
}

func testTableCreateLoad(t *testing.T, s TablesStore) {
	users(t, s, "Alice", "Bob", "Carol")
	tb := &store.Table{ID: "t1", Host: "alice", GameID: "blockade", Options: "board=small", Rated: true,
		ClockMillis: 300000, IncrementMillis: 2000, MoveDays: 2, LeaverAgent: "hard",
		Seats:     []store.TableSeat{{Reserved: "BOB"}, {User: "ALICE"}, {Agent: "medium"}, {}},
		CreatedAt: base, ExpiresAt: base.Add(time.Hour), Status: store.TableClosed, Game: "junk"}
	if err := s.CreateTable(ctx(t), tb, neverStart(t)); err != nil {
		t.Fatal(err)
	}
	want := &store.Table{ID: "t1", Host: "Alice", GameID: "blockade", Options: "board=small", Rated: true,
		ClockMillis: 300000, IncrementMillis: 2000, MoveDays: 2, LeaverAgent: "hard",
		Seats:  []store.TableSeat{{Reserved: "Bob"}, {User: "Alice"}, {Agent: "medium"}, {}},
		Status: store.TableOpen, CreatedAt: stored(base), ExpiresAt: stored(base.Add(time.Hour)), UpdatedAt: stored(base)}
	if !reflect.DeepEqual(tb, want) {
		t.Errorf("after CreateTable the table is\n %+v\nwant %+v (the accounts' spellings, open, times as stored)", tb, want)
	}
	if got := loadTable(t, s, "t1"); !reflect.DeepEqual(got, want) {
		t.Errorf("LoadTable =\n %+v\nwant %+v", got, want)
	}
	kinds := []string{store.SeatReserved, store.SeatTaken, store.SeatComputer, store.SeatOpen}
	for i, seat := range loadTable(t, s, "t1").Seats {
		if seat.Kind() != kinds[i] {
			t.Errorf("seat %d is %s, want %s", i, seat.Kind(), kinds[i])
		}
	}
	if _, err := s.LoadTable(ctx(t), "none"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a missing table: %v, want ErrNotFound", err)
	}
	if err := s.CreateTable(ctx(t), newTable("t1", "carol", base, 2), neverStart(t)); !errors.Is(err, store.ErrConflict) {
		t.Errorf("a second table t1: %v, want ErrConflict", err)
	}
	unchanged(t, s, "a second table t1", want)

	// A zero CreatedAt becomes now.
	before := time.Now()
	now := newTable("t2", "bob", time.Time{}, 2)
	now.ExpiresAt = before.Add(time.Hour)
	createTable(t, s, now)
	after := time.Now()
	got := loadTable(t, s, "t2")
	if got.CreatedAt.Before(stored(before)) || got.CreatedAt.After(after) || !got.UpdatedAt.Equal(got.CreatedAt) {
		t.Errorf("a zero CreatedAt became %v (updated %v), want between %v and %v", got.CreatedAt, got.UpdatedAt, before, after)
	}
}

func testBadTables(t *testing.T, s TablesStore) {
	users(t, s, "alice", "bob", "gone")
	disableUser(t, s, "gone")
	long := strings.Repeat("x", store.MaxAgentLength+1)
	with := func(id string, change func(tb *store.Table)) *store.Table {
		tb := newTable(id, "alice", base, 3)
		change(tb)
		return tb
	}
	for _, tc := range []struct {
		tb   *store.Table
		want error // nil: any error but these two
	}{
		{nil, nil},
		{with("", func(tb *store.Table) {}), nil},
		{with(strings.Repeat("i", 65), func(tb *store.Table) {}), nil},
		{with("b1", func(tb *store.Table) { tb.GameID = "" }), nil},
		{with("b2", func(tb *store.Table) { tb.Seats = tb.Seats[:1] }), nil},
		{with("b3", func(tb *store.Table) { tb.Seats = append(tb.Seats, store.TableSeat{}, store.TableSeat{}) }), nil},
		{with("b4", func(tb *store.Table) { tb.MoveDays = store.MaxMoveDays + 1 }), nil},
		{with("b5", func(tb *store.Table) { tb.MoveDays = -1 }), nil},
		{with("b6", func(tb *store.Table) { tb.ClockMillis = -1 }), nil},
		{with("b7", func(tb *store.Table) { tb.IncrementMillis = -1 }), nil},
		{with("b8", func(tb *store.Table) { tb.LeaverAgent = long }), nil},
		{with("b9", func(tb *store.Table) { tb.Seats[0].User = "bob" }), nil},                                   // the host sits nowhere
		{with("b10", func(tb *store.Table) { tb.Seats[1].User = "ALICE" }), nil},                                // the host twice
		{with("b11", func(tb *store.Table) { tb.Seats[1].Reserved, tb.Seats[2].Reserved = "bob", "Bob" }), nil}, // reserved twice
		{with("b12", func(tb *store.Table) { tb.Seats[1].User, tb.Seats[2].Reserved = "bob", "bob" }), nil},     // sits and reserved elsewhere
		{with("b13", func(tb *store.Table) { tb.Seats[1].Reserved = "alice" }), nil},                            // the host reserved another seat
		{with("b14", func(tb *store.Table) { tb.Seats[1] = store.TableSeat{Agent: "easy", Reserved: "bob"} }), nil},
		{with("b15", func(tb *store.Table) { tb.Seats[1] = store.TableSeat{Agent: "easy", User: "bob"} }), nil},
		{with("b16", func(tb *store.Table) { tb.Seats[1] = store.TableSeat{Reserved: "gone", User: "bob"} }), nil},
		{with("b17", func(tb *store.Table) { tb.Seats[1].Agent = long }), nil},
		{with("b18", func(tb *store.Table) { tb.ExpiresAt = tb.CreatedAt }), nil},
		{with("b19", func(tb *store.Table) { tb.Host, tb.Seats[0].User = "nobody", "nobody" }), store.ErrNotFound},
		{with("b20", func(tb *store.Table) { tb.Host, tb.Seats[0].User = "gone", "gone" }), store.ErrNotFound},
		{with("b21", func(tb *store.Table) { tb.Seats[1].Reserved = "nobody" }), store.ErrNotFound},
		{with("b22", func(tb *store.Table) { tb.Seats[1].User = "nobody" }), store.ErrNotFound},
		{with("b23", func(tb *store.Table) { tb.Seats[2].Reserved = "gone" }), store.ErrNotFound},
		{with("b24", func(tb *store.Table) { tb.Seats[2].User = "gone" }), store.ErrNotFound},
	} {
		err := s.CreateTable(ctx(t), tc.tb, neverStart(t))
		switch {
		case err == nil:
			t.Errorf("CreateTable(%+v) succeeded, want an error", tc.tb)
		case tc.want != nil && !errors.Is(err, tc.want):
			t.Errorf("CreateTable(%+v) = %v, want %v", tc.tb, err, tc.want)
		case tc.want == nil && (errors.Is(err, store.ErrNotFound) || errors.Is(err, store.ErrConflict)):
			t.Errorf("CreateTable(%+v) = %v, want a plain error saying what is wrong", tc.tb, err)
		}
		if tc.tb != nil && tc.tb.ID != "" {
			if _, err := s.LoadTable(ctx(t), tc.tb.ID); !errors.Is(err, store.ErrNotFound) {
				t.Errorf("refused table %s stored: %v", tc.tb.ID, err)
			}
		}
	}
	if got := openIDs(t, s, base, 0); got != "[]" {
		t.Errorf("after refused tables OpenTables = %s", got)
	}
}

func testOpenTableBound(t *testing.T, s TablesStore) {
	users(t, s, "alice", "bob")
	now := time.Now()
	// An expired table and a started one are not open: they do not count.
	old := newTable("old", "alice", now.Add(-2*time.Hour), 2)
	createTable(t, s, old)
	full := newTable("full", "alice", now, 2)
	full.Seats[1].Agent = "easy"
	if err := s.CreateTable(ctx(t), full, starter("g-full")); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < store.MaxOpenTables; i++ {
		createTable(t, s, newTable(fmt.Sprint("o", i), "alice", now, 2))
	}
	if err := s.CreateTable(ctx(t), newTable("one-more", "ALICE", now, 2), neverStart(t)); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("table %d of one host: %v, want ErrConflict", store.MaxOpenTables+1, err)
	}
	if _, err := s.LoadTable(ctx(t), "one-more"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the refused table was stored: %v", err)
	}
	// Another host is not bound by alice's tables.
	createTable(t, s, newTable("bobs", "bob", now, 2))
	if err := s.CloseTable(ctx(t), "o0", "alice"); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateTable(ctx(t), newTable("one-more", "alice", now, 2), neverStart(t)); err != nil {
		t.Errorf("after closing a table: %v", err)
	}
}

func testOpenTables(t *testing.T, s TablesStore) {
	users(t, s, "alice", "bob", "carol", "dave")
	now := time.Now()
	first := newTable("first", "alice", now.Add(-3*time.Minute), 4)
	first.Seats[1].Reserved = "dave" // a reserved seat is listed, not hidden
	first.Seats[2].Agent = "easy"
	for _, tb := range []*store.Table{
		first,
		newTable("old", "carol", now.Add(-2*time.Hour), 2), // expired an hour ago, not yet marked
		newTable("second", "bob", now.Add(-2*time.Minute), 2),
		newTable("closed", "carol", now.Add(-150*time.Second), 2),
		newTable("third", "alice", now.Add(-time.Minute), 3),
	} {
		createTable(t, s, tb)
	}
	if err := s.CloseTable(ctx(t), "closed", "carol"); err != nil {
		t.Fatal(err)
	}
	started := newTable("started", "dave", now.Add(-140*time.Second), 2)
	started.Seats[1].Agent = "easy"
	if err := s.CreateTable(ctx(t), started, starter("g-started")); err != nil {
		t.Fatal(err)
	}
	if got := openIDs(t, s, now, 0); got != "[first second third]" {
		t.Errorf("OpenTables = %s, want [first second third] (oldest first; not expired, closed or started)", got)
	}
	if got := openIDs(t, s, now, 2); got != "[first second]" {
		t.Errorf("OpenTables(limit 2) = %s, want [first second]", got)
	}
	// At first's expiry exactly it is no longer open.
	if got := openIDs(t, s, first.ExpiresAt, 0); got != "[second third]" {
		t.Errorf("OpenTables at first's expiry = %s, want [second third]", got)
	}
	list, err := s.OpenTables(ctx(t), now, 0)
	if err != nil || len(list) != 3 {
		t.Fatalf("OpenTables = %+v, %v", list, err)
	}
	if want := loadTable(t, s, "first"); !reflect.DeepEqual(&list[0], want) {
		t.Errorf("listed table\n %+v\nwant as loaded %+v", list[0], *want)
	}
	if len(list[1].Seats) != 2 || len(list[2].Seats) != 3 || list[2].Seats[0].User != "alice" {
		t.Errorf("the listed tables' seats: %+v, %+v", list[1].Seats, list[2].Seats)
	}
	if _, err := s.OpenTables(ctx(t), now, -1); err == nil {
		t.Error("OpenTables with a negative limit succeeded")
	}
}

func testTakeSeat(t *testing.T, s TablesStore) {
	users(t, s, "alice", "Bob", "Carol")
	now := time.Now()
	tb := newTable("t", "alice", now, 4)
	tb.Seats[3].Reserved = "carol"
	createTable(t, s, tb)
	later := now.Add(time.Second)
	got, err := s.TakeSeat(ctx(t), "t", 1, "BOB", later, neverStart(t))
	if err != nil {
		t.Fatal(err)
	}
	want := loadTable(t, s, "t")
	if !reflect.DeepEqual(got, want) {
		t.Errorf("TakeSeat returned\n %+v\nbut LoadTable gives %+v", got, want)
	}
	if got.Seats[1] != (store.TableSeat{User: "Bob"}) || got.Status != store.TableOpen || got.Game != "" {
		t.Errorf("after bob took seat 1: %+v", got)
	}
	if !got.UpdatedAt.Equal(stored(later)) || !got.CreatedAt.Equal(stored(now)) {
		t.Errorf("UpdatedAt %v, CreatedAt %v; want %v, %v", got.UpdatedAt, got.CreatedAt, stored(later), stored(now))
	}
	// Nobody sits twice at one table.
	if _, err := s.TakeSeat(ctx(t), "t", 2, "bob", later, neverStart(t)); !errors.Is(err, store.ErrConflict) {
		t.Errorf("bob taking a second seat: %v, want ErrConflict", err)
	}
	unchanged(t, s, "bob's second seat", want)
	// Carol, for whom seat 3 is reserved, takes that one and no other:
	// the host chose it (teams go by seat).
	if _, err := s.TakeSeat(ctx(t), "t", 2, "carol", later, neverStart(t)); !errors.Is(err, store.ErrConflict) {
		t.Errorf("carol taking an open seat, not the one reserved for her: %v, want ErrConflict", err)
	}
	unchanged(t, s, "carol's other seat", want)
	// Carol takes the seat reserved for her; the reservation stays.
	got, err = s.TakeSeat(ctx(t), "t", 3, "carol", later, neverStart(t))
	if err != nil {
		t.Fatal(err)
	}
	if got.Seats[3] != (store.TableSeat{Reserved: "Carol", User: "Carol"}) || got.Seats[3].Kind() != store.SeatTaken {
		t.Errorf("carol at her reserved seat: %+v", got.Seats[3])
	}
	if got.SeatOf("CAROL") != 3 || got.SeatOf("bob") != 1 || got.SeatOf("alice") != 0 {
		t.Errorf("SeatOf: %+v", got.Seats)
	}
	if got.Full() || len(loadTable(t, s, "t").Seats) != 4 {
		t.Errorf("a table with an open seat: %+v", got)
	}
}

func testTakeSeatRefusals(t *testing.T, s TablesStore) {
	users(t, s, "alice", "bob", "carol", "dave", "gone")
	now := time.Now()
	tb := newTable("t", "alice", now, 4)
	tb.Seats[2].Reserved = "carol"
	tb.Seats[3].Agent = "easy"
	createTable(t, s, tb)
	if _, err := s.TakeSeat(ctx(t), "t", 1, "bob", now, neverStart(t)); err != nil {
		t.Fatal(err)
	}
	disableUser(t, s, "gone")
	closed := newTable("closed", "dave", now, 2)
	createTable(t, s, closed)
	if err := s.CloseTable(ctx(t), "closed", "dave"); err != nil {
		t.Fatal(err)
	}
	started := newTable("started", "carol", now, 3)
	started.Seats[1].Agent = "easy"
	createTable(t, s, started)
	if _, err := s.TakeSeat(ctx(t), "started", 2, "dave", now, starter("g-started")); err != nil {
		t.Fatal(err)
	}
	expiring := newTable("expiring", "dave", now, 2)
	createTable(t, s, expiring)
	createTable(t, s, newTable("old", "dave", now.Add(-2*time.Hour), 2))
	for _, tc := range []struct {
		id   string
		seat int
		user string
		at   time.Time
		want error
	}{
		{"t", 2, "dave", now, store.ErrConflict},   // reserved for carol
		{"t", 2, "bob", now, store.ErrConflict},    // bob sits already, and it is carol's
		{"t", 1, "dave", now, store.ErrConflict},   // taken
		{"t", 1, "bob", now, store.ErrConflict},    // his own seat again
		{"t", 3, "dave", now, store.ErrConflict},   // a computer's
		{"t", 0, "dave", now, store.ErrConflict},   // the host's
		{"t", 4, "dave", now, store.ErrConflict},   // no such seat
		{"t", -1, "dave", now, store.ErrConflict},  // no such seat
		{"t", 1, "carol", now, store.ErrConflict},  // taken, and seat 2 is hers
		{"t", 2, "nobody", now, store.ErrNotFound}, // no such user
		{"t", 2, "gone", now, store.ErrNotFound},   // disabled
		{"none", 1, "dave", now, store.ErrNotFound},
		{"closed", 1, "bob", now, store.ErrConflict},
		{"started", 2, "bob", now, store.ErrConflict},
		{"expiring", 1, "bob", expiring.ExpiresAt, store.ErrConflict}, // at its expiry exactly
		{"expiring", 1, "bob", expiring.ExpiresAt.Add(time.Hour), store.ErrConflict},
		{"old", 1, "bob", time.Time{}, store.ErrConflict}, // no time given: the current one, after its expiry
	} {
		var was *store.Table
		if tc.id != "none" {
			was = loadTable(t, s, tc.id)
		}
		got, err := s.TakeSeat(ctx(t), tc.id, tc.seat, tc.user, tc.at, neverStart(t))
		if !errors.Is(err, tc.want) || got != nil {
			t.Errorf("TakeSeat(%s, %d, %s) = %+v, %v; want nil, %v", tc.id, tc.seat, tc.user, got, err, tc.want)
		}
		if was != nil {
			unchanged(t, s, fmt.Sprintf("the refused TakeSeat(%s, %d, %s)", tc.id, tc.seat, tc.user), was)
		}
	}
	// A millisecond before its expiry, the same seat is taken.
	if got, err := s.TakeSeat(ctx(t), "expiring", 1, "bob", expiring.ExpiresAt.Add(-time.Millisecond), starter("g-exp")); err != nil || got.Game != "g-exp" {
		t.Errorf("the last seat of expiring just before its expiry: %+v, %v", got, err)
	}
	// Carol may take her reserved seat although dave could not.
	if _, err := s.TakeSeat(ctx(t), "t", 2, "carol", now, starter("g-t")); err != nil {
		t.Errorf("carol taking her reserved seat: %v", err)
	}
}

func testLastSeatStarts(t *testing.T, s TablesStore) {
	users(t, s, "Alice", "Bob", "carol")
	now := time.Now()
	tb := newTable("t", "alice", now, 3)
	tb.Seats[1].Agent = "easy"
	tb.MoveDays = 3
	tb.LeaverAgent = "medium"
	createTable(t, s, tb)
	var given *store.Table
	start := func(tb *store.Table) (*store.Game, error) {
		given = tb
		g, err := starter("g1")(tb)
		tb.Seats[0].User = "mallory" // the callback's copy: nothing stored changes
		return g, err
	}
	later := now.Add(time.Second)
	got, err := s.TakeSeat(ctx(t), "t", 2, "bob", later, start)
	if err != nil {
		t.Fatal(err)
	}
	if given == nil {
		t.Fatal("the last seat did not call start")
	}
	wantSeats := []store.TableSeat{{User: "mallory"}, {Agent: "easy"}, {User: "Bob"}}
	if !reflect.DeepEqual(given.Seats, wantSeats) || given.ID != "t" || given.Host != "Alice" || given.MoveDays != 3 || given.LeaverAgent != "medium" {
		t.Errorf("start was given %+v", given)
	}
	if got.Status != store.TableStarted || got.Game != "g1" || !got.UpdatedAt.Equal(stored(later)) ||
		!reflect.DeepEqual(got.Seats, []store.TableSeat{{User: "Alice"}, {Agent: "easy"}, {User: "Bob"}}) {
		t.Errorf("the started table: %+v", got)
	}
	if loaded := loadTable(t, s, "t"); !reflect.DeepEqual(loaded, got) {
		t.Errorf("LoadTable = %+v, TakeSeat returned %+v", loaded, got)
	}
	g, err := s.LoadGame(ctx(t), "g1")
	if err != nil {
		t.Fatalf("the game the last seat made: %v", err)
	}
	wantGame := []store.Seat{{Kind: "human", Name: "Alice", User: "Alice"}, {Kind: "computer", Agent: "easy", Name: "easy"},
		{Kind: "human", Name: "Bob", User: "Bob"}}
	if !reflect.DeepEqual(g.Seats, wantGame) || g.GameID != "blockade" || g.Options != "board=small" || !g.Rated ||
		g.MoveDays != 3 || g.Result != store.Ongoing {
		t.Errorf("the stored game: %+v", g)
	}
	if got := openIDs(t, s, now, 0); got != "[]" {
		t.Errorf("a started table is listed: %s", got)
	}
	// A started table takes no more changes.
	if _, err := s.StandUp(ctx(t), "t", "bob"); !errors.Is(err, store.ErrConflict) {
		t.Errorf("leaving a started table: %v", err)
	}
	if _, err := s.SetComputer(ctx(t), "t", "alice", 1, "", now, neverStart(t)); !errors.Is(err, store.ErrConflict) {
		t.Errorf("reopening a computer's seat of a started table: %v", err)
	}
	if err := s.CloseTable(ctx(t), "t", "alice"); !errors.Is(err, store.ErrConflict) {
		t.Errorf("closing a started table: %v", err)
	}
	unchanged(t, s, "changes to a started table", got)
	if games, err := s.ListGames(ctx(t), store.Filter{}); err != nil || len(games) != 1 {
		t.Errorf("games: %d, %v; want the one", len(games), err)
	}
}

func testTableStartFails(t *testing.T, s TablesStore) {
	users(t, s, "alice", "bob")
	now := time.Now()
	tb := newTable("t", "alice", now, 2)
	createTable(t, s, tb)
	was := loadTable(t, s, "t")
	boom := errors.New("no such variant")
	_, err := s.TakeSeat(ctx(t), "t", 1, "bob", now, func(*store.Table) (*store.Game, error) { return nil, boom })
	if !errors.Is(err, boom) {
		t.Errorf("TakeSeat with a failing start = %v, want its error", err)
	}
	unchanged(t, s, "a failed start", was)
	// A game id already taken: its insert fails, nothing of the change stays.
	if err := s.CreateGame(ctx(t), gameOf("taken")); err != nil {
		t.Fatal(err)
	}
	if _, err := s.TakeSeat(ctx(t), "t", 1, "bob", now, starter("taken")); !errors.Is(err, store.ErrConflict) {
		t.Errorf("starting into a taken game id: %v, want ErrConflict", err)
	}
	unchanged(t, s, "a start into a taken game id", was)
	// A game CreateGame refuses, no game, or no start at all.
	for name, start := range map[string]store.StartTable{
		"bad game": func(tb *store.Table) (*store.Game, error) { return &store.Game{ID: "bad"}, nil },
		"nil game": func(tb *store.Table) (*store.Game, error) { return nil, nil },
		"no start": nil,
	} {
		if _, err := s.TakeSeat(ctx(t), "t", 1, "bob", now, start); err == nil {
			t.Errorf("%s: the last seat was taken", name)
		}
		unchanged(t, s, name, was)
	}
	if games, err := s.ListGames(ctx(t), store.Filter{}); err != nil || len(games) != 1 {
		t.Errorf("games after failed starts: %d, %v; want only the one made before", len(games), err)
	}
	// The seat is still free: a start that works takes it.
	got, err := s.TakeSeat(ctx(t), "t", 1, "bob", now, starter("g"))
	if err != nil || got.Status != store.TableStarted || got.Game != "g" {
		t.Errorf("after the failures: %+v, %v", got, err)
	}
}

func testTakeSeatRace(t *testing.T, s TablesStore) {
	const racers = 10
	names := make([]string, racers)
	for i := range names {
		names[i] = fmt.Sprint("racer", i)
	}
	users(t, s, append(names, "host", "other")...)
	now := time.Now()
	// Racers for a seat that is not the last: one sits, no game.
	mid := newTable("mid", "host", now, 4)
	createTable(t, s, mid)
	// Racers for the last seat: one sits and makes the game.
	last := newTable("last", "other", now, 3)
	last.Seats[1].Agent = "easy"
	createTable(t, s, last)
	race := func(id string, seat int, start func(i int) store.StartTable) (winner int) {
		var mu sync.Mutex
		winner = -1
		var wg sync.WaitGroup
		for i, n := range names {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := s.TakeSeat(ctx(t), id, seat, n, now, start(i))
				switch {
				case err == nil:
					mu.Lock()
					defer mu.Unlock()
					if winner >= 0 {
						t.Errorf("%s: %s and %s both took seat %d", id, names[winner], n, seat)
					}
					winner = i
				case !errors.Is(err, store.ErrConflict):
					t.Errorf("%s: %s: %v, want nil or ErrConflict", id, n, err)
				}
			}()
		}
		wg.Wait()
		if winner < 0 {
			t.Fatalf("%s: none of %d racers took seat %d", id, racers, seat)
		}
		return winner
	}
	w := race("mid", 2, func(int) store.StartTable { return neverStart(t) })
	if got := loadTable(t, s, "mid"); got.Seats[2].User != names[w] || got.Seats[1].User != "" || got.Seats[3].User != "" || got.Status != store.TableOpen {
		t.Errorf("after the race for seat 2 won by %s: %+v", names[w], got)
	}
	w = race("last", 2, func(i int) store.StartTable { return starter(fmt.Sprint("race", i)) })
	got := loadTable(t, s, "last")
	if got.Seats[2].User != names[w] || got.Status != store.TableStarted || got.Game != fmt.Sprint("race", w) {
		t.Errorf("after the race for the last seat won by %s: %+v", names[w], got)
	}
	games, err := s.ListGames(ctx(t), store.Filter{})
	if err != nil || len(games) != 1 || games[0].ID != got.Game {
		t.Errorf("games made by the race: %+v, %v; want only %s", games, err, got.Game)
	}
}

func testStandUp(t *testing.T, s TablesStore) {
	users(t, s, "alice", "Bob", "carol", "dave")
	now := time.Now()
	tb := newTable("t", "alice", now, 4)
	tb.Seats[1].Reserved = "bob"
	createTable(t, s, tb)
	for seat, user := range map[int]string{1: "bob", 2: "carol"} {
		if _, err := s.TakeSeat(ctx(t), "t", seat, user, now, neverStart(t)); err != nil {
			t.Fatal(err)
		}
	}
	before := time.Now()
	got, err := s.StandUp(ctx(t), "t", "BOB")
	if err != nil {
		t.Fatal(err)
	}
	if got.Seats[1] != (store.TableSeat{Reserved: "Bob"}) || got.Seats[1].Kind() != store.SeatReserved || got.Status != store.TableOpen {
		t.Errorf("bob left his reserved seat: %+v, want it reserved for him still", got.Seats[1])
	}
	if got.UpdatedAt.Before(stored(before)) {
		t.Errorf("UpdatedAt %v after leaving at %v", got.UpdatedAt, before)
	}
	if loaded := loadTable(t, s, "t"); !reflect.DeepEqual(loaded, got) {
		t.Errorf("LoadTable = %+v, StandUp returned %+v", loaded, got)
	}
	if _, err := s.TakeSeat(ctx(t), "t", 1, "dave", now, neverStart(t)); !errors.Is(err, store.ErrConflict) {
		t.Errorf("dave taking the seat bob left, reserved for bob: %v", err)
	}
	got, err = s.StandUp(ctx(t), "t", "carol")
	if err != nil || got.Seats[2] != (store.TableSeat{}) {
		t.Errorf("carol left: %+v, %v; want seat 2 open", got, err)
	}
	was := loadTable(t, s, "t")
	for _, tc := range []struct {
		id, user string
		want     error
	}{
		{"t", "alice", store.ErrConflict}, // the host closes, he does not leave
		{"t", "bob", store.ErrConflict},   // seated nowhere (reserved only)
		{"t", "dave", store.ErrConflict},
		{"t", "nobody", store.ErrConflict},
		{"none", "bob", store.ErrNotFound},
	} {
		if got, err := s.StandUp(ctx(t), tc.id, tc.user); !errors.Is(err, tc.want) || got != nil {
			t.Errorf("StandUp(%s, %s) = %+v, %v; want nil, %v", tc.id, tc.user, got, err, tc.want)
		}
	}
	unchanged(t, s, "refused leavings", was)
	// Bob comes back to his seat, which waited for him.
	if got, err := s.TakeSeat(ctx(t), "t", 1, "bob", now, neverStart(t)); err != nil || got.Seats[1].User != "Bob" {
		t.Errorf("bob back at his seat: %+v, %v", got, err)
	}
	if err := s.CloseTable(ctx(t), "t", "alice"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.StandUp(ctx(t), "t", "bob"); !errors.Is(err, store.ErrConflict) {
		t.Errorf("leaving a closed table: %v", err)
	}
}

func testSetComputer(t *testing.T, s TablesStore) {
	users(t, s, "Alice", "bob", "Carol")
	now := time.Now()
	tb := newTable("t", "alice", now, 4)
	tb.Seats[1].Reserved = "bob"
	createTable(t, s, tb)
	if _, err := s.TakeSeat(ctx(t), "t", 3, "carol", now, neverStart(t)); err != nil {
		t.Fatal(err)
	}
	was := loadTable(t, s, "t")
	for _, tc := range []struct {
		id, host string
		seat     int
		agent    string
		want     error // nil: a plain error
	}{
		{"t", "bob", 2, "easy", store.ErrConflict},   // not the host
		{"t", "carol", 2, "easy", store.ErrConflict}, // seated, not the host
		{"t", "alice", 3, "easy", store.ErrConflict}, // carol's seat
		{"t", "alice", 0, "easy", store.ErrConflict}, // the host's own
		{"t", "alice", 2, "", store.ErrConflict},     // not a computer's seat
		{"t", "alice", 4, "easy", store.ErrConflict}, // no such seat
		{"t", "alice", 2, strings.Repeat("x", store.MaxAgentLength+1), nil},
		{"none", "alice", 2, "easy", store.ErrNotFound},
	} {
		got, err := s.SetComputer(ctx(t), tc.id, tc.host, tc.seat, tc.agent, now, neverStart(t))
		if err == nil || got != nil || tc.want != nil && !errors.Is(err, tc.want) {
			t.Errorf("SetComputer(%s, %s, %d, %.10q) = %+v, %v; want nil, %v", tc.id, tc.host, tc.seat, tc.agent, got, err, tc.want)
		}
	}
	unchanged(t, s, "refused computers", was)
	// The reserved seat gets a computer: the reservation goes.
	later := now.Add(time.Second)
	got, err := s.SetComputer(ctx(t), "t", "ALICE", 1, "medium", later, neverStart(t))
	if err != nil {
		t.Fatal(err)
	}
	if got.Seats[1] != (store.TableSeat{Agent: "medium"}) || got.Seats[1].Kind() != store.SeatComputer || !got.UpdatedAt.Equal(stored(later)) {
		t.Errorf("a computer at seat 1: %+v", got)
	}
	if loaded := loadTable(t, s, "t"); !reflect.DeepEqual(loaded, got) {
		t.Errorf("LoadTable = %+v, SetComputer returned %+v", loaded, got)
	}
	// Agent "" opens the seat again, to anyone.
	if got, err = s.SetComputer(ctx(t), "t", "alice", 1, "", later, neverStart(t)); err != nil || got.Seats[1] != (store.TableSeat{}) {
		t.Errorf("the computer's seat reopened: %+v, %v", got, err)
	}
	// Another level at a computer's seat, then a computer at the last
	// open seat: the table is full and starts.
	if _, err := s.SetComputer(ctx(t), "t", "alice", 1, "easy", later, neverStart(t)); err != nil {
		t.Fatal(err)
	}
	if got, err = s.SetComputer(ctx(t), "t", "alice", 1, "hard", later, neverStart(t)); err != nil || got.Seats[1].Agent != "hard" {
		t.Errorf("another level: %+v, %v", got, err)
	}
	got, err = s.SetComputer(ctx(t), "t", "alice", 2, "easy", later, starter("gc"))
	if err != nil || got.Status != store.TableStarted || got.Game != "gc" {
		t.Fatalf("the last seat to a computer: %+v, %v", got, err)
	}
	g, err := s.LoadGame(ctx(t), "gc")
	want := []store.Seat{{Kind: "human", Name: "Alice", User: "Alice"}, {Kind: "computer", Agent: "hard", Name: "hard"},
		{Kind: "computer", Agent: "easy", Name: "easy"}, {Kind: "human", Name: "Carol", User: "Carol"}}
	if err != nil || !reflect.DeepEqual(g.Seats, want) {
		t.Errorf("the game: %+v, %v; want seats %+v", g, err, want)
	}
	if _, err := s.SetComputer(ctx(t), "t", "alice", 2, "", later, neverStart(t)); !errors.Is(err, store.ErrConflict) {
		t.Errorf("a computer's seat of a started table reopened: %v", err)
	}
	// A disabled host starts nothing.
	users(t, s, "dave")
	createTable(t, s, newTable("d", "dave", now, 2))
	disableUser(t, s, "dave")
	if _, err := s.SetComputer(ctx(t), "d", "dave", 1, "easy", now, neverStart(t)); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a disabled host seating a computer: %v, want ErrNotFound", err)
	}
	if got := loadTable(t, s, "d"); got.Status != store.TableOpen || got.Seats[1] != (store.TableSeat{}) {
		t.Errorf("after the disabled host's try: %+v", got)
	}
}

func testCloseTable(t *testing.T, s TablesStore) {
	users(t, s, "alice", "bob")
	now := time.Now()
	createTable(t, s, newTable("t", "alice", now, 2))
	was := loadTable(t, s, "t")
	if err := s.CloseTable(ctx(t), "t", "bob"); !errors.Is(err, store.ErrConflict) {
		t.Errorf("bob closing alice's table: %v", err)
	}
	unchanged(t, s, "bob's closing", was)
	if err := s.CloseTable(ctx(t), "none", "alice"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("closing a missing table: %v", err)
	}
	before := time.Now()
	if err := s.CloseTable(ctx(t), "t", "ALICE"); err != nil {
		t.Fatal(err)
	}
	got := loadTable(t, s, "t")
	if got.Status != store.TableClosed || got.Game != "" || got.UpdatedAt.Before(stored(before)) || !reflect.DeepEqual(got.Seats, was.Seats) {
		t.Errorf("the closed table: %+v (closed after %v)", got, before)
	}
	if err := s.CloseTable(ctx(t), "t", "alice"); !errors.Is(err, store.ErrConflict) {
		t.Errorf("closing twice: %v", err)
	}
	if _, err := s.TakeSeat(ctx(t), "t", 1, "bob", now, neverStart(t)); !errors.Is(err, store.ErrConflict) {
		t.Errorf("a seat of a closed table: %v", err)
	}
	if ids := openIDs(t, s, now, 0); ids != "[]" {
		t.Errorf("a closed table is listed: %s", ids)
	}
}

func testExpireTables(t *testing.T, s TablesStore) {
	users(t, s, "alice", "bob")
	start := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	for i, life := range []time.Duration{time.Minute, 2 * time.Minute, time.Hour} {
		tb := newTable(fmt.Sprint("e", i), "alice", start, 2)
		tb.ExpiresAt = start.Add(life)
		createTable(t, s, tb)
	}
	// Started and closed tables past their expiry stay as they are.
	started := newTable("started", "bob", start, 2)
	started.ExpiresAt = start.Add(time.Minute)
	started.Seats[1].Agent = "easy"
	if err := s.CreateTable(ctx(t), started, starter("g")); err != nil {
		t.Fatal(err)
	}
	closed := newTable("closed", "bob", start, 2)
	closed.ExpiresAt = start.Add(time.Minute)
	createTable(t, s, closed)
	if err := s.CloseTable(ctx(t), "closed", "bob"); err != nil {
		t.Fatal(err)
	}
	at := start.Add(2 * time.Minute)
	if n, err := s.ExpireTables(ctx(t), at); err != nil || n != 2 {
		t.Errorf("ExpireTables = %d, %v; want 2 (one at its expiry exactly)", n, err)
	}
	for id, want := range map[string]string{"e0": store.TableExpired, "e1": store.TableExpired, "e2": store.TableOpen,
		"started": store.TableStarted, "closed": store.TableClosed} {
		if got := loadTable(t, s, id); got.Status != want {
			t.Errorf("%s is %s, want %s", id, got.Status, want)
		}
	}
	if got := loadTable(t, s, "e0"); !got.UpdatedAt.Equal(stored(at)) {
		t.Errorf("an expired table's UpdatedAt is %v, want %v", got.UpdatedAt, stored(at))
	}
	if got := loadTable(t, s, "e2"); !got.UpdatedAt.Equal(stored(start)) {
		t.Errorf("an open table's UpdatedAt became %v", got.UpdatedAt)
	}
	if n, err := s.ExpireTables(ctx(t), at); err != nil || n != 0 {
		t.Errorf("ExpireTables again = %d, %v; want 0", n, err)
	}
	if _, err := s.TakeSeat(ctx(t), "e0", 1, "bob", start, neverStart(t)); !errors.Is(err, store.ErrConflict) {
		t.Errorf("a seat of an expired table, even at a time before its expiry: %v", err)
	}
	if err := s.CloseTable(ctx(t), "e0", "alice"); !errors.Is(err, store.ErrConflict) {
		t.Errorf("closing an expired table: %v", err)
	}
}

func testCreateFullTable(t *testing.T, s TablesStore) {
	users(t, s, "Alice", "bob")
	now := time.Now()
	full := func(id string) *store.Table {
		tb := newTable(id, "alice", now, 3)
		tb.Seats[1].Agent = "easy"
		tb.Seats[2].User = "BOB"
		return tb
	}
	var given *store.Table
	tb := full("t")
	err := s.CreateTable(ctx(t), tb, func(tb *store.Table) (*store.Game, error) {
		given = tb
		return starter("g")(tb)
	})
	if err != nil {
		t.Fatal(err)
	}
	if given == nil || !reflect.DeepEqual(given.Seats, []store.TableSeat{{User: "Alice"}, {Agent: "easy"}, {User: "bob"}}) {
		t.Errorf("start was given %+v", given)
	}
	if tb.Status != store.TableStarted || tb.Game != "g" {
		t.Errorf("a table full at creation: %+v, want started with game g", tb)
	}
	if got := loadTable(t, s, "t"); !reflect.DeepEqual(got, tb) {
		t.Errorf("LoadTable = %+v, CreateTable stored %+v", got, tb)
	}
	if g, err := s.LoadGame(ctx(t), "g"); err != nil || len(g.Seats) != 3 || g.Seats[2].User != "bob" {
		t.Errorf("its game: %+v, %v", g, err)
	}
	// A failing start, or none, stores nothing.
	boom := errors.New("boom")
	if err := s.CreateTable(ctx(t), full("f1"), func(*store.Table) (*store.Game, error) { return nil, boom }); !errors.Is(err, boom) {
		t.Errorf("CreateTable with a failing start = %v, want its error", err)
	}
	if err := s.CreateTable(ctx(t), full("f2"), nil); err == nil {
		t.Error("a full table was created without a start")
	}
	for _, id := range []string{"f1", "f2"} {
		if _, err := s.LoadTable(ctx(t), id); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("table %s stored: %v", id, err)
		}
	}
	if games, err := s.ListGames(ctx(t), store.Filter{}); err != nil || len(games) != 1 {
		t.Errorf("games: %d, %v; want 1", len(games), err)
	}
}

// testSeatedBound: one user sits at MaxSeatedTables open tables at most
// (his own included); a started, closed or expired table no longer counts.
func testSeatedBound(t *testing.T, s TablesStore) {
	hosts := make([]string, store.MaxSeatedTables+1)
	for i := range hosts {
		hosts[i] = fmt.Sprint("host", i)
	}
	users(t, s, append(hosts, "eve")...)
	now := time.Now()
	for i, h := range hosts {
		createTable(t, s, newTable(fmt.Sprint("t", i), h, now, 3))
	}
	for i := 0; i < store.MaxSeatedTables; i++ {
		if _, err := s.TakeSeat(ctx(t), fmt.Sprint("t", i), 1, "eve", now, neverStart(t)); err != nil {
			t.Fatalf("eve's seat %d: %v", i+1, err)
		}
	}
	last := fmt.Sprint("t", store.MaxSeatedTables)
	if _, err := s.TakeSeat(ctx(t), last, 1, "eve", now, neverStart(t)); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("eve's seat at table %d: %v, want ErrConflict", store.MaxSeatedTables+1, err)
	}
	if tb := loadTable(t, s, last); tb.SeatOf("eve") >= 0 {
		t.Fatalf("the refused seat was taken: %+v", tb.Seats)
	}
	// One of her tables closes: she may sit again.
	if err := s.CloseTable(ctx(t), "t0", "host0"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.TakeSeat(ctx(t), last, 1, "eve", now, neverStart(t)); err != nil {
		t.Fatalf("eve's seat once a table closed: %v", err)
	}
}
