package main

// The rules of POGO, written from the French rule sheet (pogo.fr.txt), the
// project's DECISIONS.md and docs/rules/pogo.md only.

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Colours. Light (player 1) moves first.
const (
	Light = 0
	Dark  = 1
)

// PlyLimit is the software ply limit of DECISIONS.md: a game that reaches it
// without a winner is drawn.
const PlyLimit = 400

// PiecesPerSide is the number of pieces each player owns.
const PiecesPerSide = 6

// Cells are numbered a1=0, b1=1, c1=2, a2=3, ..., c3=8.
func cellName(c int) string {
	return string(rune('a'+c%3)) + string(rune('1'+c/3))
}

func parseCell(s string) (int, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'c' || s[1] < '1' || s[1] > '3' {
		return 0, false
	}
	return int(s[0]-'a') + 3*int(s[1]-'1'), true
}

// Board is a position: nine stacks and the colour to move. Stack c holds
// H[c] pieces; bit i of Bits[c] is the colour of its i-th piece from the
// bottom (1 = Dark). Bits above the height are always zero, so Board values
// can be compared with ==.
type Board struct {
	H      [9]uint8
	Bits   [9]uint16
	ToMove uint8
}

// StartBoard is the start position: Light LL on a1, b1, c1, Dark DD on a3,
// b3, c3, Light to move.
func StartBoard() Board {
	var b Board
	for f := 0; f < 3; f++ {
		b.H[f], b.Bits[f] = 2, 0
		b.H[6+f], b.Bits[6+f] = 2, 3
	}
	return b
}

// Top is the colour of the top piece of stack c, or -1 for an empty cell.
func (b *Board) Top(c int) int {
	if b.H[c] == 0 {
		return -1
	}
	return int(b.Bits[c]>>(b.H[c]-1)) & 1
}

// Controls reports whether colour col tops every non-empty stack.
func (b *Board) Controls(col int) bool {
	for c := 0; c < 9; c++ {
		if b.H[c] != 0 && b.Top(c) != col {
			return false
		}
	}
	return true
}

// MoverWon reports whether the player who has just moved (the one not to
// move) tops every stack: the game is then over and he has won.
func (b *Board) MoverWon() bool { return b.Controls(int(b.ToMove ^ 1)) }

// Key is an exact 64-bit code of the position: the colour sequence read cell
// by cell from the bottom (12 bits), the nine heights (4 bits each) and the
// side to move.
func (b *Board) Key() uint64 {
	var seq, heights uint64
	pos := uint(0)
	for c := 0; c < 9; c++ {
		seq |= uint64(b.Bits[c]) << pos
		pos += uint(b.H[c])
		heights |= uint64(b.H[c]) << (4 * uint(c))
	}
	return seq | heights<<12 | uint64(b.ToMove)<<48
}

// Move takes the top N pieces of cell From to cell To.
type Move struct{ From, N, To uint8 }

func (m Move) String() string {
	return strconv.Itoa(int(m.N)) + cellName(int(m.From)) + "-" + cellName(int(m.To))
}

// dests[c][n] lists, in increasing cell order, the cells a block of n pieces
// can reach from c: every path of n orthogonal steps that stays on the board
// and never goes straight back over the step it just made. Different paths to
// one cell give one move.
var dests [9][4][]uint8

// moveCount[c][h] is the number of moves of a stack of height h on c (h
// capped at 3), for mobility counts.
var moveCount [9][4]int

func init() {
	// Directions: 0 north, 1 south, 2 east, 3 west; d^1 is the reverse of d.
	df := [4]int{0, 0, 1, -1}
	dr := [4]int{1, -1, 0, 0}
	var walk func(f, r, prev, left int, seen *[9]bool)
	walk = func(f, r, prev, left int, seen *[9]bool) {
		if left == 0 {
			seen[f+3*r] = true
			return
		}
		for d := 0; d < 4; d++ {
			if prev >= 0 && d == prev^1 {
				continue
			}
			nf, nr := f+df[d], r+dr[d]
			if nf < 0 || nf > 2 || nr < 0 || nr > 2 {
				continue
			}
			walk(nf, nr, d, left-1, seen)
		}
	}
	for c := 0; c < 9; c++ {
		for n := 1; n <= 3; n++ {
			var seen [9]bool
			walk(c%3, c/3, -1, n, &seen)
			for d := 0; d < 9; d++ {
				if seen[d] && d != c {
					dests[c][n] = append(dests[c][n], uint8(d))
				}
			}
			moveCount[c][n] = moveCount[c][n-1] + len(dests[c][n])
		}
	}
}

