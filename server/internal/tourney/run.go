package tourney

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/record"
	"github.com/plateau-games/plateau/server/internal/games"
	"github.com/plateau-games/plateau/store"
	"github.com/plateau-games/plateau/tournament"
)

// Running a tournament: every step reads the tournament from the store,
// decides, and writes through the store, whose transactions make each
// round paired once whatever the number of servers (PairRound: the
// second gets ErrConflict and does nothing). Steps come from the director
// (start, pair), from the end of a game (GameEnded, live play's hook) and
// from the sweep (Sweep, every few seconds), which also picks up results
// a hook missed (a server that died as a game ended).

// errNotReady says that the round cannot be paired yet.
var errNotReady = errors.New("the round's games are not all over")

// gameResult is a finished game's result on a score sheet, from the
// stored result and reason; ok false while it is on.
func gameResult(g *store.Game) (string, bool) {
	if g.Result == store.Ongoing || g.Result == "" {
		return "", false
	}
	res, err := record.ParseResult(g.Result)
	if err == nil {
		switch res.Status {
		case game.Draw:
			return "1/2-1/2", true
		case game.Win:
			if len(res.Winners) == 1 && res.Winners[0] == 0 {
				return "1-0", true
			}
			if len(res.Winners) == 1 && res.Winners[0] == 1 {
				return "0-1", true
			}
		}
	}
	// Over without a winner: aborted. The seat that made no first move
	// (or aborted) loses by forfeit; otherwise neither scores.
	code, seat := games.ParseReason(g.Reason)
	if code == games.ReasonAborted || code == games.ReasonAbortedBy {
		switch seat {
		case 0:
			return "-/+", true
		case 1:
			return "+/-", true
		}
	}
	return "-/-", true
}

// resultOf is a finished game's result for its board: a score sheet's
// for two players, the ranks by seat ("1,3,2") for three or four; ok
// false while it is on.
func resultOf(g *store.Game) (string, bool) {
	if len(g.Seats) <= 2 {
		return gameResult(g)
	}
	if g.Result == store.Ongoing || g.Result == "" {
		return "", false
	}
	m, err := games.Replay(g)
	if err != nil {
		return "", false
	}
	ranks := games.SeatRanks(g, m)
	if len(ranks) != len(g.Seats) {
		// Over without a ranking (aborted, abandoned): all share the
		// last place.
		ranks = make([]int, len(g.Seats))
		for i := range ranks {
			ranks[i] = len(g.Seats)
		}
	}
	parts := make([]string, len(ranks))
	for i, r := range ranks {
		parts[i] = strconv.Itoa(r)
	}
	return strings.Join(parts, ","), true
}

// GameEnded is live play's hook at the end of a game: a tournament's
// game gives its board its result and the tournament moves on (the next
// round paired when automatic, an arena's players paired again). It
// returns at once; the work runs in the background.
func (tn *Tourney) GameEnded(g *store.Game) {
	if tn.st == nil || g == nil {
		return
	}
	if _, ok := gameResult(g); !ok {
		return
	}
	id := g.ID
	tn.GoSafe("tournament game ended", func() {
		ctx, cancel := context.WithTimeout(tn.Ctx, storeWait)
		defer cancel()
		// The game as stored: a table's result is its ranking, which
		// needs the moves.
		full, err := tn.Store.LoadGame(ctx, id)
		if err != nil {
			tn.LogError("tournament game", err, "game", id)
			return
		}
		res, ok := resultOf(full)
		if !ok {
			return
		}
		tid, err := tn.st.GameResult(ctx, id, res, tn.Now())
		switch {
		case errors.Is(err, store.ErrNotFound):
			return // not a tournament's game
		case errors.Is(err, store.ErrConflict):
			// Recorded already (another server, or the director).
		case err != nil:
			tn.LogError("tournament result", err, "game", id)
			return
		default:
			tn.Log.Info("tournament result", "tournament", tid, "game", id, "result", res)
			tn.changed(tid)
		}
		if tid != "" {
			tn.advance(ctx, tid)
		}
	})
}

