package tourney

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// The routes: GET /tournaments lists them (with the form of a new one),
// POST /tournaments makes one; GET /tournaments/{id} is its page (/part
// its body alone, /events its stream of changes, /trf its report);
// POST /tournaments/{id}/register, /withdraw (the player himself),
// /start, /pair, /result, /finish (its director) change it. A refusal
// answers with the reason in words and changes nothing.

// maxForm bounds a form's body.
const maxForm = 64 << 10

// off answers on a store without tournaments or accounts.
func (tn *Tourney) off(w http.ResponseWriter, r *http.Request, lang string) bool {
	if tn.st != nil {
		return false
	}
	tn.web.Fail(w, r, lang, http.StatusNotFound, web.T(lang, "noaccounts"))
	return true
}

// form reads a posted form, bounded; false when it answered.
func (tn *Tourney) form(w http.ResponseWriter, r *http.Request, lang string) bool {
	r.Body = http.MaxBytesReader(w, r.Body, maxForm)
	if err := r.ParseForm(); err != nil {
		tn.web.Fail(w, r, lang, http.StatusBadRequest, web.T(lang, "tn:badform"))
		return false
	}
	return true
}

// loggedIn is the account of the request; without one the browser goes
// to the login page, back to next afterwards (nil).
func (tn *Tourney) loggedIn(w http.ResponseWriter, r *http.Request, next string) *store.User {
	u := tn.currentUser(r)
	if u == nil {
		http.Redirect(w, r, "/login?next="+url.QueryEscape(next), http.StatusSeeOther)
	}
	return u
}

// refuse answers a refused change: code and its words.
func (tn *Tourney) refuse(w http.ResponseWriter, r *http.Request, lang string, code int, key string, args ...any) {
	tn.Refuse(r, "tournament "+key)
	msg := web.T(lang, "tn:"+key)
	if len(args) > 0 {
		msg = fmt.Sprintf(msg, args...)
	}
	tn.web.Fail(w, r, lang, code, msg)
}

// storeRefusal answers an error of the store: its conflict in words, or
// an internal error.
func (tn *Tourney) storeRefusal(w http.ResponseWriter, r *http.Request, lang, what string, err error, conflict string) {
	switch {
	case errors.Is(err, store.ErrNotFound):
		tn.refuse(w, r, lang, http.StatusNotFound, "notfound")
	case errors.Is(err, store.ErrConflict):
		tn.refuse(w, r, lang, http.StatusConflict, conflict)
	default:
		tn.web.InternalError(w, r, lang, what, err)
	}
}

// Create is POST /tournaments.
func (tn *Tourney) Create(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	if tn.off(w, r, lang) || !tn.form(w, r, lang) {
		return
	}
	u := tn.loggedIn(w, r, "/tournaments")
	if u == nil {
		return
	}
	t, key := tn.readTournament(r.PostForm, u)
	if key != "" {
		tn.refuse(w, r, lang, http.StatusBadRequest, key)
		return
	}
	switch err := tn.st.CreateTournament(r.Context(), t); {
	case errors.Is(err, store.ErrNotFound):
		tn.refuse(w, r, lang, http.StatusBadRequest, "nouser")
	case errors.Is(err, store.ErrConflict):
		tn.refuse(w, r, lang, http.StatusConflict, "toomany", store.MaxDirected)
	case err != nil:
		tn.web.InternalError(w, r, lang, "create tournament", err)
	default:
		tn.Log.Info("tournament created", "id", t.ID, "director", u.Name, "kind", t.Kind, "game", t.GameID)
		tn.changed(t.ID)
		http.Redirect(w, r, "/tournaments/"+t.ID, http.StatusSeeOther)
	}
}

