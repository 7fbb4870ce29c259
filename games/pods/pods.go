// Package pods implements PODS (Vincent Everaert, 2010): two players place
// their fourteen pods on a 6x6 cave of linked points; every pod's feet control
// the points it could walk or run to. At the basic level the pods are only
// placed; at the advanced level they also move and pods left without a move
// are removed; at the expert level they shove and kick each other as well.
//
// The rules as implemented are in docs/rules/pods.md.
package pods

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/plateau-games/plateau/game"
)

// Board geometry: point = rank*6 + file, rank 0 is rank 1 (White's side),
// file 0 is file a.
const (
	Size    = 6
	Cells   = Size * Size
	Designs = 14 // pods per player, one of each design
)

// Seats; the colour of seat k is k.
const (
	White = 0
	Black = 1
)

// Level is the rules level of a variant.
type Level uint8

// The three levels of the rule sheet.
const (
	Basic    Level = iota // placements only
	Advanced              // placements or moves, removals
	Expert                // advanced plus shoves and kicks
)

var levelNames = [...]string{"basic", "advanced", "expert"}

func (l Level) String() string { return levelNames[l] }

// Absolute directions, clockwise from north (towards rank 6).
const (
	north = iota
	northEast
	east
	southEast
	south
	southWest
	west
	northWest
)

var (
	dirDX = [8]int{0, 1, 1, 1, 0, -1, -1, -1}
	dirDY = [8]int{1, 1, 0, -1, -1, -1, 0, 1}
)

// Directions relative to a pod's owner, clockwise from F: for White they are
// the absolute directions (F is north, L is west); Black's are turned a half
// turn (F is south, L is east).
var relativeNames = [8]string{"F", "FR", "R", "BR", "B", "BL", "L", "FL"}

// Design is one pod design: its code in the notation, its names and its feet.
type Design struct {
	Code   string
	EN, FR string
	Feet   string
}

// DesignTable is the reconstruction of the fourteen pods of each player (the
// rule sheet's pictures are lost): code, names and feet, each foot a direction
// relative to the owner (F, B, L, R, FL, FR, BL, BR) and w (walking foot, one
// step) or r (running foot, any number of steps). It is the one place to
// change when the real designs are found.
var DesignTable = [Designs]Design{
	{"O", "octopod", "octopode", "F r, B r, L r, R r, FL w, FR w, BL w, BR w"},
	{"H1", "hexapod 1", "hexapode 1", "F r, FL w, FR w, L w, R w, B w"},
	{"H2", "hexapod 2", "hexapode 2", "FL r, BR r, F w, B w, FR w, BL w"},
	{"Q1", "quadripod 1", "quadripode 1", "F r, L w, R w, B w"},
	{"Q2", "quadripod 2", "quadripode 2", "FL w, FR w, BL w, BR w"},
	{"Q3", "quadripod 3", "quadripode 3", "F w, B w, L w, R w"},
	{"Q4", "quadripod 4", "quadripode 4", "L r, R r, F w, B w"},
	{"Q5", "quadripod 5", "quadripode 5", "FL r, FR r, BL w, BR w"},
	{"Q6", "quadripod 6", "quadripode 6", "F w, FL w, FR w, B r"},
	{"T1", "tripod 1", "tripode 1", "BL w, FL w, R w"},
	{"T2", "tripod 2", "tripode 2", "F r, BL w, BR w"},
	{"T3", "tripod 3", "tripode 3", "FL w, FR w, B w"},
	{"B1", "bipod 1", "bipode 1", "L w, R w"},
	{"B2", "bipod 2", "bipode 2", "F r, B w"},
}

// bipods is the set of designs White's first placement may use.
var bipods uint16

const allPods = 1<<Designs - 1

// walkFeet[seat][design] and runFeet[seat][design] hold the absolute
// directions of the walking and running feet as bit sets.
var walkFeet, runFeet [2][Designs]uint8

// designByCode maps an upper-case code to its design.
var designByCode = map[string]int{}

