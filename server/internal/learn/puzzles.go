package learn

import (
	"context"
	"errors"
	"fmt"
	"html/template"
	"math"
	"math/rand/v2"
	"net/http"
	"sort"
	"strings"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/lesson"
	"github.com/plateau-games/plateau/puzzle"
	"github.com/plateau-games/plateau/rating"
	"github.com/plateau-games/plateau/render"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// The puzzles (package puzzle): one position at a time where exactly one
// move wins (in POGO, also: saves the draw), proved by search; a wrong move
// is answered with its refutation. A logged-in player's first answer to a
// puzzle changes his puzzle rating at that game (Glicko-2, the puzzle
// rated too), kept by the store. See docs/puzzles.md.
//
//	GET  /puzzles                       the games with puzzles, and your ratings
//	GET  /puzzles/{id}                  a puzzle ("saute-12"); a game or set id: the next one for you
//	POST /puzzles/{id}/check            move: right, or wrong and its refutation (JSON for the script)
//	POST /puzzles/{id}/solution         the key, the position after it
//	GET  /puzzles/{id}/preview?move=M   the position after a legal move, small (the menu of moves sharing clicks)

// maxPuzzleForm bounds the body of a check: a move.
const maxPuzzleForm = 16 << 10

// Puzzles start near these ratings, by the plies of their win: a win in 1
// is found by most, a long forced win by few. The players' answers move
// them.
const (
	puzzleStartRating    = 1100.0 // a win in 1
	puzzleRatingPerTwo   = 200.0  // per two plies more
	puzzleMaxStartRating = 2300.0
	puzzleSaveRating     = 1700.0 // POGO's saves: every other move loses
	puzzleStartDeviation = 300.0
)

// puzzleStart is a puzzle's rating before anyone tried it.
func puzzleStart(p *puzzle.Puzzle) store.PuzzleStanding {
	r := puzzleSaveRating
	if p.Kind == puzzle.KindWin {
		r = min(puzzleStartRating+puzzleRatingPerTwo*float64(max(p.N-1, 0)/2), puzzleMaxStartRating)
	}
	return store.PuzzleStanding{Puzzle: p.ID, Rating: r, Deviation: puzzleStartDeviation, Volatility: rating.DefaultVolatility}
}

// puzzleUpdate rates an attempt as a game between the player and the
// puzzle: solved, the player won.
func puzzleUpdate(pl store.PuzzleRating, pz store.PuzzleStanding, solved bool) (store.PuzzleRating, store.PuzzleStanding, error) {
	cfg := rating.DefaultConfig()
	score := 0.0
	if solved {
		score = 1
	}
	me := rating.Rating{Rating: pl.Rating, Deviation: pl.Deviation, Volatility: pl.Volatility}
	it := rating.Rating{Rating: pz.Rating, Deviation: pz.Deviation, Volatility: pz.Volatility}
	nextMe, err := cfg.Update(me, []rating.Result{{Score: score, Opponent: it}})
	if err != nil {
		return pl, pz, err
	}
	nextIt, err := cfg.Update(it, []rating.Result{{Score: 1 - score, Opponent: me}})
	if err != nil {
		return pl, pz, err
	}
	pl.Rating, pl.Deviation, pl.Volatility = nextMe.Rating, nextMe.Deviation, nextMe.Volatility
	pz.Rating, pz.Deviation, pz.Volatility = nextIt.Rating, nextIt.Deviation, nextIt.Volatility
	return pl, pz, nil
}

// puzzleGames are the games with stored puzzles, in the catalogue's order.
func puzzleGames() []*game.Game {
	var out []*game.Game
	for _, g := range game.Games() {
		if len(puzzle.All(g.ID)) > 0 {
			out = append(out, g)
		}
	}
	return out
}

type puzzleCard struct {
	ID, Name string
	Count    int
	Sets     []puzzleSetLink // when the game has several sets (PODS's levels)
	Picture  template.HTML
	Rating   *store.PuzzleRating // the user's, nil when none
}

type puzzleSetLink struct {
	ID, Name string
	Count    int
}

// puzzleStore is the store's puzzle ratings, nil without accounts.
func (lr *Learning) puzzleStore() store.Puzzles { return lr.Puzzles }

// PuzzleList is GET /puzzles.
func (lr *Learning) PuzzleList(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	mine := map[string]*store.PuzzleRating{}
	if ps, u := lr.puzzleStore(), lr.CurrentUser(r); ps != nil && u != nil {
		ctx, cancel := context.WithTimeout(r.Context(), 5*time.Second)
		list, err := ps.PuzzleRatings(ctx, u.Name)
		cancel()
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			lr.Web.InternalError(w, r, lang, "puzzle ratings", err)
			return
		}
		for i := range list {
			mine[list[i].Game] = &list[i]
		}
	}
	var cards []puzzleCard
	for _, g := range puzzleGames() {
		c := puzzleCard{ID: g.ID, Name: g.Name.In(lang), Count: len(puzzle.All(g.ID)), Rating: mine[g.ID]}
		var sets []puzzleSetLink
		for _, s := range puzzle.Sets() {
			if s.Game != g.ID {
				continue
			}
			ps, _ := puzzle.Load(s.ID)
			if len(ps) > 0 {
				// Within the game's card, what tells the sets apart.
				label := strings.TrimSuffix(strings.TrimPrefix(SetName(s, lang), c.Name+" ("), ")")
				sets = append(sets, puzzleSetLink{ID: s.ID, Name: label, Count: len(ps)})
			}
		}
		if len(sets) > 1 {
			c.Sets = sets
		}
		if first := puzzle.All(g.ID); len(first) > 0 {
			c.Picture = lr.puzzlePicture(&first[0], lang)
		}
		cards = append(cards, c)
	}
	d := struct {
		Cards    []puzzleCard
		LoggedIn bool
	}{cards, lr.CurrentUser(r) != nil}
	lr.Web.Render(w, r, lang, "puzzles", web.T(lang, "puzzles"), http.StatusOK, d)
}

