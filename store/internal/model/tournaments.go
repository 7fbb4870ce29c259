package model

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Tournament is a tournament of two-player games run by the server: a
// Swiss (FIDE Dutch), a round robin (Berger tables) or an arena (a fixed
// duration, players paired again as soon as they finish). Its director
// (any account; the operator too) creates it; players register until it
// starts (an arena takes them at any time), and withdraw. Each round's
// pairings, and the games they made, are stored in the one transaction
// that claims the round (PairRound): of servers racing to pair it, one
// does, the others get ErrConflict.
type Tournament struct {
	ID              string
	Name            string
	Director        string // the account that runs it
	Kind            string // TournamentSwiss, TournamentRoundRobin or TournamentArena
	GameID          string // rules id of its games
	Options         string // the resolved variant's options
	Rated           bool
	ClockMillis     int64 // time per player, 0 = no clock
	IncrementMillis int64
	MoveDays        int   // correspondence: days per move, 0 = none
	Rounds          int   // rounds of a Swiss or round robin (a round robin's is fixed at its start)
	DurationMillis  int64 // an arena's length
	StartsAt        time.Time
	Closed          bool     // only the Invited may register
	Invited         []string // display names of those invited (LoadTournament; a closed tournament's list)
	AutoPair        bool     // the server pairs the next round when the last game of one ends
	Bots            bool     // bot accounts may register
	Computers       bool     // the director may enter computer players (AddComputer)
	Status          string   // TournamentUpcoming, TournamentRunning, TournamentFinished
	Paired          int      // rounds paired so far
	Entries         int      // registered players not withdrawn
	CreatedAt       time.Time
	StartedAt       time.Time // zero before the start
	EndedAt         time.Time // zero before the end
	UpdatedAt       time.Time
	Entrants        []Entrant // LoadTournament: in the order of registration
	Pairings        []Pairing // LoadTournament: by round, then board
}

// Entrant is a player registered in a tournament.
type Entrant struct {
	User      string // display name
	Rating    int    // his rating when he registered (the seeding)
	At        time.Time
	Withdrawn bool
	Agent     string // a computer player's level (User is then a ComputerPrefix name); "" for an account
}

// Pairing is one board of a round: White (the first seat) against Black,
// or a bye (Black "", no game); at a table of three or four, Others are
// the third and fourth seats. Result is a score sheet's: "1-0", "0-1",
// "1/2-1/2", "+/-", "-/+", "-/-" (forfeits), TournamentBye for a bye, ""
// while the game is on; a table's is its ranks by seat, "1,3,2" (1 the
// best, ties shared). Corrected says that the director set it.
type Pairing struct {
	Round, Board int // from 1
	White, Black string
	Others       []string // seats 3 and 4 of a table; nil for two players
	Game         string
	Result       string
	Corrected    bool
}

// Seats are the players of the board in seat order.
func (p *Pairing) Seats() []string {
	if p.Black == "" {
		return []string{p.White}
	}
	return append([]string{p.White, p.Black}, p.Others...)
}

// The kinds and states of a tournament, and the result of a bye.
const (
	TournamentSwiss      = "swiss"
	TournamentRoundRobin = "roundrobin"
	TournamentArena      = "arena"
	TournamentTables     = "tables" // a variant of three or four, seated at tables by round

	TournamentUpcoming = "upcoming"
	TournamentRunning  = "running"
	TournamentFinished = "finished"

	TournamentBye = "bye"
)

// The bounds of tournaments: those one account directs at once (upcoming
// or running), the players of one, the invited of a closed one, the
// tournaments one account is registered in at once, rounds, a name's
// length, the boards of one round.
const (
	MaxDirected           = 10
	MaxTournamentPlayers  = 500
	MaxInvited            = 500
	MaxEntered            = 50
	MaxTournamentRounds   = 60
	MaxTournamentName     = 80
	MaxArenaMillis        = int64(7 * 24 * 60 * 60 * 1000)
	MaxTournamentPairings = MaxTournamentPlayers/2 + 1
)

// TournamentResults are the results a pairing with a game may have.
var TournamentResults = []string{"1-0", "0-1", "1/2-1/2", "+/-", "-/+", "-/-"}

// CheckTableResult says whether r is the ranks of a table of n seats:
// "1,2,2,4", each from 1 to n.
func CheckTableResult(r string, n int) error {
	_, err := TableRanks(r, n)
	return err
}

// TableRanks reads the result of a table of n seats: each seat's rank.
func TableRanks(r string, n int) ([]int, error) {
	f := strings.Split(r, ",")
	if len(f) != n {
		return nil, fmt.Errorf("store: result %q: the ranks of the %d seats, as 1,2,3", r, n)
	}
	ranks := make([]int, n)
	for i, x := range f {
		k, err := strconv.Atoi(x)
		if err != nil || k < 1 || k > n {
			return nil, fmt.Errorf("store: result %q: ranks run from 1 (best) to %d", r, n)
		}
		ranks[i] = k
	}
	return ranks, nil
}

// CheckTournamentResult says whether r is a result of TournamentResults.
func CheckTournamentResult(r string) error {
	for _, ok := range TournamentResults {
		if r == ok {
			return nil
		}
	}
	return fmt.Errorf("store: result %q, accepted: 1-0, 0-1, 1/2-1/2, +/-, -/+, -/-", r)
}