func init() {
	for d, row := range DesignTable {
		designByCode[row.Code] = d
		if strings.HasPrefix(row.Code, "B") {
			bipods |= 1 << d
		}
		for _, f := range strings.Split(row.Feet, ",") {
			parts := strings.Fields(f)
			rel := -1
			for i, n := range relativeNames {
				if len(parts) == 2 && parts[0] == n {
					rel = i
				}
			}
			if rel < 0 || (parts[1] != "w" && parts[1] != "r") {
				panic("pods: bad foot " + f + " in design " + row.Code)
			}
			for seat := 0; seat < 2; seat++ {
				abs := uint8(1) << ((rel + 4*seat) % 8)
				if (walkFeet[seat][d]|runFeet[seat][d])&abs != 0 {
					panic("pods: two feet in one direction in design " + row.Code)
				}
				if parts[1] == "w" {
					walkFeet[seat][d] |= abs
				} else {
					runFeet[seat][d] |= abs
				}
			}
		}
	}
}

// Board links.

// geo[p][dir] is the point next to p in direction dir, links ignored, or -1
// off the board.
var geo [Cells][8]int8

// layout is the board of one orientation: step[p][dir] is the point linked
// to p in direction dir, or -1.
type layout struct {
	step [Cells][8]int8
}

var layouts [4]layout

func point(x, y int) int { return y*Size + x }

// rotate turns a point a quarter turn anticlockwise about the centre.
func rotate(p int) int { x, y := p%Size, p/Size; return point(Size-1-y, x) }

// baseDiagonals lists the diagonal links of orientation 0 (reconstruction):
// the unit square whose lower-left point is (x, y) holds (x,y)-(x+1,y+1) when
// x+y is even, else (x+1,y)-(x,y+1).
func baseDiagonals() [][2]int {
	var links [][2]int
	for y := 0; y < Size-1; y++ {
		for x := 0; x < Size-1; x++ {
			if (x+y)%2 == 0 {
				links = append(links, [2]int{point(x, y), point(x+1, y+1)})
			} else {
				links = append(links, [2]int{point(x+1, y), point(x, y+1)})
			}
		}
	}
	return links
}

func init() {
	for p := 0; p < Cells; p++ {
		x, y := p%Size, p/Size
		for d := 0; d < 8; d++ {
			nx, ny := x+dirDX[d], y+dirDY[d]
			geo[p][d] = -1
			if nx >= 0 && nx < Size && ny >= 0 && ny < Size {
				geo[p][d] = int8(point(nx, ny))
			}
		}
	}
	for k := 0; k < 4; k++ {
		var linked [Cells][Cells]bool
		for _, l := range baseDiagonals() {
			a, b := l[0], l[1]
			for i := 0; i < k; i++ {
				a, b = rotate(a), rotate(b)
			}
			linked[a][b], linked[b][a] = true, true
		}
		for p := 0; p < Cells; p++ {
			for d := 0; d < 8; d++ {
				n := geo[p][d]
				layouts[k].step[p][d] = -1
				if n >= 0 && (d%2 == 0 || linked[p][n]) {
					layouts[k].step[p][d] = n
				}
			}
		}
	}
}

// Linked reports whether points a and b (e.g. "c3", "d4") are linked on the
// board of the given orientation (0 to 3).
func Linked(orientation int, a, b string) bool {
	pa, ok1 := parseCell(a)
	pb, ok2 := parseCell(b)
	if !ok1 || !ok2 || orientation < 0 || orientation > 3 {
		return false
	}
	for d := 0; d < 8; d++ {
		if int(layouts[orientation].step[pa][d]) == pb {
			return true
		}
	}
	return false
}

// direction gives the direction from a to b, which lie on one line.
func direction(a, b int) int {
	dx := sign(b%Size - a%Size)
	dy := sign(b/Size - a/Size)
	for d := 0; d < 8; d++ {
		if dirDX[d] == dx && dirDY[d] == dy {
			return d
		}
	}
	return 0
}

