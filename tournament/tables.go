package tournament

import (
	"fmt"
	"math/rand"
	"sort"
)

// Table is one table of a round: Seats[0] plays first, then Seats[1], and
// so on around the table.
type Table struct {
	Seats []string
	// Ranks, parallel to Seats, is the game's ranking once it is over:
	// 1 = best, ties share a rank. A player who left is already last
	// there (the leaving rule of the rules decisions is applied by the
	// game's ranking, not here). Nil while the game is on.
	Ranks []int
}

// TableRound is one round of a tournament played at tables of three or
// four. Bye lists the players left over when the players present do not
// fill whole tables; each gets ByePoints. Absent players get nothing.
type TableRound struct {
	Tables []Table
	Bye    []string
	Absent []string
}

// TableTournament is a tournament of a three- or four-player variant:
// each round seats the players at tables of Size by standings.
type TableTournament struct {
	Name    string
	Size    int // 3 or 4
	Players []Player
	Rounds  []TableRound
}

// TablePoints gives each seat's points from a table's ranks: one point for
// every player ranked below, half a point for every player tied. A table
// of k players shares k(k-1)/2 points; with two players this is the usual
// win 1, draw ½, loss 0.
func TablePoints(ranks []int) ([]float64, error) {
	k := len(ranks)
	if k < 2 || k > 4 {
		return nil, fmt.Errorf("tournament: a table ranks 2 to 4 players, got %d ranks", k)
	}
	for _, r := range ranks {
		if r < 1 || r > k {
			return nil, fmt.Errorf("tournament: rank %d at a table of %d (ranks run from 1, best, to %d)", r, k, k)
		}
	}
	pts := make([]float64, k)
	for i := range ranks {
		for j := range ranks {
			switch {
			case i == j:
			case ranks[i] < ranks[j]:
				pts[i]++
			case ranks[i] == ranks[j]:
				pts[i] += 0.5
			}
		}
	}
	return pts, nil
}

// ByePoints is what a player left over in a round gets: half of a table
// game's maximum, the points of the middle of the table.
func (t *TableTournament) ByePoints() float64 { return float64(t.Size-1) / 2 }

// Validate checks the state.
func (t *TableTournament) Validate() error {
	if t.Size != 3 && t.Size != 4 {
		return fmt.Errorf("tournament: tables seat 3 or 4 players, not %d", t.Size)
	}
	base := Tournament{Players: t.Players}
	if err := base.Validate(); err != nil {
		return err
	}
	if len(t.Rounds) > MaxRounds {
		return fmt.Errorf("tournament: %d rounds, at most %d accepted", len(t.Rounds), MaxRounds)
	}
	known := map[string]bool{}
	for _, p := range t.Players {
		known[p.ID] = true
	}
	for r, rd := range t.Rounds {
		seen := map[string]bool{}
		use := func(id string) error {
			if !known[id] {
				return fmt.Errorf("tournament: round %d names unknown player %q", r+1, id)
			}
			if seen[id] {
				return fmt.Errorf("tournament: player %q appears twice in round %d", id, r+1)
			}
			seen[id] = true
			return nil
		}
		for i, tb := range rd.Tables {
			if len(tb.Seats) != t.Size {
				return fmt.Errorf("tournament: round %d table %d has %d seats, not %d", r+1, i+1, len(tb.Seats), t.Size)
			}
			if tb.Ranks != nil {
				if len(tb.Ranks) != len(tb.Seats) {
					return fmt.Errorf("tournament: round %d table %d has %d ranks for %d seats", r+1, i+1, len(tb.Ranks), len(tb.Seats))
				}
				if _, err := TablePoints(tb.Ranks); err != nil {
					return fmt.Errorf("round %d table %d: %w", r+1, i+1, err)
				}
			}
			for _, id := range tb.Seats {
				if err := use(id); err != nil {
					return err
				}
			}
		}
		for _, id := range append(append([]string(nil), rd.Bye...), rd.Absent...) {
			if err := use(id); err != nil {
				return err
			}
		}
	}
	return nil
}

// TableStanding is one line of a table tournament's standings.
type TableStanding struct {
	Rank     int
	Player   Player
	Points   float64
	Buchholz float64 // sum of the final points of everyone met at a table
	Firsts   int     // games ranked first (alone or shared)
	Games    int
}

// Scores gives each player's points over the finished tables.
func (t *TableTournament) Scores() map[string]float64 {
	s := map[string]float64{}
	for _, rd := range t.Rounds {
		for _, tb := range rd.Tables {
			if tb.Ranks == nil {
				continue
			}
			pts, err := TablePoints(tb.Ranks)
			if err != nil {
				continue // Validate reports it
			}
			for i, id := range tb.Seats {
				s[id] += pts[i]
			}
		}
		for _, id := range rd.Bye {
			s[id] += t.ByePoints()
		}
	}
	return s
}

