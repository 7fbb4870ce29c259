package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/plateau-games/plateau/accounts"
	"github.com/plateau-games/plateau/server/internal/club"
	"github.com/plateau-games/plateau/store"
)

// eventually polls cond until it holds; the bound is generous, for a loaded
// machine: the tests wait on what the server does, not on its speed.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("still not %s after 30 s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// accountPost posts a form from a client address (the server trusts the
// test's proxy header).
func accountPost(t *testing.T, ts *httptest.Server, path, from, lang, accept string, form url.Values) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, ts.URL+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("X-Forwarded-For", from)
	if lang != "" {
		req.Header.Set("Accept-Language", lang)
	}
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	return doAs(t, noRedirect, req)
}

var localProxy = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}

// A flood of signups and logins (the attack of 200 at once from 200
// addresses, scaled down) never runs more password hashes at once than the
// bound: the rest wait in a short queue, and beyond it they are told, at
// once and in their language, to try again. Each hash holds 19 MiB: the
// count of hashes running bounds the memory.
func TestHashGateBoundsConcurrentHashes(t *testing.T) {
	s, ts, _ := accountServer(t, Config{MaxHashes: 2, HashQueue: 3, HashWait: 10 * time.Minute,
		LoginPerMinute: -1, TrustedProxies: localProxy})
	release := make(chan struct{})
	s.club.Hashes().InSlot = func() { <-release }

	// Five signups from five addresses: two hash, three wait.
	type result struct {
		code int
		body string
	}
	results := make(chan result, 5)
	for i := range 5 {
		go func() {
			resp, body := accountPost(t, ts, "/signup", fmt.Sprintf("192.0.2.%d", i+1), "", "", signupForm(fmt.Sprintf("user%d", i), "a good password"))
			results <- result{resp.StatusCode, body}
		}()
	}
	eventually(t, "2 hashing and 3 waiting", func() bool { return s.club.Hashes().Running.Load() == 2 && s.club.Hashes().Waiting.Load() == 3 })

	// Every slot and the queue are taken: the next ones hear "busy" at
	// once, whatever they ask (a signup, a login, an unknown name).
	resp, body := accountPost(t, ts, "/signup", "198.51.100.1", "en", "", signupForm("late", "a good password"))
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" ||
		!strings.Contains(body, "The server is busy, try again in a few seconds.") || !strings.Contains(body, `name="password2"`) {
		t.Fatalf("a signup beyond the queue: %d, Retry-After %q:\n%s", resp.StatusCode, resp.Header.Get("Retry-After"), body)
	}
	resp, body = accountPost(t, ts, "/login", "198.51.100.2", "fr", "", url.Values{"name": {"nobody"}, "password": {"whatever"}})
	if resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(body, "Le serveur est occupé, réessayez dans quelques secondes.") {
		t.Fatalf("a login beyond the queue, in French: %d\n%s", resp.StatusCode, body)
	}
	resp, body = accountPost(t, ts, "/login", "198.51.100.3", "en", "application/json", url.Values{"name": {"user0"}, "password": {"whatever"}})
	var answer struct {
		Error, Message string
		RetryAfter     int
	}
	if err := json.Unmarshal([]byte(body), &answer); err != nil || resp.StatusCode != http.StatusServiceUnavailable ||
		answer.Error != "busy" || answer.RetryAfter <= 0 || !strings.Contains(answer.Message, "try again") {
		t.Fatalf("a JSON client beyond the queue: %d %s", resp.StatusCode, body)
	}
	if n := s.club.Hashes().Running.Load(); n != 2 {
		t.Fatalf("%d hashes running with a bound of 2", n)
	}

	// Released, the five queued and running signups all succeed.
	close(release)
	for range 5 {
		if r := <-results; r.code != http.StatusSeeOther {
			t.Errorf("a signup admitted by the gate: %d\n%s", r.code, r.body)
		}
	}
	if p := s.club.Hashes().Peak.Load(); p != 2 {
		t.Errorf("at most %d hashes ran at once; the bound is 2 and 2 were asked for", p)
	}
	_, metrics := get(t, ts, "/metrics")
	if !strings.Contains(metrics, `plateau_refusals_total{reason="hash_busy"} 3`) || !strings.Contains(metrics, "plateau_password_hashes_running 0") {
		t.Errorf("the metrics do not count the busy answers:\n%s", grepLines(metrics, "hash"))
	}
}

func grepLines(text, word string) string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, word) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// A check that waits longer than HashWait for a slot is told to try again
// rather than wait for ever.
func TestHashGateWaitIsBounded(t *testing.T) {
	s, ts, _ := accountServer(t, Config{MaxHashes: 1, HashQueue: 5, HashWait: 50 * time.Millisecond,
		LoginPerMinute: -1, TrustedProxies: localProxy})
	release := make(chan struct{})
	s.club.Hashes().InSlot = func() { <-release }
	first := make(chan int, 1)
	go func() {
		resp, _ := accountPost(t, ts, "/signup", "192.0.2.1", "", "", signupForm("first", "a good password"))
		first <- resp.StatusCode
	}()
	eventually(t, "hashing", func() bool { return s.club.Hashes().Running.Load() == 1 })
	// The slot stays taken until release: this one waits its 50 ms and
	// gives up, however slow the machine.
	resp, body := accountPost(t, ts, "/signup", "192.0.2.2", "", "", signupForm("second", "a good password"))
	if resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(body, "try again in a few seconds") {
		t.Fatalf("a signup that waited too long: %d\n%s", resp.StatusCode, body)
	}
	close(release)
	if code := <-first; code != http.StatusSeeOther {
		t.Fatalf("the first signup: %d", code)
	}
	if n := s.club.Hashes().Waiting.Load(); n != 0 {
		t.Fatalf("%d still counted as waiting", n)
	}
}

