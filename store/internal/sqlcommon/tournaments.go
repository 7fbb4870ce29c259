package sqlcommon

import (
	"fmt"
	"time"

	"github.com/plateau-games/plateau/store/internal/model"
)

// The rules of store.Tournaments, shared by both backends: each write
// loads the tournament inside its transaction (PostgreSQL locks its row),
// decides here, and writes back what changed.

// PrepareTournament checks t before CreateTournament and fills in what
// the contract promises: times as stored, status upcoming, nothing paired.
func PrepareTournament(t *model.Tournament, now time.Time) error {
	if err := model.CheckTournament(t); err != nil {
		return err
	}
	if t.CreatedAt.IsZero() {
		t.CreatedAt = now
	}
	t.CreatedAt, t.StartsAt = Time(t.CreatedAt), Time(t.StartsAt)
	t.UpdatedAt = t.CreatedAt
	t.Status, t.Paired, t.Entries = model.TournamentUpcoming, 0, 0
	t.StartedAt, t.EndedAt = time.Time{}, time.Time{}
	t.Entrants, t.Pairings = nil, nil
	if t.Kind == model.TournamentArena {
		t.Rounds = 0
	} else {
		t.DurationMillis = 0
	}
	if t.Kind == model.TournamentRoundRobin {
		t.Rounds = 0 // fixed at the start, from the number of players
	}
	if !t.Closed {
		t.Invited = nil
	}
	return nil
}

// EpochZero is t, or the Unix epoch for the zero time (a time column that
// is NOT NULL); FromEpoch reads it back.
func EpochZero(t time.Time) time.Time {
	if t.IsZero() {
		return time.Unix(0, 0).UTC()
	}
	return Time(t)
}

// FromEpoch is the inverse of EpochZero.
func FromEpoch(t time.Time) time.Time {
	if t.Unix() == 0 {
		return time.Time{}
	}
	return t.UTC()
}

// EntrantOf is the index of user's entry in t.Entrants, or -1.
func EntrantOf(t *model.Tournament, user string) int {
	k := model.UserKey(user)
	for i, e := range t.Entrants {
		if model.UserKey(e.User) == k {
			return i
		}
	}
	return -1
}

// CanRegister says why user may not register in t, or nil (the bound on
// his other tournaments is the backend's to count).
func CanRegister(t *model.Tournament, user string) error {
	switch {
	case t.Status == model.TournamentFinished,
		t.Status == model.TournamentRunning && t.Kind != model.TournamentArena:
		return fmt.Errorf("%w: tournament %s is %s: registration is over", model.ErrConflict, t.ID, t.Status)
	case t.Closed && !invited(t, user):
		return fmt.Errorf("%w: tournament %s is closed to its invited players", model.ErrConflict, t.ID)
	}
	if i := EntrantOf(t, user); i >= 0 && !t.Entrants[i].Withdrawn {
		return fmt.Errorf("%w: %s is registered already", model.ErrConflict, user)
	}
	if t.Entries >= model.MaxTournamentPlayers {
		return fmt.Errorf("%w: tournament %s has %d players, the most allowed", model.ErrConflict, t.ID, t.Entries)
	}
	return nil
}

func invited(t *model.Tournament, user string) bool {
	k := model.UserKey(user)
	for _, name := range t.Invited {
		if model.UserKey(name) == k {
			return true
		}
	}
	return false
}

// CanWithdraw says why user may not withdraw from t, or nil.
func CanWithdraw(t *model.Tournament, user string) error {
	if t.Status == model.TournamentFinished {
		return fmt.Errorf("%w: tournament %s is finished", model.ErrConflict, t.ID)
	}
	if i := EntrantOf(t, user); i < 0 || t.Entrants[i].Withdrawn {
		return fmt.Errorf("%w: %s is not registered", model.ErrConflict, user)
	}
	return nil
}

// CanStart says why t may not start with rounds rounds, or nil.
func CanStart(t *model.Tournament, rounds int) error {
	switch {
	case t.Status != model.TournamentUpcoming:
		return fmt.Errorf("%w: tournament %s is %s, not upcoming", model.ErrConflict, t.ID, t.Status)
	case t.Entries < 2:
		return fmt.Errorf("%w: tournament %s has %d players, at least 2 are needed", model.ErrConflict, t.ID, t.Entries)
	case t.Kind == model.TournamentArena && rounds != 0:
		return fmt.Errorf("store: an arena has no rounds (%d given)", rounds)
	case t.Kind != model.TournamentArena && (rounds < 1 || rounds > model.MaxTournamentRounds):
		return fmt.Errorf("store: %d rounds, accepted: 1 to %d", rounds, model.MaxTournamentRounds)
	}
	return nil
}

