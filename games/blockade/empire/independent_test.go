package empire_test

// Independent rules checks for L'Empire, written from DECISIONS.md
// ("Blockade", "L'Empire" and "Conventions for all games") and the French
// rule sheet (blockade.fr.txt, 3.2) only, through the public game API. The
// reference model below (moves, captures, hand-over, wins) is compared with
// the package on positions and moves from random games.

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
	_ "github.com/plateau-games/plateau/games/blockade/empire"
	"github.com/plateau-games/plateau/games/internal/gametest"
)

const (
	indSW = iota
	indNW
	indNE
	indSE
)

// indCorners gives the corner of each seat: 2 players SW, NE; 3 SW, NW, NE;
// 4 SW, NW, NE, SE (clockwise).
func indCorners(players int) []int {
	switch players {
	case 2:
		return []int{indSW, indNE}
	case 3:
		return []int{indSW, indNW, indNE}
	}
	return []int{indSW, indNW, indNE, indSE}
}

// indKingThrone: the throne farthest from the corner.
var indKingThrone = map[int][2]int{
	indSW: {7, 7}, // h8
	indNW: {7, 4}, // h5
	indNE: {4, 4}, // e5
	indSE: {4, 7}, // e8
}

// indNearThrone: the throne nearest the corner (throne=near).
var indNearThrone = map[int][2]int{
	indSW: {4, 4}, // e5
	indNW: {4, 7}, // e8
	indNE: {7, 7}, // h8
	indSE: {7, 4}, // h5
}

var indThrones = [4][2]int{{4, 4}, {7, 4}, {4, 7}, {7, 7}} // e5 h5 e8 h8

// indSWLayout is the South-West start of DECISIONS.md, as (file, rank)
// from 0 with its shape.
var indSWLayout = []struct {
	f, r  int
	shape byte
}{
	{1, 1, 'C'},
	{0, 0, 'T'}, {2, 0, 'T'}, {0, 2, 'T'}, {2, 2, 'T'},
	{1, 0, 'S'}, {3, 0, 'S'}, {0, 1, 'S'}, {2, 1, 'S'}, {1, 2, 'S'}, {0, 3, 'S'},
}

// indRotate turns a South-West cell to a corner: NW is a quarter turn
// clockwise, NE a half turn, SE three quarters.
func indRotate(corner, f, r int) (int, int) {
	switch corner {
	case indNW:
		return r, 11 - f
	case indNE:
		return 11 - f, 11 - r
	case indSE:
		return 11 - r, f
	}
	return f, r
}

func indVariant(t testing.TB, players int, teams bool) *game.Variant {
	t.Helper()
	return indVariantOpts(t, players, teams, nil)
}

// indVariantOpts is indVariant with more options (the readings).
func indVariantOpts(t testing.TB, players int, teams bool, more game.Options) *game.Variant {
	t.Helper()
	opts := game.Options{"players": fmt.Sprint(players)}
	for k, val := range more {
		opts[k] = val
	}
	if teams {
		opts["teams"] = "true"
	}
	v, err := game.NewVariant("empire", opts)
	if err != nil {
		t.Fatalf("empire %v: %v", opts, err)
	}
	return v
}

// ---- reference model ----

type indPiece struct {
	seat  int // 0-based, -1 empty
	shape byte
}

type indPos struct {
	players int
	teams   bool
	// The readings (DECISIONS.md, "Alternative readings"): throne=near,
	// guard=all, corners=adjacent (2 players), seating=adjacent (teams).
	near, guardAll, adjCorners, adjacent bool
	cell                                 [12][12]indPiece // [file][rank]
	toMove                               int
	ply                                  int
}

func indCell(f, r int) string { return fmt.Sprintf("%c%d", 'a'+f, r+1) }

func indParseCell(t testing.TB, s string) (int, int) {
	t.Helper()
	var f byte
	var r int
	if n, _ := fmt.Sscanf(s, "%c%d", &f, &r); n != 2 || f < 'a' || f > 'l' || r < 1 || r > 12 {
		t.Fatalf("bad cell %q", s)
	}
	return int(f - 'a'), r - 1
}

func indParse(t testing.TB, v *game.Variant, text string) *indPos {
	t.Helper()
	p := &indPos{players: v.Players, teams: v.Teams != nil}
	p.readings(v.Options)
	f := strings.Fields(text)
	if len(f) != 3 {
		t.Fatalf("position %q: want 3 fields", text)
	}
	ranks := strings.Split(f[0], "/")
	if len(ranks) != 12 {
		t.Fatalf("position %q: want 12 ranks", text)
	}
	for i, rs := range ranks {
		r, file := 11-i, 0
		for j := 0; j < len(rs); {
			if rs[j] == '.' {
				p.cell[file][r] = indPiece{seat: -1}
				j++
			} else {
				p.cell[file][r] = indPiece{seat: int(rs[j] - '1'), shape: rs[j+1]}
				j += 2
			}
			file++
		}
		if file != 12 {
			t.Fatalf("position %q: rank %q", text, rs)
		}
	}
	fmt.Sscan(f[1], &p.toMove)
	p.toMove--
	fmt.Sscan(f[2], &p.ply)
	return p
}

