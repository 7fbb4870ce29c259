// Package empire implements L'Empire, the second game of Blockade (Sid
// Sackson, 1979): two to four players start in the corners of the 12x12
// board and race for the four thrones, capturing at exact distances.
//
// The rules as implemented are in docs/rules/empire.md.
package empire

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/blockade/board"
)

// Piece kinds, by their shapes.
const (
	Commandant = board.Cylinder // cylindre: captures at 2 or 5
	Cavalier   = board.Triangle // triangle: captures at 3
	Archer     = board.Square   // carré: captures at 4
)

// Corners in clockwise playing order. Corner k is the South-West corner
// turned k quarter turns clockwise.
const (
	SouthWest = iota
	NorthWest
	NorthEast
	SouthEast
)

var cornerNames = [4]game.Text{
	{EN: "South-West", FR: "Sud-Ouest"},
	{EN: "North-West", FR: "Nord-Ouest"},
	{EN: "North-East", FR: "Nord-Est"},
	{EN: "South-East", FR: "Sud-Est"},
}

// startLayout is the South-West start layout (*reconstruction*, see
// DECISIONS.md): the other corners use it turned by board.RotateClockwise.
// Replace this one table when the real figure is found.
var startLayout = []struct {
	cell  string
	shape board.Shape
}{
	{"b2", Commandant},
	{"a1", Cavalier}, {"c1", Cavalier}, {"a3", Cavalier}, {"c3", Cavalier},
	{"b1", Archer}, {"d1", Archer}, {"a2", Archer}, {"c2", Archer}, {"b3", Archer}, {"a4", Archer},
}

// The four thrones: the circles of the four inner sections.
var thrones = [4]board.Cell{mustCell("e5"), mustCell("h5"), mustCell("e8"), mustCell("h8")}

// kingThroneSW is the South-West player's trône du roi, the throne farthest
// from his corner (throne=far, the default) or the nearest (throne=near);
// the other corners' are this one turned.
var kingThroneSW = [2]board.Cell{mustCell("h8"), mustCell("e5")}

func mustCell(s string) board.Cell {
	c, err := board.ParseCell(s)
	if err != nil {
		panic(err)
	}
	return c
}

// A cell holds 0 when empty, else shape | seat<<2 (shape 1..3, seat 0..3).
func pieceCode(seat int, shape board.Shape) uint8 { return uint8(shape) | uint8(seat)<<2 }
func codeShape(p uint8) board.Shape               { return board.Shape(p & 3) }
func codeSeat(p uint8) int                        { return int(p >> 2) }

// pieceLetters are the position-text letters of each cell content: "." for
// an empty cell, seat digit and shape letter for a piece (e.g. "1C").
var pieceLetters = func() (out [16]string) {
	for p := range out {
		out[p] = "."
		if p != 0 {
			out[p] = string(rune('1'+codeSeat(uint8(p)))) + string(codeShape(uint8(p)).Letter())
		}
	}
	return out
}()

// captureDistance says whether a piece of shape captures at distance d.
func captureDistance(shape board.Shape, d int) bool {
	switch shape {
	case Cavalier:
		return d == 3
	case Archer:
		return d == 4
	case Commandant:
		return d == 2 || d == 5
	}
	return false
}

// Readings are the readings of the rule text that the options choose
// (DECISIONS.md, "Alternative readings"); false is the default of each.
type Readings struct {
	// NearThrone (throne=near): the trône du roi is the throne nearest
	// the start corner.
	NearThrone bool
	// GuardAll (guard=all): win (b) needs that no opponent still in the
	// game, not only the next to move, can capture the commandant.
	GuardAll bool
	// AdjacentCorners (corners=adjacent, 2 players): South-West against
	// South-East.
	AdjacentCorners bool
}

// key identifies a variant: its seating and readings.
type key struct {
	board.Seating
	Readings
}

// rules is everything a variant fixes.
type rules struct {
	players   int
	teams     bool
	guardAll  bool
	team      [game.MaxPlayers]int        // seat -> team (the seat itself without teams)
	corner    [game.MaxPlayers]int        // seat -> corner
	kingCell  [game.MaxPlayers]board.Cell // seat -> trône du roi
	threshold int                         // thrones needed for win (a)
	opp       [game.MaxPlayers]uint8      // seat -> bit o set when seat o is its opponent
	form      string                      // positionForm for this number of players
	variant   *game.Variant
	start     State
}

// Outcome reasons.
const (
	reasonNone uint8 = iota
	reasonCommandant
	reasonLastCommandant
	reasonThrones
	reasonKingThrone
	reasonTeamThrones
	reasonTeamKingThrones
)

var reasonText = [...]string{
	"",
	"commandant taken",
	"last opposing commandant taken",
	"thrones held",
	"commandant on his trône du roi",
	"team holds the four thrones",
	"both commandants on their trônes du roi",
}

