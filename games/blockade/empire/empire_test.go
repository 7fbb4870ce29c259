package empire_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/blockade/board"
	"github.com/plateau-games/plateau/games/blockade/empire"
	"github.com/plateau-games/plateau/games/internal/gametest"
)

// position builds a position text from "cell:token" items (token = seat
// digit + shape letter, e.g. "e5:1C"), the seat due to move and the ply.
func position(t *testing.T, v *game.Variant, next int, items ...string) game.State {
	t.Helper()
	var grid [board.Cells]string
	for _, it := range items {
		cell, tok, ok := strings.Cut(it, ":")
		if !ok {
			t.Fatalf("bad item %q", it)
		}
		c, err := board.ParseCell(cell)
		if err != nil {
			t.Fatal(err)
		}
		if grid[c] != "" {
			t.Fatalf("cell %s given twice", cell)
		}
		grid[c] = tok
	}
	ranks := board.AppendRanks(nil, func(c board.Cell) string {
		if grid[c] == "" {
			return "."
		}
		return grid[c]
	})
	s, err := v.Decode(string(ranks) + " " + string(rune('0'+next)) + " 10")
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	return s
}

func legal(s game.State) []string { return game.LegalNotations(s) }

func movesFrom(s game.State, from string) []string {
	var out []string
	for _, m := range legal(s) {
		if strings.HasPrefix(m, from) && (m[len(from)] == '-' || m[len(from)] == 'x') {
			out = append(out, m)
		}
	}
	return out
}

func TestStartLayout(t *testing.T) {
	v := empire.Variant(4, false)
	s := v.Start().(*empire.State)
	want := map[string]string{
		// South-West (seat 1), as in DECISIONS.
		"b2": "1C", "a1": "1T", "c1": "1T", "a3": "1T", "c3": "1T",
		"b1": "1S", "d1": "1S", "a2": "1S", "c2": "1S", "b3": "1S", "a4": "1S",
		// North-West (seat 2): the same turned a quarter clockwise.
		"b11": "2C", "a12": "2T", "a10": "2T", "c12": "2T", "a9": "2S", "d12": "2S",
		// North-East (seat 3) and South-East (seat 4).
		"k11": "3C", "l12": "3T", "i12": "3S", "l9": "3S",
		"k2": "4C", "l1": "4T", "l4": "4S", "i1": "4S",
	}
	for cell, tok := range want {
		c, _ := board.ParseCell(cell)
		seat, shape := s.Piece(c)
		if got := string(rune('1'+seat)) + string(shape.Letter()); seat < 0 || got != tok {
			t.Errorf("%s holds seat %d %v, want %s", cell, seat+1, shape, tok)
		}
	}
	n := 0
	for c := board.Cell(0); c < board.Cells; c++ {
		if _, sh := s.Piece(c); sh != board.NoShape {
			n++
		}
	}
	if n != 44 {
		t.Errorf("%d pieces on the board, want 44", n)
	}
	// Two players: South-West against North-East.
	s2 := empire.Variant(2, false).Start().(*empire.State)
	if seat, _ := s2.Piece(board.At(10, 10)); seat != 1 {
		t.Errorf("k11 holds seat %d with 2 players, want seat 2 (North-East)", seat+1)
	}
	if seat, _ := s2.Piece(board.At(1, 10)); seat != -1 {
		t.Errorf("b11 is not empty with 2 players")
	}
	// Trônes du roi: the throne farthest from each corner.
	for seat, cell := range []string{"h8", "h5", "e5", "e8"} {
		if got := empire.KingThrone(v, seat).String(); got != cell {
			t.Errorf("seat %d's trône du roi is %s, want %s", seat+1, got, cell)
		}
	}
	if got := empire.KingThrone(empire.Variant(2, false), 1).String(); got != "e5" {
		t.Errorf("North-East's trône du roi is %s with 2 players, want e5", got)
	}
	// Opening move count: 2 players, every piece slides freely.
	if n := len(s2.LegalMoves(nil)); n == 0 {
		t.Fatal("no opening move")
	}
}

