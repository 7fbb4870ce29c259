package tournament

import (
	"context"
	"fmt"
	"sort"

	"github.com/gnutterts/chesspairing"
	"github.com/gnutterts/chesspairing/pairing/dutch"
)

// PairDutch pairs the next round of a Swiss tournament of totalRounds
// rounds by the FIDE Dutch system (C.04.3), through
// github.com/gnutterts/chesspairing v0.2.2 (see docs/tournaments.md for what
// was checked and what is worked around). Every finished round must have
// all its results. absent lists players who do not take part in this
// round. The pairing returned is checked against the absolute criteria
// (CheckDutchRound) before it is handed back: a pairing that breaks them
// is an error, never a silent result.
func PairDutch(t *Tournament, totalRounds int, absent []string) (Round, error) {
	if err := t.Validate(); err != nil {
		return Round{}, err
	}
	next := len(t.Rounds) + 1
	if totalRounds < next || totalRounds > MaxRounds {
		return Round{}, fmt.Errorf("tournament: round %d of %d cannot be paired (1 to %d rounds accepted, and not more than announced)", next, totalRounds, MaxRounds)
	}
	for r, rd := range t.Rounds {
		for _, g := range rd.Games {
			if g.Result == Pending {
				return Round{}, fmt.Errorf("tournament: round %d is not finished (%s-%s has no result): %w", r+1, g.White, g.Black, ErrPending)
			}
		}
	}
	out := map[string]bool{}
	for _, a := range absent {
		if !t.has(a) {
			return Round{}, fmt.Errorf("tournament: absent player %q is not in the tournament", a)
		}
		out[a] = true
	}
	state := t.chessState(next, totalRounds, out, false)
	res, err := dutch.New(dutch.Options{}).Pair(context.Background(), state)
	if err != nil {
		return Round{}, fmt.Errorf("tournament: Dutch pairing of round %d: %w", next, err)
	}
	var rd Round
	for _, g := range res.Pairings {
		rd.Games = append(rd.Games, Game{White: g.WhiteID, Black: g.BlackID})
	}
	t.fixNeutralColours(&rd)
	for _, b := range res.Byes {
		if rd.Bye != "" {
			return Round{}, fmt.Errorf("tournament: the Dutch engine gave two byes in round %d (%s and %s)", next, rd.Bye, b.PlayerID)
		}
		rd.Bye = b.PlayerID
	}
	for _, p := range t.Seeded() {
		if out[p.ID] {
			rd.Absent = append(rd.Absent, p.ID)
		}
	}
	if err := CheckDutchRound(t, rd, next == totalRounds); err != nil {
		return Round{}, fmt.Errorf("tournament: the Dutch engine's pairing of round %d breaks an absolute rule: %w", next, err)
	}
	return rd, nil
}

// fixNeutralColours sets the colours where neither player has played a
// game yet (round 1, or two players who had only byes and forfeits).
// C.04.3 (5.2.5 in the 2017 text) gives the higher-ranked player (score,
// then pairing number) the initial colour (White) if his pairing number is
// odd, the other colour if even. As bbpPairings does, the pairing numbers
// counted are those of the players who have entered the tournament: those
// paired now or in an earlier round; a player absent from the start does
// not shift the others. chesspairing v0.2.2 alternates by board number
// instead, which differs once boards do not follow those numbers.
func (t *Tournament) fixNeutralColours(rd *Round) {
	hist := t.colourHistory()
	score := t.Scores()
	entered := map[string]bool{}
	for _, r := range append(append([]Round(nil), t.Rounds...), *rd) {
		for _, g := range r.Games {
			entered[g.White], entered[g.Black] = true, true
		}
		if r.Bye != "" {
			entered[r.Bye] = true
		}
	}
	num := map[string]int{}
	n := 0
	for _, p := range t.Seeded() {
		if entered[p.ID] {
			n++
			num[p.ID] = n
		}
	}
	for i, g := range rd.Games {
		if len(hist[g.White]) > 0 || len(hist[g.Black]) > 0 {
			continue
		}
		hi, lo := g.White, g.Black
		if score[lo] > score[hi] || score[lo] == score[hi] && num[lo] < num[hi] {
			hi, lo = lo, hi
		}
		if num[hi]%2 == 1 {
			rd.Games[i].White, rd.Games[i].Black = hi, lo
		} else {
			rd.Games[i].White, rd.Games[i].Black = lo, hi
		}
	}
}

