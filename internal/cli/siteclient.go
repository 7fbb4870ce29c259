package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/plateau-games/plateau/game"
)

// siteClient speaks to a plateau site as its own pages do, for an account
// logged in from the terminal: the login form, the tables' JSON API and
// forms, the status of a table. The session cookie is kept in memory only
// (never on disk, never printed), and sent to that site alone.
type siteClient struct {
	base   *url.URL // scheme and host
	client *http.Client
	// session is the value of the session cookie once logged in.
	session string
}

// sessionCookie is the name of plateau's session cookie
// (server/internal/club: SessionCookie).
const sessionCookie = "plateau_session"

// Bounds of what a site may send back: answers are small JSON objects or
// pages of a few KB.
const (
	siteAnswerLimit = 1 << 20
	siteTimeout     = 20 * time.Second
)

// Errors of the site, in both languages. None says the password or the
// cookie.
var (
	msgUnreachable    = game.Text{EN: "cannot reach %s: %v", FR: "impossible de joindre %s : %v"}
	msgBadLogin       = game.Text{EN: "%s: wrong user name or password", FR: "%s : nom d'utilisateur ou mot de passe incorrect"}
	msgAccountOff     = game.Text{EN: "the account %s is disabled on %s: it cannot log in (ask the site's operator)", FR: "le compte %s est désactivé sur %s : il ne peut pas se connecter (demandez au responsable du site)"}
	msgCrossSite      = game.Text{EN: "%s refused the request as coming from another site (check the link's address)", FR: "%s a refusé la requête comme venant d'un autre site (vérifiez l'adresse du lien)"}
	msgLoginLimited   = game.Text{EN: "%s: too many login attempts; try again in %s s", FR: "%s : trop de tentatives de connexion ; réessayez dans %s s"}
	msgSiteBusy       = game.Text{EN: "%s is busy; try again in a moment", FR: "%s est surchargé ; réessayez dans un moment"}
	msgSiteNoAccounts = game.Text{EN: "%s keeps no accounts or tables", FR: "%s ne gère ni comptes ni tables"}
	msgSiteAnswer     = game.Text{EN: "%s answered %s to %s", FR: "%s a répondu %s à %s"}
	msgSessionEnded   = game.Text{EN: "%s no longer knows this login (the session ended): run the command again", FR: "%s ne reconnaît plus cette connexion (la session a pris fin) : relancez la commande"}
	msgNoSuchTable    = game.Text{EN: "%s: no such table on %s", FR: "%s : cette table n'existe pas sur %s"}
	msgNoLoginCookies = game.Text{EN: "%s accepted the login but gave no session", FR: "%s a accepté la connexion mais n'a pas ouvert de session"}
)

func newSiteClient(base *url.URL) *siteClient {
	return &siteClient{base: base, client: &http.Client{
		Timeout: siteTimeout,
		// The site's redirects say how a form went: read, not followed.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
}

// origin is the site's origin, as its pages send it.
func (c *siteClient) origin() string { return c.base.Scheme + "://" + c.base.Host }

// header is what a page of the site sends: its origin, and the session
// once logged in. The WebSocket of a game takes the same.
func (c *siteClient) header() http.Header {
	h := http.Header{}
	h.Set("Origin", c.origin())
	if c.session != "" {
		h.Set("Cookie", sessionCookie+"="+c.session)
	}
	return h
}

// do sends a request to path on the site, with the same-origin headers a
// browser sends with the site's own forms, and returns the status, the
// headers and the body (bounded).
func (c *siteClient) do(ctx context.Context, method, path string, form url.Values) (int, http.Header, []byte, error) {
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req, err := http.NewRequestWithContext(ctx, method, c.origin()+path, body)
	if err != nil {
		return 0, nil, nil, err
	}
	req.Header = c.header()
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	req.Header.Set("Accept", "application/json, text/html")
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	resp, err := c.client.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return 0, nil, nil, ctx.Err()
		}
		return 0, nil, nil, errorT(msgUnreachable, c.base.Host, netReason(err))
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, siteAnswerLimit))
	if err != nil {
		return 0, nil, nil, errorT(msgUnreachable, c.base.Host, netReason(err))
	}
	return resp.StatusCode, resp.Header, data, nil
}

