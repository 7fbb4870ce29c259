// Package pogo implements POGO (Laurent Escoffier, FilsFils): two players
// stack pieces on a 3x3 board; whoever tops every stack wins.
//
// The rules as implemented are in docs/rules/pogo.md.
package pogo

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/plateau-games/plateau/game"
)

// Board geometry: cell = rank*3 + file, rank 0 is rank 1 (Light's side).
const (
	Size   = 3
	Cells  = Size * Size
	Pieces = 12 // six of each colour, always on the board
)

// Colours; the colour of seat k is k.
const (
	Light = 0
	Dark  = 1
)

// State is a POGO position. Each stack is kept as a height and a bit string
// of colours from the bottom (bit i set: the piece at level i is Dark).
type State struct {
	stacks  [Cells]uint16
	heights [Cells]uint8
	toMove  uint8
	winner  int8 // -1 while nobody has won
	ply     int
	hash    uint64 // Zobrist hash, kept up to date by Apply
}

// zobrist[(cell*Pieces+level)*2+colour] keys one piece; sideKey marks Dark
// to move.
var (
	zobrist = game.HashKeys(0x706f676f, Cells*Pieces*2+1)
	sideKey = zobrist[Cells*Pieces*2]
)

func pieceKey(cell int, level uint8, colour uint16) uint64 {
	return zobrist[(cell*Pieces+int(level))*2+int(colour)]
}

// rehash computes the hash from scratch.
func (s *State) rehash() {
	s.hash = 0
	for c := 0; c < Cells; c++ {
		for i := uint8(0); i < s.heights[c]; i++ {
			s.hash ^= pieceKey(c, i, s.stacks[c]>>i&1)
		}
	}
	if s.toMove == Dark {
		s.hash ^= sideKey
	}
}

// moveTable[src][n-1] holds the precomputed moves of n pieces from src.
var moveTable [Cells][3][]game.Move

// A move packs (source, pieces, destination): src | n<<4 | dst<<6.
func encode(src, n, dst int) game.Move { return game.Move(src | n<<4 | dst<<6) }

func decode(m game.Move) (src, n, dst int) {
	return int(m & 15), int(m >> 4 & 3), int(m >> 6 & 15)
}

func init() {
	for src := 0; src < Cells; src++ {
		for n := 1; n <= 3; n++ {
			for dst := 0; dst < Cells; dst++ {
				if reachable(src, n, dst) {
					moveTable[src][n-1] = append(moveTable[src][n-1], encode(src, n, dst))
				}
			}
		}
	}
	variant.Game = &game.Game{
		ID:         "pogo",
		Name:       game.Text{EN: "POGO", FR: "POGO"},
		Summary:    game.Text{EN: "Stack and unstack on a 3x3 board; top every stack to win.", FR: "Empiler et dépiler sur un plateau 3x3 ; dominer toutes les piles pour gagner."},
		Author:     "Laurent Escoffier, FilsFils",
		MinPlayers: 2,
		MaxPlayers: 2,
		Setup: func(game.Options) (*game.Variant, error) {
			return variant, nil
		},
	}
	game.Register(variant.Game)
}

