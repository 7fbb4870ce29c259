// Package polygone implements Polygone (Fabien Vandenbussche, 2004): two
// players turn segments on a hexagonal board of holes, capture by closing
// polygons in which they hold the majority, and race to the opposite sommet.
//
// The rules as implemented are in docs/rules/polygone.md.
package polygone

import (
	"math/bits"
	"slices"

	"github.com/plateau-games/plateau/game"
)

// Colours; the colour of seat k is k.
const (
	White = 0
	Black = 1
)

// Segments each player has at the start, and how many captures win.
const (
	SegmentsEach  = 12
	CapturesToWin = 7
)

// Results.
const (
	ongoing = iota
	whiteWins
	blackWins
	draw
)

// End reasons.
const (
	reasonNone = iota
	reasonCaptures
	reasonSommet
	reasonPasses
)

var reasonText = [...]string{"", "seven segments captured", "opposite sommet reached", "two passes in a row"}

// State is a Polygone position: the edges holding each colour's segments (a
// bit per edge), the player to move, the passes in a row, and the result.
type State struct {
	seg    [2]uint64
	toMove uint8
	passes uint8 // passes in a row: 2 ends the game in a draw
	result uint8
	reason uint8
	// swept: the backwards=swept reading (see turnsSwept).
	swept bool
	ply   int
	// custom is the variant of a game with another start (option start),
	// nil otherwise.
	custom *game.Variant
}

// startLayout is the start position (reconstruction, DECISIONS.md): the
// segments of White and of Black (the mirror image x -> 10 - x).
var startLayout = [2][SegmentsEach]string{
	{"C1-B1", "C1-D1", "C1-C2", "B1-A1", "B1-B2", "D1-E1", "D1-D2", "C2-B2", "C2-D2", "C2-C3", "B2-A2", "D2-E2"},
	{"C6-B5", "C6-D5", "C6-C5", "B5-A4", "B5-B4", "D5-E4", "D5-D4", "C5-B4", "C5-D4", "C5-C4", "B4-A3", "D4-E3"},
}

var startSegments [2]uint64

func init() {
	buildGeometry()
	for c, list := range startLayout {
		for _, name := range list {
			e, ok := parseEdge(name)
			if !ok {
				panic("polygone: bad start segment " + name)
			}
			startSegments[c] |= 1 << e
		}
	}
	variant.Game = &game.Game{
		ID:   "polygone",
		Name: game.Text{EN: "Polygone", FR: "Polygone"},
		Summary: game.Text{
			EN: "Turn your segments across a hexagon of holes; close polygons where you hold the majority to capture, reach the opposite sommet or take 7 segments to win.",
			FR: "Faites pivoter vos segments sur un hexagone de trous ; fermez des polygones où vous êtes majoritaire pour prendre, atteignez le sommet opposé ou prenez 7 segments pour gagner.",
		},
		Author:     "Fabien Vandenbussche, 2004",
		MinPlayers: 2,
		MaxPlayers: 2,
		Options: []game.Option{{Name: "backwards", Default: "end", Values: []string{"end", "swept"}, Doc: game.Text{
			EN: "reading of the rule text: only the end position of a turning segment may not point backwards (end), or no direction swept on the way may either, directions off the board included (swept)",
			FR: "lecture de la règle : seule la position finale d'un segment qui pivote ne doit pas pointer vers l'arrière (end), ou aucune direction balayée en chemin non plus, y compris hors du plateau (swept)",
		}}, game.StartOption("C1-B1;C1-D1;C1-C2;B1-A1;B1-B2;D1-E1;D1-D2;C2-B2;C2-D2;C2-C3;B2-A2;D2-E2_C6-B5;C6-D5;C6-C5;B5-A4;B5-B4;D5-E4;D5-D4;C5-B4;C5-D4;C5-C4;B4-A3;D4-E3_W_0_0")},
		Setup: func(opts game.Options) (*game.Variant, error) {
			v := variant
			if opts["backwards"] == "swept" {
				v = sweptVariant
			}
			if text, custom := game.StartPosition(opts["start"]); custom {
				return withStart(v, text)
			}
			return v, nil
		},
	}
	sweptVariant.Game = variant.Game
	// The default, then the other reading (DECISIONS.md, "Alternative
	// readings").
	variant.Game.Variants = []game.Options{{}, {"backwards": "swept"}}
	StartText = New().Encode()
	game.Register(variant.Game)
}