func TestCavalierCapturesAtThree(t *testing.T) {
	v := empire.Variant(2, false)
	// Seat 1's cavalier on c6; seat 2's pieces at distances 1, 2, 3, 4 up
	// the file, and 3 and 4 along the rank.
	s := position(t, v, 1, "a1:1C", "l12:2C",
		"c6:1T", "c7:2S", "c8:2S", "c9:2S", "c10:2S", "f6:2T", "g6:2T")
	got := movesFrom(s, "c6")
	want := []string{"c6xc9", "c6-c11", "c6-c12", "c6-d6", "c6-e6", "c6xf6", "c6-h6", "c6-i6", "c6-j6", "c6-k6", "c6-l6",
		"c6-c5", "c6-c4", "c6-c3", "c6-c2", "c6-c1", "c6-b6", "c6-a6"}
	if !slices.Equal(got, want) {
		t.Fatalf("cavalier moves %v, want %v", got, want)
	}
	gametest.Refuses(t, s, "c6xc8", "captures only at distance 3")
	gametest.Refuses(t, s, "c6xc10", "captures only at distance 3")
	gametest.Refuses(t, s, "c6-c7", "captures only at distance 3")
	gametest.Refuses(t, s, "c6-d7", "rank or file")
	// The capture jumps c7 and c8 and removes c9 only.
	gametest.Play(t, s, "c6xc9")
	st := s.(*empire.State)
	for cell, want := range map[string]int{"c6": -1, "c7": 1, "c8": 1, "c9": 0, "c10": 1} {
		c, _ := board.ParseCell(cell)
		if seat, _ := st.Piece(c); seat != want {
			t.Errorf("after c6xc9, %s holds seat %d, want %d", cell, seat+1, want+1)
		}
	}
}

func TestArcherAndCommandantDistances(t *testing.T) {
	v := empire.Variant(2, false)
	s := position(t, v, 1, "a1:1C", "l12:2C",
		"f6:1S", "f7:2S", "f8:2T", "f9:2S", "f10:2T", "f11:2S", "f12:2T")
	if got, want := movesFrom(s, "f6"), []string{"f6xf10", "f6-g6", "f6-h6", "f6-i6", "f6-j6", "f6-k6", "f6-l6",
		"f6-f5", "f6-f4", "f6-f3", "f6-f2", "f6-f1", "f6-e6", "f6-d6", "f6-c6", "f6-b6", "f6-a6"}; !slices.Equal(got, want) {
		t.Fatalf("archer moves %v, want %v", got, want)
	}
	gametest.Refuses(t, s, "f6xf9", "an archer captures only at distance 4")
	gametest.Refuses(t, s, "f6xf11", "an archer captures only at distance 4")

	s = position(t, v, 1, "f6:1C", "l12:2C",
		"f7:2T", "f8:2T", "f9:2S", "f10:2S", "f11:2T", "f12:2S", "d6:2S", "b6:2S")
	if got, want := movesFrom(s, "f6"), []string{"f6xf8", "f6xf11", "f6-g6", "f6-h6", "f6-i6", "f6-j6", "f6-k6", "f6-l6",
		"f6-f5", "f6-f4", "f6-f3", "f6-f2", "f6-f1", "f6-e6", "f6xd6", "f6-c6", "f6-a6"}; !slices.Equal(got, want) {
		t.Fatalf("commandant moves %v, want %v", got, want)
	}
	gametest.Refuses(t, s, "f6xf9", "a commandant captures only at distance 2 or 5")
	gametest.Refuses(t, s, "f6xb6", "distance 2 or 5")
	// Own pieces are never taken.
	s = position(t, v, 1, "f6:1C", "l12:2C", "f8:1S")
	gametest.Refuses(t, s, "f6xf8", "your own side")
	// Only the mover's pieces move.
	gametest.Refuses(t, s, "l12-l11", "not South-West's")
}

