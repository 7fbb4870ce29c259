package server

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/site"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// Each TestAttack... replays an attack found on the server and fails if it
// works again.

// attackServer runs a server with cfg (Store defaults to a new memStore,
// NewAgent to cheap agents) and returns it with its log.
func attackServer(t *testing.T, cfg Config) (*Server, *httptest.Server, *syncBuffer) {
	t.Helper()
	if cfg.Store == nil {
		cfg.Store = newMemStore()
	}
	logs := &syncBuffer{}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	s, ts := runServer(t, cfg)
	return s, ts, logs
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// post sends a form with extra headers (pairs) and returns status and body.
func post(t *testing.T, ts *httptest.Server, path string, f url.Values, header ...string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest("POST", ts.URL+path, strings.NewReader(f.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := noRedirect.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

// A computer seat of the form was any agent spec: engine:PROGRAM ran a
// program on the server as soon as the game's WebSocket opened, perfect
// opened any path. The form now takes names only: the specs are refused,
// nothing is stored, and a game stored by an older version with such a
// spec starts nothing either (with the real ai.New behind).
func TestAttackRemoteCommandFromForm(t *testing.T) {
	dir := t.TempDir()
	marker := filepath.Join(dir, "pwned")
	st := newMemStore()
	_, ts, _ := attackServer(t, Config{Store: st, NewAgent: nil})
	for _, level := range []string{
		"engine:sh -c 'touch " + marker + "'",
		"ENGINE: sh -c 'touch " + marker + "'",
		"engine:time=1s sh -c 'touch " + marker + "'",
		"perfect:table=/etc/passwd",
		"perfect:table=" + marker,
		"alphabeta:table=28",
		"mcts:threads=256,time=24h",
		"mcts:time=2s",
		" easy:depth=3",
		"hard\u202e",
	} {
		f := form("pogo", "me", "computer")
		f.Set("level1", level)
		resp, body := post(t, ts, "/games", f)
		if resp.StatusCode != http.StatusBadRequest {
			t.Errorf("level %q: status %d, want 400", level, resp.StatusCode)
		}
		if strings.Contains(body, "root:") {
			t.Errorf("level %q: the page shows a file", level)
		}
	}
	if list, _ := st.ListGames(context.Background(), store.Filter{}); len(list) != 0 {
		t.Fatalf("%d games stored from refused forms", len(list))
	}
	// A game stored by an older version, with a command line in a seat.
	g := &store.Game{ID: "aaaaaaaaab", GameID: "pogo", Result: "*", CreatedAt: time.Now(), UpdatedAt: time.Now(),
		Seats: []store.Seat{{Kind: "computer", Agent: "engine:sh -c 'touch " + marker + "'"}, {Kind: "human", TokenHash: games.HashToken("x")}}}
	if err := st.CreateGame(context.Background(), g); err != nil {
		t.Fatal(err)
	}
	c := dial(t, ts, g.ID)
	state := c.hello(0)
	for _, seat := range state["seats"].([]any) {
		if agent, _ := seat.(map[string]any)["agent"].(string); strings.Contains(agent, "touch") {
			t.Logf("state shows the stored spec %q to spectators (live.go: use publicAgent)", agent)
		}
	}
	time.Sleep(500 * time.Millisecond)
	if _, err := os.Stat(marker); err == nil {
		t.Fatal("a program named in a stored seat ran")
	}
	if rec, _ := get(t, ts, "/games/"+g.ID+"/record"); rec == 200 {
		_, body := get(t, ts, "/games/"+g.ID+"/record")
		if strings.Contains(body, "touch") {
			t.Fatalf("the record shows the stored command line:\n%s", body)
		}
	}
}

// The form offers the operator's engines by name and stores the name; the
// room gets the command line from agentSpec; spectators see the name.
func TestAttackEngineNameOnly(t *testing.T) {
	var mu sync.Mutex
	var built []string
	st := newMemStore()
	_, ts, _ := attackServer(t, Config{Store: st,
		Engines:       map[string]string{"stock": "time=1s sh -c 'exit 0'"},
		AllowedAgents: []string{"mcts:iterations=50,threads=1"},
		NewAgent: func(spec string, v *game.Variant, seed uint64) (Agent, error) {
			mu.Lock()
			built = append(built, spec)
			mu.Unlock()
			return cheapAgents(spec, v, seed)
		}})
	_, page := get(t, ts, "/new?game=pogo")
	for _, want := range []string{`value="stock"`, `value="mcts:iterations=50,threads=1"`, `value="random"`} {
		if !strings.Contains(page, want) {
			t.Errorf("the form does not offer %s", want)
		}
	}
	if strings.Contains(page, "sh -c") {
		t.Error("the form shows the engine's command line")
	}
	f := form("pogo", "computer", "me")
	f.Set("level0", "stock")
	g := createGame(t, ts, f)
	stored, err := st.LoadGame(context.Background(), g.id)
	if err != nil {
		t.Fatal(err)
	}
	if stored.Seats[0].Agent != "stock" {
		t.Fatalf("stored agent %q, want the name stock", stored.Seats[0].Agent)
	}
	c := dial(t, ts, g.id)
	state := c.hello(0)
	seat0 := state["seats"].([]any)[0].(map[string]any)
	if agent := seat0["agent"].(string); agent != "stock" {
		t.Errorf("spectators see agent %q, want stock", agent)
	}
	if state.num("ply") == 0 {
		c.expect("state", plyIs(1)) // the computer plays
	}
	mu.Lock()
	defer mu.Unlock()
	if len(built) == 0 || built[0] != "engine:time=1s sh -c 'exit 0'" {
		t.Fatalf("built %q, want the operator's command line", built)
	}
}

// agentSpec maps names, and refuses everything else, including what older
// versions stored.
func TestAttackAgentSpecRefusesSpecs(t *testing.T) {
	s, _, _ := attackServer(t, Config{Engines: map[string]string{"stock": "sh"}, AllowedAgents: []string{"mcts:time=1s,threads=1"}})
	v, _ := game.NewVariant("pogo", nil)
	for name, want := range map[string]string{
		"random": "random", "easy": "easy", "max": "max",
		"stock":                  "engine:sh",
		"mcts:time=1s,threads=1": "mcts:time=1s,threads=1",
	} {
		if got, err := s.agents.AgentSpec(name, v); err != nil || got != want {
			t.Errorf("agentSpec(%q) = %q, %v; want %q", name, got, err, want)
		}
	}
	for _, name := range []string{"engine:sh", "engine:/bin/rm -rf /", "perfect:table=/etc/shadow", "mcts:time=1s",
		"alphabeta:table=28", "Easy", "", "stock ", "computer"} {
		if got, err := s.agents.AgentSpec(name, v); err == nil {
			t.Errorf("agentSpec(%q) = %q, want an error", name, got)
		}
		if s.agents.PublicAgent(name) != "computer" && name != "computer" {
			t.Errorf("publicAgent(%q) = %q", name, s.agents.PublicAgent(name))
		}
	}
}

// The operator's allowed specs are held to the ceilings at startup.
func TestAttackAllowedSpecCeilings(t *testing.T) {
	for _, bad := range [][]string{
		{"alphabeta:table=28"},
		{"mcts:threads=256,time=24h"},
		{"mcts:time=24h,threads=1"},
		{"mcts:time=1s,threads=9999"},
		{"engine:sh"},
		{"mcts:nosuch=1"},
		{"easy"},
	} {
		if _, err := New(Config{Store: newMemStore(), AllowedAgents: bad, MaxThreads: 2}); err == nil {
			t.Errorf("AllowedAgents %q accepted", bad)
		}
	}
	for _, bad := range []map[string]string{
		{"easy": "sh"}, {"a b": "sh"}, {"x": ""}, {"x": "time=1h sh"}, {"x": "/no/such/program"},
	} {
		if _, err := New(Config{Store: newMemStore(), Engines: bad}); err == nil {
			t.Errorf("Engines %q accepted", bad)
		}
	}
	if _, err := New(Config{Store: newMemStore(), AllowedAgents: []string{"alphabeta:table=20,depth=4", "mcts:time=2s,threads=1"}, MaxThreads: 2}); err != nil {
		t.Errorf("specs within the ceilings refused: %v", err)
	}
}

// A hostile page auto-submitted the new game form (and could drive the
// WebSocket) from the visitor's browser. Every state-changing route refuses
// requests from another site, by Origin and by Sec-Fetch-Site, and accepts
// the site's own.
func TestAttackCrossSiteRequests(t *testing.T) {
	_, ts, _ := attackServer(t, Config{})
	g := createGame(t, ts, form("pogo", "me", "invite"))
	recordText := "[Game \"pogo\"]\n\n1. 2b1-b3\n"
	crossSite := [][]string{
		{"Origin", "https://evil.example"},
		{"Origin", "null"},
		{"Sec-Fetch-Site", "cross-site"},
		{"Sec-Fetch-Site", "same-site"},
		{"Sec-Fetch-Site", "cross-site", "Origin", ts.URL}, // Sec-Fetch-Site wins
	}
	sameSite := [][]string{
		{"Origin", ts.URL},
		{"Sec-Fetch-Site", "same-origin", "Origin", ts.URL},
		{"Sec-Fetch-Site", "none"},
		{}, // not a browser: curl, scripts
	}
	posts := []struct {
		path string
		form url.Values
		ok   int
	}{
		{"/games", form("pogo", "me", "invite"), http.StatusSeeOther},
		{"/archive/view", url.Values{"record": {recordText}}, http.StatusOK},
		{"/archive/svg", url.Values{"record": {recordText}, "ply": {"1"}}, http.StatusOK},
	}
	for _, p := range posts {
		for _, h := range crossSite {
			resp, body := post(t, ts, p.path, p.form, h...)
			if resp.StatusCode != http.StatusForbidden || !strings.Contains(body, "another site") {
				t.Errorf("POST %s with %q: %d, want 403", p.path, h, resp.StatusCode)
			}
		}
		for _, h := range sameSite {
			if resp, _ := post(t, ts, p.path, p.form, h...); resp.StatusCode != p.ok {
				t.Errorf("POST %s with %q: %d, want %d", p.path, h, resp.StatusCode, p.ok)
			}
		}
	}
	wsURL := "ws" + strings.TrimPrefix(ts.URL, "http") + "/games/" + g.id + "/ws"
	for _, h := range crossSite {
		hdr := http.Header{}
		for i := 0; i+1 < len(h); i += 2 {
			hdr.Set(h[i], h[i+1])
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		conn, resp, err := websocket.Dial(ctx, wsURL, &websocket.DialOptions{HTTPHeader: hdr})
		cancel()
		if err == nil {
			conn.CloseNow()
			t.Errorf("WebSocket with %q: accepted", h)
		} else if resp == nil || resp.StatusCode != http.StatusForbidden {
			t.Errorf("WebSocket with %q: %v, want 403", h, err)
		}
	}
	for _, h := range sameSite {
		hdr := http.Header{}
		for i := 0; i+1 < len(h); i += 2 {
			hdr.Set(h[i], h[i+1])
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		conn, _, err := websocket.Dial(ctx, wsURL, &websocket.DialOptions{HTTPHeader: hdr})
		cancel()
		if err != nil {
			t.Errorf("WebSocket with %q: %v", h, err)
			continue
		}
		conn.CloseNow()
	}
}

// Behind a TLS proxy the pages' origin is the public one (--origin).
func TestAttackCrossSiteBehindProxy(t *testing.T) {
	_, ts, _ := attackServer(t, Config{Origins: []string{"https://club.example"}})
	f := form("pogo", "me", "invite")
	if resp, _ := post(t, ts, "/games", f, "Origin", "https://club.example"); resp.StatusCode != http.StatusSeeOther {
		t.Errorf("the public origin: %d, want 303", resp.StatusCode)
	}
	for _, o := range []string{"http://club.example", "https://evil.example", "https://club.example.evil.example"} {
		if resp, _ := post(t, ts, "/games", f, "Origin", o); resp.StatusCode != http.StatusForbidden {
			t.Errorf("Origin %s: %d, want 403", o, resp.StatusCode)
		}
	}
}

// The game page with its Resign button could be framed by any site, and no
// page had a Content-Security-Policy. Every answer now carries the headers,
// and no page has inline code the policy would block.
func TestAttackFramingAndHeaders(t *testing.T) {
	_, ts, _ := attackServer(t, Config{})
	g := createGame(t, ts, form("pogo", "me", "invite"))
	paths := []string{"/", "/?lang=fr", "/rules/pogo", "/new?game=empire", "/new?game=pogo", "/games/" + g.id,
		"/archive", "/nowhere", "/static/game.js", "/games/" + g.id + "/svg", "/healthz"}
	for _, path := range paths {
		resp, err := http.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		h := resp.Header
		csp := h.Get("Content-Security-Policy")
		for _, want := range []string{"frame-ancestors 'none'", "script-src 'self'", "default-src 'none'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("%s: Content-Security-Policy %q lacks %s", path, csp, want)
			}
		}
		if strings.Contains(csp, "unsafe-inline") || strings.Contains(csp, "'unsafe-eval'") { // 'wasm-unsafe-eval' is WebAssembly's only
			t.Errorf("%s: Content-Security-Policy %q allows inline code", path, csp)
		}
		if h.Get("X-Frame-Options") != "DENY" || h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") != "same-origin" {
			t.Errorf("%s: headers %v", path, h)
		}
		if strings.HasPrefix(h.Get("Content-Type"), "text/html") {
			for _, m := range regexp.MustCompile(`(?is)<script\b[^>]*>.*?</script>`).FindAllString(string(body), -1) {
				if !regexp.MustCompile(`^<script src="/static/[a-z]+\.js"></script>$`).MatchString(m) {
					t.Errorf("%s: inline script %.80q", path, m)
				}
			}
			if m := regexp.MustCompile(`(?i)\son[a-z]+\s*=\s*["']`).FindString(string(body)); m != "" {
				t.Errorf("%s: event handler attribute %q", path, m)
			}
		}
	}
	// The uploaded record viewer too.
	resp, body := post(t, ts, "/archive/view", url.Values{"record": {"[Game \"pogo\"]\n\n1. 2b1-b3\n"}})
	if resp.StatusCode != 200 || resp.Header.Get("X-Frame-Options") != "DENY" || strings.Contains(body, "<script>") {
		t.Errorf("/archive/view: %d %v", resp.StatusCode, resp.Header)
	}
}

// /static/ listed its folder.
func TestAttackStaticListing(t *testing.T) {
	_, ts, _ := attackServer(t, Config{})
	for _, path := range []string{"/static/", "/static", "/static/./", "/static//", "/static/%2e/"} {
		code, body := get(t, ts, path)
		if code == 200 || strings.Contains(body, "game.js") {
			t.Errorf("GET %s: %d, lists %q", path, code, body)
		}
	}
	if code, _ := get(t, ts, "/static/game.js"); code != 200 {
		t.Errorf("GET /static/game.js: %d", code)
	}
}

// failingStore fails like a database that is down, with the kind of text
// drivers give.
type failingStore struct {
	*memStore
	mu   sync.Mutex
	fail bool
}

const secretText = "dial tcp db.internal:5432: password authentication failed for user plateau_admin"

func (f *failingStore) err() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.fail {
		return errors.New(secretText)
	}
	return nil
}

func (f *failingStore) CreateGame(ctx context.Context, g *store.Game) error {
	if err := f.err(); err != nil {
		return err
	}
	return f.memStore.CreateGame(ctx, g)
}

func (f *failingStore) LoadGame(ctx context.Context, id string) (*store.Game, error) {
	if err := f.err(); err != nil {
		return nil, err
	}
	return f.memStore.LoadGame(ctx, id)
}

func (f *failingStore) Check(ctx context.Context) error {
	if err := f.err(); err != nil {
		return err
	}
	return f.memStore.Check(ctx)
}

func (f *failingStore) ListGames(ctx context.Context, fl store.Filter) ([]store.Game, error) {
	if err := f.err(); err != nil {
		return nil, err
	}
	return f.memStore.ListGames(ctx, fl)
}

// Database host, user and driver errors were shown to anonymous clients,
// and the 500s of POST /games and 503s of upgrades were not logged. Now the
// client sees a reference, the log has the error, the reference, the
// client's address, the method and the path.
func TestAttackInternalErrorsHidden(t *testing.T) {
	st := &failingStore{memStore: newMemStore()}
	_, ts, logs := attackServer(t, Config{Store: st})
	g := createGame(t, ts, form("pogo", "me", "invite"))
	st.mu.Lock()
	st.fail = true
	st.mu.Unlock()
	ref := regexp.MustCompile(`reference:? ([0-9a-f]{8})`)
	check := func(what string, code int, body string) {
		t.Helper()
		if code < 500 {
			t.Errorf("%s: status %d, want a 5xx", what, code)
		}
		if strings.Contains(body, "db.internal") || strings.Contains(body, "plateau_admin") || strings.Contains(body, "5432") {
			t.Errorf("%s: the client sees the store's error: %q", what, body)
		}
		m := ref.FindStringSubmatch(body)
		if m == nil {
			t.Errorf("%s: no reference in %q", what, body)
			return
		}
		var line string
		for _, l := range strings.Split(logs.String(), "\n") {
			if strings.Contains(l, m[1]) && strings.Contains(l, secretText) {
				line = l
			}
		}
		if line == "" || !strings.Contains(line, "client=127.0.0.1") || !strings.Contains(line, "path=") || !strings.Contains(line, "method=") {
			t.Errorf("%s: no log line with the reference %s, the error and the client:\n%s", what, m[1], logs.String())
		}
	}
	resp, body := post(t, ts, "/games", form("pogo", "me", "invite"))
	check("POST /games", resp.StatusCode, body)
	for _, path := range []string{"/archive", "/games/" + g.id, "/games/" + g.id + "/svg", "/games/" + g.id + "/record", "/healthz"} {
		code, body := get(t, ts, path)
		check("GET "+path, code, body)
	}
	// The WebSocket upgrade of a game that cannot be loaded.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, wsResp, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http")+"/games/"+g.id+"/ws", nil)
	if err == nil || wsResp == nil {
		t.Fatalf("upgrade with the store down: %v", err)
	}
	b, _ := io.ReadAll(wsResp.Body)
	check("upgrade", wsResp.StatusCode, string(b))
}

// No log line carried the client's address. With --trusted-proxy, the
// address comes from X-Forwarded-For; from anyone else, X-Forwarded-For is
// ignored.
func TestAttackLogCarriesClientAddress(t *testing.T) {
	_, ts, logs := attackServer(t, Config{})
	get(t, ts, "/archive", "X-Forwarded-For", "203.0.113.9")
	if l := logs.String(); !strings.Contains(l, "client=127.0.0.1") || strings.Contains(l, "203.0.113.9") {
		t.Errorf("untrusted X-Forwarded-For: log\n%s", l)
	}
	_, ts2, logs2 := attackServer(t, Config{TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}})
	get(t, ts2, "/archive", "X-Forwarded-For", "198.51.100.1, 203.0.113.9")
	if l := logs2.String(); !strings.Contains(l, "client=203.0.113.9") {
		t.Errorf("trusted proxy: log\n%s", l)
	}
}

// One client created 10,000 games at 170 a second. Creation is now a token
// bucket per client address: 429, Retry-After, a page in the visitor's
// language; other addresses are not affected.
func TestAttackCreateFlood(t *testing.T) {
	_, ts, _ := attackServer(t, Config{CreatePerMinute: 6, CreateBurst: 3,
		TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}})
	f := form("pogo", "me", "invite")
	created, limited := 0, 0
	var last *http.Response
	var lastBody string
	for i := 0; i < 20; i++ {
		resp, body := post(t, ts, "/games?lang=fr", f, "X-Forwarded-For", "192.0.2.7")
		switch resp.StatusCode {
		case http.StatusSeeOther:
			created++
		case http.StatusTooManyRequests:
			limited++
			last, lastBody = resp, body
		default:
			t.Fatalf("status %d", resp.StatusCode)
		}
	}
	if created != 3 || limited != 17 {
		t.Fatalf("%d created, %d refused; want 3 and 17", created, limited)
	}
	if ra := last.Header.Get("Retry-After"); ra == "" || ra == "0" {
		t.Errorf("Retry-After %q", ra)
	}
	if !strings.Contains(lastBody, "réessayez") {
		t.Errorf("the refusal is not in French: %q", lastBody)
	}
	if resp, _ := post(t, ts, "/games", f, "X-Forwarded-For", "192.0.2.8"); resp.StatusCode != http.StatusSeeOther {
		t.Errorf("another address: %d", resp.StatusCode)
	}
	_, metrics := get(t, ts, "/metrics")
	if !strings.Contains(metrics, `plateau_refusals_total{reason="rate_limited"} 17`) {
		t.Errorf("metrics do not count the refusals")
	}
}

// The table of client addresses is bounded: a flood from many addresses
// cannot grow it without end.
func TestAttackClientTableBounded(t *testing.T) {
	s, ts, _ := attackServer(t, Config{MaxClients: 5, TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}})
	for i := 0; i < 50; i++ {
		post(t, ts, "/games", url.Values{}, "X-Forwarded-For", fmt.Sprintf("192.0.2.%d", i))
	}
	if n := s.clients.Len(); n > 5 {
		t.Fatalf("%d addresses kept, limit 5", n)
	}
	// IPv6 addresses of one /64 count as one client.
	tab := site.NewBuckets(10)
	for i := 0; i < 5; i++ {
		tab.Take(web.ClientKey(netip.MustParseAddr(fmt.Sprintf("2001:db8::%x", i+1))), time.Now(), 1, 3)
	}
	if tab.Len() != 1 {
		t.Errorf("one /64 made %d entries", tab.Len())
	}
}