func (t *Tournament) has(id string) bool {
	for _, p := range t.Players {
		if p.ID == id {
			return true
		}
	}
	return false
}

// chessState builds chesspairing's state. Players go in our seeding order
// with a display name that sorts the same way, so that its pairing numbers
// are ours. Absent players are withdrawn "after" the last round only for
// this pairing.
//
// Work-around: chesspairing's Dutch pairer does not know the number of
// rounds; it takes max(CurrentRound, len(Rounds)+1), which makes every
// round the last one and so lets topscorers break the colour rules in
// every round. Staging an empty round for the round being paired makes it
// see a later round, so the last-round exception applies only in the real
// last round.
//
// raw turns both work-arounds off; tests use it to show what they fix.
func (t *Tournament) chessState(next, totalRounds int, absent map[string]bool, raw bool) *chesspairing.TournamentState {
	st := &chesspairing.TournamentState{CurrentRound: next}
	for i, p := range t.Seeded() {
		e := chesspairing.PlayerEntry{ID: p.ID, DisplayName: fmt.Sprintf("%06d", i), Rating: p.Rating}
		if absent[p.ID] {
			w := next - 1
			e.WithdrawnAfterRound = &w
		}
		st.Players = append(st.Players, e)
	}
	for r, rd := range t.Rounds {
		d := chesspairing.RoundData{Number: r + 1}
		for _, g := range rd.Games {
			// Work-around: the engine lets a player who won by forfeit
			// have the pairing-allocated bye, which C.04.1 forbids. A
			// forfeit win is given to it as that bye (same point, no
			// colour, no opponent, same downfloat) and the loss as a
			// zero-point bye, so that the engine sees the bye as used.
			switch {
			case raw:
			case g.Result == WhiteForfeit:
				d.Byes = append(d.Byes, chesspairing.ByeEntry{PlayerID: g.White, Type: chesspairing.ByePAB}, chesspairing.ByeEntry{PlayerID: g.Black, Type: chesspairing.ByeZero})
				continue
			case g.Result == BlackForfeit:
				d.Byes = append(d.Byes, chesspairing.ByeEntry{PlayerID: g.Black, Type: chesspairing.ByePAB}, chesspairing.ByeEntry{PlayerID: g.White, Type: chesspairing.ByeZero})
				continue
			}
			d.Games = append(d.Games, chesspairing.GameData{WhiteID: g.White, BlackID: g.Black, Result: chessResult(g.Result), IsForfeit: !g.Result.Played()})
		}
		if rd.Bye != "" {
			d.Byes = append(d.Byes, chesspairing.ByeEntry{PlayerID: rd.Bye, Type: chesspairing.ByePAB})
		}
		// An absence is given as such, not left out: the engine keeps one
		// float per round it sees, and a round left out would shift the
		// float history of the rounds before it.
		for _, a := range rd.Absent {
			d.Byes = append(d.Byes, chesspairing.ByeEntry{PlayerID: a, Type: chesspairing.ByeAbsent})
		}
		st.Rounds = append(st.Rounds, d)
	}
	if next < totalRounds && !raw {
		st.Rounds = append(st.Rounds, chesspairing.RoundData{Number: next})
	}
	return st
}

func chessResult(r Result) chesspairing.GameResult {
	switch r {
	case WhiteWins:
		return chesspairing.ResultWhiteWins
	case BlackWins:
		return chesspairing.ResultBlackWins
	case Draw:
		return chesspairing.ResultDraw
	case WhiteForfeit:
		return chesspairing.ResultForfeitWhiteWins
	case BlackForfeit:
		return chesspairing.ResultForfeitBlackWins
	case DoubleForfeit:
		return chesspairing.ResultDoubleForfeit
	}
	return chesspairing.ResultPending
}