// puzzlePicture is a puzzle's position, drawn once.
func (lr *Learning) puzzlePicture(pz *puzzle.Puzzle, lang string) template.HTML {
	return lr.Web.Cached(lang+" puzzle "+pz.ID, func() template.HTML {
		s, err := pz.State()
		if err != nil {
			return ""
		}
		return lr.Web.Picture(s, lang)
	})
}

// SetName names a set for players: the game, and what tells the set from
// the game's other sets (PODS's levels, POLD.R's sizes).
func SetName(set *puzzle.Set, lang string) string {
	g, err := game.Lookup(set.Game)
	if err != nil {
		return set.ID
	}
	name := g.Name.In(lang)
	options := func(s *puzzle.Set) map[string]string {
		out := map[string]string{}
		if v, err := s.Variant(0); err == nil {
			for _, kv := range strings.Fields(v.Options.String()) {
				k, val, _ := strings.Cut(kv, "=")
				out[k] = val
			}
		}
		return out
	}
	mine := options(set)
	differ := map[string]bool{}
	for _, other := range puzzle.Sets() {
		if other.Game != set.Game || other.ID == set.ID {
			continue
		}
		for k, val := range options(other) {
			if mine[k] != val {
				differ[k] = true
			}
		}
	}
	keys := make([]string, 0, len(differ))
	for k := range differ {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, k+"="+mine[k])
	}
	if len(parts) == 0 {
		return name
	}
	// In words ("basic level", "6×6 board"), never the options' keys.
	if words := render.OptionsText(strings.Join(parts, " "), lang); words != "" {
		return name + " (" + words + ")"
	}
	return name + " (" + strings.Join(parts, ", ") + ")"
}

