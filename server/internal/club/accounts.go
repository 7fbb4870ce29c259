package club

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/plateau-games/plateau/accounts"
	"github.com/plateau-games/plateau/server/internal/site"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// Accounts are optional: a visitor plays without one exactly as before. An
// account gives a name that lasts; the browser holds a session cookie
// whose token the store keeps only as a hash (store.Accounts).

// SessionCookie holds a login's secret token.
const SessionCookie = "plateau_session"

// The defaults of the account limits (Config fields of the same names).
const (
	// DefaultSessionLifetime is how long a login lasts.
	DefaultSessionLifetime = 30 * 24 * time.Hour
	// DefaultLoginPerMinute and DefaultLoginBurst bound the login and
	// signup attempts of one client address, and separately the login
	// attempts on one account from all addresses together: a guesser gets
	// a few tries a minute whatever the number of addresses he has.
	DefaultLoginPerMinute = 5
	DefaultLoginBurst     = 10
	// maxAccountForm bounds the body of a login or signup form.
	maxAccountForm = 8 << 10
	// maxTokenLength bounds a session cookie read: a token is 43
	// characters; anything longer is not one of ours.
	maxTokenLength = 64
	// maxNextLength bounds the page to return to after logging in.
	maxNextLength = 512
)

// members is the accounts part of the club: signup, login and logout,
// the sessions, and who is logged in on a request.
type members struct {
	*site.Env
	web       *web.Shell
	cfg       Config
	limits    accountLimits
	devices   *devices
	hashes    *HashGate
	revokes   *revoker
	ownOrigin func(r *http.Request) string
}

// accountLimits are the resolved account settings.
type accountLimits struct {
	signupClosed    bool
	lifetime        time.Duration
	perMinute       float64 // <= 0: no limit
	burst           int
	byAddress       *site.Buckets
	byAccount       *site.Buckets
	accountsOfStore store.Accounts // nil: the store keeps no accounts
}

func resolveAccounts(cfg Config) (accountLimits, error) {
	a := accountLimits{signupClosed: cfg.SignupClosed, lifetime: cfg.SessionLifetime,
		perMinute: float64(cfg.LoginPerMinute), burst: cfg.LoginBurst}
	if a.lifetime == 0 {
		a.lifetime = DefaultSessionLifetime
	}
	if a.lifetime < time.Minute {
		return a, fmt.Errorf("server: SessionLifetime %v: at least a minute", a.lifetime)
	}
	if a.perMinute == 0 {
		a.perMinute = DefaultLoginPerMinute
	}
	if a.burst <= 0 {
		a.burst = DefaultLoginBurst
	}
	a.byAddress = site.NewBuckets(cfg.MaxClients)
	a.byAccount = site.NewBuckets(cfg.MaxClients)
	a.accountsOfStore, _ = cfg.Store.(store.Accounts)
	return a, nil
}

// CurrentUser is the user logged in on r's browser, or nil. It is read
// once per request.
func (mb *members) CurrentUser(r *http.Request) *store.User {
	info := web.Info(r)
	if info.UserRead {
		return info.User
	}
	info.UserRead = true
	st := mb.limits.accountsOfStore
	if st == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	info.CredGen = mb.revokes.gen.Load() // before the lookup (trackCredential)
	// A program playing as a bot account sends its token instead of a
	// cookie.
	if auth := r.Header.Get("Authorization"); strings.HasPrefix(auth, "Bearer ") {
		tok := strings.TrimPrefix(auth, "Bearer ")
		bots, ok := mb.cfg.Store.(store.BotTokens)
		if !ok || tok == "" || len(tok) > maxTokenLength {
			return nil
		}
		u, err := bots.BotTokenUser(ctx, accounts.TokenHash(tok))
		if err != nil {
			if !errors.Is(err, store.ErrNotFound) {
				mb.Log.Warn("bot token lookup", "error", err)
			}
			return nil
		}
		info.User, info.Cred = u, "bot "+accounts.TokenHash(tok)
		return u
	}
	c, err := r.Cookie(SessionCookie)
	if err != nil || c.Value == "" || len(c.Value) > maxTokenLength {
		return nil
	}
	_, u, err := st.LoadSession(ctx, accounts.TokenHash(c.Value), mb.Now())
	if err != nil {
		if !errors.Is(err, store.ErrNotFound) {
			mb.Log.Warn("session lookup", "error", err)
		}
		return nil
	}
	info.User, info.Cred = u, "session "+accounts.TokenHash(c.Value)
	return u
}

// sessionCookieFor sets (token != "") or clears the session cookie: never
// readable by scripts, sent only with the site's own navigation, and only
// over TLS when the site is served over TLS.
func (mb *members) sessionCookieFor(r *http.Request, token string, maxAge int) *http.Cookie {
	return &http.Cookie{
		Name: SessionCookie, Value: token, Path: "/", MaxAge: maxAge,
		HttpOnly: true, SameSite: http.SameSiteLaxMode,
		Secure: strings.HasPrefix(mb.ownOrigin(r), "https://"),
	}
}