// The four thrones with 2 players, as in illustration 7: red holds three
// thrones and takes the blue archer on the fourth; he wins although blue
// could take back.
func TestFourThronesWin(t *testing.T) {
	v := empire.Variant(2, false)
	s := position(t, v, 1, "a1:1C", "l12:2C",
		"e5:1S", "h5:1T", "e8:1T", "h8:2S", "h11:1T",
		"h2:2T", "e11:2T") // blue could take back h5 and e8
	o := s.Outcome()
	if o.Ended() {
		t.Fatalf("three thrones end a 2-player game: %+v", o)
	}
	gametest.Play(t, s, "h11xh8")
	o = s.Outcome()
	if o.Status != game.Win || o.Winners != 1 || o.Reason != "thrones held" {
		t.Fatalf("four thrones: outcome %+v", o)
	}
	if len(s.LegalMoves(nil)) != 0 || s.ToMove() != -1 {
		t.Fatal("moves after the end")
	}
	// Three thrones are not enough with 2 players.
	s = position(t, v, 1, "a1:1C", "l12:2C", "e5:1S", "h5:1T", "e2:1T")
	gametest.Play(t, s, "e2-e8")
	if s.Outcome().Ended() {
		t.Fatalf("three thrones win with 2 players: %+v", s.Outcome())
	}
}

func TestThreeThronesWinWithThreeAndFour(t *testing.T) {
	for _, n := range []int{3, 4} {
		v := empire.Variant(n, false)
		items := []string{"a1:1C", "a12:2C", "l12:3C", "e5:1S", "h5:1T", "e2:1T", "h8:2S"}
		if n == 4 {
			items = append(items, "l1:4C")
		}
		s := position(t, v, 1, items...)
		gametest.Play(t, s, "e2-e8")
		if o := s.Outcome(); o.Status != game.Win || o.Winners != 1 || o.Reason != "thrones held" {
			t.Fatalf("%d players, three thrones: %+v", n, o)
		}
	}
}

// Illustration 7: blue's commandant reaches its trône du roi taking an
// archer, but red's cavalier can take it next turn: no win; red takes it
// and wins. Without the cavalier, blue wins.
func TestCommandantOnKingThrone(t *testing.T) {
	v := empire.Variant(2, false)
	// Seat 2 (North-East) has e5 as trône du roi.
	s := position(t, v, 2, "a1:1C", "e10:2C", "e5:1S", "b5:1T")
	gametest.Play(t, s, "e10xe5")
	if s.Outcome().Ended() {
		t.Fatalf("commandant that can be taken wins: %+v", s.Outcome())
	}
	gametest.Play(t, s, "b5xe5")
	if o := s.Outcome(); o.Status != game.Win || o.Winners != 1 || o.Reason != "commandant taken" {
		t.Fatalf("taking the commandant: %+v", o)
	}

	s = position(t, v, 2, "a1:1C", "e10:2C", "e5:1S", "b6:1T")
	gametest.Play(t, s, "e10xe5")
	if o := s.Outcome(); o.Status != game.Win || o.Winners != 2 || o.Reason != "commandant on his trône du roi" {
		t.Fatalf("safe commandant on its trône du roi: %+v", o)
	}

	// A throne that is not his trône du roi does not count.
	s = position(t, v, 2, "a1:1C", "h10:2C")
	gametest.Play(t, s, "h10-h8")
	if s.Outcome().Ended() {
		t.Fatalf("commandant on another throne wins: %+v", s.Outcome())
	}

	// Tested after every own move: the commandant already on the throne,
	// the mover takes the only threat with another piece.
	s = position(t, v, 2, "a1:1C", "e5:2C", "e8:1T", "e12:2S")
	gametest.Play(t, s, "e12xe8")
	if o := s.Outcome(); o.Winners != 2 || o.Reason != "commandant on his trône du roi" {
		t.Fatalf("removing the threat: %+v", o)
	}

	// With 3 players only the next player's captures count.
	v3 := empire.Variant(3, false)
	s = position(t, v3, 1, "h3:1C", "a12:2C", "l12:3C", "h11:3T")
	gametest.Play(t, s, "h3-h8")
	if o := s.Outcome(); o.Winners != 1 || o.Reason != "commandant on his trône du roi" {
		t.Fatalf("3 players, only seat 3 threatens, seat 2 is next: %+v", o)
	}
	s = position(t, v3, 1, "h3:1C", "a12:2C", "l12:3C", "e8:2T")
	gametest.Play(t, s, "h3-h8")
	if s.Outcome().Ended() {
		t.Fatalf("3 players, the next player threatens: %+v", s.Outcome())
	}
}

