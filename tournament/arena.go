package tournament

import (
	"fmt"
	"sort"
)

// ArenaOutcome is a finished arena game from one player's side.
type ArenaOutcome int

const (
	ArenaLoss ArenaOutcome = iota
	ArenaDraw
	ArenaWin
)

// ArenaScore scores an arena player's games in the order played, as
// lichess arenas do: win 2, draw 1, loss 0; after two wins in a row the
// player is on fire, and every game while on fire counts double (a win 4,
// a draw 2) until one is not won. It returns each game's points, the total
// and whether the player is on fire now.
func ArenaScore(games []ArenaOutcome) (each []int, total int, onFire bool) {
	each = make([]int, len(games))
	run := 0 // wins in a row just before this game
	for i, g := range games {
		p := 0
		switch g {
		case ArenaWin:
			p = 2
		case ArenaDraw:
			p = 1
		}
		if run >= 2 {
			p *= 2
		}
		each[i] = p
		total += p
		if g == ArenaWin {
			run++
		} else {
			run = 0
		}
	}
	return each, total, run >= 2
}

// ArenaPlayer is a player free to be paired in an arena.
type ArenaPlayer struct {
	ID     string
	Rating int
	Points int
	// Opponents met, most recent last. The last one is never paired
	// again at once; the ones before it, up to RecentWindow, are avoided
	// when another partner is close.
	Opponents []string
	// Whites minus Blacks so far: the one with less White gets White.
	ColourBalance int
}

// ArenaOptions tune arena pairing. Zero values take the defaults.
type ArenaOptions struct {
	Window       int // how many next players in score order are candidates (default 8)
	RecentWindow int // how many recent opponents are avoided (default 3)
}

// ArenaPairing is one arena game: White (first seat) against Black.
type ArenaPairing struct{ White, Black string }

// PairArena pairs free players at once, as in an arena: players in order
// of points (then rating) are each paired with the closest free player
// among the next few, by points first and rating second, never with the
// opponent they have just played and avoiding other recent opponents.
// Players left over (an odd count, or nobody suitable) wait for the next
// call, which the caller makes as soon as another player is free.
func PairArena(free []ArenaPlayer, o ArenaOptions) (pairs []ArenaPairing, waiting []string, err error) {
	if len(free) > MaxPlayers {
		return nil, nil, fmt.Errorf("tournament: %d free players, at most %d accepted", len(free), MaxPlayers)
	}
	if o.Window <= 0 {
		o.Window = 8
	}
	if o.RecentWindow <= 0 {
		o.RecentWindow = 3
	}
	seen := map[string]bool{}
	for _, p := range free {
		if p.ID == "" {
			return nil, nil, fmt.Errorf("tournament: a free arena player has an empty id")
		}
		if seen[p.ID] {
			return nil, nil, fmt.Errorf("tournament: arena player %q is free twice", p.ID)
		}
		seen[p.ID] = true
	}
	ps := append([]ArenaPlayer(nil), free...)
	sort.SliceStable(ps, func(i, j int) bool {
		if ps[i].Points != ps[j].Points {
			return ps[i].Points > ps[j].Points
		}
		if ps[i].Rating != ps[j].Rating {
			return ps[i].Rating > ps[j].Rating
		}
		return ps[i].ID < ps[j].ID
	})
	last := func(p ArenaPlayer) string {
		if len(p.Opponents) == 0 {
			return ""
		}
		return p.Opponents[len(p.Opponents)-1]
	}
	recent := func(p ArenaPlayer, id string) bool {
		for k := len(p.Opponents) - 1; k >= 0 && k >= len(p.Opponents)-o.RecentWindow; k-- {
			if p.Opponents[k] == id {
				return true
			}
		}
		return false
	}
	cost := func(a, b ArenaPlayer) int {
		dp := a.Points - b.Points
		if dp < 0 {
			dp = -dp
		}
		dr := a.Rating - b.Rating
		if dr < 0 {
			dr = -dr
		}
		c := 100*dp + dr/10
		if recent(a, b.ID) || recent(b, a.ID) {
			c += 10_000 // only when nobody else is within the window
		}
		return c
	}
	used := make([]bool, len(ps))
	for i := range ps {
		if used[i] {
			continue
		}
		best, bestCost := -1, 0
		for j, seenN := i+1, 0; j < len(ps) && seenN < o.Window; j++ {
			if used[j] {
				continue
			}
			seenN++
			if last(ps[i]) == ps[j].ID || last(ps[j]) == ps[i].ID {
				continue
			}
			if c := cost(ps[i], ps[j]); best < 0 || c < bestCost {
				best, bestCost = j, c
			}
		}
		if best < 0 {
			continue
		}
		used[i], used[best] = true, true
		w, b := ps[i], ps[best]
		if b.ColourBalance < w.ColourBalance {
			w, b = b, w
		}
		pairs = append(pairs, ArenaPairing{White: w.ID, Black: b.ID})
	}
	for i, p := range ps {
		if !used[i] {
			waiting = append(waiting, p.ID)
		}
	}
	return pairs, waiting, nil
}

// ArenaRecord is an arena player's games so far, in order.
type ArenaRecord struct {
	Player Player
	Games  []ArenaOutcome
}

// ArenaStanding is one line of live arena standings.
type ArenaStanding struct {
	Rank   int
	Player Player
	Points int
	Games  int
	Wins   int
	OnFire bool
}

// ArenaStandings ranks by points, then wins, then fewer games (the same
// points in fewer games), then rating; equal on all four share a rank.
func ArenaStandings(records []ArenaRecord) []ArenaStanding {
	out := make([]ArenaStanding, len(records))
	for i, r := range records {
		_, total, fire := ArenaScore(r.Games)
		s := ArenaStanding{Player: r.Player, Points: total, Games: len(r.Games), OnFire: fire}
		for _, g := range r.Games {
			if g == ArenaWin {
				s.Wins++
			}
		}
		out[i] = s
	}
	key := func(s ArenaStanding) [4]int { return [4]int{s.Points, s.Wins, -s.Games, s.Player.Rating} }
	sort.SliceStable(out, func(i, j int) bool {
		a, b := key(out[i]), key(out[j])
		for k := range a {
			if a[k] != b[k] {
				return a[k] > b[k]
			}
		}
		return out[i].Player.ID < out[j].Player.ID
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