var variant = &game.Variant{
	Options:    game.Options{},
	Players:    2,
	Seats:      []game.Text{{EN: "White", FR: "Blanc"}, {EN: "Black", FR: "Noir"}},
	PlyLimit:   300,
	Repetition: 3,
	Start:      func() game.State { return New() },
	Decode:     func(s string) (game.State, error) { return Decode(s) },
}

// sweptVariant is the backwards=swept reading (DECISIONS.md, "Alternative
// readings").
var sweptVariant = &game.Variant{
	Options:    game.Options{"backwards": "swept"},
	Players:    2,
	Seats:      variant.Seats,
	PlyLimit:   300,
	Repetition: 3,
	Start:      func() game.State { s := New(); s.swept = true; return s },
	Decode:     func(s string) (game.State, error) { return decode(s, true) },
}

// withStart is v with another start position (option start, DECISIONS.md
// "Alternative readings"): text, read by the decoder, with both players'
// 12 segments (nobody has captured yet).
func withStart(v *game.Variant, text string) (*game.Variant, error) {
	swept := v == sweptVariant
	start, err := decode(text, swept)
	if err != nil {
		return nil, game.StartDecodeError(err)
	}
	if err := game.CheckStart(start); err != nil {
		return nil, err
	}
	for c := uint8(0); c < 2; c++ {
		if n := bits.OnesCount64(start.seg[c]); n != SegmentsEach {
			return nil, game.Errorf(game.Text{EN: "option start: %s has %d segments; at the start each player has %d", FR: "option start : %s a %d segments ; au départ chaque joueur en a %d"}, colourTexts[c], n, SegmentsEach)
		}
	}
	nv := *v
	nv.Options = game.Options{"start": game.StartValue(start.Encode())}
	for k, x := range v.Options {
		nv.Options[k] = x
	}
	start.custom = &nv
	nv.Start = func() game.State { return start.Clone() }
	nv.Decode = func(text string) (game.State, error) {
		s, err := decode(text, swept)
		if err != nil {
			return nil, err
		}
		s.custom = &nv
		return s, nil
	}
	return &nv, nil
}

// Variant is Polygone's variant with the default reading.
func Variant() *game.Variant { return variant }

// SweptVariant is the variant with the backwards=swept reading.
func SweptVariant() *game.Variant { return sweptVariant }

// New returns the start position, White to move.
func New() *State {
	return &State{seg: startSegments}
}

// Variant implements game.State.
func (s *State) Variant() *game.Variant {
	if s.custom != nil {
		return s.custom
	}
	if s.swept {
		return sweptVariant
	}
	return variant
}

// ToMove implements game.State.
func (s *State) ToMove() int {
	if s.result != ongoing {
		return -1
	}
	return int(s.toMove)
}

// Ply implements game.State.
func (s *State) Ply() int { return s.ply }

// Segments returns the mask of the edges holding colour's segments (bit e
// for edge e, see EdgeName).
func (s *State) Segments(colour int) uint64 { return s.seg[colour] }

// Captured is the number of segments colour has captured.
func (s *State) Captured(colour int) int {
	return SegmentsEach - bits.OnesCount64(s.seg[colour^1])
}

// goal is the sommet colour must reach.
func goal(colour uint8) int {
	if colour == White {
		return sommetBlack
	}
	return sommetWhite
}

// judge sets the result from the board, the player to move and the passes.
// The player who has just moved (the other one) wins if he has captured 7
// segments or has a segment in the sommet he aims at (only the segment he
// has just moved can be there: any earlier arrival would have ended the
// game); otherwise the player to move wins if he has captured 7.
func (s *State) judge() {
	s.result, s.reason = ongoing, reasonNone
	if s.passes >= 2 {
		s.result, s.reason = draw, reasonPasses
		return
	}
	next := s.toMove
	mover := next ^ 1
	switch {
	case s.seg[mover]&holeEdges[goal(mover)] != 0:
		s.result, s.reason = whiteWins+mover, reasonSommet
	case bits.OnesCount64(s.seg[next]) <= SegmentsEach-CapturesToWin:
		s.result, s.reason = whiteWins+mover, reasonCaptures
	case bits.OnesCount64(s.seg[mover]) <= SegmentsEach-CapturesToWin:
		s.result, s.reason = whiteWins+next, reasonCaptures
	}
}

