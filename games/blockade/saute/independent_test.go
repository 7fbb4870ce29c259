package saute_test

// Independent rules checks for Saute, written from DECISIONS.md ("Blockade",
// "Saute" and "Conventions for all games") and the French rule sheet
// (blockade.fr.txt, 3.3) only, through the public game API. The reference
// move generator below is a separate reading of the move rule; it is compared
// with the package on positions from random games.

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/blockade/board/boardtest"
	_ "github.com/plateau-games/plateau/games/blockade/saute"
	"github.com/plateau-games/plateau/games/internal/gametest"
)

// indVariant builds a Saute variant from option items ("players=3", ...).
func indVariant(t testing.TB, items ...string) *game.Variant {
	t.Helper()
	opts, err := game.ParseOptions(items...)
	if err != nil {
		t.Fatal(err)
	}
	v, err := game.NewVariant("saute", opts)
	if err != nil {
		t.Fatalf("saute %v: %v", items, err)
	}
	return v
}

func indSorted(list ...string) []string {
	out := append([]string(nil), list...)
	sort.Strings(out)
	return out
}

// ---- reference model ----

// indPos is a Saute position read from the documented position text.
type indPos struct {
	players int
	teams   bool
	expert  bool
	// The readings (DECISIONS.md, "Alternative readings"): bands=outer,
	// parity=adjacent, chain=forced, the triangles' file (triangles=).
	outer, adjacent, forced bool
	triFile                 int
	seatingAdjacent         bool
	cell                    [12][12]byte // [rank-1][file]: 0, 'S' or 'T'
	toMove                  int
	passes                  int
	ply                     int
}

// indBand is the band (1..4) of seat: with 2 players seats 0, 1 own bands
// 2, 3; with 3 or 4 players seat k owns band k+1.
func indBand(players, seat int) int { return indBandOf(players, seat, false) }

// indBandOf is indBand, or with bands=outer (2 players) bands 1 and 4.
func indBandOf(players, seat int, outer bool) int {
	if players == 2 && outer {
		return 1 + 3*seat
	}
	if players == 2 {
		return seat + 2
	}
	return seat + 1
}

// indOwner is the seat owning a piece on rank index r (0-based), or -1.
func (p *indPos) owner(r int) int {
	for s := 0; s < p.players; s++ {
		b := indBandOf(p.players, s, p.outer)
		if r >= 3*(b-1) && r < 3*b {
			return s
		}
	}
	return -1
}

func (p *indPos) opponents(a, b int) bool {
	if a == b {
		return false
	}
	if p.teams && !p.seatingAdjacent && a%2 == b%2 {
		return false
	}
	if p.teams && p.seatingAdjacent && a/2 == b/2 {
		return false
	}
	return true
}

var indColours = "BRGY"

func indParse(t testing.TB, v *game.Variant, text string) *indPos {
	t.Helper()
	p := &indPos{players: v.Players, teams: v.Options["teams"] == "true", expert: v.Options["expert"] == "true",
		outer: v.Options["bands"] == "outer", adjacent: v.Options["parity"] == "adjacent", forced: v.Options["chain"] == "forced",
		triFile: 10, seatingAdjacent: v.Options["seating"] == "adjacent"}
	switch v.Options["triangles"] {
	case "j":
		p.triFile = 9
	case "l":
		p.triFile = 11
	}
	f := strings.Fields(text)
	if len(f) != 4 {
		t.Fatalf("position %q: want 4 fields", text)
	}
	p.cell = boardtest.Ranks(t, text, f[0], "ST")
	p.toMove = strings.IndexByte(indColours, f[1][0])
	p.passes, _ = strconv.Atoi(f[2])
	p.ply, _ = strconv.Atoi(f[3])
	return p
}

func indCell(file, rank int) string { return fmt.Sprintf("%c%d", 'a'+file, rank+1) }

// oppsInFile counts the pieces of seat's opponents on a whole file.
func (p *indPos) oppsInFile(seat, file int) int {
	n := 0
	for r := 0; r < 12; r++ {
		if p.cell[r][file] == 0 || !p.opponents(seat, p.owner(r)) {
			continue
		}
		// parity=adjacent: only the bands next to the mover's count.
		if d := indBandOf(p.players, p.owner(r), p.outer) - indBandOf(p.players, seat, p.outer); !p.adjacent || d == 1 || d == -1 {
			n++
		}
	}
	return n
}