// colourHistory gives each player's colours in played games, in order:
// 'W' or 'B'.
func (t *Tournament) colourHistory() map[string][]byte {
	h := map[string][]byte{}
	for _, rd := range t.Rounds {
		for _, g := range rd.Games {
			if g.Result.Played() || g.Result == Pending {
				h[g.White] = append(h[g.White], 'W')
				h[g.Black] = append(h[g.Black], 'B')
			}
		}
	}
	return h
}

// CheckDutchRound checks a proposed round against the absolute criteria
// of FIDE C.04.3 (C1 to C3) and the completeness of the pairing: every
// present player exactly once; no two players meet twice (forfeits do not
// count as meetings); at most one bye, never to a player who already had a
// pairing-allocated bye or scored a forfeit win (unless all have); no player gets a colour
// difference beyond ±2 or the same colour three times running, except that
// in the final round a topscorer (over half the maximum score) may.
func CheckDutchRound(t *Tournament, rd Round, final bool) error {
	present := map[string]bool{}
	for _, p := range t.Players {
		present[p.ID] = true
	}
	for _, a := range rd.Absent {
		delete(present, a)
	}
	seen := map[string]bool{}
	mark := func(id string) error {
		if !present[id] {
			return fmt.Errorf("%q is paired but absent or unknown", id)
		}
		if seen[id] {
			return fmt.Errorf("%q is paired twice", id)
		}
		seen[id] = true
		return nil
	}
	for _, g := range rd.Games {
		if err := mark(g.White); err != nil {
			return err
		}
		if err := mark(g.Black); err != nil {
			return err
		}
	}
	if rd.Bye != "" {
		if err := mark(rd.Bye); err != nil {
			return err
		}
	}
	if len(seen) != len(present) {
		var missing []string
		for id := range present {
			if !seen[id] {
				missing = append(missing, id)
			}
		}
		sort.Strings(missing)
		return fmt.Errorf("players left unpaired: %v", missing)
	}
	met := map[[2]string]bool{}
	noBye := map[string]bool{}
	for _, r := range t.Rounds {
		for _, g := range r.Games {
			if g.Result.Played() {
				met[pairKey(g.White, g.Black)] = true
			}
			if g.Result == WhiteForfeit {
				noBye[g.White] = true
			}
			if g.Result == BlackForfeit {
				noBye[g.Black] = true
			}
		}
		if r.Bye != "" {
			noBye[r.Bye] = true
		}
	}
	eligible := 0
	for id := range present {
		if !noBye[id] {
			eligible++
		}
	}
	// When every present player has had the bye or a forfeit win, no
	// pairing can keep the rule; then the bye may go to anyone.
	if rd.Bye != "" && noBye[rd.Bye] && eligible > 0 {
		return fmt.Errorf("%q gets a second bye (or a bye after a forfeit win)", rd.Bye)
	}
	score := t.Scores()
	top := map[string]bool{}
	if final {
		for id, s := range score {
			if s > float64(len(t.Rounds))/2 {
				top[id] = true
			}
		}
	}
	hist := t.colourHistory()
	for _, g := range rd.Games {
		if met[pairKey(g.White, g.Black)] {
			return fmt.Errorf("%q and %q meet a second time", g.White, g.Black)
		}
		for _, pc := range [2]struct {
			id string
			c  byte
		}{{g.White, 'W'}, {g.Black, 'B'}} {
			if top[pc.id] {
				continue
			}
			h := append(append([]byte(nil), hist[pc.id]...), pc.c)
			if d := colourDiff(h); d > 2 || d < -2 {
				return fmt.Errorf("%q would have a colour difference of %+d", pc.id, d)
			}
			if n := len(h); n >= 3 && h[n-1] == h[n-2] && h[n-2] == h[n-3] {
				return fmt.Errorf("%q would have the same colour three times running", pc.id)
			}
		}
	}
	return nil
}

func colourDiff(h []byte) int {
	d := 0
	for _, c := range h {
		if c == 'W' {
			d++
		} else {
			d--
		}
	}
	return d
}

func pairKey(a, b string) [2]string {
	if a < b {
		return [2]string{a, b}
	}
	return [2]string{b, a}
}
