// Package saute implements Saute, the race game of Blockade (Sid Sackson,
// 1979) for 2, 3 or 4 players (4 may play as two teams): pieces run
// rightwards along their ranks, jumping runs of pieces, and keep going while
// they stand on a file holding an odd number of opposing pieces.
//
// The rules as implemented are in docs/rules/saute.md.
package saute

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/blockade/board"
)

// Shapes on a cell; 0 is an empty cell.
const (
	Empty    = 0
	Square   = 1
	Triangle = 2
)

// Files of the finish (j, k, l); the file of the triangles in the expert
// finish is an option (k by default).
const (
	finishFile = 9
	bandRanks  = 3
)

// The readings of the rule text that the options choose (DECISIONS.md,
// "Alternative readings"); each option's first value is the default.
var (
	bandsValues     = []string{"inner", "outer"}
	parityValues    = []string{"file", "adjacent"}
	chainValues     = []string{"optional", "forced"}
	trianglesValues = []string{"k", "j", "l"}
)

// Seat colours, in seat order. Seat k's band is given by bandOf.
var seatNames = [game.MaxPlayers]game.Text{
	{EN: "Blue", FR: "Bleu"}, {EN: "Red", FR: "Rouge"}, {EN: "Green", FR: "Vert"}, {EN: "Yellow", FR: "Jaune"},
}

var seatLetters = [game.MaxPlayers]byte{'B', 'R', 'G', 'Y'}

// bandOf gives the band (0 = ranks 1–3, ..., 3 = ranks 10–12) of seat
// among players: with 2 players, player 1 owns band 2 and player 2 band 3
// (bands=inner; with bands=outer, bands 1 and 4); with 3 or 4, player k
// owns band k.
func bandOf(players, seat int, outer bool) int {
	switch {
	case players == 2 && outer:
		return seat * 3
	case players == 2:
		return seat + 1
	}
	return seat
}

// rules is what a variant decides beyond game.Variant: the owner of every
// rank and who is an opponent of whom.
type rules struct {
	v       *game.Variant
	players int
	teams   bool
	expert  bool
	// triangleFile is the file of the triangles in the expert finish.
	triangleFile int
	// forced: a piece that may take another step must take it (chain).
	forced bool
	owner  [board.Size]int8      // seat owning each rank, -1 for none
	band   [game.MaxPlayers]int8 // first rank (from 0) of each seat's band
	opp    [game.MaxPlayers]uint8
	// counted are the opponents whose pieces count for the parity: all
	// of them (parity=file) or those of the bands next to the seat's band
	// (parity=adjacent).
	counted [game.MaxPlayers]uint8
	partner [game.MaxPlayers]int8 // -1 without teams
	form    string                // what a position text looks like
}