// netReason is the cause of a failed request without the request itself
// (the *url.Error repeats the method and the address).
func netReason(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}

// login posts the site's login form. The password goes in the form's body
// only; the session cookie of the answer is kept.
func (c *siteClient) login(ctx context.Context, name, password string) error {
	code, h, body, err := c.do(ctx, http.MethodPost, "/login", url.Values{"name": {name}, "password": {password}, "next": {"/"}})
	if err != nil {
		return err
	}
	switch code {
	case http.StatusSeeOther, http.StatusFound:
		for _, ck := range (&http.Response{Header: h}).Cookies() {
			if ck.Name == sessionCookie && ck.Value != "" {
				c.session = ck.Value
				return nil
			}
		}
		return errorT(msgNoLoginCookies, c.base.Host)
	case http.StatusUnauthorized:
		return errorT(msgBadLogin, c.base.Host)
	case http.StatusForbidden:
		if isCrossSiteRefusal(body) {
			return errorT(msgCrossSite, c.base.Host)
		}
		return errorT(msgAccountOff, name, c.base.Host)
	case http.StatusTooManyRequests:
		return errorT(msgLoginLimited, c.base.Host, h.Get("Retry-After"))
	case http.StatusNotFound:
		return errorT(msgSiteNoAccounts, c.base.Host)
	case http.StatusServiceUnavailable:
		return errorT(msgSiteBusy, c.base.Host)
	}
	return errorT(msgSiteAnswer, c.base.Host, strconv.Itoa(code), "POST /login")
}

// isCrossSiteRefusal tells the server's refusal of a cross-site request
// (server/security.go) from the login page's own 403 (a disabled account).
func isCrossSiteRefusal(body []byte) bool {
	return strings.HasPrefix(string(body), "Forbidden: ")
}

// tableStatus is GET /tables/{id}/status.
type tableStatus struct {
	Status string `json:"status"` // open, started, closed, expired
	Game   string `json:"game"`   // for a player sitting there
}

func (c *siteClient) tableStatus(ctx context.Context, id string) (tableStatus, error) {
	var st tableStatus
	code, _, body, err := c.do(ctx, http.MethodGet, "/tables/"+url.PathEscape(id)+"/status", nil)
	if err != nil {
		return st, err
	}
	switch code {
	case http.StatusOK:
	case http.StatusNotFound:
		return st, errorT(msgNoSuchTable, id, c.base.Host)
	case http.StatusServiceUnavailable:
		return st, errorT(msgSiteBusy, c.base.Host)
	default:
		return st, errorT(msgSiteAnswer, c.base.Host, strconv.Itoa(code), "GET /tables/"+id+"/status")
	}
	if err := json.Unmarshal(body, &st); err != nil {
		return st, errorT(msgSiteAnswer, c.base.Host, "?", "GET /tables/"+id+"/status")
	}
	return st, nil
}

// apiTable is a table of GET /api/tables (server/internal/club/tableapi.go).
type apiTable struct {
	ID          string         `json:"id"`
	Host        string         `json:"host"`
	Game        string         `json:"game"`
	Options     string         `json:"options"`
	Players     int            `json:"players"`
	Rated       bool           `json:"rated"`
	ClockMs     int64          `json:"clockMs"`
	IncrementMs int64          `json:"incrementMs"`
	MoveDays    int            `json:"moveDays"`
	Seats       []apiTableSeat `json:"seats"`
	YourSeats   []int          `json:"yourSeats"`
	Offered     []int          `json:"offered"`
	Seated      int            `json:"seated"`
}

type apiTableSeat struct {
	Kind     string `json:"kind"` // open, reserved, taken, computer
	User     string `json:"user"`
	Reserved string `json:"reserved"`
	Agent    string `json:"agent"`
}

// apiErrorBody is the API's refusal: a code and a message.
type apiErrorBody struct {
	Error   string `json:"error"`
	Message string `json:"message"`
}

