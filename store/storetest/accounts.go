package storetest

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/plateau-games/plateau/store"
)

// RunAccounts runs the conformance suite of store.Accounts, each test as a
// subtest of t, on an empty store from newStore (closed by the caller's
// t.Cleanup, as in Run).
func RunAccounts(t *testing.T, newStore func(t *testing.T) store.Accounts) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s store.Accounts)
	}{
		{"CreateLoadUser", testCreateLoadUser},
		{"UserNameTakenInAnyCase", testUserNameTaken},
		{"BadUsers", testBadUsers},
		{"UpdateUser", testUpdateUser},
		{"ListUsers", testListUsers},
		{"Sessions", testSessions},
		{"SessionExpiry", testSessionExpiry},
		{"DisabledUserSessions", testDisabledUserSessions},
		{"BadSessions", testBadSessions},
		{"UserRace", testUserRace},
		{"SeatsOfAccounts", testSeatsOfAccounts},
		{"BotOwner", testBotOwner},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.fn(t, newStore(t)) })
	}
}

// sampleUser has every field set.
func sampleUser(name string) *store.User {
	return &store.User{
		Name:         name,
		PasswordHash: "$argon2id$v=19$m=65536,t=1,p=2$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaA",
		Role:         store.RoleOperator,
		Bot:          true,
		CreatedAt:    base,
		UpdatedAt:    base.Add(time.Second),
	}
}

// tokenHash is the hex SHA-256 of a token, as the server stores it.
func tokenHash(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

func testCreateLoadUser(t *testing.T, s store.Accounts) {
	u := sampleUser("Zoe_42")
	if err := s.CreateUser(ctx(t), u); err != nil {
		t.Fatal(err)
	}
	want := *u
	want.CreatedAt, want.UpdatedAt = stored(base), stored(base.Add(time.Second))
	if !reflect.DeepEqual(*u, want) {
		t.Errorf("CreateUser left %+v, want %+v (times as stored)", *u, want)
	}
	for _, name := range []string{"Zoe_42", "zoe_42", "ZOE_42"} {
		got, err := s.LoadUser(ctx(t), name)
		if err != nil {
			t.Fatalf("LoadUser(%q): %v", name, err)
		}
		if !reflect.DeepEqual(*got, want) {
			t.Errorf("LoadUser(%q) = %+v, want %+v", name, *got, want)
		}
	}
	if _, err := s.LoadUser(ctx(t), "nobody"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("LoadUser of a missing user: %v, want ErrNotFound", err)
	}
	// Defaults: role player, times now.
	before := time.Now().Add(-time.Second)
	d := &store.User{Name: "plain"}
	if err := s.CreateUser(ctx(t), d); err != nil {
		t.Fatal(err)
	}
	if d.Role != store.RolePlayer || d.CreatedAt.Before(before) || !d.UpdatedAt.Equal(d.CreatedAt) {
		t.Errorf("defaults: %+v", d)
	}
}

func testUserNameTaken(t *testing.T, s store.Accounts) {
	if err := s.CreateUser(ctx(t), sampleUser("Alice")); err != nil {
		t.Fatal(err)
	}
	other := &store.User{Name: "aLICE", PasswordHash: "other"}
	if err := s.CreateUser(ctx(t), other); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("a second Alice: %v, want ErrConflict", err)
	}
	got, err := s.LoadUser(ctx(t), "alice")
	if err != nil || got.Name != "Alice" || got.PasswordHash == "other" {
		t.Fatalf("after the refused duplicate: %+v, %v", got, err)
	}
}

func testBadUsers(t *testing.T, s store.Accounts) {
	long := strings.Repeat("a", store.MaxUserName+1)
	for _, u := range []*store.User{
		nil,
		{Name: ""},
		{Name: "a"},
		{Name: long},
		{Name: "two words"},
		{Name: "<script>"},
		{Name: "Zoé"},
		{Name: "_lead"},
		{Name: "-lead"},
		{Name: "../etc"},
		{Name: "nul\x00"},
		{Name: "fine", Role: "admin"},
		{Name: "fine", PasswordHash: strings.Repeat("x", 513)},
	} {
		if err := s.CreateUser(ctx(t), u); err == nil {
			t.Errorf("CreateUser(%+v) accepted", u)
		}
	}
	users, err := s.ListUsers(ctx(t), 0, 0)
	if err != nil || len(users) != 0 {
		t.Errorf("after refused users: %v, %v", users, err)
	}
}