// moves lists the moves of the seat to move as from-to notations: a step
// goes to the next cell if empty, else over the unbroken run ahead to the
// first empty cell after it; after each step, an odd number of opponents'
// pieces on the file allows another step; every stop is a move.
func (p *indPos) moves() []string {
	seat := p.toMove
	var out []string
	for r := 0; r < 12; r++ {
		if p.owner(r) != seat {
			continue
		}
		for f := 0; f < 12; f++ {
			if p.cell[r][f] == 0 {
				continue
			}
			cur := f
			for {
				next := cur + 1
				for next < 12 && p.cell[r][next] != 0 {
					next++
				}
				if next >= 12 {
					break
				}
				cur = next
				more := p.oppsInFile(seat, cur)%2 == 1
				// chain=forced: the only stop is where the steps run out.
				if !p.forced || !more || !p.canStep(r, cur) {
					out = append(out, indCell(f, r)+"-"+indCell(next, r))
				}
				if !more {
					break
				}
			}
		}
	}
	if len(out) == 0 && !p.gameOver() {
		out = append(out, "pass")
	}
	sort.Strings(out)
	return out
}

// canStep says whether a piece on file f of rank index r could take a step
// (the moving piece is still on its start cell, behind it).
func (p *indPos) canStep(r, f int) bool {
	for n := f + 1; n < 12; n++ {
		if p.cell[r][n] == 0 {
			return true
		}
	}
	return false
}

// finished reports whether seat has all 9 pieces on files j-l of his band
// (expert: with his triangles on file k).
func (p *indPos) finished(seat int) bool {
	b := indBandOf(p.players, seat, p.outer)
	for r := 3 * (b - 1); r < 3*b; r++ {
		for f := 0; f < 12; f++ {
			c := p.cell[r][f]
			if c == 0 {
				continue
			}
			if f < 9 {
				return false
			}
			if p.expert && c == 'T' && f != p.triFile {
				return false
			}
		}
	}
	return true
}

// winners gives the winning seats as a bit set (0 when nobody won).
func (p *indPos) winners() uint8 {
	var w uint8
	if p.teams {
		pairs := [2][2]int{{0, 2}, {1, 3}}
		if p.seatingAdjacent {
			pairs = [2][2]int{{0, 1}, {2, 3}}
		}
		for _, pr := range pairs {
			if p.finished(pr[0]) && p.finished(pr[1]) {
				w |= 1<<pr[0] | 1<<pr[1]
			}
		}
		return w
	}
	for s := 0; s < p.players; s++ {
		if p.finished(s) {
			w |= 1 << s
		}
	}
	return w
}

func (p *indPos) gameOver() bool { return p.winners() != 0 || p.passes >= p.players }

// ---- option names, defaults, seats, software rules ----

func TestIndependentOptionsAndDefaults(t *testing.T) {
	v := indVariant(t)
	if v.Players != 2 || v.Options["players"] != "2" || v.Options["teams"] != "false" || v.Options["expert"] != "false" {
		t.Errorf("defaults: players %d, options %v; want 2 players, teams and expert false", v.Players, v.Options)
	}
	if v.Teams != nil {
		t.Errorf("no teams by default, got %v", v.Teams)
	}
	if v.PlyLimit != 0 {
		t.Errorf("normal finish: ply limit %d, want none", v.PlyLimit)
	}
	if e := indVariant(t, "expert=true"); e.PlyLimit != 800 {
		t.Errorf("expert finish: ply limit %d, want 800", e.PlyLimit)
	}
	if e := indVariant(t, "expert=true", "players=4", "teams=true"); e.PlyLimit != 800 {
		t.Errorf("expert finish with teams: ply limit %d, want 800", e.PlyLimit)
	}
	for _, n := range []int{2, 3, 4} {
		if v := indVariant(t, fmt.Sprintf("players=%d", n)); v.Players != n {
			t.Errorf("players=%d gives %d players", n, v.Players)
		}
	}
	if _, err := game.NewVariant("saute", game.Options{"players": "1"}); err == nil {
		t.Error("players=1 accepted")
	}
	if _, err := game.NewVariant("saute", game.Options{"players": "5"}); err == nil {
		t.Error("players=5 accepted")
	}
	for _, n := range []string{"2", "3"} {
		if _, err := game.NewVariant("saute", game.Options{"players": n, "teams": "true"}); err == nil {
			t.Errorf("teams with %s players accepted", n)
		}
	}
	tv := indVariant(t, "players=4", "teams=true")
	if len(tv.Teams) != 4 || tv.Teams[0] != tv.Teams[2] || tv.Teams[1] != tv.Teams[3] || tv.Teams[0] == tv.Teams[1] {
		t.Errorf("teams: %v, want seats 1 and 3 against 2 and 4", tv.Teams)
	}
}

