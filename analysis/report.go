package analysis

import (
	"fmt"
	"html"
	"io"
	"os"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/atomicfile"
)

// savePlot writes p to path in the format of its extension (svg, png), all
// at once: plot.Save would leave a truncated file on a failure.
func savePlot(p *plot.Plot, path string) error {
	c, err := p.WriterTo(plotW, plotH, strings.TrimPrefix(strings.ToLower(filepath.Ext(path)), "."))
	if err != nil {
		return err
	}
	return atomicfile.Write(path, 0o644, func(w io.Writer) error {
		_, err := c.WriteTo(w)
		return err
	})
}

// Plots are the files of a report's plots, relative to the report.
type Plots struct {
	Lengths   string `json:"lengths"`
	Branching string `json:"branching"`
	WinRates  string `json:"win_rates"`
	// Readings is the lab's plot of each reading's balance gap and draw
	// rate; empty in the reports of plateau analyze.
	Readings string `json:"readings,omitempty"`
}

// WriteReport writes the report on stats to path, Markdown or HTML by its
// extension (.md, .markdown, .html, .htm), and its plots next to it as
// <name>-lengths.<ext> and so on, where ext is "svg" or "png".
func WriteReport(path string, stats []*Stats, plotExt string) (Plots, error) {
	header, rows := Table(stats)
	return writeReport(path, stats, plotExt, reportDoc{
		title:  "Analysis: " + titleOf(stats),
		intro:  reportIntro,
		tables: []reportTable{{"Summary", "", header, rows}},
	})
}

// reportDoc is what a report says before its plots: a title, an
// introduction and tables.
type reportDoc struct {
	title, intro string
	tables       []reportTable
	// readingsPlot adds the lab's plot of the readings (PlotReadings).
	readingsPlot bool
}

type reportTable struct {
	heading, text string
	header        []string
	rows          [][]string
}

func writeReport(path string, stats []*Stats, plotExt string, doc reportDoc) (Plots, error) {
	plotExt = strings.TrimPrefix(strings.ToLower(plotExt), ".")
	if plotExt != "svg" && plotExt != "png" {
		return Plots{}, fmt.Errorf("plot format %q: use svg or png", plotExt)
	}
	ext := strings.ToLower(filepath.Ext(path))
	asHTML := ext == ".html" || ext == ".htm"
	if !asHTML && ext != ".md" && ext != ".markdown" {
		return Plots{}, fmt.Errorf("report %s: the name must end in .md or .html", path)
	}
	dir, base := filepath.Dir(path), strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	plots := Plots{
		Lengths:   base + "-lengths." + plotExt,
		Branching: base + "-branching." + plotExt,
		WinRates:  base + "-winrates." + plotExt,
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return plots, err
	}
	if err := PlotLengths(stats, filepath.Join(dir, plots.Lengths)); err != nil {
		return plots, err
	}
	if err := PlotBranching(stats, filepath.Join(dir, plots.Branching)); err != nil {
		return plots, err
	}
	if err := PlotWinRates(stats, filepath.Join(dir, plots.WinRates)); err != nil {
		return plots, err
	}
	if doc.readingsPlot {
		plots.Readings = base + "-readings." + plotExt
		if err := PlotReadings(stats, filepath.Join(dir, plots.Readings)); err != nil {
			return plots, err
		}
	}
	// Written all at once, like the plots: a failure leaves no empty report.
	err := atomicfile.Write(path, 0o644, func(w io.Writer) error {
		if asHTML {
			return writeHTML(w, stats, plots, doc)
		}
		return writeMarkdown(w, stats, plots, doc)
	})
	return plots, err
}

// Table is the report's summary: one row per measure, one column per
// variant, shared by the Markdown and HTML writers.
func Table(stats []*Stats) (header []string, rows [][]string) { return TableIn(stats, "en") }

