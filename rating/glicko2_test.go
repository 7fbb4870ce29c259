package rating

import (
	"errors"
	"math"
	"strings"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// TestGlickmanExample checks the worked example of Glickman's paper.
func TestGlickmanExample(t *testing.T) {
	player := Rating{Rating: 1500, Deviation: 200, Volatility: 0.06}
	results := []Result{
		{Opponent: Rating{Rating: 1400, Deviation: 30, Volatility: 0.06}, Score: 1},
		{Opponent: Rating{Rating: 1550, Deviation: 100, Volatility: 0.06}, Score: 0},
		{Opponent: Rating{Rating: 1700, Deviation: 300, Volatility: 0.06}, Score: 0},
	}
	tests := []struct {
		name string
		cfg  Config
	}{
		{"default clamps", Config{Tau: 0.5}},
		{"DefaultConfig", DefaultConfig()},
		{"explicit clamps", Config{Tau: 0.5, MinDeviation: 30, MaxDeviation: 350}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.cfg.Update(player, results)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("got %.4f / %.4f / %.6f", got.Rating, got.Deviation, got.Volatility)
			if !near(got.Rating, 1464.06, 0.01) {
				t.Errorf("Rating = %.4f, want 1464.06 ± 0.01", got.Rating)
			}
			if !near(got.Deviation, 151.52, 0.01) {
				t.Errorf("Deviation = %.4f, want 151.52 ± 0.01", got.Deviation)
			}
			if !near(got.Volatility, 0.05999, 0.00001) {
				t.Errorf("Volatility = %.6f, want 0.05999 ± 0.00001", got.Volatility)
			}
			// Glickman's figures come from his rounded Glicko-2 scale values,
			// μ' = −0.2069 and φ' = 0.8722 (step 8): exact arithmetic gives
			// 1464.0507, whose μ' rounds to his.
			mu, phi := (got.Rating-1500)/Scale, got.Deviation/Scale
			if math.Round(mu*1e4) != -2069 || math.Round(phi*1e4) != 8722 {
				t.Errorf("μ' = %.6f, φ' = %.6f; Glickman has −0.2069 and 0.8722", mu, phi)
			}
		})
	}
}