var theGame = &game.Game{
	ID:      "saute",
	Name:    game.Text{EN: "Saute (Blockade)", FR: "Saute (Blockade)"},
	Summary: game.Text{EN: "Race your nine pieces across the board, jumping runs and bounding on odd files.", FR: "Faire traverser le plateau à ses neuf pions en sautant les files et en rebondissant sur les colonnes impaires."},
	Author:  "Sid Sackson, 1979 (Blockade)",
	Options: []game.Option{
		board.PlayersOption(game.Text{EN: "number of players", FR: "nombre de joueurs"}),
		board.TeamsOption(game.Text{
			EN: "with 4 players: Blue and Green against Red and Yellow; a team wins when both partners have finished",
			FR: "à 4 joueurs : Bleu et Vert contre Rouge et Jaune ; une équipe gagne quand les deux partenaires ont fini"}),
		board.SeatingOption(),
		{Name: "expert", Default: "false", Values: []string{"false", "true"}, Doc: game.Text{
			EN: "expert finish: the triangles must also end on file k (as at the start, in the middle)",
			FR: "fin experte : les triangles doivent aussi finir sur la colonne k (au milieu, comme au départ)"}},
		{Name: "bands", Default: "inner", Values: bandsValues, Doc: game.Text{
			EN: "reading of the rule text, 2 players: player 1 owns band 2 and player 2 band 3 (inner), or bands 1 and 4 (outer)",
			FR: "lecture de la règle, à 2 joueurs : le joueur 1 a la bande 2 et le joueur 2 la bande 3 (inner), ou les bandes 1 et 4 (outer)"}},
		{Name: "parity", Default: "file", Values: parityValues, Doc: game.Text{
			EN: "reading of the rule text: the pieces of every opponent on the file count for the odd number (file), or only those of the opponents of the bands next to the mover's band (adjacent)",
			FR: "lecture de la règle : les pièces de tous les adversaires sur la colonne comptent pour le nombre impair (file), ou seulement celles des adversaires des bandes voisines de celle du joueur (adjacent)"}},
		{Name: "chain", Default: "optional", Values: chainValues, Doc: game.Text{
			EN: "reading of the rule text: a piece that may take another step may stop (optional) or must take it, the move ending where the steps run out (forced)",
			FR: "lecture de la règle : une pièce qui peut faire un pas de plus peut s'arrêter (optional) ou doit le faire, le coup finissant quand les pas s'épuisent (forced)"}},
		{Name: "triangles", Default: "k", Values: trianglesValues, Doc: game.Text{
			EN: "reconstruction, with the expert finish: the file of the finishing zone j–l the triangles must end on (k, j or l)",
			FR: "reconstitution, avec la fin experte : la colonne de la zone d'arrivée j–l où les triangles doivent finir (k, j ou l)"}},
		game.StartOption("12/12/12/STS9/STS9/STS9/STS9/STS9/STS9/12/12/12_B_0_0"),
	},
	Variants: []game.Options{
		{"players": "2"},
		{"players": "2", "expert": "true"},
		{"players": "3"},
		{"players": "3", "expert": "true"},
		{"players": "4"},
		{"players": "4", "expert": "true"},
		{"players": "4", "teams": "true"},
		{"players": "4", "teams": "true", "expert": "true"},
		// One variant a reading (DECISIONS.md, "Alternative readings").
		{"players": "4", "teams": "true", "seating": "adjacent"},
		{"players": "2", "bands": "outer"},
		{"players": "3", "parity": "adjacent"},
		{"players": "2", "chain": "forced"},
		{"players": "2", "expert": "true", "triangles": "j"},
		{"players": "2", "expert": "true", "triangles": "l"},
	},
	MinPlayers: 2,
	MaxPlayers: 4,
}

func init() {
	theGame.Setup = setup
	game.Register(theGame)
}

// Game is Saute's catalogue entry.
func Game() *game.Game { return theGame }

// NewVariant builds the variant with the given options, e.g.
// NewVariant(game.Options{"players": "4", "teams": "true"}).
func NewVariant(opts game.Options) (*game.Variant, error) { return theGame.Variant(opts) }

func setup(opts game.Options) (*game.Variant, error) {
	seating, err := board.ReadSeating(opts)
	if err != nil {
		return nil, err
	}
	players, teams := seating.Players, seating.Teams
	expert, err := opts.Bool("expert", false)
	if err != nil {
		return nil, err
	}
	readings, err := readReadings(opts, players, expert)
	if err != nil {
		return nil, err
	}
	r := &rules{players: players, teams: teams, expert: expert, triangleFile: finishFile + 1, forced: readings["chain"] == "forced"}
	switch readings["triangles"] {
	case "j":
		r.triangleFile = finishFile
	case "l":
		r.triangleFile = finishFile + 2
	}
	for i := range r.owner {
		r.owner[i] = -1
	}
	outer := readings["bands"] == "outer"
	for seat := 0; seat < players; seat++ {
		b := bandOf(players, seat, outer)
		r.band[seat] = int8(b * bandRanks)
		for k := 0; k < bandRanks; k++ {
			r.owner[b*bandRanks+k] = int8(seat)
		}
		r.partner[seat] = -1
		if teams {
			// Partners sit opposite (seats 1 and 3) or, with
			// seating=adjacent, side by side (seats 1 and 2).
			r.partner[seat] = int8((seat + 2) % 4)
			if seating.Adjacent {
				r.partner[seat] = int8(seat ^ 1)
			}
		}
		for o := 0; o < players; o++ {
			if o != seat && int(r.partner[seat]) != o {
				r.opp[seat] |= 1 << o
			}
		}
	}
	for seat := 0; seat < players; seat++ {
		r.counted[seat] = r.opp[seat]
		if readings["parity"] == "adjacent" {
			r.counted[seat] = 0
			for o := 0; o < players; o++ {
				if d := int(r.band[o]) - int(r.band[seat]); r.opp[seat]>>o&1 != 0 && (d == bandRanks || d == -bandRanks) {
					r.counted[seat] |= 1 << o
				}
			}
		}
	}
	v := seating.Variant(append([]game.Text(nil), seatNames[:players]...))
	v.Game = theGame
	v.Options["expert"] = strconv.FormatBool(expert)
	for name, value := range readings {
		v.Options[name] = value
	}
	if expert {
		// Software rule (DECISIONS.md): Saute with the expert finish is a
		// draw after 800 plies. Positions never repeat (pieces only move
		// right and passes are counted), so there is no repetition rule.
		v.PlyLimit = 800
	}
	r.v = v
	r.form = r.describe()
	v.Start = func() game.State { return newState(r) }
	v.Decode = func(text string) (game.State, error) { return decode(r, text) }
	if text, custom := game.StartPosition(opts["start"]); custom {
		// start: another start position (DECISIONS.md, "Alternative
		// readings"); the decoder counts the pieces of every rank.
		start, err := decode(r, text)
		if err != nil {
			return nil, game.StartDecodeError(err)
		}
		if err := game.CheckStart(start); err != nil {
			return nil, err
		}
		v.Options["start"] = game.StartValue(start.Encode())
		v.Start = func() game.State { return start.Clone() }
	}
	return v, nil
}