// LegalMoves appends the moves of the side to move to buf, in a fixed order:
// start cell a1..c3, then block size, then end cell. It does not look at
// whether the game is over.
func (b *Board) LegalMoves(buf []Move) []Move {
	me := int(b.ToMove)
	for c := 0; c < 9; c++ {
		h := int(b.H[c])
		if h == 0 || b.Top(c) != me {
			continue
		}
		for n := 1; n <= 3 && n <= h; n++ {
			for _, d := range dests[c][n] {
				buf = append(buf, Move{uint8(c), uint8(n), d})
			}
		}
	}
	return buf
}

// Apply plays m (assumed legal) and returns the new position.
func (b Board) Apply(m Move) Board {
	h, n := b.H[m.From], m.N
	block := b.Bits[m.From] >> (h - n)
	b.Bits[m.From] &= 1<<(h-n) - 1
	b.H[m.From] = h - n
	b.Bits[m.To] |= block << b.H[m.To]
	b.H[m.To] += n
	b.ToMove ^= 1
	return b
}

// WinningMove returns a move that makes the side to move top every stack.
func (b *Board) WinningMove() (Move, bool) {
	var buf [48]Move
	for _, m := range b.LegalMoves(buf[:0]) {
		if nb := b.Apply(m); nb.MoverWon() {
			return m, true
		}
	}
	return Move{}, false
}

// Perft counts the leaves of the move tree the chess way: depth 0 counts 1, a
// finished game at depth > 0 counts 0.
func Perft(b Board, depth int) int64 {
	if depth == 0 {
		return 1
	}
	if b.MoverWon() {
		return 0
	}
	var buf [48]Move
	moves := b.LegalMoves(buf[:0])
	if depth == 1 {
		return int64(len(moves))
	}
	var n int64
	for _, m := range moves {
		n += Perft(b.Apply(m), depth-1)
	}
	return n
}

// ParseMove reads a move in the notation of docs/rules/pogo.md: the number of
// pieces (optional when only one block reaches the cell), the start cell, a
// dash and the end cell; case-insensitive, spaces allowed. It must be legal
// in b.
func (b *Board) ParseMove(s string) (Move, error) {
	t := strings.ToLower(strings.ReplaceAll(s, " ", ""))
	n := 0
	if len(t) > 0 && t[0] >= '0' && t[0] <= '9' {
		n = int(t[0] - '0')
		t = t[1:]
	}
	from, to, ok := strings.Cut(t, "-")
	fc, ok1 := parseCell(from)
	tc, ok2 := parseCell(to)
	if !ok || !ok1 || !ok2 || (n != 0 && (n < 1 || n > 3)) {
		return Move{}, fmt.Errorf("%q is not a move: write the number of pieces (1 to 3), the start cell, a dash and the end cell, e.g. 2b1-b3", s)
	}
	var buf [48]Move
	var found []Move
	for _, m := range b.LegalMoves(buf[:0]) {
		if int(m.From) == fc && int(m.To) == tc && (n == 0 || int(m.N) == n) {
			found = append(found, m)
		}
	}
	switch len(found) {
	case 0:
		return Move{}, fmt.Errorf("%q is not a legal move here", s)
	case 1:
		return found[0], nil
	}
	return Move{}, fmt.Errorf("%q is ambiguous: give the number of pieces (%s or %s)", s, found[0], found[1])
}