// readTournament reads the form of a new tournament; it gives the
// tournament or the key of what was wrong.
func (tn *Tourney) readTournament(f url.Values, director *store.User) (*store.Tournament, string) {
	name := strings.TrimSpace(web.CleanText(f.Get("name"), store.MaxTournamentName+1))
	if name == "" || len([]rune(name)) > store.MaxTournamentName {
		return nil, "badname"
	}
	v, err := games.VariantOfValue(f.Get("variant"))
	kind := f.Get("kind")
	switch {
	case err != nil:
		return nil, "badgame"
	case kind == store.TournamentTables && (v.Players < 3 || v.Players > 4):
		return nil, "badtablegame"
	case kind != store.TournamentTables && v.Players != 2:
		return nil, "badgame"
	}
	rated := f.Get("rated") != ""
	if rated && len(v.Readings()) > 0 {
		return nil, "readings"
	}
	clock, increment, days, err := games.ReadClock(f)
	if err != nil {
		return nil, "badclock"
	}
	t := &store.Tournament{ID: games.NewID(), Name: name, Director: director.Name, Kind: f.Get("kind"), GameID: v.Game.ID,
		Options: v.Options.String(), Rated: rated, ClockMillis: clock.Milliseconds(), IncrementMillis: increment.Milliseconds(),
		MoveDays: days, AutoPair: f.Get("auto") != "", Bots: f.Get("bots") != "", CreatedAt: tn.Now(),
		Computers: f.Get("computers") != ""}
	if t.Bots || t.Computers {
		// A bot or a computer player has no rating a result could be
		// weighed against: a tournament open to them is casual, as a
		// bot's games are.
		t.Rated = false
	}
	switch t.Kind {
	case store.TournamentSwiss, store.TournamentTables:
		n, err := strconv.Atoi(strings.TrimSpace(f.Get("rounds")))
		if err != nil || n < 1 || n > store.MaxTournamentRounds {
			return nil, "badrounds"
		}
		t.Rounds = n
	case store.TournamentRoundRobin:
	case store.TournamentArena:
		if days > 0 {
			return nil, "arenadays"
		}
		m, err := strconv.Atoi(strings.TrimSpace(f.Get("minutes")))
		if err != nil || m < 1 || int64(m)*60000 > store.MaxArenaMillis {
			return nil, "badminutes"
		}
		t.DurationMillis = int64(m) * 60000
		t.AutoPair = true // an arena pairs by itself
	default:
		return nil, "badkind"
	}
	t.StartsAt = t.CreatedAt
	if s := strings.TrimSpace(f.Get("starts")); s != "" {
		at, err := time.ParseInLocation("2006-01-02T15:04", s, time.UTC)
		if err != nil {
			return nil, "badstart"
		}
		t.StartsAt = at
	}
	if f.Get("closed") != "" {
		t.Closed = true
		for _, n := range strings.FieldsFunc(f.Get("invited"), func(r rune) bool { return r == ',' || r == ' ' || r == '\n' || r == '\r' || r == '\t' }) {
			if len(t.Invited) >= store.MaxInvited {
				return nil, "toomanyinvited"
			}
			t.Invited = append(t.Invited, n)
		}
	}
	return t, ""
}

// loadFor loads the tournament of the request's {id}; nil when it
// answered.
func (tn *Tourney) loadFor(w http.ResponseWriter, r *http.Request, lang string) *store.Tournament {
	id := r.PathValue("id")
	if !games.ValidID(id) {
		tn.refuse(w, r, lang, http.StatusNotFound, "notfound")
		return nil
	}
	t, err := tn.st.LoadTournament(r.Context(), id)
	if err != nil {
		tn.storeRefusal(w, r, lang, "load tournament", err, "notfound")
		return nil
	}
	return t
}

// Register is POST /tournaments/{id}/register: the account logged in
// enters. A form naming another player is refused: nobody registers
// someone else.
func (tn *Tourney) Register(w http.ResponseWriter, r *http.Request) { tn.entry(w, r, true) }

// Withdraw is POST /tournaments/{id}/withdraw: the account logged in
// leaves.
func (tn *Tourney) Withdraw(w http.ResponseWriter, r *http.Request) { tn.entry(w, r, false) }