// readReadings reads the reading options and returns those that differ
// from the default: only they are options of the variant, so that the
// default variants keep their names. bands is a 2-player option, triangles
// an expert one.
func readReadings(opts game.Options, players int, expert bool) (map[string]string, error) {
	out := map[string]string{}
	for _, o := range []struct {
		name   string
		values []string
	}{{"bands", bandsValues}, {"parity", parityValues}, {"chain", chainValues}, {"triangles", trianglesValues}} {
		v := opts[o.name]
		if v == "" || v == o.values[0] {
			continue
		}
		found := false
		for _, allowed := range o.values {
			found = found || allowed == v
		}
		if !found {
			return nil, game.Errorf(game.Text{EN: "option %s=%q must be one of %s", FR: "l'option %s=%q doit valoir %s"}, o.name, v, strings.Join(o.values, ", "))
		}
		out[o.name] = v
	}
	if out["bands"] != "" && players != 2 {
		return nil, game.Errorf(game.Text{EN: "bands=%s needs players=2: with 3 or 4 players, player k owns band k (got players=%d)", FR: "bands=%s demande players=2 : à 3 ou 4 joueurs, le joueur k a la bande k (reçu players=%d)"}, out["bands"], players)
	}
	if out["triangles"] != "" && !expert {
		return nil, game.Errorf(game.Text{EN: "triangles=%s needs expert=true: only the expert finish places the triangles", FR: "triangles=%s demande expert=true : seule la fin experte place les triangles"}, out["triangles"])
	}
	return out, nil
}

// Status values of a State.
const (
	ongoing = iota
	won
	drawn
)

// State is a Saute position: the shape on every cell (the owner of a piece
// is the owner of its rank), each seat's pieces per file, the seat to move,
// the passes in a row and the result.
type State struct {
	r       *rules
	cells   [board.Cells]uint8
	count   [game.MaxPlayers][board.Size]uint8
	toMove  uint8
	passes  uint8
	status  uint8
	winners uint8
	ply     int
}

// newState lays out the start: each player's nine pieces on files a–c of
// his band, a triangle on file b and squares on a and c of every rank.
func newState(r *rules) *State {
	s := &State{r: r}
	for rank := 0; rank < board.Size; rank++ {
		if r.owner[rank] < 0 {
			continue
		}
		s.cells[board.At(0, rank)] = Square
		s.cells[board.At(1, rank)] = Triangle
		s.cells[board.At(2, rank)] = Square
	}
	s.recount()
	return s
}

func (s *State) recount() {
	s.count = [game.MaxPlayers][board.Size]uint8{}
	for c := 0; c < board.Cells; c++ {
		if s.cells[c] != Empty {
			s.count[s.r.owner[c/board.Size]][c%board.Size]++
		}
	}
}

// Variant implements game.State.
func (s *State) Variant() *game.Variant { return s.r.v }

