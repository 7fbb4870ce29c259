package server

import (
	"bytes"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/web"
)

// get fetches a path and returns the status and body.
func get(t *testing.T, ts *httptest.Server, path string, header ...string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", ts.URL+path, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func TestPages(t *testing.T) {
	_, ts := startServer(t, newMemStore())
	g := createGame(t, ts, form("pogo", "me", "invite"))
	for _, c := range []struct {
		path string
		code int
		want string
	}{
		{"/", 200, `href="/rules/pogo"`},
		{"/?lang=fr", 200, "Nouvelle partie"},
		{"/rules/pogo", 200, `<figure class="diagram">`},
		{"/rules/pogo?lang=fr", 200, "Règles"},
		{"/rules/nosuchgame", 404, "nosuchgame"},
		{"/new", 200, `name="seat1"`},
		{"/new?game=empire", 200, `name="opt_players"`},
		{"/new?game=nosuchgame", 404, ""},
		{"/games/" + g.id, 200, `data-game="` + g.id + `"`},
		{"/games/aaaaaaaaaa", 404, ""},
		{"/games/aaaaaaaaaa/ws", 404, ""},
		{"/games/" + g.id + "/ws", 426, ""}, // not a WebSocket handshake: upgrade required
		{"/games/not-an-id", 404, ""},
		{"/games/" + g.id + "/svg", 200, "<svg"},
		{"/games/" + g.id + "/svg?ply=0", 200, "data-place"},
		{"/games/" + g.id + "/svg?ply=9", 400, ""},
		{"/games/" + g.id + "/record", 200, `[Game "pogo"]`},
		{"/archive", 200, "/archive/view"},
		{"/healthz", 200, "ok"},
		{"/static/game.js", 200, "hello"},
		{"/static/style.css", 200, "board"},
		{"/nowhere", 404, ""},
	} {
		code, body := get(t, ts, c.path)
		if code != c.code || !strings.Contains(body, c.want) {
			t.Errorf("GET %s: %d, want %d with %q", c.path, code, c.code, c.want)
		}
	}
	// Every game has its picture, rules page and form.
	for _, id := range game.IDs() {
		for _, path := range []string{"/rules/" + id, "/rules/" + id + "?lang=fr", "/new?game=" + id} {
			if code, body := get(t, ts, path); code != 200 || !strings.Contains(body, "<svg") && strings.HasPrefix(path, "/rules") {
				t.Errorf("GET %s: %d", path, code)
			}
		}
	}
	code, body := get(t, ts, "/metrics")
	for _, want := range []string{"plateau_http_requests_total", "plateau_active_games", "plateau_websocket_connections", "plateau_moves_stored_total"} {
		if code != 200 || !strings.Contains(body, want) {
			t.Errorf("/metrics: %d, no %s", code, want)
		}
	}
}

func TestLanguage(t *testing.T) {
	_, ts := startServer(t, newMemStore())
	if _, body := get(t, ts, "/", "Accept-Language", "fr-FR,fr;q=0.9,en;q=0.8"); !strings.Contains(body, `lang="fr"`) {
		t.Error("Accept-Language fr not followed")
	}
	if _, body := get(t, ts, "/", "Accept-Language", "de, en;q=0.5"); !strings.Contains(body, `lang="en"`) {
		t.Error("Accept-Language de,en: want English")
	}
	if _, body := get(t, ts, "/", "Cookie", web.LangCookie+"=fr", "Accept-Language", "en"); !strings.Contains(body, `lang="fr"`) {
		t.Error("cookie not followed")
	}
	resp, err := http.Get(ts.URL + "/archive?lang=fr")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if c := resp.Cookies(); len(c) == 0 || c[0].Value != "fr" {
		t.Error("?lang=fr sets no cookie")
	}
	// The switch keeps the page and its query.
	if _, body := get(t, ts, "/new?game=blocus&lang=fr"); !strings.Contains(body, `href="/new?game=blocus&amp;lang=en"`) {
		t.Error("language switch does not keep the page")
	}
}