// LocalNext is where to go after logging in: a path of this site, or "/".
// Anything else (another site, "//host", a backslash that some browsers
// read as a slash) would make the login form an open redirect.
func LocalNext(next string) string {
	if next == "" || len(next) > maxNextLength || next[0] != '/' || strings.HasPrefix(next, "//") ||
		strings.ContainsAny(next, "\\\r\n") {
		return "/"
	}
	u, err := url.Parse(next)
	if err != nil || u.Scheme != "" || u.Host != "" {
		return "/"
	}
	return next
}

// accountForm is what the login and signup pages show.
type accountForm struct {
	Name   string
	Next   string
	Error  string
	Signup bool // the signup form, else the login form
	Closed bool // signup is closed: only the operator creates accounts
}

// limitLogin takes a token from the buckets of the client's address and,
// when name is given, of the account. It answers 429 itself when one is
// empty.
func (mb *members) limitLogin(w http.ResponseWriter, r *http.Request, lang, name string) bool {
	a := mb.limits
	if a.perMinute <= 0 {
		return true
	}
	now := time.Now()
	ok, wait := a.byAddress.Take(web.Info(r).Key, now, a.perMinute, a.burst)
	reason := "login_limited"
	if ok && name != "" {
		ok, wait, reason = mb.devices.accountBucket(r, name, now)
	}
	if ok {
		return true
	}
	secs := max(int(math.Ceil(wait.Seconds())), 1)
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	mb.Refuse(r, reason)
	mb.web.Fail(w, r, lang, http.StatusTooManyRequests, fmt.Sprintf(web.T(lang, "loginlimited"), secs))
	return false
}

// accountsOff answers the account pages of a server whose store keeps no
// accounts.
func (mb *members) accountsOff(w http.ResponseWriter, r *http.Request, lang string) bool {
	if mb.limits.accountsOfStore != nil {
		return false
	}
	mb.web.Fail(w, r, lang, http.StatusNotFound, web.T(lang, "noaccounts"))
	return true
}

// LoginPage is GET /login.
func (mb *members) LoginPage(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	if mb.accountsOff(w, r, lang) {
		return
	}
	f := accountForm{Next: LocalNext(r.URL.Query().Get("next")), Closed: mb.limits.signupClosed}
	mb.web.Render(w, r, lang, "login", web.T(lang, "login"), http.StatusOK, f)
}

// SignupPage is GET /signup.
func (mb *members) SignupPage(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	if mb.accountsOff(w, r, lang) {
		return
	}
	f := accountForm{Signup: true, Next: LocalNext(r.URL.Query().Get("next")), Closed: mb.limits.signupClosed}
	code := http.StatusOK
	if f.Closed {
		code = http.StatusForbidden
	}
	mb.web.Render(w, r, lang, "login", web.T(lang, "signup"), code, f)
}

// readAccountForm parses a small form; false when it answered an error.
func (mb *members) readAccountForm(w http.ResponseWriter, r *http.Request, lang string) bool {
	r.Body = http.MaxBytesReader(w, r.Body, maxAccountForm)
	if err := r.ParseForm(); err != nil {
		mb.web.Fail(w, r, lang, http.StatusBadRequest, web.T(lang, "formtoolarge"))
		return false
	}
	return true
}

// Login is POST /login: name, password and the page to return to.
func (mb *members) Login(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	if mb.accountsOff(w, r, lang) || !mb.readAccountForm(w, r, lang) {
		return
	}
	name, password := strings.TrimSpace(r.PostForm.Get("name")), r.PostForm.Get("password")
	f := accountForm{Name: name, Next: LocalNext(r.PostForm.Get("next")), Closed: mb.limits.signupClosed}
	again := func(code int, key string) {
		f.Error = web.T(lang, key)
		mb.web.Render(w, r, lang, "login", web.T(lang, "login"), code, f)
	}
	busy := func(code int, msg string) {
		f.Error = msg
		mb.web.Render(w, r, lang, "login", web.T(lang, "login"), code, f)
	}
	if store.CheckUserName(name) != nil {
		// Not a name anyone could have: no account bucket to fill.
		if mb.limitLogin(w, r, lang, "") {
			if err := mb.hashes.dummyCheck(r.Context(), password); gateRefused(err) {
				mb.hashBusy(w, r, lang, busy)
				return
			}
			again(http.StatusUnauthorized, "badlogin")
		}
		return
	}
	if !mb.limitLogin(w, r, lang, name) {
		return
	}
	st := mb.limits.accountsOfStore
	u, err := st.LoadUser(r.Context(), name)
	switch {
	case errors.Is(err, store.ErrNotFound):
		// As long as a wrong password, so that the answer's time does not
		// tell which names exist.
		if err := mb.hashes.dummyCheck(r.Context(), password); gateRefused(err) {
			mb.hashBusy(w, r, lang, busy)
			return
		}
		mb.Refuse(r, "bad_login")
		again(http.StatusUnauthorized, "badlogin")
		return
	case err != nil:
		mb.web.InternalError(w, r, lang, "login", err)
		return
	}
	if ok, err := mb.hashes.checkPassword(r.Context(), u.PasswordHash, password); err != nil || !ok {
		if gateRefused(err) {
			mb.hashBusy(w, r, lang, busy)
			return
		}
		if err != nil {
			mb.Log.Warn("stored password hash unreadable", "user", u.Name, "error", err)
		}
		mb.Refuse(r, "bad_login")
		again(http.StatusUnauthorized, "badlogin")
		return
	}
	if u.Disabled {
		// Said only to whoever knows the password.
		mb.Refuse(r, "disabled_account")
		again(http.StatusForbidden, "accountdisabled")
		return
	}
	mb.startSession(w, r, lang, u.Name, f.Next)
}