func TestTwoPlayersCommandantTaken(t *testing.T) {
	v := empire.Variant(2, false)
	s := position(t, v, 2, "a1:1C", "a4:2T", "l12:2C")
	gametest.Play(t, s, "a4xa1")
	if o := s.Outcome(); o.Status != game.Win || o.Winners != 2 || o.Reason != "commandant taken" {
		t.Fatalf("commandant taken: %+v", o)
	}
	if s.ToMove() != -1 || len(s.LegalMoves(nil)) != 0 {
		t.Fatal("the game goes on")
	}
	// The final position reads back with the same result.
	d, err := v.Decode(s.Encode())
	if err != nil || d.Outcome() != s.Outcome() {
		t.Fatalf("final position: %v %+v", err, d)
	}
}

func TestThreePlayersHandOver(t *testing.T) {
	v := empire.Variant(3, false)
	s := position(t, v, 1, "a1:1C", "d1:1T",
		"d4:2C", "d8:2S", "j3:2T", "b10:2S",
		"l12:3C", "l9:3S")
	gametest.Play(t, s, "d1xd4")
	st := s.(*empire.State)
	if s.Outcome().Ended() {
		t.Fatalf("game ended with two players left: %+v", s.Outcome())
	}
	for cell, shape := range map[string]board.Shape{"d8": board.Square, "j3": board.Triangle, "b10": board.Square, "d4": board.Triangle} {
		c, _ := board.ParseCell(cell)
		if seat, sh := st.Piece(c); seat != 0 || sh != shape {
			t.Errorf("%s: seat %d %v, want seat 1 %v", cell, seat+1, sh, shape)
		}
	}
	if s.ToMove() != 2 {
		t.Fatalf("seat %d to move, want seat 3 (seat 2 is out)", s.ToMove()+1)
	}
	if !strings.HasPrefix(s.Encode(), "...........3C/............/.1S..........") {
		t.Fatalf("position text %q", s.Encode())
	}
	gametest.Play(t, s, "l9-l8")
	if s.ToMove() != 0 {
		t.Fatalf("seat %d to move after seat 3, want seat 1 (seat 2 skipped)", s.ToMove()+1)
	}
	// Seat 1 moves the piece taken over from seat 2.
	gametest.Play(t, s, "j3-j4")
	if s.ToMove() != 2 {
		t.Fatalf("seat %d to move, want 3", s.ToMove()+1)
	}
	// Seat 3 takes seat 1's commandant: the last opponent.
	s = position(t, v, 3, "a1:1C", "b12:1S", "a4:3T", "l12:3C")
	gametest.Play(t, s, "a4xa1")
	if o := s.Outcome(); o.Status != game.Win || o.Winners != 4 || o.Reason != "last opposing commandant taken" {
		t.Fatalf("last commandant: %+v", o)
	}
}

