package club

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// The tables' routes: POST /tables makes one; GET /tables/{id} is its
// page (GET /tables/{id}/part its seats alone, for the page's script, and
// GET /tables/{id}/status what became of it); POST /tables/{id}/take,
// /leave, /computer and /close change it. Every refusal goes back to the
// table's page (or the lobby) with a code the page turns into words.

// tableErrors are the codes a refusal brings back, each a message
// "table:CODE".
var tableErrors = []string{"taken", "reserved", "twice", "notopen", "notfound", "toomany", "nouser", "badgame", "hostleave",
	"badclock", "badseat", "nome", "self", "notmine", "yourseat", "toomanyseats", "readings", "badlevel", "occupied"}

// tableOff answers the tables' routes on a store without tables or
// accounts.
func (tb *tables) tableOff(w http.ResponseWriter, r *http.Request, lang string) bool {
	if tb.store != nil && tb.members.limits.accountsOfStore != nil {
		return false
	}
	tb.web.Fail(w, r, lang, http.StatusNotFound, web.T(lang, "noaccounts"))
	return true
}

// tableMessage turns an error code into words; unknown codes show nothing.
func tableMessage(code, lang string) string {
	for _, c := range tableErrors {
		switch {
		case c != code:
		case c == "toomanyseats":
			return fmt.Sprintf(web.T(lang, "table:"+c), store.MaxSeatedTables)
		default:
			return web.T(lang, "table:"+c)
		}
	}
	return ""
}

// backTo sends the browser back to path with an error code to show.
func backTo(w http.ResponseWriter, r *http.Request, path, code string) {
	http.Redirect(w, r, path+"?error="+url.QueryEscape(code), http.StatusSeeOther)
}

// loggedInTo returns the account of the request, or sends the browser to
// the login page, back to next afterwards (nil).
func (tb *tables) loggedInTo(w http.ResponseWriter, r *http.Request, next string) *store.User {
	u := tb.members.CurrentUser(r)
	if u == nil {
		http.Redirect(w, r, "/login?next="+url.QueryEscape(next), http.StatusSeeOther)
	}
	return u
}

// CreateTable is POST /tables: the lobby's form.
func (tb *tables) CreateTable(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	if tb.tableOff(w, r, lang) || !tb.members.readAccountForm(w, r, lang) {
		return
	}
	u := tb.loggedInTo(w, r, "/lobby")
	if u == nil {
		return
	}
	t, code := tb.readTable(r.PostForm, u)
	if code != "" {
		backTo(w, r, "/lobby", "table-"+code)
		return
	}
	ctx := r.Context()
	switch err := tb.store.CreateTable(ctx, t, tb.startGame(tb.botsAt(ctx, t, u))); {
	case errors.Is(err, store.ErrNotFound):
		backTo(w, r, "/lobby", "table-nouser")
	case errors.Is(err, store.ErrConflict):
		backTo(w, r, "/lobby", "table-toomany")
	case err != nil:
		tb.web.InternalError(w, r, lang, "create table", err)
	default:
		tb.Log.Info("table created", "id", t.ID, "user", u.Name, "game", t.GameID, "options", t.Options, "status", t.Status)
		tb.lobby.LobbyChanged()
		if t.Status == store.TableStarted {
			http.Redirect(w, r, "/games/"+t.Game, http.StatusSeeOther)
			return
		}
		http.Redirect(w, r, "/tables/"+t.ID, http.StatusSeeOther)
	}
}

// readTable reads the lobby's form of a new table: the variant, the
// clock, rated or not, and for each seat of the variant (seat0, seat1...)
// "me", "open", "player" (with its name in nameN) or a computer level;
// exactly one seat is the host's. It gives the table, or an error code.
func (tb *tables) readTable(f url.Values, host *store.User) (*store.Table, string) {
	v, err := games.VariantOfValue(f.Get("variant"))
	if err != nil || v.Players < 2 || v.Players > store.MaxTableSeats {
		return nil, "badgame"
	}
	rated := f.Get("rated") != ""
	if rated && len(v.Readings()) > 0 {
		return nil, "readings" // never rated (catalog/readings.go)
	}
	clock, increment, days, err := games.ReadClock(f)
	if err != nil {
		return nil, "badclock"
	}
	now := tb.Now()
	t := &store.Table{ID: games.NewID(), Host: host.Name, GameID: v.Game.ID, Options: v.Options.String(), Rated: rated,
		ClockMillis: clock.Milliseconds(), IncrementMillis: increment.Milliseconds(), MoveDays: days,
		Seats: make([]store.TableSeat, v.Players), CreatedAt: now}
	t.ExpiresAt = now.Add(tb.cfg.TableLifetime)
	if days > 0 {
		t.ExpiresAt = now.Add(tb.cfg.CorrespondenceTableLifetime)
	}
	if lv := f.Get("leaver"); lv != "" {
		if !checkLevel(lv) {
			return nil, "badlevel"
		}
		t.LeaverAgent = lv
	}
	me, names := 0, map[string]bool{store.UserKey(host.Name): true}
	for i := range t.Seats {
		choice := f.Get("seat" + strconv.Itoa(i))
		switch {
		case choice == "me":
			me++
			t.Seats[i].User = host.Name
		case choice == "" || choice == "open":
		case choice == "player":
			name := strings.TrimSpace(f.Get("name" + strconv.Itoa(i)))
			switch {
			case name == "":
				// a reserved seat without a name is an open seat
			case store.CheckUserName(name) != nil:
				return nil, "nouser"
			case store.UserKey(name) == store.UserKey(host.Name):
				return nil, "self"
			case names[store.UserKey(name)]:
				return nil, "twice"
			default:
				names[store.UserKey(name)] = true
				t.Seats[i].Reserved = name
			}
		case strings.HasPrefix(choice, "computer:") && checkLevel(strings.TrimPrefix(choice, "computer:")):
			t.Seats[i].Agent = strings.TrimPrefix(choice, "computer:")
		default:
			return nil, "badseat"
		}
	}
	if me != 1 {
		return nil, "nome"
	}
	return t, ""
}

