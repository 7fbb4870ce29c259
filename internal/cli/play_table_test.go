package cli

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/server"
	"github.com/plateau-games/plateau/store"
)

// tableSite is a plateau server in this process on a new SQLite file,
// with accounts and tables, its clock movable (skew) for the expiry of
// tables.
type tableSite struct {
	t    *testing.T
	ts   *httptest.Server
	st   store.Store
	skew atomic.Int64 // added to the real time
}

func newTableSite(t *testing.T) *tableSite {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "plateau.db"))
	if err != nil {
		t.Fatal(err)
	}
	site := &tableSite{t: t, st: st}
	s, err := server.New(server.Config{Store: st, LoginPerMinute: -1,
		Now: func() time.Time { return time.Now().Add(time.Duration(site.skew.Load())) },
		NewAgent: func(_ string, v *game.Variant, seed uint64) (server.Agent, error) {
			return ai.New("random", v, seed)
		}})
	if err != nil {
		t.Fatal(err)
	}
	site.ts = httptest.NewServer(s)
	t.Cleanup(func() {
		s.Close()
		site.ts.Close()
		st.Close()
	})
	return site
}

// signup makes an account through the site's form and returns its
// browser (cookies kept, redirects not followed). The password is
// "password NAME".
func (s *tableSite) signup(name string) *http.Client {
	s.t.Helper()
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	pw := "password " + name
	if resp := s.post(c, "/signup", url.Values{"name": {name}, "password": {pw}, "password2": {pw}, "next": {"/"}}); resp.StatusCode != http.StatusSeeOther {
		s.t.Fatalf("signup %s: %d", name, resp.StatusCode)
	}
	return c
}

// post sends a form as the site's own page does.
func (s *tableSite) post(c *http.Client, path string, form url.Values) *http.Response {
	s.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, s.ts.URL+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	resp, err := c.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp
}

// newTable posts the lobby's form of a new table and returns its id.
func (s *tableSite) newTable(c *http.Client, form url.Values) string {
	s.t.Helper()
	resp := s.post(c, "/tables", form)
	loc := resp.Header.Get("Location")
	if resp.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, "/tables/") {
		s.t.Fatalf("new table: %d %s", resp.StatusCode, loc)
	}
	return strings.TrimPrefix(loc, "/tables/")
}

func (s *tableSite) table(id string) *store.Table {
	s.t.Helper()
	tb, err := s.st.(store.Tables).LoadTable(context.Background(), id)
	if err != nil {
		s.t.Fatal(err)
	}
	return tb
}

// terminalRun is plateau running in this process, its input a pipe the
// test types into.
type terminalRun struct {
	t      *testing.T
	in     *io.PipeWriter
	out    *syncBuffer
	done   chan error
	cancel context.CancelFunc
}

func startPlay(t *testing.T, args ...string) *terminalRun {
	t.Helper()
	r, w := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	run := &terminalRun{t: t, in: w, out: &syncBuffer{}, done: make(chan error, 1), cancel: cancel}
	root := NewRootCommand()
	root.SetArgs(args)
	root.SetIn(r)
	root.SetOut(run.out)
	root.SetErr(run.out)
	go func() { run.done <- root.ExecuteContext(ctx) }()
	t.Cleanup(func() {
		cancel()
		w.Close()
	})
	return run
}

