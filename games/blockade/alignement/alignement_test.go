package alignement_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/blockade/alignement"
	"github.com/plateau-games/plateau/games/blockade/board"
	"github.com/plateau-games/plateau/games/internal/gametest"
)

func decode(t *testing.T, text string) *alignement.State {
	t.Helper()
	s, err := alignement.Decode(text)
	if err != nil {
		t.Fatalf("decode %q: %v", text, err)
	}
	return s
}

var shapeOf = map[byte]board.Shape{'C': board.Cylinder, 'T': board.Triangle, 'S': board.Square}

// The opening order, exactly as DECISIONS lists it, and the wrong kind
// refused at every placement.
func TestOpeningOrder(t *testing.T) {
	opening := []struct {
		player int
		shape  byte
		place  bool
		move   string
	}{
		{0, 'S', true, "S@b2"},
		{1, 'S', true, "S@b11"},
		{0, 'C', true, "C@e5"},
		{1, 'C', true, "C@k11"},
		{0, 'T', true, "T@h2"},
		{1, 'T', true, "T@e11"},
		{0, 'S', true, "S@k5"},
		{1, 'S', true, "S@b8"},
		{0, 'C', false, "e5-e8"},
		{1, 'T', true, "T@k2"},
		{0, 'T', true, "T@h5"},
		{1, 'C', false, "k11-h11"},
	}
	s := alignement.New()
	for i, st := range opening {
		player, shape, place := s.Required()
		if player != st.player || shape != shapeOf[st.shape] || place != st.place || s.ToMove() != st.player {
			t.Fatalf("opening turn %d: required %d %v place=%t, want %d %c place=%t", i+1, player, shape, place, st.player, st.shape, st.place)
		}
		if place {
			for _, wrong := range "CTS" {
				if byte(wrong) != st.shape {
					gametest.Refuses(t, s, string(wrong)+"@h8", "not the kind of piece the schedule asks for")
				}
			}
			gametest.Refuses(t, s, "b2-b5", "asks for a placement")
			// Every legal move is a placement of the required shape.
			for _, m := range game.LegalNotations(s) {
				if m[0] != st.shape || m[1] != '@' {
					t.Fatalf("opening turn %d: legal move %s", i+1, m)
				}
			}
		} else {
			gametest.Refuses(t, s, "S@h8", "asks for a movement")
		}
		gametest.Play(t, s, st.move)
		if s.Outcome().Ended() {
			t.Fatalf("game over after %s: %+v", st.move, s.Outcome())
		}
	}
	if !strings.HasSuffix(s.Encode(), " c1 12") {
		t.Fatalf("after the opening: %q", s.Encode())
	}
}

// After the opening, the fixed cycle: A square, B triangle, A cylinder, B
// square, A triangle, B cylinder, again and again.
func TestMovementCycle(t *testing.T) {
	cycle := []struct {
		player int
		shape  board.Shape
	}{{0, board.Square}, {1, board.Triangle}, {0, board.Cylinder}, {1, board.Square}, {0, board.Triangle}, {1, board.Cylinder}}
	longest := 0
	for seed := uint64(0); seed < 200 && longest < 36; seed++ {
		rng := rand.New(rand.NewPCG(seed, 1))
		s := alignement.New()
		for s.Ply() < 60 && !s.Outcome().Ended() {
			moves := s.LegalMoves(nil)
			if s.Ply() >= 12 {
				want := cycle[(s.Ply()-12)%6]
				player, shape, place := s.Required()
				if player != want.player || shape != want.shape || place {
					t.Fatalf("ply %d: required %d %v place=%t, want %d %v", s.Ply(), player, shape, place, want.player, want.shape)
				}
				for _, mv := range moves {
					name := s.MoveString(mv)
					c, _ := board.ParseCell(name[:strings.IndexByte(name, '-')])
					if p, sh := s.Piece(c); p != want.player || sh != want.shape {
						t.Fatalf("ply %d: move %s moves %d %v", s.Ply(), name, p, sh)
					}
				}
			}
			s.Apply(moves[rng.IntN(len(moves))])
		}
		longest = max(longest, s.Ply())
	}
	if longest < 36 {
		t.Fatalf("no random game lasted 36 plies (longest %d)", longest)
	}
}