// State is an Empire position.
type State struct {
	r       *rules
	cells   [board.Cells]uint8
	next    int8  // the seat due to move (also kept once the game is over)
	winners uint8 // seats that won; 0 while the game is on
	reason  uint8
	ply     int
}

var (
	zobrist   = game.HashKeys(0x656d70697265, board.Cells*16+game.MaxPlayers)
	variants  = map[key]*rules{}
	byVariant = map[*game.Variant]*rules{}
	theGame   *game.Game
)

func newRules(k key) *rules {
	players, teams := k.Players, k.Teams
	r := &rules{players: players, teams: teams, guardAll: k.GuardAll, threshold: 3}
	for seat := range r.team {
		r.team[seat] = k.TeamOf(seat)
	}
	for seat := 0; seat < players; seat++ {
		for o := 0; o < players; o++ {
			if r.team[o] != r.team[seat] {
				r.opp[seat] |= 1 << uint(o)
			}
		}
	}
	r.form = fmt.Sprintf(positionForm, players)
	switch players {
	case 2:
		r.corner = [4]int{SouthWest, NorthEast}
		if k.AdjacentCorners {
			r.corner = [4]int{SouthWest, SouthEast}
		}
		r.threshold = 4
	case 3:
		r.corner = [4]int{SouthWest, NorthWest, NorthEast}
	default:
		r.corner = [4]int{SouthWest, NorthWest, NorthEast, SouthEast}
	}
	if teams {
		r.threshold = 4
	}
	seats := make([]game.Text, players)
	for seat := 0; seat < players; seat++ {
		seats[seat] = cornerNames[r.corner[seat]]
		throne := kingThroneSW[0]
		if k.NearThrone {
			throne = kingThroneSW[1]
		}
		r.kingCell[seat] = board.RotateClockwise(throne, r.corner[seat])
	}
	r.start = State{r: r, next: 0}
	for seat := 0; seat < players; seat++ {
		for _, p := range startLayout {
			c := board.RotateClockwise(mustCell(p.cell), r.corner[seat])
			r.start.cells[c] = pieceCode(seat, p.shape)
		}
	}
	v := k.Seating.Variant(seats)
	v.Game = theGame
	// Only readings other than the default are options of the variant, so
	// that the default variants keep their names.
	if k.NearThrone {
		v.Options["throne"] = "near"
	}
	if k.GuardAll {
		v.Options["guard"] = "all"
	}
	if k.AdjacentCorners {
		v.Options["corners"] = "adjacent"
	}
	v.PlyLimit = 400
	v.Repetition = 3
	v.Start = func() game.State {
		s := r.start
		return &s
	}
	v.Decode = func(text string) (game.State, error) { return r.decode(text) }
	r.variant = v
	return r
}

func init() {
	theGame = &game.Game{
		ID:      "empire",
		Name:    game.Text{EN: "L'Empire", FR: "L'Empire"},
		Summary: game.Text{EN: "Blockade: race for the four thrones, capturing at exact distances (2 to 4 players, teams with 4).", FR: "Blockade : la course aux quatre trônes, avec des prises à distance exacte (2 à 4 joueurs, équipes à 4)."},
		Author:  "Sid Sackson, 1979 (Blockade)",
		Options: []game.Option{
			board.PlayersOption(game.Text{EN: "number of players", FR: "nombre de joueurs"}),
			board.TeamsOption(game.Text{EN: "with 4 players: seats 1 and 3 against 2 and 4", FR: "à 4 joueurs : places 1 et 3 contre 2 et 4"}),
			board.SeatingOption(),
			{Name: "throne", Default: "far", Values: []string{"far", "near"}, Doc: game.Text{
				EN: "reading of the rule text: each player's trône du roi is the throne farthest from his start corner (far) or the nearest (near)",
				FR: "lecture de la règle : le trône du roi de chaque joueur est le trône le plus éloigné de son coin de départ (far) ou le plus proche (near)",
			}},
			{Name: "guard", Default: "next", Values: []string{"next", "all"}, Doc: game.Text{
				EN: "reading of the rule text: the win by the commandant on his trône du roi needs that the next player to move cannot capture it (next) or that no opponent still in the game can (all)",
				FR: "lecture de la règle : la victoire du commandant sur son trône du roi demande que le joueur suivant ne puisse pas le prendre (next) ou qu'aucun adversaire encore en jeu ne le puisse (all)",
			}},
			{Name: "corners", Default: "opposite", Values: []string{"opposite", "adjacent"}, Doc: game.Text{
				EN: "reading of the rule text, 2 players: South-West against North-East (opposite) or against South-East (adjacent)",
				FR: "lecture de la règle, à 2 joueurs : Sud-Ouest contre Nord-Est (opposite) ou contre Sud-Est (adjacent)",
			}},
			game.StartOption("........2S2T2S2T/.........2S2C2S/.........2T2S2T/...........2S/............/............/............/............/1S.........../1T1S1T........./1S1C1S........./1T1S1T1S........_1_0"),
		},
		MinPlayers: 2,
		MaxPlayers: 4,
		Setup:      setup,
	}
	seatings := append(board.Seatings[:len(board.Seatings):len(board.Seatings)], board.Adjacent)
	for _, st := range seatings {
		for _, rd := range []Readings{{}, {NearThrone: true}, {GuardAll: true}, {NearThrone: true, GuardAll: true}} {
			for _, corners := range []bool{false, true} {
				if corners && st.Players != 2 {
					continue
				}
				rd.AdjacentCorners = corners
				r := newRules(key{st, rd})
				variants[key{st, rd}] = r
				byVariant[r.variant] = r
			}
		}
	}
	// The seatings, then one variant a reading (the conformance suite and
	// the catalogue go through them).
	theGame.Variants = append(board.SeatingOptions(), board.Adjacent.Options(),
		game.Options{"players": "2", "throne": "near"},
		game.Options{"players": "3", "guard": "all"},
		game.Options{"players": "2", "corners": "adjacent"})
	game.Register(theGame)
}

