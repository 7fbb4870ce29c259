package learn

import (
	"fmt"
	"html/template"
	"net/http"
	"strconv"
	"strings"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/lesson"
	"github.com/plateau-games/plateau/render"
	"github.com/plateau-games/plateau/server/internal/web"
)

// The lessons (package lesson): a guided first game of every game, step by
// step, checked on the server without a WebSocket, then a first game
// against the computer. See docs/lessons.md.
//
//	GET  /learn                          the lessons, one card a game
//	GET  /learn/GAME?step=N              step N (from 1)
//	POST /learn/GAME/check               step, move: right or wrong and why (JSON for the page's script)
//	GET  /learn/GAME/preview?step=N&move=M  the position after a legal move, small (the menu of moves sharing clicks)

// lessons is the lessons of every game (/learn): a step's page, the check
// of a move and the previews of the moves.
type lessons struct{ trainer }

// MaxLessonForm bounds the body of a check: a step number and a move.
const MaxLessonForm = 16 << 10

// lessonLevel is the computer's level in the first game after a lesson.
const lessonLevel = "easy"

type lessonCard struct {
	ID, Name, Intro string
	Steps           []string // the steps' titles
	Picture         template.HTML
}

// LearnList is GET /learn.
func (ls *lessons) LearnList(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	var cards []lessonCard
	for _, l := range lesson.All() {
		g, err := game.Lookup(l.Game)
		if err != nil {
			continue
		}
		c := lessonCard{ID: g.ID, Name: g.Name.In(lang), Intro: l.Intro.In(lang)}
		for _, st := range l.Steps {
			c.Steps = append(c.Steps, st.Title.In(lang))
		}
		if v, err := g.Variant(g.AllVariants()[0]); err == nil {
			c.Picture = ls.web.StartPicture(v, lang)
		}
		cards = append(cards, c)
	}
	ls.web.Render(w, r, lang, "lessons", web.T(lang, "lessons"), http.StatusOK, cards)
}

// lessonData is a step's page.
type lessonData struct {
	ID, Name    string
	Step, Steps int
	Title       string
	Section     template.HTML
	Intro       template.HTML // on the first step
	Text        template.HTML
	Board       template.HTML
	You, Colour string // the seat the learner plays, and its colour
	Answer      string
	Legal       string // JSON: the legal moves with their places, for the script
	Messages    string // JSON: the script's words
	Check       string // where the moves go
	Next        string // the next step's address ("" on the last)
	Prev        string
	Links       []stepLink
	Last        bool
	Verdict     *LessonVerdict // the answer to a move sent without the script
	FirstGame   firstGame
}

type stepLink struct {
	N       int
	URL     string
	Title   string
	Current bool
}

// LessonVerdict is what a check answers: as JSON to the script, in the
// page without it.
type LessonVerdict struct {
	Right   bool   `json:"right"`
	Illegal bool   `json:"illegal"`
	Move    string `json:"move,omitempty"`
	Says    string `json:"says"`
	SVG     string `json:"svg,omitempty"` // the board after a right move
	Next    string `json:"next,omitempty"`
	Last    bool   `json:"last,omitempty"` // the lesson is complete
}

// firstGame is the form that starts a casual game against the computer at
// the easy level: POST /games as the new game form sends it.
type firstGame struct {
	Game, Variant string
	Computers     []int // the computer's seats
	Level         string
}

func firstGameOf(g *game.Game) firstGame {
	f := firstGame{Game: g.ID, Level: lessonLevel}
	opts := g.AllVariants()[0]
	f.Variant = opts.String()
	players := g.MinPlayers
	if v, err := g.Variant(opts); err == nil {
		players = v.Players
	}
	for seat := 1; seat < players; seat++ {
		f.Computers = append(f.Computers, seat)
	}
	return f
}

// lessonStep finds the lesson of the path's game and the step n, or
// answers the error (a page, or JSON for the script) and returns false.
func (ls *lessons) lessonStep(w http.ResponseWriter, r *http.Request, lang, stepText string, asJSON bool) (*lesson.Lesson, *lesson.Step, int, bool) {
	g, err := game.Lookup(r.PathValue("id"))
	var l *lesson.Lesson
	if err == nil {
		l = lesson.For(g.ID)
	}
	if l == nil {
		msg := fmt.Sprintf(web.T(lang, "lesson:none"), r.PathValue("id"))
		ls.lessonFail(w, r, lang, http.StatusNotFound, msg, asJSON)
		return nil, nil, 0, false
	}
	n := 1
	if stepText != "" {
		n, err = strconv.Atoi(strings.TrimSpace(stepText))
		if err != nil || len(stepText) > 9 {
			ls.lessonFail(w, r, lang, http.StatusBadRequest, fmt.Sprintf(web.T(lang, "lesson:badstep"), len(l.Steps)), asJSON)
			return nil, nil, 0, false
		}
	}
	st, ok := l.Step(n)
	if !ok {
		ls.lessonFail(w, r, lang, http.StatusNotFound, fmt.Sprintf(web.T(lang, "lesson:nostep"), n, len(l.Steps)), asJSON)
		return nil, nil, 0, false
	}
	return l, st, n, true
}

// LessonPage is GET /learn/GAME?step=N.
func (ls *lessons) LessonPage(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	l, st, n, ok := ls.lessonStep(w, r, lang, r.URL.Query().Get("step"), false)
	if !ok {
		return
	}
	ls.renderLesson(w, r, lang, l, st, n, nil)
}

