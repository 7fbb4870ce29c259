package club

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"errors"
	"fmt"
	"html/template"
	"math"
	"net/http"
	"strconv"
	"strings"

	"github.com/plateau-games/plateau/accounts"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/site"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// players is the players' pages (/players/{name}), the leaderboard, and
// what a page's owner or a moderator does there: disable an account,
// make or revoke a bot's tokens.
type players struct {
	*site.Env
	web     *web.Shell
	cfg     Config
	members *members
	ratings *ratings
	revokes *revoker
}

// provisionalDeviation is the deviation above which a rating is shown as
// provisional ("1662?"), as lichess does: too few games to trust it.
const provisionalDeviation = 110

// graphPoints bounds the points of a rating graph.
const graphPoints = 500

// ratingRow is one variant's rating on a player page or a leaderboard.
type ratingRow struct {
	Rank                       int
	User                       string
	Variant                    string // in words
	Key                        string
	Rating                     string // "1662" or "1662?" while provisional
	Low, High                  int    // the 95% interval
	Games, Wins, Draws, Losses int
	Graph                      template.HTML
}

type playerData struct {
	Name, Role, Since string
	Bot, Disabled     bool
	CanModerate       bool // the viewer is an operator and this is another account
	Owner             string
	ManageTokens      bool             // a bot's page seen by its owner or an operator
	Tokens            []store.BotToken // then its tokens
	NewToken          string           // a token just created, shown once
	Error             string
	Ratings           []ratingRow
	Puzzles           []puzzleRow // puzzle ratings, by game
	RecentPuzzles     []store.PuzzleAttempt
	Games             []games.ArchiveRow
}

// variantName puts a ratings variant key ("empire players=2") into words.
func variantName(key, lang string) string {
	id, options, _ := strings.Cut(key, " ")
	name := id
	if g, err := game.Lookup(id); err == nil {
		name = g.Name.In(lang)
	}
	if t := games.OptionsText(options, lang); t != "" {
		name += " — " + t
	}
	return name
}

// recentPuzzles is how many of a player's last puzzles his page lists.
const recentPuzzles = 10

// puzzleRow is a player's rating at the puzzles of one game.
type puzzleRow struct {
	Game, Name       string
	Rating           int
	Attempts, Solved int
}

func ratingRowOf(rt store.Rating, lang string) ratingRow {
	row := ratingRow{User: rt.User, Key: rt.Variant, Variant: variantName(rt.Variant, lang),
		Rating: strconv.Itoa(int(math.Round(rt.Rating))),
		Low:    int(math.Round(rt.Rating - 1.96*rt.Deviation)), High: int(math.Round(rt.Rating + 1.96*rt.Deviation)),
		Games: rt.Games, Wins: rt.Wins, Draws: rt.Draws, Losses: rt.Losses}
	if rt.Deviation > provisionalDeviation {
		row.Rating += "?"
	}
	return row
}

// namedUser loads the account the path names ({name}), or answers "no
// such player" (a name that is not a valid one, an unknown account, or
// exists false: a page this store cannot have) and returns nil.
func (pl *players) namedUser(w http.ResponseWriter, r *http.Request, lang string, exists bool) *store.User {
	name := r.PathValue("name")
	if !exists || store.CheckUserName(name) != nil {
		pl.web.Fail(w, r, lang, http.StatusNotFound, web.T(lang, "nosuchplayer"))
		return nil
	}
	u, err := pl.members.limits.accountsOfStore.LoadUser(r.Context(), name)
	if errors.Is(err, store.ErrNotFound) {
		pl.web.Fail(w, r, lang, http.StatusNotFound, web.T(lang, "nosuchplayer"))
		return nil
	}
	if err != nil {
		pl.web.InternalError(w, r, lang, "load user", err)
		return nil
	}
	return u
}

