package tournament

import "fmt"

// BergerRounds gives a round robin's rounds by the FIDE Berger tables
// (C.05 annex 1) for players in Berger-number order (players[0] is number
// 1; the order is drawn by lot or seeded by the caller). With an odd
// number of players, a dummy is the last number and its opponent in each
// round has the round off (Round.Absent: a round robin has no
// pairing-allocated bye). With double, a second cycle follows with
// colours reversed. Results are left Pending.
func BergerRounds(players []Player, double bool) ([]Round, error) {
	n := len(players)
	if n < 2 {
		return nil, fmt.Errorf("tournament: a round robin needs at least 2 players, got %d", n)
	}
	m := n
	if m%2 == 1 {
		m++
	}
	rounds := m - 1
	if double {
		rounds *= 2
	}
	if rounds > MaxRounds {
		return nil, fmt.Errorf("tournament: a round robin of %d players needs %d rounds, at most %d accepted", n, rounds, MaxRounds)
	}
	t := Tournament{Players: players}
	if err := t.Validate(); err != nil {
		return nil, err
	}
	id := func(k int) string { // Berger number 1..m; m may be the dummy
		if k > n {
			return ""
		}
		return players[k-1].ID
	}
	wrap := func(x int) int { return ((x-1)%(m-1)+(m-1))%(m-1) + 1 }
	var out []Round
	for r := 1; r <= m-1; r++ {
		var rd Round
		// Table 1: number m against the player p that rotates by m/2
		// each round; m has Black in odd rounds, White in even ones.
		p := ((r-1)*(m/2))%(m-1) + 1
		w, b := p, m
		if r%2 == 0 {
			w, b = m, p
		}
		add := func(w, b int) {
			if id(w) == "" {
				rd.Absent = append(rd.Absent, id(b))
			} else if id(b) == "" {
				rd.Absent = append(rd.Absent, id(w))
			} else {
				rd.Games = append(rd.Games, Game{White: id(w), Black: id(b)})
			}
		}
		add(w, b)
		for k := 1; k < m/2; k++ {
			add(wrap(p+k), wrap(p-k))
		}
		out = append(out, rd)
	}
	if double {
		for _, rd := range out[:m-1] {
			r2 := Round{Absent: append([]string(nil), rd.Absent...)}
			for _, g := range rd.Games {
				r2.Games = append(r2.Games, Game{White: g.Black, Black: g.White})
			}
			out = append(out, r2)
		}
	}
	return out, nil
}
