package tournament

import "sort"

// Standing is one line of a two-player tournament's standings.
type Standing struct {
	Rank                int // 1 = first; players tied on every criterion share a rank
	Player              Player
	Points              float64
	Buchholz            float64
	BuchholzCut1        float64
	SonnebornBerger     float64
	Played              int // games really played (not forfeits, not byes)
	Wins, Draws, Losses int
}

// entry is one round of a player's record.
type entry struct {
	opp    string  // "" for a bye or an absence
	points float64 // points scored in that round
	played bool    // a game over the board
}

// records gives each player's per-round record over the finished rounds.
func (t *Tournament) records() map[string][]entry {
	rec := make(map[string][]entry, len(t.Players))
	for _, p := range t.Players {
		rec[p.ID] = nil
	}
	for _, rd := range t.Rounds {
		in := map[string]bool{}
		for _, g := range rd.Games {
			w, b := g.Result.Points()
			pl := g.Result.Played()
			rec[g.White] = append(rec[g.White], entry{opp: g.Black, points: w, played: pl})
			rec[g.Black] = append(rec[g.Black], entry{opp: g.White, points: b, played: pl})
			in[g.White], in[g.Black] = true, true
		}
		if rd.Bye != "" {
			rec[rd.Bye] = append(rec[rd.Bye], entry{points: 1})
			in[rd.Bye] = true
		}
		for _, p := range t.Players {
			if !in[p.ID] {
				rec[p.ID] = append(rec[p.ID], entry{})
			}
		}
	}
	return rec
}

// Scores gives each player's points over the rounds so far.
func (t *Tournament) Scores() map[string]float64 {
	s := make(map[string]float64, len(t.Players))
	for id, es := range t.records() {
		for _, e := range es {
			s[id] += e.points
		}
	}
	return s
}

// Standings ranks the players by points, then Buchholz cut 1, Buchholz,
// Sonneborn-Berger (FIDE C.07 order for Swiss), then seeding.
//
// Unplayed rounds follow FIDE C.07 (2023) in a simplified form: for a
// player's own unplayed round (bye, forfeit, absence) the Buchholz
// contribution is a virtual opponent with the player's own score, and that
// round counts for Sonneborn-Berger as the points scored times that score.
// Opponents contribute their actual score. Cut 1 removes the lowest
// contribution.
func (t *Tournament) Standings() []Standing {
	rec := t.records()
	score := t.Scores()
	seeded := t.Seeded()
	seed := make(map[string]int, len(seeded))
	for i, p := range seeded {
		seed[p.ID] = i
	}
	out := make([]Standing, 0, len(seeded))
	for _, p := range seeded {
		s := Standing{Player: p, Points: score[p.ID]}
		low := -1.0
		for _, e := range rec[p.ID] {
			c := score[p.ID]
			if e.played {
				c = score[e.opp]
				s.Played++
				switch e.points {
				case 1:
					s.Wins++
				case 0.5:
					s.Draws++
				default:
					s.Losses++
				}
			}
			s.Buchholz += c
			s.SonnebornBerger += c * e.points
			if low < 0 || c < low {
				low = c
			}
		}
		s.BuchholzCut1 = s.Buchholz
		if low >= 0 {
			s.BuchholzCut1 -= low
		}
		out = append(out, s)
	}
	key := func(s Standing) [4]float64 {
		return [4]float64{s.Points, s.BuchholzCut1, s.Buchholz, s.SonnebornBerger}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := key(out[i]), key(out[j])
		for k := range a {
			if a[k] != b[k] {
				return a[k] > b[k]
			}
		}
		return seed[out[i].Player.ID] < seed[out[j].Player.ID]
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

// RoundRobinStandings ranks a round robin: points, then Sonneborn-Berger,
// then wins (Buchholz says nothing when everyone meets everyone), then
// seeding. The Buchholz fields are still filled in.
func (t *Tournament) RoundRobinStandings() []Standing {
	out := t.Standings()
	seed := map[string]int{}
	for i, p := range t.Seeded() {
		seed[p.ID] = i
	}
	key := func(s Standing) [3]float64 { return [3]float64{s.Points, s.SonnebornBerger, float64(s.Wins)} }
	sort.SliceStable(out, func(i, j int) bool {
		a, b := key(out[i]), key(out[j])
		for k := range a {
			if a[k] != b[k] {
				return a[k] > b[k]
			}
		}
		return seed[out[i].Player.ID] < seed[out[j].Player.ID]
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