// A stranger guessing an account's password from many addresses empties
// the account's bucket: anyone without a device cookie for that account is
// then refused, the owner too. The owner's browser, which logged in
// before, holds a device cookie and still gets in with the right
// password; a forged or another account's cookie does not; a device
// cookie used to guess is locked in its turn.
func TestDeviceCookieBeatsLockout(t *testing.T) {
	_, ts, st := accountServer(t, Config{LoginPerMinute: 1, LoginBurst: 3, TrustedProxies: localProxy})
	for _, name := range []string{"owner", "other"} {
		hash, _ := accounts.HashPassword("the password")
		if err := st.CreateUser(t.Context(), &store.User{Name: name, PasswordHash: hash}); err != nil {
			t.Fatal(err)
		}
	}
	login := func(c *http.Client, from, name, password string) int {
		t.Helper()
		req, _ := http.NewRequest(http.MethodPost, ts.URL+"/login", strings.NewReader(url.Values{"name": {name}, "password": {password}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("X-Forwarded-For", from)
		resp, _ := doAs(t, c, req)
		return resp.StatusCode
	}
	// The owner logs in once from his browser: it gets a device cookie,
	// for the login form only, out of scripts' reach.
	owner := browser(t)
	req, _ := http.NewRequest(http.MethodPost, ts.URL+"/login", strings.NewReader(url.Values{"name": {"Owner"}, "password": {"the password"}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("X-Forwarded-For", "192.0.2.1")
	resp, _ := doAs(t, owner, req)
	var device *http.Cookie
	for _, c := range resp.Cookies() {
		if c.Name == club.DeviceCookiePrefix+"owner" {
			device = c
		}
	}
	if resp.StatusCode != http.StatusSeeOther || device == nil || !device.HttpOnly || device.Path != "/login" || device.MaxAge < 300*24*3600 {
		t.Fatalf("the owner's first login: %d, device cookie %+v", resp.StatusCode, device)
	}
	// A stranger guesses from many addresses until the account is locked.
	for i := 0; ; i++ {
		code := login(browser(t), fmt.Sprintf("198.51.100.%d", i+1), "owner", "guess")
		if code == http.StatusTooManyRequests {
			break
		}
		if code != http.StatusUnauthorized || i > 10 {
			t.Fatalf("guess %d: %d", i, code)
		}
	}
	// Without the device cookie, the right password is refused: this is
	// the lockout the stranger caused.
	if code := login(browser(t), "192.0.2.50", "owner", "the password"); code != http.StatusTooManyRequests {
		t.Fatalf("the owner from a new browser: %d, want 429", code)
	}
	// A forged cookie, or the cookie of another account, opens nothing.
	u, _ := url.Parse(ts.URL + "/login")
	forged := browser(t)
	forged.Jar.SetCookies(u, []*http.Cookie{{Name: device.Name, Value: device.Value[:len(device.Value)-2] + "xx", Path: "/login"}})
	if code := login(forged, "192.0.2.51", "owner", "the password"); code != http.StatusTooManyRequests {
		t.Fatalf("a forged device cookie: %d, want 429", code)
	}
	elsewhere := browser(t)
	elsewhere.Jar.SetCookies(u, []*http.Cookie{{Name: club.DeviceCookiePrefix + "other", Value: device.Value, Path: "/login"}})
	if code := login(elsewhere, "192.0.2.52", "other", "guess"); code != http.StatusUnauthorized {
		t.Fatalf("a try at other: %d", code)
	}
	// The owner's own browser still gets in.
	if code := login(owner, "192.0.2.1", "owner", "the password"); code != http.StatusSeeOther {
		t.Fatalf("the owner with his device cookie: %d, want 303", code)
	}
	// A device cookie that guesses is locked in its turn (from fresh
	// addresses: the address limit is not what stops it).
	thief := browser(t)
	thief.Jar, _ = cookiejar.New(nil)
	thief.Jar.SetCookies(u, []*http.Cookie{{Name: device.Name, Value: device.Value, Path: "/login"}})
	locked := false
	for i := 0; i < 10 && !locked; i++ {
		switch code := login(thief, fmt.Sprintf("203.0.113.%d", i+1), "owner", "guess"); code {
		case http.StatusTooManyRequests:
			locked = true
		case http.StatusUnauthorized:
		default:
			t.Fatalf("guess %d with the device cookie: %d", i, code)
		}
	}
	if !locked {
		t.Fatal("a device cookie guessed 10 times without being locked")
	}
}
