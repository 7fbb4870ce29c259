package learn

import (
	"context"
	"errors"
	"fmt"
	"html/template"
	"math"
	"net/http"
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

// A puzzle's board: the check of a move, the solution, the previews of
// the moves and the drawing of the page.

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
func (pg *puzzles) puzzleOf(w http.ResponseWriter, r *http.Request, lang string, asJSON bool) (*puzzle.Puzzle, game.State, bool) {
	id := r.PathValue("id")
	pz, ok := puzzle.Find(id)
	if !ok {
		if len(id) > store.MaxPuzzleID {
			id = id[:store.MaxPuzzleID] + "…"
		}
		pg.lessonFail(w, r, lang, http.StatusNotFound, fmt.Sprintf(web.T(lang, "puzzle:none"), id), asJSON)
		return nil, nil, false
	}
	s, err := pz.State()
	if err != nil {
		pg.internalErrorAs(w, r, lang, asJSON, "puzzle", err)
		return nil, nil, false
	}
	return &pz, s, true
}

// puzzlePost reads a post about the path's puzzle (its body bounded), or
// answers the error.
func (pg *puzzles) puzzlePost(w http.ResponseWriter, r *http.Request) (lang string, asJSON bool, pz *puzzle.Puzzle, s game.State, ok bool) {
	lang = web.PickLang(w, r)
	asJSON = wantsJSON(r)
	r.Body = http.MaxBytesReader(w, r.Body, maxPuzzleForm)
	if err := r.ParseForm(); err != nil {
		pg.lessonFail(w, r, lang, http.StatusBadRequest, web.T(lang, "lesson:badform"), asJSON)
		return lang, asJSON, nil, nil, false
	}
	pz, s, ok = pg.puzzleOf(w, r, lang, asJSON)
	return lang, asJSON, pz, s, ok
}

// PuzzleCheck is POST /puzzles/{id}/check: field move.
func (pg *puzzles) PuzzleCheck(w http.ResponseWriter, r *http.Request) {
	lang, asJSON, pz, s, ok := pg.puzzlePost(w, r)
	if !ok {
		return
	}
	move := strings.TrimSpace(r.PostForm.Get("move"))
	if len(move) > game.MaxInput {
		pg.lessonFail(w, r, lang, http.StatusBadRequest, fmt.Sprintf(web.T(lang, "lesson:toolong"), game.MaxInput), asJSON)
		return
	}
	out, err := pg.judgePuzzle(r, lang, pz, s, move)
	if err == nil && !out.Illegal {
		out.Rated = pg.ratePuzzle(r, lang, pz, out.Right) // a legal answer is an attempt
		out.Standing = pg.standingAfterTry(r, lang, pz)
	}
	if err != nil {
		pg.internalErrorAs(w, r, lang, asJSON, "puzzle", err)
		return
	}
	if asJSON {
		writeJSON(w, http.StatusOK, out)
		return
	}
	pg.renderPuzzle(w, r, lang, pz, out)
}

// judgePuzzle answers a move: illegal (the rules engine's reason), right,
// or wrong with its refutation and the position after both.
func (pg *puzzles) judgePuzzle(r *http.Request, lang string, pz *puzzle.Puzzle, s game.State, move string) (*PuzzleVerdict, error) {
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
	last := pg.web.Renderer().Places(s, mv)
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
			last = append(last, pg.web.Renderer().Places(after, reply)...)
			after.Apply(reply)
		}
	}
	svg, err := pg.web.Renderer().SVG(after, render.Options{Lang: lang, LastMove: last, Status: PuzzleStatus(after, lang), Flip: puzzleFlip(s)})
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
func (pg *puzzles) ratePuzzle(r *http.Request, lang string, pz *puzzle.Puzzle, solved bool) string {
	ps, u := pg.puzzleStore(), pg.currentUser(r)
	if ps == nil || u == nil {
		return ""
	}
	ctx, cancel := context.WithTimeout(r.Context(), 5*time.Second)
	defer cancel()
	def := rating.Default()
	var before float64
	stored, _, err := ps.RatePuzzle(ctx, store.PuzzleAttempt{User: u.Name, Puzzle: pz.ID, Game: pz.Game, Solved: solved, At: pg.Now()},
		store.PuzzleRating{Rating: def.Rating, Deviation: def.Deviation, Volatility: def.Volatility}, puzzleStart(pz),
		func(pl store.PuzzleRating, st store.PuzzleStanding, solved bool) (store.PuzzleRating, store.PuzzleStanding, error) {
			before = pl.Rating
			return puzzleUpdate(pl, st, solved)
		})
	if errors.Is(err, store.ErrConflict) {
		return web.T(lang, "puzzle:ratedbefore")
	}
	if err != nil {
		pg.Log.Warn("puzzle rating", "puzzle", pz.ID, "user", u.Name, "error", err)
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
func (pg *puzzles) PuzzleSolution(w http.ResponseWriter, r *http.Request) {
	lang, asJSON, pz, s, ok := pg.puzzlePost(w, r)
	if !ok {
		return
	}
	out, err := pg.judgePuzzle(r, lang, pz, s, pz.Key)
	if err != nil {
		pg.internalErrorAs(w, r, lang, asJSON, "puzzle", err)
		return
	}
	// Seen before an answer, the puzzle is failed (after one, this
	// changes nothing: only the first attempt counts).
	out.Rated = pg.ratePuzzle(r, lang, pz, false)
	out.Right, out.Shown, out.Solution = false, true, pz.Key
	out.Says = keyText(pz, pz.Key, lang)
	if asJSON {
		writeJSON(w, http.StatusOK, out)
		return
	}
	pg.renderPuzzle(w, r, lang, pz, out)
}

// PuzzlePreview is GET /puzzles/{id}/preview?move=M.
func (pg *puzzles) PuzzlePreview(w http.ResponseWriter, r *http.Request) {
	lang := web.NormLang(r.FormValue("lang"))
	_, s, ok := pg.puzzleOf(w, r, lang, true)
	if !ok {
		return
	}
	pg.movePreview(w, r, s, r.URL.Query().Get("move"), lang)
}

// PuzzleStatus is the line under a puzzle's board.
func PuzzleStatus(s game.State, lang string) string { return lessonStatus(s, lang) }

// renderPuzzle draws a puzzle, with the answer to a move sent without the
// script (nil: none).
func (pg *puzzles) renderPuzzle(w http.ResponseWriter, r *http.Request, lang string, pz *puzzle.Puzzle, verdict *PuzzleVerdict) {
	s, err := pz.State()
	if err != nil {
		pg.web.InternalError(w, r, lang, "puzzle", err)
		return
	}
	v := s.Variant()
	g, err := game.Lookup(pz.Game)
	if err != nil {
		pg.web.InternalError(w, r, lang, "puzzle", err)
		return
	}
	set, err := puzzle.LookupSet(pz.Set)
	if err != nil {
		pg.web.InternalError(w, r, lang, "puzzle", err)
		return
	}
	d := puzzleData{ID: pz.ID, Game: g.ID, Name: g.Name.In(lang), Set: SetName(set, lang),
		You: v.SeatName(s.ToMove(), lang), Colour: render.SeatColour(v, s.ToMove()),
		Check:    "/puzzles/" + pz.ID + "/check?lang=" + lang,
		Solution: "/puzzles/" + pz.ID + "/solution?lang=" + lang,
		Preview:  "/puzzles/" + pz.ID + "/preview?lang=" + lang + map[bool]string{true: "&flip=1"}[puzzleFlip(s)],
		Next:     "/puzzles/" + pz.Set + "?after=" + pz.ID,
		Verdict:  verdict, LoggedIn: pg.currentUser(r) != nil}
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
	standing, err := pg.standings(ctx, []*puzzle.Puzzle{pz})
	if err != nil {
		pg.web.InternalError(w, r, lang, "puzzle", err)
		return
	}
	d.Standing = standing[pz.ID]
	if ps, u := pg.puzzleStore(), pg.currentUser(r); ps != nil && u != nil {
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
		svg, err := pg.web.Renderer().SVG(s, render.Options{Lang: lang, Status: PuzzleStatus(s, lang), Flip: puzzleFlip(s)})
		if err != nil {
			pg.web.InternalError(w, r, lang, "puzzle board", err)
			return
		}
		d.Board = template.HTML(svg)
	}
	d.Legal, d.Messages = pg.trainerData(s, lang, "puzzle:right", "puzzle:wrong")
	pg.web.Render(w, r, lang, "puzzle", fmt.Sprintf(web.T(lang, "puzzle:title"), d.Name, pz.ID), http.StatusOK, d)
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
func (pg *puzzles) standingAfterTry(r *http.Request, lang string, pz *puzzle.Puzzle) string {
	ctx, cancel := context.WithTimeout(r.Context(), 5*time.Second)
	defer cancel()
	standing, err := pg.standings(ctx, []*puzzle.Puzzle{pz})
	if err != nil {
		return ""
	}
	st := standing[pz.ID]
	if st.Attempts > 0 {
		return fmt.Sprintf(web.T(lang, "puzzle:standingof"), st.Rating, web.CountWords(lang, st.Attempts, "n:tries"), web.CountWords(lang, st.Solved, "n:solved"))
	}
	return fmt.Sprintf(web.T(lang, "puzzle:standingrated"), st.Rating)
}