// ToMove implements game.State.
func (s *State) ToMove() int {
	if s.status != ongoing {
		return -1
	}
	return int(s.toMove)
}

// Ply implements game.State.
func (s *State) Ply() int { return s.ply }

// Passes is the number of passes in a row just played.
func (s *State) Passes() int { return int(s.passes) }

// Shape is the shape on cell c: Empty, Square or Triangle.
func (s *State) Shape(c board.Cell) int { return int(s.cells[c]) }

// Owner is the seat owning the piece on cell c, or -1 when it is empty.
func (s *State) Owner(c board.Cell) int {
	if s.cells[c] == Empty {
		return -1
	}
	return int(s.r.owner[c.Rank()])
}

// Opponents is the number of pieces of seat's opponents (partners are not
// opponents) on file f (0 for a).
func (s *State) Opponents(seat, f int) int {
	n := 0
	for o := 0; o < s.r.players; o++ {
		if s.r.opp[seat]>>o&1 != 0 {
			n += int(s.count[o][f])
		}
	}
	return n
}

// counted is the number of pieces on file f that count for seat's parity:
// those of every opponent, or of the opponents of the neighbouring bands
// (parity=adjacent).
func (s *State) counted(seat, f int) int {
	n := 0
	for o := 0; o < s.r.players; o++ {
		if s.r.counted[seat]>>o&1 != 0 {
			n += int(s.count[o][f])
		}
	}
	return n
}

// next returns where a piece standing at file f of rank goes in one step:
// the next cell if empty, else the first empty cell after the unbroken run
// ahead; -1 when the run reaches the edge (or f is file l).
func (s *State) next(rank, f int) int {
	row := s.cells[rank*board.Size : rank*board.Size+board.Size]
	for f++; f < board.Size; f++ {
		if row[f] == Empty {
			return f
		}
	}
	return -1
}

// A move packs its start and end cells: from | to<<8.
func encodeMove(from, to int) game.Move { return game.Move(from | to<<8) }

func decodeMove(m game.Move) (from, to int) { return int(m & 0xff), int(m >> 8 & 0xff) }

// pieceMoves appends the moves of the piece on file f of rank, owned by
// seat: each stopping cell of its chain of steps (chain=forced: only the
// last one).
func (s *State) pieceMoves(buf []game.Move, seat, rank, f int) []game.Move {
	from := rank*board.Size + f
	if s.r.forced {
		last := -1
		for {
			if f = s.next(rank, f); f < 0 {
				break
			}
			if last = f; s.counted(seat, f)%2 == 0 {
				break
			}
		}
		if last >= 0 {
			buf = append(buf, encodeMove(from, rank*board.Size+last))
		}
		return buf
	}
	for {
		f = s.next(rank, f)
		if f < 0 {
			return buf
		}
		buf = append(buf, encodeMove(from, rank*board.Size+f))
		if s.counted(seat, f)%2 == 0 {
			return buf
		}
	}
}

// LegalMoves implements game.State: the moves of the mover's pieces by rank
// and file (a1 to l12), each piece's stops from the nearest; Pass alone
// when none of his pieces can move.
func (s *State) LegalMoves(buf []game.Move) []game.Move {
	buf = buf[:0]
	if s.status != ongoing {
		return buf
	}
	seat := int(s.toMove)
	r0 := int(s.r.band[seat])
	for rank := r0; rank < r0+bandRanks; rank++ {
		for f := 0; f < board.Size-1; f++ {
			if s.cells[rank*board.Size+f] != Empty {
				buf = s.pieceMoves(buf, seat, rank, f)
			}
		}
	}
	if len(buf) == 0 {
		buf = append(buf, game.Pass)
	}
	return buf
}

// Finished says whether seat has all nine pieces on files j–l of his band
// (and, with the expert finish, his triangles on file k).
func (s *State) Finished(seat int) bool {
	r0 := int(s.r.band[seat])
	for rank := r0; rank < r0+bandRanks; rank++ {
		for f := finishFile; f < board.Size; f++ {
			if s.cells[rank*board.Size+f] == Empty {
				return false
			}
		}
		if s.r.expert && s.cells[rank*board.Size+s.r.triangleFile] != Triangle {
			return false
		}
	}
	return true
}

