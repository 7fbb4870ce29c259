package analysis

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"

	"github.com/plateau-games/plateau/game"
)

// The lab (plateau lab) measures the readings of a game's rules, one per
// combination of option values, with the statistics above and what this
// file adds: drama (lead changes by the game's evaluation), stalemates,
// balance between the sides, and a ranking of the readings.

// sideSeats gives the first seat of each side (team, else seat), in seat
// order: the seat whose evaluation stands for its side.
func sideSeats(v *game.Variant) []int {
	var seats []int
	seen := map[int]bool{}
	for seat := 0; seat < v.Players; seat++ {
		if t := v.Team(seat); !seen[t] {
			seen[t] = true
			seats = append(seats, seat)
		}
	}
	return seats
}

// sideIndex maps each seat to the index of its side in sideSeats.
func sideIndex(v *game.Variant) []int {
	reps := sideSeats(v)
	idx := make([]int, v.Players)
	for seat := range idx {
		for i, r := range reps {
			if v.Team(r) == v.Team(seat) {
				idx[seat] = i
			}
		}
	}
	return idx
}

// Leader is the index of the strictly largest of values (one evaluation
// per side, each from its own side's view), or -1 when the largest is
// shared: nobody leads.
func Leader(values []float64) int {
	best, lead := math.Inf(-1), -1
	for i, x := range values {
		switch {
		case x > best:
			best, lead = x, i
		case x == best:
			lead = -1
		}
	}
	return lead
}

// LeadChanges counts the changes of leader along leaders (one per
// position) and gives the index of the position of the last change (-1
// without one); positions where nobody leads (-1) are skipped, so that a
// lead that goes to even and back is not a change.
func LeadChanges(leaders []int8) (changes, lastAt int) {
	lastAt = -1
	last := int8(-1)
	for i, l := range leaders {
		if l < 0 {
			continue
		}
		if last >= 0 && l != last {
			changes++
			lastAt = i
		}
		last = l
	}
	return changes, lastAt
}

// StalemateReasons are the end reasons (Outcome.Reason) that mean the
// players could not move: the games end so when a player is blocked, or
// when everybody had to pass. A game that ends on a pass counts too,
// whatever its reason (IsStalemateEnd), so that the readings of new rules
// are counted without being listed here.
var StalemateReasons = map[string]bool{
	"every player passed":                    true,
	"two passes in a row":                    true,
	"no placement or move":                   true,
	"opponent cannot make the required move": true,
}

// IsStalemateEnd says whether a game that ended for reason, its last move
// a pass or not, ended because players could not move.
func IsStalemateEnd(reason string, lastPass bool) bool {
	return lastPass || StalemateReasons[reason]
}

// Balance is how far the decided games are from an even share between
// the sides: for the side farthest from it, its share of the decided
// games (Rate, with its 95% Wilson interval), the even share Fair = 1/sides
// and the distance Gap = |Rate − Fair|, with the distance's range over
// the interval (GapLow is 0 when the interval holds Fair: the games
// cannot tell that reading from a fair one).
type Balance struct {
	Side    int     `json:"side"` // seat of the side's first player, from 0
	Decided int     `json:"decided"`
	Wins    int     `json:"wins"`
	Rate    float64 `json:"rate"`
	Low     float64 `json:"low"`
	High    float64 `json:"high"`
	Fair    float64 `json:"fair"`
	Gap     float64 `json:"gap"`
	GapLow  float64 `json:"gap_low"`
	GapHigh float64 `json:"gap_high"`
}

