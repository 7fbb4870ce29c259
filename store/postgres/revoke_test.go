package postgres_test

import (
	"context"
	"testing"
	"time"

	"github.com/plateau-games/plateau/store"
)

// Disabling an account and revoking a bot token notify every listener,
// once committed, with the account's name: servers close its connections
// at once.
func TestRevocationNotified(t *testing.T) {
	dsn(t)
	open := reopenable(t)
	writer, listener := open(), open()
	events := make(chan string, 16)
	ready := make(chan struct{}, 1)
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	go listener.(store.Notifier).Listen(ctx, func(c store.GameChange) {
		switch {
		case c.Resync:
			ready <- struct{}{}
		case c.Game == "-" && c.Event != "":
			events <- c.Event
		}
	})
	next := func() string {
		t.Helper()
		select {
		case e := <-events:
			return e
		case <-time.After(10 * time.Second):
			t.Fatal("no notification after 10 s")
		}
		return ""
	}
	select {
	case <-ready:
	case <-time.After(10 * time.Second):
		t.Fatal("not listening after 10 s")
	}
	acc := writer.(store.Accounts)
	u := &store.User{Name: "Alice", PasswordHash: ""}
	if err := acc.CreateUser(t.Context(), u); err != nil {
		t.Fatal(err)
	}
	u.Disabled = true
	if err := acc.UpdateUser(t.Context(), u); err != nil {
		t.Fatal(err)
	}
	if e := next(); e != store.RevokeEvent("alice") || e != "revoke alice" {
		t.Fatalf("after disabling: %q", e)
	}
	if err := acc.CreateUser(t.Context(), &store.User{Name: "robo", Bot: true}); err != nil {
		t.Fatal(err)
	}
	bots := writer.(store.BotTokens)
	if err := bots.CreateBotToken(t.Context(), &store.BotToken{ID: "t1", User: "robo", Hash: "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"}); err != nil {
		t.Fatal(err)
	}
	if err := bots.RevokeBotToken(t.Context(), "robo", "t1"); err != nil {
		t.Fatal(err)
	}
	if e := next(); e != "revoke robo" {
		t.Fatalf("after revoking a token: %q", e)
	}
}