// canMove says whether seat has a piece that can move: a rank whose three
// pieces are not packed against the right edge.
func (s *State) canMove(seat int) bool {
	r0 := int(s.r.band[seat])
	for rank := r0; rank < r0+bandRanks; rank++ {
		for f := finishFile; f < board.Size; f++ {
			if s.cells[rank*board.Size+f] == Empty {
				return true
			}
		}
	}
	return false
}

// teamFinished says whether seat's side has won: seat finished, and his
// partner too when there are teams.
func (s *State) teamFinished(seat int) bool {
	if !s.Finished(seat) {
		return false
	}
	p := s.r.partner[seat]
	return p < 0 || s.Finished(int(p))
}

func (s *State) winMask(seat int) uint8 {
	m := uint8(1) << seat
	if p := s.r.partner[seat]; p >= 0 {
		m |= 1 << p
	}
	return m
}

// Apply implements game.State.
func (s *State) Apply(m game.Move) {
	seat := int(s.toMove)
	s.ply++
	s.toMove = uint8((seat + 1) % s.r.players)
	if m == game.Pass {
		s.passes++
		if int(s.passes) >= s.r.players {
			s.status = drawn
		}
		return
	}
	s.passes = 0
	from, to := decodeMove(m)
	s.cells[to], s.cells[from] = s.cells[from], Empty
	s.count[seat][from%board.Size]--
	s.count[seat][to%board.Size]++
	if to%board.Size >= finishFile && s.teamFinished(seat) {
		s.status, s.winners = won, s.winMask(seat)
	}
}

// Outcome implements game.State.
func (s *State) Outcome() game.Outcome {
	switch s.status {
	case won:
		reason := "all pieces home"
		if s.r.teams {
			reason = "both partners home"
		}
		return game.Outcome{Status: game.Win, Winners: s.winners, Reason: reason}
	case drawn:
		return game.Outcome{Status: game.Draw, Reason: "every player passed"}
	}
	return game.Outcome{}
}

// Hash keys: a shape on a cell, the seat to move, the passes in a row.
var zobrist = game.HashKeys(0x7361757465, board.Cells*2+game.MaxPlayers+game.MaxPlayers+1)

// Hash implements game.State: a Zobrist hash of the shapes on the board (the
// owner of a piece is fixed by its rank), the seat to move and the passes.
func (s *State) Hash() uint64 {
	h := zobrist[board.Cells*2+int(s.toMove)] ^ zobrist[board.Cells*2+game.MaxPlayers+int(s.passes)]
	for c := 0; c < board.Cells; c++ {
		if x := s.cells[c]; x != Empty {
			h ^= zobrist[c*2+int(x)-1]
		}
	}
	return h
}

// Clone implements game.State.
func (s *State) Clone() game.State {
	c := *s
	return &c
}

// Encode implements game.State. The position text is "board side passes
// ply": the board gives ranks 12 down to 1 separated by "/", each rank from
// file a to l with S (square) or T (triangle) for a piece and a number for a
// run of empty cells; a piece belongs to the owner of its rank's band. The
// side to move is a colour letter (B, R, G, Y), passes is the number of
// passes in a row just played. The 2-player start:
// "12/12/12/STS9/STS9/STS9/STS9/STS9/STS9/12/12/12 B 0 0".
func (s *State) Encode() string {
	// What board.AppendRanks writes, without a call per cell: positions
	// are written on every check of the conformance suite.
	var text [192]byte
	b := board.AppendCellRanks(text[:0], &s.cells, shapeLetters[:])
	b = append(b, ' ', seatLetters[s.toMove], ' ')
	b = strconv.AppendInt(b, int64(s.passes), 10)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(s.ply), 10)
	return string(b)
}

// shapeLetters are the letters of the position text, by cell content.
var shapeLetters = [3]string{Empty: "", Square: "S", Triangle: "T"}

// shapeOf reads a shape letter of the position text (case-insensitive).
func shapeOf(ch byte) (uint8, bool) {
	switch ch {
	case 'S', 's':
		return Square, true
	case 'T', 't':
		return Triangle, true
	}
	return Empty, false
}

// Decode reads a position text of variant v (see State.Encode).
func Decode(v *game.Variant, text string) (*State, error) {
	st, err := v.Decode(text)
	if err != nil {
		return nil, err
	}
	return st.(*State), nil
}

