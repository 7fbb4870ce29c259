package ai

import (
	"context"
	"math/rand/v2"
	"os"
	"testing"
	"time"

	"github.com/plateau-games/plateau/game"
)

// roundLoss says whether, after root's move led to s, the players of the
// round can make root lose before its next turn: the opponents choosing
// the worst for root, root's partners the best. Losing is a finished game
// root does not win, or, without teams, root's being out of the game (the
// turn does not come back to it after the round: its commandant or king
// was taken). budget bounds the positions visited; when it runs out the
// answer is false (not proven).
func roundLoss(v *game.Variant, s game.State, root, plies int, budget *int) bool {
	*budget--
	if *budget < 0 {
		return false
	}
	if o := v.Judge(s, 1); o.Ended() {
		return Rewards(v, o)[root] < 0.5
	}
	if plies == 0 {
		return v.Teams == nil && s.ToMove() != root
	}
	mover := s.ToMove()
	if mover == root {
		return false // the round is over: root moves again
	}
	enemy := v.Team(mover) != v.Team(root)
	for _, mv := range s.LegalMoves(nil) {
		c := s.Clone()
		c.Apply(mv)
		lost := roundLoss(v, c, root, plies-1, budget)
		if enemy && lost {
			return true
		}
		if !enemy && !lost {
			return false
		}
	}
	return !enemy
}

// threat is a position of a game of three or four where some move loses
// within the round and some other does not.
type threat struct {
	v     *game.Variant
	match *game.Match
	safe  int // how many of its moves are safe
}

// moveLoses says whether root's move mv in s loses within the round.
func moveLoses(v *game.Variant, s game.State, mv game.Move) bool {
	c := s.Clone()
	c.Apply(mv)
	budget := 3_000_000
	return roundLoss(v, c, s.ToMove(), v.Players-1, &budget)
}