func testUpdateUser(t *testing.T, s store.Accounts) {
	u := &store.User{Name: "bob", PasswordHash: "old", CreatedAt: base, UpdatedAt: base}
	if err := s.CreateUser(ctx(t), u); err != nil {
		t.Fatal(err)
	}
	change := &store.User{Name: "BOB", PasswordHash: "new", Role: store.RoleOperator, Bot: true, CreatedAt: base, UpdatedAt: base}
	if err := s.UpdateUser(ctx(t), change); err != nil {
		t.Fatal(err)
	}
	got, err := s.LoadUser(ctx(t), "bob")
	if err != nil {
		t.Fatal(err)
	}
	if got.Name != "bob" || got.PasswordHash != "new" || got.Role != store.RoleOperator || !got.Bot || got.Disabled {
		t.Errorf("after UpdateUser: %+v", got)
	}
	if !got.CreatedAt.Equal(stored(base)) || !got.UpdatedAt.After(stored(base)) || !got.UpdatedAt.Equal(change.UpdatedAt) {
		t.Errorf("times after UpdateUser: created %v, updated %v (returned %v)", got.CreatedAt, got.UpdatedAt, change.UpdatedAt)
	}
	if err := s.UpdateUser(ctx(t), &store.User{Name: "nobody"}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("UpdateUser of a missing user: %v, want ErrNotFound", err)
	}
	if err := s.UpdateUser(ctx(t), &store.User{Name: "bob", Role: "root"}); err == nil {
		t.Error("UpdateUser accepted the role root")
	}
	if got, _ := s.LoadUser(ctx(t), "bob"); got.Role != store.RoleOperator {
		t.Errorf("a refused update changed the user: %+v", got)
	}
}

func testListUsers(t *testing.T, s store.Accounts) {
	names := []string{"delta", "Alpha", "charlie", "Bravo", "echo"}
	for _, n := range names {
		if err := s.CreateUser(ctx(t), &store.User{Name: n}); err != nil {
			t.Fatal(err)
		}
	}
	var got []string
	for offset := 0; ; offset += 2 {
		page, err := s.ListUsers(ctx(t), 2, offset)
		if err != nil {
			t.Fatal(err)
		}
		if len(page) == 0 {
			break
		}
		for _, u := range page {
			got = append(got, u.Name)
		}
	}
	want := []string{"Alpha", "Bravo", "charlie", "delta", "echo"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("users in pages of 2: %v, want %v", got, want)
	}
	if _, err := s.ListUsers(ctx(t), -1, 0); err == nil {
		t.Error("a negative limit was accepted")
	}
}

func testSessions(t *testing.T, s store.Accounts) {
	for _, n := range []string{"carol", "dave"} {
		if err := s.CreateUser(ctx(t), &store.User{Name: n}); err != nil {
			t.Fatal(err)
		}
	}
	now := time.Now()
	var hashes []string
	for i, user := range []string{"Carol", "carol", "dave"} {
		sess := &store.Session{TokenHash: tokenHash(fmt.Sprint("token", i)), User: user, CreatedAt: base, ExpiresAt: now.Add(time.Hour)}
		if err := s.CreateSession(ctx(t), sess); err != nil {
			t.Fatal(err)
		}
		hashes = append(hashes, sess.TokenHash)
	}
	sess, u, err := s.LoadSession(ctx(t), hashes[0], now)
	if err != nil {
		t.Fatal(err)
	}
	if sess.User != "carol" || u.Name != "carol" || sess.TokenHash != hashes[0] ||
		!sess.CreatedAt.Equal(stored(base)) || !sess.ExpiresAt.Equal(stored(now.Add(time.Hour))) {
		t.Errorf("LoadSession: %+v, %+v", sess, u)
	}
	dup := &store.Session{TokenHash: hashes[0], User: "dave", ExpiresAt: now.Add(time.Hour)}
	if err := s.CreateSession(ctx(t), dup); !errors.Is(err, store.ErrConflict) {
		t.Errorf("a second session with one hash: %v, want ErrConflict", err)
	}
	if _, u, _ := s.LoadSession(ctx(t), hashes[0], now); u == nil || u.Name != "carol" {
		t.Errorf("the refused duplicate changed the session's user: %+v", u)
	}
	if err := s.CreateSession(ctx(t), &store.Session{TokenHash: tokenHash("x"), User: "nobody", ExpiresAt: now.Add(time.Hour)}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a session of a missing user: %v, want ErrNotFound", err)
	}
	// Logging out.
	if err := s.DeleteSession(ctx(t), hashes[0]); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteSession(ctx(t), hashes[0]); err != nil {
		t.Errorf("deleting a deleted session: %v", err)
	}
	if _, _, err := s.LoadSession(ctx(t), hashes[0], now); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a deleted session: %v, want ErrNotFound", err)
	}
	// A new password ends every session of the user, and only those.
	if n, err := s.DeleteSessions(ctx(t), "CAROL"); err != nil || n != 1 {
		t.Errorf("DeleteSessions(carol) = %d, %v; want 1", n, err)
	}
	if _, _, err := s.LoadSession(ctx(t), hashes[1], now); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("carol's second session: %v, want ErrNotFound", err)
	}
	if _, _, err := s.LoadSession(ctx(t), hashes[2], now); err != nil {
		t.Errorf("dave's session: %v", err)
	}
}

