package club

import (
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/site"
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

// lobby is the lobby of challenges: its page, posting, accepting and
// cancelling a challenge, their expiry and the event stream of changes.
type lobby struct {
	*site.Env
	web        *web.Shell
	cfg        Config
	challenges store.Lobby // nil: the store keeps no challenges
	lifetime   time.Duration
	hub        lobbyHub
	holder     string // names this server in the notifications it sends
	members    *members
	ratings    *ratings
	revokes    *revoker
	tables     *tables // the tables of two to four players (tables.go)
}

// newLobby resolves the lobby's settings.
func newLobby(env *site.Env, cfg Config, m *members, rg *ratings, rv *revoker) (*lobby, error) {
	lb := &lobby{Env: env, cfg: cfg, lifetime: cfg.ChallengeLifetime, members: m, ratings: rg, revokes: rv}
	lb.challenges, _ = cfg.Store.(store.Lobby)
	if lb.lifetime == 0 {
		lb.lifetime = DefaultChallengeLifetime
	}
	if lb.lifetime < time.Minute {
		return nil, fmt.Errorf("server: ChallengeLifetime %v: at least a minute", lb.lifetime)
	}
	return lb, nil
}

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
	User         string
	Choices      []lobbyChoice
	Challenges   []challengeRow
	TableChoices []tableChoice // the new table form's variants
	Levels       []levelChoice // its computers' levels
	Tables       []tableRow    // the open tables
	MyTables     []string      // the open tables the visitor sits at, which the page follows
	Error        string
	Refresh      int // milliseconds
}

// lobbyChoices are the two-player variants of every game, as
// "id|options" with their names.
func lobbyChoices(lang string) []lobbyChoice {
	return lobbyChoicesOf(games.VariantChoices(lang, func(v *game.Variant) bool { return v.Players == 2 }))
}