func sign(v int) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// Variants.

// config is what the states of one variant share.
type config struct {
	v      *game.Variant
	level  Level
	orient int
	board  *layout
}

var theGame = &game.Game{
	ID:      "pods",
	Name:    game.Text{EN: "PODS", FR: "PODS"},
	Summary: game.Text{EN: "Place all your pods in the cave while their feet keep the enemy's out; at higher levels move, shove and kick to leave enemy pods without a way out.", FR: "Poser tous ses pods dans la caverne tandis que leurs pieds en chassent l'adversaire ; aux niveaux supérieurs, se déplacer, bousculer et donner des coups de pied pour priver les pods adverses de toute sortie."},
	Author:  "Vincent Everaert, 2010",
	Options: []game.Option{
		{Name: "level", Default: "basic", Values: []string{"basic", "advanced", "expert"}, Doc: game.Text{
			EN: "basic (placements only), advanced (moves and removals) or expert (shoves and kicks too)",
			FR: "de base (poses seulement), avancé (déplacements et captures) ou expert (bousculades et coups de pied en plus)"}},
		{Name: "orientation", Default: "chosen by seed", Values: []string{"0", "1", "2", "3"}, Doc: game.Text{
			EN: "quarter turns (anticlockwise) of the diagonal links of the board; 0 and 2 give the same board, so do 1 and 3",
			FR: "quarts de tour (sens trigonométrique) des liens diagonaux du plateau ; 0 et 2 donnent le même plateau, 1 et 3 aussi"}},
		{Name: "seed", Default: "random", Doc: game.Text{
			EN: "without orientation: the number that chooses the orientation (the variant records the orientation chosen)",
			FR: "sans orientation : le nombre qui choisit l'orientation (la variante garde l'orientation obtenue)"}},
	},
	Variants: []game.Options{
		{"level": "basic", "orientation": "0"},
		{"level": "basic", "orientation": "1"},
		{"level": "advanced", "orientation": "0"},
		{"level": "advanced", "orientation": "1"},
		{"level": "expert", "orientation": "0"},
		{"level": "expert", "orientation": "1"},
	},
	MinPlayers: 2,
	MaxPlayers: 2,
}

func init() {
	theGame.Setup = setup
	game.Register(theGame)
}

// Game is PODS's catalogue entry.
func Game() *game.Game { return theGame }

// Variant returns the variant of the given level and orientation (0 to 3).
func Variant(level Level, orientation int) *game.Variant {
	if level > Expert || orientation < 0 || orientation > 3 {
		panic(fmt.Sprintf("pods: no variant level %d orientation %d", level, orientation))
	}
	return newVariant(level, orientation)
}

// OrientationOf gives the orientation a seed chooses.
func OrientationOf(seed uint64) int { return int(game.Mix64(seed^0x706f6473) & 3) }

func setup(opts game.Options) (*game.Variant, error) {
	level := Basic
	switch strings.ToLower(opts["level"]) {
	case "", "basic":
	case "advanced":
		level = Advanced
	case "expert":
		level = Expert
	default:
		return nil, game.Errorf(game.Text{EN: "option level=%s must be basic, advanced or expert", FR: `l'option level=%s doit valoir "basic" (de base), "advanced" (avancé) ou "expert"`}, game.Quote(opts["level"]))
	}
	seed, seeded, err := opts.Seed()
	if err != nil {
		return nil, err
	}
	orient, err := opts.Int("orientation", -1, 0, 3)
	if err != nil {
		return nil, err
	}
	if orient < 0 {
		if !seeded {
			seed = rand.Uint64()
		}
		orient = OrientationOf(seed)
	}
	return newVariant(level, orient), nil
}

