//go:build !js

package ai

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/pogo"
	pogosolve "github.com/plateau-games/plateau/solve/pogo"
)

// Perfect plays POGO from its strong solution (plateau solve pogo): it never
// lets a won or drawn position slip, wins in the fewest plies, delays a loss
// as long as possible, and among equal moves leaves the opponent the most
// ways to go wrong.
type Perfect struct {
	table *pogosolve.Table
}

// Loaded tables are kept by path: a table is 58 MB and takes a second to
// read, and every game of an arena builds new agents.
var (
	perfectMu     sync.Mutex
	perfectTables = map[string]*pogosolve.Table{}
)

// NewPerfect loads the POGO solution at path ("" for the default place of
// plateau solve pogo).
func NewPerfect(path string, v *game.Variant) (*Perfect, error) {
	if v.Game.ID != "pogo" {
		return nil, game.Errorf(game.Text{EN: "perfect plays only POGO, whose solution plateau has; for %s use a level or mcts", FR: "perfect ne joue qu'à POGO, dont plateau a la solution ; pour %s prenez un niveau ou mcts"}, v.Game.ID)
	}
	if path == "" {
		path = pogosolve.DefaultPath()
	}
	perfectMu.Lock()
	defer perfectMu.Unlock()
	if t := perfectTables[path]; t != nil {
		return &Perfect{table: t}, nil
	}
	t, err := loadPerfectTable(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, game.Errorf(game.Text{EN: "no POGO solution at %s: run 'plateau solve pogo' first (about 20 s and 60 MB), or give table=PATH", FR: "pas de solution de POGO dans %s : lancez d'abord 'plateau solve pogo' (environ 20 s et 60 Mo), ou donnez table=CHEMIN"}, path)
	}
	if err != nil {
		return nil, err
	}
	perfectTables[path] = t
	return &Perfect{table: t}, nil
}

// perfectTableExists says whether plateau solve pogo has written its table
// at the default place.
func perfectTableExists() bool {
	_, err := os.Stat(pogosolve.DefaultPath())
	return err == nil
}

// Table is the solution p plays from: the one loaded for its path, shared
// by every agent of that path (read it, never change it).
func (p *Perfect) Table() *pogosolve.Table { return p.table }

// Name implements Agent.
func (p *Perfect) Name() string { return "perfect" }

// Choose implements Agent.
func (p *Perfect) Choose(ctx context.Context, m *game.Match) (game.Move, error) {
	if m.Outcome().Ended() {
		return 0, ErrGameOver
	}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	s, ok := m.State().(*pogo.State)
	if !ok {
		return 0, fmt.Errorf("perfect plays only POGO")
	}
	mv, _, ok := p.table.BestMove(s)
	if !ok {
		return 0, ErrGameOver
	}
	return mv, nil
}

// analyse implements analyser for the POGO solution: every move's exact
// value, as Table.Moves gives it (the game's own rules: the solution knows
// nothing of threefold repetition and the ply limit).
func (p *Perfect) analyse(ctx context.Context, m *game.Match, _ []game.Move) (*Analysis, error) {
	if m.Outcome().Ended() {
		return nil, ErrGameOver
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s, ok := m.State().(*pogo.State)
	if !ok {
		return nil, fmt.Errorf("perfect plays only POGO")
	}
	an := &Analysis{Exact: true}
	for _, x := range p.table.Moves(s) {
		mv := MoveValue{Move: x.Move, Notation: x.Notation, Plies: x.Value.Plies}
		switch x.Value.Result {
		case pogosolve.Win:
			mv.Value, mv.Proof = 1, ProvenWin
		case pogosolve.Loss:
			mv.Value, mv.Proof = -1, ProvenLoss
		default:
			mv.Proof = ProvenDraw
		}
		an.Moves = append(an.Moves, mv)
	}
	return an, nil
}
