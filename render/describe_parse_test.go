package render

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"testing"
)

// The hand-written matchers of describe_parse.go agree with the regular
// expressions they replaced, on the notations of the games and on random
// strings of the characters that matter.
func TestDescribeParsersMatchRegexps(t *testing.T) {
	cases := []struct {
		name string
		re   *regexp.Regexp
		f    func(string) []string
	}{
		{"pogo", regexp.MustCompile(`^([1-3])([a-c][1-3])-([a-c][1-3])$`), pogoMove},
		{"pods", regexp.MustCompile(`^([A-Za-z]+[0-9]*)@([a-f][1-6])$`), podsPlacement},
		{"poldr", regexp.MustCompile(`^([MP])-([a-z][0-9]+)$`), poldrPlacement},
	}
	samples := []string{"", "1a1-a2", "3c3-b1", "4a1-a2", "1a1a2", "1a1-a22", "Ab12@f6", "ab@a1", "A1@a1", "1A@a1", "@a1", "Ab@g1",
		"Ab@a7", "Ab1c@a1", "M-a1", "P-z123", "M-", "M-a", "Q-a1", "M-A1", "M-a1x", "Ab@a1 ", "é@a1", "1a1-a2\n"}
	rng := rand.New(rand.NewPCG(1, 2))
	const chars = "123456789abcfgzAMPQZ@-é \n"
	runes := []rune(chars)
	for i := 0; i < 200000; i++ {
		n := rng.IntN(8)
		b := make([]rune, n)
		for j := range b {
			b[j] = runes[rng.IntN(len(runes))]
		}
		samples = append(samples, string(b))
	}
	for _, c := range cases {
		for _, s := range samples {
			if want, got := c.re.FindStringSubmatch(s), c.f(s); !slices.Equal(want, got) {
				t.Fatalf("%s %q: regexp %q, hand %q", c.name, s, want, got)
			}
		}
	}
}