func setup(opts game.Options) (*game.Variant, error) {
	st, err := board.ReadSeating(opts)
	if err != nil {
		return nil, err
	}
	// Game.Variant has checked the values against their lists.
	rd := Readings{NearThrone: opts["throne"] == "near", GuardAll: opts["guard"] == "all", AdjacentCorners: opts["corners"] == "adjacent"}
	if rd.AdjacentCorners && st.Players != 2 {
		return nil, game.Errorf(game.Text{EN: "corners=adjacent needs players=2 (got players=%d)", FR: "corners=adjacent demande players=2 (reçu players=%d)"}, st.Players)
	}
	if text, custom := game.StartPosition(opts["start"]); custom {
		return withStart(variants[key{st, rd}], text)
	}
	return variants[key{st, rd}].variant, nil
}

// Variant returns the variant for players (2, 3, 4) and teams (4 only),
// with the default readings.
func Variant(players int, teams bool) *game.Variant {
	r, ok := variants[key{Seating: board.Seating{Players: players, Teams: teams}}]
	if !ok {
		panic(fmt.Sprintf("empire: no variant with %d players, teams %t", players, teams))
	}
	return r.variant
}

// KingThrone is the trône du roi of seat in v.
func KingThrone(v *game.Variant, seat int) board.Cell {
	r, ok := byVariant[v]
	if !ok { // a variant with another start (option start)
		r = v.Start().(*State).r
	}
	return r.kingCell[seat]
}

// Variant implements game.State.
func (s *State) Variant() *game.Variant { return s.r.variant }

// ToMove implements game.State.
func (s *State) ToMove() int {
	if s.winners != 0 {
		return -1
	}
	return int(s.next)
}

// Ply implements game.State.
func (s *State) Ply() int { return s.ply }

// Piece returns the seat and shape on c; shape NoShape when empty.
func (s *State) Piece(c board.Cell) (seat int, shape board.Shape) {
	p := s.cells[c]
	if p == 0 {
		return -1, board.NoShape
	}
	return codeSeat(p), codeShape(p)
}

// opposed says whether seats a and b are opponents (not the same seat, not
// partners).
func (r *rules) opposed(a, b int) bool { return r.team[a] != r.team[b] }

// active says whether seat still has its commandant (is in the game).
func (s *State) active(seat int) bool {
	for c := range s.cells {
		if s.cells[c] == pieceCode(seat, Commandant) {
			return true
		}
	}
	return false
}

// Eliminated says whether seat is out of the game: its commandant was
// taken (with three or four players its pieces then passed to the
// capturer; in teams the game is then over). Searches use it to count a
// player's elimination as the loss it is, in any game that has one.
func (s *State) Eliminated(seat int) bool {
	return seat >= 0 && seat < s.r.players && !s.active(seat)
}

// WinsAtOnce says whether the seat to move has a move that wins the game
// at once: every win but the last commandant's takes a move onto a throne
// (the trône du roi is one), so only the moves onto the four thrones are
// tried. Evaluations use it: a position where the player to move wins in
// one is not a position to weigh by material (pieces jump, so a
// commandant on the rank or file of its empty trône is one move from it).
func (s *State) WinsAtOnce() bool {
	if s.winners != 0 {
		return false
	}
	me := int(s.next)
	for _, t := range thrones {
		target := s.cells[t]
		if target != 0 && !s.r.opposed(me, codeSeat(target)) {
			continue
		}
		f0, r0 := t.File(), t.Rank()
		for _, d := range dirs {
			f, rk := f0+d[0], r0+d[1]
			for dist := 1; board.OnBoard(f, rk); dist++ {
				c := board.At(f, rk)
				if p := s.cells[c]; p != 0 && codeSeat(p) == me && (target == 0 || captureDistance(codeShape(p), dist)) {
					after := *s
					after.Apply(encodeMove(c, t))
					if after.winners&(1<<uint(me)) != 0 {
						return true
					}
				}
				f, rk = f+d[0], rk+d[1]
			}
		}
	}
	return false
}