func TestHandOverThenThrones(t *testing.T) {
	// Seat 1 holds e5; seat 2 holds h5 and e8: taking seat 2's commandant
	// gives seat 1 three thrones at once.
	v := empire.Variant(3, false)
	s := position(t, v, 1, "a1:1C", "c10:1T", "c7:2C", "h5:2S", "e8:2T", "e5:1S", "l12:3C")
	gametest.Play(t, s, "c10xc7")
	if o := s.Outcome(); o.Status != game.Win || o.Winners != 1 || o.Reason != "thrones held" {
		t.Fatalf("thrones after hand-over: %+v", o)
	}
	// Four players: the turn after seat 2's capture of seat 3 goes to seat 4.
	v4 := empire.Variant(4, false)
	s = position(t, v4, 2, "a1:1C", "a12:2C", "a9:2T", "d9:3C", "l1:4C", "k9:3S")
	gametest.Play(t, s, "a9xd9")
	if s.ToMove() != 3 {
		t.Fatalf("seat %d to move, want 4", s.ToMove()+1)
	}
	if seat, sh := s.(*empire.State).Piece(board.At(10, 8)); seat != 1 || sh != board.Square {
		t.Fatalf("k9 holds seat %d %v", seat+1, sh)
	}
	gametest.Play(t, s, "l1-l2", "a1-a2")
	if s.ToMove() != 1 {
		t.Fatalf("seat %d to move after seat 1, want 2", s.ToMove()+1)
	}
}

func TestTeams(t *testing.T) {
	v := empire.Variant(4, true)
	if v.Teams == nil || v.Teams[0] != v.Teams[2] || v.Teams[1] != v.Teams[3] || v.Teams[0] == v.Teams[1] {
		t.Fatalf("teams %v", v.Teams)
	}
	base := []string{"a1:1C", "a12:2C", "l12:3C", "l1:4C"}
	// A partner's piece is never taken.
	s := position(t, v, 1, append(base, "c6:1T", "c9:3S", "f6:2S")...)
	if got := movesFrom(s, "c6"); slices.Contains(got, "c6xc9") || !slices.Contains(got, "c6xf6") {
		t.Fatalf("cavalier moves %v", got)
	}
	gametest.Refuses(t, s, "c6xc9", "your own side")
	// Three thrones are not enough; the fourth, by a partner, wins for both.
	s = position(t, v, 1, append(base, "e5:1S", "h5:3T", "e8:3S", "h2:1T")...)
	if s.Outcome().Ended() {
		t.Fatal("three thrones win with teams")
	}
	gametest.Play(t, s, "h2-h8")
	if o := s.Outcome(); o.Status != game.Win || o.Winners != 0b0101 || o.Reason != "team holds the four thrones" {
		t.Fatalf("team thrones: %+v", o)
	}
	// Taking an opposing commandant wins for the team and ends the game.
	s = position(t, v, 2, append(base, "a4:2T")...)
	gametest.Play(t, s, "a4xa1")
	if o := s.Outcome(); o.Status != game.Win || o.Winners != 0b1010 || o.Reason != "commandant taken" {
		t.Fatalf("commandant taken: %+v", o)
	}
	// Both commandants on their trônes du roi (seat 1: h8, seat 3: e5).
	s = position(t, v, 1, "h3:1C", "a12:2C", "e5:3C", "l1:4C")
	gametest.Play(t, s, "h3-h8")
	if o := s.Outcome(); o.Status != game.Win || o.Winners != 0b0101 || o.Reason != "both commandants on their trônes du roi" {
		t.Fatalf("both on their trônes du roi: %+v", o)
	}
	// One alone does not win.
	s = position(t, v, 1, "h3:1C", "a12:2C", "l12:3C", "l1:4C")
	gametest.Play(t, s, "h3-h8")
	if s.Outcome().Ended() {
		t.Fatalf("one commandant on its trône du roi wins with teams: %+v", s.Outcome())
	}
	// The next player (seat 2) can take one of them: no win.
	s = position(t, v, 1, "h3:1C", "a12:2C", "e5:3C", "l1:4C", "b5:2T")
	gametest.Play(t, s, "h3-h8")
	if s.Outcome().Ended() {
		t.Fatalf("a takeable commandant wins: %+v", s.Outcome())
	}
}

