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

// accountLimits are the resolved account settings.
type accountLimits struct {
	signupClosed      bool
	lifetime          time.Duration
	perMinute         float64 // <= 0: no limit
	burst             int
	byAddress         *site.Buckets
	byAccount         *site.Buckets
	accountsOfStore   store.Accounts // nil: the store keeps no accounts
	lobby             store.Lobby    // nil: the store keeps no challenges
	challengeLifetime time.Duration
}

func (cl *Club) resolveAccounts(cfg Config) error {
	a := accountLimits{signupClosed: cfg.SignupClosed, lifetime: cfg.SessionLifetime,
		perMinute: float64(cfg.LoginPerMinute), burst: cfg.LoginBurst}
	if a.lifetime == 0 {
		a.lifetime = DefaultSessionLifetime
	}
	if a.lifetime < time.Minute {
		return fmt.Errorf("server: SessionLifetime %v: at least a minute", a.lifetime)
	}
	if a.perMinute == 0 {
		a.perMinute = DefaultLoginPerMinute
	}
	if a.burst <= 0 {
		a.burst = DefaultLoginBurst
	}
	a.byAddress = site.NewBuckets(cl.limits.maxClients)
	a.byAccount = site.NewBuckets(cl.limits.maxClients)
	a.accountsOfStore, _ = cfg.Store.(store.Accounts)
	a.lobby, _ = cfg.Store.(store.Lobby)
	a.challengeLifetime = cfg.ChallengeLifetime
	if a.challengeLifetime == 0 {
		a.challengeLifetime = DefaultChallengeLifetime
	}
	if a.challengeLifetime < time.Minute {
		return fmt.Errorf("server: ChallengeLifetime %v: at least a minute", a.challengeLifetime)
	}
	cl.accounts = a
	return nil
}

