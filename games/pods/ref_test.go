package pods_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/internal/gametest"
	"github.com/plateau-games/plateau/games/pods"
)

// refMoves is a second, deliberately plain implementation of the move rules
// (from DECISIONS, with pods.Linked for the board and DesignTable for the
// feet), working on the position text. It lists the legal moves of the side
// named in the text, whether or not the game is over, sorted.
func refMoves(t *testing.T, level pods.Level, orientation int, text string) []string {
	t.Helper()
	fields := strings.Fields(text)
	type pod struct{ seat, design int }
	board := map[int]pod{}
	for i, rank := range strings.Split(fields[0], "/") {
		r, f := 5-i, 0
		for j := 0; j < len(rank); {
			ch := rank[j]
			j++
			if ch == '.' {
				f++
				continue
			}
			code := string(ch)
			if j < len(rank) && rank[j] >= '0' && rank[j] <= '9' {
				code += string(rank[j])
				j++
			}
			seat := 0
			if ch >= 'a' {
				seat = 1
			}
			d := slices.IndexFunc(pods.DesignTable[:], func(row pods.Design) bool {
				return row.Code == strings.ToUpper(code)
			})
			board[r*6+f] = pod{seat, d}
			f++
		}
	}
	side := 0
	if fields[3] == "b" {
		side = 1
	}
	first := fields[4] == "bipode"
	type foot struct {
		dx, dy int
		run    bool
	}
	rel := map[string][2]int{"F": {0, 1}, "B": {0, -1}, "L": {-1, 0}, "R": {1, 0}, "FL": {-1, 1}, "FR": {1, 1}, "BL": {-1, -1}, "BR": {1, -1}}
	feet := func(seat, design int) []foot {
		var out []foot
		for _, f := range strings.Split(pods.DesignTable[design].Feet, ",") {
			parts := strings.Fields(f)
			v := rel[parts[0]]
			if seat == 1 {
				v[0], v[1] = -v[0], -v[1]
			}
			out = append(out, foot{v[0], v[1], parts[1] == "r"})
		}
		return out
	}
	onBoard := func(x, y int) bool { return x >= 0 && x < 6 && y >= 0 && y < 6 }
	next := func(p, dx, dy int) int { // linked neighbour or -1
		x, y := p%6+dx, p/6+dy
		if !onBoard(x, y) || !pods.Linked(orientation, cell(p), cell(y*6+x)) {
			return -1
		}
		return y*6 + x
	}
	occupied := func(p int) bool { _, ok := board[p]; return ok }

	var out []string
	// Placements.
	controlled := map[int]bool{}
	for p, pd := range board {
		if pd.seat == side {
			continue
		}
		for _, f := range feet(pd.seat, pd.design) {
			for q := next(p, f.dx, f.dy); q >= 0 && !occupied(q); q = next(q, f.dx, f.dy) {
				controlled[q] = true
				if !f.run {
					break
				}
			}
		}
	}
	res := fields[1+side]
	if res != "-" {
		for _, code := range strings.Split(res, ",") {
			code = strings.ToUpper(code)
			if first && side == 0 && !strings.HasPrefix(code, "B") {
				continue
			}
			d := slices.IndexFunc(pods.DesignTable[:], func(row pods.Design) bool {
				return row.Code == code
			})
			for p := 0; p < 36; p++ {
				if occupied(p) || controlled[p] {
					continue
				}
				moves, threat := false, false
				for _, f := range feet(side, d) {
					q := next(p, f.dx, f.dy)
					if q >= 0 && !occupied(q) {
						moves = true
					}
					for ; q >= 0; q = next(q, f.dx, f.dy) {
						if occupied(q) {
							threat = threat || board[q].seat != side
							break
						}
						if !f.run {
							break
						}
					}
				}
				if moves && !threat {
					out = append(out, code+"@"+cell(p))
				}
			}
		}
	}
	if level == pods.Basic {
		slices.Sort(out)
		return out
	}
	// Moves, shoves and kicks.
	for p, pd := range board {
		if pd.seat != side {
			continue
		}
		for _, f := range feet(side, pd.design) {
			q, steps := next(p, f.dx, f.dy), 0
			for ; q >= 0 && !occupied(q); q = next(q, f.dx, f.dy) {
				out = append(out, cell(p)+"-"+cell(q))
				steps++
				if !f.run {
					break
				}
			}
			if level != pods.Expert || q < 0 || !occupied(q) || (!f.run && steps > 0) {
				continue
			}
			// q is the first pod met: shove the line behind it.
			shove := ""
			line := ""
			for c := q; ; {
				n := next(c, f.dx, f.dy)
				if n < 0 {
					line = ""
					break
				}
				line += ">" + cell(n)
				if !occupied(n) {
					shove = line
					break
				}
				c = n
			}
			if shove != "" {
				out = append(out, cell(p)+"-"+cell(q)+shove)
			}
			if f.run && steps == 0 {
				x, y := q%6+f.dx, q/6+f.dy
				for ; onBoard(x, y) && !occupied(y*6+x); x, y = x+f.dx, y+f.dy {
					kick := cell(p) + "-" + cell(q) + ">" + cell(y*6+x)
					if !slices.Contains(out, kick) {
						out = append(out, kick)
					}
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

// Random games of every level agree with the reference at every ply.
func TestAgainstReference(t *testing.T) {
	var buf []game.Move
	for _, level := range []pods.Level{pods.Basic, pods.Advanced, pods.Expert} {
		for orientation := 0; orientation < 2; orientation++ {
			v := pods.Variant(level, orientation)
			rng := rand.New(rand.NewPCG(uint64(level), uint64(orientation)))
			plies, displacing := 0, 0
			for g := 0; g < 25; g++ {
				s := v.Start()
				for ply := 0; ply < 200; ply++ {
					got := gametest.Legal(s)
					want := refMoves(t, level, orientation, s.Encode())
					if s.Outcome().Ended() {
						if s.Outcome().Reason == "no placement or move" && len(want) != 0 {
							t.Fatalf("%s: the loser has moves %v in %s", v, want, s.Encode())
						}
						break
					}
					if strings.Join(got, " ") != strings.Join(want, " ") {
						t.Fatalf("%s at %s:\n got %v\nwant %v", v, s.Encode(), got, want)
					}
					for _, m := range got {
						if strings.Contains(m, ">") {
							displacing++
						}
					}
					buf = s.LegalMoves(buf)
					s.Apply(buf[rng.IntN(len(buf))])
					plies++
				}
			}
			t.Logf("%s: %d plies checked, %d shoves and kicks listed", v, plies, displacing)
			if level == pods.Expert && displacing < 1000 {
				t.Fatalf("only %d shoves and kicks met", displacing)
			}
		}
	}
}