// PuzzlePage is GET /puzzles/{id}: a puzzle, or for a game or a set the
// next puzzle for this player.
func (lr *Learning) PuzzlePage(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	id := r.PathValue("id")
	if pz, ok := puzzle.Find(id); ok {
		lr.renderPuzzle(w, r, lang, &pz, nil)
		return
	}
	if len(id) > store.MaxPuzzleID {
		lr.Web.Fail(w, r, lang, http.StatusNotFound, fmt.Sprintf(web.T(lang, "puzzle:none"), id[:store.MaxPuzzleID]+"…"))
		return
	}
	candidates := puzzle.All(id)
	if len(candidates) == 0 {
		lr.Web.Fail(w, r, lang, http.StatusNotFound, fmt.Sprintf(web.T(lang, "puzzle:none"), id))
		return
	}
	next, err := lr.nextPuzzle(r, candidates, r.URL.Query().Get("after"))
	if err != nil {
		lr.Web.InternalError(w, r, lang, "next puzzle", err)
		return
	}
	http.Redirect(w, r, "/puzzles/"+next.ID, http.StatusSeeOther)
}

// nextPuzzle picks among candidates (the puzzles of one game or set): for a
// logged-in player, one he has not tried whose rating is near his (at
// random among the closest few); for anyone else, or when he tried them
// all, one at random. after (the puzzle just done) is not picked again
// when there is another.
func (lr *Learning) nextPuzzle(r *http.Request, candidates []puzzle.Puzzle, after string) (*puzzle.Puzzle, error) {
	pool := make([]*puzzle.Puzzle, 0, len(candidates))
	for i := range candidates {
		if candidates[i].ID != after {
			pool = append(pool, &candidates[i])
		}
	}
	if len(pool) == 0 {
		return &candidates[0], nil
	}
	ps, u := lr.puzzleStore(), lr.CurrentUser(r)
	if ps == nil || u == nil {
		return pool[rand.IntN(len(pool))], nil
	}
	ctx, cancel := context.WithTimeout(r.Context(), 5*time.Second)
	defer cancel()
	gameID := candidates[0].Game
	tried, err := ps.PuzzleAttempts(ctx, u.Name, gameID, store.MaxHistory)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return nil, err
	}
	done := map[string]bool{}
	for _, a := range tried {
		done[a.Puzzle] = true
	}
	var fresh []*puzzle.Puzzle
	for _, pz := range pool {
		if !done[pz.ID] {
			fresh = append(fresh, pz)
		}
	}
	if len(fresh) == 0 {
		return pool[rand.IntN(len(pool))], nil
	}
	mine := rating.DefaultRating
	if list, err := ps.PuzzleRatings(ctx, u.Name); err == nil {
		for _, pr := range list {
			if pr.Game == gameID {
				mine = pr.Rating
			}
		}
	}
	standing, err := lr.standings(ctx, fresh)
	if err != nil {
		return nil, err
	}
	sort.SliceStable(fresh, func(i, j int) bool {
		return math.Abs(standing[fresh[i].ID].Rating-mine) < math.Abs(standing[fresh[j].ID].Rating-mine)
	})
	const closest = 5
	return fresh[rand.IntN(min(closest, len(fresh)))], nil
}

// standings are the puzzles' ratings: stored, or where they start.
func (lr *Learning) standings(ctx context.Context, list []*puzzle.Puzzle) (map[string]store.PuzzleStanding, error) {
	out := make(map[string]store.PuzzleStanding, len(list))
	for _, pz := range list {
		out[pz.ID] = puzzleStart(pz)
	}
	ps := lr.puzzleStore()
	if ps == nil {
		return out, nil
	}
	for start := 0; start < len(list); start += store.MaxPuzzleIDs {
		ids := make([]string, 0, store.MaxPuzzleIDs)
		for _, pz := range list[start:min(start+store.MaxPuzzleIDs, len(list))] {
			ids = append(ids, pz.ID)
		}
		got, err := ps.PuzzleStandings(ctx, ids)
		if err != nil {
			return nil, err
		}
		for id, st := range got {
			out[id] = st
		}
	}
	return out, nil
}

