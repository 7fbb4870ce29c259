package game_test

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/blockade/board"
	_ "github.com/plateau-games/plateau/games/blockade/empire"
	"github.com/plateau-games/plateau/games/blockade/porte"
	"github.com/plateau-games/plateau/games/blockade/saute"
	_ "github.com/plateau-games/plateau/games/poldr"
)

// fakeState is a finished position of a made-up variant, for ranking
// cases written from the words of the rules decisions.
type fakeState struct{ v *game.Variant }

func (s *fakeState) Variant() *game.Variant                 { return s.v }
func (s *fakeState) ToMove() int                            { return -1 }
func (s *fakeState) Ply() int                               { return 0 }
func (s *fakeState) LegalMoves(buf []game.Move) []game.Move { return buf[:0] }
func (s *fakeState) Apply(game.Move)                        {}
func (s *fakeState) Outcome() game.Outcome                  { return game.Outcome{Status: game.Draw} }
func (s *fakeState) Hash() uint64                           { return 0 }
func (s *fakeState) Clone() game.State                      { c := *s; return &c }
func (s *fakeState) Encode() string                         { return "" }
func (s *fakeState) MoveString(game.Move) string            { return "" }
func (s *fakeState) ParseMove(string) (game.Move, error)    { return 0, nil }
func (s *fakeState) String() string                         { return "" }

// scoredState is a fakeState of a game that scores its players.
type scoredState struct {
	fakeState
	scores [game.MaxPlayers]int
}

func (s *scoredState) RankScores() [game.MaxPlayers]int { return s.scores }

func fake(players int, teams []int) *fakeState {
	return &fakeState{v: &game.Variant{Game: &game.Game{ID: "fake"}, Players: players, Teams: teams}}
}

func scored(players int, teams []int, scores ...int) *scoredState {
	s := &scoredState{fakeState: *fake(players, teams)}
	copy(s.scores[:], scores)
	return s
}

func win(seats ...int) game.Outcome {
	o := game.Outcome{Status: game.Win}
	for _, s := range seats {
		o.Winners |= 1 << uint(s)
	}
	return o
}

var draw = game.Outcome{Status: game.Draw, Reason: "ply limit"}

