package club

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"math/big"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// The lobby lists the open challenges of players with accounts: a
// two-player game, its variant, a clock, rated or not, the creator's
// colour, open to anyone or aimed at one player. Accepting one makes the
// game, whose seats belong to the two accounts (no seat token: the session
// cookie holds them, see helloLocked).

// DefaultChallengeLifetime is how long a challenge stays open.
const DefaultChallengeLifetime = time.Hour

// lobbyRefresh is how often the lobby page asks for the list again
// besides the events that say it changed (lobbyEvents).
const lobbyRefresh = 15 * time.Second

// lobbyChoice is one game and two-player variant a challenge can be for.
type lobbyChoice struct {
	Value, Label string
	Key          string // the variant's name in the ratings (variantKey)
	Readings     bool   // another reading of the rules: casual only (readings.go)
}

// challengeRow is a challenge as the lobby shows it.
type challengeRow struct {
	ID, Creator, Target, Game, Variant, Clock, Colour string
	Rated, Mine, ForMe                                bool
	Rating                                            string // the creator's, in the variant
}

type lobbyData struct {
	User       string
	Choices    []lobbyChoice
	Challenges []challengeRow
	Error      string
	Refresh    int // milliseconds
}

// lobbyChoices are the two-player variants of every game, as
// "id|options" with their names.
func lobbyChoices(lang string) []lobbyChoice {
	var out []lobbyChoice
	for _, g := range game.Games() {
		for _, opts := range g.AllVariants() {
			v, err := g.Variant(opts)
			if err != nil || v.Players != 2 {
				continue
			}
			label := g.Name.In(lang)
			if t := games.OptionsText(v.Options.String(), lang); t != "" {
				label += " — " + t
			}
			out = append(out, lobbyChoice{Value: g.ID + "|" + opts.String(), Label: label, Key: variantKey(g.ID, v.Options.String()), Readings: len(v.Readings()) > 0})
		}
	}
	return out
}

// clockText is "5+2" (minutes + seconds of increment), "3 days a move",
// or "—".
func clockText(clock, inc int64, days int, lang string) string {
	if days > 0 {
		return web.CountWords(lang, days, "n:daysamove")
	}
	if clock == 0 {
		return "—"
	}
	m := strconv.FormatFloat(float64(clock)/60000, 'f', -1, 64)
	return m + "+" + strconv.FormatFloat(float64(inc)/1000, 'f', -1, 64)
}

func (cl *Club) challengeRows(list []store.Challenge, user, lang string) []challengeRow {
	var rows []challengeRow
	for _, c := range list {
		row := challengeRow{ID: c.ID, Creator: c.Creator, Target: c.Target, Clock: clockText(c.ClockMillis, c.IncrementMillis, c.MoveDays, lang),
			Rated: c.Rated, Game: c.GameID, Variant: games.OptionsText(c.Options, lang),
			Mine:  user != "" && store.UserKey(c.Creator) == store.UserKey(user),
			ForMe: user != "" && store.UserKey(c.Target) == store.UserKey(user)}
		if g, err := game.Lookup(c.GameID); err == nil {
			row.Game = g.Name.In(lang)
		}
		switch c.Seat {
		case 0:
			row.Colour = web.T(lang, "colourfirst")
		case 1:
			row.Colour = web.T(lang, "coloursecond")
		default:
			row.Colour = web.T(lang, "colourrandom")
		}
		rows = append(rows, row)
	}
	return rows
}

// lobbyOff answers the lobby's routes on a store without accounts.
func (cl *Club) lobbyOff(w http.ResponseWriter, r *http.Request, lang string) bool {
	if cl.accounts.lobby != nil && cl.accounts.accountsOfStore != nil {
		return false
	}
	cl.Web.Fail(w, r, lang, http.StatusNotFound, web.T(lang, "noaccounts"))
	return true
}

func (cl *Club) lobbyData(r *http.Request, lang string) (lobbyData, error) {
	d := lobbyData{Refresh: int(lobbyRefresh.Milliseconds())}
	if u := cl.CurrentUser(r); u != nil {
		d.User = u.Name
	}
	list, err := cl.accounts.lobby.OpenChallenges(r.Context(), d.User, cl.Now(), 200)
	if err != nil {
		return d, err
	}
	d.Challenges = cl.challengeRows(list, d.User, lang)
	cl.addChallengeRatings(r.Context(), list, d.Challenges)
	return d, nil
}

