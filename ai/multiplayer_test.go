package ai

import (
	"context"
	"math/rand/v2"
	"os"
	"testing"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/blockade/empire"
)

// roundLoss says whether, after root's move led to s, the players of the
// round can make root lose before its next turn: the opponents choosing
// the worst for root, root's partners the best. Losing is a finished game
// root does not win, or, without teams, root's being out of the game (the
// turn does not come back to it after the round: its commandant or king
// was taken). Without teams, an opponent does not end the game when it
// makes him lose too (last is the seat whose move led to s). budget bounds
// the positions visited; when it runs out the answer is false (not
// proven).
func roundLoss(v *game.Variant, s game.State, root, last, plies int, budget *int) bool {
	l := lossSearch{v: v, root: root, budget: budget}
	return l.loss(s, last, plies)
}

// lossSearch is roundLoss's search, with the move lists and positions of
// each ply kept from one node to the next (it visits millions for four).
type lossSearch struct {
	v      *game.Variant
	root   int
	budget *int
	moves  [game.MaxPlayers][]game.Move
	states [game.MaxPlayers]*empire.State
}

func (l *lossSearch) loss(s game.State, last, plies int) bool {
	v, root := l.v, l.root
	*l.budget--
	if *l.budget < 0 {
		return false
	}
	if o := v.Judge(s, 1); o.Ended() {
		r := Rewards(v, o)
		return r[root] < 0.5 && (v.Teams != nil || last == root || r[last] >= 0.5)
	}
	if plies == 0 {
		return v.Teams == nil && s.ToMove() != root
	}
	mover := s.ToMove()
	if mover == root {
		return false // the round is over: root moves again
	}
	enemy := v.Team(mover) != v.Team(root)
	l.moves[plies] = s.LegalMoves(l.moves[plies])
	for _, mv := range l.moves[plies] {
		var c game.State
		if e, ok := s.(*empire.State); ok {
			// Clone is a copy of the struct: made in place.
			if l.states[plies] == nil {
				l.states[plies] = new(empire.State)
			}
			*l.states[plies] = *e
			c = l.states[plies]
		} else {
			c = s.Clone()
		}
		c.Apply(mv)
		lost := l.loss(c, mover, plies-1)
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
	return roundLoss(v, c, s.ToMove(), s.ToMove(), v.Players-1, &budget)
}

// findThreats plays random games of v and keeps up to n positions with a
// one-round threat: half of the tries stop after a few plies, the others
// look back from the end of a whole random game (races such as Saute are
// threatened only near their end).
func findThreats(t *testing.T, v *game.Variant, n int, seed uint64) []threat {
	rng := rand.New(rand.NewPCG(seed, 7))
	var found []threat
	for tries := 0; tries < 60 && len(found) < n; tries++ {
		m := game.NewMatch(v.Start())
		limit := 2 + rng.IntN(24)
		if tries%2 == 1 {
			limit = 2000
		}
		for i := 0; i < limit && !m.Outcome().Ended(); i++ {
			moves := m.LegalMoves(nil)
			if err := m.Play(moves[rng.IntN(len(moves))]); err != nil {
				t.Fatal(err)
			}
		}
		candidates := []*game.Match{m}
		if m.Outcome().Ended() {
			candidates = nil
			played := m.Moves()
			for back := 1; back <= 3*v.Players && back <= len(played); back++ {
				c := game.NewMatch(v.Start())
				for _, mv := range played[:len(played)-back] {
					if err := c.Play(mv); err != nil {
						t.Fatal(err)
					}
				}
				candidates = append(candidates, c)
			}
		}
		for _, c := range candidates {
			if th, ok := threatIn(v, c); ok {
				found = append(found, th)
				break
			}
		}
	}
	return found
}

// threatIn says whether the position of m has a move that loses within
// the round and one that does not.
func threatIn(v *game.Variant, m *game.Match) (threat, bool) {
	s := m.State()
	moves := s.LegalMoves(nil)
	if len(moves) < 2 {
		return threat{}, false
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
	return threat{v: v, match: m, safe: safe}, safe > 0 && losing > 0
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
	// The races: a move that lets an opponent finish (Saute: the parity of
	// a file lets his last piece run on; La Porte: an opening that lets
	// him bring in his last piece), and POLD.R's ends by blockage.
	{"saute", game.Options{"players": "3"}, "12/12/12/7S2ST/9TSS/9STS/9SST/5S4ST/7S2TS/6S1ST2/4T2S3S/3S6ST R 0 115"},
	{"saute", game.Options{"players": "3"}, "12/12/12/6S2S1T/6S1T2S/9SST/8S1ST/2T7SS/7S2TS/7S2TS/9STS/9SST G 0 110"},
	{"saute", game.Options{"players": "4"}, "8T1SS/9STS/3T2S4S/6S3ST/6T3SS/7S1S1T/9STS/9TSS/7S1T1S/9SST/5ST4S/5T4SS Y 0 151"},
	{"saute", game.Options{"players": "4"}, "6S3ST/1S7ST1/9STS/9SST/5T1S3S/6T2SS1/9SST/9STS/6T3SS/4T5SS/6S2TS1/8TS1S B 0 136"},
	{"saute", game.Options{"players": "4", "teams": "true"}, "6S2T1S/9STS/9TSS/9SST/9TSS/9SST/9TSS/9TSS/9TSS/9TSS/6S1S1T1/9STS B 0 164"},
	{"saute", game.Options{"players": "4", "teams": "true"}, "8TS1S/7T2SS/6S3ST/9STS/9STS/9TSS/8T1SS/9STS/9STS/7T2SS/9TSS/9SST Y 1 179"},
	{"poldr", game.Options{"players": "3"}, "1bbbYyP/yrb1brR/yyryybr/y2rbyb/yb2ryB/1bbbbby/3r1y1 R 2,4,9 1 22,23,21 23"},
	{"poldr", game.Options{"players": "3"}, "4b2/4R1b/5y1/b6/b6/P2r3/1Y2B2 B 12,15,15 2 40,47,51 51"},
	{"poldr", game.Options{"players": "3"}, "1bbbbb1/1bB2ry/1bbbr2/3rbrR/1yr1bb1/YyyyyrP/7 R 4,10,10 1 10,11,9 11"},
	{"poldr", game.Options{"players": "3"}, "1bbbbb1/ryY4/Bb5/r4b1/r1P4/4R2/1yyy3 B 9,12,13 2 52,50,48 54"},
	{"porte", game.Options{"players": "3"}, "gTrTrC1gT1bT5/5gS1bS4/bT5bSrS4/1bC10/bS11/3rTgTrS1bS4/2gC4rS4/5gS2bT3/4gT7/1bS4rS1rT1bT1/12/9rT1gS g 178"},
	{"porte", game.Options{"players": "3"}, "6rTgS4/6gCrSbC2rC/gS7gS3/bT7rT3/12/5bS1bT4/6gT3gT1/1bS4bS5/3rS1gT1gS2gT1/6bTbS3rT/5gS1bS2rT1/5bT2rSrS2 g 307"},
	{"porte", game.Options{"players": "4"}, "3gS1bT2yT3/2yTgS2yTrSrS3/1bC4ySyS1bT2/7bS3rC/11rS/10rT1/1bTrT1rT2bS3rT/2yT3gS5/1bS1gTgS7/8yC3/2gS2rSbT4bS/4rS1gTgCyS3 b 171"},
	{"porte", game.Options{"players": "4"}, "5rSrS1rT3/3yTyS5ySbC/rSgTyS6yC2/1gT1bSgTgC2gS1bT1/3rS2yT3yS1/2gS3gT2yT2/9rT1bS/7bS1bS2/5rC2bTbT2/1bS8rT1/3bT1rS6/2yT5gSyS1rS y 281"},
	{"porte", game.Options{"players": "4", "teams": "true"}, "1yT1yC2gTbTyT2yS/6gT1bS3/rS3rTbS6/3bT1ySrC5/2rS2gSbS1gT3/2bS9/3yT3rT3rT/1bS1rS8/6gCrS4/1rTgS1bTrS1gS1yS2/gS1bCyS4gS3/1yT1bS1gT2rSySbT1 y 473"},
	{"porte", game.Options{"players": "4", "teams": "true"}, "1ySyT5gSgS2/bS5yS2yS1rC/rTgT3bS2bS3/2bC1rTbS2rS3/yS2gS5bT2/rS1yC5rT3/2gC1yT3ySbT2/bT2yS6bSgS/4yT7/12/2gTbT4rSrT1gS/2gSgT4yT3 g 378"},
}

// TestLevelsSeeAWholeRound checks that no level plays a move
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
		// The levels often choose the same move: judged once (a
		// position of four without teams takes seconds).
		loses := map[game.Move]bool{}
		for _, spec := range Levels {
			began := time.Now()
			a, err := New(spec, v, uint64(i+1))
			if spec == "max" {
				// max thinks 5 s a move, and what a time finds depends
				// on the machine: its search with a budget of work
				// instead (about medium's), the guard included.
				a, err = MaxWithoutClock(v, uint64(i+1), 50_000, 2_000)
			}
			if err != nil {
				t.Fatal(err)
			}
			mv, err := a.Choose(context.Background(), m)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s position %d: %s in %v", v, i+1, a.Name(), time.Since(began).Round(time.Millisecond))
			lost, ok := loses[mv]
			if !ok {
				lost = moveLoses(v, s, mv)
				loses[mv] = lost
			}
			if lost {
				t.Errorf("%s, position %q (seat %d to move): %s plays %s, which loses within the round",
					v, tc.position, s.ToMove()+1, a.Name(), s.MoveString(mv))
			}
		}
	}
	v, _ := game.NewVariant("empire", game.Options{"players": "4", "teams": "true"})
	m := game.NewMatch(v.Start())
	loses := map[game.Move]bool{}
	for _, level := range []string{"easy", "medium", "hard"} {
		a, err := New(level, v, 1)
		if err != nil {
			t.Fatal(err)
		}
		mv, err := a.Choose(context.Background(), m)
		if err != nil {
			t.Fatal(err)
		}
		lost, ok := loses[mv]
		if !ok {
			lost = moveLoses(v, m.State(), mv)
			loses[mv] = lost
		}
		if lost {
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
		{"saute", game.Options{"players": "4"}},
		{"saute", game.Options{"players": "4", "teams": "true"}},
		{"porte", game.Options{"players": "3"}},
		{"porte", game.Options{"players": "4"}},
		{"porte", game.Options{"players": "4", "teams": "true"}},
		{"poldr", game.Options{"players": "3"}},
	} {
		if only := os.Getenv("PLATEAU_FIND_THREATS"); only != "1" && only != tc.id {
			continue
		}
		v, err := game.NewVariant(tc.id, tc.opts)
		if err != nil {
			t.Fatal(err)
		}
		for _, th := range findThreats(t, v, 4, uint64(time.Now().UnixNano())) {
			t.Logf("%s: %q (%d safe moves)", v, th.match.State().Encode(), th.safe)
		}
	}
}