// reachable says whether n pieces can go from src to dst: n orthogonal
// steps that never retrace one, i.e. Manhattan distance n, or 1 for the
// U-shaped three-step move.
func reachable(src, n, dst int) bool {
	d := abs(src%Size-dst%Size) + abs(src/Size-dst/Size)
	return d == n || (n == 3 && d == 1)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

var variant = &game.Variant{
	Options:    game.Options{},
	Players:    2,
	Seats:      []game.Text{{EN: "Light", FR: "Clair"}, {EN: "Dark", FR: "Foncé"}},
	PlyLimit:   400,
	Repetition: 3,
	Start:      func() game.State { return New() },
	Decode:     func(s string) (game.State, error) { return Decode(s) },
}

// Variant is POGO's only variant.
func Variant() *game.Variant { return variant }

// New returns the start position: Light's three stacks of two on rank 1,
// Dark's on rank 3, Light to move.
func New() *State {
	s := &State{winner: -1}
	for f := 0; f < Size; f++ {
		s.heights[f], s.stacks[f] = 2, 0b00
		s.heights[2*Size+f], s.stacks[2*Size+f] = 2, 0b11
	}
	s.rehash()
	return s
}

// Variant implements game.State.
func (s *State) Variant() *game.Variant { return variant }

// ToMove implements game.State.
func (s *State) ToMove() int {
	if s.winner >= 0 {
		return -1
	}
	return int(s.toMove)
}

// Ply implements game.State.
func (s *State) Ply() int { return s.ply }

// Stack returns the colours of the stack on cell from the bottom up.
func (s *State) Stack(cell int) []int {
	out := make([]int, s.heights[cell])
	for i := range out {
		out[i] = int(s.stacks[cell] >> i & 1)
	}
	return out
}

// Height is the number of pieces on cell.
func (s *State) Height(cell int) int { return int(s.heights[cell]) }

// Colours is the stack on cell as a bit string from the bottom: bit i is
// set when the piece at level i is Dark. With Height, it reads a stack
// without allocating.
func (s *State) Colours(cell int) uint16 { return s.stacks[cell] }

// top returns the colour of the top piece of cell, or -1 when it is empty.
func (s *State) top(cell int) int {
	h := s.heights[cell]
	if h == 0 {
		return -1
	}
	return int(s.stacks[cell] >> (h - 1) & 1)
}

// LegalMoves implements game.State: for every stack the mover tops, every
// count of pieces and every destination, in that order.
func (s *State) LegalMoves(buf []game.Move) []game.Move {
	buf = buf[:0]
	if s.winner >= 0 {
		return buf
	}
	me := uint16(s.toMove)
	for c := 0; c < Cells; c++ {
		h := int(s.heights[c])
		if h == 0 || s.stacks[c]>>(h-1)&1 != me {
			continue
		}
		buf = append(buf, moveTable[c][0]...)
		if h >= 2 {
			buf = append(buf, moveTable[c][1]...)
			if h >= 3 {
				buf = append(buf, moveTable[c][2]...)
			}
		}
	}
	return buf
}

// Apply implements game.State.
func (s *State) Apply(m game.Move) {
	src, n, dst := decode(m)
	h := s.heights[src]
	keep := h - uint8(n)
	block := s.stacks[src] >> keep
	hd := s.heights[dst]
	for i := uint8(0); i < uint8(n); i++ {
		colour := block >> i & 1
		s.hash ^= pieceKey(src, keep+i, colour) ^ pieceKey(dst, hd+i, colour)
	}
	s.hash ^= sideKey
	s.stacks[src] &= 1<<keep - 1
	s.heights[src] = keep
	s.stacks[dst] |= block << hd
	s.heights[dst] += uint8(n)
	s.ply++
	mover := s.toMove
	s.toMove ^= 1
	if s.controlsAll(mover) {
		s.winner = int8(mover)
	}
}

// controlsAll says whether colour tops every non-empty stack.
func (s *State) controlsAll(colour uint8) bool {
	for c := 0; c < Cells; c++ {
		if h := s.heights[c]; h != 0 && uint8(s.stacks[c]>>(h-1)&1) != colour {
			return false
		}
	}
	return true
}

// Outcome implements game.State.
func (s *State) Outcome() game.Outcome {
	if s.winner < 0 {
		return game.Outcome{}
	}
	return game.Outcome{Status: game.Win, Winners: 1 << uint(s.winner), Reason: "tops every stack"}
}

// Key is an exact code of the position: every stack written bottom to top,
// two bits a piece and one bit after each cell, then the side to move. Two
// positions have the same key exactly when they are the same position.
func (s *State) Key() uint64 {
	var k uint64
	for c := 0; c < Cells; c++ {
		for i := uint8(0); i < s.heights[c]; i++ {
			k = k<<2 | 2 | uint64(s.stacks[c]>>i&1)
		}
		k <<= 1
	}
	return k<<1 | uint64(s.toMove)
}

// Hash implements game.State (Zobrist hashing; Key is the exact code).
func (s *State) Hash() uint64 { return s.hash }

// Clone implements game.State.
func (s *State) Clone() game.State {
	c := *s
	return &c
}

var colourLetters = [2]byte{'L', 'D'}

func cellName(c int) string {
	return string([]byte{byte('a' + c%Size), byte('1' + c/Size)})
}

func parseCell(s string) (int, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'c' || s[1] < '1' || s[1] > '3' {
		return 0, false
	}
	return int(s[1]-'1')*Size + int(s[0]-'a'), true
}

// Encode implements game.State. The position text lists the ranks from 3 down
// to 1 separated by "/", the cells of a rank from a to c separated by ",",
// each stack from the bottom up (L light, D dark, - empty), then the side to
// move and the ply: "DD,DD,DD/-,-,-/LL,LL,LL L 0".
func (s *State) Encode() string {
	var b strings.Builder
	for r := Size - 1; r >= 0; r-- {
		for f := 0; f < Size; f++ {
			c := r*Size + f
			if s.heights[c] == 0 {
				b.WriteByte('-')
			}
			for i := uint8(0); i < s.heights[c]; i++ {
				b.WriteByte(colourLetters[s.stacks[c]>>i&1])
			}
			if f < Size-1 {
				b.WriteByte(',')
			}
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteByte(' ')
	b.WriteByte(colourLetters[s.toMove])
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(s.ply))
	return b.String()
}

// Decode reads a position text written by Encode. It refuses positions
// that cannot arise in a game: other than six pieces of each colour, or the
// side to move topping every stack.
func Decode(text string) (*State, error) {
	form := game.Text{
		EN: `POGO position text is "stacks side ply", e.g. "DD,DD,DD/-,-,-/LL,LL,LL L 0": ranks 3 to 1 separated by "/", three cells a rank separated by ",", each stack bottom to top in L and D (or - when empty)`,
		FR: `une position de POGO s'écrit « piles trait tour », par exemple "DD,DD,DD/-,-,-/LL,LL,LL L 0" : les rangées 3 à 1 séparées par "/", trois cases par rangée séparées par ",", chaque pile de bas en haut en L (clair) et D (foncé), ou - quand elle est vide`,
	}
	if len(text) > game.MaxInput {
		return nil, game.Errorf(game.Text{EN: "%s; got %d bytes", FR: "%s ; reçu %d octets"}, form, len(text))
	}
	fields := strings.Fields(text)
	if len(fields) != 3 {
		return nil, game.Errorf(game.Text{EN: "%s; got %d fields in %s", FR: "%s ; reçu %d champs dans %s"}, form, len(fields), game.Quote(text))
	}
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != Size {
		return nil, game.Errorf(game.Text{EN: "%s; got %d ranks", FR: "%s ; reçu %d rangées"}, form, len(ranks))
	}
	s := &State{winner: -1}
	var count [2]int
	for i, rank := range ranks {
		cells := strings.Split(rank, ",")
		if len(cells) != Size {
			return nil, game.Errorf(game.Text{EN: "%s; rank %d has %d cells", FR: "%s ; la rangée %d a %d cases"}, form, Size-i, len(cells))
		}
		for f, stack := range cells {
			c := (Size-1-i)*Size + f
			if stack == "-" {
				continue
			}
			if stack == "" || len(stack) > Pieces {
				return nil, game.Errorf(game.Text{EN: "%s; cell %s has %q", FR: "%s ; la case %s contient %q"}, form, cellName(c), stack)
			}
			for lvl, ch := range []byte(stack) {
				switch ch {
				case 'L':
				case 'D':
					s.stacks[c] |= 1 << lvl
				default:
					return nil, game.Errorf(game.Text{EN: "%s; cell %s has %q", FR: "%s ; la case %s contient %q"}, form, cellName(c), stack)
				}
				count[s.stacks[c]>>lvl&1]++
			}
			s.heights[c] = uint8(len(stack))
		}
	}
	if count[Light] != 6 || count[Dark] != 6 {
		return nil, game.Errorf(game.Text{EN: "a POGO position has 6 light and 6 dark pieces; this one has %d light and %d dark", FR: "une position de POGO a 6 pions clairs et 6 foncés ; celle-ci en a %d clairs et %d foncés"}, count[Light], count[Dark])
	}
	switch fields[1] {
	case "L":
		s.toMove = Light
	case "D":
		s.toMove = Dark
	default:
		return nil, game.Errorf(game.Text{EN: "side to move must be L (Light) or D (Dark), got %q", FR: "le trait doit être L (Clair) ou D (Foncé), reçu %q"}, fields[1])
	}
	ply, err := strconv.Atoi(fields[2])
	if err != nil || ply < 0 || ply > 1_000_000 {
		return nil, game.Errorf(game.Text{EN: "ply must be a whole number from 0 to 1000000, got %q", FR: "le tour doit être un nombre entier de 0 à 1000000, reçu %q"}, fields[2])
	}
	s.ply = ply
	s.rehash()
	if s.controlsAll(s.toMove) {
		return nil, game.Errorf(game.Text{EN: "impossible position: the side to move (%c) already tops every stack, but only the player who just moved can do that", FR: "position impossible : le camp au trait (%c) domine déjà toutes les piles, ce que seul le joueur qui vient de jouer peut faire"}, colourLetters[s.toMove])
	}
	if s.controlsAll(s.toMove ^ 1) {
		s.winner = int8(s.toMove ^ 1)
	}
	return s, nil
}

// MoveString implements game.State: the number of pieces, the start cell, a
// dash and the end cell, e.g. "2b1-b3".
func (s *State) MoveString(m game.Move) string {
	src, n, dst := decode(m)
	return strconv.Itoa(n) + cellName(src) + "-" + cellName(dst)
}

// ParseMove implements game.State. It reads "2b1-b3"; the count may be left
// out ("b1-b3") when only one legal move goes from that cell to that cell.
func (s *State) ParseMove(text string) (game.Move, error) {
	form := game.Text{
		EN: "a POGO move is the number of pieces (1 to 3), the start cell, a dash and the end cell, e.g. 2b1-b3; cells run from a1 to c3",
		FR: "un coup de POGO s'écrit avec le nombre de pions (1 à 3), la case de départ, un tiret et la case d'arrivée, par exemple 2b1-b3 ; les cases vont de a1 à c3",
	}
	if len(text) > 32 {
		return 0, game.Errorf(notAMove, game.Quote(text), form)
	}
	in := strings.ToLower(strings.Join(strings.Fields(text), ""))
	n, counted := 0, false
	if in != "" && in[0] >= '0' && in[0] <= '9' {
		n, counted = int(in[0]-'0'), true
		in = in[1:]
	}
	in = strings.ReplaceAll(in, "-", "")
	if len(in) != 4 {
		return 0, game.Errorf(notAMove, game.Quote(text), form)
	}
	src, ok1 := parseCell(in[:2])
	dst, ok2 := parseCell(in[2:])
	if !ok1 || !ok2 || (counted && (n < 1 || n > 3)) {
		return 0, game.Errorf(notAMove, game.Quote(text), form)
	}
	if s.winner >= 0 {
		return 0, game.Errorf(game.Text{EN: "%s cannot be played: the game is over", FR: "%s ne peut pas être joué : la partie est terminée"}, game.Quote(text))
	}
	if why := s.whyIllegal(src, n, dst); why.EN != "" {
		return 0, game.IllegalMove(s, text, why)
	}
	if n == 0 {
		var found []game.Move
		for k := 1; k <= 3 && k <= int(s.heights[src]); k++ {
			if reachable(src, k, dst) {
				found = append(found, encode(src, k, dst))
			}
		}
		switch len(found) {
		case 0:
			return 0, game.IllegalMove(s, text, texts("no block of this stack can reach %s from %s", "aucun bloc de cette pile ne peut aller de %[2]s à %[1]s", cellName(dst), cellName(src)))
		case 1:
			return found[0], nil
		default:
			return 0, game.Errorf(game.Text{EN: "%s is ambiguous: write %s or %s", FR: "%s est ambigu : écrivez %s ou %s"}, game.Quote(text), s.MoveString(found[0]), s.MoveString(found[1]))
		}
	}
	return encode(src, n, dst), nil
}

// whyIllegal explains why moving n pieces (0: count not given) from src to
// dst is illegal, or returns an empty Text if it may be legal.
func (s *State) whyIllegal(src, n, dst int) game.Text {
	switch {
	case s.heights[src] == 0:
		return texts("%s is empty", "%s est vide", cellName(src))
	case s.top(src) != int(s.toMove):
		seat := variant.Seats[s.toMove]
		return game.Text{
			EN: fmt.Sprintf("the top piece of %s is not %s's", cellName(src), seat.EN),
			FR: fmt.Sprintf("le pion du haut de %s n'est pas à %s", cellName(src), seat.FR),
		}
	case n == 0:
		return game.Text{}
	case n > int(s.heights[src]):
		if s.heights[src] == 1 {
			return texts("%s holds only 1 piece", "%s ne contient qu'un pion", cellName(src))
		}
		return texts("%s holds only %d pieces", "%s ne contient que %d pions", cellName(src), s.heights[src])
	case !reachable(src, n, dst):
		if n == 1 {
			return texts("1 piece travels exactly 1 step, and %s cannot be reached that way from %s",
				"1 pion fait exactement 1 pas, et %s ne peut pas être atteinte ainsi depuis %s", cellName(dst), cellName(src))
		}
		return texts("%d pieces travel exactly %d steps without turning back, and %s cannot be reached that way from %s",
			"%d pions font exactement %d pas sans revenir en arrière, et %s ne peut pas être atteinte ainsi depuis %s", n, n, cellName(dst), cellName(src))
	}
	return game.Text{}
}

// notAMove refuses a text that is not written as a move; the second
// argument says how moves are written.
var notAMove = game.Text{EN: "%s is not a move: %s", FR: "%s n'est pas un coup : %s"}

// texts formats the same arguments in an English and a French format.
func texts(en, fr string, args ...any) game.Text {
	return game.Text{EN: fmt.Sprintf(en, args...), FR: fmt.Sprintf(fr, args...)}
}

// String implements game.State: the board with each stack written from the
// bottom up (the last letter is the top piece).
func (s *State) String() string { return s.StringIn("en") }

// StringIn is String with the legend in lang (see game.StateText).
func (s *State) StringIn(lang string) string {
	var b strings.Builder
	w := 4 // column width: the tallest stack and two spaces
	for _, h := range s.heights {
		w = max(w, int(h)+2)
	}
	b.WriteString("   ")
	for f := 0; f < Size; f++ {
		fmt.Fprintf(&b, "%-*c", w, 'a'+f)
	}
	b.WriteString("\n")
	for r := Size - 1; r >= 0; r-- {
		fmt.Fprintf(&b, "%d  ", r+1)
		for f := 0; f < Size; f++ {
			c := r*Size + f
			cell := "."
			if s.heights[c] > 0 {
				cell = ""
				for i := uint8(0); i < s.heights[c]; i++ {
					cell += string(colourLetters[s.stacks[c]>>i&1])
				}
			}
			fmt.Fprintf(&b, "%-*s", w, cell)
		}
		b.WriteString("\n")
	}
	b.WriteString(game.Text{
		EN: "(stacks bottom to top: L Light, D Dark; the last letter is the top)",
		FR: "(piles de bas en haut : L Clair, D Foncé ; la dernière lettre est le dessus)",
	}.In(lang) + "\n")
	return b.String()
}
