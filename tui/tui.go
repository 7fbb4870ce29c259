// Package tui is plateau's full-screen terminal game (Bubble Tea and Lip
// Gloss): the board drawn in place in the web board's colours from
// render.Text, a cursor moved with the arrow keys or hjkl to pick a piece and
// a target, typed notation, a menu for the moves that share their places,
// the move list, the players and their clocks. It plays a game held here
// (human and computer seats at one keyboard) or a game of a plateau server
// (Online), through the same view.
package tui

import (
	"context"
	"errors"
	"io"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
)

// Player is one seat as the view shows it.
type Player struct {
	// Who says who holds the seat: "humain", "ordinateur, moyen", an
	// account's name.
	Who string
	// Agent plays the seat when the game is held here; nil for a person.
	Agent ai.Agent
	// Local says the seat is played at this keyboard.
	Local bool
}

// Config is one game to show.
type Config struct {
	Lang string // "en" or "fr"
	// Match is the game, played on by the view when it is held here;
	// ignored for an online game (the server's moves rebuild it).
	Match   *game.Match
	Players []Player
	// Online is a game of a plateau server; nil for a game held here.
	Online *Online
	// ComputerPause is the least time a computer's move takes to appear,
	// so that it can be followed (0: 700 ms). NoPause makes it none (tests).
	ComputerPause time.Duration
	NoPause       bool
	// Width and Height are the terminal's size before the first resize
	// message (tests); 0 waits for the terminal's.
	Width, Height int
}

// Result is how the game was left.
type Result struct {
	Match *game.Match
	// Movers holds the seat that played each move of this session.
	Movers []int
	// Resigned is the outcome of a resignation at this keyboard in a game
	// held here; nil otherwise.
	Resigned *game.Outcome
	// Outcome is the end in words when an online game ended ("" if not).
	Outcome string
}

// errNoMatch is a Config with neither a match nor an online game.
var errNoMatch = errors.New("tui: no game to show")

// Run shows the game full screen on in and out until the player quits or
// the game ends and the player leaves.
func Run(ctx context.Context, cfg Config, in io.Reader, out io.Writer, opts ...tea.ProgramOption) (Result, error) {
	if cfg.Match == nil && cfg.Online == nil {
		return Result{}, errNoMatch
	}
	m := newModel(ctx, cfg)
	all := append([]tea.ProgramOption{tea.WithContext(ctx), tea.WithInput(in), tea.WithOutput(out)}, opts...)
	p := tea.NewProgram(m, all...)
	if cfg.Online != nil {
		cfg.Online.attach(p.Send)
	}
	final, err := p.Run()
	fm, ok := final.(*model)
	if !ok {
		fm = m
	}
	fm.stopSearch()
	if cfg.Online != nil {
		cfg.Online.close()
	}
	if errors.Is(err, tea.ErrInterrupted) {
		err = nil
	}
	return fm.result(), err
}