func (pl *players) Player(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	if pl.members.accountsOff(w, r, lang) {
		return
	}
	ctx := r.Context()
	u := pl.namedUser(w, r, lang, true)
	if u == nil {
		return
	}
	d := playerData{Name: u.Name, Bot: u.Bot, Disabled: u.Disabled, Since: u.CreatedAt.Format("2006-01-02")}
	me := pl.members.CurrentUser(r)
	if me != nil && me.Role == store.RoleOperator && store.UserKey(me.Name) != store.UserKey(u.Name) {
		d.CanModerate = true
	}
	d.Owner = u.Owner
	if bots, ok := pl.cfg.Store.(store.BotTokens); ok && canManageBot(me, u) {
		d.ManageTokens = true
		var err error
		if d.Tokens, err = bots.ListBotTokens(ctx, u.Name); err != nil {
			pl.web.InternalError(w, r, lang, "list bot tokens", err)
			return
		}
		d.NewToken = newTokenOf(r)
	}
	if u.Role == store.RoleOperator {
		d.Role = web.T(lang, "operator")
	}
	if rs, ok := pl.cfg.Store.(store.Ratings); ok {
		list, err := rs.UserRatings(ctx, u.Name)
		if err != nil {
			pl.web.InternalError(w, r, lang, "user ratings", err)
			return
		}
		for _, rt := range list {
			row := ratingRowOf(rt, lang)
			points, err := rs.RatingHistory(ctx, u.Name, rt.Variant, graphPoints)
			if err != nil {
				pl.web.InternalError(w, r, lang, "rating history", err)
				return
			}
			row.Graph = ratingGraph(points, lang)
			d.Ratings = append(d.Ratings, row)
		}
	}
	if ps, ok := pl.cfg.Store.(store.Puzzles); ok {
		list, err := ps.PuzzleRatings(ctx, u.Name)
		if err != nil {
			pl.web.InternalError(w, r, lang, "puzzle ratings", err)
			return
		}
		for _, pr := range list {
			name := pr.Game
			if g, err := game.Lookup(pr.Game); err == nil {
				name = g.Name.In(lang)
			}
			d.Puzzles = append(d.Puzzles, puzzleRow{Game: pr.Game, Name: name, Rating: int(math.Round(pr.Rating)), Attempts: pr.Attempts, Solved: pr.Solved})
		}
		if len(list) > 0 {
			if d.RecentPuzzles, err = ps.PuzzleAttempts(ctx, u.Name, "", recentPuzzles); err != nil {
				pl.web.InternalError(w, r, lang, "puzzle attempts", err)
				return
			}
		}
	}
	list, err := pl.Store.ListGames(ctx, store.Filter{User: u.Name, Limit: 50})
	if err != nil {
		pl.web.InternalError(w, r, lang, "list games", err)
		return
	}
	d.Games = games.ArchiveRows(list, lang)
	pl.web.Render(w, r, lang, "player", u.Name, http.StatusOK, d)
}

type leaderboardData struct {
	Choices []lobbyChoice
	Key     string
	Rows    []ratingRow
}

func (pl *players) Leaderboard(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	if pl.members.accountsOff(w, r, lang) {
		return
	}
	rs, ok := pl.cfg.Store.(store.Ratings)
	if !ok {
		pl.web.Fail(w, r, lang, http.StatusNotFound, web.T(lang, "noaccounts"))
		return
	}
	d := leaderboardData{Choices: leaderboardChoices(lang), Key: r.URL.Query().Get("variant")}
	known := false
	for _, c := range d.Choices {
		known = known || c.Key == d.Key
	}
	if !known {
		d.Key = pl.ratings.busiestVariant(r.Context(), rs, d.Choices)
	}
	list, err := rs.Leaderboard(r.Context(), d.Key, 1, 100, 0)
	if err != nil {
		pl.web.InternalError(w, r, lang, "leaderboard", err)
		return
	}
	for i, rt := range list {
		row := ratingRowOf(rt, lang)
		row.Rank = i + 1
		d.Rows = append(d.Rows, row)
	}
	pl.web.Render(w, r, lang, "leaderboard", web.T(lang, "leaderboard"), http.StatusOK, d)
}

