package tourney

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/store"
	"github.com/plateau-games/plateau/tournament"
)

// The tournament as stored becomes package tournament's: players are the
// entrants (their account names are the ids), rounds the paired rounds.
// A player not paired in a round (withdrawn, or registered later in an
// arena) is absent from it.

// results maps a board's stored result to package tournament's.
var results = map[string]tournament.Result{
	"":        tournament.Pending,
	"1-0":     tournament.WhiteWins,
	"0-1":     tournament.BlackWins,
	"1/2-1/2": tournament.Draw,
	"+/-":     tournament.WhiteForfeit,
	"-/+":     tournament.BlackForfeit,
	"-/-":     tournament.DoubleForfeit,
}

// players are t's entrants as package tournament's players.
func players(t *store.Tournament) []tournament.Player {
	out := make([]tournament.Player, len(t.Entrants))
	for i, e := range t.Entrants {
		out[i] = tournament.Player{ID: e.User, Name: e.User, Rating: e.Rating}
	}
	return out
}

// twoPlayer is t as a two-player tournament of package tournament, its
// rounds those paired.
func twoPlayer(t *store.Tournament) *tournament.Tournament {
	tt := &tournament.Tournament{Name: t.Name, Players: players(t)}
	tt.Rounds = make([]tournament.Round, t.Paired)
	in := make([]map[string]bool, t.Paired)
	for i := range in {
		in[i] = map[string]bool{}
	}
	for _, p := range t.Pairings {
		if p.Round < 1 || p.Round > t.Paired {
			continue
		}
		rd := &tt.Rounds[p.Round-1]
		in[p.Round-1][p.White], in[p.Round-1][p.Black] = true, true
		if p.Black == "" {
			rd.Bye = p.White
			continue
		}
		rd.Games = append(rd.Games, tournament.Game{White: p.White, Black: p.Black, Result: results[p.Result]})
	}
	for r := range tt.Rounds {
		for _, e := range t.Entrants {
			if !in[r][e.User] {
				tt.Rounds[r].Absent = append(tt.Rounds[r].Absent, e.User)
			}
		}
	}
	return tt
}

// tableTournament is t, a tournament at tables of three or four, as
// package tournament's: the tables' ranks parsed from the results.
func tableTournament(t *store.Tournament) (*tournament.TableTournament, error) {
	v, err := games.VariantOf(&store.Game{GameID: t.GameID, Options: t.Options})
	if err != nil {
		return nil, err
	}
	tt := &tournament.TableTournament{Name: t.Name, Size: v.Players, Players: players(t)}
	tt.Rounds = make([]tournament.TableRound, t.Paired)
	in := make([]map[string]bool, t.Paired)
	for i := range in {
		in[i] = map[string]bool{}
	}
	for _, p := range t.Pairings {
		if p.Round < 1 || p.Round > t.Paired {
			continue
		}
		rd := &tt.Rounds[p.Round-1]
		seats := p.Seats()
		for _, s := range seats {
			in[p.Round-1][s] = true
		}
		if len(seats) == 1 {
			rd.Bye = append(rd.Bye, p.White)
			continue
		}
		tb := tournament.Table{Seats: seats}
		if p.Result != "" {
			ranks, err := store.TableRanks(p.Result, len(seats))
			if err != nil {
				return nil, fmt.Errorf("round %d board %d: %w", p.Round, p.Board, err)
			}
			tb.Ranks = ranks
		}
		rd.Tables = append(rd.Tables, tb)
	}
	for r := range tt.Rounds {
		for _, e := range t.Entrants {
			if !in[r][e.User] {
				tt.Rounds[r].Absent = append(tt.Rounds[r].Absent, e.User)
			}
		}
	}
	return tt, nil
}

// roundDone says whether every board of round r of t has a result.
func roundDone(t *store.Tournament, r int) bool {
	for _, p := range t.Pairings {
		if p.Round == r && p.Result == "" {
			return false
		}
	}
	return true
}

