package server

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/plateau-games/plateau/store"
)

// chatTry writes text and waits for the answer to it: its own message
// back (accepted), or an error (refused, with its code and text). The
// messages of other connections that arrive meanwhile are skipped.
func (c *wsClient) chatTry(text string) (ok bool, code, message string) {
	c.t.Helper()
	c.send(map[string]any{"type": "chat", "text": text})
	for {
		m, err := c.read(20 * time.Second)
		if err != nil {
			c.t.Fatalf("waiting for the answer to %q: %v", text, err)
		}
		switch m.str("type") {
		case "error":
			return false, m.str("code"), m.str("message")
		case "chat":
			if h, _ := m["history"].(bool); !h {
				for _, got := range chatTexts(m) {
					if got == text {
						return true, "", ""
					}
				}
			}
		}
	}
}

// helloChatIn is helloChat in a language.
func (c *wsClient) helloChatIn(lang string, tokens ...string) {
	c.t.Helper()
	if tokens == nil {
		tokens = []string{}
	}
	c.send(map[string]any{"type": "hello", "tokens": tokens, "ply": 0, "lang": lang})
	c.expect("chat", func(m msg) bool { h, _ := m["history"].(bool); return h })
}

// chatRound has every connection write one message (texts unique to the
// round) and returns how many were accepted, and the refusals by code.
func chatRound(t *testing.T, round int, conns []*wsClient) (int, map[string]int, []string) {
	t.Helper()
	accepted, refused := 0, map[string]int{}
	var texts []string
	for i, c := range conns {
		ok, code, message := c.chatTry(fmt.Sprintf("flood %d.%d", round, i))
		if ok {
			accepted++
		} else {
			refused[code]++
			texts = append(texts, message)
		}
	}
	return accepted, refused, texts
}

// One account floods a chat from many connections (ten pages, in two
// games): each page's own bucket lets it write, but the person may write
// ChatBurst messages in 10 seconds and ChatPerMinute a minute, counted in
// the store for all his pages. He is told why and how long to wait, in
// his language; another person in the same channel still writes.
func TestAttackChatFloodOneAccountManyConnections(t *testing.T) {
	clock := &fakeClock{t: time.Now()}
	_, ts, st := accountServer(t, Config{LoginPerMinute: -1, ChatBurst: 6, ChatPerMinute: 12, Now: clock.now})
	g1 := createGame(t, ts, form("pogo", "me", "invite"))
	g2 := createGame(t, ts, form("pogo", "me", "invite"))
	carol := signedUp(t, ts, "carol")
	var conns []*wsClient
	for i := 0; i < 10; i++ {
		id := g1.id
		if i >= 8 {
			id = g2.id
		}
		c := dialAs(t, ts, carol, id)
		lang := "en"
		if i == 0 {
			lang = "fr"
		}
		c.helloChatIn(lang)
		conns = append(conns, c)
	}
	dave := dialAs(t, ts, signedUp(t, ts, "dave"), g1.id)
	dave.helloChat()

	total := 0
	for round := 0; round < 3; round++ {
		n, refused, _ := chatRound(t, round, conns)
		total += n
		if refused["chat_limited"] > 0 {
			t.Fatalf("round %d: a connection's own bucket refused (%v): the test writes too much per connection", round, refused)
		}
	}
	if total != 6 {
		t.Errorf("%d of 30 messages accepted from 10 connections of one account in 10 s, want ChatBurst = 6", total)
	}
	ok, code, message := conns[0].chatTry("encore")
	if ok || code != "chat_rate" || !strings.Contains(message, "trop vite") || !strings.Contains(message, "patientez 10 s") {
		t.Errorf("the refusal in French: %v %q %q", ok, code, message)
	}
	ok, code, message = conns[1].chatTry("again")
	if ok || code != "chat_rate" || !strings.Contains(message, "too fast") || !strings.Contains(message, "wait 10 s") {
		t.Errorf("the refusal in English: %v %q %q", ok, code, message)
	}
	if ok, code, _ := dave.chatTry("hello from dave"); !ok {
		t.Errorf("another person in the channel: refused %s", code)
	}

	// 10 seconds later: 6 more; then the minute is full (12).
	clock.add(10 * time.Second)
	if n, refused, _ := chatRound(t, 3, conns); n != 6 || refused["chat_rate"] != 4 {
		t.Errorf("after 10 s: %d accepted, refusals %v; want 6 and 4 chat_rate", n, refused)
	}
	clock.add(10 * time.Second)
	n, refused, texts := chatRound(t, 4, conns[2:]) // the first two have used their own bucket
	if n != 0 || refused["chat_rate"] != 8 || !strings.Contains(texts[0], "wait 40 s") {
		t.Errorf("with 12 in the minute: %d accepted, refusals %v %q; want none, told to wait 40 s", n, refused, texts)
	}
	list, _ := st.(store.Chat).ChatMessages(t.Context(), g1.id, store.ChatSpectators, 0)
	list2, _ := st.(store.Chat).ChatMessages(t.Context(), g2.id, store.ChatSpectators, 0)
	if carols := len(list) + len(list2) - 1; carols != 12 { // dave's one
		t.Errorf("%d of carol's messages stored, want 12", carols)
	}
}

