package rating

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// oracleDir holds the reference implementation's results: cases.mjs run
// with the `openskill` npm package, its output committed as cases.json.
const oracleDir = "testdata/openskill"

type oracleOptions struct {
	Mu         *float64 `json:"mu"`
	Sigma      *float64 `json:"sigma"`
	Beta       *float64 `json:"beta"`
	Tau        *float64 `json:"tau"`
	Kappa      *float64 `json:"kappa"`
	LimitSigma bool     `json:"limitSigma"`
	Balance    bool     `json:"balance"`
	Z          *float64 `json:"z"`
	Alpha      *float64 `json:"alpha"`
	Target     *float64 `json:"target"`
}

type oracleCase struct {
	Name    string        `json:"name"`
	Options oracleOptions `json:"options"`
	Teams   [][]Skill     `json:"teams"`
	Rank    []int         `json:"rank"`
	Want    [][]Skill     `json:"want"`
}

type oracleFile struct {
	Reference string       `json:"reference"`
	Cases     []oracleCase `json:"cases"`
}

// config is the reference's options as an OpenSkillConfig: what the
// options do not give is the default, as in the reference.
func (o oracleOptions) config() OpenSkillConfig {
	c := DefaultOpenSkill()
	set := func(dst *float64, src *float64) {
		if src != nil {
			*dst = *src
		}
	}
	set(&c.Mu, o.Mu)
	set(&c.Sigma, o.Sigma)
	set(&c.Beta, o.Beta)
	set(&c.Tau, o.Tau)
	set(&c.Kappa, o.Kappa)
	set(&c.Z, o.Z)
	set(&c.Alpha, o.Alpha)
	set(&c.Target, o.Target)
	c.LimitSigma, c.Balance = o.LimitSigma, o.Balance
	return c
}

func readOracle(t *testing.T, data []byte) oracleFile {
	t.Helper()
	var f oracleFile
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatalf("reading the oracle data: %v", err)
	}
	return f
}

// TestOpenSkillReference checks every μ and σ of the reference's worked
// cases (four-player free-for-all, three players, ties, a draw, two teams
// of two, uneven priors and deviations, a leaver ranked last, teams of
// uneven size, the options, a sequence of games) to 1e-6.
func TestOpenSkillReference(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(oracleDir, "cases.json"))
	if err != nil {
		t.Fatal(err)
	}
	f := readOracle(t, data)
	if len(f.Cases) < 6 {
		t.Fatalf("%d cases in the oracle data; want at least 6", len(f.Cases))
	}
	t.Logf("reference: %s, %d cases", f.Reference, len(f.Cases))
	for _, tc := range f.Cases {
		t.Run(tc.Name, func(t *testing.T) {
			got, err := tc.Options.config().Rate(tc.Teams, tc.Rank)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tc.Want) {
				t.Fatalf("%d teams, want %d", len(got), len(tc.Want))
			}
			for i := range tc.Want {
				if len(got[i]) != len(tc.Want[i]) {
					t.Fatalf("team %d: %d players, want %d", i, len(got[i]), len(tc.Want[i]))
				}
				for j, w := range tc.Want[i] {
					g := got[i][j]
					if !near(g.Mu, w.Mu, 1e-6) || !near(g.Sigma, w.Sigma, 1e-6) {
						t.Errorf("team %d player %d: μ %.9f σ %.9f, reference μ %.9f σ %.9f", i, j, g.Mu, g.Sigma, w.Mu, w.Sigma)
					}
				}
			}
		})
	}
}