// indStart builds the start text from DECISIONS: every rank of a player's
// band holds a square on a, a triangle on b and a square on c.
func indStart(players int) string {
	ranks := make([]string, 12)
	for i := range ranks {
		ranks[i] = "12"
	}
	for s := 0; s < players; s++ {
		b := indBand(players, s)
		for r := 3 * (b - 1); r < 3*b; r++ {
			ranks[11-r] = "STS9"
		}
	}
	return strings.Join(ranks, "/") + " B 0 0"
}

func TestIndependentStart(t *testing.T) {
	for _, items := range [][]string{{}, {"players=3"}, {"players=4"}, {"players=4", "teams=true"}, {"expert=true"}} {
		v := indVariant(t, items...)
		s := v.Start()
		want := indStart(v.Players)
		if got := s.Encode(); got != want {
			t.Errorf("%v: start %q, want %q", items, got, want)
		}
		if s.ToMove() != 0 || s.Ply() != 0 {
			t.Errorf("%v: start to move %d ply %d", items, s.ToMove(), s.Ply())
		}
		// Every player's first moves: the three pieces of each of his ranks
		// land on d; with 2 players the second player may go on to e when
		// d holds an odd number of the first player's pieces.
		p := indParse(t, v, s.Encode())
		if got, want := gametest.Legal(s), p.moves(); !slices.Equal(got, want) {
			t.Errorf("%v: start moves %v, want %v", items, got, want)
		}
	}
	// Seat order: Blue, Red, Green, Yellow by bands 1..4 with 3-4 players.
	v := indVariant(t, "players=4")
	s := v.Start()
	for seat, rank := range []int{1, 4, 7, 10} {
		if s.ToMove() != seat {
			t.Fatalf("seat %d expected to move, got %d", seat, s.ToMove())
		}
		want := indSorted(fmt.Sprintf("a%d-d%d", rank, rank), fmt.Sprintf("b%d-d%d", rank, rank), fmt.Sprintf("c%d-d%d", rank, rank),
			fmt.Sprintf("a%d-d%d", rank+1, rank+1), fmt.Sprintf("b%d-d%d", rank+1, rank+1), fmt.Sprintf("c%d-d%d", rank+1, rank+1),
			fmt.Sprintf("a%d-d%d", rank+2, rank+2), fmt.Sprintf("b%d-d%d", rank+2, rank+2), fmt.Sprintf("c%d-d%d", rank+2, rank+2))
		got := gametest.Legal(s)
		if seat > 0 {
			// Earlier players each moved a piece to d: with an odd
			// number of them, the piece may go on to e.
			want = indParse(t, v, s.Encode()).moves()
		}
		if !slices.Equal(got, want) {
			t.Errorf("seat %d: moves %v, want %v", seat+1, got, want)
		}
		gametest.Play(t, s, fmt.Sprintf("b%d-d%d", rank+1, rank+1))
	}
	if s.ToMove() != 0 {
		t.Errorf("after four moves seat %d to move, want 1", s.ToMove()+1)
	}
}

// ---- the move rule on the sheet's examples ----

func TestIndependentIllustration8(t *testing.T) {
	v := indVariant(t)
	s := v.Start()
	gametest.Play(t, s, "b5-d5")
	got := gametest.Legal(s)
	if !slices.Contains(got, "b8-d8") || !slices.Contains(got, "b8-e8") || slices.Contains(got, "b8-f8") {
		t.Errorf("after b5-d5, Red's triangle b8 moves: %v; want b8-d8 and b8-e8 only", got)
	}
	// All Red's moves: every piece of each rank reaches d, and goes on to e
	// (file d holds one blue piece); e holds none, so the move stops there.
	var want []string
	for _, r := range []string{"7", "8", "9"} {
		for _, f := range []string{"a", "b", "c"} {
			want = append(want, f+r+"-d"+r, f+r+"-e"+r)
		}
	}
	if want = indSorted(want...); !slices.Equal(got, want) {
		t.Errorf("Red's moves %v, want %v", got, want)
	}
}

