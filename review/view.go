package review

import (
	"fmt"
	"html"
	"math"
	"strconv"
	"strings"

	"github.com/plateau-games/plateau/game"
)

// The analysis board's view of a review: the same words and drawing on
// the server's page and in the browser's engine (webengine), which judges
// games on the player's machine.

// Marks are the signs of the classes, as annotators write them.
var Marks = map[Class]string{Inaccuracy: "?!", Mistake: "?", Blunder: "??"}

// PlyView is one judged move as the analysis board lists it.
type PlyView struct {
	Ply        int
	Number     string // "1." for the first mover's moves (every move with more than two sides)
	Move       string
	Mark       string // "?!", "?", "??" or ""
	Class      string // best, good, inaccuracy, mistake, blunder
	Word       string // the class in the page's language
	Caption    string // what is said under the board at this move
	BestPlaces string // the better move's places, for its arrow; "" when the move was best
	MovePlaces string
}

var betterWas = game.Text{EN: "Better was", FR: "Mieux valait"}

// Views are the judged moves of r in lang.
func (r *Review) Views(lang string) []PlyView {
	var out []PlyView
	for _, pl := range r.Plies {
		pv := PlyView{Ply: pl.Ply, Move: pl.Move, Mark: Marks[pl.Class], Class: pl.Class.String(), Word: pl.Class.In(lang),
			MovePlaces: strings.Join(pl.MovePlaces, " ")}
		if pl.Seat == 0 || r.Sides != 2 {
			pv.Number = strconv.Itoa(pl.Ply) + "."
		}
		pv.Caption = fmt.Sprintf("%d. %s — %s", pl.Ply, pl.Move, pl.Class.In(lang))
		if pl.Move != pl.Best && pl.Class >= Inaccuracy {
			pv.BestPlaces = strings.Join(pl.BestPlaces, " ")
			pv.Caption += fmt.Sprintf(" (%s). %s %s (%s).", pl.After.In(lang), betterWas.In(lang), pl.Best, pl.Before.In(lang))
		} else {
			pv.Caption += fmt.Sprintf(" (%s).", pl.After.In(lang))
		}
		out = append(out, pv)
	}
	return out
}

// Accuracy is a seat's accuracy in percent: 100 minus its average loss in
// percent of a win.
func (s Summary) Accuracy() int {
	return int(math.Round(100 * max(0, 1-s.AverageLoss/2)))
}

var graphLabel = game.Text{EN: "Evaluation over the game (up: better for the first player)", FR: "Évaluation au fil de la partie (en haut : mieux pour le premier joueur)"}

// Graph draws the evaluation over the game as SVG: the value of each
// position for the first side (up is better for it), the mistakes marked
// with dots of their class's colour, the position at ply shown with a
// line; each ply is a link to it. Games of more than two sides have one
// value per mover, not a curve: their graph is the loss of each move as
// bars. "" for a review without moves.
func (r *Review) Graph(ply int, lang string) string {
	const w, h, pad = 600.0, 160.0, 6.0
	n := len(r.Plies)
	if n == 0 {
		return ""
	}
	step := (w - 2*pad) / float64(n)
	x := func(k int) float64 { return pad + float64(k)*step }
	y := func(v float64) float64 { return h/2 - v*(h/2-pad) }
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="evalgraph" id="evalgraph" viewBox="0 0 %.0f %.0f" role="img" aria-label="%s" data-step="%.3f" data-pad="%.0f">`, w, h, html.EscapeString(graphLabel.In(lang)), step, pad)
	fmt.Fprintf(&b, `<rect class="eg-bg" x="0" y="0" width="%.0f" height="%.0f"/>`, w, h)
	fmt.Fprintf(&b, `<line class="eg-mid" x1="0" y1="%.1f" x2="%.0f" y2="%.1f"/>`, h/2, w, h/2)
	if r.Sides == 2 && len(r.Series) > 0 {
		var pts []string
		for _, pt := range r.Series {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(pt.Ply), y(pt.Value.Score)))
		}
		area := fmt.Sprintf("%.1f,%.1f %s %.1f,%.1f", x(r.Series[0].Ply), h/2, strings.Join(pts, " "), x(r.Series[len(r.Series)-1].Ply), h/2)
		fmt.Fprintf(&b, `<polygon class="eg-area" points="%s"/>`, area)
		fmt.Fprintf(&b, `<polyline class="eg-line" points="%s"/>`, strings.Join(pts, " "))
		value := map[int]float64{}
		for _, pt := range r.Series {
			value[pt.Ply] = pt.Value.Score
		}
		for _, pl := range r.Plies {
			if Marks[pl.Class] == "" {
				continue
			}
			fmt.Fprintf(&b, `<circle class="eg-dot eg-%s" cx="%.1f" cy="%.1f" r="4"/>`, pl.Class, x(pl.Ply), y(value[pl.Ply]))
		}
	} else {
		for _, pl := range r.Plies {
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
	return b.String()
}
