package server

import (
	"strings"
	"testing"

	"github.com/plateau-games/plateau/server/internal/live"
	"github.com/plateau-games/plateau/store"
)

// expectChat waits for a new chat message and returns it.
func (c *wsClient) expectChat(history bool) msg {
	c.t.Helper()
	return c.expect("chat", func(m msg) bool { h, _ := m["history"].(bool); return h == history })
}

// helloChat greets the server and returns the chat history it sends with
// the state (in either order: the state goes by its own way).
func (c *wsClient) helloChat(tokens ...string) msg {
	c.t.Helper()
	if tokens == nil {
		tokens = []string{}
	}
	c.send(map[string]any{"type": "hello", "tokens": tokens, "ply": 0})
	var history msg
	state := false
	for history == nil || !state {
		m, err := c.read(20e9)
		if err != nil {
			c.t.Fatalf("waiting for the state and the chat: %v", err)
		}
		switch m.str("type") {
		case "state":
			state = true
		case "chat":
			if h, _ := m["history"].(bool); h {
				history = m
			}
		}
	}
	return history
}

func chatTexts(m msg) []string {
	var out []string
	for _, it := range m["messages"].([]any) {
		out = append(out, it.(map[string]any)["text"].(string))
	}
	return out
}

func TestChatChannels(t *testing.T) {
	_, ts, st := accountServer(t, Config{LoginPerMinute: -1})
	g := createGame(t, ts, form("pogo", "me", "invite"))
	a, b := dial(t, ts, g.id), dial(t, ts, g.id)
	if h := a.helloChat(g.mine[0]); h.str("channel") != store.ChatPlayers || h["canWrite"] != true {
		t.Fatalf("a player's chat: %v", h)
	}
	b.helloChat(g.invited[1])
	anon := dial(t, ts, g.id)
	if h := anon.helloChat(); h.str("channel") != store.ChatSpectators || h["canWrite"] == true {
		t.Fatalf("an anonymous spectator's chat: %v", h)
	}
	carol := signedUp(t, ts, "carol")
	fan := dialAs(t, ts, carol, g.id)
	fan.helloChat()

	// A player writes: both players read it, as text; spectators do not.
	a.send(map[string]any{"type": "chat", "text": "bonne <script>alert(1)</script> partie\u202e\x07 !"})
	for _, c := range []*wsClient{a, b} {
		got := chatTexts(c.expectChat(false))
		if len(got) != 1 || got[0] != "bonne <script>alert(1)</script> partie !" {
			t.Errorf("players read %q", got)
		}
	}
	// A spectator without an account cannot write; with one, only the
	// spectators read it.
	anon.send(map[string]any{"type": "chat", "text": "hello"})
	if e := anon.expect("error", nil); e.str("code") != "chat_login" {
		t.Errorf("anonymous spectator: %v", e)
	}
	fan.send(map[string]any{"type": "chat", "text": "allez !"})
	if got := chatTexts(anon.expectChat(false)); len(got) != 1 || got[0] != "allez !" {
		t.Errorf("spectators read %q", got)
	}
	fan.expectChat(false)
	a.send(map[string]any{"type": "chat", "text": "second"})
	if got := chatTexts(b.expectChat(false)); got[0] != "second" {
		t.Errorf("the players got %q, not the spectators' message", got)
	}
	// Too long: cut to the bound; empty: refused.
	a.send(map[string]any{"type": "chat", "text": strings.Repeat("é", 1000)})
	if got := chatTexts(b.expectChat(false)); len([]rune(got[0])) != store.MaxChatText {
		t.Errorf("a long message kept %d characters", len([]rune(got[0])))
	}
	a.send(map[string]any{"type": "chat", "text": " \u200e "})
	if e := a.expect("error", nil); e.str("code") != "chat_empty" {
		t.Errorf("an empty message: %v", e)
	}
	// A newcomer gets the history of his channel.
	late := dial(t, ts, g.id)
	if got := chatTexts(late.helloChat(g.mine[0])); len(got) != 3 || got[1] != "second" {
		t.Errorf("history: %q", got)
	}
	msgs, _ := st.(store.Chat).ChatMessages(t.Context(), g.id, store.ChatSpectators, 0)
	if len(msgs) != 1 || msgs[0].Author != "carol" || msgs[0].User != "carol" {
		t.Errorf("stored spectators' chat: %+v", msgs)
	}
}

func TestChatLimitsAndModeration(t *testing.T) {
	_, ts, st := accountServer(t, Config{LoginPerMinute: -1})
	g := createGame(t, ts, form("pogo", "me", "invite"))
	a := dial(t, ts, g.id)
	a.helloChat(g.mine[0])
	for i := 0; i < live.ConnectionChatBurst; i++ {
		a.send(map[string]any{"type": "chat", "text": "spam"})
		a.expectChat(false)
	}
	a.send(map[string]any{"type": "chat", "text": "spam"})
	if e := a.expect("error", nil); e.str("code") != "chat_limited" {
		t.Fatalf("message %d in a row: %v", live.ConnectionChatBurst+1, e)
	}

	// A player cannot delete; an operator can, and everyone sees it go.
	msgs, _ := st.(store.Chat).ChatMessages(t.Context(), g.id, store.ChatPlayers, 0)
	id := msgs[0].ID
	a.send(map[string]any{"type": "chatdelete", "id": id})
	if e := a.expect("error", nil); e.str("code") != "not_operator" {
		t.Errorf("a player deleting: %v", e)
	}
	signedUp(t, ts, "modo")
	u, _ := st.LoadUser(t.Context(), "modo")
	u.Role = store.RoleOperator
	if err := st.UpdateUser(t.Context(), u); err != nil {
		t.Fatal(err)
	}
	modo := browser(t)
	postAs(t, modo, ts.URL+"/login", map[string][]string{"name": {"modo"}, "password": {"password modo"}})
	m := dialAs(t, ts, modo, g.id)
	if h := m.helloChat(); h["moderator"] != true {
		t.Fatalf("the operator's chat: %v", h)
	}
	m.send(map[string]any{"type": "chatdelete", "id": id})
	if d := a.expect("chatdeleted", nil); int64(d.num("id")) != id {
		t.Errorf("deleted: %v", d)
	}
	msgs, _ = st.(store.Chat).ChatMessages(t.Context(), g.id, store.ChatPlayers, 0)
	if !msgs[0].Deleted {
		t.Errorf("the message is not flagged deleted")
	}
	late := dial(t, ts, g.id)
	first := late.helloChat(g.mine[0])["messages"].([]any)[0].(map[string]any)
	if first["deleted"] != true || first["text"] != "" {
		t.Errorf("a deleted message in the history: %v", first)
	}
}
