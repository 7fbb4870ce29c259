package analysis

import (
	"context"
	"encoding/xml"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	_ "github.com/plateau-games/plateau/games/all"
)

func TestWilsonKnownValues(t *testing.T) {
	// Reference values from the closed form (and, to 4 digits, the
	// published tables: 5/10 gives 0.2366–0.7634, 8/10 0.4902–0.9433).
	cases := []struct {
		k, n      int
		low, high float64
	}{
		{0, 10, 0, 0.2775327998628892},
		{5, 10, 0.236593090512564, 0.7634069094874361},
		{8, 10, 0.4901624715366418, 0.9433178485456248},
		{81, 263, 0.2552885198782742, 0.36620957698280004},
		{10, 10, 1 - 0.2775327998628892, 1},
	}
	for _, c := range cases {
		lo, hi := Wilson(c.k, c.n, Z95)
		if math.Abs(lo-c.low) > 1e-12 || math.Abs(hi-c.high) > 1e-12 {
			t.Errorf("Wilson(%d, %d) = %.6f–%.6f, want %.6f–%.6f", c.k, c.n, lo, hi, c.low, c.high)
		}
	}
	if lo, hi := Wilson(0, 0, Z95); lo != 0 || hi != 1 {
		t.Errorf("Wilson(0, 0) = %v–%v, want 0–1", lo, hi)
	}
	p := NewProportion(3, 4)
	if p.Rate != 0.75 || p.Low >= 0.75 || p.High <= 0.75 {
		t.Errorf("NewProportion(3, 4) = %+v", p)
	}
}

func TestSummarise(t *testing.T) {
	s := Summarise([]int{4, 1, 3, 2})
	want := Summary{Mean: 2.5, StdDev: math.Sqrt(5.0 / 3), Min: 1, Median: 2.5, Max: 4}
	if math.Abs(s.StdDev-want.StdDev) > 1e-12 {
		t.Errorf("stddev %v, want %v", s.StdDev, want.StdDev)
	}
	s.StdDev = want.StdDev
	if s != want {
		t.Errorf("Summarise = %+v, want %+v", s, want)
	}
	if s := Summarise([]int{7, 1, 5}); s.Median != 5 {
		t.Errorf("median of 1 5 7 = %v", s.Median)
	}
}

func TestCompute(t *testing.T) {
	v, err := game.NewVariant("pogo", nil)
	if err != nil {
		t.Fatal(err)
	}
	results := []GameResult{
		{Plies: 3, Legal: []int{2, 4, 6}, Outcome: game.Outcome{Status: game.Win, Winners: 1, Reason: "a"}},
		{Plies: 2, Legal: []int{2, 1}, Passes: 1, Outcome: game.Outcome{Status: game.Win, Winners: 2, Reason: "a"}},
		{Plies: 1, Legal: []int{4}, Outcome: game.Outcome{Status: game.Draw, Reason: "ply limit"}},
		{Plies: 2, Legal: []int{4, 3}, Outcome: game.Outcome{Status: game.Win, Winners: 1, Reason: "a"}},
	}
	st := Compute(Config{Variant: v, Label: "x", Agent: "random"}, results)
	if st.SeatWins[0].Count != 2 || st.SeatWins[1].Count != 1 || st.Draws.Count != 1 || st.Games != 4 {
		t.Errorf("wins %+v draws %+v", st.SeatWins, st.Draws)
	}
	if want := []float64{3, 8.0 / 3, 6}; !reflect.DeepEqual(st.BranchingByPly, want) {
		t.Errorf("branching by ply %v, want %v", st.BranchingByPly, want)
	}
	if want := []int{4, 3, 1}; !reflect.DeepEqual(st.ReachedPly, want) {
		t.Errorf("reached %v, want %v", st.ReachedPly, want)
	}
	if st.Branching.Mean != 26.0/8 || st.BranchingCounts[4] != 3 || st.BranchingCounts[2] != 2 {
		t.Errorf("branching %+v counts %v", st.Branching, st.BranchingCounts)
	}
	if st.Passes.Count != 1 || st.Passes.Total != 8 {
		t.Errorf("passes %+v", st.Passes)
	}
	if want := []Count{{"a", 3}, {"ply limit", 1}}; !reflect.DeepEqual(st.Reasons, want) {
		t.Errorf("reasons %v, want %v", st.Reasons, want)
	}
}