// puzzleData is a puzzle's page.
type puzzleData struct {
	ID, Game, Name, Set string
	Task                string
	You, Colour         string
	Board               template.HTML
	Legal               string // JSON: the legal moves with their places, for the script
	Messages            string // JSON: the script's words
	Check, Solution     string // where the answers go
	Preview             string // the small boards of the menu of moves
	Next                string // another puzzle of the set
	Verdict             *PuzzleVerdict
	LoggedIn, Rated     bool
	Mine                *store.PuzzleRating // the player's rating at this game
	Standing            store.PuzzleStanding
	Tried               *store.PuzzleAttempt // the player's first attempt at this puzzle
}

// PuzzleVerdict is the answer to a move, or the solution shown: JSON to
// the script, in the page without it.
type PuzzleVerdict struct {
	Right    bool   `json:"right"`
	Illegal  bool   `json:"illegal"`
	Shown    bool   `json:"shown,omitempty"` // the solution was asked for
	Move     string `json:"move,omitempty"`
	Says     string `json:"says"`
	SVG      string `json:"svg,omitempty"` // after the key, or after the wrong move and its refutation
	Solution string `json:"solution,omitempty"`
	Rated    string `json:"rated,omitempty"` // the rating's change, when this answer was rated

	Standing string `json:"standing,omitempty"` // the puzzle's rating and tries after this answer
}

// puzzleOf finds the path's puzzle or answers the error.
func (lr *Learning) puzzleOf(w http.ResponseWriter, r *http.Request, lang string, asJSON bool) (*puzzle.Puzzle, game.State, bool) {
	id := r.PathValue("id")
	pz, ok := puzzle.Find(id)
	if !ok {
		if len(id) > store.MaxPuzzleID {
			id = id[:store.MaxPuzzleID] + "…"
		}
		lr.lessonFail(w, r, lang, http.StatusNotFound, fmt.Sprintf(web.T(lang, "puzzle:none"), id), asJSON)
		return nil, nil, false
	}
	s, err := pz.State()
	if err != nil {
		lr.internalErrorAs(w, r, lang, asJSON, "puzzle", err)
		return nil, nil, false
	}
	return &pz, s, true
}

// puzzlePost reads a post about the path's puzzle (its body bounded), or
// answers the error.
func (lr *Learning) puzzlePost(w http.ResponseWriter, r *http.Request) (lang string, asJSON bool, pz *puzzle.Puzzle, s game.State, ok bool) {
	lang = web.PickLang(w, r)
	asJSON = wantsJSON(r)
	r.Body = http.MaxBytesReader(w, r.Body, maxPuzzleForm)
	if err := r.ParseForm(); err != nil {
		lr.lessonFail(w, r, lang, http.StatusBadRequest, web.T(lang, "lesson:badform"), asJSON)
		return lang, asJSON, nil, nil, false
	}
	pz, s, ok = lr.puzzleOf(w, r, lang, asJSON)
	return lang, asJSON, pz, s, ok
}

// PuzzleCheck is POST /puzzles/{id}/check: field move.
func (lr *Learning) PuzzleCheck(w http.ResponseWriter, r *http.Request) {
	lang, asJSON, pz, s, ok := lr.puzzlePost(w, r)
	if !ok {
		return
	}
	move := strings.TrimSpace(r.PostForm.Get("move"))
	if len(move) > game.MaxInput {
		lr.lessonFail(w, r, lang, http.StatusBadRequest, fmt.Sprintf(web.T(lang, "lesson:toolong"), game.MaxInput), asJSON)
		return
	}
	out, err := lr.judgePuzzle(r, lang, pz, s, move)
	if err == nil && !out.Illegal {
		out.Rated = lr.ratePuzzle(r, lang, pz, out.Right) // a legal answer is an attempt
		out.Standing = lr.standingAfterTry(r, lang, pz)
	}
	if err != nil {
		lr.internalErrorAs(w, r, lang, asJSON, "puzzle", err)
		return
	}
	if asJSON {
		writeJSON(w, http.StatusOK, out)
		return
	}
	lr.renderPuzzle(w, r, lang, pz, out)
}