// NewBalance computes the balance of sideWins (games won by each side,
// partners counting once) over decided games. With no decided game (or a
// single side) every field but Fair is zero: there is nothing to share.
func NewBalance(sideWins []int, decided int) Balance {
	b := Balance{Decided: decided}
	if len(sideWins) == 0 {
		return b
	}
	b.Fair = 1 / float64(len(sideWins))
	if decided == 0 || len(sideWins) < 2 {
		return b
	}
	b.Gap = -1
	for side, w := range sideWins {
		rate := float64(w) / float64(decided)
		if gap := math.Abs(rate - b.Fair); gap > b.Gap {
			lo, hi := Wilson(w, decided, Z95)
			b.Side, b.Wins, b.Rate, b.Low, b.High, b.Gap = side, w, rate, lo, hi, gap
		}
	}
	dl, dh := math.Abs(b.Low-b.Fair), math.Abs(b.High-b.Fair)
	b.GapHigh = max(dl, dh)
	if b.Low > b.Fair || b.High < b.Fair {
		b.GapLow = min(dl, dh)
	}
	return b
}

// computeLab adds the lab's measures to st.
func computeLab(st *Stats, v *game.Variant, results []GameResult) {
	reps, idx := sideSeats(v), sideIndex(v)
	st.Sides = len(reps)
	sideWins := make([]int, len(reps))
	var decided, changed, late, forced, forcedGames, stalemates, positions int
	var changes []int
	measured := len(results) > 0
	for _, r := range results {
		positions += len(r.Legal)
		forced += r.ForcedPasses
		if r.ForcedPasses > 0 {
			forcedGames++
		}
		if IsStalemateEnd(r.Outcome.Reason, r.LastPass) {
			stalemates++
		}
		if r.Outcome.Status == game.Win {
			decided++
			sides := map[int]bool{}
			for seat := 0; seat < v.Players; seat++ {
				if r.Outcome.Won(seat) {
					sides[idx[seat]] = true
				}
			}
			for side := range sides {
				sideWins[side]++
			}
		}
		if r.Leaders == nil && len(r.Legal) > 0 {
			measured = false
			continue
		}
		n, at := LeadChanges(r.Leaders)
		changes = append(changes, n)
		if n > 0 {
			changed++
		}
		if at >= 0 && 2*at >= len(r.Leaders) {
			late++
		}
	}
	st.Balance = NewBalance(sideWins, decided)
	if st.Balance.Decided > 0 {
		st.Balance.Side = reps[st.Balance.Side]
	}
	st.ForcedPasses = NewProportion(forced, positions)
	st.ForcedPassGames = NewProportion(forcedGames, len(results))
	st.StalemateEnds = NewProportion(stalemates, len(results))
	if st.DramaMeasured = measured && len(reps) > 1; st.DramaMeasured {
		st.LeadChanges = Summarise(changes)
		st.LeadChangeGames = NewProportion(changed, len(results))
		st.LateLeadChangeGames = NewProportion(late, len(results))
	}
}

// Score is the figure the readings are ranked by, lower first: the
// balance gap (the side farthest from an even share of the decided
// games, its distance from it) plus the draw rate. 0 is a reading whose
// decided games split evenly and that never draws; a reading where the
// first player wins 70% of the games between two (gap 0.20) and one
// where 20% of the games are drawn and the rest split evenly score the
// same. Games over without a winner nor a draw (scores, Solitaire) do
// not count.
func (s *Stats) Score() float64 { return s.Balance.Gap + s.Draws.Rate }

// Ranked is a reading's place in the ranking.
type Ranked struct {
	Rank  int     `json:"rank"`
	Label string  `json:"label"`
	Score float64 `json:"score"`
	// Fair says the balance interval holds the even share: these games
	// cannot tell the reading from a fair one.
	Fair    bool       `json:"fair_within_interval"`
	Balance Balance    `json:"balance"`
	Draws   Proportion `json:"draws"`
	index   int
}

// Rank orders the readings by Score, lowest first; equal scores keep the
// readings' order and share a rank.
func Rank(stats []*Stats) []Ranked {
	out := make([]Ranked, len(stats))
	for i, s := range stats {
		out[i] = Ranked{Label: s.Label, Score: s.Score(), Balance: s.Balance, Draws: s.Draws, index: i,
			Fair: s.Balance.Decided > 0 && s.Balance.GapLow == 0}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Score < out[j].Score })
	for i := range out {
		out[i].Rank = i + 1
		if i > 0 && out[i].Score == out[i-1].Score {
			out[i].Rank = out[i-1].Rank
		}
	}
	return out
}