// TableIn is Table in lang ("en" or "fr"): the measures, seat names, end
// reasons and score names; the variants and agents stay as given.
func TableIn(stats []*Stats, lang string) (header []string, rows [][]string) {
	fr := lang == "fr"
	t := func(en, french string) string {
		if fr {
			return french
		}
		return en
	}
	header = []string{t("measure", "mesure")}
	for _, s := range stats {
		header = append(header, s.Label)
	}
	add := func(name string, cell func(s *Stats) string) {
		row := []string{name}
		for _, s := range stats {
			row = append(row, cell(s))
		}
		rows = append(rows, row)
	}
	add(t("variant", "variante"), func(s *Stats) string { return s.Variant })
	add("agent", func(s *Stats) string { return s.Agent })
	add(t("games", "parties"), func(s *Stats) string { return fmt.Sprint(s.Games) })
	add(t("seed", "graine"), func(s *Stats) string { return fmt.Sprint(s.Seed) })
	add(t("random opening plies", "coups d'ouverture au hasard"), func(s *Stats) string { return fmt.Sprint(s.Openings) })
	add(t("distinct games", "parties différentes"), func(s *Stats) string { return fmt.Sprintf(t("%d of %d", "%d sur %d"), s.Distinct, s.Games) })
	add(t("plies: mean ± sd", "coups : moyenne ± écart type"), func(s *Stats) string { return fmt.Sprintf("%.1f ± %.1f", s.Length.Mean, s.Length.StdDev) })
	add(t("plies: min / median / max", "coups : min / médiane / max"), func(s *Stats) string {
		return fmt.Sprintf("%d / %g / %d", s.Length.Min, s.Length.Median, s.Length.Max)
	})
	add(t("legal moves: mean ± sd", "coups possibles : moyenne ± écart type"), func(s *Stats) string {
		return fmt.Sprintf("%.1f ± %.1f", s.Branching.Mean, s.Branching.StdDev)
	})
	add(t("legal moves: min / median / max", "coups possibles : min / médiane / max"), func(s *Stats) string {
		return fmt.Sprintf("%d / %g / %d", s.Branching.Min, s.Branching.Median, s.Branching.Max)
	})
	maxSeats := 0
	for _, s := range stats {
		maxSeats = max(maxSeats, s.Players)
	}
	for seat := 0; seat < maxSeats; seat++ {
		add(fmt.Sprintf(t("seat %d wins (95%% CI)", "victoires de la place %d (IC 95 %%)"), seat+1), func(s *Stats) string {
			if seat >= len(s.SeatWins) {
				return "–"
			}
			name := s.Seats[seat]
			if fr && seat < len(s.seatsFR) {
				name = s.seatsFR[seat]
			}
			return fmt.Sprintf(t("%s: %s", "%s : %s"), name, formatProportion(s.SeatWins[seat]))
		})
	}
	for seat := 0; seat < maxSeats; seat++ {
		scored := false
		for _, s := range stats {
			scored = scored || seat < len(s.Scores)
		}
		if !scored {
			continue
		}
		add(fmt.Sprintf(t("seat %d score: mean (min–max)", "score de la place %d : moyenne (min–max)"), seat+1), func(s *Stats) string {
			if seat >= len(s.Scores) {
				return "–"
			}
			sc := s.Scores[seat]
			name := s.ScoreName
			if fr && s.scoreNameFR != "" {
				name = s.scoreNameFR
			}
			return fmt.Sprintf("%.2f (%d–%d) %s", sc.Mean, sc.Min, sc.Max, name)
		})
	}
	add(t("draws (95% CI)", "nulles (IC 95 %)"), func(s *Stats) string { return formatProportion(s.Draws) })
	add(t("over without winner", "finies sans gagnant"), func(s *Stats) string { return formatProportion(s.NoWinner) })
	add(t("passes among moves", "passes parmi les coups"), func(s *Stats) string { return formatProportion(s.Passes) })
	add(t("end reasons", "raisons de fin"), func(s *Stats) string {
		var parts []string
		for _, r := range s.Reasons {
			parts = append(parts, fmt.Sprintf("%s %d", game.ReasonText(r.Key, lang), r.Count))
		}
		return strings.Join(parts, "; ") // reasons may hold commas
	})
	return header, rows
}