// storeWait bounds a background step.
const storeWait = 30 * time.Second

// Sweep is the maintenance chore: every running tournament gets the
// results of its games that ended and moves on; an upcoming one whose
// start time passed with automatic pairing starts.
func (tn *Tourney) Sweep() {
	if tn.st == nil {
		return
	}
	ctx, cancel := context.WithTimeout(tn.Ctx, storeWait)
	defer cancel()
	for _, status := range []string{store.TournamentRunning, store.TournamentUpcoming} {
		list, err := tn.st.ListTournaments(ctx, status, maxSwept)
		if err != nil {
			tn.LogError("sweep tournaments", err)
			return
		}
		for _, t := range list {
			if status == store.TournamentUpcoming {
				if t.AutoPair && !t.StartsAt.After(tn.Now()) && t.Entries >= 2 {
					tn.start(ctx, t.ID)
				}
				continue
			}
			tn.collect(ctx, t.ID)
			tn.advance(ctx, t.ID)
		}
	}
}

// maxSwept bounds the tournaments one sweep looks at, of each status.
const maxSwept = 200

// collect gives the boards of tournament id whose games ended their
// results.
func (tn *Tourney) collect(ctx context.Context, id string) {
	t, err := tn.st.LoadTournament(ctx, id)
	if err != nil {
		tn.LogError("load tournament", err, "tournament", id)
		return
	}
	got := false
	for _, p := range t.Pairings {
		if p.Result != "" || p.Game == "" {
			continue
		}
		g, err := tn.Store.LoadGame(ctx, p.Game)
		if err != nil {
			tn.LogError("load tournament game", err, "game", p.Game)
			continue
		}
		res, ok := resultOf(g)
		if !ok {
			continue
		}
		if err := tn.st.SetResult(ctx, id, p.Round, p.Board, res, false, tn.Now()); err == nil {
			got = true
		} else if !errors.Is(err, store.ErrConflict) {
			tn.LogError("tournament result", err, "game", p.Game)
		}
	}
	if got {
		tn.changed(id)
	}
	tn.keepComputerGames(ctx, t)
}

// start starts tournament id and pairs its first round (or arena games).
func (tn *Tourney) start(ctx context.Context, id string) error {
	t, err := tn.st.LoadTournament(ctx, id)
	if err != nil {
		return err
	}
	rounds := t.Rounds
	switch t.Kind {
	case store.TournamentArena:
		rounds = 0
	case store.TournamentRoundRobin:
		rr, err := tournament.BergerRounds(seeded(t), false)
		if err != nil {
			return err
		}
		rounds = len(rr)
	}
	if err := tn.st.StartTournament(ctx, id, rounds, tn.Now()); err != nil {
		return err
	}
	tn.Log.Info("tournament started", "tournament", id, "rounds", rounds)
	tn.changed(id)
	return tn.pairNext(ctx, id, true)
}

// advance moves tournament id on: a round robin or Swiss whose round is
// over is paired again (automatic pairing) or finished after its last
// round; an arena pairs its free players, and finishes at its end.
func (tn *Tourney) advance(ctx context.Context, id string) {
	t, err := tn.st.LoadTournament(ctx, id)
	if err != nil || t.Status != store.TournamentRunning {
		return
	}
	if t.Kind == store.TournamentArena {
		if !tn.Now().Before(t.StartedAt.Add(time.Duration(t.DurationMillis) * time.Millisecond)) {
			tn.finish(ctx, t)
			return
		}
		if err := tn.pairNext(ctx, id, false); err != nil && !errors.Is(err, store.ErrConflict) && !errors.Is(err, errNotReady) {
			tn.LogError("pair arena", err, "tournament", id)
		}
		return
	}
	if !roundDone(t, t.Paired) {
		return
	}
	if t.Paired >= t.Rounds {
		tn.finish(ctx, t)
		return
	}
	if t.AutoPair {
		if err := tn.pairNext(ctx, id, false); err != nil && !errors.Is(err, store.ErrConflict) && !errors.Is(err, errNotReady) {
			tn.LogError("pair round", err, "tournament", id)
		}
	}
}

