package storetest

import (
	"bytes"
	"errors"
	"testing"

	"github.com/plateau-games/plateau/store"
)

// RevokeStore is what the revocation suite needs.
type RevokeStore interface {
	store.Accounts
	store.BotTokens
	store.Revocations
	store.Secrets
}

// RunRevocations runs the conformance suite of store.Revocations and
// store.Secrets, each test as a subtest of t, on an empty store from
// newStore.
func RunRevocations(t *testing.T, newStore func(t *testing.T) RevokeStore) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s RevokeStore)
	}{
		{"CountGrows", testRevocationCount},
		{"Secret", testSecret},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.fn(t, newStore(t)) })
	}
}

// Each withdrawal of credentials makes the count grow; other writes do
// not, nor does a failed withdrawal.
func testRevocationCount(t *testing.T, s RevokeStore) {
	count := func() int64 {
		t.Helper()
		n, err := s.Revocations(ctx(t))
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	last := count()
	grew := func(what string, want bool) {
		t.Helper()
		n := count()
		if (n > last) != want {
			t.Errorf("after %s the count went from %d to %d (should grow: %v)", what, last, n, want)
		}
		last = n
	}
	alice := &store.User{Name: "alice", PasswordHash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5"}
	if err := s.CreateUser(ctx(t), alice); err != nil {
		t.Fatal(err)
	}
	grew("creating an account", false)
	alice.Role = store.RoleOperator
	if err := s.UpdateUser(ctx(t), alice); err != nil {
		t.Fatal(err)
	}
	grew("changing a role", false)
	if _, err := s.DeleteSessions(ctx(t), "alice"); err != nil {
		t.Fatal(err)
	}
	grew("ending an account's sessions", true)
	alice.Disabled = true
	if err := s.UpdateUser(ctx(t), alice); err != nil {
		t.Fatal(err)
	}
	grew("disabling an account", true)
	if err := s.CreateUser(ctx(t), &store.User{Name: "robo", Bot: true}); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateBotToken(ctx(t), &store.BotToken{ID: "t1", User: "robo", Hash: tokenHash("robo's secret")}); err != nil {
		t.Fatal(err)
	}
	grew("creating a bot token", false)
	if err := s.RevokeBotToken(ctx(t), "robo", "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("revoking an unknown token: %v", err)
	}
	grew("revoking an unknown token", false)
	if err := s.RevokeBotToken(ctx(t), "robo", "t1"); err != nil {
		t.Fatal(err)
	}
	grew("revoking a bot token", true)
}

// A secret is stored by its first call and returned to every later one.
func testSecret(t *testing.T, s RevokeStore) {
	first := bytes.Repeat([]byte{1}, 32)
	got, err := s.Secret(ctx(t), "device", first)
	if err != nil || !bytes.Equal(got, first) {
		t.Fatalf("first call: %x, %v", got, err)
	}
	got, err = s.Secret(ctx(t), "device", bytes.Repeat([]byte{2}, 32))
	if err != nil || !bytes.Equal(got, first) {
		t.Fatalf("second call: %x, %v; want the first secret", got, err)
	}
	other, err := s.Secret(ctx(t), "other", bytes.Repeat([]byte{3}, 16))
	if err != nil || !bytes.Equal(other, bytes.Repeat([]byte{3}, 16)) {
		t.Fatalf("another name: %x, %v", other, err)
	}
	for _, bad := range []struct {
		name  string
		fresh []byte
	}{{"", first}, {string(make([]byte, 65)), first}, {"short", []byte("too short")}, {"long", make([]byte, 257)}} {
		if _, err := s.Secret(ctx(t), bad.name, bad.fresh); err == nil {
			t.Errorf("Secret(%d-byte name, %d-byte secret) accepted", len(bad.name), len(bad.fresh))
		}
	}
}