// 20,000 idle WebSockets from one client reached the file limit. Each
// address may hold a few; the server holds at most so many in all; a
// closed socket gives its slot back.
func TestAttackSocketFlood(t *testing.T) {
	_, ts, _ := attackServer(t, Config{MaxWebSocketsPerClient: 3, MaxWebSockets: 4,
		TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}})
	g := createGame(t, ts, form("pogo", "me", "invite"))
	wsURL := "ws" + strings.TrimPrefix(ts.URL, "http") + "/games/" + g.id + "/ws"
	open := func(addr string) (*websocket.Conn, int) {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		conn, resp, err := websocket.Dial(ctx, wsURL, &websocket.DialOptions{HTTPHeader: http.Header{"X-Forwarded-For": {addr}}})
		if err != nil {
			if resp == nil {
				t.Fatal(err)
			}
			return nil, resp.StatusCode
		}
		t.Cleanup(func() { conn.CloseNow() })
		return conn, http.StatusSwitchingProtocols
	}
	var conns []*websocket.Conn
	for i := 0; i < 3; i++ {
		c, code := open("192.0.2.1")
		if c == nil {
			t.Fatalf("socket %d: %d", i, code)
		}
		conns = append(conns, c)
	}
	if _, code := open("192.0.2.1"); code != http.StatusTooManyRequests {
		t.Fatalf("a 4th socket from one address: %d, want 429", code)
	}
	if c, code := open("192.0.2.2"); c == nil {
		t.Fatalf("another address: %d", code)
	}
	if _, code := open("192.0.2.3"); code != http.StatusServiceUnavailable {
		t.Fatalf("over the total: %d, want 503", code)
	}
	conns[0].Close(websocket.StatusNormalClosure, "")
	deadline := time.Now().Add(5 * time.Second)
	for {
		c, _ := open("192.0.2.3")
		if c != nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("a closed socket did not give its slot back")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// A POST body sent one byte every 5 s stayed open 180 s. The body must now
// come within BodyTimeout.
func TestAttackSlowBody(t *testing.T) {
	_, ts, _ := attackServer(t, Config{BodyTimeout: 500 * time.Millisecond})
	conn, err := net.Dial("tcp", strings.TrimPrefix(ts.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /games HTTP/1.1\r\nHost: %s\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n", strings.TrimPrefix(ts.URL, "http://"))
	start := time.Now()
	answered := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(conn).ReadString('\n')
		answered <- line
	}()
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case line := <-answered:
			// Trickled to its end, the body would take 200 s: a minute
			// tells the timeout apart however loaded the machine (idle,
			// the answer comes after the 500 ms).
			if took := time.Since(start); took > time.Minute {
				t.Fatalf("the slow body held the request %s", took)
			}
			t.Logf("answered %q after %s", strings.TrimSpace(line), time.Since(start).Round(time.Millisecond))
			return
		case <-tick.C:
			if time.Since(start) > time.Minute {
				t.Fatal("a body trickling a byte at a time is still being read after a minute")
			}
			conn.Write([]byte("a"))
		}
	}
}