// Without an account the limits count by address: the players of three
// games, all from one address, share them; an account from the same
// address has its own.
func TestAttackChatFloodOneAddress(t *testing.T) {
	clock := &fakeClock{t: time.Now()}
	_, ts, _ := accountServer(t, Config{LoginPerMinute: -1, ChatBurst: 5, ChatPerMinute: 100, Now: clock.now})
	var conns []*wsClient
	for i := 0; i < 3; i++ {
		g := createGame(t, ts, form("pogo", "me", "invite"))
		a, b := dial(t, ts, g.id), dial(t, ts, g.id)
		a.helloChat(g.mine[0])
		b.helloChat(g.invited[1])
		conns = append(conns, a, b)
	}
	total := 0
	for round := 0; round < 3; round++ {
		n, refused, _ := chatRound(t, round, conns)
		total += n
		if refused["chat_limited"] > 0 {
			t.Fatalf("round %d: a connection's own bucket refused (%v)", round, refused)
		}
	}
	if total != 5 {
		t.Errorf("%d of 18 messages accepted from 6 anonymous connections of one address, want 5", total)
	}
	g := createGame(t, ts, form("pogo", "me", "invite"))
	erin := dialAs(t, ts, signedUp(t, ts, "erin"), g.id)
	erin.helloChat()
	if ok, code, _ := erin.chatTry("an account of the same address"); !ok {
		t.Errorf("an account from the same address: refused %s", code)
	}
}

// Two servers on one PostgreSQL: one account writing through both gets
// ChatBurst messages in all, not ChatBurst per server.
func TestTwoServersChatLimit(t *testing.T) {
	stores := pgStores(t, 2)
	clock := &fakeClock{t: time.Now()}
	cfg := Config{NewAgent: cheapAgents, LoginPerMinute: -1, ChatBurst: 4, ChatPerMinute: -1, Now: clock.now}
	cfg.Store = stores[0]
	_, ts1 := runServer(t, cfg)
	cfg.Store = stores[1]
	_, ts2 := runServer(t, cfg)
	g := createGame(t, ts1, form("pogo", "me", "invite"))
	carol := signedUp(t, ts1, "carol") // the session is in the store: both servers know it
	var conns []*wsClient
	for i := 0; i < 6; i++ {
		ts := ts1
		if i%2 == 1 {
			ts = ts2
		}
		c := dialAs(t, ts, carol, g.id)
		if h := c.helloChat(); h["canWrite"] != true {
			t.Fatalf("carol on server %d cannot write: %v", i%2+1, h)
		}
		conns = append(conns, c)
	}
	total := 0
	for round := 0; round < 2; round++ {
		n, _, _ := chatRound(t, round, conns)
		total += n
	}
	if total != 4 {
		t.Errorf("%d of 12 messages accepted from one account on two servers, want 4", total)
	}
}

// One person cannot fill a channel: he holds at most ChatShare of its
// messages shown, while the others still write; an operator's deletion
// frees room for him again.
func TestAttackChatShare(t *testing.T) {
	_, ts, st := accountServer(t, Config{LoginPerMinute: -1, ChatShare: 3, ChatBurst: -1, ChatPerMinute: -1})
	g := createGame(t, ts, form("pogo", "me", "invite"))
	other := createGame(t, ts, form("pogo", "me", "invite"))
	carol := signedUp(t, ts, "carol")
	c := dialAs(t, ts, carol, g.id)
	c.helloChat()
	for i := 0; i < 3; i++ {
		if ok, code, _ := c.chatTry(fmt.Sprint("mine ", i)); !ok {
			t.Fatalf("message %d: refused %s", i, code)
		}
	}
	ok, code, message := c.chatTry("one too many")
	if ok || code != "chat_share" || !strings.Contains(message, "3 messages") {
		t.Fatalf("over the share: %v %q %q", ok, code, message)
	}
	dave := dialAs(t, ts, signedUp(t, ts, "dave"), g.id)
	dave.helloChat()
	if ok, code, _ := dave.chatTry("my turn"); !ok {
		t.Errorf("another person, while carol holds her share: refused %s", code)
	}
	elsewhere := dialAs(t, ts, carol, other.id)
	elsewhere.helloChat()
	if ok, code, _ := elsewhere.chatTry("another game"); !ok {
		t.Errorf("carol in another game: refused %s", code)
	}

	// An operator deletes one of hers: she may write one more.
	signedUp(t, ts, "modo")
	u, _ := st.LoadUser(t.Context(), "modo")
	u.Role = store.RoleOperator
	if err := st.UpdateUser(t.Context(), u); err != nil {
		t.Fatal(err)
	}
	modo := browser(t)
	if resp, _ := postAs(t, modo, ts.URL+"/login", map[string][]string{"name": {"modo"}, "password": {"password modo"}}); resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("operator login: %d", resp.StatusCode)
	}
	m := dialAs(t, ts, modo, g.id)
	m.helloChat()
	msgs, _ := st.(store.Chat).ChatMessages(t.Context(), g.id, store.ChatSpectators, 0)
	m.send(map[string]any{"type": "chatdelete", "id": msgs[0].ID})
	c.expect("chatdeleted", nil)
	c2 := dialAs(t, ts, carol, g.id) // another page: the first has used its own bucket
	c2.helloChat()
	if ok, code, _ := c2.chatTry("room again"); !ok {
		t.Errorf("after the operator's deletion: refused %s", code)
	}
	if ok, code, _ := c2.chatTry("and one too many"); ok || code != "chat_share" {
		t.Errorf("over the share again: %v %s", ok, code)
	}
}