// activeMask has bit i set when seat i still has its commandant.
func (s *State) activeMask() uint8 {
	// Eight cells at a time (every Apply needs it): y has a zero byte
	// exactly where the shape bits are those of a commandant, and z the
	// top bit of each such byte (the exact test, no borrow between bytes).
	const ones, low7, shapes = 0x0101010101010101, 0x7f7f7f7f7f7f7f7f, 0x0303030303030303
	var m uint8
	for i := 0; i < board.Cells; i += 8 {
		w := binary.LittleEndian.Uint64(s.cells[i : i+8])
		y := w&shapes ^ uint64(Commandant)*ones
		z := ^((y&low7 + low7) | y) & (low7 ^ ^uint64(0))
		for z != 0 {
			b := bits.TrailingZeros64(z) &^ 7
			m |= 1 << (w >> uint(b) >> 2 & 3)
			z &= z - 1
		}
	}
	return m
}

// nextActive is the first seat after seat (cyclically) in mask, or seat
// itself when no other is.
func (r *rules) nextActive(seat int, mask uint8) int {
	for i := 1; i <= r.players; i++ {
		o := (seat + i) % r.players
		if mask&(1<<uint(o)) != 0 {
			return o
		}
	}
	return seat
}

// prevActive is the last seat before seat (cyclically) in mask, or seat.
func (r *rules) prevActive(seat int, mask uint8) int {
	for i := 1; i <= r.players; i++ {
		o := (seat - i + 2*r.players) % r.players
		if mask&(1<<uint(o)) != 0 {
			return o
		}
	}
	return seat
}

// A move packs from | to<<8.
func encodeMove(from, to board.Cell) game.Move { return game.Move(uint64(from) | uint64(to)<<8) }

func decodeMove(m game.Move) (from, to board.Cell) {
	return board.Cell(m & 0xff), board.Cell(m >> 8 & 0xff)
}

var dirs = [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}

// LegalMoves implements game.State: for each of the mover's pieces (a1 to
// l12), towards north, east, south and west, nearest cell first. Pass when
// nothing else is possible.
func (s *State) LegalMoves(buf []game.Move) []game.Move {
	buf = buf[:0]
	if s.winners != 0 {
		return buf
	}
	// One pass over the board: the occupied cells and the opponents' of
	// each rank (bit file) and file (bit rank), and the mover's pieces in
	// cell order. Each ray's targets are then a mask (the empty cells, and
	// the opponents at a capture distance) walked nearest first.
	me := uint8(s.next)
	opp := s.r.opp[me]
	var rankOcc, rankOpp, fileOcc, fileOpp [board.Size]uint16
	var mine [board.Cells]uint8
	n := 0
	for r := 0; r < board.Size; r++ {
		for f, p := range s.cells[r*board.Size : (r+1)*board.Size] {
			if p == 0 {
				continue
			}
			rankOcc[r] |= 1 << uint(f)
			fileOcc[f] |= 1 << uint(r)
			switch {
			case opp>>(p>>2)&1 != 0:
				rankOpp[r] |= 1 << uint(f)
				fileOpp[f] |= 1 << uint(r)
			case p>>2 == me:
				mine[n] = uint8(r*board.Size + f)
				n++
			}
		}
	}
	for _, c := range mine[:n] {
		r, f := int(c)/board.Size, int(c)%board.Size
		shape := s.cells[c] & 3
		from := game.Move(c)
		// North: up the file, ranks r+1 and over, nearest first.
		for t := (^fileOcc[f] | fileOpp[f]&captureUp[shape][r]) & above[r]; t != 0; t &= t - 1 {
			buf = append(buf, from|game.Move(bits.TrailingZeros16(t)*board.Size+f)<<8)
		}
		// East: along the rank, files f+1 and over.
		for t := (^rankOcc[r] | rankOpp[r]&captureUp[shape][f]) & above[f]; t != 0; t &= t - 1 {
			buf = append(buf, from|game.Move(r*board.Size+bits.TrailingZeros16(t))<<8)
		}
		// South: down the file, nearest (highest rank) first.
		for t := (^fileOcc[f] | fileOpp[f]&captureDown[shape][r]) & below[r]; t != 0; {
			x := 15 - bits.LeadingZeros16(t)
			buf = append(buf, from|game.Move(x*board.Size+f)<<8)
			t &^= 1 << uint(x)
		}
		// West: along the rank, nearest (highest file) first.
		for t := (^rankOcc[r] | rankOpp[r]&captureDown[shape][f]) & below[f]; t != 0; {
			x := 15 - bits.LeadingZeros16(t)
			buf = append(buf, from|game.Move(r*board.Size+x)<<8)
			t &^= 1 << uint(x)
		}
	}
	if len(buf) == 0 {
		buf = append(buf, game.Pass)
	}
	return buf
}