// Vary is one option and the values to try, from --vary OPTION=V1,V2.
type Vary struct {
	Option string
	Values []string
}

// ParseVary reads "option=v1,v2,...".
func ParseVary(s string) (Vary, error) {
	name, vals, ok := strings.Cut(s, "=")
	name = strings.ToLower(strings.TrimSpace(name))
	if !ok || name == "" {
		return Vary{}, game.Errorf(game.Text{EN: "%q is not of the form option=value1,value2 (for example size=6,7)", FR: "%q n'est pas de la forme option=valeur1,valeur2 (par exemple size=6,7)"}, s)
	}
	vary := Vary{Option: name}
	seen := map[string]bool{}
	for _, v := range strings.Split(vals, ",") {
		v = strings.TrimSpace(v)
		if v == "" {
			return Vary{}, game.Errorf(game.Text{EN: "%q: an empty value (values are separated by commas, e.g. size=6,7)", FR: "%q : une valeur vide (les valeurs sont séparées par des virgules, par exemple size=6,7)"}, s)
		}
		if seen[v] {
			return Vary{}, game.Errorf(game.Text{EN: "%q: the value %q is given twice", FR: "%q : la valeur %q est donnée deux fois"}, s, v)
		}
		seen[v] = true
		vary.Values = append(vary.Values, v)
	}
	return vary, nil
}

// MaxReadings bounds the readings of one run: the cross product of a few
// --vary flags grows fast, and every reading plays all its games.
const MaxReadings = 256

// Reading is one combination of the varied options.
type Reading struct {
	// Label is the varied options, "size=6 players=2".
	Label   string
	Variant *game.Variant
}

// Readings builds the cross product of varies over base, the first
// option varying slowest, each checked by the game: an option it does not
// have or a value it refuses is an error that lists the accepted ones.
func Readings(id string, base game.Options, varies []Vary) ([]Reading, error) {
	used := map[string]bool{}
	total := 1
	for _, vr := range varies {
		if used[vr.Option] {
			return nil, game.Errorf(game.Text{EN: "option %s is varied twice: give its values in one --vary", FR: "l'option %s varie deux fois : donnez ses valeurs dans un seul --vary"}, vr.Option)
		}
		if _, ok := base[vr.Option]; ok {
			return nil, game.Errorf(game.Text{EN: "option %s is both fixed (--opt) and varied (--vary)", FR: "l'option %s est à la fois fixée (--opt) et variée (--vary)"}, vr.Option)
		}
		used[vr.Option] = true
		total *= len(vr.Values)
		if total > MaxReadings {
			return nil, game.Errorf(game.Text{EN: "more than %d readings: vary fewer options or values", FR: "plus de %d lectures : faites varier moins d'options ou de valeurs"}, MaxReadings)
		}
	}
	var out []Reading
	var walk func(i int, opts game.Options, label []string) error
	walk = func(i int, opts game.Options, label []string) error {
		if i == len(varies) {
			v, err := game.NewVariant(id, opts)
			if err != nil {
				return err
			}
			l := strings.Join(label, " ")
			if l == "" {
				l = v.String()
			}
			out = append(out, Reading{Label: l, Variant: v})
			return nil
		}
		for _, val := range varies[i].Values {
			next := game.Options{}
			for k, x := range opts {
				next[k] = x
			}
			next[varies[i].Option] = val
			if err := walk(i+1, next, append(append([]string(nil), label...), varies[i].Option+"="+val)); err != nil {
				return err
			}
		}
		return nil
	}
	if err := walk(0, base, nil); err != nil {
		return nil, err
	}
	return out, nil
}

