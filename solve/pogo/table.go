package pogosolve

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"sync"

	kflate "github.com/klauspost/compress/flate"

	"github.com/plateau-games/plateau/games/pogo"
)

// Result is the game-theoretic result of a position for the side to move.
type Result uint8

const (
	Loss        Result = iota // the side to move loses against best play
	Win                       // the side to move can force a win
	Draw                      // neither side can force a win
	Unreachable               // the side to move tops every stack: never occurs
)

var resultNames = [...]string{"loss", "win", "draw", "unreachable"}

// String gives the result as used in JSON output.
func (r Result) String() string {
	if int(r) < len(resultNames) {
		return resultNames[r]
	}
	return fmt.Sprintf("result(%d)", int(r))
}

// Value is a position's value for the side to move: the result and, for a
// win or a loss, the number of plies to the end with best play (the winner
// wins as fast as he can, the loser holds out as long as he can).
type Value struct {
	Result Result
	Plies  int
}

// String is "win in 7 plies", "loss in 0 plies" (the game is over), "draw"
// or "unreachable".
func (v Value) String() string {
	switch v.Result {
	case Win, Loss:
		return fmt.Sprintf("%s in %d plies", v.Result, v.Plies)
	}
	return v.Result.String()
}

// resultNamesFR are the results in French, for In.
var resultNamesFR = [...]string{"perte", "gain", "nulle", "inaccessible"}

// In is String in lang ("en" or "fr").
func (v Value) In(lang string) string {
	if lang != "fr" || int(v.Result) >= len(resultNamesFR) {
		return v.String()
	}
	if v.Result == Win || v.Result == Loss {
		return fmt.Sprintf("%s en %d coups", resultNamesFR[v.Result], v.Plies)
	}
	return resultNamesFR[v.Result]
}

// valueOf decodes an entry.
func valueOf(e byte) Value {
	switch {
	case e == entryDraw:
		return Value{Result: Draw}
	case e == entryUnreachable:
		return Value{Result: Unreachable}
	case e%2 == 1:
		return Value{Result: Win, Plies: int(e)}
	}
	return Value{Result: Loss, Plies: int(e)}
}

// Table holds the value of every position: one byte for each position with
// Light to move, indexed as described in the package comment; a position
// with Dark to move has the value of its colour mirror.
type Table struct {
	sp   *space
	data []byte
}

// Pieces is the number of pieces a side of the table's positions (6 for
// POGO; tests use smaller tables).
func (t *Table) Pieces() int { return t.sp.k }

// ValueOf returns the value of p for its side to move. It fails when p
// does not hold the table's number of pieces of each colour.
func (t *Table) ValueOf(p Position) (Value, error) {
	if k := p.pieces(); k != t.sp.k {
		return Value{}, fmt.Errorf("the table is for %d pieces a side; the position has not", t.sp.k)
	}
	return valueOf(t.data[t.sp.canonical(p)]), nil
}

// Value returns the value of s for its side to move (a finished game is a
// loss in 0 plies). It panics if t is not the table of POGO (six pieces a
// side), which is a programming error.
func (t *Table) Value(s *pogo.State) Value {
	v, err := t.ValueOf(PositionOf(s))
	if err != nil {
		panic("pogosolve: " + err.Error())
	}
	return v
}

// Stats counts the positions of the table by value, both sides to move
// (each count is twice the count over the canonical half).
type Stats struct {
	Positions   int `json:"positions"`
	Won         int `json:"won"`
	Lost        int `json:"lost"`
	Terminal    int `json:"terminal"` // lost in 0 plies: the game is over
	Drawn       int `json:"drawn"`
	Unreachable int `json:"unreachable"`
	// LongestWin and LongestLoss are the largest distances of a win and
	// of a loss; the examples are positions that have them.
	LongestWin         int    `json:"longest_win"`
	LongestWinExample  string `json:"longest_win_example"`
	LongestLoss        int    `json:"longest_loss"`
	LongestLossExample string `json:"longest_loss_example"`
	// ByDistance[d] counts the positions won or lost in d plies.
	ByDistance []int `json:"by_distance"`
}

// Stats counts the table's positions.
func (t *Table) Stats() Stats {
	var mu sync.Mutex
	var hist [256]int
	parallel(Options{}.workers(), len(t.data), func(_, lo, hi int) {
		var local [256]int
		for _, e := range t.data[lo:hi] {
			local[e]++
		}
		mu.Lock()
		for i, n := range local {
			hist[i] += n
		}
		mu.Unlock()
	})
	st := Stats{Positions: 2 * len(t.data), Drawn: 2 * hist[entryDraw], Unreachable: 2 * hist[entryUnreachable], Terminal: 2 * hist[0]}
	for d := 0; d <= MaxDistance; d++ {
		if hist[d] == 0 {
			continue
		}
		st.ByDistance = append(st.ByDistance, make([]int, d+1-len(st.ByDistance))...)
		st.ByDistance[d] = 2 * hist[d]
		if d%2 == 1 {
			st.Won += 2 * hist[d]
			st.LongestWin = d
		} else {
			st.Lost += 2 * hist[d]
			st.LongestLoss = d
		}
	}
	st.LongestWinExample = t.example(byte(st.LongestWin))
	st.LongestLossExample = t.example(byte(st.LongestLoss))
	return st
}

// example is the text of the first position with entry e ("" if none).
func (t *Table) example(e byte) string {
	for i, x := range t.data {
		if x == e {
			return t.sp.position(i).Text()
		}
	}
	return ""
}

