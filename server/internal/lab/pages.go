package lab

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/site"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// maxCompare bounds the runs shown side by side.
const maxCompare = 4

// listLimit is the runs of each list of /lab.
const listLimit = 20

type gameChoice struct {
	ID, Name string
	Selected bool
}

type levelChoice struct {
	Value, Label string
	Selected     bool
}

// runLine is a run in a list.
type runLine struct {
	ID, Game, Owner, State, StateText, Readings, Details string
	Done, Total                                          int
	Finished                                             bool
	Created                                              time.Time
	When                                                 string // Created, as shown
}

type labPage struct {
	On       bool
	User     string
	Games    []gameChoice
	Game     *game.Game
	Readings []optionChoice // the readings of the rules
	Others   []optionChoice // the other options with values
	Levels   []levelChoice
	GamesN   int
	MaxGames int
	Seed     string
	Error    string
	Mine     runList
	Recent   runList
	// CanCompare says the lists hold two finished runs or more.
	CanCompare bool
}

// runList is a list of runs for the template "labruns".
type runList struct {
	Lang, Which string
	Runs        []runLine
}

// Page is GET /lab: the form of a new run (logged in), the player's runs
// and everybody's recent ones.
func (l *Lab) Page(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	gid := r.URL.Query().Get("game")
	if gid == "" {
		gid = "empire"
	}
	g, err := game.Lookup(gid)
	if err != nil {
		l.web.Fail(w, r, lang, http.StatusNotFound, fmt.Sprintf(web.T(lang, "lab:nogame"), web.CleanText(gid, 40)))
		return
	}
	l.renderPage(w, r, lang, g, nil, http.StatusOK, "")
}

func (l *Lab) renderPage(w http.ResponseWriter, r *http.Request, lang string, g *game.Game, form map[string][]string, code int, msg string) {
	d := labPage{On: l.On(), Game: g, MaxGames: l.cfg.MaxGames, GamesN: 20, Error: msg}
	if u := l.currentUser(r); u != nil {
		d.User = u.Name
	}
	for _, x := range game.Games() {
		d.Games = append(d.Games, gameChoice{ID: x.ID, Name: x.Name.In(lang), Selected: x.ID == g.ID})
	}
	checked := map[string][]string{}
	for k, v := range form {
		if name, ok := strings.CutPrefix(k, "opt."); ok {
			checked[name] = v
		}
	}
	if form == nil {
		checked = nil
	}
	for _, o := range labOptions(g, lang, checked) {
		if o.Reading {
			d.Readings = append(d.Readings, o)
		} else {
			d.Others = append(d.Others, o)
		}
	}
	level := DefaultLevel
	if form != nil {
		if v := form["level"]; len(v) > 0 && slices.Contains(Levels, v[0]) {
			level = v[0]
		}
		if v := form["games"]; len(v) > 0 {
			fmt.Sscan(v[0], &d.GamesN)
		}
		if v := form["seed"]; len(v) > 0 {
			d.Seed = web.CleanText(v[0], 24)
		}
	}
	d.GamesN = min(max(d.GamesN, 1), l.cfg.MaxGames)
	for _, lv := range Levels {
		d.Levels = append(d.Levels, levelChoice{Value: lv, Label: games.LevelText(lv, lang), Selected: lv == level})
	}
	if l.On() {
		ctx, cancel := context.WithTimeout(r.Context(), site.StoreTimeout)
		defer cancel()
		recent, err := l.labs.ListLabRuns(ctx, store.LabFilter{Limit: listLimit})
		if err != nil {
			l.web.InternalError(w, r, lang, "lab runs", err)
			return
		}
		d.Recent = runList{lang, "recent", l.lines(recent, lang)}
		if d.User != "" {
			mine, err := l.labs.ListLabRuns(ctx, store.LabFilter{Owner: d.User, Limit: listLimit})
			if err != nil {
				l.web.InternalError(w, r, lang, "lab runs", err)
				return
			}
			d.Mine = runList{lang, "mine", l.lines(mine, lang)}
		}
	}
	finished := map[string]bool{}
	for _, ln := range append(append([]runLine(nil), d.Mine.Runs...), d.Recent.Runs...) {
		if ln.Finished {
			finished[ln.ID] = true
		}
	}
	d.CanCompare = len(finished) >= 2
	l.web.Render(w, r, lang, "lab", web.T(lang, "lab:title"), code, d)
}