func (tn *Tourney) entry(w http.ResponseWriter, r *http.Request, register bool) {
	lang := web.PickLang(w, r)
	if tn.off(w, r, lang) || !tn.form(w, r, lang) {
		return
	}
	u := tn.loggedIn(w, r, "/tournaments/"+r.PathValue("id"))
	if u == nil {
		return
	}
	if other := strings.TrimSpace(r.PostForm.Get("user")); other != "" && store.UserKey(other) != store.UserKey(u.Name) {
		tn.refuse(w, r, lang, http.StatusForbidden, "onlyself")
		return
	}
	t := tn.loadFor(w, r, lang)
	if t == nil {
		return
	}
	ctx := r.Context()
	var err error
	if register {
		if u.Bot && !t.Bots {
			tn.refuse(w, r, lang, http.StatusForbidden, "nobots")
			return
		}
		err = tn.st.Register(ctx, t.ID, u.Name, tn.ratingOf(ctx, u.Name, t), tn.Now())
	} else {
		err = tn.st.Withdraw(ctx, t.ID, u.Name, tn.Now())
	}
	if err != nil {
		key := "notregistered"
		if register {
			key = tn.whyNotRegister(t, u)
		}
		tn.storeRefusal(w, r, lang, "register", err, key)
		return
	}
	tn.Log.Info("tournament entry", "tournament", t.ID, "user", u.Name, "register", register)
	tn.changed(t.ID)
	if register && t.Kind == store.TournamentArena && t.Status == store.TournamentRunning {
		tn.GoSafe("arena newcomer", func() {
			ctx, cancel := tn.bg()
			defer cancel()
			tn.advance(ctx, t.ID)
		})
	}
	http.Redirect(w, r, "/tournaments/"+t.ID, http.StatusSeeOther)
}

// whyNotRegister names the reason of a refused registration.
func (tn *Tourney) whyNotRegister(t *store.Tournament, u *store.User) string {
	switch {
	case t.Status == store.TournamentFinished || t.Status == store.TournamentRunning && t.Kind != store.TournamentArena:
		return "closedentries"
	case t.Closed:
		for _, n := range t.Invited {
			if store.UserKey(n) == store.UserKey(u.Name) {
				return "full"
			}
		}
		return "notinvited"
	}
	for _, e := range t.Entrants {
		if store.UserKey(e.User) == store.UserKey(u.Name) && !e.Withdrawn {
			return "already"
		}
	}
	return "full"
}

// director loads the tournament of the request for its director (or an
// operator); nil when it answered (a refusal for anyone else).
func (tn *Tourney) director(w http.ResponseWriter, r *http.Request, lang string) (*store.Tournament, *store.User) {
	if tn.off(w, r, lang) || !tn.form(w, r, lang) {
		return nil, nil
	}
	u := tn.loggedIn(w, r, "/tournaments/"+r.PathValue("id"))
	if u == nil {
		return nil, nil
	}
	t := tn.loadFor(w, r, lang)
	if t == nil {
		return nil, nil
	}
	if !directs(u, t) {
		tn.refuse(w, r, lang, http.StatusForbidden, "notdirector")
		return nil, nil
	}
	return t, u
}

// Start is POST /tournaments/{id}/start: the director starts it, and
// its first round is paired.
func (tn *Tourney) Start(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	t, u := tn.director(w, r, lang)
	if t == nil {
		return
	}
	if t.Status != store.TournamentUpcoming {
		tn.refuse(w, r, lang, http.StatusConflict, "notupcoming")
		return
	}
	if t.Entries < 2 {
		tn.refuse(w, r, lang, http.StatusConflict, "fewplayers")
		return
	}
	if err := tn.start(r.Context(), t.ID); err != nil && !errors.Is(err, errNotReady) {
		tn.storeRefusal(w, r, lang, "start tournament", err, "notupcoming")
		return
	}
	tn.Log.Info("tournament start", "tournament", t.ID, "by", u.Name)
	http.Redirect(w, r, "/tournaments/"+t.ID, http.StatusSeeOther)
}