// Apply implements game.State.
func (s *State) Apply(m game.Move) {
	me := int(s.next)
	if m != game.Pass {
		from, to := decodeMove(m)
		taken := s.cells[to]
		s.cells[to] = s.cells[from]
		s.cells[from] = 0
		if taken != 0 && codeShape(taken) == Commandant && !s.r.teams && s.r.players > 2 {
			// The eliminated player's pieces pass to the capturer.
			lost := codeSeat(taken)
			for c := range s.cells {
				if p := s.cells[c]; p != 0 && codeSeat(p) == lost {
					s.cells[c] = pieceCode(me, codeShape(p))
				}
			}
		}
	}
	s.ply++
	mask := s.activeMask()
	s.next = int8(s.r.nextActive(me, mask))
	s.judgeWith(mask)
}

// judge sets the result from the board and the seat due to move: the
// player who just moved is the active seat before it.
func (s *State) judge() { s.judgeWith(s.activeMask()) }

// judgeWith is judge given the board's activeMask.
func (s *State) judgeWith(mask uint8) {
	r := s.r
	s.winners, s.reason = 0, reasonNone
	all := uint8(1)<<uint(r.players) - 1
	next := int(s.next)
	mover := r.prevActive(next, mask)
	// (c) a commandant was taken.
	if mask != all {
		switch {
		case r.teams:
			// The team that lost a commandant loses.
			for seat := 0; seat < r.players; seat++ {
				if mask&(1<<uint(seat)) == 0 {
					s.setTeamWin(1-r.team[seat], reasonCommandant)
					return
				}
			}
		case r.players == 2:
			s.winners, s.reason = mask, reasonCommandant
			return
		default:
			if mask&(mask-1) == 0 { // one player left
				s.winners, s.reason = mask, reasonLastCommandant
				return
			}
		}
	}
	// (a) thrones.
	held := 0
	for _, t := range thrones {
		if p := s.cells[t]; p != 0 && !r.opposed(mover, codeSeat(p)) {
			held++
		}
	}
	if held >= r.threshold {
		if r.teams {
			s.setTeamWin(r.team[mover], reasonTeamThrones)
		} else {
			s.winners, s.reason = 1<<uint(mover), reasonThrones
		}
		return
	}
	// (b) commandant(s) on the trône du roi, safe from the next player
	// (the next opponent to move: with partners side by side the next
	// player may be a partner, who never captures), or with guard=all
	// from every opponent still in.
	if r.teams {
		for seat := 0; seat < r.players; seat++ {
			if r.team[seat] == r.team[mover] && !s.safeOnKingThrone(seat, mover, next, mask) {
				return
			}
		}
		s.setTeamWin(r.team[mover], reasonTeamKingThrones)
		return
	}
	if s.safeOnKingThrone(mover, mover, next, mask) {
		s.winners, s.reason = 1<<uint(mover), reasonKingThrone
	}
}

func (s *State) setTeamWin(team int, reason uint8) {
	s.winners, s.reason = 0, reason
	for seat := 0; seat < s.r.players; seat++ {
		if s.r.team[seat] == team {
			s.winners |= 1 << uint(seat)
		}
	}
}

// safeOnKingThrone says whether seat's commandant stands on its trône du
// roi where no opponent that counts can take it in one move: the first
// opponent of mover to move from next on, or (guard=all) every opponent in
// active.
func (s *State) safeOnKingThrone(seat, mover, next int, active uint8) bool {
	k := s.r.kingCell[seat]
	if s.cells[k] != pieceCode(seat, Commandant) {
		return false
	}
	r := s.r
	for i := 0; i < r.players; i++ {
		o := (next + i) % r.players
		if active&(1<<uint(o)) == 0 || !r.opposed(mover, o) {
			continue
		}
		if s.CanCapture(o, k) {
			return false
		}
		if !r.guardAll {
			return true
		}
	}
	return true
}

// CanCapture says whether seat has a piece that can capture the piece on
// target in one move (any piece along its rank or file at that piece's
// capture distance; pieces in between are jumped).
func (s *State) CanCapture(seat int, target board.Cell) bool {
	q := s.cells[target]
	if q == 0 || !s.r.opposed(seat, codeSeat(q)) {
		return false
	}
	f0, r0 := target.File(), target.Rank()
	for _, d := range dirs {
		f, rk := f0+d[0], r0+d[1]
		for dist := 1; dist <= 5 && board.OnBoard(f, rk); dist++ {
			if p := s.cells[board.At(f, rk)]; p != 0 && codeSeat(p) == seat && captureDistance(codeShape(p), dist) {
				return true
			}
			f, rk = f+d[0], rk+d[1]
		}
	}
	return false
}

// Outcome implements game.State.
func (s *State) Outcome() game.Outcome {
	if s.winners == 0 {
		return game.Outcome{}
	}
	return game.Outcome{Status: game.Win, Winners: s.winners, Reason: reasonText[s.reason]}
}

// Hash implements game.State: Zobrist keys of every piece and of the seat
// due to move (the players still in are those with a commandant).
func (s *State) Hash() uint64 {
	h := zobrist[board.Cells*16+int(s.next)]
	for c := range s.cells {
		if p := s.cells[c]; p != 0 {
			h ^= zobrist[c*16+int(p)]
		}
	}
	return h
}