func (tn *Tourney) finish(ctx context.Context, t *store.Tournament) {
	switch err := tn.st.FinishTournament(ctx, t.ID, tn.Now()); {
	case err == nil:
		tn.Log.Info("tournament finished", "tournament", t.ID)
		tn.changed(t.ID)
	case !errors.Is(err, store.ErrConflict):
		tn.LogError("finish tournament", err, "tournament", t.ID)
	}
}

// pairNext pairs the next round of tournament id (an arena: its free
// players) and makes its games, all in one store transaction.
// ErrConflict: another server (or click) paired it first; errNotReady:
// the round's games are not all over.
func (tn *Tourney) pairNext(ctx context.Context, id string, first bool) error {
	t, err := tn.st.LoadTournament(ctx, id)
	if err != nil {
		return err
	}
	if t.Status != store.TournamentRunning {
		return fmt.Errorf("%w: tournament %s is %s", store.ErrConflict, id, t.Status)
	}
	if t.Kind != store.TournamentArena && !roundDone(t, t.Paired) {
		return errNotReady
	}
	if t.Kind != store.TournamentArena && t.Paired >= t.Rounds {
		return fmt.Errorf("%w: every round of %s is paired", store.ErrConflict, id)
	}
	var boards [][]string // the seats; one: a bye
	var forfeits []store.Pairing
	switch t.Kind {
	case store.TournamentTables:
		tt, err := tableTournament(t)
		if err != nil {
			return err
		}
		var absent []string
		for _, e := range t.Entrants {
			if e.Withdrawn {
				absent = append(absent, e.User)
			}
		}
		rd, err := tournament.SeatTables(tt, absent)
		if err != nil {
			return err
		}
		for _, tb := range rd.Tables {
			boards = append(boards, tb.Seats)
		}
		for _, b := range rd.Bye {
			boards = append(boards, []string{b})
		}
	case store.TournamentSwiss:
		tt := twoPlayer(t)
		var absent []string
		for _, e := range t.Entrants {
			if e.Withdrawn {
				absent = append(absent, e.User)
			}
		}
		rd, err := tournament.PairDutch(tt, t.Rounds, absent)
		if err != nil {
			return err
		}
		for _, g := range rd.Games {
			boards = append(boards, []string{g.White, g.Black})
		}
		if rd.Bye != "" {
			boards = append(boards, []string{rd.Bye})
		}
	case store.TournamentRoundRobin:
		// The roster: every entrant at the start, in seeding order (a
		// withdrawal after the start keeps his number).
		roster := append([]tournament.Player(nil), players(t)...)
		sortSeeded(roster)
		rr, err := tournament.BergerRounds(roster, false)
		if err != nil {
			return err
		}
		if t.Paired >= len(rr) {
			return fmt.Errorf("%w: every round of %s is paired", store.ErrConflict, id)
		}
		out := map[string]bool{}
		for _, e := range t.Entrants {
			out[e.User] = e.Withdrawn
		}
		for _, g := range rr[t.Paired].Games {
			switch {
			case out[g.White] && out[g.Black]:
				forfeits = append(forfeits, store.Pairing{White: g.White, Black: g.Black, Result: "-/-"})
			case out[g.Black]:
				forfeits = append(forfeits, store.Pairing{White: g.White, Black: g.Black, Result: "+/-"})
			case out[g.White]:
				forfeits = append(forfeits, store.Pairing{White: g.White, Black: g.Black, Result: "-/+"})
			default:
				boards = append(boards, []string{g.White, g.Black})
			}
		}
	case store.TournamentArena:
		pairs, err := tn.arenaPairs(t)
		if err != nil {
			return err
		}
		if len(pairs) == 0 {
			return errNotReady
		}
		for _, p := range pairs {
			boards = append(boards, []string{p.White, p.Black})
		}
	}
	var pairings []store.Pairing
	var made []*store.Game
	now := tn.Now().UTC()
	for _, b := range boards {
		p := store.Pairing{Board: len(pairings) + 1, White: b[0]}
		if len(b) > 1 {
			p.Black, p.Others = b[1], b[2:]
			if len(p.Others) == 0 {
				p.Others = nil
			}
			g := tn.newGame(t, b, now)
			p.Game = g.ID
			made = append(made, g)
		}
		pairings = append(pairings, p)
	}
	for _, f := range forfeits {
		f.Board = len(pairings) + 1
		pairings = append(pairings, f)
	}
	round := t.Paired + 1
	if err := tn.st.PairRound(ctx, id, round, pairings, made, now); err != nil {
		return err
	}
	tn.Log.Info("tournament round paired", "tournament", id, "round", round, "boards", len(pairings))
	tn.changed(id)
	for _, g := range made {
		if computersOnly(g) && tn.keepPlaying != nil {
			if err := tn.keepPlaying(ctx, g.ID); err != nil {
				tn.LogError("keep computer game", err, "tournament", id, "game", g.ID)
			}
		}
	}
	if len(made) == 0 {
		// A round of byes and forfeits only is over at once: the next
		// one, or the end, need not wait for a game.
		tn.advance(ctx, id)
	}
	return nil
}