func (l *Lab) lines(runs []store.LabRun, lang string) []runLine {
	var out []runLine
	for _, run := range runs {
		out = append(out, l.line(&run, lang))
	}
	return out
}

func (l *Lab) line(run *store.LabRun, lang string) runLine {
	ln := runLine{ID: run.ID, Game: run.Game, Owner: run.Owner, State: run.State, StateText: web.T(lang, "lab:state:"+run.State),
		Done: run.Done, Total: run.Total(), Finished: run.State == store.LabDone, Created: run.CreatedAt,
		When: run.CreatedAt.UTC().Format("2006-01-02 15:04 UTC")}
	g, err := game.Lookup(run.Game)
	if err == nil {
		ln.Game = g.Name.In(lang)
		var words []string
		for i, rd := range run.Readings {
			words = append(words, readingLetter(i)+" : "+readingWords(g, rd, lang))
			if lang != "fr" {
				words[i] = strings.Replace(words[i], " : ", ": ", 1)
			}
		}
		ln.Readings = strings.Join(words, " · ")
	}
	ln.Details = fmt.Sprintf(web.T(lang, "lab:details"), ln.Game, games.LevelText(run.Level, lang),
		web.CountWords(lang, run.Games, "lab:ngames"), run.Seed)
	return ln
}

// Create is POST /lab/runs: a new run from the form, stored with its
// games' jobs in one transaction, or the form again with what was wrong.
func (l *Lab) Create(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	if !l.On() {
		l.web.Fail(w, r, lang, http.StatusServiceUnavailable, web.T(lang, "lab:off"))
		return
	}
	u := l.currentUser(r)
	if u == nil {
		l.Refuse(r, "lab_login")
		l.web.Fail(w, r, lang, http.StatusForbidden, web.T(lang, "lab:loginfirst"))
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, 64<<10)
	if err := r.ParseForm(); err != nil {
		l.web.Fail(w, r, lang, http.StatusBadRequest, err.Error())
		return
	}
	f, err := l.parseRunForm(r.PostForm, lang)
	if err != nil {
		l.Refuse(r, "lab_form")
		g, gerr := game.Lookup(r.PostForm.Get("game"))
		if gerr != nil {
			l.web.Fail(w, r, lang, http.StatusBadRequest, err.Error())
			return
		}
		l.renderPage(w, r, lang, g, r.PostForm, http.StatusBadRequest, err.Error())
		return
	}
	run := &store.LabRun{ID: newRunID(), Owner: u.Name, Game: f.Game.ID, Level: f.Level, Games: f.Games, Seed: f.Seed,
		Openings: openings, Readings: f.Readings}
	ctx, cancel := context.WithTimeout(r.Context(), time.Minute)
	defer cancel()
	err = l.labs.CreateLabRun(ctx, run, store.LabQuota{Running: l.cfg.RunsPerAccount, PerDay: l.cfg.RunsPerDay}, l.enqueueGames(run))
	if errors.Is(err, store.ErrLabRunning) {
		l.Refuse(r, "lab_busy")
		l.renderPage(w, r, lang, f.Game, r.PostForm, http.StatusTooManyRequests,
			fmt.Sprintf(web.T(lang, "lab:busy"), web.CountWords(lang, l.cfg.RunsPerAccount, "lab:nruns")))
		return
	}
	if errors.Is(err, store.ErrLabDaily) {
		l.Refuse(r, "lab_daily")
		l.renderPage(w, r, lang, f.Game, r.PostForm, http.StatusTooManyRequests,
			fmt.Sprintf(web.T(lang, "lab:daily"), web.CountWords(lang, l.cfg.RunsPerDay, "lab:nruns")))
		return
	}
	if err != nil {
		l.web.InternalError(w, r, lang, "lab run", err)
		return
	}
	http.Redirect(w, r, "/lab/runs/"+run.ID, http.StatusSeeOther)
}

