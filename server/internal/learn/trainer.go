package learn

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/lesson"
	"github.com/plateau-games/plateau/render"
	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/site"
	"github.com/plateau-games/plateau/server/internal/web"
)

// trainer is what the lessons and the puzzles share: a board whose legal
// moves the page's script offers, the previews of those moves, and the
// answers to the script (JSON) or to the browser (a page).
type trainer struct {
	*site.Env
	web *web.Shell
}

// lessonFail answers an error: a page in the site's layout, or JSON.
func (tr *trainer) lessonFail(w http.ResponseWriter, r *http.Request, lang string, code int, msg string, asJSON bool) {
	if asJSON {
		if code == http.StatusBadRequest {
			tr.Refusals.WithLabelValues("bad_request").Inc()
		}
		writeJSON(w, code, map[string]string{"error": msg})
		return
	}
	tr.web.Fail(w, r, lang, code, msg)
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	w.Write(b)
}

// wantsJSON says whether the client (the page's script) asks for JSON.
func wantsJSON(r *http.Request) bool {
	return strings.Contains(r.Header.Get("Accept"), "application/json")
}

// trainerData is what the script of a lesson or a puzzle needs (static/
// lesson.js): the legal moves with their places, as JSON, and its words,
// with the page's own for a right and a wrong move.
func (tr *trainer) trainerData(s game.State, lang, right, wrong string) (legalJSON, messagesJSON string) {
	legal := []games.LegalMove{}
	for _, mv := range s.LegalMoves(nil) {
		places := tr.web.Renderer().Places(s, mv)
		if places == nil {
			places = []string{}
		}
		legal = append(legal, games.LegalMove{Move: s.MoveString(mv), Places: places})
	}
	games.DescribeShared(s.Variant(), legal, lang)
	msgs := map[string]string{}
	for _, k := range []string{"chooseMove", "cancel", right, wrong, "lesson:illegal", "lesson:neterror", "lesson:offline", "lesson:nostart", "puzzle:shownlead"} {
		msgs[k] = web.T(lang, k)
	}
	// Marshalling strings and slices of strings cannot fail.
	b, _ := json.Marshal(legal)
	m, _ := json.Marshal(msgs)
	return string(b), string(m)
}

// movePreview answers a small drawing of the position after the legal
// move of before, the move marked: the pictures of the menu of moves that
// share their clicks.
func (tr *trainer) movePreview(w http.ResponseWriter, r *http.Request, before game.State, move, lang string) {
	if move == "" || len(move) > game.MaxInput {
		http.Error(w, fmt.Sprintf("move: a legal move in notation, at most %d bytes", game.MaxInput), http.StatusBadRequest)
		return
	}
	mv, err := before.ParseMove(move)
	if err != nil {
		http.Error(w, lesson.Reason(err, lang), http.StatusBadRequest)
		return
	}
	after := before.Clone()
	last := tr.web.Renderer().Places(before, mv)
	after.Apply(mv)
	svg, err := tr.web.Renderer().SVG(after, render.Options{Size: 200, NoCoordinates: true, LastMove: last, Lang: lang, Status: " ", Flip: r.FormValue("flip") == "1"})
	if err != nil {
		tr.InternalError(w, r, "draw", err)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	w.Write(svg)
}

// internalErrorAs answers an internal error as JSON for the script, or as
// a page.
func (tr *trainer) internalErrorAs(w http.ResponseWriter, r *http.Request, lang string, asJSON bool, what string, err error) {
	if asJSON {
		tr.InternalError(w, r, what, err)
		return
	}
	tr.web.InternalError(w, r, lang, what, err)
}