// TestOpenSkillReferenceRerun runs the oracle script again with Node and
// the reference package, when both are present, and checks that it still
// gives the committed data: the committed JSON is what it claims to be.
// Without node or without `npm ci` in testdata/openskill it is skipped;
// the committed JSON stays the oracle.
func TestOpenSkillReferenceRerun(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed")
	}
	if _, err := os.Stat(filepath.Join(oracleDir, "node_modules", "openskill", "package.json")); err != nil {
		t.Skip("the openskill package is not installed: run `npm ci` in rating/testdata/openskill")
	}
	cmd := exec.Command(node, "cases.mjs")
	cmd.Dir = oracleDir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node cases.mjs: %v\n%s", err, stderr.String())
	}
	committed, err := os.ReadFile(filepath.Join(oracleDir, "cases.json"))
	if err != nil {
		t.Fatal(err)
	}
	fresh, old := readOracle(t, out), readOracle(t, committed)
	if len(fresh.Cases) != len(old.Cases) {
		t.Fatalf("the script gives %d cases, the committed data %d: regenerate cases.json", len(fresh.Cases), len(old.Cases))
	}
	for k := range fresh.Cases {
		a, b := fresh.Cases[k], old.Cases[k]
		if a.Name != b.Name {
			t.Fatalf("case %d is %q, committed %q: regenerate cases.json", k, a.Name, b.Name)
		}
		for i := range a.Want {
			for j := range a.Want[i] {
				if !near(a.Want[i][j].Mu, b.Want[i][j].Mu, 1e-12) || !near(a.Want[i][j].Sigma, b.Want[i][j].Sigma, 1e-12) {
					t.Errorf("%s: team %d player %d: script gives %v, committed %v", a.Name, i, j, a.Want[i][j], b.Want[i][j])
				}
			}
		}
	}
}

// TestOpenSkillProperties checks what the model promises whatever the
// numbers: in a free-for-all of equal players the better place gains
// more, μ is conserved in sum up to the deviations' weights (equal here),
// ties between equal players change them equally, and every σ shrinks.
func TestOpenSkillProperties(t *testing.T) {
	c := DefaultOpenSkill()
	n := NewSkill()
	got, err := c.Rate([][]Skill{{n}, {n}, {n}, {n}}, []int{1, 2, 3, 4})
	if err != nil {
		t.Fatal(err)
	}
	var sum float64
	for i := range got {
		sum += got[i][0].Mu
		if i > 0 && !(got[i][0].Mu < got[i-1][0].Mu) {
			t.Errorf("place %d μ %v is not below place %d μ %v", i+1, got[i][0].Mu, i, got[i-1][0].Mu)
		}
		if !(got[i][0].Sigma < n.Sigma) {
			t.Errorf("place %d σ %v did not shrink", i+1, got[i][0].Sigma)
		}
	}
	if !near(sum, 4*n.Mu, 1e-9) {
		t.Errorf("sum of μ %v, want %v (equal deviations)", sum, 4*n.Mu)
	}

	tied, err := c.Rate([][]Skill{{n}, {n}, {n}}, []int{2, 2, 2})
	if err != nil {
		t.Fatal(err)
	}
	for i := range tied {
		if !near(tied[i][0].Mu, n.Mu, 1e-9) || tied[i][0] != tied[0][0] {
			t.Errorf("a three-way tie of equal players moved player %d to %v", i, tied[i][0])
		}
	}

	// Seat order does not matter: the same game given in another order
	// gives the same ratings.
	a := Skill{Mu: 30, Sigma: 3}
	b := Skill{Mu: 21, Sigma: 6}
	d := Skill{Mu: 26, Sigma: 4.5}
	one, err := c.Rate([][]Skill{{a}, {b}, {d}}, []int{3, 1, 2})
	if err != nil {
		t.Fatal(err)
	}
	two, err := c.Rate([][]Skill{{b}, {d}, {a}}, []int{1, 2, 3})
	if err != nil {
		t.Fatal(err)
	}
	if one[0][0] != two[2][0] || one[1][0] != two[0][0] || one[2][0] != two[1][0] {
		t.Errorf("order changed the result: %v and %v", one, two)
	}

	// Input is not modified.
	in := [][]Skill{{a}, {b}}
	if _, err := c.Rate(in, []int{1, 2}); err != nil || in[0][0] != a || in[1][0] != b {
		t.Errorf("Rate modified its input: %v (%v)", in, err)
	}
}