// startSession logs the browser in as name and sends it to next.
func (mb *members) startSession(w http.ResponseWriter, r *http.Request, lang, name, next string) {
	token, hash, err := accounts.NewToken()
	if err != nil {
		mb.web.InternalError(w, r, lang, "session token", err)
		return
	}
	now := mb.Now()
	sess := &store.Session{TokenHash: hash, User: name, CreatedAt: now, ExpiresAt: now.Add(mb.limits.lifetime)}
	if err := mb.limits.accountsOfStore.CreateSession(r.Context(), sess); err != nil {
		mb.web.InternalError(w, r, lang, "create session", err)
		return
	}
	http.SetCookie(w, mb.sessionCookieFor(r, token, int(mb.limits.lifetime.Seconds())))
	mb.devices.setDeviceCookie(w, r, name)
	http.Redirect(w, r, next, http.StatusSeeOther)
}

// Signup is POST /signup: name, password twice and the page to return to.
func (mb *members) Signup(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	if mb.accountsOff(w, r, lang) || !mb.readAccountForm(w, r, lang) {
		return
	}
	name := strings.TrimSpace(r.PostForm.Get("name"))
	password, again2 := r.PostForm.Get("password"), r.PostForm.Get("password2")
	f := accountForm{Signup: true, Name: name, Next: LocalNext(r.PostForm.Get("next")), Closed: mb.limits.signupClosed}
	again := func(code int, msg string) {
		f.Error = msg
		mb.web.Render(w, r, lang, "login", web.T(lang, "signup"), code, f)
	}
	if f.Closed {
		mb.Refuse(r, "signup_closed")
		again(http.StatusForbidden, web.T(lang, "signupclosed"))
		return
	}
	if !mb.limitLogin(w, r, lang, "") {
		return
	}
	if err := store.CheckUserName(name); err != nil {
		f.Name = ""
		again(http.StatusBadRequest, fmt.Sprintf(web.T(lang, "nameinvalid"), store.MinUserName, store.MaxUserName))
		return
	}
	if n := len(password); n < accounts.MinPassword || n > accounts.MaxPassword || !utf8.ValidString(password) {
		again(http.StatusBadRequest, fmt.Sprintf(web.T(lang, "passwordlength"), accounts.MinPassword, accounts.MaxPassword))
		return
	}
	if password != again2 {
		again(http.StatusBadRequest, web.T(lang, "passwordmismatch"))
		return
	}
	hash, err := mb.hashes.hashPassword(r.Context(), password)
	if gateRefused(err) {
		mb.hashBusy(w, r, lang, again)
		return
	}
	if err != nil {
		again(http.StatusBadRequest, err.Error())
		return
	}
	u := &store.User{Name: name, PasswordHash: hash}
	switch err := mb.limits.accountsOfStore.CreateUser(r.Context(), u); {
	case errors.Is(err, store.ErrConflict):
		again(http.StatusConflict, fmt.Sprintf(web.T(lang, "nametaken"), name))
		return
	case err != nil:
		mb.web.InternalError(w, r, lang, "create user", err)
		return
	}
	mb.Log.Info("account created", "user", u.Name, "client", web.Info(r).Client.String())
	mb.startSession(w, r, lang, u.Name, f.Next)
}

// Logout ends the browser's session, in the store and in the browser.
func (mb *members) Logout(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	if st := mb.limits.accountsOfStore; st != nil {
		if c, err := r.Cookie(SessionCookie); err == nil && c.Value != "" && len(c.Value) <= maxTokenLength {
			if err := st.DeleteSession(r.Context(), accounts.TokenHash(c.Value)); err != nil {
				mb.web.InternalError(w, r, lang, "logout", err)
				return
			}
		}
	}
	http.SetCookie(w, mb.sessionCookieFor(r, "", -1))
	http.Redirect(w, r, "/", http.StatusSeeOther)
}

// ExpireSessions deletes the expired sessions (a maintenance chore).
func (mb *members) ExpireSessions() {
	st := mb.limits.accountsOfStore
	if st == nil {
		return
	}
	ctx, cancel := context.WithTimeout(mb.Ctx, 10*time.Second)
	defer cancel()
	if n, err := st.DeleteExpiredSessions(ctx, mb.Now()); err != nil {
		mb.Log.Warn("expiring sessions", "error", err)
	} else if n > 0 {
		mb.Log.Info("sessions expired", "count", n)
	}
}