// seatOfForm reads the form's seat number (1-based in the form, as shown),
// or -1.
func seatOfForm(f url.Values, t *store.Table) int {
	n, err := strconv.Atoi(strings.TrimSpace(f.Get("seat")))
	if err != nil || n < 1 || n > len(t.Seats) {
		return -1
	}
	return n - 1
}

// tableAction is what every change of a table begins with: the form read
// (same origin), the player logged in, the table loaded. ok false: the
// answer is sent.
func (tb *tables) tableAction(w http.ResponseWriter, r *http.Request) (lang string, u *store.User, t *store.Table, ok bool) {
	lang = web.PickLang(w, r)
	if tb.tableOff(w, r, lang) || !tb.members.readAccountForm(w, r, lang) {
		return
	}
	if u = tb.loggedInTo(w, r, "/tables/"+r.PathValue("id")); u == nil {
		return
	}
	if !games.ValidID(r.PathValue("id")) {
		backTo(w, r, "/lobby", "table-notfound")
		return
	}
	t, err := tb.store.LoadTable(r.Context(), r.PathValue("id"))
	switch {
	case errors.Is(err, store.ErrNotFound):
		backTo(w, r, "/lobby", "table-notfound")
		return
	case err != nil:
		tb.web.InternalError(w, r, lang, "load table", err)
		return
	}
	return lang, u, t, true
}

// afterChange answers a change of table t: the game when it started,
// else the table's page.
func (tb *tables) afterChange(w http.ResponseWriter, r *http.Request, t *store.Table) {
	tb.lobby.LobbyChanged()
	if t != nil && t.Status == store.TableStarted && t.Game != "" {
		tb.Log.Info("table started", "id", t.ID, "game", t.Game)
		http.Redirect(w, r, "/games/"+t.Game, http.StatusSeeOther)
		return
	}
	http.Redirect(w, r, "/tables/"+r.PathValue("id"), http.StatusSeeOther)
}

// whyNotSeat says why user cannot take seat of t as it was loaded, or "".
func whyNotSeat(t *store.Table, seat int, user string) string {
	switch {
	case t.Status != store.TableOpen:
		return "notopen"
	case seat < 0:
		return "badseat"
	case t.SeatOf(user) >= 0:
		return "twice"
	case t.Seats[seat].Filled():
		return "taken"
	case t.Seats[seat].Reserved != "" && store.UserKey(t.Seats[seat].Reserved) != store.UserKey(user):
		return "reserved"
	case reservedFor(t, user) >= 0 && reservedFor(t, user) != seat:
		return "yourseat" // the host chose his seat, and with it his team
	}
	return ""
}

// reservedFor is the empty seat of t reserved for user, or -1.
func reservedFor(t *store.Table, user string) int {
	for i, s := range t.Seats {
		if !s.Filled() && s.Reserved != "" && store.UserKey(s.Reserved) == store.UserKey(user) {
			return i
		}
	}
	return -1
}

// TakeSeat is POST /tables/{id}/take: the player sits at the form's seat.
func (tb *tables) TakeSeat(w http.ResponseWriter, r *http.Request) {
	lang, u, t, ok := tb.tableAction(w, r)
	if !ok {
		return
	}
	page := "/tables/" + t.ID
	seat := seatOfForm(r.PostForm, t)
	if code := whyNotSeat(t, seat, u.Name); code != "" {
		backTo(w, r, page, code)
		return
	}
	ctx := r.Context()
	if tb.seatedTooOften(ctx, u.Name) {
		backTo(w, r, page, "toomanyseats")
		return
	}
	nt, err := tb.store.TakeSeat(ctx, t.ID, seat, u.Name, tb.Now(), tb.startGame(tb.botsAt(ctx, t, u)))
	if err == nil {
		tb.Log.Info("seat taken", "table", t.ID, "seat", seat, "user", u.Name)
	}
	// A conflict: another player was quicker, on this server or another.
	tb.answerChange(w, r, lang, "take seat", "taken", nt, err)
}