func TestIndependentIllustration9(t *testing.T) {
	// Blue's pieces (band 2) make these counts per file: d 3, e 1, f 0,
	// g 1, h 2:
	//   rank 6: d6 S, h6 T, l6 S
	//   rank 5: d5 S, g5 T, h5 S
	//   rank 4: d4 S, e4 T, l4 S
	// Red (band 3): piece A on c8 (a8, b8 behind it); on rank 9 piece E on
	// e9 with another red piece on f9; rank 7 as at the start. A goes on
	// from d8 (3) and e8 (1) and stops on f8 (0); E jumps to g9 (1), goes
	// on to h9 (2) and stops there.
	pos := "12/12/12/S3TS6/STS9/STS9/3S3T3S/3S2TS4/3ST6S/12/12/12 R 0 1"
	v := indVariant(t)
	s := gametest.Decode(t, v, pos)
	got := gametest.Legal(s)
	for _, m := range []string{"c8-d8", "c8-e8", "c8-f8", "e9-g9", "e9-h9"} {
		if !slices.Contains(got, m) {
			t.Errorf("missing %s in %v", m, got)
		}
	}
	for _, m := range []string{"c8-g8", "e9-f9", "e9-i9"} {
		if slices.Contains(got, m) {
			t.Errorf("illegal %s in %v", m, got)
		}
	}
	if want := indParse(t, v, pos).moves(); !slices.Equal(got, want) {
		t.Errorf("moves %v, want %v", got, want)
	}
}

func TestIndependentPieceH(t *testing.T) {
	// Blue piece on i4; red j7 j8 j9; blue k4 l4. j holds 3 red pieces (odd)
	// but the run k4-l4 reaches the edge: the only move of i4 is i4-j4, and
	// k4, l4 cannot move. Ranks 5, 6 as at the start; each red rank holds
	// a square on a, a triangle on b and a square on j.
	pos := "12/12/12/ST7S2/ST7S2/ST7S2/STS9/STS9/8S1TS/12/12/12 B 0 2"
	v := indVariant(t)
	s := gametest.Decode(t, v, pos)
	got := gametest.Legal(s)
	var i4 []string
	for _, m := range got {
		if strings.HasPrefix(m, "i4") || strings.HasPrefix(m, "k4") || strings.HasPrefix(m, "l4") {
			i4 = append(i4, m)
		}
	}
	if !slices.Equal(i4, []string{"i4-j4"}) {
		t.Errorf("moves of i4, k4, l4: %v, want [i4-j4]", i4)
	}
	if want := indParse(t, v, pos).moves(); !slices.Equal(got, want) {
		t.Errorf("moves %v, want %v", got, want)
	}
}

// The parity counts all opponents together, in the whole file: with 3
// players, a red piece stepping onto a file holding one blue and one green
// piece (two: even) stops; onto a file with one blue and two green (three:
// odd) goes on.
func TestIndependentParityAllOpponents(t *testing.T) {
	v := indVariant(t, "players=3")
	// Red (band 2, ranks 4-6) to move.
	//   rank 1 (blue):  a1 S, d1 S, e1 T; ranks 2, 3 as at the start
	//   rank 7 (green): a7 S, d7 S, e7 T
	//   rank 8 (green): a8 T, b8 S, e8 S; rank 9 as at the start
	// File d holds d1 and d7 (2, even); file e holds e1, e7, e8 (3, odd).
	//   rank 5 (red): a5 S, b5 T, c5 S: c5 steps to d5 and stops.
	//   rank 6 (red): a6 S, b6 T, d6 S: d6 steps to e6, goes on to f6
	//   (0) and stops.
	pos := "12/12/12/STS9/TS2S7/S2ST7/ST1S8/STS9/STS9/STS9/STS9/S2ST7 R 0 3"
	s := gametest.Decode(t, v, pos)
	got := gametest.Legal(s)
	want := indParse(t, v, pos).moves()
	if !slices.Equal(got, want) {
		t.Errorf("moves %v, want %v", got, want)
	}
	for _, m := range []string{"c5-d5", "d6-e6", "d6-f6"} {
		if !slices.Contains(got, m) {
			t.Errorf("missing %s in %v", m, got)
		}
	}
	if slices.Contains(got, "c5-e5") {
		t.Errorf("c5-e5 legal although file d holds two opposing pieces: %v", got)
	}
}

