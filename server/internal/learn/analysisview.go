package learn

import (
	"encoding/json"
	"html/template"
	"net/http"
	"strconv"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/render"
	"github.com/plateau-games/plateau/review"
	"github.com/plateau-games/plateau/server/internal/engineasset"
	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/server/internal/web"
)

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
	// The game for the browser's engine, which judges it on the player's
	// machine (webengine's op review): its addresses (engineasset), the
	// rules, options, start position and moves (JSON).
	Engine, Rules, Options, Position, MovesJSON string
}

// analysisMove is one move of the list.
type analysisMove struct {
	review.PlyView
	Current bool
}

// analysisSeat is one player's summary.
type analysisSeat struct {
	Name                             string
	Moves                            int
	Inaccuracies, Mistakes, Blunders int
	Accuracy                         int // 100 minus the average loss in percent of a win
}

func (bd *board) analysisData(r *http.Request, lang string, m *game.Match, rv *review.Review, players []string) *analysisData {
	v := m.Variant()
	d := &analysisData{Name: v.Game.Name.In(lang), Players: players, Last: len(m.Moves()), BudgetText: BudgetWords(bd.reviews.budgetText(), lang)}
	for len(d.Players) < v.Players {
		d.Players = append(d.Players, v.SeatName(len(d.Players), lang))
	}
	d.Ply = d.Last
	d.Engine, d.Rules, d.Options, d.Position = engineasset.Load().PageJSON(), v.Game.ID, v.Options.String(), m.Start().Encode()
	if b, err := json.Marshal(m.Notations()); err == nil {
		d.MovesJSON = string(b)
	}
	if n, err := strconv.Atoi(r.FormValue("ply")); err == nil && n >= 0 && n <= d.Last {
		d.Ply = n
	}
	var lastMove []string
	if rv != nil {
		d.Agent, d.Exact = rv.Agent, rv.Exact
		sides := rv.Sides
		d.Two = sides == 2
		for i, pv := range rv.Views(lang) {
			am := analysisMove{PlyView: pv, Current: pv.Ply == d.Ply}
			if am.Current {
				d.Caption, d.CaptionClass, d.BestPlaces, lastMove = am.Caption, am.Class, am.BestPlaces, rv.Plies[i].MovePlaces
			}
			d.Moves = append(d.Moves, am)
		}
		for _, sm := range rv.Seats {
			as := analysisSeat{Moves: sm.Moves, Inaccuracies: sm.Counts.Inaccuracy, Mistakes: sm.Counts.Mistake, Blunders: sm.Counts.Blunder,
				Accuracy: sm.Accuracy()}
			if sm.Seat < len(d.Players) {
				as.Name = d.Players[sm.Seat]
			}
			d.Seats = append(d.Seats, as)
		}
		d.Graph = template.HTML(rv.Graph(d.Ply, lang))
	} else {
		d.Two = v.Players == 2 && v.Teams == nil
		for i, mv := range m.Notations() {
			am := analysisMove{PlyView: review.PlyView{Ply: i + 1, Move: mv}, Current: i+1 == d.Ply}
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
	s, last, err := games.PositionWithLast(m, d.Ply, bd.web.Renderer())
	if err != nil {
		d.Board = template.HTML(`<p class="err">` + template.HTMLEscapeString(err.Error()) + `</p>`)
		return d
	}
	if lastMove == nil {
		lastMove = last
	}
	d.Board = bd.pictureWith(s, lang, lastMove)
	return d
}

// pictureWith draws s with the places of lastMove tinted.
func (bd *board) pictureWith(s game.State, lang string, lastMove []string) template.HTML {
	svg, err := bd.web.Renderer().SVG(s, render.Options{Lang: lang, LastMove: lastMove})
	if err != nil {
		return template.HTML(`<p class="err">` + template.HTMLEscapeString(err.Error()) + `</p>`)
	}
	return template.HTML(svg)
}
