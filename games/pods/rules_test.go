package pods_test

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/internal/gametest"
	"github.com/plateau-games/plateau/games/pods"
)

var levels = map[string]pods.Level{"basic": pods.Basic, "advanced": pods.Advanced, "expert": pods.Expert}

func decode(t *testing.T, level string, orientation int, text string) *pods.State {
	t.Helper()
	s, err := pods.Variant(levels[level], orientation).Decode(text)
	if err != nil {
		t.Fatalf("decode %q: %v", text, err)
	}
	return s.(*pods.State)
}

// reserve lists every code of a seat's reserve but the given ones, in the
// position text's form ("-" when empty).
func reserve(black bool, except ...string) string {
	var out []string
	for _, row := range pods.DesignTable {
		if !slices.Contains(except, row.Code) {
			code := row.Code
			if black {
				code = strings.ToLower(code)
			}
			out = append(out, code)
		}
	}
	if len(out) == 0 {
		return "-"
	}
	return strings.Join(out, ",")
}

// movesFrom lists the legal pod moves starting with from ("c1" for the
// moves of the pod on c1, "c1-c2" for those from c1 to c2), sorted.
func movesFrom(s game.State, from string) []string {
	if len(from) == 2 {
		from += "-"
	}
	var out []string
	for _, m := range gametest.Legal(s) {
		if strings.HasPrefix(m, from) && (len(from) == 3 || len(m) == len(from) || m[len(from)] == '>') {
			out = append(out, m)
		}
	}
	return out
}

func refused(t *testing.T, s game.State, move, why string) {
	t.Helper()
	if gametest.IsLegal(s, move) {
		t.Fatalf("%s is legal", move)
	}
	_, err := s.ParseMove(move)
	if err == nil || !strings.Contains(err.Error(), why) {
		t.Fatalf("%s: error %v, want one saying %q", move, err, why)
	}
}

func equal(t *testing.T, what string, got, want []string) {
	t.Helper()
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("%s:\n got %v\nwant %v", what, got, want)
	}
}

// Board (reconstruction): orthogonal links everywhere; the square with
// lower-left point (x, y) holds (x,y)-(x+1,y+1) when x+y is even, else
// (x+1,y)-(x,y+1); the pattern turns a quarter turn anticlockwise per
// orientation step.
func TestLinks(t *testing.T) {
	for _, c := range []struct {
		a, b   string
		o0, o1 bool
	}{
		{"a1", "b1", true, true}, {"a1", "a2", true, true}, {"c3", "c4", true, true}, // orthogonal
		{"a1", "b2", true, false}, // square a1 (0+0 even): a1-b2
		{"b1", "a2", false, true}, // square a1 in orientation 1
		{"c1", "b2", true, false}, // square b1 (1+0 odd): c1-b2
		{"b1", "c2", false, true},
		{"c3", "d4", true, false}, {"e5", "f6", true, false}, {"a5", "b6", true, false},
		{"a6", "b5", false, true}, {"a2", "b3", false, true}, {"b6", "c5", true, false},
		{"a1", "c3", false, false}, {"a1", "a3", false, false}, // not neighbours
	} {
		if got := pods.Linked(0, c.a, c.b); got != c.o0 {
			t.Errorf("orientation 0: %s-%s linked %v", c.a, c.b, got)
		}
		if got := pods.Linked(1, c.a, c.b); got != c.o1 {
			t.Errorf("orientation 1: %s-%s linked %v", c.a, c.b, got)
		}
		if pods.Linked(0, c.a, c.b) != pods.Linked(0, c.b, c.a) {
			t.Errorf("%s-%s is not symmetric", c.a, c.b)
		}
	}
	// K and K+2 give the same board; 0 and 1 differ.
	differ := 0
	for a := 0; a < pods.Cells; a++ {
		for b := 0; b < pods.Cells; b++ {
			ca, cb := cell(a), cell(b)
			if pods.Linked(0, ca, cb) != pods.Linked(2, ca, cb) || pods.Linked(1, ca, cb) != pods.Linked(3, ca, cb) {
				t.Fatalf("%s-%s: orientations 0/2 or 1/3 differ", ca, cb)
			}
			if pods.Linked(0, ca, cb) != pods.Linked(1, ca, cb) {
				differ++
			}
		}
	}
	if differ == 0 {
		t.Fatal("orientations 0 and 1 give the same board")
	}
	// 60 orthogonal links and one diagonal per unit square (25).
	n := 0
	for a := 0; a < pods.Cells; a++ {
		for b := a + 1; b < pods.Cells; b++ {
			if pods.Linked(1, cell(a), cell(b)) {
				n++
			}
		}
	}
	if n != 85 {
		t.Fatalf("%d links, want 85", n)
	}
}