// standingRow is one line of the standings as pages show them.
type standingRow struct {
	Rank                 int
	Player               string
	Rating               int
	Points               string
	TieBreaks            []string // in the order of the columns
	Played, Wins, Losses int
	Draws                int
	OnFire               bool
	Withdrawn            bool
	Name                 string // as the page shows Player (a computer's in words)
	Computer             bool   // a computer player: no page of its own
}

// standings ranks the players of t: a Swiss by points, Buchholz cut 1,
// Buchholz and Sonneborn-Berger; a round robin by points,
// Sonneborn-Berger and wins; an arena by its points (streaks double).
// Rounds whose games are not all over count with their results so far.
func standings(t *store.Tournament) ([]standingRow, []string) {
	withdrawn := map[string]bool{}
	for _, e := range t.Entrants {
		withdrawn[e.User] = e.Withdrawn
	}
	if t.Kind == store.TournamentArena {
		var out []standingRow
		for _, s := range tournament.ArenaStandings(arenaRecords(t)) {
			out = append(out, standingRow{Rank: s.Rank, Player: s.Player.ID, Rating: s.Player.Rating, Points: fmt.Sprint(s.Points),
				Played: s.Games, Wins: s.Wins, OnFire: s.OnFire, Withdrawn: withdrawn[s.Player.ID]})
		}
		return out, nil
	}
	if t.Kind == store.TournamentTables {
		tt, err := tableTournament(t)
		if err != nil {
			return nil, nil
		}
		var out []standingRow
		for _, s := range tt.Standings() {
			out = append(out, standingRow{Rank: s.Rank, Player: s.Player.ID, Rating: s.Player.Rating, Points: points(s.Points),
				TieBreaks: []string{points(s.Buchholz), fmt.Sprint(s.Firsts)}, Played: s.Games, Withdrawn: withdrawn[s.Player.ID]})
		}
		return out, []string{"BH", "1st"}
	}
	tt := twoPlayer(t)
	var list []tournament.Standing
	var cols []string
	if t.Kind == store.TournamentRoundRobin {
		list, cols = tt.RoundRobinStandings(), []string{"SB"}
	} else {
		list, cols = tt.Standings(), []string{"BH-1", "BH", "SB"}
	}
	out := make([]standingRow, 0, len(list))
	for _, s := range list {
		row := standingRow{Rank: s.Rank, Player: s.Player.ID, Rating: s.Player.Rating, Points: points(s.Points),
			Played: s.Played, Wins: s.Wins, Draws: s.Draws, Losses: s.Losses, Withdrawn: withdrawn[s.Player.ID]}
		if t.Kind == store.TournamentRoundRobin {
			row.TieBreaks = []string{points(s.SonnebornBerger)}
		} else {
			row.TieBreaks = []string{points(s.BuchholzCut1), points(s.Buchholz), points(s.SonnebornBerger)}
		}
		out = append(out, row)
	}
	return out, cols
}

// points writes half points as a score sheet does: 2½.
func points(p float64) string {
	whole := int(p)
	s := fmt.Sprint(whole)
	if p-float64(whole) >= 0.5 {
		if whole == 0 {
			return "½"
		}
		s += "½"
	}
	return s
}

// arenaRecords are the arena games of every entrant, in the order played
// (by round), each from his side; games without result are left out.
func arenaRecords(t *store.Tournament) []tournament.ArenaRecord {
	idx := map[string]int{}
	recs := make([]tournament.ArenaRecord, len(t.Entrants))
	for i, e := range t.Entrants {
		idx[e.User] = i
		recs[i].Player = tournament.Player{ID: e.User, Name: e.User, Rating: e.Rating}
	}
	for _, p := range t.Pairings {
		r, ok := results[p.Result]
		if !ok || r == tournament.Pending || p.Black == "" {
			continue
		}
		w, b := r.Points()
		for _, side := range []struct {
			who string
			pts float64
		}{{p.White, w}, {p.Black, b}} {
			i, ok := idx[side.who]
			if !ok {
				continue
			}
			o := tournament.ArenaLoss
			switch {
			case side.pts == 1:
				o = tournament.ArenaWin
			case side.pts == 0.5:
				o = tournament.ArenaDraw
			}
			recs[i].Games = append(recs[i].Games, o)
		}
	}
	return recs
}