func TestCreateGameForm(t *testing.T) {
	st := newMemStore()
	_, ts := startServer(t, st)
	bad := []url.Values{
		form("pogo", "me"), // one seat for two players
		form("pogo", "me", "robot"),
		func() url.Values {
			f := form("empire", "me", "me")
			f.Set("variant", "custom")
			f.Set("opt_players", "9")
			return f
		}(),
		func() url.Values { f := form("pogo", "me", "me"); f.Set("clock", "-3"); return f }(),
		func() url.Values { f := form("pogo", "me", "computer"); f.Set("level1", "superhuman"); return f }(),
		{"game": {"nosuchgame"}},
	}
	for _, f := range bad {
		resp, err := noRedirect.PostForm(ts.URL+"/games", f)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 400 {
			t.Errorf("%v: status %d, want 400", f, resp.StatusCode)
		}
	}
	f := form("empire", "me", "invite", "computer", "me")
	f.Set("variant", "custom")
	f.Set("opt_players", "4")
	f.Set("opt_teams", "true")
	g := createGame(t, ts, f)
	if len(g.mine) != 2 || len(g.invited) != 1 {
		t.Fatalf("tokens: mine %v invited %v", g.mine, g.invited)
	}
	stored, err := st.LoadGame(t.Context(), g.id)
	if err != nil {
		t.Fatal(err)
	}
	if len(stored.Seats) != 4 || stored.Seats[2].Kind != "computer" || stored.Options != "players=4 teams=true" {
		t.Fatalf("stored %+v", stored)
	}
	for seat, tok := range g.mine {
		if stored.Seats[seat].TokenHash != games.HashToken(tok) || strings.Contains(stored.Seats[seat].TokenHash, tok) {
			t.Errorf("seat %d: the store must hold the token's hash only", seat)
		}
	}
}

func TestArchiveAndUpload(t *testing.T) {
	_, ts := startServer(t, newMemStore())
	g := createGame(t, ts, form("pogo", "me", "invite"))
	a := dial(t, ts, g.id)
	a.hello(0, g.mine[0], g.invited[1])
	for i, m := range pogoWin {
		a.move(i, m)
		a.expect("ack", nil)
	}
	a.expect("state", func(m msg) bool { return m.str("result") == "win 1" })
	if _, body := get(t, ts, "/archive"); !strings.Contains(body, "/games/"+g.id) {
		t.Fatal("the finished game is not in the archive")
	}
	_, rec := get(t, ts, "/games/"+g.id+"/record")
	if !strings.Contains(rec, "1b3-c3") || !strings.Contains(rec, `[Result "win 1"]`) {
		t.Fatalf("record:\n%s", rec)
	}
	// Upload it back, as a file, then view a position of it.
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("file", "game.txt")
	io.WriteString(fw, rec)
	mw.Close()
	resp, err := http.Post(ts.URL+"/archive/view", mw.FormDataContentType(), &body)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(page), "2a3-c3") {
		t.Fatalf("view: %d", resp.StatusCode)
	}
	resp, err = http.PostForm(ts.URL+"/archive/svg", url.Values{"record": {rec}, "ply": {"1"}})
	if err != nil {
		t.Fatal(err)
	}
	svg, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !bytes.HasPrefix(bytes.TrimSpace(svg), []byte("<svg")) {
		t.Fatalf("svg: %d %.80s", resp.StatusCode, svg)
	}
	for _, bad := range []string{"", "not a record", `[Game "pogo"]` + "\n\n1. 9z9-a1 *"} {
		resp, err := http.PostForm(ts.URL+"/archive/view", url.Values{"record": {bad}})
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 400 {
			t.Errorf("record %q: status %d, want 400", bad, resp.StatusCode)
		}
	}
}