func testSessionExpiry(t *testing.T, s store.Accounts) {
	if err := s.CreateUser(ctx(t), &store.User{Name: "erin"}); err != nil {
		t.Fatal(err)
	}
	start := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for i, life := range []time.Duration{time.Minute, time.Hour, 48 * time.Hour} {
		sess := &store.Session{TokenHash: tokenHash(fmt.Sprint(i)), User: "erin", CreatedAt: start, ExpiresAt: start.Add(life)}
		if err := s.CreateSession(ctx(t), sess); err != nil {
			t.Fatal(err)
		}
	}
	at := start.Add(time.Minute) // the first expires exactly now: expired
	if _, _, err := s.LoadSession(ctx(t), tokenHash("0"), at); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a session at its expiry: %v, want ErrNotFound", err)
	}
	if _, _, err := s.LoadSession(ctx(t), tokenHash("0"), at.Add(-time.Millisecond)); err != nil {
		t.Errorf("a session a millisecond before its expiry: %v", err)
	}
	if n, err := s.DeleteExpiredSessions(ctx(t), start.Add(2*time.Hour)); err != nil || n != 2 {
		t.Errorf("DeleteExpiredSessions = %d, %v; want 2", n, err)
	}
	if _, _, err := s.LoadSession(ctx(t), tokenHash("2"), start); err != nil {
		t.Errorf("the live session after the cleanup: %v", err)
	}
}

func testDisabledUserSessions(t *testing.T, s store.Accounts) {
	u := &store.User{Name: "mallory"}
	if err := s.CreateUser(ctx(t), u); err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	if err := s.CreateSession(ctx(t), &store.Session{TokenHash: tokenHash("m"), User: "mallory", ExpiresAt: now.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	u.Disabled = true
	if err := s.UpdateUser(ctx(t), u); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.LoadSession(ctx(t), tokenHash("m"), now); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the session of a disabled user: %v, want ErrNotFound", err)
	}
	if err := s.CreateSession(ctx(t), &store.Session{TokenHash: tokenHash("m2"), User: "mallory", ExpiresAt: now.Add(time.Hour)}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a new session of a disabled user: %v, want ErrNotFound", err)
	}
	// Enabled again, the old session stays gone.
	u.Disabled = false
	if err := s.UpdateUser(ctx(t), u); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.LoadSession(ctx(t), tokenHash("m"), now); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a session that disabling ended came back: %v", err)
	}
}

func testBadSessions(t *testing.T, s store.Accounts) {
	if err := s.CreateUser(ctx(t), &store.User{Name: "frank"}); err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	for _, sess := range []*store.Session{
		nil,
		{TokenHash: "short", User: "frank", ExpiresAt: now.Add(time.Hour)},
		{TokenHash: tokenHash("a"), User: "frank", CreatedAt: now, ExpiresAt: now.Add(-time.Hour)},
		{TokenHash: tokenHash("b"), User: "frank"},
	} {
		if err := s.CreateSession(ctx(t), sess); err == nil {
			t.Errorf("CreateSession(%+v) accepted", sess)
		}
	}
	if n, err := s.DeleteSessions(ctx(t), "frank"); err != nil || n != 0 {
		t.Errorf("sessions left by refused creations: %d, %v", n, err)
	}
}