func newVariant(level Level, orient int) *game.Variant {
	cfg := &config{level: level, orient: orient, board: &layouts[orient]}
	v := &game.Variant{
		Game:    theGame,
		Options: game.Options{"level": level.String(), "orientation": strconv.Itoa(orient)},
		Players: 2,
		Seats:   []game.Text{{EN: "White", FR: "Blanc"}, {EN: "Black", FR: "Noir"}},
	}
	if level != Basic {
		v.PlyLimit, v.Repetition = 400, 3
	}
	v.Start = func() game.State { return newState(cfg) }
	v.Decode = func(text string) (game.State, error) { return decode(cfg, text) }
	cfg.v = v
	return v
}

// State.

// State is a PODS position.
type State struct {
	cfg *config
	// cells holds 0 for an empty point, else 1 + seat*Designs + design.
	cells [Cells]uint8
	// reserve holds the designs each seat still has to place; pods neither
	// on the board nor in the reserve are out of the game.
	reserve [2]uint16
	toMove  uint8
	// first is set until White has made his first placement (a bipod).
	first  bool
	winner int8 // -1 while the game is on
	reason uint8
	ply    int
	hash   uint64
}

const (
	reasonPlaced = iota // the winner placed his last pod
	reasonStuck         // the loser can neither place nor move
)

var reasons = [...]string{"all pods placed", "no placement or move"}

func newState(cfg *config) *State {
	s := &State{cfg: cfg, reserve: [2]uint16{allPods, allPods}, first: true, winner: -1}
	s.rehash()
	return s
}

var (
	zobrist  = game.HashKeys(0x706f6473, Cells*2*Designs+2*Designs+2)
	resKeys  = zobrist[Cells*2*Designs:]
	sideKey  = zobrist[Cells*2*Designs+2*Designs]
	firstKey = zobrist[Cells*2*Designs+2*Designs+1]
)

func (s *State) rehash() {
	var h uint64
	for p, c := range s.cells {
		if c != 0 {
			h ^= zobrist[p*2*Designs+int(c)-1]
		}
	}
	for seat := 0; seat < 2; seat++ {
		for d := 0; d < Designs; d++ {
			if s.reserve[seat]>>d&1 != 0 {
				h ^= resKeys[seat*Designs+d]
			}
		}
	}
	if s.toMove == Black {
		h ^= sideKey
	}
	if s.first {
		h ^= firstKey
	}
	s.hash = h
}

// Variant implements game.State.
func (s *State) Variant() *game.Variant { return s.cfg.v }

// Level is the rules level of the position's variant.
func (s *State) Level() Level { return s.cfg.level }

// ToMove implements game.State.
func (s *State) ToMove() int {
	if s.winner >= 0 {
		return -1
	}
	return int(s.toMove)
}

// Ply implements game.State.
func (s *State) Ply() int { return s.ply }

// Hash implements game.State.
func (s *State) Hash() uint64 { return s.hash }

// Clone implements game.State.
func (s *State) Clone() game.State {
	c := *s
	return &c
}

// Outcome implements game.State.
func (s *State) Outcome() game.Outcome {
	if s.winner < 0 {
		return game.Outcome{}
	}
	return game.Outcome{Status: game.Win, Winners: 1 << uint(s.winner), Reason: reasons[s.reason]}
}

// Reserve lists the codes of the pods seat still has to place.
func (s *State) Reserve(seat int) []string {
	var out []string
	for d := 0; d < Designs; d++ {
		if s.reserve[seat]>>d&1 != 0 {
			out = append(out, DesignTable[d].Code)
		}
	}
	return out
}

// owner and design of the pod on an occupied point.
func (s *State) owner(p int) int  { return int(s.cells[p]-1) / Designs }
func (s *State) design(p int) int { return int(s.cells[p]-1) % Designs }

func (s *State) feet(p int) (walk, run uint8) {
	c := int(s.cells[p] - 1)
	return walkFeet[c/Designs][c%Designs], runFeet[c/Designs][c%Designs]
}