// newGame is the game of one board: the players at their seats, the
// tournament's clock; rated as the tournament is.
func (tn *Tourney) newGame(t *store.Tournament, seats []string, now time.Time) *store.Game {
	g := &store.Game{ID: games.NewID(), GameID: t.GameID, Options: t.Options, Result: store.Ongoing,
		Casual: !t.Rated, Rated: t.Rated, ClockMillis: t.ClockMillis, IncrementMillis: t.IncrementMillis,
		MoveDays: t.MoveDays, CreatedAt: now, UpdatedAt: now}
	levels := agents(t)
	for _, name := range seats {
		if store.IsComputerEntrant(name) {
			// A computer player: the server plays its seat.
			g.Seats = append(g.Seats, store.Seat{Kind: "computer", Agent: levels[store.UserKey(name)]})
			continue
		}
		g.Seats = append(g.Seats, store.Seat{Kind: "human", Name: name, User: name})
	}
	return g
}

// arenaPairs pairs the arena's free players: entered, not withdrawn,
// without a game on.
func (tn *Tourney) arenaPairs(t *store.Tournament) ([]tournament.ArenaPairing, error) {
	busy := map[string]bool{}
	opponents := map[string][]string{}
	balance := map[string]int{}
	for _, p := range t.Pairings {
		if p.Black == "" {
			continue
		}
		if p.Result == "" {
			busy[p.White], busy[p.Black] = true, true
		}
		opponents[p.White] = append(opponents[p.White], p.Black)
		opponents[p.Black] = append(opponents[p.Black], p.White)
		balance[p.White]++
		balance[p.Black]--
	}
	score := map[string]int{}
	for _, s := range tournament.ArenaStandings(arenaRecords(t)) {
		score[s.Player.ID] = s.Points
	}
	var free []tournament.ArenaPlayer
	for _, e := range t.Entrants {
		if e.Withdrawn || busy[e.User] {
			continue
		}
		free = append(free, tournament.ArenaPlayer{ID: e.User, Rating: e.Rating, Points: score[e.User],
			Opponents: opponents[e.User], ColourBalance: balance[e.User]})
	}
	pairs, _, err := tournament.PairArena(free, tournament.ArenaOptions{})
	return pairs, err
}

// sortSeeded orders players as package tournament seeds them.
func sortSeeded(ps []tournament.Player) {
	t := tournament.Tournament{Players: ps}
	copy(ps, t.Seeded())
}