// Outcome implements game.State.
func (s *State) Outcome() game.Outcome {
	switch s.result {
	case whiteWins, blackWins:
		return game.Outcome{Status: game.Win, Winners: 1 << (s.result - whiteWins), Reason: reasonText[s.reason]}
	case draw:
		return game.Outcome{Status: game.Draw, Reason: reasonText[s.reason]}
	}
	return game.Outcome{}
}

// Hash implements game.State: an exact code of the board, the player to
// move and the passes, scrambled (the result follows from them).
func (s *State) Hash() uint64 {
	h := game.Mix64(s.seg[White] ^ 0x706f6c79676f6e65)
	h = game.Mix64(h ^ s.seg[Black])
	return game.Mix64(h ^ uint64(s.toMove) ^ uint64(s.passes)<<1)
}

// Clone implements game.State.
func (s *State) Clone() game.State {
	c := *s
	return &c
}

// A move packs the edge the segment leaves (bits 0-5), the edge it takes
// (bits 6-11) and the segments its chain of captures removes (bits 12-35):
// bit 12+i stands for the i-th occupied edge, in edge order, of the board
// just after the segment has turned. Pass is game.Pass.
const (
	moveEdgeBits  = 6
	moveSlotShift = 12
)

func moveParts(m game.Move) (from, to int, slots uint64) {
	return int(m & 63), int(m >> moveEdgeBits & 63), uint64(m >> moveSlotShift)
}

// compress maps the edges of removed, a subset of occ, to slot bits.
func compress(removed, occ uint64) uint64 {
	var out uint64
	i := 0
	for o := occ; o != 0; o &= o - 1 {
		if removed&(o&-o) != 0 {
			out |= 1 << i
		}
		i++
	}
	return out
}

// expand maps slot bits back to edges of occ.
func expand(slots, occ uint64) uint64 {
	var out uint64
	for o := occ; o != 0 && slots != 0; o &= o - 1 {
		if slots&1 != 0 {
			out |= o & -o
		}
		slots >>= 1
	}
	return out
}

// dirsTaken is the mask of the directions at hole h that hold a segment.
func dirsTaken(h int, occ uint64) uint8 {
	var m uint8
	for _, de := range holeDirs[h] {
		m |= uint8(occ>>uint(de.edge)&1) << uint(de.dir)
	}
	return m
}

// forward says whether colour may move an end from hole q to hole r: White
// never to a smaller x, Black never to a larger one.
func forward(colour uint8, q, r int) bool {
	if colour == White {
		return holeX[r] >= holeX[q]
	}
	return holeX[r] <= holeX[q]
}

// LegalMoves implements game.State: for each of the mover's segments in
// edge order, turning about its left end then its right end, each end
// position anticlockwise from the segment; a segment move whose chain of
// captures can end on several boards gives one move per board.
func (s *State) LegalMoves(buf []game.Move) []game.Move {
	buf = buf[:0]
	if s.result != ongoing {
		return buf
	}
	me := s.toMove
	occ := s.seg[White] | s.seg[Black]
	m := masksFor(occ)
	ext := m.exterior()
	table := &turns
	if s.swept {
		table = &turnsSwept
	}
	for own := s.seg[me]; own != 0; own &= own - 1 {
		e := bits.TrailingZeros64(own)
		for side := 0; side < 2; side++ {
			ts := &table[me][e][side]
			taken := dirsTaken(int(ts.pivot), occ)
			for _, tn := range ts.turns[:ts.n] {
				if occ>>uint(tn.edge)&1 != 0 || taken&tn.ccw != 0 && taken&tn.cw != 0 {
					continue
				}
				buf = s.appendResults(buf, e, int(tn.edge), int(ts.pivot), int(tn.far), &m, ext)
			}
		}
	}
	if len(buf) == 0 {
		buf = append(buf, game.Pass)
	}
	return buf
}