// canMove says whether the pod on p has a foot with an empty linked
// neighbour in its direction (shoves and kicks do not count).
func (s *State) canMove(p int) bool {
	w, r := s.feet(p)
	feet := w | r
	st := &s.cfg.board.step[p]
	for d := 0; d < 8; d++ {
		if feet>>d&1 != 0 {
			if n := st[d]; n >= 0 && s.cells[n] == 0 {
				return true
			}
		}
	}
	return false
}

// reach gives the points seat's feet control (empty points a foot could go
// to) and the occupied points they meet (the pods they threaten when these
// are the opponent's).
func (s *State) reach(seat int) (control, meet uint64) {
	b := &s.cfg.board.step
	for p := 0; p < Cells; p++ {
		if s.cells[p] == 0 || s.owner(p) != seat {
			continue
		}
		w, r := s.feet(p)
		for d := 0; d < 8; d++ {
			if w>>d&1 != 0 {
				if n := b[p][d]; n >= 0 {
					if s.cells[n] == 0 {
						control |= 1 << uint(n)
					} else {
						meet |= 1 << uint(n)
					}
				}
			}
			if r>>d&1 != 0 {
				for q := p; ; {
					n := b[q][d]
					if n < 0 {
						break
					}
					if s.cells[n] != 0 {
						meet |= 1 << uint(n)
						break
					}
					control |= 1 << uint(n)
					q = int(n)
				}
			}
		}
	}
	return control, meet
}

// controlledBy says whether a foot of seat controls the empty point p: it
// looks back from p along each line of links for the first pod.
func (s *State) controlledBy(p, seat int) bool {
	b := &s.cfg.board.step
	for d := 0; d < 8; d++ {
		back := (d + 4) % 8
		for q, steps := p, 1; ; steps++ {
			n := int(b[q][back])
			if n < 0 {
				break
			}
			if s.cells[n] != 0 {
				if s.owner(n) == seat {
					w, r := s.feet(n)
					if r>>d&1 != 0 || steps == 1 && w>>d&1 != 0 {
						return true
					}
				}
				break
			}
			q = n
		}
	}
	return false
}

func (s *State) occupiedBy(seat int) uint64 {
	var m uint64
	for p := 0; p < Cells; p++ {
		if s.cells[p] != 0 && s.owner(p) == seat {
			m |= 1 << uint(p)
		}
	}
	return m
}

// spot summarises, for a pod of seat placed on the empty point p, each
// absolute direction: free (the linked neighbour is empty), walkHit (the
// linked neighbour holds an opponent's pod), runHit (the first pod along the
// links is an opponent's).
type spot struct{ free, walkHit, runHit uint8 }

func (s *State) spotAt(p, seat int) spot {
	var sp spot
	b := &s.cfg.board.step
	for d := 0; d < 8; d++ {
		bit := uint8(1) << d
		n := b[p][d]
		if n < 0 {
			continue
		}
		if s.cells[n] == 0 {
			sp.free |= bit
			for q := n; ; {
				q = b[q][d]
				if q < 0 {
					break
				}
				if s.cells[q] != 0 {
					if s.owner(int(q)) != seat {
						sp.runHit |= bit
					}
					break
				}
			}
		} else if s.owner(int(n)) != seat {
			sp.walkHit |= bit
			sp.runHit |= bit
		}
	}
	return sp
}

func placeable(seat, d int, sp spot) bool {
	w, r := walkFeet[seat][d], runFeet[seat][d]
	return (w|r)&sp.free != 0 && (w&sp.walkHit|r&sp.runHit) == 0
}

// placeables gives the designs seat may place now.
func (s *State) placeables(seat int) uint16 {
	res := s.reserve[seat]
	if s.first && seat == White {
		res &= bipods
	}
	return res
}

// Moves are packed as: placement: design<<12 | point; pod move: moveBit |
// landing<<12 | from<<6 | to, where landing is the final point of the first
// pod displaced (noLanding for a plain move).
const (
	moveBit   = 1 << 20
	noLanding = 63
)

func placement(d, p int) game.Move { return game.Move(d<<12 | p) }

