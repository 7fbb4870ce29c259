package ai

import (
	"math"
	"testing"
)

func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.IsInf(want, 0) {
		if got != want {
			t.Errorf("%s = %v, want %v", what, got, want)
		}
		return
	}
	if math.Abs(got-want) > tol {
		t.Errorf("%s = %.6f, want %.6f (±%g)", what, got, want, tol)
	}
}

// The expected values below were computed by hand (Python, double
// precision) from the formulas in the doc comments.
func TestEloFromScore(t *testing.T) {
	for _, tc := range []struct{ p, elo float64 }{
		{0.5, 0}, {0.75, 190.848502}, {0.6, 70.436504}, {0.7, 147.190714}, {0.25, -190.848502},
		{1, math.Inf(1)}, {0, math.Inf(-1)},
	} {
		near(t, "EloFromScore", EloFromScore(tc.p), tc.elo, 1e-5)
		if !math.IsInf(tc.elo, 0) {
			near(t, "ScoreFromElo", ScoreFromElo(tc.elo), tc.p, 1e-9)
		}
	}
}

func TestEloInterval(t *testing.T) {
	r := WDL{W: 60, D: 20, L: 20}
	near(t, "score", r.Score(), 0.7, 1e-12)
	near(t, "variance", r.Variance(), 0.16, 1e-12)
	e := Elo(r)
	near(t, "elo", e.Elo, 147.190714, 1e-5)
	near(t, "low", e.Low, 86.101949, 1e-5)
	near(t, "high", e.High, 218.419650, 1e-5)

	// A side that won everything: the interval is bounded below only.
	e = Elo(WDL{W: 20})
	near(t, "elo 20-0", e.Elo, math.Inf(1), 0)
	near(t, "low 20-0", e.Low, 441.137935, 1e-5)
	near(t, "high 20-0", e.High, math.Inf(1), 0)

	// With many games the smoothing vanishes: the plain trinomial
	// interval, p ± 1.96·0.4/√10000.
	e = Elo(WDL{W: 6000, D: 2000, L: 2000})
	near(t, "low, many games", e.Low, EloFromScore(0.7-z95*0.004), 0.1)
	near(t, "high, many games", e.High, EloFromScore(0.7+z95*0.004), 0.1)

	// Symmetry: the other side's interval is the mirror image.
	a, b := Elo(WDL{W: 13, D: 4, L: 3}), Elo(WDL{W: 3, D: 4, L: 13})
	near(t, "mirror elo", a.Elo, -b.Elo, 1e-9)
	near(t, "mirror low", a.Low, -b.High, 1e-9)
	if got := a.String(); got != "+191 [+59, +415]" {
		t.Errorf("String = %q", got)
	}
}

func TestSPRT(t *testing.T) {
	s, err := ParseSPRT("0,50")
	if err != nil {
		t.Fatal(err)
	}
	lo, hi := s.Bounds()
	near(t, "lower bound", lo, -2.944439, 1e-6)
	near(t, "upper bound", hi, 2.944439, 1e-6)
	for _, tc := range []struct {
		r   WDL
		llr float64
		v   Verdict
	}{
		{WDL{W: 60, D: 20, L: 20}, 7.305867, AcceptH1},
		{WDL{W: 30, D: 40, L: 30}, -1.699535, Continue},
		{WDL{W: 10}, 6.623094, AcceptH1},
		{WDL{W: 6}, 2.714569, Continue},
		{WDL{W: 7}, 3.532591, AcceptH1},
		{WDL{W: 6000, D: 2000, L: 2000}, 733.663843, AcceptH1},
		{WDL{W: 40, D: 120, L: 40}, -5.081758, AcceptH0},
	} {
		near(t, "LLR", s.LLR(tc.r), tc.llr, 1e-5)
		if got := s.Decide(tc.r); got != tc.v {
			t.Errorf("Decide(%+v) = %v, want %v", tc.r, got, tc.v)
		}
	}
	// Without smoothing the LLR of 6000-2000-2000 would be 733.695932.
	near(t, "LLR, many games", s.LLR(WDL{W: 6000, D: 2000, L: 2000}), 733.695932, 0.05)

	if s, err := ParseSPRT("-10, 20, 0.1, 0.2"); err != nil || s.Alpha != 0.1 || s.Beta != 0.2 || s.Elo0 != -10 {
		t.Errorf("ParseSPRT with alpha and beta: %+v %v", s, err)
	}
	for _, bad := range []string{"", "5", "50,0", "0,50,0.05", "0,x", "0,50,0.7,0.05", "0,50,0,0.05"} {
		if _, err := ParseSPRT(bad); err == nil {
			t.Errorf("ParseSPRT(%q) accepted", bad)
		}
	}
}
