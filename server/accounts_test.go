package server

import (
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/plateau-games/plateau/accounts"
	"github.com/plateau-games/plateau/server/internal/club"
	"github.com/plateau-games/plateau/store"
)

// accountServer runs a server on a fresh SQLite store (which keeps
// accounts) with cfg's account settings.
func accountServer(t *testing.T, cfg Config) (*Server, *httptest.Server, store.Accounts) {
	t.Helper()
	st, err := store.Open(t.Context(), filepath.Join(t.TempDir(), "plateau.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	cfg.Store, cfg.NewAgent = st, cheapAgents
	s, ts := runServer(t, cfg)
	return s, ts, st.(store.Accounts)
}

// browser is a client with a cookie jar that does not follow redirects.
func browser(t *testing.T) *http.Client {
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return &http.Client{Jar: jar, CheckRedirect: noRedirect.CheckRedirect}
}

// post sends a form as the site's own page would.
func postAs(t *testing.T, c *http.Client, target string, form url.Values) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, target, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	return doAs(t, c, req)
}

func getAs(t *testing.T, c *http.Client, target string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, target, nil)
	return doAs(t, c, req)
}

func doAs(t *testing.T, c *http.Client, req *http.Request) (*http.Response, string) {
	t.Helper()
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

func signupForm(name, password string) url.Values {
	return url.Values{"name": {name}, "password": {password}, "password2": {password}, "next": {"/new?game=pogo"}}
}

// loggedInAs says whose name the header of the catalogue shows.
func loggedInAs(t *testing.T, c *http.Client, ts *httptest.Server) string {
	t.Helper()
	_, body := getAs(t, c, ts.URL+"/")
	i := strings.Index(body, `id="account"`)
	if i < 0 {
		return ""
	}
	rest := body[i:]
	rest = rest[strings.Index(rest, ">")+1:]
	return rest[:strings.Index(rest, "<")]
}

func TestSignupLoginLogout(t *testing.T) {
	_, ts, st := accountServer(t, Config{})
	c := browser(t)
	if name := loggedInAs(t, c, ts); name != "" {
		t.Fatalf("a new visitor is logged in as %q", name)
	}
	resp, _ := postAs(t, c, ts.URL+"/signup", signupForm("Zoe", "correct horse"))
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/new?game=pogo" {
		t.Fatalf("signup: %d, Location %q", resp.StatusCode, resp.Header.Get("Location"))
	}
	var cookie *http.Cookie
	for _, ck := range resp.Cookies() {
		if ck.Name == club.SessionCookie {
			cookie = ck
		}
	}
	if cookie == nil || !cookie.HttpOnly || cookie.SameSite != http.SameSiteLaxMode || cookie.Path != "/" || cookie.MaxAge <= 0 {
		t.Fatalf("session cookie: %+v", cookie)
	}
	if name := loggedInAs(t, c, ts); name != "Zoe" {
		t.Fatalf("after signup the header shows %q", name)
	}
	u, err := st.LoadUser(t.Context(), "zoe")
	if err != nil || u.Role != store.RolePlayer || !strings.HasPrefix(u.PasswordHash, "$argon2id$") {
		t.Fatalf("stored user: %+v, %v", u, err)
	}
	// The token is not stored, only its hash.
	if _, _, err := st.LoadSession(t.Context(), cookie.Value, time.Now()); err == nil {
		t.Fatal("the raw token opens a session in the store")
	}

	resp, _ = postAs(t, c, ts.URL+"/logout", nil)
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("logout: %d", resp.StatusCode)
	}
	if name := loggedInAs(t, c, ts); name != "" {
		t.Fatalf("after logout the header shows %q", name)
	}
	if _, _, err := st.LoadSession(t.Context(), accounts.TokenHash(cookie.Value), time.Now()); err == nil {
		t.Fatal("the session survived logging out")
	}
	// The old cookie, replayed, opens nothing.
	old := &http.Client{}
	req, _ := http.NewRequest(http.MethodGet, ts.URL+"/", nil)
	req.AddCookie(&http.Cookie{Name: club.SessionCookie, Value: cookie.Value})
	if _, body := doAs(t, old, req); strings.Contains(body, `id="account"`) {
		t.Fatal("a logged-out token still logs in")
	}

	// Logging in again, with the name in another case.
	resp, _ = postAs(t, c, ts.URL+"/login", url.Values{"name": {"ZOE"}, "password": {"correct horse"}, "next": {"/archive"}})
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/archive" {
		t.Fatalf("login: %d, Location %q", resp.StatusCode, resp.Header.Get("Location"))
	}
	if name := loggedInAs(t, c, ts); name != "Zoe" {
		t.Fatalf("after login the header shows %q", name)
	}
}

