package storetest

import (
	"errors"
	"fmt"
	"testing"

	"github.com/plateau-games/plateau/store"
)

// BotStore is what the bot token suite needs.
type BotStore interface {
	store.Accounts
	store.BotTokens
}

// RunBotTokens runs the conformance suite of store.BotTokens, each test as
// a subtest of t, on an empty store from newStore.
func RunBotTokens(t *testing.T, newStore func(t *testing.T) BotStore) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s BotStore)
	}{
		{"CreateUseRevoke", testBotTokens},
		{"Refusals", testBotTokenRefusals},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.fn(t, newStore(t)) })
	}
}

func testBotTokens(t *testing.T, s BotStore) {
	if err := s.CreateUser(ctx(t), &store.User{Name: "StockBot", Bot: true}); err != nil {
		t.Fatal(err)
	}
	a := &store.BotToken{ID: "t1", User: "stockbot", Label: "home server", Hash: tokenHash("secret one"), CreatedAt: base}
	b := &store.BotToken{ID: "t2", User: "STOCKBOT", Hash: tokenHash("secret two"), CreatedAt: base.Add(1)}
	for _, tok := range []*store.BotToken{a, b} {
		if err := s.CreateBotToken(ctx(t), tok); err != nil {
			t.Fatal(err)
		}
	}
	u, err := s.BotTokenUser(ctx(t), tokenHash("secret one"))
	if err != nil || u.Name != "StockBot" || !u.Bot {
		t.Fatalf("BotTokenUser: %+v, %v", u, err)
	}
	list, err := s.ListBotTokens(ctx(t), "stockbot")
	if err != nil || len(list) != 2 || list[0].ID != "t1" || list[0].Label != "home server" || list[0].User != "StockBot" ||
		list[0].Hash != "" || !list[0].CreatedAt.Equal(stored(base)) {
		t.Fatalf("ListBotTokens: %+v, %v", list, err)
	}
	if err := s.RevokeBotToken(ctx(t), "stockbot", "t1"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.BotTokenUser(ctx(t), tokenHash("secret one")); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a revoked token: %v", err)
	}
	if _, err := s.BotTokenUser(ctx(t), tokenHash("secret two")); err != nil {
		t.Errorf("the other token after a revocation: %v", err)
	}
	if err := s.RevokeBotToken(ctx(t), "stockbot", "t1"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("revoking twice: %v", err)
	}
	// A disabled bot plays with no token.
	u.Disabled = true
	if err := s.UpdateUser(ctx(t), u); err != nil {
		t.Fatal(err)
	}
	if _, err := s.BotTokenUser(ctx(t), tokenHash("secret two")); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the token of a disabled bot: %v", err)
	}
}

func testBotTokenRefusals(t *testing.T, s BotStore) {
	if err := s.CreateUser(ctx(t), &store.User{Name: "human"}); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateUser(ctx(t), &store.User{Name: "bot1", Bot: true}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		tok  *store.BotToken
		want error
	}{
		{nil, nil},
		{&store.BotToken{ID: "", User: "bot1", Hash: tokenHash("x")}, nil},
		{&store.BotToken{ID: "a", User: "bot1", Hash: "short"}, nil},
		{&store.BotToken{ID: "b", User: "nobody", Hash: tokenHash("y")}, store.ErrNotFound},
		{&store.BotToken{ID: "c", User: "human", Hash: tokenHash("z")}, store.ErrConflict},
	} {
		if err := s.CreateBotToken(ctx(t), tc.tok); err == nil || tc.want != nil && !errors.Is(err, tc.want) {
			t.Errorf("CreateBotToken(%+v) = %v, want an error (%v)", tc.tok, err, tc.want)
		}
	}
	for i := 0; i < store.MaxBotTokens; i++ {
		if err := s.CreateBotToken(ctx(t), &store.BotToken{ID: fmt.Sprint("k", i), User: "bot1", Hash: tokenHash(fmt.Sprint(i))}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.CreateBotToken(ctx(t), &store.BotToken{ID: "more", User: "bot1", Hash: tokenHash("more")}); !errors.Is(err, store.ErrConflict) {
		t.Errorf("token %d: %v", store.MaxBotTokens+1, err)
	}
	if err := s.RevokeBotToken(ctx(t), "bot1", "k0"); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateBotToken(ctx(t), &store.BotToken{ID: "k1", User: "bot1", Hash: tokenHash("dup id")}); !errors.Is(err, store.ErrConflict) {
		t.Errorf("an id taken: %v", err)
	}
}