// With teams a partner's pieces are not opponents.
func TestIndependentParityTeams(t *testing.T) {
	// 4 players, Red (seat 2, band 2) to move. File d holds one blue and
	// one green piece: Blue is an opponent of Red, Green too (Red and Yellow
	// are partners). File e holds one yellow piece (partner) and one blue.
	//   rank 1 (blue):    a1 S, d1 T, e1 S
	//   rank 7 (green):   a7 S, b7 T, d7 S
	//   rank 10 (yellow): a10 S, b10 T, e10 S
	// Red rank 5: a5 S, b5 T, c5 S -> c5 to d5 (blue+green = 2: stop).
	// Red rank 6: a6 S, b6 T, d6 S -> d6 to e6: blue e1 (1) + yellow e10
	// (partner, not counted) = 1 odd -> on to f6 (0: stop).
	for _, teams := range []bool{false, true} {
		items := []string{"players=4"}
		if teams {
			items = append(items, "teams=true")
		}
		v := indVariant(t, items...)
		pos := "STS9/STS9/ST2S7/STS9/STS9/ST1S8/ST1S8/STS9/STS9/STS9/STS9/S2TS7 R 0 1"
		s := gametest.Decode(t, v, pos)
		got := gametest.Legal(s)
		want := indParse(t, v, pos).moves()
		if !slices.Equal(got, want) {
			t.Errorf("teams=%v: moves %v, want %v", teams, got, want)
		}
		if teams != slices.Contains(got, "d6-f6") {
			t.Errorf("teams=%v: d6-f6 legal=%v (moves %v)", teams, !teams, got)
		}
	}
}

// ---- end of the game ----

func TestIndependentWin(t *testing.T) {
	v := indVariant(t)
	// Blue's nine pieces on j-l of band 2 (triangles anywhere there); Red
	// to move: Blue has won.
	pos := "12/12/12/STS9/STS9/STS9/9TSS/9STS/9SST/12/12/12 R 0 51"
	s := gametest.Decode(t, v, pos)
	o := s.Outcome()
	if o.Status != game.Win || o.Winners != 1 {
		t.Errorf("Blue finished: outcome %+v, want win for seat 1", o)
	}
	if n := len(s.LegalMoves(nil)); n != 0 {
		t.Errorf("game over but %d legal moves", n)
	}
	// Expert: the same is not a win (triangles not all on k) ...
	ve := indVariant(t, "expert=true")
	se := gametest.Decode(t, ve, pos)
	if o := se.Outcome(); o.Ended() {
		t.Errorf("expert, triangles off file k: outcome %+v, want ongoing", o)
	}
	// ... and with triangles on k it is.
	pos2 := "12/12/12/STS9/STS9/STS9/9STS/9STS/9STS/12/12/12 R 0 51"
	if o := gametest.Decode(t, ve, pos2).Outcome(); o.Status != game.Win || o.Winners != 1 {
		t.Errorf("expert, triangles on k: outcome %+v, want win for seat 1", o)
	}
	// Winning by a move: Blue's last piece arrives.
	pos3 := "12/12/12/STS9/STS9/STS9/9TSS/9STS/8S1ST/12/12/12 B 0 50"
	s3 := gametest.Decode(t, v, pos3)
	gametest.Play(t, s3, "i4-j4")
	if o := s3.Outcome(); o.Status != game.Win || o.Winners != 1 {
		t.Errorf("after i4-j4: outcome %+v, want win for seat 1", o)
	}
}

func TestIndependentTeamsFinish(t *testing.T) {
	v := indVariant(t, "players=4", "teams=true")
	// Blue (seat 1) finished, Green (seat 3) not: the game goes on; Blue,
	// having no move, must pass.
	pos := "STS9/STS9/STS9/STS9/STS9/STS9/STS9/STS9/STS9/9STS/9STS/9STS Y 0 40"
	s := gametest.Decode(t, v, pos)
	if o := s.Outcome(); o.Ended() {
		t.Fatalf("one partner finished: outcome %+v, want ongoing", o)
	}
	gametest.Play(t, s, "c12-d12")
	if got := gametest.Legal(s); !slices.Equal(got, []string{"pass"}) {
		t.Errorf("finished partner's moves %v, want [pass]", got)
	}
	// Both partners finished: the team wins, both seats.
	pos2 := "STS9/STS9/STS9/9STS/9STS/9STS/STS9/STS9/STS9/9STS/9STS/9STS R 0 80"
	if o := gametest.Decode(t, v, pos2).Outcome(); o.Status != game.Win || o.Winners != 0b0101 {
		t.Errorf("Blue and Green finished: outcome %+v, want win for seats 1 and 3", o)
	}
	// Without teams the first to finish wins alone.
	v4 := indVariant(t, "players=4")
	pos3 := "STS9/STS9/STS9/STS9/STS9/STS9/STS9/STS9/STS9/9STS/9STS/9STS R 0 40"
	if o := gametest.Decode(t, v4, pos3).Outcome(); o.Status != game.Win || o.Winners != 1 {
		t.Errorf("4 players, Blue finished: outcome %+v, want win for seat 1", o)
	}
}