// Clone implements game.State.
func (s *State) Clone() game.State {
	c := *s
	return &c
}

// Encode implements game.State. The position text is the twelve ranks from
// 12 down to 1 separated by "/", each rank its twelve cells from a to l,
// "." for an empty cell and seat digit + shape letter for a piece (1C: seat
// 1's commandant, 2T: seat 2's cavalier, 3S: seat 3's archer), then the
// seat due to move and the ply.
func (s *State) Encode() string {
	// What board.AppendRanks writes with "." for each empty cell (no runs),
	// without a call per cell: positions are written on every check.
	var text [320]byte
	b := text[:0]
	for rk := board.Size - 1; rk >= 0; rk-- {
		for _, p := range s.cells[rk*board.Size : (rk+1)*board.Size] {
			b = append(b, pieceLetters[p]...)
		}
		if rk > 0 {
			b = append(b, '/')
		}
	}
	b = append(b, ' ', byte('1'+s.next), ' ')
	b = strconv.AppendInt(b, int64(s.ply), 10)
	return string(b)
}

const positionForm = `an Empire position text is "ranks next ply": ranks 12 down to 1 separated by "/", each of 12 cells from a to l, "." for an empty cell or a seat digit and a shape letter for a piece (C commandant, T cavalier, S archer; e.g. 1C), then the seat due to move (1 to %d) and the ply`

func (r *rules) decode(text string) (*State, error) {
	form := r.form
	if len(text) > game.MaxInput {
		return nil, fmt.Errorf("%s; got %d bytes", form, len(text))
	}
	fields := strings.Fields(text)
	if len(fields) != 3 {
		return nil, fmt.Errorf("%s; got %d fields in %s", form, len(fields), game.Quote(text))
	}
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != board.Size {
		return nil, fmt.Errorf("%s; got %d ranks", form, len(ranks))
	}
	s := &State{r: r}
	var count [game.MaxPlayers][4]int
	for i, rank := range ranks {
		rk := board.Size - 1 - i
		f := 0
		for j := 0; j < len(rank); j++ {
			if f >= board.Size {
				return nil, fmt.Errorf("%s; rank %d has more than 12 cells", form, rk+1)
			}
			ch := rank[j]
			if ch == '.' {
				f++
				continue
			}
			if ch < '1' || ch > byte('0'+r.players) || j+1 >= len(rank) {
				return nil, fmt.Errorf("%s; rank %d, file %c: %s is not a piece of this %d-player game", form, rk+1, 'a'+f, game.Quote(rank[j:min(j+2, len(rank))]), r.players)
			}
			shape, ok := board.ParseShape(rank[j+1])
			if !ok || rank[j+1] < 'A' || rank[j+1] > 'Z' {
				return nil, fmt.Errorf("%s; rank %d, file %c: %s is not a piece (shape letters are C, T, S)", form, rk+1, 'a'+f, game.Quote(rank[j:j+2]))
			}
			seat := int(ch - '1')
			s.cells[board.At(f, rk)] = pieceCode(seat, shape)
			count[seat][shape]++
			j++
			f++
		}
		if f != board.Size {
			return nil, fmt.Errorf("%s; rank %d has %d cells", form, rk+1, f)
		}
	}
	// Piece counts.
	var total [4]int
	var mask uint8
	out := 0
	for seat := 0; seat < r.players; seat++ {
		c := count[seat]
		if c[Commandant] > 1 {
			return nil, fmt.Errorf("impossible position: seat %d has %d commandants (one at most)", seat+1, c[Commandant])
		}
		if c[Commandant] == 1 {
			mask |= 1 << uint(seat)
		} else {
			out++
			if !r.teams && r.players > 2 && c[Cavalier]+c[Archer] > 0 {
				return nil, fmt.Errorf("impossible position: seat %d has lost its commandant but still has pieces (they pass to the capturer)", seat+1)
			}
		}
		if (r.teams || r.players == 2) && (c[Cavalier] > 4 || c[Archer] > 6) {
			return nil, fmt.Errorf("impossible position: seat %d has %d cavaliers and %d archers (4 and 6 at most)", seat+1, c[Cavalier], c[Archer])
		}
		for sh := range total {
			total[sh] += c[sh]
		}
	}
	if total[Cavalier] > 4*r.players || total[Archer] > 6*r.players {
		return nil, fmt.Errorf("impossible position: %d cavaliers and %d archers (at most %d and %d with %d players)", total[Cavalier], total[Archer], 4*r.players, 6*r.players, r.players)
	}
	if mask == 0 {
		return nil, fmt.Errorf("impossible position: no commandant is left")
	}
	if (r.teams || r.players == 2) && out > 1 {
		return nil, fmt.Errorf("impossible position: %d commandants are missing, but the game ends when the first is taken", out)
	}
	next, err := strconv.Atoi(fields[1])
	if err != nil || next < 1 || next > r.players {
		return nil, fmt.Errorf("%s; the seat due to move must be 1 to %d, got %s", form, r.players, game.Quote(fields[1]))
	}
	if mask&(1<<uint(next-1)) == 0 {
		return nil, fmt.Errorf("seat %d is due to move but has lost its commandant", next)
	}
	s.next = int8(next - 1)
	ply, err := strconv.Atoi(fields[2])
	if err != nil || ply < 0 || ply > 1_000_000 {
		return nil, fmt.Errorf("%s; the ply must be a whole number from 0 to 1000000, got %s", form, game.Quote(fields[2]))
	}
	s.ply = ply
	s.judge()
	return s, nil
}