func cell(p int) string { return string([]byte{byte('a' + p%6), byte('1' + p/6)}) }

// The orientation option, or the seed that chooses it, is recorded in the
// resolved options.
func TestOrientationOption(t *testing.T) {
	v, err := game.NewVariant("pods", game.Options{"seed": "5"})
	if err != nil {
		t.Fatal(err)
	}
	if v.Options["orientation"] != strconv.Itoa(pods.OrientationOf(5)) || v.Options["level"] != "basic" {
		t.Fatalf("resolved options %v", v.Options)
	}
	if _, ok := v.Options["seed"]; ok {
		t.Fatal("the resolved options keep the seed instead of the orientation")
	}
	w, _ := game.NewVariant("pods", game.Options{"orientation": "3", "level": "Expert"})
	if w.String() != "pods level=expert orientation=3" || w.PlyLimit != 400 || w.Repetition != 3 {
		t.Fatalf("variant %s, ply limit %d, repetition %d", w, w.PlyLimit, w.Repetition)
	}
	b, _ := game.NewVariant("pods", game.Options{"level": "basic", "orientation": "0"})
	if b.PlyLimit != 0 || b.Repetition != 0 {
		t.Fatal("the basic level ends by itself: no ply limit or repetition rule")
	}
	seen := map[string]bool{}
	for seed := 0; seed < 40; seed++ {
		v, _ := game.NewVariant("pods", game.Options{"seed": strconv.Itoa(seed)})
		seen[v.Options["orientation"]] = true
	}
	if len(seen) != 4 {
		t.Fatalf("seeds choose only the orientations %v", seen)
	}
	for _, bad := range []game.Options{{"level": "hard"}, {"orientation": "4"}, {"seed": "x"}} {
		if _, err := game.NewVariant("pods", bad); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
}

// Black's pods are White's turned a half turn.
func TestDesigns(t *testing.T) {
	// White's B2 (F r, B w) on c3 runs north; Black's runs south.
	s := decode(t, "advanced", 0, "....../....../....../..B2.../....../...... "+reserve(false, "B2")+" "+reserve(true)+" b - 1")
	equal(t, "White B2 on c3 controls", s.Controlled(pods.White), []string{"c2", "c4", "c5", "c6"})
	s = decode(t, "advanced", 0, "....../....../....../..b2.../....../...... "+reserve(false)+" "+reserve(true, "B2")+" w - 1")
	equal(t, "Black B2 on c3 controls", s.Controlled(pods.Black), []string{"c1", "c2", "c4"})
	// Black's T1 (BL w, FL w, R w): NE, SE and W.
	s = decode(t, "advanced", 0, "....../....../....../..t1.../....../...... "+reserve(false)+" "+reserve(true, "T1")+" w - 1")
	equal(t, "Black T1 on c3 controls", s.Controlled(pods.Black), []string{"d2", "b3", "d4"})
}

// "Un pied de course permet un déplacement d'un nombre quelconque de cases":
// a running foot controls the empty points of its run up to the first
// occupied point and threatens that pod; a walking foot controls its linked
// neighbour.
func TestControl(t *testing.T) {
	s := decode(t, "advanced", 0, "....../..b1.../....../....../....../..B2... "+reserve(false, "B2")+" "+reserve(true, "B1")+" w - 2")
	equal(t, "White controls", s.Controlled(pods.White), []string{"c2", "c3", "c4"})
	equal(t, "White threatens", s.Threatened(pods.White), []string{"c5"})
	equal(t, "Black controls", s.Controlled(pods.Black), []string{"b5", "d5"})
	if len(s.Threatened(pods.Black)) != 0 {
		t.Fatal("Black threatens")
	}
	// A diagonal run along the links of orientation 0, stopped by a pod.
	s = decode(t, "advanced", 0, "....../....../...b1../....../....../Q5..... "+reserve(false, "Q5")+" "+reserve(true, "B1")+" w - 2")
	equal(t, "Q5 on a1 controls", s.Controlled(pods.White), []string{"b2", "c3"})
	equal(t, "Q5 on a1 threatens", s.Threatened(pods.White), []string{"d4"})
	// A walking foot controls its neighbour only through a link: White's
	// T3 (FL w, FR w, B w) on b2.
	text := "....../....../....../....../.T3..../...... " + reserve(false, "T3") + " " + reserve(true) + " b - 1"
	equal(t, "T3 on b2, orientation 0", decode(t, "advanced", 0, text).Controlled(pods.White), []string{"b1", "a3", "c3"})
	equal(t, "T3 on b2, orientation 1", decode(t, "advanced", 1, text).Controlled(pods.White), []string{"b1"})
}

// "Les blancs débutent la partie en posant un bipode sur le plateau."
func TestBipodOpening(t *testing.T) {
	for _, level := range []pods.Level{pods.Basic, pods.Advanced, pods.Expert} {
		s := pods.Variant(level, 0).Start()
		moves := gametest.Legal(s)
		if len(moves) != 72 {
			t.Fatalf("%d opening placements, want 72 (two bipods on 36 points)", len(moves))
		}
		for _, m := range moves {
			if !strings.HasPrefix(m, "B1@") && !strings.HasPrefix(m, "B2@") {
				t.Fatalf("opening move %s", m)
			}
		}
		refused(t, s, "Q3@c3", "first placement must be a bipod")
		refused(t, s, "O@c3", "first placement must be a bipod")
		gametest.Play(t, s, "B1@a1")
		// Black's first placement need not be a bipod.
		if !gametest.IsLegal(s, "O@d4") || !gametest.IsLegal(s, "Q2@c3") {
			t.Fatalf("Black's placements: %v", gametest.Legal(s))
		}
	}
	if got := pods.Variant(pods.Basic, 0).Start().Encode(); got != "....../....../....../....../....../...... "+reserve(false)+" "+reserve(true)+" w bipode 0" {
		t.Fatalf("start position %q", got)
	}
}

// "il est interdit [...] de se mettre sur une case contrôlée par un pied
// adverse": the point is controlled by White's running foot, nothing else
// forbids the placement.
func TestPlacementBanControlled(t *testing.T) {
	s := decode(t, "basic", 0, "....../....../....../....../....../..B2... "+reserve(false, "B2")+" "+reserve(true)+" b - 1")
	refused(t, s, "B1@c3", "c3 is controlled by a foot of White")
	refused(t, s, "B1@c6", "controlled")
	if !gametest.IsLegal(s, "B1@d3") {
		t.Fatal("B1@d3 is refused")
	}
}

// "il suffit qu'aucun de ses pieds ne menace de marcher sur un pod adverse":
// Black's B2 on c5 would run down to White's pod on c1; Black's Q3 on c2
// would walk onto it. Neither point is controlled and both pods could move.
func TestPlacementBanThreat(t *testing.T) {
	s := decode(t, "basic", 0, "....../....../....../....../....../..B1... "+reserve(false, "B1")+" "+reserve(true)+" b - 1")
	refused(t, s, "B2@c5", "would threaten a pod of White")
	refused(t, s, "Q3@c2", "would threaten a pod of White")
	for _, ok := range []string{"B2@d5", "B1@c5", "B1@c2", "Q2@d4"} {
		if !gametest.IsLegal(s, ok) {
			t.Fatalf("%s is refused", ok)
		}
	}
	// A foot may point at one's own pod.
	s = decode(t, "basic", 0, "b1...../....../....../....../....../..B1... "+reserve(false, "B1")+" "+reserve(true, "B1")+" w - 2")
	if !gametest.IsLegal(s, "Q3@c2") {
		t.Fatal("a pod next to its own pod is refused")
	}
}

// "il est interdit de poser un pod sur une case où tous ses pieds seraient
// directement bloqués (soient par un autre pod, soit par l'absence de
// chemin)".
func TestPlacementBanImmobile(t *testing.T) {
	text := "....../....../....../....../....../.....B1 " + reserve(false, "B1") + " " + reserve(true) + " b - 1"
	// Q2 walks diagonally only: b1 has no diagonal link in orientation 0.
	s := decode(t, "basic", 0, text)
	refused(t, s, "Q2@b1", "could not move from b1")
	if !gametest.IsLegal(s, "Q2@c1") {
		t.Fatal("Q2@c1 is refused")
	}
	s = decode(t, "basic", 1, text)
	refused(t, s, "Q2@c1", "could not move")
	if !gametest.IsLegal(s, "Q2@b1") {
		t.Fatal("Q2@b1 is refused in orientation 1")
	}
	// Blocked by one's own pods: Black's B1 (walking east and west) between
	// Black's pods on a3 and c3.
	s = decode(t, "basic", 0, ".....B2/....../.....Q3/b2.q3.../....../.....B1 "+
		reserve(false, "B1", "B2", "Q3")+" "+reserve(true, "B2", "Q3")+" b - 5")
	refused(t, s, "B1@b3", "could not move")
	if !gametest.IsLegal(s, "B1@b4") {
		t.Fatal("B1@b4 is refused")
	}
}

// "La partie s'achève dès qu'un joueur est dans l'impossibilité de poser un
// nouveau pod dans la caverne. Son adversaire gagne alors la partie." Random
// basic games end so; the loser really has no placement left (every pod of
// his reserve on every point is refused); and one who places all his pods
// wins.
func TestBasicEnd(t *testing.T) {
	v := pods.Variant(pods.Basic, 0)
	rng := rand.New(rand.NewPCG(1, 2))
	var stuck, placed int
	var buf []game.Move
	for g := 0; g < 3000 && (stuck < 20 || placed < 1); g++ {
		s := v.Start().(*pods.State)
		var last int
		for !s.Outcome().Ended() {
			buf = s.LegalMoves(buf)
			last = s.ToMove()
			s.Apply(buf[rng.IntN(len(buf))])
		}
		o := s.Outcome()
		if !o.Won(last) || o.Won(1-last) {
			t.Fatalf("the last mover did not win: %+v", o)
		}
		switch o.Reason {
		case "all pods placed":
			placed++
			if len(s.Reserve(last)) != 0 || s.Ply() != 27+last {
				t.Fatalf("win by placing all pods with %v left at ply %d", s.Reserve(last), s.Ply())
			}
		case "no placement or move":
			stuck++
			loser := 1 - last
			if len(s.Reserve(loser)) == 0 {
				t.Fatal("the loser had placed every pod")
			}
			// The reference generator finds no placement for him either.
			if m := refMoves(t, pods.Basic, 0, s.Encode()); len(m) != 0 {
				t.Fatalf("the loser could play %v at %s", m, s.Encode())
			}
		default:
			t.Fatalf("reason %q", o.Reason)
		}
	}
	if stuck < 20 || placed < 1 {
		t.Fatalf("%d games lost for want of a placement, %d won by placing all pods", stuck, placed)
	}
	// Pods never move at the basic level.
	s := decode(t, "basic", 0, "....../....../....../....../....../..B2... "+reserve(false, "B2")+" "+reserve(true)+" b - 1")
	s.Apply(mustParse(t, s, "B1@f6"))
	refused(t, s, "c1-c4", "pods do not move at the basic level")
}

func mustParse(t *testing.T, s game.State, move string) game.Move {
	t.Helper()
	m, err := s.ParseMove(move)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// "Ce déplacement s'effectue vers une case vide et en n'empruntant que des
// cases vides": a move follows one foot along the links through empty
// points and may end where enemy feet control.
func TestAdvancedMoves(t *testing.T) {
	s := decode(t, "advanced", 0, "....../..b1.../....../....../....../..B2... "+reserve(false, "B2")+" "+reserve(true, "B1")+" w - 2")
	equal(t, "moves of c1", movesFrom(s, "c1"), []string{"c1-c2", "c1-c3", "c1-c4"})
	gametest.Play(t, s, "c1-c4")
	// c4 is next to Black's pod; it is legal to end there. Black's pod on c5
	// still moves sideways: nothing is removed.
	if got := s.Encode(); got != "....../..b1.../..B2.../....../....../...... "+reserve(false, "B2")+" "+reserve(true, "B1")+" b - 3" {
		t.Fatalf("after c1-c4: %s", got)
	}
	// Black's B1 cannot move through White's pod, nor shove at this level.
	equal(t, "moves of c5", movesFrom(s, "c5"), []string{"c5-b5", "c5-d5"})
}

// "Tous les pods dont les pieds sont bloqués [...] sont retirés du plateau
// simultanément. Retirer un pod ne libère pas son voisin si celui-ci était
// condamné." Black fills b2: White's H1 on a1 and Q3 on b1 are both left
// without a move (each would be freed by the removal of the other) and are
// removed together, out of the game.
func TestSimultaneousRemoval(t *testing.T) {
	text := "....../....../.b2..../....../B2...../H1Q3B1... " + reserve(false, "H1", "Q3", "B1", "B2") + " " + reserve(true, "B2") + " b - 20"
	s := decode(t, "advanced", 0, text)
	if !s.CanMove("a1") || !s.CanMove("b1") {
		t.Fatal("a1 and b1 should be able to move before")
	}
	gametest.Play(t, s, "b4-b2")
	want := "....../....../....../....../B2b2..../..B1... " + reserve(false, "H1", "Q3", "B1", "B2") + " " + reserve(true, "B2") + " w - 21"
	if got := s.Encode(); got != want {
		t.Fatalf("after b4-b2:\n got %s\nwant %s", got, want)
	}
	if !strings.Contains(s.String(), "out of the game: H1 Q3\n") {
		t.Fatalf("drawing:\n%s", s)
	}
	// White's removed pods are out of the game, not back in his reserve.
	if slices.Contains(s.Reserve(pods.White), "H1") || slices.Contains(s.Reserve(pods.White), "Q3") {
		t.Fatal("the opponent's removed pods went back to the reserve")
	}
}

// "il est possible qu'un joueur prive un (ou plusieurs) de ses propres pods de
// liberté. Dans ce cas le ou les pods sont retirés et replacés dans la
// réserve du joueur."
func TestSelfBlockingReturnsToReserve(t *testing.T) {
	// White's own Q6 fills b2: his H1 and Q3 go back to his reserve.
	text := "....../....../.Q6..../....../B2...../H1Q3B1... " + reserve(false, "H1", "Q3", "B1", "B2", "Q6") + " " + reserve(true) + " w - 20"
	s := decode(t, "advanced", 0, text)
	gametest.Play(t, s, "b4-b2")
	want := "....../....../....../....../B2Q6..../..B1... " + reserve(false, "B1", "B2", "Q6") + " " + reserve(true) + " b - 21"
	if got := s.Encode(); got != want {
		t.Fatalf("after b4-b2:\n got %s\nwant %s", got, want)
	}
	// The moving pod itself: White's T2 (F r, BL w, BR w) runs to a6, which
	// has no diagonal link in orientation 0, and goes back to the reserve.
	s = decode(t, "advanced", 0, "....../....../....../....../....../T2....B1 "+reserve(false, "T2", "B1")+" "+reserve(true)+" w - 2")
	gametest.Play(t, s, "a1-a6")
	if got := s.Encode(); got != "....../....../....../....../....../.....B1 "+reserve(false, "B1")+" "+reserve(true)+" b - 3" {
		t.Fatalf("after a1-a6: %s", got)
	}
	// A placement that blocks one's own pod.
	s = decode(t, "advanced", 0, ".....b1/....../....../....../....../B1..... Q3 "+reserve(true, "B1")+" w - 40")
	gametest.Play(t, s, "Q3@b1")
	if s.Outcome().Ended() || strings.Join(s.Reserve(pods.White), " ") != "B1" {
		t.Fatalf("after Q3@b1: %s, %+v", s.Encode(), s.Outcome())
	}
}

// "La partie s'achève lorsque l'un des joueurs pose le dernier pod de sa
// réserve dans la caverne. Les pods mis hors jeu par l'adversaire n'ont pas à
// être pris en compte."
func TestWinByEmptyReserve(t *testing.T) {
	s := decode(t, "advanced", 0, ".....b1/....../....../....../....../B1..... Q3 "+reserve(true, "B1")+" w - 40")
	gametest.Play(t, s, "Q3@c3")
	o := s.Outcome()
	if o.Status != game.Win || !o.Won(pods.White) || o.Reason != "all pods placed" || s.ToMove() != -1 || len(s.LegalMoves(nil)) != 0 {
		t.Fatalf("after the last placement: %+v", o)
	}
	// Decoding the final position gives the same result.
	d := decode(t, "advanced", 0, s.Encode())
	if d.Outcome() != o {
		t.Fatalf("decoded final position: %+v", d.Outcome())
	}
}

// "a player with no placement and no move loses": Black has no pod on the
// board, and his B1 (walking east and west) has a White pod beside it on
// every empty point.
func TestNoPlacementNoMoveLoses(t *testing.T) {
	text := ".Q2..T1./.Q1..H2./.T2..Q4./.H1..T3./.Q6..Q3./.O..Q5. B1,B2 b1 b - 50"
	for _, level := range []string{"advanced", "expert"} {
		s := decode(t, level, 0, text)
		o := s.Outcome()
		if o.Status != game.Win || !o.Won(pods.White) || o.Reason != "no placement or move" || len(s.LegalMoves(nil)) != 0 {
			t.Fatalf("%s: %+v with moves %v", level, o, gametest.Legal(s))
		}
	}
	// With Black's B2 in reserve instead, there is a placement.
	s := decode(t, "advanced", 0, strings.Replace(text, " b1 ", " b2 ", 1))
	if s.Outcome().Ended() || len(gametest.Legal(s)) == 0 {
		t.Fatal("Black's B2 cannot be placed")
	}
	for _, m := range gametest.Legal(s) {
		if !strings.HasPrefix(m, "B2@") {
			t.Fatalf("move %s", m)
		}
	}
}

// Expert "Bousculades": a pod moving along a foot takes the place of the
// first pod it meets and pushes the line of pods behind it one point each,
// the last onto an empty point; impossible at the edge.
func TestShoves(t *testing.T) {
	// White's B2 (F r, B w) on c1 runs over c2 and meets Black's pod on c3.
	s := decode(t, "expert", 0, "....../....../....../..b1.../....../..B2... "+reserve(false, "B2")+" "+reserve(true, "B1")+" w - 2")
	equal(t, "one pod", movesFrom(s, "c1"), []string{"c1-c2", "c1-c3>c4"})
	gametest.Play(t, s, "c1-c3>c4")
	if got := s.Encode(); !strings.HasPrefix(got, "....../....../..b1.../..B2.../....../...... ") {
		t.Fatalf("after the shove: %s", got)
	}
	// Two pods in line.
	s = decode(t, "expert", 0, "....../....../..q3.../..b1.../....../..B2... "+reserve(false, "B2")+" "+reserve(true, "B1", "Q3")+" w - 2")
	equal(t, "two pods", movesFrom(s, "c1"), []string{"c1-c2", "c1-c3>c4>c5"})
	gametest.Play(t, s, "c1-c3>c4>c5")
	if got := s.Encode(); !strings.HasPrefix(got, "....../..q3.../..b1.../..B2.../....../...... ") {
		t.Fatalf("after the shove: %s", got)
	}
	// Four pods up to the edge: no shove.
	s = decode(t, "expert", 0, "..o.../..h1.../..q3.../..b1.../....../..B2... "+reserve(false, "B2")+" "+reserve(true, "B1", "Q3", "H1", "O")+" w - 2")
	equal(t, "line to the edge", movesFrom(s, "c1"), []string{"c1-c2"})
	// A walking foot shoves too (but never kicks): White's B1 on b1
	// pushes Black's Q2 from c1 to d1, where it has no diagonal link: it
	// is removed, out of the game.
	s = decode(t, "expert", 0, "....../....../....../....../....../.B1q2... "+reserve(false, "B1")+" "+reserve(true, "Q2")+" w - 2")
	equal(t, "walking foot", movesFrom(s, "b1"), []string{"b1-a1", "b1-c1>d1"})
	gametest.Play(t, s, "b1-c1>d1")
	if got := s.Encode(); got != "....../....../....../....../....../..B1... "+reserve(false, "B1")+" "+reserve(true, "Q2")+" b - 3" {
		t.Fatalf("after the shove: %s", got)
	}
	// No link, no shove: c2 has no diagonal link in orientation 0, so
	// White's Q6 there (F w, FL w, FR w, B r) cannot reach Black's pod on
	// d3 diagonally.
	s = decode(t, "expert", 0, "....../....../....../...b1../..Q6.../...... "+reserve(false, "Q6")+" "+reserve(true, "B1")+" w - 2")
	equal(t, "no link", movesFrom(s, "c2"), []string{"c2-c1", "c2-c3"})
	// Shoves are an expert rule only.
	s = decode(t, "advanced", 0, "....../....../....../..b1.../....../..B2... "+reserve(false, "B2")+" "+reserve(true, "B1")+" w - 2")
	equal(t, "advanced", movesFrom(s, "c1"), []string{"c1-c2"})
}

// Expert "Coup de pied": a pod moving one point with a running foot onto a
// directly neighbouring pod sends it on over any number of empty points; each
// distance is a move of its own, and the 1-point kick along a link is the
// shove.
func TestKicks(t *testing.T) {
	// White's H1 (F r, FL w, FR w, L w, R w, B w) on c1, Black's pod on c2.
	s := decode(t, "expert", 0, "....../....../....../....../..b1.../..H1... "+reserve(false, "H1")+" "+reserve(true, "B1")+" w - 2")
	equal(t, "kicks", movesFrom(s, "c1-c2"), []string{"c1-c2>c3", "c1-c2>c4", "c1-c2>c5", "c1-c2>c6"})
	// The displaced pod must be named: four moves go from c1 to c2.
	if _, err := s.ParseMove("c1-c2"); err == nil || !strings.Contains(err.Error(), "ambiguous") {
		t.Fatalf("c1-c2: %v", err)
	}
	c := s.Clone()
	gametest.Play(t, c, "c1 - C2 > c5")
	if got := c.Encode(); !strings.HasPrefix(got, "....../..b1.../....../....../..H1.../...... ") {
		t.Fatalf("after the kick: %s", got)
	}
	// The 1-point kick is the shove: one move.
	c = s.Clone()
	gametest.Play(t, c, "c1-c2>c3")
	if got := c.Encode(); !strings.HasPrefix(got, "....../....../....../..b1.../..H1.../...... ") {
		t.Fatalf("after the 1-point kick: %s", got)
	}
	// Over empty points only.
	s = decode(t, "expert", 0, "....../..q3.../....../....../..b1.../..H1... "+reserve(false, "H1")+" "+reserve(true, "B1", "Q3")+" w - 2")
	equal(t, "kicks up to a pod", movesFrom(s, "c1-c2"), []string{"c1-c2>c3", "c1-c2>c4"})
	// A running foot that first runs over empty points shoves only.
	s = decode(t, "expert", 0, "....../....../....../..b1.../....../..B2... "+reserve(false, "B2")+" "+reserve(true, "B1")+" w - 2")
	refused(t, s, "c1-c3>c5", "cannot do that")
	// A walking foot never kicks: White's B1 on b1 shoves only.
	s = decode(t, "expert", 0, "....../....../....../....../....../.B1b1... "+reserve(false, "B1")+" "+reserve(true, "B1")+" w - 2")
	equal(t, "walking foot", movesFrom(s, "b1"), []string{"b1-a1", "b1-c1>d1"})
	// A diagonal kick along the links of orientation 0: White's Q5 (FL r,
	// FR r, BL w, BR w) on c1.
	s = decode(t, "expert", 0, "....../....../....../....../...b1../..Q5... "+reserve(false, "Q5")+" "+reserve(true, "B1")+" w - 2")
	equal(t, "diagonal kicks", movesFrom(s, "c1-d2"), []string{"c1-d2>e3", "c1-d2>f4"})
}

func TestNotation(t *testing.T) {
	s := pods.Variant(pods.Basic, 0).Start()
	for _, in := range []string{"B1@c3", "b1@C3", " b1 @ c3 "} {
		if m, err := s.ParseMove(in); err != nil || s.MoveString(m) != "B1@c3" {
			t.Fatalf("%q: %v", in, err)
		}
	}
	for _, in := range []string{"", "pass", "X1@c3", "B1@g3", "B1c3", "c3", "c3-", "c3-c4>", "c3-c4>c9", "B1@c3@d4"} {
		if _, err := s.ParseMove(in); err == nil {
			t.Fatalf("%q accepted", in)
		}
	}
	// A unique shove may be written without its displaced pods.
	e := decode(t, "expert", 0, "....../....../....../..b1.../....../..B2... "+reserve(false, "B2")+" "+reserve(true, "B1")+" w - 2")
	if m, err := e.ParseMove("c1-c3"); err != nil || e.MoveString(m) != "c1-c3>c4" {
		t.Fatalf("c1-c3: %v", err)
	}
	refused(t, e, "c1-c3>c5", "its moves are c1-c2 c1-c3>c4")
	refused(t, e, "c3-c4", "the pod on c3 is Black's")
	refused(t, e, "d3-d4", "there is no pod on d3")
	refused(t, e, "B2@a1", "B2 is not in White's reserve")
	refused(t, e, "Q3@c1", "c1 is occupied")
}

func TestDecodeErrors(t *testing.T) {
	v := pods.Variant(pods.Advanced, 0)
	good := "....../..b1.../....../....../....../..B2... " + reserve(false, "B2") + " " + reserve(true, "B1") + " w - 2"
	if _, err := v.Decode(good); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ text, why string }{
		{"", "got 0 fields"},
		{"....../....../....../....../...... - - w - 0", "5 ranks"},
		{"....../..b1.../....../....../....../..B2.... - - w - 0", "more than 6 entries"},
		{"....../..b1.../....../....../....../..B2.. - - w - 0", "5 entries"},
		{"....../..x1.../....../....../....../..B2... - - w - 0", "not a pod code"},
		{"....../..b1.../....../....../....../..B2... Q3,Q3 - w - 2", "twice"},
		{"....../..b1.../....../....../....../..B2... B2 - w - 2", "both on the board and in the reserve"},
		{"....../..b1b1../....../....../....../..B2... Q3 q3 w - 2", "two pods B1"},
		{"....../..b1.../....../....../....../..B2... Q3 q3 x - 2", "side to move"},
		{"....../..b1.../....../....../....../..B2... Q3 q3 w first 2", "fifth field"},
		{"....../..b1.../....../....../....../..B2... Q3 q3 w - -2", "ply"},
		{"....../..b1.../....../....../....../..B2... Q3 q3 w bipode 2", "goes only with the start"},
		{"....../..b1.../....../....../....../..B2... - q3 w - 2", "White, to move, has no pod left"},
		{"....../..b1.../....../....../....../B1q3.... Q3 q2 w - 2", "cannot move"},
	} {
		_, err := v.Decode(c.text)
		if err == nil || !strings.Contains(err.Error(), c.why) {
			t.Errorf("%q: error %v, want %q", c.text, err, c.why)
		}
	}
	b := pods.Variant(pods.Basic, 0)
	for _, c := range []struct{ text, why string }{
		{"....../....../....../....../....../..B2... " + reserve(false, "B2") + " q3 b - 1", "neither on the board nor in the reserve"},
		{"....../....../....../....../....../..B2... " + reserve(false, "B2") + " " + reserve(true) + " w - 1", "White has placed 1 pods and Black 0"},
		{"....../....../....../....../....../..Q3... " + reserve(false, "Q3") + " " + reserve(true) + " b - 1", "no bipod"},
		{"....../....../....../....../....../...... " + reserve(false) + " " + reserve(true) + " w - 0", "bipode"},
		{"....../..b2.../....../....../....../..B2... " + reserve(false, "B2") + " " + reserve(true, "B2") + " w - 2", "threatens"},
	} {
		_, err := b.Decode(c.text)
		if err == nil || !strings.Contains(err.Error(), c.why) {
			t.Errorf("basic %q: error %v, want %q", c.text, err, c.why)
		}
	}
}

// The default variant draws its orientation, plays and records it.
func TestCatalogue(t *testing.T) {
	g := pods.Game()
	if len(g.Variants) < 6 || g.MinPlayers != 2 || g.MaxPlayers != 2 {
		t.Fatalf("catalogue entry %+v", g)
	}
	v, _ := game.NewVariant("pods", game.Options{"level": "advanced", "orientation": "1"})
	if v.SeatName(0, "fr") != "Blanc" || v.SeatName(1, "en") != "Black" {
		t.Fatal("seat names")
	}
	if d := v.Start().String(); !strings.Contains(d, "| \\  | /") && !strings.Contains(d, "|  \\ |  /") {
		t.Fatalf("drawing:\n%s", d)
	}
}
