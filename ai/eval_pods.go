package ai

import (
	"math/bits"
	"strconv"
	"strings"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/pods"
)

func init() {
	RegisterEval("pods", evalPods)
	// Alpha-beta with this evaluation beats MCTS at a fraction of its cost
	// (depth 2 against 3000 iterations: 80%). Depths 2 to 5 are close in
	// strength at the basic level, where the seat after the opening decides
	// most games, so the lower levels get noise to err (docs/ai.md, Levels).
	RegisterLevels("pods", map[string]string{
		"easy":   "alphabeta:depth=1,noise=3",
		"medium": "alphabeta:depth=2,noise=1",
		"hard":   "alphabeta:depth=4",
		"max":    "alphabeta:time=3s",
	})
	name := func(f, r int) string { return string([]byte{byte('a' + f), byte('1' + r)}) }
	for o := 0; o < 4; o++ {
		for p := 0; p < podsPoints; p++ {
			f, r := p%pods.Size, p/pods.Size
			for d, delta := range podsDeltas {
				podsStep[o][p][d] = -1
				nf, nr := f+delta[0], r+delta[1]
				if nf >= 0 && nf < pods.Size && nr >= 0 && nr < pods.Size && pods.Linked(o, name(f, r), name(nf, nr)) {
					podsStep[o][p][d] = int8(nr*pods.Size + nf)
				}
			}
		}
	}
	for i, d := range pods.DesignTable {
		podsDesign[d.Code] = i
		podsDesign[strings.ToLower(d.Code)] = i // Black's, as the position text writes them
		for _, foot := range strings.Split(d.Feet, ",") {
			dir, kind, _ := strings.Cut(strings.TrimSpace(foot), " ")
			bit := uint8(1) << podsDirIndex[dir]
			if kind == "r" {
				podsFeet[i].run |= bit
			} else {
				podsFeet[i].walk |= bit
			}
		}
	}
}

const podsPoints = pods.Size * pods.Size

// The eight directions as White sees them (F towards rank 6, L towards
// file a), in the order of podsDirIndex; Black's are the opposite ones.
var (
	podsDeltas   = [8][2]int{{0, 1}, {0, -1}, {-1, 0}, {1, 0}, {-1, 1}, {1, 1}, {-1, -1}, {1, -1}}
	podsDirIndex = map[string]int{"F": 0, "B": 1, "L": 2, "R": 3, "FL": 4, "FR": 5, "BL": 6, "BR": 7}
	podsOpposite = [8]int{1, 0, 3, 2, 7, 6, 5, 4}
	podsStep     [4][podsPoints][8]int8 // orientation, point, direction: the linked point or -1
	podsDesign   = map[string]int{}
	podsFeet     [pods.Designs]struct{ walk, run uint8 }
)

// Weights of the PODS evaluation, in pods.
const (
	podsPlaced = 1.0 // each pod placed more than the opponent
	podsRoom   = 0.2 // each point where the side could place a pod
	podsScarce = 1.0 // the side has at most two such points left
	podsSafety = 0.3 // each of the side's pods its opponent's feet threaten
)

// evalPods weighs the pods each side still has to place (the first to place
// them all wins) and the room each side has for its placements: the points
// where one of the pods of its reserve could be placed by the rules (empty,
// not controlled by opposing feet, threatening no opposing pod, able to
// move). At the basic level a player who cannot place loses, so taking the
// opponent's room is the plan, and a side down to one or two points is in
// danger; at the other levels room also means moves. Pods threatened by
// opposing feet count against their side (at the advanced levels they can
// be shoved or blocked). It reads the position text once a call (PODS's
// accessors allocate a list per call) and recomputes control with its own
// table of links and feet, built once from pods.Linked and
// pods.DesignTable.
func evalPods(st game.State, seat int) float64 {
	s := st.(*pods.State)
	o, _ := strconv.Atoi(s.Variant().Options["orientation"])
	step := &podsStep[o&3]
	text := s.Encode()
	var owner [podsPoints]int8
	var design [podsPoints]int8
	for i := range owner {
		owner[i] = -1
	}
	i, r, f := 0, pods.Size-1, 0
	for ; i < len(text) && text[i] != ' '; i++ {
		c := text[i]
		switch {
		case c == '/':
			r, f = r-1, 0
		case c == '.':
			f++
		case c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z':
			j := i + 1
			if j < len(text) && text[j] >= '0' && text[j] <= '9' {
				j++
			}
			p := r*pods.Size + f
			owner[p] = 0
			if c >= 'a' {
				owner[p] = 1
			}
			design[p] = int8(podsDesign[text[i:j]])
			f++
			i = j - 1
		}
	}
	// The two reserves, the next two fields: their sizes and designs.
	var reserve [2]int
	var designs [2]uint16
	for side := 0; side < 2; side++ {
		i++
		j := i
		for j < len(text) && text[j] != ' ' {
			j++
		}
		for k := i; k < j; {
			e := k
			for e < j && text[e] != ',' {
				e++
			}
			if code := text[k:e]; code != "-" {
				designs[side] |= 1 << podsDesign[code]
				reserve[side]++
			}
			k = e + 1
		}
		i = j
	}
	var control [2]uint64
	var threatened [2]int
	for p := 0; p < podsPoints; p++ {
		side := owner[p]
		if side < 0 {
			continue
		}
		feet := podsFeet[design[p]]
		for d := 0; d < 8; d++ {
			walk, run := feet.walk>>d&1 != 0, feet.run>>d&1 != 0
			if !walk && !run {
				continue
			}
			dir := d
			if side == 1 {
				dir = podsOpposite[d]
			}
			for q := p; ; {
				n := step[q][dir]
				if n < 0 {
					break
				}
				if owner[n] >= 0 {
					if owner[n] != side {
						threatened[owner[n]]++
					}
					break
				}
				control[side] |= 1 << uint(n)
				if walk {
					break
				}
				q = int(n)
			}
		}
	}
	var value [2]float64
	for side := 0; side < 2; side++ {
		room := 0
		for p := 0; p < podsPoints; p++ {
			if owner[p] < 0 && control[1-side]>>uint(p)&1 == 0 && podsPlaceable(step, &owner, p, side, designs[side]) {
				room++
			}
		}
		value[side] = -podsPlaced*float64(reserve[side]) + podsRoom*float64(room) - podsSafety*float64(threatened[side])
		if room <= 2 && reserve[side] > 0 {
			value[side] -= podsScarce
		}
	}
	return value[seat] - value[1-seat]
}

// podsPlaceable reports whether one of the designs (a set) could be placed
// by side on the empty point p, control aside: none of its feet may
// threaten an opposing pod, and one of them must have an empty linked
// neighbour (the pod must be able to move).
func podsPlaceable(step *[podsPoints][8]int8, owner *[podsPoints]int8, p, side int, designs uint16) bool {
	for ; designs != 0; designs &= designs - 1 {
		feet := podsFeet[bits.TrailingZeros16(designs)]
		moves, threat := false, false
		for d := 0; d < 8 && !threat; d++ {
			walk, run := feet.walk>>d&1 != 0, feet.run>>d&1 != 0
			if !walk && !run {
				continue
			}
			dir := d
			if side == 1 {
				dir = podsOpposite[d]
			}
			n := step[p][dir]
			if n >= 0 && owner[n] < 0 {
				moves = true
			}
			for q := p; n >= 0; n = step[q][dir] {
				if owner[n] >= 0 {
					threat = int(owner[n]) != side
					break
				}
				if walk {
					break
				}
				q = int(n)
			}
		}
		if moves && !threat {
			return true
		}
	}
	return false
}