func formatProportion(p Proportion) string {
	return fmt.Sprintf("%.1f%% (%.1f–%.1f)", 100*p.Rate, 100*p.Low, 100*p.High)
}

const reportIntro = `Self-play statistics: every seat is played by the same agent. Win rates
are per seat (seat 1 moves first) with 95% Wilson intervals; legal moves
are counted in every position where a seat had to move (a forced pass
counts as one move).`

func writeMarkdown(w io.Writer, stats []*Stats, plots Plots, doc reportDoc) error {
	var b strings.Builder
	b.WriteString("# " + doc.title + "\n\n" + doc.intro + "\n")
	cell := func(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
	for _, t := range doc.tables {
		b.WriteString("\n## " + t.heading + "\n\n")
		if t.text != "" {
			b.WriteString(t.text + "\n\n")
		}
		b.WriteString("|")
		for _, h := range t.header {
			b.WriteString(" " + cell(h) + " |")
		}
		b.WriteString("\n|")
		for range t.header {
			b.WriteString("---|")
		}
		b.WriteString("\n")
		for _, row := range t.rows {
			b.WriteString("|")
			for _, c := range row {
				b.WriteString(" " + cell(c) + " |")
			}
			b.WriteString("\n")
		}
	}
	if plots.Readings != "" {
		fmt.Fprintf(&b, "\n## Balance and draws by reading\n\nBalance gap with its range over the 95%% interval, and draw rate with its interval; lower is better.\n\n![Balance gap and draw rate by reading](%s)\n", plots.Readings)
	}
	fmt.Fprintf(&b, "\n## Game length\n\n![Histogram of game lengths](%s)\n", plots.Lengths)
	fmt.Fprintf(&b, "\n## Branching factor\n\nMean number of legal moves at each ply, over the games that reached it.\n\n![Branching factor by ply](%s)\n", plots.Branching)
	fmt.Fprintf(&b, "\n## Win rates by seat\n\nBars are 95%% Wilson intervals.\n\n![Win rates by seat](%s)\n", plots.WinRates)
	b.WriteString("\n## End reasons\n\n")
	for _, s := range stats {
		fmt.Fprintf(&b, "- %s:", s.Label)
		for _, r := range s.Reasons {
			fmt.Fprintf(&b, " %s %d (%.1f%%);", r.Key, r.Count, 100*float64(r.Count)/float64(max(s.Games, 1)))
		}
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func writeHTML(w io.Writer, stats []*Stats, plots Plots, doc reportDoc) error {
	var b strings.Builder
	e := html.EscapeString
	title := doc.title
	fmt.Fprintf(&b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>%s</title>\n", e(title))
	b.WriteString("<style>body{font-family:sans-serif;max-width:60em;margin:auto}table{border-collapse:collapse}td,th{border:1px solid #999;padding:.2em .5em;text-align:left}img{max-width:100%}</style>\n</head>\n<body>\n")
	fmt.Fprintf(&b, "<h1>%s</h1>\n<p>%s</p>\n", e(title), e(doc.intro))
	for _, t := range doc.tables {
		fmt.Fprintf(&b, "<h2>%s</h2>\n", e(t.heading))
		if t.text != "" {
			fmt.Fprintf(&b, "<p>%s</p>\n", e(t.text))
		}
		b.WriteString("<table>\n<tr>")
		for _, h := range t.header {
			fmt.Fprintf(&b, "<th>%s</th>", e(h))
		}
		b.WriteString("</tr>\n")
		for _, row := range t.rows {
			b.WriteString("<tr>")
			for i, c := range row {
				tag := "td"
				if i == 0 {
					tag = "th"
				}
				fmt.Fprintf(&b, "<%s>%s</%s>", tag, e(c), tag)
			}
			b.WriteString("</tr>\n")
		}
		b.WriteString("</table>\n")
	}
	if plots.Readings != "" {
		fmt.Fprintf(&b, "<h2>Balance and draws by reading</h2>\n<p>Balance gap with its range over the 95%% interval, and draw rate with its interval; lower is better.</p>\n<img src=\"%s\" alt=\"Balance gap and draw rate by reading\">\n", e(plots.Readings))
	}
	fmt.Fprintf(&b, "<h2>Game length</h2>\n<img src=\"%s\" alt=\"Histogram of game lengths\">\n", e(plots.Lengths))
	fmt.Fprintf(&b, "<h2>Branching factor</h2>\n<p>Mean number of legal moves at each ply, over the games that reached it.</p>\n<img src=\"%s\" alt=\"Branching factor by ply\">\n", e(plots.Branching))
	fmt.Fprintf(&b, "<h2>Win rates by seat</h2>\n<p>Bars are 95%% Wilson intervals.</p>\n<img src=\"%s\" alt=\"Win rates by seat\">\n", e(plots.WinRates))
	b.WriteString("<h2>End reasons</h2>\n<ul>\n")
	for _, s := range stats {
		fmt.Fprintf(&b, "<li>%s:", e(s.Label))
		for _, r := range s.Reasons {
			fmt.Fprintf(&b, " %s %d (%.1f%%);", e(r.Key), r.Count, 100*float64(r.Count)/float64(max(s.Games, 1)))
		}
		b.WriteString("</li>\n")
	}
	b.WriteString("</ul>\n</body>\n</html>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func titleOf(stats []*Stats) string {
	var labels []string
	for _, s := range stats {
		labels = append(labels, s.Label)
	}
	if len(stats) == 0 {
		return ""
	}
	return strings.Fields(stats[0].Variant)[0] + " (" + strings.Join(labels, " vs ") + ")"
}

const plotW, plotH = 16 * vg.Centimeter, 10 * vg.Centimeter

// PlotLengths draws the histogram of game lengths, one outline per variant.
func PlotLengths(stats []*Stats, path string) error {
	p, err := LengthsPlot(stats, "en")
	if err != nil {
		return err
	}
	return savePlot(p, path)
}

// LengthsPlot is the plot of PlotLengths, to be saved or written.
func LengthsPlot(stats []*Stats, lang string) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = plotText(lang, "Game length", "Longueur des parties")
	p.X.Label.Text = plotText(lang, "plies", "demi-coups")
	p.Y.Label.Text = plotText(lang, "games", "parties")
	lo, hi := 1<<30, 0
	for _, s := range stats {
		lo, hi = min(lo, s.Length.Min), max(hi, s.Length.Max)
	}
	// Shared bins make the variants comparable; about 25 of them.
	width := max(1, (hi-lo+25)/25)
	for i, s := range stats {
		var xy plotter.XYs
		for x := lo - lo%width; x <= hi; x += width {
			n := 0
			for _, l := range s.Lengths {
				if l >= x && l < x+width {
					n++
				}
			}
			xy = append(xy, plotter.XY{X: float64(x), Y: float64(n)}, plotter.XY{X: float64(x + width), Y: float64(n)})
		}
		if err := addLine(p, i, s.Label, xy); err != nil {
			return nil, err
		}
	}
	p.Legend.Top = true
	p.Add(plotter.NewGrid())
	return p, nil
}

// addLine adds the i-th variant's line, with its label in the legend.
func addLine(p *plot.Plot, i int, label string, xy plotter.XYs) error {
	line, err := plotter.NewLine(xy)
	if err != nil {
		return err
	}
	line.Color = plotutil.Color(i)
	line.Width = vg.Points(1.5)
	p.Add(line)
	p.Legend.Add(label, line)
	return nil
}

// PlotBranching draws the mean number of legal moves by ply, one line per
// variant, over the plies that at least 5% of the games (and at least one)
// reached: the last plies rest on a handful of games and only add noise.
func PlotBranching(stats []*Stats, path string) error {
	p, err := BranchingPlot(stats, "en")
	if err != nil {
		return err
	}
	return savePlot(p, path)
}

// BranchingPlot is the plot of PlotBranching, to be saved or written.
func BranchingPlot(stats []*Stats, lang string) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = plotText(lang, "Branching factor by ply", "Facteur de branchement par demi-coup")
	p.X.Label.Text = plotText(lang, "ply", "demi-coup")
	p.Y.Label.Text = plotText(lang, "mean legal moves", "coups légaux en moyenne")
	for i, s := range stats {
		var xy plotter.XYs
		for ply, mean := range s.BranchingByPly {
			if s.ReachedPly[ply] >= max(1, s.Games/20) {
				xy = append(xy, plotter.XY{X: float64(ply + 1), Y: mean})
			}
		}
		if len(xy) == 0 {
			continue
		}
		if err := addLine(p, i, s.Label, xy); err != nil {
			return nil, err
		}
	}
	p.Legend.Top = true
	p.Add(plotter.NewGrid())
	return p, nil
}

// errPoints are points with asymmetric vertical error bars.
type errPoints struct {
	plotter.XYs
	plotter.YErrors
}

// PlotWinRates draws each seat's win rate with its 95% interval, the
// variants side by side at each seat, and the draw rate after the seats.
func PlotWinRates(stats []*Stats, path string) error {
	p, err := WinRatesPlot(stats, "en")
	if err != nil {
		return err
	}
	return savePlot(p, path)
}

// WinRatesPlot is the plot of PlotWinRates, to be saved or written.
func WinRatesPlot(stats []*Stats, lang string) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = plotText(lang, "Win rate by seat (95% Wilson interval)", "Taux de victoire par place (intervalle de Wilson à 95 %)")
	p.Y.Label.Text = plotText(lang, "share of games", "part des parties")
	p.Y.Min, p.Y.Max = 0, 1
	maxSeats := 0
	for _, s := range stats {
		maxSeats = max(maxSeats, s.Players)
	}
	n := len(stats)
	for i, s := range stats {
		var pts errPoints
		props := append(append([]Proportion(nil), s.SeatWins...), s.Draws)
		for k, pr := range props {
			x := float64(k)
			if k == len(s.SeatWins) {
				x = float64(maxSeats) // the draws, after every seat
			}
			// Spread the variants around each seat's position.
			x += (float64(i) - float64(n-1)/2) * 0.8 / float64(max(n, 1))
			pts.XYs = append(pts.XYs, plotter.XY{X: x, Y: pr.Rate})
			pts.YErrors = append(pts.YErrors, struct{ Low, High float64 }{pr.Rate - pr.Low, pr.High - pr.Rate})
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
		p.Legend.Add(s.Label, sc)
	}
	var ticks []plot.Tick
	for seat := 0; seat < maxSeats; seat++ {
		ticks = append(ticks, plot.Tick{Value: float64(seat), Label: fmt.Sprintf(plotText(lang, "seat %d", "place %d"), seat+1)})
	}
	ticks = append(ticks, plot.Tick{Value: float64(maxSeats), Label: plotText(lang, "draw", "nulle")})
	p.X.Tick.Marker = plot.ConstantTicks(ticks)
	p.X.Min, p.X.Max = -0.6, float64(maxSeats)+0.6
	p.Legend.Top = true
	grid := plotter.NewGrid()
	grid.Vertical.Color = nil // seats are categories: no vertical lines (a transparent colour is written as an invalid SVG colour)
	p.Add(grid)
	return p, nil
}

// plotText is a plot's text in lang: the site draws its plots in French
// too.
func plotText(lang, en, fr string) string {
	if lang == "fr" {
		return fr
	}
	return en
}