func podMove(from, to, landing int) game.Move {
	return game.Move(moveBit | landing<<12 | from<<6 | to)
}

func unpack(m game.Move) (isMove bool, from, to, landing, design int) {
	return m&moveBit != 0, int(m >> 6 & 63), int(m & 63), int(m >> 12 & 63), int(m >> 12 & 15)
}

// LegalMoves implements game.State: the placements design by design and
// point by point, then (advanced and expert) the moves of the pods point by
// point, foot by foot.
func (s *State) LegalMoves(buf []game.Move) []game.Move {
	buf = buf[:0]
	if s.winner >= 0 {
		return buf
	}
	me := int(s.toMove)
	var spots [Cells]spot
	var open uint64
	if res := s.placeables(me); res != 0 {
		oppControl, _ := s.reach(me ^ 1)
		for p := 0; p < Cells; p++ {
			if s.cells[p] == 0 && oppControl>>uint(p)&1 == 0 {
				spots[p] = s.spotAt(p, me)
				open |= 1 << uint(p)
			}
		}
		for d := 0; d < Designs; d++ {
			if res>>d&1 == 0 {
				continue
			}
			for p := 0; p < Cells; p++ {
				if open>>uint(p)&1 != 0 && placeable(me, d, spots[p]) {
					buf = append(buf, placement(d, p))
				}
			}
		}
	}
	if s.cfg.level >= Advanced {
		for p := 0; p < Cells; p++ {
			if s.cells[p] != 0 && s.owner(p) == me {
				buf = s.appendMovesFrom(buf, p)
			}
		}
	}
	return buf
}

// appendMovesFrom appends the moves of the pod on p: along each foot to an
// empty point through empty points, and at the expert level its shoves and
// kicks.
func (s *State) appendMovesFrom(buf []game.Move, p int) []game.Move {
	b := &s.cfg.board.step
	w, r := s.feet(p)
	expert := s.cfg.level == Expert
	for d := 0; d < 8; d++ {
		if w>>d&1 != 0 {
			n := int(b[p][d])
			if n >= 0 {
				if s.cells[n] == 0 {
					buf = append(buf, podMove(p, n, noLanding))
				} else if expert {
					if l := s.shoveLanding(n, d); l >= 0 {
						buf = append(buf, podMove(p, n, l))
					}
				}
			}
		}
		if r>>d&1 != 0 {
			for q := p; ; {
				n := int(b[q][d])
				if n < 0 {
					break
				}
				if s.cells[n] == 0 {
					buf = append(buf, podMove(p, n, noLanding))
					q = n
					continue
				}
				if expert {
					shove := s.shoveLanding(n, d)
					if shove >= 0 {
						buf = append(buf, podMove(p, n, shove))
					}
					if q == p { // a directly neighbouring pod: kicks
						for g := int(geo[n][d]); g >= 0 && s.cells[g] == 0; g = int(geo[g][d]) {
							if g != shove {
								buf = append(buf, podMove(p, n, g))
							}
						}
					}
				}
				break
			}
		}
	}
	return buf
}

// shoveLanding says where the pod on n lands when it is shoved in direction
// d: the next point along the link, provided the line of pods from n ends,
// link after link, on an empty point; -1 when the shove is impossible.
func (s *State) shoveLanding(n, d int) int {
	b := &s.cfg.board.step
	for q := n; ; {
		nx := b[q][d]
		if nx < 0 {
			return -1
		}
		if s.cells[nx] == 0 {
			return int(b[n][d])
		}
		q = int(nx)
	}
}

// displaced lists the final points of the pods a move displaces, in line
// order from the moving pod.
func (s *State) displaced(from, to, landing int) (pts [Size]int8, n int) {
	if landing == noLanding {
		return pts, 0
	}
	d := direction(from, to)
	if landing == int(geo[to][d]) && s.cells[landing] != 0 {
		b := &s.cfg.board.step
		for q := int(b[to][d]); ; q = int(b[q][d]) {
			pts[n] = int8(q)
			n++
			if s.cells[q] == 0 {
				return pts, n
			}
		}
	}
	pts[0] = int8(landing)
	return pts, 1
}

