package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"net/http"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/record"
	"github.com/plateau-games/plateau/render"
	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// pages renders the HTML pages.
type pages struct {
	s   *Server
	web *web.Shell
}

func newPages(s *Server) (*pages, error) {
	sh, err := web.New(web.Config{
		Renderer: s.render,
		User: func(r *http.Request) string {
			if u := s.club.CurrentUser(r); u != nil {
				return u.Name
			}
			return ""
		},
		Login:         s.club.KeepsAccounts(),
		InternalError: s.InternalError,
		LogInternal:   s.LogInternal,
		BadRequest:    func() { s.metrics.refusals.WithLabelValues("bad_request").Inc() },
	})
	if err != nil {
		return nil, err
	}
	p := &pages{s: s, web: sh}
	return p, nil
}

// gamePageData is the game page; the script gets the rest over WebSocket.
type gamePageData struct {
	ID, GameID, Name, Options string
	Picture                   template.HTML
	Moves                     []string
	Finished                  bool
	Result, Reason            string
	Outcome                   string // the end in words
	Players                   []string
	Messages                  string // JSON, for the script, in a data attribute
	Ratings                   string // JSON: per seat, its account's rating in the variant ("" without)
}

func (p *pages) gamePage(w http.ResponseWriter, r *http.Request) {
	lang := web.PickLang(w, r)
	g, m, err := p.s.games.Load(r.Context(), r.PathValue("id"))
	if err != nil {
		p.loadFailed(w, r, lang, err)
		return
	}
	d := gamePageData{ID: g.ID, GameID: g.GameID, Name: m.Variant().Game.Name.In(lang), Options: games.OptionsText(g.Options, lang),
		Picture: p.web.Picture(m.State(), lang), Moves: m.Notations(), Finished: g.Result != "*",
		Result: g.Result, Reason: g.Reason, Outcome: games.OutcomeSentence(m.Variant(), g.Seats, g.Result, g.Reason, lang)}
	msgs, err := json.Marshal(web.JSMessages(lang))
	if err != nil {
		p.web.InternalError(w, r, lang, "game page", err)
		return
	}
	d.Messages = string(msgs)
	d.Ratings = p.s.club.SeatRatingsJSON(r.Context(), g)
	for i, seat := range g.Seats {
		d.Players = append(d.Players, games.SeatLabel(m.Variant(), i, seat, lang))
	}
	p.web.Render(w, r, lang, "game", m.Variant().Title(lang), http.StatusOK, d)
}

func (p *pages) loadFailed(w http.ResponseWriter, r *http.Request, lang string, err error) {
	if errors.Is(err, store.ErrNotFound) {
		p.web.Fail(w, r, lang, http.StatusNotFound, "no such game")
		return
	}
	p.web.InternalError(w, r, lang, "load game", err)
}

// plainMatch loads the game of the URL for an answer that is not a page
// (a drawing, a record): a plain 404, or an internal error with its
// reference; ok is false when the answer is given.
func (p *pages) plainMatch(w http.ResponseWriter, r *http.Request) (*store.Game, *game.Match, bool) {
	g, m, err := p.s.games.Load(r.Context(), r.PathValue("id"))
	if err != nil {
		if errors.Is(err, store.ErrNotFound) {
			http.NotFound(w, r)
			return nil, nil, false
		}
		p.s.InternalError(w, r, "load game", err)
		return nil, nil, false
	}
	return g, m, true
}

func (p *pages) gameSVG(w http.ResponseWriter, r *http.Request) {
	_, m, ok := p.plainMatch(w, r)
	if !ok {
		return
	}
	games.WriteSVG(w, r, m, p.s.render, p.s.InternalError)
}

// gameRecord downloads a game as a record file.
func (p *pages) gameRecord(w http.ResponseWriter, r *http.Request) {
	g, m, ok := p.plainMatch(w, r)
	if !ok {
		return
	}
	rec := p.s.gameRecordOf(g, m)
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s-%s.txt"`, g.GameID, g.ID))
	io.WriteString(w, record.Format(rec))
}

// gameRecordOf writes a stored game as a record: the match gives the moves
// and start, the store who played and how a game ended outside the rules
// (resignation, agreement, time).
func (s *Server) gameRecordOf(g *store.Game, m *game.Match) *record.Record {
	rec := record.FromMatch(m)
	for _, seat := range g.Seats {
		name := web.CleanText(seat.Name, web.MaxNameRunes)
		if name == "" {
			name = seat.Kind
			if seat.Kind == "computer" {
				name = "computer " + s.agents.PublicAgent(seat.Agent)
			}
		}
		rec.Players = append(rec.Players, name)
	}
	rec.Date = record.FormatDate(g.CreatedAt)
	rec.Hints = recordHints(g)
	if g.Result != "*" && !rec.Result.Ended() {
		if res, err := record.ParseResult(g.Result); err == nil {
			res.Reason = g.Reason
			rec.Result = res
		}
	}
	return rec
}

// gamePreview draws, small, the position after a move the player hesitates
// over (?ply=N&move=NOTATION: a legal move of the position after N moves),
// with the move marked: the pictures of the dialog that asks which of
// several moves sharing the same clicks is meant.
func (p *pages) gamePreview(w http.ResponseWriter, r *http.Request) {
	_, m, ok := p.plainMatch(w, r)
	if !ok {
		return
	}
	ply, err := games.PlyParam(r, len(m.Notations()))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	notation := r.FormValue("move")
	if notation == "" || len(notation) > game.MaxInput {
		http.Error(w, fmt.Sprintf("move: a legal move in notation, at most %d bytes", game.MaxInput), http.StatusBadRequest)
		return
	}
	before, err := games.PositionAt(m, ply)
	if err != nil {
		p.s.InternalError(w, r, "replay", err)
		return
	}
	mv, err := before.ParseMove(notation)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	after := before.Clone()
	last := p.s.render.Places(before, mv)
	after.Apply(mv)
	svg, err := p.s.render.SVG(after, render.Options{Size: 200, NoCoordinates: true, LastMove: last,
		Lang: web.NormLang(r.FormValue("lang")), Flip: r.FormValue("flip") == "1", Status: " "})
	if err != nil {
		p.s.InternalError(w, r, "draw", err)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "private, max-age=3600")
	w.Write(svg)
}