func TestCylinderMoves(t *testing.T) {
	// Red's cylinder on b5. North: b8, b11 taken (no move). North-east:
	// e8 free. East: e5, h5 taken, k5 free (over two circles). South-east:
	// e2 taken, then the edge (no move). South: b2 free.
	s := decode(t, "c..s/S.T./Cts./.TSt c3 14")
	if got, want := game.LegalNotations(s), []string{"b5-e8", "b5-k5", "b5-b2"}; !slices.Equal(got, want) {
		t.Fatalf("cylinder moves %v, want %v", got, want)
	}
	gametest.Refuses(t, s, "b5-h5", "first empty circle")
	gametest.Refuses(t, s, "b5-b11", "first empty circle")
	gametest.Refuses(t, s, "e5-e8", "e5 holds Blue's triangle")
	gametest.Refuses(t, s, "b8-e8", "b8 holds Red's square")
	gametest.Play(t, s, "b5-k5")
	if p, sh := s.Piece(board.At(10, 4)); p != 0 || sh != board.Cylinder {
		t.Fatalf("k5 holds %d %v", p, sh)
	}
	if p, sh, place := s.Required(); p != 1 || sh != board.Square || place {
		t.Fatalf("after Red's cylinder: %d %v %t, want Blue to move a square", p, sh, place)
	}
}

func TestStepMoves(t *testing.T) {
	// Red's squares b8 and h2: b8 goes east only (b11 and b5 taken); h2 is
	// surrounded.
	s := decode(t, "c..s/S.T./Cts./.TSt c1 12")
	if got, want := game.LegalNotations(s), []string{"b8-e8"}; !slices.Equal(got, want) {
		t.Fatalf("square moves %v, want %v", got, want)
	}
	gametest.Refuses(t, s, "b8-e11", "one circle along a rank or file")
	gametest.Refuses(t, s, "b8-h8", "one circle along a rank or file")
	gametest.Refuses(t, s, "e2-b2", "e2 holds Red's triangle")
	// Red's triangles e2 and h8.
	s = decode(t, "c..s/S.T./Cts./.TSt c5 16")
	if got, want := game.LegalNotations(s), []string{"e2-b2", "h8-h11", "h8-k8", "h8-e8"}; !slices.Equal(got, want) {
		t.Fatalf("triangle moves %v, want %v", got, want)
	}
	// Either of two pieces of the required kind may move: Blue's squares.
	s = decode(t, "c..s/S.T./Cts./.TSt c4 15")
	if got, want := game.LegalNotations(s), []string{"h5-k5", "k11-k8", "k11-h11"}; !slices.Equal(got, want) {
		t.Fatalf("Blue's square moves %v, want %v", got, want)
	}
}

// The text's examples: Red, to move a triangle, wins at once; Red, to move
// the cylinder, must go to the only empty circle open to it, and Blue wins
// by moving a square.
func TestTextExampleForcedCylinder(t *testing.T) {
	const board = "s.../Cstc/ST.S/t.T."
	s := decode(t, board+" c5 16")
	gametest.Play(t, s, "h2-h5")
	if o := s.Outcome(); o.Status != game.Win || o.Winners != 1 || o.Reason != "four in a line" {
		t.Fatalf("Red's triangle move: %+v", o)
	}
	s = decode(t, board+" c3 14")
	if got := game.LegalNotations(s); !slices.Equal(got, []string{"b8-e11"}) {
		t.Fatalf("Red's cylinder moves %v, want only b8-e11", got)
	}
	gametest.Play(t, s, "b8-e11")
	if s.Outcome().Ended() {
		t.Fatalf("ended: %+v", s.Outcome())
	}
	gametest.Play(t, s, "b11-b8")
	if o := s.Outcome(); o.Status != game.Win || o.Winners != 2 || o.Reason != "four in a line" {
		t.Fatalf("Blue's square move: %+v", o)
	}
}