// CheckRound says why pairings (with their games) may not be round of t,
// or nil; it sets each pairing's Round and clears its result (a bye's is
// TournamentBye).
func CheckRound(t *model.Tournament, round int, pairings []model.Pairing, games []*model.Game) error {
	switch {
	case t.Status != model.TournamentRunning:
		return fmt.Errorf("%w: tournament %s is %s, not running", model.ErrConflict, t.ID, t.Status)
	case round != t.Paired+1:
		return fmt.Errorf("%w: tournament %s has %d rounds paired: round %d is not the next", model.ErrConflict, t.ID, t.Paired, round)
	case t.Kind != model.TournamentArena && round > t.Rounds:
		return fmt.Errorf("%w: tournament %s has its %d rounds paired", model.ErrConflict, t.ID, t.Rounds)
	case round > model.MaxTournamentRounds*model.MaxTournamentPlayers:
		return fmt.Errorf("%w: tournament %s has paired the most rounds allowed", model.ErrConflict, t.ID)
	case len(pairings) == 0 || len(pairings) > model.MaxTournamentPairings:
		return fmt.Errorf("store: %d boards in a round, accepted: 1 to %d", len(pairings), model.MaxTournamentPairings)
	}
	busy := map[string]bool{}
	for _, p := range t.Pairings {
		if p.Result != "" {
			continue
		}
		if t.Kind != model.TournamentArena && p.Round == t.Paired {
			return fmt.Errorf("%w: round %d of tournament %s has a game without result", model.ErrConflict, p.Round, t.ID)
		}
		for _, name := range p.Seats() {
			busy[model.UserKey(name)] = true
		}
	}
	byID := map[string]*model.Game{}
	for _, g := range games {
		if g == nil || g.ID == "" || byID[g.ID] != nil {
			return fmt.Errorf("store: round %d: a missing or repeated game", round)
		}
		byID[g.ID] = g
	}
	seen := map[string]bool{}
	used := 0
	for i := range pairings {
		p := &pairings[i]
		p.Round = round
		p.Corrected = p.Game == "" && p.Black != "" // a forfeit given at the pairing
		if p.Board != i+1 {
			return fmt.Errorf("store: round %d: board %d given as number %d", round, i+1, p.Board)
		}
		// A board decided without a game (a round robin's game against a
		// player who withdrew) comes with its forfeit.
		forfeit := p.Game == "" && p.Black != ""
		if forfeit && p.Result != "+/-" && p.Result != "-/+" && p.Result != "-/-" {
			return fmt.Errorf("store: round %d board %d: no game and no forfeit", round, p.Board)
		}
		if len(p.Others) > 2 || len(p.Others) > 0 && p.Black == "" {
			return fmt.Errorf("store: round %d board %d: 2 to 4 seats", round, p.Board)
		}
		for _, name := range append([]string{p.White, p.Black}, p.Others...) {
			if name == "" {
				continue
			}
			k := model.UserKey(name)
			if e := EntrantOf(t, name); e < 0 || t.Entrants[e].Withdrawn && !forfeit {
				return fmt.Errorf("%w: %s is not a player of tournament %s", model.ErrConflict, name, t.ID)
			}
			if seen[k] {
				return fmt.Errorf("store: round %d: %s paired twice", round, name)
			}
			if busy[k] {
				return fmt.Errorf("%w: %s has a game on in tournament %s", model.ErrConflict, name, t.ID)
			}
			seen[k] = true
		}
		if p.White == "" {
			return fmt.Errorf("store: round %d board %d: no first player", round, p.Board)
		}
		if p.Black == "" {
			if p.Game != "" {
				return fmt.Errorf("store: round %d board %d: a bye has no game", round, p.Board)
			}
			p.Result = model.TournamentBye
			continue
		}
		if forfeit {
			continue
		}
		p.Result = ""
		g := byID[p.Game]
		seats := p.Seats()
		same := g != nil && len(g.Seats) == len(seats)
		for i := 0; same && i < len(seats); i++ {
			same = model.UserKey(g.Seats[i].User) == model.UserKey(seats[i])
			if model.IsComputerEntrant(seats[i]) {
				// A computer player's seat: the computer at its level.
				e := EntrantOf(t, seats[i])
				same = e >= 0 && g.Seats[i].Kind == "computer" && g.Seats[i].User == "" && g.Seats[i].Agent == t.Entrants[e].Agent
			}
		}
		if !same {
			return fmt.Errorf("store: round %d board %d: its game is not %v at their seats", round, p.Board, seats)
		}
		used++
	}
	if used != len(games) {
		return fmt.Errorf("store: round %d: %d games for %d boards", round, len(games), used)
	}
	return nil
}

// ResultChange applies a result to board of round of t and returns the
// pairing changed.
func ResultChange(t *model.Tournament, round, board int, result string, corrected bool) (*model.Pairing, error) {
	for i := range t.Pairings {
		p := &t.Pairings[i]
		if p.Round != round || p.Board != board {
			continue
		}
		check := model.CheckTournamentResult(result)
		if len(p.Others) > 0 {
			check = model.CheckTableResult(result, len(p.Seats()))
		}
		if check != nil {
			return nil, check
		}
		switch {
		case p.Black == "":
			return nil, fmt.Errorf("%w: board %d of round %d is a bye", model.ErrConflict, board, round)
		case !corrected && p.Result != "":
			return nil, fmt.Errorf("%w: board %d of round %d has its result", model.ErrConflict, board, round)
		}
		p.Result, p.Corrected = result, corrected
		return p, nil
	}
	return nil, fmt.Errorf("%w: no board %d in round %d of tournament %s", model.ErrNotFound, board, round, t.ID)
}

// Entries counts the entrants of t not withdrawn.
func Entries(t *model.Tournament) int {
	n := 0
	for _, e := range t.Entrants {
		if !e.Withdrawn {
			n++
		}
	}
	return n
}