// loadRun reads run id for a request, answering itself when there is
// none.
func (l *Lab) loadRun(w http.ResponseWriter, r *http.Request, lang, id string) *store.LabRun {
	if !l.On() {
		l.web.Fail(w, r, lang, http.StatusServiceUnavailable, web.T(lang, "lab:off"))
		return nil
	}
	ctx, cancel := context.WithTimeout(r.Context(), site.StoreTimeout)
	defer cancel()
	run, err := l.labs.GetLabRun(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		l.web.Fail(w, r, lang, http.StatusNotFound, fmt.Sprintf(web.T(lang, "lab:norun"), web.CleanText(id, 40)))
		return nil
	}
	if err != nil {
		l.web.InternalError(w, r, lang, "lab run", err)
		return nil
	}
	return run
}

// readingView is a reading on a run's page.
type readingView struct {
	Letter, Words string
	Done, Games   int
	Count         string // "2 of 3 games"
}

// runView is a run as its page (and the comparison) shows it.
type runView struct {
	runLine
	Seed     uint64
	Level    string
	Readings []readingView
	Mine     bool
	Running  bool
	Failed   bool
	Error    string
	Tables   *tables
	Plots    []plotView
}

type plotView struct{ Name, Title, URL string }

// view reads what the page of run shows.
func (l *Lab) view(ctx context.Context, run *store.LabRun, lang, user string) (*runView, error) {
	v := &runView{runLine: l.line(run, lang), Seed: run.Seed, Level: games.LevelText(run.Level, lang), Mine: user != "" && user == run.Owner,
		Running: run.State == store.LabRunning, Failed: run.State == store.LabFailed, Error: run.Error}
	g, _ := game.Lookup(run.Game)
	progress, err := l.labs.LabProgress(ctx, run.ID)
	if err != nil {
		return nil, err
	}
	for i, rd := range run.Readings {
		words := rd.Label
		if g != nil {
			words = readingWords(g, rd, lang)
		}
		count := fmt.Sprintf(web.T(lang, "lab:progressof"+web.Plural(lang, progress[i], ":one", ":many")), progress[i], run.Games)
		v.Readings = append(v.Readings, readingView{Letter: readingLetter(i), Words: words, Done: progress[i], Games: run.Games, Count: count})
	}
	if run.State == store.LabDone {
		js, err := l.labs.GetLabReport(ctx, run.ID)
		if err != nil {
			return nil, err
		}
		var rep report
		if err := json.Unmarshal(js, &rep); err != nil {
			return nil, err
		}
		t := rep.Tables[lang]
		v.Tables = &t
		for _, name := range plotNames {
			v.Plots = append(v.Plots, plotView{Name: name, Title: web.T(lang, "lab:plot:"+name),
				URL: "/lab/runs/" + run.ID + "/plots/" + name + ".svg?lang=" + lang})
		}
	}
	return v, nil
}

// RunPage is GET /lab/runs/{id}: a run's progress, then its report;
// readable by anyone with the link.
func (l *Lab) RunPage(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	run := l.loadRun(w, r, lang, r.PathValue("id"))
	if run == nil {
		return
	}
	user := ""
	if u := l.currentUser(r); u != nil {
		user = u.Name
	}
	ctx, cancel := context.WithTimeout(r.Context(), site.StoreTimeout)
	defer cancel()
	v, err := l.view(ctx, run, lang, user)
	if err != nil {
		l.web.InternalError(w, r, lang, "lab run", err)
		return
	}
	l.web.Render(w, r, lang, "labrun", fmt.Sprintf(web.T(lang, "lab:runof"), v.Game), http.StatusOK, v)
}