// LabTableIn is TableIn with the lab's rows: balance, drama, stalemates
// and the score.
func LabTableIn(stats []*Stats, lang string) (header []string, rows [][]string) {
	header, rows = TableIn(stats, lang)
	fr := lang == "fr"
	t := func(en, french string) string {
		if fr {
			return french
		}
		return en
	}
	add := func(name string, cell func(s *Stats) string) {
		row := []string{name}
		for _, s := range stats {
			row = append(row, cell(s))
		}
		rows = append(rows, row)
	}
	add(t("balance: farthest side, share of decided games (95% CI)", "équilibre : camp le plus loin, part des parties décidées (IC 95 %)"), func(s *Stats) string {
		if s.Sides < 2 {
			return "–"
		}
		if s.Balance.Decided == 0 {
			return t("no decided game", "aucune partie décidée")
		}
		name := s.Seats[s.Balance.Side]
		if fr && s.Balance.Side < len(s.seatsFR) {
			name = s.seatsFR[s.Balance.Side]
		}
		return fmt.Sprintf(t("%s: %.1f%% (%.1f–%.1f) of %d, fair %.1f%%", "%s : %.1f %% (%.1f–%.1f) sur %d, équitable %.1f %%"),
			name, 100*s.Balance.Rate, 100*s.Balance.Low, 100*s.Balance.High, s.Balance.Decided, 100*s.Balance.Fair)
	})
	add(t("balance gap (range)", "écart à l'équilibre (plage)"), func(s *Stats) string {
		if s.Sides < 2 || s.Balance.Decided == 0 {
			return "–"
		}
		return fmt.Sprintf("%.3f (%.3f–%.3f)", s.Balance.Gap, s.Balance.GapLow, s.Balance.GapHigh)
	})
	add(t("lead changes per game: mean ± sd (max)", "changements de meneur par partie : moyenne ± écart type (max)"), func(s *Stats) string {
		if !s.DramaMeasured {
			return t("not measured", "non mesuré")
		}
		return fmt.Sprintf("%.2f ± %.2f (%d)", s.LeadChanges.Mean, s.LeadChanges.StdDev, s.LeadChanges.Max)
	})
	add(t("games with a lead change", "parties avec un changement de meneur"), func(s *Stats) string {
		if !s.DramaMeasured {
			return "–"
		}
		return formatProportion(s.LeadChangeGames)
	})
	add(t("games with a lead change in their second half", "parties avec un changement de meneur dans leur seconde moitié"), func(s *Stats) string {
		if !s.DramaMeasured {
			return "–"
		}
		return formatProportion(s.LateLeadChangeGames)
	})
	add(t("forced passes among positions", "passes forcées parmi les positions"), func(s *Stats) string { return formatProportion(s.ForcedPasses) })
	add(t("games with a forced pass", "parties avec une passe forcée"), func(s *Stats) string { return formatProportion(s.ForcedPassGames) })
	add(t("games ended blocked", "parties finies par blocage"), func(s *Stats) string { return formatProportion(s.StalemateEnds) })
	add(t("score (gap + draws; lower is better)", "note (écart + nulles ; plus bas, mieux c'est)"), func(s *Stats) string { return fmt.Sprintf("%.3f", s.Score()) })
	return header, rows
}

// RankingTableIn is the ranking as a table in lang.
func RankingTableIn(stats []*Stats, lang string) (header []string, rows [][]string) {
	fr := lang == "fr"
	t := func(en, french string) string {
		if fr {
			return french
		}
		return en
	}
	header = []string{t("rank", "rang"), t("reading", "lecture"), t("score", "note"), t("balance gap (range)", "écart à l'équilibre (plage)"),
		t("fair within the interval", "équitable dans l'intervalle"), t("draws (95% CI)", "nulles (IC 95 %)")}
	for _, r := range Rank(stats) {
		gap := "–"
		if r.Balance.Decided > 0 {
			gap = fmt.Sprintf("%.3f (%.3f–%.3f)", r.Balance.Gap, r.Balance.GapLow, r.Balance.GapHigh)
		}
		fair := t("no", "non")
		if r.Fair {
			fair = t("yes", "oui")
		}
		if r.Balance.Decided == 0 {
			fair = "–"
		}
		rows = append(rows, []string{fmt.Sprint(r.Rank), r.Label, fmt.Sprintf("%.3f", r.Score), gap, fair, formatProportion(r.Draws)})
	}
	return header, rows
}