// openTable finds table id among the open tables; nil when it is not open
// (any more).
func (c *siteClient) openTable(ctx context.Context, id string) (*apiTable, error) {
	code, _, body, err := c.do(ctx, http.MethodGet, "/api/tables", nil)
	if err != nil {
		return nil, err
	}
	switch code {
	case http.StatusOK:
	case http.StatusUnauthorized:
		return nil, errorT(msgSessionEnded, c.base.Host)
	case http.StatusNotFound:
		return nil, errorT(msgSiteNoAccounts, c.base.Host)
	case http.StatusServiceUnavailable:
		return nil, errorT(msgSiteBusy, c.base.Host)
	default:
		return nil, errorT(msgSiteAnswer, c.base.Host, strconv.Itoa(code), "GET /api/tables")
	}
	var list struct {
		Tables []apiTable `json:"tables"`
	}
	if err := json.Unmarshal(body, &list); err != nil {
		return nil, errorT(msgSiteAnswer, c.base.Host, "?", "GET /api/tables")
	}
	for i := range list.Tables {
		if t := &list.Tables[i]; t.ID == id && len(t.Seats) == t.Players && t.Players >= 1 {
			// Seat numbers index the seats here: none out of range.
			t.YourSeats, t.Offered = seatsIn(t.YourSeats, t.Players), seatsIn(t.Offered, t.Players)
			if t.Seated >= t.Players {
				t.Seated = -1
			}
			return t, nil
		}
	}
	return nil, nil
}

// seatsIn keeps the seat numbers from 0 to n-1.
func seatsIn(seats []int, n int) []int {
	var out []int
	for _, s := range seats {
		if s >= 0 && s < n {
			out = append(out, s)
		}
	}
	return out
}

// takeSeat sits at seat (from 0) through the API. A refusal comes back as
// its code (taken, reserved, twice, notopen, not_found, bad_seat) with no
// error; "" when seated.
func (c *siteClient) takeSeat(ctx context.Context, id string, seat int) (refusal string, st tableStatus, err error) {
	path := "/api/tables/" + url.PathEscape(id) + "/seats/" + strconv.Itoa(seat) + "/take"
	code, _, body, err := c.do(ctx, http.MethodPost, path, url.Values{})
	if err != nil {
		return "", st, err
	}
	switch code {
	case http.StatusOK:
		var ok struct {
			Status string `json:"status"`
			Game   string `json:"game"`
		}
		json.Unmarshal(body, &ok)
		return "", tableStatus{Status: ok.Status, Game: ok.Game}, nil
	case http.StatusConflict, http.StatusNotFound, http.StatusBadRequest:
		var refused apiErrorBody
		if json.Unmarshal(body, &refused) == nil && refused.Error != "" {
			return refused.Error, st, nil
		}
	case http.StatusUnauthorized:
		return "", st, errorT(msgSessionEnded, c.base.Host)
	case http.StatusServiceUnavailable:
		return "", st, errorT(msgSiteBusy, c.base.Host)
	}
	return "", st, errorT(msgSiteAnswer, c.base.Host, strconv.Itoa(code), "POST "+path)
}

// leaveTable stands up from the table through its page's form; the
// refusal code of the redirect ("hostleave", "notopen", "notmine"), or "".
func (c *siteClient) leaveTable(ctx context.Context, id string) (string, error) {
	path := "/tables/" + url.PathEscape(id) + "/leave"
	code, h, _, err := c.do(ctx, http.MethodPost, path, url.Values{})
	if err != nil {
		return "", err
	}
	if code != http.StatusSeeOther {
		return "", errorT(msgSiteAnswer, c.base.Host, strconv.Itoa(code), "POST "+path)
	}
	loc, err := url.Parse(h.Get("Location"))
	if err != nil {
		return "", errorT(msgSiteAnswer, c.base.Host, fmt.Sprint(code), "POST "+path)
	}
	if strings.HasPrefix(loc.Path, "/login") {
		return "", errorT(msgSessionEnded, c.base.Host)
	}
	return loc.Query().Get("error"), nil
}