func TestIndependentPassAndDraw(t *testing.T) {
	// Expert: Blue's pieces packed on j-l with a triangle off file k: he
	// cannot move and must pass; when every player passes in one round the
	// game is drawn.
	v := indVariant(t, "expert=true")
	pos := "12/12/12/9SST/9SST/9SST/9TSS/9STS/9STS/12/12/12 B 0 60"
	s := gametest.Decode(t, v, pos)
	if got := gametest.Legal(s); !slices.Equal(got, []string{"pass"}) {
		t.Fatalf("blocked player's moves %v, want [pass]", got)
	}
	gametest.Play(t, s, "pass")
	if o := s.Outcome(); o.Ended() {
		t.Fatalf("after one pass: %+v", o)
	}
	if got := gametest.Legal(s); !slices.Equal(got, []string{"pass"}) {
		t.Fatalf("second blocked player's moves %v, want [pass]", got)
	}
	gametest.Play(t, s, "pass")
	if o := s.Outcome(); o.Status != game.Draw {
		t.Errorf("after a round of passes: %+v, want draw", o)
	}
	if s.Ply() != 62 {
		t.Errorf("passes count as plies: ply %d, want 62", s.Ply())
	}
	// A pass that is not followed by a full round does not draw: Red can
	// still move.
	pos2 := "12/12/12/9SST/9SST/S9ST/9TSS/9STS/9STS/12/12/12 B 0 60"
	s2 := gametest.Decode(t, v, pos2)
	gametest.Play(t, s2, "pass")
	if got := gametest.Legal(s2); slices.Contains(got, "pass") || len(got) == 0 {
		t.Errorf("Red can move: %v", got)
	}
}

// The ply limit is applied by Match in the expert finish: 800 plies.
func TestIndependentPlyLimit(t *testing.T) {
	v := indVariant(t, "expert=true")
	s := gametest.Decode(t, v, "12/12/12/STS9/STS9/STS9/STS9/STS9/STS9/12/12/12 R 0 799")
	m := game.NewMatch(s)
	if m.Outcome().Ended() {
		t.Fatalf("ply 799: %+v", m.Outcome())
	}
	if _, err := m.PlayNotation("c7-d7"); err != nil {
		t.Fatal(err)
	}
	if o := m.Outcome(); o.Status != game.Draw {
		t.Errorf("ply 800: %+v, want draw", o)
	}
	vn := indVariant(t)
	sn := gametest.Decode(t, vn, "12/12/12/STS9/STS9/STS9/STS9/STS9/STS9/12/12/12 R 0 5000")
	if o := vn.Judge(sn, 1); o.Ended() {
		t.Errorf("normal finish has no ply limit: %+v", o)
	}
}

// ---- random positions against the reference ----

func TestIndependentRandomPositions(t *testing.T) {
	variants := [][]string{{}, {"players=3"}, {"players=4"}, {"players=4", "teams=true"}, {"expert=true"}, {"players=4", "teams=true", "expert=true"}, {"players=3", "expert=true"}}
	indLockstep(t, variants, 12, 300)
}

// indReadings are the variants of the alternative readings (DECISIONS.md,
// "Alternative readings"), each played against the reference.
var indReadings = [][]string{
	{"bands=outer"}, {"bands=outer", "parity=adjacent"},
	{"parity=adjacent"}, {"players=3", "parity=adjacent"}, {"players=4", "parity=adjacent"}, {"players=4", "teams=true", "parity=adjacent"},
	{"chain=forced"}, {"players=3", "chain=forced"}, {"players=4", "teams=true", "chain=forced", "expert=true"},
	{"expert=true", "triangles=j"}, {"expert=true", "triangles=l"}, {"players=3", "expert=true", "triangles=l"},
	{"players=4", "teams=true", "seating=adjacent"}, {"players=4", "teams=true", "seating=adjacent", "expert=true", "parity=adjacent"},
	{"start=12/12/12/STS9/STS9/STS9/STS9/STS9/S1TS8/12/12/12_B_0_0"},
	{"players=3", "start=12/12/12/STS9/STS9/TSS9/STS9/S1TS8/STS9/STS9/STS9/SST9_B_0_0", "chain=forced"},
}