// MoveString implements game.State: from-to for a move ("c3-c9"), fromxto
// for a capture ("c3xc6"), or "pass".
func (s *State) MoveString(m game.Move) string {
	if m == game.Pass {
		return game.PassNotation
	}
	from, to := decodeMove(m)
	capture := 0
	if s.cells[to] != 0 {
		capture = 1
	}
	if d, dist := lineOf(from, to); d >= 0 {
		return moveNames[from][d][dist-1][capture]
	}
	return cellNames[from] + "?" + cellNames[to]
}

// lineOf gives the direction (index in dirs) and distance from one cell to
// another on its rank or file, or -1.
func lineOf(from, to board.Cell) (d, dist int) {
	df, dr := to.File()-from.File(), to.Rank()-from.Rank()
	switch {
	case df == 0 && dr > 0:
		return 0, dr
	case dr == 0 && df > 0:
		return 1, df
	case df == 0 && dr < 0:
		return 2, -dr
	case dr == 0 && df < 0:
		return 3, -df
	}
	return -1, 0
}

// moveNames holds the notation of every move and capture along a line, so
// that MoveString does not build strings.
var moveNames = func() (names [board.Cells][4][board.Size - 1][2]string) {
	for c := range names {
		from := board.Cell(c)
		for d, dd := range dirs {
			f, r := from.File()+dd[0], from.Rank()+dd[1]
			for dist := 1; board.OnBoard(f, r); dist++ {
				to := board.At(f, r)
				names[c][d][dist-1][0] = cellNames[from] + "-" + cellNames[to]
				names[c][d][dist-1][1] = cellNames[from] + "x" + cellNames[to]
				f, r = f+dd[0], r+dd[1]
			}
		}
	}
	return
}()

// cellNames holds the names of the cells, a1 to l12.
var cellNames = func() (names [board.Cells]string) {
	for c := range names {
		names[c] = board.Cell(c).String()
	}
	return
}()

// normalize lowercases text and drops its blanks, without allocating when
// there is nothing to change.
func normalize(text string) string {
	for i := 0; i < len(text); i++ {
		if ch := text[i]; ch <= ' ' || ch >= 'A' && ch <= 'Z' || ch >= 0x80 {
			return strings.ToLower(strings.Join(strings.Fields(text), ""))
		}
	}
	return text
}

var moveForm = game.Text{
	EN: "an Empire move is the start cell, - (or x for a capture) and the end cell along the same rank or file, e.g. c3-c9 or c3xc6, or pass when no move is possible; cells run from a1 to l12",
	FR: "un coup de L'Empire s'écrit avec la case de départ, - (ou x pour une prise) et la case d'arrivée sur la même rangée ou colonne, par exemple c3-c9 ou c3xc6, ou pass quand aucun coup n'est possible ; les cases vont de a1 à l12",
}

// ParseMove implements game.State.
func (s *State) ParseMove(text string) (game.Move, error) {
	if len(text) > 32 {
		return 0, game.NotAMove(text, moveForm)
	}
	in := normalize(text)
	if s.winners != 0 {
		return 0, game.MoveAfterEnd(text)
	}
	if in == game.PassNotation {
		if s.hasMove() {
			return 0, game.IllegalMove(s, text, game.Text{EN: "a player may pass only when he has no move", FR: "on ne peut passer que sans aucun coup possible"})
		}
		return game.Pass, nil
	}
	from, to, ok := splitCells(in)
	if !ok {
		return 0, game.NotAMove(text, moveForm)
	}
	if why := s.whyIllegal(from, to); why.EN != "" {
		return 0, game.IllegalMove(s, text, why)
	}
	return encodeMove(from, to), nil
}

// hasMove says whether the mover has a move other than pass.
func (s *State) hasMove() bool {
	var moves [256]game.Move // on the stack: "pass" is a common input
	l := s.LegalMoves(moves[:0])
	return len(l) > 0 && l[0] != game.Pass
}