// boardText writes the board field of the position text.
func (p *indPos) boardText() string {
	var b strings.Builder
	for r := 11; r >= 0; r-- {
		for f := 0; f < 12; f++ {
			if c := p.cell[f][r]; c.seat < 0 {
				b.WriteByte('.')
			} else {
				fmt.Fprintf(&b, "%d%c", c.seat+1, c.shape)
			}
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	return b.String()
}

// readings reads the reading options from a variant's options.
func (p *indPos) readings(o game.Options) {
	p.near, p.guardAll = o["throne"] == "near", o["guard"] == "all"
	p.adjCorners, p.adjacent = o["corners"] == "adjacent", o["seating"] == "adjacent"
}

// corners of the seats: with corners=adjacent, 2 players are SW and SE.
func (p *indPos) corners() []int {
	if p.players == 2 && p.adjCorners {
		return []int{indSW, indSE}
	}
	return indCorners(p.players)
}

// friends: the same seat, or partners: opposite seats (1 and 3, 2 and 4),
// or with seating=adjacent side by side (1 and 2, 3 and 4).
func (p *indPos) friends(a, b int) bool {
	if p.adjacent {
		return a == b || (p.teams && a/2 == b/2)
	}
	return a == b || (p.teams && a%2 == b%2)
}

func (p *indPos) in(seat int) bool {
	for f := 0; f < 12; f++ {
		for r := 0; r < 12; r++ {
			if c := p.cell[f][r]; c.seat == seat && c.shape == 'C' {
				return true
			}
		}
	}
	return false
}

func (p *indPos) next(seat int) int {
	for i := 1; i <= p.players; i++ {
		if s := (seat + i) % p.players; p.in(s) {
			return s
		}
	}
	return seat
}

func indCaptures(shape byte, d int) bool {
	switch shape {
	case 'T':
		return d == 3
	case 'S':
		return d == 4
	case 'C':
		return d == 2 || d == 5
	}
	return false
}

var indDirs = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}

type indMove struct {
	f1, r1, f2, r2 int
	capture        bool
}

func (m indMove) String() string {
	sep := "-"
	if m.capture {
		sep = "x"
	}
	return indCell(m.f1, m.r1) + sep + indCell(m.f2, m.r2)
}

// moves of seat: any distance along rank or file to an empty cell, jumping
// freely; a capture on an opponent's piece at exactly the capture distance.
func (p *indPos) moves(seat int) []indMove {
	var out []indMove
	for f := 0; f < 12; f++ {
		for r := 0; r < 12; r++ {
			c := p.cell[f][r]
			if c.seat != seat {
				continue
			}
			for _, d := range indDirs {
				for k := 1; ; k++ {
					x, y := f+k*d[0], r+k*d[1]
					if x < 0 || x > 11 || y < 0 || y > 11 {
						break
					}
					t := p.cell[x][y]
					switch {
					case t.seat < 0:
						out = append(out, indMove{f, r, x, y, false})
					case !p.friends(seat, t.seat) && indCaptures(c.shape, k):
						out = append(out, indMove{f, r, x, y, true})
					}
				}
			}
		}
	}
	return out
}

func (p *indPos) notations() []string {
	var out []string
	for _, m := range p.moves(p.toMove) {
		out = append(out, m.String())
	}
	if len(out) == 0 {
		out = append(out, "pass")
	}
	sort.Strings(out)
	return out
}

// canCapture reports whether seat has a capture of the piece on (f, r).
func (p *indPos) canCapture(seat, f, r int) bool {
	for _, m := range p.moves(seat) {
		if m.capture && m.f2 == f && m.r2 == r {
			return true
		}
	}
	return false
}

func (p *indPos) commandant(seat int) (int, int, bool) {
	for f := 0; f < 12; f++ {
		for r := 0; r < 12; r++ {
			if c := p.cell[f][r]; c.seat == seat && c.shape == 'C' {
				return f, r, true
			}
		}
	}
	return 0, 0, false
}

// onKingThrone: seat's commandant stands on his trône du roi and the next
// opponent of mover to play (from next on) cannot capture it; with
// guard=all, no opponent still in can.
func (p *indPos) safeOnKingThrone(seat, mover, next int) bool {
	f, r, ok := p.commandant(seat)
	kt := indKingThrone[p.corners()[seat]]
	if p.near {
		kt = indNearThrone[p.corners()[seat]]
	}
	if !ok || f != kt[0] || r != kt[1] {
		return false
	}
	var guards []int
	for i := 0; i < p.players; i++ {
		if o := (next + i) % p.players; p.in(o) && !p.friends(mover, o) {
			guards = append(guards, o)
		}
	}
	if !p.guardAll && len(guards) > 1 {
		guards = guards[:1]
	}
	for _, o := range guards {
		if p.canCapture(o, f, r) {
			return false
		}
	}
	return true
}

// apply plays m for the seat to move and returns the winners (bit set; 0
// when the game goes on).
func (p *indPos) apply(m indMove) uint8 {
	seat := p.toMove
	victim := p.cell[m.f2][m.r2]
	p.cell[m.f2][m.r2] = p.cell[m.f1][m.r1]
	p.cell[m.f1][m.r1] = indPiece{seat: -1}
	p.ply++
	var team uint8
	for o := 0; o < p.players; o++ {
		if p.friends(seat, o) {
			team |= 1 << o
		}
	}
	if m.capture && victim.shape == 'C' {
		if p.players == 2 || p.teams {
			p.toMove = p.next(seat)
			return team // (c)
		}
		// Hand-over: the victim's pieces pass to the capturer.
		for f := 0; f < 12; f++ {
			for r := 0; r < 12; r++ {
				if p.cell[f][r].seat == victim.seat {
					p.cell[f][r].seat = seat
				}
			}
		}
	}
	next := p.next(seat)
	p.toMove = next
	if next == seat {
		return team // (c): the last opponent's commandant
	}
	// (a) thrones.
	held := 0
	for _, th := range indThrones {
		if c := p.cell[th[0]][th[1]]; c.seat >= 0 && p.friends(seat, c.seat) {
			held++
		}
	}
	need := 4
	if p.players > 2 && !p.teams {
		need = 3
	}
	if held >= need {
		return team
	}
	// (b) trône du roi.
	for o := 0; o < p.players; o++ {
		if team&(1<<o) != 0 && !p.safeOnKingThrone(o, seat, next) {
			return 0
		}
	}
	return team
}

// indPosition builds a position text from "cell=1C" items.
func indPosition(t testing.TB, toMove, ply int, items ...string) string {
	t.Helper()
	var grid [12][12]string
	for _, it := range items {
		cell, piece, ok := strings.Cut(it, "=")
		if !ok || len(piece) != 2 {
			t.Fatalf("bad item %q", it)
		}
		f, r := indParseCell(t, cell)
		if grid[f][r] != "" {
			t.Fatalf("two pieces on %s", cell)
		}
		grid[f][r] = piece
	}
	var b strings.Builder
	for r := 11; r >= 0; r-- {
		for f := 0; f < 12; f++ {
			if grid[f][r] == "" {
				b.WriteByte('.')
			} else {
				b.WriteString(grid[f][r])
			}
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	return fmt.Sprintf("%s %d %d", b.String(), toMove, ply)
}

// indExpect plays move on the position and checks the winners (0: the game
// goes on), comparing with the reference too.
func indExpect(t *testing.T, v *game.Variant, pos, move string, winners uint8) game.State {
	t.Helper()
	s := gametest.Decode(t, v, pos)
	if o := s.Outcome(); o.Ended() {
		t.Fatalf("%s: over before the move: %+v", pos, o)
	}
	ref := indParse(t, v, pos)
	if got, want := gametest.Legal(s), ref.notations(); !slices.Equal(got, want) {
		t.Fatalf("%s: moves\n got  %v\n want %v", pos, got, want)
	}
	var m indMove
	found := false
	for _, c := range ref.moves(ref.toMove) {
		if c.String() == move {
			m, found = c, true
		}
	}
	if !found {
		t.Fatalf("%s: %s is not legal by the reference", pos, move)
	}
	w := ref.apply(m)
	if w != winners {
		t.Fatalf("%s %s: reference winners %04b, test expects %04b", pos, move, w, winners)
	}
	gametest.Play(t, s, move)
	o := s.Outcome()
	if winners == 0 {
		if o.Ended() {
			t.Errorf("%s %s: outcome %+v, want the game to go on", pos, move, o)
		}
	} else if o.Status != game.Win || o.Winners != winners {
		t.Errorf("%s %s: outcome %+v, want winners %04b", pos, move, o, winners)
	}
	if got := strings.Fields(s.Encode())[0]; got != ref.boardText() {
		t.Errorf("%s %s: board\n got  %s\n want %s", pos, move, got, ref.boardText())
	}
	if !o.Ended() && s.ToMove() != ref.toMove {
		t.Errorf("%s %s: seat %d to move, want %d", pos, move, s.ToMove()+1, ref.toMove+1)
	}
	boardtest.RoundTrip(t, v, s)
	return s
}

// ---- options, start ----

func TestIndependentVariant(t *testing.T) {
	v, err := game.NewVariant("empire", nil)
	if err != nil {
		t.Fatal(err)
	}
	if v.Players != 2 || v.Options["players"] != "2" || v.Options["teams"] != "false" || v.Teams != nil {
		t.Errorf("defaults: players %d options %v teams %v", v.Players, v.Options, v.Teams)
	}
	for _, c := range []struct {
		players int
		teams   bool
	}{{2, false}, {3, false}, {4, false}, {4, true}} {
		v := indVariant(t, c.players, c.teams)
		if v.PlyLimit != 400 || v.Repetition != 3 {
			t.Errorf("%v: ply limit %d repetition %d, want 400 and 3", v, v.PlyLimit, v.Repetition)
		}
		if c.teams && (len(v.Teams) != 4 || v.Teams[0] != v.Teams[2] || v.Teams[1] != v.Teams[3] || v.Teams[0] == v.Teams[1]) {
			t.Errorf("teams %v: want seats 1, 3 against 2, 4", v.Teams)
		}
	}
	for _, n := range []string{"2", "3"} {
		if _, err := game.NewVariant("empire", game.Options{"players": n, "teams": "true"}); err == nil {
			t.Errorf("teams with %s players accepted", n)
		}
	}
	if _, err := game.NewVariant("empire", game.Options{"players": "5"}); err == nil {
		t.Error("5 players accepted")
	}
}

func TestIndependentStart(t *testing.T) {
	for _, c := range []struct {
		players int
		teams   bool
		opts    game.Options
	}{{2, false, nil}, {3, false, nil}, {4, false, nil}, {4, true, nil}, {2, false, game.Options{"corners": "adjacent"}}, {4, true, game.Options{"seating": "adjacent"}}} {
		v := indVariantOpts(t, c.players, c.teams, c.opts)
		p := &indPos{players: c.players, teams: c.teams}
		p.readings(c.opts)
		for f := range p.cell {
			for r := range p.cell[f] {
				p.cell[f][r].seat = -1
			}
		}
		for seat, corner := range p.corners() {
			for _, pc := range indSWLayout {
				f, r := indRotate(corner, pc.f, pc.r)
				p.cell[f][r] = indPiece{seat: seat, shape: pc.shape}
			}
		}
		want := p.boardText() + " 1 0"
		s := v.Start()
		if got := s.Encode(); got != want {
			t.Errorf("%v: start\n got  %s\n want %s", v, got, want)
		}
		if s.ToMove() != 0 {
			t.Errorf("%v: seat %d to move first", v, s.ToMove()+1)
		}
		// Commandants: SW b2, NW b11, NE k11, SE k2.
		for seat, corner := range p.corners() {
			f, r, _ := p.commandant(seat)
			want := map[int]string{indSW: "b2", indNW: "b11", indNE: "k11", indSE: "k2"}[corner]
			if indCell(f, r) != want {
				t.Errorf("%v: seat %d commandant on %s, want %s", v, seat+1, indCell(f, r), want)
			}
		}
		// Clockwise order: every seat moves once, then seat 1 again.
		for seat := 0; seat < c.players; seat++ {
			if s.ToMove() != seat {
				t.Fatalf("%v: seat %d to move, want %d", v, s.ToMove()+1, seat+1)
			}
			if got, want := gametest.Legal(s), indParse(t, v, s.Encode()).notations(); !slices.Equal(got, want) {
				t.Fatalf("%v: seat %d moves\n got  %v\n want %v", v, seat+1, got, want)
			}
			s.Apply(s.LegalMoves(nil)[0])
		}
		if s.ToMove() != 0 {
			t.Errorf("%v: after a round seat %d to move", v, s.ToMove()+1)
		}
	}
}

// ---- moves and captures ----
//
// A pass ("No legal move: pass") cannot happen in L'Empire, so no test
// builds one: a piece has no move only when every cell of its rank and file
// is occupied, and the cells at distance 2 and 5 from the commandant must
// hold its own side's pieces (at least 4, in a corner), which need their
// own lines full: at least 3 ranks and 3 files, 63 cells, more than the 44
// pieces of the game.

func TestIndependentCaptureDistances(t *testing.T) {
	v := indVariant(t, 2, false)
	pos := indPosition(t, 1, 10,
		"f6=1C", "d4=1T", "j9=1S", "a1=1T",
		"l12=2C", "d7=2S", "g4=2T", "d2=2S", "f8=2T", "f1=2T", "k6=2S", "h6=2S", "j5=2S", "j12=2T", "e9=2S")
	s := gametest.Decode(t, v, pos)
	got := gametest.Legal(s)
	if want := indParse(t, v, pos).notations(); !slices.Equal(got, want) {
		t.Fatalf("moves\n got  %v\n want %v", got, want)
	}
	for _, m := range []string{"d4xd7", "d4xg4", "f6xf8", "f6xf1", "f6xk6", "f6xh6", "j9xj5", "d4-d1", "d4-d3", "f6-f10", "j9-j10", "j9-d9"} {
		if !slices.Contains(got, m) {
			t.Errorf("missing %s", m)
		}
	}
	// Opposing pieces at other distances are jumped, never taken; own pieces
	// are never taken.
	for _, m := range []string{"d4xd2", "d4-d2", "j9xj12", "j9-j12", "j9xe9", "j9-e9", "f6xd4"} {
		if slices.Contains(got, m) {
			t.Errorf("illegal %s offered", m)
		}
	}
	// A capture removes the piece.
	gametest.Play(t, s, "f6xk6")
	if p := indParse(t, v, s.Encode()); p.cell[10][5] != (indPiece{0, 'C'}) || p.cell[5][5].seat != -1 {
		t.Errorf("after f6xk6: %s", s.Encode())
	}
}

// ---- wins with 2 players ----

func TestIndependentTwoPlayerWins(t *testing.T) {
	v := indVariant(t, 2, false)
	// (a) Illustration 7: three thrones held, the fourth taken from an
	// opposing archer; a win although the pieces could be taken back.
	pos := indPosition(t, 1, 20, "b2=1C", "e5=1T", "h5=1S", "e8=1S", "h11=1T", "h8=2S", "l12=2C", "e2=2T", "h1=2S", "b8=2T")
	indExpect(t, v, pos, "h11xh8", 1)
	indExpect(t, v, pos, "b2-b3", 0)
	// Three thrones are not enough with 2 players.
	pos = indPosition(t, 1, 20, "b2=1C", "e5=1T", "h5=1S", "d8=1S", "l12=2C")
	indExpect(t, v, pos, "d8-e8", 0)
	// Four thrones by a move of seat 2.
	pos = indPosition(t, 2, 21, "b2=1C", "e5=2T", "h5=2S", "e8=2S", "l12=2C", "h10=2T")
	indExpect(t, v, pos, "h10-h8", 2)

	// (b) the commandant reaches h8 (SW's trône du roi).
	pos = indPosition(t, 1, 20, "h3=1C", "a1=1S", "l12=2C", "h11=2T")
	indExpect(t, v, pos, "h3-h8", 0) // the cavalier on h11 can take it
	pos = indPosition(t, 1, 20, "h3=1C", "a1=1S", "l12=2C", "h12=2T")
	indExpect(t, v, pos, "h3-h8", 1) // distance 4: the cavalier cannot
	// The opposing commandant takes at 2 or 5: on c8 (5 away) or h10 (2
	// away) it prevents the win, on d8 (4 away) it does not.
	pos = indPosition(t, 1, 20, "h3=1C", "a1=1S", "c8=2C")
	indExpect(t, v, pos, "h3-h8", 0)
	pos = indPosition(t, 1, 20, "h3=1C", "a1=1S", "h10=2C")
	indExpect(t, v, pos, "h3-h8", 0)
	pos = indPosition(t, 1, 20, "h3=1C", "a1=1S", "d8=2C")
	indExpect(t, v, pos, "h3-h8", 1)
	// Seat 2's commandant on e5 (NE's trône du roi).
	pos = indPosition(t, 2, 21, "b2=1C", "a5=1S", "k5=2C", "l12=2T")
	indExpect(t, v, pos, "k5-e5", 0) // the archer on a5 takes at 4
	pos = indPosition(t, 2, 21, "b2=1C", "a4=1S", "k5=2C", "l12=2T")
	indExpect(t, v, pos, "k5-e5", 2)
	// The commandant of the wrong seat on h8 does not win.
	pos = indPosition(t, 2, 21, "b2=1C", "k8=2C", "l12=2T")
	indExpect(t, v, pos, "k8-h8", 0)
	// Illustration 7: the commandant reaching its throne by a capture but
	// exposed does not win.
	pos = indPosition(t, 1, 20, "h6=1C", "a1=1S", "h8=2S", "l12=2C", "e8=2T")
	indExpect(t, v, pos, "h6xh8", 0)

	// (b) is tested after the player's own move, whether or not the
	// commandant moved: here it stands on h8, threatened by the archer on
	// h4; taking that archer wins.
	pos = indPosition(t, 1, 20, "h8=1C", "d4=1S", "h4=2S", "l12=2C")
	indExpect(t, v, pos, "d4xh4", 1)
	// ... and another move that leaves the threat does not.
	indExpect(t, v, pos, "d4-d5", 0)
	// The commandant already safe on h8 (the threat left): any move of
	// seat 1 that keeps it there wins.
	pos = indPosition(t, 1, 22, "h8=1C", "a1=1S", "l12=2C", "l4=2S")
	indExpect(t, v, pos, "a1-a2", 1)
	indExpect(t, v, pos, "h8-h7", 0)

	// (c) taking the commandant.
	pos = indPosition(t, 1, 20, "b2=1C", "b8=1T", "b11=2C", "l12=2S")
	indExpect(t, v, pos, "b8xb11", 1)
	pos = indPosition(t, 2, 21, "b2=1C", "b8=1T", "b6=2S", "l12=2C")
	indExpect(t, v, pos, "b6xb2", 2)
}

// ---- 3 and 4 players ----

func TestIndependentThreePlayers(t *testing.T) {
	v := indVariant(t, 3, false)
	// (a) three thrones win with 3 players.
	pos := indPosition(t, 1, 30, "a1=1C", "e5=1T", "h5=1S", "d8=1S", "b11=2C", "k11=3C")
	indExpect(t, v, pos, "d8-e8", 1)
	// (b) is tested against the next player only. SW's commandant to h8;
	// seat 3 (NE) could take it, seat 2 (NW) cannot: a win.
	pos = indPosition(t, 1, 30, "h3=1C", "b11=2C", "k11=3C", "h11=3T")
	indExpect(t, v, pos, "h3-h8", 1)
	// The next player (seat 2) could take it: no win.
	pos = indPosition(t, 1, 30, "h3=1C", "b11=2C", "h11=2T", "k11=3C")
	indExpect(t, v, pos, "h3-h8", 0)
	// NW's trône du roi is h5, for seat 2; the next is seat 3.
	pos = indPosition(t, 2, 31, "a1=1C", "h2=1S", "b5=2C", "k11=3C")
	indExpect(t, v, pos, "b5-h5", 2) // seat 1's archer h2 is 3 away: nobody can take it
	pos = indPosition(t, 2, 31, "a1=1C", "h1=3S", "b5=2C", "k11=3C")
	indExpect(t, v, pos, "b5-h5", 0) // seat 3's archer on h1 takes at 4

	// (c) with 3 players: the taken player is out and his pieces pass to
	// the capturer, keeping their types; his turns are skipped.
	pos = indPosition(t, 1, 30, "f4=1C", "a1=1T", "f6=2C", "c9=2T", "j2=2S", "k11=3C", "l12=3S")
	s := indExpect(t, v, pos, "f4xf6", 0)
	p := indParse(t, v, s.Encode())
	if c := p.cell[2][8]; c.seat != 0 || c.shape != 'T' {
		t.Errorf("c9 after the hand-over: %+v, want seat 1's cavalier", c)
	}
	if c := p.cell[9][1]; c.seat != 0 || c.shape != 'S' {
		t.Errorf("j2 after the hand-over: %+v, want seat 1's archer", c)
	}
	if s.ToMove() != 2 {
		t.Fatalf("after the hand-over seat %d to move, want 3", s.ToMove()+1)
	}
	gametest.Play(t, s, "l12-l11")
	if s.ToMove() != 0 {
		t.Errorf("seat 2 is out: seat %d to move, want 1", s.ToMove()+1)
	}
	// The handed-over pieces move and capture as their types.
	if got := gametest.Legal(s); !slices.Contains(got, "c9-c12") || !slices.Contains(got, "j2-j6") {
		t.Errorf("capturer's moves %v lack those of the handed-over pieces", got)
	}

	// After the hand-over, (a) is tested for the capturer: the pieces he
	// receives complete three thrones.
	pos = indPosition(t, 1, 30, "f4=1C", "h5=1S", "f6=2C", "e5=2T", "e8=2S", "k11=3C")
	indExpect(t, v, pos, "f4xf6", 1)
	// ... and (b): seat 1's commandant on h8 is threatened by seat 2's
	// archer; taking seat 2's commandant makes the archer seat 1's, and
	// seat 3, now next, cannot take it.
	pos = indPosition(t, 1, 30, "h8=1C", "a1=1T", "h4=2S", "a4=2C", "k11=3C")
	indExpect(t, v, pos, "a1xa4", 1)
	// Same, but seat 3 threatens the commandant: no win.
	pos = indPosition(t, 1, 30, "h8=1C", "a1=1T", "h4=2S", "a4=2C", "k11=3C", "e8=3T")
	indExpect(t, v, pos, "a1xa4", 0)

}

func TestIndependentLastOpponent(t *testing.T) {
	v := indVariant(t, 3, false)
	// Seat 2 is out; seat 1's cavalier takes seat 3's commandant: win.
	pos := indPosition(t, 1, 40, "a1=1C", "a3=1S", "h11=1T", "k11=3C", "k7=3S")
	indExpect(t, v, pos, "h11xk11", 1)
	// With 4 players, seats 2 and 4 out.
	v4 := indVariant(t, 4, false)
	pos = indPosition(t, 3, 41, "a1=1C", "a3=1S", "k11=3C", "k8=3S", "a4=3T")
	indExpect(t, v4, pos, "a4xa1", 4)
	// 4 players: seat 1 takes seat 3's commandant; play goes 1, 2, 4, 1.
	pos = indPosition(t, 1, 30, "f4=1C", "b11=2C", "f6=3C", "l9=3S", "k2=4C")
	s := indExpect(t, v4, pos, "f4xf6", 0)
	if s.ToMove() != 1 {
		t.Fatalf("seat %d to move, want 2", s.ToMove()+1)
	}
	gametest.Play(t, s, "b11-b12")
	if s.ToMove() != 3 {
		t.Fatalf("seat %d to move, want 4 (seat 3 is out)", s.ToMove()+1)
	}
	gametest.Play(t, s, "k2-k3")
	if s.ToMove() != 0 {
		t.Fatalf("seat %d to move, want 1", s.ToMove()+1)
	}
	// (a) with 4 players: three thrones.
	pos = indPosition(t, 4, 31, "a1=1C", "b11=2C", "k11=3C", "k2=4C", "e5=4S", "h5=4T", "e10=4T")
	indExpect(t, v4, pos, "e10-e8", 8)
}

// ---- teams ----

func TestIndependentTeams(t *testing.T) {
	v := indVariant(t, 4, true)
	// A partner's pieces are never taken: seat 1's cavalier d4 with seat 3's
	// archer on d7 and seat 2's archer on g4.
	pos := indPosition(t, 1, 20, "b2=1C", "d4=1T", "d7=3S", "g4=2S", "b11=2C", "k11=3C", "k2=4C")
	s := gametest.Decode(t, v, pos)
	got := gametest.Legal(s)
	if slices.Contains(got, "d4xd7") || !slices.Contains(got, "d4xg4") {
		t.Errorf("moves %v: want d4xg4 and not d4xd7", got)
	}
	if want := indParse(t, v, pos).notations(); !slices.Equal(got, want) {
		t.Errorf("moves\n got  %v\n want %v", got, want)
	}
	// (a) all four thrones by the team; three are not enough.
	pos = indPosition(t, 1, 20, "a1=1C", "e5=1S", "h5=3S", "e8=3T", "h11=1T", "b11=2C", "k11=3C", "k2=4C")
	indExpect(t, v, pos, "h11-h8", 0b0101)
	pos = indPosition(t, 1, 20, "a1=1C", "e5=1S", "h5=3S", "d8=1T", "b11=2C", "k11=3C", "k2=4C")
	indExpect(t, v, pos, "d8-e8", 0)
	// The other team, by a move of seat 4.
	pos = indPosition(t, 4, 23, "a1=1C", "e5=2S", "h5=4S", "e8=4T", "h10=4T", "b11=2C", "k11=3C", "k2=4C")
	indExpect(t, v, pos, "h10-h8", 0b1010)
	// (b) both commandants on their trônes du roi (SW h8, NE e5) after a
	// partner's move, the next player unable to take either.
	pos = indPosition(t, 1, 20, "h3=1C", "e5=3C", "b11=2C", "k2=4C")
	indExpect(t, v, pos, "h3-h8", 0b0101)
	// One commandant alone does not win.
	pos = indPosition(t, 1, 20, "h3=1C", "k11=3C", "b11=2C", "k2=4C")
	indExpect(t, v, pos, "h3-h8", 0)
	// The next player (seat 2) can take the partner's commandant: no win.
	pos = indPosition(t, 1, 20, "h3=1C", "e5=3C", "b11=2C", "k2=4C", "e1=2S")
	indExpect(t, v, pos, "h3-h8", 0)
	// Only the next player counts: seat 4 could take it, seat 2 cannot.
	pos = indPosition(t, 1, 20, "h3=1C", "e5=3C", "b11=2C", "k2=4C", "e1=4S")
	indExpect(t, v, pos, "h3-h8", 0b0101)
	// Seat 3's move completes it too.
	pos = indPosition(t, 3, 22, "h8=1C", "k5=3C", "b11=2C", "k2=4C")
	indExpect(t, v, pos, "k5-e5", 0b0101)
	// NW (h5) and SE (e8) for the other team, by seat 2.
	pos = indPosition(t, 2, 21, "a1=1C", "k11=3C", "b5=2C", "e8=4C")
	indExpect(t, v, pos, "b5-h5", 0b1010)
	// (c) taking an opposing commandant wins for the team.
	pos = indPosition(t, 2, 21, "a1=1C", "k11=3C", "b11=2C", "k2=4C", "a5=2S")
	indExpect(t, v, pos, "a5xa1", 0b1010)
	pos = indPosition(t, 3, 22, "a1=1C", "k11=3C", "b11=2C", "k2=4C", "k5=3T")
	indExpect(t, v, pos, "k5xk2", 0b0101)
}

// ---- software rules ----

func TestIndependentRepetitionAndPlyLimit(t *testing.T) {
	v := indVariant(t, 2, false)
	m := game.NewMatch(v.Start())
	cycle := []string{"d1-e1", "i12-h12", "e1-d1", "h12-i12"}
	for round := 0; round < 2; round++ {
		for i, mv := range cycle {
			if m.Outcome().Ended() {
				t.Fatalf("round %d move %d: ended early: %+v", round, i, m.Outcome())
			}
			if _, err := m.PlayNotation(mv); err != nil {
				t.Fatal(err)
			}
		}
	}
	if o := m.Outcome(); o.Status != game.Draw || o.Reason != "threefold repetition" {
		t.Errorf("start position for the third time: %+v", o)
	}
	pos := indPosition(t, 1, 399, "a1=1C", "l12=2C", "c3=1S")
	s := gametest.Decode(t, v, pos)
	m = game.NewMatch(s)
	if m.Outcome().Ended() {
		t.Fatal("ended at ply 399")
	}
	if _, err := m.PlayNotation("c3-c4"); err != nil {
		t.Fatal(err)
	}
	if o := m.Outcome(); o.Status != game.Draw || o.Reason != "ply limit" {
		t.Errorf("ply 400: %+v", o)
	}
}

// ---- random positions against the reference ----

func TestIndependentRandomPositions(t *testing.T) {
	checked := 0
	stats := map[string]int{}
	candidates := boardtest.LineCandidates()

	games := 8
	if n, err := strconv.Atoi(os.Getenv("PLATEAU_READINGS_GAMES")); err == nil && n > 0 {
		games = n
	}
	for vi, c := range []struct {
		players int
		teams   bool
		opts    game.Options
	}{
		{2, false, nil}, {3, false, nil}, {4, false, nil}, {4, true, nil},
		// The other readings (DECISIONS.md, "Alternative readings").
		{2, false, game.Options{"throne": "near"}}, {3, false, game.Options{"throne": "near"}},
		{3, false, game.Options{"guard": "all"}}, {4, false, game.Options{"guard": "all", "throne": "near"}},
		{2, false, game.Options{"corners": "adjacent"}}, {2, false, game.Options{"corners": "adjacent", "throne": "near"}},
		{4, true, game.Options{"seating": "adjacent"}}, {4, true, game.Options{"seating": "adjacent", "guard": "all"}},
		{4, true, game.Options{"seating": "adjacent", "throne": "near"}}, {4, true, game.Options{"guard": "all", "throne": "near"}},
		{2, false, game.Options{"start": indOtherStart}},
	} {
		v := indVariantOpts(t, c.players, c.teams, c.opts)
		// Hash must depend exactly on the board and the seat to move.
		hashOf := map[string]uint64{}
		keyOf := map[uint64]string{}
		for g := 0; g < games; g++ {
			rng := rand.New(rand.NewPCG(uint64(vi), uint64(g)))
			s := v.Start()
			for ply := 0; ply < 400; ply++ {
				text := s.Encode()
				boardtest.RoundTrip(t, v, s)
				if ply%20 == 0 {
					boardtest.ParseAgrees(t, s, candidates, rng)
				}
				ref := indParse(t, v, text)
				want := ref.notations()
				got := gametest.Legal(s)
				if !slices.Equal(got, want) {
					t.Fatalf("%v position %q: moves\n got  %v\n want %v", v, text, got, want)
				}
				if s.ToMove() != ref.toMove {
					t.Fatalf("%v position %q: seat %d to move", v, text, s.ToMove())
				}
				key := strings.Join(strings.Fields(text)[:2], " ")
				if h, ok := hashOf[key]; ok && h != s.Hash() {
					t.Fatalf("position %q: two hashes", text)
				}
				if k, ok := keyOf[s.Hash()]; ok && k != key {
					t.Fatalf("positions %q and %q have one hash", k, key)
				}
				hashOf[key], keyOf[s.Hash()] = s.Hash(), key
				checked++
				// Prefer captures and throne moves, so that the games
				// reach the interesting rules.
				var pick indMove
				all := ref.moves(ref.toMove)
				var good []indMove
				for _, m := range all {
					if m.capture || slices.Contains(indThrones[:], [2]int{m.f2, m.r2}) {
						good = append(good, m)
					}
				}
				if len(good) > 0 && rng.IntN(3) > 0 {
					pick = good[rng.IntN(len(good))]
				} else {
					pick = all[rng.IntN(len(all))]
				}
				if pick.capture && ref.cell[pick.f2][pick.r2].shape == 'C' {
					stats["commandant taken"]++
				}
				w := ref.apply(pick)
				gametest.Play(t, s, pick.String())
				if got := strings.Fields(s.Encode())[0]; got != ref.boardText() {
					t.Fatalf("%v position %q move %s: board\n got  %s\n want %s", v, text, pick, got, ref.boardText())
				}
				o := s.Outcome()
				if w == 0 {
					if o.Ended() {
						t.Fatalf("%v position %q move %s: outcome %+v, want the game to go on", v, text, pick, o)
					}
					continue
				}
				if o.Status != game.Win || o.Winners != w {
					t.Fatalf("%v position %q move %s: outcome %+v, want winners %04b", v, text, pick, o, w)
				}
				if n := len(s.LegalMoves(nil)); n != 0 {
					t.Fatalf("game over with %d moves", n)
				}
				boardtest.RoundTrip(t, v, s)
				stats[fmt.Sprintf("%v: %s", v, o.Reason)]++
				break
			}
		}
	}
	t.Logf("%d positions checked; %v", checked, stats)
}