// The text's example: Blue must move his cylinder and every circle around
// it (in every direction) is taken: he loses.
func TestTextExampleBlockedCylinder(t *testing.T) {
	// Blue's cylinder on b2; file b, rank 2 and the diagonal to k11 are
	// full once Red's triangle goes e8-e5.
	s := decode(t, "T..S/sTt./C.../ctSs c5 16")
	if s.Outcome().Ended() {
		t.Fatal("ended too early")
	}
	gametest.Play(t, s, "e8-e5")
	if o := s.Outcome(); o.Status != game.Win || o.Winners != 1 || o.Reason != "opponent cannot make the required move" {
		t.Fatalf("blocked cylinder: %+v", o)
	}
	if len(s.LegalMoves(nil)) != 0 || s.ToMove() != -1 {
		t.Fatal("the game goes on")
	}
	// The same position read back is over too.
	d := decode(t, s.Encode())
	if d.Outcome() != s.Outcome() {
		t.Fatalf("decoded outcome %+v", d.Outcome())
	}
	// The same board with Red to move a square: Red has moves; the game
	// goes on.
	if o := decode(t, "T..S/s.t./CT../ctSs c1 18").Outcome(); o.Ended() {
		t.Fatalf("Red to move: %+v", o)
	}
}

func TestLines(t *testing.T) {
	for _, c := range []struct{ name, pos, move string }{
		// File b: Red's square e8 steps to b8.
		{"file", "T..t/.S.S/Cs../Tsct c1 12", "e8-b8"},
		// Rank 5, by a placement in the opening (Red's second square).
		{"rank by placement", ".s../c.../CTS./t... o7 6", "S@k5"},
		// Long diagonal b2-k11: Red's square k8 steps to k11.
		{"diagonal", ".S../s.TS/tC../Tcst c1 12", "k8-k11"},
		// Other diagonal b11-k2 by the cylinder.
		{"anti-diagonal", "TS.c/.T.s/t.S./Cst. c3 14", "b2-k2"},
	} {
		s := decode(t, c.pos)
		gametest.Play(t, s, c.move)
		if o := s.Outcome(); o.Status != game.Win || o.Winners != 1 || o.Reason != "four in a line" {
			t.Errorf("%s: %+v\n%s", c.name, o, s)
		}
	}
	// Four pieces of both players in a line is not a line.
	s := decode(t, "T..t/.S.S/Cs../Tsct c1 12")
	gametest.Play(t, s, "e8-e11")
	if s.Outcome().Ended() {
		t.Fatalf("mixed line: %+v", s.Outcome())
	}
}

func TestPositionText(t *testing.T) {
	if got := alignement.New().Encode(); got != "..../..../..../.... o1 0" {
		t.Fatalf("start text %q", got)
	}
	// The schedule step is part of the position.
	a := decode(t, "c..s/S.T./Cts./.TSt c1 12")
	b := decode(t, "c..s/S.T./Cts./.TSt c4 15")
	if a.Hash() == b.Hash() {
		t.Fatal("the schedule step is not in the hash")
	}
	if c := decode(t, "c..s/S.T./Cts./.TSt c1 18"); c.Hash() != a.Hash() {
		t.Fatal("the ply is in the hash")
	}
	for _, bad := range []struct{ text, want string }{
		{"", "fields"},
		{"..../..../..../... o1 0", "not 4 circles"},
		{"..../..../..../...x o1 0", "is not a piece"},
		{"..../..../..../.... o13 0", "the step must be"},
		{"..../..../..../.... o2 0", "opening step o2 is played at ply 1"},
		{"c..s/S.T./Cts./.TSt c1 13", "cycle step c1"},
		{"S.../..../..../.... o2 1", ""},
		{"S.../..../..../.... o3 2", "Blue's squares on the board: 0"},
		{"SSTT/C.../s.../cstt c1 12", "Red, to move, already has four in a line"},
	} {
		_, err := alignement.Decode(bad.text)
		switch {
		case bad.want == "" && err != nil:
			t.Errorf("%q refused: %v", bad.text, err)
		case bad.want != "" && (err == nil || !strings.Contains(err.Error(), bad.want)):
			t.Errorf("%q: error %v, want %q", bad.text, err, bad.want)
		}
	}
}

func TestMoveNotation(t *testing.T) {
	s := alignement.New()
	for _, in := range []string{"S@e5", "s@E5", " S @ e5", "@e5", "e5"} {
		mv, err := s.ParseMove(in)
		if err != nil || s.MoveString(mv) != "S@e5" {
			t.Errorf("%q: %v", in, err)
		}
	}
	for _, in := range []string{"", "X@e5", "S@e6", "S@a1", "SS@e5", "e5-"} {
		if _, err := s.ParseMove(in); err == nil || !strings.Contains(err.Error(), "is not a move") {
			t.Errorf("%q: error %v", in, err)
		}
	}
	gametest.Play(t, s, "S@e5")
	gametest.Refuses(t, s, "S@e5", "e5 is taken")
}