// appendResults appends the moves of the segment move from -> to (legal),
// one for each board its chain of captures can end on. m holds the open
// masks of the board before the move and ext triangles known to lie in its
// unbounded face (0 when unknown).
// The turn is about hole pivot and takes the new segment to hole far.
func (s *State) appendResults(buf []game.Move, from, to, pivot, far int, m *openMasks, ext uint64) []game.Move {
	white, black := s.seg[White], s.seg[Black]
	if s.toMove == White {
		white = white&^(1<<from) | 1<<to
	} else {
		black = black&^(1<<from) | 1<<to
	}
	base := game.Move(from | to<<moveEdgeBits)
	// Before the move no polygon captures (the last chain ran to its end),
	// so only a face at the edge taken or at the edge left can. A polygon
	// with the new segment as a side needs other segments at both its
	// ends. A polygon without it, spreading over the edge left, is enclosed
	// by segments that were all there before the move, so the triangles at
	// the edge left were in a bounded face then.
	others := (white | black) &^ (1 << to)
	var seeds uint64
	if holeEdges[pivot]&others != 0 && holeEdges[far]&others != 0 {
		seeds = edgeTris[to]
	}
	if tris := edgeTris[from]; tris&ext == 0 && edgeClass[from] != openBorder {
		seeds |= tris
	}
	if seeds == 0 {
		return append(buf, base)
	}
	after := *m
	after.free(from)
	after.take(to)
	var polys [maxPolys]poly
	n := after.examine(white, black, seeds, &polys)
	// Most chains are one capture after another with no choice.
	var removed uint64
	for n == 1 {
		removed |= polys[0].minority
		for r := polys[0].minority; r != 0; r &= r - 1 {
			after.free(bits.TrailingZeros64(r))
		}
		n = after.examine(white&^removed, black&^removed, polys[0].tris|trianglesOf(polys[0].minority), &polys)
	}
	if n == 0 {
		if removed != 0 {
			base |= game.Move(compress(removed, white|black)) << moveSlotShift
		}
		return append(buf, base)
	}
	return runChain(buf, white, black, base, removed, &polys, n)
}

// chainRun explores every order in which the mover can resolve the
// capturing polygons, collecting the distinct boards the chain ends on.
type chainRun struct {
	white, black uint64 // the board after the segment move
	base         game.Move
	buf          []game.Move
	start        int
	stack        [400]poly // capturing polygons of the nodes on the path
	seen         [256]uint64
	nseen        int
}

//go:noinline
func runChain(buf []game.Move, white, black uint64, base game.Move, removed uint64, polys *[maxPolys]poly, n int) []game.Move {
	c := chainRun{white: white, black: black, base: base, buf: buf, start: len(buf)}
	copy(c.stack[:n], polys[:n])
	c.explore(removed, 0, n)
	slices.Sort(c.buf[c.start:])
	return c.buf
}

// explore resolves in turn each capturing polygon c.stack[lo:hi] of the
// board without the removed segments.
func (c *chainRun) explore(removed uint64, lo, hi int) {
	var keep uint64
	for i := lo; i < hi; i++ {
		keep |= c.stack[i].tris
	}
	for i := lo; i < hi; i++ {
		r := removed | c.stack[i].minority
		if c.visited(r) {
			continue
		}
		// At most 16 polygons a node and 22 captures a chain: the stack
		// never overflows.
		next := (*[maxPolys]poly)(c.stack[hi : hi+maxPolys])
		n := examine(c.white&^r, c.black&^r, keep|trianglesOf(c.stack[i].minority), next)
		if n == 0 {
			c.emit(r)
			continue
		}
		c.explore(r, hi, hi+n)
	}
}

// visited records the board without removed and says whether it was met
// before in this chain (the polygons that capture depend on the board
// only). When the table is full, boards are explored again: slower, same
// result.
func (c *chainRun) visited(removed uint64) bool {
	mask := uint64(len(c.seen) - 1)
	for i := game.Mix64(removed) & mask; ; i = (i + 1) & mask {
		switch c.seen[i] {
		case removed:
			return true
		case 0:
			if c.nseen >= len(c.seen)*3/4 {
				return false
			}
			c.seen[i] = removed
			c.nseen++
			return false
		}
	}
}

func (c *chainRun) emit(removed uint64) {
	m := c.base | game.Move(compress(removed, c.white|c.black))<<moveSlotShift
	for _, old := range c.buf[c.start:] {
		if old == m {
			return
		}
	}
	c.buf = append(c.buf, m)
}

// Apply implements game.State.
func (s *State) Apply(m game.Move) {
	s.ply++
	if m == game.Pass {
		s.passes++
		s.toMove ^= 1
		s.judge()
		return
	}
	from, to, slots := moveParts(m)
	me := s.toMove
	s.seg[me] = s.seg[me]&^(1<<from) | 1<<to
	removed := expand(slots, s.seg[White]|s.seg[Black])
	s.seg[White] &^= removed
	s.seg[Black] &^= removed
	s.passes = 0
	s.toMove ^= 1
	s.judge()
}
