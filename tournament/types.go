package tournament

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Limits on what a caller may hand the package: every loop here is bounded
// by them, whatever the input.
const (
	MaxPlayers = 2000 // players in one tournament
	MaxRounds  = 60   // rounds in one Swiss or round robin (a double round robin of 31)
)

// Player is a participant. ID is unique in a tournament; Rating orders the
// initial seeding (higher first).
type Player struct {
	ID     string
	Name   string
	Rating int
}

// Result of a two-player game, read from White's (the first seat's) side.
type Result int

const (
	Pending       Result = iota // not played yet
	WhiteWins                   // 1-0
	BlackWins                   // 0-1
	Draw                        // ½-½
	WhiteForfeit                // 1-0 by forfeit: Black did not play
	BlackForfeit                // 0-1 by forfeit: White did not play
	DoubleForfeit               // 0-0, neither played
)

// String gives the result as written on a score sheet.
func (r Result) String() string {
	switch r {
	case WhiteWins:
		return "1-0"
	case BlackWins:
		return "0-1"
	case Draw:
		return "1/2-1/2"
	case WhiteForfeit:
		return "+/-"
	case BlackForfeit:
		return "-/+"
	case DoubleForfeit:
		return "-/-"
	}
	return "*"
}

// Played tells whether the game was really played over the board; forfeits
// were not, and the players may be paired again (FIDE C.04.1).
func (r Result) Played() bool { return r == WhiteWins || r == BlackWins || r == Draw }

// Points gives the game points of White and Black (win 1, draw ½, loss 0).
func (r Result) Points() (white, black float64) {
	switch r {
	case WhiteWins, WhiteForfeit:
		return 1, 0
	case BlackWins, BlackForfeit:
		return 0, 1
	case Draw:
		return 0.5, 0.5
	}
	return 0, 0
}

// Game is one pairing: White (first seat) against Black (second seat).
type Game struct {
	White, Black string
	Result       Result
}

// Round holds one round's games and its byes. Bye is the player who got
// the pairing-allocated bye (one point, FIDE), if any; Absent are players
// not paired this round (zero points).
type Round struct {
	Games  []Game
	Bye    string
	Absent []string
}

// Tournament is a two-player tournament's state: players in any order and
// the rounds so far. Seeding (the pairing numbers) is by rating, then name,
// then ID; see Seeded.
type Tournament struct {
	Name    string
	Players []Player
	Rounds  []Round
}

// Validate checks the state: known, unique players, each at most once per
// round, and sizes within the limits.
func (t *Tournament) Validate() error {
	if len(t.Players) > MaxPlayers {
		return fmt.Errorf("tournament: %d players, at most %d accepted", len(t.Players), MaxPlayers)
	}
	if len(t.Rounds) > MaxRounds {
		return fmt.Errorf("tournament: %d rounds, at most %d accepted", len(t.Rounds), MaxRounds)
	}
	ids := make(map[string]bool, len(t.Players))
	for i, p := range t.Players {
		if p.ID == "" {
			return fmt.Errorf("tournament: player %d has an empty id", i+1)
		}
		if strings.ContainsAny(p.ID, " \t\r\n") {
			return fmt.Errorf("tournament: player id %q contains white space", p.ID)
		}
		if ids[p.ID] {
			return fmt.Errorf("tournament: player id %q appears twice", p.ID)
		}
		ids[p.ID] = true
	}
	for r, rd := range t.Rounds {
		seen := map[string]bool{}
		use := func(id string) error {
			if !ids[id] {
				return fmt.Errorf("tournament: round %d names unknown player %q", r+1, id)
			}
			if seen[id] {
				return fmt.Errorf("tournament: player %q appears twice in round %d", id, r+1)
			}
			seen[id] = true
			return nil
		}
		for _, g := range rd.Games {
			if err := use(g.White); err != nil {
				return err
			}
			if err := use(g.Black); err != nil {
				return err
			}
			if g.Result < Pending || g.Result > DoubleForfeit {
				return fmt.Errorf("tournament: round %d has an unknown result %d", r+1, g.Result)
			}
		}
		if rd.Bye != "" {
			if err := use(rd.Bye); err != nil {
				return err
			}
		}
		for _, a := range rd.Absent {
			if err := use(a); err != nil {
				return err
			}
		}
	}
	return nil
}

// Seeded returns the players in seeding order: rating descending, then
// name, then ID. The position plus one is the pairing number (TPN).
func (t *Tournament) Seeded() []Player {
	ps := append([]Player(nil), t.Players...)
	sortPlayers(ps)
	return ps
}

func sortPlayers(ps []Player) {
	sort.SliceStable(ps, func(i, j int) bool {
		a, b := ps[i], ps[j]
		if a.Rating != b.Rating {
			return a.Rating > b.Rating
		}
		if a.Name != b.Name {
			return a.Name < b.Name
		}
		return a.ID < b.ID
	})
}

// ErrPending is returned where a finished round is needed and a game of it
// has no result yet.
var ErrPending = errors.New("tournament: a game has no result yet")
