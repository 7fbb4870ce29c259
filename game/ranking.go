package game

import "sort"

// RankScorer is implemented by the states of the games that score their
// players beyond winning (POLD.R's bricks in reserve, La Porte's entries,
// Saute's pieces home): RankScores gives one number per seat, higher is
// better, that orders the players who did not win. The rules decisions
// ("Leaving a game of three or four") rank by it; games without such a
// score leave their non-winners tied.
type RankScorer interface {
	RankScores() [MaxPlayers]int
}

// Ranking gives each seat's place at the end of a game, as the rules
// decisions ("Leaving a game of three or four") define it for ratings:
// 1 is best, tied seats share a place and the next place skips (1, 2, 2,
// 4).
//
// final is the last position and out the outcome under the complete rules
// (Match.Outcome: a draw by repetition or ply limit included). leavers
// lists the seats that left the table (resigned, ran out of time, missed a
// correspondence deadline), in the order they left.
//
// Without teams: the seats still at the table come first, the winners
// among them first; then, where the game scores players (RankScorer), by
// that score, higher first; otherwise tied. This holds whatever the status:
// a draw has no winners, so its players are ordered by score alone (POLD.R's
// full tie leaves a third player with fewer bricks below the tied two).
// The leavers come last, whatever their seat achieved after they left,
// the later leaver above the earlier one.
//
// With teams partners share their team's place: a team with a leaver (a
// partner who leaves resigns for his team) is below every team without
// one, a team that resigned later above one that resigned earlier; the
// other teams are ordered by winning, then by the sum of their partners'
// scores.
//
// Ranking reports an error for a game that is not over and for leavers
// that are not distinct seats of the variant.
func Ranking(final State, out Outcome, leavers []int) ([]int, error) {
	if final == nil {
		return nil, Errorf(Text{EN: "no final position to rank", FR: "aucune position finale à classer"})
	}
	if !out.Ended() {
		return nil, Errorf(Text{EN: "the game is not over: only a finished game is ranked", FR: "la partie n'est pas terminée : seule une partie finie est classée"})
	}
	v := final.Variant()
	n := v.Players
	if n < 1 || n > MaxPlayers || (v.Teams != nil && len(v.Teams) != n) {
		return nil, Errorf(Text{EN: "the variant has %d players and %d team entries; accepted: 1 to %d players, one team per seat", FR: "la variante a %d joueurs et %d équipes ; accepté : 1 à %d joueurs, une équipe par place"}, n, len(v.Teams), MaxPlayers)
	}
	if len(leavers) > n {
		return nil, Errorf(Text{EN: "%d leavers for %d seats", FR: "%d départs pour %d places"}, len(leavers), n)
	}
	// left[seat] is 0 for a seat still at the table, else 1 + its order of
	// leaving (the later, the higher).
	var left [MaxPlayers]int
	for k, seat := range leavers {
		if seat < 0 || seat >= n {
			return nil, Errorf(Text{EN: "leaver %d is not a seat: seats are 0 to %d", FR: "le départ %d n'est pas une place : les places vont de 0 à %d"}, seat, n-1)
		}
		if left[seat] != 0 {
			return nil, Errorf(Text{EN: "seat %d leaves twice", FR: "la place %d part deux fois"}, seat)
		}
		left[seat] = k + 1
	}
	var scores [MaxPlayers]int
	if rs, ok := final.(RankScorer); ok {
		scores = rs.RankScores()
	}

	// One entry per side (a seat, or a team of partners), with what orders
	// it: still at the table, then winner, then score; or, for a side that
	// left, the order of its leaving.
	type side struct {
		seats []int
		left  int // 0 at the table; else the earliest leave of its seats
		won   bool
		score int
		place int
	}
	var sides []*side
	byTeam := map[int]*side{}
	for seat := 0; seat < n; seat++ {
		t := v.Team(seat)
		s := byTeam[t]
		if s == nil {
			s = &side{}
			byTeam[t] = s
			sides = append(sides, s)
		}
		s.seats = append(s.seats, seat)
		if l := left[seat]; l != 0 && (s.left == 0 || l < s.left) {
			s.left = l
		}
		s.won = s.won || out.Won(seat)
		s.score += scores[seat]
	}
	// A side that left is no winner, whatever its seat achieved since.
	for _, s := range sides {
		if s.left != 0 {
			s.won = false
		}
	}
	// compare is > 0 when a ranks above b, 0 when they tie.
	compare := func(a, b *side) int {
		switch {
		case (a.left == 0) != (b.left == 0):
			if a.left == 0 {
				return 1
			}
			return -1
		case a.left != 0:
			return a.left - b.left // the later leaver ranks higher
		case a.won != b.won:
			if a.won {
				return 1
			}
			return -1
		}
		return a.score - b.score
	}
	order := append([]*side(nil), sides...)
	sort.SliceStable(order, func(i, j int) bool { return compare(order[i], order[j]) > 0 })
	for k, s := range order {
		s.place = k + 1
		if k > 0 && compare(order[k-1], s) == 0 {
			s.place = order[k-1].place
		}
	}
	ranks := make([]int, n)
	for _, s := range sides {
		for _, seat := range s.seats {
			ranks[seat] = s.place
		}
	}
	return ranks, nil
}