// findThreats plays random games of v and keeps up to n positions with a
// one-round threat.
func findThreats(t *testing.T, v *game.Variant, n int, seed uint64) []threat {
	rng := rand.New(rand.NewPCG(seed, 7))
	var found []threat
	for tries := 0; tries < 60 && len(found) < n; tries++ {
		m := game.NewMatch(v.Start())
		plies := 2 + rng.IntN(24)
		for i := 0; i < plies && !m.Outcome().Ended(); i++ {
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
		if len(moves) < 2 {
			continue
		}
		safe, losing := 0, 0
		for _, mv := range moves {
			if moveLoses(v, s, mv) {
				losing++
			} else {
				safe++
			}
			if safe > 0 && losing > 0 && safe+losing >= 12 {
				break // enough to know both kinds exist
			}
		}
		if safe > 0 && losing > 0 {
			found = append(found, threat{v: v, match: m, safe: safe})
		}
	}
	return found
}

// roundThreats are positions of games of three and four players where
// some moves leave the commandant (or the last pieces) to a player later
// in the round and others do not, found by random play
// (PLATEAU_FIND_THREATS=1 go test ./ai -run TestFindRoundThreats -v
// finds more, and checks that some of their moves lose: checking it here
// would take minutes).
var roundThreats = []struct {
	id       string
	opts     game.Options
	position string
}{
	{"empire", game.Options{"players": "3"}, "2T.2T.....3S3T3S3T/2S.2S2S.2C..3C..3S/..2T......3T3S2S/2S..3S......../.1C........../.2S1T........./...1S......../............/.........1S../2T1S1T.3T..1T..../1S.1S........./1T1S.......3S.. 1 15"},
	{"empire", game.Options{"players": "3"}, ".2S2T2S.2T3T.3S3T3S./2S2C2S......3S3C3S/2T2S......2T3T3S3T/2S..........3S/............/..1S........./............/............/1S.........../1T1S....1T...../1S1C........../1T1S1T1S........ 3 5"},
	{"empire", game.Options{"players": "4"}, "2T2S2T.2S...3S3T3S./2S.2S...2C...3C3S/2T.2T......3T3S3T/2S..........3S/..1T........./.1S........../1S..3T......../.2S........../...........4S/1T1S1T......4T4S4T/1S1C1S...4S..4S4C./1T4S4T....1S.3S4S4T 4 15"},
	{"empire", game.Options{"players": "4"}, "2T2S2T2S..3T.3S3T3S4S/2S2C2S......3S3C3S/2T2S......2T3T3S3T/2S..........3S/............/............/............/............/1S1S.........4S/1T......1T.4T4S4T/1S1C1S......4S4C./1T1S1T1S....4S4T4S4T 2 5"},
	{"empire", game.Options{"players": "4", "teams": "true"}, "2T2S2T.2S...3S3T3S./2S.2S...2C.3S.3C3S/2T.2T......3T3S3T/2S..........3S/..1T........./.1S........../1S..3T......../.2S........../...........4S/1T1S1T......4T4S4T/1S1C1S...4S..4S4C./1T4S4T....1S..4S4T 4 15"},
	{"empire", game.Options{"players": "4", "teams": "true"}, "2T2S2T2S..3T.3S3T3S4S/2S2C2S......3S3C3S/2T2S......2T3T3S3T/2S..........3S/............/............/............/............/1S1S.........4S/1T......1T.4T4S4T/1S1C1S......4S4C./1T1S1T1S....4S4T4S4T 2 5"},
	// POLD.R for three keeps its MCTS levels, much stronger there than
	// paranoid alpha-beta (docs/ai.md); in positions such as
	// "7/B1bb1yy/bbbyr1y/b1yyrby/R1yyry1/ry2rrr/PyyyY2 R 9,2,9 1 13,14,12 14"
	// they play moves that a coalition of the two others could punish,
	// which the paranoid test above counts as lost but two rivals rarely do.
}

// TestLevelsSeeAWholeRound checks that no level below max plays a move
// that loses within the round in the positions above, and in L'Empire's
// start for four in teams (where b2-h2 lost at ply 4).
func TestLevelsSeeAWholeRound(t *testing.T) {
	if testing.Short() {
		t.Skip("searches whole rounds of three and four players")
	}
	for i, tc := range roundThreats {
		v, err := game.NewVariant(tc.id, tc.opts)
		if err != nil {
			t.Fatal(err)
		}
		s, err := v.Position(tc.position)
		if err != nil {
			t.Fatalf("%s %q: %v", v, tc.position, err)
		}
		m := game.NewMatch(s)
		for _, spec := range []string{"easy", "medium", "hard"} {
			began := time.Now()
			a, err := New(spec, v, uint64(i+1))
			if err != nil {
				t.Fatal(err)
			}
			mv, err := a.Choose(context.Background(), m)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s position %d: %s in %v", v, i+1, a.Name(), time.Since(began).Round(time.Millisecond))
			if moveLoses(v, s, mv) {
				t.Errorf("%s, position %q (seat %d to move): %s plays %s, which loses within the round",
					v, tc.position, s.ToMove()+1, a.Name(), s.MoveString(mv))
			}
		}
	}
	v, _ := game.NewVariant("empire", game.Options{"players": "4", "teams": "true"})
	m := game.NewMatch(v.Start())
	for _, level := range []string{"easy", "medium", "hard"} {
		a, err := New(level, v, 1)
		if err != nil {
			t.Fatal(err)
		}
		mv, err := a.Choose(context.Background(), m)
		if err != nil {
			t.Fatal(err)
		}
		if moveLoses(v, m.State(), mv) {
			t.Errorf("%s, start: %s plays %s, which loses within the round", v, a.Name(), m.State().MoveString(mv))
		}
	}
}

// TestFindRoundThreats finds new positions for roundThreats by random play.
func TestFindRoundThreats(t *testing.T) {
	if os.Getenv("PLATEAU_FIND_THREATS") == "" {
		t.Skip("set PLATEAU_FIND_THREATS=1 to look for positions (minutes)")
	}
	for _, tc := range []struct {
		id   string
		opts game.Options
	}{
		{"empire", game.Options{"players": "3"}},
		{"empire", game.Options{"players": "4"}},
		{"empire", game.Options{"players": "4", "teams": "true"}},
		{"saute", game.Options{"players": "3"}},
		{"saute", game.Options{"players": "4", "teams": "true"}},
		{"porte", game.Options{"players": "3"}},
		{"poldr", game.Options{"players": "3"}},
	} {
		v, err := game.NewVariant(tc.id, tc.opts)
		if err != nil {
			t.Fatal(err)
		}
		for _, th := range findThreats(t, v, 4, uint64(time.Now().UnixNano())) {
			t.Logf("%s: %q (%d safe moves)", v, th.match.State().Encode(), th.safe)
		}
	}
}