// Standings ranks by points, then Buchholz, then first places, then
// seeding.
func (t *TableTournament) Standings() []TableStanding {
	score := t.Scores()
	base := Tournament{Players: t.Players}
	seeded := base.Seeded()
	idx := map[string]int{}
	out := make([]TableStanding, len(seeded))
	for i, p := range seeded {
		idx[p.ID] = i
		out[i] = TableStanding{Player: p, Points: score[p.ID]}
	}
	for _, rd := range t.Rounds {
		for _, tb := range rd.Tables {
			if tb.Ranks == nil {
				continue
			}
			for i, id := range tb.Seats {
				st := &out[idx[id]]
				st.Games++
				if tb.Ranks[i] == 1 {
					st.Firsts++
				}
				for _, o := range tb.Seats {
					if o != id {
						st.Buchholz += score[o]
					}
				}
			}
		}
	}
	key := func(s TableStanding) [3]float64 { return [3]float64{s.Points, s.Buchholz, float64(s.Firsts)} }
	sort.SliceStable(out, func(i, j int) bool {
		a, b := key(out[i]), key(out[j])
		for k := range a {
			if a[k] != b[k] {
				return a[k] > b[k]
			}
		}
		return idx[out[i].Player.ID] < idx[out[j].Player.ID]
	})
	for i := range out {
		if i > 0 && key(out[i]) == key(out[i-1]) {
			out[i].Rank = out[i-1].Rank
		} else {
			out[i].Rank = i + 1
		}
	}
	return out
}

// meetings counts how often each pair of players sat at one table.
func (t *TableTournament) meetings() map[[2]string]int {
	m := map[[2]string]int{}
	for _, rd := range t.Rounds {
		for _, tb := range rd.Tables {
			for i := range tb.Seats {
				for j := i + 1; j < len(tb.Seats); j++ {
					m[pairKey(tb.Seats[i], tb.Seats[j])]++
				}
			}
		}
	}
	return m
}

// SeatTables seats the next round. Players present are ordered by
// standings; the ones left over when they do not fill whole tables get
// the bye, chosen from the bottom of the standings among those with the
// fewest byes. The rest are cut into tables of consecutive standings, then
// players are swapped between tables to minimise, first, repeat meetings
// (each earlier meeting of two players at one table counts one) and,
// second, the spread of standings at a table. At each table the seats go
// to balance who plays first: the order chosen minimises how often each
// player already had his seat, first seat counted most.
func SeatTables(t *TableTournament, absent []string) (TableRound, error) {
	if err := t.Validate(); err != nil {
		return TableRound{}, err
	}
	if len(t.Rounds) >= MaxRounds {
		return TableRound{}, fmt.Errorf("tournament: already %d rounds, at most %d accepted", len(t.Rounds), MaxRounds)
	}
	for r, rd := range t.Rounds {
		for i, tb := range rd.Tables {
			if tb.Ranks == nil {
				return TableRound{}, fmt.Errorf("tournament: round %d table %d is not finished: %w", r+1, i+1, ErrPending)
			}
		}
	}
	out := map[string]bool{}
	for _, a := range absent {
		out[a] = true
	}
	var order []string
	var rd TableRound
	for _, s := range t.Standings() {
		if out[s.Player.ID] {
			rd.Absent = append(rd.Absent, s.Player.ID)
		} else {
			order = append(order, s.Player.ID)
		}
	}
	if len(rd.Absent) != len(out) {
		return TableRound{}, fmt.Errorf("tournament: an absent player is not in the tournament")
	}
	if len(order) < t.Size {
		return TableRound{}, fmt.Errorf("tournament: %d players present, a table needs %d", len(order), t.Size)
	}
	// Byes: from the bottom, fewest byes first.
	byes := map[string]int{}
	for _, r := range t.Rounds {
		for _, id := range r.Bye {
			byes[id]++
		}
	}
	left := len(order) % t.Size
	for ; left > 0; left-- {
		best := -1
		for i := len(order) - 1; i >= 0; i-- {
			if best < 0 || byes[order[i]] < byes[order[best]] {
				best = i
			}
		}
		rd.Bye = append(rd.Bye, order[best])
		order = append(order[:best], order[best+1:]...)
	}
	pos := map[string]int{}
	for i, id := range order {
		pos[id] = i
	}
	groups := seatGroups(order, t.Size, t.meetings(), pos, int64(len(t.Rounds)+1))
	seatCount := map[string][]int{}
	for _, r := range t.Rounds {
		for _, tb := range r.Tables {
			for i, id := range tb.Seats {
				if seatCount[id] == nil {
					seatCount[id] = make([]int, t.Size)
				}
				seatCount[id][i]++
			}
		}
	}
	for _, g := range groups {
		rd.Tables = append(rd.Tables, Table{Seats: seatOrder(g, seatCount, pos)})
	}
	return rd, nil
}