// testUserRace: of writers creating one name in different cases at once,
// exactly one wins.
func testUserRace(t *testing.T, s store.Accounts) {
	const writers = 8
	var wins atomic.Int32
	var wg sync.WaitGroup
	for i := 0; i < writers; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			name := "Race"
			if i%2 == 1 {
				name = "rACE"
			}
			err := s.CreateUser(ctx(t), &store.User{Name: name, PasswordHash: fmt.Sprint(i)})
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
		t.Errorf("%d writers created the user, want 1", wins.Load())
	}
}

// testSeatsOfAccounts: a seat may belong to an account; it comes back with
// the name as the account has it, in LoadGame and ListGames, and a seat of
// an unknown account is refused with nothing stored.
func testSeatsOfAccounts(t *testing.T, s store.Accounts) {
	games, ok := s.(store.Store)
	if !ok {
		t.Skip("this store keeps no games")
	}
	if err := s.CreateUser(ctx(t), &store.User{Name: "Zoe"}); err != nil {
		t.Fatal(err)
	}
	g := sample("accounts01")
	g.Seats[0].User = "zoe" // any case
	g.Rated = true
	if err := games.CreateGame(ctx(t), g); err != nil {
		t.Fatal(err)
	}
	got, err := games.LoadGame(ctx(t), "accounts01")
	if err != nil {
		t.Fatal(err)
	}
	if got.Seats[0].User != "Zoe" || got.Seats[1].User != "" || !got.Rated {
		t.Errorf("LoadGame: seats %+v, rated %v", got.Seats, got.Rated)
	}
	list, err := games.ListGames(ctx(t), store.Filter{})
	if err != nil || len(list) != 1 || list[0].Seats[0].User != "Zoe" || list[0].Seats[1].User != "" || !list[0].Rated {
		t.Errorf("ListGames: %+v, %v", list, err)
	}
	other := sample("accounts03")
	if err := games.CreateGame(ctx(t), other); err != nil {
		t.Fatal(err)
	}
	for user, want := range map[string]int{"ZOE": 1, "nobody": 0, "": 2} {
		list, err := games.ListGames(ctx(t), store.Filter{User: user})
		if err != nil || len(list) != want || want == 1 && list[0].ID != "accounts01" {
			t.Errorf("ListGames(User %q): %d games, %v; want %d", user, len(list), err, want)
		}
	}
	bad := sample("accounts02")
	bad.Seats[1].User = "nobody"
	if err := games.CreateGame(ctx(t), bad); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a seat of an unknown account: %v, want ErrNotFound", err)
	}
	if _, err := games.LoadGame(ctx(t), "accounts02"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the refused game was stored: %v", err)
	}
}

// testBotOwner: a bot may have an owner, an existing account, kept with
// its name as the account has it; a person has none.
func testBotOwner(t *testing.T, s store.Accounts) {
	if err := s.CreateUser(ctx(t), &store.User{Name: "Alice"}); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateUser(ctx(t), &store.User{Name: "robo", Bot: true, Owner: "ALICE"}); err != nil {
		t.Fatal(err)
	}
	if u, err := s.LoadUser(ctx(t), "robo"); err != nil || u.Owner != "Alice" {
		t.Errorf("the bot's owner: %+v, %v", u, err)
	}
	if err := s.CreateUser(ctx(t), &store.User{Name: "robo2", Bot: true, Owner: "nobody"}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a bot of nobody: %v", err)
	}
	if err := s.CreateUser(ctx(t), &store.User{Name: "person", Owner: "alice"}); err == nil {
		t.Error("a person with an owner was stored")
	}
	u, _ := s.LoadUser(ctx(t), "robo")
	u.Owner = ""
	if err := s.UpdateUser(ctx(t), u); err != nil {
		t.Fatal(err)
	}
	if u, _ := s.LoadUser(ctx(t), "robo"); u.Owner != "" {
		t.Errorf("the owner after removing it: %q", u.Owner)
	}
}
