package blocus_test

// An independent reference of Le Blocus and its readings (DECISIONS.md),
// written from the rule text apart from the package: it reads the position
// text, finds the king's exit paths by a depth-first search over (cell,
// heading) and lists the legal moves as notations. Random games are played
// in lockstep with the package; the move sets must agree at every ply.
// PLATEAU_READINGS_GAMES sets the number of games a reading (thousands by
// hand).

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/blockade/blocus"
)

type refBlocus struct {
	exitOptional bool
	sameFile     bool
	path         string // sideways, any, straight
}

type refPos struct {
	g       [12][12]byte // [file][rank]
	toMove  int          // 0 South, 1 North
	passes  int
	rb      refBlocus
	kings   [2][2]int // home (file, rank)
	forward [2]int    // rank step out
}

func refRead(t *testing.T, rb refBlocus, text string) *refPos {
	t.Helper()
	f := strings.Fields(text)
	p := &refPos{rb: rb, kings: [2][2]int{{4, 1}, {7, 10}}, forward: [2]int{1, -1}}
	if rb.sameFile {
		p.kings[1] = [2]int{4, 10}
	}
	for i, row := range strings.Split(f[0], "/") {
		for file := 0; file < 12; file++ {
			p.g[file][11-i] = row[file]
		}
	}
	p.toMove = strings.Index("SN", f[1])
	p.passes, _ = strconv.Atoi(f[2])
	return p
}

func (p *refPos) inKingSection(f, r int) bool {
	for _, k := range p.kings {
		if f/3 == k[0]/3 && r/3 == k[1]/3 {
			return true
		}
	}
	return false
}

func (p *refPos) guards(side int) int {
	n := 0
	for f := 0; f < 12; f++ {
		for r := 0; r < 12; r++ {
			if p.g[f][r] == "Gg"[side] {
				n++
			}
		}
	}
	return n
}

// exitPath: headings 0 north, 1 east, 2 south, 3 west.
func (p *refPos) exitPath(side int) bool {
	kf, kr := p.kings[side][0], p.kings[side][1]
	if p.g[kf][kr] != "Kk"[side] {
		return false
	}
	df := [4]int{0, 1, 0, -1}
	dr := [4]int{1, 0, -1, 0}
	fwd := 0
	if side == 1 {
		fwd = 2
	}
	other := "kK"[side]
	blocked := func(f, r int) bool { c := p.g[f][r]; return c == other || c == 'G' || c == 'g' }
	off := func(f, r int) bool { return f < 0 || f > 11 || r < 0 || r > 11 }
	if p.rb.path == "straight" {
		for r := kr + p.forward[side]; r >= 0 && r < 12; r += p.forward[side] {
			if p.g[kf][r] != '.' {
				return false
			}
		}
		return true
	}
	seen := map[[3]int]bool{}
	var run func(f, r, d int) bool
	run = func(f, r, d int) bool {
		for {
			nf, nr := f+df[d], r+dr[d]
			if off(nf, nr) {
				return d == fwd
			}
			c := p.g[nf][nr]
			if c == other {
				return false
			}
			if c == 'G' || c == 'g' {
				for _, t := range []int{(d + 3) % 4, (d + 1) % 4} {
					mf, mr := f+df[t], r+dr[t]
					if off(mf, mr) {
						if t == fwd {
							return true
						}
						continue
					}
					if blocked(mf, mr) || seen[[3]int{mf, mr, t}] {
						continue
					}
					seen[[3]int{mf, mr, t}] = true
					if run(mf, mr, t) {
						return true
					}
				}
				return false
			}
			if seen[[3]int{nf, nr, d}] {
				return false
			}
			seen[[3]int{nf, nr, d}] = true
			f, r = nf, nr
		}
	}
	starts := []int{3, 1}
	if p.rb.path == "any" {
		starts = append(starts, fwd)
	}
	for _, d := range starts {
		seen[[3]int{kf, kr, d}] = true
	}
	for _, d := range starts {
		if run(kf, kr, d) {
			return true
		}
	}
	return false
}

func cellName(f, r int) string { return fmt.Sprintf("%c%d", 'a'+f, r+1) }

func (p *refPos) moves() []string {
	if p.passes >= 2 || p.g[p.kings[0][0]][p.kings[0][1]] != 'K' || p.g[p.kings[1][0]][p.kings[1][1]] != 'k' {
		return nil
	}
	me := p.toMove
	var out []string
	if p.exitPath(me) {
		out = append(out, "exit")
		if !p.rb.exitOptional {
			return out
		}
	}
	if n := p.guards(me); n < 6 {
		for f := 0; f < 12; f++ {
			for r := 0; r < 12; r++ {
				circle := f%3 == 1 && r%3 == 1
				if p.g[f][r] == '.' && !p.inKingSection(f, r) && !(n == 0 && circle) {
					out = append(out, "@"+cellName(f, r))
				}
			}
		}
	} else {
		for f := 0; f < 12; f++ {
			for r := 0; r < 12; r++ {
				if p.g[f][r] != "Gg"[me] {
					continue
				}
				for _, d := range [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
					for tf, tr := f+d[0], r+d[1]; tf >= 0 && tf < 12 && tr >= 0 && tr < 12 && p.g[tf][tr] == '.'; tf, tr = tf+d[0], tr+d[1] {
						if !p.inKingSection(tf, tr) {
							out = append(out, cellName(f, r)+"-"+cellName(tf, tr))
						}
					}
				}
			}
		}
	}
	if len(out) == 0 {
		out = append(out, "pass")
	}
	return out
}

func TestIndependentReadingsLockstep(t *testing.T) {
	games := 15
	if n, err := strconv.Atoi(os.Getenv("PLATEAU_READINGS_GAMES")); err == nil && n > 0 {
		games = n
	}
	for _, rb := range []refBlocus{
		{path: "sideways"}, {exitOptional: true, path: "sideways"}, {sameFile: true, path: "sideways"},
		{path: "any"}, {path: "straight"}, {exitOptional: true, path: "straight"},
		{exitOptional: true, sameFile: true, path: "any"}, {exitOptional: true, sameFile: true, path: "straight"},
	} {
		opts := game.Options{"kingpath": rb.path}
		if rb.exitOptional {
			opts["exit"] = "optional"
		}
		if rb.sameFile {
			opts["kings"] = "same-file"
		}
		v, err := game.NewVariant("blocus", opts)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(opts.String(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(7, uint64(len(opts.String()))))
			for g := 0; g < games; g++ {
				s := v.Start().(*blocus.State)
				for ply := 0; ply < 400; ply++ {
					var got []string
					legal := s.LegalMoves(nil)
					for _, m := range legal {
						got = append(got, s.MoveString(m))
					}
					want := refRead(t, rb, s.Encode()).moves()
					slices.Sort(got)
					slices.Sort(want)
					if !slices.Equal(got, want) {
						t.Fatalf("game %d ply %d, %s:\npackage   %v\nreference %v", g, ply, s.Encode(), got, want)
					}
					if len(legal) == 0 {
						break
					}
					// Exits end the game at once: take them rarely, so
					// that games reach the guard moves.
					m := legal[rng.IntN(len(legal))]
					if len(legal) > 1 && s.MoveString(legal[0]) == "exit" && rng.IntN(8) != 0 {
						m = legal[1+rng.IntN(len(legal)-1)]
					}
					s.Apply(m)
				}
			}
		})
	}
}