func (r *rules) describe() string {
	var bands []string
	for seat := 0; seat < r.players; seat++ {
		b := int(r.band[seat])
		bands = append(bands, fmt.Sprintf("%c (%s) ranks %d–%d", seatLetters[seat], seatNames[seat].EN, b+1, b+bandRanks))
	}
	return `a Saute position text is "board side passes ply": the board gives ranks 12 down to 1 separated by "/", each rank files a to l with S (square) or T (triangle) for a piece and a number (1 to 12) for a run of empty cells, every rank adding up to 12 cells; each rank of a band holds one triangle and two squares of its owner (` +
		strings.Join(bands, ", ") + `) and the other ranks are empty; side is the colour letter of the player to move, passes the number of passes in a row just played (0 to ` + strconv.Itoa(r.players) + `), ply the number of turns played. E.g. ` + newState(r).Encode()
}

func decode(r *rules, text string) (*State, error) {
	if len(text) > game.MaxInput {
		return nil, fmt.Errorf("%s; got %d bytes", r.form, len(text))
	}
	fields := strings.Fields(text)
	if len(fields) != 4 {
		return nil, fmt.Errorf("%s; got %d fields in %s", r.form, len(fields), game.Quote(text))
	}
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != board.Size {
		return nil, fmt.Errorf("%s; got %d ranks", r.form, len(ranks))
	}
	s := &State{r: r}
	for i, rank := range ranks {
		rk := board.Size - 1 - i
		if err := board.ReadRank(&s.cells, rank, rk, r.form, "S, T", shapeOf); err != nil {
			return nil, err
		}
		var n [3]int
		for f := 0; f < board.Size; f++ {
			n[s.cells[board.At(f, rk)]]++
		}
		if r.owner[rk] < 0 {
			if n[Square]+n[Triangle] != 0 {
				return nil, fmt.Errorf("rank %d belongs to no player's band and must be empty; %s", rk+1, r.form)
			}
		} else if n[Square] != 2 || n[Triangle] != 1 {
			return nil, fmt.Errorf("rank %d holds squares: %d, triangles: %d, but pieces never leave their rank: each rank of a band holds one triangle and two squares; %s", rk+1, n[Square], n[Triangle], r.form)
		}
	}
	s.recount()
	side := -1
	if len(fields[1]) == 1 {
		for seat := 0; seat < r.players; seat++ {
			if fields[1][0]|0x20 == seatLetters[seat]|0x20 {
				side = seat
			}
		}
	}
	if side < 0 {
		return nil, fmt.Errorf("the side to move must be the colour letter of a player (%s), got %s", string(seatLetters[:r.players]), game.Quote(fields[1]))
	}
	s.toMove = uint8(side)
	passes, err := strconv.Atoi(fields[2])
	if err != nil || passes < 0 || passes > r.players {
		return nil, fmt.Errorf("the passes in a row must be a whole number from 0 to %d, got %s", r.players, game.Quote(fields[2]))
	}
	s.passes = uint8(passes)
	ply, err := strconv.Atoi(fields[3])
	if err != nil || ply < passes || ply > 1_000_000 {
		return nil, fmt.Errorf("the ply must be a whole number from the passes in a row (%d) to 1000000, got %s", passes, game.Quote(fields[3]))
	}
	s.ply = ply
	if err := s.settle(); err != nil {
		return nil, err
	}
	return s, nil
}

// settle works out the result of a decoded position and refuses what no
// game can reach.
func (s *State) settle() error {
	r := s.r
	last := (int(s.toMove) + r.players - 1) % r.players // who played the last turn
	var sides []int
	for seat := 0; seat < r.players; seat++ {
		if s.teamFinished(seat) && (r.partner[seat] < 0 || seat < int(r.partner[seat])) {
			sides = append(sides, seat)
		}
	}
	switch {
	case len(sides) > 1:
		return fmt.Errorf("impossible position: %s and %s have both finished, but the game ends when the first finishes", seatNames[sides[0]].EN, seatNames[sides[1]].EN)
	case len(sides) == 1:
		if s.winMask(sides[0])>>last&1 == 0 || s.passes != 0 {
			return fmt.Errorf("impossible position: %s has finished, so the game ended on his side's move, but %s is to move after passes in a row: %d", seatNames[sides[0]].EN, seatNames[s.toMove].EN, s.passes)
		}
		s.status, s.winners = won, s.winMask(sides[0])
		return nil
	}
	for k := 1; k <= int(s.passes); k++ {
		seat := (int(s.toMove) + r.players - k) % r.players
		if s.canMove(seat) {
			return fmt.Errorf("impossible position: %s passed (passes in a row: %d) but has a piece that can move; a player passes only when none can", seatNames[seat].EN, s.passes)
		}
	}
	if int(s.passes) >= r.players {
		s.status = drawn
	}
	return nil
}