// TestRankingDecisions checks the ranking on cases written from the rules
// decisions ("Leaving a game of three or four").
func TestRankingDecisions(t *testing.T) {
	teams := []int{0, 1, 0, 1} // seats 1 and 3 against 2 and 4
	tests := []struct {
		name    string
		final   game.State
		out     game.Outcome
		leavers []int
		want    []int
	}{
		{"winner first, the others tied where the game has no score", fake(3, nil), win(1), nil, []int{2, 1, 2}},
		{"four players, no score", fake(4, nil), win(3), nil, []int{2, 2, 2, 1}},
		{"a draw without scores ties everyone", fake(4, nil), draw, nil, []int{1, 1, 1, 1}},
		{"the others by score, higher first, equal scores tied", scored(4, nil, 3, 5, 8, 5), win(2), nil, []int{4, 2, 1, 2}},
		{"the winner first even with a lower score", scored(3, nil, 8, 2, 5), win(1), nil, []int{2, 1, 3}},
		{"a draw ranked by score (POLD.R's full tie)", scored(3, nil, 10, 7, 10), draw, nil, []int{1, 3, 1}},
		{"a leaver last whatever his seat achieved", fake(3, nil), win(0), []int{0}, []int{3, 1, 1}},
		{"a leaver last even with the best score", scored(3, nil, 8, 0, 3), win(2), []int{0}, []int{3, 2, 1}},
		{"two leavers: the later one ranks higher", fake(4, nil), win(0), []int{3, 1}, []int{1, 3, 2, 4}},
		{"every player left: by leaving order", fake(3, nil), draw, []int{2, 0, 1}, []int{2, 1, 3}},
		{"teams: partners share the winning team's place", fake(4, teams), win(1, 3), nil, []int{2, 1, 2, 1}},
		{"teams: a draw", fake(4, teams), draw, nil, []int{1, 1, 1, 1}},
		{"teams: a partner who leaves loses for his team", fake(4, teams), win(0, 2), []int{2}, []int{2, 1, 2, 1}},
		{"teams: a draw by score sums the partners", scored(4, teams, 3, 2, 3, 5), draw, nil, []int{2, 1, 2, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := game.Ranking(tt.final, tt.out, tt.leavers)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Ranking = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestRankingBadInput checks the errors: an unfinished game, leavers that
// are not distinct seats.
func TestRankingBadInput(t *testing.T) {
	tests := []struct {
		name    string
		final   game.State
		out     game.Outcome
		leavers []int
	}{
		{"no position", nil, win(0), nil},
		{"ongoing", fake(3, nil), game.Outcome{}, nil},
		{"seat out of range", fake(3, nil), win(0), []int{3}},
		{"negative seat", fake(3, nil), win(0), []int{-1}},
		{"seat twice", fake(3, nil), win(0), []int{1, 1}},
		{"more leavers than seats", fake(3, nil), win(0), []int{0, 1, 2, 0}},
		{"teams not one per seat", fake(4, []int{0, 1}), win(0), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := game.Ranking(tt.final, tt.out, tt.leavers)
			if err == nil {
				t.Fatalf("Ranking = %v, want an error", got)
			}
			t.Log(err)
		})
	}
}

// TestRankingSautePosition ranks a real finished Saute position for three:
// Blue home, Red with 5 pieces home, Green with 4.
func TestRankingSautePosition(t *testing.T) {
	v, err := game.NewVariant("saute", game.Options{"players": "3"})
	if err != nil {
		t.Fatal(err)
	}
	s, err := v.Decode("12/12/12/STS9/2S6ST1/8S1TS/STS9/5S4TS/9STS/9STS/9STS/9STS R 0 30")
	if err != nil {
		t.Fatal(err)
	}
	out := s.Outcome()
	if out.Status != game.Win || !out.Won(0) {
		t.Fatalf("outcome %v, want a win of seat 0", out)
	}
	if got := s.(game.RankScorer).RankScores(); got != [game.MaxPlayers]int{9, 5, 4} {
		t.Errorf("pieces home %v, want 9, 5, 4", got)
	}
	for _, tc := range []struct {
		leavers []int
		want    []int
	}{
		{nil, []int{1, 2, 3}},
		{[]int{1}, []int{1, 3, 2}},    // Red left: below Green's 4
		{[]int{0}, []int{3, 1, 2}},    // the winner's seat was the computer's
		{[]int{2, 0}, []int{2, 1, 3}}, // Green left first
	} {
		got, err := game.Ranking(s, out, tc.leavers)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("leavers %v: %v, want %v", tc.leavers, got, tc.want)
		}
	}
}

// TestRankingRealGames plays random games of L'Empire, Saute, La Porte
// (three, four, teams) and POLD.R (three, single game and match) to their
// end, with random leavers, and checks the ranking against the rules
// decisions' words, computed here seat by seat.
func TestRankingRealGames(t *testing.T) {
	variants := []struct {
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
		{"poldr", game.Options{"players": "3", "match": "true"}},
	}
	const games = 30 // per variant: wins, draws and leavers of every kind, well under a second
	for i, vc := range variants {
		v, err := game.NewVariant(vc.id, vc.opts)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(v.String(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(i), 25))
			rep := game.NewRepetitionTable(1024)
			var buf []game.Move
			statuses := map[game.Status]int{}
			for g := 0; g < games; g++ {
				s := v.Start()
				out, _ := game.Playout(s, rng, buf, rep)
				leavers := rng.Perm(v.Players)[:rng.IntN(3)]
				if v.Teams != nil && len(leavers) > 1 {
					leavers = leavers[:1] // with teams the first leave ends the game
				}
				got, err := game.Ranking(s, out, leavers)
				if err != nil {
					t.Fatal(err)
				}
				checkRanking(t, s, out, leavers, got)
				statuses[out.Status]++
			}
			t.Logf("%d wins, %d draws", statuses[game.Win], statuses[game.Draw])
		})
	}
}