// crossCell is one cell of the crosstable: a round's opponent (by
// standings number), colour and result.
type crossCell struct {
	Text, Class, Game string
	Title             string // the seat played, in words
}

// crossRow is one line of the crosstable.
type crossRow struct {
	Rank   int
	Number int // the line's number, which other lines cite
	Player string
	Points string
	Cells  []crossCell // one per round
}

// crosstable is the Swiss or round robin table of t: each player's
// rounds, in standings order.
func crosstable(t *store.Tournament, rows []standingRow, lang string) []crossRow {
	if t.Kind == store.TournamentArena || t.Kind == store.TournamentTables {
		return nil
	}
	num := map[string]int{}
	for i, r := range rows {
		num[r.Player] = i + 1
	}
	out := make([]crossRow, len(rows))
	for i, r := range rows {
		out[i] = crossRow{Rank: r.Rank, Number: i + 1, Player: r.Player, Points: r.Points, Cells: make([]crossCell, t.Paired)}
		for j := range out[i].Cells {
			out[i].Cells[j] = crossCell{Text: "–", Class: "absent"}
		}
	}
	marks, names := seatMarks(t, lang)
	set := func(who string, round int, c crossCell) {
		if n, ok := num[who]; ok && round >= 1 && round <= t.Paired {
			out[n-1].Cells[round-1] = c
		}
	}
	for _, p := range t.Pairings {
		if p.Black == "" {
			set(p.White, p.Round, crossCell{Text: "+", Class: "bye"})
			continue
		}
		w, b := "*", "*"
		if r, ok := results[p.Result]; ok && r != tournament.Pending {
			wp, bp := r.Points()
			w, b = points(wp), points(bp)
			if !r.Played() {
				w, b = forfeitMark(wp), forfeitMark(bp)
			}
		}
		set(p.White, p.Round, crossCell{Text: fmt.Sprintf("%d %s %s", num[p.Black], marks[0], w), Class: "white", Game: p.Game, Title: names[0]})
		set(p.Black, p.Round, crossCell{Text: fmt.Sprintf("%d %s %s", num[p.White], marks[1], b), Class: "black", Game: p.Game, Title: names[1]})
	}
	return out
}

func forfeitMark(p float64) string {
	if p > 0 {
		return "+"
	}
	return "−"
}

// trf is t in the FIDE tournament report format; an error when a game
// is still on (the format has no place for it).
func trf(t *store.Tournament) ([]byte, error) {
	if t.Kind == store.TournamentArena || t.Kind == store.TournamentTables {
		return nil, fmt.Errorf("the report is for two-player rounds")
	}
	tt := twoPlayer(t)
	var b bytes.Buffer
	typ := "Individual: Swiss-System (Dutch)"
	if t.Kind == store.TournamentRoundRobin {
		typ = "Individual: Round-Robin"
	}
	o := tournament.TRFOptions{TotalRounds: max(t.Rounds, t.Paired), Type: typ}
	if !t.StartedAt.IsZero() {
		o.StartDate = t.StartedAt.Format("2006/01/02")
	}
	if !t.EndedAt.IsZero() {
		o.EndDate = t.EndedAt.Format("2006/01/02")
	}
	if err := tournament.WriteTRF(&b, tt, o); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// seeded are the entrants who are not withdrawn, in seeding order.
func seeded(t *store.Tournament) []tournament.Player {
	var ps []tournament.Player
	for _, e := range t.Entrants {
		if !e.Withdrawn {
			ps = append(ps, tournament.Player{ID: e.User, Name: e.User, Rating: e.Rating})
		}
	}
	sort.SliceStable(ps, func(i, j int) bool {
		if ps[i].Rating != ps[j].Rating {
			return ps[i].Rating > ps[j].Rating
		}
		if ps[i].Name != ps[j].Name {
			return ps[i].Name < ps[j].Name
		}
		return strings.Compare(ps[i].ID, ps[j].ID) < 0
	})
	return ps
}