// MoveString implements game.State: start and end cell ("b5-d5"), or
// "pass".
func (s *State) MoveString(m game.Move) string {
	if m == game.Pass {
		return game.PassNotation
	}
	from, to := decodeMove(m)
	var b [7]byte
	out := appendCell(b[:0], from)
	out = append(out, '-')
	return string(appendCell(out, to))
}

// appendCell appends the name of cell c (a1 to l12) without formatting
// machinery: notation is made on every ply of every playout.
func appendCell(b []byte, c int) []byte {
	b = append(b, byte('a'+c%board.Size))
	r := c/board.Size + 1
	if r >= 10 {
		b = append(b, '1')
		r -= 10
	}
	return append(b, byte('0'+r))
}

// cellAt reads a cell name (a1 to l12, lower case) at the start of in and
// returns it with the number of bytes read, or -1.
func cellAt(in string) (board.Cell, int) {
	if len(in) < 2 || in[0] < 'a' || in[0] > 'l' || in[1] < '1' || in[1] > '9' {
		return board.NoCell, -1
	}
	r, n := int(in[1]-'0'), 2
	if r == 1 && len(in) > 2 && in[2] >= '0' && in[2] <= '2' {
		r, n = 10+int(in[2]-'0'), 3
	}
	return board.At(int(in[0]-'a'), r-1), n
}

var moveForm = game.Text{
	EN: "a Saute move is the start cell, a dash and the cell where the piece stops, e.g. b5-d5 (cells a1 to l12), or pass when none of your pieces can move",
	FR: "un coup de Saute s'écrit avec la case de départ, un tiret et la case où la pièce s'arrête, par exemple b5-d5 (cases a1 à l12), ou pass quand aucune de vos pièces ne peut bouger",
}

// ParseMove implements game.State. It reads "b5-d5" (any case, the dash and
// spaces optional) or "pass".
func (s *State) ParseMove(text string) (game.Move, error) {
	if len(text) > 32 {
		return 0, game.NotAMove(text, moveForm)
	}
	in := normalise(text)
	if in == game.PassNotation {
		if s.status != ongoing {
			return 0, game.MoveAfterEnd(text)
		}
		if s.canMove(int(s.toMove)) {
			return 0, game.IllegalMove(s, text, game.Text{EN: "a player passes only when none of his pieces can move", FR: "on ne passe que quand aucune de ses pièces ne peut bouger"})
		}
		return game.Pass, nil
	}
	from, to, ok := splitCells(in)
	if !ok {
		return 0, game.NotAMove(text, moveForm)
	}
	if s.status != ongoing {
		return 0, game.MoveAfterEnd(text)
	}
	if why := s.whyIllegal(from, to); why.EN != "" {
		return 0, game.IllegalMove(s, text, why)
	}
	return encodeMove(int(from), int(to)), nil
}

// normalise lowers the case and drops spaces and dashes, without
// allocating when there is nothing to drop.
func normalise(text string) string {
	clean := true
	for i := 0; i < len(text); i++ {
		if ch := text[i]; ch == ' ' || ch == '\t' || (ch >= 'A' && ch <= 'Z') || ch >= 0x80 {
			clean = false
			break
		}
	}
	if clean {
		return text
	}
	return strings.ToLower(strings.Join(strings.Fields(text), ""))
}

// splitCells reads two cell names written one after the other, with or
// without a dash between them.
func splitCells(in string) (from, to board.Cell, ok bool) {
	a, n := cellAt(in)
	if n < 0 {
		return board.NoCell, board.NoCell, false
	}
	if n < len(in) && in[n] == '-' {
		n++
	}
	b, m := cellAt(in[n:])
	if m < 0 || n+m != len(in) {
		return board.NoCell, board.NoCell, false
	}
	return a, b, true
}

