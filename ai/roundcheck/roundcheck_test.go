package roundcheck

import (
	"math/rand/v2"
	"testing"

	"github.com/plateau-games/plateau/game"
)

func empireMatch(t *testing.T, opts game.Options, moves ...string) (*game.Variant, *game.Match) {
	t.Helper()
	v, err := game.NewVariant("empire", opts)
	if err != nil {
		t.Fatal(err)
	}
	m := game.NewMatch(v.Start())
	for _, n := range moves {
		if _, err := m.PlayNotation(n); err != nil {
			t.Fatal(err)
		}
	}
	return v, m
}

func parse(t *testing.T, s game.State, n string) game.Move {
	t.Helper()
	mv, err := s.ParseMove(n)
	if err != nil {
		t.Fatal(err)
	}
	return mv
}

// TestIssue29Example: after d1-d3 c11-e11 j11-f11 b2-h2 with three
// players, b12-h12 lets North-East take North-West's commandant with
// f11xb11 (an archer four cells away), while b11-b8 keeps it (South-West
// may then win with h2-h8: that is not the commandant's loss); as a game,
// every move of North-West loses within the round.
func TestIssue29Example(t *testing.T) {
	v, m := empireMatch(t, game.Options{"players": "3"}, "d1-d3", "c11-e11", "j11-f11", "b2-h2")
	s := m.State()
	cmd := Checker{Loss: Commandant}
	if got := cmd.Judge(v, s, parse(t, s, "b12-h12")); got != Lost {
		t.Errorf("b12-h12: %v, want lost", got)
	}
	if got := cmd.Judge(v, s, parse(t, s, "b11-b8")); got != Safe {
		t.Errorf("b11-b8: %v, want safe", got)
	}
	if blunder, _, ok := cmd.Blunder(v, s, parse(t, s, "b12-h12")); !blunder || !ok {
		t.Errorf("b12-h12 is not found a blunder (%v, %v)", blunder, ok)
	}
	whole := Checker{Loss: Game}
	for _, mv := range s.LegalMoves(nil) {
		if got := whole.Judge(v, s, mv); got != Lost {
			t.Errorf("%s: %v as a game, want lost (South-West's h2-h8)", s.MoveString(mv), got)
		}
	}
}

// TestTeamsStart: at the start of four in teams, b2-h2 leaves the
// commandant to the fourth player (the team loses at ply 4), d1-d3 does
// not.
func TestTeamsStart(t *testing.T) {
	v, m := empireMatch(t, game.Options{"players": "4", "teams": "true"})
	s := m.State()
	if got := (Checker{Loss: Commandant}).Judge(v, s, parse(t, s, "b2-h2")); got != Lost {
		t.Errorf("b2-h2: %v, want lost", got)
	}
	if got := (Checker{Loss: Commandant}).Judge(v, s, parse(t, s, "d1-d3")); got != Safe {
		t.Errorf("d1-d3: %v, want safe", got)
	}
}

// TestShortcutIsExact: the shortcut of the round's last opponent (the
// rules' CanCapture) gives the verdicts of applying every move, on the
// moves of random positions of every variant.
func TestShortcutIsExact(t *testing.T) {
	if testing.Short() {
		t.Skip("exhaustive rounds")
	}
	rng := rand.New(rand.NewPCG(29, 1))
	for _, opts := range []game.Options{{"players": "3"}, {"players": "4", "teams": "true"}, {"players": "4"}} {
		v, err := game.NewVariant("empire", opts)
		if err != nil {
			t.Fatal(err)
		}
		compared, lost := 0, 0
		for g := 0; g < 3; g++ {
			m := game.NewMatch(v.Start())
			for i, n := 0, 4+rng.IntN(30); i < n && !m.Outcome().Ended(); i++ {
				moves := m.LegalMoves(nil)
				if err := m.Play(moves[rng.IntN(len(moves))]); err != nil {
					t.Fatal(err)
				}
			}
			if m.Outcome().Ended() {
				continue
			}
			s := m.State()
			moves := s.LegalMoves(nil)
			for k := 0; k < 4; k++ {
				mv := moves[rng.IntN(len(moves))]
				// Four without teams takes millions of positions for a
				// safe move: those run out of budget and are skipped.
				// The pair is skipped when either ran out: the exact
				// search is not run when the shortcut's did.
				fast := Checker{Loss: Commandant, Budget: 300_000}.Judge(v, s, mv)
				if fast == Unknown {
					continue
				}
				exact := Checker{Loss: Commandant, Budget: 300_000, Exact: true}.Judge(v, s, mv)
				if exact == Unknown {
					continue
				}
				compared++
				if exact == Lost {
					lost++
				}
				if fast != exact {
					t.Errorf("%s, %q, %s: shortcut %v, exact %v", v, s.Encode(), s.MoveString(mv), fast, exact)
				}
			}
			if compared > 0 {
				continue
			}
			// Nothing compared yet (four without teams: every safe move
			// ran out of budget): the moves that lose are proved in a
			// few positions, so look for them with a small budget and
			// compare those, or this variant would check nothing.
			for _, mv := range moves {
				if (Checker{Loss: Commandant, Budget: 20_000}).Judge(v, s, mv) != Lost {
					continue
				}
				fast := Checker{Loss: Commandant, Budget: 300_000}.Judge(v, s, mv)
				exact := Checker{Loss: Commandant, Budget: 300_000, Exact: true}.Judge(v, s, mv)
				if exact == Unknown {
					continue
				}
				compared++
				lost++
				if fast != exact {
					t.Errorf("%s, %q, %s: shortcut %v, exact %v", v, s.Encode(), s.MoveString(mv), fast, exact)
				}
				if compared >= 2 {
					break
				}
			}
		}
		t.Logf("%s: %d verdicts compared, %d lost", v, compared, lost)
		if compared == 0 {
			t.Errorf("%s: no verdict compared: the test checks nothing for this variant", v)
		}
	}
}