func TestLoginRefusals(t *testing.T) {
	_, ts, st := accountServer(t, Config{LoginPerMinute: -1})
	hash, _ := accounts.HashPassword("right password")
	if err := st.CreateUser(t.Context(), &store.User{Name: "alice", PasswordHash: hash}); err != nil {
		t.Fatal(err)
	}
	if err := st.CreateUser(t.Context(), &store.User{Name: "gone", PasswordHash: hash, Disabled: true}); err != nil {
		t.Fatal(err)
	}
	if err := st.CreateUser(t.Context(), &store.User{Name: "robot", Bot: true}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, password string
		code           int
		says           string
	}{
		{"alice", "wrong password", http.StatusUnauthorized, "Wrong user name or password."},
		{"nobody", "right password", http.StatusUnauthorized, "Wrong user name or password."},
		{"<script>", "x", http.StatusUnauthorized, "Wrong user name or password."},
		{"gone", "wrong password", http.StatusUnauthorized, "Wrong user name or password."},
		{"gone", "right password", http.StatusForbidden, "This account is disabled"},
		{"robot", "", http.StatusUnauthorized, "Wrong user name or password."},
		{"alice", strings.Repeat("x", 5000), http.StatusUnauthorized, "Wrong user name or password."},
	} {
		c := browser(t)
		resp, body := postAs(t, c, ts.URL+"/login?lang=en", url.Values{"name": {tc.name}, "password": {tc.password}})
		if resp.StatusCode != tc.code || !strings.Contains(body, tc.says) {
			t.Errorf("login %q/%.10q: %d, want %d saying %q", tc.name, tc.password, resp.StatusCode, tc.code, tc.says)
		}
		if strings.Contains(body, "<script>") {
			t.Errorf("login %q: the name came back unescaped", tc.name)
		}
		if name := loggedInAs(t, c, ts); name != "" {
			t.Errorf("login %q/%.10q logged in as %q", tc.name, tc.password, name)
		}
	}
	// A session of a disabled account ends at once.
	c := browser(t)
	if resp, _ := postAs(t, c, ts.URL+"/login", url.Values{"name": {"alice"}, "password": {"right password"}}); resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("login: %d", resp.StatusCode)
	}
	u, _ := st.LoadUser(t.Context(), "alice")
	u.Disabled = true
	if err := st.UpdateUser(t.Context(), u); err != nil {
		t.Fatal(err)
	}
	if name := loggedInAs(t, c, ts); name != "" {
		t.Fatalf("a disabled account is still logged in as %q", name)
	}
}

func TestSignupRefusals(t *testing.T) {
	_, ts, st := accountServer(t, Config{LoginPerMinute: -1})
	c := browser(t)
	if resp, _ := postAs(t, c, ts.URL+"/signup", signupForm("Bob", "password1")); resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("first signup: %d", resp.StatusCode)
	}
	for _, tc := range []struct {
		form url.Values
		code int
		says string
	}{
		{signupForm("BOB", "password2"), http.StatusConflict, "The name BOB is taken"},
		{signupForm("<img src=x onerror=alert(1)>", "password1"), http.StatusBadRequest, "A user name has 2 to 20 characters"},
		{signupForm("x", "password1"), http.StatusBadRequest, "A user name has 2 to 20 characters"},
		{signupForm("Zoé", "password1"), http.StatusBadRequest, "A user name has 2 to 20 characters"},
		{signupForm("carol", "short"), http.StatusBadRequest, "A password has 8 to"},
		{url.Values{"name": {"carol"}, "password": {"password1"}, "password2": {"password2"}}, http.StatusBadRequest, "The two passwords differ."},
	} {
		resp, body := postAs(t, browser(t), ts.URL+"/signup?lang=en", tc.form)
		if resp.StatusCode != tc.code || !strings.Contains(body, tc.says) {
			t.Errorf("signup %v: %d, want %d saying %q", tc.form, resp.StatusCode, tc.code, tc.says)
		}
		if strings.Contains(body, "<img") {
			t.Errorf("signup %v: markup came back unescaped", tc.form)
		}
	}
	users, _ := st.ListUsers(t.Context(), 0, 0)
	if len(users) != 1 {
		t.Errorf("refused signups created users: %+v", users)
	}
	// In French.
	_, body := postAs(t, browser(t), ts.URL+"/signup?lang=fr", signupForm("bob", "password9"))
	if !strings.Contains(body, "Le nom bob est déjà pris") {
		t.Errorf("French signup conflict: %.300s", body)
	}
}