// ratingGraph draws a rating history as an SVG line: the rating after
// each game, its 95% band, the extremes on the left and the first and last
// dates below. Only numbers and dates go into it; presentation attributes,
// not style, for the Content-Security-Policy.
func ratingGraph(points []store.RatingPoint, lang string) template.HTML {
	if len(points) == 0 {
		return ""
	}
	const w, h, left, right, top, bottom = 560.0, 180.0, 48.0, 10.0, 10.0, 24.0
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, pt := range points {
		lo, hi = math.Min(lo, pt.Rating), math.Max(hi, pt.Rating)
	}
	lo, hi = math.Floor(lo/50)*50-50, math.Ceil(hi/50)*50+50
	x := func(i int) float64 {
		if len(points) == 1 {
			return left + (w-left-right)/2
		}
		return left + float64(i)*(w-left-right)/float64(len(points)-1)
	}
	y := func(v float64) float64 { return top + (hi-v)*(h-top-bottom)/(hi-lo) }
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="ratinggraph" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %.0f %.0f" role="img" aria-label="%s">`, w, h, template.HTMLEscapeString(web.T(lang, "ratinggraph")))
	fmt.Fprintf(&b, `<rect x="%.0f" y="%.0f" width="%.0f" height="%.0f" fill="#fff" stroke="#ccc"/>`, left, top, w-left-right, h-top-bottom)
	for _, v := range []float64{lo, (lo + hi) / 2, hi} {
		fmt.Fprintf(&b, `<line x1="%.0f" x2="%.0f" y1="%.1f" y2="%.1f" stroke="#eee"/>`, left, w-right, y(v), y(v))
		fmt.Fprintf(&b, `<text x="%.0f" y="%.1f" font-size="11" text-anchor="end" fill="#666">%.0f</text>`, left-4, y(v)+4, v)
	}
	var line strings.Builder
	for i, pt := range points {
		fmt.Fprintf(&line, "%.1f,%.1f ", x(i), y(pt.Rating))
	}
	fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="#1d5fa8" stroke-width="2"/>`, strings.TrimSpace(line.String()))
	if len(points) <= 60 {
		for i, pt := range points {
			fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="3" fill="#1d5fa8"><title>%.0f</title></circle>`, x(i), y(pt.Rating), pt.Rating)
		}
	}
	first, last := points[0].At.Format("2006-01-02"), points[len(points)-1].At.Format("2006-01-02")
	fmt.Fprintf(&b, `<text x="%.0f" y="%.0f" font-size="11" fill="#666">%s</text>`, left, h-6, first)
	if last != first {
		fmt.Fprintf(&b, `<text x="%.0f" y="%.0f" font-size="11" text-anchor="end" fill="#666">%s</text>`, w-right, h-6, last)
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

// SetDisabled lets an operator disable or enable another account from its
// page; disabling ends its sessions (the store does) and its bot tokens
// stop working.
func (pl *players) SetDisabled(disable bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		lang := web.PickLang(w, r)
		if pl.members.accountsOff(w, r, lang) {
			return
		}
		me := pl.members.CurrentUser(r)
		name := r.PathValue("name")
		if me == nil || me.Role != store.RoleOperator {
			pl.Refuse(r, "not_operator")
			pl.web.Fail(w, r, lang, http.StatusForbidden, web.T(lang, "err:not_operator_account"))
			return
		}
		if store.CheckUserName(name) != nil || store.UserKey(name) == store.UserKey(me.Name) {
			pl.web.Fail(w, r, lang, http.StatusBadRequest, web.T(lang, "err:not_operator_account"))
			return
		}
		st := pl.members.limits.accountsOfStore
		u, err := st.LoadUser(r.Context(), name)
		if errors.Is(err, store.ErrNotFound) {
			pl.web.Fail(w, r, lang, http.StatusNotFound, web.T(lang, "nosuchplayer"))
			return
		}
		if err != nil {
			pl.web.InternalError(w, r, lang, "load user", err)
			return
		}
		u.Disabled = disable
		if err := st.UpdateUser(r.Context(), u); err != nil {
			pl.web.InternalError(w, r, lang, "disable user", err)
			return
		}
		if disable {
			pl.revokes.revocationChanged(u.Name) // its live connections close
		}
		pl.Log.Info("account changed by an operator", "user", u.Name, "disabled", disable, "by", me.Name)
		http.Redirect(w, r, "/players/"+u.Name, http.StatusSeeOther)
	}
}