// Progress is GET /lab/runs/{id}/progress: the state and the games done
// of each reading, as JSON, for the page's script.
func (l *Lab) Progress(w http.ResponseWriter, r *http.Request) {
	if !l.On() {
		http.Error(w, "the lab is off", http.StatusServiceUnavailable)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), site.StoreTimeout)
	defer cancel()
	id := r.PathValue("id")
	run, err := l.labs.GetLabRun(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		http.Error(w, "no such run", http.StatusNotFound)
		return
	}
	if err != nil {
		l.InternalError(w, r, "lab progress", err)
		return
	}
	done, err := l.labs.LabProgress(ctx, id)
	if err != nil {
		l.InternalError(w, r, "lab progress", err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(struct {
		State string `json:"state"`
		Games int    `json:"games"`
		Done  []int  `json:"done"`
	}{run.State, run.Games, done})
}

// Cancel is POST /lab/runs/{id}/cancel: its owner stops a run (the games
// queued are dropped as they come).
func (l *Lab) Cancel(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	run := l.loadRun(w, r, lang, r.PathValue("id"))
	if run == nil {
		return
	}
	u := l.currentUser(r)
	if u == nil || u.Name != run.Owner {
		l.Refuse(r, "lab_not_owner")
		l.web.Fail(w, r, lang, http.StatusForbidden, web.T(lang, "lab:notyours"))
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), site.StoreTimeout)
	defer cancel()
	err := l.labs.CancelLabRun(ctx, run.ID, u.Name)
	switch {
	case errors.Is(err, store.ErrConflict):
		l.web.Fail(w, r, lang, http.StatusConflict, web.T(lang, "lab:notrunning"))
		return
	case errors.Is(err, store.ErrNotFound):
		l.web.Fail(w, r, lang, http.StatusForbidden, web.T(lang, "lab:notyours"))
		return
	case err != nil:
		l.web.InternalError(w, r, lang, "lab cancel", err)
		return
	}
	http.Redirect(w, r, "/lab/runs/"+run.ID, http.StatusSeeOther)
}

// Plot is GET /lab/runs/{id}/plots/{name}: a finished run's plot, SVG
// drawn by this server from its figures.
func (l *Lab) Plot(w http.ResponseWriter, r *http.Request) {
	lang := web.NormLang(r.URL.Query().Get("lang"))
	if lang == "" {
		lang = "en"
	}
	name := strings.TrimSuffix(r.PathValue("name"), ".svg")
	if !slices.Contains(plotNames, name) || !l.On() {
		http.NotFound(w, r)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), site.StoreTimeout)
	defer cancel()
	js, err := l.labs.GetLabReport(ctx, r.PathValue("id"))
	if errors.Is(err, store.ErrNotFound) {
		http.NotFound(w, r)
		return
	}
	if err != nil {
		l.InternalError(w, r, "lab plot", err)
		return
	}
	var rep struct {
		Plots map[string]map[string]string `json:"plots"`
	}
	if err := json.Unmarshal(js, &rep); err != nil {
		l.InternalError(w, r, "lab plot", err)
		return
	}
	svg := rep.Plots[lang][name]
	w.Header().Set("Content-Type", "image/svg+xml")
	// The drawing styles itself inline; it runs no script.
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	w.Write([]byte(plotHTML(svg)))
}

// Compare is GET /lab/compare?runs=A,B: two to four runs side by side.
func (l *Lab) Compare(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	var ids []string
	for _, v := range r.URL.Query()["runs"] {
		for _, id := range strings.Split(v, ",") {
			if id = strings.TrimSpace(id); id != "" && !slices.Contains(ids, id) {
				ids = append(ids, id)
			}
		}
	}
	if len(ids) < 2 || len(ids) > maxCompare {
		l.web.Fail(w, r, lang, http.StatusBadRequest, web.T(lang, "lab:comparehow"))
		return
	}
	var views []*runView
	for _, id := range ids {
		run := l.loadRun(w, r, lang, id)
		if run == nil {
			return
		}
		ctx, cancel := context.WithTimeout(r.Context(), site.StoreTimeout)
		v, err := l.view(ctx, run, lang, "")
		cancel()
		if err != nil {
			l.web.InternalError(w, r, lang, "lab compare", err)
			return
		}
		views = append(views, v)
	}
	l.web.Render(w, r, lang, "labcompare", web.T(lang, "lab:comparetitle"), http.StatusOK, views)
}