// checkRanking checks ranks against the rules decisions: partners share a
// place; a place is 1 + the number of sides strictly above; still at the
// table beats leaving; a later leaver beats an earlier one; a winner beats a
// non-winner; then the higher score.
func checkRanking(t *testing.T, s game.State, out game.Outcome, leavers []int, ranks []int) {
	t.Helper()
	v := s.Variant()
	var scores [game.MaxPlayers]int
	rs, isScored := s.(game.RankScorer)
	if isScored {
		scores = rs.RankScores()
	}
	// The games' own scores agree with their winners.
	if out.Status == game.Win && v.Teams == nil {
		for _, w := range out.WinnerSeats() {
			for p := 0; p < v.Players; p++ {
				if scores[p] > scores[w] {
					t.Errorf("%s: winner %d scores %d below seat %d's %d", v, w, scores[w], p, scores[p])
				}
			}
			switch st := s.(type) {
			case *porte.State:
				if scores[w] != porte.ReservePieces {
					t.Errorf("La Porte winner %d has %d entries, want %d", w, scores[w], porte.ReservePieces)
				}
			case *saute.State:
				if !st.Finished(w) || scores[w] != 9 {
					t.Errorf("Saute winner %d: %d pieces home, finished %v", w, scores[w], st.Finished(w))
				}
			}
		}
	}
	// The scores counted again from the board: La Porte has no captures,
	// so a seat's entries are its pieces on the board beyond the three it
	// starts with; Saute's pieces home are its pieces on files j to l.
	var counted [game.MaxPlayers]int
	switch st := s.(type) {
	case *porte.State:
		for c := board.Cell(0); c < board.Cells; c++ {
			if seat, _ := st.Piece(c); seat >= 0 {
				counted[seat]++
			}
		}
		for p := 0; p < v.Players; p++ {
			counted[p] -= 3
		}
	case *saute.State:
		for c := board.Cell(0); c < board.Cells; c++ {
			if seat := st.Owner(c); seat >= 0 && c.File() >= 9 {
				counted[seat]++
			}
		}
	default:
		counted = scores
	}
	if counted != scores {
		t.Errorf("%s: RankScores %v, counted on the board %v", v, scores[:v.Players], counted[:v.Players])
	}
	// side keys: team, leave order (0 at the table), won, score sum.
	type key struct {
		left  int
		won   bool
		score int
	}
	keys := map[int]*key{}
	for seat := 0; seat < v.Players; seat++ {
		k := keys[v.Team(seat)]
		if k == nil {
			k = &key{}
			keys[v.Team(seat)] = k
		}
		for i, l := range leavers {
			if l == seat && (k.left == 0 || i+1 < k.left) {
				k.left = i + 1
			}
		}
		k.won = k.won || out.Won(seat)
		k.score += scores[seat]
	}
	better := func(a, b *key) bool {
		if (a.left == 0) != (b.left == 0) {
			return a.left == 0
		}
		if a.left != 0 {
			return a.left > b.left
		}
		if a.won != b.won {
			return a.won
		}
		return a.score > b.score
	}
	for k := range keys {
		if keys[k].left != 0 {
			keys[k].won = false
		}
	}
	for seat := 0; seat < v.Players; seat++ {
		me := keys[v.Team(seat)]
		want := 1
		for _, other := range keys {
			if better(other, me) {
				want++
			}
		}
		if ranks[seat] != want {
			t.Errorf("%s, %v, leavers %v, scores %v: seat %d ranked %d, want %d (ranks %v)", v, out, leavers, scores[:v.Players], seat, ranks[seat], want, ranks)
		}
	}
}