// LessonCheck is POST /learn/GAME/check: fields step and move.
func (ls *lessons) LessonCheck(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	asJSON := wantsJSON(r)
	r.Body = http.MaxBytesReader(w, r.Body, MaxLessonForm)
	if err := r.ParseForm(); err != nil {
		ls.lessonFail(w, r, lang, http.StatusBadRequest, web.T(lang, "lesson:badform"), asJSON)
		return
	}
	l, st, n, ok := ls.lessonStep(w, r, lang, r.PostForm.Get("step"), asJSON)
	if !ok {
		return
	}
	move := r.PostForm.Get("move")
	if len(move) > game.MaxInput {
		ls.lessonFail(w, r, lang, http.StatusBadRequest, fmt.Sprintf(web.T(lang, "lesson:toolong"), game.MaxInput), asJSON)
		return
	}
	v, err := l.Check(st, move, lang)
	if err != nil {
		ls.internalErrorAs(w, r, lang, asJSON, "lesson", err)
		return
	}
	out := &LessonVerdict{Right: v.Right, Illegal: v.Illegal, Move: v.Move, Says: v.Says, Last: v.Right && n == len(l.Steps)}
	if v.Right {
		svg, err := ls.web.Renderer().SVG(v.After, render.Options{Lang: lang, LastMove: ls.web.Renderer().Places(v.Before, v.Played), Status: lessonStatus(v.After, lang)})
		if err != nil {
			ls.InternalError(w, r, "lesson board", err)
			return
		}
		out.SVG = string(svg)
		if n < len(l.Steps) {
			out.Next = lessonURL(l.Game, n+1)
		}
	}
	if asJSON {
		writeJSON(w, http.StatusOK, out)
		return
	}
	ls.renderLesson(w, r, lang, l, st, n, out)
}

// LessonPreview is GET /learn/GAME/preview?step=N&move=M: the position
// after the legal move M of step N, small, the move marked.
func (ls *lessons) LessonPreview(w http.ResponseWriter, r *http.Request) {
	lang := web.NormLang(r.FormValue("lang"))
	l, st, _, ok := ls.lessonStep(w, r, lang, r.URL.Query().Get("step"), true)
	if !ok {
		return
	}
	before, err := l.State(st)
	if err != nil {
		ls.InternalError(w, r, "lesson", err)
		return
	}
	ls.movePreview(w, r, before, r.URL.Query().Get("move"), lang)
}

func lessonURL(id string, n int) string { return "/learn/" + id + "?step=" + strconv.Itoa(n) }

// lessonStatus is the line under a lesson's board: whose turn it is,
// without the ply of a made-up position, or how the game ended.
func lessonStatus(s game.State, lang string) string {
	if s.Outcome().Ended() || s.ToMove() < 0 {
		return "" // the drawing says who won
	}
	return fmt.Sprintf(web.T(lang, "lesson:tomove"), s.Variant().SeatName(s.ToMove(), lang))
}

// renderLesson draws step n of l, with the verdict of a move sent without
// the script (nil: none).
func (ls *lessons) renderLesson(w http.ResponseWriter, r *http.Request, lang string, l *lesson.Lesson, st *lesson.Step, n int, verdict *LessonVerdict) {
	g, err := game.Lookup(l.Game)
	if err != nil {
		ls.web.InternalError(w, r, lang, "lesson", err)
		return
	}
	s, err := l.State(st)
	if err != nil {
		ls.web.InternalError(w, r, lang, "lesson", err)
		return
	}
	v := s.Variant()
	d := lessonData{ID: g.ID, Name: g.Name.In(lang), Step: n, Steps: len(l.Steps),
		Title: st.Title.In(lang), Section: lessonHTML(st.Section.In(lang)), Text: lessonHTML(st.Text.In(lang)),
		You: v.SeatName(s.ToMove(), lang), Colour: render.SeatColour(v, s.ToMove()), Answer: l.Answer(st),
		Check: "/learn/" + g.ID + "/check?lang=" + lang, Last: n == len(l.Steps), Verdict: verdict, FirstGame: firstGameOf(g)}
	if n == 1 {
		d.Intro = lessonHTML(l.Intro.In(lang))
	}
	if v.Players == 1 {
		d.You = "" // Solitaire: nobody else plays
	}
	if n < len(l.Steps) {
		d.Next = lessonURL(g.ID, n+1)
	}
	if n > 1 {
		d.Prev = lessonURL(g.ID, n-1)
	}
	for i, other := range l.Steps {
		d.Links = append(d.Links, stepLink{N: i + 1, URL: lessonURL(g.ID, i+1), Title: other.Title.In(lang), Current: i+1 == n})
	}
	if verdict != nil && verdict.Right {
		d.Board = template.HTML(verdict.SVG)
	} else {
		svg, err := ls.web.Renderer().SVG(s, render.Options{Lang: lang, Highlight: st.Highlight, Status: lessonStatus(s, lang)})
		if err != nil {
			ls.web.InternalError(w, r, lang, "lesson board", err)
			return
		}
		d.Board = template.HTML(svg)
	}
	d.Legal, d.Messages = ls.trainerData(s, lang, "lesson:right", "lesson:wrong")
	title := fmt.Sprintf(web.T(lang, "lesson:title"), d.Name)
	ls.web.Render(w, r, lang, "lesson", title, http.StatusOK, d)
}

// lessonHTML is a lesson's text as HTML: escaped, with notation between
// backquotes set as code.
func lessonHTML(text string) template.HTML {
	parts := strings.Split(text, "`")
	var b strings.Builder
	for i, part := range parts {
		if i%2 == 1 && i < len(parts)-1 {
			b.WriteString("<code>" + template.HTMLEscapeString(part) + "</code>")
			continue
		}
		if i%2 == 1 {
			b.WriteString("`")
		}
		b.WriteString(template.HTMLEscapeString(part))
	}
	return template.HTML(b.String())
}