// groupCost is a table's cost: repeat meetings weigh far more than the
// spread of standings, so the spread only breaks ties between seatings
// with as many repeats.
func groupCost(g []string, met map[[2]string]int, pos map[string]int) int {
	c := 0
	for i := range g {
		for j := i + 1; j < len(g); j++ {
			c += 1_000_000 * met[pairKey(g[i], g[j])]
			d := pos[g[i]] - pos[g[j]]
			if d < 0 {
				d = -d
			}
			c += d
		}
	}
	return c
}

// seatGroups cuts order into tables and improves them by swaps: a local
// search over swaps between tables up to window apart, then a few seeded
// perturbations while repeats remain; the best seating found is kept.
func seatGroups(order []string, size int, met map[[2]string]int, pos map[string]int, seed int64) [][]string {
	n := len(order) / size
	groups := make([][]string, n)
	for i := range groups {
		groups[i] = append([]string(nil), order[i*size:(i+1)*size]...)
	}
	const window = 6
	const maxPasses = 100
	improve := func(gs [][]string) {
		for pass := 0; pass < maxPasses; pass++ {
			better := false
			for a := 0; a < n; a++ {
				for b := a + 1; b < n && b <= a+window; b++ {
					for i := 0; i < size; i++ {
						for j := 0; j < size; j++ {
							before := groupCost(gs[a], met, pos) + groupCost(gs[b], met, pos)
							gs[a][i], gs[b][j] = gs[b][j], gs[a][i]
							if groupCost(gs[a], met, pos)+groupCost(gs[b], met, pos) < before {
								better = true
							} else {
								gs[a][i], gs[b][j] = gs[b][j], gs[a][i]
							}
						}
					}
				}
			}
			if !better {
				return
			}
		}
	}
	total := func(gs [][]string) (c, repeats int) {
		for _, g := range gs {
			x := groupCost(g, met, pos)
			c += x
			repeats += x / 1_000_000
		}
		return
	}
	improve(groups)
	best := cloneGroups(groups)
	bestCost, repeats := total(best)
	rng := rand.New(rand.NewSource(seed))
	const tries = 40
	for k := 0; k < tries && repeats > 0 && n > 1; k++ {
		gs := cloneGroups(best)
		// Shake: swap a few random players between nearby tables.
		for s := 0; s < 1+k%4; s++ {
			a := rng.Intn(n)
			b := a + 1 + rng.Intn(min(window, n-1))
			b %= n
			if a == b {
				continue
			}
			i, j := rng.Intn(size), rng.Intn(size)
			gs[a][i], gs[b][j] = gs[b][j], gs[a][i]
		}
		improve(gs)
		if c, r := total(gs); c < bestCost {
			best, bestCost, repeats = gs, c, r
		}
	}
	// Tables in standings order of their best player.
	sort.SliceStable(best, func(i, j int) bool { return minPos(best[i], pos) < minPos(best[j], pos) })
	return best
}

func minPos(g []string, pos map[string]int) int {
	m := pos[g[0]]
	for _, id := range g[1:] {
		m = min(m, pos[id])
	}
	return m
}

func cloneGroups(gs [][]string) [][]string {
	out := make([][]string, len(gs))
	for i, g := range gs {
		out[i] = append([]string(nil), g...)
	}
	return out
}

// seatOrder orders a table's players to balance seats: of all the orders
// (at most 24), the one where players have had their seats least often,
// the first seat weighing as much as all the others together; ties go to
// the order closest to standings.
func seatOrder(g []string, seatCount map[string][]int, pos map[string]int) []string {
	k := len(g)
	best := append([]string(nil), g...)
	sort.Slice(best, func(i, j int) bool { return pos[best[i]] < pos[best[j]] })
	bestCost := -1
	perm := append([]string(nil), best...)
	var rec func(i int)
	cost := func(p []string) int {
		c := 0
		for s, id := range p {
			n := 0
			if seatCount[id] != nil {
				n = seatCount[id][s]
			}
			w := 1
			if s == 0 {
				w = k
			}
			c += w * n
		}
		return c
	}
	rec = func(i int) {
		if i == k {
			if c := cost(perm); bestCost < 0 || c < bestCost {
				bestCost = c
				copy(best, perm)
			}
			return
		}
		for j := i; j < k; j++ {
			perm[i], perm[j] = perm[j], perm[i]
			rec(i + 1)
			perm[i], perm[j] = perm[j], perm[i]
		}
	}
	rec(0)
	return best
}