// canManageBot says whether me may create and revoke bot's tokens: its
// owner or an operator.
func canManageBot(me, bot *store.User) bool {
	return me != nil && bot.Bot && (me.Role == store.RoleOperator ||
		bot.Owner != "" && store.UserKey(bot.Owner) == store.UserKey(me.Name))
}

// newTokenKey carries a token just created to the page that shows it, in
// the request's context: it is shown once and never stored in clear.
type newTokenKey struct{}

func newTokenOf(r *http.Request) string {
	tok, _ := r.Context().Value(newTokenKey{}).(string)
	return tok
}

// BotToken creates (revoke false) or revokes a bot's token from its page,
// for its owner or an operator.
func (pl *players) BotToken(revoke bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		lang := web.PickLang(w, r)
		if pl.members.accountsOff(w, r, lang) || !pl.members.readAccountForm(w, r, lang) {
			return
		}
		bots, ok := pl.cfg.Store.(store.BotTokens)
		ctx := r.Context()
		bot := pl.namedUser(w, r, lang, ok)
		if bot == nil {
			return
		}
		me := pl.members.CurrentUser(r)
		if !canManageBot(me, bot) {
			pl.Refuse(r, "not_owner")
			pl.web.Fail(w, r, lang, http.StatusForbidden, web.T(lang, "err:not_owner"))
			return
		}
		if revoke {
			err := bots.RevokeBotToken(ctx, bot.Name, r.PathValue("id"))
			if err != nil && !errors.Is(err, store.ErrNotFound) {
				pl.web.InternalError(w, r, lang, "revoke bot token", err)
				return
			}
			pl.revokes.revocationChanged(bot.Name) // its live connections close
			pl.Log.Info("bot token revoked", "bot", bot.Name, "id", r.PathValue("id"), "by", me.Name)
			http.Redirect(w, r, "/players/"+bot.Name, http.StatusSeeOther)
			return
		}
		token, hash, err := accounts.NewToken()
		if err != nil {
			pl.web.InternalError(w, r, lang, "bot token", err)
			return
		}
		id, err := shortID()
		if err != nil {
			pl.web.InternalError(w, r, lang, "bot token", err)
			return
		}
		t := &store.BotToken{ID: id, User: bot.Name, Label: web.CleanText(r.PostForm.Get("label"), 100), Hash: hash}
		if err := bots.CreateBotToken(ctx, t); err != nil {
			if errors.Is(err, store.ErrConflict) {
				pl.web.Fail(w, r, lang, http.StatusConflict, web.T(lang, "err:too_many_tokens"))
				return
			}
			pl.web.InternalError(w, r, lang, "create bot token", err)
			return
		}
		pl.Log.Info("bot token created", "bot", bot.Name, "id", id, "by", me.Name)
		// The page itself, with the token shown this once (no redirect:
		// the token must not travel in a URL).
		r = r.WithContext(context.WithValue(ctx, newTokenKey{}, token))
		r.Method = http.MethodGet
		pl.Player(w, r)
	}
}

// shortID is a token's public name: 8 random base32 characters.
func shortID() (string, error) {
	var b [5]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return strings.ToLower(base32.StdEncoding.EncodeToString(b[:])), nil
}