// judgePuzzle answers a move: illegal (the rules engine's reason), right,
// or wrong with its refutation and the position after both.
func (lr *Learning) judgePuzzle(r *http.Request, lang string, pz *puzzle.Puzzle, s game.State, move string) (*PuzzleVerdict, error) {
	v := s.Variant()
	mv, err := s.ParseMove(move)
	if err != nil {
		if move == "" {
			return &PuzzleVerdict{Illegal: true, Says: web.T(lang, "puzzle:nomove")}, nil
		}
		return &PuzzleVerdict{Illegal: true, Says: reasonText(err, lang)}, nil
	}
	notation := s.MoveString(mv)
	wrong, legal := pz.Answer(notation)
	if !legal {
		return nil, fmt.Errorf("puzzle %s: the legal move %s is neither the key nor a wrong move", pz.ID, notation)
	}
	opp := v.SeatName(1-s.ToMove(), lang)
	out := &PuzzleVerdict{Move: notation, Right: wrong == nil}
	after := s.Clone()
	last := lr.Web.Renderer().Places(s, mv)
	after.Apply(mv)
	if wrong == nil {
		out.Says = keyText(pz, notation, lang)
	} else {
		out.Says = refutationText(pz, wrong, opp, lang)
		if wrong.Reply != "" {
			reply, err := after.ParseMove(wrong.Reply)
			if err != nil {
				return nil, fmt.Errorf("puzzle %s: reply %s to %s: %w", pz.ID, wrong.Reply, notation, err)
			}
			// Both moves marked: the wrong one and its refutation.
			last = append(last, lr.Web.Renderer().Places(after, reply)...)
			after.Apply(reply)
		}
	}
	svg, err := lr.Web.Renderer().SVG(after, render.Options{Lang: lang, LastMove: last, Status: PuzzleStatus(after, lang), Flip: puzzleFlip(s)})
	if err != nil {
		return nil, err
	}
	out.SVG = string(svg)
	return out, nil
}

// reasonText is a refused move's reason in the page's language.
func reasonText(err error, lang string) string { return lesson.Reason(err, lang) }

// keyText says why the key is right.
func keyText(pz *puzzle.Puzzle, key, lang string) string {
	if pz.Kind == puzzle.KindSave {
		return fmt.Sprintf(web.T(lang, "puzzle:keysave"), key)
	}
	if pz.N <= 1 {
		return fmt.Sprintf(web.T(lang, "puzzle:keywin1"), key)
	}
	return fmt.Sprintf(web.T(lang, "puzzle:keywin"), key, pz.N)
}

// refutationText says what the opponent does against a wrong move.
func refutationText(pz *puzzle.Puzzle, w *puzzle.Wrong, opp, lang string) string {
	switch {
	case w.Result == "draw":
		return fmt.Sprintf(web.T(lang, "puzzle:refdraw"), w.Move, opp, w.Reply)
	case w.Result != "loss": // "nowin": no forced win within the horizon
		if w.Reply != "" {
			return fmt.Sprintf(web.T(lang, "puzzle:refnowin"), w.Move, pz.Horizon, opp, w.Reply)
		}
		return fmt.Sprintf(web.T(lang, "puzzle:refnowinbare"), w.Move, pz.Horizon)
	case w.Plies <= 1 || w.Reply == "":
		return fmt.Sprintf(web.T(lang, "puzzle:refnow"), w.Move)
	case w.Plies == 2:
		return fmt.Sprintf(web.T(lang, "puzzle:refwin1"), w.Move, opp, w.Reply)
	default:
		return fmt.Sprintf(web.T(lang, "puzzle:refwin"), w.Move, opp, w.Reply, w.Plies-1)
	}
}