// whyIllegal explains why moving the piece on from to to is illegal, or
// returns an empty Text.
func (s *State) whyIllegal(from, to board.Cell) game.Text {
	seat := int(s.toMove)
	switch {
	case s.cells[from] == Empty:
		return game.Texts("there is no piece on %s", "il n'y a pas de pièce en %s", from)
	case int(s.r.owner[from.Rank()]) != seat:
		owner := seatNames[s.r.owner[from.Rank()]]
		return game.Text{EN: fmt.Sprintf("the piece on %s is %s's", from, owner.EN), FR: fmt.Sprintf("la pièce en %s est à %s", from, owner.FR)}
	case to.Rank() != from.Rank() || to.File() <= from.File():
		return game.Text{EN: "pieces move only rightwards along their own rank", FR: "les pièces ne vont que vers la droite, sur leur propre rangée"}
	}
	var buf [board.Size]game.Move
	moves := s.pieceMoves(buf[:0], seat, from.Rank(), from.File())
	var stops []string
	for _, m := range moves {
		if _, t := decodeMove(m); t == int(to) {
			return game.Text{}
		}
		stops = append(stops, s.MoveString(m))
	}
	if len(stops) == 0 {
		return game.Texts("the piece on %s cannot move: the cells ahead of it are full up to the edge", "la pièce en %s ne peut pas bouger : les cases devant elle sont pleines jusqu'au bord", from)
	}
	return game.Texts("the piece on %s can only play %s", "la pièce en %s ne peut jouer que %s", from, strings.Join(stops, ", "))
}

// String implements game.State: the board with each piece as its colour
// letter and s (square) or t (triangle).
func (s *State) String() string { return s.StringIn("en") }

// StringIn is String with its legend in lang (see game.StateText).
func (s *State) StringIn(lang string) string {
	fr := lang == "fr"
	out := draw(func(c int) (byte, byte) {
		if x := s.cells[c]; x != Empty {
			return seatLetters[s.r.owner[c/board.Size]], " st"[x]
		}
		return 0, 0
	})
	out += game.Text{EN: "(B Blue, R Red, G Green, Y Yellow; s square, t triangle)\n", FR: "(B Bleu, R Rouge, G Vert, Y Jaune ; s carré, t triangle)\n"}.In(lang)
	switch s.status {
	case won:
		var names []string
		for seat := 0; seat < s.r.players; seat++ {
			if s.winners>>seat&1 != 0 {
				names = append(names, seatNames[seat].In(lang))
			}
		}
		if fr {
			verb := " a gagné\n"
			if len(names) > 1 {
				verb = " ont gagné\n"
			}
			out += strings.Join(names, " et ") + verb
		} else {
			out += strings.Join(names, " and ") + " won\n"
		}
	case drawn:
		out += game.Text{EN: "draw: every player passed\n", FR: "nulle : tous les joueurs ont passé\n"}.In(lang)
	default:
		out += seatNames[s.toMove].In(lang) + game.Text{EN: " to move\n", FR: " au trait\n"}.In(lang)
	}
	return out
}

// draw renders the board like board.Draw (rank 12 on top, files a–l, "o"
// on an empty circle), without formatting machinery since it is called on
// every position the tests visit. glyph gives two characters for a cell, or
// zero for an empty one.
func draw(glyph func(c int) (byte, byte)) string {
	const files = "    a  b  c  d  e  f  g  h  i  j  k  l\n"
	b := make([]byte, 0, 16*(3*board.Size+8))
	b = append(b, files...)
	for r := board.Size - 1; r >= 0; r-- {
		b = appendRank(b, r+1)
		for f := 0; f < board.Size; f++ {
			c := board.At(f, r)
			g1, g2 := glyph(int(c))
			if g1 == 0 {
				g1, g2 = '.', ' '
				if c.IsCircle() {
					g1 = 'o'
				}
			}
			b = append(b, ' ', g1, g2)
		}
		b = append(b, ' ')
		b = append(b, strconv.Itoa(r+1)...)
		b = append(b, '\n')
	}
	return string(append(b, files...))
}

func appendRank(b []byte, r int) []byte {
	if r < 10 {
		b = append(b, ' ')
	}
	return append(append(b, strconv.Itoa(r)...), ' ')
}