// seatedTooOften says whether user already sits at store.MaxSeatedTables
// open tables, so that the refusal says why (the store refuses such a seat
// anyway, whatever the races).
func (tb *tables) seatedTooOften(ctx context.Context, user string) bool {
	list, err := tb.store.OpenTables(ctx, tb.Now(), maxListedTables)
	if err != nil {
		return false
	}
	n := 0
	for i := range list {
		if list[i].SeatOf(user) >= 0 {
			n++
		}
	}
	return n >= store.MaxSeatedTables
}

// answerChange answers what the store said to a change of the request's
// table: the refusal conflict when it lost a race, the lobby when the
// table is gone, else the table's page or its game.
func (tb *tables) answerChange(w http.ResponseWriter, r *http.Request, lang, what, conflict string, nt *store.Table, err error) {
	switch {
	case errors.Is(err, store.ErrConflict):
		backTo(w, r, "/tables/"+r.PathValue("id"), conflict)
	case errors.Is(err, store.ErrNotFound):
		backTo(w, r, "/lobby", "table-notfound")
	case err != nil:
		tb.web.InternalError(w, r, lang, what, err)
	default:
		tb.afterChange(w, r, nt)
	}
}

// LeaveTable is POST /tables/{id}/leave: the player stands up before the
// start.
func (tb *tables) LeaveTable(w http.ResponseWriter, r *http.Request) {
	lang, u, t, ok := tb.tableAction(w, r)
	if !ok {
		return
	}
	page := "/tables/" + t.ID
	switch {
	case t.Status != store.TableOpen:
		backTo(w, r, page, "notopen")
		return
	case store.UserKey(t.Host) == store.UserKey(u.Name):
		backTo(w, r, page, "hostleave")
		return
	case t.SeatOf(u.Name) < 0:
		backTo(w, r, page, "notmine")
		return
	}
	nt, err := tb.store.StandUp(r.Context(), t.ID, u.Name)
	tb.answerChange(w, r, lang, "leave table", "notopen", nt, err)
}

// SetComputer is POST /tables/{id}/computer: the host puts a computer of
// the form's level at an empty seat, or (level "open") opens a computer's
// seat again.
func (tb *tables) SetComputer(w http.ResponseWriter, r *http.Request) {
	lang, u, t, ok := tb.tableAction(w, r)
	if !ok {
		return
	}
	page := "/tables/" + t.ID
	seat := seatOfForm(r.PostForm, t)
	level := r.PostForm.Get("level")
	switch {
	case store.UserKey(t.Host) != store.UserKey(u.Name):
		backTo(w, r, page, "notmine")
		return
	case t.Status != store.TableOpen:
		backTo(w, r, page, "notopen")
		return
	case seat < 0:
		backTo(w, r, page, "badseat")
		return
	case level == "open":
		level = ""
		if t.Seats[seat].Agent == "" {
			backTo(w, r, page, "badseat")
			return
		}
	case !checkLevel(level):
		backTo(w, r, page, "badlevel")
		return
	case t.Seats[seat].User != "":
		backTo(w, r, page, "occupied")
		return
	}
	ctx := r.Context()
	nt, err := tb.store.SetComputer(ctx, t.ID, u.Name, seat, level, tb.Now(), tb.startGame(tb.botsAt(ctx, t, nil)))
	tb.answerChange(w, r, lang, "computer at table", "occupied", nt, err)
}

// CloseTable is POST /tables/{id}/close: the host takes the table away.
func (tb *tables) CloseTable(w http.ResponseWriter, r *http.Request) {
	lang, u, t, ok := tb.tableAction(w, r)
	if !ok {
		return
	}
	page := "/tables/" + t.ID
	switch {
	case store.UserKey(t.Host) != store.UserKey(u.Name):
		backTo(w, r, page, "notmine")
		return
	case t.Status != store.TableOpen:
		backTo(w, r, page, "notopen")
		return
	}
	switch err := tb.store.CloseTable(r.Context(), t.ID, u.Name); {
	case errors.Is(err, store.ErrConflict):
		backTo(w, r, page, "notopen")
	case err != nil:
		tb.web.InternalError(w, r, lang, "close table", err)
	default:
		tb.lobby.LobbyChanged()
		http.Redirect(w, r, "/lobby", http.StatusSeeOther)
	}
}