func TestPassWhenBlocked(t *testing.T) {
	// Seat 1 has only its commandant on a1; rank 1 and file a are full:
	// partners at distances 2 and 5, opponents elsewhere.
	v := empire.Variant(4, true)
	items := []string{"a1:1C", "a3:3S", "a6:3S", "c1:3S", "f1:3S", "l12:3C", "k12:2C", "k11:4C"}
	for _, c := range []string{"a2", "a4", "a5", "a7", "a8", "a9", "a10", "a11", "a12"} {
		items = append(items, c+":2S")
	}
	for _, c := range []string{"b1", "d1", "e1", "g1", "h1", "i1", "j1", "k1", "l1"} {
		items = append(items, c+":4S")
	}
	// Too many archers for seats 2 and 4: use cavaliers for some.
	for i, it := range items {
		if strings.HasPrefix(it, "a10:") || strings.HasPrefix(it, "a11:") || strings.HasPrefix(it, "a12:") {
			items[i] = it[:len(it)-2] + "2T"
		}
		if strings.HasPrefix(it, "j1:") || strings.HasPrefix(it, "k1:") || strings.HasPrefix(it, "l1:") {
			items[i] = it[:len(it)-2] + "4T"
		}
	}
	s := position(t, v, 1, items...)
	if got := legal(s); !slices.Equal(got, []string{"pass"}) {
		t.Fatalf("legal moves %v, want pass", got)
	}
	gametest.Play(t, s, "pass")
	if s.ToMove() != 1 || s.Outcome().Ended() {
		t.Fatalf("after pass: seat %d, %+v", s.ToMove()+1, s.Outcome())
	}
	gametest.Refuses(t, s, "pass", "only when he has no move")
}

func TestPositionTextErrors(t *testing.T) {
	v := empire.Variant(2, false)
	start := v.Start().Encode()
	if start != "........2S2T2S2T/.........2S2C2S/.........2T2S2T/...........2S/............/............/............/............/1S.........../1T1S1T........./1S1C1S........./1T1S1T1S........ 1 0" {
		t.Fatalf("start text %q", start)
	}
	for _, bad := range []struct{ text, want string }{
		{"", "fields"},
		{strings.Replace(start, "2C", "3C", 1), "not a piece of this 2-player game"},
		{strings.Replace(start, "2C", "2X", 1), "not a piece"},
		{strings.Replace(start, " 1 0", " 3 0", 1), "seat due to move"},
		{strings.Replace(start, "1C", "1S", 1), "archers"},
		{strings.Replace(strings.Replace(start, "1C", ".", 1), "2C", ".", 1), "no commandant"},
		{strings.Replace(start, "1T1S1T1S........", "1T1S1T1S.......", 1), "rank 1 has 11 cells"},
		{strings.Replace(start, " 0", " -4", 1), "ply"},
	} {
		if _, err := v.Decode(bad.text); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%q: error %v, want %q", bad.text, err, bad.want)
		}
	}
	// Variants and options.
	if _, err := game.NewVariant("empire", game.Options{"players": "3", "teams": "true"}); err == nil {
		t.Error("teams with 3 players accepted")
	}
	if vv, err := game.NewVariant("empire", game.Options{"players": "4", "teams": "true"}); err != nil || vv.Teams == nil {
		t.Errorf("players=4 teams=true: %v", err)
	}
}

func TestMoveNotation(t *testing.T) {
	s := empire.Variant(2, false).Start()
	for _, in := range []string{"b2-b6", "B2-B6", " b2 - b6 ", "b2b6"} {
		mv, err := s.ParseMove(in)
		if err != nil || s.MoveString(mv) != "b2-b6" {
			t.Errorf("%q: %v", in, err)
		}
	}
	for _, in := range []string{"", "b2", "b2-", "m1-m2", "b2-b13", "b2-c3x"} {
		if _, err := s.ParseMove(in); err == nil || !strings.Contains(err.Error(), "is not a move") {
			t.Errorf("%q: error %v", in, err)
		}
	}
	gametest.Refuses(t, s, "b2-c3", "rank or file")
	gametest.Refuses(t, s, "e5-e6", "e5 is empty")
	if _, err := s.ParseMove("b2-b3"); err == nil {
		t.Error("b2-b3 onto an own piece accepted")
	}
}
