package learn

import (
	"fmt"
	"html/template"
	"math"
	"net/http"
	"strconv"
	"strings"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/render"
	"github.com/plateau-games/plateau/review"
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

func (bd *board) analysisData(r *http.Request, lang string, m *game.Match, rv *review.Review, players []string) *analysisData {
	v := m.Variant()
	d := &analysisData{Name: v.Game.Name.In(lang), Players: players, Last: len(m.Moves()), BudgetText: BudgetWords(bd.reviews.budgetText(), lang)}
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