// Pair is POST /tournaments/{id}/pair: the director pairs the next
// round (its field round must name it: a second click, or another
// server's pairing, finds it paired and changes nothing).
func (tn *Tourney) Pair(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	t, _ := tn.director(w, r, lang)
	if t == nil {
		return
	}
	if n, err := strconv.Atoi(r.PostForm.Get("round")); err != nil || n != t.Paired+1 {
		tn.refuse(w, r, lang, http.StatusConflict, "paired")
		return
	}
	switch err := tn.pairNext(r.Context(), t.ID, false); {
	case errors.Is(err, errNotReady):
		tn.refuse(w, r, lang, http.StatusConflict, "notready")
	case errors.Is(err, store.ErrConflict):
		tn.refuse(w, r, lang, http.StatusConflict, "paired")
	case err != nil:
		tn.web.InternalError(w, r, lang, "pair round", err)
	default:
		http.Redirect(w, r, "/tournaments/"+t.ID, http.StatusSeeOther)
	}
}

// Result is POST /tournaments/{id}/result: the director sets a board's
// result (a correction, or a forfeit).
func (tn *Tourney) Result(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	t, u := tn.director(w, r, lang)
	if t == nil {
		return
	}
	round, err1 := strconv.Atoi(r.PostForm.Get("round"))
	board, err2 := strconv.Atoi(r.PostForm.Get("board"))
	result := r.PostForm.Get("result")
	if err1 != nil || err2 != nil || store.CheckTournamentResult(result) != nil && store.CheckTableResult(result, 3) != nil && store.CheckTableResult(result, 4) != nil {
		tn.refuse(w, r, lang, http.StatusBadRequest, "badresult")
		return
	}
	if err := tn.st.SetResult(r.Context(), t.ID, round, board, result, true, tn.Now()); err != nil {
		if err != nil && !errors.Is(err, store.ErrNotFound) && !errors.Is(err, store.ErrConflict) {
			// The store's check: a table's ranks on a board of two, or
			// the reverse.
			tn.refuse(w, r, lang, http.StatusBadRequest, "badresult")
			return
		}
		tn.storeRefusal(w, r, lang, "set result", err, "byeresult")
		return
	}
	tn.Log.Info("tournament result set", "tournament", t.ID, "round", round, "board", board, "result", result, "by", u.Name)
	tn.changed(t.ID)
	tn.GoSafe("tournament advance", func() {
		ctx, cancel := tn.bg()
		defer cancel()
		tn.advance(ctx, t.ID)
	})
	http.Redirect(w, r, "/tournaments/"+t.ID, http.StatusSeeOther)
}

// Finish is POST /tournaments/{id}/finish: the director ends it (games
// still on keep their boards and give their results when they end).
func (tn *Tourney) Finish(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	t, _ := tn.director(w, r, lang)
	if t == nil {
		return
	}
	if err := tn.st.FinishTournament(r.Context(), t.ID, tn.Now()); err != nil {
		tn.storeRefusal(w, r, lang, "finish tournament", err, "notrunning")
		return
	}
	tn.changed(t.ID)
	http.Redirect(w, r, "/tournaments/"+t.ID, http.StatusSeeOther)
}

// TRF is GET /tournaments/{id}/trf: the FIDE tournament report of a
// Swiss or round robin whose games are all over.
func (tn *Tourney) TRF(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	if tn.off(w, r, lang) {
		return
	}
	t := tn.loadFor(w, r, lang)
	if t == nil {
		return
	}
	b, err := trf(t)
	if err != nil {
		tn.refuse(w, r, lang, http.StatusConflict, "notrf")
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="`+t.ID+`.trf"`)
	w.Write(b)
}
