package lab

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"github.com/plateau-games/plateau/analysis"
	"github.com/plateau-games/plateau/store"
)

// report is what a finished run stores: the statistics of each reading
// (analysis.Stats, labelled by letter), and, in each language, the tables
// and the plots (SVG drawn by Go, as plateau lab writes them).
type report struct {
	Stats  []*analysis.Stats            `json:"stats"`
	Tables map[string]tables            `json:"tables"` // by language
	Plots  map[string]map[string]string `json:"plots"`  // by language, then plot name: SVG
}

// tables are a report's two tables in one language.
type tables struct {
	RankHeader []string   `json:"rank_header"`
	RankRows   [][]string `json:"rank_rows"`
	Header     []string   `json:"header"`
	Rows       [][]string `json:"rows"`
}

// siteDropped is the number of the lab table's first rows the site does
// not show (variant, agent, games, seed: analysis.TableIn).
const siteDropped = 4

// plotNames are the plots of a report, in the order shown.
var plotNames = []string{"readings", "winrates", "lengths", "branching"}

// langs are the languages a report is written in.
var langs = []string{"en", "fr"}

// buildReport computes the statistics of each reading from the stored
// results (in game order: the figures of analysis.Run) and draws them.
func (l *Lab) buildReport(run *store.LabRun, results []store.LabResult) (*report, error) {
	byReading := make([][]analysis.GameResult, len(run.Readings))
	for _, r := range results {
		var g analysis.GameResult
		if err := json.Unmarshal(r.JSON, &g); err != nil {
			return nil, fmt.Errorf("game %d of reading %d: %w", r.Game, r.Reading, err)
		}
		if r.Reading < 0 || r.Reading >= len(byReading) {
			return nil, fmt.Errorf("a result of reading %d", r.Reading)
		}
		byReading[r.Reading] = append(byReading[r.Reading], g)
	}
	rep := &report{Tables: map[string]tables{}, Plots: map[string]map[string]string{}}
	for i := range run.Readings {
		cfg, err := l.config(run, i)
		if err != nil {
			return nil, err
		}
		rep.Stats = append(rep.Stats, analysis.Compute(cfg, byReading[i]))
	}
	for _, lang := range langs {
		var t tables
		t.RankHeader, t.RankRows = analysis.RankingTableIn(rep.Stats, lang)
		t.Header, t.Rows = analysis.LabTableIn(rep.Stats, lang)
		// The variant, the agent, the games and the seed are the run's,
		// said above the tables in words: the rows would only repeat them
		// in the program's words.
		if len(t.Rows) > siteDropped {
			t.Rows = t.Rows[siteDropped:]
		}
		rep.Tables[lang] = t
		plots := map[string]string{}
		for _, name := range plotNames {
			svg, err := drawPlot(name, rep.Stats, lang)
			if err != nil {
				return nil, fmt.Errorf("plot %s: %w", name, err)
			}
			plots[name] = svg
		}
		rep.Plots[lang] = plots
	}
	return rep, nil
}

// drawPlot draws plot name as SVG.
func drawPlot(name string, stats []*analysis.Stats, lang string) (string, error) {
	var p *plot.Plot
	var err error
	switch name {
	case "readings":
		p, err = analysis.ReadingsPlot(stats, lang)
	case "winrates":
		p, err = analysis.WinRatesPlot(stats, lang)
	case "lengths":
		p, err = analysis.LengthsPlot(stats, lang)
	case "branching":
		p, err = analysis.BranchingPlot(stats, lang)
	default:
		return "", fmt.Errorf("no plot %q", name)
	}
	if err != nil {
		return "", err
	}
	c, err := p.WriterTo(16*vg.Centimeter, 10*vg.Centimeter, "svg")
	if err != nil {
		return "", err
	}
	var b bytes.Buffer
	if _, err := c.WriteTo(&b); err != nil {
		return "", err
	}
	return b.String(), nil
}

// plotHTML is a stored plot for a page: the SVG drawn by this server,
// from numbers only (the reading letters are the site's own).
func plotHTML(svg string) template.HTML {
	// The drawing's XML prologue has no place inside HTML.
	if i := strings.Index(svg, "<svg"); i > 0 {
		svg = svg[i:]
	}
	return template.HTML(svg)
}