// CheckTournament says what is wrong with a new tournament, or nil.
func CheckTournament(t *Tournament) error {
	if t == nil {
		return fmt.Errorf("store: nil tournament")
	}
	switch {
	case t.ID == "" || len(t.ID) > 64:
		return fmt.Errorf("store: tournament id %q: 1 to 64 characters", t.ID)
	case t.Name == "" || utf8.RuneCountInString(t.Name) > MaxTournamentName || !utf8.ValidString(t.Name):
		return fmt.Errorf("store: tournament name: 1 to %d characters", MaxTournamentName)
	case t.GameID == "":
		return fmt.Errorf("store: tournament %s without a rules id", t.ID)
	case t.Kind != TournamentSwiss && t.Kind != TournamentRoundRobin && t.Kind != TournamentArena && t.Kind != TournamentTables:
		return fmt.Errorf("store: tournament kind %q, accepted: swiss, roundrobin, arena, tables", t.Kind)
	case t.MoveDays < 0 || t.MoveDays > MaxMoveDays:
		return fmt.Errorf("store: tournament %s: %d days per move, accepted: 0 to %d", t.ID, t.MoveDays, MaxMoveDays)
	case t.ClockMillis < 0 || t.IncrementMillis < 0:
		return fmt.Errorf("store: tournament %s: negative clock or increment", t.ID)
	case (t.Kind == TournamentSwiss || t.Kind == TournamentTables) && (t.Rounds < 1 || t.Rounds > MaxTournamentRounds):
		return fmt.Errorf("store: tournament %s: %d rounds, accepted: 1 to %d", t.ID, t.Rounds, MaxTournamentRounds)
	case t.Kind == TournamentArena && (t.DurationMillis < time.Minute.Milliseconds() || t.DurationMillis > MaxArenaMillis):
		return fmt.Errorf("store: arena %s: a duration of 1 minute to 7 days", t.ID)
	case len(t.Invited) > MaxInvited:
		return fmt.Errorf("store: tournament %s: %d invited, at most %d", t.ID, len(t.Invited), MaxInvited)
	}
	return nil
}

// Tournaments keeps tournaments, their players, rounds and results. Both
// SQL backends implement it (store/storetest.RunTournaments is its
// conformance suite). Every refusal leaves everything as it was.
type Tournaments interface {
	// CreateTournament stores an upcoming tournament (CheckTournament).
	// The director and the invited must be users (ErrNotFound; the
	// director enabled); a director of MaxDirected upcoming or running
	// tournaments gets ErrConflict. Zero CreatedAt becomes now.
	CreateTournament(ctx context.Context, t *Tournament) error
	// LoadTournament returns one tournament with its invited, entrants
	// and pairings; ErrNotFound.
	LoadTournament(ctx context.Context, id string) (*Tournament, error)
	// ListTournaments returns tournaments of one status ("" all), without
	// entrants and pairings: upcoming and running by start time, finished
	// the last ended first; at most limit (0: DefaultLimit).
	ListTournaments(ctx context.Context, status string, limit int) ([]Tournament, error)
	// Register enters user (an enabled user: ErrNotFound) with his rating.
	// ErrConflict unless the tournament is upcoming (an arena: or
	// running), user is invited to a closed one, he is not entered yet
	// (one who withdrew may come back), it has fewer than
	// MaxTournamentPlayers, and he is in fewer than MaxEntered upcoming
	// or running tournaments.
	Register(ctx context.Context, id, user string, rating int, now time.Time) error
	// Withdraw takes user out: before the start his entry goes; after it
	// he is paired no more and his results stay (Entrant.Withdrawn).
	// ErrConflict when he is not entered or the tournament is finished.
	Withdraw(ctx context.Context, id, user string, now time.Time) error
	// StartTournament makes an upcoming tournament running, with rounds
	// rounds (a Swiss or round robin: 1 to MaxTournamentRounds; an arena
	// 0). ErrConflict unless it is upcoming with two entrants or more.
	StartTournament(ctx context.Context, id string, rounds int, now time.Time) error
	// PairRound stores round (Paired+1) of a running tournament with its
	// pairings and creates its games, in one transaction: ErrConflict when
	// that round is paired already (another server did), round is not
	// the next, a Swiss or round robin has a game of the last round
	// without result, a player of the pairings has a game without result
	// in it or is not entered, or the rounds are all paired. Each
	// pairing's Game is the ID of one of games (or "" for a bye).
	PairRound(ctx context.Context, id string, round int, pairings []Pairing, games []*Game, now time.Time) error
	// SetResult sets the result of a board. corrected: the director's
	// (any time, over any result; a bye cannot be changed); otherwise
	// ErrConflict when the board has a result already. ErrNotFound for no
	// such board.
	SetResult(ctx context.Context, id string, round, board int, result string, corrected bool, now time.Time) error
	// GameResult sets the result of the board that played game, unless
	// it has one (a director's correction stays): it returns the
	// tournament's id, ErrNotFound when no board played game, ErrConflict
	// when it had a result.
	GameResult(ctx context.Context, game, result string, now time.Time) (string, error)
	// FinishTournament ends a running tournament; ErrConflict otherwise.
	FinishTournament(ctx context.Context, id string, now time.Time) error
}