// Lobby is GET /lobby: the open challenges and the form to make one.
func (cl *Club) Lobby(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	if cl.lobbyOff(w, r, lang) {
		return
	}
	d, err := cl.lobbyData(r, lang)
	if err != nil {
		cl.Web.InternalError(w, r, lang, "lobby", err)
		return
	}
	d.Choices = lobbyChoices(lang)
	d.Error = cl.lobbyMessage(r.URL.Query().Get("error"), lang)
	cl.Web.Render(w, r, lang, "lobby", web.T(lang, "lobby"), http.StatusOK, d)
}

// LobbyList is the table of challenges alone, which the lobby page fetches
// every few seconds.
func (cl *Club) LobbyList(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	if cl.lobbyOff(w, r, lang) {
		return
	}
	d, err := cl.lobbyData(r, lang)
	if err != nil {
		cl.InternalError(w, r, "lobby list", err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	if err := cl.Web.Fragment(w, "lobby", "challenges", web.Page{Lang: lang, User: d.User, Data: d}); err != nil {
		cl.Log.Warn("lobby list", "error", err)
	}
}

// lobbyMessage turns an error code of a redirect back to the lobby into
// words; unknown codes show nothing.
func (cl *Club) lobbyMessage(code, lang string) string {
	switch code {
	case "taken", "gone", "notfound", "toomany", "self", "nouser", "badgame", "badclock", "readings":
		return web.T(lang, "challenge:"+code)
	}
	return ""
}

// backToLobby sends the browser to the lobby with an error to show.
func backToLobby(w http.ResponseWriter, r *http.Request, code string) {
	http.Redirect(w, r, "/lobby?error="+code, http.StatusSeeOther)
}

// loggedIn returns the account of the request, or sends the browser to
// the login page (nil).
func (cl *Club) loggedIn(w http.ResponseWriter, r *http.Request) *store.User {
	u := cl.CurrentUser(r)
	if u == nil {
		http.Redirect(w, r, "/login?next=/lobby", http.StatusSeeOther)
	}
	return u
}

// CreateChallenge is POST /challenges.
func (cl *Club) CreateChallenge(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	if cl.lobbyOff(w, r, lang) || !cl.readAccountForm(w, r, lang) {
		return
	}
	u := cl.loggedIn(w, r)
	if u == nil {
		return
	}
	id, opts, _ := strings.Cut(r.PostForm.Get("variant"), "|")
	g, err := game.Lookup(id)
	if err != nil {
		backToLobby(w, r, "badgame")
		return
	}
	options, err := game.ParseOptions(opts)
	if err != nil {
		backToLobby(w, r, "badgame")
		return
	}
	v, err := g.Variant(options)
	if err != nil || v.Players != 2 {
		backToLobby(w, r, "badgame")
		return
	}
	if r.PostForm.Get("rated") != "" && len(v.Readings()) > 0 {
		backToLobby(w, r, "readings") // never rated (server/readings.go)
		return
	}
	clock, increment, days, err := games.ReadClock(r.PostForm)
	if err != nil {
		backToLobby(w, r, "badclock")
		return
	}
	seat := -1
	switch r.PostForm.Get("colour") {
	case "0":
		seat = 0
	case "1":
		seat = 1
	}
	now := cl.Now()
	c := &store.Challenge{ID: games.NewID(), Creator: u.Name, Target: strings.TrimSpace(r.PostForm.Get("opponent")),
		GameID: g.ID, Options: v.Options.String(), Seat: seat, Rated: r.PostForm.Get("rated") != "",
		ClockMillis: clock.Milliseconds(), IncrementMillis: increment.Milliseconds(), MoveDays: days,
		CreatedAt: now, ExpiresAt: now.Add(cl.accounts.challengeLifetime)}
	if c.Target != "" && store.CheckUserName(c.Target) != nil {
		backToLobby(w, r, "nouser")
		return
	}
	if c.Target != "" && store.UserKey(c.Target) == store.UserKey(u.Name) {
		backToLobby(w, r, "self")
		return
	}
	switch err := cl.accounts.lobby.CreateChallenge(r.Context(), c); {
	case errors.Is(err, store.ErrNotFound):
		backToLobby(w, r, "nouser")
	case errors.Is(err, store.ErrConflict):
		backToLobby(w, r, "toomany")
	case err != nil:
		cl.Web.InternalError(w, r, lang, "create challenge", err)
	default:
		cl.Log.Info("challenge created", "id", c.ID, "user", u.Name, "game", c.GameID, "options", c.Options)
		cl.LobbyChanged()
		http.Redirect(w, r, "/lobby", http.StatusSeeOther)
	}
}

func (cl *Club) AcceptChallenge(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	if cl.lobbyOff(w, r, lang) {
		return
	}
	u := cl.loggedIn(w, r)
	if u == nil {
		return
	}
	ctx := r.Context()
	c, err := cl.accounts.lobby.LoadChallenge(ctx, r.PathValue("id"))
	switch {
	case errors.Is(err, store.ErrNotFound):
		backToLobby(w, r, "notfound")
		return
	case err != nil:
		cl.Web.InternalError(w, r, lang, "load challenge", err)
		return
	}
	g, err := cl.challengeGame(c, u)
	if err != nil {
		cl.Web.InternalError(w, r, lang, "challenge game", err)
		return
	}
	err = cl.accounts.lobby.AcceptChallenge(ctx, c.ID, u.Name, cl.Now(), g)
	switch {
	case errors.Is(err, store.ErrConflict) && store.UserKey(c.Creator) == store.UserKey(u.Name):
		backToLobby(w, r, "self")
	case errors.Is(err, store.ErrConflict):
		backToLobby(w, r, "taken")
	case errors.Is(err, store.ErrNotFound):
		backToLobby(w, r, "gone")
	case err != nil:
		cl.Web.InternalError(w, r, lang, "accept challenge", err)
	default:
		cl.Log.Info("challenge accepted", "id", c.ID, "user", u.Name, "game", g.ID)
		cl.LobbyChanged()
		http.Redirect(w, r, "/games/"+g.ID, http.StatusSeeOther)
	}
}

// challengeGame is the game a challenge becomes when user accepts it: the
// creator's seat as asked (or drawn), the two accounts holding the seats.
func (cl *Club) challengeGame(c *store.Challenge, acceptor *store.User) (*store.Game, error) {
	user := acceptor.Name
	seat := c.Seat
	if seat < 0 {
		n, err := rand.Int(rand.Reader, big.NewInt(2))
		if err != nil {
			return nil, err
		}
		seat = int(n.Int64())
	}
	now := cl.Now().UTC()
	g := &store.Game{ID: games.NewID(), GameID: c.GameID, Options: c.Options, Result: store.Ongoing,
		Casual: !c.Rated, Rated: c.Rated, ClockMillis: c.ClockMillis, IncrementMillis: c.IncrementMillis, MoveDays: c.MoveDays,
		CreatedAt: now, UpdatedAt: now, Seats: make([]store.Seat, 2)}
	if acceptor.Bot && !cl.cfg.RateBots {
		g.Rated, g.Casual = false, true
	}
	g.Seats[seat] = store.Seat{Kind: "human", Name: c.Creator, User: c.Creator}
	g.Seats[1-seat] = store.Seat{Kind: "human", Name: user, User: user}
	return g, nil
}

func (cl *Club) CancelChallenge(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	if cl.lobbyOff(w, r, lang) {
		return
	}
	u := cl.loggedIn(w, r)
	if u == nil {
		return
	}
	switch err := cl.accounts.lobby.CancelChallenge(r.Context(), r.PathValue("id"), u.Name); {
	case errors.Is(err, store.ErrNotFound):
		backToLobby(w, r, "notfound")
	case errors.Is(err, store.ErrConflict):
		backToLobby(w, r, "gone")
	case err != nil:
		cl.Web.InternalError(w, r, lang, "cancel challenge", err)
	default:
		cl.LobbyChanged()
		http.Redirect(w, r, "/lobby", http.StatusSeeOther)
	}
}

// ChallengeStatus tells the lobby page of a challenge's creator what
// became of it: accepted (and the game), cancelled, expired or open. Only
// its creator and the player who accepted it get the game's id.
func (cl *Club) ChallengeStatus(w http.ResponseWriter, r *http.Request) {
	if cl.accounts.lobby == nil {
		http.NotFound(w, r)
		return
	}
	c, err := cl.accounts.lobby.LoadChallenge(r.Context(), r.PathValue("id"))
	if errors.Is(err, store.ErrNotFound) {
		http.NotFound(w, r)
		return
	}
	if err != nil {
		cl.InternalError(w, r, "challenge status", err)
		return
	}
	out := map[string]string{"status": c.Status}
	if u := cl.CurrentUser(r); u != nil && c.Game != "" &&
		(store.UserKey(u.Name) == store.UserKey(c.Creator) || store.UserKey(u.Name) == store.UserKey(c.AcceptedBy)) {
		out["game"] = c.Game
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(out)
}

// ExpireChallenges marks the expired challenges (a maintenance chore).
func (cl *Club) ExpireChallenges() {
	if cl.accounts.lobby == nil {
		return
	}
	ctx, cancel := context.WithTimeout(cl.Ctx, 10*time.Second)
	defer cancel()
	if n, err := cl.accounts.lobby.ExpireChallenges(ctx, cl.Now()); err != nil {
		cl.Log.Warn("expiring challenges", "error", err)
	} else if n > 0 {
		cl.Log.Info("challenges expired", "count", n)
		cl.LobbyChanged()
	}
}