// Apply implements game.State.
func (s *State) Apply(m game.Move) {
	me := int(s.toMove)
	isMove, from, to, landing, d := unpack(m)
	if !isMove {
		s.cells[to] = uint8(1 + me*Designs + d)
		s.reserve[me] &^= 1 << d
	} else {
		if landing != noLanding {
			dir := direction(from, to)
			if landing == int(geo[to][dir]) && s.cells[landing] != 0 {
				// A shove of a line of pods along the links.
				b := &s.cfg.board.step
				q := to
				for s.cells[q] != 0 {
					q = int(b[q][dir])
				}
				back := (dir + 4) % 8
				for q != to {
					prev := int(geo[q][back])
					s.cells[q] = s.cells[prev]
					q = prev
				}
			} else {
				s.cells[landing] = s.cells[to]
			}
		}
		s.cells[to] = s.cells[from]
		s.cells[from] = 0
	}
	s.first = false
	if s.cfg.level >= Advanced {
		s.removeStuck(me)
	}
	s.ply++
	s.toMove ^= 1
	s.settle(me)
	s.rehash()
}

// removeStuck removes at once every pod that cannot move: the mover's own go
// back to his reserve, the opponent's are out of the game.
func (s *State) removeStuck(mover int) {
	var stuck uint64
	for p := 0; p < Cells; p++ {
		if s.cells[p] != 0 && !s.canMove(p) {
			stuck |= 1 << uint(p)
		}
	}
	for p := 0; stuck != 0; p++ {
		if stuck>>uint(p)&1 == 0 {
			continue
		}
		stuck &^= 1 << uint(p)
		if s.owner(p) == mover {
			s.reserve[mover] |= 1 << s.design(p)
		}
		s.cells[p] = 0
	}
}

// settle decides whether the game is over after mover's turn.
func (s *State) settle(mover int) {
	s.winner = -1
	switch {
	case s.reserve[mover] == 0:
		s.winner, s.reason = int8(mover), reasonPlaced
	case !s.canPlay(mover ^ 1):
		s.winner, s.reason = int8(mover), reasonStuck
	}
}

// canPlay says whether seat has a placement or a move. From the advanced
// level every pod on the board can move (the others have been removed).
func (s *State) canPlay(seat int) bool {
	if s.cfg.level >= Advanced && s.occupiedBy(seat) != 0 {
		return true
	}
	res := s.placeables(seat)
	if res == 0 {
		return false
	}
	oppControl, _ := s.reach(seat ^ 1)
	for p := 0; p < Cells; p++ {
		if s.cells[p] != 0 || oppControl>>uint(p)&1 != 0 {
			continue
		}
		sp := s.spotAt(p, seat)
		for d := 0; d < Designs; d++ {
			if res>>d&1 != 0 && placeable(seat, d, sp) {
				return true
			}
		}
	}
	return false
}

// Controlled lists the empty points seat's feet control, sorted.
func (s *State) Controlled(seat int) []string {
	c, _ := s.reach(seat)
	return cellList(c)
}

// Threatened lists the points of the opponent's pods that seat's feet
// threaten, sorted.
func (s *State) Threatened(seat int) []string {
	_, meet := s.reach(seat)
	return cellList(meet & s.occupiedBy(seat^1))
}

// CanMove reports whether the pod on cell can move (false for an empty or
// unknown cell).
func (s *State) CanMove(cell string) bool {
	p, ok := parseCell(cell)
	return ok && s.cells[p] != 0 && s.canMove(p)
}

func cellList(mask uint64) []string {
	var out []string
	for p := 0; p < Cells; p++ {
		if mask>>uint(p)&1 != 0 {
			out = append(out, cellName(p))
		}
	}
	return out
}