// lobbyChoicesOf are the choices with their rating keys.
func lobbyChoicesOf(list []games.VariantChoice) []lobbyChoice {
	out := make([]lobbyChoice, len(list))
	for i, c := range list {
		v := c.Variant
		out[i] = lobbyChoice{Value: c.Value, Label: c.Label, Key: variantKey(v.Game.ID, v.Options.String()), Readings: len(v.Readings()) > 0}
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

func (lb *lobby) challengeRows(list []store.Challenge, user, lang string) []challengeRow {
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
func (lb *lobby) lobbyOff(w http.ResponseWriter, r *http.Request, lang string) bool {
	if lb.challenges != nil && lb.members.limits.accountsOfStore != nil {
		return false
	}
	lb.web.Fail(w, r, lang, http.StatusNotFound, web.T(lang, "noaccounts"))
	return true
}

func (lb *lobby) lobbyData(r *http.Request, lang string) (lobbyData, error) {
	d := lobbyData{Refresh: int(lobbyRefresh.Milliseconds())}
	if u := lb.members.CurrentUser(r); u != nil {
		d.User = u.Name
	}
	list, err := lb.challenges.OpenChallenges(r.Context(), d.User, lb.Now(), 200)
	if err != nil {
		return d, err
	}
	d.Challenges = lb.challengeRows(list, d.User, lang)
	lb.ratings.addChallengeRatings(r.Context(), list, d.Challenges)
	if err := lb.tables.addOpenTables(r.Context(), &d, lang); err != nil {
		return d, err
	}
	return d, nil
}

// Lobby is GET /lobby: the open challenges and the form to make one.
func (lb *lobby) Lobby(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	if lb.lobbyOff(w, r, lang) {
		return
	}
	d, err := lb.lobbyData(r, lang)
	if err != nil {
		lb.web.InternalError(w, r, lang, "lobby", err)
		return
	}
	d.Choices = lobbyChoices(lang)
	d.TableChoices, d.Levels = tableChoices(lang), levelChoices(lang)
	d.Error = lb.lobbyMessage(r.URL.Query().Get("error"), lang)
	lb.web.Render(w, r, lang, "lobby", web.T(lang, "lobby"), http.StatusOK, d)
}

// LobbyList is the table of challenges alone, which the lobby page fetches
// every few seconds.
func (lb *lobby) LobbyList(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	if lb.lobbyOff(w, r, lang) {
		return
	}
	d, err := lb.lobbyData(r, lang)
	if err != nil {
		lb.InternalError(w, r, "lobby list", err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	if err := lb.web.Fragment(w, "lobby", "challenges", web.Page{Lang: lang, User: d.User, Data: d}); err != nil {
		lb.Log.Warn("lobby list", "error", err)
	}
}

// lobbyMessage turns an error code of a redirect back to the lobby into
// words; unknown codes show nothing.
func (lb *lobby) lobbyMessage(code, lang string) string {
	switch code {
	case "taken", "gone", "notfound", "toomany", "self", "nouser", "badgame", "badclock", "readings":
		return web.T(lang, "challenge:"+code)
	}
	if c, ok := strings.CutPrefix(code, "table-"); ok {
		return tableMessage(c, lang)
	}
	return ""
}

// backToLobby sends the browser to the lobby with an error to show.
func backToLobby(w http.ResponseWriter, r *http.Request, code string) {
	http.Redirect(w, r, "/lobby?error="+code, http.StatusSeeOther)
}

// loggedIn returns the account of the request, or sends the browser to
// the login page (nil).
func (lb *lobby) loggedIn(w http.ResponseWriter, r *http.Request) *store.User {
	u := lb.members.CurrentUser(r)
	if u == nil {
		http.Redirect(w, r, "/login?next=/lobby", http.StatusSeeOther)
	}
	return u
}

// CreateChallenge is POST /challenges.
func (lb *lobby) CreateChallenge(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	if lb.lobbyOff(w, r, lang) || !lb.members.readAccountForm(w, r, lang) {
		return
	}
	u := lb.loggedIn(w, r)
	if u == nil {
		return
	}
	v, err := games.VariantOfValue(r.PostForm.Get("variant"))
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
	now := lb.Now()
	c := &store.Challenge{ID: games.NewID(), Creator: u.Name, Target: strings.TrimSpace(r.PostForm.Get("opponent")),
		GameID: v.Game.ID, Options: v.Options.String(), Seat: seat, Rated: r.PostForm.Get("rated") != "",
		ClockMillis: clock.Milliseconds(), IncrementMillis: increment.Milliseconds(), MoveDays: days,
		CreatedAt: now, ExpiresAt: now.Add(lb.lifetime)}
	if c.Target != "" && store.CheckUserName(c.Target) != nil {
		backToLobby(w, r, "nouser")
		return
	}
	if c.Target != "" && store.UserKey(c.Target) == store.UserKey(u.Name) {
		backToLobby(w, r, "self")
		return
	}
	switch err := lb.challenges.CreateChallenge(r.Context(), c); {
	case errors.Is(err, store.ErrNotFound):
		backToLobby(w, r, "nouser")
	case errors.Is(err, store.ErrConflict):
		backToLobby(w, r, "toomany")
	case err != nil:
		lb.web.InternalError(w, r, lang, "create challenge", err)
	default:
		lb.Log.Info("challenge created", "id", c.ID, "user", u.Name, "game", c.GameID, "options", c.Options)
		lb.LobbyChanged()
		http.Redirect(w, r, "/lobby", http.StatusSeeOther)
	}
}

func (lb *lobby) AcceptChallenge(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	if lb.lobbyOff(w, r, lang) {
		return
	}
	u := lb.loggedIn(w, r)
	if u == nil {
		return
	}
	ctx := r.Context()
	c, err := lb.challenges.LoadChallenge(ctx, r.PathValue("id"))
	switch {
	case errors.Is(err, store.ErrNotFound):
		backToLobby(w, r, "notfound")
		return
	case err != nil:
		lb.web.InternalError(w, r, lang, "load challenge", err)
		return
	}
	g, err := lb.challengeGame(c, u)
	if err != nil {
		lb.web.InternalError(w, r, lang, "challenge game", err)
		return
	}
	err = lb.challenges.AcceptChallenge(ctx, c.ID, u.Name, lb.Now(), g)
	switch {
	case errors.Is(err, store.ErrConflict) && store.UserKey(c.Creator) == store.UserKey(u.Name):
		backToLobby(w, r, "self")
	case errors.Is(err, store.ErrConflict):
		backToLobby(w, r, "taken")
	case errors.Is(err, store.ErrNotFound):
		backToLobby(w, r, "gone")
	case err != nil:
		lb.web.InternalError(w, r, lang, "accept challenge", err)
	default:
		lb.Log.Info("challenge accepted", "id", c.ID, "user", u.Name, "game", g.ID)
		lb.LobbyChanged()
		http.Redirect(w, r, "/games/"+g.ID, http.StatusSeeOther)
	}
}

// challengeGame is the game a challenge becomes when user accepts it: the
// creator's seat as asked (or drawn), the two accounts holding the seats.
func (lb *lobby) challengeGame(c *store.Challenge, acceptor *store.User) (*store.Game, error) {
	user := acceptor.Name
	seat := c.Seat
	if seat < 0 {
		n, err := rand.Int(rand.Reader, big.NewInt(2))
		if err != nil {
			return nil, err
		}
		seat = int(n.Int64())
	}
	now := lb.Now().UTC()
	g := &store.Game{ID: games.NewID(), GameID: c.GameID, Options: c.Options, Result: store.Ongoing,
		Casual: !c.Rated, Rated: c.Rated, ClockMillis: c.ClockMillis, IncrementMillis: c.IncrementMillis, MoveDays: c.MoveDays,
		CreatedAt: now, UpdatedAt: now, Seats: make([]store.Seat, 2)}
	if acceptor.Bot && !lb.cfg.RateBots {
		g.Rated, g.Casual = false, true
	}
	g.Seats[seat] = store.Seat{Kind: "human", Name: c.Creator, User: c.Creator}
	g.Seats[1-seat] = store.Seat{Kind: "human", Name: user, User: user}
	return g, nil
}

func (lb *lobby) CancelChallenge(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	if lb.lobbyOff(w, r, lang) {
		return
	}
	u := lb.loggedIn(w, r)
	if u == nil {
		return
	}
	switch err := lb.challenges.CancelChallenge(r.Context(), r.PathValue("id"), u.Name); {
	case errors.Is(err, store.ErrNotFound):
		backToLobby(w, r, "notfound")
	case errors.Is(err, store.ErrConflict):
		backToLobby(w, r, "gone")
	case err != nil:
		lb.web.InternalError(w, r, lang, "cancel challenge", err)
	default:
		lb.LobbyChanged()
		http.Redirect(w, r, "/lobby", http.StatusSeeOther)
	}
}

// ChallengeStatus tells the lobby page of a challenge's creator what
// became of it: accepted (and the game), cancelled, expired or open. Only
// its creator and the player who accepted it get the game's id.
func (lb *lobby) ChallengeStatus(w http.ResponseWriter, r *http.Request) {
	if lb.challenges == nil {
		http.NotFound(w, r)
		return
	}
	c, err := lb.challenges.LoadChallenge(r.Context(), r.PathValue("id"))
	if errors.Is(err, store.ErrNotFound) {
		http.NotFound(w, r)
		return
	}
	if err != nil {
		lb.InternalError(w, r, "challenge status", err)
		return
	}
	out := map[string]string{"status": c.Status}
	if u := lb.members.CurrentUser(r); u != nil && c.Game != "" &&
		(store.UserKey(u.Name) == store.UserKey(c.Creator) || store.UserKey(u.Name) == store.UserKey(c.AcceptedBy)) {
		out["game"] = c.Game
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(out)
}