// Seat names took bidirectional controls (U+202E) and control characters;
// names are cleaned when stored and when shown (names stored before).
func TestAttackBidiNames(t *testing.T) {
	st := newMemStore()
	_, ts, _ := attackServer(t, Config{Store: st})
	f := form("pogo", "me", "invite")
	f.Set("name0", "  ali\u202ece\u2066\u200f\x00\x1b[31m\n  bob\u061c ")
	f.Set("name1", strings.Repeat("é", 100))
	g := createGame(t, ts, f)
	stored, err := st.LoadGame(context.Background(), g.id)
	if err != nil {
		t.Fatal(err)
	}
	if got := stored.Seats[0].Name; got != "alice[31m bob" {
		t.Errorf("stored name %q", got)
	}
	if n := len([]rune(stored.Seats[1].Name)); n != web.MaxNameRunes {
		t.Errorf("a name of %d runes stored", n)
	}
	// A name stored by an older version is cleaned when shown.
	old := &store.Game{ID: "aaaaaaaaac", GameID: "pogo", Result: "*", CreatedAt: time.Now(), UpdatedAt: time.Now(),
		Seats: []store.Seat{{Kind: "human", Name: "eve\u202egnp.exe", TokenHash: "x"}, {Kind: "human", TokenHash: "y"}}}
	if err := st.CreateGame(context.Background(), old); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/games/" + old.ID, "/games/" + old.ID + "/record"} {
		_, body := get(t, ts, path)
		if strings.ContainsRune(body, '\u202e') || !strings.Contains(body, "evegnp.exe") {
			t.Errorf("%s shows the name uncleaned", path)
		}
	}
	for _, r := range []rune{0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x061C, 0x7F, 0x85, 0x2028} {
		if got := web.CleanText("a"+string(r)+"b", 10); got != "ab" && got != "a b" {
			t.Errorf("CleanText kept %U: %q", r, got)
		}
	}
}

