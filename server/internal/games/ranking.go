package games

import (
	"fmt"
	"sort"
	"strings"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/record"
	"github.com/plateau-games/plateau/server/internal/web"
	"github.com/plateau-games/plateau/store"
)

// The ranking of a finished game, as the rules decisions define it
// ("Leaving a game of three or four"): the players still at the table
// first, by the game's result then its scores, the leavers last (the later
// leaver higher). The ratings of three and four call SeatRanks; the result
// banner and the lists say it in words (RankingSentence).

func init() {
	web.Register(rankingMessages)
}

var rankingMessages = map[string][2]string{
	"rank:title":       {"Ranking: %s", "Classement : %s"},
	"rank:left":        {"%s (left)", "%s (a quitté la table)"},
	"rank:1":           {"1st", "1er"},
	"rank:2":           {"2nd", "2e"},
	"rank:3":           {"3rd", "3e"},
	"rank:n":           {"%dth", "%de"},
	"sent:lastattable": {"the others left the table", "les autres ont quitté la table"},
	"sent:tableleft":   {"Game over: every player left the table", "Partie terminée : tous les joueurs ont quitté la table"},
}

// End reasons of a game of three or four that its players left (see
// live's leaving.go).
const (
	ReasonLastAtTable = "lastattable" // "lastattable 2": every player but seat 2 left; seat 2 wins
	ReasonTableLeft   = "tableleft"   // every player left; only computers from the start remained
)

// Leavers lists the seats whose players left the table, in the order
// they left (Seat.Left), as game.Ranking takes them.
func Leavers(seats []store.Seat) []int {
	var out []int
	for i, st := range seats {
		if st.Left > 0 {
			out = append(out, i)
		}
	}
	sort.SliceStable(out, func(a, b int) bool { return seats[out[a]].Left < seats[out[b]].Left })
	return out
}

// SeatRanks is each seat's place (1 best; tied seats share a place and
// the next place skips: 1, 2, 2, 4) in the finished game g, whose moves m
// replays (Replay). Leavers (Seat.Left) are last, the later leaver higher;
// the others come by the game's result, then by its scores where it
// scores players (game.Ranking). The result is the rules' when the moves
// ended the game, else the stored one (a resignation, a loss on time, an
// agreement, the last player at the table). nil for a game still on or a
// result that cannot be read.
func SeatRanks(g *store.Game, m *game.Match) []int {
	if g == nil || m == nil || g.Result == store.Ongoing {
		return nil
	}
	out := m.Outcome()
	if !out.Ended() {
		res, err := record.ParseResult(g.Result)
		if err != nil || !res.Ended() {
			return nil
		}
		out = res.Outcome()
	}
	leavers := Leavers(g.Seats)
	if len(g.Seats) != m.Variant().Players {
		return nil
	}
	ranks, err := game.Ranking(m.State(), out, leavers)
	if err != nil {
		return nil
	}
	return ranks
}

// Ordinal is place in words: "1st", "2e".
func Ordinal(place int, lang string) string {
	if place >= 1 && place <= 3 {
		return web.T(lang, fmt.Sprintf("rank:%d", place))
	}
	return fmt.Sprintf(web.T(lang, "rank:n"), place)
}

// RankingSentence is the ranking of a finished game of three or four in
// which a player left, in words: "Ranking: 1st Alice, 2nd Bob, 3rd Carol
// (left)"; "" for any other game (its result says it all).
func RankingSentence(g *store.Game, m *game.Match, lang string) string {
	if g == nil || m == nil || m.Variant().Players <= 2 || len(Leavers(g.Seats)) == 0 {
		return ""
	}
	ranks := SeatRanks(g, m)
	if ranks == nil {
		return ""
	}
	seats := make([]int, len(ranks))
	for i := range seats {
		seats[i] = i
	}
	sort.SliceStable(seats, func(a, b int) bool { return ranks[seats[a]] < ranks[seats[b]] })
	parts := make([]string, len(seats))
	for k, s := range seats {
		name := PlayerName(m.Variant(), s, g.Seats, lang)
		if g.Seats[s].Left > 0 {
			name = fmt.Sprintf(web.T(lang, "rank:left"), name)
		}
		parts[k] = Ordinal(ranks[s], lang) + " " + name
	}
	return fmt.Sprintf(web.T(lang, "rank:title"), strings.Join(parts, ", "))
}

// OutcomeWithRanking is OutcomeSentence followed, in a game of three or
// four that a player left, by the ranking.
func OutcomeWithRanking(g *store.Game, m *game.Match, lang string) string {
	s := OutcomeSentence(m.Variant(), g.Seats, g.Result, g.Reason, lang)
	if rk := RankingSentence(g, m, lang); rk != "" && s != "" {
		return s + " — " + rk
	}
	return s
}