func TestNoGames(t *testing.T) {
	tests := []Rating{
		{Rating: 1500, Deviation: 200, Volatility: 0.06},
		{Rating: 1820, Deviation: 50, Volatility: 0.09},
		{Rating: 1100, Deviation: 120, Volatility: 0.03},
	}
	for _, r := range tests {
		got, err := DefaultConfig().Update(r, nil)
		if err != nil {
			t.Fatal(err)
		}
		phi := r.Deviation / Scale
		want := math.Sqrt(phi*phi+r.Volatility*r.Volatility) * Scale
		if got.Rating != r.Rating || got.Volatility != r.Volatility {
			t.Errorf("%v: rating or volatility changed to %v", r, got)
		}
		if !near(got.Deviation, want, 1e-9) || !(got.Deviation > r.Deviation) {
			t.Errorf("%v: Deviation = %v, want %v", r, got.Deviation, want)
		}
	}

	// An inactive player never becomes less certain than an unrated one.
	got, err := DefaultConfig().Update(Rating{Rating: 1600, Deviation: 349.9, Volatility: 0.06}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got.Deviation != DefaultMaxDeviation {
		t.Errorf("Deviation = %v, want the clamp %v", got.Deviation, DefaultMaxDeviation)
	}
}

func TestSymmetry(t *testing.T) {
	cfg := DefaultConfig()
	tests := []Rating{
		Default(),
		{Rating: 1700, Deviation: 80, Volatility: 0.06},
		{Rating: 1300, Deviation: 200, Volatility: 0.05},
	}
	for _, p := range tests {
		winner, err := cfg.Update(p, []Result{{Opponent: p, Score: 1}})
		if err != nil {
			t.Fatal(err)
		}
		loser, err := cfg.Update(p, []Result{{Opponent: p, Score: 0}})
		if err != nil {
			t.Fatal(err)
		}
		gain, loss := winner.Rating-p.Rating, p.Rating-loser.Rating
		if !(gain > 0) || !near(gain, loss, 1e-9) {
			t.Errorf("%v: gain %v, loss %v; want equal and positive", p, gain, loss)
		}
		if !near(winner.Deviation, loser.Deviation, 1e-9) {
			t.Errorf("%v: deviations %v and %v differ", p, winner.Deviation, loser.Deviation)
		}
		draw, err := cfg.Update(p, []Result{{Opponent: p, Score: 0.5}})
		if err != nil {
			t.Fatal(err)
		}
		if !near(draw.Rating, p.Rating, 1e-9) {
			t.Errorf("%v: draw moved the rating to %v", p, draw.Rating)
		}
	}
}

func TestExpected(t *testing.T) {
	opp := Rating{Rating: 1500, Deviation: 100, Volatility: 0.06}
	if e := Expected(opp, opp); e != 0.5 {
		t.Errorf("Expected(equal) = %v, want 0.5", e)
	}
	prev := 0.0
	for r := 500.0; r <= 2500; r += 50 {
		e := Expected(Rating{Rating: r, Deviation: 200, Volatility: 0.06}, opp)
		if !(e > prev && e < 1) {
			t.Fatalf("Expected at %v = %v, not increasing from %v", r, e, prev)
		}
		prev = e
	}
	// Glickman's table: E against 1400/30 is 0.639.
	e := Expected(Rating{Rating: 1500, Deviation: 200, Volatility: 0.06}, Rating{Rating: 1400, Deviation: 30, Volatility: 0.06})
	if !near(e, 0.639, 0.001) {
		t.Errorf("Expected vs 1400/30 = %v, want 0.639", e)
	}
}

func TestInterval(t *testing.T) {
	lo, hi := Rating{Rating: 1500, Deviation: 100, Volatility: 0.06}.Interval()
	if lo != 1304 || hi != 1696 {
		t.Errorf("Interval = %v, %v; want 1304, 1696", lo, hi)
	}
}

func TestErrors(t *testing.T) {
	ok := Default()
	good := []Result{{Opponent: ok, Score: 1}}
	nan, inf := math.NaN(), math.Inf(1)
	tests := []struct {
		name    string
		cfg     Config
		r       Rating
		results []Result
		field   string
	}{
		{"tau zero", Config{}, ok, good, "Tau"},
		{"tau negative", Config{Tau: -0.5}, ok, good, "Tau"},
		{"tau NaN", Config{Tau: nan}, ok, good, "Tau"},
		{"tau Inf", Config{Tau: inf}, ok, good, "Tau"},
		{"min negative", Config{Tau: 0.5, MinDeviation: -1}, ok, good, "MinDeviation"},
		{"min NaN", Config{Tau: 0.5, MinDeviation: nan}, ok, good, "MinDeviation"},
		{"max Inf", Config{Tau: 0.5, MaxDeviation: inf}, ok, good, "MaxDeviation"},
		{"max negative", Config{Tau: 0.5, MaxDeviation: -350}, ok, good, "MaxDeviation"},
		{"min above max", Config{Tau: 0.5, MinDeviation: 100, MaxDeviation: 50}, ok, good, "MinDeviation"},
		{"rating NaN", DefaultConfig(), Rating{nan, 350, 0.06}, good, "Rating"},
		{"rating Inf", DefaultConfig(), Rating{-inf, 350, 0.06}, good, "Rating"},
		{"deviation zero", DefaultConfig(), Rating{1500, 0, 0.06}, good, "Deviation"},
		{"deviation negative", DefaultConfig(), Rating{1500, -10, 0.06}, good, "Deviation"},
		{"deviation NaN", DefaultConfig(), Rating{1500, nan, 0.06}, nil, "Deviation"},
		{"deviation Inf", DefaultConfig(), Rating{1500, inf, 0.06}, good, "Deviation"},
		{"volatility zero", DefaultConfig(), Rating{1500, 350, 0}, good, "Volatility"},
		{"volatility negative", DefaultConfig(), Rating{1500, 350, -0.06}, good, "Volatility"},
		{"volatility NaN", DefaultConfig(), Rating{1500, 350, nan}, nil, "Volatility"},
		{"volatility Inf", DefaultConfig(), Rating{1500, 350, inf}, good, "Volatility"},
		{"opponent deviation", DefaultConfig(), ok, []Result{{Opponent: Rating{1500, 0, 0.06}, Score: 1}}, "results[0].Opponent Deviation"},
		{"opponent rating NaN", DefaultConfig(), ok, []Result{good[0], {Opponent: Rating{nan, 50, 0.06}}}, "results[1].Opponent Rating"},
		{"opponent volatility", DefaultConfig(), ok, []Result{{Opponent: Rating{1500, 50, -1}}}, "results[0].Opponent Volatility"},
		{"score above 1", DefaultConfig(), ok, []Result{{Opponent: ok, Score: 1.5}}, "results[0].Score"},
		{"score negative", DefaultConfig(), ok, []Result{{Opponent: ok, Score: -0.1}}, "Score"},
		{"score NaN", DefaultConfig(), ok, []Result{{Opponent: ok, Score: nan}}, "Score"},
		{"too many results", DefaultConfig(), ok, make([]Result, MaxResults+1), "len(results)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.cfg.Update(tt.r, tt.results)
			if err == nil {
				t.Fatalf("no error, got %v", got)
			}
			if !errors.Is(err, ErrInvalid) {
				t.Errorf("error %q does not wrap ErrInvalid", err)
			}
			if !strings.Contains(err.Error(), tt.field) || !strings.Contains(err.Error(), "accepted") {
				t.Errorf("error %q does not name %q and what is accepted", err, tt.field)
			}
		})
	}

	// MaxResults itself is accepted.
	many := make([]Result, MaxResults)
	for i := range many {
		many[i] = Result{Opponent: ok, Score: float64(i % 2)}
	}
	if _, err := DefaultConfig().Update(ok, many); err != nil {
		t.Errorf("MaxResults results: %v", err)
	}
}