// ratePuzzle applies a logged-in player's first answer to his rating and
// the puzzle's, and says how it changed; "" when not rated (no account, a
// puzzle tried before, a store without puzzle ratings). A store error is
// logged: the answer is still given.
func (lr *Learning) ratePuzzle(r *http.Request, lang string, pz *puzzle.Puzzle, solved bool) string {
	ps, u := lr.puzzleStore(), lr.CurrentUser(r)
	if ps == nil || u == nil {
		return ""
	}
	ctx, cancel := context.WithTimeout(r.Context(), 5*time.Second)
	defer cancel()
	def := rating.Default()
	var before float64
	stored, _, err := ps.RatePuzzle(ctx, store.PuzzleAttempt{User: u.Name, Puzzle: pz.ID, Game: pz.Game, Solved: solved, At: lr.Now()},
		store.PuzzleRating{Rating: def.Rating, Deviation: def.Deviation, Volatility: def.Volatility}, puzzleStart(pz),
		func(pl store.PuzzleRating, st store.PuzzleStanding, solved bool) (store.PuzzleRating, store.PuzzleStanding, error) {
			before = pl.Rating
			return puzzleUpdate(pl, st, solved)
		})
	if errors.Is(err, store.ErrConflict) {
		return web.T(lang, "puzzle:ratedbefore")
	}
	if err != nil {
		lr.Log.Warn("puzzle rating", "puzzle", pz.ID, "user", u.Name, "error", err)
		return ""
	}
	return fmt.Sprintf(web.T(lang, "puzzle:ratingchange"), math.Round(before), math.Round(stored.Rating), signed(stored.Rating-before))
}

func signed(d float64) string {
	d = math.Round(d)
	if d >= 0 {
		return fmt.Sprintf("+%.0f", d)
	}
	return fmt.Sprintf("−%.0f", -d)
}

// PuzzleSolution is POST /puzzles/{id}/solution: the key and the position
// after it. A logged-in player who had not answered yet has failed it.
func (lr *Learning) PuzzleSolution(w http.ResponseWriter, r *http.Request) {
	lang, asJSON, pz, s, ok := lr.puzzlePost(w, r)
	if !ok {
		return
	}
	out, err := lr.judgePuzzle(r, lang, pz, s, pz.Key)
	if err != nil {
		lr.internalErrorAs(w, r, lang, asJSON, "puzzle", err)
		return
	}
	// Seen before an answer, the puzzle is failed (after one, this
	// changes nothing: only the first attempt counts).
	out.Rated = lr.ratePuzzle(r, lang, pz, false)
	out.Right, out.Shown, out.Solution = false, true, pz.Key
	out.Says = keyText(pz, pz.Key, lang)
	if asJSON {
		writeJSON(w, http.StatusOK, out)
		return
	}
	lr.renderPuzzle(w, r, lang, pz, out)
}

// PuzzlePreview is GET /puzzles/{id}/preview?move=M.
func (lr *Learning) PuzzlePreview(w http.ResponseWriter, r *http.Request) {
	lang := web.NormLang(r.FormValue("lang"))
	_, s, ok := lr.puzzleOf(w, r, lang, true)
	if !ok {
		return
	}
	lr.movePreview(w, r, s, r.URL.Query().Get("move"), lang)
}

// PuzzleStatus is the line under a puzzle's board.
func PuzzleStatus(s game.State, lang string) string { return lessonStatus(s, lang) }