// TestOpenSkillRateSeats checks the seat form: partners are grouped into
// their team and get the team result, in seat order.
func TestOpenSkillRateSeats(t *testing.T) {
	c := DefaultOpenSkill()
	s := []Skill{{Mu: 20.5, Sigma: 4.2}, {Mu: 29.8, Sigma: 2.3}, {Mu: 23, Sigma: 7.1}, {Mu: 27.4, Sigma: 3.9}}
	// Seats 1 and 3 against 2 and 4 (0-based 0, 2 against 1, 3): the
	// first team wins.
	got, err := c.RateSeats(s, []int{0, 1, 0, 1}, []int{1, 2, 1, 2})
	if err != nil {
		t.Fatal(err)
	}
	want, err := c.Rate([][]Skill{{s[0], s[2]}, {s[1], s[3]}}, []int{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	if got[0] != want[0][0] || got[2] != want[0][1] || got[1] != want[1][0] || got[3] != want[1][1] {
		t.Errorf("RateSeats = %v, Rate gives %v", got, want)
	}
	if _, err := c.RateSeats(s, []int{0, 1, 0, 1}, []int{1, 2, 2, 1}); !errors.Is(err, ErrInvalid) {
		t.Errorf("partners with different ranks: err = %v, want ErrInvalid", err)
	}
	ffa, err := c.RateSeats(s[:3], nil, []int{2, 1, 3})
	if err != nil {
		t.Fatal(err)
	}
	direct, _ := c.Rate([][]Skill{{s[0]}, {s[1]}, {s[2]}}, []int{2, 1, 3})
	for i := range ffa {
		if ffa[i] != direct[i][0] {
			t.Errorf("seat %d: %v, want %v", i, ffa[i], direct[i][0])
		}
	}
}

// TestOpenSkillDisplay checks the display scale: a new player shows what
// a new Glicko-2 player shows, and a gap of 200 points between settled
// players means what it means in Elo: a 76% expected score, here under the
// model's own two-player Plackett-Luce probability.
func TestOpenSkillDisplay(t *testing.T) {
	if got := Display(NewSkill()); !near(got, Default().Rating, 1e-9) {
		t.Errorf("a new player shows %v, a new Glicko-2 player %v", got, Default().Rating)
	}
	if !near(DisplayPerMu, 29.4809, 1e-4) {
		t.Errorf("DisplayPerMu = %v, want 29.4809", DisplayPerMu)
	}
	if got := Display(Skill{Mu: 25, Sigma: 2}); !near(got, 1500+DisplayPerMu*19, 1e-9) {
		t.Errorf("25 ± 2 shows %v, want %v", got, 1500+DisplayPerMu*19)
	}
	// Two settled players (σ → 0 for the model's probability) 200 points
	// apart: the model's chance that the stronger places first equals
	// Elo's 1/(1 + 10^(−200/400)).
	a := Skill{Mu: 30, Sigma: 1}
	b := Skill{Mu: 30 - 200/DisplayPerMu, Sigma: 1}
	if d := Display(a) - Display(b); !near(d, 200, 1e-9) {
		t.Fatalf("gap %v, want 200", d)
	}
	c := math.Sqrt2 * OpenSkillBeta // c with σ → 0: sqrt(2β²)
	pl := math.Exp(a.Mu/c) / (math.Exp(a.Mu/c) + math.Exp(b.Mu/c))
	elo := 1 / (1 + math.Pow(10, -200.0/400))
	if !near(pl, elo, 1e-12) || !near(pl, 0.76, 0.001) {
		t.Errorf("200 points: Plackett-Luce %v, Elo %v", pl, elo)
	}
	// A winner of a game of four new players climbs, the last drops.
	r, _ := DefaultOpenSkill().Rate([][]Skill{{NewSkill()}, {NewSkill()}, {NewSkill()}, {NewSkill()}}, []int{1, 2, 3, 4})
	if !(Display(r[0][0]) > 1500) || !(Display(r[3][0]) < 1500) {
		t.Errorf("after a game: first %v, last %v", Display(r[0][0]), Display(r[3][0]))
	}
}

// TestOpenSkillBadInput checks that every input Rate cannot use gives a
// clear error, never a panic.
func TestOpenSkillBadInput(t *testing.T) {
	n := NewSkill()
	good := DefaultOpenSkill()
	big := make([][]Skill, MaxOpenSkillTeams+1)
	for i := range big {
		big[i] = []Skill{n}
	}
	bigRanks := make([]int, len(big))
	huge := make([]Skill, MaxOpenSkillTeamSize+1)
	for i := range huge {
		huge[i] = n
	}
	mod := func(f func(*OpenSkillConfig)) OpenSkillConfig { c := good; f(&c); return c }
	tests := []struct {
		name  string
		c     OpenSkillConfig
		teams [][]Skill
		ranks []int
		want  error
	}{
		{"zero config", OpenSkillConfig{}, [][]Skill{{n}, {n}}, []int{1, 2}, ErrInvalid},
		{"negative beta", mod(func(c *OpenSkillConfig) { c.Beta = -1 }), [][]Skill{{n}, {n}}, []int{1, 2}, ErrInvalid},
		{"NaN tau", mod(func(c *OpenSkillConfig) { c.Tau = math.NaN() }), [][]Skill{{n}, {n}}, []int{1, 2}, ErrInvalid},
		{"kappa above 1", mod(func(c *OpenSkillConfig) { c.Kappa = 2 }), [][]Skill{{n}, {n}}, []int{1, 2}, ErrInvalid},
		{"balance with infinite z", mod(func(c *OpenSkillConfig) { c.Balance, c.Z = true, math.Inf(1) }), [][]Skill{{n}, {n}}, []int{1, 2}, ErrInvalid},
		{"one team", good, [][]Skill{{n, n}}, []int{1}, ErrInvalid},
		{"no teams", good, nil, nil, ErrInvalid},
		{"too many teams", good, big, bigRanks, ErrInvalid},
		{"team too large", good, [][]Skill{huge, {n}}, []int{1, 2}, ErrInvalid},
		{"empty team", good, [][]Skill{{}, {n}}, []int{1, 2}, ErrInvalid},
		{"ranks missing", good, [][]Skill{{n}, {n}}, []int{1}, ErrInvalid},
		{"NaN mu", good, [][]Skill{{{Mu: math.NaN(), Sigma: 1}}, {n}}, []int{1, 2}, ErrInvalid},
		{"zero sigma", good, [][]Skill{{{Mu: 25, Sigma: 0}}, {n}}, []int{1, 2}, ErrInvalid},
		{"infinite sigma", good, [][]Skill{{{Mu: 25, Sigma: math.Inf(1)}}, {n}}, []int{1, 2}, ErrInvalid},
		{"overflowing sigma", good, [][]Skill{{{Mu: 25, Sigma: 1e300}}, {n}}, []int{1, 2}, ErrNumeric},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.c.Rate(tt.teams, tt.ranks)
			if !errors.Is(err, tt.want) {
				t.Fatalf("Rate = %v, %v; want an error wrapping %v", got, err, tt.want)
			}
			t.Logf("%v", err)
		})
	}
	// Extreme but finite skills stay finite: the strengths are shifted
	// before exp.
	got, err := good.Rate([][]Skill{{{Mu: 1e6, Sigma: 1}}, {{Mu: -1e6, Sigma: 1}}}, []int{2, 1})
	if err != nil {
		t.Fatal(err)
	}
	if !finite(got[0][0].Mu, got[1][0].Mu) {
		t.Errorf("extreme skills gave %v", got)
	}
}
