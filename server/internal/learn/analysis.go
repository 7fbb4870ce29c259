package learn

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/review"
	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/pool"
	"github.com/plateau-games/plateau/server/internal/site"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// board is the analysis board: a finished game's or an uploaded record's
// review, move by move, and the games played from one of its positions.
type board struct {
	*site.Env
	web     *web.Shell
	games   *games.Games
	reviews *Reviews
	// solution is the POGO solution the pages' engines ask for exact
	// values (PogoValues).
	solution *solution
	// currentUser is the account logged in for a request (the club's).
	currentUser func(r *http.Request) *store.User
	// badRecord answers an upload that is no record: the archive page
	// with the text and the error.
	badRecord func(w http.ResponseWriter, r *http.Request, lang, text string, err error)
}

// owner is who a request's searches count for (pool.Owner): the account,
// else the address.
func (bd *board) owner(r *http.Request) string {
	user := ""
	if u := bd.currentUser(r); u != nil {
		user = u.Name
	}
	return pool.Owner(user, web.Info(r).Key)
}

// loadFailed answers a game that could not be loaded.
func (bd *board) loadFailed(w http.ResponseWriter, r *http.Request, lang string, err error) {
	if errors.Is(err, store.ErrNotFound) {
		bd.web.Fail(w, r, lang, http.StatusNotFound, "no such game")
		return
	}
	bd.web.InternalError(w, r, lang, "load game", err)
}