// renderPuzzle draws a puzzle, with the answer to a move sent without the
// script (nil: none).
func (lr *Learning) renderPuzzle(w http.ResponseWriter, r *http.Request, lang string, pz *puzzle.Puzzle, verdict *PuzzleVerdict) {
	s, err := pz.State()
	if err != nil {
		lr.Web.InternalError(w, r, lang, "puzzle", err)
		return
	}
	v := s.Variant()
	g, err := game.Lookup(pz.Game)
	if err != nil {
		lr.Web.InternalError(w, r, lang, "puzzle", err)
		return
	}
	set, err := puzzle.LookupSet(pz.Set)
	if err != nil {
		lr.Web.InternalError(w, r, lang, "puzzle", err)
		return
	}
	d := puzzleData{ID: pz.ID, Game: g.ID, Name: g.Name.In(lang), Set: SetName(set, lang),
		You: v.SeatName(s.ToMove(), lang), Colour: render.SeatColour(v, s.ToMove()),
		Check:    "/puzzles/" + pz.ID + "/check?lang=" + lang,
		Solution: "/puzzles/" + pz.ID + "/solution?lang=" + lang,
		Preview:  "/puzzles/" + pz.ID + "/preview?lang=" + lang + map[bool]string{true: "&flip=1"}[puzzleFlip(s)],
		Next:     "/puzzles/" + pz.Set + "?after=" + pz.ID,
		Verdict:  verdict, LoggedIn: lr.CurrentUser(r) != nil}
	switch {
	case pz.Kind == puzzle.KindSave:
		d.Task = fmt.Sprintf(web.T(lang, "puzzle:tasksave"), d.You)
	case pz.N <= 1:
		d.Task = fmt.Sprintf(web.T(lang, "puzzle:taskwin1"), d.You)
	case pz.Horizon > 0:
		d.Task = fmt.Sprintf(web.T(lang, "puzzle:taskhorizon"), d.You, pz.N, pz.Horizon)
	default:
		d.Task = fmt.Sprintf(web.T(lang, "puzzle:taskwin"), d.You, pz.N)
	}
	ctx, cancel := context.WithTimeout(r.Context(), 5*time.Second)
	defer cancel()
	standing, err := lr.standings(ctx, []*puzzle.Puzzle{pz})
	if err != nil {
		lr.Web.InternalError(w, r, lang, "puzzle", err)
		return
	}
	d.Standing = standing[pz.ID]
	if ps, u := lr.puzzleStore(), lr.CurrentUser(r); ps != nil && u != nil {
		d.Rated = true
		if list, err := ps.PuzzleRatings(ctx, u.Name); err == nil {
			for i := range list {
				if list[i].Game == pz.Game {
					d.Mine = &list[i]
				}
			}
		}
		if tried, err := ps.PuzzleAttempts(ctx, u.Name, pz.Game, store.MaxHistory); err == nil {
			for i := range tried {
				if tried[i].Puzzle == pz.ID {
					d.Tried = &tried[i]
				}
			}
		}
	}
	if verdict != nil && verdict.SVG != "" {
		d.Board = template.HTML(verdict.SVG)
	} else {
		svg, err := lr.Web.Renderer().SVG(s, render.Options{Lang: lang, Status: PuzzleStatus(s, lang), Flip: puzzleFlip(s)})
		if err != nil {
			lr.Web.InternalError(w, r, lang, "puzzle board", err)
			return
		}
		d.Board = template.HTML(svg)
	}
	d.Legal, d.Messages = lr.trainerData(s, lang, "puzzle:right", "puzzle:wrong")
	lr.Web.Render(w, r, lang, "puzzle", fmt.Sprintf(web.T(lang, "puzzle:title"), d.Name, pz.ID), http.StatusOK, d)
}

// puzzleFlip says whether a puzzle's board is turned: the side to play
// sits at the bottom, as lichess turns its puzzles (the second player of
// a two-player game sees the board from the other side).
func puzzleFlip(s game.State) bool {
	return s.Variant().Players == 2 && s.ToMove() == 1
}

// standingAfterTry is the puzzle's standing once a player has tried it:
// its rating and tries from the store (a logged-in try is counted in
// them); without any counted try, its rating alone, since "nobody has
// tried it yet" is no longer what the player sees.
func (lr *Learning) standingAfterTry(r *http.Request, lang string, pz *puzzle.Puzzle) string {
	ctx, cancel := context.WithTimeout(r.Context(), 5*time.Second)
	defer cancel()
	standing, err := lr.standings(ctx, []*puzzle.Puzzle{pz})
	if err != nil {
		return ""
	}
	st := standing[pz.ID]
	if st.Attempts > 0 {
		return fmt.Sprintf(web.T(lang, "puzzle:standingof"), st.Rating, web.CountWords(lang, st.Attempts, "n:tries"), web.CountWords(lang, st.Solved, "n:solved"))
	}
	return fmt.Sprintf(web.T(lang, "puzzle:standingrated"), st.Rating)
}
