package learn

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"math"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/render"
	"github.com/plateau-games/plateau/review"
	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/pool"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// Analysis. A finished game's moves are judged by the server (package
// review): for each position before a move, the best move and the value
// of the move played, found by a search of Config.ReviewBudget (or the
// exact values of the POGO solution when the server has it). The review
// runs in the background, one position at a time on the pool of computer
// searches: each position is background work of the scheduler
// (package pool), counted against the person who asked, so that reviews
// run only on what the computer opponents leave and take one person's
// share, and at most Config.MaxReviews reviews run at once. A game has
// one review at a time (a second request joins the one running); once
// done it is stored (store.Reviews) and shown from the store ever after.
// An uploaded record is judged the same way while the request waits, and
// nothing is stored.

// DefaultReviewBudget is the search time per position of a game's
// review (--review-budget); DefaultMaxReviews how many reviews run at once
// (--max-reviews).
const (
	DefaultReviewBudget = 300 * time.Millisecond
	DefaultMaxReviews   = 2
)

// reviewSeed seeds the judging searches: a review is the same whoever
// asks first.
const reviewSeed = 1

var (
	errNoAnalysis  = errors.New("this server does not analyse games")
	errReviewsBusy = errors.New("the server is analysing other games; try again in a minute")
	errUnfinished  = errors.New("only finished games can be analysed")
)

// reviewRuns are the reviews running on a server.
type Reviews struct {
	budget  time.Duration
	max     int
	enabled bool // the budget is positive and the store keeps reviews
	keep    store.Reviews
	Agent   string // the judge (review.Options.Agent); "" for the POGO solution or the hard level

	mu      sync.Mutex
	running map[string]*reviewRun // by game id
	failed  map[string]string     // the last failure by game id, until asked again
	archive int                   // reviews of uploaded records running

	Computed atomic.Int64 // reviews computed (tests)
	Searches atomic.Int64 // positions judged (tests)
	active   atomic.Int64 // positions being judged
	Peak     atomic.Int64 // the most positions judged at once (tests)
}

// reviewRun is a review running: its progress.
type reviewRun struct {
	mu          sync.Mutex
	done, total int
}

func (r *reviewRun) progress() (done, total int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.done, r.total
}

// NewReviews are the reviews of a server: budget a position (0 for
// DefaultReviewBudget, negative for none) held to the search time
// ceiling, at most max at once (0 for DefaultMaxReviews), stored in st
// when it keeps reviews (store.Reviews).
func NewReviews(budget time.Duration, max int, ceiling time.Duration, st store.Store) *Reviews {
	rr := &Reviews{budget: budget, max: max, running: map[string]*reviewRun{}, failed: map[string]string{}}
	if rr.budget == 0 {
		rr.budget = DefaultReviewBudget
	}
	if rr.max <= 0 {
		rr.max = DefaultMaxReviews
	}
	if rr.budget < 0 {
		rr.budget = 0
		return rr
	}
	rr.budget = min(rr.budget, ceiling)
	rr.keep, rr.enabled = st.(store.Reviews)
	return rr
}

// budgetText is how a review's budget is stored.
func (rr *Reviews) budgetText() string { return rr.budget.String() }

// reviewSlot takes a slot of the pool of searches for one position of a
// review asked by owner, waiting in line; a full line (everyone's, or the
// owner's) is waited out, not an error: the review goes on when there is
// room.
func (lr *Learning) reviewSlot(ctx context.Context, owner string) (func(), error) {
	for {
		release, err := lr.Searches.Acquire(ctx, pool.Background, owner)
		if errors.Is(err, pool.ErrQueueFull) || errors.Is(err, pool.ErrOwnerBusy) {
			select {
			case <-time.After(pool.Retry):
				continue
			case <-ctx.Done():
				return nil, ctx.Err()
			}
		}
		if err != nil {
			return nil, err
		}
		rr := lr.Reviews
		rr.Searches.Add(1)
		n := rr.active.Add(1)
		for p := rr.Peak.Load(); n > p && !rr.Peak.CompareAndSwap(p, n); p = rr.Peak.Load() {
		}
		return func() {
			rr.active.Add(-1)
			release()
		}, nil
	}
}

