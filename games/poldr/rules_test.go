package poldr_test

import (
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/internal/gametest"
	"github.com/plateau-games/plateau/games/poldr"
)

func variant(t *testing.T, opts game.Options) *game.Variant {
	t.Helper()
	v, err := poldr.NewVariant(opts)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func decode(t *testing.T, v *game.Variant, text string) *poldr.State {
	t.Helper()
	s, err := v.Decode(text)
	if err != nil {
		t.Fatalf("decode %q: %v", text, err)
	}
	return s.(*poldr.State)
}

func legal(s game.State) string {
	out := game.LegalNotations(s)
	sort.Strings(out)
	return strings.Join(out, " ")
}

func expectEncode(t *testing.T, s game.State, want string) {
	t.Helper()
	if got := s.Encode(); got != want {
		t.Fatalf("position\n got %s\nwant %s\n%s", got, want, s)
	}
}

var two6 = game.Options{"players": "2"}

// The options: defaults 6x6 with 2 players, 7x7 with 3; sizes 4 to 12.
func TestOptions(t *testing.T) {
	for _, tc := range []struct {
		opts  game.Options
		start string
	}{
		{game.Options{}, "6/6/6/6/6/6 B 16,16 1 0,0 0"},
		{game.Options{"players": "3"}, "7/7/7/7/7/7/7 B 16,16,16 1 0,0,0 0"},
		{game.Options{"players": "3", "size": "6"}, "6/6/6/6/6/6 B 16,16,16 1 0,0,0 0"},
		{game.Options{"size": "12"}, "12/12/12/12/12/12/12/12/12/12/12/12 B 16,16 1 0,0 0"},
		{game.Options{"match": "true"}, "6/6/6/6/6/6 B 16,16 1 0,0 0 1 0,0 0,0"},
		{game.Options{"match": "true", "players": "3"}, "7/7/7/7/7/7/7 B 16,16,16 1 0,0,0 0 1 0,0,0 0,0,0"},
	} {
		v := variant(t, tc.opts)
		expectEncode(t, v.Start(), tc.start)
	}
	for _, bad := range []game.Options{{"size": "3"}, {"size": "13"}, {"players": "4"}, {"match": "maybe"}} {
		if _, err := poldr.NewVariant(bad); err == nil {
			t.Errorf("options %v accepted", bad)
		}
	}
	v := variant(t, game.Options{"players": "3"})
	for seat, want := range []string{"Bleu", "Jaune", "Rouge"} {
		if got := v.SeatName(seat, "fr"); got != want {
			t.Errorf("seat %d is %q in French, want %q", seat, got, want)
		}
	}
	if v.PlyLimit != 0 || v.Repetition != 0 || v.ScoreName.EN != "bricks in reserve" {
		t.Errorf("ply limit %d, repetition %d, score %q", v.PlyLimit, v.Repetition, v.ScoreName.EN)
	}
}

// "Après avoir posé le pion noir, je pose mon marqueur bleu de façon à
// laisser vides une ou plusieurs cases entre mon marqueur et le pion noir":
// the "ok" cells, in all 8 directions, with at least one cell between.
func TestOpeningOkCells(t *testing.T) {
	s := variant(t, two6).Start()
	moves := game.LegalNotations(s)
	if len(moves) != 360 {
		t.Fatalf("Blue has %d opening moves on 6x6, want 360 (ordered pairs of aligned cells two or more apart)", len(moves))
	}
	okCells := func(pawn string) string {
		var out []string
		for _, m := range moves {
			if p, marker, _ := strings.Cut(m, ",M-"); p == "P-"+pawn {
				out = append(out, marker)
			}
		}
		sort.Strings(out)
		return strings.Join(out, " ")
	}
	for _, tc := range []struct{ pawn, ok string }{
		{"c3", "a1 a3 a5 c1 c5 c6 e1 e3 e5 f3 f6"},    // middle
		{"a1", "a3 a4 a5 a6 c1 c3 d1 d4 e1 e5 f1 f6"}, // corner
		{"a3", "a1 a5 a6 c1 c3 c5 d3 d6 e3 f3"},       // edge
		{"f6", "a1 a6 b2 b6 c3 c6 d4 d6 f1 f2 f3 f4"}, // other corner
		{"d6", "a3 a6 b4 b6 d1 d2 d3 d4 f4 f6"},       // top edge
		{"d4", "a1 a4 b2 b4 b6 d1 d2 d6 f2 f4 f6"},    // middle
	} {
		if got := okCells(tc.pawn); got != tc.ok {
			t.Errorf("pawn on %s: ok cells %s, want %s", tc.pawn, got, tc.ok)
		}
	}
	gametest.Refuses(t, s, "P-c3,M-c4", "at least one cell between")
	gametest.Refuses(t, s, "P-c3,M-d5", "not on one rank, file or diagonal")
	gametest.Refuses(t, s, "M-c4", "name the black pawn's cell and your marker's cell")
	gametest.Refuses(t, s, "pass", "not a legal move")
	gametest.Refuses(t, s, "P-c3,P-c5", "names the black pawn's cell and the marker's cell")

	// "l'intervalle entre le pion noir et le marqueur bleu (2 cases vides)
	// est rempli par 2 briques bleues": 16 -> 14.
	c := s.Clone()
	gametest.Play(t, c, "P-c3,M-f6")
	expectEncode(t, c, "5B/4b1/3b2/2P3/6/6 Y 14,16 1 1,0 1")
	// The order of the two parts and the case do not matter.
	for _, text := range []string{"m-f6,p-c3", "P c3 M f6", "pc3+mf6", "P-c3M-f6", " p:C3 ; M:F6 ", "c3-f6", "c3 f6", "M-f6 c3"} {
		if m, err := s.ParseMove(text); err != nil || s.MoveString(m) != "P-c3,M-f6" {
			t.Errorf("%q reads as %v, %v", text, m, err)
		}
	}
}

// "Le pion noir déjà posé reste immobile. Jaune ajoute son marqueur jaune.
// [...] il remplit toutes les cases vides entre son marqueur et le pion
// noir": Yellow's first turn places his marker; his interval must hold an
// empty cell (pieces inside are fine).
func TestFirstTurnOfTheOthers(t *testing.T) {
	s := variant(t, two6).Start()
	gametest.Play(t, s, "P-c3,M-c5")
	expectEncode(t, s, "6/2B3/2b3/2P3/6/6 Y 15,16 1 1,0 1")
	// c6: the interval c4-c5 holds a brick and the Blue marker, no empty
	// cell; c5 is taken. The pawn does not move on a first turn.
	if got, want := legal(s), "M-a1 M-a3 M-a5 M-c1 M-e1 M-e3 M-e5 M-f3 M-f6"; got != want {
		t.Fatalf("Yellow's first moves %s, want %s", got, want)
	}
	gametest.Refuses(t, s, "M-c6", "no empty cell")
	gametest.Refuses(t, s, "P-e4", "first turn")
	gametest.Play(t, s, "M-f6") // d4, e5
	expectEncode(t, s, "5Y/2B1y1/2by2/2P3/6/6 B 15,14 1 1,2 2")
	// From now on Blue may move his marker or the pawn.
	if got := legal(s); !strings.Contains(got, "M-") || !strings.Contains(got, "P-") {
		t.Fatalf("Blue's second turn offers %s", got)
	}
}

// Intervals may hold bricks of any colour and other markers: only their
// empty cells get bricks; the cell the moved piece left counts as empty;
// an interval with no empty cell is not a move.
func TestIntervalsWithPieces(t *testing.T) {
	v := variant(t, two6)
	const pos = "6/6/6/B5/b5/Py1Y2 B 15,15 1 1,2 2"
	s := decode(t, v, pos)
	want := "M-a4 M-a5 M-a6 M-c3 M-d4 M-e1 M-e5 M-f1 M-f6 P-a5 P-a6 P-c1 P-c3 P-c5 P-d3 P-d6 P-e3 P-f3"
	if got := legal(s); got != want {
		t.Fatalf("legal moves\n got %s\nwant %s", got, want)
	}
	// b1 (Yellow brick) and d1 (Yellow marker) stay; c1 and e1 are filled.
	gametest.Play(t, s, "M-f1")
	expectEncode(t, s, "6/6/6/6/b5/PybYbB Y 13,15 1 3,2 3")

	// The marker's own cell a3 lies in its new interval: it gets a brick.
	s = decode(t, v, pos)
	gametest.Play(t, s, "M-a5")
	expectEncode(t, s, "6/B5/b5/b5/b5/Py1Y2 Y 13,15 1 3,2 3")

	// c1: the interval is b1 alone, a Yellow brick.
	s = decode(t, v, pos)
	gametest.Refuses(t, s, "M-c1", "no empty cell")
	gametest.Refuses(t, s, "M-d1", "not empty")
	gametest.Refuses(t, s, "M-b2", "next to the black pawn")
	gametest.Refuses(t, s, "M-a3", "already on a3")
	// A bare cell names whichever piece can go there.
	if m, err := s.ParseMove("e1"); err != nil || s.MoveString(m) != "M-e1" {
		t.Fatalf("e1 reads as %v, %v", m, err)
	}
	if _, err := s.ParseMove("a5"); err == nil || !strings.Contains(err.Error(), "ambiguous") {
		t.Fatalf("a5 (marker or pawn): %v", err)
	}
}

// A move needing more bricks than the player has is illegal; placing the
// last brick wins at once ("la partie est finie et le joueur qui a placé
// toutes ses briques est le gagnant").
func TestLastBrick(t *testing.T) {
	v := variant(t, two6)
	s := decode(t, v, "bbbbbb/bbbbbb/bbyyyy/yyB2Y/6/P5 B 2,10 1 9,10 10")
	if got, want := legal(s), "M-c1 M-d1 P-c1 P-e1 P-e3"; got != want {
		t.Fatalf("legal moves %s, want %s", got, want)
	}
	gametest.Refuses(t, s, "M-e1", "would hold 3 empty cells but you have only 2 bricks left")
	gametest.Play(t, s, "M-d1")
	o := s.Outcome()
	if o.Status != game.Win || !o.Won(0) || o.Reason != "last brick placed" || o.Scores != [4]int{0, 10} {
		t.Fatalf("outcome %+v", o)
	}
	if s.ToMove() != -1 || len(s.LegalMoves(nil)) != 0 {
		t.Fatalf("the game goes on after the last brick")
	}
	expectEncode(t, s, "bbbbbb/bbbbbb/bbyyyy/yy3Y/6/PbbB2 Y 0,10 1 11,10 11")
	d := decode(t, v, s.Encode())
	if d.Outcome() != o {
		t.Fatalf("decoded outcome %+v", d.Outcome())
	}
}

// "un joueur ne peut plus bouger son marqueur ou le pion noir de façon à
// créer un intervalle avec des cases vides [...] C'est un blocage [...]
// Le joueur bloqué conserve la main": after Blue's move Yellow has no
// interval with an empty cell; the game switches to phase 2 and Yellow,
// still to move, takes bricks back.
func TestBlockage(t *testing.T) {
	v := variant(t, game.Options{"size": "4"})
	s := decode(t, v, "bP2/ybYy/byyy/Byb1 B 12,10 1 5,6 6")
	if s.Phase() != 1 {
		t.Fatal("not in phase 1")
	}
	gametest.Play(t, s, "M-d4")
	expectEncode(t, s, "bPbB/ybYy/byyy/1yb1 Y 11,10 2 7,6 7")
	if s.ToMove() != 1 || s.Phase() != 2 {
		t.Fatalf("after the blockage: %s to move, phase %d", s.Variant().SeatName(s.ToMove(), "en"), s.Phase())
	}
	// Phase 2: the same movement, returning every Yellow brick of the new
	// interval: the pawn to a1 takes b2 back.
	if got := legal(s); got != "P-a1" {
		t.Fatalf("Yellow's phase-2 moves %s, want P-a1", got)
	}
	gametest.Play(t, s, "P-a1")
	expectEncode(t, s, "b1bB/ybYy/b1yy/Pyb1 B 11,11 2 7,8 8")
	if got := legal(s); got != "M-d1 P-b4" {
		t.Fatalf("Blue's phase-2 moves %s, want M-d1 P-b4", got)
	}
}

// A player whose only interval needs more bricks than he has is blocked too
// (he "ne peut plus ajouter la moindre brique"). In phase 2 a player who
// cannot take a brick back passes while another player can.
func TestBlockageForLackOfBricksAndPass(t *testing.T) {
	v := variant(t, two6)
	s := decode(t, v, "1yyyyy/1byyyy/bbbyyy/bbbBbb/bbbyyb/P1Y1yb B 2,1 1 9,10 10")
	gametest.Play(t, s, "M-a6") // fills a5
	// Yellow's only interval would be M-d1 (b1 and his own cell c1): two
	// bricks, but he has one.
	expectEncode(t, s, "Byyyyy/bbyyyy/bbbyyy/bbb1bb/bbbyyb/P1Y1yb Y 1,1 2 11,10 11")
	if got := legal(s); got != "pass" {
		t.Fatalf("Yellow's moves %s, want pass", got)
	}
	gametest.Refuses(t, s, "M-d1", "cannot take back any brick")
	gametest.Play(t, s, "pass")
	if got := legal(s); got != "P-d3" {
		t.Fatalf("Blue's moves %s, want P-d3", got)
	}
	gametest.Refuses(t, s, "pass", "you can take back a brick")
	gametest.Play(t, s, "P-d3") // b5 and c4 go back
	if s.Reserve(0) != 3 || s.Reserve(1) != 1 || s.Ply() != 13 {
		t.Fatalf("reserves %d/%d at ply %d", s.Reserve(0), s.Reserve(1), s.Ply())
	}
	if got := legal(s); got != "M-d1" {
		t.Fatalf("Yellow's moves %s, want M-d1 (d2)", got)
	}

	// A phase-1 position text whose player to move is blocked is read as
	// phase 2.
	d := decode(t, v, "Byyyyy/bbyyyy/bbbyyy/bbb1bb/bbbyyb/P1Y1yb Y 1,1 1 11,10 11")
	if d.Phase() != 2 {
		t.Fatal("a blocked player to move in phase 1 is not read as phase 2")
	}
}

// Phase 2: "toutes les briques de ma couleur situées entre le pion noir et
// mon marqueur sont sorties du jeu"; other bricks stay, empty cells are not
// needed. Returning every brick does not end the game.
func TestReturningMoves(t *testing.T) {
	v := variant(t, two6)
	s := decode(t, v, "P4Y/6/6/6/6/Bbyb2 B 14,15 2 7,8 8")
	gametest.Play(t, s, "P-f1")
	expectEncode(t, s, "5Y/6/6/6/6/B1y2P Y 16,15 2 9,8 9")
	if s.Outcome().Ended() {
		t.Fatal("the game ended when Blue took back his last brick")
	}
	if got := legal(s); got != "M-b1" {
		t.Fatalf("Yellow's moves %s, want M-b1", got)
	}
}

// The end: nobody can take a brick back. "Si tous les joueurs parviennent à
// retirer le même nombre de briques du plateau, c'est le premier qui y
// parvient qui sera le gagnant."
func TestEndAndTieBreak(t *testing.T) {
	v := variant(t, game.Options{"size": "4"})
	s := decode(t, v, "Py2/3Y/4/Bbb1 Y 14,15 2 23,22 23")
	if got := legal(s); got != "M-c4 M-d4" {
		t.Fatalf("Yellow's moves %s", got)
	}
	gametest.Play(t, s, "M-c4") // Yellow: 16 at ply 24
	if s.Outcome().Ended() || s.ToMove() != 0 {
		t.Fatal("the game must go on: Blue can still take bricks back")
	}
	if got := legal(s); got != "P-d1" {
		t.Fatalf("Blue's moves %s", got)
	}
	gametest.Play(t, s, "P-d1") // Blue: 16 at ply 25
	o := s.Outcome()
	if o.Status != game.Win || !o.Won(1) || o.Scores != [4]int{16, 16} || o.Reason != "most bricks, reached first" {
		t.Fatalf("outcome %+v, want Yellow winning 16-16 by reaching 16 first", o)
	}
	expectEncode(t, s, "2Y1/4/4/B2P Y 16,16 2 25,24 25")
	// Same end, but Yellow reached his 16 later: Blue wins.
	d := decode(t, v, "2Y1/4/4/B2P Y 16,16 2 25,26 26")
	if o := d.Outcome(); o.Status != game.Win || !o.Won(0) {
		t.Fatalf("outcome %+v, want Blue", o)
	}
	// Most bricks wins whoever moved last.
	d = decode(t, v, "2Y1/4/4/ByP1 B 16,15 2 25,24 25")
	if o := d.Outcome(); o.Status != game.Win || !o.Won(0) || o.Reason != "most bricks in reserve" || o.Scores != [4]int{16, 15} {
		t.Fatalf("outcome %+v, want Blue 16-15", o)
	}
}

// 3 players play Blue, Yellow, Red; Red's first turn is a marker too.
func TestThreePlayersOrder(t *testing.T) {
	v := variant(t, game.Options{"players": "3"})
	s := v.Start()
	gametest.Play(t, s, "P-d4,M-d6")
	if s.ToMove() != 1 {
		t.Fatalf("after Blue: seat %d", s.ToMove())
	}
	gametest.Play(t, s, "M-b4")
	if s.ToMove() != 2 || !strings.HasPrefix(legal(s), "M-") || strings.Contains(legal(s), "P-") {
		t.Fatalf("Red's first turn: seat %d, moves %s", s.ToMove(), legal(s))
	}
	gametest.Play(t, s, "M-f2")
	expectEncode(t, s, "7/3B3/3b3/1YyP3/4r2/5R1/7 B 15,15,15 1 1,2,3 3")
	if s.ToMove() != 0 {
		t.Fatalf("after Red: seat %d", s.ToMove())
	}
}

// The match: as many rounds as players, colour k begins round k; the round
// won by the last brick scores the win and the reserves as they stand; most
// wins, then most bricks in all.
func TestMatch(t *testing.T) {
	v := variant(t, game.Options{"match": "true"})
	s := decode(t, v, "bbbbbb/bbbbbb/bbyyyy/yyB2Y/6/P5 B 2,10 1 9,10 10 1 0,0 0,0")
	gametest.Play(t, s, "M-d1")
	// Round 2 begins at once: fresh board, Yellow to open.
	expectEncode(t, s, "6/6/6/6/6/6 Y 16,16 1 11,11 11 2 1,0 0,10")
	if s.Outcome().Ended() || s.ToMove() != 1 || s.Round() != 2 {
		t.Fatal("round 2 did not begin with Yellow")
	}
	if n := len(s.LegalMoves(nil)); n != 360 {
		t.Fatalf("Yellow's opening has %d moves", n)
	}
	// Yellow places his last brick in round 2: one round each, Yellow has
	// more bricks in all (10 + 0 against 0 + 5).
	s = decode(t, v, "yyyyyy/yyyyyy/yybbbb/bbY2B/bbbbb1/P5 Y 5,2 1 30,31 31 2 1,0 0,10")
	gametest.Play(t, s, "M-d1")
	o := s.Outcome()
	if o.Status != game.Win || !o.Won(1) || o.Scores != [4]int{5, 10} || o.Reason != "match: most bricks" {
		t.Fatalf("match outcome %+v", o)
	}
	// Equal wins and equal bricks: a tied match.
	s = decode(t, v, "yyyyyy/yyyyyy/yybbbb/bbY2B/bbbbb1/P5 Y 5,2 1 30,31 31 2 1,0 5,10")
	gametest.Play(t, s, "M-d1")
	if o := s.Outcome(); o.Status != game.Draw || o.Reason != "tied match" || o.Scores != [4]int{10, 10} {
		t.Fatalf("match outcome %+v", o)
	}
	// Two rounds won beat any bricks.
	s = decode(t, v, "yyyyyy/yyyyyy/yybbbb/bbY2B/bbbbb1/P5 Y 5,2 1 30,31 31 2 0,1 16,0")
	gametest.Play(t, s, "M-d1")
	if o := s.Outcome(); o.Status != game.Win || !o.Won(1) || o.Reason != "match: most rounds won" {
		t.Fatalf("match outcome %+v", o)
	}
	// A round cannot be over while a later one should have begun.
	if _, err := v.Decode("bbbbbb/bbbbbb/bbyyyy/yy3Y/6/PbbB2 Y 0,10 1 11,10 11 1 0,0 0,0"); err == nil {
		t.Fatal("a finished first round is accepted")
	}
}

// In a 3-player match, Blue, Yellow and Red begin rounds 1, 2 and 3, and
// the totals add up the reserves at the end of each round.
func TestMatchRotation(t *testing.T) {
	v := variant(t, game.Options{"players": "3", "match": "true"})
	rng := rand.New(rand.NewPCG(3, 4))
	for g := 0; g < 20; g++ {
		s := v.Start().(*poldr.State)
		round := 1
		var buf []game.Move
		for !s.Outcome().Ended() {
			buf = s.LegalMoves(buf)
			before := s.Clone().(*poldr.State)
			s.Apply(buf[rng.IntN(len(buf))])
			if s.Round() == round {
				continue
			}
			round++
			if s.Round() != round || s.ToMove() != round-1 || s.Phase() != 1 {
				t.Fatalf("round %d begins with seat %d in phase %d", s.Round(), s.ToMove(), s.Phase())
			}
			if !strings.Contains(legal(s), ",M-") {
				t.Fatalf("round %d does not begin with an opening", round)
			}
			wins := 0
			for p := 0; p < 3; p++ {
				wins += s.Wins(p) - before.Wins(p)
				if s.Reserve(p) != 16 || s.Totals(p) < before.Totals(p) || s.Totals(p) > before.Totals(p)+16 {
					t.Fatalf("seat %d after round %d: reserve %d, totals %d -> %d", p, round-1, s.Reserve(p), before.Totals(p), s.Totals(p))
				}
			}
			if wins > 1 {
				t.Fatalf("%d wins for one round", wins)
			}
		}
		if round != 3 {
			t.Fatalf("the match ended in round %d", round)
		}
		o := s.Outcome()
		sum := 0
		for p := 0; p < 3; p++ {
			if o.Scores[p] != s.Totals(p)+s.Reserve(p) {
				t.Fatalf("seat %d scores %d, totals %d + reserve %d", p, o.Scores[p], s.Totals(p), s.Reserve(p))
			}
			sum += o.Scores[p]
		}
		if sum > 3*3*16 {
			t.Fatalf("scores %v", o.Scores)
		}
	}
}

// The direct legality test (used by ParseMove) agrees with LegalMoves on
// every well-formed move, along random games.
func TestLegalityAgrees(t *testing.T) {
	for _, opts := range []game.Options{{"size": "4"}, {"players": "3", "size": "5"}, {}} {
		v := variant(t, opts)
		all := poldr.AllMoves(v.Start().(*poldr.State).Cells())
		rng := rand.New(rand.NewPCG(11, 12))
		for g := 0; g < 6; g++ {
			s := v.Start().(*poldr.State)
			for {
				moves := s.LegalMoves(nil)
				set := map[game.Move]bool{}
				for _, m := range moves {
					set[m] = true
				}
				for _, m := range all {
					if s.IsLegal(m) != set[m] {
						t.Fatalf("%s at %q: IsLegal %v, listed %v", s.MoveString(m), s.Encode(), s.IsLegal(m), set[m])
					}
				}
				if len(moves) == 0 {
					break
				}
				s.Apply(moves[rng.IntN(len(moves))])
			}
		}
	}
}

// Position texts that no game reaches are refused with a reason.
func TestDecodeRefuses(t *testing.T) {
	v := variant(t, two6)
	for _, tc := range []struct{ text, why string }{
		{"6/6/6/6/6/6 B 16,16 1 0,0", "fields"},
		{"6/6/6/6/6 B 16,16 1 0,0 0", "ranks"},
		{"6/6/6/6/6/7 B 16,16 1 0,0 0", "cells"},
		{"6/6/6/6/6/6 R 16,16 1 0,0 0", "player to move"},
		{"6/6/6/6/6/6 Y 16,16 1 0,0 0", "at its start"},
		{"6/6/6/6/6/Pb4 B 16,16 1 0,0 1", "must make 16"},
		{"6/6/6/6/6/PP4 B 16,16 1 0,0 1", "two black pawns"},
		{"6/6/6/6/6/PyY3 Y 16,15 1 0,1 1", "placed before"},
		{"6/6/6/6/6/PbY3 Y 15,16 1 1,0 1", "no marker"},
		{"6/6/6/6/6/PbB3 Y 15,16 1 0,0 1", "reached cannot be 0"},
		{"6/6/6/6/6/PbB3 Y 15,16 1 2,0 1", "reached plies"},
		{"6/6/6/6/6/PbB3 Y 15,16 3 1,0 1", "phase"},
		{"6/6/6/6/6/PbB3 Y 15,x 1 1,0 1", "reserves"},
		{"6/6/6/6/6/PbBX2 Y 15,16 1 1,0 1", "holds"},
	} {
		_, err := v.Decode(tc.text)
		if err == nil || !strings.Contains(err.Error(), tc.why) {
			t.Errorf("%q: error %v, want one saying %q", tc.text, err, tc.why)
		}
	}
}

// Perft counts from the start (regression values; the move generator is
// checked against the model in model_test.go).
func TestPerft(t *testing.T) {
	for _, tc := range []struct {
		opts game.Options
		want []uint64
	}{
		{two6, []uint64{1, 360, 2752, 37024}},
		{game.Options{"players": "3"}, []uint64{1, 640, 6608, 52184}},
	} {
		s := variant(t, tc.opts).Start()
		for depth, want := range tc.want {
			if got := game.Perft(s, depth); got != want {
				t.Errorf("%v perft(%d) = %d, want %d", tc.opts, depth, got, want)
			}
		}
	}
}
