package render

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/plateau-games/plateau/game"
)

// BenchmarkSVG draws a mid-game position of every game: the server draws
// one for every move it plays.
func BenchmarkSVG(b *testing.B) {
	for _, g := range game.Games() {
		if !Supported(g.ID) {
			continue
		}
		v, err := g.Variant(g.AllVariants()[0])
		if err != nil {
			b.Fatal(err)
		}
		m := game.NewMatch(v.Start())
		rng := rand.New(rand.NewPCG(1, 2))
		for i := 0; i < 12 && !m.Outcome().Ended(); i++ {
			legal := m.LegalMoves(nil)
			m.Play(legal[rng.IntN(len(legal))])
		}
		b.Run(g.ID, func(b *testing.B) {
			for b.Loop() {
				if _, err := SVG(m.State(), Options{Lang: "en"}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkText draws a mid-game position of every game as text: a
// terminal draws one for every move and every cursor step.
func BenchmarkText(b *testing.B) {
	for _, g := range game.Games() {
		v, err := g.Variant(g.AllVariants()[0])
		if err != nil {
			b.Fatal(err)
		}
		m := game.NewMatch(v.Start())
		rng := rand.New(rand.NewPCG(1, 2))
		for i := 0; i < 12 && !m.Outcome().Ended(); i++ {
			legal := m.LegalMoves(nil)
			m.Play(legal[rng.IntN(len(legal))])
		}
		b.Run(g.ID, func(b *testing.B) {
			for b.Loop() {
				if _, err := Text(m.State(), Options{Lang: "en"}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// num writes what strconv writes for the value rounded to hundredths.
func TestNumMatchesStrconv(t *testing.T) {
	want := func(v float64) string {
		v = math.Round(v*100) / 100
		if v == 0 {
			v = 0
		}
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	values := []float64{0, -0.0, 0.004, -0.004, 0.005, -0.005, 0.05, 1, -1, 12.5, 99.99, 100, 1e6 + 0.01, -1234.56, 1e17, math.Inf(1)}
	for i := 0; i < 100000; i++ {
		values = append(values, (rng.Float64()-0.5)*2000, float64(rng.IntN(200000)-100000)/100)
	}
	for _, v := range values {
		if got := num(v); got != want(v) {
			t.Fatalf("num(%v) = %q, want %q", v, got, want(v))
		}
	}
}