const labIntro = `Self-play of every reading (one combination of the varied options):
every seat is played by the same agent. Balance: the side farthest from
an even share of the decided games, its share with its 95% Wilson
interval, and the gap |share − 1/sides| with its range over the interval
(0 at the low end: these games cannot tell the reading from a fair one).
Decisiveness: the draw rate. Drama: how often the side that the game's
evaluation (the one its alpha-beta levels search with) has ahead changes
during a game, ties skipped. Stalemates: positions where passing was the
only move, and games that ended because players could not move. The
readings are ranked by score = balance gap + draw rate, lowest first.`

// WriteLabReport writes the lab's report on the readings' stats to path
// (Markdown or HTML, by its extension), with the ranking, the readings'
// table and the plots of WriteReport next to it.
func WriteLabReport(path string, stats []*Stats, plotExt string) (Plots, error) {
	rh, rr := RankingTableIn(stats, "en")
	header, rows := LabTableIn(stats, "en")
	return writeReport(path, stats, plotExt, reportDoc{
		title: "Lab: " + titleOf(stats),
		intro: labIntro,
		tables: []reportTable{
			{"Ranking", "Lowest score first: score = balance gap + draw rate.", rh, rr},
			{"Readings", "", header, rows},
		},
		readingsPlot: true,
	})
}

// PlotReadings draws, for each reading (in the order given), its balance
// gap with its range over the 95% interval and its draw rate with its
// interval, side by side: the two halves of the score.
func PlotReadings(stats []*Stats, path string) error {
	p, err := ReadingsPlot(stats, "en")
	if err != nil {
		return err
	}
	return savePlot(p, path)
}

// ReadingsPlot is the plot of PlotReadings, to be saved or written.
func ReadingsPlot(stats []*Stats, lang string) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = plotText(lang, "Balance gap and draw rate by reading (lower is better)", "Écart à l'équilibre et nulles par lecture (plus bas, mieux c'est)")
	p.Y.Label.Text = plotText(lang, "share of games", "part des parties")
	p.Y.Min, p.Y.Max = 0, 1
	series := []struct {
		name  string
		point func(s *Stats) (y, lo, hi float64)
	}{
		{plotText(lang, "balance gap", "écart à l'équilibre"), func(s *Stats) (float64, float64, float64) {
			return s.Balance.Gap, s.Balance.GapLow, s.Balance.GapHigh
		}},
		{plotText(lang, "draws", "nulles"), func(s *Stats) (float64, float64, float64) { return s.Draws.Rate, s.Draws.Low, s.Draws.High }},
	}
	for i, se := range series {
		var pts errPoints
		for k, s := range stats {
			y, lo, hi := se.point(s)
			pts.XYs = append(pts.XYs, plotter.XY{X: float64(k) + (float64(i)-0.5)*0.3, Y: y})
			pts.YErrors = append(pts.YErrors, struct{ Low, High float64 }{y - lo, hi - y})
		}
		sc, err := plotter.NewScatter(pts.XYs)
		if err != nil {
			return nil, err
		}
		sc.GlyphStyle.Color = plotutil.Color(i)
		sc.GlyphStyle.Shape = plotutil.Shape(i)
		sc.GlyphStyle.Radius = vg.Points(3)
		bars, err := plotter.NewYErrorBars(pts)
		if err != nil {
			return nil, err
		}
		bars.LineStyle.Color = plotutil.Color(i)
		bars.LineStyle.Width = vg.Points(1.2)
		p.Add(sc, bars)
		p.Legend.Add(se.name, sc)
	}
	var ticks []plot.Tick
	for k, s := range stats {
		ticks = append(ticks, plot.Tick{Value: float64(k), Label: s.Label})
	}
	p.X.Tick.Marker = plot.ConstantTicks(ticks)
	p.X.Min, p.X.Max = -0.6, float64(len(stats))-0.4
	p.Legend.Top = true
	grid := plotter.NewGrid()
	grid.Vertical.Color = nil // readings are categories: no vertical lines (a transparent colour is written as an invalid SVG colour)
	p.Add(grid)
	return p, nil
}