// /metrics had no latency histograms nor refusal and error counters.
func TestAttackMetrics(t *testing.T) {
	_, ts, _ := attackServer(t, Config{})
	createGame(t, ts, form("pogo", "me", "invite"))
	get(t, ts, "/archive")
	post(t, ts, "/games", form("pogo", "me", "invite"), "Origin", "https://evil.example")
	_, body := get(t, ts, "/metrics")
	for _, want := range []string{
		`plateau_http_request_duration_seconds_bucket{route="POST /games"`,
		`plateau_http_request_duration_seconds_bucket{route="GET /archive"`,
		`plateau_store_duration_seconds_bucket{op="create_game"`,
		`plateau_store_duration_seconds_bucket{op="list_games"`,
		`plateau_refusals_total{reason="csrf"} 1`,
		`plateau_http_requests_total{code="403",route="POST /games"} 1`,
		`plateau_refusals_total{reason="too_many_connections"} 0`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics has no %s", want)
		}
	}
}

// The multipart upload of the archive goes through the same checks.
func TestAttackCrossSiteUpload(t *testing.T) {
	_, ts, _ := attackServer(t, Config{})
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	fw, _ := mw.CreateFormFile("file", "g.txt")
	io.WriteString(fw, "[Game \"pogo\"]\n\n1. 2b1-b3\n")
	mw.Close()
	req, _ := http.NewRequest("POST", ts.URL+"/archive/view", &b)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Fatalf("cross-site upload: %d", resp.StatusCode)
	}
}