// ParsePosition reads the position text of docs/rules/pogo.md, e.g.
// "DD,DD,DD/-,-,-/LL,LL,LL L 0", given as its three fields.
func ParsePosition(fields []string) (Board, int, error) {
	var b Board
	if len(fields) != 3 {
		return b, 0, errors.New("a position text has three fields: stacks, player to move, ply")
	}
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != 3 {
		return b, 0, errors.New("the stacks need three ranks separated by /")
	}
	var count [2]int
	for i, rank := range ranks {
		cells := strings.Split(rank, ",")
		if len(cells) != 3 {
			return b, 0, fmt.Errorf("rank %d needs three cells separated by ,", 3-i)
		}
		for f, s := range cells {
			c := f + 3*(2-i)
			if s == "-" {
				continue
			}
			for _, ch := range strings.ToUpper(s) {
				var col int
				switch ch {
				case 'L':
					col = Light
				case 'D':
					col = Dark
				default:
					return b, 0, fmt.Errorf("bad stack %q: use L, D or -", s)
				}
				if b.H[c] >= 12 {
					return b, 0, errors.New("too many pieces")
				}
				b.Bits[c] |= uint16(col) << b.H[c]
				b.H[c]++
				count[col]++
			}
		}
	}
	if count[Light] != PiecesPerSide || count[Dark] != PiecesPerSide {
		return b, 0, fmt.Errorf("a position needs %d pieces of each colour", PiecesPerSide)
	}
	switch strings.ToUpper(fields[1]) {
	case "L":
		b.ToMove = Light
	case "D":
		b.ToMove = Dark
	default:
		return b, 0, fmt.Errorf("bad player to move %q: L or D", fields[1])
	}
	ply, err := strconv.Atoi(fields[2])
	if err != nil || ply < 0 {
		return b, 0, fmt.Errorf("bad ply count %q", fields[2])
	}
	if b.Controls(int(b.ToMove)) {
		return b, 0, errors.New("the player to move cannot already top every stack")
	}
	return b, ply, nil
}

// PositionText writes b in the position text form.
func (b *Board) PositionText(ply int) string {
	var sb strings.Builder
	for r := 2; r >= 0; r-- {
		for f := 0; f < 3; f++ {
			c := f + 3*r
			if b.H[c] == 0 {
				sb.WriteByte('-')
			}
			for i := uint8(0); i < b.H[c]; i++ {
				sb.WriteByte("LD"[b.Bits[c]>>i&1])
			}
			if f < 2 {
				sb.WriteByte(',')
			}
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	fmt.Fprintf(&sb, " %c %d", "LD"[b.ToMove], ply)
	return sb.String()
}

// Game is a position with its history, for repetitions and the ply limit.
type Game struct {
	StartPly int
	Boards   []Board // Boards[0] is the position given; one more per move
	Moves    []Move
}

// NewGame starts a game at b, which has ply count ply.
func NewGame(b Board, ply int) *Game {
	return &Game{StartPly: ply, Boards: []Board{b}}
}

// Current is the position now.
func (g *Game) Current() *Board { return &g.Boards[len(g.Boards)-1] }

// Ply is the ply count of the current position.
func (g *Game) Ply() int { return g.StartPly + len(g.Moves) }

// Occurrences counts how often the current position has occurred, itself
// included.
func (g *Game) Occurrences() int {
	cur := *g.Current()
	n := 0
	for i := range g.Boards {
		if g.Boards[i] == cur {
			n++
		}
	}
	return n
}

// Result: whether the game is over, the winning colour (-1 for a draw) and
// why.
func (g *Game) Result() (over bool, winner int, reason string) {
	b := g.Current()
	switch {
	case b.MoverWon():
		return true, int(b.ToMove ^ 1), "all stacks"
	case g.Occurrences() >= 3:
		return true, -1, "threefold repetition"
	case g.Ply() >= PlyLimit:
		return true, -1, "ply limit"
	}
	return false, -1, ""
}

// Play plays a move given in notation.
func (g *Game) Play(s string) error {
	if over, _, reason := g.Result(); over {
		return fmt.Errorf("the game is over (%s)", reason)
	}
	m, err := g.Current().ParseMove(s)
	if err != nil {
		return err
	}
	g.Moves = append(g.Moves, m)
	g.Boards = append(g.Boards, g.Current().Apply(m))
	return nil
}

// Legal lists the legal moves, none once the game is over.
func (g *Game) Legal() []Move {
	if over, _, _ := g.Result(); over {
		return nil
	}
	return g.Current().LegalMoves(nil)
}