// splitCells reads two cell names, separated by -, x, : or nothing.
func splitCells(in string) (from, to board.Cell, ok bool) {
	if in == "" {
		return board.NoCell, board.NoCell, false
	}
	i := 1
	for i < len(in) && in[i] >= '0' && in[i] <= '9' {
		i++
	}
	a, rest := in[:i], in[i:]
	if rest != "" && (rest[0] == '-' || rest[0] == 'x' || rest[0] == ':') {
		rest = rest[1:]
	}
	var ok1, ok2 bool
	from, ok1 = parseCell(a)
	to, ok2 = parseCell(rest)
	return from, to, ok1 && ok2
}

// parseCell reads a lowercase cell name, a1 to l12.
func parseCell(t string) (board.Cell, bool) {
	if len(t) < 2 || len(t) > 3 || t[0] < 'a' || t[0] > 'l' || t[1] < '1' || t[1] > '9' {
		return board.NoCell, false
	}
	r := int(t[1] - '0')
	if len(t) == 3 {
		if t[2] < '0' || t[2] > '9' {
			return board.NoCell, false
		}
		r = r*10 + int(t[2]-'0')
	}
	if r > board.Size {
		return board.NoCell, false
	}
	return board.At(int(t[0]-'a'), r-1), true
}

func (s *State) whyIllegal(from, to board.Cell) game.Text {
	me := int(s.next)
	p := s.cells[from]
	if p == 0 {
		return game.Texts("%s is empty", "%s est vide", from)
	}
	if codeSeat(p) != me {
		seat := s.r.variant.Seats[me]
		return game.Text{EN: fmt.Sprintf("the piece on %s is not %s's", from, seat.EN), FR: fmt.Sprintf("la pièce en %s n'est pas à %s", from, seat.FR)}
	}
	if from == to {
		return game.Text{EN: "a piece must move", FR: "une pièce doit bouger"}
	}
	df, dr := to.File()-from.File(), to.Rank()-from.Rank()
	if df != 0 && dr != 0 {
		return game.Text{EN: "pieces move along their rank or file only", FR: "les pièces ne bougent que le long de leur rangée ou de leur colonne"}
	}
	q := s.cells[to]
	if q == 0 {
		return game.Text{}
	}
	if !s.r.opposed(me, codeSeat(q)) {
		return game.Texts("%s holds a piece of your own side", "%s porte une pièce de votre camp", to)
	}
	dist := max(df, -df, dr, -dr)
	if shape := codeShape(p); !captureDistance(shape, dist) {
		return game.Text{
			EN: fmt.Sprintf("%s captures only at distance %s, and %s is %d away", kindName[shape].EN, kindDistance[shape].EN, to, dist),
			FR: fmt.Sprintf("%s ne prend qu'à distance %s, et %s est à %d", kindName[shape].FR, kindDistance[shape].FR, to, dist),
		}
	}
	return game.Text{}
}

var (
	kindName     = [4]game.Text{{}, {EN: "a commandant", FR: "un commandant"}, {EN: "a cavalier", FR: "un cavalier"}, {EN: "an archer", FR: "un archer"}}
	kindDistance = [4]game.Text{{}, {EN: "2 or 5", FR: "2 ou 5"}, {EN: "3", FR: "3"}, {EN: "4", FR: "4"}}
)

// String implements game.State: the board as board.Draw lays it out, each
// piece as its seat digit and shape letter; empty thrones show *.
func (s *State) String() string { return s.StringIn("en") }

// StringIn is String with its legend in lang (see game.StateText).
func (s *State) StringIn(lang string) string {
	const files = "    a  b  c  d  e  f  g  h  i  j  k  l\n"
	b := make([]byte, 0, 1024)
	b = append(b, files...)
	for rk := board.Size - 1; rk >= 0; rk-- {
		if rk+1 < 10 {
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, int64(rk+1), 10)
		b = append(b, ' ')
		for f := 0; f < board.Size; f++ {
			c := board.At(f, rk)
			b = append(b, ' ')
			switch p := s.cells[c]; {
			case p != 0:
				b = append(b, byte('1'+codeSeat(p)), codeShape(p).Letter())
			case c == thrones[0] || c == thrones[1] || c == thrones[2] || c == thrones[3]:
				b = append(b, "* "...)
			case c.IsCircle():
				b = append(b, "o "...)
			default:
				b = append(b, ". "...)
			}
		}
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(rk+1), 10)
		b = append(b, '\n')
	}
	b = append(b, files...)
	b = append(b, game.Text{
		EN: "(C commandant, T cavalier, S archer; the digit is the seat; * an empty throne, o another circle)\n",
		FR: "(C commandant, T cavalier, S archer ; le chiffre est la place ; * un trône vide, o un autre cercle)\n",
	}.In(lang)...)
	if s.winners == 0 {
		b = fmt.Appendf(b, game.Text{EN: "%s (seat %d) to move\n", FR: "%s (place %d) au trait\n"}.In(lang), s.r.variant.Seats[s.next].In(lang), s.next+1)
	} else {
		b = fmt.Appendf(b, game.Text{EN: "game over: %s\n", FR: "partie terminée : %s\n"}.In(lang), game.ReasonText(reasonText[s.reason], lang))
	}
	return string(b)
}