func TestSignupClosed(t *testing.T) {
	_, ts, st := accountServer(t, Config{SignupClosed: true})
	resp, body := getAs(t, browser(t), ts.URL+"/signup?lang=en")
	if resp.StatusCode != http.StatusForbidden || !strings.Contains(body, `id="signupclosed"`) || strings.Contains(body, `id="accountform"`) {
		t.Fatalf("closed signup page: %d", resp.StatusCode)
	}
	resp, _ = postAs(t, browser(t), ts.URL+"/signup", signupForm("eve", "password1"))
	if resp.StatusCode != http.StatusForbidden {
		t.Fatalf("closed signup POST: %d", resp.StatusCode)
	}
	if _, err := st.LoadUser(t.Context(), "eve"); err == nil {
		t.Fatal("a closed signup created the user")
	}
}

// TestLoginRateLimits: a guesser gets LoginBurst tries, per address and
// per account; the right password is refused too once over the limit.
func TestLoginRateLimits(t *testing.T) {
	_, ts, st := accountServer(t, Config{LoginPerMinute: 1, LoginBurst: 3, TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}})
	hash, _ := accounts.HashPassword("the password")
	if err := st.CreateUser(t.Context(), &store.User{Name: "target", PasswordHash: hash}); err != nil {
		t.Fatal(err)
	}
	try := func(from, password string) int {
		req, _ := http.NewRequest(http.MethodPost, ts.URL+"/login", strings.NewReader(url.Values{"name": {"target"}, "password": {password}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("X-Forwarded-For", from)
		resp, _ := doAs(t, browser(t), req)
		return resp.StatusCode
	}
	for i := 0; i < 3; i++ {
		if code := try("192.0.2.1", "guess"); code != http.StatusUnauthorized {
			t.Fatalf("try %d: %d", i, code)
		}
	}
	if code := try("192.0.2.1", "the password"); code != http.StatusTooManyRequests {
		t.Fatalf("the fourth try from one address: %d, want 429", code)
	}
	// Another address, same account: the account's bucket is empty too.
	if code := try("198.51.100.7", "the password"); code != http.StatusTooManyRequests {
		t.Fatalf("the account from a second address: %d, want 429", code)
	}
}

func TestLoginNextStaysOnSite(t *testing.T) {
	for next, want := range map[string]string{
		"/games/abc":                   "/games/abc",
		"/new?game=pogo":               "/new?game=pogo",
		"https://evil.example/":        "/",
		"//evil.example/":              "/",
		"/\\evil.example":              "/",
		"javascript:alert(1)":          "/",
		"":                             "/",
		"/ok\r\nSet-Cookie: x=y":       "/",
		"/" + strings.Repeat("a", 600): "/",
	} {
		if got := club.LocalNext(next); got != want {
			t.Errorf("club.LocalNext(%q) = %q, want %q", next, got, want)
		}
	}
}

func TestLoginFromAnotherSiteRefused(t *testing.T) {
	_, ts, st := accountServer(t, Config{})
	hash, _ := accounts.HashPassword("the password")
	if err := st.CreateUser(t.Context(), &store.User{Name: "victim", PasswordHash: hash}); err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequest(http.MethodPost, ts.URL+"/login", strings.NewReader(url.Values{"name": {"victim"}, "password": {"the password"}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", "https://evil.example")
	if resp, _ := doAs(t, browser(t), req); resp.StatusCode != http.StatusForbidden {
		t.Fatalf("a login posted from another site: %d, want 403", resp.StatusCode)
	}
}

func TestSecureCookieBehindTLS(t *testing.T) {
	_, ts, _ := accountServer(t, Config{TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}})
	req, _ := http.NewRequest(http.MethodPost, ts.URL+"/signup", strings.NewReader(signupForm("tls_user", "password1").Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("X-Forwarded-Proto", "https")
	resp, _ := doAs(t, browser(t), req)
	for _, ck := range resp.Cookies() {
		if ck.Name == club.SessionCookie && !ck.Secure {
			t.Fatal("the session cookie of a site behind TLS is not Secure")
		}
	}
}