// await waits until the output holds want count times.
func (r *terminalRun) await(want string, count int) string {
	r.t.Helper()
	// Idle it comes within a second (a poll of the table every 2 s): two
	// minutes only turn what never comes into a failure on a loaded machine.
	deadline := time.Now().Add(2 * time.Minute)
	for {
		out := r.out.String()
		if strings.Count(out, want) >= count {
			return out
		}
		select {
		case err := <-r.done:
			r.t.Fatalf("plateau ended (%v) before saying %q:\n%s", err, want, r.out.String())
		default:
		}
		if time.Now().After(deadline) {
			r.t.Fatalf("the output never said %q (%d times):\n%s", want, count, out)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func (r *terminalRun) typeLine(line string) {
	r.t.Helper()
	if _, err := io.WriteString(r.in, line+"\n"); err != nil {
		r.t.Fatalf("typing %q: %v", line, err)
	}
}

// finish waits for the command's end.
func (r *terminalRun) finish() error {
	r.t.Helper()
	select {
	case err := <-r.done:
		return err
	case <-time.After(2 * time.Minute):
		r.t.Fatalf("plateau did not end:\n%s", r.out.String())
	}
	return nil
}

// wsPlayer is a browser's player of a game: its WebSocket with the
// account's cookie, following the game's moves.
type wsPlayer struct {
	t    *testing.T
	conn *websocket.Conn
	m    *game.Match
}

func (s *tableSite) dial(c *http.Client, gameID string) *wsPlayer {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	u, _ := url.Parse(s.ts.URL)
	h := http.Header{}
	for _, ck := range c.Jar.Cookies(u) {
		h.Add("Cookie", ck.Name+"="+ck.Value)
	}
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(s.ts.URL, "http")+"/games/"+gameID+"/ws", &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		s.t.Fatalf("dial: %v", err)
	}
	conn.SetReadLimit(1 << 22)
	s.t.Cleanup(func() { conn.CloseNow() })
	p := &wsPlayer{t: s.t, conn: conn}
	p.send(map[string]any{"type": "hello", "tokens": []string{}, "ply": 0, "lang": "en"})
	return p
}

func (p *wsPlayer) send(v any) {
	p.t.Helper()
	data, _ := json.Marshal(v)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := p.conn.Write(ctx, websocket.MessageText, data); err != nil {
		p.t.Fatal(err)
	}
}

// awaitTurn reads states until seat is to move at ply; the match follows.
func (p *wsPlayer) awaitTurn(seat, ply int) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	for {
		_, data, err := p.conn.Read(ctx)
		if err != nil {
			p.t.Fatalf("waiting for seat %d at ply %d: %v", seat+1, ply, err)
		}
		var st struct {
			Type, Rules, Options, Position string
			Moves                          []string
			ToMove                         int
			Ply                            int
		}
		if json.Unmarshal(data, &st) != nil || st.Type != "state" {
			continue
		}
		v, err := game.NewVariant(st.Rules, mustOptions(p.t, st.Options))
		if err != nil {
			p.t.Fatal(err)
		}
		start, err := v.Position(st.Position)
		if err != nil {
			p.t.Fatal(err)
		}
		p.m = game.NewMatch(start)
		for _, n := range st.Moves {
			if _, err := p.m.PlayNotation(n); err != nil {
				p.t.Fatal(err)
			}
		}
		if len(st.Moves) == ply && st.ToMove == seat {
			return
		}
	}
}

func mustOptions(t *testing.T, s string) game.Options {
	o, err := game.ParseOptions(strings.Fields(s)...)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// firstMove is the first legal move of the match, in notation.
func (p *wsPlayer) firstMove() string {
	st := p.m.State()
	return st.MoveString(st.LegalMoves(nil)[0])
}

// play waits for seat's turn at ply and plays the first legal move.
func (p *wsPlayer) play(seat, ply int) string {
	p.t.Helper()
	p.awaitTurn(seat, ply)
	mv := p.firstMove()
	p.send(map[string]any{"type": "move", "ply": ply, "move": mv})
	return mv
}

// A table of Saute for three: Alice hosts it, Carol joins from the
// terminal (--user, the password from PLATEAU_PASSWORD), waits while Bob
// takes the last seat through the site, and plays in line mode; she sees
// the others' moves, hers reach the server. Then the game's own link with
// --user brings her back to her seat.
func TestPlayTableFromTheTerminal(t *testing.T) {
	s := newTableSite(t)
	alice, bob := s.signup("alice"), s.signup("bob")
	s.signup("carol")
	id := s.newTable(alice, url.Values{"variant": {"saute|players=3"}, "clock": {"0"}, "increment": {"0"},
		"seat0": {"me"}, "seat1": {"open"}, "seat2": {"open"}})
	t.Setenv(passwordEnv, "password carol")

	carol := startPlay(t, "play", s.ts.URL+"/tables/"+id, "--user", "carol", "--plain", "--lang", "en")
	out := carol.await("Waiting for 1 more player", 1)
	for _, want := range []string{"Logged in to", "Table " + id, "Saute", "alice (host)", "You sit at seat 2", "carol (you)", "3. "} {
		if !strings.Contains(out, want) {
			t.Errorf("the table is not shown with %q:\n%s", want, out)
		}
	}
	if tb := s.table(id); tb.Seats[1].User != "carol" {
		t.Fatalf("carol does not sit at seat 2: %+v", tb.Seats)
	}

	// Bob takes the last seat through the site: the game starts, and the
	// terminal follows within a poll.
	if resp := s.post(bob, "/tables/"+id+"/take", url.Values{"seat": {"3"}}); !strings.HasPrefix(resp.Header.Get("Location"), "/games/") {
		t.Fatalf("bob's seat: %d %s", resp.StatusCode, resp.Header.Get("Location"))
	}
	gameID := s.table(id).Game
	carol.await("the game starts ("+gameID+")", 1)
	carol.await("You play", 1)

	a, b := s.dial(alice, gameID), s.dial(bob, gameID)
	first := a.play(0, 0)
	carol.await("(alice) played "+first, 1)
	carol.await("your move", 1)
	a.awaitTurn(1, 1)
	mine := a.firstMove()
	carol.typeLine(mine)
	bobs := b.play(2, 2)
	carol.await("(bob) played "+bobs, 1)
	second := a.play(0, 3)
	carol.await("(alice) played "+second, 1)
	carol.await("your move", 2)
	carol.typeLine("quit")
	if err := carol.finish(); err != nil {
		t.Fatalf("plateau play: %v\n%s", err, carol.out.String())
	}
	out = carol.out.String()
	if !strings.Contains(out, "carol, you) played "+mine) {
		t.Errorf("her own move is not listed:\n%s", out)
	}
	if !strings.Contains(out, "Left the game; it goes on at "+s.ts.URL+"/games/"+gameID) {
		t.Errorf("leaving is not said:\n%s", out)
	}
	if strings.Contains(out, "password carol") || strings.Contains(out, sessionCookie) {
		t.Errorf("the password or the cookie is printed:\n%s", out)
	}
	g, err := s.st.LoadGame(context.Background(), gameID)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Moves) < 2 || g.Moves[1].Notation != mine || g.Moves[1].Seat != 1 {
		t.Fatalf("the server's moves %v lack carol's %s", g.Moves, mine)
	}

	t.Logf("the terminal:\n%s", out)
	// The game's link with --user: the account's seat, no token.
	back := startPlay(t, "play", s.ts.URL+"/games/"+gameID, "--user", "carol", "--plain", "--lang", "fr")
	out = back.await("Vous jouez", 1)
	if !strings.Contains(out, "carol, vous") {
		t.Errorf("her seat is not hers:\n%s", out)
	}
	back.typeLine("quitter")
	if err := back.finish(); err != nil {
		t.Fatalf("plateau play GAME --user: %v", err)
	}
}

// playErr runs plateau play to its end without input and returns its
// error in lang, with the output.
func playErr(t *testing.T, lang string, args ...string) (string, string) {
	t.Helper()
	out, err := run(t, "", append(append([]string{"play"}, args...), "--lang", lang)...)
	if err == nil {
		t.Fatalf("plateau play %v succeeded:\n%s", args, out)
	}
	return errorText(lang, err), out
}

// Every way a table can refuse the terminal's player is said in words, in
// English and French, and changes nothing.
func TestPlayTableRefusals(t *testing.T) {
	s := newTableSite(t)
	alice, bob := s.signup("alice"), s.signup("bob")
	s.signup("carol")
	s.signup("dave")
	acc := s.st.(store.Accounts)
	u, err := acc.LoadUser(context.Background(), "dave")
	if err != nil {
		t.Fatal(err)
	}
	u.Disabled = true
	if err := acc.UpdateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	open := s.newTable(alice, url.Values{"variant": {"saute|players=3"}, "seat0": {"me"}, "seat1": {"player"}, "name1": {"bob"}, "seat2": {"open"}})
	link := s.ts.URL + "/tables/" + open

	t.Setenv(passwordEnv, "wrong")
	if msg, _ := playErr(t, "en", link, "--user", "carol"); !strings.Contains(msg, "wrong user name or password") {
		t.Errorf("wrong password: %s", msg)
	}
	if msg, out := playErr(t, "fr", link, "--user", "carol"); !strings.Contains(msg, "mot de passe incorrect") || strings.Contains(out, "wrong") {
		t.Errorf("wrong password in French: %s\n%s", msg, out)
	}
	t.Setenv(passwordEnv, "password dave")
	if msg, _ := playErr(t, "en", link, "--user", "dave"); !strings.Contains(msg, "account dave is disabled") {
		t.Errorf("disabled account: %s", msg)
	}
	if msg, _ := playErr(t, "fr", link, "--user", "dave"); !strings.Contains(msg, "est désactivé") {
		t.Errorf("disabled account in French: %s", msg)
	}

	t.Setenv(passwordEnv, "password carol")
	// A seat reserved for Bob, a seat Alice sits at, a seat out of range.
	if msg, _ := playErr(t, "en", link, "--user", "carol", "--seat", "2"); !strings.Contains(msg, "seat 2 of table "+open+" is reserved for bob") {
		t.Errorf("reserved seat: %s", msg)
	}
	if msg, _ := playErr(t, "fr", link, "--user", "carol", "--seat", "2"); !strings.Contains(msg, "réservée pour bob") {
		t.Errorf("reserved seat in French: %s", msg)
	}
	if msg, _ := playErr(t, "en", link, "--user", "carol", "--seat", "1"); !strings.Contains(msg, "is taken (alice sits there)") {
		t.Errorf("taken seat: %s", msg)
	}
	if msg, _ := playErr(t, "en", link, "--user", "carol", "--seat", "4"); !strings.Contains(msg, "has seats 1 to 3") {
		t.Errorf("seat out of range: %s", msg)
	}
	if tb := s.table(open); tb.Seats[1].User != "" || tb.Seats[2].User != "" {
		t.Fatalf("a refusal changed the table: %+v", tb.Seats)
	}

	// No account in a pipe: told how to give one.
	if msg, _ := playErr(t, "en", link); !strings.Contains(msg, "--user NAME") {
		t.Errorf("no --user: %s", msg)
	}

	// A closed table.
	closed := s.newTable(alice, url.Values{"variant": {"saute|players=3"}, "seat0": {"me"}, "seat1": {"open"}, "seat2": {"open"}})
	s.post(alice, "/tables/"+closed+"/close", url.Values{})
	if msg, _ := playErr(t, "en", s.ts.URL+"/tables/"+closed, "--user", "carol"); !strings.Contains(msg, "is closed") {
		t.Errorf("closed table: %s", msg)
	}
	if msg, _ := playErr(t, "fr", s.ts.URL+"/tables/"+closed, "--user", "carol"); !strings.Contains(msg, "est fermée") {
		t.Errorf("closed table in French: %s", msg)
	}

	// A table that started without her.
	started := s.newTable(alice, url.Values{"variant": {"pogo|"}, "seat0": {"me"}, "seat1": {"open"}})
	s.post(bob, "/tables/"+started+"/take", url.Values{"seat": {"2"}})
	if msg, _ := playErr(t, "en", s.ts.URL+"/tables/"+started, "--user", "carol"); !strings.Contains(msg, "has started without you") {
		t.Errorf("started table: %s", msg)
	}
	if msg, _ := playErr(t, "fr", s.ts.URL+"/tables/"+started, "--user", "carol"); !strings.Contains(msg, "a commencé sans vous") {
		t.Errorf("started table in French: %s", msg)
	}

	// Ctrl-C while waiting leaves the seat.
	waiting := startPlay(t, "play", link, "--user", "carol", "--plain")
	waiting.await("Waiting for", 1)
	if tb := s.table(open); tb.Seats[2].User != "carol" {
		t.Fatalf("carol is not seated at seat 3: %+v", tb.Seats)
	}
	waiting.cancel()
	err = waiting.finish()
	if err == nil || !strings.Contains(waiting.out.String(), "You left your seat at table "+open) {
		t.Fatalf("Ctrl-C: %v\n%s", err, waiting.out.String())
	}
	if tb := s.table(open); tb.Seats[2].User != "" {
		t.Fatalf("the seat is still hers: %+v", tb.Seats)
	}

	// The host already sits: he waits, and Ctrl-C cannot take him from
	// his own table.
	t.Setenv(passwordEnv, "password alice")
	host := startPlay(t, "play", link, "--user", "alice", "--plain", "--lang", "fr")
	host.await("Vous êtes déjà assis à la place 1", 1)
	host.await("En attente de 2 joueurs de plus", 1)
	host.cancel()
	if err := host.finish(); err == nil || !strings.Contains(errorText("fr", err), "vous êtes l'hôte de la table "+open) {
		t.Errorf("the host's Ctrl-C: %v\n%s", err, host.out.String())
	}
	if tb := s.table(open); tb.Status != store.TableOpen || tb.Seats[0].User != "alice" {
		t.Fatalf("the host's table changed: %s %+v", tb.Status, tb.Seats)
	}
	t.Setenv(passwordEnv, "password carol")

	// An expired table (the site's clock two hours on).
	s.skew.Store(int64(2 * time.Hour))
	if msg, _ := playErr(t, "en", link, "--user", "carol"); !strings.Contains(msg, "has expired") {
		t.Errorf("expired table: %s", msg)
	}
	if msg, _ := playErr(t, "fr", link, "--user", "carol"); !strings.Contains(msg, "a expiré") {
		t.Errorf("expired table in French: %s", msg)
	}

	// A site that does not answer.
	gone := httptest.NewServer(http.NotFoundHandler())
	gone.Close()
	if msg, _ := playErr(t, "en", gone.URL+"/tables/"+open, "--user", "carol"); !strings.Contains(msg, "cannot reach") {
		t.Errorf("unreachable: %s", msg)
	}
	if msg, _ := playErr(t, "fr", gone.URL+"/tables/"+open, "--user", "carol"); !strings.Contains(msg, "impossible de joindre") {
		t.Errorf("unreachable in French: %s", msg)
	}
}

// A seat the table showed free but the site then refused as taken:
// someone was quicker.
func TestSeatTakenByAQuickerPlayer(t *testing.T) {
	tb := &apiTable{ID: "T", Players: 2, Seats: []apiTableSeat{{Kind: "taken", User: "alice"}, {Kind: "open"}}}
	err := seatRefusal(context.Background(), nil, "T", tb, 1, "taken")
	if msg := errorText("en", err); !strings.Contains(msg, "seat 2 of table T was just taken: someone was quicker") {
		t.Errorf("en: %s", msg)
	}
	if msg := errorText("fr", err); !strings.Contains(msg, "quelqu'un a été plus rapide") {
		t.Errorf("fr: %s", msg)
	}
}

// In a real terminal: the user name and the password are asked (the
// password not shown), the table's last seat taken starts the game, which
// is full screen with the accounts at their seats.
func TestTerminalTableFullScreen(t *testing.T) {
	s := newTableSite(t)
	alice := s.signup("alice")
	s.signup("carol")
	id := s.newTable(alice, url.Values{"variant": {"pogo|"}, "seat0": {"me"}, "seat1": {"open"}})
	term := startTerminal(t, 100, 30, []string{"TERM=xterm-256color"}, "play", s.ts.URL+"/tables/"+id, "--lang", "en")
	term.await("User name on")
	term.keys("carol", "Enter")
	term.await("Password for carol")
	term.keys("password carol", "Enter")
	term.await("Players")
	screen := term.await("carol (you)")
	if !strings.Contains(screen, "alice") {
		t.Errorf("the host is not at her seat:\n%s", screen)
	}
	if tb := s.table(id); tb.Status != store.TableStarted || tb.Seats[1].User != "carol" {
		t.Fatalf("the table: %s %+v", tb.Status, tb.Seats)
	}
	term.keys("q")
	if s := term.screen(false); strings.Contains(s, "Leave") || strings.Contains(s, "Quit") {
		term.keys("y")
	}
	screen = term.await("EXIT=")
	if strings.Contains(screen, "password carol") {
		t.Errorf("the password was shown:\n%s", screen)
	}
	if !strings.Contains(screen, "EXIT=0") {
		t.Errorf("the exit status:\n%s", screen)
	}
}

// A table's link: the whole link, or its path with --server; anything
// else is a usage error, and a game's link is no table's.
func TestTableLink(t *testing.T) {
	for _, c := range []struct {
		server, link, site, id string
		table, bad             bool
	}{
		{"", "https://club.example/tables/abc", "https://club.example", "abc", true, false},
		{"", "http://127.0.0.1:8080/tables/abc/", "http://127.0.0.1:8080", "abc", true, false},
		{"https://club.example", "/tables/abc", "https://club.example", "abc", true, false},
		{"", "/tables/abc", "", "", true, true},
		{"", "https://club.example/tables/", "", "", true, true},
		{"", "https://club.example/tables/a/b", "", "", true, true},
		{"https://other.example", "https://club.example/tables/abc", "", "", true, true},
		{"", "https://club.example/games/abc#me=0-x", "", "", false, false},
	} {
		base, id, table, err := tableLink(c.server, c.link)
		if table != c.table || (err != nil) != c.bad {
			t.Errorf("%s %s: table %v, error %v", c.server, c.link, table, err)
			continue
		}
		if err != nil {
			if !isUsage(err) {
				t.Errorf("%s: not a usage error: %v", c.link, err)
			}
			continue
		}
		if c.table && (base.String() != c.site || id != c.id) {
			t.Errorf("%s: %s %s", c.link, base, id)
		}
	}
}