// loadFinished loads game id for its analysis: ErrNotFound, or
// errUnfinished for a game on.
func (bd *board) loadFinished(ctx context.Context, id string) (*store.Game, *game.Match, error) {
	g, m, err := bd.games.Load(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	if g.Result == store.Ongoing {
		return nil, nil, errUnfinished
	}
	return g, m, nil
}

func (bd *board) analysisFailed(w http.ResponseWriter, r *http.Request, lang string, err error) {
	switch {
	case errors.Is(err, errUnfinished):
		bd.web.Fail(w, r, lang, http.StatusConflict, web.T(lang, "analysisunfinished"))
	case errors.Is(err, errNoAnalysis):
		bd.web.Fail(w, r, lang, http.StatusNotFound, web.T(lang, "analysisoff"))
	case errors.Is(err, errReviewsBusy):
		w.Header().Set("Retry-After", "60")
		bd.web.Fail(w, r, lang, http.StatusServiceUnavailable, web.T(lang, "analysisbusy"))
	default:
		bd.loadFailed(w, r, lang, err)
	}
}

// StartAnalysis (POST /games/ID/analysis) starts the review of a finished
// game, or joins the one running, and shows its page.
func (bd *board) StartAnalysis(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	id := r.PathValue("id")
	_, m, err := bd.loadFinished(r.Context(), id)
	if err == nil {
		var st analysisState
		st, _, err = bd.reviews.reviewState(r.Context(), id)
		if err == nil && st.State != "done" {
			_, err = bd.reviews.startReview(id, m, bd.owner(r))
		}
	}
	if err != nil {
		bd.analysisFailed(w, r, lang, err)
		return
	}
	http.Redirect(w, r, "/games/"+id+"/analysis", http.StatusSeeOther)
}

// AnalysisJSON (GET /games/ID/analysis.json) is the state of a game's
// review, with the review once done: the page polls it while it runs.
func (bd *board) AnalysisJSON(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if _, _, err := bd.loadFinished(r.Context(), id); err != nil {
		code := http.StatusNotFound
		switch {
		case errors.Is(err, errUnfinished):
			code = http.StatusConflict
		case !errors.Is(err, store.ErrNotFound):
			bd.InternalError(w, r, "analysis", err)
			return
		}
		http.Error(w, err.Error(), code)
		return
	}
	st, _, err := bd.reviews.reviewState(r.Context(), id)
	if err != nil {
		bd.InternalError(w, r, "analysis", err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(st)
}

// AnalysisPage (GET /games/ID/analysis) shows a game's review at ?ply=,
// its progress while it runs, or the button that starts it.
func (bd *board) AnalysisPage(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	id := r.PathValue("id")
	g, m, err := bd.loadFinished(r.Context(), id)
	if err != nil {
		bd.analysisFailed(w, r, lang, err)
		return
	}
	st, rv, err := bd.reviews.reviewState(r.Context(), id)
	if err != nil {
		bd.web.InternalError(w, r, lang, "analysis", err)
		return
	}
	var players []string
	for i, seat := range g.Seats {
		players = append(players, games.SeatLabel(m.Variant(), i, seat, lang))
	}
	d := bd.analysisData(r, lang, m, rv, players)
	d.ID, d.GameID, d.State, d.Done, d.Total, d.Error = g.ID, g.GameID, st.State, st.Done, st.Total, st.Error
	d.Enabled = bd.reviews.enabled
	d.Outcome = games.OutcomeSentence(m.Variant(), g.Seats, g.Result, g.Reason, lang)
	if st.State == "done" {
		d.Budget = st.Budget
	}
	d.JudgedBy = JudgeWords(m.Variant(), lang, d.Agent, d.Budget)
	bd.web.Render(w, r, lang, "analysis", web.T(lang, "analysistitle")+" — "+d.Name, http.StatusOK, d)
}

// ArchiveAnalysis (POST /archive/analysis) judges an uploaded or pasted
// record while the request waits (at most maxRecordBytes of it, and a
// slot among Config.MaxReviews), and shows the review; nothing is stored.
func (bd *board) ArchiveAnalysis(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	rec, text, err := games.ReadRecord(w, r)
	if err != nil {
		bd.badRecord(w, r, lang, text, err)
		return
	}
	m, err := rec.Replay()
	if err != nil {
		bd.badRecord(w, r, lang, text, err)
		return
	}
	rr := bd.reviews
	if rr.budget <= 0 {
		bd.analysisFailed(w, r, lang, errNoAnalysis)
		return
	}
	rr.mu.Lock()
	busy := len(rr.running)+rr.archive >= rr.max
	if !busy {
		rr.archive++
	}
	rr.mu.Unlock()
	if busy {
		bd.analysisFailed(w, r, lang, errReviewsBusy)
		return
	}
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	stop := context.AfterFunc(bd.Ctx, cancel)
	defer stop()
	rv, err := review.Game(ctx, m, bd.reviews.reviewOptions(nil, bd.owner(r)))
	rr.mu.Lock()
	rr.archive--
	rr.mu.Unlock()
	if err == nil && !rv.Complete {
		err = errors.New("the review was stopped")
	}
	if err != nil {
		bd.web.Fail(w, r, lang, http.StatusBadRequest, err.Error())
		return
	}
	var players []string
	for _, name := range rec.Players {
		players = append(players, web.CleanText(name, web.MaxNameRunes))
	}
	d := bd.analysisData(r, lang, m, rv, players)
	d.State, d.Record, d.Enabled = "done", text, true
	d.Budget = rr.budgetText()
	var seats []store.Seat
	for _, name := range rec.Players {
		seats = append(seats, store.Seat{Name: name})
	}
	d.Outcome = games.OutcomeSentence(m.Variant(), seats, rec.Result.String(), rec.Result.Reason, lang)
	d.JudgedBy = JudgeWords(m.Variant(), lang, d.Agent, d.Budget)
	bd.web.Render(w, r, lang, "analysis", web.T(lang, "analysistitle")+" — "+d.Name, http.StatusOK, d)
}

// playFromAgent is the computer level of a game played from a position of
// an analysis.
const playFromAgent = "medium"

// PlayFromGame (POST /games/ID/analysis/play, ply=N) starts a casual game
// against the computer from the position after N moves of a finished
// game: the player takes the side to move.
func (bd *board) PlayFromGame(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	r.Body = http.MaxBytesReader(w, r.Body, 4<<10)
	_, m, err := bd.loadFinished(r.Context(), r.PathValue("id"))
	if err != nil {
		bd.analysisFailed(w, r, lang, err)
		return
	}
	bd.playFrom(w, r, lang, m)
}

// PlayFromRecord (POST /archive/analysis/play, record and ply) is
// PlayFromGame for an uploaded record.
func (bd *board) PlayFromRecord(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	rec, _, err := games.ReadRecord(w, r)
	if err != nil {
		bd.web.Fail(w, r, lang, http.StatusBadRequest, err.Error())
		return
	}
	m, err := rec.Replay()
	if err != nil {
		bd.web.Fail(w, r, lang, http.StatusBadRequest, err.Error())
		return
	}
	bd.playFrom(w, r, lang, m)
}

func (bd *board) playFrom(w http.ResponseWriter, r *http.Request, lang string, m *game.Match) {
	ply, err := strconv.Atoi(r.FormValue("ply"))
	if err != nil || ply < 0 || ply > len(m.Moves()) {
		bd.web.Fail(w, r, lang, http.StatusBadRequest, fmt.Sprintf("ply %q: a number from 0 to %d", r.FormValue("ply"), len(m.Moves())))
		return
	}
	st, err := games.PositionAt(m, ply)
	if err != nil {
		bd.web.InternalError(w, r, lang, "play from here", err)
		return
	}
	v := m.Variant()
	spec := games.GameSpec{Game: v.Game.ID, Options: v.Options, Casual: true, Position: st.Encode()}
	if ply == 0 {
		spec.Position = ""
	}
	for seat := range v.Players {
		if seat == st.ToMove() {
			spec.Seats = append(spec.Seats, games.SeatSpec{Kind: "me"})
		} else {
			spec.Seats = append(spec.Seats, games.SeatSpec{Kind: "computer", Agent: playFromAgent})
		}
	}
	created, err := bd.games.Create(r.Context(), spec)
	if err != nil {
		if errors.As(err, new(*web.FormError)) {
			bd.web.Fail(w, r, lang, http.StatusConflict, err.Error())
			return
		}
		bd.web.InternalError(w, r, lang, "play from here", err)
		return
	}
	http.Redirect(w, r, "/games/"+created.ID+"#"+created.Fragment(), http.StatusSeeOther)
}