// CurrentUser is the user logged in on r's browser, or nil. It is read
// once per request.
func (cl *Club) CurrentUser(r *http.Request) *store.User {
	info := web.Info(r)
	if info.UserRead {
		return info.User
	}
	info.UserRead = true
	st := cl.accounts.accountsOfStore
	if st == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	info.CredGen = cl.revokes.gen.Load() // before the lookup (trackCredential)
	// A program playing as a bot account sends its token instead of a
	// cookie.
	if auth := r.Header.Get("Authorization"); strings.HasPrefix(auth, "Bearer ") {
		tok := strings.TrimPrefix(auth, "Bearer ")
		bots, ok := cl.cfg.Store.(store.BotTokens)
		if !ok || tok == "" || len(tok) > maxTokenLength {
			return nil
		}
		u, err := bots.BotTokenUser(ctx, accounts.TokenHash(tok))
		if err != nil {
			if !errors.Is(err, store.ErrNotFound) {
				cl.Log.Warn("bot token lookup", "error", err)
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
	_, u, err := st.LoadSession(ctx, accounts.TokenHash(c.Value), cl.Now())
	if err != nil {
		if !errors.Is(err, store.ErrNotFound) {
			cl.Log.Warn("session lookup", "error", err)
		}
		return nil
	}
	info.User, info.Cred = u, "session "+accounts.TokenHash(c.Value)
	return u
}

// sessionCookieFor sets (token != "") or clears the session cookie: never
// readable by scripts, sent only with the site's own navigation, and only
// over TLS when the site is served over TLS.
func (cl *Club) sessionCookieFor(r *http.Request, token string, maxAge int) *http.Cookie {
	return &http.Cookie{
		Name: SessionCookie, Value: token, Path: "/", MaxAge: maxAge,
		HttpOnly: true, SameSite: http.SameSiteLaxMode,
		Secure: strings.HasPrefix(cl.OwnOrigin(r), "https://"),
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
func (cl *Club) limitLogin(w http.ResponseWriter, r *http.Request, lang, name string) bool {
	a := cl.accounts
	if a.perMinute <= 0 {
		return true
	}
	now := time.Now()
	ok, wait := a.byAddress.Take(web.Info(r).Key, now, a.perMinute, a.burst)
	reason := "login_limited"
	if ok && name != "" {
		ok, wait, reason = cl.accountBucket(r, name, now)
	}
	if ok {
		return true
	}
	secs := max(int(math.Ceil(wait.Seconds())), 1)
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	cl.Refuse(r, reason)
	cl.Web.Fail(w, r, lang, http.StatusTooManyRequests, fmt.Sprintf(web.T(lang, "loginlimited"), secs))
	return false
}

// accountsOff answers the account pages of a server whose store keeps no
// accounts.
func (cl *Club) accountsOff(w http.ResponseWriter, r *http.Request, lang string) bool {
	if cl.accounts.accountsOfStore != nil {
		return false
	}
	cl.Web.Fail(w, r, lang, http.StatusNotFound, web.T(lang, "noaccounts"))
	return true
}

// LoginPage is GET /login.
func (cl *Club) LoginPage(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	if cl.accountsOff(w, r, lang) {
		return
	}
	f := accountForm{Next: LocalNext(r.URL.Query().Get("next")), Closed: cl.accounts.signupClosed}
	cl.Web.Render(w, r, lang, "login", web.T(lang, "login"), http.StatusOK, f)
}

// SignupPage is GET /signup.
func (cl *Club) SignupPage(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	if cl.accountsOff(w, r, lang) {
		return
	}
	f := accountForm{Signup: true, Next: LocalNext(r.URL.Query().Get("next")), Closed: cl.accounts.signupClosed}
	code := http.StatusOK
	if f.Closed {
		code = http.StatusForbidden
	}
	cl.Web.Render(w, r, lang, "login", web.T(lang, "signup"), code, f)
}

// readAccountForm parses a small form; false when it answered an error.
func (cl *Club) readAccountForm(w http.ResponseWriter, r *http.Request, lang string) bool {
	r.Body = http.MaxBytesReader(w, r.Body, maxAccountForm)
	if err := r.ParseForm(); err != nil {
		cl.Web.Fail(w, r, lang, http.StatusBadRequest, web.T(lang, "formtoolarge"))
		return false
	}
	return true
}

// Login is POST /login: name, password and the page to return to.
func (cl *Club) Login(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	if cl.accountsOff(w, r, lang) || !cl.readAccountForm(w, r, lang) {
		return
	}
	name, password := strings.TrimSpace(r.PostForm.Get("name")), r.PostForm.Get("password")
	f := accountForm{Name: name, Next: LocalNext(r.PostForm.Get("next")), Closed: cl.accounts.signupClosed}
	again := func(code int, key string) {
		f.Error = web.T(lang, key)
		cl.Web.Render(w, r, lang, "login", web.T(lang, "login"), code, f)
	}
	busy := func(code int, msg string) {
		f.Error = msg
		cl.Web.Render(w, r, lang, "login", web.T(lang, "login"), code, f)
	}
	if store.CheckUserName(name) != nil {
		// Not a name anyone could have: no account bucket to fill.
		if cl.limitLogin(w, r, lang, "") {
			if err := cl.dummyCheck(r.Context(), password); gateRefused(err) {
				cl.hashBusy(w, r, lang, busy)
				return
			}
			again(http.StatusUnauthorized, "badlogin")
		}
		return
	}
	if !cl.limitLogin(w, r, lang, name) {
		return
	}
	st := cl.accounts.accountsOfStore
	u, err := st.LoadUser(r.Context(), name)
	switch {
	case errors.Is(err, store.ErrNotFound):
		// As long as a wrong password, so that the answer's time does not
		// tell which names exist.
		if err := cl.dummyCheck(r.Context(), password); gateRefused(err) {
			cl.hashBusy(w, r, lang, busy)
			return
		}
		cl.Refuse(r, "bad_login")
		again(http.StatusUnauthorized, "badlogin")
		return
	case err != nil:
		cl.Web.InternalError(w, r, lang, "login", err)
		return
	}
	if ok, err := cl.checkPassword(r.Context(), u.PasswordHash, password); err != nil || !ok {
		if gateRefused(err) {
			cl.hashBusy(w, r, lang, busy)
			return
		}
		if err != nil {
			cl.Log.Warn("stored password hash unreadable", "user", u.Name, "error", err)
		}
		cl.Refuse(r, "bad_login")
		again(http.StatusUnauthorized, "badlogin")
		return
	}
	if u.Disabled {
		// Said only to whoever knows the password.
		cl.Refuse(r, "disabled_account")
		again(http.StatusForbidden, "accountdisabled")
		return
	}
	cl.startSession(w, r, lang, u.Name, f.Next)
}

// startSession logs the browser in as name and sends it to next.
func (cl *Club) startSession(w http.ResponseWriter, r *http.Request, lang, name, next string) {
	token, hash, err := accounts.NewToken()
	if err != nil {
		cl.Web.InternalError(w, r, lang, "session token", err)
		return
	}
	now := cl.Now()
	sess := &store.Session{TokenHash: hash, User: name, CreatedAt: now, ExpiresAt: now.Add(cl.accounts.lifetime)}
	if err := cl.accounts.accountsOfStore.CreateSession(r.Context(), sess); err != nil {
		cl.Web.InternalError(w, r, lang, "create session", err)
		return
	}
	http.SetCookie(w, cl.sessionCookieFor(r, token, int(cl.accounts.lifetime.Seconds())))
	cl.setDeviceCookie(w, r, name)
	http.Redirect(w, r, next, http.StatusSeeOther)
}

// Signup is POST /signup: name, password twice and the page to return to.
func (cl *Club) Signup(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	if cl.accountsOff(w, r, lang) || !cl.readAccountForm(w, r, lang) {
		return
	}
	name := strings.TrimSpace(r.PostForm.Get("name"))
	password, again2 := r.PostForm.Get("password"), r.PostForm.Get("password2")
	f := accountForm{Signup: true, Name: name, Next: LocalNext(r.PostForm.Get("next")), Closed: cl.accounts.signupClosed}
	again := func(code int, msg string) {
		f.Error = msg
		cl.Web.Render(w, r, lang, "login", web.T(lang, "signup"), code, f)
	}
	if f.Closed {
		cl.Refuse(r, "signup_closed")
		again(http.StatusForbidden, web.T(lang, "signupclosed"))
		return
	}
	if !cl.limitLogin(w, r, lang, "") {
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
	hash, err := cl.hashPassword(r.Context(), password)
	if gateRefused(err) {
		cl.hashBusy(w, r, lang, again)
		return
	}
	if err != nil {
		again(http.StatusBadRequest, err.Error())
		return
	}
	u := &store.User{Name: name, PasswordHash: hash}
	switch err := cl.accounts.accountsOfStore.CreateUser(r.Context(), u); {
	case errors.Is(err, store.ErrConflict):
		again(http.StatusConflict, fmt.Sprintf(web.T(lang, "nametaken"), name))
		return
	case err != nil:
		cl.Web.InternalError(w, r, lang, "create user", err)
		return
	}
	cl.Log.Info("account created", "user", u.Name, "client", web.Info(r).Client.String())
	cl.startSession(w, r, lang, u.Name, f.Next)
}

// Logout ends the browser's session, in the store and in the browser.
func (cl *Club) Logout(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	if st := cl.accounts.accountsOfStore; st != nil {
		if c, err := r.Cookie(SessionCookie); err == nil && c.Value != "" && len(c.Value) <= maxTokenLength {
			if err := st.DeleteSession(r.Context(), accounts.TokenHash(c.Value)); err != nil {
				cl.Web.InternalError(w, r, lang, "logout", err)
				return
			}
		}
	}
	http.SetCookie(w, cl.sessionCookieFor(r, "", -1))
	http.Redirect(w, r, "/", http.StatusSeeOther)
}

// ExpireSessions deletes the expired sessions (a maintenance chore).
func (cl *Club) ExpireSessions() {
	st := cl.accounts.accountsOfStore
	if st == nil {
		return
	}
	ctx, cancel := context.WithTimeout(cl.Ctx, 10*time.Second)
	defer cancel()
	if n, err := st.DeleteExpiredSessions(ctx, cl.Now()); err != nil {
		cl.Log.Warn("expiring sessions", "error", err)
	} else if n > 0 {
		cl.Log.Info("sessions expired", "count", n)
	}
}