// Every reading in lockstep with the reference: a few games each here,
// PLATEAU_READINGS_GAMES=N games each by hand (thousands in all).
func TestIndependentReadings(t *testing.T) {
	games := 8
	if n, err := strconv.Atoi(os.Getenv("PLATEAU_READINGS_GAMES")); err == nil && n > 0 {
		games = n
	}
	indLockstep(t, indReadings, games, 100)
}

// indLockstep plays games random games of each variant, comparing the
// package's legal moves, outcome and moves with the reference at every ply.
func indLockstep(t *testing.T, variants [][]string, games, minChecked int) {
	checked, passes := 0, 0
	candidates := boardtest.LineCandidates()
	ends := map[string]int{}
	for vi, items := range variants {
		v := indVariant(t, items...)
		for g := 0; g < games; g++ {
			rng := rand.New(rand.NewPCG(uint64(vi), uint64(g)))
			s := v.Start()
			var played []string
			refPasses := 0 // passes in a row, counted here
			for ply := 0; ply < 1000; ply++ {
				text := s.Encode()
				boardtest.RoundTrip(t, v, s)
				if ply%40 == 0 {
					boardtest.ParseAgrees(t, s, candidates, rng)
				}
				p := indParse(t, v, text)
				if p.passes != refPasses {
					t.Fatalf("%v position %q: %d passes in a row, want %d", items, text, p.passes, refPasses)
				}
				got := gametest.Legal(s)
				want := p.moves()
				if p.gameOver() {
					want = nil
				}
				if !slices.Equal(got, want) {
					t.Fatalf("%v game %d position %q (after %v):\n got  %v\n want %v", items, g, text, played, got, want)
				}
				o := s.Outcome()
				switch w := p.winners(); {
				case w != 0:
					if o.Status != game.Win || o.Winners != w {
						t.Fatalf("%v position %q: outcome %+v, want winners %b", items, text, o, w)
					}
				case p.passes >= p.players:
					if o.Status != game.Draw {
						t.Fatalf("%v position %q: outcome %+v, want draw", items, text, o)
					}
				default:
					if o.Ended() {
						t.Fatalf("%v position %q: outcome %+v, want ongoing", items, text, o)
					}
				}
				checked++
				if slices.Equal(got, []string{"pass"}) {
					passes++
				}
				if len(got) == 0 {
					ends[o.Status.String()]++
					break
				}
				mv := got[rng.IntN(len(got))]
				if mv == "pass" {
					refPasses++
				} else {
					refPasses = 0
				}
				played = append(played, mv)
				gametest.Play(t, s, mv)
				if s.Ply() != p.ply+1 {
					t.Fatalf("ply %d after %d", s.Ply(), p.ply)
				}
				// The piece moved, nothing else changed; the next seat is
				// to move.
				want2 := p.cell
				if mv != "pass" {
					var f1, r1, f2, r2 int
					var c1, c2 byte
					fmt.Sscanf(strings.Replace(mv, "-", " ", 1), "%c%d %c%d", &c1, &r1, &c2, &r2)
					f1, f2 = int(c1-'a'), int(c2-'a')
					want2[r2-1][f2], want2[r1-1][f1] = want2[r1-1][f1], 0
				}
				after := indParse(t, v, s.Encode())
				if after.cell != want2 {
					t.Fatalf("%v position %q move %s gives %q", items, text, mv, s.Encode())
				}
				if !s.Outcome().Ended() && (after.toMove != (p.toMove+1)%p.players || s.ToMove() != after.toMove) {
					t.Fatalf("%v position %q move %s: %q, seat %d to move", items, text, mv, s.Encode(), s.ToMove())
				}
			}
		}
	}
	if checked < minChecked {
		t.Errorf("only %d positions checked", checked)
	}
	t.Logf("%d positions checked, %d with a forced pass; game ends: %v", checked, passes, ends)
}