// TestNumeric checks that valid but extreme inputs give ErrNumeric, not a
// wrong rating or an endless loop.
func TestNumeric(t *testing.T) {
	tests := []struct {
		name    string
		r       Rating
		results []Result
	}{
		{"rating gap", Rating{1e12, 50, 0.06}, []Result{{Opponent: Default(), Score: 0}}},
		{"huge deviation", Rating{1500, 1e200, 0.06}, []Result{{Opponent: Default(), Score: 1}}},
		{"huge volatility", Rating{1500, 200, 1e200}, []Result{{Opponent: Default(), Score: 1}}},
		{"tiny volatility", Rating{1500, 200, 1e-200}, []Result{{Opponent: Default(), Score: 1}}},
		{"huge volatility, no games", Rating{1500, 200, 1e200}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := DefaultConfig().Update(tt.r, tt.results)
			if !errors.Is(err, ErrNumeric) {
				t.Errorf("got %v, %v; want ErrNumeric", got, err)
			}
		})
	}
}

func FuzzUpdate(f *testing.F) {
	f.Add(1500.0, 200.0, 0.06, 0.5, 0.0, 0.0, 1400.0, 30.0, 0.06, 1.0, uint8(3))
	f.Add(1500.0, 350.0, 0.06, 0.5, 30.0, 350.0, 1500.0, 350.0, 0.06, 0.5, uint8(0))
	f.Add(2400.0, 31.0, 0.02, 1.2, 10.0, 500.0, 800.0, 300.0, 0.2, 0.0, uint8(10))
	f.Add(-1e300, 1e-300, 1e300, 1e-300, 0.0, 0.0, 1e300, 1e300, 1e-300, 1.0, uint8(1))
	f.Fuzz(func(t *testing.T, r, d, v, tau, minD, maxD, oppR, oppD, oppV, score float64, n uint8) {
		cfg := Config{Tau: tau, MinDeviation: minD, MaxDeviation: maxD}
		results := make([]Result, int(n)%16)
		for i := range results {
			// Vary opponents a little so the results are not all alike.
			results[i] = Result{
				Opponent: Rating{Rating: oppR + float64(i)*37, Deviation: oppD, Volatility: oppV},
				Score:    math.Mod(score+float64(i)*0.5, 1.5),
			}
		}
		got, err := cfg.Update(Rating{Rating: r, Deviation: d, Volatility: v}, results)
		if err != nil {
			if !errors.Is(err, ErrInvalid) && !errors.Is(err, ErrNumeric) {
				t.Fatalf("error %q wraps neither ErrInvalid nor ErrNumeric", err)
			}
			return
		}
		lo, hi, cerr := cfg.clamps()
		if cerr != nil {
			t.Fatalf("Update accepted a config clamps rejects: %v", cerr)
		}
		if !finite(got.Rating, got.Deviation, got.Volatility) {
			t.Fatalf("non-finite result %v", got)
		}
		if got.Deviation < lo || got.Deviation > hi {
			t.Fatalf("Deviation %v outside [%v, %v]", got.Deviation, lo, hi)
		}
		if !(got.Volatility > 0) {
			t.Fatalf("Volatility %v not positive", got.Volatility)
		}
	})
}

func BenchmarkUpdate(b *testing.B) {
	cfg := DefaultConfig()
	p := Rating{Rating: 1620, Deviation: 120, Volatility: 0.06}
	results := make([]Result, 10)
	for i := range results {
		results[i] = Result{
			Opponent: Rating{Rating: 1400 + float64(i)*50, Deviation: 60 + float64(i)*20, Volatility: 0.06},
			Score:    float64(i%3) / 2,
		}
	}
	for b.Loop() {
		if _, err := cfg.Update(p, results); err != nil {
			b.Fatal(err)
		}
	}
}
