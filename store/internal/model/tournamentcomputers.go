package model

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// Computer players of a tournament (issue 28): where its director allows
// them (Tournament.Computers), he enters computer players at a level; the
// server plays their games. A computer entrant's name is ComputerPrefix
// and a number ("@computer-2"): no account's name can start so
// (CheckUserName), so it never stands for a person.
const ComputerPrefix = "@computer-"

// MaxComputers bounds the computer players entered in one tournament
// (their searches share the server's pool with everything else).
const MaxComputers = 16

// IsComputerEntrant says whether an entrant's name is a computer's.
func IsComputerEntrant(name string) bool { return strings.HasPrefix(name, ComputerPrefix) }

// ComputerNumber is the number of a computer entrant's name, 0 for
// another name.
func ComputerNumber(name string) int {
	if !IsComputerEntrant(name) {
		return 0
	}
	var n int
	if _, err := fmt.Sscanf(name[len(ComputerPrefix):], "%d", &n); err != nil || n < 1 {
		return 0
	}
	return n
}

// TournamentBoard names the board of a tournament that played a game.
type TournamentBoard struct {
	Tournament, Name, Kind string // its id, name and kind
	Round, Board           int
}

// TournamentExtras are the tournaments' computer players and the look-up
// of a game's tournament; both SQL backends implement it
// (storetest.RunTournaments).
type TournamentExtras interface {
	// AddComputer enters a computer player at level agent in tournament
	// id and returns its name (ComputerPrefix and the next number).
	// ErrConflict unless the tournament allows computers, takes
	// registrations (as Register: upcoming, or a running arena) and has
	// fewer than MaxComputers computer players; agent is 1 to 32 bytes.
	// A closed tournament's list of invited concerns people only.
	AddComputer(ctx context.Context, id, agent string, now time.Time) (string, error)
	// GameBoard returns the tournament board that played game;
	// ErrNotFound when none did.
	GameBoard(ctx context.Context, game string) (*TournamentBoard, error)
}

// CanAddComputer says why a computer at agent may not enter t, or nil;
// it gives the new computer's name.
func CanAddComputer(t *Tournament, agent string) (string, error) {
	switch {
	case agent == "" || len(agent) > 32:
		return "", fmt.Errorf("store: computer level %q: 1 to 32 bytes", agent)
	case !t.Computers:
		return "", fmt.Errorf("%w: tournament %s does not allow computer players", ErrConflict, t.ID)
	case t.Status == TournamentFinished, t.Status == TournamentRunning && t.Kind != TournamentArena:
		return "", fmt.Errorf("%w: tournament %s is %s: registration is over", ErrConflict, t.ID, t.Status)
	}
	n, top, on := 0, 0, 0
	for _, e := range t.Entrants {
		if !e.Withdrawn {
			on++
		}
		if k := ComputerNumber(e.User); k > 0 {
			n++
			top = max(top, k)
		}
	}
	switch {
	case n >= MaxComputers:
		return "", fmt.Errorf("%w: tournament %s has %d computer players, the most allowed", ErrConflict, t.ID, n)
	case on >= MaxTournamentPlayers:
		return "", fmt.Errorf("%w: tournament %s has %d players, the most allowed", ErrConflict, t.ID, on)
	}
	return fmt.Sprintf("%s%d", ComputerPrefix, top+1), nil
}