// The table file: a header, the entries in segments compressed with
// DEFLATE each (so that both ends can work on several at once), and the
// CRC-32C of the uncompressed entries. Integers are little-endian.
//
//	offset  size   content
//	0       8      magic "POGOSOL1"
//	8       1      pieces a side (6)
//	9       7      zero
//	16      8      number of entries N (positions with Light to move)
//	24      8      entries a segment S (the last segment may be shorter)
//	32      8×⌈N/S⌉ compressed size of each segment
//	...            the segments: DEFLATE streams of S entries, one byte each,
//	               in index order
//	end-4   4      CRC-32C (Castagnoli) of the N entries
const magic = "POGOSOL1"

// segmentSize is the number of entries a segment of the file holds.
const segmentSize = 1 << 23

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// DefaultPath is where 'plateau solve pogo' keeps the table:
// pogo.solution in the plateau folder of the user's cache directory
// ($XDG_CACHE_HOME or ~/.cache on Linux), or in the current directory when
// there is no cache directory.
func DefaultPath() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "pogo.solution"
	}
	return filepath.Join(dir, "plateau", "pogo.solution")
}

// Save writes the table to path, through a temporary file renamed at the
// end so that an interrupted save never leaves a truncated table. Missing
// folders are created.
func (t *Table) Save(path string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name()) // fails harmlessly once renamed
	if _, err := t.WriteTo(f); err != nil {
		f.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}

// WriteTo writes the table in the file format.
func (t *Table) WriteTo(w io.Writer) (int64, error) {
	n := len(t.data)
	segments := make([][]byte, (n+segmentSize-1)/segmentSize)
	parallelBy(Options{}.workers(), len(segments), 1, func(_, lo, _ int) {
		var b bytes.Buffer
		// Level 1 (the fastest) compresses nearly as well as the best
		// level here, in a fraction of the time.
		zw, _ := flate.NewWriter(&b, flate.BestSpeed)
		zw.Write(t.data[lo*segmentSize : min((lo+1)*segmentSize, n)])
		zw.Close() // writing to memory cannot fail
		segments[lo] = b.Bytes()
	})
	header := make([]byte, 32, 32+8*len(segments))
	copy(header, magic)
	header[8] = byte(t.sp.k)
	binary.LittleEndian.PutUint64(header[16:], uint64(n))
	binary.LittleEndian.PutUint64(header[24:], segmentSize)
	for _, seg := range segments {
		header = binary.LittleEndian.AppendUint64(header, uint64(len(seg)))
	}
	cw := &countingWriter{w: w}
	cw.Write(header)
	for _, seg := range segments {
		cw.Write(seg)
	}
	cw.Write(binary.LittleEndian.AppendUint32(nil, crc32.Checksum(t.data, castagnoli)))
	return cw.n, cw.err
}

// countingWriter counts what it writes and keeps the first error, after
// which it writes nothing.
type countingWriter struct {
	w   io.Writer
	n   int64
	err error
}

func (c *countingWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	c.n += int64(n)
	c.err = err
	return n, err
}

// Load reads a table file written by Save.
func Load(path string) (*Table, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	t, err := Read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

// Read reads a table in the file format and checks its size and checksum.
func Read(r io.Reader) (*Table, error) {
	var header [32]byte
	if _, err := io.ReadFull(r, header[:]); err != nil || string(header[:8]) != magic {
		return nil, errors.New("not a POGO solution table (bad header)")
	}
	sp, err := spaceFor(int(header[8]))
	if err != nil {
		return nil, fmt.Errorf("bad header: %w", err)
	}
	if n := binary.LittleEndian.Uint64(header[16:]); n != uint64(sp.size) {
		return nil, fmt.Errorf("bad header: %d entries, but %d pieces a side make %d positions with Light to move", n, sp.k, sp.size)
	}
	size := binary.LittleEndian.Uint64(header[24:])
	if size == 0 || size > 1<<30 {
		return nil, fmt.Errorf("bad header: %d entries a segment", size)
	}
	count := (uint64(sp.size) + size - 1) / size
	lengths := make([]byte, 8*count)
	if _, err := io.ReadFull(r, lengths); err != nil {
		return nil, errors.New("truncated header")
	}
	segments := make([][]byte, count)
	for i := range segments {
		n := binary.LittleEndian.Uint64(lengths[8*i:])
		if n > 2*size+1024 { // DEFLATE never grows data that much
			return nil, fmt.Errorf("bad header: segment %d of %d bytes", i, n)
		}
		segments[i] = make([]byte, n)
		if _, err := io.ReadFull(r, segments[i]); err != nil {
			return nil, errors.New("truncated entries")
		}
	}
	var sum [4]byte
	if _, err := io.ReadFull(r, sum[:]); err != nil {
		return nil, errors.New("missing checksum: the file is truncated")
	}
	t := &Table{sp: sp, data: make([]byte, sp.size)}
	var mu sync.Mutex
	var bad error
	parallelBy(Options{}.workers(), len(segments), 1, func(_, i, _ int) {
		part := t.data[i*int(size) : min((i+1)*int(size), sp.size)]
		// klauspost's decoder reads the same DEFLATE streams in about
		// half the time of the standard library's (the table is read by
		// every command that uses it).
		zr := kflate.NewReader(bytes.NewReader(segments[i]))
		_, err := io.ReadFull(zr, part)
		if err == nil {
			// The stream must end exactly there.
			if n, _ := zr.Read(make([]byte, 1)); n != 0 {
				err = errors.New("too many entries")
			}
		}
		if err != nil {
			mu.Lock()
			bad = fmt.Errorf("damaged entries in segment %d: %w", i, err)
			mu.Unlock()
		}
	})
	if bad != nil {
		return nil, bad
	}
	if binary.LittleEndian.Uint32(sum[:]) != crc32.Checksum(t.data, castagnoli) {
		return nil, errors.New("checksum mismatch: the file is damaged")
	}
	return t, nil
}
