package empire_test

import (
	"testing"

	"github.com/plateau-games/plateau/games/blockade/empire"
)

// WinsAtOnce finds the wins in one the evaluation relies on, and only
// those: the trône du roi reached and safe from the next player, a third
// throne, and not a throne the next player guards.
func TestWinsAtOnce(t *testing.T) {
	v3 := empire.Variant(3, false)
	cases := []struct {
		name  string
		next  int
		items []string
		want  bool
	}{
		// Seat 1's trône du roi is h8; pieces jump, so h3-h8 is one move.
		{"trône du roi, next player away", 1, []string{"h3:1C", "a12:2C", "l12:3C", "h11:3T"}, true},
		{"trône du roi guarded by the next player", 1, []string{"h3:1C", "a12:2C", "l12:3C", "e8:2T"}, false},
		{"not on its rank or file", 1, []string{"g3:1C", "a12:2C", "l12:3C"}, false},
		{"own piece on the trône", 1, []string{"h3:1C", "h8:1S", "a12:2C", "l12:3C"}, false},
		{"third throne", 1, []string{"a1:1C", "a12:2C", "l12:3C", "e5:1S", "h5:1T", "e2:1T"}, true},
		{"two thrones only", 1, []string{"a1:1C", "a12:2C", "l12:3C", "e5:1S", "e2:1T"}, false},
		// Seat 1's threat is not seat 2's, whose commandant is far
		// from its own trône.
		{"another seat to move", 2, []string{"h3:1C", "a11:2C", "l12:3C"}, false},
	}
	for _, c := range cases {
		s := position(t, v3, c.next, c.items...).(*empire.State)
		if got := s.WinsAtOnce(); got != c.want {
			t.Errorf("%s: WinsAtOnce = %v, want %v\n%v", c.name, got, c.want, s)
		}
	}
}