// reviewOptions are the options of the server's reviews asked by owner.
func (lr *Learning) reviewOptions(progress func(done, total int), owner string) review.Options {
	acquire := func(ctx context.Context) (func(), error) { return lr.reviewSlot(ctx, owner) }
	return review.Options{Agent: lr.Reviews.Agent, Time: lr.Reviews.budget, Seed: reviewSeed, Progress: progress, Acquire: acquire}
}

// storedReview is game id's stored review, nil when it has none.
func (lr *Learning) storedReview(ctx context.Context, id string) (*store.Review, *review.Review, error) {
	rs := lr.Reviews.keep
	if rs == nil {
		return nil, nil, nil
	}
	st, err := rs.GetReview(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	var rv review.Review
	if err := json.Unmarshal(st.JSON, &rv); err != nil {
		return nil, nil, fmt.Errorf("stored review of %s: %w", id, err)
	}
	return st, &rv, nil
}

// startReview starts the review of game id (finished, match m) for owner
// (whom its searches count against), or joins the one running.
func (lr *Learning) startReview(id string, m *game.Match, owner string) (*reviewRun, error) {
	rr := lr.Reviews
	if !rr.enabled {
		return nil, errNoAnalysis
	}
	rr.mu.Lock()
	defer rr.mu.Unlock()
	if run := rr.running[id]; run != nil {
		return run, nil
	}
	if len(rr.running)+rr.archive >= rr.max {
		return nil, errReviewsBusy
	}
	run := &reviewRun{total: len(m.Moves())}
	if !m.Outcome().Ended() {
		run.total++ // an end the position does not show (a resignation): its value too
	}
	rr.running[id] = run
	delete(rr.failed, id)
	lr.GoSafe("review", func() {
		err := lr.runReview(id, m, run, owner)
		rr.mu.Lock()
		defer rr.mu.Unlock()
		delete(rr.running, id)
		if err != nil && lr.Ctx.Err() == nil {
			lr.LogError("review", err, "game", id)
			if len(rr.failed) > 1000 {
				clear(rr.failed)
			}
			rr.failed[id] = err.Error()
		}
	})
	return run, nil
}

func (lr *Learning) runReview(id string, m *game.Match, run *reviewRun, owner string) error {
	rv, err := review.Game(lr.Ctx, m, lr.reviewOptions(func(done, total int) {
		run.mu.Lock()
		run.done, run.total = done, total
		run.mu.Unlock()
	}, owner))
	if err != nil {
		return err
	}
	if !rv.Complete {
		return errors.New("the review was stopped")
	}
	b, err := json.Marshal(rv)
	if err != nil {
		return err
	}
	err = lr.Reviews.keep.PutReview(lr.Ctx, &store.Review{Game: id, Agent: rv.Agent, Budget: lr.Reviews.budgetText(), JSON: b})
	if err == nil {
		lr.Reviews.Computed.Add(1)
	}
	return err
}

// analysisState is the state of a game's review: "done" (stored),
// "running", "failed" (the last try; it may be asked again), "none".
type analysisState struct {
	State  string          `json:"state"`
	Done   int             `json:"done"`
	Total  int             `json:"total"`
	Error  string          `json:"error,omitempty"`
	Agent  string          `json:"agent,omitempty"`
	Budget string          `json:"budget,omitempty"`
	Review json.RawMessage `json:"review,omitempty"`
}

// reviewState is the state of game id's review and the review when done.
func (lr *Learning) reviewState(ctx context.Context, id string) (analysisState, *review.Review, error) {
	st, rv, err := lr.storedReview(ctx, id)
	if err != nil {
		return analysisState{}, nil, err
	}
	if rv != nil {
		n := len(rv.Plies)
		return analysisState{State: "done", Done: n, Total: n, Agent: st.Agent, Budget: st.Budget, Review: st.JSON}, rv, nil
	}
	rr := lr.Reviews
	rr.mu.Lock()
	run, failed := rr.running[id], rr.failed[id]
	rr.mu.Unlock()
	switch {
	case run != nil:
		done, total := run.progress()
		return analysisState{State: "running", Done: done, Total: total}, nil, nil
	case failed != "":
		return analysisState{State: "failed", Error: failed}, nil, nil
	}
	return analysisState{State: "none"}, nil, nil
}

// loadFinished loads game id for its analysis: ErrNotFound, or
// errUnfinished for a game on.
func (lr *Learning) loadFinished(ctx context.Context, id string) (*store.Game, *game.Match, error) {
	g, m, err := lr.Games.Load(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	if g.Result == store.Ongoing {
		return nil, nil, errUnfinished
	}
	return g, m, nil
}

func (lr *Learning) analysisFailed(w http.ResponseWriter, r *http.Request, lang string, err error) {
	switch {
	case errors.Is(err, errUnfinished):
		lr.Web.Fail(w, r, lang, http.StatusConflict, web.T(lang, "analysisunfinished"))
	case errors.Is(err, errNoAnalysis):
		lr.Web.Fail(w, r, lang, http.StatusNotFound, web.T(lang, "analysisoff"))
	case errors.Is(err, errReviewsBusy):
		w.Header().Set("Retry-After", "60")
		lr.Web.Fail(w, r, lang, http.StatusServiceUnavailable, web.T(lang, "analysisbusy"))
	default:
		lr.loadFailed(w, r, lang, err)
	}
}

// StartAnalysis (POST /games/ID/analysis) starts the review of a finished
// game, or joins the one running, and shows its page.
func (lr *Learning) StartAnalysis(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	id := r.PathValue("id")
	_, m, err := lr.loadFinished(r.Context(), id)
	if err == nil {
		var st analysisState
		st, _, err = lr.reviewState(r.Context(), id)
		if err == nil && st.State != "done" {
			_, err = lr.startReview(id, m, lr.owner(r))
		}
	}
	if err != nil {
		lr.analysisFailed(w, r, lang, err)
		return
	}
	http.Redirect(w, r, "/games/"+id+"/analysis", http.StatusSeeOther)
}

// AnalysisJSON (GET /games/ID/analysis.json) is the state of a game's
// review, with the review once done: the page polls it while it runs.
func (lr *Learning) AnalysisJSON(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if _, _, err := lr.loadFinished(r.Context(), id); err != nil {
		code := http.StatusNotFound
		switch {
		case errors.Is(err, errUnfinished):
			code = http.StatusConflict
		case !errors.Is(err, store.ErrNotFound):
			lr.InternalError(w, r, "analysis", err)
			return
		}
		http.Error(w, err.Error(), code)
		return
	}
	st, _, err := lr.reviewState(r.Context(), id)
	if err != nil {
		lr.InternalError(w, r, "analysis", err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(st)
}

// AnalysisPage (GET /games/ID/analysis) shows a game's review at ?ply=,
// its progress while it runs, or the button that starts it.
func (lr *Learning) AnalysisPage(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	id := r.PathValue("id")
	g, m, err := lr.loadFinished(r.Context(), id)
	if err != nil {
		lr.analysisFailed(w, r, lang, err)
		return
	}
	st, rv, err := lr.reviewState(r.Context(), id)
	if err != nil {
		lr.Web.InternalError(w, r, lang, "analysis", err)
		return
	}
	var players []string
	for i, seat := range g.Seats {
		players = append(players, games.SeatLabel(m.Variant(), i, seat, lang))
	}
	d := lr.analysisData(r, lang, m, rv, players)
	d.ID, d.GameID, d.State, d.Done, d.Total, d.Error = g.ID, g.GameID, st.State, st.Done, st.Total, st.Error
	d.Enabled = lr.Reviews.enabled
	d.Outcome = games.OutcomeSentence(m.Variant(), g.Seats, g.Result, g.Reason, lang)
	if st.State == "done" {
		d.Budget = st.Budget
	}
	d.JudgedBy = JudgeWords(m.Variant(), lang, d.Agent, d.Budget)
	lr.Web.Render(w, r, lang, "analysis", web.T(lang, "analysistitle")+" — "+d.Name, http.StatusOK, d)
}

// ArchiveAnalysis (POST /archive/analysis) judges an uploaded or pasted
// record while the request waits (at most maxRecordBytes of it, and a
// slot among Config.MaxReviews), and shows the review; nothing is stored.
func (lr *Learning) ArchiveAnalysis(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	rec, text, err := games.ReadRecord(w, r)
	if err != nil {
		lr.BadRecord(w, r, lang, text, err)
		return
	}
	m, err := rec.Replay()
	if err != nil {
		lr.BadRecord(w, r, lang, text, err)
		return
	}
	rr := lr.Reviews
	if rr.budget <= 0 {
		lr.analysisFailed(w, r, lang, errNoAnalysis)
		return
	}
	rr.mu.Lock()
	busy := len(rr.running)+rr.archive >= rr.max
	if !busy {
		rr.archive++
	}
	rr.mu.Unlock()
	if busy {
		lr.analysisFailed(w, r, lang, errReviewsBusy)
		return
	}
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	stop := context.AfterFunc(lr.Ctx, cancel)
	defer stop()
	rv, err := review.Game(ctx, m, lr.reviewOptions(nil, lr.owner(r)))
	rr.mu.Lock()
	rr.archive--
	rr.mu.Unlock()
	if err == nil && !rv.Complete {
		err = errors.New("the review was stopped")
	}
	if err != nil {
		lr.Web.Fail(w, r, lang, http.StatusBadRequest, err.Error())
		return
	}
	var players []string
	for _, name := range rec.Players {
		players = append(players, web.CleanText(name, web.MaxNameRunes))
	}
	d := lr.analysisData(r, lang, m, rv, players)
	d.State, d.Record, d.Enabled = "done", text, true
	d.Budget = rr.budgetText()
	var seats []store.Seat
	for _, name := range rec.Players {
		seats = append(seats, store.Seat{Name: name})
	}
	d.Outcome = games.OutcomeSentence(m.Variant(), seats, rec.Result.String(), rec.Result.Reason, lang)
	d.JudgedBy = JudgeWords(m.Variant(), lang, d.Agent, d.Budget)
	lr.Web.Render(w, r, lang, "analysis", web.T(lang, "analysistitle")+" — "+d.Name, http.StatusOK, d)
}

// analysisData is what the analysis page shows.
type analysisData struct {
	ID, GameID   string // "" for an uploaded record
	Record       string // the uploaded record, for the boards drawn on request
	Name         string
	Outcome      string
	State        string // "done", "running", "failed", "none"
	Enabled      bool
	Done, Total  int
	Percent      int
	Error        string
	Agent        string
	Budget       string
	BudgetText   string // the server's budget per position
	JudgedBy     string // the judge and its budget, in words
	Exact        bool
	Ply, Last    int
	Board        template.HTML
	Caption      string
	CaptionClass string
	BestPlaces   string
	Moves        []analysisMove
	Graph        template.HTML
	Seats        []analysisSeat
	Players      []string
	Two          bool // two sides: the move list in two columns
}

// analysisMove is one move of the list.
type analysisMove struct {
	Ply        int
	Number     string // "1." for the first mover's moves
	Move       string
	Mark       string // "?!", "?", "??" or ""
	Class      string // best, good, inaccuracy, mistake, blunder
	Word       string // the class in the page's language
	Caption    string // what is said under the board at this move
	BestPlaces string // the better move's places, for its arrow; "" when the move was best
	MovePlaces string
	Current    bool
}

// analysisSeat is one player's summary.
type analysisSeat struct {
	Name                             string
	Moves                            int
	Inaccuracies, Mistakes, Blunders int
	Accuracy                         int // 100 minus the average loss in percent of a win
}

// marks are the signs of the classes, as annotators write them.
var marks = map[review.Class]string{review.Inaccuracy: "?!", review.Mistake: "?", review.Blunder: "??"}

func (lr *Learning) analysisData(r *http.Request, lang string, m *game.Match, rv *review.Review, players []string) *analysisData {
	v := m.Variant()
	d := &analysisData{Name: v.Game.Name.In(lang), Players: players, Last: len(m.Moves()), BudgetText: BudgetWords(lr.Reviews.budgetText(), lang)}
	for len(d.Players) < v.Players {
		d.Players = append(d.Players, v.SeatName(len(d.Players), lang))
	}
	d.Ply = d.Last
	if n, err := strconv.Atoi(r.FormValue("ply")); err == nil && n >= 0 && n <= d.Last {
		d.Ply = n
	}
	var lastMove []string
	if rv != nil {
		d.Agent, d.Exact = rv.Agent, rv.Exact
		sides := rv.Sides
		d.Two = sides == 2
		for _, pl := range rv.Plies {
			am := analysisMove{Ply: pl.Ply, Move: pl.Move, Mark: marks[pl.Class], Class: pl.Class.String(), Word: pl.Class.In(lang),
				MovePlaces: strings.Join(pl.MovePlaces, " "), Current: pl.Ply == d.Ply}
			if pl.Seat == 0 || sides != 2 {
				am.Number = strconv.Itoa(pl.Ply) + "."
			}
			am.Caption = fmt.Sprintf("%d. %s — %s", pl.Ply, pl.Move, pl.Class.In(lang))
			if pl.Move != pl.Best && pl.Class >= review.Inaccuracy {
				am.BestPlaces = strings.Join(pl.BestPlaces, " ")
				am.Caption += fmt.Sprintf(" (%s). %s %s (%s).", pl.After.In(lang), web.T(lang, "betterwas"), pl.Best, pl.Before.In(lang))
			} else {
				am.Caption += fmt.Sprintf(" (%s).", pl.After.In(lang))
			}
			if am.Current {
				d.Caption, d.CaptionClass, d.BestPlaces, lastMove = am.Caption, am.Class, am.BestPlaces, pl.MovePlaces
			}
			d.Moves = append(d.Moves, am)
		}
		for _, sm := range rv.Seats {
			as := analysisSeat{Moves: sm.Moves, Inaccuracies: sm.Counts.Inaccuracy, Mistakes: sm.Counts.Mistake, Blunders: sm.Counts.Blunder,
				Accuracy: int(math.Round(100 * max(0, 1-sm.AverageLoss/2)))}
			if sm.Seat < len(d.Players) {
				as.Name = d.Players[sm.Seat]
			}
			d.Seats = append(d.Seats, as)
		}
		d.Graph = evalGraph(rv, d.Ply, lang)
	} else {
		d.Two = v.Players == 2 && v.Teams == nil
		for i, mv := range m.Notations() {
			am := analysisMove{Ply: i + 1, Move: mv, Current: i+1 == d.Ply}
			if !d.Two || i%2 == 0 {
				am.Number = strconv.Itoa(i+1) + "."
			}
			d.Moves = append(d.Moves, am)
		}
	}
	if d.Ply == 0 {
		d.Caption = web.T(lang, "startposition")
	}
	if d.Total > 0 {
		d.Percent = 100 * d.Done / d.Total
	}
	s, last, err := games.PositionWithLast(m, d.Ply, lr.Web.Renderer())
	if err != nil {
		d.Board = template.HTML(`<p class="err">` + template.HTMLEscapeString(err.Error()) + `</p>`)
		return d
	}
	if lastMove == nil {
		lastMove = last
	}
	d.Board = lr.pictureWith(s, lang, lastMove)
	return d
}

// pictureWith draws s with the places of lastMove tinted.
func (lr *Learning) pictureWith(s game.State, lang string, lastMove []string) template.HTML {
	svg, err := lr.Web.Renderer().SVG(s, render.Options{Lang: lang, LastMove: lastMove})
	if err != nil {
		return template.HTML(`<p class="err">` + template.HTMLEscapeString(err.Error()) + `</p>`)
	}
	return template.HTML(svg)
}

// evalGraph draws the evaluation over the game as SVG: the value of each
// position for the first side (up is better for it), the mistakes marked
// with dots of their class's colour, the position shown with a line; each
// ply is a link to it. Games of more than two sides have one value per
// mover, not a curve: their graph is the loss of each move as bars.
func evalGraph(rv *review.Review, ply int, lang string) template.HTML {
	const w, h, pad = 600.0, 160.0, 6.0
	n := len(rv.Plies)
	if n == 0 {
		return ""
	}
	step := (w - 2*pad) / float64(n)
	x := func(k int) float64 { return pad + float64(k)*step }
	y := func(v float64) float64 { return h/2 - v*(h/2-pad) }
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="evalgraph" id="evalgraph" viewBox="0 0 %.0f %.0f" role="img" aria-label="%s" data-step="%.3f" data-pad="%.0f">`, w, h, template.HTMLEscapeString(web.T(lang, "evalgraph")), step, pad)
	fmt.Fprintf(&b, `<rect class="eg-bg" x="0" y="0" width="%.0f" height="%.0f"/>`, w, h)
	fmt.Fprintf(&b, `<line class="eg-mid" x1="0" y1="%.1f" x2="%.0f" y2="%.1f"/>`, h/2, w, h/2)
	if rv.Sides == 2 && len(rv.Series) > 0 {
		var pts []string
		for _, pt := range rv.Series {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(pt.Ply), y(pt.Value.Score)))
		}
		area := fmt.Sprintf("%.1f,%.1f %s %.1f,%.1f", x(rv.Series[0].Ply), h/2, strings.Join(pts, " "), x(rv.Series[len(rv.Series)-1].Ply), h/2)
		fmt.Fprintf(&b, `<polygon class="eg-area" points="%s"/>`, area)
		fmt.Fprintf(&b, `<polyline class="eg-line" points="%s"/>`, strings.Join(pts, " "))
		value := map[int]float64{}
		for _, pt := range rv.Series {
			value[pt.Ply] = pt.Value.Score
		}
		for _, pl := range rv.Plies {
			if marks[pl.Class] == "" {
				continue
			}
			fmt.Fprintf(&b, `<circle class="eg-dot eg-%s" cx="%.1f" cy="%.1f" r="4"/>`, pl.Class, x(pl.Ply), y(value[pl.Ply]))
		}
	} else {
		for _, pl := range rv.Plies {
			hgt := min(pl.Loss, 1) * (h/2 - pad)
			fmt.Fprintf(&b, `<rect class="eg-bar eg-%s" x="%.1f" y="%.1f" width="%.1f" height="%.1f"/>`, pl.Class, x(pl.Ply-1), h/2, max(step-1, 1), hgt)
		}
	}
	fmt.Fprintf(&b, `<line class="eg-cursor" id="egcursor" x1="%.1f" y1="0" x2="%.1f" y2="%.0f"/>`, x(ply), x(ply), h)
	for k := 0; k <= n; k++ {
		fmt.Fprintf(&b, `<a href="?ply=%d" data-ply="%d"><rect class="eg-hit" x="%.1f" y="0" width="%.1f" height="%.0f"><title>%d</title></rect></a>`,
			k, k, x(k)-step/2, step, h, k)
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

// playFromAgent is the computer level of a game played from a position of
// an analysis.
const playFromAgent = "medium"

// PlayFromGame (POST /games/ID/analysis/play, ply=N) starts a casual game
// against the computer from the position after N moves of a finished
// game: the player takes the side to move.
func (lr *Learning) PlayFromGame(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	r.Body = http.MaxBytesReader(w, r.Body, 4<<10)
	_, m, err := lr.loadFinished(r.Context(), r.PathValue("id"))
	if err != nil {
		lr.analysisFailed(w, r, lang, err)
		return
	}
	lr.playFrom(w, r, lang, m)
}

// PlayFromRecord (POST /archive/analysis/play, record and ply) is
// PlayFromGame for an uploaded record.
func (lr *Learning) PlayFromRecord(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	rec, _, err := games.ReadRecord(w, r)
	if err != nil {
		lr.Web.Fail(w, r, lang, http.StatusBadRequest, err.Error())
		return
	}
	m, err := rec.Replay()
	if err != nil {
		lr.Web.Fail(w, r, lang, http.StatusBadRequest, err.Error())
		return
	}
	lr.playFrom(w, r, lang, m)
}

func (lr *Learning) playFrom(w http.ResponseWriter, r *http.Request, lang string, m *game.Match) {
	ply, err := strconv.Atoi(r.FormValue("ply"))
	if err != nil || ply < 0 || ply > len(m.Moves()) {
		lr.Web.Fail(w, r, lang, http.StatusBadRequest, fmt.Sprintf("ply %q: a number from 0 to %d", r.FormValue("ply"), len(m.Moves())))
		return
	}
	st, err := games.PositionAt(m, ply)
	if err != nil {
		lr.Web.InternalError(w, r, lang, "play from here", err)
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
	created, err := lr.Games.Create(r.Context(), spec)
	if err != nil {
		if errors.As(err, new(*web.FormError)) {
			lr.Web.Fail(w, r, lang, http.StatusConflict, err.Error())
			return
		}
		lr.Web.InternalError(w, r, lang, "play from here", err)
		return
	}
	http.Redirect(w, r, "/games/"+created.ID+"#"+created.Fragment(), http.StatusSeeOther)
}