func TestComputeScores(t *testing.T) {
	v, err := game.NewVariant("solitaire", nil)
	if err != nil {
		t.Fatal(err)
	}
	over := func(left int) GameResult {
		return GameResult{Plies: 36 - left, Outcome: game.Outcome{Status: game.Over, Scores: [game.MaxPlayers]int{left}, Reason: "no jump left"}}
	}
	st := Compute(Config{Variant: v, Label: "book"}, []GameResult{over(3), over(5), over(10)})
	if st.ScoreName != "pieces left" || len(st.Scores) != 1 || st.Scores[0].Mean != 6 || st.Scores[0].Median != 5 {
		t.Errorf("scores %q %+v", st.ScoreName, st.Scores)
	}
	if st.NoWinner.Count != 3 || st.SeatWins[0].Count != 0 {
		t.Errorf("no winner %+v, wins %+v", st.NoWinner, st.SeatWins)
	}
}

// TestReportOnPogo runs a small analysis and checks the report and its
// plots: the expected sections, and plot files that decode.
func TestReportOnPogo(t *testing.T) {
	v, err := game.NewVariant("pogo", nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Variant: v, Label: "pogo", Agent: "random", Games: 30, Seed: 7, Parallel: 3}
	st, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	// The statistics do not depend on the number of parallel games.
	cfg.Parallel = 1
	again, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(st, again) {
		t.Error("the statistics changed with Parallel")
	}
	if st.Games != 30 || len(st.Lengths) != 30 || st.Branching.Mean <= 0 {
		t.Errorf("stats %+v", st)
	}
	wins := st.Draws.Count + st.NoWinner.Count
	for _, w := range st.SeatWins {
		wins += w.Count
	}
	if wins != 30 { // POGO has no team: one winner or a draw per game
		t.Errorf("wins and draws add up to %d of 30 games", wins)
	}
	dir := t.TempDir()
	for _, format := range []struct{ report, plots string }{{"r.md", "svg"}, {"r.html", "png"}} {
		path := filepath.Join(dir, format.report)
		plots, err := WriteReport(path, []*Stats{st, again}, format.plots)
		if err != nil {
			t.Fatal(err)
		}
		text, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"Summary", "Game length", "Branching factor", "Win rates by seat", "End reasons", "seat 1 wins", plots.Lengths, plots.Branching, plots.WinRates} {
			if !strings.Contains(string(text), want) {
				t.Errorf("%s lacks %q", format.report, want)
			}
		}
		for _, name := range []string{plots.Lengths, plots.Branching, plots.WinRates} {
			checkPlot(t, filepath.Join(dir, name), format.plots)
		}
	}
	if _, err := WriteReport(filepath.Join(dir, "r.txt"), []*Stats{st}, "svg"); err == nil {
		t.Error("a .txt report was accepted")
	}
}

func checkPlot(t *testing.T, path, format string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if format == "png" {
		img, err := png.Decode(f)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if b := img.Bounds(); b.Dx() < 100 || b.Dy() < 100 {
			t.Errorf("%s is only %v", path, b)
		}
		return
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	if !strings.Contains(s, "<svg") || !strings.HasSuffix(strings.TrimSpace(s), "</svg>") {
		t.Errorf("%s is not an SVG document", path)
	}
	// A transparent colour given to the plot library comes out as
	// "#-8000000000000000..." (its components divided by a zero alpha):
	// an invalid SVG colour, so every colour must be six hex digits.
	if bad := regexp.MustCompile(`#[^0-9A-Fa-f][^;"]*`).FindString(s); bad != "" {
		t.Errorf("%s has an invalid colour %q", path, bad)
	}
	dec := xml.NewDecoder(strings.NewReader(s))
	for {
		_, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%s is not well-formed XML: %v", path, err)
		}
	}
}

// TestOpeningsVaryGames: a deterministic player plays one game over and
// over; random opening plies make the games differ, and Distinct says so.
func TestOpeningsVaryGames(t *testing.T) {
	v, err := game.NewVariant("pogo", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ openings, atLeast, atMost int }{{0, 1, 1}, {2, 6, 10}} {
		st, err := Run(context.Background(), Config{Variant: v, Agent: "alphabeta:depth=2", Games: 10, Seed: 1, Parallel: 2, Openings: tc.openings})
		if err != nil {
			t.Fatal(err)
		}
		if st.Distinct < tc.atLeast || st.Distinct > tc.atMost || st.Openings != tc.openings {
			t.Errorf("openings %d: %d distinct games of 10, want %d to %d", tc.openings, st.Distinct, tc.atLeast, tc.atMost)
		}
	}
}
